// The dashboard's only script: copy buttons. Every page works without it.
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
