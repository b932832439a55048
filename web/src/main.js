// The window on a pakka table, inside Discord's Activity frame. It signs the person in with the
// Embedded App SDK (its handshake, `authorize`, then the server's code exchange and the SDK's
// `authenticate`), opens a WebSocket for its Activity instance (its session's key offered as a
// subprotocol, and a picture asked for with it as a bearer token: never in an address, which a
// log would keep), and draws what the server sends:
// the public table, the person's hand and the moves it offers, refusals and notices. It holds no
// game rule and no word of its own: every sentence, label and name comes worded from the server
// in the person's language, and a move is sent as a button's click is (table, move number,
// index). A closed socket reconnects by itself, and the server shows the table as it is at once.

import { DiscordSDK } from "@discord/embedded-app-sdk";

// Inside Discord every request goes through the application's URL mapping.
const prefix = location.hostname.endsWith("discordsays.com") ? "/.proxy" : "";
const app = document.getElementById("app");

/// The words the window needs before a table arrives (signing in, reconnecting, confirming).
let words = {};

/// The gateway shard of this window's server (`(guild_id >> 22) % shards`, 0 in a DM), named in
/// the requests that must reach the process holding its table: a proxy in front of several
/// processes routes on it.
let shard = 0;

function shardOf(guildId, shards) {
  if (!guildId || !(shards > 1)) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(shards));
}

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  for (const child of children.flat()) {
    if (child != null) node.append(child);
  }
  return node;
}

function status(text) {
  let bar = document.getElementById("status");
  if (!bar) {
    bar = el("div", { id: "status", role: "status" });
    document.body.prepend(bar);
  }
  bar.textContent = text || "";
  bar.hidden = !text;
}

async function config() {
  const locale = navigator.language || "en-US";
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

/// What the window shows now, and whether it is connected (a move can be sent).
const shown = {
  table: null,
  hand: null,
  confirming: null,
  live: false,
  session: null,
  rules: null,
  hintText: null,
  ask: null,
};

function seatList(table) {
  return el(
    "ul",
    { className: "seats" },
    table.seats.map((s, i) =>
      el(
        "li",
        { className: [s.to_act ? "to-act" : "", s.you ? "you" : ""].join(" ").trim() },
        el("span", { className: "name", textContent: s.name }),
        table.scores[i] ? el("span", { className: "score", textContent: table.scores[i] }) : null,
      ),
    ),
  );
}

function lines(list, className) {
  return el("div", { className }, list.map((l) => el("p", { textContent: l })));
}

/// The pictures fetched lately: each address's picture as a `data:` URL (each move's picture has
/// an address of its own), the oldest let go past a few. (A `data:` image, not a `blob:` one:
/// Discord's Activity frame allows fewer sources of images than a page of its own.)
const pictures = new Map();
const PICTURES_KEPT = 6;

/// The session's key as a request carries it.
function bearer() {
  return { Authorization: `Bearer ${shown.session}` };
}

function dataUrl(blob) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/// A picture the server draws (SVG, at the address a frame gives, asked with this window's
/// session in a header), as an image: nothing in it runs.
function picture(path) {
  if (!path || !shown.session) return null;
  const img = el("img", { className: "picture", alt: "" });
  const known = pictures.get(path);
  if (known) {
    img.src = known;
    return img;
  }
  fetch(`${prefix}/api/${path}&shard=${shard}`, { headers: bearer() })
    .then((answer) => (answer.ok ? answer.blob() : null))
    .then((blob) => (blob ? dataUrl(blob) : null))
    .then((url) => {
      if (!url) return;
      pictures.set(path, url);
      for (const old of pictures.keys()) {
        if (pictures.size <= PICTURES_KEPT) break;
        pictures.delete(old);
      }
      img.src = url;
    })
    .catch(() => {
      // Drawn again with the next frame.
    });
  return img;
}

function actionButton(action, send) {
  const button = el("button", {
    className: `action ${action.tone}`,
    textContent: action.label,
  });
  button.dataset.index = action.index;
  // Disconnected: nothing can be sent until the window is back.
  button.disabled = !shown.live;
  button.addEventListener("click", () => {
    if (action.confirm && shown.confirming !== action.index) {
      shown.confirming = action.index;
      draw(send, shown.ask);
      return;
    }
    shown.confirming = null;
    send(action.index);
  });
  return button;
}

function handView(hand, send, ask) {
  const groups = new Map();
  for (const action of hand.actions) {
    const key = `${action.row}|${action.group ?? ""}`;
    if (!groups.has(key)) groups.set(key, { row: action.row, group: action.group, actions: [] });
    groups.get(key).actions.push(action);
  }
  const confirming = hand.actions.find((a) => a.index === shown.confirming);
  const section = el(
    "section",
    { className: "hand" },
    picture(hand.picture),
    lines(hand.lines, "hand-lines"),
    confirming
      ? el(
          "div",
          { className: "confirm" },
          el("p", { textContent: confirming.confirm }),
          actionButton({ ...confirming, confirm: null, label: words.confirm_yes }, send),
          el("button", {
            className: "action other",
            textContent: words.confirm_no,
            onclick: () => {
              shown.confirming = null;
              draw(send, shown.ask);
            },
          }),
        )
      : null,
    hand.hint
      ? el("button", {
          className: "action other hint",
          textContent: hand.hint,
          disabled: !shown.live,
          onclick: () => ask({ type: "hint", table: hand.table, move_number: hand.move_number }),
        })
      : null,
    shown.hintText ? el("p", { className: "hint-text", textContent: shown.hintText }) : null,
    [...groups.values()].map((g) =>
      el(
        "div",
        { className: `actions ${g.row}` },
        g.group ? el("h3", { textContent: g.group }) : null,
        g.actions.map((a) => actionButton(a, send)),
      ),
    ),
  );
  // The move this hand was offered at, as its moves are sent (tests read it too).
  section.dataset.move = hand.move_number;
  return section;
}

/// The game's rules in brief, folded under their button.
function rulesView(rules) {
  if (!rules) return null;
  return el(
    "details",
    { className: "rules" },
    el("summary", { textContent: rules.label }),
    el("p", { textContent: rules.summary }),
    rules.words.length ? el("h3", { textContent: rules.words_title }) : null,
    rules.words.map((w) => el("p", { textContent: w })),
  );
}

function draw(send, ask) {
  const table = shown.table;
  app.replaceChildren();
  if (!table) return;
  app.dataset.move = table.move_number;
  app.dataset.live = shown.live ? "1" : "0";
  // A seated person's hand says all the public table says, and their own cards.
  const hand = shown.hand && shown.hand.table === table.table ? shown.hand : null;
  const parts = [
    el("header", {}, el("h1", { textContent: table.game }), seatList(table)),
    hand
      ? handView(hand, send, ask)
      : el(
          "section",
          { className: "public" },
          picture(table.picture),
          lines(table.lines, "table-lines"),
          table.take
            ? el("button", {
                className: "action other take",
                textContent: table.take.label,
                disabled: !shown.live,
                onclick: () => ask({ type: "take", table: table.table, seat: table.take.seat }),
              })
            : null,
        ),
    table.story.length ? lines(table.story, "story") : null,
    rulesView(shown.rules && shown.rules.table === table.table ? shown.rules : null),
  ];
  app.append(...parts.filter((p) => p != null));
}

function connect(session, instance, onGone) {
  shown.session = session;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url =
    `${scheme}://${location.host}${prefix}/api/ws` +
    `?instance=${encodeURIComponent(instance)}&shard=${shard}` +
    `&locale=${encodeURIComponent(navigator.language || "en-US")}`;
  const socket = new WebSocket(url, ["pakka", session]);
  let opened = false;
  const send = (index) => {
    const hand = shown.hand;
    if (!hand || socket.readyState !== WebSocket.OPEN) return;
    socket.send(
      JSON.stringify({ type: "move", table: hand.table, move_number: hand.move_number, index }),
    );
  };
  // A request other than a move (a hint, taking over a seat), as the server reads it.
  const ask = (request) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(request));
  };
  shown.ask = ask;
  socket.addEventListener("open", () => {
    opened = true;
    status("");
  });
  socket.addEventListener("message", (event) => {
    shown.live = true;
    const frame = JSON.parse(event.data);
    switch (frame.type) {
      case "table":
        if (shown.table?.table !== frame.table) shown.hand = null;
        shown.table = frame;
        if (shown.hand && shown.hand.move_number < frame.move_number) shown.hand = null;
        break;
      case "hand":
        if (shown.hand?.move_number !== frame.move_number) shown.hintText = null;
        shown.hand = frame;
        shown.confirming = null;
        break;
      case "hint":
        shown.hintText = frame.text;
        break;
      case "rules":
        shown.rules = frame;
        break;
      case "refused":
      case "notice":
        status(frame.text);
        if (frame.type === "notice" && !shown.table) app.replaceChildren();
        return;
    }
    status("");
    draw(send, ask);
  });
  socket.addEventListener("close", () => {
    shown.live = false;
    app.dataset.live = "0";
    for (const button of app.querySelectorAll("button.action")) button.disabled = true;
    onGone(opened);
  });
}

async function main() {
  const { client_id: clientId, words: w, shards } = await config();
  words = w;
  status(words.signing_in);
  const sdk = new DiscordSDK(clientId);
  await sdk.ready();
  shard = shardOf(sdk.guildId, shards);
  let session = await signIn(sdk, clientId);
  let wait = 500;
  const open = () =>
    connect(session, sdk.instanceId, async (opened) => {
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
