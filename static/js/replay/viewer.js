// The replay viewer, on the replay page (answers from the server) and in a shared game's file
// (answers from the file itself): a scrubber over seq that shows the board as a spectator saw
// it, the log and dice up to that point, the list of rounds and turns beside the board (a click
// jumps there), keys (Left/Right step, PageUp/PageDown or [ and ] jump by turn, with Shift by
// round, Home/End), the seq in the page's address (?seq=N, or #seq=N in a file), marks along
// the scrubber (`markSeqs`), and "Save picture" of the board.
//
// source: {fetchSeq(seq) -> {seq, state_seq, last, view, events}, turns(upto) -> {seq, turns},
//          refreshLast?() -> the latest seq, address: "search"|"hash"}
import { Board } from "../board/board.js";
import { makeSides } from "../board/pieces.js";
import { GameLog } from "../log.js";
import { DiceTray } from "../dice.js";
import { showDetails } from "../details.js";
import { newGame, loadGame, boardOf, describeWith } from "../game.js";
import { seatText, setSeatLabels } from "../words.js";
import { mountCoordinates } from "../board/coords.js";
import { takebackText } from "../takeback.js";
import { markSeqs } from "./marks.js";
import { boardPicture, pictureName, saveFile } from "./picture.js";
import { jumpTarget, roundStarts, roundTitle, seqFromSearch, turnIndexAt, turnTitle } from "./turns.js";

const $ = (id) => document.getElementById(id);
const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);

export function startReplay(config, source) {
  const table = config.table;
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
  let turns = [];
  let turnsUpto = -1;
  let hasRounds = false;

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
      const r = await source.fetchSeq(seq);
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
      followAddress(r.seq);
      await showTurn(r.seq);
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

  // --- the address follows the scrubber ---------------------------------------------------
  function startSeq() {
    const hash = location.hash.startsWith("#") ? `?${location.hash.slice(1)}` : "";
    return seqFromSearch(location.search) ?? seqFromSearch(hash);
  }

  function followAddress(seq) {
    const url = new URL(location.href);
    if (source.address === "hash") url.hash = `seq=${seq}`;
    else url.searchParams.set("seq", String(seq));
    try {
      history.replaceState(null, "", url);
    } catch {
      /* a page that may not change its address keeps it */
    }
  }

  // --- rounds and turns -----------------------------------------------------------------
  async function loadTurns() {
    try {
      const r = await source.turns(last);
      turns = r.turns;
      turnsUpto = r.seq;
    } catch {
      return; /* the list waits for the next try; the scrubber works without it */
    }
    hasRounds = turns.some((t) => t.round !== null && t.round !== undefined);
    const list = $("turns");
    list.replaceChildren();
    for (const [i, t] of turns.entries()) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "turn-entry";
      b.dataset.index = String(i);
      const title = document.createElement("strong");
      title.textContent = turnTitle(t, hasRounds, (s) => seatText(s, names));
      const what = document.createElement("span");
      what.className = "muted small";
      what.textContent = t.summary;
      b.append(title, what);
      b.addEventListener("click", () => {
        setPlaying(false);
        go(t.seq_from);
      });
      li.append(b);
      list.append(li);
    }
    const rounds = $("round-jump");
    rounds.replaceChildren(new Option("Jump to a round\u2026", ""));
    for (const t of roundStarts(turns)) {
      rounds.append(new Option(roundTitle(t, hasRounds) || `Turn ${t.turn}`, String(t.seq_from)));
    }
    $("turns-empty").hidden = turns.length > 0;
    await showTurn(shown);
  }

  async function showTurn(seq) {
    if (turnsUpto < last && !timer) await loadTurns();
    const index = turnIndexAt(turns, seq);
    for (const b of $("turns").querySelectorAll("button.turn-entry")) {
      const on = Number(b.dataset.index) === index;
      b.classList.toggle("current", on);
      if (on) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
      if (on && !b.closest("details:not([open])")) b.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
    const now = turns[index];
    $("turn-now").textContent = now ? turnTitle(now, hasRounds, (s) => seatText(s, names)) : "";
  }

  function jump(dir, by) {
    setPlaying(false);
    const target = jumpTarget(turns, Number(scrubber.value), dir, by);
    go(target ?? (dir > 0 ? last : 0));
  }

  // --- playing and keys ---------------------------------------------------------------------
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

  const step = (by) => {
    setPlaying(false);
    go(Number(scrubber.value) + by);
  };
  const KEYS = {
    ArrowLeft: () => step(-1),
    ArrowRight: () => step(1),
    PageUp: (e) => jump(-1, e.shiftKey ? "round" : "turn"),
    PageDown: (e) => jump(1, e.shiftKey ? "round" : "turn"),
    "[": () => jump(-1, "turn"),
    "]": () => jump(1, "turn"),
    "{": () => jump(-1, "round"),
    "}": () => jump(1, "round"),
    Home: () => step(-Number.MAX_SAFE_INTEGER),
    End: () => step(Number.MAX_SAFE_INTEGER),
  };
  document.addEventListener("keydown", (e) => {
    const act = KEYS[e.key];
    if (!act || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const target = e.target;
    if (target !== scrubber && TYPING.has(target?.tagName)) return;
    if (target?.closest?.("#board") && e.key.startsWith("Arrow")) return; // the board pans with arrows
    e.preventDefault();
    act(e);
  });

  scrubber.addEventListener("input", () => show(Number(scrubber.value)));
  $("step-back").addEventListener("click", () => step(-1));
  $("step-forward").addEventListener("click", () => step(1));
  $("prev-turn").addEventListener("click", () => jump(-1, "turn"));
  $("next-turn").addEventListener("click", () => jump(1, "turn"));
  $("play").addEventListener("click", () => setPlaying(timer === null));
  $("zoom-fit").addEventListener("click", () => board.panZoom.fit());
  $("round-jump").addEventListener("change", (e) => {
    if (e.target.value === "") return;
    setPlaying(false);
    go(Number(e.target.value));
    e.target.value = "";
  });
  $("save-picture").addEventListener("click", () => {
    const text = boardPicture($("board"), board.grid.bounds);
    saveFile(text, pictureName(`${table.name} ${shown}`));
  });
  const turnsCard = $("turns-card");
  if (turnsCard && globalThis.matchMedia?.("(min-width: 900px)").matches) turnsCard.open = true;

  // A live table grows: extend the scrubber to the present now and then.
  if (source.refreshLast) {
    setInterval(async () => {
      const now = await source.refreshLast();
      if (now === null || now <= last) return;
      const atEnd = Number(scrubber.value) === last;
      last = now;
      scrubber.max = String(last);
      if (atEnd && !timer) go(last);
      else $("seq-out").textContent = `${scrubber.value} / ${last}`;
    }, 5000);
  }

  const viewer = {
    go,
    /** Mark `seqs` (numbers, or {seq, label}) along the scrubber; how many were drawn. */
    markSeqs: (seqs, options = {}) => markSeqs($("scrubber-wrap"), seqs, last, { go, ...options }),
  };
  loadGame(game, config.panel).then(() => {
    if (game.view) document.body.classList.add(`${table.system}-replay`);
    go(startSeq() ?? last);
  });
  return viewer;
}
