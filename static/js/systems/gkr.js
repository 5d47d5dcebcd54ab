// GKR: Heavy Hitters with Big Little Buddy: the panel. The pure view (gkr/view.js: pieces,
// legend, log lines; gkr/overlays.js: shapes over the hexes) is shared with spectators and the
// replay page. The panel is one state (gkr/state.js) and plain functions over it: gkr/cards.js
// and gkr/rules.js the read-only side, gkr/controls.js, gkr/weapons.js and gkr/records.js the
// seat's choices, gkr/board.js its side of the board, gkr/moves.js the actions they send. The
// server decides everything (view.prompt holds the legal choices); the panel shows the view
// and asks. Works for a seat and, read-only, without one (ctx.seat null: counts only).
import { h } from "./dom.js";
import * as view from "./gkr/view.js";
import * as overlays from "./gkr/overlays.js";
import { createState, names } from "./gkr/state.js";
import * as cards from "./gkr/cards.js";
import { showRules } from "./gkr/rules.js";
import { renderControls } from "./gkr/controls.js";
import { showRecords } from "./gkr/records.js";
import * as board from "./gkr/board.js";
import { moveAction } from "./gkr/moves.js";

export { view };

// The replay page's overlays: the centre and the buildings with their tags.
export const replay = {
  shapes: (v, playerNames) => ({ "gkr-buildings": overlays.buildings(v, view.names(v, playerNames).colour) }),
};

// The panel's sections in the order they are drawn from the state (each skips what has not changed).
const SECTIONS = [
  board.syncChosen,
  cards.showStatus,
  renderControls,
  cards.showPlayers,
  cards.showFiring,
  cards.showBLB,
  cards.showHand,
  cards.showBuildings,
  showRecords,
  showRules,
];

/** @param {import("./gkr/state.js").GkrState} s */
function refresh(s) {
  const v = s.view;
  if (!v) return;
  for (const draw of SECTIONS) draw(s, v);
  board.drawOverlays(s);
  s.ctx.container.dataset.phase = v.turn?.phase || "";
  s.ctx.container.dataset.step = v.turn?.step || "";
}

export function mount(ctx) {
  const s = createState(ctx);
  s.redraw = () => refresh(s);
  document.body.classList.add("gkr-table");
  ctx.container.classList.add("gkr-panel");
  ctx.container.replaceChildren(h("h2", { text: "Heavy Hitters" }), ...Object.values(s.dom));
  ctx.board.on("click", (ev) => board.onClick(s, ev));
  ctx.board.on("select", () => queueMicrotask(() => board.drawOverlays(s)));
  return {
    update(v) {
      if (!v) return;
      s.view = v;
      refresh(s);
    },
    describe(e) {
      cards.noteEvent(s, e);
      return view.describe(e, names(s));
    },
    moveAction: (piece, pos, facing) => moveAction(s, piece, pos, facing),
    canDrag: (piece, v) => board.canDrag(s, piece, v),
    limit: (piece, pos, trail, v) => board.limit(s, piece, pos, trail, v),
    destroy: () => clearTimeout(s.attacksTimer),
  };
}

// Watchers get the same panel with no seat: counts, the face-down firing line, Big Little
// Buddy's card and the buildings, and no controls.
export const watch = mount;
