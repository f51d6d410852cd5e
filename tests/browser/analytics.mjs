// Browser half of the analytics test in tests/browser.rs: the owner, reading in Asia/Kolkata,
// opens a campaign's Analytics page; the dashboard's script moves it into the reader's zone;
// what the funnel, each chart (its total and its table) and the partners table show is
// printed for the test to compare with the API for the same period and zone. The page and
// the brand's are checked at 1280 and 390 px (no sideways scrolling).
// Reads its setup as JSON from argv[2], prints one JSON object of what it saw. Any failure
// exits 1.
import path from "node:path";
import { launch, loopbackPage } from "./chromium.mjs";

const cfg = JSON.parse(process.argv[2]);
const out = {};
const deadline = setTimeout(() => { console.error("analytics browser test took over 120 s"); process.exit(1); }, 120_000);
const browser = await launch(cfg.chromium);
const owner = await loopbackPage(browser, [cfg.site], { width: 1280, height: 900 }, { timezoneId: cfg.zone });
const page = owner.page;
const violations = [];
page.on("console", (m) => { if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text()); });
const shot = (name) => page.screenshot({ path: path.join(cfg.screenshots, name), fullPage: true });

await page.goto(`${cfg.site}/dashboard/sign-in`);
await page.getByLabel("Email").fill(cfg.email);
await page.getByLabel("Password").fill(cfg.password);
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL("**/dashboard/brands");

// From the campaign's page, as an owner gets there; the script adds the reader's zone.
await page.goto(`${cfg.site}/dashboard/campaigns/${cfg.campaign_id}`);
await page.getByRole("link", { name: "Analytics", exact: true }).click();
await page.waitForURL(/[?&]tz=/);
const url = new URL(page.url());
out.query = Object.fromEntries(url.searchParams.entries());
// The period as the page's form names it (a preset is turned into dates).
out.form = {
  from: await page.locator("form.period input[name=from]").inputValue(),
  to: await page.locator("form.period input[name=to]").inputValue(),
  interval: await page.locator("form.period select[name=interval]").inputValue(),
  tz: await page.locator("form.period input[name=tz]").inputValue(),
};
out.funnel = {};
for (const step of ["clicks", "referred_signups", "conversions", "revenue"]) {
  out.funnel[step] = (await page.locator(`ol.funnel li[data-step=${step}] strong`).textContent()).trim();
}
out.charts = {};
for (const chart of ["clicks", "referred_signups", "conversions", "revenue"]) {
  const figure = page.locator(`figure[data-chart=${chart}]`);
  const rows = await figure.locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => [tr.cells[0].textContent.trim(), Number(tr.cells[1].dataset.value)]));
  out.charts[chart] = {
    total: (await figure.locator("figcaption strong").textContent()).trim(),
    bars: await figure.locator("rect.bar").count(),
    rows,
  };
}
out.partners = await page.locator("table.partners tbody tr").evaluateAll((trs) =>
  trs.map((tr) => ({ id: Number(tr.dataset.partner), cells: [...tr.cells].map((c) => c.textContent.trim()) })));
out.partner_link = await page.locator("table.partners tbody tr a").first().getAttribute("href");
out.generations = await page.locator("table.generations tbody td.num").allTextContents();
await shot("dashboard-analytics.png");

// The CSV link downloads what the page shows.
const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).first().click()]);
out.csv_name = download.suggestedFilename();

// Narrow: nothing scrolls sideways, on the campaign's page and the brand's.
await page.setViewportSize({ width: 390, height: 844 });
out.narrow_overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
await shot("dashboard-analytics-390.png");
await page.goto(`${cfg.site}/dashboard/brands/${cfg.brand_id}/analytics?tz=${encodeURIComponent(cfg.zone)}`);
out.brand_clicks = (await page.locator("ol.funnel li[data-step=clicks] strong").textContent()).trim();
out.brand_narrow_overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

out.violations = violations;
out.errors = owner.errors;
out.dialogs = owner.dialogs;
console.log(JSON.stringify(out));
clearTimeout(deadline);
await browser.close();
