// The header on a phone: the navigation, your profile and Log out fold behind a Menu button, so the header is two
// rows (the brand, search and Menu; New entry and Notifications) instead of four. Without this script, or on a
// wider screen (the stylesheet decides), everything shows as it is.
(function () {
  "use strict";

  const header = document.querySelector('[data-role="site-header"]');
  const toggle = header ? header.querySelector('[data-role="menu-toggle"]') : null;
  if (!header || !toggle) return;

  function show(open) {
    header.dataset.menu = open ? "open" : "closed";
    toggle.setAttribute("aria-expanded", String(open));
  }

  toggle.hidden = false;
  show(false);
  toggle.addEventListener("click", () => show(header.dataset.menu !== "open"));
  header.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || header.dataset.menu !== "open") return;
    show(false);
    toggle.focus();
  });
})();
