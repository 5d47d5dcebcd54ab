// GKR: Heavy Hitters with Big Little Buddy: the panel. The pure view (gkr/view.js: pieces,
// legend, log lines; gkr/overlays.js: shapes over the hexes) is shared with spectators and the
// replay page; gkr/cards.js shows the read-only side, gkr/controls.js the seat's choices. The
// server decides everything (view.prompt holds the legal choices); this module shows the view
// and asks. Works for a seat and, read-only, without one (ctx.seat null: counts only).
// Every text node is set with textContent.
import { h } from "./dom.js";
import { stopAtLastLegal } from "../board/hex.js";
import * as view from "./gkr/view.js";
import * as overlays from "./gkr/overlays.js";
import { makeCards } from "./gkr/cards.js";
import { makeControls } from "./gkr/controls.js";

export { view };
export const describe = view.describe;

// The replay page's overlays: the centre and the buildings with their tags.
export const replay = {
  shapes: (v, playerNames) => ({ "gkr-buildings": overlays.buildings(v, view.names(v, playerNames).colour) }),
};

export function mount(ctx) {
  const { container, board } = ctx;
  const me = ctx.seat || null;
  document.body.classList.add("gkr-table");
  container.classList.add("gkr-panel");

  const banner = h("div", { class: "gkr-winner", role: "alert", hidden: true });
  const status = h("div", { class: "gkr-status", role: "status", "aria-live": "polite" });
  const controls = h("div", { class: "gkr-controls" });
  const players = h("div", { class: "gkr-players" });
  const firing = h("section", { class: "gkr-firing", "aria-label": "Firing line" });
  const attacksBox = h("section", {
    class: "gkr-attacks",
    "aria-label": "Dice of the last Combat Phase",
    hidden: true,
  });
  const blbBox = h("section", { class: "gkr-blb", "aria-label": "Big Little Buddy" });
  const handBox = h("section", { class: "gkr-hand", "aria-label": "Your cards" });
  const buildingsBox = h("section", { class: "gkr-buildings", "aria-label": "Buildings" });
  const recordsBox = h("section", { class: "gkr-records", "aria-label": "Manual resolution" });
  const rulesBox = h("details", { class: "gkr-rules" });
  container.replaceChildren(
    h("h2", { text: "Heavy Hitters" }),
    banner,
    status,
    controls,
    firing,
    attacksBox,
    blbBox,
    players,
    handBox,
    buildingsBox,
    recordsBox,
    rulesBox,
  );

  const st = {
    view: null,
    chosen: null,
    facing: "keep",
    thrusters: false,
    draft: new Map(),
    focusWeapon: null,
    sig: null,
    handSig: null,
    buildSig: null,
    recSig: null,
    tagCount: 1,
    attacks: new Map(),
    revealSeq: -1,
    attacksTimer: null,
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
    players,
    firing,
    attacksBox,
    blbBox,
    handBox,
    buildingsBox,
    recordsBox,
    rulesBox,
    faction: (seat) => names().faction(seat),
    colour: (seat) => names().colour(seat),
    player: (seat) => names().player(seat),
    unitName: (id) => names().unitName(id),
    buildingAt: (p) => names().buildingAt(p),
    hexLabel: (p) => names().hexLabel(p),
    send: (action) =>
      ctx.send(action).catch((err) => {
        ctx.message(`Refused: ${err.message}`);
        throw err;
      }),
    fire: (action) => P.send(action).catch(() => {}),
    phase: () => st.view?.turn?.phase,
    refresh,
    drawOverlays,
    choose,
  };
  const cards = makeCards(P);
  const ctl = makeControls(P);

  function drawOverlays() {
    const v = st.view;
    if (!v) return;
    const p = me ? v.prompt : null;
    const sel = board.selected();
    const piece = sel && (v.pieces || []).find((x) => x.id === sel.id);
    const clicks = [...ctl.clickableHexes(v).values()];
    st.clicks = new Map(clicks.map((c) => [`${c.hex.q},${c.hex.r}`, c]));
    const aims = [];
    for (const w of p?.weapons || []) {
      const d = st.draft.get(ctl.wkey(w));
      if (!d?.on || !d.target) continue;
      const hex = w.hex_target
        ? (() => {
            const [q, r] = d.target.split(",").map(Number);
            return { q, r };
          })()
        : (v.pieces || []).find((x) => x.id === d.target);
      if (hex) aims.push({ hex, blast: w.blast || 0 });
    }
    board.set({
      shapes: {
        buildings: overlays.buildings(v, P.colour),
        glow: overlays.glow(v, {
          piece,
          title: piece ? `Front arc of ${P.unitName(piece.id)}: shots from outside it are flank shots` : "",
          lit: p?.highlight,
          clicks,
        }),
        marks: overlays.marks(v, { prompt: p, chosen: st.chosen, aims, colour: P.colour, faction: P.faction }),
      },
    });
  }

  function syncChosen(v) {
    const moves = me && v.prompt?.moves ? v.prompt.moves : [];
    const before = st.chosen;
    const sel = board.selected();
    if (sel && moves.some((m) => m.unit === sel.id)) st.chosen = sel.id;
    if (st.chosen && !moves.some((m) => m.unit === st.chosen)) st.chosen = null;
    if (!st.chosen && moves.length === 1) st.chosen = moves[0].unit;
    if (st.chosen !== before) {
      st.facing = "keep";
      st.thrusters = false;
    }
    if (P.phase() !== "combat") {
      st.draft.clear();
      st.focusWeapon = null;
    }
    if (P.phase() !== "movement") st.thrusters = false;
  }

  function choose(uid) {
    if (st.chosen !== uid) {
      st.facing = "keep";
      st.thrusters = false;
    }
    st.chosen = uid;
    if (board.selected()?.id !== uid && board.has(uid)) board.select(uid);
    refresh();
  }

  function refresh() {
    const v = st.view;
    if (!v) return;
    syncChosen(v);
    cards.showStatus(v);
    ctl.renderControls(v);
    cards.showPlayers(v);
    cards.showFiring(v);
    cards.showBLB(v);
    cards.showHand(v);
    cards.showBuildings(v);
    ctl.showRecords(v);
    cards.showRules(v);
    drawOverlays();
    container.dataset.phase = v.turn?.phase || "";
    container.dataset.step = v.turn?.step || "";
  }

  // A click or Enter on a lit hex acts; picking a unit that may move chooses it.
  board.on("click", ({ shape, piece }) => {
    const c = shape?.startsWith("hex:") ? st.clicks?.get(shape.slice(4)) : null;
    if (c) {
      if (c.pick) c.pick();
      else P.fire(c.action());
      return;
    }
    const sel = piece || board.selected();
    if (sel && (st.view?.prompt?.moves || []).some((m) => m.unit === sel.id) && sel.id !== st.chosen) choose(sel.id);
    else drawOverlays();
  });
  board.on("select", () => queueMicrotask(drawOverlays));

  return {
    update(v) {
      if (!v) return;
      st.view = v;
      refresh();
    },
    describe(e) {
      cards.noteEvent(e);
      return view.describe(e, names());
    },
    moveAction(piece, pos, facing) {
      return ctl.moveAction(piece, pos, facing);
    },
    canDrag(piece, v) {
      if (!me || !v?.prompt) return false;
      if (v.turn?.phase === "reset") return v.prompt.unit === piece.id;
      return (v.prompt.moves || []).some((m) => m.unit === piece.id);
    },
    // a drag past the hexes the unit may reach stops on the last of them it crossed
    limit(piece, pos, trail, v) {
      const m = (v?.prompt?.moves || []).find((x) => x.unit === piece.id);
      const hexes = m && ctl.destinations(m); // with the movement card's reach when it is to be played
      if (!hexes) return null;
      const ok = (p) => hexes.some((d) => d.q === p.q && d.r === p.r);
      return stopAtLastLegal(pos, trail, ok, `Stopped at the last hex ${piece.label || "it"} may reach`);
    },
    boardData: (v) => ({ pieces: view.pieces(v), legend: view.legend(v), clock: view.clock(v) }),
    destroy: () => board.destroy(),
  };
}

// Watchers get the same panel with no seat: counts, the face-down firing line, Big Little
// Buddy's card and the buildings, and no controls.
export const watch = mount;
