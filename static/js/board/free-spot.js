// Where a new piece goes: the free place nearest a point of view's middle, in rings around it
// (hexes on a hex board, steps of about a piece and a half on a tabletop), so pieces do not stack.

// grid: the board kind (hex.js, tabletop.js); view: the visible box {x, y, w, h} in board
// units; taken: the positions of the pieces already on the board.
export function freeSpot(grid, view, taken) {
  const centre = grid.fromPixel(view.x + view.w / 2, view.y + view.h / 2);
  const used = new Set(taken.map((p) => JSON.stringify(p)));
  const step = grid.kind === "hex" ? null : Math.max(1, Math.round(grid.pieceRadius * 3));
  for (let ring = 0; ring < 30; ring++) {
    for (let i = -ring; i <= ring; i++) {
      for (const [a, b] of [
        [i, -ring],
        [i, ring],
        [-ring, i],
        [ring, i],
      ]) {
        const pos = step ? { x: centre.x + a * step, y: centre.y + b * step } : { q: centre.q + a, r: centre.r + b };
        if (grid.onBoard(pos) && !used.has(JSON.stringify(pos))) return pos;
      }
    }
  }
  return centre;
}
