// The table page's layout: the board fills the window; the log, chat and side cards fold away;
// the game's main button for the current step (a panel marks it with data-primary) is shown
// over the strip of the dock (the rail's top on a laptop, under the board on a phone), beside
// the acting piece's menu, so both are in sight without scrolling on a laptop or a phone.
import { mainAction, showKeyHint } from "./keyboard.js";

const $ = (id) => document.getElementById(id);

// Cards whose heading folds them (the state is kept per card on this browser).
function foldable(card) {
  const head = card.querySelector(":scope > h2");
  if (!head || head.querySelector("button.fold")) return;
  const key = `warboard:fold:${card.id || head.id || head.textContent}`;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "fold";
  b.textContent = head.textContent;
  head.replaceChildren(b);
  const set = (open) => {
    card.classList.toggle("folded", !open);
    b.setAttribute("aria-expanded", String(open));
    try {
      localStorage.setItem(key, open ? "1" : "0");
    } catch {
      /* private mode */
    }
  };
  b.addEventListener("click", () => set(card.classList.contains("folded")));
  let saved = null;
  try {
    saved = localStorage.getItem(key);
  } catch {
    /* private mode */
  }
  set(saved === null ? !card.dataset.folded : saved === "1");
}

// The main buttons stay in the panel (its order for the keyboard and screen readers) but are
// shown fixed over the dock's strip, in rows when they do not fit in one. The dock is shown
// while it holds main buttons or the piece menu.
function primary() {
  const panel = $("system-panel");
  const slot = $("primary-slot");
  const dock = $("action-dock");
  const menu = $("piece-menu");
  if (!panel || !slot || !dock) return;
  let lifted = [];
  const place = () => {
    const spectator = document.body.classList.contains("role-spectator");
    const now = spectator
      ? []
      : [...panel.querySelectorAll("[data-primary]")].filter((b) => !b.closest("[hidden], .folded"));
    for (const b of lifted)
      if (!now.includes(b)) {
        b.classList.remove("lifted");
        b.style.top = b.style.left = b.style.maxWidth = "";
      }
    lifted = now;
    slot.classList.toggle("holding", now.length > 0);
    dock.hidden = !now.length && !menu?.childElementCount;
    if (!now.length) showKeyHint();
    else {
      const { main, boxes } = lift(now, slot);
      showKeyHint(main, boxes.get(main));
    }
  };
  // The main buttons over the strip, in rows; the strip as high as they need. Reads, then writes:
  // the strip's box, the buttons' sizes, then their places. Returns the main action and the
  // lifted buttons' boxes on screen (the key's badge goes by them, without measuring again).
  const lift = (now, slot) => {
    const gap = 6;
    const r = slot.getBoundingClientRect();
    const maxWidth = `${Math.max(120, r.width - 2 * gap)}px`;
    for (const b of now) {
      b.classList.add("lifted");
      if (b.style.maxWidth !== maxWidth) b.style.maxWidth = maxWidth;
    }
    let x = r.left + gap,
      y = r.top + gap,
      row = 0;
    const sizes = now.map((b) => [b.offsetWidth, b.offsetHeight, b.getBoundingClientRect().width]);
    const main = mainAction();
    const boxes = new Map();
    for (const [i, b] of now.entries()) {
      const [w, hgt, exact] = sizes[i];
      if (x + w > r.right - gap && x > r.left + gap) {
        x = r.left + gap;
        y += row + gap;
        row = 0;
      }
      b.style.left = `${x}px`;
      b.style.top = `${y}px`;
      boxes.set(b, { left: x, top: y, right: x + exact, bottom: y + hgt });
      x += w + gap;
      row = Math.max(row, hgt);
    }
    const need = y + row + gap - r.top;
    if (Math.abs(need - r.height) > 1) {
      slot.style.height = `${need}px`;
      requestAnimationFrame(place);
    }
    return { main, boxes };
  };
  let queued = false;
  const soon = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        place();
      });
    }
  };
  const watched = {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["data-primary", "hidden", "disabled"],
  };
  new MutationObserver(soon).observe(panel, watched);
  if (menu) new MutationObserver(soon).observe(menu, watched);
  new ResizeObserver(soon).observe(document.body);
  window.addEventListener("scroll", soon, true);
  soon();
}

for (const card of document.querySelectorAll(".side > .card[data-fold], .bottom > .card")) foldable(card);
primary();
