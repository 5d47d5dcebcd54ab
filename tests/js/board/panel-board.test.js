// board/panel-board.js: what a panel sees of the board; its shapes during the page's update are
// gathered for the page's one board.set, and a shape set again as it is drawn is not sent.
import assert from "node:assert/strict";
import { test } from "node:test";
import { panelBoard } from "../../../static/js/board/panel-board.js";

// A board that records every set and keeps the shapes it was given, like the real one.
function fakeBoard() {
  const drawn = new Map();
  const board = {
    sets: [],
    listeners: new Map(),
    set(cfg) {
      board.sets.push(cfg);
      for (const [k, v] of Object.entries(cfg.shapes || {})) {
        if (v) drawn.set(k, v);
        else drawn.delete(k);
      }
    },
    hasShape: (k) => drawn.has(k),
    on(name, fn) {
      board.listeners.set(name, fn);
      return () => board.listeners.delete(name);
    },
    drawn,
  };
  return board;
}

const ring = { nodes: [{ tag: "circle", attrs: { r: 1 }, children: [] }], layer: "below" };

test("shapes are prefixed with the panel's name; the same shape twice reaches the board once", () => {
  const board = fakeBoard();
  const api = panelBoard(board, "gkr");
  api.set({ shapes: { ring } });
  assert.deepEqual(board.sets, [{ shapes: { "gkr-ring": ring } }]);
  api.set({ shapes: { ring: { ...ring } } });
  assert.equal(board.sets.length, 1);
  api.set({ shapes: { gone: null } }); // never drawn: nothing to take away
  assert.equal(board.sets.length, 1);
  api.set({ shapes: { ring: null } });
  assert.deepEqual(board.sets.at(-1), { shapes: { "gkr-ring": null } });
});

test("during collect the shapes are gathered and handed back, the last value of a key winning", () => {
  const board = fakeBoard();
  const api = panelBoard(board, "p");
  const other = { nodes: [], layer: "above" };
  const shapes = api.collect(() => {
    api.set({ shapes: { a: ring, b: other } });
    api.set({ shapes: { b: null } });
    api.collect(() => api.set({ shapes: { c: other } })); // nested: the same batch
  });
  assert.equal(board.sets.length, 0);
  assert.deepEqual(shapes, { "p-a": ring, "p-c": other });
  board.set({ shapes });
  assert.deepEqual(
    api.collect(() => api.set({ shapes: { a: ring } })),
    {},
  ); // drawn already
});

test("destroy drops the panel's listeners and takes its drawn shapes away", () => {
  const board = fakeBoard();
  const api = panelBoard(board, "p");
  api.on("click", () => {});
  api.set({ shapes: { a: ring } });
  api.destroy();
  assert.equal(board.listeners.size, 0);
  assert.deepEqual(board.sets.at(-1), { shapes: { "p-a": null } });
  assert.equal(board.drawn.size, 0);
  const sets = board.sets.length;
  api.set({ shapes: { a: ring } }); // a late answer of a panel taken down
  api.destroy();
  assert.equal(board.sets.length, sets);
});
