/* referrals widget frame: the signup form, then the participant's own reward (a referred
   friend on a two-way campaign), referral link, copy and share buttons, progress toward the
   next reward or tier, their place on the waitlist, and the public leaderboard. Every value
   from the server is set as text, never as markup. */
(function () {
  "use strict";
  var d = document, C = JSON.parse(d.getElementById("referrals-config").textContent), app = d.getElementById("app");
  // The page's words in its language (`C.t`, from the server's translations): values in
  // braces are filled in one pass, so a name or a reward never fills another placeholder.
  var L = C.lang || "en", TX = C.t || {};
  function fill(text, vars) {
    return String(text).replace(/\{(\w+)\}/g, function (m, k) { return Object.prototype.hasOwnProperty.call(vars, k) ? vars[k] : m; });
  }
  function T(id, vars) { return fill(TX[id] || id, vars || {}); }
  // A counted message: the form of `n`'s plural category in the page's language.
  function P(id, n, vars) {
    var forms = TX[id] || {}, form = forms[new Intl.PluralRules(L).select(n)] || forms.other || forms[Object.keys(forms)[0]] || id;
    var all = { n: n.toLocaleString(L) };
    Object.keys(vars || {}).forEach(function (k) { all[k] = vars[k]; });
    return fill(form, all);
  }
  var SHARES = [
    ["email", T("widget-share-email"), function (l) { return "mailto:?subject=" + encodeURIComponent(C.headline) + "&body=" + encodeURIComponent(l); }],
    ["twitter", "X", function (l) { return "https://twitter.com/intent/tweet?url=" + encodeURIComponent(l); }],
    ["facebook", "Facebook", function (l) { return "https://www.facebook.com/sharer/sharer.php?u=" + encodeURIComponent(l); }],
    ["linkedin", "LinkedIn", function (l) { return "https://www.linkedin.com/sharing/share-offsite/?url=" + encodeURIComponent(l); }],
    ["whatsapp", "WhatsApp", function (l) { return "https://wa.me/?text=" + encodeURIComponent(l); }],
    ["telegram", "Telegram", function (l) { return "https://t.me/share/url?url=" + encodeURIComponent(l); }]
  ];
  d.documentElement.style.setProperty("--primary", C.color);

  function el(tag, attrs, text) {
    var e = d.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text != null) e.textContent = text;
    return e;
  }
  function call(method, path, body) {
    return fetch(C.api + path, {
      method: method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
      keepalive: true
    }).then(function (r) { return r.json().then(function (j) { return { status: r.status, body: j }; }); });
  }
  // The content's own height (the document's is never less than the frame's).
  function resize() { parent.postMessage({ type: "referrals:height", height: Math.ceil(app.getBoundingClientRect().bottom) + 4 }, "*"); }
  function store(p) { try { localStorage.setItem("referrals:" + C.campaign_id, JSON.stringify(p)); } catch (e) { /* storage may be blocked in frames */ } }
  function stored() { try { return JSON.parse(localStorage.getItem("referrals:" + C.campaign_id)); } catch (e) { return null; } }
  // The same code with another social type, so each network's visits are told apart.
  function codeFor(code, social) {
    var parts = atob(code.replace(/-/g, "+").replace(/_/g, "/")).split(":");
    parts[1] = social;
    return btoa(parts.join(":"));
  }

  // The campaign's public leaderboard (when it has one) as an ordered list, in `box`.
  function leaderboard(box) {
    if (!C.leaderboard) return;
    call("GET", "/leaderboard?campaign=" + C.campaign_id + "&limit=5").then(function (r) {
      if (r.status !== 200 || !r.body.data.leaders.length) return;
      var list = el("ol", { class: "leaders" });
      r.body.data.leaders.forEach(function (l) {
        var row = el("li", { "data-leader": String(l.rank) });
        row.append(el("span", {}, l.name), el("strong", {}, P("widget-friends", l.referrals)));
        list.append(row);
      });
      box.replaceChildren(el("h2", {}, T("widget-top-referrers")), list);
      resize();
    }, function () {});
  }

  // Where the participant stands in line, or that they were let in.
  function waitlist(box, w) {
    if (!w) return;
    if (w.admitted_at) {
      box.textContent = T("widget-off-waitlist");
    } else {
      box.textContent = T("widget-position", { position: w.position.toLocaleString(L) }) + " \u00b7 " + P("widget-behind", w.behind);
      if (C.places_per_referral) {
        box.append(el("small", {}, P("widget-moves-up", C.places_per_referral)));
      }
    }
  }

  // What the next tier gives, in a few words.
  function tierReward(t) {
    if (t.reward_type === 1) return T("widget-tier-coupon");
    if (t.reward_type === 5) return T("widget-tier-cash", { amount: t.reward_value });
    return t.reward_value;
  }

  function form() {
    app.replaceChildren();
    var f = el("form", { novalidate: "" }), error = el("p", { class: "error", role: "alert" });
    var name = el("input", { name: "name", type: "text", placeholder: T("widget-name-placeholder"), autocomplete: "name", maxlength: "200" });
    var email = el("input", { name: "email", type: "email", placeholder: "you@example.com", autocomplete: "email", required: "" });
    var submit = el("button", { type: "submit" }, C.button);
    f.append(el("label", {}, T("widget-name-label")), name, el("label", {}, T("widget-email-label")), email, submit, error);
    var leaders = el("section", { "data-leaderboard": "" });
    app.append(el("h1", {}, C.headline));
    // The reward on offer, before anyone signs up.
    if (C.offer) app.append(el("p", { class: "offer", "data-offer": "" }, C.offer));
    app.append(f, leaders);
    leaderboard(leaders);
    f.addEventListener("submit", function (e) {
      e.preventDefault();
      // The dashboard's preview shows the form as visitors see it, and signs nobody up.
      if (C.preview) { error.textContent = T("widget-preview-only"); return; }
      submit.disabled = true;
      error.textContent = "";
      // The language the visitor read the form in: their emails will be written in it.
      var body = { campaign_id: C.campaign_id, email: email.value, name: name.value, language: L };
      if (C.ref) body.ref = C.ref;
      call("POST", "/signup", body).then(function (r) {
        submit.disabled = false;
        if (r.status === 201 && r.body.success) {
          var p = r.body.data.participant;
          p.name = name.value.trim();
          // Kept with the link, so the friend still sees their code when the page comes back.
          p.reward = r.body.data.reward || null;
          store(p);
          joined(p);
        } else {
          error.textContent = (r.body && r.body.error) || T("widget-error");
        }
      }, function () { submit.disabled = false; error.textContent = T("widget-offline"); });
    });
    resize();
  }

  // The friend's own reward: the code (with a copy button), amount or message, or word that a
  // code is on its way while the pool is empty.
  function rewardBox(r) {
    var box = el("div", { class: "reward", "data-reward": r.type, "data-reward-status": r.status || "" });
    if (r.status === "voided") {
      box.append(el("p", {}, T("widget-reward-withdrawn")));
      return box;
    }
    if (r.value == null) {
      box.append(el("p", {}, T("widget-reward-on-its-way")));
      return box;
    }
    var label = T({ coupon: "widget-your-coupon", message: "widget-a-message" }[r.type] || "widget-your-reward");
    var value = el("strong", { "data-reward-value": "" }, r.value);
    box.append(el("p", {}, label), value);
    if (r.type === "coupon") {
      var copy = el("button", { type: "button", "data-copy-reward": "" }, T("widget-copy-code"));
      copy.addEventListener("click", function () {
        navigator.clipboard.writeText(r.value).then(function () { copy.textContent = T("widget-copied"); }, function () {});
      });
      box.append(copy);
    }
    return box;
  }

  function joined(p) {
    app.replaceChildren();
    // An address reads left to right in every language.
    var link = el("input", { type: "text", readonly: "", dir: "ltr", "aria-label": T("widget-your-link"), "data-referral-link": "" });
    link.value = p.referral_link;
    var copy = el("button", { type: "button", "data-copy": "" }, T("widget-copy"));
    copy.addEventListener("click", function () {
      navigator.clipboard.writeText(p.referral_link).then(function () { copy.textContent = T("widget-copied"); },
        function () { link.select(); copy.textContent = T("widget-press-ctrl-c"); });
    });
    var shares = el("div", { class: "shares" });
    SHARES.forEach(function (s) {
      var code = codeFor(p.referral_code, s[0]);
      var a = el("a", { href: s[2](C.site + "/r/" + code), target: "_blank", rel: "noopener noreferrer", "data-share": s[0] }, s[1]);
      a.addEventListener("click", function () { call("POST", "/share", { referral_code: code }).catch(function () {}); });
      shares.append(a);
    });
    var progress = el("p", { class: "progress", "data-progress": "" });
    var line = el("p", { class: "waitlist", "data-waitlist": "" });
    var leaders = el("section", { "data-leaderboard": "" });
    app.append(el("h1", {}, p.name ? T("widget-welcome", { name: p.name }) : T("widget-you-are-in")));
    var box = p.reward ? rewardBox(p.reward) : null;
    if (box) app.append(box);
    // A reward shown without its value (held for review, or waiting for a coupon) is read
    // again with its claim while the page stays open (every 5 s for a minute, then every
    // 30 s, for half an hour at most) and when the visitor comes back, where the browser
    // lets the frame remember them: once approved or filled, the code shows.
    var started = Date.now();
    function recheck() {
      if (!p.reward || p.reward.value != null || p.reward.status === "voided" || !p.reward.claim) return;
      call("GET", "/reward?claim=" + encodeURIComponent(p.reward.claim)).then(function (r) {
        if (r.status === 200 && r.body.data) {
          p.reward = r.body.data;
          store(p);
          var fresh = rewardBox(p.reward);
          if (box) box.replaceWith(fresh); else app.insertBefore(fresh, app.children[1] || null);
          box = fresh;
          resize();
        }
        if (r.status === 404) return; // gone (its campaign deleted): nothing more to show
        var waited = Date.now() - started;
        if (waited < 30 * 60 * 1000) setTimeout(recheck, waited < 60 * 1000 ? 5000 : 30000);
      }, function () {});
    }
    recheck();
    app.append(line, el("p", {}, T("widget-share-prompt")),
      el("div", { class: "link" }, null), shares, progress, leaders);
    leaderboard(leaders);
    app.querySelector(".link").append(link, copy);
    call("GET", "/progress?code=" + encodeURIComponent(p.referral_code)).then(function (r) {
      if (r.status !== 200) return;
      var g = r.body.data;
      var joined = P("widget-friends-joined", g.referrals) + " \u00b7 ";
      // A tiered campaign counts toward its next tier; past the last, every reward is earned.
      var target = g.next_tier ? g.next_tier.referrals : g.goal, left = g.next_reward_in;
      if (left === null) {
        progress.textContent = joined + T("widget-every-reward-earned");
        target = 1; left = 0;
      } else if (g.next_tier) {
        progress.textContent = joined + P("widget-more-for-tier", left, { target: target.toLocaleString(L), reward: tierReward(g.next_tier) });
      } else {
        progress.textContent = joined + P("widget-more-for-next", left);
      }
      var bar = el("div", { class: "bar" }), fill = el("span");
      fill.style.width = Math.round(100 * (target - left) / target) + "%";
      bar.append(fill);
      progress.append(bar);
      waitlist(line, g.waitlist);
      resize();
    }, function () {});
    resize();
  }

  if (!C.preview) call("POST", "/impression", { campaign_id: C.campaign_id }).catch(function () {});
  var known = C.preview ? null : stored();
  if (known && known.referral_link && known.referral_code) joined(known); else form();
  addEventListener("resize", resize);
})();
