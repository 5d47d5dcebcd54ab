// Heavy Gear Blitz!: the panel's one state. Every part of the panel (cards, setup, forces,
// controls, attack, reaction, draw) is a set of functions over it, like chessground's modules
// over its State: what the page gave (ctx), the panel's sections, and what the seat is planning.
// Parts change it and call `redraw` (the controls drawn again); nothing else is shared.
import { h } from "../dom.js";
import { statusBoxes } from "../panel.js";
import * as view from "./view.js";

/**
 * @typedef {object} HgbDom  the panel's sections, in the order they are shown
 * @property {HTMLElement} banner     the winner
 * @property {HTMLElement} status     round, phase, initiative, who is activating
 * @property {HTMLElement} controls   the seat's controls for the phase
 * @property {HTMLElement} lastBox    the last attack's dice
 * @property {HTMLElement} cardsBox   the unit cards
 * @property {HTMLElement} endBox     ending the game
 *
 * @typedef {object} HgbState
 * @property {import("../../panel-host.js").PanelCtx} ctx
 * @property {string|null} me                 "north", "south", or null for a watcher
 * @property {HgbDom} dom
 * @property {HTMLElement} boardBanner        the winner in a word (kept for the page's winner strip)
 * @property {object|null} view               the latest view
 * @property {object|null} terrainForm        the terrain rectangle being typed {type, label, x, y, w, h, level}
 * @property {{x: number, y: number}[]|null} shape  the terrain shape drawn on the board
 * @property {boolean} drawing                corners are being clicked on the board
 * @property {string|null} faction            the starting force picked
 * @property {Record<string, object>} forces  the starting forces by faction (the rules helper's answers)
 * @property {object|null} build              the force builder's options {faction, choices, command_group, result, open}
 * @property {number} buildSeq                the last force check asked (older answers are dropped)
 * @property {string|null} deployModel
 * @property {number|null} deployFacing
 * @property {object|null} deployAt           typed coordinates {model, px, py, x, y}
 * @property {string|null} group              the Combat Group to activate
 * @property {string|null} model              the acting model
 * @property {string|null} target             the enemy aimed at
 * @property {string|null} weapon             the weapon's code
 * @property {boolean} indirect
 * @property {number} sweep
 * @property {number} focus
 * @property {boolean} keep                   keep the Action for Return Fire
 * @property {string} facing                  after a move: "path", "keep" or degrees
 * @property {{x: number, y: number, mp?: number}[]} waypoints  the path being planned
 * @property {object|null} aim                the aim event /preview gave (or {error})
 * @property {string|null} aimKey             what that aim was asked for
 * @property {any} aimTimer
 * @property {object|null} odds               exact odds for aimKey {key, r, perks} or {key, error}
 * @property {string|null} oddsAsked
 * @property {{id: string, start: {x: number, y: number}, ev: object|null}|null} drag  the model being dragged
 * @property {object|null} lastMove           the last committed move with its start, drawn for the activation
 * @property {object[]} lastAttack            the last attack's events, drawn for everyone
 * @property {string|null} rfModel
 * @property {string|null} rfWeapon
 * @property {number} rfAt                    the point of the mover's path (-1: its end)
 * @property {Set<string>} openCards          the unit cards shown in full
 * @property {{controls: string|null, cards: string|null, end: string|null}} sig  what each section was last drawn from
 * @property {() => void} redraw              draws the controls again (set by mount)
 * @property {boolean} gone                   the panel was taken down (late answers are dropped)
 */

/** @returns {HgbState} */
export function createState(ctx) {
  return {
    ctx,
    me: ctx.seat || null,
    dom: {
      ...statusBoxes("hgb"),
      controls: h("div", { class: "hgb-controls" }),
      lastBox: h("section", { class: "hgb-last", "aria-label": "Last attack", "aria-live": "polite" }),
      cardsBox: h("section", { class: "hgb-cards", "aria-label": "Unit cards" }),
      endBox: h("div", { class: "hgb-end" }),
    },
    boardBanner: h("div", { class: "hgb-board-banner", hidden: true, "aria-hidden": "true" }),
    view: null,
    terrainForm: null,
    shape: null,
    drawing: false,
    faction: null,
    forces: {},
    build: null,
    buildSeq: 0,
    deployModel: null,
    deployFacing: null,
    deployAt: null,
    group: null,
    model: null,
    target: null,
    weapon: null,
    indirect: false,
    sweep: 0,
    focus: 0,
    keep: false,
    facing: "path",
    waypoints: [],
    aim: null,
    aimKey: null,
    aimTimer: null,
    odds: null,
    oddsAsked: null,
    drag: null,
    lastMove: null,
    lastAttack: [],
    rfModel: null,
    rfWeapon: null,
    rfAt: -1,
    openCards: new Set(),
    sig: { controls: null, cards: null, end: null },
    redraw: () => {},
    gone: false,
  };
}

// Lookups over the latest view.
export const names = (s) => view.names(s.view, s.ctx.names);
export const phase = (s) => s.view?.turn?.phase;
export const cards = (s) => s.view?.cards || [];
export const cardOf = (s, id) => cards(s).find((c) => c.id === id);
export const pieceOf = (s, id) => (s.view?.pieces || []).find((p) => p.id === id);
export const weaponCard = (s, code) => s.view?.weapons?.[code] || {};
export const rules = (s) => s.view?.rules || { base_radius: 0.5, fixed_arc_degrees: 60 };
export const myTurn = (s) => !!(s.me && (s.view?.turn?.active || []).includes(s.me) && !s.view?.result);

// The models of mine that may act now (the active group's, or any group's not yet done).
export function actors(s, v) {
  const { me } = s;
  if (!me || v.turn?.phase !== "activation" || v.to_activate !== me) return [];
  const cur = v.current;
  const done = v.groups_done?.[me] || [];
  return (v.cards || []).filter(
    (c) => c.seat === me && c.status === "active" && !c.used && (cur ? c.group === cur.group : !done.includes(c.group)),
  );
}
