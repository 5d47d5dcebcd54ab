// What a game panel sees of the board: data in (shapes, selection), events out, and a few
// read-only answers. Everything it subscribed to goes with destroy(). Panels get this, never
// the Board itself, so they cannot reach into its SVG or its drag.
export function panelBoard(board, prefix = "panel") {
  const offs = [];
  const keys = new Set();
  return {
    // shapes: {key: {nodes, layer, until} | null}; keys are kept apart from other panels' by the prefix.
    set(cfg = {}) {
      const shapes = {};
      for (const [k, v] of Object.entries(cfg.shapes || {})) {
        shapes[`${prefix}-${k}`] = v;
        keys.add(`${prefix}-${k}`);
      }
      board.set({ shapes, ...(cfg.selected !== undefined ? { selected: cfg.selected } : {}) });
    },
    on(name, fn) {
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
    destroy() {
      for (const off of offs) off();
      const shapes = {};
      for (const k of keys) shapes[k] = null;
      board.set({ shapes });
    },
  };
}
