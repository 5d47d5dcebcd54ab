// The table page's keyboard for the current step: one key (A) does the main action, whose button
// shows it; the focus starts at the main action when the seat's turn begins (never taken from a
// field being typed in); the skip link "Skip to the main action" leads to it from the page's top.
const KEY = "A";
const TYPING = "input:not([type=button]):not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable]";
const $ = (id) => document.getElementById(id);

// The current step's main button: the first enabled one a panel marked (data-primary), in the
// panel or in the acting piece's menu; none for a spectator.
export function mainAction() {
  if (document.body.classList.contains("role-spectator")) return null;
  const marked = ["system-panel", "piece-menu"].flatMap((id) => [...($(id)?.querySelectorAll("[data-primary]") || [])]);
  return marked.find((b) => !b.disabled && !b.closest("[hidden], .folded") && b.getClientRects().length) || null;
}

const typing = (node) => !!node?.closest?.(TYPING);

// The key's badge over the main button's corner (outside the button: its name stays its words).
// `main` and its box on screen when the caller knows them (it has just placed the button).
export function showKeyHint(main = mainAction(), box = null) {
  for (const b of document.querySelectorAll("[aria-keyshortcuts]"))
    if (b !== main && b.getAttribute("aria-keyshortcuts") === KEY) b.removeAttribute("aria-keyshortcuts");
  let hint = $("main-key");
  if (!main) {
    if (hint) hint.hidden = true;
    return;
  }
  main.setAttribute("aria-keyshortcuts", KEY);
  if (!hint) {
    hint = Object.assign(document.createElement("kbd"), { id: "main-key", className: "key-hint", textContent: KEY });
    hint.setAttribute("aria-hidden", "true");
    hint.title = `Press ${KEY} for the main action`;
    document.body.append(hint);
  }
  const r = box || main.getBoundingClientRect();
  hint.hidden = false;
  hint.style.left = `${Math.round(r.right - 10)}px`;
  hint.style.top = `${Math.round(r.top - 8)}px`;
}

// The seat's turn began: the focus goes to the main action, unless the player is typing.
export function turnStarted() {
  requestAnimationFrame(() => {
    const main = mainAction();
    if (main && !typing(document.activeElement)) main.focus({ preventScroll: true });
  });
}

function goToMain(e) {
  e.preventDefault();
  (mainAction() || $("board"))?.focus({ preventScroll: true });
}

export function mountKeyboard() {
  document.addEventListener("keydown", (e) => {
    if (e.key.toUpperCase() !== KEY || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    const main = mainAction();
    if (!main) return;
    e.preventDefault();
    main.focus({ preventScroll: true });
    main.click();
  });
  $("skip-action")?.addEventListener("click", goToMain);
}
