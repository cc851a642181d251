// length.js (compose.js's counter) against QwinkleKit's LinkScanner and LengthRule.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { vectors, script } = require("./vectors.js");

const Length = script("length.js");
const swiftRule = vectors.length_rule;
const rule = { perURL: swiftRule.characters_reserved_per_url, perPhoto: swiftRule.characters_reserved_per_photo };

test("the fallbacks are LengthRule.standard", () => {
  assert.deepEqual(Length.standardRule, {
    maxCharacters: swiftRule.max_characters,
    perURL: swiftRule.characters_reserved_per_url,
    perPhoto: swiftRule.characters_reserved_per_photo,
    maxPhotos: swiftRule.max_photos,
  });
});

test("there are vectors", () => assert.ok(vectors.length.length > 0));

for (const { id, input, swift } of vectors.length) {
  test(`length: ${id}`, () => {
    assert.deepEqual(Length.segments(input.text), swift.segments, "links and plain text are split where Swift splits them");
    assert.equal(Length.weightedLength(input.text, input.photos, rule), swift.weighted_length, "weighted length");
    // The server writes Swift's limit for each visibility into the form; the counter uses it as given.
    const draft = Length.assess(input.text, input.photos, swift.limit, rule, input.warning);
    assert.deepEqual(
      { remaining: draft.remaining, isEmpty: draft.isEmpty, canPost: draft.canPost },
      { remaining: swift.remaining, isEmpty: swift.is_empty, canPost: swift.can_post },
    );
  });
}
