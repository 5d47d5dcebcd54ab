// Pass and play: one device holds several seats of a table. Between turns (the seat to act is
// another seat held here) a cover fills the screen, "Hand the device to <name>", and the page
// that showed the last seat is thrown away (reloaded), so nothing of that seat's hand or
// face-down choices stays in the page; the next player's seat is opened (its own token, its own
// socket and view) only when that player taps on. A computer's or a remote player's turn passes
// with no cover. Also: "Sit another player here", which adds a seat to this device.
import { addSeat, api, forgetSeat, heldSeats } from "./api.js";
import { seatLabel } from "./words.js";
import { h } from "./dom.js";

const PAUSE = 1500; // ms: the last move's result stays in sight before the cover comes

/** The next seat to hand the device to after `view`, or null: another held seat to act while `me` is not. */
export function nextHolder(view, me, held) {
  if (me?.role !== "player" || held.length < 2) return null;
  if ((view?._table?.status || "open") !== "open") return null;
  const active = view?.turn?.active || [];
  if (active.includes(me.seat)) return null;
  return held.find((s) => s.seat !== me.seat && active.includes(s.seat)) || null;
}

export class PassPlay {
  /** @param {{table: object, names: Map<string,string>, state: object, start: (me: object) => void}} page */
  constructor(page) {
    this.page = page;
    this.handing = false;
  }

  held() {
    return heldSeats(
      this.page.table.id,
      this.page.table.seats.map((s) => s.seat),
    );
  }

  get several() {
    return this.held().length > 1;
  }

  // The cover, and the seat to open behind it once its player taps on.
  async cover() {
    const box = this.showCover("Pass and play", "Reading whose move it is…");
    const tableId = this.page.table.id;
    let toAct = [];
    try {
      const body = { seats: this.held().map(({ seat, token }) => ({ table: tableId, seat, token })) };
      const { games } = await api("/api/my-games", { method: "POST", body });
      for (const g of games) if (g.error && g.error.code !== "unknown_table") forgetSeat(tableId, g.seat);
      toAct = games.filter((g) => g.your_move).map((g) => g.seat);
    } catch {
      /* no answer: every held seat is offered */
    }
    const held = this.held();
    if (held.length === 1) return this.reveal(held[0]);
    const next = held.find((s) => toAct.includes(s.seat));
    box.replaceChildren(
      h("h1", { id: "pass-title", text: next ? `Hand the device to ${next.name}` : "Pass and play: who plays now?" }),
      h("p", {
        text: next
          ? `${next.name} plays ${seatLabel(next.seat)}. No seat's hand or hidden choice is on screen until ${next.name} taps below.`
          : "None of the seats on this device is to act now. Who looks at the table?",
      }),
      next &&
        h("button", {
          type: "button",
          id: "pass-reveal",
          text: `I am ${next.name}: show my seat`,
          onclick: () => this.reveal(next),
        }),
      h(
        "div",
        { class: "pass-others", role: "group", "aria-label": "Other seats on this device" },
        ...held
          .filter((s) => s !== next)
          .map((s) =>
            h("button", {
              type: "button",
              text: next
                ? `Not ${next.name}? Show ${s.name}'s seat (${seatLabel(s.seat)})`
                : `I am ${s.name} (${seatLabel(s.seat)})`,
              onclick: () => this.reveal(s),
            }),
          ),
      ),
    );
    (box.querySelector("#pass-reveal") || box.querySelector("button"))?.focus();
  }

  showCover(title, text) {
    document.getElementById("pass-cover")?.remove();
    for (const id of ["main", "skip"]) document.getElementById(id)?.setAttribute("inert", "");
    document.querySelector("header.top")?.setAttribute("inert", "");
    const box = h(
      "div",
      { id: "pass-cover", class: "pass-cover", role: "dialog", "aria-modal": "true", "aria-labelledby": "pass-title" },
      h("h1", { id: "pass-title", text: title }),
      h("p", { text }),
    );
    document.body.append(box);
    return box;
  }

  reveal(me) {
    document.getElementById("pass-cover")?.remove();
    document.getElementById("main")?.removeAttribute("inert");
    document.querySelector("header.top")?.removeAttribute("inert");
    this.page.start(me);
  }

  // After each update: the turn passed to another seat of this device.
  afterUpdate(view) {
    if (this.handing) return;
    const next = nextHolder(view, this.page.state.me, this.held());
    if (!next) return;
    this.handing = true;
    setTimeout(() => this.handOver(next), PAUSE);
  }

  // Cover now and open the page afresh (behind the cover, nothing of the seat just played).
  handOver(next = null) {
    this.handing = true;
    this.page.state.socket?.stop();
    this.page.state.socket = null;
    this.showCover(next ? `Hand the device to ${next.name}` : "Pass and play", "One moment…");
    location.reload();
  }

  // The seat card's "Sit another player here" (a free seat, the name asked) and "Hand over".
  mountSeatCard(card) {
    const box = h("details", { class: "sit-another", id: "sit-another" });
    const name = h("input", { id: "other-name", maxlength: "80", autocomplete: "off" });
    const buttons = h("div", { class: "seat-buttons", role: "group", "aria-label": "Free seats for another player" });
    const error = h("p", { class: "error", role: "alert", hidden: "" });
    const handOver = h("button", {
      type: "button",
      id: "hand-over",
      class: "secondary small",
      text: "Hand the device to another player",
      onclick: () => this.handOver(),
    });
    const render = () => {
      const free = this.page.table.seats.filter((s) => s.state === "open" && !this.page.names.get(s.seat));
      buttons.replaceChildren(
        ...free.map((s) =>
          h("button", {
            type: "button",
            text: `Sit them at ${seatLabel(s.seat)}`,
            onclick: () => this.sit(s.seat, name, error),
          }),
        ),
      );
      if (!free.length) buttons.append(h("p", { class: "muted small", text: "Every seat is taken." }));
      handOver.hidden = !this.several;
    };
    box.addEventListener("toggle", render);
    box.append(
      h("summary", { text: "Sit another player here (pass and play)" }),
      h("p", {
        class: "small muted",
        text: "Share this device: between turns a cover hides every hand and face-down choice until the next player taps.",
      }),
      h("div", { class: "field" }, h("label", { for: "other-name", text: "Their name" }), name),
      buttons,
      error,
    );
    card.append(box, handOver);
    render();
    return render;
  }

  async sit(seat, field, error) {
    const name = field.value.trim();
    error.hidden = true;
    if (!name) {
      error.textContent = `Type the other player's name first, then sit them at ${seatLabel(seat)}.`;
      error.hidden = false;
      field.focus();
      return;
    }
    try {
      const r = await api(`/api/tables/${this.page.table.id}/join`, { method: "POST", body: { seat, name } });
      addSeat(this.page.table.id, { token: r.token, role: "player", seat, name });
      this.handOver();
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
    }
  }
}
