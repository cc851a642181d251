// The unread count in the header, kept current over server-sent events on every page of a signed-in visitor, and
// new notifications added to the top of the notifications page without a reload.
(() => {
  "use strict";
  const badge = document.querySelector('[data-role="unread-count"]');
  if (!badge || typeof EventSource === "undefined") return;
  const list = document.querySelector('ol[data-role="notifications"]');
  // Only the first page of notifications is live; an older page would put new ones among old ones.
  const listIsLive = list && !new URLSearchParams(location.search).has("max_id");

  function showCount(count) {
    badge.textContent = String(count);
    badge.dataset.count = String(count);
    badge.setAttribute("aria-label", `${count} unread`);
  }

  function add(notification) {
    if (!listIsLive || !notification || !notification.id) return;
    if (list.querySelector(`li[data-notification-id="${CSS.escape(String(notification.id))}"]`)) return;
    const item = document.createElement("li");
    item.dataset.notificationId = String(notification.id);
    item.dataset.kind = String(notification.kind || "");
    item.className = "unread";
    // Text only: a summary holds people's names, which are never markup.
    item.textContent = String(notification.summary || "");
    list.prepend(item);
    const empty = document.querySelector('[data-role="empty"]');
    if (empty) empty.remove();
    const status = document.querySelector('[data-role="notifications-status"]');
    if (status) status.textContent = "New notifications arrived; reload to mark them read.";
  }

  const source = new EventSource("/api/qwinkle/v1/streaming/notifications", { withCredentials: true });
  // The badge says whether it is live, for tests; EventSource reconnects by itself with Last-Event-ID.
  source.addEventListener("open", () => { badge.dataset.live = "open"; });
  source.addEventListener("error", () => { badge.dataset.live = "reconnecting"; });
  source.addEventListener("unread", (event) => {
    try {
      const body = JSON.parse(event.data);
      if (body && Number.isInteger(body.unread_count)) showCount(body.unread_count);
    } catch (_) {
      // Not a count; ignore it.
    }
  });
  source.addEventListener("notification", (event) => {
    try {
      add(JSON.parse(event.data));
    } catch (_) {
      // Not a notification; ignore it.
    }
  });
  window.addEventListener("pagehide", () => source.close());
})();
