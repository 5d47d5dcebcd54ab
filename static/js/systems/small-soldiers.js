// Small Soldiers Big Battle: the panel. The pure view (small-soldiers/view.js: pieces, legend,
// log lines; small-soldiers/overlays.js: shapes over the map) is shared with spectators and the
// replay page. The panel is one state (small-soldiers/state.js) and plain functions over it:
// small-soldiers/cards.js the read-only side, small-soldiers/controls.js the seat's choices,
// small-soldiers/board.js its side of the board. The server decides everything (view.legal,
// view.prompt); this only shows and asks. Every text node is set with textContent.
import { h } from "./dom.js";
import * as view from "./small-soldiers/view.js";
import * as overlays from "./small-soldiers/overlays.js";
import { createState, shotKey } from "./small-soldiers/state.js";
import * as cards from "./small-soldiers/cards.js";
import { renderControls } from "./small-soldiers/controls.js";
import * as board from "./small-soldiers/board.js";

export { view };

// The replay page's overlays: the map's special spaces and catapults.
export const replay = {
  shapes: (v, playerNames) => ({ "ss-spaces": overlays.spaces(v, view.names(v, playerNames).army) }),
};

// The panel's sections in the order they are drawn from the state, the board's last.
const SECTIONS = [
  board.syncChosen,
  cards.showStatus,
  cards.showSpin,
  cards.showDice,
  renderControls,
  cards.showHand,
  cards.showStore,
  cards.showAbout,
  board.drawBoard,
];

/** @param {import("./small-soldiers/state.js").SsState} s */
function refresh(s) {
  const v = s.view;
  if (!v) return;
  for (const draw of SECTIONS) draw(s, v);
  s.ctx.container.dataset.phase = v.turn?.phase || "";
}

// Log lines; the turn of each shot is noted from the events (the view's shot does not carry it).
function describe(s, e) {
  if (e.seq !== undefined && e.kind === "turn_started") s.turnSeen = e.number;
  if (e.seq !== undefined && e.kind === "catapult") {
    s.shots.set(shotKey(e), s.turnSeen ?? s.view?.turn?.round ?? 0);
    if (s.view) queueMicrotask(s.redraw);
  }
  return view.describe(e, view.names(s.view, s.ctx.names));
}

export function mount(ctx) {
  const s = createState(ctx);
  s.redraw = () => refresh(s);
  document.body.classList.add("ss-table");
  const { spinnerBox, spinResult, diceBox, ...rest } = s.dom;
  const { banner, status, ...below } = rest;
  ctx.container.replaceChildren(
    h("h2", { text: "Small Soldiers" }),
    banner,
    status,
    h("div", { class: "ss-spin-row" }, spinnerBox, h("div", { class: "ss-spin-side" }, spinResult, diceBox)),
    ...Object.values(below),
  );
  ctx.board.on("click", (ev) => board.onClick(s, ev));
  return {
    update(v) {
      if (!v) return;
      s.view = v;
      refresh(s);
    },
    describe: (e) => describe(s, e),
    moveAction: (piece, pos) => ({ kind: "move", fighter: piece.id, q: pos.q, r: pos.r }),
    canDrag: (piece, v) => board.canDrag(piece, v),
    limit: (piece, pos, trail, v) => board.limit(piece, pos, trail, v),
    boardData: (v) => ({ flip: board.ownFlagOnTop(s, v) }),
  };
}

// Watchers see the same panel with no seat: the spinner, dice, cards under fighters, Toy Store,
// shots and the winner, and no controls (the view gives a spectator no prompt).
export const watch = mount;
