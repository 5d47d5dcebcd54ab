// A picture of the board as it is shown: its SVG, the whole board in view, with the look the
// page's stylesheets give it written into each element (a file on its own has no stylesheet),
// saved as an .svg file. Works the same on the replay page and in a shared game's file.

// The properties that make an SVG board look as it does on the page.
const PROPERTIES = [
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-opacity",
  "stroke-dasharray",
  "stroke-linecap",
  "stroke-linejoin",
  "opacity",
  "visibility",
  "display",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "dominant-baseline",
  "paint-order",
  "color",
];

/** `text` as an SVG's file name ("Friday game, seq 12" -> "friday-game-seq-12.svg"). */
export function pictureName(text) {
  const stem = String(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${stem || "board"}.svg`;
}

/** The board `svg` as the text of a stand-alone SVG file, the region `bounds` ({x, y, w, h}) in view. */
export function boardPicture(svg, bounds) {
  const copy = svg.cloneNode(true);
  const from = [svg, ...svg.querySelectorAll("*")];
  const to = [copy, ...copy.querySelectorAll("*")];
  from.forEach((node, i) => {
    const style = getComputedStyle(node);
    const own = to[i];
    own.removeAttribute("class");
    // through the CSSOM, which the pages' style policy allows (a style attribute it would refuse)
    for (const p of PROPERTIES) own.style?.setProperty(p, style.getPropertyValue(p));
  });
  for (const node of [copy, ...copy.querySelectorAll("[tabindex], [role], [aria-label], [aria-roledescription]")]) {
    for (const a of ["tabindex", "role", "aria-label", "aria-roledescription"]) node.removeAttribute(a);
  }
  const { x, y, w, h } = bounds || svg.viewBox.baseVal;
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  copy.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
  const scale = 1200 / Math.max(w, h);
  copy.setAttribute("width", String(Math.round(w * scale)));
  copy.setAttribute("height", String(Math.round(h * scale)));
  copy.removeAttribute("id");
  const background = getComputedStyle(svg).backgroundColor;
  const text = new XMLSerializer().serializeToString(copy);
  return background && background !== "rgba(0, 0, 0, 0)"
    ? text.replace(/>/, `><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${background}"/>`)
    : text;
}

/** Offer `text` as a file named `name` (a download: no request leaves the page). */
export function saveFile(text, name, type = "image/svg+xml") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
