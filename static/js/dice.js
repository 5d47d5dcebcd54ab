// The dice tray: every roll of the table with who rolled, what, and the faces.
export class DiceTray {
  constructor(list, names) {
    this.list = list;
    this.names = names; // seat -> display name
    this.seen = new Set();
  }

  add(e) {
    if (!Array.isArray(e.faces) || this.seen.has(e.seq)) return;
    this.seen.add(e.seq);
    const li = document.createElement("li");
    li.dataset.order = String(e.seq);
    const who = document.createElement("span");
    who.className = "who";
    const name = this.names(e.seat);
    who.textContent = e.seat ? `${name}${name !== e.seat ? ` (${e.seat})` : ""}` : "table";
    const what = document.createElement("span");
    what.className = "what";
    what.textContent = ` ${e.dice || e.purpose || "roll"}`;
    const faces = document.createElement("span");
    faces.className = "faces";
    faces.setAttribute("aria-label", `faces ${e.faces.join(", ")}`);
    for (const f of e.faces) {
      const die = document.createElement("span");
      die.className = "die";
      die.textContent = String(f);
      die.setAttribute("aria-hidden", "true");
      faces.appendChild(die);
    }
    const total = document.createElement("span");
    total.className = "total";
    total.textContent = e.total !== undefined ? `= ${e.total}` : "";
    li.append(who, what, faces, total);
    let before = null;
    for (const node of this.list.children) { if (Number(node.dataset.order) < e.seq) { before = node; break; } }
    this.list.insertBefore(li, before); // newest first
    while (this.list.children.length > 50) this.list.lastElementChild.remove();
  }

  clear() { this.list.replaceChildren(); this.seen.clear(); }
}
