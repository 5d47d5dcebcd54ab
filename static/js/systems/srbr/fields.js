// Samurai Robots Battle Royale: form helpers the seat's controls share: unique ids, a labelled
// field, a select (and one for a choice kept in the panel state), a number input.
import { formHelpers, h } from "../dom.js";
import { choiceChanged } from "./board.js";

export const { nextId, field, select } = formHelpers("srbr");

export const numberIn = (props) => h("input", { type: "number", class: "srbr-num", ...props });

// A select for a choice kept in the panel state: a change sets it (and what follows from it), then
// the controls and overlays are drawn again.
export function choiceSelect(s, key, options, value, set) {
  const onchange = (e) => {
    set(e.target.value);
    choiceChanged(s);
  };
  return select(options, value, { "data-key": key, onchange });
}
