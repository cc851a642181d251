// undo.js (dreams.js's undo and redo) against QwinkleKit's UndoHistory.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { vectors, script } = require("./vectors.js");

const Undo = script("undo.js");

// UndoHistory holds the current value and undo.js leaves it to the page, so the page's part is played here.
function take(state, step) {
  if (step.op === "record") {
    return { history: Undo.record(state.history, state.current), current: step.value, change: { old: state.current, new: step.value } };
  }
  const moved = step.op === "undo" ? Undo.undo(state.history, state.current) : Undo.redo(state.history, state.current);
  if (moved === null) return { ...state, change: null };
  return { history: moved.history, current: moved.value, change: { old: state.current, new: moved.value } };
}

test("there are vectors", () => assert.ok(vectors.undo.length > 0));

for (const { id, input, swift } of vectors.undo) {
  test(`undo: ${id}`, () => {
    assert.equal(input.steps.length, swift.states.length);
    let state = { history: Undo.history(input.limit ?? undefined), current: input.initial, change: null };
    input.steps.forEach((step, index) => {
      state = take(state, step);
      const expected = swift.states[index];
      const where = `after step ${index + 1} (${step.op}${step.value === undefined ? "" : ` ${step.value}`})`;
      assert.deepEqual(
        {
          current: state.current,
          undoCount: state.history.past.length,
          redoCount: state.history.future.length,
          canUndo: Undo.canUndo(state.history),
          canRedo: Undo.canRedo(state.history),
          change: state.change,
        },
        {
          current: expected.current,
          undoCount: expected.undo_count,
          redoCount: expected.redo_count,
          canUndo: expected.undo_count > 0,
          canRedo: expected.redo_count > 0,
          change: expected.change ?? null,
        },
        where,
      );
    });
  });
}
