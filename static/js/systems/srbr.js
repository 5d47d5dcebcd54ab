// Samurai Robots Battle Royale: the panel. The pure view (srbr/view.js: pieces, legend, log
// lines; srbr/overlays.js: shapes over the table and the stick's limit) is shared with
// spectators and the replay page; srbr/cards.js shows the read-only side; srbr/controls.js,
// srbr/manual.js and srbr/builder.js are the seat's. The server decides everything
// (view.legal and view.prompt hold the choices); this module shows the view and asks.
// Units are the view's (cm on SRBR tables); every text node is set with textContent.
import { h } from "./dom.js";
import * as view from "./srbr/view.js";
import * as overlays from "./srbr/overlays.js";
import { makeCards } from "./srbr/cards.js";
import { makeControls } from "./srbr/controls.js";
import { makeManual } from "./srbr/manual.js";
import { makeBuilder } from "./srbr/builder.js";

export { view };
const { FACINGS, round1 } = view;

// The replay page's overlays: every model's measuring point.
export const replay = { shapes: (v) => ({ "srbr-anchors": overlays.anchors(v) }) };

export function mount(ctx) {
  const { container, board } = ctx;
  const me = ctx.seat || null;
  document.body.classList.add("srbr-table");
  container.classList.add("srbr-panel");

  const banner = h("div", { class: "srbr-winner", role: "alert", hidden: true });
  const status = h("div", { class: "srbr-status", role: "status", "aria-live": "polite" });
  const rollBox = h("section", { class: "srbr-roll", "aria-label": "Activation dice" });
  const controls = h("div", { class: "srbr-controls" });
  const tools = h("section", { class: "srbr-tools", "aria-label": "Measuring sticks" });
  const roster = h("section", { class: "srbr-roster", "aria-label": "Mechas" });
  const manualBox = h("section", { class: "srbr-manual", "aria-label": "Manual resolution" });
  const recordsBox = h("section", { class: "srbr-records", "aria-label": "Records", hidden: true });
  const builderBox = h("details", { class: "srbr-builder" });
  const concedeBox = h("div", { class: "srbr-concede" });
  const rulesBox = h(
    "details",
    { class: "srbr-rules small" },
    h("summary", { text: "Table rules (rulebook and Warboard defaults)" }),
  );
  container.replaceChildren(
    h("h2", { text: "Samurai Robots" }),
    banner,
    status,
    rollBox,
    controls,
    tools,
    roster,
    ...[recordsBox, manualBox, me ? builderBox : null, rulesBox, concedeBox].filter(Boolean),
  );

  // The values this table plays with, each labelled with its source (view.rules_help rows).
  function showRules(v) {
    const key = JSON.stringify(v.rules_help || []);
    if (rulesBox.dataset.key === key) return;
    rulesBox.dataset.key = key;
    const dl = h("dl", { class: "details" });
    for (const r of v.rules_help || [])
      dl.append(h("dt", { text: r.title }), h("dd", { text: `${r.text} (${r.source})` }));
    rulesBox.replaceChildren(rulesBox.firstChild, dl);
  }

  const st = {
    view: null,
    mecha: null,
    part: null,
    facing: "keep",
    flee: false,
    aim: "",
    pick: false,
    sticks: true,
    reactMecha: null,
    reactPart: null,
    lastRoll: null,
    sig: null,
    rosterSig: null,
    manualSig: null,
    builderDone: false,
    sticksFor: null,
    pickTarget: null,
    keyTarget: null,
  };
  const names = () => view.names(st.view, ctx.names);
  const P = {
    st,
    ctx,
    me,
    container,
    banner,
    status,
    rollBox,
    controls,
    tools,
    roster,
    manualBox,
    recordsBox,
    builderBox,
    concedeBox,
    player: (seat) => names().player(seat),
    mechaOf: (id) => st.view?.mechas?.[id],
    mechaName: (id) => names().mecha(id),
    partOf: (mid, pid) => names().partOf(mid, pid),
    partName: (mid, pid) => names().part(mid, pid),
    terrainName: (id) => names().terrain(id),
    targetName: (id) => names().target(id),
    unit: () => names().unit(),
    stickName: (s) => names().stick(s),
    pieceOf: (id) => (st.view?.pieces || []).find((p) => p.id === id),
    send: (action) =>
      ctx.send(action).catch((err) => {
        ctx.message(`Refused: ${err.message}`);
        throw err;
      }),
    fire: (action) => P.send(action).catch(() => {}),
    legal: () => st.view?.legal || [],
    prompt: () => st.view?.prompt || null,
    ask: () => st.view?.prompt?.ask || null,
    acting: () => ["actions", "reaction_actions"].includes(P.ask()),
    drawOverlays,
  };
  const cards = makeCards(P);
  const ctl = makeControls(P);
  const manual = makeManual(P);
  const builder = makeBuilder(P);
  P.renderControls = ctl.renderControls;

  function drawOverlays() {
    const v = st.view;
    if (!v) return;
    const target = st.sticks ? cards.sticksTarget() : null;
    board.set({
      shapes: {
        anchors: overlays.anchors(v),
        sticks: overlays.sticks(v, target),
        reach: overlays.reach(v, me, { picking: st.pick, target: st.keyTarget || (st.pick ? st.pickTarget : null) }),
      },
    });
    const tag = tools.querySelector(".srbr-sticks-for");
    if (tag)
      tag.textContent = target
        ? `Sticks from ${P.mechaName(target.id)}'s measuring point.`
        : st.sticks
          ? "Select a model to see its sticks."
          : "";
  }

  // From the keyboard: with the acting mecha focused, arrow keys move a target point for its
  // measuring point (1 cm, 5 cm with Shift), Enter moves there, Escape forgets it; [ and ] pick
  // the facing after the move. (The board's own arrow keys would send a move per step.)
  const keyTargetText = () => {
    const p = P.prompt();
    const [x, y] = p.move.from;
    const d = Math.hypot(st.keyTarget.x - x, st.keyTarget.y - y);
    const face = FACINGS.find(([v]) => String(v) === String(st.facing))?.[1] || "Keep facing";
    return `Move target (${round1(st.keyTarget.x)}, ${round1(st.keyTarget.y)}) ${P.unit()}: ${round1(d)} of ${p.move.length} ${P.unit()}, ${face.toLowerCase()}. Enter moves, Escape cancels.`;
  };
  board.on("key", (ev) => {
    const p = P.prompt();
    if (!me || !p?.move || !P.acting() || ev.piece.id !== p.mecha) {
      if (st.keyTarget && !(p?.move && P.acting())) st.keyTarget = null;
      return;
    }
    const step = ev.shiftKey ? 5 : 1;
    const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
    if (dir) {
      const start = st.keyTarget || { x: p.move.from[0], y: p.move.from[1] };
      st.keyTarget = { x: round1(start.x + dir[0] * step), y: round1(start.y + dir[1] * step) };
      const stop = overlays.clampPoint(st.view, st.keyTarget); // a target stops at the stick's end
      if (stop) st.keyTarget = stop.point;
    } else if (ev.key === "[" || ev.key === "]") {
      const i = Math.max(
        0,
        FACINGS.findIndex(([v]) => String(v) === String(st.facing)),
      );
      const n = FACINGS.length - 1; // entries after "keep", clockwise
      const next = i === 0 ? (ev.key === "]" ? 1 : n) : ((i - 1 + (ev.key === "]" ? 1 : -1) + n) % n) + 1;
      st.facing = String(FACINGS[next][0]);
      st.sig = null;
      ctl.renderControls(st.view);
      if (!st.keyTarget) st.keyTarget = { x: p.move.from[0], y: p.move.from[1] };
    } else if (ev.key === "Enter" && st.keyTarget) {
      const t = st.keyTarget;
      st.keyTarget = null;
      P.fire(ctl.withFacing({ kind: "move", x: t.x, y: t.y, at: "anchor", ...(st.flee ? { flee: true } : {}) }));
    } else if (ev.key === "Escape" && st.keyTarget) {
      st.keyTarget = null;
      ctx.message("Move target cleared");
    } else {
      return;
    }
    ev.handled = true;
    drawOverlays();
    if (st.keyTarget) ctx.message(keyTargetText());
  });

  // Picking a point: the line follows the pointer; a click sends the move of the measuring point.
  board.on("hover", ({ point }) => {
    if (!st.pick || !P.prompt()?.move) return;
    st.pickTarget = overlays.clampPoint(st.view, point)?.point || point; // the line stops at the stick's end
    drawOverlays();
  });
  board.on("click", ({ point: picked }) => {
    let point = picked;
    if (st.pick) {
      const stop = overlays.clampPoint(st.view, point); // every way of choosing stops at the limit
      if (stop) {
        point = stop.point;
        ctx.message(stop.note);
      }
      st.pick = false;
      st.pickTarget = null;
      st.sig = null;
      if (P.prompt()?.move)
        P.fire(
          ctl.withFacing({
            kind: "move",
            x: round1(point.x),
            y: round1(point.y),
            at: "anchor",
            ...(st.flee ? { flee: true } : {}),
          }),
        );
      ctl.renderControls(st.view);
    }
    drawOverlays();
  });
  board.on("select", () => queueMicrotask(drawOverlays));

  function canDrag(piece, v) {
    const p = v?.prompt;
    if (!me || !p || v?.result) return false;
    if (p.ask === "deploy") return piece.owner === me;
    return (p.ask === "actions" || p.ask === "reaction_actions") && !!p.move && p.mecha === piece.id && !p.fallen;
  }

  // A move drag stops where the measuring point reaches the stick's length.
  function limit(piece, pos, _trail, v) {
    return canDrag(piece, v) && v.prompt.ask !== "deploy" ? overlays.clampMove(v, piece, pos) : null;
  }

  function moveAction(piece, pos, facing, v) {
    const p = v?.prompt;
    const f = facing !== undefined ? { facing } : st.facing !== "keep" ? { facing: Number(st.facing) } : {};
    if (p?.ask === "deploy") return { kind: "deploy", mecha: piece.id, x: pos.x, y: pos.y, ...f };
    return { kind: "move", x: pos.x, y: pos.y, at: "centre", ...f };
  }

  function describe(e) {
    if (e.kind === "activated" || e.kind === "reacted") st.lastRoll = e;
    return view.describe(e, names());
  }

  function update(v) {
    if (!v) return;
    st.view = v;
    if (P.ask() !== "actions" && P.ask() !== "reaction_actions") {
      st.pick = false;
      st.keyTarget = null;
    }
    // a mecha of mine selected on the board becomes the one to activate
    const sel = board.selected();
    if (
      sel &&
      P.ask() === "activate" &&
      P.mechaOf(sel.id)?.owner === me &&
      st.mecha !== sel.id &&
      !controls.contains(document.activeElement)
    ) {
      st.mecha = sel.id;
      st.part = null;
    }
    cards.showStatus(v);
    cards.showRoll(v);
    ctl.renderControls(v);
    cards.renderTools(v);
    cards.renderRoster(v);
    manual.renderRecords(v);
    manual.renderManual(v);
    manual.renderConcede(v);
    showRules(v);
    drawOverlays();
    builder.renderBuilder();
  }

  const boardData = (v) => ({ pieces: view.pieces(v), legend: view.legend(v, ctx.names), clock: view.clock(v) });
  return { update, describe, canDrag, moveAction, limit, boardData, destroy: () => board.destroy() };
}

// Watchers get the same panel with no seat: status, dice, the roster and the sticks, no controls.
export const watch = mount;
