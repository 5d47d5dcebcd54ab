// "While you were away": a player who comes back to the tab, or whose connection comes back, gets
// a short list over the board of what the others did since they last looked (the log's words),
// until they close it or act. Nothing when nobody else acted.
const KEEP = 300; // events remembered
const SHOWN = 8; // lines listed; the rest counted

export class AwayList {
  /**
   * @param {HTMLElement} box       the card (hidden), holding a list and a Close button
   * @param {(e: object) => string} describe   an event's log line
   * @param {() => string|null} mySeat
   */
  constructor(box, describe, mySeat) {
    this.box = box;
    this.describe = describe;
    this.mySeat = mySeat;
    this.events = [];
    this.lastSeq = 0;
    this.since = null; // the last seq seen before looking away, while away
    box.querySelector("button")?.addEventListener("click", () => this.close());
  }

  /** An event arrived (live or from the history). */
  note(e) {
    if (typeof e.seq !== "number") return;
    this.lastSeq = Math.max(this.lastSeq, e.seq);
    this.events.push(e);
    if (this.events.length > KEEP) this.events.shift();
  }

  /** The player looked away (the tab hidden) or the connection dropped. */
  leave() {
    if (this.since === null) this.since = this.lastSeq;
  }

  /** The player is back: list what the others did meanwhile. */
  back() {
    if (this.since === null) return;
    const since = this.since;
    this.since = null;
    const me = this.mySeat();
    const theirs = this.events.filter(
      (e) => e.seq > since && e.seat && e.seat !== me && !String(e.kind).startsWith("seat_"),
    );
    if (theirs.length) this.show(theirs);
  }

  show(events) {
    const list = this.box.querySelector("ul");
    const lines = events.map((e) => this.describe(e)).filter(Boolean);
    const items = lines.slice(-SHOWN).map((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    });
    if (lines.length > SHOWN) {
      const li = document.createElement("li");
      li.className = "muted";
      li.textContent = `…and ${lines.length - SHOWN} earlier (in the game log)`;
      items.unshift(li);
    }
    list.replaceChildren(...items);
    this.box.hidden = false;
  }

  close() {
    this.box.hidden = true;
  }
}
