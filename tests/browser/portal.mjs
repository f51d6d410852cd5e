// Browser half of the portal test in tests/browser.rs, in two steps (argv[2] is the setup,
// with `step`), since the sign-in link travels by email in between:
// - "ask": Ann opens her campaign's portal and asks for a sign-in link.
// - "enter": Ann opens the link from the email, signs in, and reads her page: the referral
//   link (copied with the button), the QR code (drawn on a canvas and decoded with jsQR),
//   the people she referred, her rewards and balance; the same link is refused in another
//   browser; Bob, signed in by the member API's link, never sees Ann's data.
// Prints one JSON object of what it saw. Any failure exits 1.
import assert from "node:assert/strict";
import path from "node:path";
import jsQR from "jsqr";
import { launch, loopbackPage } from "./chromium.mjs";

const cfg = JSON.parse(process.argv[2]);
const out = {};
const deadline = setTimeout(() => { console.error("portal browser test took over 90 s"); process.exit(1); }, 90_000);
const browser = await launch(cfg.chromium);
const portal = `${cfg.site}/p/${cfg.campaign_id}`;
// The portal's own pages, whatever their query (`?lang=`).
const portalPage = (url) => url.origin + url.pathname === portal;
const violations = [];
const watch = (page) => page.on("console", (m) => {
  if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text());
});

if (cfg.step === "ask") {
  const ann = await loopbackPage(browser, [cfg.site], { width: 390, height: 800 });
  watch(ann.page);
  await ann.page.goto(portal);
  await ann.page.getByLabel("Email").fill(cfg.email);
  await ann.page.getByRole("button", { name: "Email me a sign-in link" }).click();
  out.asked = await ann.page.locator("h1").textContent();
  await ann.page.screenshot({ path: path.join(cfg.screenshots, "portal-sign-in.png"), fullPage: true });
} else {
  // Ann follows her link: a button, then her page.
  const ann = await loopbackPage(browser, [cfg.site], { width: 1000, height: 900 });
  watch(ann.page);
  await ann.page.goto(cfg.link);
  await ann.page.getByRole("button", { name: "Continue to your rewards" }).click();
  await ann.page.waitForURL(portalPage);
  out.greeting = await ann.page.locator("h1").textContent();
  out.link = await ann.page.locator("#referral-link").inputValue();
  await ann.page.getByRole("button", { name: "Copy" }).click();
  out.copied = await ann.page.evaluate(() => navigator.clipboard.readText());
  out.referred = await ann.page.locator("ul.people li").allTextContents();
  out.rewards = await ann.page.locator("article.reward .value").allTextContents();
  out.balance = await ann.page.locator("p.balance").textContent();
  out.cookie_visible_to_scripts = await ann.page.evaluate(() => document.cookie.includes("referrals_portal"));

  // The QR code, as the page shows it, read back by a decoder.
  const image = await ann.page.evaluate(async () => {
    const img = document.querySelector("img.qr");
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = 400;
    canvas.height = 400;
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, 400, 400);
    ctx.drawImage(img, 0, 0, 400, 400);
    return Array.from(ctx.getImageData(0, 0, 400, 400).data);
  });
  const decoded = jsQR(Uint8ClampedArray.from(image), 400, 400);
  assert.ok(decoded, "the QR code decodes");
  out.qr = decoded.data;
  await ann.page.screenshot({ path: path.join(cfg.screenshots, "portal.png"), fullPage: true });

  // The same link, in another browser: used up.
  const other = await loopbackPage(browser, [cfg.site], { width: 1000, height: 900 });
  const again = await other.page.goto(cfg.link);
  out.second_use_status = again.status();
  out.second_use_title = await other.page.locator("h1").textContent();

  // Bob signs in with his own link: his page, none of Ann's data; Ann's QR code is not his.
  const bob = await loopbackPage(browser, [cfg.site], { width: 1000, height: 900 });
  watch(bob.page);
  await bob.page.goto(cfg.bob_link);
  await bob.page.getByRole("button", { name: "Continue to your rewards" }).click();
  await bob.page.waitForURL(portalPage);
  out.bob_link = await bob.page.locator("#referral-link").inputValue();
  out.bob_sees_ann = (await bob.page.content()).includes(out.link);
  const bobQr = await bob.page.request.get(`${portal}/qr.svg`);
  out.bob_qr_is_anns = (await bobQr.text()) === (await ann.page.request.get(`${portal}/qr.svg`).then((r) => r.text()));

  // Ann signs out: her page asks for an email again.
  await ann.page.getByRole("button", { name: "Sign out" }).click();
  await ann.page.waitForURL(portalPage);
  out.after_sign_out = await ann.page.getByRole("button", { name: "Email me a sign-in link" }).count();
  for (const p of [ann, bob]) assert.deepEqual(p.errors, [], "no script errors");
}
out.violations = violations;
console.log(JSON.stringify(out));
clearTimeout(deadline);
await browser.close();
