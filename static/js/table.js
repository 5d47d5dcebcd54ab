// The table page: take a seat or watch, then the live board, log, chat, dice and presence.
// An update goes one way: its events to the log, then its view to the game's panel and, with
// what the panel set, to the board in one board.set.
import { api, loadSeat, saveSeat, forgetSeat, savedName, newId } from "./api.js";
import { TableSocket } from "./socket.js";
import { makeSides } from "./board/pieces.js";
import { GameLog, announce } from "./log.js";
import { mountKeyboard, turnStarted } from "./keyboard.js";
import { TableChat } from "./talk.js";
import { SharedMarks } from "./marks.js";
import { mountRejoin, mountInvite, showEnd } from "./seating.js";
import { DiceTray } from "./dice.js";
import { showPresence } from "./presence.js";
import { showTurn, showConnection, flash, promptText } from "./status.js";
import { TurnAlerts, alertFor } from "./alerts.js";
import { mountPings, showOthersPing } from "./ping.js";
import { markLastAction, isAction } from "./last-action.js";
import { AwayList } from "./away.js";
import { Takebacks } from "./takeback.js";
import { Clocks } from "./clock.js";
import { showDetails } from "./details.js";
import { mountHost } from "./host.js";
import { mountBoard } from "./table-board.js";
import { mountTools } from "./tools.js";
import { newGame, loadGame, boardOf, describeWith } from "./game.js";
import { panelSlot, mountPanel, unmountPanel, panelFrame } from "./panel-host.js";
import { showJoin, applySeatList, askName, join, rejoin, watch, lostSeatNotice } from "./table-seats.js";
import { seatLabel, seatText, setSeatLabels } from "./words.js";
import { PassPlay } from "./pass-play.js";
import { mountRules } from "./table-rules.js";
import { takeFragment, rulingOf } from "./table-entry.js";
import { keepReminding } from "./reminder.js";

const config = JSON.parse(document.getElementById("table-config").textContent);
const table = config.table;
const $ = (id) => document.getElementById(id);
setSeatLabels(table.seats);
const seatIds = table.seats.map((s) => s.seat);
const names = new Map(table.seats.filter((s) => s.name).map((s) => [s.seat, s.name]));
const sides = makeSides(seatIds);

const HISTORY = 300; // events shown in the log when the page opens
const state = {
  me: null,
  view: null,
  socket: null,
  viewer: null, // the role and seat the log and dice were filled for
  myTurn: false, // this seat is to act (the focus goes to the main action when it becomes so)
  status: table.status,
  presence: {
    seats: Object.fromEntries(table.seats.map((s) => [s.seat, s.connected ? 1 : 0])),
    spectators: table.spectators,
  },
};
const game = newGame();
const gameReady = loadGame(game, config.panel);
const slot = panelSlot(game, $("system-panel"), $("piece-menu"));
const takebackPage = { tableId: table.id, names, me: () => state.me, send: (a) => send(a), message: (t) => message(t) };
const takebacks = new Takebacks(takebackPage, document.querySelector(".board-area .toolbar"), $("board").parentElement);
const clockPage = {
  tableId: table.id,
  names: (seat) => seatText(seat, names),
  me: () => state.me,
  send: (a) => send(a).catch((err) => message(err.message)),
};
const clocks = new Clocks(clockPage, $("clocks"));
const describe = takebacks.wrap((e) => slot.panel?.describe?.(e) || describeWith(game, e, state.view, names));
const log = new GameLog($("log"), describe);
const away = new AwayList($("away"), describe, () => state.me?.seat || null);
document.addEventListener("visibilitychange", () => (document.hidden ? away.leave() : away.back()));
const chat = new TableChat($("chat"), $("chat-form"), $("chat-text"), (text) => !!state.socket?.chat(text));
const dice = new DiceTray($("dice"), (seat) => seatText(seat, names));
window.warboard = state; // for debugging and the browser tests
const alerts = new TurnAlerts({
  tableName: table.name,
  turnSound: $("sound-turn"),
  moveSound: $("sound-move"),
  icon: $("tab-icon"),
  turnIcon: $("tab-icon").dataset.turn,
  soundsBox: $("alert-sounds"),
  notifyButton: $("alert-notify"),
  notifyState: $("alert-notify-state"),
});

const message = (text) => flash($("board-message"), text, 6000);
// The rules panel, and a guided game's hints (issue 29); a refusal offers the rule behind it.
const { guide, why } = mountRules(table, () => (state.me?.role === "player" ? state.me.token : null), $);
const preview = (action) =>
  api(`/api/tables/${table.id}/preview`, { method: "POST", token: state.me?.token, body: { id: newId("p"), action } });
const board = mountBoard({ state, slot, sides, send, preview, describe, why, $ });
const marks = new SharedMarks(board, (ruler, pointer, ping) => state.socket?.mark(ruler, pointer, ping));
// what the seat card and the game panel need of the page
const page = { table, names, state, $, start, host: null, board, view: () => state.view, send, preview, message, why };
const passPlay = new PassPlay(page); // several seats of this table on this device

function send(action) {
  if (!state.socket) return Promise.reject(new Error("Not connected"));
  away.close();
  return state.socket.act(newId(state.me.seat || "a"), action, state.me.seat).catch((err) => {
    if (err.code === "unknown_table") tableGone();
    throw Object.assign(new Error(err.message || "Refused"), { code: err.code });
  });
}

let notice = null; // why this page watches now (a lost seat), said once the spectator's seat is taken

function start(me) {
  state.me = me;
  saveSeat(table.id, me);
  if (location.search) history.replaceState(null, "", location.pathname); // ?join / ?watch done
  $("join").hidden = me.role === "player";
  $("seated").hidden = false;
  if (me.role !== "player") showJoin(page, notice || "");
  if (notice) flash($("board-message"), notice, 15000); // on the board too: a phone shows the panel far below
  notice = null;
  chat.setRole(me.role);
  if (me.role === "player" && !$("sit-another")) passPlay.mountSeatCard($("seated"));
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
    me.role === "player" ? `You play ${seatLabel(me.seat)} as ${me.name}.` : "You are watching; you cannot act.";
  $("me").textContent = me.role === "player" ? `You: ${seatText(me.seat, names)}` : "Spectator";
  $("leave").textContent = me.role === "player" ? "Forget this seat on this browser" : "Stop watching";
  renderTurn();
  connect();
}

function connect() {
  const socket = new TableSocket(table.id, state.me.token, {
    status: (s, detail, reason) => {
      if (state.socket !== socket) return;
      if (s === "refused" && detail === 4404) return tableGone();
      showConnection($("conn"), s, detail);
      if (s === "refused") seatLost(detail, reason);
      if (s === "reconnecting" || s === "offline") away.leave();
    },
    // In order, each after the one before: an update that arrives while the welcome still mounts
    // the game panel (or fills the log) reaches the panel's describer and board too.
    welcome: (m, before) => inOrder(socket, () => onWelcome(m, before)),
    update: (m) =>
      inOrder(socket, () => {
        const wasMine = state.myTurn;
        const before = board.positions();
        for (const e of m.events) onEvent(e, true);
        announce($("log-live"), m.events, state.me?.role === "player" ? state.me.seat : null, (e) => log.line(e));
        render(m.view);
        guide.refresh(m.seq);
        if (isAction(m.events)) markLastAction(board, before, m.events, sides, !game.view?.drawsAttacks);
        const alert = alertFor(wasMine, state.myTurn, m.events, state.me?.seat);
        if (alert === "turn") alerts.yourTurn(promptText(m.view));
        else if (alert === "other") alerts.othersActed();
        passPlay.afterUpdate(m.view); // the turn passed to another seat of this device: the cover
      }),
    presence: (m) => {
      state.presence = m;
      if (m.seat_list) applySeatList(page, m.seat_list);
      renderPresence();
    },
    chat: (m) => chat.addMessage(m),
    chatHistory: (m) => chat.history(m.lines),
    mark: (m) => marks.show(m),
    settings: (s) => {
      state.settings = s;
      page.host?.settings(s);
      guide.settings(s);
      takebacks.refresh();
      renderEnd();
      showDelay();
    },
    rematch: (m) => {
      state.settings = { ...(state.settings || {}), rematch_id: m.table };
      renderEnd();
    },
    error: (err) => {
      if (err.code === "unknown_table") tableGone();
      message(err.message);
      why(err.code);
    },
  });
  state.socket = socket;
  socket.connect();
}

// The table itself is gone (removed by the server's operator): the page says so as a newcomer
// would find it (the server's "No such table" page, with the way back to the lobby).
function tableGone() {
  state.socket?.stop();
  state.socket = null;
  location.reload();
}

// This device's token no longer holds its seat: say why, take the seat's panel down and watch
// the table from here (whatever this browser still keeps).
function seatLost(code, reason) {
  notice = lostSeatNotice(code, reason, state.me?.role === "player");
  forgetSeat(table.id, state.me?.role === "player" ? state.me.seat : null);
  state.socket?.stop();
  state.socket = null;
  unmountPanel(slot);
  $("rejoin-card")?.remove();
  watch(page);
}

// Let the browser paint and answer input before going on.
const nextTask = () =>
  globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));

let pending = Promise.resolve();
function inOrder(socket, step) {
  pending = pending
    .then(() => (state.socket === socket ? step() : undefined))
    .catch((err) => console.error("table message failed", err));
}

async function onWelcome(m, before) {
  await gameReady;
  // Another role or seat than the log was filled for (a watcher who sat, a lost seat): the log
  // and dice start again as this viewer sees them, and the panel is mounted for it.
  const viewer = `${m.role}:${state.me.seat || ""}`;
  if (state.viewer && state.viewer !== viewer) {
    log.clear();
    dice.clear();
  }
  state.viewer = viewer;
  if (config.panel) mountPanel(slot, page, m.role, state.me.seat);
  // The panel's own page first, then (a task later: no long block of the page) the board and
  // the headers, and the panels shown together.
  state.view = m.view;
  const frame = panelFrame(slot, m.view);
  await nextTask();
  render(m.view, frame);
  guide.refresh(m.seq);
  document.body.classList.remove("loading"); // the panels, filled, shown at once: nothing shifts
  // Fill the log with what this page has not seen (the recent past on load, the gap after a reconnect).
  let after = before < 0 ? Math.max(-1, m.seq - HISTORY) : before;
  while (after < m.seq) {
    let events;
    try {
      events = await api(`/api/tables/${table.id}/events?after=${after}`, { token: state.me.token });
    } catch {
      break;
    }
    if (!events.events.length) break;
    for (const e of events.events) if (e.seq <= m.seq) onEvent(e);
    after = events.seq;
  }
  if (!document.hidden) away.back(); // a connection back: what the others did meanwhile
}

// `live`: it happened just now (not the history the page opened with): its dice roll in the tray.
function onEvent(e, live = false) {
  if (e.kind === "seat_joined") names.set(e.seat_id, e.name);
  if (e.kind === "seat_kicked") names.delete(e.seat_id);
  takebacks.remember(e);
  log.addEvent(e);
  takebacks.mark($("log"));
  dice.add(e, live);
  away.note(e);
  if (e.kind === "seat_kicked" || e.kind === "seat_reopened") {
    const seat = table.seats.find((s) => s.seat === e.seat_id);
    if (seat) seat.state = e.kind === "seat_kicked" ? "closed" : "open";
  }
  if (String(e.kind).startsWith("seat_")) {
    renderPresence();
    page.host?.render();
  }
}

// `frame`: the panel's part, when it was run already.
function render(view, ran = null) {
  state.view = view;
  state.status = view._table?.status || "open";
  const frame = ran || panelFrame(slot, view);
  board.set({ ...boardOf(game, view, names), ...frame, flip: !!frame.flip });
  const selected = board.selectedPiece();
  if (selected) showDetails($("details"), selected, sides);
  renderTurn();
  renderPresence();
  renderEnd();
  takebacks.render(view);
  clocks.render(view);
  page.host?.clock(view._table);
}

function renderTurn() {
  const view = state.view;
  if (!view) return;
  showTurn($("turn"), view, state.me, names);
  const mine = !!state.me?.seat && (view.turn?.active || []).includes(state.me.seat) && state.status === "open";
  if (mine && !state.myTurn) turnStarted(); // the focus to the main action (not from a field being typed in)
  state.myTurn = mine;
  alerts.mark(mine);
  document.title = `${mine ? "\u25B6 Your turn \u00B7 " : ""}${table.name} \u00B7 Warboard`;
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
    message(err.message);
  }
}

function renderPresence() {
  showPresence($("presence"), seatIds, names, state.presence, sides, state.view?.turn?.active || []);
  const n = state.presence?.spectators || 0;
  $("spectators").textContent = `${n} watching`;
}

// --- page controls --------------------------------------------------------------------------
mountTools(board, marks, $);
const pingSound = () => alerts.play($("sound-ping"));
mountPings(board, marks, {
  who: () => state.me?.name || "You",
  seat: () => state.me?.seat || null,
  colour: (seat) => sides(seat).color,
  sound: pingSound,
});
marks.onPing = (m) => showOthersPing(board, m, sides(m.seat).color, pingSound);
mountKeyboard();
$("watch").addEventListener("click", () => watch(page));
$("leave").addEventListener("click", () => {
  state.socket?.stop();
  state.socket = null;
  forgetSeat(table.id, state.me?.role === "player" ? state.me.seat : null);
  state.me = null;
  document.body.classList.remove("role-spectator", "role-player");
  showConnection($("conn"), "idle");
  showJoin(page);
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
const { hostToken, created, seatKey } = takeFragment(table, names);
page.ruling = rulingOf(table, hostToken);
page.host = hostToken
  ? mountHost($("host-panel"), table, hostToken, names, message, () => state.me?.seat, { guide: !!config.guide })
  : null;
mountInvite(document.querySelector(".side"), table.id);
keepReminding(window); // a deadline by post near, at any table this browser holds a seat at
renderPresence();
const params = new URLSearchParams(location.search);
const saved = loadSeat(table.id);
if (seatKey) {
  rejoin(page, seatKey);
} else if (created) {
  const { token, seat } = created;
  start({ token, role: "player", seat, name: names.get(seat) || savedName() });
} else if (passPlay.several) {
  passPlay.cover(); // who holds the device now? nothing of any seat is opened before they tap on
} else if (saved?.token) {
  start(saved);
} else if (params.get("seat") || params.get("join")) {
  const free = table.seats.find((s) => s.state === "open" && !names.has(s.seat));
  const wanted = params.get("seat") || free?.seat;
  if (wanted && savedName()) {
    $("player-name").value = savedName();
    join(page, wanted);
  } else if (wanted) {
    // an invitation to play, from someone with no name here yet: watch, and ask for the name
    watch(page).then(() =>
      askName(page, "You are invited to play: type your name and pick a seat, or just watch the table as it is now."),
    );
  } else watch(page).then(() => showJoin(page, "Every seat is taken; you are watching."));
} else {
  watch(page); // everyone sees the live board at once, as a spectator; a seat is one click away
}
