// Tiny helpers for building SVG with the DOM (text always via textContent).
export const SVG_NS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

export function text(content, attrs = {}, parent = null) {
  const node = el("text", attrs, parent);
  node.textContent = content == null ? "" : String(content);
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

// A stable colour for a terrain type name (known types first, others hashed).
const TERRAIN = {
  clear: "#dfe6d2",
  open: "#dfe6d2",
  plain: "#dfe6d2",
  grass: "#cfe0b4",
  woods: "#8fb37a",
  forest: "#8fb37a",
  wood: "#8fb37a",
  rough: "#c9b98f",
  hill: "#c8b27a",
  hills: "#c8b27a",
  water: "#9cc3e0",
  river: "#9cc3e0",
  swamp: "#9fb5a0",
  building: "#a7a2a0",
  buildings: "#a7a2a0",
  urban: "#b5b0aa",
  road: "#e3d7bd",
  rubble: "#b9ad9c",
  street: "#dcd9d2",
  centre: "#eadfb8",
  center: "#eadfb8",
  sand: "#eadcae",
  desert: "#eadcae",
  impassable: "#6f6a66",
  cliff: "#7d746c",
};

export function terrainColor(type) {
  const key = String(type || "clear").toLowerCase();
  if (TERRAIN[key]) return TERRAIN[key];
  let h = 0;
  for (const ch of key) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h} 25% 72%)`;
}
