// The selection panel: every field of the selected piece, as text.
const ORDER = ["label", "id", "owner", "kind", "status", "q", "r", "x", "y", "facing", "color"];

export function showDetails(container, piece, sides) {
  container.replaceChildren();
  if (!piece) {
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = "Nothing selected.";
    container.appendChild(p);
    return;
  }
  const dl = document.createElement("dl");
  dl.className = "details";
  const keys = [...ORDER.filter((k) => k in piece), ...Object.keys(piece).filter((k) => !ORDER.includes(k))];
  for (const k of keys) {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    const v = piece[k];
    dd.textContent = typeof v === "object" && v !== null ? JSON.stringify(v) : k === "facing" ? `${v}°` : String(v);
    if (k === "owner" && sides) {
      const swatch = document.createElement("span");
      swatch.className = "swatch";
      swatch.style.background = sides(v).color;
      swatch.setAttribute("aria-hidden", "true");
      dd.prepend(swatch);
    }
    dl.append(dt, dd);
  }
  container.appendChild(dl);
}
