// The participant portal's buttons: copy the referral link, and the device's own share
// sheet where it has one. The page works without this script; it only adds convenience.
"use strict";
document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const field = document.querySelector(button.getAttribute("data-copy"));
  if (!field) return;
  try {
    if (navigator.share && matchMedia("(pointer: coarse)").matches) {
      await navigator.share({ url: field.value });
      return;
    }
    await navigator.clipboard.writeText(field.value);
  } catch (_) {
    field.select();
    document.execCommand("copy");
  }
  // The page's own words, in its language.
  const label = button.textContent;
  button.textContent = button.getAttribute("data-copied") || label;
  setTimeout(() => { button.textContent = label; }, 2000);
});
