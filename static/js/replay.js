// The replay page: a scrubber over seq that shows the board (as a spectator sees it) at that point.
import { api } from "./api.js";
import { Board } from "./board/board.js";
import { makeSides } from "./board/pieces.js";
import { GameLog } from "./log.js";
import { DiceTray } from "./dice.js";
import { showDetails } from "./details.js";

const config = JSON.parse(document.getElementById("table-config").textContent);
const table = config.table;
const $ = (id) => document.getElementById(id);
const sides = makeSides(table.seats.map((s) => s.seat));
const names = new Map(table.seats.filter((s) => s.name).map((s) => [s.seat, s.name]));
const log = new GameLog($("log"));
const dice = new DiceTray($("dice"), (seat) => names.get(seat) || seat);
const board = new Board($("board"), { sides, select: (piece) => showDetails($("details"), piece, sides) });
const scrubber = $("scrubber");
let last = Number(scrubber.max);
let shown = -1;
let loading = null;
let timer = null;

async function show(seq) {
  if (loading) { loading.next = seq; return; }
  loading = { next: null };
  try {
    const r = await api(`/api/tables/${table.id}/replay?seq=${seq}`);
    last = r.last;
    scrubber.max = String(last);
    shown = r.seq;
    board.render(r.view);
    log.clear();
    dice.clear();
    for (const e of r.events) { log.addEvent(e); dice.add(e); }
    $("seq-out").textContent = `${r.seq} / ${last}`;
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
$("step-back").addEventListener("click", () => { setPlaying(false); go(Number(scrubber.value) - 1); });
$("step-forward").addEventListener("click", () => { setPlaying(false); go(Number(scrubber.value) + 1); });
$("play").addEventListener("click", () => setPlaying(timer === null));
$("zoom-fit").addEventListener("click", () => board.panZoom.fit());
// A live table grows: extend the scrubber to the present now and then.
setInterval(async () => {
  try {
    const t = await api(`/api/tables/${table.id}`);
    if (t.seq > last) { const atEnd = Number(scrubber.value) === last; last = t.seq; scrubber.max = String(last); if (atEnd && !timer) go(last); else $("seq-out").textContent = `${scrubber.value} / ${last}`; }
  } catch { /* offline: try again later */ }
}, 5000);
go(last);
