// The dreams list: Share / select / Done / Cancel, Duplicate, Delete, and undo / redo (talk 001).
//
// Two values hold the page's truth and one render() derives the page from them:
// - `mode`, one enum-like value. Leaving a mode drops its data with it, so Cancel cannot leave a selection
//   behind (the talk's bug, where the checkboxes stayed after going back to viewing).
// - `list`, the whole list as one array of {id, data, html}. Undo restores the previous whole value and the DOM
//   follows from a diff of the old and new arrays by id, so nothing is re-rendered that did not change.
(function () {
  "use strict";

  const root = document.querySelector('[data-role="dreams"]');
  if (!root) return;
  const listElement = root.querySelector('[data-role="dream-list"]');
  if (!listElement) return;

  // The undo history and the list diff live in undo.js and listdiff.js (loaded before this file), where node can
  // test them against Swift.
  const Undo = window.QwinkleUndo;
  const ListDiff = window.QwinkleListDiff;

  const button = (action) => root.querySelector(`[data-action="${action}"]`);
  const shareButton = button("share");
  const cancelButton = button("cancel");
  const doneButton = button("done");
  const undoButton = button("undo");
  const redoButton = button("redo");
  const statusElement = root.querySelector('[data-role="dreams-status"]');
  const sheet = root.querySelector('[data-role="share-sheet"]');
  const shareLinks = root.querySelector('[data-role="share-links"]');

  function say(message) {
    if (statusElement) statusElement.textContent = message;
  }

  // ---------------------------------------------------------------------------------------------------------
  // The list model.

  function parseData(text) {
    try {
      const data = JSON.parse(text || "null");
      return data && typeof data === "object" ? data : null;
    } catch (_) {
      return null;
    }
  }

  function itemElements() {
    return Array.from(listElement.children).filter((child) => child.matches("li[data-entry-id]"));
  }

  function itemElement(id) {
    return itemElements().find((element) => element.dataset.entryId === id) || null;
  }

  function readItem(element) {
    const article = element.querySelector("article[data-entry-id]");
    return {
      id: element.dataset.entryId,
      data: parseData(article ? article.getAttribute("data-entry") : null),
      html: element.outerHTML,
    };
  }

  let list = Object.freeze(itemElements().map(readItem));

  // An id is rewritten only where it stands alone, so "12" is never changed inside "123".
  function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }

  function rewriteHTML(html, oldID, newID) {
    const template = document.createElement("template");
    template.innerHTML = html;
    const pattern = new RegExp(`(^|[^A-Za-z0-9_-])${escapeRegExp(oldID)}(?![A-Za-z0-9_-])`, "g");
    for (const element of template.content.querySelectorAll("*")) {
      for (const attribute of Array.from(element.attributes)) {
        // The entry's content (data-entry) holds no id of its own and must stay exactly as written.
        if (attribute.name === "data-entry") continue;
        const value = attribute.value.replace(pattern, (_, before) => before + newID);
        if (value !== attribute.value) element.setAttribute(attribute.name, value);
      }
    }
    return template.innerHTML;
  }

  // ---------------------------------------------------------------------------------------------------------
  // The mode: {kind: "browsing", sharing: null | [ids]} or {kind: "selecting", selected: Set<id>}.
  // The share sheet belongs to browsing (it opens on Done and holds the ids shared), so Share, which leaves
  // browsing, closes it without anyone remembering to.

  const browsing = (sharing = null) => Object.freeze({ kind: "browsing", sharing });
  const selecting = (selected = new Set()) => Object.freeze({ kind: "selecting", selected });

  let mode = browsing();

  // Dreams can leave the list (Delete, Undo) while they are selected or shared; the mode keeps only those left.
  function modeFor(value) {
    const ids = new Set(value.map((item) => item.id));
    if (mode.kind === "selecting") return selecting(new Set([...mode.selected].filter((id) => ids.has(id))));
    if (mode.sharing) {
      const sharing = mode.sharing.filter((id) => ids.has(id));
      return browsing(sharing.length > 0 ? sharing : null);
    }
    return mode;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Undo history and server work.

  let undoHistory = Undo.history();
  let busy = false;
  let queue = Promise.resolve();

  // Server operations run one at a time, in the order asked for, on one promise chain.
  function enqueue(operation) {
    const run = queue.then(async () => {
      busy = true;
      render();
      try {
        await operation();
      } catch (error) {
        say(error instanceof Error ? error.message : "Something went wrong. Please try again.");
      } finally {
        busy = false;
        render();
      }
    });
    queue = run;
    return run;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Rendering.

  let renderedSheet = "";

  function shareLinkText(item) {
    const body = item.data && typeof item.data.body === "string" ? item.data.body.trim().replace(/\s+/g, " ") : "";
    if (body === "") return `Download the card of dream ${item.id}`;
    const characters = Array.from(body);
    const excerpt = characters.length > 60 ? `${characters.slice(0, 59).join("")}…` : body;
    return `Download the card of “${excerpt}”`;
  }

  function renderSheet() {
    if (!sheet) return;
    const ids = mode.kind === "browsing" && mode.sharing ? mode.sharing : null;
    sheet.hidden = ids === null;
    const key = ids ? JSON.stringify(ids) : "";
    // Rebuilt only when the ids change, so a focused link is not replaced under the keyboard.
    if (!shareLinks || key === renderedSheet) return;
    renderedSheet = key;
    const links = (ids || []).map((id) => {
      const item = list.find((entry) => entry.id === id);
      const link = document.createElement("a");
      link.href = `/api/qwinkle/v1/entries/${encodeURIComponent(id)}/card.svg`;
      link.download = `dream-${id}.svg`;
      link.textContent = item ? shareLinkText(item) : `Download the card of dream ${id}`;
      const entry = document.createElement("li");
      entry.append(link);
      return entry;
    });
    shareLinks.replaceChildren(...links);
  }

  function render() {
    const isSelecting = mode.kind === "selecting";
    root.dataset.mode = mode.kind;

    if (shareButton) shareButton.hidden = isSelecting;
    if (cancelButton) cancelButton.hidden = !isSelecting;
    if (doneButton) {
      doneButton.hidden = !isSelecting;
      doneButton.disabled = !(isSelecting && mode.selected.size > 0);
    }
    if (undoButton) undoButton.disabled = busy || !Undo.canUndo(undoHistory);
    if (redoButton) redoButton.disabled = busy || !Undo.canRedo(undoHistory);
    root.setAttribute("aria-busy", String(busy));

    for (const element of itemElements()) {
      const id = element.dataset.entryId;
      const label = element.querySelector("label.select");
      if (label) label.hidden = !isSelecting;
      const checkbox = element.querySelector('input[data-role="select"]');
      if (checkbox) checkbox.checked = isSelecting && mode.selected.has(id);
    }

    renderSheet();
  }

  function elementFromHTML(html) {
    const template = document.createElement("template");
    template.innerHTML = html.trim();
    const element = template.content.firstElementChild;
    return element && element.matches("li[data-entry-id]") ? element : null;
  }

  // Brings the DOM from `oldValue` to `newValue` by id: removes the items that left, inserts the new ones at
  // their places, and leaves every other element (and its focus, images and state) alone. Returns the old index
  // of a removed item that held the focus, or −1, so the caller can put the focus somewhere sensible.
  function patch(oldValue, newValue) {
    const ids = (value) => value.map((item) => item.id);
    const { deletions, insertions } = ListDiff.changes(ids(oldValue), ids(newValue));
    const active = document.activeElement;
    let focusLostAt = -1;

    for (const index of deletions) {
      const element = itemElement(oldValue[index].id);
      if (!element) continue;
      if (active && element.contains(active)) focusLostAt = index;
      element.remove();
    }

    const inserted = new Set(insertions);
    let previous = null;
    for (const [index, item] of newValue.entries()) {
      // A staying item whose element is somehow missing is made again from its markup too.
      const element = (inserted.has(index) ? null : itemElement(item.id)) || elementFromHTML(item.html);
      if (!element) continue;
      const expected = previous ? previous.nextElementSibling : listElement.firstElementChild;
      if (element !== expected) listElement.insertBefore(element, expected);
      previous = element;
    }

    return focusLostAt;
  }

  // The focused dream is gone: move to the dream now in its place, else to the toolbar.
  function refocus(lostAt) {
    const elements = itemElements();
    const neighbour = elements[Math.min(lostAt, elements.length - 1)];
    const target =
      (neighbour && neighbour.querySelector('[data-action="delete"]')) ||
      [undoButton, shareButton].find((candidate) => candidate && !candidate.disabled && !candidate.hidden);
    if (target) target.focus();
  }

  function show(value) {
    const oldValue = list;
    list = value;
    mode = modeFor(value);
    const lostAt = patch(oldValue, value);
    render();
    if (lostAt >= 0) refocus(lostAt);
  }

  // A change made by the user: the current value goes onto the undo stack, and redo is forgotten.
  function commit(value) {
    undoHistory = Undo.record(undoHistory, list);
    show(value);
  }

  // ---------------------------------------------------------------------------------------------------------
  // The API.

  async function request(method, url, payload) {
    const headers = { "X-CSRF-Token": window.Qwinkle.csrfToken, Accept: "application/json" };
    const options = { method, headers, credentials: "same-origin" };
    if (payload !== undefined) {
      headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(payload);
    }
    let response;
    try {
      response = await fetch(url, options);
    } catch (_) {
      throw new Error("Qwinkle could not be reached. Check your connection and try again.");
    }
    if (!response.ok) {
      const error = new Error(await window.Qwinkle.errorMessage(
        response, `The server could not do that (error ${response.status}). Please try again.`
      ));
      error.status = response.status;
      throw error;
    }
    return response;
  }

  async function createEntry(data) {
    if (!data) throw new Error("This dream's content could not be read, so it cannot be copied.");
    const response = await request("POST", "/api/qwinkle/v1/entries", window.QwinkleContent.copy(data));
    let entry = null;
    try {
      entry = await response.json();
    } catch (_) {
      entry = null;
    }
    if (!entry || (typeof entry.id !== "string" && typeof entry.id !== "number")) {
      throw new Error("The dream was saved, but the server's answer was not understood. Reload the page to see it.");
    }
    return String(entry.id);
  }

  async function restoreEntry(id) {
    await request("POST", `/api/qwinkle/v1/entries/${encodeURIComponent(id)}/restore`);
  }

  async function deleteEntry(id) {
    try {
      await request("DELETE", `/api/qwinkle/v1/entries/${encodeURIComponent(id)}`);
    } catch (error) {
      // Already gone is what we wanted.
      if (error.status !== 404) throw error;
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Actions.

  function duplicate(id) {
    return enqueue(async () => {
      const index = list.findIndex((item) => item.id === id);
      if (index < 0) {
        say("That dream is no longer in the list.");
        return;
      }
      const original = list[index];
      const newID = await createEntry(original.data);
      // The copy's markup is the original's with the id changed: the same partial would render the same.
      const copy = Object.freeze({ id: newID, data: original.data, html: rewriteHTML(original.html, id, newID) });
      commit(Object.freeze([...list.slice(0, index + 1), copy, ...list.slice(index + 1)]));
      say("Dream duplicated. Undo (Control+Z) removes the copy.");
    });
  }

  function remove(id) {
    return enqueue(async () => {
      if (!list.some((item) => item.id === id)) {
        say("That dream is no longer in the list.");
        return;
      }
      await deleteEntry(id);
      commit(Object.freeze(list.filter((item) => item.id !== id)));
      say("Dream deleted. Undo (Control+Z) brings it back.");
    });
  }

  // Makes the server hold `target` (from the current list), one request at a time. Returns the value the server
  // now holds: `target` itself on success; on failure the current list with the operations that did succeed,
  // so the page never claims more than the server has, and the same Undo can simply be tried again.
  async function reach(target) {
    const targetIDs = new Set(target.map((item) => item.id));
    const currentIDs = new Set(list.map((item) => item.id));
    let reached = list;

    try {
      for (const item of list) {
        if (targetIDs.has(item.id)) continue;
        await deleteEntry(item.id);
        reached = Object.freeze(reached.filter((entry) => entry.id !== item.id));
      }
      for (const item of target) {
        if (currentIDs.has(item.id)) continue;
        // A dream that undo or redo brings back was deleted into its author's trash: restoring it gives back the
        // same dream, with its ID, revisions and marks.
        await restoreEntry(item.id);
        reached = insertAtPlace(reached, item, target);
      }
    } catch (error) {
      return { value: reached, error };
    }
    return { value: target, error: null };
  }

  // Inserts `item` into `value` after the nearest item that precedes it in `order`.
  function insertAtPlace(value, item, order) {
    const position = order.findIndex((entry) => entry.id === item.id);
    for (let index = position - 1; index >= 0; index -= 1) {
      const at = value.findIndex((entry) => entry.id === order[index].id);
      if (at >= 0) return Object.freeze([...value.slice(0, at + 1), item, ...value.slice(at + 1)]);
    }
    return Object.freeze([item, ...value]);
  }

  function travel(direction) {
    const move = (current) => (direction === "undo" ? Undo.undo(undoHistory, current) : Undo.redo(undoHistory, current));
    if (busy || move(list) === null) return;
    enqueue(async () => {
      const planned = move(list);
      if (planned === null) return;
      const before = list;
      const { value, error } = await reach(planned.value);
      if (error) {
        show(value);
        throw error;
      }
      undoHistory = move(before).history;
      show(value);
      say(direction === "undo" ? "Undone." : "Redone.");
    });
  }

  // ---------------------------------------------------------------------------------------------------------
  // Events.

  function focusFirstCheckbox() {
    const checkbox = listElement.querySelector('input[data-role="select"]');
    if (checkbox) checkbox.focus();
    else if (cancelButton) cancelButton.focus();
  }

  // Cancel, closing the share sheet and Escape all end in browsing with nothing selected, back on Share.
  function backToBrowsing() {
    mode = browsing();
    render();
    if (shareButton) shareButton.focus();
  }

  root.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("[data-action]") : null;
    if (!target || !root.contains(target) || target.disabled) return;
    const item = target.closest("li[data-entry-id]");
    const id = item ? item.dataset.entryId : null;

    switch (target.dataset.action) {
      case "share":
        mode = selecting();
        render();
        say("Choose the dreams to share, then press Done.");
        focusFirstCheckbox();
        break;
      case "cancel":
        backToBrowsing();
        say("");
        break;
      case "done": {
        if (mode.kind !== "selecting" || mode.selected.size === 0) break;
        const chosen = mode.selected;
        mode = browsing(list.map((item) => item.id).filter((each) => chosen.has(each)));
        render();
        say("");
        const first = shareLinks && shareLinks.querySelector("a");
        if (first) first.focus();
        break;
      }
      case "close-share":
        backToBrowsing();
        break;
      case "undo":
        travel("undo");
        break;
      case "redo":
        travel("redo");
        break;
      case "duplicate":
        if (id) duplicate(id);
        break;
      case "delete":
        // confirm() is asked at the click, not when the queued request runs.
        if (id && window.confirm("Delete this dream? You can undo it straight afterwards.")) remove(id);
        break;
      default:
        break;
    }
  });

  listElement.addEventListener("change", (event) => {
    const checkbox = event.target;
    if (!(checkbox instanceof HTMLInputElement) || checkbox.dataset.role !== "select") return;
    if (mode.kind !== "selecting") {
      render();
      return;
    }
    const item = checkbox.closest("li[data-entry-id]");
    const id = item ? item.dataset.entryId : checkbox.value;
    const selected = new Set(mode.selected);
    if (checkbox.checked) selected.add(id);
    else selected.delete(id);
    mode = selecting(selected);
    render();
  });

  const textTypes = new Set(["text", "search", "email", "url", "tel", "password", "number", "date", "datetime-local", "month", "time", "week"]);

  function isTextField(element) {
    if (!(element instanceof Element)) return false;
    if (element.isContentEditable) return true;
    if (element instanceof HTMLTextAreaElement) return true;
    return element instanceof HTMLInputElement && textTypes.has(element.type);
  }

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || isTextField(event.target)) return;
    const key = event.key.toLowerCase();

    if (key === "escape") {
      if (mode.kind === "selecting" || mode.sharing) backToBrowsing();
      return;
    }

    // Control on most systems, Command on a Mac; neither does anything else outside a text field.
    if (!(event.ctrlKey || event.metaKey)) return;
    if (key === "z") {
      event.preventDefault();
      travel(event.shiftKey ? "redo" : "undo");
    } else if (key === "y" && !event.shiftKey) {
      event.preventDefault();
      travel("redo");
    }
  });

  render();
})();
