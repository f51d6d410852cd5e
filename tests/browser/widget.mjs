// Browser half of tests/browser.rs: drives Debian's Chromium (headless, through
// playwright-core) against the real server and a host page on another origin. Reads its
// setup as JSON from argv[2], checks what a visitor sees, and prints one JSON object with
// what it observed for the Rust half to check against the server. Any failure exits 1.
import assert from "node:assert/strict";
import path from "node:path";
import { launch, loopbackPage } from "./chromium.mjs";

const cfg = JSON.parse(process.argv[2]);
const out = {};
const deadline = setTimeout(() => { console.error("browser test took over 150 s"); process.exit(1); }, 150_000);

const browser = await launch(cfg.chromium);

// A fresh visitor: its own cookies and storage; nothing may leave loopback (a share button
// opens a social network's page: that request is aborted, as is anything else off-machine).
function visitor() {
  return loopbackPage(browser, [cfg.site, cfg.host], { width: 1000, height: 720 });
}

const frameOf = (page) => page.frameLocator("iframe[data-referrals-frame]");
const shot = (page, name) => page.screenshot({ path: path.join(cfg.screenshots, name) });

async function signUp(page, name, email) {
  const frame = frameOf(page);
  await frame.locator("input[name=name]").fill(name);
  await frame.locator("input[name=email]").fill(email);
  await frame.locator("button[type=submit]").click();
  return frame.locator("[data-referral-link]");
}

// 1. The three modes render.
{
  const { context, page, errors } = await visitor();
  await page.goto(`${cfg.host}/embed.html`);
  await frameOf(page).locator("form").waitFor();
  assert.equal(await page.locator("#referrals-widget").getAttribute("data-referrals-mode"), "embed");
  assert.equal(await page.locator("#referrals-widget iframe").getAttribute("allow"), "clipboard-write");
  await frameOf(page).locator("h1").filter({ hasText: cfg.headline }).waitFor();
  await shot(page, "widget-embed.png");

  await page.goto(`${cfg.host}/popup.html`);
  const modal = page.locator("[data-referrals-modal]");
  await page.locator("[data-referrals-open]").waitFor();
  assert.equal(await modal.isVisible(), false, "the popup starts closed");
  await page.locator("[data-referrals-open]").click();
  await modal.waitFor({ state: "visible" });
  await frameOf(page).locator("form").waitFor();
  await shot(page, "widget-popup.png");
  await page.keyboard.press("Escape");
  await modal.waitFor({ state: "hidden" });

  await page.goto(`${cfg.host}/floating.html`);
  const bubble = page.locator("[data-referrals-bubble]");
  await bubble.waitFor();
  const box = await bubble.boundingBox();
  assert.ok(box.x > 700 && box.y > 600, `the bubble sits in the bottom-right corner: ${JSON.stringify(box)}`);
  await bubble.click();
  await page.locator("[data-referrals-panel]").waitFor({ state: "visible" });
  await frameOf(page).locator("form").waitFor();
  await shot(page, "widget-floating.png");
  assert.deepEqual(errors, []);
  await context.close();
}

// 2. A visitor signs up through the frame, copies their link, and sees their progress.
{
  const { context, page, errors } = await visitor();
  await page.goto(`${cfg.host}/embed.html`);
  const link = await signUp(page, "Ada Visitor", cfg.emails.visitor);
  await link.waitFor();
  out.visitor_link = await link.inputValue();
  out.visitor_rewards_shown = await frameOf(page).locator("[data-reward]").count();
  await frameOf(page).locator("[data-copy]").click();
  await frameOf(page).locator("[data-copy]", { hasText: "Copied!" }).waitFor();
  out.clipboard = await page.evaluate(() => navigator.clipboard.readText());
  await frameOf(page).locator("[data-progress]", { hasText: "0 friends joined" }).waitFor();
  // A share button counts a share and opens the network (aborted: it is off loopback).
  const popup = context.waitForEvent("page");
  await frameOf(page).locator("[data-share=twitter]").click();
  await (await popup).close();
  out.share_href = await frameOf(page).locator("[data-share=twitter]").getAttribute("href");
  await shot(page, "widget-joined.png");
  assert.deepEqual(errors, []);
  await context.close();
}

// 3. A page opened with ?ref=<code> makes a referral signup.
{
  const { context, page } = await visitor();
  await page.goto(`${cfg.host}/embed.html?ref=${encodeURIComponent(cfg.referrer_code)}`);
  const link = await signUp(page, "Referred Friend", cfg.emails.referred);
  await link.waitFor();
  // A two-way campaign: the friend sees their own reward at once.
  out.friend_reward = await frameOf(page).locator("[data-reward-value]").textContent();
  await context.close();
}

// 4. A hostile name is shown as text and runs nothing.
{
  const { context, page, dialogs } = await visitor();
  await page.goto(`${cfg.host}/embed.html`);
  const link = await signUp(page, cfg.hostile_name, cfg.emails.hostile);
  await link.waitFor();
  const frame = frameOf(page);
  out.hostile_heading = await frame.locator("h1").textContent();
  out.hostile_images = await frame.locator("img").count();
  await page.waitForTimeout(300); // an onerror handler would have fired by now; none may
  assert.deepEqual(dialogs, [], "no script ran");
  out.dialogs = dialogs.length;
  await context.close();
}

// 4b. A campaign with tiers, a waitlist and a public leaderboard: the visitor sees their place
//     in line and the top referrers; a friend joins through their link; back on the page the
//     visitor has moved up, counts toward the next tier and is on the leaderboard.
{
  const { context, page, errors } = await visitor();
  await page.goto(`${cfg.host}/tiers.html`);
  await frameOf(page).locator("[data-leader]").first().waitFor();
  const link = await signUp(page, "Tia Visitor", cfg.emails.tiered);
  await link.waitFor();
  const line = frameOf(page).locator("[data-waitlist]");
  await line.filter({ hasText: "in line" }).waitFor();
  out.tiered_line_before = await line.textContent();
  const code = new URL(await link.inputValue()).pathname.split("/").pop();

  const friend = await visitor();
  await friend.page.goto(`${cfg.host}/tiers.html?ref=${encodeURIComponent(code)}`);
  await (await signUp(friend.page, "Tom Friend", cfg.emails.tiered_friend)).waitFor();
  await friend.context.close();

  // Back on the page: the frame remembers them where its storage is kept, and otherwise
  // they enter their email again and get their own link back.
  await page.goto(`${cfg.host}/tiers.html`);
  await frameOf(page).locator("form, [data-progress]").first().waitFor();
  if (await frameOf(page).locator("form").count()) await (await signUp(page, "Tia Visitor", cfg.emails.tiered)).waitFor();
  const progress = frameOf(page).locator("[data-progress]");
  await progress.filter({ hasText: "1 friend joined" }).waitFor();
  out.tiered_progress = await progress.evaluate((p) => p.firstChild.textContent);
  await line.filter({ hasText: "number 5 " }).waitFor();
  out.tiered_line_after = await line.textContent();
  await frameOf(page).locator("[data-leader='2']").waitFor();
  out.tiered_leaders = await frameOf(page).locator("[data-leader]").allTextContents();
  await shot(page, "widget-tiers.png");
  assert.deepEqual(errors, []);
  await context.close();
}

let trackerContext;
// 5. The tracker tags outbound links (also ones added later) and reports clicks; the browser
//    goes straight to the destination.
{
  const { context, page, errors } = await visitor();
  const requests = [];
  page.on("request", (r) => { if (r.isNavigationRequest()) requests.push(r.url()); });
  await page.goto(`${cfg.host}/tracker.html`);
  const first = page.locator("#outbound");
  await page.waitForFunction(() => document.getElementById("outbound").href.includes("ref="));
  out.tagged = await first.getAttribute("href");
  out.internal = await page.locator("#internal").getAttribute("href");
  await page.evaluate((target) => {
    const a = document.createElement("a");
    a.id = "later"; a.href = target; a.textContent = "added later";
    document.body.append(a);
  }, cfg.destination + "/later");
  await page.waitForFunction(() => document.getElementById("later").href.includes("ref="));
  out.tagged_later = await page.locator("#later").getAttribute("href");
  await Promise.all([page.waitForURL((u) => u.pathname === "/landing"), first.click()]);
  out.landed = page.url();
  out.navigations = requests;
  assert.deepEqual(errors, []);
  // The click report is a beacon the browser sends as the page leaves; closing the context
  // at once can cancel it on a busy machine. It closes with the browser, at the end.
  trackerContext = context;
}

// 6. The lander.
{
  const { context, page, errors } = await visitor();
  await page.goto(`${cfg.site}/l/${cfg.lander_campaign}`);
  await page.frameLocator("iframe").locator("form").waitFor();
  out.lander_heading = await page.locator("h1").textContent();
  out.lander_footer = await page.locator("footer").textContent();
  out.lander_brand_link = await page.locator("a.brand-link").getAttribute("href");
  out.lander_brand_text = await page.locator("a.brand-link").textContent();
  await shot(page, "lander.png");
  assert.deepEqual(errors, []);
  await context.close();
}

await trackerContext.close();
await browser.close();
clearTimeout(deadline);
console.log(JSON.stringify(out));
