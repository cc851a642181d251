// Undo and redo by whole values, as QwinkleKit's UndoHistory does them (talk 001): a step keeps the whole value
// as it was, and undoing puts that value back, so nothing can be forgotten whatever changed. It touches no page,
// so node can run it too: Tests/JavaScript checks it against answers Swift wrote (Tests/JavaScript/vectors.json).
//
// Two differences from UndoHistory, both for dreams.js. A history here does not hold the current value: the page
// does, because an undo that the server carried out only in part changes the page without taking a step, so each
// move is handed the current value. And the page records only real changes (a dream duplicated or deleted), so
// record() does not compare values to skip a step that changes nothing. Histories are frozen values; every
// function returns a new one.
(function () {
  "use strict";

  function make(past, future, limit) {
    return Object.freeze({ past: Object.freeze(past), future: Object.freeze(future), limit });
  }

  // `limit` is how many steps undo keeps (recording past it drops the oldest); a negative one keeps none.
  function history(limit = Infinity) {
    return make([], [], Math.max(0, limit));
  }

  const canUndo = (value) => value.past.length > 0;
  const canRedo = (value) => value.future.length > 0;

  // A change is made: `current`, the value it replaces, becomes the step to undo, and redo is forgotten.
  function record(value, current) {
    const past = [...value.past, current];
    // slice(-0) would keep everything, so the start is counted from the front.
    return make(past.slice(Math.max(0, past.length - value.limit)), [], value.limit);
  }

  // Undo and redo are one move in opposite directions: `current` goes on one stack, and the top of the other is
  // the value to show. Each returns {history, value}, or null when there is nothing to move.
  function undo(value, current) {
    if (!canUndo(value)) return null;
    const moved = make(value.past.slice(0, -1), [...value.future, current], value.limit);
    return Object.freeze({ history: moved, value: value.past[value.past.length - 1] });
  }

  function redo(value, current) {
    if (!canRedo(value)) return null;
    const moved = make([...value.past, current], value.future.slice(0, -1), value.limit);
    return Object.freeze({ history: moved, value: value.future[value.future.length - 1] });
  }

  const api = Object.freeze({ history, canUndo, canRedo, record, undo, redo });
  globalThis.QwinkleUndo = api;
  if (typeof module === "object" && module !== null && module.exports) module.exports = api;
})();
