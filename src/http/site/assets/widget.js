/* referrals widget: renders one campaign's widget into the element #referrals-widget, and
   remembers the visits through partners' links (`ref=` or `via=`) in this site's own storage,
   so a signup on a later page is still that partner's referral (docs/widget.md).
   Served by GET /widget.js?campaign=<id>; the server fills in the settings below. */
(function (C) {
  "use strict";
  // The language the page asks for: `data-lang` on this script's tag or on the widget's
  // element; else the frame follows the visitor's browser, then the campaign's.
  var d = document, frames = [], script = d.currentScript;
  function el(tag, css, text) {
    var e = d.createElement(tag);
    if (css) e.style.cssText = css;
    if (text) e.textContent = text;
    return e;
  }
  function button(text, css) {
    var b = el("button", "background:" + C.color + ";color:#fff;border:0;border-radius:8px;padding:12px 20px;" +
      "font:600 15px system-ui,sans-serif;cursor:pointer;" + (css || ""), text);
    b.type = "button";
    return b;
  }
  // The visits through partners' links, oldest first: each {code, at}, at most 20, none
  // older than the longest window (365 days). The tracker (referral.js) keeps the same list.
  var KEY = "referrals:visits", DAY = 864e5, MOST = 20;
  function visits() {
    var now = Date.now(), list;
    try { list = JSON.parse(localStorage.getItem(KEY)); } catch (e) { list = null; }
    return (Array.isArray(list) ? list : []).filter(function (v) {
      return v && typeof v.code === "string" && v.code.length > 0 && v.code.length <= 512 &&
        typeof v.at === "number" && now - v.at < 365 * DAY && v.at <= now + DAY;
    });
  }
  // This page's partner link, if it is one, joins the list: opening the same link again within
  // a day is the same visit. Without storage (blocked), the page's own link still counts. A
  // link not already remembered within the window is a landing: reported once, so a partner's
  // readable link (`?ref=SAM20`) counts one click per visitor and window, not one per page.
  function remember() {
    var q = new URLSearchParams(location.search), code = (q.get("ref") || q.get("via") || "").trim();
    var list = visits(), newest = list[list.length - 1], now = Date.now();
    var known = list.some(function (v) { return v.code === code && now - v.at <= C.attribution.window_days * DAY; });
    if (code && code.length <= 512 && !known) {
      fetch(C.landing, { method: "POST", keepalive: true, headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ campaign_id: C.campaign_id, ref: code }) }).catch(function () {});
    }
    if (code && code.length <= 512 && !(newest && newest.code === code && now - newest.at < DAY)) {
      list.push({ code: code, at: now });
      list = list.slice(-MOST);
      try { localStorage.setItem(KEY, JSON.stringify(list)); } catch (e) { /* storage blocked */ }
    }
    return list;
  }
  // The code this campaign credits: of the visits within its window, the newest
  // (`last_click`) or the oldest (`first_click`); none after the window.
  function kept(list) {
    var now = Date.now(), A = C.attribution, live = list.filter(function (v) { return now - v.at <= A.window_days * DAY; });
    if (!live.length) return null;
    return (A.model === "first_click" ? live[0] : live[live.length - 1]).code;
  }
  var seen = remember();
  // For the page: the partner's code to hand to its own backend or to Stripe Checkout
  // (`client_reference_id`), or null.
  var api = window.referrals = window.referrals || {};
  api.code = function () { var list = visits(); return kept(list.length ? list : seen); };
  function frame(root) {
    var ref = kept(seen), f = d.createElement("iframe"), src = new URL(C.frame, location.href);
    var lang = (script && script.getAttribute("data-lang")) || root.getAttribute("data-lang");
    if (ref) src.searchParams.set("ref", ref);
    if (lang) src.searchParams.set("lang", lang);
    f.src = src.href;
    f.title = C.headline;
    f.setAttribute("allow", "clipboard-write");
    f.setAttribute("data-referrals-frame", "");
    f.style.cssText = "border:0;width:100%;height:420px;display:block;background:transparent";
    frames.push(f);
    return f;
  }
  // The frame reports its height so no scrollbar shows; only messages from our frames count.
  addEventListener("message", function (e) {
    if (e.origin !== C.origin || !e.data || e.data.type !== "referrals:height") return;
    frames.forEach(function (f) {
      if (f.contentWindow === e.source) f.style.height = Math.min(Math.max(+e.data.height || 0, 120), 2000) + "px";
    });
  });
  function mount(root) {
    root.setAttribute("data-referrals-mode", C.mode);
    if (C.mode === "popup") {
      var open = button(C.button), overlay = el("div", "position:fixed;inset:0;background:rgba(15,23,42,.55);" +
        "display:none;align-items:center;justify-content:center;z-index:2147483000"),
        box = el("div", "background:#fff;border-radius:12px;width:min(440px,92vw);position:relative;padding:8px"),
        close = el("button", "position:absolute;top:4px;right:8px;border:0;background:none;font-size:24px;cursor:pointer", "\u00d7");
      open.setAttribute("data-referrals-open", "");
      overlay.setAttribute("data-referrals-modal", "");
      overlay.setAttribute("role", "dialog");
      overlay.setAttribute("aria-modal", "true");
      close.setAttribute("aria-label", C.close);
      close.type = "button";
      var show = function (on) { overlay.style.display = on ? "flex" : "none"; };
      open.onclick = function () { show(true); };
      close.onclick = function () { show(false); };
      overlay.onclick = function (e) { if (e.target === overlay) show(false); };
      d.addEventListener("keydown", function (e) { if (e.key === "Escape") show(false); });
      box.append(close, frame(root));
      overlay.append(box);
      root.append(open);
      d.body.append(overlay);
    } else if (C.mode === "floating") {
      var bubble = button(C.button, "position:fixed;right:20px;bottom:20px;border-radius:999px;" +
        "box-shadow:0 6px 20px rgba(0,0,0,.25);z-index:2147483001"),
        panel = el("div", "position:fixed;right:20px;bottom:84px;width:min(380px,92vw);background:#fff;" +
          "border-radius:12px;box-shadow:0 12px 40px rgba(0,0,0,.3);display:none;padding:6px;z-index:2147483000");
      bubble.setAttribute("data-referrals-bubble", "");
      panel.setAttribute("data-referrals-panel", "");
      bubble.onclick = function () { panel.style.display = panel.style.display === "none" ? "block" : "none"; };
      panel.append(frame(root));
      d.body.append(panel, bubble);
    } else {
      root.append(frame(root));
    }
  }
  function start() {
    var root = d.getElementById("referrals-widget");
    if (root && !root.hasAttribute("data-referrals-mode")) mount(root);
  }
  if (d.readyState === "loading") d.addEventListener("DOMContentLoaded", start); else start();
})(__REFERRALS_CONFIG__);
