// Samurai Robots Battle Royale: form helpers the seat's controls share: unique ids, a labelled
// field, a select.
import { h } from "../dom.js";

let uid = 0;
export const nextId = (p) => `srbr-${p}-${++uid}`;

export function field(labelText, input, cls = "field") {
  if (!input.id) input.id = nextId("f");
  return h("div", { class: cls }, h("label", { for: input.id, text: labelText }), input);
}

export function select(options, value, props = {}) {
  const s = h("select", props);
  for (const [v, label] of options) {
    const o = h("option", { value: String(v), text: label });
    if (String(v) === String(value)) o.selected = true;
    s.append(o);
  }
  return s;
}
