// Marks along the replay's scrubber at chosen seqs (a game report's turning points): each a
// button over the slider's track at its place that jumps there. `markSeqs(host, seqs, last,
// {label, go})` draws them in `host` (the scrubber's wrapper) and replaces the earlier ones.
import { markPositions } from "./turns.js";

/**
 * @param {HTMLElement} host  the element around the scrubber (position: relative)
 * @param {Array<number|{seq: number, label?: string}>} seqs  the seqs to mark (a label each, or `label`)
 * @param {number} last  the scrubber's largest seq
 * @param {{label?: string, go?: (seq: number) => void}} [options]
 * @returns {number} how many marks were drawn
 */
export function markSeqs(host, seqs, last, { label = "Turning point", go = null } = {}) {
  const labels = new Map(seqs.map((s) => (typeof s === "object" ? [Number(s.seq), s.label] : [Number(s), null])));
  let layer = host.querySelector(":scope > .scrubber-marks");
  if (!layer) {
    layer = document.createElement("div");
    layer.className = "scrubber-marks";
    host.append(layer);
  }
  layer.replaceChildren();
  const marks = markPositions([...labels.keys()], last);
  for (const { seq, percent } of marks) {
    const mark = document.createElement("button");
    mark.type = "button";
    mark.className = "scrubber-mark";
    mark.dataset.seq = String(seq);
    mark.style.left = `calc(var(--thumb, 16px) / 2 + (100% - var(--thumb, 16px)) * ${percent / 100})`;
    const text = `${labels.get(seq) || label} at event ${seq}`;
    mark.title = text;
    mark.setAttribute("aria-label", text);
    if (go) mark.addEventListener("click", () => go(seq));
    layer.append(mark);
  }
  return marks.length;
}
