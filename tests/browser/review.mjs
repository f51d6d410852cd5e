// Browser half of the review test in tests/browser.rs: a friend joins through a referral
// link on the brand's page from the referrer's own address, so both rewards are held; the
// owner reviews them in the dashboard, approves the friend's, and the friend's coupon shows
// in the friend's widget and on the friend's page in the dashboard; two others are voided
// as a selection; the rewards CSV is downloaded; every page is checked at 1280 and 390 px.
// Reads its setup as JSON from argv[2], prints one JSON object of what it saw. Any failure
// exits 1.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { launch, loopbackPage } from "./chromium.mjs";

const cfg = JSON.parse(process.argv[2]);
const out = {};
const deadline = setTimeout(() => { console.error("review browser test took over 120 s"); process.exit(1); }, 120_000);
const browser = await launch(cfg.chromium);

// 1. The friend reads the reward on offer, then joins through the referrer's link: the
// reward is on its way, not yet a code.
const friend = await loopbackPage(browser, [cfg.site, cfg.host], { width: 1000, height: 720 });
const frame = friend.page.frameLocator("iframe[data-referrals-frame]");
await friend.page.goto(`${cfg.host}/embed.html?ref=${encodeURIComponent(cfg.referrer_code)}`);
out.offer = await frame.locator("[data-offer]").textContent();
await frame.locator("input[name=name]").fill("Fay Friend");
await frame.locator("input[name=email]").fill(cfg.friend_email);
await frame.locator("button[type=submit]").click();
await frame.locator("[data-referral-link]").waitFor();
out.friend_waiting = await frame.locator("[data-reward]").textContent();

// 2. The owner signs in: the navigation counts what waits for review.
const owner = await loopbackPage(browser, [cfg.site], { width: 1280, height: 900 });
const page = owner.page;
const violations = [];
page.on("console", (m) => { if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text()); });
const shot = (name) => page.screenshot({ path: path.join(cfg.screenshots, name), fullPage: true });
await page.goto(`${cfg.site}/dashboard/sign-in`);
await page.getByLabel("Email").fill(cfg.email);
await page.getByLabel("Password").fill(cfg.password);
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL("**/dashboard/brands");
out.nav_count = await page.locator("header nav a[href='/dashboard/review'] .count").textContent();

// 3. The review: from the navigation to the campaign's held rewards, each with its reasons
// in words and both people.
await page.getByRole("link", { name: /^Review/ }).click();
await page.getByRole("link", { name: cfg.campaign_name }).click();
await page.waitForURL(`**/dashboard/campaigns/${cfg.campaign_id}/review`);
// Fay's own reward for joining (Ann's for referring her is held beside it).
const card = page.locator("article.held").filter({ hasText: "for joining through a referral" })
  .filter({ hasText: "Fay Friend" });
out.friend_reward = Number((await card.getAttribute("id")).replace("reward-", ""));
out.friend_id = Number((await card.locator(".person").nth(1).locator("a").getAttribute("href")).split("/").pop());
out.friend_card_reasons = await card.locator("ul.reasons li").allTextContents();
out.friend_card_people = await card.locator(".person h3 + p a").allTextContents();
out.held_cards = await page.locator("article.held").count();
await shot("dashboard-review.png");

// 4. Approve the friend's reward.
await card.getByRole("button", { name: "Approve" }).click();
await page.waitForURL(/done=approve&moved=1/);
out.approve_notice = await page.locator("p.notice").textContent();

// 5. The friend's widget, still open, shows the code now; so does the friend's page in the
// dashboard.
// (The frame checks again every few seconds while the page is open.)
await frame.locator("[data-reward-value]").waitFor({ timeout: 30_000 });
out.friend_code = await frame.locator("[data-reward-value]").textContent();
await page.goto(`${cfg.site}/dashboard/participants/${out.friend_id}`);
out.friend_page_reward = await page.locator(`#reward-${out.friend_reward} td:first-child code`).textContent();

// 6. Two others voided as a selection, with a reason.
await page.goto(`${cfg.site}/dashboard/campaigns/${cfg.campaign_id}/review`);
for (const id of cfg.void_rewards) await page.locator(`article#reward-${id} input[type=checkbox]`).check();
await page.getByLabel("Reason, for a void (optional)").fill("same household");
await page.getByRole("button", { name: "Void selected" }).click();
await page.waitForURL(/done=void&moved=2/);
out.void_notice = await page.locator("p.notice").textContent();
out.held_after = await page.locator("article.held").count();

// 7. "Select all on this page" ticks every reward's box.
await page.getByLabel("Select all on this page").check();
out.ticked_by_select_all = await page.locator("article.held input[name=reward]:checked").count();

// 8. The rewards, and their CSV, downloaded as a person does.
await page.goto(`${cfg.site}/dashboard/campaigns/${cfg.campaign_id}/rewards`);
out.rewards_rows = await page.locator("tbody tr").count();
await shot("dashboard-rewards.png");
const [download] = await Promise.all([
  page.waitForEvent("download"),
  page.getByRole("link", { name: "Download these as CSV" }).click(),
]);
out.csv_name = download.suggestedFilename();
out.csv = await readFile(await download.path(), "utf8");

// 9. At 390 px no page scrolls sideways, and the tables of people keep words whole.
await page.setViewportSize({ width: 390, height: 844 });
out.narrow_overflow = {};
for (const p of ["/dashboard/review", `/dashboard/campaigns/${cfg.campaign_id}/review`,
  `/dashboard/campaigns/${cfg.campaign_id}/rewards`, `/dashboard/campaigns/${cfg.campaign_id}/participants`,
  `/dashboard/participants/${out.friend_id}`, `/dashboard/campaigns/${cfg.campaign_id}`]) {
  await page.goto(cfg.site + p);
  out.narrow_overflow[p] = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
// An email in the participants table fits its line at 390 px (no word broken mid-word).
await page.goto(`${cfg.site}/dashboard/campaigns/${cfg.campaign_id}/participants`);
out.narrow_email_lines = await page.locator("td.email").evaluateAll((cells) =>
  cells.map((c) => Math.round(c.getBoundingClientRect().height / parseFloat(getComputedStyle(c).lineHeight))));
await page.goto(`${cfg.site}/dashboard/campaigns/${cfg.campaign_id}/review`);
await shot("dashboard-review-390.png");

out.errors = [...friend.errors, ...owner.errors];
out.dialogs = [...friend.dialogs, ...owner.dialogs];
out.csp_violations = violations;
await friend.context.close();
await owner.context.close();
await browser.close();
clearTimeout(deadline);
assert.ok(out.csv.length > 0);
console.log(JSON.stringify(out));
