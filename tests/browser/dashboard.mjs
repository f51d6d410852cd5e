// Browser half of the dashboard test in tests/browser.rs: a marketer runs a referral
// program from the dashboard in Debian's Chromium (headless, through playwright-core), and
// uses the API key made there against the real API. Reads its setup as JSON from argv[2],
// prints one JSON object of what it saw for the Rust half to check. Any failure exits 1.
import assert from "node:assert/strict";
import path from "node:path";
import { launch, loopbackPage } from "./chromium.mjs";

const cfg = JSON.parse(process.argv[2]);
const out = {};
const deadline = setTimeout(() => { console.error("dashboard browser test took over 150 s"); process.exit(1); }, 150_000);
const site = cfg.site;

const browser = await launch(cfg.chromium);
const { context, page, dialogs, errors } = await loopbackPage(browser, [site], { width: 1100, height: 800 });
const violations = [];
page.on("console", (m) => { if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text()); });
const shot = (name) => page.screenshot({ path: path.join(cfg.screenshots, name), fullPage: true });
const go = (p) => page.goto(site + p);
const api = async (method, p, body) => {
  const response = await fetch(`${site}/api/v1${p}`, {
    method, headers: { "x-api-key": out.api_key, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
};

// 1. Register: the form signs the new member in.
await go("/dashboard");
await page.waitForURL("**/dashboard/sign-in");
await page.getByRole("link", { name: "Create an account" }).click();
await page.getByLabel("Your name").fill("Ada Marketer");
await page.getByLabel("Email").fill(cfg.email);
await page.getByLabel("Password").fill(cfg.password);
await page.getByRole("button", { name: "Create account" }).click();
await page.waitForURL("**/dashboard/brands");
const cookies = await context.cookies(site + "/dashboard/");
const session = cookies.find((c) => c.name === "referrals_session");
assert.ok(session, "a session cookie");
out.cookie = { httpOnly: session.httpOnly, sameSite: session.sameSite, path: session.path };

// 2. Sign out and in again, from the keyboard only.
await page.getByRole("button", { name: "Sign out" }).click();
await page.waitForURL("**/dashboard/sign-in?notice=signed-out");
await page.getByLabel("Email").focus();
await page.keyboard.type(cfg.email);
await page.keyboard.press("Tab");
await page.keyboard.type(cfg.password);
await page.keyboard.press("Enter");
await page.waitForURL("**/dashboard/brands");
const second = (await context.cookies(site + "/dashboard/")).find((c) => c.name === "referrals_session");
assert.notEqual(second.value, session.value, "a new session at each sign-in");

// 3. A brand from its URL.
await page.getByLabel("Website address").fill(cfg.brand_url);
await page.getByLabel("Description (optional)").fill("Fresh beans every week");
await page.getByRole("button", { name: "Add brand" }).click();
await page.waitForURL(/\/dashboard\/brands\/\d+\?notice=brand-created/);
out.brand_id = Number(new URL(page.url()).pathname.split("/").pop());
await shot("dashboard-brand.png");

// 4. A coupon campaign: one coupon for every two referral signups, two-way.
await page.getByRole("link", { name: "New campaign" }).click();
await page.getByLabel("Name", { exact: true }).fill("Give a bag, get a bag");
await page.getByLabel("Reward", { exact: true }).selectOption("1");
await page.getByLabel("How many for each reward").fill("2");
await page.getByLabel("Two-way: the referred friend gets the reward too").check();
await page.getByLabel("How it shows").selectOption("popup");
await shot("dashboard-campaign-form.png");
await page.getByRole("button", { name: "Save campaign" }).click();
await page.waitForURL(/\/dashboard\/campaigns\/\d+\?notice=campaign-created/);
out.campaign_id = Number(new URL(page.url()).pathname.split("/").pop());

// 5. The widget's live preview follows the form before anything is saved.
await page.getByRole("link", { name: "Edit settings" }).click();
const preview = page.frameLocator("#widget-preview");
await preview.locator("[data-referrals-open]").waitFor();
out.preview_popup_button = await preview.locator("[data-referrals-open]").textContent();
await page.getByLabel("How it shows").selectOption("embed");
await page.getByLabel("Headline").fill("Preview headline");
const previewFrame = preview.frameLocator("iframe[data-referrals-frame]");
await previewFrame.locator("h1", { hasText: "Preview headline" }).waitFor();
await previewFrame.locator("input[name=email]").fill("nobody@preview.example");
await previewFrame.locator("button[type=submit]").click();
await previewFrame.locator("p.error", { hasText: "preview" }).waitFor();
out.preview_submit = await previewFrame.locator("p.error").textContent();
await shot("dashboard-widget-preview.png");

// 5b. Milestone tiers from the closed group, opened from the keyboard, then saved: the
// overview's programme lists them.
await page.getByLabel("How it shows").selectOption("popup");
await page.getByLabel("Headline").fill("Invite friends, earn rewards");
await page.locator("summary", { hasText: "Milestone tiers" }).focus();
await page.keyboard.press("Enter");
await page.getByLabel("Tier 1: referrals").fill("2");
await page.getByLabel("Tier 2: referrals").fill("5");
await page.getByLabel("Tier 2: reward").selectOption("5");
await page.getByLabel("Tier 2: amount or message").fill("20");
await page.getByRole("button", { name: "Save campaign" }).click();
await page.waitForURL(/notice=campaign-saved/);
out.programme_tiers = await page.locator("section[aria-labelledby=programme] ul li").allTextContents();

// 5c. The landing page: its live preview is the real page, following the form.
await page.getByRole("link", { name: "Landing page" }).click();
const lander = page.frameLocator("#lander-preview");
await lander.locator("h1").waitFor();
await page.getByLabel("Layout").selectOption("centered");
await page.getByLabel("Headline", { exact: true }).fill("Bring a friend, both get a bag");
await page.getByLabel("Footer text").fill("One bag per friend who joins.");
await lander.locator("h1", { hasText: "Bring a friend, both get a bag" }).waitFor();
out.lander_preview_footer = await lander.locator("footer").textContent();
out.lander_preview_class = await lander.locator("body").getAttribute("class");
await lander.frameLocator("iframe").locator("form").waitFor();
await shot("dashboard-lander.png");
await page.getByRole("button", { name: "Save landing page" }).click();
await page.waitForURL(/notice=lander-saved/);
await go(`/dashboard/campaigns/${out.campaign_id}`);

// 6. The embed snippet, copied with its button.
await page.locator("button[data-copy=widget-snippet]").click();
await page.locator("button[data-copy=widget-snippet]", { hasText: "Copied" }).waitFor();
out.snippet = await page.evaluate(() => navigator.clipboard.readText());
await shot("dashboard-campaign.png");

// 7. Coupons from a file: three codes, a duplicate and a blank line.
await page.getByRole("link", { name: "Upload codes" }).click();
await page.getByLabel("A file of codes").setInputFiles({
  name: "codes.csv", mimeType: "text/csv", buffer: Buffer.from("BAG-001\nBAG-002\n\nBAG-001\nBAG-003\n"),
});
await page.getByRole("button", { name: "Upload" }).click();
await page.locator("#result").waitFor();
out.upload = await page.locator("section[aria-labelledby=result] dl.numbers > div").allTextContents();
out.upload_progress_shown = await page.locator("#upload-progress").count();
await shot("dashboard-coupons.png");

// 8. An API key, generated here and used against the API.
await go("/dashboard/account");
await page.getByRole("button", { name: "Generate a new API key" }).click();
out.api_key = await page.locator("#new-key").textContent();
// A read-only key for an assistant, made on the same page: it reads, and is listed after.
await go("/dashboard/account");
await page.getByLabel("What it is for").fill("Assistant");
await page.getByRole("button", { name: "Make a key" }).click();
const readOnly = await page.locator("#new-key").textContent();
const readOnlyBrands = await fetch(`${site}/api/v1/brands`, { headers: { "X-API-Key": readOnly } });
out.read_only_key = { reads: readOnlyBrands.status };
const refused = await fetch(`${site}/api/v1/brands`, {
  method: "POST", headers: { "X-API-Key": readOnly, "content-type": "application/json" },
  body: JSON.stringify({ url: "https://refused.example", description: "x" }),
});
out.read_only_key.writes = (await refused.json()).code;
const brands = await api("GET", "/brands");
assert.equal(brands.status, 200);
out.api_brands = brands.body.data.brands.map((b) => b.id);
const joined = await api("POST", "/signups", { campaign_id: out.campaign_id, email: "zoe@friends.example", name: "Zoe Referrer" });
assert.equal(joined.status, 201, JSON.stringify(joined.body));
const code = joined.body.data.participant.referral_code;
for (const [email, name] of [["yan@friends.example", "Yan"], ["hostile@friends.example", cfg.hostile_name]]) {
  const referred = await api("POST", "/signups/referral", { referral_code: code, email, name });
  assert.equal(referred.status, 201, JSON.stringify(referred.body));
}
out.zoe_id = joined.body.data.participant.id;

// 9. The participants the API made, in the table; the hostile name is text.
await go(`/dashboard/campaigns/${out.campaign_id}/participants`);
out.table_emails = await page.locator("tbody tr td:nth-child(2)").allTextContents();
out.hostile_cell = await page.locator("tbody tr td:first-child a", { hasText: "onerror" }).textContent();
out.hostile_images = await page.locator("main img").count();
await shot("dashboard-participants.png");
await page.getByLabel("Search by email or name").fill("zoe");
await page.getByRole("button", { name: "Search" }).click();
await page.waitForURL(/search=zoe/);
out.search_emails = await page.locator("tbody tr td:nth-child(2)").allTextContents();
await page.getByRole("link", { name: "Zoe Referrer" }).click();
await page.waitForURL(`**/dashboard/participants/${out.zoe_id}`);
out.zoe_referred = await page.locator("section[aria-labelledby=chain] li").allTextContents();
out.zoe_rewards = await page.locator("section[aria-labelledby=rewards] tbody tr").allTextContents();
await shot("dashboard-participant.png");

// 10. Today's signups in the chart.
await go(`/dashboard/campaigns/${out.campaign_id}/stats?days=7`);
out.signups_caption = await page.locator("figure[aria-labelledby=signups-title] figcaption").textContent();
out.today_bar = await page.locator("figure[aria-labelledby=signups-title] rect").last().locator("title").textContent();
await shot("dashboard-stats.png");

// 10b. A commission programme: a percent rule made through the API, a referred customer's
// invoice, the rule changed to 10 % and previewed on that invoice before saving.
const partners = await api("POST", "/campaigns", { name: "Partners", url_id: out.brand_id, reward_type: 5,
  reward_value: "10", goal_type: "conversion", payouts: { currency: "EUR" },
  commission: { type: "percent", rate: 20, first_payment_rate: 50, duration_months: 12 } });
assert.equal(partners.status, 201, JSON.stringify(partners.body));
const partnersId = partners.body.data.id;
const ann = await api("POST", "/signups", { campaign_id: partnersId, email: "ann@acme-partners.example", name: "Ann Partner" });
await api("POST", "/signups/referral", { referral_code: ann.body.data.participant.referral_code, email: "ben@acme-partners.example" });
for (const [n, period] of [[0, "2027-03-01"], [1, "2027-04-01"], [2, "2027-05-01"]]) {
  const paid = await api("POST", "/conversions", { campaign_id: partnersId, email: "ben@acme-partners.example",
    external_id: `in_${n}`, subscription_id: "sub_ben", period_start: period, currency: "EUR", amount: "49.00" });
  assert.equal(paid.status, 201, JSON.stringify(paid.body));
}
await go(`/dashboard/campaigns/${partnersId}/edit`);
await page.getByLabel("Percent of every payment").fill("10");
await page.getByLabel("Percent of the first payment (optional)").fill("");
await page.getByRole("button", { name: "Preview on your invoices" }).click();
await page.locator("#commission-preview").waitFor();
out.commission_preview = (await page.locator("#commission-preview p").first().textContent()).replace(/\s+/g, " ").trim();
await page.locator("#commission").scrollIntoViewIfNeeded();
await page.locator("#commission").screenshot({ path: path.join(cfg.screenshots, "dashboard-commission-preview.png") });
await go(`/dashboard/campaigns/${partnersId}/rewards`);
out.commission_rewards = await page.locator(".commission").allTextContents();

// 11. Usable at 375 px: no page scrolls sideways (tables scroll inside their frame).
await page.setViewportSize({ width: 375, height: 800 });
out.narrow_overflow = {};
for (const p of ["/dashboard/brands", `/dashboard/brands/${out.brand_id}`, `/dashboard/campaigns/${out.campaign_id}`,
  `/dashboard/campaigns/${out.campaign_id}/edit`, `/dashboard/campaigns/${out.campaign_id}/lander`,
  `/dashboard/campaigns/${out.campaign_id}/participants`,
  `/dashboard/campaigns/${out.campaign_id}/stats`, `/dashboard/participants/${out.zoe_id}`, "/dashboard/account"]) {
  await go(p);
  out.narrow_overflow[p] = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
await go(`/dashboard/campaigns/${out.campaign_id}`);
await shot("dashboard-campaign-375.png");
await page.setViewportSize({ width: 1100, height: 800 });

// 12. Signing out ends the session on the server: a copy of the cookie no longer works,
// nor does the first session's, ended at step 2.
await go("/dashboard/brands");
await page.getByRole("button", { name: "Sign out" }).click();
await page.waitForURL("**/dashboard/sign-in?notice=signed-out");
out.old_sessions = [];
for (const old of [second, session]) {
  await context.addCookies([old]);
  await go("/dashboard/brands");
  out.old_sessions.push(new URL(page.url()).pathname);
}

out.dialogs = dialogs;
out.errors = errors;
out.csp_violations = violations;
await context.close();
await browser.close();
clearTimeout(deadline);
console.log(JSON.stringify(out));
