// GKR: Heavy Hitters with Big Little Buddy: the panel's one state. Every part of the panel
// (cards, controls, weapons, records, board) is a set of functions over it, like chessground's
// modules over its State: what the page gave (ctx), the panel's sections and what the seat is
// choosing. Parts change it and call `redraw`; nothing else is shared between them.
import { h } from "../dom.js";
import { statusBoxes } from "../panel.js";
import * as view from "./view.js";

/**
 * @typedef {object} GkrDom  the panel's sections, in the order they are shown
 * @property {HTMLElement} banner      the winner
 * @property {HTMLElement} status      round, phase, turn order, whose turn
 * @property {HTMLElement} controls    the seat's choices for the prompt
 * @property {HTMLElement} firing      the firing line
 * @property {HTMLElement} attacksBox  the last Combat Phase's dice
 * @property {HTMLElement} blbBox      Big Little Buddy
 * @property {HTMLElement} players     the players' counts
 * @property {HTMLElement} handBox     the seat's cards
 * @property {HTMLElement} buildingsBox
 * @property {HTMLElement} recordsBox  manual resolution
 * @property {HTMLElement} rulesBox    the table rules
 *
 * @typedef {object} WeaponDraft  a weapon row of the Combat Phase being filled in
 * @property {boolean} on          put face down with the others checked
 * @property {string|null} target  a unit id, or "q,r" for a hex
 * @property {boolean} flank       a flank shot (stated, in manual flank)
 * @property {object} [stats]      stated values (manual weapons)
 *
 * @typedef {object} GkrState
 * @property {import("../../panel-host.js").PanelCtx} ctx
 * @property {string|null} me             the seat, null for a watcher
 * @property {GkrDom} dom
 * @property {object|null} view           the latest view
 * @property {string|null} chosen         the unit chosen to move
 * @property {"keep"|number} facing       its facing after the move
 * @property {boolean} thrusters          play its movement card with the move
 * @property {Map<string, WeaponDraft>} draft  the weapon rows, by weapon key (moves.js wkey)
 * @property {string|null} focusWeapon    the weapon row last touched (its hexes are lit)
 * @property {number} tagCount            tags placed, stated in manual tagging
 * @property {Map<number, object>} attacks  attack events of the Combat Phase, by seq
 * @property {number} revealSeq           the seq of the last reveal of the firing line
 * @property {any} attacksTimer
 * @property {Map<string, object>} clicks lit hexes a click acts on, by "q,r" (board.js)
 * @property {{controls: string|null, status: string|null, hand: string|null, buildings: string|null, records: string|null}} sig
 *   what each section was last drawn from (drawn again only when it changes)
 * @property {boolean} rulesShown
 * @property {() => void} redraw          draws the panel again from this state (set by mount)
 */

/** @returns {GkrState} */
export function createState(ctx) {
  const dom = {
    ...statusBoxes("gkr"),
    controls: h("div", { class: "gkr-controls" }),
    firing: h("section", { class: "gkr-firing", "aria-label": "Firing line" }),
    attacksBox: h("section", { class: "gkr-attacks", "aria-label": "Dice of the last Combat Phase", hidden: true }),
    blbBox: h("section", { class: "gkr-blb", "aria-label": "Big Little Buddy" }),
    players: h("div", { class: "gkr-players" }),
    handBox: h("section", { class: "gkr-hand", "aria-label": "Your cards" }),
    buildingsBox: h("section", { class: "gkr-buildings", "aria-label": "Buildings" }),
    recordsBox: h("section", { class: "gkr-records", "aria-label": "Manual resolution" }),
    rulesBox: h("details", { class: "gkr-rules" }),
  };
  return {
    ctx,
    me: ctx.seat || null,
    dom,
    view: null,
    chosen: null,
    facing: "keep",
    thrusters: false,
    draft: new Map(),
    focusWeapon: null,
    tagCount: 1,
    attacks: new Map(),
    revealSeq: -1,
    attacksTimer: null,
    clicks: new Map(),
    sig: { controls: null, status: null, hand: null, buildings: null, records: null },
    rulesShown: false,
    redraw: () => {},
  };
}

// Names over the latest view: factions, colours, players, units, hexes.
export const names = (s) => view.names(s.view, s.ctx.names);
export const phase = (s) => s.view?.turn?.phase;

// A titled group of controls.
export function group(label, ...children) {
  return h("div", { class: "gkr-group", role: "group", "aria-label": label }, h("h3", { text: label }), ...children);
}
