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

  function articleFor(id) {
    return list.querySelector(`article[data-entry-id="${CSS.escape(id)}"]`);
  }

  // The article an event carries, parsed but not yet on the page.
  function parsed(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    const article = template.content.querySelector("article[data-entry-id]");
    return article && article.dataset.entryId ? article : null;
  }

  function add(html) {
    const article = parsed(html);
    if (!article || articleFor(article.dataset.entryId)) return;
    const item = document.createElement("li");
    item.append(article);
    list.prepend(item);
    if (empty) empty.remove();
    arrived += 1;
    if (status) status.textContent = arrived === 1 ? "1 new entry" : `${arrived} new entries`;
  }

  function replace(html) {
    const article = parsed(html);
    const shown = article && articleFor(article.dataset.entryId);
    if (shown) shown.replaceWith(article);
  }

  function remove(id) {
    const article = articleFor(id);
    if (article && article.parentElement) article.parentElement.remove();
  }

  const source = new EventSource(list.dataset.stream, { withCredentials: true });
  // The list says whether it is live, for people (styles) and for tests alike; EventSource reconnects by itself.
  source.addEventListener("open", () => { list.dataset.live = "open"; });
  source.addEventListener("error", () => { list.dataset.live = "reconnecting"; });
  source.addEventListener("entry", (event) => add(event.data));
  source.addEventListener("update", (event) => replace(event.data));
  source.addEventListener("delete", (event) => remove(String(event.data)));
  window.addEventListener("pagehide", () => source.close());
})();
