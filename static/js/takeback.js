// Takebacks on the table page (docs/takeback.md): the "Take back" button, the request shown to
// the other players with Allow / Refuse (and to the asker and spectators as a notice), the log's
// lines for the takeback events, and the taken-back lines struck through.
import { api } from "./api.js";

const LAPSE_MS = 60_000; // the server lapses a request after a minute; the page hides it too
const KINDS = new Set(["takeback_asked", "takeback_allowed", "takeback_refused", "takeback_lapsed", "taken_back"]);
const REASONS = {
  nothing_to_take_back: "You have nothing to take back",
  another_seat_acted: "Another player has acted since your last action",
  dice_rolled_since: "Dice were rolled: what the dice said stays",
  revealed_since: "Something hidden was revealed since",
  takeback_off: "The host turned takebacks off",
};

// A taken-back action's line without its actor when the sentence names the asker already:
// "Ann (Player 1): added Scout" -> "added Scout" after "Ann asks to take back".
export function withoutActor(text, who) {
  if (!who || !text.startsWith(who)) return text;
  const rest = text.slice(who.length);
  const match = /^(?: \([^()]*\))?: /.exec(rest);
  return match ? rest.slice(match[0].length) : text;
}

// The log's sentence for a takeback event; ``line`` describes the taken-back action's events.
export function takebackText(e, nameOf, line) {
  const who = e.name || nameOf(e.by) || e.by || "Someone";
  const what = withoutActor(line(e.seqs || []), nameOf(e.by) || e.name);
  switch (e.kind) {
    case "takeback_asked":
      return `${who} asks to take back: ${what}`;
    case "takeback_allowed":
      return `${nameOf(e.seat_id) || e.seat_id} allows ${nameOf(e.by) || e.by} to take back: ${what}`;
    case "takeback_refused":
      return `${nameOf(e.seat_id) || e.seat_id} refused to let ${nameOf(e.by) || e.by} take back: ${what}`;
    case "takeback_lapsed":
      return `${nameOf(e.by) || e.by || "A"}'s takeback request lapsed`;
    case "taken_back":
      return `${who} took back: ${what}`;
    default:
      return null;
  }
}

export class Takebacks {
  // page: { tableId, names, me(), send(action), message(text) }; the board's toolbar (the button
  // goes there) and the element around the board (the request is shown over its foot)
  constructor(page, toolbar, wrap) {
    this.page = page;
    this.seen = new Map(); // seq -> event, for the taken-back action's line
    this.taken = new Set(); // seqs taken back
    this.describe = (e) => String(e.kind);
    this.button = document.createElement("button");
    this.button.type = "button";
    this.button.id = "takeback";
    this.button.textContent = "Take back";
    this.button.hidden = true;
    this.button.addEventListener("click", () => this.act({ kind: "takeback" }));
    toolbar.appendChild(this.button);
    this.prompt = document.createElement("div");
    this.prompt.id = "takeback-prompt";
    this.prompt.className = "takeback-prompt";
    this.prompt.setAttribute("role", "alertdialog");
    this.prompt.setAttribute("aria-label", "Takeback request");
    this.prompt.hidden = true;
    wrap.appendChild(this.prompt);
    this.shownFor = null; // the request on show (its asked_at) and when this page first saw it
    this.timer = null;
    this.asking = 0;
  }

  // The page's describer, with the takeback events' sentences (the line of the taken-back events
  // made by the describer it wraps).
  wrap(describe) {
    this.describe = describe;
    return (e) =>
      KINDS.has(e.kind)
        ? takebackText(
            e,
            (s) => this.page.names.get(s),
            (q) => this.line(q),
          )
        : describe(e);
  }

  line(seqs) {
    const parts = seqs.map((q) => this.seen.get(q)).filter(Boolean);
    return parts.length ? parts.map((e) => this.describe(e)).join("; ") : "their last action";
  }

  // Every event, in seq order, before the log shows it.
  remember(e) {
    if (!KINDS.has(e.kind) && e.kind !== "acted") this.seen.set(e.seq, e);
    if (this.seen.size > 600) this.seen.delete(this.seen.keys().next().value);
    if (e.kind === "taken_back") for (const q of e.seqs || []) this.taken.add(q);
  }

  // After the log took the events: strike the taken-back lines through.
  mark(list) {
    for (const q of this.taken) {
      const li = list.querySelector(`li[data-order="${q}"]`);
      if (li && !li.classList.contains("taken-back")) {
        li.classList.add("taken-back");
        li.title = "Taken back";
      }
    }
  }

  // Each view: the request waiting (if any), and whether this seat may take back now.
  render(view) {
    this.show(view?._table?.takeback || null, view?._table?.status || "open");
    this.refresh();
  }

  show(request, status) {
    const me = this.page.me();
    if (!request || status !== "open") {
      this.hide();
      return;
    }
    const key = `${request.asked_at}`;
    if (this.shownFor?.key !== key) {
      this.shownFor = { key, at: Date.now() };
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.hide(), LAPSE_MS);
    } else if (Date.now() - this.shownFor.at > LAPSE_MS) {
      this.hide();
      return;
    }
    const who = request.name || this.page.names.get(request.seat) || request.seat;
    const what = withoutActor(this.line(request.seqs || []), this.page.names.get(request.seat) || request.name);
    const waiting = (request.waiting || []).map((s) => this.page.names.get(s) || s).join(", ");
    const text = document.createElement("p");
    const buttons = [];
    if (me?.seat && (request.waiting || []).includes(me.seat)) {
      text.textContent = `${who} asks to take back: ${what}`;
      buttons.push(this.answer("Allow", "takeback.allow", ""), this.answer("Refuse", "takeback.refuse", "secondary"));
    } else if (me?.seat === request.seat) {
      text.textContent = `You asked to take back: ${what}. Waiting for ${waiting}.`;
    } else {
      text.textContent = `${who} asks to take back: ${what} (waiting for ${waiting})`;
    }
    this.prompt.replaceChildren(text, ...buttons);
    this.prompt.hidden = false;
  }

  answer(label, kind, className) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.className = `small ${className}`.trim();
    button.dataset.answer = kind;
    button.addEventListener("click", () => this.act({ kind }));
    return button;
  }

  hide() {
    clearTimeout(this.timer);
    this.prompt.hidden = true;
    this.prompt.replaceChildren();
  }

  async act(action) {
    try {
      await this.page.send(action);
    } catch (err) {
      this.page.message(err.message);
    }
  }

  // Ask the server what this seat may take back (the button says so); the latest call wins.
  async refresh() {
    const me = this.page.me();
    if (me?.role !== "player") {
      this.button.hidden = true;
      return;
    }
    const ask = ++this.asking;
    let window;
    try {
      window = await api(`/api/tables/${this.page.tableId}/takeback`, { token: me.token });
    } catch {
      return;
    }
    if (ask !== this.asking) return;
    this.button.hidden = window.mode === "off";
    this.button.disabled = !!window.code;
    this.button.title = window.code
      ? REASONS[window.code] || "Nothing to take back"
      : window.mode === "free"
        ? "Take back your last action"
        : "Ask the other players to let you take back your last action";
  }
}
