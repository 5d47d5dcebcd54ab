// Heavy Gear Blitz! (Quick Start): the panel. The pure view (hgb/view.js: pieces, legend, log
// lines; hgb/overlays.js: shapes over the table) is shared with spectators and the replay page;
// hgb/cards.js shows the read-only side; hgb/setup.js and hgb/controls.js are the seat's
// controls. The server decides everything; the panel shows the view, asks /preview for what a
// drawn path or an aimed attack would do, and sends actions. Board units are inches; facing is
// degrees, 0 = east, clockwise (y grows towards south). Every text node is set with textContent.
import { api, loadSeat, newId } from "../api.js";
import { h } from "./dom.js";
import * as view from "./hgb/view.js";
import * as overlays from "./hgb/overlays.js";
import { makeCards } from "./hgb/cards.js";
import { makeSetup } from "./hgb/setup.js";
import { makeControls } from "./hgb/controls.js";

export { view };
const { num, FACTIONS } = view;

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

export function mount(ctx) {
  const { container, board } = ctx;
  const me = ctx.seat || null;
  document.body.classList.add("hgb-table");
  container.classList.add("hgb-panel");

  const banner = h("div", { class: "hgb-winner", role: "alert", hidden: true });
  const status = h("div", { class: "hgb-status", role: "status", "aria-live": "polite" });
  const controls = h("div", { class: "hgb-controls" });
  const lastBox = h("section", { class: "hgb-last", "aria-label": "Last attack", "aria-live": "polite" });
  const cardsBox = h("section", { class: "hgb-cards", "aria-label": "Unit cards" });
  const endBox = h("div", { class: "hgb-end" });
  container.replaceChildren(
    h("h2", { text: "Heavy Gear Blitz!" }),
    banner,
    status,
    controls,
    lastBox,
    cardsBox,
    endBox,
  );
  const boardBanner = h("div", { class: "hgb-board-banner", hidden: true, "aria-hidden": "true" }); // kept for the page's winner strip

  const st = {
    view: null,
    model: null,
    target: null,
    weapon: null,
    indirect: false,
    sweep: 0,
    focus: 0,
    keep: false,
    facing: "path",
    deployModel: null,
    deployFacing: null,
    faction: null,
    forces: {},
    waypoints: [],
    aim: null,
    aimKey: null,
    lastAttack: [],
    lastMove: null,
    drag: null,
    sig: null,
    cardsSig: null,
    group: null,
    rfModel: null,
    rfWeapon: null,
    rfAt: -1,
  };
  const names = () => view.names(st.view, ctx.names);
  const P = {
    st,
    ctx,
    me,
    container,
    banner,
    status,
    controls,
    lastBox,
    cardsBox,
    endBox,
    boardBanner,
    player: (seat) => names().player(seat),
    cards: () => st.view?.cards || [],
    cardOf: (id) => (st.view?.cards || []).find((c) => c.id === id),
    pieceOf: (id) => (st.view?.pieces || []).find((p) => p.id === id),
    label: (id) => names().label(id),
    weaponCard: (code) => st.view?.weapons?.[code] || {},
    phase: () => st.view?.turn?.phase,
    myTurn: () => !!(me && (st.view?.turn?.active || []).includes(me) && !st.view?.result),
    rules: () => st.view?.rules || { base_radius: 0.5, fixed_arc_degrees: 60 },
    groupName: (seat, gid) => names().groupName(seat, gid),
    send: (action) =>
      ctx.send(action).catch((err) => {
        ctx.message(`Refused: ${err.message}`);
        throw err;
      }),
    fire: (action) => P.send(action).catch(() => {}),
    async preview(action) {
      const seat = loadSeat(ctx.table.id);
      if (!seat?.token) return null;
      try {
        return await api(`/api/tables/${ctx.table.id}/preview`, {
          method: "POST",
          token: seat.token,
          body: { id: newId("p"), action },
        });
      } catch (err) {
        return { legal: false, events: [], error: { message: err.message } };
      }
    },
    // The models of mine that may act now (the active group's, or any group's not yet done).
    actors(v) {
      if (!me || v.turn?.phase !== "activation" || v.to_activate !== me) return [];
      const cur = v.current;
      const done = v.groups_done?.[me] || [];
      return (v.cards || []).filter(
        (c) =>
          c.seat === me && c.status === "active" && !c.used && (cur ? c.group === cur.group : !done.includes(c.group)),
      );
    },
  };
  const { showStatus, renderLast, renderCards } = makeCards(P);
  const setup = makeSetup(P);
  const play = makeControls(P);
  Object.assign(P, {
    renderCards,
    syncAim: play.syncAim,
    onSelect,
    renderControls,
    drawShape,
    drawAim,
    drawMarks,
    showPath,
  });
  const shapes = (all) => board.set({ shapes: all });

  // --- controls per phase --------------------------------------------------------------------------
  function renderControls(v) {
    const sig = JSON.stringify([
      v.turn,
      v.current,
      v.ready,
      v.forces,
      v.board?.terrain,
      st.terrainForm?.type,
      st.build,
      st.shape,
      st.drawing,
      v.result,
      v.pending,
      v.initiative,
      v.first,
      v.to_activate,
      st.model,
      st.target,
      st.weapon,
      st.indirect,
      st.sweep,
      st.focus,
      st.keep,
      st.facing,
      st.deployModel,
      st.deployFacing,
      st.faction,
      Object.keys(st.forces),
      st.waypoints,
      st.aimKey,
      st.aim,
      st.odds?.key,
      st.group,
      st.rfModel,
      st.rfWeapon,
      st.rfAt,
      P.cards()
        .filter((c) => c.seat === me)
        .map((c) => [c.status, c.used, c.speed, c.mode, c.mp_spent, c.actions, c.x, c.autopilot, c.autopilot_order]),
      (v.pieces || []).filter((p) => p.owner === me).map((p) => [p.x, p.y, p.facing]),
    ]);
    if (sig === st.sig) return;
    st.sig = sig;
    const focusKey = controls.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
    controls.replaceChildren();
    if (!me || v.result) return;
    const p = P.phase();
    if (p === "terrain") controls.append(setup.forceControls(v), setup.terrainControls(v));
    else if (p === "deployment") controls.append(setup.deployControls(v));
    else if (p === "initiative") controls.append(play.initiativeControls(v));
    else if (p === "activation") controls.append(...play.activationControls(v));
    else if (p === "reaction") controls.append(play.reactionControls(v));
    if (focusKey) controls.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus();
  }

  // --- overlays (data for the board) -----------------------------------------------------------------
  function drawAim() {
    const on = st.model && ["activation", "reaction"].includes(P.phase()) && P.myTurn();
    shapes({
      aim: overlays.aim({
        view: st.view,
        piece: on ? P.pieceOf(st.model) : null,
        target: st.target && P.pieceOf(st.target),
        weapon: P.weaponCard(st.weapon),
        code: st.weapon,
        aim: st.aim,
        sweep: st.sweep,
      }),
    });
  }
  function drawShape() {
    shapes({ shape: P.phase() === "terrain" ? overlays.drawnShape(st.shape) : null });
  }
  function drawMarks(v) {
    shapes({ marks: overlays.marks({ view: v, me, rfAt: st.rfAt, lastAttack: st.lastAttack, label: P.label }) });
  }
  // The waypoint path being planned (kept until moved or cleared).
  function showPath(id, points, ev, error) {
    shapes({ path: id && points?.length ? overlays.path(P.pieceOf(id), points, ev, error) : null });
  }

  // --- the board's events ---------------------------------------------------------------------------
  board.on("dragstart", ({ piece }) => {
    st.drag = P.phase() === "activation" ? { id: piece.id, start: { x: piece.x, y: piece.y }, ev: null } : null;
  });
  board.on("dragmove", ({ piece, pos, trail, limited, note }) => {
    if (!st.drag || st.drag.id !== piece.id) return;
    const card = P.cardOf(piece.id);
    const pts = [st.drag.start, ...trail];
    const used = overlays.mpAlong(st.view, card, pts);
    const left = card ? card.mp_now - card.mp_spent - (used || 0) : 0;
    const estimate = limited ? note : card?.speed === "stationary" ? "" : used === null ? "" : `~${num(left)} MP left`;
    const path = overlays.pathFromTrail(st.drag.start, trail.slice(0, -1), pos);
    const ev = st.drag.ev && JSON.stringify(st.drag.ev.path) === JSON.stringify(path) ? st.drag.ev : null;
    shapes({ drag: { ...overlays.path(st.drag.start, path, ev, null, estimate), until: "drag" } });
  });
  board.on("dragend", () => {
    st.drag = null;
  });
  board.on("click", ({ point, piece }) => {
    if (st.drawing && !piece && P.phase() === "terrain") {
      const W = st.view?.board?.width || 48,
        H = st.view?.board?.height || 48;
      const snap = (v, max) => Math.min(max, Math.max(0, Math.round(v * 2) / 2));
      st.shape = [...(st.shape || []), { x: snap(point.x, W), y: snap(point.y, H) }].slice(0, 64);
      drawShape();
      st.sig = null;
      renderControls(st.view);
      return;
    }
    onSelect();
  });

  // A piece picked on the board: my model becomes the acting one, an enemy the target.
  function onSelect() {
    const sel = board.selected();
    if (!sel || !st.view) return;
    const c = P.cardOf(sel.id);
    if (!c) return;
    if (P.phase() === "deployment" && c.seat === me) {
      st.deployModel = c.id;
      st.sig = null;
      renderControls(st.view);
      return;
    }
    if (!["activation", "reaction"].includes(P.phase())) return;
    if (c.seat === me && P.actors(st.view).some((x) => x.id === c.id)) {
      if (st.model !== c.id) {
        st.model = c.id;
        st.waypoints = [];
      }
    } else if (c.seat !== me && c.status === "active") {
      st.target = c.id;
    } else return;
    play.syncAim();
    st.sig = null;
    renderControls(st.view);
    renderCards(st.view);
  }

  // --- log lines: the view's describer, noting moves and attacks for the panel ------------------------
  function describe(e) {
    if (e.kind === "moved") {
      if (e.seq !== undefined) {
        // a live update is described before its view arrives: the piece still stands at the start
        const pc = P.pieceOf(e.model);
        const fresh = pc && Math.hypot(pc.x - e.x, pc.y - e.y) > 1e-6;
        st.lastMove = fresh ? { ...e, start: { x: pc.x, y: pc.y } } : null;
      } else if (st.drag?.id === e.model) st.drag.ev = e;
    }
    if (e.seq !== undefined && (e.kind === "attack" || e.kind === "indirect_attack")) st.lastAttack = [e];
    if (e.seq !== undefined && e.kind === "attack_resolved" && st.lastAttack.length)
      st.lastAttack = [...st.lastAttack, e];
    return view.describe(e, names());
  }

  // --- drag hooks ---------------------------------------------------------------------------------
  function canDrag(piece, v) {
    if (!me || !v || v.result || piece.owner !== me) return false;
    const p = v.turn?.phase;
    if (p === "deployment") return !(v.ready || []).includes(me) && ["reserve", "ready", "used"].includes(piece.status);
    if (p === "activation") return P.actors(v).some((c) => c.id === piece.id);
    return false;
  }

  // A drag stops where the model's MP (or its Stationary inch) runs out, along the drawn trail.
  function limit(piece, pos, trail, v) {
    if (v?.turn?.phase !== "activation" || !st.drag) return null;
    return overlays.clampTrail(v, P.cardOf(piece.id), [st.drag.start, ...trail, pos]);
  }

  function moveAction(piece, pos, facing, v, trail) {
    if (v?.turn?.phase === "deployment") {
      const f = facing !== undefined ? facing : (st.deployFacing ?? (me === "north" ? 90 : 270));
      return { kind: "deploy", model: piece.id, x: pos.x, y: pos.y, facing: f };
    }
    const here = { x: piece.x, y: piece.y };
    if (Math.hypot(pos.x - here.x, pos.y - here.y) < 1e-6) {
      return { kind: "move", model: piece.id, path: [[here.x, here.y]], ...(facing !== undefined ? { facing } : {}) };
    }
    const path = trail ? overlays.pathFromTrail(here, trail.slice(0, -1), pos) : [[pos.x, pos.y]];
    return play.moveFor(piece.id, path, facing);
  }

  function update(v) {
    if (!v) return;
    const prevPhase = st.view?.turn?.phase;
    st.view = v;
    if (prevPhase !== v.turn?.phase) {
      st.waypoints = [];
      if (v.turn?.phase !== "terrain") {
        st.shape = null;
        st.drawing = false;
      }
    }
    if (st.lastMove && v.current?.model !== st.lastMove.model) st.lastMove = null;
    showPath(st.model, st.waypoints.length ? st.waypoints.map((q) => [q.x, q.y]) : null);
    const endsHere = (mv, pc) => pc && Math.hypot(pc.x - mv.x, pc.y - mv.y) < 1e-6;
    // the committed move with the server's MP after each point, for this activation only
    const moved =
      st.lastMove?.start && endsHere(st.lastMove, P.pieceOf(st.lastMove.model))
        ? {
            ...overlays.path(st.lastMove.start, st.lastMove.path, st.lastMove, null),
            layer: "below",
            until: view.clock(v),
          }
        : null;
    shapes({ zones: overlays.zones(v, me), moved });
    showStatus(v);
    renderControls(v); // picks the acting model and target first
    play.syncAim();
    renderControls(v); // then shows the aim the new view gives (a no-op when nothing changed)
    renderLast();
    renderCards(v);
    play.renderEnd(v);
    drawMarks(v);
    drawShape();
  }

  // Load the three starting forces' TV from the force builder helper (no seat needed).
  (async () => {
    for (const [fid] of FACTIONS) {
      try {
        st.forces[fid] = await api("/api/rules/hgb/force", { method: "POST", body: { faction: fid } });
      } catch {
        /* shown as "TV …" */
      }
    }
    st.sig = null;
    if (st.view) renderControls(st.view);
  })();

  // the player's own table edge at the bottom: the seat whose deployment zone is the top edge sees the board turned
  const flip = (v) => !!me && (v.board?.zones?.[me]?.y?.[0] ?? Infinity) < (v.board?.height ?? 0) / 2;
  const boardData = (v) => ({ pieces: view.pieces(v), legend: view.legend(v), clock: view.clock(v), flip: flip(v) });
  return { update, describe, canDrag, moveAction, limit, boardData, destroy: () => board.destroy() };
}

// Spectators: the same panel without a seat (status, last attack, unit cards, winner; no controls).
export function watch(ctx) {
  return mount({ ...ctx, seat: null });
}
