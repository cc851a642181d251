// content.js (what compose.js autosaves and dreams.js duplicates) against the content as Swift writes it: every field
// Swift writes must come back out of the compose form and out of a copy of the API's entry.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { vectors, script } = require("./vectors.js");

const Content = script("content.js");

// The page's body lists the content's lines, as the layout writes it.
globalThis.document = { body: { dataset: { contentLines: vectors.content_lines.join(" ") } } };

// Just enough of a compose form for content.js: its fields found by the selectors the page's markup answers.
function composeForm(content) {
  const fields = new Map([
    ['input[name="kind"]', { value: content.kind }],
    ['textarea[name="body"]', { value: content.body }],
    ['select[name="visibility"]', { value: content.visibility }],
    ["input[data-content-sensitive]", { checked: content.sensitive === true }],
  ]);
  // The form has a text field for every line the page lists, empty for a line the content does not have.
  const lines = vectors.content_lines.map((name) => ({ dataset: { contentLine: name }, value: content[name] || "" }));
  const checked = [];
  if (content.dream) {
    fields.set('select[name="creature"]', { value: content.dream.creature });
    fields.set('input[name="number_of_creatures"]', { value: String(content.dream.number_of_creatures) });
    for (const effect of content.dream.effects) checked.push({ value: effect });
  }
  return {
    querySelector: (selector) => fields.get(selector) || null,
    querySelectorAll: (selector) =>
      selector === 'input[name="effects[]"]:checked' ? checked : selector === "[data-content-line]" ? lines : [],
  };
}

// The photo list's items: each attached photo ready, plus one still uploading, which is not content yet.
function photoItems(content) {
  const item = (photoId, state, alt) => ({
    dataset: { photoId, state },
    querySelector: (selector) => (selector === 'input[name="photo_alt[]"]' ? { value: alt } : null),
  });
  return [...content.photos.map((photo) => item(photo.id, "ready", photo.alt)), item("", "uploading", "")];
}

test("there are vectors", () => assert.ok(vectors.content.length > 0 && vectors.content_lines.length > 0));

test("a line is read as Swift keeps it: on one line, trimmed, none when empty", () => {
  const [name] = vectors.content_lines;
  const form = (value) => {
    const content = { kind: "update", body: "Hi", visibility: "public", [name]: value };
    return Content.read(composeForm(content), []);
  };
  assert.equal(form("  Harbour café,\nLisbon \r\n")[name], "Harbour café, Lisbon");
  assert.equal(name in form(" \n "), false);
});

test("content.js knows every field Swift writes", () => {
  const written = new Set(vectors.content.flatMap(({ swift }) => Object.keys(swift)));
  assert.deepEqual([...Content.fields].sort(), [...written].sort());
});

for (const { id, swift } of vectors.content) {
  test(`read from the compose form: ${id}`, () => {
    assert.deepEqual(Content.read(composeForm(swift), photoItems(swift)), swift);
  });

  test(`copied from an entry the API answered: ${id}`, () => {
    const entry = { ...swift, id: "7", author: { id: "1", username: "abe" }, revision: 3, created_at: "2026-12-06T10:00:00Z" };
    assert.deepEqual(Content.copy(entry), swift);
  });
}

test("a merge's lines are shown in the form's fields, and a line it lacks is emptied", () => {
  const form = composeForm({ kind: "update", body: "Hi", visibility: "public" });
  const [name] = vectors.content_lines;
  Content.showLines(form, { kind: "update", body: "Hi", visibility: "public", [name]: "Lisbon" });
  assert.equal(Content.read(form, [])[name], "Lisbon");
  Content.showLines(form, { kind: "update", body: "Hi", visibility: "public" });
  assert.equal(name in Content.read(form, []), false);
});
