// Heavy Gear Blitz!'s view part (systems/hgb/view.js, overlays.js) and the moves it sends
// (hgb/moves.js), on a sample view of the server's own game (fixtures/hgb.json).
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { installDom } from "../fake-dom.js";
import { allNodes, assertLegend, assertPieces, assertReadable, assertShapes, fixture } from "../fixtures.js";
import * as view from "../../../static/js/systems/hgb/view.js";
import * as overlays from "../../../static/js/systems/hgb/overlays.js";
import { createState, actors } from "../../../static/js/systems/hgb/state.js";
import { canDrag, facingFor, moveAction, moveFor } from "../../../static/js/systems/hgb/moves.js";
import { setSeatLabels } from "../../../static/js/words.js";
import { aimLine, menuControls } from "../../../static/js/systems/hgb/menu.js";

const f = fixture("hgb");
const v = f.view;
const playerNames = new Map([["north", "Ann"]]);

beforeEach(() => installDom());

test("pieces: the faction's colour, a silhouette, status badges and tones", () => {
  const pieces = view.pieces(v);
  assertPieces(pieces, v);
  const used = pieces.find((p) => p.id === "n-cg1-1");
  assert.equal(used.color, view.FACTION_COLOURS.north);
  assert.equal(used.tone, "used");
  assert.deepEqual(used.badges[0], { text: "U", title: "Used", tone: "muted" });
  const acting = pieces.find((p) => p.id === v.current.model);
  assert.equal(acting.badges[0].text, "▶");
  const designated = pieces.find((p) => p.id === Object.keys(v.designations)[0]);
  assert.ok(designated.badges.some((b) => b.title === "designated"));
  assert.ok(pieces.some((p) => p.icon === "officer"));
});

test("legend: each side's force, the silhouettes and the badges; the clock counts activations", () => {
  const items = view.legend(v);
  assertLegend(items);
  assert.equal(items[0].label, "North: Northern Starting Forces");
  const acted = v.cards.filter((c) => c.used).length + (v.current?.model ? 1 : 0);
  assert.deepEqual(view.clock(v), { turn: v.turn.round, activation: acted });
  assert.equal(view.legend({}), null);
});

test("names and numbers as a tape measure reads them", () => {
  const n = view.names(v, playerNames);
  setSeatLabels({ north: "Northern", south: "Southern" });
  assert.equal(n.player("north"), "Ann (Northern)");
  assert.equal(n.player("south"), "Southern");
  setSeatLabels(null);
  assert.equal(n.label("n-cg1-1"), "Hunter 1");
  assert.equal(n.groupName("north", "cg1"), v.forces.north.groups[0].name);
  assert.equal(view.num(7.2468), 7.2);
  assert.equal(view.num(7.2468, 2), 7.25);
  assert.equal(view.signed(2), "+2");
  assert.equal(view.at(4.04, 6), "4 in from the West edge, 6 in from the North edge");
  assert.equal(n.groupName("north", "cg7"), "Combat Group 7");
  assert.equal(view.other("north"), "south");
});

test("every event of the sample game reads as a sentence in the game's words", () => {
  const n = view.names(v, playerNames);
  for (const e of f.events) assertReadable(view.describe(e, n), e);
  const attack = f.events.find((e) => e.kind === "attack");
  assert.match(view.describe(attack, n), /^HeadHunter-K fires LAC at Jäger 2: /);
  assert.equal(view.describe({ kind: "unknown" }, n), undefined);
  setSeatLabels({ north: "Northern", south: "Southern" });
  const said = (e) => view.describe(e, n);
  assert.equal(
    said({ kind: "round_started", round: 2, initiative: [{ north: 3, south: 5 }], winner: "south" }),
    "Round 2: initiative Northern 3 / Southern 5: Southern wins",
  );
  assert.equal(
    said({ kind: "end_proposed", seat: "north", winner: "south" }),
    "Ann (Northern): proposes to end the game: Southern wins",
  );
  assert.equal(
    said({ kind: "game_ended", winners: ["north"], reason: "south conceded" }),
    "Game over: Ann (Northern) won (Southern conceded)",
  );
  assert.match(said({ kind: "group_activated", seat: "north", group: "cg1" }), /activates its [A-Z][a-z]+ /);
  assert.equal(
    said({ kind: "deployed", seat: "north", model: "n-cg1-1", x: 3, y: 4, facing: 90 }),
    "Ann (Northern): deploys Hunter 1 at 3 in from the West edge, 4 in from the North edge facing South (90°)",
  );
  assert.equal(
    said({ kind: "move_stopped", model: "n-cg1-1", x: 24, y: 24, facing: 90, mp: 4, speed: "combat" }),
    "Hunter 1 loses Full Speed and stops at 24 in from the West edge, 24 in from the North edge: 4 MP, its Combat Speed allowance",
  );
  setSeatLabels(null);
});

test("overlays: deployment zones in deployment, designations, a path with MP, the MP a trail costs", () => {
  assertShapes(overlays.zones(v, "north"));
  const deploying = { ...v, turn: { ...v.turn, phase: "deployment" } };
  const zones = allNodes(overlays.zones(deploying, "north")).filter((n) => n.tag === "rect");
  assert.deepEqual(
    zones.map((z) => z.attrs.class),
    ["hgb-zone mine", "hgb-zone"],
  );
  const marks = overlays.marks({ view: v, me: "north", rfAt: -1, lastAttack: [], label: (id) => id });
  assertShapes(marks);
  const path = overlays.path({ x: 0, y: 0 }, [[3, 4]], { mp: [5], mp_left: 1 }, null);
  assert.ok(allNodes(path).some((n) => n.text === "1 MP left"));
  const refused = overlays.path({ x: 0, y: 0 }, [[3, 4]], null, "Blocked");
  assert.ok(allNodes(refused).some((n) => n.text === "✗ Blocked"));
  const card = v.cards.find((c) => c.id === "n-cg1-2");
  assert.ok(
    Math.abs(
      overlays.mpAlong(v, card, [
        { x: 0, y: 40 },
        { x: 3, y: 44 },
      ]) - 5,
    ) < 1e-9,
  ); // open ground: 1 MP an inch
  assert.equal(overlays.mpAlong({}, card, []), null);
});

test("a drag stops at the MP limit; a trail becomes a short path ending where the drag ended", () => {
  const card = { mode: "walker", speed: "combat", mp_now: 4, mp_spent: 1 };
  const stop = overlays.clampTrail(v, card, [
    { x: 0, y: 40 },
    { x: 6, y: 40 },
  ]);
  assert.ok(Math.abs(stop.pos.x - 2.98) < 0.011 && stop.pos.y === 40);
  assert.match(stop.note, /MP limit \(3 MP\)/);
  assert.equal(
    overlays.clampTrail(v, card, [
      { x: 0, y: 40 },
      { x: 1, y: 40 },
    ]),
    null,
  );
  const straight = overlays.pathFromTrail(
    { x: 0, y: 0 },
    [
      { x: 1, y: 0 },
      { x: 2, y: 0.01 },
    ],
    { x: 3, y: 0 },
  );
  assert.deepEqual(straight, [[3, 0]]);
  const corner = overlays.pathFromTrail(
    { x: 0, y: 0 },
    [
      { x: 2, y: 0 },
      { x: 2, y: 1 },
    ],
    { x: 2, y: 2 },
  );
  assert.deepEqual(corner, [
    [2, 0],
    [2, 2],
  ]);
  assert.ok(
    overlays.inside({ x: 1, y: 1 }, [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ]),
  );
  assert.ok(
    !overlays.inside({ x: 3, y: 1 }, [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ]),
  );
});

test("moves: a deployment, a move along waypoints with the facing of its last leg, who may be dragged", () => {
  const s = createState({ seat: "north", names: playerNames, container: null, board: null });
  s.view = v;
  assert.equal(facingFor(s, { x: 0, y: 0 }, [[0, 5]]), 90);
  s.facing = "keep";
  assert.equal(facingFor(s, { x: 0, y: 0 }, [[0, 5]]), undefined);
  s.facing = "180";
  assert.deepEqual(moveFor(s, "n-cg1-2", [{ x: 8.123, y: 9 }]), {
    kind: "move",
    model: "n-cg1-2",
    path: [[8.12, 9]],
    facing: 180,
  });
  const piece = v.pieces.find((p) => p.id === "n-cg1-2");
  const deploying = { turn: { phase: "deployment" } };
  assert.deepEqual(moveAction(s, piece, { x: 5, y: 5 }, undefined, deploying), {
    kind: "deploy",
    model: "n-cg1-2",
    x: 5,
    y: 5,
    facing: 90,
  });
  assert.deepEqual(moveAction(s, piece, { x: piece.x, y: piece.y }, 45, v).path, [[piece.x, piece.y]]);
  const mine = actors(s, v).map((c) => c.id);
  assert.ok(mine.length > 0 && mine.every((id) => id.startsWith("n-cg1")));
  assert.equal(canDrag(s, piece, v), mine.includes(piece.id));
  assert.equal(
    canDrag(
      s,
      v.pieces.find((p) => p.owner === "south"),
      v,
    ),
    false,
  );
});

test("the acting model's menu: the shot's target, weapon and roll, the aim in a line", () => {
  const s = createState({ seat: "north", names: playerNames, container: null, board: null, dock: null });
  s.view = v;
  const mine = actors(s, v);
  s.model = mine[0].id;
  const card = mine[0];
  assert.equal(aimLine(s, card), "Pick a target here or click an enemy model on the board.");
  s.target = "s-cg1-1";
  assert.equal(aimLine(s, card), "Measuring…");
  s.aim = { legal: true, distance: 12.34, band: "medium", in_arc: true, cover: { category: "light" } };
  s.aimKey = "k";
  s.odds = { key: "k", r: { hit: 0.456 } };
  assert.match(aimLine(s, card), /^12\.3 in, \w+ · in arc · Light cover · hit 46%/);
  s.aim = { legal: false, why: "out of range" };
  assert.equal(aimLine(s, card), "Not possible: out of range");
  const menus = menuControls(s, v);
  const active = v.turn.phase === "activation" && v.to_activate === "north" && (v.turn.active || []).includes("north");
  assert.equal(menus.length, active ? 1 : 0);
  if (active) {
    const text = menus[0].textContent;
    assert.match(text, /Target/);
    assert.match(text, /Weapon/);
    assert.match(text, /Roll the attack on /);
  }
});

test("facings are named as the screen shows them, the compass after", () => {
  const plain = new Map(view.facingChoices(false));
  const turned = new Map(view.facingChoices(true));
  assert.equal(plain.get(270), "Up (North), 270°");
  assert.equal(plain.get(90), "Down (South), 90°");
  assert.equal(turned.get(90), "Up (South), 90°");
  assert.equal(turned.get(0), "Left (East), 0°");
  assert.equal(turned.get(225), "Down-right (North-west), 225°");
});
