// GKR's view part (systems/gkr/view.js, overlays.js) and the actions its choices send
// (gkr/moves.js), on a sample view of the server's own game (fixtures/gkr.json).
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { installDom } from "../fake-dom.js";
import { allNodes, assertLegend, assertPieces, assertReadable, assertShapes, fixture } from "../fixtures.js";
import * as view from "../../../static/js/systems/gkr/view.js";
import * as overlays from "../../../static/js/systems/gkr/overlays.js";
import { createState } from "../../../static/js/systems/gkr/state.js";
import { setSeatLabels } from "../../../static/js/words.js";
import { clickableHexes, destinations, moveAction, tagAction } from "../../../static/js/systems/gkr/moves.js";

const f = fixture("gkr");
const v = f.view;
const playerNames = new Map([[f.seat, "Ann"]]);

beforeEach(() => installDom());

test("pieces: a silhouette per unit kind, cards or HP as a badge, the faction's name under its Heavy Hitter", () => {
  const pieces = view.pieces(v);
  assertPieces(pieces, v);
  const heavy = pieces.find((p) => p.kind === "heavy" && p.owner === "diamondback");
  assert.equal(heavy.icon, "robot");
  assert.equal(heavy.caption, "DiamondBack");
  assert.deepEqual(heavy.badges[0], { text: "25", title: "25 cards", tone: "info" });
  const icons = { combat: "tank", repair: "wrench", recon: "drone" };
  for (const p of pieces.filter((x) => icons[x.kind])) assert.equal(p.icon, icons[p.kind]);
});

test("legend: the factions in turn order, then the kinds of unit; the clock is the round", () => {
  const items = view.legend(v);
  assertLegend(items);
  assert.deepEqual(
    items.slice(0, 2).map((i) => i.label),
    ["DiamondBack", "King Wolf"],
  );
  assert.equal(items[0].color, v.players.diamondback.colour);
  assert.deepEqual(view.clock(v), { turn: v.turn.round });
});

test("names: factions, players as their name with their faction, units, hexes by the board's coordinates", () => {
  setSeatLabels({ "king-wolf": "King Wolf", diamondback: "DiamondBack" });
  const n = view.names(v, playerNames);
  assert.equal(n.faction("king-wolf"), "King Wolf");
  assert.equal(n.player("king-wolf"), "Ann (King Wolf)");
  assert.equal(n.player("diamondback"), "DiamondBack");
  assert.equal(n.unitName("blb"), "Big Little Buddy");
  assert.equal(n.unitName("diamondback:heavy"), "DiamondBack Heavy Hitter");
  const b = v.board.buildings[0];
  const cell = v.board.cells.find((c) => c.q === b.q && c.r === b.r);
  assert.match(cell.name, /^[A-Z]\d+$/);
  assert.equal(n.hexLabel(b), `${cell.name}, Building ${b.id.slice(1)}`);
  assert.equal(n.building(b.id), `Building ${b.id.slice(1)}`);
  assert.equal(n.hex({ q: 0, r: 0 }), `hex ${v.board.cells.find((c) => c.q === 0 && c.r === 0).name}`);
});

test("every event of the sample game reads as a sentence in the game's words", () => {
  const n = view.names(v, playerNames);
  for (const e of f.events) {
    const line = view.describe(e, n);
    assertReadable(line, e);
    assert.doesNotMatch(line, /\(-?\d+, -?\d+\)|\bb\d+\b|diamondback|king-wolf|_/, `${e.kind}: ${line}`);
  }
  const moved = f.events.find((e) => e.kind === "moved" && e.card);
  assert.match(
    view.describe(moved, n),
    /^King Wolf Heavy Hitter moved \d+ hexes to hex [A-Z]\d+, facing .* with a movement card$/,
  );
  assert.equal(view.describe({ kind: "unknown" }, n), undefined);
});

test("overlays: buildings with a pip per tag needed, lit and clickable hexes, rings on movers", () => {
  const colour = view.names(v, playerNames).colour;
  const b = overlays.buildings(v, colour);
  assertShapes(b);
  assert.equal(b.layer, "below");
  const nodes = allNodes(b);
  const need = v.defaults?.rules?.tags_to_demolish ?? 4;
  assert.equal(nodes.filter((n) => n.attrs.class === "gkr-pip empty").length, v.board.buildings.length * need);
  const click = { hex: { q: 1, r: 2 }, label: "Move there" };
  const glow = overlays.glow(v, { piece: null, title: "", lit: v.prompt.highlight, clicks: [click] });
  const lit = allNodes(glow).filter((n) => n.attrs.class === "gkr-lit");
  assert.equal(lit.length, v.prompt.highlight.length);
  const dest = allNodes(glow).find((n) => n.attrs["data-shape-id"] === "hex:1,2");
  assert.equal(dest.attrs["aria-label"], "Move there");
  const marks = overlays.marks(v, { prompt: v.prompt, chosen: null, aims: [], colour, faction: (s) => s });
  assert.deepEqual(marks.until, { turn: v.turn.round });
  assert.equal(
    allNodes(marks).filter((n) => String(n.attrs.class).startsWith("gkr-mover")).length,
    v.prompt.moves.length,
  );
});

test("moves: the chosen unit's destinations, with its facing and movement card", () => {
  const s = createState({ seat: f.seat, names: playerNames, container: null, board: null });
  s.view = v;
  const m = v.prompt.moves[0];
  const piece = v.pieces.find((p) => p.id === m.unit);
  assert.deepEqual(destinations(s, m), m.hexes);
  assert.deepEqual(moveAction(s, piece, { q: 1, r: 2 }), { kind: "move", unit: m.unit, to: { q: 1, r: 2 } });
  s.facing = 120;
  assert.equal(moveAction(s, piece, { q: 1, r: 2 }).facing, 120);
  assert.equal(moveAction(s, piece, { q: 1, r: 2 }, 60).facing, 60);
  assert.deepEqual(tagAction(s, "u", "b1"), { kind: "tag", unit: "u", building: "b1" });
  s.chosen = m.unit;
  const hexes = clickableHexes(s, v);
  assert.equal(hexes.size, m.hexes.length);
  const [first] = hexes.values();
  assert.equal(first.action().unit, m.unit);
  assert.match(first.label, /^Move King Wolf .* to hex [A-Z]\d+$/);
  s.me = null;
  assert.equal(clickableHexes(s, v).size, 0); // a watcher acts on no hex
});
