// Drives one or several windows on one table in headless Chromium, for the browser tests of the
// Rust suite (tests/e2e_browser.rs, through tests/support/windows.rs): one page per person, each the stand-in frame page around
// the real client. Every WebSocket frame a window receives is recorded. The test sends one JSON
// command a line on stdin and reads one JSON answer a line on stdout:
//
//   {"cmd":"open","pages":[{"url":…,"locale":"en-US"}…]}  opens the windows
//   {"cmd":"look"}                 what every window shows: its table's move, its hand's move,
//                                  the moves it offers, its status line, its text, errors it
//                                  logged
//   {"cmd":"click","window":i,"index":k}   presses the move with index k (confirming it)
//   {"cmd":"frames"}               the frames each window received since the last time
//   {"cmd":"shot","window":i,"path":p}     screenshots at 1280 and 400 px: p-1280.png, p-400.png
//   {"cmd":"quit"}
//
//   node web/test/table.mjs
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const answer = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
/** Each window: its page, its frame, the frames received and the errors logged. */
const windows = [];

async function open(pages) {
  for (const { url, locale } of pages) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale });
    const w = { page, frames: [], errors: [], sockets: 0 };
    page.on("console", (m) => {
      if (m.type() === "error") w.errors.push(m.text());
    });
    page.on("pageerror", (e) => w.errors.push(String(e)));
    page.on("websocket", (socket) => {
      w.sockets += 1;
      socket.on("framereceived", ({ payload }) => w.frames.push(String(payload)));
    });
    await page.goto(url);
    w.window = page.frameLocator("iframe");
    windows.push(w);
  }
  return { opened: windows.length };
}

async function look() {
  const shown = [];
  for (const w of windows) {
    const frame = w.page.frames().find((f) => f !== w.page.mainFrame());
    const state = frame
      ? await frame
          .evaluate(() => {
            const app = document.getElementById("app");
            const hand = document.querySelector(".hand");
            const status = document.getElementById("status");
            return {
              move: app?.dataset.move != null ? Number(app.dataset.move) : null,
              hand: hand?.dataset.move != null ? Number(hand.dataset.move) : null,
              actions: [...document.querySelectorAll(".hand .actions .action")].map((b) => ({
                index: Number(b.dataset.index),
                label: b.textContent,
                danger: b.classList.contains("danger"),
              })),
              public: !!document.querySelector(".public"),
              live: app?.dataset.live === "1",
              pictures: [...document.querySelectorAll("img.picture")].filter(
                (i) => i.complete && i.naturalWidth > 0,
              ).length,
              status: status && !status.hidden ? status.textContent : "",
              text: app?.innerText ?? "",
            };
          })
          .catch((e) => ({ error: String(e) }))
      : { error: "no frame" };
    shown.push({ ...state, errors: w.errors.splice(0), sockets: w.sockets });
  }
  return { windows: shown };
}

async function click(i, index) {
  const { window } = windows[i];
  await window.locator(`.hand .actions .action[data-index="${index}"]`).first().click();
  // A move that asks first shows its question and a Yes.
  const confirm = window.locator(".confirm .action");
  if (await confirm.count()) await confirm.first().click();
  return { clicked: index };
}

async function shot(i, path) {
  const { page } = windows[i];
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: width === 400 ? 860 : 900 });
    await page.screenshot({ path: `${path}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return { shot: path };
}

const lines = createInterface({ input: process.stdin });
try {
  for await (const line of lines) {
    if (!line.trim()) continue;
    const command = JSON.parse(line);
    try {
      switch (command.cmd) {
        case "open":
          answer(await open(command.pages));
          break;
        case "look":
          answer(await look());
          break;
        case "click":
          answer(await click(command.window, command.index));
          break;
        case "frames":
          answer({ frames: windows.map((w) => w.frames.splice(0)) });
          break;
        case "shot":
          answer(await shot(command.window, command.path));
          break;
        case "quit":
          answer({ quit: true });
          lines.close();
          break;
        default:
          answer({ error: `no command ${command.cmd}` });
      }
    } catch (e) {
      answer({ error: String(e) });
    }
  }
} finally {
  await browser.close();
}
