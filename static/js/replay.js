// The replay page: a scrubber over seq that shows the board (as a spectator sees it) at that
// point. A game with a view part (systems/<id>.js exporting `view`) draws its own pieces,
// colours, legend and overlays and writes its own log lines, as at the table.
import { api } from "./api.js";
import { Board } from "./board/board.js";
import { makeSides } from "./board/pieces.js";
import { GameLog } from "./log.js";
import { DiceTray } from "./dice.js";
import { showDetails } from "./details.js";
import { newGame, loadGame, boardOf, describeWith } from "./game.js";
import { seatText, setSeatLabels } from "./words.js";
import { mountCoordinates } from "./board/coords.js";
import { takebackText } from "./takeback.js";

const config = JSON.parse(document.getElementById("table-config").textContent);
const table = config.table;
const $ = (id) => document.getElementById(id);
setSeatLabels(table.seats);
const sides = makeSides(table.seats.map((s) => s.seat));
const names = new Map(table.seats.filter((s) => s.name).map((s) => [s.seat, s.name]));
const game = newGame();
let shownView = null; // the view at the point shown: the log names what it holds
const log = new GameLog($("log"), (e) => describe(e));
const dice = new DiceTray($("dice"), (seat) => seatText(seat, names));
const board = new Board($("board"), { sides, legendHost: document.querySelector(".board-area .toolbar") });
mountCoordinates(document.querySelector(".board-area .toolbar"), $("board"));
board.on("select", (piece) => showDetails($("details"), piece, sides));
const scrubber = $("scrubber");
let last = Number(scrubber.max);
let shown = -1;
let loading = null;
let timer = null;
// Answers by seq: stepping back and forth, or playing again, asks the server nothing new (the
// past never changes; only `last` grows, and it is refreshed below).
const answers = new Map();
const ANSWERS_KEPT = 400;

async function fetchSeq(seq) {
  if (answers.has(seq)) return answers.get(seq);
  const r = await api(`/api/tables/${table.id}/replay?seq=${seq}`);
  if (r.seq === seq) {
    answers.set(seq, r);
    if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value);
  }
  return r;
}

const lines = new Map(); // seq -> its line, for a takeback's "took back: ..."
function describe(e) {
  if (e.kind === "seat_joined") names.set(e.seat_id, e.name);
  const line = (seqs) =>
    seqs
      .map((q) => lines.get(q))
      .filter(Boolean)
      .join("; ") || "an earlier action";
  const text = takebackText(e, (s) => names.get(s), line) ?? describeWith(game, e, shownView, names);
  lines.set(e.seq, text);
  return text;
}

// The game's view part, when it has one (loaded once; the generic board otherwise).
async function loadView() {
  await loadGame(game, config.panel);
  if (game.view) document.body.classList.add(`${table.system}-replay`);
}

function draw(view) {
  shownView = view;
  board.set({ ...boardOf(game, view), shapes: game.replay?.shapes ? game.replay.shapes(view, names) : {} });
  const selected = board.selectedPiece();
  if (selected) showDetails($("details"), selected, sides);
}

async function show(seq) {
  if (loading) {
    loading.next = seq;
    return;
  }
  loading = { next: null };
  try {
    const r = await fetchSeq(seq);
    last = Math.max(last, r.last);
    scrubber.max = String(last);
    shown = r.seq;
    draw(r.view);
    log.clear();
    dice.clear();
    for (const e of r.events) {
      const li = log.addEvent(e);
      dice.add(e);
      // Stepping goes event by event: the event at this seq is marked. Until its action's
      // last event, the board shows the state after the previous whole action (state_seq).
      if (li && e.seq === r.seq) {
        li.classList.add("current");
        li.setAttribute("aria-current", "step");
      }
    }
    $("seq-out").textContent = `${r.seq} / ${last}`;
    $("seq-out").title =
      r.state_seq === r.seq ? "After a whole action" : `Inside an action: the board shows #${r.state_seq}`;
    document.body.dataset.seq = String(r.seq);
  } finally {
    const next = loading.next;
    loading = null;
    if (next !== null && next !== shown) show(next);
  }
}

function go(seq) {
  const s = Math.max(0, Math.min(last, seq));
  scrubber.value = String(s);
  show(s);
}

function setPlaying(on) {
  clearInterval(timer);
  timer = null;
  $("play").textContent = on ? "\u25A0 Pause" : "\u25B6 Play";
  $("play").setAttribute("aria-label", on ? "Pause" : "Play");
  if (!on) return;
  if (Number(scrubber.value) >= last) go(0);
  timer = setInterval(() => {
    if (Number(scrubber.value) >= last) return setPlaying(false);
    go(Number(scrubber.value) + 1);
  }, 700);
}

scrubber.addEventListener("input", () => show(Number(scrubber.value)));
$("step-back").addEventListener("click", () => {
  setPlaying(false);
  go(Number(scrubber.value) - 1);
});
$("step-forward").addEventListener("click", () => {
  setPlaying(false);
  go(Number(scrubber.value) + 1);
});
$("play").addEventListener("click", () => setPlaying(timer === null));
$("zoom-fit").addEventListener("click", () => board.panZoom.fit());
// A live table grows: extend the scrubber to the present now and then.
setInterval(async () => {
  try {
    const t = await api(`/api/tables/${table.id}`);
    if (t.seq > last) {
      const atEnd = Number(scrubber.value) === last;
      last = t.seq;
      scrubber.max = String(last);
      if (atEnd && !timer) go(last);
      else $("seq-out").textContent = `${scrubber.value} / ${last}`;
    }
  } catch {
    /* offline: try again later */
  }
}, 5000);
loadView().then(() => go(last));
