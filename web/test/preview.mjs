// The window drawn without a server, for its development: each fixture of test/fixtures (frames
// written by hand after docs/window-protocol.md) drawn by the built drawing module
// (dist-preview/preview.js, `npm run preview` builds it first) in headless Chromium at 400 and
// 1280 px, screenshots in /tmp/preview (or $PREVIEW_OUT). It fails loudly when a target is under
// 44×44 px at 400 px, two targets overlap, the page is wider than the screen, a cut name has no
// title, the page logs an error, a tap does not send the move it should, or the motion misbehaves
// (none after a frame, some under reduced motion); it reports the longest task seen during motion.
//
//   npm run preview
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const out = process.env.PREVIEW_OUT ?? "/tmp/preview";
mkdirSync(out, { recursive: true });
const words = JSON.parse(readFileSync(join(here, "fixtures/words.json"), "utf8"));
const fixtures = readdirSync(join(here, "fixtures"))
  .filter((f) => f.endsWith(".json") && f !== "words.json")
  .map((f) => JSON.parse(readFileSync(join(here, "fixtures", f), "utf8")));
const url = pathToFileURL(join(here, "preview.html")).href;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const failures = [];
const fail = (what) => {
  failures.push(what);
  console.error(`FAIL ${what}`);
};

async function open(fixture, width, reducedMotion = "no-preference") {
  const page = await browser.newPage({ viewport: { width, height: width === 400 ? 860 : 900 } });
  await page.emulateMedia({ reducedMotion });
  page.on("console", (m) => {
    // The preview is offline: an avatar from Discord's CDN fails (drawn as initials then).
    if (m.type() === "error" && !m.text().includes("ERR_NAME_NOT_RESOLVED")) fail(`${fixture.name}@${width}: console: ${m.text()}`);
  });
  page.on("pageerror", (e) => fail(`${fixture.name}@${width}: ${e}`));
  await page.goto(url);
  await page.evaluate(() => {
    window.longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longest = Math.max(window.longest, e.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  await page.evaluate(({ fixture, words }) => window.preview.load({ ...fixture, words }), {
    fixture,
    words,
  });
  await page.waitForTimeout(450);
  return page;
}

/// The layout's checks: targets' sizes (at 400 px) and overlaps, the page's width, cut names.
async function checkLayout(page, name, width) {
  const found = await page.evaluate((width) => {
    const problems = [];
    const targets = [
      ...document.querySelectorAll("button, select, input, summary, a[href]"),
    ]
      .filter((n) => n.getClientRects().length && !n.closest("[hidden]"))
      .map((n) => {
        // A radio's target is its label.
        const box = n.type === "radio" && n.closest("label") ? n.closest("label") : n;
        const r = box.getBoundingClientRect();
        const what = `${n.tagName.toLowerCase()}${n.dataset.index ? `[${n.dataset.index}]` : ""}${n.dataset.card ? `(card ${n.dataset.card})` : ""} "${(n.getAttribute("aria-label") ?? n.textContent).slice(0, 30)}"`;
        return { what, r };
      });
    if (width <= 400) {
      for (const t of targets) {
        if (t.r.width < 44 - 0.5 || t.r.height < 44 - 0.5)
          problems.push(`target ${t.what} is ${t.r.width.toFixed(1)}×${t.r.height.toFixed(1)}`);
      }
    }
    for (let i = 0; i < targets.length; i += 1) {
      for (let j = i + 1; j < targets.length; j += 1) {
        const a = targets[i].r;
        const b = targets[j].r;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 0.5 && h > 0.5) problems.push(`targets overlap: ${targets[i].what} and ${targets[j].what}`);
      }
    }
    if (document.documentElement.scrollWidth > innerWidth + 0.5)
      problems.push(`page ${document.documentElement.scrollWidth}px wide in ${innerWidth}px`);
    for (const n of document.querySelectorAll(".name, .pile-label, .on-top")) {
      if (n.scrollWidth > n.clientWidth + 1 && !n.title && !n.closest("[aria-label]"))
        problems.push(`cut without title: ${n.textContent}`);
    }
    // Nothing sticks out of its seat, pile or hand.
    for (const box of document.querySelectorAll(".seat, .hand, .moves, .controls, .lobby-seats li")) {
      const outer = box.getBoundingClientRect();
      for (const n of box.querySelectorAll("*")) {
        const r = n.getBoundingClientRect();
        if (r.width && (r.right > outer.right + 1 || r.left < outer.left - 1) && !n.closest(".count"))
          problems.push(`out of its ${box.className}: ${n.className?.baseVal ?? n.className} "${n.textContent.slice(0, 20)}"`);
      }
    }
    const seats = [...document.querySelectorAll(".seat")].map((n) => ({ n, r: n.getBoundingClientRect() }));
    for (let i = 0; i < seats.length; i += 1) {
      for (let j = i + 1; j < seats.length; j += 1) {
        const a = seats[i].r;
        const b = seats[j].r;
        if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5)
          problems.push(`seats overlap: ${seats[i].n.dataset.seatBox} and ${seats[j].n.dataset.seatBox}`);
      }
    }
    // Anything else cut on the right of the screen.
    for (const n of document.querySelectorAll("#app *")) {
      const r = n.getBoundingClientRect();
      if (r.width && r.right > innerWidth + 0.5 && !n.closest("#ghosts"))
        problems.push(`past the right edge: ${n.className || n.tagName}`);
    }
    return { problems, targets: targets.length };
  }, width);
  for (const p of found.problems) fail(`${name}@${width}: ${p}`);
  return found.targets;
}

const sent = (page) => page.evaluate(() => window.sent.at(-1) ?? null);

for (const fixture of fixtures) {
  for (const width of [400, 1280]) {
    const page = await open(fixture, width);
    const targets = await checkLayout(page, fixture.name, width);
    await page.screenshot({ path: join(out, `${fixture.name}-${width}.png`), fullPage: true });
    console.log(`${fixture.name}@${width}: ${targets} targets, ${join(out, `${fixture.name}-${width}.png`)}`);
    // Every offered move is reachable: a card that plays it, cards to select, or a button.
    const unreachable = await page.evaluate(() =>
      [...document.querySelectorAll(".offered li")]
        .filter((li) => {
          const i = li.dataset.index;
          if (li.dataset.way === "button") return !document.querySelector(`button[data-index="${i}"]`);
          return !li.dataset.cards
            .split(" ")
            .every((c) => document.querySelector(`.hand .card-btn[data-card="${c}"]`));
        })
        .map((li) => li.dataset.index),
    );
    if (unreachable.length) fail(`${fixture.name}@${width}: unreachable moves ${unreachable}`);
    await page.close();
  }
}

// Taps and selections, as a person makes them (at 400 px).
{
  const pask = fixtures.find((f) => f.name === "paskahousu");
  const page = await open(pask, 400);
  const card = (n) => page.locator(`.hand .card-btn[data-card="${n}"]`);
  await card(6).click();
  if ((await card(6).getAttribute("aria-pressed")) !== "true") fail("a 7 tapped is not selected");
  if (!(await page.locator('.moves button[data-index="0"]').count())) fail("7♠ alone is not offered");
  await card(19).click();
  if (!(await page.locator('.moves button[data-index="3"]').count())) fail("7♠ 7♥ is not offered");
  if (await page.locator('.moves button[data-index="0"]').count()) fail("7♠ alone still offered");
  await page.locator('.moves button[data-index="3"]').click();
  if ((await sent(page))?.index !== 3) fail(`selected 7s sent ${JSON.stringify(await sent(page))}`);
  await page.locator(".moves .clear").click();
  if (await page.locator('.hand [aria-pressed="true"]').count()) fail("clear left a selection");
  await card(22).click();
  if ((await sent(page))?.index !== 7) fail("a direct card did not play");
  await card(48).click();
  if ((await sent(page))?.index === 8) fail("a move asking first was sent at once");
  await page.locator(".confirm .action").first().click();
  if ((await sent(page))?.index !== 8) fail("confirmed move not sent");
  const before = await page.evaluate(() => window.sent.length);
  await card(10).click({ force: true });
  if ((await page.evaluate(() => window.sent.length)) !== before) fail("an unplayable card sent");
  // Keyboard: the first Tab reaches a card of the hand, Enter plays it.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press("Tab");
  const first = await page.evaluate(() => document.activeElement?.className);
  if (!String(first).includes("card-btn")) fail(`the first Tab lands on ${first}`);
  console.log(`keyboard: first Tab on ${first}`);
  await page.close();

  const red = fixtures.find((f) => f.name === "red7");
  const rp = await open(red, 400);
  await rp.locator('.hand .card-btn[data-card="53"]').click();
  const both = await rp.locator('.moves button[data-index="0"], .moves button[data-index="1"]').count();
  if (both !== 2) fail(`Red7: palette and canvas offered ${both}`);
  await rp.locator('.hand .card-btn[data-card="70"]').click();
  if (!(await rp.locator('.moves button[data-index="4"]').count())) fail("Red7: 6 green alone not offered");
  await rp.locator('.hand .card-btn[data-card="64"]').click();
  if (!(await rp.locator('.moves button[data-index="5"]').count())) fail("Red7: two cards not offered");
  await rp.screenshot({ path: join(out, "red7-selected-400.png"), fullPage: true });
  await rp.close();

  const lobby = fixtures.find((f) => f.name === "lobby");
  const lp = await open(lobby, 400);
  await lp.locator("select[data-choice-for=add_computer]").selectOption("hard");
  await lp.locator('button[data-action="add_computer"]').click();
  const added = await sent(lp);
  if (added?.action !== "add_computer" || added.choice !== "hard") fail(`lobby sent ${JSON.stringify(added)}`);
  await lp.locator('button[data-action="leave"]').click();
  if ((await sent(lp))?.action === "leave") fail("leave sent without asking");
  await lp.locator(".confirm .action").first().click();
  if ((await sent(lp))?.action !== "leave") fail("leave not sent after yes");
  await lp.close();

  const setup = fixtures.find((f) => f.name === "setup");
  const sp = await open(setup, 400);
  await sp.locator('input[name="game"][value="red7"]').check();
  await sp.locator("#setup-seats").fill("3");
  await sp.locator("#setup-seats").dispatchEvent("change");
  await sp.locator("#setup-bots").fill("1");
  await sp.locator("#setup-bots").dispatchEvent("change");
  await sp.locator('select[data-option="advanced"]').selectOption("advanced");
  await sp.locator(".open").click();
  const opened = await sent(sp);
  const size = Buffer.byteLength(JSON.stringify(opened));
  console.log(`setup sent ${JSON.stringify(opened)} (${size} bytes)`);
  if (opened?.game !== "red7" || opened.seats !== 3 || opened.bots !== 1 || opened.options?.advanced !== "advanced")
    fail(`setup sent ${JSON.stringify(opened)}`);
  if (size > 512) fail("the open frame is over 512 bytes");
  await sp.close();
}

// Motion: a card played to the trick, then the trick taken.
for (const reducedMotion of ["no-preference", "reduce"]) {
  const teka = fixtures.find((f) => f.name === "teka");
  const page = await open(teka, 1280, reducedMotion);
  const counts = [];
  const draws = [];
  await page.evaluate(() => {
    window.longest = 0;
  });
  for (const step of [teka.next, teka.after]) {
    const { n, ms } = await page.evaluate((frames) => {
      const start = performance.now();
      for (const f of frames) window.preview.frame(f);
      window.preview.flush();
      return { n: document.getAnimations().length, ms: performance.now() - start };
    }, step);
    counts.push(n);
    draws.push(ms.toFixed(1));
    if (reducedMotion === "no-preference") {
      await page.waitForTimeout(120);
      await page.screenshot({ path: join(out, `teka-motion-${counts.length}.png`) });
    }
    await page.waitForTimeout(450);
  }
  const left = await page.evaluate(() => document.getAnimations().length);
  const longest = await page.evaluate(() => window.longest);
  console.log(
    `motion (${reducedMotion}): animations ${counts.join(", ")}, ${left} left after, ` +
      `drawing ${draws.join(", ")} ms a step, longest task ${longest} ms (0: none of 50 ms or more)`,
  );
  if (reducedMotion === "reduce" && counts.some((n) => n > 0)) fail("animations under reduced motion");
  if (reducedMotion !== "reduce" && counts.some((n) => n === 0)) fail("no animation after a frame");
  if (left) fail(`${left} animations still running 450 ms after`);
  await page.close();
}
{
  // A Paskahousu card onto the pile, at 400 px: the long tasks of a small machine's screen.
  const pask = fixtures.find((f) => f.name === "paskahousu");
  const page = await open(pask, 400);
  await page.evaluate(() => {
    window.longest = 0;
  });
  const { n, ms } = await page.evaluate((frames) => {
    const start = performance.now();
    for (const f of frames) window.preview.frame(f);
    window.preview.flush();
    return { n: document.getAnimations().length, ms: performance.now() - start };
  }, pask.next);
  await page.waitForTimeout(450);
  await page.screenshot({ path: join(out, "paskahousu-next-400.png"), fullPage: true });
  console.log(
    `paskahousu motion: ${n} animations, drawing ${ms.toFixed(1)} ms, longest task ${await page.evaluate(() => window.longest)} ms`,
  );
  if (!n) fail("paskahousu: no animation");
  await page.close();
}

await browser.close();
if (failures.length) {
  console.error(`${failures.length} failures`);
  process.exit(1);
}
console.log("preview: all checks passed");
