/* referrals tracker: tags every outbound link with ref=<data-domain> (default: this page's
   host) so the destination attributes the visit, and reports each outbound click with a
   beacon. Links keep going straight to their destination. On a brand's own site it also
   remembers a visit through a partner's link (`ref=` or `via=`) as widget.js does, so a
   widget on a later page credits that partner (docs/widget.md). Served by GET /referral.js. */
(function () {
  "use strict";
  var s = document.currentScript, here = location.hostname;
  if (!s) return;
  // The visit list widget.js reads (oldest first, at most 20, within 365 days); the same
  // link again within a day is the same visit.
  (function remember() {
    var KEY = "referrals:visits", DAY = 864e5, now = Date.now(), q = new URLSearchParams(location.search);
    var code = (q.get("ref") || q.get("via") || "").trim(), list;
    if (!code || code.length > 512) return;
    try { list = JSON.parse(localStorage.getItem(KEY)); } catch (e) { return; }
    list = (Array.isArray(list) ? list : []).filter(function (v) {
      return v && typeof v.code === "string" && typeof v.at === "number" && now - v.at < 365 * DAY && v.at <= now + DAY;
    });
    var newest = list[list.length - 1];
    if (newest && newest.code === code && now - newest.at < DAY) return;
    list.push({ code: code, at: now });
    try { localStorage.setItem(KEY, JSON.stringify(list.slice(-20))); } catch (e) { /* storage blocked */ }
  })();
  var domain = s.getAttribute("data-domain") || here, endpoint = new URL("../api/click", s.src).href;
  function outbound(a) {
    return a && a.href && /^https?:$/.test(a.protocol) && a.hostname && a.hostname !== here;
  }
  function tag(a) {
    if (!outbound(a)) return;
    try {
      var u = new URL(a.href);
      if (u.searchParams.has("ref")) return;
      u.searchParams.set("ref", domain);
      a.href = u.href;
    } catch (e) { /* leave a link we cannot parse alone */ }
  }
  function tagAll(root) {
    if (root.tagName === "A") tag(root);
    if (root.querySelectorAll) Array.prototype.forEach.call(root.querySelectorAll("a[href]"), tag);
  }
  tagAll(document);
  new MutationObserver(function (changes) {
    changes.forEach(function (c) {
      if (c.type === "attributes") tag(c.target);
      else c.addedNodes.forEach(function (n) { if (n.nodeType === 1) tagAll(n); });
    });
  }).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["href"] });
  document.addEventListener("click", function (e) {
    var a = e.target && e.target.closest && e.target.closest("a[href]");
    if (!outbound(a)) return;
    tag(a);
    var body = JSON.stringify({ from: domain, to: a.hostname });
    try {
      if (!navigator.sendBeacon(endpoint, new Blob([body], { type: "text/plain" }))) throw 0;
    } catch (x) {
      fetch(endpoint, { method: "POST", body: body, keepalive: true, mode: "no-cors" }).catch(function () {});
    }
  }, true);
})();
