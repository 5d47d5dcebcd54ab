// Samurai Robots Battle Royale's view part (systems/srbr/view.js, overlays.js) and the panel's
// board side (srbr/board.js), on a sample view of the server's own game (fixtures/srbr.json).
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { installDom } from "../fake-dom.js";
import { allNodes, assertLegend, assertPieces, assertReadable, assertShapes, fixture } from "../fixtures.js";
import * as view from "../../../static/js/systems/srbr/view.js";
import * as overlays from "../../../static/js/systems/srbr/overlays.js";
import { createState } from "../../../static/js/systems/srbr/state.js";
import { anchorMove, canDrag, moveAction, nextFacing } from "../../../static/js/systems/srbr/board.js";

const f = fixture("srbr");
const v = f.view;
const playerNames = new Map([["p1", "Ann"]]);

beforeEach(() => installDom());

// The sample view with the acting mecha's move open (a Medium stick, 8 cm from its measuring point).
const mecha = v.pieces[0];
const from = overlays.anchorOf(mecha);
const moving = {
  ...v,
  prompt: { ask: "actions", mecha: mecha.id, move: { from: [from.x, from.y], length: 8, stick: "M" } },
};

test("pieces: each seat's colour, a silhouette per form, badges; the legend names the players", () => {
  const pieces = view.pieces(v);
  assertPieces(pieces, v);
  assert.ok(pieces.every((p) => p.color));
  const items = view.legend(v, playerNames);
  assertLegend(items);
  assert.deepEqual(
    items.slice(0, 2).map((i) => i.label),
    ["Ann (Player 1)", "Player 2"],
  );
  assert.deepEqual(view.clock(v), { turn: v.turn.round });
});

test("names: mechas, parts, sticks and units; numbers to a tenth", () => {
  const n = view.names(v, playerNames);
  assert.equal(n.mecha(mecha.id), v.mechas[mecha.id].name);
  const part = v.mechas[mecha.id].parts[0];
  assert.equal(n.part(mecha.id, part.id), part.name);
  assert.equal(n.stick("M"), "Medium");
  assert.equal(n.unit(), "cm");
  assert.equal(view.round1(2.345), 2.3);
  assert.equal(view.plural(1, "die", "dice"), "1 die");
  assert.equal(view.plural(3, "die", "dice"), "3 dice");
});

test("every event of the sample game reads as a sentence in the game's words", () => {
  const n = view.names(v, playerNames);
  for (const e of f.events) {
    const line = view.describe(e, n);
    assertReadable(line, e);
    assert.doesNotMatch(line, /\(-?\d+(\.\d+)?, -?\d+(\.\d+)?\)|\bp\d\b|_/, `${e.kind}: ${line}`);
  }
  assert.match(view.describe(f.events[0], n), /^Ann \(Player 1\): activates /);
  const moved = { kind: "moved", mecha: mecha.id, travelled: 7.04, stick: "M", to: [12.25, 30] };
  assert.equal(
    view.describe(moved, n),
    `${mecha.label} moves 7 cm (Medium stick) to 12.3 cm from the left, 30 cm from the top`,
  );
  const other = Object.keys(v.mechas).find((id) => id !== mecha.id);
  const roll = (die, score) => ({ die, score, total: die + score });
  const hack = {
    kind: "free_hack",
    attacker: other,
    target: mecha.id,
    attack_roll: roll(5, 4),
    defence_roll: roll(2, 3),
  };
  const line = view.describe({ ...hack, result: "attacker_wins_even", effects: ["damage"] }, n);
  assertReadable(line, hack);
  assert.match(
    line,
    new RegExp(
      `^${v.mechas[other].name} takes a free hack at ${v.mechas[mecha.id].name} as it leaves close combat: 5 \\+ 4 = 9 against 2 \\+ 3 = 5`,
    ),
  );
});

test("overlays: measuring points, the sticks around one model, the move's reach", () => {
  const anchors = overlays.anchors(v);
  assertShapes(anchors);
  assert.equal(anchors.nodes.length, v.pieces.length);
  assert.deepEqual(overlays.anchorOf({ x: 1, y: 2, anchor: [0.5, -1] }), { x: 1.5, y: 1 });
  const sticks = allNodes(overlays.sticks(v, mecha)).filter((n) => n.tag === "circle");
  assert.deepEqual(
    sticks.map((c) => c.attrs.r),
    [5, 8, 12],
  );
  assert.equal(overlays.sticks(v, null).nodes.length, 0);
  const reach = allNodes(overlays.reach(moving, "p1", { picking: true, target: { x: 0, y: 0 } }));
  assert.equal(reach[0].attrs.class, "srbr-reach picking");
  assert.ok(reach.some((n) => n.tag === "line"));
  assert.equal(overlays.reach(moving, null, { picking: false, target: null }).nodes.length, 0);
});

test("a move stops at the stick's end: a picked point, and a dragged centre", () => {
  assert.equal(overlays.clampPoint(moving, { x: from.x + 3, y: from.y }), null);
  const far = overlays.clampPoint(moving, { x: from.x + 20, y: from.y });
  assert.deepEqual(far.point, { x: from.x + 7.9, y: from.y });
  assert.equal(far.note, "Stopped at the Medium stick's end (8 cm)");
  const drag = overlays.clampMove(moving, mecha, { x: mecha.x, y: mecha.y - 20 });
  const a = overlays.anchorOf({ ...mecha, ...drag.pos });
  assert.ok(Math.hypot(a.x - from.x, a.y - from.y) <= 8);
  assert.equal(overlays.clampMove(moving, v.pieces[1], { x: 0, y: 0 }), null); // not the moving mecha
});

test("the board side: the facing keys cycle, a move carries the chosen facing, who may be dragged", () => {
  assert.equal(nextFacing("keep", "]"), String(view.FACINGS[1][0]));
  assert.equal(nextFacing("keep", "["), String(view.FACINGS.at(-1)[0]));
  assert.equal(nextFacing(String(view.FACINGS.at(-1)[0]), "]"), String(view.FACINGS[1][0]));
  const s = createState({ seat: "p1", names: playerNames, container: null, board: null });
  s.view = moving;
  assert.deepEqual(anchorMove(s, { x: 1, y: 2 }), { kind: "move", x: 1, y: 2, at: "anchor" });
  s.facing = "90";
  s.flee = true;
  assert.deepEqual(anchorMove(s, { x: 1, y: 2 }), { kind: "move", x: 1, y: 2, at: "anchor", flee: true, facing: 90 });
  assert.deepEqual(moveAction(s, mecha, { x: 3, y: 4 }, undefined, moving), {
    kind: "move",
    x: 3,
    y: 4,
    at: "centre",
    facing: 90,
  });
  assert.equal(canDrag(s, mecha, moving), true);
  assert.equal(canDrag(s, v.pieces[1], moving), false);
  assert.equal(canDrag(s, mecha, v), false); // no move open
});
