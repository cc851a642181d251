// listdiff.js (how dreams.js updates its list) against QwinkleKit's ListDiff.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { vectors, script } = require("./vectors.js");

const ListDiff = script("listdiff.js");

test("there are vectors", () => assert.ok(vectors.list_diff.length > 0));

for (const { id, input, swift } of vectors.list_diff) {
  test(`list diff: ${id}`, () => {
    const changes = ListDiff.changes(input.old, input.new);
    assert.deepEqual(
      { deletions: changes.deletions, insertions: changes.insertions },
      { deletions: swift.deletions, insertions: swift.insertions },
    );
  });
}
