// The reminder of a deadline by post (issue 29): while any Warboard page is open (the lobby, a
// table, Your games), when a seat this browser holds is on a correspondence clock whose deadline
// is near (Warboard default: within 12 hours, or within a quarter of the limit when that is
// shorter), the page shows a banner and, when this browser allows it, a notification. Once per
// deadline: the reminders given are remembered in this browser's local storage.
import { heldTables } from "./api.js";
import { leftText } from "./clock-words.js";
import { heldGames } from "./held.js";

const HOUR_MS = 3_600_000;
export const WINDOW_MS = 12 * HOUR_MS; // Warboard default
const KEY = "warboard:reminded"; // {"<table>:<seat>:<deadline>": when reminded (ms)}
const EVERY_MS = 5 * 60_000; // how often an open page asks again
const KEEP_MS = 40 * 86_400_000; // a reminder given is forgotten after this long

// How near a deadline is near: 12 hours, or a quarter of the limit when that is shorter.
export function windowFor(limit) {
  return Math.min(WINDOW_MS, Math.max(0, limit) / 4);
}

// The reminders due now: one per held seat on a running clock by post whose deadline is within
// its window and not reminded yet. `games`: POST /api/my-games's entries (just read: the time
// left is the server's, at its `now`); `given`: the keys reminded already. Each: {key, table, seat, name, left, deadline}.
export function dueReminders(games, given) {
  const out = [];
  for (const g of games) {
    const c = g.clock;
    if (g.error || !c || c.mode !== "correspondence" || !c.running || !c.deadline) continue;
    const left = c.left; // read moments ago: the server's figures
    if (left > windowFor(c.limit)) continue;
    const key = `${g.table}:${g.seat}:${c.deadline}`;
    if (given.has(key)) continue;
    out.push({ key, table: g.table, seat: g.seat, name: g.name, left: Math.max(0, left), deadline: c.deadline });
  }
  return out;
}

export function reminderText(r) {
  return `Your move at ${r.name}: ${leftText(r.left, "correspondence")} to play it`;
}

function readGiven(store, now) {
  try {
    const raw = JSON.parse(store.getItem(KEY) || "{}");
    return Object.fromEntries(Object.entries(raw).filter(([, at]) => now - at < KEEP_MS));
  } catch {
    return {};
  }
}

// The banner under the page's header, in the flow: it pushes the page down (on the table page the
// board area shrinks) and covers nothing (one line per reminder; each links to its table; one Dismiss).
function banner(doc, reminders) {
  let box = doc.getElementById("clock-reminder");
  if (!box) {
    box = doc.createElement("aside");
    box.id = "clock-reminder";
    box.className = "clock-reminder";
    box.setAttribute("role", "alert");
    const header = doc.querySelector("body > header.top");
    if (header) header.after(box);
    else doc.body.prepend(box);
  }
  const list = box.querySelector("ul") || box.appendChild(doc.createElement("ul"));
  for (const r of reminders) {
    const li = doc.createElement("li");
    const link = doc.createElement("a");
    link.href = `/tables/${encodeURIComponent(r.table)}`;
    link.textContent = reminderText(r);
    li.appendChild(link);
    list.appendChild(li);
  }
  if (!box.querySelector("button")) {
    const close = doc.createElement("button");
    close.type = "button";
    close.className = "small secondary";
    close.textContent = "Dismiss";
    close.addEventListener("click", () => box.remove());
    box.appendChild(close);
  }
}

function notify(win, r) {
  const N = win.Notification;
  if (N?.permission !== "granted") return;
  try {
    const note = new N(`Your move at ${r.name}`, {
      body: `${leftText(r.left, "correspondence")} to play it`,
      tag: `warboard-deadline-${r.table}-${r.seat}`,
    });
    note.onclick = () => {
      win.focus();
      win.location.assign(`/tables/${encodeURIComponent(r.table)}`);
      note.close();
    };
  } catch {
    // a browser that shows notifications only from a service worker: the banner still tells
  }
}

// Remind of what is due in `games` (already read by the page), or ask the server.
export async function remind(win = window, games = null) {
  if (!heldTables().length) return;
  const answered = games || (await heldGames().catch(() => []));
  const now = Date.now();
  const given = readGiven(win.localStorage, now);
  const due = dueReminders(answered, new Set(Object.keys(given)));
  if (!due.length) return;
  for (const r of due) given[r.key] = now;
  win.localStorage.setItem(KEY, JSON.stringify(given));
  banner(win.document, due);
  for (const r of due) notify(win, r);
}

// Keep reminding while the page is open: now, then every few minutes.
export function keepReminding(win = window) {
  const run = () => remind(win).catch(() => {});
  run();
  win.setInterval(run, EVERY_MS);
}
