// Small Soldiers Big Battle's view part (systems/small-soldiers/view.js, overlays.js) and the
// panel's board side (small-soldiers/board.js), on a sample view of the server's own game.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { installDom } from "../fake-dom.js";
import { allNodes, assertLegend, assertPieces, assertReadable, assertShapes, fixture } from "../fixtures.js";
import * as view from "../../../static/js/systems/small-soldiers/view.js";
import * as overlays from "../../../static/js/systems/small-soldiers/overlays.js";
import { createState, shotLive, shotKey } from "../../../static/js/systems/small-soldiers/state.js";
import { canDrag, limit, ownFlagOnTop, spaceNote } from "../../../static/js/systems/small-soldiers/board.js";

const f = fixture("small-soldiers");
const v = f.view;
const playerNames = new Map([["gorgonites", "Ann"]]);

beforeEach(() => installDom());

// The sample view with a fighter free to move two spaces.
const fighter = v.pieces.find((p) => p.kind === "fighter" && p.owner === "gorgonites");
const dests = [
  { q: fighter.q - 1, r: fighter.r + 1 },
  { q: fighter.q - 2, r: fighter.r + 2 },
];
const moving = { ...v, legal: { moves: { [fighter.id]: dests } } };

test("pieces: an army's colour and shape, the leader's crown; the legend and the turn", () => {
  const pieces = view.pieces(v);
  assertPieces(pieces, v);
  const leader = pieces.find((p) => p.status === "leader");
  assert.equal(leader.badges[0].title, "leader");
  assert.equal(leader.color, view.ARMY_COLORS[leader.army]);
  assertLegend(view.legend(v));
  assert.deepEqual(view.clock(v), { turn: v.turn.round });
});

test("names: fighters, armies, seats with their player", () => {
  const n = view.names(v, playerNames);
  assert.equal(n.fighter(fighter.id), fighter.label);
  assert.equal(n.army("gorgonites"), "Gorgonites");
  assert.equal(n.seat("gorgonites"), "Ann (Gorgonites)");
  assert.equal(view.armyOf("commandos-2"), "commandos");
  assert.equal(view.enemyOf("commandos"), "gorgonites");
});

test("every event of the sample game reads as a sentence in the game's words", () => {
  const n = view.names(v, playerNames);
  for (const e of f.events) {
    const line = view.describe(e, n);
    assertReadable(line, e);
    assert.doesNotMatch(line, /\(-?\d+, -?\d+\)|gorgonites|commandos|_/, `${e.kind}: ${line}`);
  }
  const moved = { kind: "moved", fighter: fighter.id, steps: 2, to: [fighter.q, fighter.r] };
  const cell = v.board.cells.find((c) => c.q === fighter.q && c.r === fighter.r);
  assert.equal(view.describe(moved, n), `${fighter.label} moved 2 spaces to space ${cell.name}`);
  assert.equal(
    view.describe({ kind: "game_won", army: "commandos", reason: "flag_captured" }, n),
    "Commando Elite win: captured the enemy flag",
  );
  assert.match(
    view.describe(
      f.events.find((e) => e.kind === "spun"),
      n,
    ),
    /spun a \d: move \d spaces$/,
  );
});

test("overlays: special spaces and catapults, the chosen fighter's lit spaces (shape ids to:q,r)", () => {
  const spaces = overlays.spaces(v, (a) => a);
  assertShapes(spaces);
  assert.equal(
    allNodes(spaces).filter((n) => n.tag === "polygon" && String(n.attrs.class).startsWith("ss-space")).length,
    v.board.cells.length,
  );
  assert.equal(allNodes(spaces).filter((n) => String(n.attrs.class).startsWith("ss-launcher")).length, 2);
  const lit = allNodes(overlays.destinations(moving, fighter.id, (d) => `to ${d.q}`)).filter(
    (n) => n.attrs["data-shape-id"],
  );
  assert.deepEqual(
    lit.map((n) => n.attrs["data-shape-id"]),
    dests.map((d) => `to:${d.q},${d.r}`),
  );
  assert.equal(overlays.destinations(moving, null, () => "").nodes.length, 1); // only the mover's ring
  const aim = overlays.aim(v.board.catapults.gorgonites, { offset: 0, angle: 0, power: 8 });
  assertShapes(aim);
  assert.ok(aim.nodes.length > 0);
  assert.equal(overlays.aim(null, { offset: 0, angle: 0, power: 8 }), null); // no catapult to aim
});

test("the board side: who may be dragged, where a drag stops, the space's words, the board turned", () => {
  assert.equal(canDrag(fighter, moving), true);
  assert.equal(canDrag(fighter, v), false);
  assert.equal(limit(fighter, dests[0], [dests[0]], moving), null);
  const past = { q: fighter.q - 3, r: fighter.r + 3 };
  assert.deepEqual(limit(fighter, past, [...dests, past], moving).pos, dests[1]);
  const s = createState({ seat: "gorgonites", names: playerNames, container: null, board: null });
  s.spaces = new Map(v.board.cells.map((c) => [view.hexKey(c.q, c.r), c]));
  const enemyFlag = v.board.cells.find((c) => c.terrain === "flag-commandos");
  assert.equal(spaceNote(s, enemyFlag.q, enemyFlag.r), " — enemy flag!");
  const recruit = v.board.cells.find((c) => c.label);
  assert.equal(spaceNote(s, recruit.q, recruit.r), ` — ${recruit.label}`);
  assert.equal(ownFlagOnTop(s, v), true); // the Gorgonites' flag stands in the top half
  assert.equal(ownFlagOnTop(createState({ seat: "commandos", names: playerNames }), v), false);
  s.view = v;
  const shot = { origin: [0, 0], landing: [1, 1], stop: null };
  s.shots.set(shotKey(shot), 3);
  assert.equal(shotLive(s, { last_catapult: shot, turn: { round: 4 } }), true);
  assert.equal(shotLive(s, { last_catapult: shot, turn: { round: 5 } }), false);
});
