// Live timelines: each event of the page's stream carries the entry's article as this page shows it, so a new entry
// is added at the top and a changed one (an edit, a restored revision) replaced where it stands, without a reload and
// without asking the server again.
(() => {
  "use strict";
  const list = document.querySelector('ol[data-role="timeline"][data-stream]');
  if (!list || typeof EventSource === "undefined") return;
  // Only the first page is live; a page further down ("load more") would put new entries among old ones.
  if (new URLSearchParams(location.search).has("max_id")) return;

  const status = document.querySelector('[data-role="live-status"]');
  const empty = document.querySelector('[data-role="empty"]');
  let arrived = 0;

  function add(article) {
    if (Qwinkle.articleFor(article.dataset.entryId, list)) return;
    const item = document.createElement("li");
    item.append(article);
    list.prepend(item);
    if (empty) empty.remove();
    arrived += 1;
    if (status) status.textContent = arrived === 1 ? "1 new entry" : `${arrived} new entries`;
  }

  Qwinkle.followArticles(list, add);
})();
