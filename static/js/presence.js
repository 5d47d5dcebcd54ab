// Who is at the table: each seat's player and whether connected (in words, not only colour).
export function showPresence(list, seats, names, counts, sides, active = []) {
  list.replaceChildren();
  for (const seat of seats) {
    const li = document.createElement("li");
    const n = counts?.seats?.[seat] || 0;
    li.className = n ? "online" : "offline";
    const badge = document.createElement("span");
    badge.className = "badge";
    badge.style.background = sides(seat).color;
    badge.textContent = sides(seat).short;
    badge.setAttribute("aria-hidden", "true");
    const text = document.createElement("span");
    const name = names.get(seat);
    text.textContent = `${seat}: ${name || "free"}${name ? (n ? " — connected" : " — away") : ""}${active.includes(seat) ? " — to act" : ""}`;
    if (active.includes(seat)) li.classList.add("active");
    li.append(badge, text);
    list.appendChild(li);
  }
}
