// The "Your games" page: every table where this browser holds a seat (kept in this browser's
// local storage; nothing is an account), newest activity first, the ones where it is your move
// marked in words, each with the time its seat has left on the table's clock, each opening the
// table at your seat. Asked again every 30 s and on return; the times count down in between.
import { forgetSeat } from "./api.js";
import { leftText } from "./clock-words.js";
import { byTable, heldGames, waiting, waitingText } from "./held.js";
import { remind, windowFor } from "./reminder.js";
import { ago } from "./words.js";
import { h } from "./dom.js";

const REFRESH = 30000;

const seatText = (s) => `${s.seat_label} (${s.player})`;
const listed = (items) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

// "Your move", "Game over: you won", "Waiting for the other players"... in words, never colour alone.
export function stateText(t) {
  if (t.status === "closed") return "The table was closed";
  if (t.status !== "open" || t.outcome) {
    const winners = t.outcome?.winners || [];
    const mine = t.seats.filter((s) => winners.includes(s.seat));
    if (!winners.length) return "Game over: a draw";
    return mine.length ? `Game over: ${listed(mine.map(seatText))} won` : "Game over: you lost";
  }
  if (t.toAct.length) return t.seats.length > 1 ? `Your move: ${listed(t.toAct.map(seatText))}` : "Your move";
  return t.turnOrder ? "Waiting for the other players" : "No turn order: move when you like";
}

const WHEN = { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };

// A held seat's clock in words at this device's `now`: "2 days 3 h left · by Thu 4 Dec, 18:00",
// "4:12 left", "4:12 left (waiting)", "Clocks paused", "Out of time".
export function clockLine({ clock: c, read }, now = Date.now()) {
  if (c.out && !c.running) return "Out of time";
  const left = c.running && !c.paused ? c.left - Math.max(0, now - read) : c.left;
  if (c.paused) return `${leftText(left, c.mode)} (clocks paused)`;
  if (!c.running)
    return c.mode === "correspondence"
      ? "Clock by post: waiting for the others"
      : `${leftText(left, c.mode)} (waiting)`;
  if (c.mode !== "correspondence") return leftText(left, c.mode);
  const by = new Date(c.deadline - (c.now - read)).toLocaleString([], WHEN);
  return `${leftText(left, c.mode)} · by ${by}`;
}

function isLow({ clock: c, read }, now = Date.now()) {
  const left = c.left - Math.max(0, now - read);
  return c.running && !c.paused && (c.mode === "correspondence" ? left <= windowFor(c.limit) : left < 30_000);
}

const ticking = new Set(); // the clock lines on the page: [element, entry]

function clockLines(t) {
  return t.clocks.map((entry) => {
    const p = h("p", { class: "my-game-clock small" });
    const draw = () => {
      const who = t.seats.length > 1 ? `${entry.seat.seat_label}'s clock: ` : "Your clock: ";
      p.textContent = `${who}${clockLine(entry)}${isLow(entry) ? " (low time)" : ""}`;
      p.classList.toggle("low", isLow(entry));
    };
    draw();
    ticking.add(draw);
    return p;
  });
}

function row(t) {
  const mine = t.toAct.length > 0;
  const li = h("li", { class: `my-game${mine ? " your-move" : ""}`, "data-table": t.table });
  if (!t.seats.length) {
    const why = t.lost[0]?.error?.message || "";
    li.append(
      h("p", { class: "my-game-name", text: `Table ${t.table}` }),
      h("p", { class: "muted small", text: `This browser no longer holds a seat here. ${why}` }),
      h("button", {
        type: "button",
        class: "small secondary",
        text: "Forget it",
        onclick: () => {
          for (const g of t.lost) forgetSeat(t.table, g.seat);
          li.remove();
        },
      }),
    );
    return li;
  }
  const time = h("time", { datetime: t.lastActivity, text: ago(Date.now() - Date.parse(t.lastActivity)) });
  const who =
    t.seats.length > 1
      ? `On this device (pass and play): ${listed(t.seats.map(seatText))}`
      : `You play ${t.seats[0].seat_label} as ${t.seats[0].player}`;
  li.append(
    h(
      "div",
      { class: "my-game-head" },
      h("a", { class: "my-game-name", href: `/tables/${t.table}`, text: t.name }),
      h("span", { class: "muted", text: ` · ${t.systemName}` }),
    ),
    h("p", { class: "my-game-state", text: stateText(t) }),
    ...clockLines(t),
    h("p", { class: "small" }, who),
    h("p", { class: "small muted" }, "Last activity ", time),
    h("a", {
      class: `button${mine ? "" : " secondary"}`,
      href: `/tables/${t.table}`,
      text: mine ? "Play your move" : "Open at your seat",
      "aria-label": `${mine ? "Play your move at" : "Open at your seat:"} ${t.name}`,
    }),
  );
  return li;
}

async function fill(list, summary) {
  let tables;
  let games;
  try {
    games = await heldGames();
    tables = byTable(games);
  } catch (err) {
    summary.textContent = `Your games could not be read just now (${err.message}); trying again soon.`;
    return;
  }
  ticking.clear();
  list.replaceChildren(...tables.map(row));
  remind(window, games).catch(() => {}); // a deadline by post near: the banner and a notification
  const n = waiting(tables);
  summary.textContent = tables.length
    ? `${waitingText(n)} · ${tables.filter((t) => t.seats.length).length} in all`
    : "This browser holds no seat yet. Take a seat at a table in the lobby, and it is listed here.";
}

const PERMISSION_WORDS = {
  granted: "A notification reminds you when a deadline by post is near, while a Warboard page is open.",
  denied:
    "This browser blocks notifications from Warboard (its site settings can allow them); the reminder shows on the page.",
  unsupported: "This browser shows no notifications; the reminder shows on the page.",
  default: "",
};

// The button that asks this browser for notifications (a browser asks only after a click).
function askForNotifications(button, state) {
  if (!button || !state) return;
  const show = () => {
    const permission = window.Notification?.permission || "unsupported";
    button.hidden = permission !== "default";
    state.textContent = PERMISSION_WORDS[permission];
  };
  button.addEventListener("click", async () => {
    await window.Notification?.requestPermission?.();
    show();
  });
  show();
}

if (typeof document !== "undefined" && document.getElementById("my-games")) {
  const list = document.getElementById("my-games");
  const summary = document.getElementById("my-games-summary");
  fill(list, summary);
  setInterval(() => document.hidden || fill(list, summary), REFRESH);
  setInterval(() => {
    if (!document.hidden) for (const draw of ticking) draw();
  }, 1000);
  askForNotifications(document.getElementById("remind-permission"), document.getElementById("remind-state"));
  document.addEventListener("visibilitychange", () => document.hidden || fill(list, summary));
}
