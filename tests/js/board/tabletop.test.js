// board/tabletop.js: a table in inches (or the view's units).
import assert from "node:assert/strict";
import { test } from "node:test";
import { makeTabletop } from "../../../static/js/board/tabletop.js";

test("a 48 by 48 inch table by default, a margin of an inch around it", () => {
  const t = makeTabletop({});
  assert.equal(t.kind, "tabletop");
  assert.equal(t.unit, "in");
  assert.deepEqual(t.bounds, { x: -1, y: -1, w: 50, h: 50 });
  assert.equal(t.pieceRadius, 1.2);
  assert.equal(makeTabletop({ width: 12, height: 12 }).pieceRadius, 0.6); // never smaller
});

test("points snap to tenths on the table and stay on it", () => {
  const t = makeTabletop({ width: 24, height: 12 });
  assert.deepEqual(t.fromPixel(3.16, 2.74), { x: 3.2, y: 2.7 });
  assert.deepEqual(t.fromPixel(-5, 40), { x: 0, y: 12 });
  assert.ok(t.onBoard({ x: 24, y: 0 }) && !t.onBoard({ x: 24.1, y: 0 }));
});

test("the ruler reads in the table's units; steps are one unit", () => {
  const t = makeTabletop({ width: 120, height: 90, units: "cm" });
  assert.equal(t.measure({ x: 0, y: 0 }, { x: 3, y: 4 }), "5.0 cm");
  assert.deepEqual(t.step({ x: 1.25, y: 2 }, "left"), { x: 0.3, y: 2 });
  assert.equal(t.step({ x: 0, y: 0 }, "upRight"), null);
  assert.equal(t.describe({ x: 1.26, y: 2 }), "1.3 cm from the left, 2 cm from the top");
  assert.equal(t.facingStep, 30);
});
