// Overlay shapes as plain data (like chessground's auto shapes): a panel builds a list of
// nodes with `shapes()`, hands it to `board.set({shapes: {key: {nodes, layer, until}}})`, and
// the board draws it. Each key is replaced on every set; `until` lets a key expire by itself:
//   until: "drag"                      dropped when the current drag ends (or is refused)
//   until: {turn, activation}          dropped once the board's clock passes that turn/activation
import { el, clear } from "./svg.js";

// A builder with the same shape as svg.js's el()/text(): el(tag, attrs, parent) and
// text(content, attrs, parent), but producing data. `nodes` is the list to hand to the board.
export function shapes() {
  const nodes = [];
  const add = (tag, attrs = {}, parent = null) => {
    const node = { tag, attrs, children: [] };
    (parent ? parent.children : nodes).push(node);
    return node;
  };
  return {
    nodes,
    el: add,
    text(content, attrs = {}, parent = null) {
      const node = add("text", { "paint-order": "stroke", ...attrs }, parent);
      node.text = content == null ? "" : String(content);
      return node;
    },
    title(content, parent) {
      const node = add("title", {}, parent);
      node.text = String(content);
      return node;
    },
  };
}

// Whether a key's `until` has passed at `clock` ({turn, activation}).
export function isExpired(until, clock) {
  if (!until || typeof until !== "object" || !clock) return false;
  const num = (v) => (Number.isFinite(Number(v)) ? Number(v) : null);
  const [ut, ct] = [num(until.turn), num(clock.turn)];
  if (ut !== null && ct !== null && ct !== ut) return ct > ut;
  const [ua, ca] = [num(until.activation), num(clock.activation)];
  return ua !== null && ca !== null && ca > ua;
}

function draw(node, parent) {
  const n = el(node.tag, node.attrs, parent);
  if (node.text !== undefined) n.textContent = node.text;
  for (const c of node.children || []) draw(c, n);
  return n;
}

// The board's overlay layers, one <g> per key, under or over the pieces.
export class ShapeLayer {
  constructor(below, above) {
    this.below = below;
    this.above = above;
    this.keys = new Map(); // key -> {spec, g}
    this.clock = null;
  }

  set(all) {
    for (const [key, spec] of Object.entries(all || {})) this.setKey(key, spec);
  }

  setKey(key, spec) {
    const old = this.keys.get(key);
    if (old) old.g.remove();
    this.keys.delete(key);
    if (!spec) return;
    const list = Array.isArray(spec) ? { nodes: spec } : spec;
    if (isExpired(list.until, this.clock)) return; // already past its turn/activation: never drawn
    const g = el(
      "g",
      { class: `shapes shapes-${key}`, "data-shapes": key },
      list.layer === "below" ? this.below : this.above,
    );
    for (const node of list.nodes || []) draw(node, g);
    this.keys.set(key, { spec: list, g });
  }

  setClock(clock) {
    this.clock = clock;
    for (const [key, entry] of this.keys) if (isExpired(entry.spec.until, clock)) this.setKey(key, null);
  }

  // The end of a drag: shapes living only for it go.
  dragEnded() {
    for (const [key, entry] of this.keys) if (entry.spec.until === "drag") this.setKey(key, null);
  }

  has(key) {
    return this.keys.has(key);
  }

  clear() {
    for (const key of [...this.keys.keys()]) this.setKey(key, null);
    clear(this.below);
    clear(this.above);
  }
}
