// Small Soldiers Big Battle: the panel. The pure view (small-soldiers/view.js: pieces, legend,
// log lines; small-soldiers/overlays.js: shapes over the map) is shared with spectators and the
// replay page; small-soldiers/panel.js shows the read-only side, small-soldiers/controls.js the
// seat's choices. The server decides everything (view.legal, view.prompt); this only shows and
// asks. Every text node is set with textContent.
import { h } from "./dom.js";
import { stopAtLastLegal } from "../board/hex.js";
import * as view from "./small-soldiers/view.js";
import * as overlays from "./small-soldiers/overlays.js";
import { makePanel } from "./small-soldiers/panel.js";
import { makeControls } from "./small-soldiers/controls.js";

export { view };
const { armyOf } = view;

// The replay page's overlays: the map's special spaces and catapults.
export const replay = {
  shapes: (v, playerNames) => ({ "ss-spaces": overlays.spaces(v, view.names(v, playerNames).army) }),
};
const shotKey = (s) => (s ? JSON.stringify([s.origin, s.landing, s.stop]) : null);

export function mount(ctx) {
  const { container, board } = ctx;
  const me = ctx.seat;
  const myArmy = armyOf(me);
  document.body.classList.add("ss-table");

  const status = h("div", { class: "ss-status", role: "status", "aria-live": "polite" });
  const banner = h("div", { class: "ss-winner", role: "alert", hidden: true });
  const spinnerBox = h("div", { class: "ss-spinner" });
  const spinResult = h("p", { class: "ss-spin-result", "aria-live": "polite" });
  const diceBox = h("div", { class: "ss-dice", "aria-live": "polite" });
  const controls = h("div", { class: "ss-controls" });
  const handBox = h("div", { class: "ss-hand" });
  const storeBox = h("div", { class: "ss-store" });
  const deckLine = h("p", { class: "ss-deck muted small" });
  const about = h("details", { class: "ss-about small" }, h("summary", { text: "Rulebook and Warboard defaults" }));
  container.replaceChildren(
    h("h2", { text: "Small Soldiers" }),
    banner,
    status,
    h("div", { class: "ss-spin-row" }, spinnerBox, h("div", { class: "ss-spin-side" }, spinResult, diceBox)),
    controls,
    handBox,
    storeBox,
    deckLine,
    about,
  );

  const st = {
    view: null,
    chosen: null,
    sig: null,
    spaces: null,
    spacesKey: null,
    lastSpin: null,
    wheelTurn: 0,
    wheelSegs: null,
    turnSeen: null,
    shots: new Map(),
    aim: { offset: 0, angle: 0, power: 8 },
    battleKey: null,
    openingKey: null,
  };
  const names = () => view.names(st.view, ctx.names);
  const P = {
    st,
    ctx,
    me,
    myArmy,
    container,
    status,
    banner,
    spinnerBox,
    spinResult,
    diceBox,
    controls,
    handBox,
    storeBox,
    deckLine,
    about,
    nameOf: (id) => names().fighter(id),
    armyName: (army) => names().army(army),
    seatName: (seat) => {
      const n = ctx.names.get(seat);
      return n ? `${n} (${seat})` : seat;
    },
    send: (action) => ctx.send(action).catch((err) => ctx.message(`Refused: ${err.message}`)),
    // The last shot is shown in the turn it was fired and the next (the other side sees it).
    shotLive: (v) => {
      const turn = st.shots.get(shotKey(v.last_catapult));
      return turn !== undefined && (v.turn?.round ?? 0) <= turn + 1;
    },
    choose,
    drawAim,
  };
  const panel = makePanel(P);
  const ctl = makeControls(P);
  const shapes = (all) => board.set({ shapes: all });

  function choose(fid) {
    st.chosen = fid;
    const sel = board.selected();
    if (sel?.id !== fid && board.has(fid)) board.select(fid);
    refresh();
  }

  // the seat's own side at the bottom: when its army's flag stands in the top half, the board is turned
  function ownFlagOnTop(v) {
    const flag = myArmy && (v?.pieces || []).find((p) => p.id === `flag-${myArmy}`);
    const rows = (v?.board?.cells || []).map((c) => c.r);
    return !!flag && rows.length > 0 && flag.r < (Math.min(...rows) + Math.max(...rows)) / 2;
  }

  function drawAim() {
    const v = st.view;
    const launcher = v?.legal?.launch ? v.legal.launch.launcher || v.board?.catapults?.[myArmy] || null : null;
    shapes({ aim: overlays.aim(launcher, st.aim) });
  }

  function drawBoard(v) {
    const key = JSON.stringify(v.board?.cells || []);
    if (st.spacesKey !== key) {
      st.spacesKey = key;
      st.spaces = new Map((v.board?.cells || []).map((c) => [view.hexKey(c.q, c.r), c]));
      shapes({ spaces: overlays.spaces(v, P.armyName) });
    }
    const describeSpace = (d) => `Move ${P.nameOf(st.chosen)} to (${d.q}, ${d.r})${ctl.spaceNote(d.q, d.r)}`;
    const turn = st.shots.get(shotKey(v.last_catapult));
    shapes({
      dest: overlays.destinations(v, st.chosen, describeSpace),
      shot: turn !== undefined ? { ...overlays.shot(v, turn + 1) } : null,
    });
    drawAim();
  }

  function syncChosen(v) {
    const moves = v.legal?.moves || {};
    const movers = Object.keys(moves);
    const sel = board.selected();
    if (sel && moves[sel.id]) st.chosen = sel.id;
    if (st.chosen && !moves[st.chosen]) st.chosen = null;
    if (!st.chosen && movers.length === 1) st.chosen = movers[0];
  }

  function refresh() {
    const v = st.view;
    if (!v) return;
    syncChosen(v);
    panel.showStatus(v);
    panel.showSpin(v);
    panel.showDice(v);
    ctl.renderControls(v);
    panel.showHand(v);
    panel.showStore(v);
    panel.showAbout(v);
    drawBoard(v);
    container.dataset.phase = v.turn?.phase || "";
  }

  // A click or Enter on a lit space moves there; picking a fighter that may move chooses it.
  board.on("click", ({ piece, shape, cell }) => {
    const fid = st.chosen;
    const dests = fid ? st.view?.legal?.moves?.[fid] || [] : [];
    const to = shape?.startsWith("to:") ? shape.slice(3).split(",").map(Number) : cell ? [cell.q, cell.r] : null;
    if (to && board.tool() === "select" && dests.some((d) => d.q === to[0] && d.r === to[1])) {
      P.send({ kind: "move", fighter: fid, q: to[0], r: to[1] });
      return;
    }
    if (piece && st.view?.legal?.moves?.[piece.id] && piece.id !== st.chosen) {
      st.chosen = piece.id;
      refresh();
    }
  });

  // Log lines; the turn of each shot is noted from the events (the view's shot does not carry it).
  function describe(e) {
    if (e.seq !== undefined && e.kind === "turn_started") st.turnSeen = e.number;
    if (e.seq !== undefined && e.kind === "catapult") {
      st.shots.set(shotKey(e), st.turnSeen ?? st.view?.turn?.round ?? 0);
      if (st.view) queueMicrotask(refresh);
    }
    return view.describe(e, names());
  }

  return {
    update(v) {
      if (!v) return;
      st.view = v;
      refresh();
    },
    describe,
    moveAction(piece, pos) {
      return { kind: "move", fighter: piece.id, q: pos.q, r: pos.r };
    },
    canDrag(piece, v) {
      return piece.kind === "fighter" && !!v?.legal?.moves?.[piece.id];
    },
    // a drag past the spaces the fighter may reach stops on the last of them it crossed
    limit(piece, pos, trail, v) {
      const dests = v?.legal?.moves?.[piece.id];
      if (!dests) return null;
      const ok = (p) => dests.some((d) => d.q === p.q && d.r === p.r);
      return stopAtLastLegal(pos, trail, ok, `Stopped at the last space ${piece.label || "it"} may reach`);
    },
    boardData: (v) => ({ pieces: view.pieces(v), legend: view.legend(v), clock: view.clock(v), flip: ownFlagOnTop(v) }),
    destroy: () => board.destroy(),
  };
}

// Watchers see the same panel with no seat: the spinner, dice, cards under fighters, Toy Store,
// shots and the winner, and no controls (the view gives a spectator no prompt).
export const watch = mount;
