// An entry's content, the one place the web app's scripts name its fields: read out of the compose form (the
// draft keeper's autosave) and copied out of an entry the API answered (the dreams list's Duplicate). Each field
// has its reader and its copier side by side, so a new field is added here once, and node's test
// (Tests/JavaScript/content.test.js) fails until it is: it holds both to the content as Swift writes it. The
// content's one-line texts (ContentLine) are not named here: the page lists their names on the body
// (`data-content-lines`) and the form marks each one's field (`data-content-line`), so they need no line here.
(function () {
  "use strict";

  const checkedValues = (form, name) =>
    Array.from(form.querySelectorAll(`input[name="${name}"]:checked`)).map((box) => box.value);
  const valueOf = (form, selector, fallback) => {
    const field = form.querySelector(selector);
    return field ? field.value : fallback;
  };

  // Each field of the content: how the compose form holds it, and how a copy keeps it. A reader or a copier that
  // answers undefined leaves the field out, as Swift does for a dream's details on any other kind.
  const fields = Object.freeze({
    kind: {
      read: (form) => valueOf(form, 'input[name="kind"]', "update"),
      copy: (value) => value,
    },
    body: {
      read: (form) => valueOf(form, 'textarea[name="body"]', ""),
      copy: (value) => (typeof value === "string" ? value : ""),
    },
    photos: {
      // Only photos whose upload finished are part of the content; one still uploading is not yet.
      read: (form, photoItems) =>
        photoItems
          .filter((item) => item.dataset.state === "ready" && item.dataset.photoId)
          .map((item) => {
            const alt = item.querySelector('input[name="photo_alt[]"]');
            return { id: item.dataset.photoId, alt: alt ? alt.value : "" };
          }),
      copy: (value) => (Array.isArray(value) ? value.map((photo) => ({ id: photo.id, alt: photo.alt || "" })) : []),
    },
    visibility: {
      read: (form) => valueOf(form, 'select[name="visibility"]', "public"),
      copy: (value) => value,
    },
    // Left out for false, as Swift writes it.
    sensitive: {
      read: (form) => {
        const box = form.querySelector("input[data-content-sensitive]");
        return box && box.checked ? true : undefined;
      },
      copy: (value) => (value === true ? true : undefined),
    },
    dream: {
      read: (form) => {
        if (valueOf(form, 'input[name="kind"]', "update") !== "dream") return undefined;
        const count = form.querySelector('input[name="number_of_creatures"]');
        return {
          creature: valueOf(form, 'select[name="creature"]', "shark"),
          effects: checkedValues(form, "effects[]"),
          number_of_creatures: count ? Number.parseInt(count.value, 10) || 0 : 1,
        };
      },
      copy: (value) => (value ? { ...value, effects: Array.isArray(value.effects) ? [...value.effects] : [] } : undefined),
    },
  });

  // A line as the content keeps it (as Swift's ContentLine.kept does): on one line, trimmed, absent when empty.
  const keptLine = (value) => {
    if (typeof value !== "string") return undefined;
    const text = value.split(/[\n\r\u000b\u000c\u0085\u2028\u2029]+/).join(" ").trim();
    return text === "" ? undefined : text;
  };

  // The names of the content's lines, as the page lists them.
  function lineNames() {
    const listed = globalThis.document && document.body ? document.body.dataset.contentLines : "";
    return (listed || "").split(" ").filter((name) => name !== "");
  }

  function build(each) {
    const content = {};
    for (const [name, field] of Object.entries(fields)) {
      const value = each(name, field);
      if (value !== undefined) content[name] = value;
    }
    return content;
  }

  // The content the compose form holds now; `photoItems` are the photo list's items, in order.
  function read(form, photoItems) {
    const content = build((name, field) => field.read(form, photoItems || []));
    for (const input of form.querySelectorAll("[data-content-line]")) {
      const text = keptLine(input.value);
      if (text !== undefined) content[input.dataset.contentLine] = text;
    }
    return content;
  }

  // The content of an entry as the API answered it (its ID, author, times and the rest left behind), as a new
  // entry's content.
  function copy(entry) {
    const content = build((name, field) => field.copy(entry[name]));
    for (const name of lineNames()) {
      const text = keptLine(entry[name]);
      if (text !== undefined) content[name] = text;
    }
    return content;
  }

  // Shows a content's lines in the form's fields (a merge made elsewhere), each empty that the content lacks.
  function showLines(form, content) {
    for (const input of form.querySelectorAll("[data-content-line]")) {
      input.value = keptLine(content[input.dataset.contentLine]) || "";
    }
  }

  // Every field of the content: the ones named here, then the lines the page lists.
  const api = Object.freeze({
    get fields() { return [...Object.keys(fields), ...lineNames()]; },
    read,
    copy,
    showLines,
  });
  globalThis.QwinkleContent = api;
  if (typeof module === "object" && module !== null && module.exports) module.exports = api;
})();
