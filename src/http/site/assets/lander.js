/* referrals lander: builds the landing page from its settings; every value is set as text
   or as a validated URL, never as markup. */
(function () {
  "use strict";
  var d = document, C = JSON.parse(d.getElementById("referrals-config").textContent), b = d.body;
  function el(tag, attrs, text) {
    var e = d.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text != null) e.textContent = text;
    return e;
  }
  b.className = "template-" + C.template;
  b.style.backgroundColor = C.background_color;
  if (C.background_image_url && C.template !== "minimal") b.style.backgroundImage = "url(" + JSON.stringify(C.background_image_url) + ")";
  b.style.fontFamily = C.body_font;
  var page = d.getElementById("app"), header = el("header");
  if (C.logo_url && C.template !== "minimal") header.append(el("img", { src: C.logo_url, alt: C.domain, class: "logo" }));
  var h1 = el("h1", {}, C.header_text);
  h1.style.fontFamily = C.heading_font;
  header.append(h1);
  if (/^https?:\/\//i.test(C.brand_url || ""))
    header.append(el("a", { href: C.brand_url, class: "brand-link", rel: "noopener" }, C.visit));
  // The frame in the page's language (its address names it), with the visit's referrer.
  var ref = new URLSearchParams(location.search).get("ref"), src = new URL(C.frame, location.href);
  if (ref) src.searchParams.set("ref", ref);
  var frame = el("iframe", { src: src.href, title: C.header_text, allow: "clipboard-write" });
  addEventListener("message", function (e) {
    if (e.source === frame.contentWindow && e.data && e.data.type === "referrals:height")
      frame.style.height = Math.min(Math.max(+e.data.height || 0, 120), 2000) + "px";
  });
  page.append(header, frame);
  if (C.footer_text) page.append(el("footer", {}, C.footer_text));
  if (C.social_urls.length) {
    var list = el("nav", { "aria-label": C.social_label || "Social links" });
    C.social_urls.forEach(function (u) {
      list.append(el("a", { href: u, rel: "noopener noreferrer nofollow", target: "_blank" }, new URL(u).hostname.replace(/^www\./, "")));
    });
    page.append(list);
  }
})();
