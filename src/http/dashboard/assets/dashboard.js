// The dashboard's script: copy buttons, upload progress and the reader's time zone on the
// analytics pages. Every page works without it.
// A button with data-copy="<id>" copies the text of the element with that id.
(function () {
  "use strict";
  function copy(button) {
    var source = document.getElementById(button.getAttribute("data-copy"));
    if (!source) return;
    var text = "value" in source && source.tagName !== "CODE" ? source.value : source.textContent;
    var done = function () {
      var label = button.textContent;
      button.textContent = "Copied";
      button.setAttribute("aria-live", "polite");
      setTimeout(function () { button.textContent = label; }, 1500);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, function () { select(source); });
    } else {
      select(source);
    }
  }
  // Where the clipboard is not ours to write, select the text so the member can copy it.
  function select(source) {
    if (source.select) { source.select(); return; }
    var range = document.createRange();
    range.selectNodeContents(source);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-copy]") : null;
    if (button) copy(button);
  });
})();

// File uploads (form[data-upload]) show their progress: the form is sent by a request of
// ours, and the page it answers with replaces this one. Without this script the browser
// posts the form itself, and the same page comes back.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-upload") || !window.FormData) return;
    event.preventDefault();
    var bar = form.querySelector("progress");
    var button = form.querySelector("button[type=submit]");
    var request = new XMLHttpRequest();
    request.open("POST", form.action);
    request.responseType = "document";
    request.setRequestHeader("Accept", "text/html");
    if (bar) { bar.hidden = false; bar.value = 0; }
    if (button) { button.disabled = true; button.textContent = "Uploading…"; }
    request.upload.onprogress = function (e) {
      if (bar && e.lengthComputable) bar.value = Math.round((e.loaded / e.total) * 100);
    };
    request.onload = function () {
      var page = request.response;
      if (!page || !page.body) { request.onerror(); return; }
      document.title = page.title;
      document.body.replaceWith(document.adoptNode(page.body));
      var result = document.getElementById("result");
      if (result && result.scrollIntoView) result.scrollIntoView();
    };
    request.onerror = function () {
      if (button) { button.disabled = false; button.textContent = "Upload"; }
      if (bar) bar.hidden = true;
      alert("The upload did not get an answer. Reload the page to see the pool, then try again if needed.");
    };
    request.send(new FormData(form));
  });
})();

// Live preview: a form with data-preview="<iframe id>" points that frame at its current
// settings (the fields named with its data-preview-prefix, widget_ unless given) a moment
// after each change.
(function () {
  "use strict";
  var timer = null;
  function prefix(form) { return form.getAttribute("data-preview-prefix") || "widget_"; }
  function refresh(form) {
    var frame = document.getElementById(form.getAttribute("data-preview"));
    if (!frame) return;
    var query = new URLSearchParams();
    Array.prototype.forEach.call(form.elements, function (field) {
      if (field.name && field.name.indexOf(prefix(form)) === 0) query.append(field.name, field.value);
    });
    var src = frame.getAttribute("data-base") + "?" + query.toString();
    // A field's change event (on leaving it) repeats its input event: reload only when a
    // setting really changed, so the preview keeps what was typed into it.
    if (frame.getAttribute("data-shown") === src) return;
    frame.setAttribute("data-shown", src);
    frame.src = src;
  }
  function changed(event) {
    var form = event.target.form;
    if (!form || !form.hasAttribute("data-preview") || event.target.name.indexOf(prefix(form)) !== 0) return;
    clearTimeout(timer);
    timer = setTimeout(function () { refresh(form); }, 300);
  }
  document.addEventListener("input", changed);
  document.addEventListener("change", changed);
})();

// Times (time[datetime], written in UTC by the server) shown in the reader's own time zone,
// in the same words: "27 Nov 2026, 21:01". The exact time stays in the title.
(function () {
  "use strict";
  var months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function local() {
    var times = document.querySelectorAll("time[datetime]");
    for (var i = 0; i < times.length; i++) {
      var at = new Date(times[i].getAttribute("datetime"));
      if (isNaN(at.getTime())) continue;
      times[i].textContent = at.getDate() + " " + months[at.getMonth()] + " " + at.getFullYear() + ", " +
        two(at.getHours()) + ":" + two(at.getMinutes());
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", local);
  else local();
})();

// "Select all on this page": a checkbox with data-select-all="<name>" ticks or clears every
// checkbox of that name. Without the script each row is ticked by hand.
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var all = event.target;
    if (!all.hasAttribute || !all.hasAttribute("data-select-all")) return;
    var boxes = document.querySelectorAll("input[type=checkbox][name='" + all.getAttribute("data-select-all") + "']");
    for (var i = 0; i < boxes.length; i++) boxes[i].checked = all.checked;
  });
})();

// The analytics pages (form[data-reader-zone]): a first visit, without tz=, goes to the same
// page in the reader's own time zone. Without this script the page shows UTC, and says so.
(function () {
  "use strict";
  if (!document.querySelector("form[data-reader-zone]")) return;
  var params = new URLSearchParams(location.search);
  if (params.has("tz")) return;
  var zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { return; }
  if (!zone || zone === "UTC") return;
  params.set("tz", zone);
  location.replace(location.pathname + "?" + params.toString() + location.hash);
})();
