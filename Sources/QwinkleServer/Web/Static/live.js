// Live timelines: new entries arrive over server-sent events and are added to the top of the list without a reload.
(() => {
  "use strict";
  const list = document.querySelector('ol[data-role="timeline"][data-stream]');
  if (!list || typeof EventSource === "undefined") return;
  // Only the first page is live; a page further down ("load more") would put new entries among old ones.
  if (new URLSearchParams(location.search).has("max_id")) return;

  const status = document.querySelector('[data-role="live-status"]');
  const empty = document.querySelector('[data-role="empty"]');
  let arrived = 0;

  function articleFor(id) {
    return list.querySelector(`article[data-entry-id="${CSS.escape(id)}"]`);
  }

  async function add(id) {
    if (articleFor(id)) return;
    try {
      const response = await fetch(`/entries/${encodeURIComponent(id)}/article`, { credentials: "same-origin" });
      if (!response.ok) return;
      const html = await response.text();
      if (articleFor(id)) return;
      const item = document.createElement("li");
      item.innerHTML = html;
      list.prepend(item);
      if (empty) empty.remove();
      arrived += 1;
      if (status) status.textContent = arrived === 1 ? "1 new entry" : `${arrived} new entries`;
    } catch (_) {
      // A missed entry shows on the next reload; nothing else depends on it.
    }
  }

  function remove(id) {
    const article = articleFor(id);
    if (article && article.parentElement) article.parentElement.remove();
  }

  const source = new EventSource(list.dataset.stream, { withCredentials: true });
  // The list says whether it is live, for people (styles) and for tests alike; EventSource reconnects by itself.
  source.addEventListener("open", () => { list.dataset.live = "open"; });
  source.addEventListener("error", () => { list.dataset.live = "reconnecting"; });
  source.addEventListener("entry", (event) => {
    try {
      const entry = JSON.parse(event.data);
      if (entry && entry.id) add(String(entry.id));
    } catch (_) {
      // Not an entry; ignore it.
    }
  });
  source.addEventListener("delete", (event) => {
    try {
      const gone = JSON.parse(event.data);
      if (gone && gone.id) remove(String(gone.id));
    } catch (_) {
      // Not a deletion; ignore it.
    }
  });
  window.addEventListener("pagehide", () => source.close());
})();
