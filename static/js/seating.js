// Seats that survive and a table open to everyone: the live seat buttons (one click to sit),
// the seat's personal rejoin link with its QR code, the invitation box (player and spectator
// links, QR of the table) and the end-of-game box with its next steps. Builds its own cards.
import { api } from "./api.js";
import { plainWords, seatLabel, seatsText } from "./words.js";
import { h } from "./dom.js";

export async function qrImage(text, alt) {
  const response = await fetch("/api/qr", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text }),
  });
  if (!response.ok) throw new Error("No QR code");
  const img = h("img", { alt, class: "qr", width: "160", height: "160" });
  img.src = URL.createObjectURL(await response.blob());
  return img;
}

function copyRow(id, label, value) {
  const input = h("input", { id, readonly: "", value });
  const button = h("button", { type: "button", class: "small", text: "Copy", "aria-label": `Copy the ${label}` });
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      button.textContent = "Copied";
    } catch {
      input.select();
    }
  });
  return h("div", { class: "share-row" }, h("label", { for: id, class: "small", text: label }), input, button);
}

// --- the live seat buttons ----------------------------------------------------------------
const sitters = new WeakMap(); // a seat buttons' container -> what a click on one calls now

// The seat buttons in `container`, one per seat, updated in place: a seat's button keeps its
// element while its seat stays listed (only what changed about it is written), so presence
// arriving while a player clicks never swaps the button under the pointer and loses the click.
export function renderSeatButtons(container, seats, status, onSit) {
  sitters.set(container, onSit);
  const held = new Map();
  for (const b of [...container.children]) {
    if (b.dataset?.seat && !held.has(b.dataset.seat)) held.set(b.dataset.seat, b);
    else b.remove();
  }
  seats.forEach((s, i) => {
    const taken = s.state !== "open" || !!s.name;
    const text = taken ? `${seatLabel(s.seat)} (${s.name || s.state})` : `Sit at ${seatLabel(s.seat)}`;
    const label = taken ? `${seatLabel(s.seat)}, taken` : `Sit at ${seatLabel(s.seat)}`;
    let b = held.get(s.seat);
    held.delete(s.seat);
    if (!b) {
      b = h("button", { type: "button", "data-seat": s.seat });
      b.addEventListener("click", () => sitters.get(container)?.(s.seat));
    }
    if (b.textContent !== text) b.textContent = text;
    if (b.getAttribute("aria-label") !== label) b.setAttribute("aria-label", label);
    const disabled = taken || status !== "open";
    if (b.disabled !== disabled) b.disabled = disabled;
    if (container.children[i] !== b) container.insertBefore(b, container.children[i] || null);
  });
  for (const b of held.values()) b.remove(); // seats no longer listed
}

// --- the seat's rejoin link ---------------------------------------------------------------
export function mountRejoin(side, tableId, me, saveKey) {
  const card = h("section", { id: "rejoin-card", class: "card", "aria-labelledby": "rejoin-title" });
  side.querySelector("#seat-panel")?.after(card);
  const show = async (key) => {
    const url = `${location.origin}/tables/${tableId}#seat=${key}`;
    card.replaceChildren(
      h("h2", { id: "rejoin-title", text: "Your seat on any device" }),
      h("p", {
        class: "small muted",
        text: "Open this link (or scan it) on another device to play this seat there. Keep it private: it is your seat.",
      }),
      copyRow("rejoin-link", "Rejoin link", url),
    );
    try {
      card.appendChild(await qrImage(url, `QR code of your rejoin link for ${seatLabel(me.seat)}`));
    } catch {
      /* the link alone is enough */
    }
  };
  (async () => {
    let key = me.rejoin;
    if (!key) {
      try {
        key = (await api(`/api/tables/${tableId}/rejoin-link`, { method: "POST", token: me.token, body: {} })).key;
        saveKey(key);
      } catch {
        card.remove();
        return;
      }
    }
    show(key);
  })();
  return card;
}

// --- the invitation box -------------------------------------------------------------------
export async function mountInvite(side, tableId) {
  const card = side.querySelector("[aria-labelledby=share-title]");
  if (!card) return;
  let links = {
    play: `${location.origin}/tables/${tableId}?join=1`,
    watch: `${location.origin}/tables/${tableId}?watch=1`,
  };
  try {
    links = await api(`/api/tables/${tableId}/links`);
  } catch {
    /* this page's own address */
  }
  const title = card.querySelector("h2");
  if (title) title.textContent = "Invite";
  const box = h(
    "div",
    { id: "invite" },
    copyRow("invite-play", "Link to play", links.play),
    copyRow("invite-watch", "Link to watch", links.watch),
    h("img", {
      class: "qr",
      src: `/tables/${tableId}/qr.svg`,
      width: "160",
      height: "160",
      alt: "QR code of this table's link",
    }),
  );
  card.querySelector(".share-row")?.replaceWith(box);
}

// --- the end of the game ------------------------------------------------------------------
export function endText(outcome, status, names) {
  if (status === "closed") return "The table was closed.";
  const winners = outcome?.winners || [];
  const reason = plainWords(outcome?.reason || "");
  const why = reason ? ` ${reason[0].toUpperCase()}${reason.slice(1)}.` : "";
  return winners.length ? `Game over: ${seatsText(winners, names)} won.${why}` : `Game over: a draw.${why}`;
}

// The box sits above the board (never over it): result, then rematch, replay, the game as one
// file to share, dice proof, new table.
export function showEnd(area, { tableId, status, outcome, names, me, rematchId, onRematch }) {
  let box = document.getElementById("end-box");
  if (status === "open") {
    box?.remove();
    return;
  }
  if (!box) {
    box = h("section", { id: "end-box", class: "end-box card", role: "status", "aria-label": "The game is over" });
    area.querySelector(".board-wrap")?.before(box);
  }
  const steps = h("div", { class: "end-steps" });
  if (me?.role === "player" || me?.host) {
    steps.appendChild(
      h("button", {
        type: "button",
        id: "rematch",
        text: rematchId ? "Take your seat in the rematch" : "Rematch",
        onclick: () => onRematch(),
      }),
    );
  } else if (rematchId) {
    steps.appendChild(h("a", { class: "button", href: `/tables/${rematchId}?watch=1`, text: "Watch the rematch" }));
  }
  steps.append(
    h("a", { class: "button secondary", href: `/tables/${tableId}/replay`, text: "Watch the replay" }),
    h("a", { class: "button secondary", id: "report-link", href: `/tables/${tableId}/report`, text: "Game report" }),
    h("a", {
      class: "button secondary",
      id: "end-share",
      href: `/api/tables/${tableId}/share.html`,
      download: `warboard-${tableId}.html`,
      title: "One file with the replay, the log and the dice proof: it opens in any browser, no server needed",
      text: "Download the game",
    }),
    h("a", {
      class: "button secondary",
      href: `/api/tables/${tableId}/dice/proof`,
      target: "_blank",
      rel: "noopener",
      text: "Verify the dice",
    }),
    h("a", { class: "button secondary", href: "/", text: "New table" }),
  );
  box.replaceChildren(h("strong", { class: "end-result", text: endText(outcome, status, names) }), steps);
}
