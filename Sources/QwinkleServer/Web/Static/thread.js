// An entry's page, live: each event of its thread's stream carries an article as the page shows it. A new reply goes
// under its parent (after the parent's own replies, as replies come oldest first), indented one step further up to
// the page's maximum; a reply whose parent is not on the page (or which the visitor may not know) is left out. A
// changed entry is replaced where it stands, and a removed one disappears.
(() => {
  "use strict";
  const list = document.querySelector('ol[data-role="thread-replies"][data-stream]');
  if (!list || typeof EventSource === "undefined") return;
  const root = list.dataset.root;
  const maxIndent = Number(list.dataset.maxIndent) || 4;

  function articleFor(id) {
    return document.querySelector(`article[data-entry-id="${CSS.escape(id)}"]`);
  }

  function parsed(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    const article = template.content.querySelector("article[data-entry-id]");
    return article && article.dataset.entryId ? article : null;
  }

  function indentOf(item) {
    return Number(item.dataset.indent) || 1;
  }

  function add(html) {
    const article = parsed(html);
    if (!article || articleFor(article.dataset.entryId)) return;
    const parentID = article.dataset.parentId;
    if (!parentID) return;
    let after = null;
    let indent = 1;
    if (parentID === root) {
      after = list.lastElementChild;
    } else {
      const parent = articleFor(parentID);
      const parentItem = parent && parent.parentElement;
      if (!parentItem || parentItem.parentElement !== list) return;
      const parentIndent = indentOf(parentItem);
      // The parent's replies are the items after it indented further; at the cap depth says no more, so the new
      // reply goes straight after the parent there.
      after = parentItem;
      if (parentIndent < maxIndent) {
        let next = parentItem.nextElementSibling;
        while (next && indentOf(next) > parentIndent) {
          after = next;
          next = next.nextElementSibling;
        }
      }
      indent = Math.min(parentIndent + 1, maxIndent);
    }
    const item = document.createElement("li");
    item.className = `indent-${indent}`;
    item.dataset.indent = String(indent);
    item.append(article);
    if (after) after.after(item);
    else list.append(item);
  }

  function replace(html) {
    const article = parsed(html);
    const shown = article && articleFor(article.dataset.entryId);
    if (!shown) return;
    // The entry's own article is fuller than a list's: keep it, and update only what lists show of replies.
    if (shown.classList.contains("entry-page")) return;
    shown.replaceWith(article);
  }

  function remove(id) {
    const article = articleFor(id);
    if (article && article.parentElement && article.parentElement.parentElement === list) article.parentElement.remove();
  }

  const source = new EventSource(list.dataset.stream, { withCredentials: true });
  source.addEventListener("open", () => { list.dataset.live = "open"; });
  source.addEventListener("error", () => { list.dataset.live = "reconnecting"; });
  source.addEventListener("entry", (event) => add(event.data));
  source.addEventListener("update", (event) => replace(event.data));
  source.addEventListener("delete", (event) => remove(String(event.data)));
  window.addEventListener("pagehide", () => source.close());
})();
