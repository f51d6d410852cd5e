// Browser half of the languages test in tests/browser.rs: the widget on a brand's page in
// Arabic and in Japanese (the script tag's data-lang), at a phone's width (390 px): the
// form, a signup, and the participant's view with its counted words; the frame must not
// be wider than the phone. Screenshots of each. Prints one JSON object of what it saw.
import assert from "node:assert/strict";
import path from "node:path";
import { launch, loopbackPage } from "./chromium.mjs";

const cfg = JSON.parse(process.argv[2]);
const out = {};
const deadline = setTimeout(() => { console.error("languages browser test took over 90 s"); process.exit(1); }, 90_000);
const browser = await launch(cfg.chromium);

for (const [lang, email] of [["ar", "layla@languages.example"], ["ja", "haruto@languages.example"]]) {
  const tab = await loopbackPage(browser, [cfg.site, cfg.host], { width: 390, height: 844 });
  const seen = {};
  await tab.page.goto(`${cfg.host}/${lang}.html`);
  const frame = tab.page.frameLocator("iframe[data-referrals-frame]");
  await frame.locator("input[name=email]").waitFor();
  const inner = tab.page.frames().find((f) => f.url().includes("/embed"));
  seen.frame_lang = await inner.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
  seen.button = await frame.locator("button[type=submit]").textContent();
  seen.offer = await frame.locator("[data-offer]").textContent();
  seen.labels = await frame.locator("label").allTextContents();
  await tab.page.screenshot({ path: path.join(cfg.screenshots, `widget-${lang}-form.png`), fullPage: true });
  await frame.locator("input[name=name]").fill(lang === "ar" ? "ليلى" : "陽翔");
  await frame.locator("input[name=email]").fill(email);
  await frame.locator("button[type=submit]").click();
  await frame.locator("[data-referral-link]").waitFor();
  await frame.locator("[data-progress] .bar").waitFor();
  seen.heading = await frame.locator("h1").textContent();
  seen.progress = await frame.locator("[data-progress]").textContent();
  seen.copy = await frame.locator("button[data-copy]").textContent();
  // Nothing wider than the phone: not the page, not the frame's content.
  seen.page_overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  seen.frame_overflow = await inner.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await tab.page.screenshot({ path: path.join(cfg.screenshots, `widget-${lang}.png`), fullPage: true });
  assert.deepEqual(tab.errors, [], "no script errors");
  out[lang] = seen;
  await tab.context.close();
}
console.log(JSON.stringify(out));
clearTimeout(deadline);
await browser.close();
