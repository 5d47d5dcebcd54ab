// The table page: take a seat or watch, then the live board, log, chat, dice and presence.
import { api, loadSeat, saveSeat, forgetSeat, savedName, saveName, newId } from "./api.js";
import { TableSocket } from "./socket.js";
import { makeSides } from "./board/pieces.js";
import { panelBoard } from "./board/panel-board.js";
import { GameLog, describeEvent } from "./log.js";
import { TableChat } from "./talk.js";
import { SharedMarks } from "./marks.js";
import { renderSeatButtons, mountRejoin, mountInvite, showEnd } from "./seating.js";
import { DiceTray } from "./dice.js";
import { showPresence } from "./presence.js";
import { showTurn, showConnection, flash } from "./status.js";
import { mountHost } from "./host.js";
import { mountBoard } from "./table-board.js";
import { mountTools } from "./tools.js";

const config = JSON.parse(document.getElementById("table-config").textContent);
const table = config.table;
const $ = (id) => document.getElementById(id);
const seatIds = table.seats.map((s) => s.seat);
const names = new Map(table.seats.filter((s) => s.name).map((s) => [s.seat, s.name]));
const sides = makeSides(seatIds);

const HISTORY = 300; // events shown in the log when the page opens
const state = {
  me: null,
  view: null,
  socket: null,
  panel: null,
  status: table.status,
  presence: {
    seats: Object.fromEntries(table.seats.map((s) => [s.seat, s.connected ? 1 : 0])),
    spectators: table.spectators,
  },
};
const labels = new Map(); // piece id -> label, remembered so removed pieces keep their name in the log
const log = new GameLog($("log"), (e) => state.panel?.describe?.(e) || describeEvent(e, (id) => labels.get(id) || id));
const chat = new TableChat($("chat"), $("chat-form"), $("chat-text"), (text) => !!state.socket?.chat(text));
const dice = new DiceTray($("dice"), (seat) => names.get(seat) || seat);
window.warboard = state; // for debugging and the browser tests

const board = mountBoard({ table, state, sides, labels, send, $ });
const marks = new SharedMarks(board, (ruler, pointer) => state.socket?.mark(ruler, pointer));

function send(action) {
  if (!state.socket) return Promise.reject(new Error("Not connected"));
  return state.socket.act(newId(state.me.seat || "a"), action).catch((err) => {
    throw Object.assign(new Error(err.message || "Refused"), { code: err.code });
  });
}

// --- seats ----------------------------------------------------------------------------------
function showJoin(message = "") {
  $("join").hidden = false;
  $("seated").hidden = state.me?.role !== "spectator";
  $("seat-title").textContent = state.me?.role === "spectator" ? "Watching · take a seat" : "Take a seat";
  if (!$("player-name").value) $("player-name").value = savedName();
  $("watch").hidden = state.me?.role === "spectator";
  renderSeats();
  $("join-error").hidden = !message;
  $("join-error").textContent = message;
  $("join-error").classList.remove("join-ask");
}

// The seat buttons follow the table live (presence carries the seat list).
function renderSeats() {
  const seats = table.seats.map((s) => ({ ...s, name: names.get(s.seat) || (s.state === "taken" ? s.name : null) }));
  renderSeatButtons($("seat-buttons"), seats, state.status, join);
}

function applySeatList(list) {
  for (const entry of list) {
    const seat = table.seats.find((s) => s.seat === entry.seat);
    if (!seat) continue;
    seat.state = entry.state;
    seat.name = entry.name;
    if (entry.state === "taken" && entry.name) names.set(entry.seat, entry.name);
    else names.delete(entry.seat);
  }
  if (!$("join").hidden) renderSeats();
  host?.render();
}

// The name field, in sight and focused, with what to do next.
function askName(message) {
  showJoin(message);
  $("join-error").classList.add("join-ask");
  // the message above the field, both in sight under a board that stays at the top of a phone
  $("player-name").focus({ preventScroll: true });
  $("player-name").scrollIntoView({ block: "end" });
}

async function join(seat) {
  const name = $("player-name").value.trim() || savedName();
  if (!name) {
    // nobody plays as "Player": the others see this name at the table and in the log
    askName(`Type your name first, then Sit at ${seat} again (the other players see it).`);
    return;
  }
  saveName(name);
  try {
    const r = await api(`/api/tables/${table.id}/join`, { method: "POST", body: { seat, name } });
    names.set(seat, name);
    state.socket?.stop();
    start({ token: r.token, role: "player", seat, name });
  } catch (err) {
    if (err.code === "seat_taken" || err.code === "seat_closed") {
      // Lost a race: say so and show the seats as they are now.
      try {
        applySeatList((await api(`/api/tables/${table.id}`)).seats);
      } catch {
        /* keep the list */
      }
      showJoin(`Seat ${seat} was just taken by someone else. Pick another seat, or keep watching.`);
    } else showJoin(err.message);
  }
}

// A seat's rejoin link (#seat=KEY) gives this browser the seat, whatever it had before, once.
async function rejoin(key) {
  history.replaceState(null, "", location.pathname + location.search);
  try {
    const r = await api(`/api/tables/${table.id}/rejoin`, { method: "POST", body: { key } });
    names.set(r.seat, r.name);
    // a link works once: the rejoin card asks for a new one for this device
    start({ token: r.token, role: "player", seat: r.seat, name: r.name });
  } catch (err) {
    const saved = loadSeat(table.id);
    if (saved?.token) start(saved);
    else await watch();
    showJoin(`This rejoin link does not work any more: ${err.message}`);
  }
}

async function watch() {
  try {
    const r = await api(`/api/tables/${table.id}/spectate`, {
      method: "POST",
      body: { name: savedName() || "spectator" },
    });
    start({ token: r.token, role: "spectator", seat: null, name: savedName() || "spectator" });
  } catch (err) {
    showJoin(err.message);
  }
}

function start(me) {
  state.me = me;
  saveSeat(table.id, me);
  if (location.search) history.replaceState(null, "", location.pathname); // ?join / ?watch done
  $("join").hidden = me.role === "player";
  $("seated").hidden = false;
  if (me.role !== "player") showJoin(notice || "");
  if (notice) flash($("board-message"), notice, 15000); // on the board too: a phone shows the panel far below
  notice = null;
  chat.setRole(me.role);
  if (me.role === "player" && !$("rejoin-card")) {
    mountRejoin(document.querySelector(".side"), table.id, me, (key) => {
      me.rejoin = key;
      saveSeat(table.id, me);
    });
  }
  document.body.classList.toggle("role-spectator", me.role !== "player");
  document.body.classList.toggle("role-player", me.role === "player");
  $("seat-title").textContent = me.role === "player" ? "Your seat" : "Watching";
  $("seated-text").textContent =
    me.role === "player" ? `You play ${me.seat} as ${me.name}.` : "You are watching; you cannot act.";
  $("me").textContent = me.role === "player" ? `You: ${me.seat}` : "Spectator";
  $("leave").textContent = me.role === "player" ? "Forget this seat on this browser" : "Stop watching";
  connect();
}

function connect() {
  state.socket = new TableSocket(table.id, state.me.token, {
    status: (s, detail, reason) => {
      showConnection($("conn"), s, detail);
      if (s === "refused") seatLost(detail, reason);
    },
    // In order, each after the one before: an update that arrives while the welcome still mounts
    // the game panel (or fills the log) reaches the panel's describer and board too.
    welcome: (m, before) => inOrder(() => onWelcome(m, before)),
    update: (m) =>
      inOrder(() => {
        for (const e of m.events) onEvent(e);
        render(m.view);
      }),
    presence: (m) => {
      state.presence = m;
      if (m.seat_list) applySeatList(m.seat_list);
      renderPresence();
    },
    chat: (m) => chat.addMessage(m),
    chatHistory: (m) => chat.history(m.lines),
    mark: (m) => marks.show(m),
    settings: (s) => {
      state.settings = s;
      host?.settings(s);
      renderEnd();
      showDelay();
    },
    rematch: (m) => {
      state.settings = { ...(state.settings || {}), rematch_id: m.table };
      renderEnd();
    },
    error: (err) => flash($("board-message"), err.message, 6000),
  });
  state.socket.connect();
}

let notice = null;

// This device's token no longer holds its seat: say why, and watch the table from here (the
// page starts again as a spectator's, with the notice kept across the reload).
function seatLost(code, reason) {
  const player = state.me?.role === "player";
  forgetSeat(table.id);
  state.socket?.stop();
  state.socket = null;
  let notice = "Your seat here is no longer valid. You are watching; take a free seat or open a rejoin link.";
  if (code === 4001 && /another device/.test(reason || ""))
    notice =
      "This seat is now open on another device. To play it here again, open the rejoin link that device shows " +
      "(its “Your seat on any device” card) on this one. Meanwhile you are watching.";
  else if (code === 4001) notice = "The host removed you from this seat. You are watching; take a free seat to play.";
  if (!player) notice = "This table no longer takes this browser's token. You are watching it afresh.";
  sessionStorage.setItem(`warboard:notice:${table.id}`, notice);
  location.reload();
}

let pending = Promise.resolve();
function inOrder(step) {
  pending = pending.then(step).catch((err) => console.error("table message failed", err));
}

async function onWelcome(m, before) {
  render(m.view);
  // A panel mounted for the other role (a watcher who took a seat) is rebuilt with a fresh page.
  if (state.panel && state.panelRole !== m.role) {
    location.reload();
    return;
  }
  if (!state.panel && config.panel) await mountPanel(m.role);
  // Fill the log with what this page has not seen (the recent past on load, the gap after a reconnect).
  let after = before < 0 ? Math.max(-1, m.seq - HISTORY) : before;
  while (after < m.seq) {
    let page;
    try {
      page = await api(`/api/tables/${table.id}/events?after=${after}`, { token: state.me.token });
    } catch {
      break;
    }
    if (!page.events.length) break;
    for (const e of page.events) if (e.seq <= m.seq) onEvent(e);
    after = page.seq;
  }
}

function onEvent(e) {
  if (e.kind === "token_added" && e.token?.id) labels.set(e.token.id, e.token.label || e.token.id);
  if (e.kind === "seat_joined") names.set(e.seat_id, e.name);
  if (e.kind === "seat_kicked") names.delete(e.seat_id);
  log.addEvent(e);
  dice.add(e);
  if (e.kind === "seat_kicked" || e.kind === "seat_reopened") {
    const seat = table.seats.find((s) => s.seat === e.seat_id);
    if (seat) seat.state = e.kind === "seat_kicked" ? "closed" : "open";
  }
  if (String(e.kind).startsWith("seat_")) {
    renderPresence();
    host?.render();
  }
}

function render(view) {
  state.view = view;
  state.status = view._table?.status || "open";
  for (const p of view.pieces || []) if (p.label) labels.set(p.id, p.label);
  const extra = state.panel?.boardData?.(view) || {};
  board.set({
    board: view.board || { kind: "tabletop", width: 24, height: 24 },
    pieces: extra.pieces || view.pieces || [],
    legend: extra.legend ?? null,
    clock: extra.clock ?? null,
    flip: !!extra.flip,
  });
  showTurn($("turn"), view, state.me);
  const mine = state.me?.seat && (view.turn?.active || []).includes(state.me.seat);
  document.title = `${mine ? "\u25B6 Your turn \u00B7 " : ""}${table.name} \u00B7 Warboard`;
  renderPresence();
  renderEnd();
  state.panel?.update?.(view);
}

// Spectators are told when they see the table behind the players.
function showDelay() {
  if (state.me?.role !== "spectator") return;
  const s = state.settings || {};
  const behind = s.delay_actions ? `${s.delay_actions} actions` : s.delay_seconds ? `${s.delay_seconds} seconds` : "";
  $("seated-text").textContent =
    `You are watching; you cannot act.${behind ? ` The game is shown ${behind} behind the players while it lasts.` : ""}`;
}

// The end of the game: the result above the board, with the next steps.
function renderEnd() {
  if (!state.view) return;
  showEnd(document.querySelector(".board-area"), {
    tableId: table.id,
    status: state.status,
    outcome: state.view._table?.outcome,
    names,
    rematchId: state.settings?.rematch_id,
    me: state.me && { ...state.me, host: !!hostToken },
    onRematch: rematch,
  });
}

async function rematch() {
  try {
    const token = state.me?.role === "player" ? state.me.token : hostToken;
    const made = await api(`/api/tables/${table.id}/rematch`, { method: "POST", token });
    if (made.host_token) localStorage.setItem(`warboard:host:${made.table}`, made.host_token);
    if (state.me?.role === "player") {
      const seat = await api(`/api/tables/${table.id}/rematch/claim`, { method: "POST", token: state.me.token });
      saveSeat(made.table, { token: seat.token, role: "player", seat: seat.seat, name: seat.name });
    }
    location.assign(`/tables/${made.table}`);
  } catch (err) {
    flash($("board-message"), err.message, 6000);
  }
}

function renderPresence() {
  showPresence($("presence"), seatIds, names, state.presence, sides, state.view?.turn?.active || []);
  const n = state.presence?.spectators || 0;
  $("spectators").textContent = `${n} watching`;
}

// Players get the system's controls (mount); spectators get its read-only display (watch), if the
// system offers one: the same panel with seat null, which shows what a watcher may see.
async function mountPanel(role) {
  try {
    const module = await import(config.panel);
    const entry = role === "player" ? module.mount : module.watch;
    if (!entry) return;
    const container = $("system-panel");
    state.panelRole = role;
    container.classList.toggle("controls", role === "player");
    container.setAttribute("aria-label", role === "player" ? "Game controls" : "Game");
    // Panels get the board's panel API, never the Board itself.
    const panelApi = panelBoard(board, table.system || "panel");
    state.panel =
      entry({
        container,
        table,
        seat: role === "player" ? state.me.seat : null,
        board: panelApi,
        names,
        view: () => state.view,
        send: role === "player" ? send : () => Promise.reject(new Error("Spectators cannot act")),
        selected: () => (board.selected ? board.pieces.get(board.selected)?.piece : null),
        message: (text) => flash($("board-message"), text, 6000),
      }) || {};
    container.hidden = false;
    if (state.view) render(state.view);
  } catch (err) {
    console.error("system panel failed to load", err);
  }
}

// --- page controls --------------------------------------------------------------------------
mountTools(board, marks, $);
$("watch").addEventListener("click", watch);
$("leave").addEventListener("click", () => {
  state.socket?.stop();
  state.socket = null;
  state.me = null;
  forgetSeat(table.id);
  document.body.classList.remove("role-spectator", "role-player");
  showConnection($("conn"), "idle");
  showJoin();
});
$("copy-link").addEventListener("click", async () => {
  const input = $("share-link");
  try {
    await navigator.clipboard.writeText(input.value);
    $("copy-link").textContent = "Copied";
  } catch {
    input.select();
  }
});
window.addEventListener("online", () => state.socket?.retryNow());

// --- start ----------------------------------------------------------------------------------
const hostMatch = location.hash.match(/host=([^&]+)/);
// the table's creator, seated by the lobby's form: the seat's token rides in the fragment too
const created = location.hash.match(/player=([^&]+)&as=([^&]+)/);
if (hostMatch) {
  localStorage.setItem(`warboard:host:${table.id}`, decodeURIComponent(hostMatch[1]));
  history.replaceState(null, "", location.pathname + location.search);
}
const hostToken = localStorage.getItem(`warboard:host:${table.id}`);
const host = hostToken
  ? mountHost(
      $("host-panel"),
      table,
      hostToken,
      names,
      (t) => flash($("board-message"), t, 6000),
      () => state.me?.seat,
    )
  : null;
mountInvite(document.querySelector(".side"), table.id);
renderPresence();
const params = new URLSearchParams(location.search);
const saved = loadSeat(table.id);
notice = sessionStorage.getItem(`warboard:notice:${table.id}`); // why this page watches now (seatLost)
sessionStorage.removeItem(`warboard:notice:${table.id}`);
const seatKey = location.hash.match(/seat=([^&]+)/);
if (seatKey) {
  rejoin(decodeURIComponent(seatKey[1]));
} else if (created) {
  const seat = decodeURIComponent(created[2]);
  start({ token: decodeURIComponent(created[1]), role: "player", seat, name: names.get(seat) || savedName() });
} else if (saved?.token && !notice) {
  start(saved); // (after a lost seat the page watches, whatever this browser still keeps)
} else if (params.get("seat") || params.get("join")) {
  const free = table.seats.find((s) => s.state === "open" && !names.has(s.seat));
  const wanted = params.get("seat") || free?.seat;
  if (wanted && savedName()) {
    $("player-name").value = savedName();
    join(wanted);
  } else if (wanted) {
    // an invitation to play, from someone with no name here yet: watch, and ask for the name
    watch().then(() =>
      askName("You are invited to play: type your name and pick a seat, or just watch the table as it is now."),
    );
  } else watch().then(() => showJoin("Every seat is taken; you are watching."));
} else {
  watch(); // everyone sees the live board at once, as a spectator; a seat is one click away
}
