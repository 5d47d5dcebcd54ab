// Samurai Robots Battle Royale: the panel. The pure view (srbr/view.js: pieces, legend, log
// lines; srbr/overlays.js: shapes over the table and the stick's limit) is shared with
// spectators and the replay page. The panel is one state (srbr/state.js) and plain functions
// over it: srbr/cards.js the read-only side; srbr/controls.js, srbr/reaction.js, srbr/manual.js
// and srbr/builder.js the seat's; srbr/board.js its side of the board (overlays, moves, the
// keyboard and picking a point). The server decides everything (view.legal and view.prompt hold
// the choices); this module shows the view and asks. Units are the view's (cm on SRBR tables);
// every text node is set with textContent.
import { h } from "./dom.js";
import { definitions } from "./panel.js";
import * as view from "./srbr/view.js";
import * as overlays from "./srbr/overlays.js";
import { createState, ask, names } from "./srbr/state.js";
import * as cards from "./srbr/cards.js";
import { renderControls } from "./srbr/controls.js";
import { renderManual, renderRecords, renderConcede } from "./srbr/manual.js";
import { renderBuilder } from "./srbr/builder.js";
import * as board from "./srbr/board.js";

export { view };

// The replay page's overlays: every model's measuring point.
export const replay = { shapes: (v) => ({ "srbr-anchors": overlays.anchors(v) }) };

// The values this table plays with, each labelled with its source (view.rules_help rows).
function showRules(s, v) {
  const { rulesBox } = s.dom;
  const key = JSON.stringify(v.rules_help || []);
  if (rulesBox.dataset.key === key) return;
  rulesBox.dataset.key = key;
  const rows = (v.rules_help || []).map((r) => [r.title, `${r.text} (${r.source})`]);
  rulesBox.replaceChildren(rulesBox.firstChild, definitions(rows, { class: "details" }));
}

/** @param {import("./srbr/state.js").SrbrState} s */
function update(s, v) {
  if (!v) return;
  s.view = v;
  if (ask(s) !== "actions" && ask(s) !== "reaction_actions") {
    s.pick = false;
    s.keyTarget = null;
  }
  // a mecha of mine selected on the board becomes the one to activate
  const sel = s.ctx.board.selected();
  const { mechaOf } = names(s);
  if (
    sel &&
    ask(s) === "activate" &&
    mechaOf(sel.id)?.owner === s.me &&
    s.mecha !== sel.id &&
    !s.dom.controls.contains(document.activeElement)
  ) {
    s.mecha = sel.id;
    s.part = null;
  }
  cards.showStatus(s, v);
  cards.showRoll(s, v);
  renderControls(s, v);
  cards.renderTools(s, v);
  cards.renderRoster(s, v);
  renderRecords(s, v);
  renderManual(s, v);
  renderConcede(s, v);
  showRules(s, v);
  board.drawOverlays(s);
  renderBuilder(s);
}

export function mount(ctx) {
  const s = createState(ctx);
  s.redraw = () => s.view && renderControls(s, s.view);
  document.body.classList.add("srbr-table");
  ctx.container.classList.add("srbr-panel");
  const { builderBox, ...shown } = s.dom;
  const sections = Object.values(s.me ? s.dom : shown);
  ctx.container.replaceChildren(h("h2", { text: "Samurai Robots" }), ...sections);
  ctx.board.on("key", (ev) => board.onKey(s, ev));
  ctx.board.on("hover", (ev) => board.onHover(s, ev));
  ctx.board.on("click", (ev) => board.onClick(s, ev));
  ctx.board.on("select", () => queueMicrotask(() => board.drawOverlays(s)));
  return {
    update: (v) => update(s, v),
    describe(e) {
      if (e.kind === "activated" || e.kind === "reacted") s.lastRoll = e;
      return view.describe(e, view.names(s.view, ctx.names));
    },
    canDrag: (piece, v) => board.canDrag(s, piece, v),
    limit: (piece, pos, _trail, v) => board.limit(s, piece, pos, v),
    moveAction: (piece, pos, facing, v) => board.moveAction(s, piece, pos, facing, v),
  };
}

// Watchers get the same panel with no seat: status, dice, the roster and the sticks, no controls.
export const watch = mount;
