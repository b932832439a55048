// The window on a pakka table, inside Discord's Activity frame: signing in, the socket and the
// people of the Activity. It signs the person in with the Embedded App SDK (its handshake,
// `authorize`, then the server's code exchange and the SDK's `authenticate`), asks for the words
// (`/api/config`) and the cards (`/api/cards`) once, opens a WebSocket for its Activity instance
// (its session's key offered as a subprotocol: never in an address, which a log would keep), and
// hands every frame to the table's drawing (`table.js`), which sends back what the person chose.
// It lists the Activity's participants for the lobby and the setup. A closed socket reconnects by
// itself, and the server shows the table as it is at once. No game rule and no word of its own.

import { DiscordSDK } from "@discord/embedded-app-sdk";
import { loadCards } from "./cards.js";
import { status } from "./dom.js";
import { createWindow } from "./table.js";

// Inside Discord every request goes through the application's URL mapping.
const prefix = location.hostname.endsWith("discordsays.com") ? "/.proxy" : "";
const app = document.getElementById("app");

/// The words the window needs before a table arrives (signing in, reconnecting, confirming).
let words = {};

/// The session's key, as requests and the socket carry it.
let session = null;

/// The table drawn: it sends what the person chooses through the socket open now.
let sendNow = () => false;
const view = createWindow(app, { send: (frame) => sendNow(frame) });

/// The gateway shard of this window's server (`(guild_id >> 22) % shards`, 0 in a DM), named in
/// the requests that must reach the process holding its table: a proxy in front of several
/// processes routes on it.
let shard = 0;

function shardOf(guildId, shards) {
  if (!guildId || !(shards > 1)) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(shards));
}

const locale = navigator.language || "en-US";

async function config() {
  const answer = await fetch(`${prefix}/api/config?locale=${encodeURIComponent(locale)}`);
  return answer.json();
}

/// Signs in: a session for this person, from the code the SDK's `authorize` gives.
async function signIn(sdk, clientId) {
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const answer = await fetch(`${prefix}/api/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  });
  const body = await answer.json();
  if (!answer.ok) throw new Error(body.error || String(answer.status));
  await sdk.commands.authenticate({ access_token: body.access_token });
  return body.session;
}

/// The session's key as a request carries it.
function bearer() {
  return { Authorization: `Bearer ${session}` };
}

function connect(instance, onGone) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url =
    `${scheme}://${location.host}${prefix}/api/ws` +
    `?instance=${encodeURIComponent(instance)}&shard=${shard}` +
    `&locale=${encodeURIComponent(locale)}`;
  const socket = new WebSocket(url, ["pakka", session]);
  let opened = false;
  // What the person chose (a move, a hint, a seat taken, a control, a table opened), as the
  // server reads it.
  sendNow = (request) => {
    if (socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(request));
    return true;
  };
  socket.addEventListener("open", () => {
    opened = true;
    status("");
  });
  socket.addEventListener("message", (event) => {
    view.setLive(true);
    view.frame(JSON.parse(event.data));
  });
  socket.addEventListener("close", () => {
    view.setLive(false);
    onGone(opened);
  });
}

/// The people in this Activity, as Discord lists them (and again when they come and go).
async function participants(sdk) {
  const show = (answer) => view.setParticipants(answer?.participants ?? []);
  try {
    show(await sdk.commands.getInstanceConnectedParticipants());
    await sdk.subscribe("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", show);
  } catch {
    // Not offered here (an older client): the window works without the list.
  }
}

async function main() {
  const { client_id: clientId, words: w, shards } = await config();
  words = w;
  view.setWords(words);
  status(words.signing_in);
  const sdk = new DiscordSDK(clientId);
  await sdk.ready();
  shard = shardOf(sdk.guildId, shards);
  // The cards' faces and names, asked while signing in; a table drawn before they come draws
  // them as soon as they do.
  loadCards(prefix, shard, locale).then(
    () => view.draw(false),
    (e) => console.warn("cards", e),
  );
  session = await signIn(sdk, clientId);
  participants(sdk);
  let wait = 500;
  const open = () =>
    connect(sdk.instanceId, async (opened) => {
      // A bot restart or a lost network: back as soon as the server is, with the same
      // session (every process accepts it, a restarted one too); one the server refuses
      // (past its time) signs in again.
      status(words.reconnecting);
      if (opened) wait = 500;
      await new Promise((r) => setTimeout(r, wait));
      wait = Math.min(wait * 2, 10_000);
      if (!opened) {
        try {
          const answer = await fetch(`${prefix}/api/session?shard=${shard}`, {
            headers: bearer(),
          });
          if (answer.status === 401) session = await signIn(sdk, clientId);
        } catch {
          // Discord or the bot not there yet: tried again on the next round.
        }
      }
      open();
    });
  open();
}

main().catch((e) => {
  console.error(e);
  status(words.failed);
});
