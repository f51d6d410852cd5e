// Browser half of the attribution test in tests/browser.rs: a visitor opens partners' links
// on the brand's site (`?ref=` to a page with the widget, `?via=` to a page with only the
// tracker), moves on to another page without one, and signs up there through the widget.
// Each visitor is a fresh context (their own storage). Prints one JSON object of what the
// page's `window.referrals.code()` said at signup; the Rust half checks who was credited.
import assert from "node:assert/strict";
import { launch, loopbackPage } from "./chromium.mjs";

const cfg = JSON.parse(process.argv[2]);
const out = {};
const deadline = setTimeout(() => { console.error("attribution browser test took over 120 s"); process.exit(1); }, 120_000);
const browser = await launch(cfg.chromium);
const DAY = 24 * 60 * 60 * 1000;

// Opens each of `steps` in turn (a path on the brand's site), then signs up as `email` on
// `signup` (a page without a partner's link) and returns what the page said its code was.
async function visit(name, steps, signup, email, shift) {
  const { context, page, errors } = await loopbackPage(browser, [cfg.site, cfg.host], { width: 900, height: 700 });
  if (shift) await page.clock.install({ time: new Date() });
  for (const step of steps) {
    await page.goto(`${cfg.host}${step}`);
    // The page's scripts ran: the widget's frame is there, or the tracker tagged its link.
    if (step.includes("blog")) await page.waitForFunction(() => document.getElementById("out").href.includes("ref="));
    else await page.frameLocator("iframe[data-referrals-frame]").locator("form").waitFor();
  }
  if (shift) await page.clock.setSystemTime(Date.now() + shift);
  await page.goto(`${cfg.host}${signup}`);
  const frame = page.frameLocator("iframe[data-referrals-frame]");
  await frame.locator("input[name=email]").fill(email);
  await frame.locator("button[type=submit]").click();
  await frame.locator("[data-referral-link]").waitFor();
  out[name] = await page.evaluate(() => window.referrals.code());
  assert.deepEqual(errors, [], name);
  await context.close();
}

const c = cfg.campaigns;
// A partner's link, then a page without one.
await visit("across_pages", [`/${c.last}/home.html?ref=${encodeURIComponent(c.last_ann)}`], `/${c.last}/pricing.html`,
  cfg.emails.across_pages);
// Two partners' links: the newest wins on a last_click campaign, the oldest on first_click.
await visit("last_click", [`/${c.last}/home.html?ref=${encodeURIComponent(c.last_ann)}`,
  `/${c.last}/home.html?ref=${encodeURIComponent(c.last_bob)}`], `/${c.last}/pricing.html`, cfg.emails.last_click);
await visit("first_click", [`/${c.first}/home.html?ref=${encodeURIComponent(c.first_ann)}`,
  `/${c.first}/home.html?ref=${encodeURIComponent(c.first_bob)}`], `/${c.first}/pricing.html`, cfg.emails.first_click);
// The tracker alone on the landing page remembers a `via=` link for the widget elsewhere.
await visit("tracker", [`/blog.html?via=${encodeURIComponent(c.last_bob)}`], `/${c.last}/pricing.html`, cfg.emails.tracker);
// A partner's readable link (their promo code, in any case) credits them like their code.
// Opened twice, it counts one click: the second time it is remembered already.
await visit("promo_link", [`/${c.last}/home.html?ref=ann20`, `/${c.last}/home.html?ref=ann20`], `/${c.last}/pricing.html`,
  cfg.emails.promo_link);
// A one-day window: the same visit, signing up two days later, credits nobody; within the
// day it still does.
await visit("within_window", [`/${c.short}/home.html?ref=${encodeURIComponent(c.short_ann)}`], `/${c.short}/pricing.html`,
  cfg.emails.within_window, 20 * 60 * 60 * 1000);
await visit("after_window", [`/${c.short}/home.html?ref=${encodeURIComponent(c.short_ann)}`], `/${c.short}/pricing.html`,
  cfg.emails.after_window, 2 * DAY);

await browser.close();
clearTimeout(deadline);
console.log(JSON.stringify(out));
