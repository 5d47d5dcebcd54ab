// The table page's layout: the board fills the window; the log, chat and side cards fold away;
// the game's main button for the current step (a panel marks it with data-primary) is lifted
// into the strip over the board, so it is in sight without scrolling on a laptop or a phone.
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
    try { localStorage.setItem(key, open ? "1" : "0"); } catch { /* private mode */ }
  };
  b.addEventListener("click", () => set(card.classList.contains("folded")));
  let saved = null;
  try { saved = localStorage.getItem(key); } catch { /* private mode */ }
  set(saved === null ? !card.dataset.folded : saved === "1");
}

function primary() {
  const panel = $("system-panel");
  const slot = $("primary-slot");
  if (!panel || !slot) return;
  const lift = () => {
    const fresh = [...panel.querySelectorAll("[data-primary]")];
    if (fresh.length) {
      for (const b of fresh) b._home = b.parentElement;
      slot.replaceChildren(...fresh);
    } else {
      // a button whose section the panel has since redrawn is gone from the game
      for (const b of [...slot.children]) if (!b._home?.isConnected) b.remove();
    }
    slot.hidden = !slot.children.length || document.body.classList.contains("role-spectator");
  };
  new MutationObserver(lift).observe(panel, { childList: true, subtree: true });
  lift();
}

for (const card of document.querySelectorAll(".side > .card[data-fold], .bottom > .card")) foldable(card);
primary();
