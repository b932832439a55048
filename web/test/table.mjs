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
//                                  (`cards`), where the keyboard's focus is (`focus`: the
//                                  focused control's data-focus, such as card-27 or act-3, or
//                                  the tag of what holds it: body when none), errors it logged
//   {"cmd":"click","window":i,"index":k}   plays the move with index k as a person would: taps
//                                  its card, or selects its cards and presses its button, or
//                                  presses its button; then confirms when asked
//   {"cmd":"keyplay","window":i,"index":k}  plays the move with index k with the keyboard alone,
//                                  as a keyboard user would: Tab (or Shift+Tab) until the focus
//                                  is on its card, Enter; or on each of its cards, Space, then on
//                                  its button, Enter; or on its button, Enter; then to Yes and
//                                  Enter when asked first. The page is read only to know where
//                                  the focus is; nothing is clicked, focused or dispatched.
//                                  Answers {keyplayed:k, presses:n, unringed:[…]}: the keys
//                                  pressed, and the controls the focus reached without a visible
//                                  focus ring (none, when all is well)
//   {"cmd":"key","window":i,"keys":["Tab","Enter"]}   presses keys, one after the other
//   {"cmd":"live","window":i}      the text of the window's live region (the story), a line each
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
    const w = { page, frames: [], sent: [], errors: [], sockets: 0 };
    page.on("console", (m) => {
      if (m.type() === "error") w.errors.push(m.text());
    });
    page.on("pageerror", (e) => w.errors.push(String(e)));
    page.on("websocket", (socket) => {
      w.sockets += 1;
      socket.on("framereceived", ({ payload }) => w.frames.push(String(payload)));
      socket.on("framesent", ({ payload }) => w.sent.push(String(payload)));
    });
    await page.goto(url);
    w.window = page.frameLocator("iframe");
    windows.push(w);
  }
  return { opened: windows.length };
}

/// The window's frame (the client, inside the stand-in Discord frame page).
const frameOf = (w) => w.page.frames().find((f) => f !== w.page.mainFrame());

async function look() {
  const shown = [];
  for (const w of windows) {
    const frame = frameOf(w);
    const state = frame
      ? await frame
          .evaluate(() => {
            const app = document.getElementById("app");
            const hand = document.querySelector(".hand");
            const status = document.getElementById("status");
            const cards = document.querySelectorAll("#app .card:not(.slot), #app .card-btn").length;
            const active = document.hasFocus() ? document.activeElement : null;
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
              focus: active?.dataset?.focus ?? active?.tagName.toLowerCase() ?? "body",
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

/// Presses Tab (or Shift+Tab, towards it) until the keyboard's focus is on the first enabled,
/// shown control matching `selector` in window `w`, at most `budget` presses. The page is only
/// read, as a sighted keyboard user reads it. Answers the presses; a focused control without a
/// visible ring is noted in `unringed`.
async function tabTo(w, selector, budget, unringed) {
  for (let presses = 0; ; presses += 1) {
    const at = await frameOf(w).evaluate((selector) => {
      const shown = (n) =>
        !n.disabled && n.tabIndex >= 0 && n.getClientRects().length && !n.closest("[hidden], [inert]") &&
        getComputedStyle(n).visibility !== "hidden";
      const target = [...document.querySelectorAll(selector)].find(shown) ?? null;
      const active = document.hasFocus() ? document.activeElement : null;
      const inside = active && active !== document.body ? active : null;
      let ring = null;
      if (inside) {
        const style = getComputedStyle(inside);
        const drawn =
          inside.matches(":focus-visible") && style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
        if (!drawn) ring = inside.dataset.focus ?? inside.outerHTML.slice(0, 60);
      }
      if (!target) return { missing: true, ring };
      if (inside === target) return { there: true, ring };
      const forward = !inside || inside.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING;
      return { key: forward ? "Tab" : "Shift+Tab", ring };
    }, selector);
    if (at.ring && !unringed.includes(at.ring)) unringed.push(at.ring);
    if (at.there) return presses;
    if (at.missing) throw new Error(`nothing to focus at ${selector}`);
    if (presses >= budget) throw new Error(`${selector} not reached in ${budget} presses`);
    await w.page.keyboard.press(at.key);
  }
}

/// Waits until window `w` has sent the move `index` (from the `from`th frame it sent on).
async function moveSent(w, index, from, ms = 5000) {
  const end = Date.now() + ms;
  for (;;) {
    if (
      w.sent.slice(from).some((t) => {
        const f = JSON.parse(t);
        return f.type === "move" && f.index === index;
      })
    )
      return;
    if (Date.now() > end) throw new Error(`move ${index} not sent`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function keyplay(i, index) {
  const w = windows[i];
  const { window } = w;
  const offered = window.locator(`.offered li[data-index="${index}"]`);
  const way = await offered.getAttribute("data-way");
  const cards = ((await offered.getAttribute("data-cards")) ?? "").split(" ").filter(Boolean);
  const from = w.sent.length;
  const unringed = [];
  let presses = 0;
  const budget = () => Math.max(0, 300 - presses);
  const go = async (selector) => {
    presses += await tabTo(w, selector, budget(), unringed);
  };
  const press = async (key) => {
    await w.page.keyboard.press(key);
    presses += 1;
  };
  const frame = frameOf(w);
  if (way === "card") {
    await go(`.hand .card-btn[data-play="${index}"]`);
    await press("Enter");
  } else if (way === "select") {
    // A selection holding other cards is cleared first.
    const others = await frame.evaluate(
      (cards) =>
        [...document.querySelectorAll('.hand .card-btn[aria-pressed="true"]')].some(
          (b) => !cards.includes(b.dataset.card),
        ),
      cards,
    );
    if (others) {
      await go(".moves .clear");
      await press("Enter");
    }
    for (const card of cards) {
      const button = `.hand .card-btn[data-card="${card}"]`;
      const pressed = () => frame.evaluate((s) => document.querySelector(s)?.getAttribute("aria-pressed"), button);
      if ((await pressed()) === "true") continue;
      await go(button);
      await press("Space");
      if ((await pressed()) !== "true") throw new Error(`card ${card} not selected by Space`);
    }
    await go(`.moves .chosen button[data-index="${index}"]`);
    await press("Enter");
  } else {
    await go(`.moves button[data-index="${index}"]`);
    await press("Enter");
  }
  // Asked first: to Yes, Enter.
  if (await frame.evaluate(() => !!document.querySelector(".confirm"))) {
    await go('.confirm button[data-focus="confirm-yes"]');
    await press("Enter");
  }
  await moveSent(w, index, from);
  return { keyplayed: index, presses, unringed };
}

async function live(i) {
  // The story's region (not the status line, nor any other live element), a line each.
  const text = await frameOf(windows[i])
    .evaluate(() => {
      const story = document.querySelector("#app .story[aria-live]");
      return story ? [...story.children].map((p) => p.textContent).join("\n") : "";
    })
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
        case "keyplay":
          answer(await keyplay(command.window, command.index));
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
