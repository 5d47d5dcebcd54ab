// The table page's rules panel and a guided game's hints (issue 29): the Rules button opens the
// game's handbook; a refusal whose code a handbook section explains offers "Why? <section>" just
// under the refusal's message for a few seconds; the hint card follows the seat's steps.
import { Handbook } from "./handbook.js";
import { GuideCard } from "./guide.js";

const WHY_MS = 10_000; // how long the "Why?" button stays after a refusal

// `table`: the page's table config; `token()`: the seat's token (null when watching); `$`: by id.
// Answers {handbook, guide, why}: `why(code)` offers the rule behind a refusal's code.
export function mountRules(table, token, $) {
  const handbook = new Handbook(table.system, document.body);
  const guide = new GuideCard({
    tableId: table.id,
    token,
    handbook,
    card: $("guide"),
    toggle: $("tool-hint") || document.createElement("button"),
  });
  let whyTimer = null;
  async function why(code) {
    const section = $("tool-rules") ? await handbook.sectionFor(code) : null;
    if (!section) return;
    const button = $("why");
    button.textContent = `Why? ${section.title}`;
    button.onclick = () => {
      button.hidden = true;
      handbook.open(section.id);
    };
    button.hidden = false;
    const said = $("board-message"); // just under the refusal, wherever it was placed
    button.style.top = said.hidden ? "" : `${said.offsetTop + said.offsetHeight + 6}px`;
    clearTimeout(whyTimer);
    whyTimer = setTimeout(() => {
      button.hidden = true;
    }, WHY_MS);
  }
  $("tool-rules")?.addEventListener("click", () => handbook.open());
  return { handbook, guide, why };
}
