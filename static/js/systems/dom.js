// Small DOM helpers shared by the system panels. Text only ever goes in through textContent.

// h("button", {text, class, onclick, "aria-label", ...}, ...children): an element.
export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else if (k === "class") node.className = v;
    else if (k === "onclick") node.addEventListener("click", v);
    else if (k === "onchange") node.addEventListener("change", v);
    else if (k === "oninput") node.addEventListener("input", v);
    else if (k === "style") node.style.cssText = v;
    else if (
      k.startsWith("data-") ||
      k.startsWith("aria-") ||
      k === "role" ||
      k === "for" ||
      k === "list" ||
      k === "form"
    )
      node.setAttribute(k, String(v));
    else node[k] = v;
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

// A button with its label, an optional accessible name, and a data-key for tests and focus.
// opts.primary marks the current step's main button: the page lifts it over the board.
export function button(label, onClick, opts = {}) {
  return h("button", {
    type: "button",
    text: label,
    onclick: onClick,
    class: opts.cls ?? "small",
    disabled: !!opts.disabled,
    "aria-label": opts.aria,
    "data-key": opts.key || label,
    title: opts.title,
    "aria-pressed": opts.pressed,
    "data-primary": opts.primary ? "true" : undefined,
  });
}

// Form helpers for a panel's controls: ids unique on the page (prefixed with the game's name),
// a labelled field, and a select of [value, label, disabled?] options with `value` chosen.
export function formHelpers(prefix) {
  let uid = 0;
  const nextId = (p) => `${prefix}-${p}-${++uid}`;
  const field = (labelText, input, cls = "field") => {
    if (!input.id) input.id = nextId("f");
    return h("div", { class: cls }, h("label", { for: input.id, text: labelText }), input);
  };
  const select = (options, value, props = {}) => {
    const s = h("select", props);
    for (const [v, label, disabled] of options) {
      const o = h("option", { value: String(v), text: label, disabled: !!disabled });
      if (String(v) === String(value)) o.selected = true;
      s.append(o);
    }
    return s;
  };
  return { nextId, field, select };
}
