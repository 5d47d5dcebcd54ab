// Who is at the table: each seat's player and whether connected (in words, not only colour).
import { seatLabel } from "./words.js";

export function showPresence(list, seats, names, counts, sides, active = []) {
  list.replaceChildren();
  for (const seat of seats) {
    const li = document.createElement("li");
    const n = counts?.seats?.[seat] || 0;
    li.className = n ? "online" : "offline";
    const badge = document.createElement("span");
    badge.className = "badge";
    paintBadge(badge, sides(seat).color, n > 0);
    badge.textContent = sides(seat).short;
    badge.setAttribute("aria-hidden", "true");
    const text = document.createElement("span");
    const name = names.get(seat);
    text.textContent = `${seatLabel(seat)}: ${name || "free"}${name ? (n ? " — connected" : " — away") : ""}${active.includes(seat) ? " — to act" : ""}`;
    if (active.includes(seat)) li.classList.add("active");
    li.append(badge, text);
    list.appendChild(li);
  }
}

// A seat's badge in its side's colour with the ink that reads on it (4.5:1 at least); away: the
// colour as a dashed outline around dark ink on white, never faded.
function paintBadge(badge, color, online) {
  badge.style.borderColor = color;
  badge.style.background = online ? color : "#fff";
  badge.style.color = online ? inkOn(color) : "#1f2328";
}

// Black or white, whichever contrasts more with a colour "#rrggbb" (WCAG relative luminance).
export function inkOn(color) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(String(color || ""));
  if (!m) return "#fff";
  const lin = (h) => {
    const c = Number.parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? "#111" : "#fff";
}
