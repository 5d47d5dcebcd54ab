// board/shapes.js: overlay shapes as data, their expiry, and the board's layer that draws them.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { installDom, FakeElement } from "../fake-dom.js";
import { ShapeLayer, isExpired, shapes } from "../../../static/js/board/shapes.js";

beforeEach(() => installDom());

test("the builder makes nested nodes like svg.js's el() and text()", () => {
  const S = shapes();
  const g = S.el("g", { class: "mark" });
  S.el("circle", { r: 1 }, g);
  S.text(12, { x: 1 }, g);
  S.title("Hello", g);
  assert.equal(S.nodes.length, 1);
  assert.deepEqual(
    g.children.map((c) => c.tag),
    ["circle", "text", "title"],
  );
  assert.equal(g.children[1].text, "12");
  assert.equal(g.children[1].attrs["paint-order"], "stroke");
  assert.equal(S.text(null).text, "");
});

test("a key expires once the clock passes its turn, or its activation within the turn", () => {
  assert.equal(isExpired(null, { turn: 3 }), false);
  assert.equal(isExpired("drag", { turn: 3 }), false);
  assert.equal(isExpired({ turn: 2 }, null), false);
  assert.equal(isExpired({ turn: 2 }, { turn: 2 }), false);
  assert.equal(isExpired({ turn: 2 }, { turn: 3 }), true);
  assert.equal(isExpired({ turn: 3 }, { turn: 2 }), false);
  assert.equal(isExpired({ turn: 2, activation: 1 }, { turn: 2, activation: 1 }), false);
  assert.equal(isExpired({ turn: 2, activation: 1 }, { turn: 2, activation: 2 }), true);
  assert.equal(isExpired({ turn: 2, activation: 5 }, { turn: 3, activation: 0 }), true);
  assert.equal(isExpired({ turn: "x" }, { turn: 1 }), false);
});

function layer() {
  const below = new FakeElement("g");
  const above = new FakeElement("g");
  return { below, above, shapes: new ShapeLayer(below, above) };
}

test("each key is one group, replaced on every set, under or over the pieces", () => {
  const { below, above, shapes: L } = layer();
  const S = shapes();
  S.el("circle", { r: 1 });
  L.set({ a: { nodes: S.nodes, layer: "below" }, b: S.nodes });
  assert.equal(below.children.length, 1);
  assert.equal(above.children.length, 1);
  assert.equal(below.children[0].getAttribute("data-shapes"), "a");
  assert.equal(below.children[0].children[0].tagName, "circle");
  L.set({ a: { nodes: [], layer: "below" } });
  assert.equal(below.children.length, 1);
  assert.equal(below.children[0].children.length, 0);
  L.set({ a: null });
  assert.equal(below.children.length, 0);
  assert.ok(!L.has("a") && L.has("b"));
});

test("keys go when their drag ends or the clock passes them, and are never drawn once past", () => {
  const { above, shapes: L } = layer();
  L.setClock({ turn: 1 });
  L.set({ drag: { nodes: [], until: "drag" }, turn: { nodes: [], until: { turn: 1 } } });
  assert.equal(above.children.length, 2);
  L.dragEnded();
  assert.ok(!L.has("drag") && L.has("turn"));
  L.setClock({ turn: 2 });
  assert.ok(!L.has("turn"));
  L.set({ old: { nodes: [], until: { turn: 1 } } });
  assert.ok(!L.has("old"));
  L.set({ x: { nodes: [] } });
  L.clear();
  assert.equal(above.children.length, 0);
});
