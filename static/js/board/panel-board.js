// What a game panel sees of the board: data in (shapes, selection), events out, and a few
// read-only answers. Everything it subscribed to goes with destroy(). Panels get this, never
// the Board itself, so they cannot reach into its SVG or its drag.
//
// While the page runs a panel's update (`collect`), the shapes the panel sets are gathered and
// handed back to the page, which sends them with the view's pieces in its one `board.set`. A
// key set again as it is already drawn does not reach the board at all.

/**
 * @typedef {{nodes: object[], layer?: "below"|"above", until?: "drag"|{turn?: number, activation?: number}}} ShapeSpec
 * @typedef {object} PanelBoard
 * @property {(cfg: {shapes?: Record<string, ShapeSpec|null>, selected?: string|null}) => void} set
 * @property {(name: string, fn: (detail: any) => void) => () => void} on
 * @property {(id: string|null) => void} select
 * @property {() => object|null} selected
 * @property {(id: string) => object|null} piece
 * @property {(id: string) => boolean} has
 * @property {(piece: object) => object} piecePos
 * @property {() => boolean} dragging
 * @property {() => string} tool
 * @property {() => "hex"|"tabletop"} kind
 * @property {() => number} facingStep
 * @property {() => object} freeSpot
 * @property {(fn: () => void) => Record<string, ShapeSpec|null>} collect
 * @property {() => void} destroy
 */

/** @returns {PanelBoard} */
export function panelBoard(board, prefix = "panel") {
  const offs = [];
  const sent = new Map(); // key -> the spec last sent, as JSON
  let batch = null; // the shapes gathered during collect()
  let gone = false; // after destroy a panel's late answers (a timer, a fetch) draw nothing

  const prefixed = (shapes) => Object.fromEntries(Object.entries(shapes || {}).map(([k, v]) => [`${prefix}-${k}`, v]));

  // The keys that change what the board shows: a new spec, or a drawn key taken away.
  function changed(shapes) {
    const out = {};
    for (const [key, v] of Object.entries(shapes)) {
      const json = v ? JSON.stringify(v) : null;
      const drawn = board.hasShape(key);
      if (json === null ? !drawn : drawn && sent.get(key) === json) continue;
      sent.set(key, json);
      out[key] = v;
    }
    return out;
  }

  return {
    // shapes: {key: {nodes, layer, until} | null}
    set(cfg = {}) {
      if (gone) return;
      const shapes = prefixed(cfg.shapes);
      if (batch) Object.assign(batch, shapes);
      else {
        const out = changed(shapes);
        if (Object.keys(out).length) board.set({ shapes: out });
      }
      if (cfg.selected !== undefined) board.select(cfg.selected);
    },
    on(name, fn) {
      if (gone) return () => {};
      const off = board.on(name, fn);
      offs.push(off);
      return off;
    },
    select: (id) => board.select(id),
    selected: () => board.selectedPiece(),
    piece: (id) => board.piece(id),
    has: (id) => !!board.piece(id),
    piecePos: (piece) => board.piecePos(piece),
    dragging: () => board.drag.active,
    tool: () => board.tool,
    kind: () => board.grid.kind,
    facingStep: () => board.grid.facingStep,
    freeSpot: () => board.freeSpot(),
    // Runs fn (the panel's update) and returns the shapes it set, for the page's one board.set.
    collect(fn) {
      if (batch) {
        fn();
        return {};
      }
      batch = {};
      try {
        fn();
        return changed(batch);
      } finally {
        batch = null;
      }
    },
    destroy() {
      if (gone) return;
      gone = true;
      for (const off of offs) off();
      const shapes = {};
      for (const key of sent.keys()) if (board.hasShape(key)) shapes[key] = null;
      sent.clear();
      board.set({ shapes });
    },
  };
}
