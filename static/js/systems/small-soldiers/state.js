// Small Soldiers Big Battle: the panel's one state. Every part of the panel (cards, controls,
// board) is a set of functions over it, like chessground's modules over its State: what the page
// gave (ctx), the panel's sections, and what the seat is choosing. Parts change it and call
// `redraw`; nothing else is shared between them.
import { h } from "../dom.js";
import { statusBoxes } from "../panel.js";
import * as view from "./view.js";

/**
 * @typedef {object} SsDom  the panel's sections
 * @property {HTMLElement} banner       the winner
 * @property {HTMLElement} status       whose turn, the prompt
 * @property {HTMLElement} spinnerBox   the spinner
 * @property {HTMLElement} spinResult   what it last gave
 * @property {HTMLElement} diceBox      opening roll, last battle, catapult shot
 * @property {HTMLElement} controls     the seat's choices
 * @property {HTMLElement} handBox
 * @property {HTMLElement} storeBox     the Toy Stores
 * @property {HTMLElement} deckLine
 * @property {HTMLElement} about        the rulebook and Warboard defaults
 *
 * @typedef {object} SsState
 * @property {import("../../panel-host.js").PanelCtx} ctx
 * @property {string|null} me            the seat ("gorgonites", "commandos-2", ...), null for a watcher
 * @property {string} myArmy             the seat's army ("" for a watcher)
 * @property {SsDom} dom
 * @property {object|null} view          the latest view
 * @property {string|null} chosen        the fighter chosen to move
 * @property {Map<string, object>|null} spaces  the map's cells by "q,r"
 * @property {string|null} spacesKey     the cells they were drawn from
 * @property {string|null} lastSpin      the spin the wheel shows (JSON)
 * @property {number} wheelTurn          the wheel's rotation, degrees
 * @property {string|null} wheelSegs     the segments the wheel was drawn with
 * @property {number|null} turnSeen      the last turn started (from the log)
 * @property {Map<string, number>} shots the turn each catapult shot was fired in, by shot key
 * @property {{offset: number, angle: number, power: number}} aim  the catapult's aim
 * @property {string|null} battleKey     the battle last shown (a new one is marked fresh)
 * @property {{controls: string|null}} sig
 * @property {() => void} redraw         draws the panel again from this state (set by mount)
 */

/** @returns {SsState} */
export function createState(ctx) {
  const dom = {
    ...statusBoxes("ss"),
    spinnerBox: h("div", { class: "ss-spinner" }),
    spinResult: h("p", { class: "ss-spin-result", "aria-live": "polite" }),
    diceBox: h("div", { class: "ss-dice", "aria-live": "polite" }),
    controls: h("div", { class: "ss-controls" }),
    handBox: h("div", { class: "ss-hand" }),
    storeBox: h("div", { class: "ss-store" }),
    deckLine: h("p", { class: "ss-deck muted small" }),
    about: h("details", { class: "ss-about small" }, h("summary", { text: "Rulebook and Warboard defaults" })),
  };
  return {
    ctx,
    me: ctx.seat,
    myArmy: view.armyOf(ctx.seat),
    dom,
    view: null,
    chosen: null,
    spaces: null,
    spacesKey: null,
    lastSpin: null,
    wheelTurn: 0,
    wheelSegs: null,
    turnSeen: null,
    shots: new Map(),
    aim: { offset: 0, angle: 0, power: 8 },
    battleKey: null,
    sig: { controls: null },
    redraw: () => {},
  };
}

// Names over the latest view: fighters, armies, and seats with their player ("Ann (Commando Elite 2)").
export function names(s) {
  const n = view.names(s.view, s.ctx.names);
  return { nameOf: n.fighter, armyName: n.army, seatName: n.seat };
}

export const shotKey = (shot) => (shot ? JSON.stringify([shot.origin, shot.landing, shot.stop]) : null);

// The last shot is shown in the turn it was fired and the next (the other side sees it).
export function shotLive(s, v) {
  const turn = s.shots.get(shotKey(v.last_catapult));
  return turn !== undefined && (v.turn?.round ?? 0) <= turn + 1;
}
