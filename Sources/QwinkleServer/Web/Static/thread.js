// An entry's page, live: each event of its thread's stream carries an article as the page shows it. A new reply goes
// under its parent (after the parent's own replies, as replies come oldest first), indented one step further up to
// the page's maximum; a reply whose parent is not among the entry and its replies on the page (or which the visitor
// may not know) is left out. A changed reply is replaced where it stands, and a removed one disappears (the entry's
// own article and its ancestors', which show more than a list does, are left as they are).
(() => {
  "use strict";
  const list = document.querySelector('ol[data-role="thread-replies"][data-stream]');
  if (!list || typeof EventSource === "undefined") return;
  const root = list.dataset.root;
  const maxIndent = Number(list.dataset.maxIndent) || 4;

  function indentOf(item) {
    return Number(item.dataset.indent) || 1;
  }

  // The item a new reply to `parentID` goes after (`null`: at the end), and its indentation; `undefined` when the
  // parent is not on the page.
  function placeUnder(parentID) {
    if (parentID === root) return { after: null, indent: 1 };
    const parent = Qwinkle.articleFor(parentID, list);
    const parentItem = parent && parent.parentElement;
    if (!parentItem || parentItem.parentElement !== list) return undefined;
    const parentIndent = indentOf(parentItem);
    let after = parentItem;
    // The parent's replies are the items after it indented further. At the deepest indentation they cannot be told
    // from the parent's siblings, so there the reply goes straight after its parent.
    if (parentIndent < maxIndent) {
      for (let next = parentItem.nextElementSibling; next && indentOf(next) > parentIndent; next = next.nextElementSibling) {
        after = next;
      }
    }
    return { after, indent: Math.min(parentIndent + 1, maxIndent) };
  }

  function add(article) {
    if (Qwinkle.articleFor(article.dataset.entryId) || !article.dataset.parentId) return;
    const place = placeUnder(article.dataset.parentId);
    if (!place) return;
    const item = document.createElement("li");
    item.className = `indent-${place.indent}`;
    item.dataset.indent = String(place.indent);
    item.append(article);
    if (place.after) place.after.after(item);
    else list.append(item);
  }

  Qwinkle.followArticles(list, add);
})();
