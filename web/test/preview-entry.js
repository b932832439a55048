// The preview's page script (test only): the window's real drawing (`src/table.js`) with a stub
// card sprite (rounded rects with each card's number; the real faces come from the server's
// `/api/cards`) and stub names, fed fixture frames by `preview.mjs`. What the window sends is
// kept in `window.sent` instead of a socket.
import { cardNames, installSprite } from "../src/cards.js";
import { createWindow } from "../src/table.js";

const suits = ["#1b1b1b", "#c0262d", "#1d4fb8", "#1f7a3a"];
let svg = '<svg xmlns="http://www.w3.org/2000/svg"><defs>';
for (let n = 0; n < 123; n += 1) {
  const ink = suits[n % 4];
  svg +=
    `<symbol id="c${n}" viewBox="0 0 100 140"><rect x="2" y="2" width="96" height="136" rx="9" fill="#fbfaf4" stroke="#444" stroke-width="3"/>` +
    `<text x="50" y="84" font-size="44" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="${ink}">${n}</text>` +
    `<text x="12" y="30" font-size="22" font-family="sans-serif" fill="${ink}">${n}</text></symbol>`;
}
svg +=
  '<symbol id="back" viewBox="0 0 100 140"><rect x="2" y="2" width="96" height="136" rx="9" fill="#7a1f2b" stroke="#eee" stroke-width="3"/>' +
  '<rect x="12" y="12" width="76" height="116" rx="5" fill="none" stroke="#e8c36a" stroke-width="3"/></symbol>';
svg += "</defs></svg>";
installSprite(svg);
cardNames.names = Array.from({ length: 123 }, (_, n) => `card ${n}`);
cardNames.back = "back";

const sent = [];
window.sent = sent;
const view = createWindow(document.getElementById("app"), {
  send: (frame) => {
    sent.push(frame);
    return true;
  },
});
window.preview = {
  load({ words, frames, participants }) {
    view.setWords(words);
    view.setLive(true);
    view.setParticipants(participants ?? []);
    for (const f of frames) view.frame(f);
    view.flush();
  },
  frame(f) {
    view.frame(f);
  },
  // Draws now what the frames given changed (the window waits for the next paint).
  flush() {
    view.flush();
  },
};
