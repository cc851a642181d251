// Which items left a list and which came, matched by id as QwinkleKit's ListDiff matches them, with its
// batch-update conventions: `deletions` are indexes in the old list, `insertions` indexes in the new one, both
// ascending. It touches no page, so node can run it too: Tests/JavaScript checks it against answers Swift wrote
// (Tests/JavaScript/vectors.json).
//
// Ids are unique within a list here (they are the server's), so an id is deleted when the new list lacks it and
// inserted when the old one did; ListDiff's rule for repeated ids is not needed. Elements that stay are not
// compared either: an item with the same id has the same markup, so nothing is ever reloaded.
(function () {
  "use strict";

  function changes(oldIDs, newIDs) {
    const oldSet = new Set(oldIDs);
    const newSet = new Set(newIDs);
    const indexesLacking = (ids, other) => ids.flatMap((id, index) => (other.has(id) ? [] : [index]));
    return Object.freeze({ deletions: indexesLacking(oldIDs, newSet), insertions: indexesLacking(newIDs, oldSet) });
  }

  const api = Object.freeze({ changes });
  globalThis.QwinkleListDiff = api;
  if (typeof module === "object" && module !== null && module.exports) module.exports = api;
})();
