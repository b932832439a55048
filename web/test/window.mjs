// Drives one window in headless Chromium for a test of the Rust suite (tests/e2e_browser.rs):
// opens the stand-in frame page with the person's OAuth2 code and Activity instance, waits
// until their hand is drawn (or, with `watch`, the table), takes screenshots at 400 and 1280 px,
// presses the first move it offers (with `play`) and waits for the table's next move. Prints
// one JSON line a step. `LOCALE` sets the browser's language.
//
//   node web/test/window.mjs <frame url> <screenshot prefix> [play|watch]
import { chromium } from "playwright-core";

const [url, shots, play] = process.argv.slice(2);
const say = (step, more = {}) => console.log(JSON.stringify({ step, ...more }));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage({
    viewport: { width: 1280, height: 900 },
    locale: process.env.LOCALE ?? "en-US",
  });
  page.on("console", (m) => {
    if (m.type() === "error") say("console", { text: m.text() });
  });
  await page.goto(url);
  const window = page.frameLocator("iframe");
  try {
    await window.locator(play === "watch" ? ".table-lines" : ".hand").waitFor({ timeout: 15_000 });
  } catch (e) {
    await page.screenshot({ path: `${shots}-failed.png` });
    say("failed", { text: await window.locator("body").innerText() });
    throw e;
  }
  const text = await window.locator("#app").innerText();
  say("shown", { text });
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: width === 400 ? 860 : 900 });
    await page.screenshot({ path: `${shots}-${width}.png` });
  }
  const moves = await window.locator(".hand .action").count();
  say("moves", { count: moves });
  if (play === "play" && moves > 0) {
    const before = await window.locator("h1").innerText();
    await window.locator(".hand .action").first().click();
    // A confirmation first, when the move asks for one.
    if (await window.locator(".confirm").count()) {
      await window.locator(".confirm .action").first().click();
    }
    await page.waitForTimeout(300);
    await window.locator(".hand").waitFor({ timeout: 10_000 });
    say("played", { game: before, text: await window.locator("#app").innerText() });
  }
} finally {
  await browser.close();
}
