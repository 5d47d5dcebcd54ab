// The live seat buttons (seating.js renderSeatButtons): updated in place, so a button keeps its
// element while its seat is listed and a click is never lost to a re-render under the pointer.
import assert from "node:assert/strict";
import { test } from "node:test";
import { installDom } from "./fake-dom.js";
import { renderSeatButtons } from "../../static/js/seating.js";

const open = (seat) => ({ seat, state: "open", name: null });

test("a seat's button keeps its element across renders; only what changed is written", () => {
  installDom();
  const box = document.createElement("div");
  const sat = [];
  renderSeatButtons(box, [open("p1"), open("p2")], "open", (s) => sat.push(`first:${s}`));
  const [b1, b2] = box.children;
  assert.equal(b1.textContent, "Sit at Player 1");
  assert.equal(b1.disabled, false);
  // presence arrives: nothing about the seats changed, then p2 is taken
  renderSeatButtons(box, [open("p1"), open("p2")], "open", (s) => sat.push(`now:${s}`));
  assert.deepEqual([...box.children], [b1, b2]);
  renderSeatButtons(box, [open("p1"), { seat: "p2", state: "taken", name: "Bob" }], "open", (s) =>
    sat.push(`now:${s}`),
  );
  assert.deepEqual([...box.children], [b1, b2]);
  assert.equal(b2.textContent, "Player 2 (Bob)");
  assert.equal(b2.getAttribute("aria-label"), "Player 2, taken");
  assert.equal(b2.disabled, true);
  // a click on the kept element calls the latest handler, once
  b1.dispatchEvent({ type: "click" });
  assert.deepEqual(sat, ["now:p1"]);
});

test("seats added, reordered and dropped; the table closed disables every button", () => {
  installDom();
  const box = document.createElement("div");
  box.appendChild(document.createElement("p")); // anything else in the box goes
  renderSeatButtons(box, [open("p1"), open("p2")], "open", () => {});
  const [b1, b2] = box.children;
  renderSeatButtons(box, [open("p2"), open("p3"), open("p1")], "open", () => {});
  assert.deepEqual(
    [...box.children].map((b) => b.dataset.seat),
    ["p2", "p3", "p1"],
  );
  assert.equal(box.children[0], b2);
  assert.equal(box.children[2], b1);
  renderSeatButtons(box, [open("p3")], "finished", () => {});
  assert.deepEqual(
    [...box.children].map((b) => b.dataset.seat),
    ["p3"],
  );
  assert.equal(box.children[0].disabled, true);
});
