// Heavy Gear Blitz! (Quick Start): the panel. The pure view (hgb/view.js: pieces, legend, log
// lines; hgb/overlays.js: shapes over the table) is shared with spectators and the replay page.
// The panel is one state (hgb/state.js) and plain functions over it: hgb/cards.js the read-only
// side; hgb/setup.js, hgb/forces.js, hgb/controls.js, hgb/attack.js and hgb/reaction.js the
// seat's controls, hgb/menu.js the acting model's menu by the board (ctx.dock); hgb/draw.js what
// the state draws on the board; hgb/moves.js the moves sent.
// The server decides everything; the panel shows the view, asks /preview for what a drawn path
// or an aimed attack would do, and sends actions. Board units are inches; facing is degrees,
// 0 = east, clockwise (y grows towards south). Every text node is set with textContent.
import { api } from "../api.js";
import { h } from "./dom.js";
import { keepFocus } from "./panel.js";
import * as view from "./hgb/view.js";
import * as overlays from "./hgb/overlays.js";
import { createState, flipped, names, phase, pieceOf } from "./hgb/state.js";
import { showStatus, renderLast, renderCards, onSelect } from "./hgb/cards.js";
import { forceControls } from "./hgb/forces.js";
import { terrainControls, deployControls } from "./hgb/setup.js";
import { initiativeControls, activationControls } from "./hgb/controls.js";
import { syncAim } from "./hgb/attack.js";
import { menuControls } from "./hgb/menu.js";
import { reactionControls, renderEnd } from "./hgb/reaction.js";
import * as draw from "./hgb/draw.js";
import * as moves from "./hgb/moves.js";

export { view };

// The replay page's overlays: deployment zones, hill levels and designations at that point.
export const replay = {
  shapes: (v, playerNames) => ({
    "hgb-zones": overlays.zones(v, null),
    "hgb-marks": overlays.marks({
      view: v,
      me: null,
      rfAt: -1,
      lastAttack: [],
      label: view.names(v, playerNames).label,
    }),
  }),
};

// --- controls per phase --------------------------------------------------------------------------
/** @param {import("./hgb/state.js").HgbState} s */
function renderControls(s, v) {
  const { controls } = s.dom;
  const sig = controlsKey(s, v);
  if (sig === s.sig.controls) return;
  s.sig.controls = sig;
  const { dock } = s.ctx; // the acting model's menu, by the board (drawn after the controls chose the model)
  keepFocus(controls, () => {
    controls.replaceChildren(...phaseControls(s, v));
    if (dock) keepFocus(dock, () => dock.replaceChildren(...menuControls(s, v)));
  });
}

// What the controls are drawn from: the view's turn and the seat's plans (drawn again on a change).
function controlsKey(s, v) {
  const { me } = s;
  const mine = (v.cards || []).filter((c) => c.seat === me);
  return JSON.stringify([
    [v.turn, v.current, v.ready, v.forces, v.board?.terrain, v.result, v.pending, v.initiative, v.first, v.to_activate],
    [s.terrainForm?.type, s.build, s.shape, s.drawing, s.faction, Object.keys(s.forces), s.deployModel, s.deployFacing],
    [s.group, s.model, s.target, s.weapon, s.indirect, s.sweep, s.focus, s.keep, s.facing, s.waypoints],
    [s.aimKey, s.aim, s.odds?.key, s.rfModel, s.rfWeapon, s.rfAt],
    mine.map((c) => [c.status, c.used, c.speed, c.mode, c.mp_spent, c.actions, c.x, c.autopilot, c.autopilot_order]),
    (v.pieces || []).filter((p) => p.owner === me).map((p) => [p.x, p.y, p.facing]),
  ]);
}

function phaseControls(s, v) {
  if (!s.me || v.result) return [];
  const p = phase(s);
  if (p === "terrain") return [forceControls(s, v), terrainControls(s, v)];
  if (p === "deployment") return [deployControls(s, v)];
  if (p === "initiative") return [initiativeControls(s, v)];
  if (p === "activation") return activationControls(s, v);
  if (p === "reaction") return [reactionControls(s, v)];
  return [];
}

// --- the board's events ---------------------------------------------------------------------------
// A click draws a terrain corner while drawing; otherwise it picks a piece (cards.js onSelect).
function onClick(s, { point, piece }) {
  if (s.drawing && !piece && phase(s) === "terrain") {
    const W = s.view?.board?.width || 48,
      H = s.view?.board?.height || 48;
    const snap = (v, max) => Math.min(max, Math.max(0, Math.round(v * 2) / 2));
    s.shape = [...(s.shape || []), { x: snap(point.x, W), y: snap(point.y, H) }].slice(0, 64);
    draw.drawShape(s);
    s.sig.controls = null;
    s.redraw();
    return;
  }
  onSelect(s);
}

// --- log lines: the view's describer, noting moves and attacks for the panel ------------------------
function describe(s, e) {
  if (e.kind === "moved") {
    if (e.seq !== undefined) {
      // a live update is described before its view arrives: the piece still stands at the start
      const pc = pieceOf(s, e.model);
      const fresh = pc && Math.hypot(pc.x - e.x, pc.y - e.y) > 1e-6;
      s.lastMove = fresh ? { ...e, start: { x: pc.x, y: pc.y } } : null;
    } else if (s.drag?.id === e.model) s.drag.ev = e;
  }
  if (e.seq !== undefined && (e.kind === "attack" || e.kind === "indirect_attack")) s.lastAttack = [e];
  if (e.seq !== undefined && e.kind === "attack_resolved" && s.lastAttack.length) s.lastAttack = [...s.lastAttack, e];
  return view.describe(e, names(s));
}

function update(s, v) {
  if (!v) return;
  const prevPhase = s.view?.turn?.phase;
  s.view = v;
  if (prevPhase !== v.turn?.phase) {
    s.waypoints = [];
    if (v.turn?.phase !== "terrain") {
      s.shape = null;
      s.drawing = false;
    }
  }
  if (s.lastMove && v.current?.model !== s.lastMove.model) s.lastMove = null;
  draw.showPath(s, s.model, s.waypoints.length ? s.waypoints.map((q) => [q.x, q.y]) : null);
  draw.drawZones(s, v);
  showStatus(s, v);
  renderControls(s, v); // picks the acting model and target first
  syncAim(s);
  renderControls(s, v); // then shows the aim the new view gives (a no-op when nothing changed)
  renderLast(s);
  renderCards(s, v);
  renderEnd(s, v);
  draw.drawMarks(s, v);
  draw.drawShape(s);
}

// Load the three starting forces' TV from the force builder helper (no seat needed).
async function loadForces(s) {
  for (const [fid] of view.FACTIONS) {
    try {
      s.forces[fid] = await api("/api/rules/hgb/force", { method: "POST", body: { faction: fid } });
    } catch {
      /* shown as "TV …" */
    }
  }
  s.sig.controls = null;
  s.redraw();
}

export function mount(ctx) {
  const s = createState(ctx);
  s.redraw = () => {
    if (s.view && !s.gone) renderControls(s, s.view);
  };
  document.body.classList.add("hgb-table");
  ctx.container.classList.add("hgb-panel");
  ctx.container.replaceChildren(h("h2", { text: "Heavy Gear Blitz!" }), ...Object.values(s.dom));
  ctx.board.on("dragstart", (ev) => draw.dragStarted(s, ev));
  ctx.board.on("dragmove", (ev) => draw.dragMoved(s, ev));
  ctx.board.on("dragend", () => {
    s.drag = null;
  });
  ctx.board.on("click", (ev) => onClick(s, ev));
  loadForces(s);
  return {
    update: (v) => update(s, v),
    describe: (e) => describe(s, e),
    canDrag: (piece, v) => moves.canDrag(s, piece, v),
    moveAction: (piece, pos, facing, v, trail) => moves.moveAction(s, piece, pos, facing, v, trail),
    limit: (piece, pos, trail, v) => draw.dragLimit(s, piece, pos, trail, v),
    boardData: (v) => ({ flip: flipped(s, v) }), // the player's own table edge at the bottom
    destroy() {
      s.gone = true;
      clearTimeout(s.aimTimer);
    },
  };
}

// Spectators: the same panel without a seat (status, last attack, unit cards, winner; no controls).
export function watch(ctx) {
  return mount({ ...ctx, seat: null });
}
