// Samurai Robots Battle Royale: the panel's one state. Every part of the panel (cards,
// controls, reaction, manual, builder, board) is a set of functions over it, like chessground's
// modules over its State: what the page gave (ctx), the panel's sections, and what the seat is
// choosing. Parts change it and call `redraw` (the controls drawn again); nothing else is shared.
import { h } from "../dom.js";
import { statusBoxes } from "../panel.js";
import * as view from "./view.js";

/**
 * @typedef {object} SrbrDom  the panel's sections
 * @property {HTMLElement} banner      the winner
 * @property {HTMLElement} status      round, turn order, whose turn
 * @property {HTMLElement} rollBox     the activation's dice
 * @property {HTMLElement} controls    the seat's choices for the prompt
 * @property {HTMLElement} tools       the measuring sticks
 * @property {HTMLElement} roster      the mechas
 * @property {HTMLElement} manualBox   manual resolution
 * @property {HTMLElement} recordsBox  the records and disputes
 * @property {HTMLElement} builderBox  the mecha builder (a seat's only)
 * @property {HTMLElement} rulesBox    the table's rules
 * @property {HTMLElement} concedeBox
 *
 * @typedef {object} SrbrState
 * @property {import("../../panel-host.js").PanelCtx} ctx
 * @property {string|null} me              the seat, null for a watcher
 * @property {SrbrDom} dom
 * @property {object|null} view            the latest view
 * @property {string|null} mecha           the mecha to activate
 * @property {string|null} part            its body part
 * @property {string} facing               after a move: "keep" or degrees
 * @property {boolean} flee                a move off the table
 * @property {string} aim                  "mecha/part" aimed at, or "" (a random part)
 * @property {boolean} pick                a point is being picked on the board
 * @property {{x: number, y: number}|null} pickTarget  where the picked line ends (the pointer, stopped at the stick)
 * @property {{x: number, y: number}|null} keyTarget   a move target set with the arrow keys
 * @property {boolean} sticks              the S/M/L sticks shown
 * @property {string|null} sticksFor       the mecha whose sticks are shown ("Show on board")
 * @property {string|null} reactMecha      the reacting mecha
 * @property {string|null} reactPart
 * @property {object|null} lastRoll        the last activation or reaction event (its dice stay shown)
 * @property {boolean} builderDone         the mecha builder is built (once)
 * @property {(() => void)|null} refreshParts  refills the record form's parts (their damage changes)
 * @property {{controls: string|null, roster: string|null, manual: string|null, records: string|null}} sig
 *   what each section was last drawn from
 * @property {() => void} redraw           draws the controls again (set by mount)
 */

/** @returns {SrbrState} */
export function createState(ctx) {
  const me = ctx.seat || null;
  const dom = {
    ...statusBoxes("srbr"),
    rollBox: h("section", { class: "srbr-roll", "aria-label": "Activation dice" }),
    controls: h("div", { class: "srbr-controls" }),
    tools: h("section", { class: "srbr-tools", "aria-label": "Measuring sticks" }),
    roster: h("section", { class: "srbr-roster", "aria-label": "Mechas" }),
    recordsBox: h("section", { class: "srbr-records", "aria-label": "Records", hidden: true }),
    manualBox: h("section", { class: "srbr-manual", "aria-label": "Manual resolution" }),
    builderBox: h("details", { class: "srbr-builder" }),
    rulesBox: h(
      "details",
      { class: "srbr-rules small" },
      h("summary", { text: "Table rules (rulebook and Warboard defaults)" }),
    ),
    concedeBox: h("div", { class: "srbr-concede" }),
  };
  return {
    ctx,
    me,
    dom,
    view: null,
    mecha: null,
    part: null,
    facing: "keep",
    flee: false,
    aim: "",
    pick: false,
    pickTarget: null,
    keyTarget: null,
    sticks: true,
    sticksFor: null,
    reactMecha: null,
    reactPart: null,
    lastRoll: null,
    builderDone: false,
    refreshParts: null,
    sig: { controls: null, roster: null, manual: null, records: null },
    redraw: () => {},
  };
}

// Lookups over the latest view, in the panel's words.
export function names(s) {
  const n = view.names(s.view, s.ctx.names);
  return {
    player: n.player,
    mechaOf: n.mechaOf,
    mechaName: n.mecha,
    partOf: n.partOf,
    partName: n.part,
    terrainName: n.terrain,
    targetName: n.target,
    unit: n.unit,
    stickName: n.stick,
    place: n.place,
  };
}
export const pieceOf = (s, id) => (s.view?.pieces || []).find((p) => p.id === id);
export const legal = (s) => s.view?.legal || [];
export const prompt = (s) => s.view?.prompt || null;
export const ask = (s) => s.view?.prompt?.ask || null;
export const acting = (s) => ["actions", "reaction_actions"].includes(ask(s));
