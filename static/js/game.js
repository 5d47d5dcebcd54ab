// A game as the table and replay pages see it: its module (systems/<id>.js), loaded once, with
// the pure view part (pieces, legend, clock, names, log lines), the replay's overlays and the
// panel's entries (mount for a seat, watch for a spectator). A table without a module gets the
// generic board: the view's own pieces and the page's sentence for every event.
import { describeEvent } from "./log.js";
import { addSeatLabels } from "./words.js";

const TABLETOP = { kind: "tabletop", width: 24, height: 24 };

/**
 * @typedef {object} ViewPart  a game's pure view (systems/<id>/view.js); every function optional
 * @property {(view: object, playerNames: Map<string, string>, memory?: Map<any, any>) => object} [names]
 * @property {(event: object, names: object) => string|undefined} [describe]
 * @property {(view: object) => object[]} [pieces]
 * @property {(view: object, playerNames?: Map<string, string>) => object[]|null} [legend]
 * @property {(view: object) => {turn?: number, activation?: number}} [clock]
 * @property {boolean} [drawsAttacks]  the game draws its last attack itself (no generic shot line)
 * @property {(view: object) => Object<string, string>} [seatLabels]  seat -> label, when a view tells
 *
 * @typedef {object} Game
 * @property {ViewPart|null} view
 * @property {{shapes: (view: object, playerNames: Map<string, string>) => object}|null} replay
 * @property {((ctx: object) => object)|null} mount
 * @property {((ctx: object) => object)|null} watch
 * @property {Map<any, any>} memory  what the view part keeps across log lines (see `names`)
 */

/** @returns {Game} a game with no module yet: the generic board */
export function newGame() {
  return { view: null, replay: null, mount: null, watch: null, memory: new Map() };
}

let bundled = null;
/** The game's module when the page's bundle holds it (scripts/bundle.mjs): no request to load it. */
export function bundleGame(module) {
  bundled = module;
}

// Load the game's module into `game` (which keeps its generic parts if there is none or it fails).
export async function loadGame(game, url) {
  if (!url) return game;
  try {
    const module = bundled || (await import(url));
    Object.assign(game, {
      view: module.view || null,
      replay: module.replay || null,
      mount: module.mount || null,
      watch: module.watch || null,
    });
  } catch (err) {
    console.error("the game's module failed to load", err);
  }
  return game;
}

// The board, pieces, legend and clock of a view, in the game's own look when it has a view part.
export function boardOf(game, view, playerNames) {
  const v = game.view;
  if (v?.seatLabels) addSeatLabels(v.seatLabels(view));
  return {
    board: view.board || TABLETOP,
    pieces: v?.pieces ? v.pieces(view) : view.pieces || [],
    legend: v?.legend ? v.legend(view, playerNames) : null,
    clock: v?.clock ? v.clock(view) : null,
  };
}

// A log line for an event: the game's words when its view part has some, else the page's.
export function describeWith(game, event, view, playerNames) {
  const v = game.view;
  const line = v?.describe
    ? v.describe(event, v.names ? v.names(view || {}, playerNames, game.memory) : {})
    : undefined;
  return line || describeEvent(event, playerNames);
}
