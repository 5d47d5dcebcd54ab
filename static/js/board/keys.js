// The board's keyboard: Enter on an overlay shape or a piece clicks it, a panel may take a key
// on a piece first (`key` event, set handled), the ruler measures between two pieces, arrows
// move the selected piece (following the screen on a board turned half round), [ and ] turn it,
// Escape drops the selection; anything else pans and zooms (pan-zoom.js).

const ACTIVATE = new Set(["Enter", " "]);
const TURNED = { ArrowRight: "ArrowLeft", ArrowLeft: "ArrowRight", ArrowUp: "ArrowDown", ArrowDown: "ArrowUp" };
const DIRS = { ArrowRight: "right", ArrowLeft: "left", ArrowUp: "up", ArrowDown: "down" };

// The board position an arrow key moves a piece to (null for another key). On a hex board,
// Shift with up or down steps along the other diagonal.
export function arrowStep(grid, pos, key, { shiftKey = false, turned = false } = {}) {
  const k = turned ? TURNED[key] || key : key;
  const dir = DIRS[k];
  if (!dir) return null;
  const diagonal = shiftKey && grid.kind === "hex" ? { ArrowUp: "upRight", ArrowDown: "downLeft" }[k] : null;
  return grid.step(pos, diagonal || dir);
}

// A facing turned one step by [ (anticlockwise) or ] (clockwise), in 0..359.
export function turnedFacing(facing, key, step) {
  const delta = (key === "]" ? 1 : -1) * step;
  return ((((Number(facing) || 0) + delta) % 360) + 360) % 360;
}

export function onKey(board, e) {
  const shape = e.target.closest?.("[data-shape-id]");
  if (shape && ACTIVATE.has(e.key)) {
    const bb = shape.getBBox?.();
    const point = bb ? { x: bb.x + bb.width / 2, y: bb.y + bb.height / 2 } : { x: 0, y: 0 };
    board.emit("click", {
      point,
      cell: board.grid.fromPixel(point.x, point.y),
      piece: null,
      shape: shape.dataset.shapeId,
    });
    e.preventDefault();
    return;
  }
  const g = e.target.closest?.(".piece");
  const entry = g ? board.pieces.get(g.dataset.id) : null;
  if (entry && (panelTakes(board, entry.piece, e) || pieceKey(board, entry.piece, e))) {
    e.preventDefault();
    return;
  }
  if (e.key === "Escape") {
    board.measure.clear();
    board.select(null);
    return;
  }
  if (board.panZoom.onKey(e)) e.preventDefault();
}

// A panel may take a key on a piece first.
function panelTakes(board, piece, e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  const ev = { piece, key: e.key, shiftKey: e.shiftKey, handled: false };
  board.emit("key", ev);
  if (ev.handled) e.stopPropagation();
  return ev.handled;
}

// The board's own keys on a piece; true when one was used.
function pieceKey(board, piece, e) {
  if (board.tool === "measure" && ACTIVATE.has(e.key)) {
    // Keyboard measuring: Enter on one piece, then Enter on another.
    const at = board.grid.position(piece);
    const ending = board.measure.group && !board.measure.done;
    if (ending) board.measure.move(at);
    else board.measure.start(at);
    board.measure.done = !!ending;
    return true;
  }
  if (ACTIVATE.has(e.key)) {
    board.select(piece.id);
    board.emit("click", { point: board.grid.position(piece), cell: board.piecePos(piece), piece, shape: null });
    return true;
  }
  if (e.key === "Escape") {
    board.select(null);
    return true;
  }
  const movable = board.config.canDrag?.(piece);
  if (DIRS[e.key] && board.selected === piece.id && movable) {
    const turned = board.svg.classList.contains("flipped");
    const to = arrowStep(board.grid, board.piecePos(piece), e.key, { shiftKey: e.shiftKey, turned });
    if (to) board.emit("keymove", { piece, pos: to });
    return true;
  }
  if ((e.key === "[" || e.key === "]") && movable) {
    board.emit("rotate", { piece, facing: turnedFacing(piece.facing, e.key, board.grid.facingStep) });
    return true;
  }
  return false;
}
