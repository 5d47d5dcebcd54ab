// The sample views and events of tests/js/fixtures/<system>.json (made by make_fixtures.py from
// the server's own rule systems), and checks every game's view part shares.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

/** @returns {{system: string, seat: string, view: object, events: object[]}} */
export function fixture(system) {
  return JSON.parse(readFileSync(new URL(`./fixtures/${system}.json`, import.meta.url), "utf8"));
}

// A log line reads as words: no raw dumps (key=value, braces), no "undefined" or "[object".
export function assertReadable(line, event) {
  assert.equal(typeof line, "string", `no line for ${event.kind}`);
  assert.ok(line.length > 3, `an empty line for ${event.kind}`);
  for (const bad of [/\w=/, /[{}]/, /undefined/, /\[object/, /NaN/])
    assert.doesNotMatch(line, bad, `${event.kind}: ${line}`);
}

// Every piece the board gets has an id, a place, and the look the game gives it.
export function assertPieces(pieces, view) {
  assert.equal(pieces.length, (view.pieces || []).length);
  for (const p of pieces) {
    assert.ok(p.id, "a piece without an id");
    assert.ok(
      (Number.isFinite(p.q) && Number.isFinite(p.r)) || (Number.isFinite(p.x) && Number.isFinite(p.y)),
      `${p.id} has no place`,
    );
    assert.ok(p.icon, `${p.id} has no silhouette`);
    for (const b of p.badges || []) assert.ok(b.text !== undefined && b.tone, `${p.id}: a badge without text or tone`);
  }
}

// Every legend entry has a label and a colour.
export function assertLegend(items) {
  assert.ok(items.length > 0);
  for (const it of items) assert.ok(it.label && it.color, JSON.stringify(it));
}

// Shape data for board.set: nodes with a tag, attributes and children, all the way down.
export function assertShapes(spec) {
  assert.ok(Array.isArray(spec.nodes), "no nodes");
  const walk = (n) => {
    assert.equal(typeof n.tag, "string");
    assert.equal(typeof n.attrs, "object");
    for (const c of n.children || []) walk(c);
  };
  for (const n of spec.nodes) walk(n);
  return spec.nodes;
}

// All nodes of a shape spec, depth first.
export function allNodes(spec) {
  const out = [];
  const walk = (n) => {
    out.push(n);
    for (const c of n.children || []) walk(c);
  };
  for (const n of spec?.nodes || []) walk(n);
  return out;
}
