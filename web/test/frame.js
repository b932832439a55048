// A stand-in for Discord's client around an Activity, for the browser tests: it opens the
// window (the real page and the real Embedded App SDK) in a frame of the same origin, as
// Discord's frame does, and answers the SDK's messages as Discord's client does: READY after
// the handshake, AUTHORIZE with an OAuth2 code the fake Discord gave this person (from this
// page's own query, `code=a,b,…`: each sign-in takes the next, as Discord gives a fresh code
// each time), AUTHENTICATE with the person, GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS with
// the person alone, SUBSCRIBE and UNSUBSCRIBE with their event, anything else with nothing.
const params = new URLSearchParams(location.search);
const codes = (params.get("code") ?? "").split(",");
const person = {
  id: params.get("user_id"),
  username: params.get("username"),
  discriminator: "0",
  avatar: null,
  public_flags: 0,
  global_name: params.get("username"),
};
const frame = document.createElement("iframe");
const child = new URLSearchParams({
  frame_id: "test-frame",
  instance_id: params.get("instance"),
  platform: "desktop",
  guild_id: params.get("guild_id") ?? "",
  channel_id: params.get("channel_id") ?? "",
});
frame.src = `/index.html?${child}`;
document.body.append(frame);

const reply = (message) => frame.contentWindow.postMessage(message, location.origin);
window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  if (opcode === 0) {
    reply([
      1,
      {
        cmd: "DISPATCH",
        evt: "READY",
        nonce: null,
        data: {
          v: 1,
          config: { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production" },
        },
      },
    ]);
    return;
  }
  if (opcode !== 1) return;
  let data = null;
  switch (payload.cmd) {
    case "AUTHORIZE":
      data = { code: codes.length > 1 ? codes.shift() : codes[0] };
      break;
    case "AUTHENTICATE":
      data = {
        access_token: payload.args.access_token,
        user: person,
        scopes: ["identify"],
        expires: new Date(Date.now() + 3_600_000).toISOString(),
        application: { id: payload.args.client_id ?? "0", name: "pakka", description: "" },
      };
      break;
    case "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS":
      data = { participants: [{ ...person, bot: false, flags: 0 }] };
      break;
    case "SUBSCRIBE":
    case "UNSUBSCRIBE":
      data = { evt: payload.evt };
      break;
  }
  reply([1, { cmd: payload.cmd, evt: null, nonce: payload.nonce, data }]);
});
