// The table page's game panel: the game's `mount` for a seat or `watch` for a spectator, given
// a complete ctx (systems/README.md), torn down and mounted again when the seat changes. An
// update goes one way through it: the panel's update, then the board's data and the shapes the
// panel set, for the page's one board.set.
import { panelBoard } from "./board/panel-board.js";
import { forgetHeld } from "./systems/panel.js";

/**
 * @typedef {object} PanelCtx  what a panel gets (systems/README.md)
 * @property {HTMLElement} container     the <section id="system-panel"> to fill
 * @property {HTMLElement|null} dock     the acting piece's menu, shown beside the main buttons
 *   (the rail's top on a laptop, under the board on a phone): controls the current step needs in sight
 * @property {object} table              the table summary
 * @property {string|null} seat          this player's seat (null for a spectator)
 * @property {import("./board/panel-board.js").PanelBoard} board
 * @property {Map<string, string>} names seat -> player name
 * @property {() => object|null} view    the latest view
 * @property {() => object|null} selected the selected piece
 * @property {(action: object) => Promise<object>} send  resolves on ack, rejects with {message, code}
 * @property {(action: object) => Promise<object>} act   send; a refusal is said over the board (and rejects)
 * @property {(action: object) => Promise<void>} fire    act, the refusal said and swallowed
 * @property {(action: object) => Promise<object|null>} preview  what the action would do: {legal, events, error}
 * @property {((uphold: boolean, note?: string) => Promise<object>)|null} ruling  the host's ruling
 *   on a disputed record (null when this browser does not hold the host's token)
 * @property {(text: string) => void} message  a passing message over the board
 *
 * @typedef {object} PanelHooks  what mount/watch return; every hook optional
 * @property {(view: object) => void} [update]
 * @property {(event: object) => string|undefined} [describe]
 * @property {(view: object) => object} [boardData]   overrides of {pieces, legend, clock, flip}
 * @property {(piece: object, pos: object, facing?: number, view?: object, trail?: object[]) => object} [moveAction]
 * @property {(piece: object, view: object) => boolean} [canDrag]
 * @property {(piece: object, pos: object, trail: object[], view: object) => object|null} [limit]
 * @property {() => void} [destroy]
 *
 * @typedef {object} PanelSlot  the page's one panel
 * @property {import("./game.js").Game} game
 * @property {HTMLElement} container
 * @property {HTMLElement|null} dock the piece menu's element (emptied with the panel)
 * @property {string} className     the container's classes before any panel
 * @property {PanelHooks|null} panel
 * @property {import("./board/panel-board.js").PanelBoard|null} api
 * @property {string|null} key      the role and seat the panel was mounted for
 */

/** @returns {PanelSlot} */
export function panelSlot(game, container, dock = null) {
  return { game, container, dock, className: container.className, panel: null, api: null, key: null };
}

// Mount the game's panel for this role and seat, unless it is mounted for them already.
// page: {table, names, board, view(), send, preview, ruling, message}.
export function mountPanel(slot, page, role, seat) {
  const key = `${role}:${seat || ""}`;
  if (slot.key === key) return;
  unmountPanel(slot);
  slot.key = key;
  const entry = role === "player" ? slot.game.mount : slot.game.watch;
  if (!entry) return;
  const { container } = slot;
  container.classList.toggle("controls", role === "player");
  container.setAttribute("aria-label", role === "player" ? "Game controls" : "Game");
  // Panels get the board's panel API, never the Board itself.
  slot.api = panelBoard(page.board, page.table.system || "panel");
  try {
    slot.panel = entry(panelCtx(page, slot, role === "player" ? seat : null)) || {};
    container.hidden = false;
  } catch (err) {
    console.error("the game panel failed to mount", err);
    unmountPanel(slot);
    slot.key = key;
  }
}

function panelCtx(page, slot, seat) {
  const send = seat ? page.send : () => Promise.reject(new Error("Spectators cannot act"));
  const act = (action) =>
    send(action).catch((err) => {
      page.message(`Refused: ${err.message}`);
      page.why?.(err.code);
      throw err;
    });
  return {
    container: slot.container,
    dock: slot.dock,
    table: page.table,
    seat,
    board: slot.api,
    names: page.names,
    view: page.view,
    selected: () => page.board.selectedPiece(),
    send,
    act,
    fire: (action) => act(action).catch(() => {}),
    preview: (action) =>
      page.preview(action).catch((err) => ({ legal: false, events: [], error: { message: err.message } })),
    ruling: page.ruling,
    message: page.message,
  };
}

// Tear the panel down: its listeners and shapes, its DOM, and the container as it was.
export function unmountPanel(slot) {
  const { panel, container } = slot;
  slot.panel = null;
  slot.key = null;
  try {
    panel?.destroy?.();
  } catch (err) {
    console.error("the game panel failed to unmount", err);
  }
  slot.api?.destroy();
  slot.api = null;
  forgetHeld(container); // a redraw held for a press must not draw the old panel again
  container.replaceChildren();
  if (slot.dock) forgetHeld(slot.dock);
  slot.dock?.replaceChildren();
  container.className = slot.className;
  for (const k of Object.keys(container.dataset)) delete container.dataset[k];
  container.hidden = true;
}

// One update through the panel: its own DOM first, then what the board is to show.
export function panelFrame(slot, view) {
  const { panel, api } = slot;
  const shapes = panel?.update && api ? api.collect(() => panel.update(view)) : {};
  return { ...(panel?.boardData?.(view) || {}), shapes };
}
