// A guided game's hint card (GET /api/tables/{id}/hint): what to do now, the control to use and
// the rulebook section it follows, fetched again at every new view while the table's `guided`
// setting is on. Dismissible (remembered per table); the toolbar's Hint button, shown only then,
// brings it back.
import { api } from "./api.js";
import { h } from "./systems/dom.js";

export class GuideCard {
  /**
   * @param {object} page {tableId, token(), handbook, card: HTMLElement, toggle: HTMLElement}
   */
  constructor(page) {
    this.page = page;
    this.guided = false;
    this.seq = -1;
    this.asked = -1;
    this.key = `warboard:guide-hidden:${page.tableId}`;
    this.hidden = localStorage.getItem(this.key) === "1";
    page.toggle.addEventListener("click", () => this.show(true));
  }

  /** The table's settings arrived (or changed). */
  settings(s) {
    this.guided = !!s?.guided;
    this.layout();
    if (this.guided) this.refresh(this.seq);
  }

  /** A new view at `seq`: ask for its hint (the latest ask wins). */
  async refresh(seq) {
    this.seq = seq;
    const token = this.page.token();
    if (!this.guided || !token) return this.layout();
    const ask = ++this.asked;
    let answer;
    try {
      answer = await api(`/api/tables/${this.page.tableId}/hint`, { token });
    } catch {
      return; // the next view asks again
    }
    if (ask !== this.asked) return;
    this.render(answer);
  }

  show(on) {
    this.hidden = !on;
    if (this.hidden) localStorage.setItem(this.key, "1");
    else localStorage.removeItem(this.key);
    this.layout();
    if (on) this.page.card.focus();
  }

  layout() {
    const { card, toggle } = this.page;
    const on = this.guided && !!this.page.token();
    card.hidden = !on || this.hidden || !card.dataset.step;
    toggle.hidden = !on || !this.hidden; // only to bring the hidden card back
  }

  render({ seq, hint }) {
    const { card, handbook } = this.page;
    if (!hint) {
      delete card.dataset.step;
      card.replaceChildren();
      return this.layout();
    }
    card.dataset.step = hint.step;
    card.dataset.seq = String(seq);
    card.classList.toggle("waiting", !hint.yours);
    card.replaceChildren(
      h(
        "div",
        { class: "guide-head" },
        h("h2", { id: "guide-title", text: hint.yours ? "What to do now" : "Meanwhile" }),
        h("button", {
          type: "button",
          class: "small secondary",
          text: "Hide hints",
          onclick: () => this.show(false),
        }),
      ),
      h("p", { class: "guide-text", text: hint.text }),
      hint.control ? h("p", { class: "guide-control" }, "Use: ", h("strong", { text: hint.control })) : null,
      h(
        "p",
        { class: "guide-rule small" },
        h("span", { text: hint.rulebook }),
        " ",
        h("button", {
          type: "button",
          class: "link small",
          text: "Read the rule",
          onclick: () => handbook.open(hint.section),
        }),
      ),
    );
    this.layout();
  }
}
