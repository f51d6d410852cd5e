// Browser half of the owner's money test in tests/browser.rs: a shop owner on their own
// server makes a euro cash campaign in the form, reads the reward the widget offers, pays a
// referrer from the payouts page ("Mark all paid", clicked twice), finds the balance, what
// the referrer owes after a refund and the payout on the referrer's page, is asked before
// blocking, and presses "Approve selected" with nothing ticked. Reads its setup as JSON from
// argv[2], prints one JSON object of what it saw for the Rust half to check. Any failure
// exits 1.
import assert from "node:assert/strict";
import { launch, loopbackPage } from "./chromium.mjs";

const cfg = JSON.parse(process.argv[2]);
const out = {};
const deadline = setTimeout(() => { console.error("owner browser test took over 120 s"); process.exit(1); }, 120_000);
const site = cfg.site;
const browser = await launch(cfg.chromium);
const { page, dialogs, errors } = await loopbackPage(browser, [site], { width: 1200, height: 900 });
const go = (p) => page.goto(site + p);
const api = async (method, p, body) => {
  const response = await fetch(`${site}/api/v1${p}`, {
    method, headers: { "x-api-key": cfg.api_key, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
};
const notice = () => page.locator("[role=status]").first().textContent();

// 1. Sign in, and make a euro cash campaign in the form: 10 to the referrer when the friend
// converts, paid from 5 up.
await go("/dashboard/sign-in");
await page.getByLabel("Email").fill(cfg.email);
await page.getByLabel("Password").fill(cfg.password);
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL("**/dashboard/brands");
await go(`/dashboard/brands/${cfg.brand_id}`);
await page.getByRole("link", { name: "New campaign" }).click();
await page.getByLabel("Name", { exact: true }).fill("Euro beans");
await page.getByLabel("Reward", { exact: true }).selectOption("5");
await page.locator("#reward_value").fill("10");
await page.getByLabel("Earned for").selectOption("conversion");
await page.locator("summary", { hasText: "Commission and payouts" }).click();
await page.getByLabel("Paid in (currency)").fill("eur");
await page.getByLabel("Smallest payout, in that currency").fill("5");
await page.getByRole("button", { name: "Save campaign" }).click();
await page.waitForURL(/\/dashboard\/campaigns\/\d+\?notice=campaign-created/);
out.campaign_id = Number(new URL(page.url()).pathname.split("/").pop());

// 2. The widget offers the reward in euros, written the reader's way.
await go(`/widget/${out.campaign_id}/embed?lang=en`);
out.offer_en = await page.locator("[data-offer]").textContent();
await go(`/widget/${out.campaign_id}/embed?lang=de`);
out.offer_de = await page.locator("[data-offer]").textContent();

// 3. Ann refers Bob, Bob pays: Ann earns 10.00 EUR (through the API, as a shop's system would).
const ann = await api("POST", "/signups", { campaign_id: out.campaign_id, email: "ann@owner.example", name: "Ann" });
assert.equal(ann.status, 201, JSON.stringify(ann.body));
out.ann_id = ann.body.data.participant.id;
const bob = await api("POST", "/signups/referral",
  { referral_code: ann.body.data.participant.referral_code, email: "bob@owner.example", name: "Bob" });
assert.equal(bob.status, 201, JSON.stringify(bob.body));
const sale = await api("POST", "/conversions",
  { campaign_id: out.campaign_id, email: "bob@owner.example", external_id: "order-1", amount: "30.00", currency: "EUR" });
assert.equal(sale.status, 201, JSON.stringify(sale.body));
out.conversion_id = sale.body.data.conversion.id;

// 4. The payouts page: Ann is due 10.00 EUR and has given no payout details; the payout is
// made, then the whole requested batch marked paid with one reference, twice (the second
// from the page as it was, as a double click or a back button sends it).
await go(`/dashboard/campaigns/${out.campaign_id}/payouts`);
out.due = await page.locator("#due tbody tr").first().textContent();
await page.getByRole("button", { name: "Create payouts" }).click();
await page.waitForURL(/done=made&count=1/);
out.made_notice = await notice();
out.flag = await page.locator("tr[id^=payout-] .tag").first().textContent();
const batch = page.url();
const batchIds = await page.locator("#batch input[name=payout]").evaluateAll((inputs) => inputs.map((i) => i.value));
await page.locator("#batch-reference").fill("SEPA-2026-12");
await page.getByRole("button", { name: "Mark all paid" }).click();
await page.waitForURL(/done=batch_paid/);
out.batch_notice = await notice();
// The page as it was before: the same form, with the same payout listed, sent again.
await page.goto(batch);
await page.evaluate(({ ids, token }) => {
  const form = document.createElement("form");
  form.method = "post";
  form.action = location.pathname + "/paid";
  const fields = [["csrf", token], ["reference", "SEPA-2026-12"], ...ids.map((id) => ["payout", id])];
  for (const [name, value] of fields) {
    const input = document.createElement("input");
    input.type = "hidden"; input.name = name; input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}, { ids: batchIds, token: await page.locator("input[name=csrf]").first().inputValue() });
await page.waitForURL(/done=batch_paid/);
out.second_notice = await notice();
const payouts = await api("GET", `/payouts?campaign_id=${out.campaign_id}`);
out.payouts = payouts.body.data.payouts.map((p) => ({ status: p.status, reference: p.reference, amount: p.amount }));

// 5. Bob's order is refunded after Ann was paid: her page shows what she owes back, the
// adjustment, and the payout.
const refunded = await api("POST", `/conversions/${out.conversion_id}/refund`);
assert.equal(refunded.status, 200, JSON.stringify(refunded.body));
await go(`/dashboard/participants/${out.ann_id}`);
out.ann_due = await page.locator("#due").textContent();
out.ann_owed = await page.locator("#owed").textContent();
out.ann_adjustments = await page.locator("#adjustments tbody tr").count();
out.ann_details = await page.locator("#payout-details").textContent();
out.ann_payouts = await page.locator("#participant-payouts tbody tr").allTextContents();

// 6. Blocking asks first, and says what it would void; nothing is blocked until the button.
await page.getByRole("link", { name: "Block this participant…" }).click();
await page.waitForURL(`**/dashboard/participants/${out.ann_id}/block`);
out.block_question = await page.locator("main").textContent();
out.blocked_before = (await api("GET", `/participants/${out.ann_id}`)).body.data.blocked_at;
await page.getByRole("button", { name: "Block", exact: true }).click();
await page.waitForURL(new RegExp(`/dashboard/participants/${out.ann_id}(\\?.*)?$`));
out.blocked_after = (await api("GET", `/participants/${out.ann_id}`)).body.data.blocked_at;

// 7. "Approve selected" with nothing ticked stays on the review page and says so.
await go(`/dashboard/campaigns/${cfg.held_campaign_id}/review`);
await page.getByRole("button", { name: "Approve selected" }).click();
await page.waitForURL(`**/dashboard/campaigns/${cfg.held_campaign_id}/review?**`);
out.empty_status = (await page.request.get(page.url())).status();
out.empty_notice = await notice();
out.held_left = await page.locator("article.held").count();

out.dialogs = dialogs;
out.errors = errors;
clearTimeout(deadline);
await browser.close();
console.log(JSON.stringify(out));
