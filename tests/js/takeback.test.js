// The takeback sentences name the asker once: the taken-back action's line loses its actor.
import assert from "node:assert/strict";
import { test } from "node:test";
import { takebackText, withoutActor } from "../../static/js/takeback.js";

test("the taken-back line drops the asker it starts with", () => {
  assert.equal(withoutActor("Ann (Player 1): added Scout", "Ann"), "added Scout");
  assert.equal(withoutActor("Ann: rolled 4", "Ann"), "rolled 4");
  assert.equal(withoutActor("Ann moved the Scout: 3 in", "Ann"), "Ann moved the Scout: 3 in");
  assert.equal(withoutActor("Bob (Player 2): added Scout", "Ann"), "Bob (Player 2): added Scout");
});

test("a request and its answer name the asker once", () => {
  const names = new Map([
    ["p1", "Ann"],
    ["p2", "Bob"],
  ]);
  const line = () => "Ann (Player 1): added Scout";
  const asked = takebackText({ kind: "takeback_asked", by: "p1", seqs: [3] }, (s) => names.get(s), line);
  assert.equal(asked, "Ann asks to take back: added Scout");
  const allowed = takebackText(
    { kind: "takeback_allowed", by: "p1", seat_id: "p2", seqs: [3] },
    (s) => names.get(s),
    line,
  );
  assert.equal(allowed, "Bob allows Ann to take back: added Scout");
});
