// What both browser tests share: Debian's Chromium launched headless (through
// playwright-core), and pages from which nothing may leave loopback (a share button opens
// a social network's page: that request is aborted, as is anything else off-machine), with
// every dialog and script error kept for the test to check.
import { chromium } from "playwright-core";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function launch(executablePath) {
  return chromium.launch({
    executablePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  });
}

// A fresh context (its own cookies and storage) that may use the clipboard on `origins`,
// and a page in it; `options` are the context's others (a reader's `timezoneId`).
export async function loopbackPage(browser, origins, viewport, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  for (const origin of origins) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (/^https?:$/.test(url.protocol) && !LOOPBACK.has(url.hostname)) return route.abort();
    return route.continue();
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const dialogs = [];
  page.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss(); });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return { context, page, dialogs, errors };
}
