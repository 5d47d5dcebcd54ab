// board/pan-zoom.js: the view box maths (fit, zoom about a point, keys).
import assert from "node:assert/strict";
import { test } from "node:test";
import { fitView, keyStep, zoomView } from "../../../static/js/board/pan-zoom.js";

const bounds = { x: -1, y: -1, w: 26, h: 26 };

test("fit: the whole board in the screen's aspect, centred", () => {
  assert.deepEqual(fitView(bounds, 1), bounds);
  assert.deepEqual(fitView(bounds, 2), { x: -14, y: -1, w: 52, h: 26 });
  assert.deepEqual(fitView(bounds, 0.5), { x: -1, y: -14, w: 26, h: 52 });
  assert.deepEqual(fitView({ x: 0, y: 0, w: 10, h: 5 }, 0), { x: 0, y: 0, w: 10, h: 5 }); // no screen yet
});

test("zoom keeps the point under the pointer where it is, within limits", () => {
  const vb = { x: 0, y: 0, w: 20, h: 10 };
  const z = zoomView(vb, bounds, 2, 10, 5);
  assert.deepEqual(z, { x: 5, y: 2.5, w: 10, h: 5 });
  const corner = zoomView(vb, bounds, 2, 0, 0);
  assert.deepEqual([corner.x, corner.y], [0, 0]);
  assert.equal(zoomView(vb, bounds, 100, 0, 0).w, 2); // no closer than minW
  assert.equal(zoomView(vb, bounds, 0.001, 0, 0).w, 104); // no further than four boards
});

test("keys: arrows pan a tenth (turned with the board), + - zoom, 0 fits", () => {
  const vb = { x: 0, y: 0, w: 20, h: 10 };
  assert.deepEqual(keyStep("ArrowRight", vb), { pan: [2, 0] });
  assert.deepEqual(keyStep("ArrowUp", vb, true), { pan: [0, 2] });
  assert.deepEqual(keyStep("=", vb), { zoom: 1.25 });
  assert.deepEqual(keyStep("-", vb), { zoom: 0.8 });
  assert.deepEqual(keyStep("0", vb), { fit: true });
  assert.equal(keyStep("a", vb), null);
});
