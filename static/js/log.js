// The game log and the chat: lists of text lines (never HTML), in seq order.
import { clockText } from "./clock-words.js";
import { plainWords, seatLabel, seatText, seatsText, sentence } from "./words.js";

const MAX_LINES = 500;

// A sentence for an event of any system; a game's view part (systems/<id>/view.js) may supply a
// better one. `names` (seat -> player name) names the seats; ids never show: a seat reads as its
// label ("Ann (Northern)"), an unknown kind as its words ("Northern: token moved").
export function describeEvent(e, names) {
  const seat = (id) => seatText(id, names);
  const who = e.seat ? `${seat(e.seat)}: ` : "";
  const reason = e.reason ? ` (${plainWords(e.reason)})` : "";
  switch (e.kind) {
    case "table_created":
      return `Table created${e.name ? ` (${e.name})` : ""}`;
    case "seat_joined":
      return `${e.name || "Someone"} sat down as ${seatLabel(e.seat_id)}`;
    case "seat_kicked":
      return `The host removed the player of ${seatLabel(e.seat_id)} and closed the seat`;
    case "seat_reopened":
      return `The host reopened the seat of ${seatLabel(e.seat_id)}`;
    case "seat_link_issued":
      return `The host made a new link for ${e.name}'s seat: whoever opens it takes the seat`;
    case "seat_moved":
      return e.by === "host"
        ? `The host moved ${e.name}'s seat to a new device`
        : `${e.name} took their seat on a new device`;
    case "seat_claimed":
      return `${e.name} took their seat`;
    case "table_closed":
      return "The table was closed";
    case "clock_set":
    case "clock_pause_asked":
    case "clock_pause_allowed":
    case "clock_pause_refused":
    case "clock_paused":
    case "clock_resumed":
    case "clock_timeout":
      return clockText(e, names);
    case "game_over":
      return `Game over${e.winners?.length ? `: ${seatsText(e.winners, names)} won` : ": a draw"}${reason}`;
    default:
      // a kind no page knows a sentence for: its words, never its fields
      return `${who}${who ? plainWords(e.kind || "something happened") : sentence(plainWords(e.kind || "something happened"))}`;
  }
}

export class LineList {
  constructor(list) {
    this.list = list;
  }

  // Insert a line keeping data-order ascending; skips an order already shown.
  add(order, textContent, className = "") {
    if (order !== null && this.list.querySelector(`li[data-order="${order}"]`)) return null;
    const li = document.createElement("li");
    if (className) li.className = className;
    if (order !== null) li.dataset.order = String(order);
    li.textContent = textContent;
    let before = null;
    if (order !== null) {
      for (let node = this.list.lastElementChild; node; node = node.previousElementSibling) {
        if (Number(node.dataset.order) > order) before = node;
        else break;
      }
    }
    this.follow();
    this.list.insertBefore(li, before);
    while (this.list.children.length > MAX_LINES) this.list.firstElementChild.remove();
    return li;
  }

  // A list scrolled to its end stays at its end as lines come. Lines added together (the log's
  // history on load) measure the list once before the first and scroll once after the last,
  // not once per line (each measure would lay the page out again).
  follow() {
    if (this.sticking !== undefined) return;
    this.sticking = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 20;
    queueMicrotask(() => {
      if (this.sticking) this.list.scrollTop = this.list.scrollHeight;
      this.sticking = undefined;
    });
  }

  clear() {
    this.list.replaceChildren();
  }
}

export class GameLog extends LineList {
  constructor(list, describe = (e) => describeEvent(e)) {
    super(list);
    this.describe = describe;
  }

  addEvent(e) {
    const li = this.add(
      e.seq,
      `#${e.seq} ${this.describe(e)}`,
      `event kind-${String(e.kind).replace(/[^a-z0-9_-]/gi, "")}`,
    );
    return li;
  }

  // The line shown for an event, without its number ("" when it is not shown).
  line(e) {
    const li = this.list.querySelector(`li[data-order="${e.seq}"]`);
    return li ? li.textContent.replace(/^#\d+ /, "") : "";
  }
}

// What a screen reader hears of an update (the log's live region): the lines of the events
// another seat made (the game's own events too, when no seat of this page made the update), not
// the echo of this seat's own actions. `me` is this page's seat (null for a spectator).
export function announce(region, events, me, describe) {
  const mine = !!me && events.some((e) => e.seat === me);
  const heard = events.filter((e) => (e.seat ? e.seat !== me : !mine || e.kind === "game_over"));
  const lines = heard.map((e) => describe(e)).filter(Boolean);
  if (lines.length) region.textContent = lines.join(". ");
}

export class Chat extends LineList {
  constructor(list) {
    super(list);
    this.n = 0;
  }

  addMessage(m) {
    const who = m.seat ? `${m.from} (${seatLabel(m.seat)})` : `${m.from} (watching)`;
    const li = this.add(this.n++, "", "chat-line");
    const name = document.createElement("strong");
    name.textContent = `${who}: `;
    const body = document.createElement("span");
    body.textContent = m.text;
    li.replaceChildren(name, body);
  }
}
