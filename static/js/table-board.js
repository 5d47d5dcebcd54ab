// The table page's board: the Board with its events wired to the page (details of the picked
// piece, drag previews through the server, moves sent and refused moves snapped back with the
// reason). The game's panel shapes the moves (moveAction, canDrag, limit); a game whose panel
// sends no moves has none to drag.
import { mountCoordinates } from "./board/coords.js";
import { Board } from "./board/board.js";
import { showDetails } from "./details.js";
import { flash } from "./status.js";

// page: {state, slot, sides, send, preview(action), describe(event), why(code): the rule behind a refusal, $}
export function mountBoard(page) {
  const { state, sides, $ } = page;
  mountCoordinates(document.querySelector(".board-area .toolbar"), $("board"));
  const hooks = () => page.slot.panel || {};
  const board = new Board($("board"), {
    sides,
    legendHost: document.querySelector(".board-area .toolbar"),
    canDrag: (piece) =>
      state.me?.role === "player" &&
      state.status === "open" &&
      !!hooks().moveAction &&
      (hooks().canDrag ? hooks().canDrag(piece, state.view) : true),
    preview: (piece, pos, trail) => dragPreview(page, moveAction(piece, pos, undefined, trail)),
    limit: (piece, pos, trail) => hooks().limit?.(piece, pos, trail, state.view) || null,
  });
  board.on("select", (piece) => showDetails($("details"), piece, sides));
  board.on("drop", ({ piece, pos, trail, preview: result }) =>
    commitMove(piece, moveAction(piece, pos, undefined, trail), result),
  );
  board.on("keymove", ({ piece, pos }) => commitMove(piece, moveAction(piece, pos)));
  board.on("rotate", ({ piece, facing }) => commitMove(piece, moveAction(piece, board.piecePos(piece), facing)));
  board.on("dragstatus", ({ result, limited, note }) => {
    const box = $("board-message");
    box.classList.toggle("legal", !!result?.legal);
    const stop = limited ? `${note || "Stopped at the limit"}. ` : "";
    if (result && !result.legal) flash(box, `${stop}Not legal: ${result.reason}`, 0);
    else if (result?.summary || stop) flash(box, `${stop}${result?.summary || ""}`, 0);
    else box.hidden = true;
  });
  board.on("measure", (text) => {
    $("measure-readout").textContent = text;
  });

  const moveAction = (piece, pos, facing, trail) => hooks().moveAction(piece, pos, facing, state.view, trail);

  // Send a move; an illegal one snaps back with the reason.
  async function commitMove(piece, action, known) {
    if (known && !known.legal) return snapBack(piece, known.reason, known.code);
    $("board-message").hidden = true;
    try {
      await page.send(action);
    } catch (err) {
      snapBack(piece, err.message, err.code);
    }
  }

  function snapBack(piece, reason, code) {
    $("board-message").classList.remove("legal");
    board.placePiece(piece.id);
    flash($("board-message"), `Move refused: ${reason}`, 6000);
    page.why?.(code);
  }

  return board;
}

// What a drag would do, as the board shows it while dragging: {legal, reason, summary, path}.
async function dragPreview(page, action) {
  try {
    const r = await page.preview(action);
    const summary = r.events
      .slice(0, 2)
      .map((e) => page.describe(e))
      .join("; ");
    const path = r.events.find((e) => Array.isArray(e.path))?.path;
    return { legal: r.legal, reason: r.error ? r.error.message : "", code: r.error?.code, summary, path };
  } catch (err) {
    // A refused request is a "no"; a network hiccup or rate limit leaves the server to decide on drop.
    return [400, 403, 404, 409, 422].includes(err.status)
      ? { legal: false, reason: err.message, code: err.code }
      : undefined;
  }
}
