// Drives one or several windows on one table in headless Chromium, for the browser tests of the
// Rust suite (tests/e2e_browser.rs, through tests/support/windows.rs): one page per person, each
// the stand-in frame page around the real client. Every WebSocket frame a window receives is
// recorded. The test sends one JSON command a line on stdin and reads one JSON answer a line on
// stdout:
//
//   {"cmd":"open","pages":[{"url":…,"locale":"en-US"}…]}  opens the windows
//   {"cmd":"look"}                 what every window shows: its table's move, its hand's move,
//                                  every move it offers ({index,label,danger}, whether played by
//                                  a card, by selecting cards or by a button), whether it shows
//                                  the public table, its status line, its text, the cards drawn
//                                  (`cards`), errors it logged
//   {"cmd":"click","window":i,"index":k}   plays the move with index k as a person would: taps
//                                  its card, or selects its cards and presses its button, or
//                                  presses its button; then confirms when asked
//   {"cmd":"key","window":i,"keys":["Tab","Enter"]}   presses keys, one after the other
//   {"cmd":"live","window":i}      the text of the window's live region (the story)
//   {"cmd":"act","window":i,"action":"join","choice":null}   presses a control of the table
//                                  (its choice selected first), confirming when asked
//   {"cmd":"open_table","window":i,"game":"paskahousu","seats":3,"bots":1,"level":"normal"}
//                                  fills the setup form and presses its Open button
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
            const cards = document.querySelectorAll("#app .card:not(.slot), #app .card-btn").length;
            return {
              move: app?.dataset.move != null ? Number(app.dataset.move) : null,
              hand: hand?.dataset.move != null ? Number(hand.dataset.move) : null,
              // Every offered move, from the data the window keeps of them.
              actions: [...document.querySelectorAll(".offered li")].map((li) => ({
                index: Number(li.dataset.index),
                label: li.dataset.label,
                danger: li.dataset.tone === "danger",
              })),
              public: !!document.querySelector(".public"),
              live: app?.dataset.live === "1",
              cards,
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

/// Presses Yes when the window asks first.
async function confirm(window) {
  const yes = window.locator(".confirm .action");
  if (await yes.count()) await yes.first().click();
}

async function click(i, index) {
  const { window } = windows[i];
  const offered = window.locator(`.offered li[data-index="${index}"]`);
  const way = await offered.getAttribute("data-way");
  const cards = ((await offered.getAttribute("data-cards")) ?? "").split(" ").filter(Boolean);
  if (way === "card") {
    await window.locator(`.hand .card-btn[data-play="${index}"]`).click();
  } else if (way === "select") {
    const clear = window.locator(".moves .clear");
    if (await clear.count()) await clear.click();
    for (const card of cards) await window.locator(`.hand .card-btn[data-card="${card}"]`).click();
    await window.locator(`.moves button[data-index="${index}"]`).click();
  } else {
    await window.locator(`button[data-index="${index}"]`).first().click();
  }
  await confirm(window);
  return { clicked: index, way };
}

async function key(i, keys) {
  const { page } = windows[i];
  for (const k of keys) await page.keyboard.press(k);
  return { pressed: keys.length };
}

async function live(i) {
  const text = await windows[i].window
    .locator("[aria-live]")
    .first()
    .innerText()
    .catch(() => "");
  return { live: text };
}

async function act(i, action, choice) {
  const { window } = windows[i];
  if (choice != null) await window.locator(`select[data-choice-for="${action}"]`).selectOption(choice);
  await window.locator(`button[data-action="${action}"]`).first().click();
  await confirm(window);
  return { acted: action };
}

async function openTable(i, { game, seats, bots, level }) {
  const { window } = windows[i];
  await window.locator(`input[name="game"][value="${game}"]`).check();
  if (seats != null) {
    await window.locator("#setup-seats").fill(String(seats));
    await window.locator("#setup-seats").dispatchEvent("change");
  }
  if (bots != null) {
    await window.locator("#setup-bots").fill(String(bots));
    await window.locator("#setup-bots").dispatchEvent("change");
  }
  if (level != null) await window.locator("#setup-level").selectOption(level);
  await window.locator(".setup .open").click();
  return { opened: game };
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
        case "key":
          answer(await key(command.window, command.keys));
          break;
        case "live":
          answer(await live(command.window));
          break;
        case "act":
          answer(await act(command.window, command.action, command.choice));
          break;
        case "open_table":
          answer(await openTable(command.window, command));
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
