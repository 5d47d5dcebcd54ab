// GKR: Heavy Hitters with Big Little Buddy: the panel's side of the board: the overlay shapes
// of the state (buildings, the selected unit's arc, lit and clickable hexes, marks), the unit
// chosen to move, and what a click, a drag or its limit means.
import { stopAtLastLegal } from "../../board/hex.js";
import * as overlays from "./overlays.js";
import { clickableHexes, destinations, wkey } from "./moves.js";
import { names } from "./state.js";

/** @param {import("./state.js").GkrState} s */
export function drawOverlays(s) {
  const v = s.view;
  if (!v) return;
  const { board } = s.ctx;
  const { colour, faction, unitName } = names(s);
  const p = s.me ? v.prompt : null;
  const sel = board.selected();
  const piece = sel && (v.pieces || []).find((x) => x.id === sel.id);
  const clicks = [...clickableHexes(s, v).values()];
  s.clicks = new Map(clicks.map((c) => [`${c.hex.q},${c.hex.r}`, c]));
  const aims = [];
  for (const w of p?.weapons || []) {
    const d = s.draft.get(wkey(w));
    if (!d?.on || !d.target) continue;
    const [q, r] = w.hex_target ? d.target.split(",").map(Number) : [];
    const hex = w.hex_target ? { q, r } : (v.pieces || []).find((x) => x.id === d.target);
    if (hex) aims.push({ hex, blast: w.blast || 0 });
  }
  board.set({
    shapes: {
      buildings: overlays.buildings(v, colour),
      glow: overlays.glow(v, {
        piece,
        title: piece ? `Front arc of ${unitName(piece.id)}: shots from outside it are flank shots` : "",
        lit: p?.highlight,
        clicks,
      }),
      marks: overlays.marks(v, { prompt: p, chosen: s.chosen, aims, colour, faction }),
    },
  });
}

// The unit to move follows the board's selection when it may move; the only one is chosen.
/** @param {import("./state.js").GkrState} s */
export function syncChosen(s, v) {
  const moves = s.me && v.prompt?.moves ? v.prompt.moves : [];
  const before = s.chosen;
  const sel = s.ctx.board.selected();
  if (sel && moves.some((m) => m.unit === sel.id)) s.chosen = sel.id;
  if (s.chosen && !moves.some((m) => m.unit === s.chosen)) s.chosen = null;
  if (!s.chosen && moves.length === 1) s.chosen = moves[0].unit;
  if (s.chosen !== before) {
    s.facing = "keep";
    s.thrusters = false;
  }
  if (v.turn?.phase !== "combat") {
    s.draft.clear();
    s.focusWeapon = null;
  }
  if (v.turn?.phase !== "movement") s.thrusters = false;
}

/** @param {import("./state.js").GkrState} s */
export function choose(s, uid) {
  const { board } = s.ctx;
  if (s.chosen !== uid) {
    s.facing = "keep";
    s.thrusters = false;
  }
  s.chosen = uid;
  if (board.selected()?.id !== uid && board.has(uid)) board.select(uid);
  s.redraw();
}

// A click or Enter on a lit hex acts; picking a unit that may move chooses it.
/** @param {import("./state.js").GkrState} s */
export function onClick(s, { shape, piece }) {
  const c = shape?.startsWith("hex:") ? s.clicks.get(shape.slice(4)) : null;
  if (c) {
    if (c.pick) c.pick();
    else s.ctx.fire(c.action());
    return;
  }
  const sel = piece || s.ctx.board.selected();
  if (sel && (s.view?.prompt?.moves || []).some((m) => m.unit === sel.id) && sel.id !== s.chosen) choose(s, sel.id);
  else drawOverlays(s);
}

export function canDrag(s, piece, v) {
  if (!s.me || !v?.prompt) return false;
  if (v.turn?.phase === "reset") return v.prompt.unit === piece.id;
  return (v.prompt.moves || []).some((m) => m.unit === piece.id);
}

// A drag past the hexes the unit may reach stops on the last of them it crossed (with the
// movement card's reach when it is to be played).
export function limit(s, piece, pos, trail, v) {
  const m = (v?.prompt?.moves || []).find((x) => x.unit === piece.id);
  const hexes = m && destinations(s, m);
  if (!hexes) return null;
  const ok = (p) => hexes.some((d) => d.q === p.q && d.r === p.r);
  return stopAtLastLegal(pos, trail, ok, `Stopped at the last hex ${piece.label || "it"} may reach`);
}
