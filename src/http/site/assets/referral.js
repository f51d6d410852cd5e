/* referrals tracker: tags every outbound link with ref=<data-domain> (default: this page's
   host) so the destination attributes the visit, and reports each outbound click with a
   beacon. Links keep going straight to their destination. Served by GET /referral.js. */
(function () {
  "use strict";
  var s = document.currentScript, here = location.hostname;
  if (!s) return;
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
