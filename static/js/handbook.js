// The rules panel: the game's rules in Warboard's words (GET /api/systems/{id}/handbook), each
// section naming its rulebook section, with a search box that filters them. Opened from the
// toolbar's Rules button, a hint's "Read the rule" and a refusal's "Why?".
import { api } from "./api.js";
import { h } from "./systems/dom.js";

/** The sections whose title, text or rulebook citation hold every word of `query` (any case). */
export function filterSections(sections, query) {
  const words = String(query || "")
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length) return sections;
  return sections.filter((s) => {
    const text = `${s.title} ${s.text} ${s.rulebook}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** The section that explains a refusal's `code`, or null. */
export function sectionForCode(sections, code) {
  if (!code) return null;
  return sections.find((s) => (s.codes || []).includes(code)) || null;
}

export class Handbook {
  /** @param {string} system the game's id; @param {HTMLElement} host where the dialog lives */
  constructor(system, host) {
    this.system = system;
    this.sections = null;
    this.loading = null;
    this.dialog = h("dialog", { id: "handbook", class: "handbook", "aria-labelledby": "handbook-title" });
    this.search = h("input", {
      id: "handbook-search",
      type: "search",
      autocomplete: "off",
      placeholder: "for example: range, damage, spin",
      oninput: () => this.render(),
    });
    this.list = h("div", { class: "handbook-list", role: "list" });
    this.empty = h("p", { class: "muted", text: "No section matches.", hidden: true });
    this.title = h("h2", { id: "handbook-title", text: "Rules" });
    this.dialog.append(
      h(
        "div",
        { class: "handbook-top" },
        h(
          "div",
          { class: "handbook-head" },
          this.title,
          h("button", { type: "button", class: "small secondary", text: "Close", onclick: () => this.dialog.close() }),
        ),
        h("label", { for: "handbook-search", text: "Search the rules" }),
        this.search,
      ),
      this.empty,
      this.list,
    );
    host.append(this.dialog);
  }

  /** The sections, fetched once. */
  load() {
    if (!this.loading) {
      this.loading = api(`/api/systems/${encodeURIComponent(this.system)}/handbook`).then((b) => {
        this.sections = b.sections || [];
        this.title.textContent = `Rules: ${b.name}`;
        return this.sections;
      });
      this.loading.catch(() => {
        this.loading = null;
      });
    }
    return this.loading;
  }

  /** Open the panel, at the section `id` when given (the search cleared to show it). */
  async open(id = null) {
    try {
      await this.load();
    } catch {
      return;
    }
    this.search.value = "";
    this.render(id);
    if (!this.dialog.open) this.dialog.showModal();
    const target = id && this.dialog.querySelector(`[data-section="${CSS.escape(id)}"]`);
    if (target) {
      // below the sticky title and search, whatever their height on this screen
      target.style.scrollMarginTop = `${(this.dialog.querySelector(".handbook-top")?.offsetHeight || 0) + 8}px`;
      target.scrollIntoView({ block: "start" });
      target.querySelector("h3")?.focus();
    } else this.search.focus();
  }

  /** The section explaining refusal `code`, or null (after the sections are loaded). */
  async sectionFor(code) {
    try {
      return sectionForCode(await this.load(), code);
    } catch {
      return null;
    }
  }

  render(mark = null) {
    const shown = filterSections(this.sections || [], this.search.value);
    this.list.replaceChildren(
      ...shown.map((s) =>
        h(
          "article",
          { class: `handbook-section${s.id === mark ? " marked" : ""}`, role: "listitem", "data-section": s.id },
          h("h3", { text: s.title, tabIndex: -1 }),
          h("p", { text: s.text }),
          h("p", { class: "small muted", text: `Rulebook: ${s.rulebook}` }),
        ),
      ),
    );
    this.empty.hidden = shown.length > 0;
  }
}
