// board/labels.js: bodies grown to a readable size, touch targets, labels placed apart or hidden.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { FakeElement, installDom } from "../fake-dom.js";
import { LABEL_PX, MIN_PX, TOUCH_PX, layoutPieces } from "../../../static/js/board/labels.js";

beforeEach(() => installDom());

// A piece as pieces.js draws it: a scaled group with the hit circle and body, and the label.
function piece(text = "Scout") {
  const g = new FakeElement("g");
  g.classList.add("piece");
  const scale = new FakeElement("g");
  scale.classList.add("piece-scale");
  const hit = new FakeElement("circle");
  hit.classList.add("hit");
  const body = new FakeElement("circle");
  body.classList.add("body");
  scale.append(hit, body);
  const label = new FakeElement("text");
  label.classList.add("piece-label");
  label.textContent = text;
  g.append(scale, label);
  return { g, scale, hit, label };
}

const at = (p, x, y, priority = 0) => ({ g: p.g, r: 0.5, x, y, priority });

test("a small body is scaled up to MIN_PX on screen and its touch target to TOUCH_PX", () => {
  const p = piece();
  layoutPieces([at(p, 0, 0)], 10); // 10 px per unit: a 0.5 radius is 10 px across
  const k = MIN_PX / 2 / (0.5 * 10);
  assert.equal(p.scale.getAttribute("transform"), `scale(${k.toFixed(3)})`);
  assert.equal(Number(p.hit.getAttribute("r")), Number(Math.max(0.5, TOUCH_PX / 2 / (10 * k)).toFixed(3)));
  assert.equal(Number(p.label.getAttribute("font-size")), Number((LABEL_PX / 10).toFixed(4)));
});

test("labels go below their piece; a second one that would overlap goes elsewhere", () => {
  const a = piece("Alpha");
  const b = piece("Bravo");
  layoutPieces([at(a, 0, 0, 1), at(b, 0.2, 4)], 40);
  assert.ok(Number(a.label.getAttribute("y")) > 0); // below
  assert.notEqual(b.label.getAttribute("display"), "none");
  const a2 = piece("Alpha");
  const b2 = piece("Bravo");
  layoutPieces([at(a2, 0, 0, 1), at(b2, 0, 0.9)], 40); // b's body covers a's place below
  assert.ok(Number(a2.label.getAttribute("y")) < 0 || Number(a2.label.getAttribute("x")) !== 0);
});

test("a label with no free place is hidden, and one cut off by the view is not placed there", () => {
  const crowd = Array.from({ length: 9 }, (_, i) => piece(`Walker number ${i}`));
  layoutPieces(
    crowd.map((p, i) => at(p, (i % 3) * 0.6, Math.floor(i / 3) * 0.6)),
    20,
  );
  assert.ok(crowd.some((p) => p.label.getAttribute("display") === "none"));
  assert.ok(crowd.some((p) => p.g.classList.contains("label-hidden")));
  const edge = piece("Edge");
  layoutPieces([at(edge, 5, 9.6)], 20, null, { x: 0, y: 0, w: 10, h: 10 });
  assert.ok(Number(edge.label.getAttribute("y")) < 0); // above: below would be cut off
});

test("no layout before the board has a size on screen", () => {
  const p = piece();
  layoutPieces([at(p, 0, 0)], 0);
  assert.equal(p.scale.getAttribute("transform"), null);
});
