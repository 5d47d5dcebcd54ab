// Small status lines of the table page: whose turn, the connection, passing messages.
export function showTurn(el, view, me) {
  const turn = view.turn || {};
  const parts = [];
  const table = view._table || {};
  if (table.status && table.status !== "open") {
    parts.push(
      table.status === "finished"
        ? `Game over${table.outcome?.winners?.length ? `: ${table.outcome.winners.join(", ")} won` : ""}`
        : "Table closed",
    );
  }
  // the game's own word for its counter (Small Soldiers counts turns), "Round" otherwise
  if (turn.round !== undefined) parts.push(`${turn.round_label || "Round"} ${turn.round}`);
  if (turn.phase) parts.push(`Phase: ${turn.phase}`);
  const active = turn.active || [];
  if (active.length) {
    parts.push(me?.seat && active.includes(me.seat) ? "Your turn" : `Turn: ${active.join(", ")}`);
  }
  if (view.prompt) {
    const p = view.prompt;
    parts.push(typeof p === "string" ? p : p.text || p.message || p.kind || JSON.stringify(p).slice(0, 120));
  }
  el.textContent = parts.join(" · ");
}

const LABELS = {
  connecting: "Connecting…",
  connected: "Connected",
  reconnecting: "Reconnecting…",
  refused: "Not allowed at this table",
  idle: "Not connected",
};

export function showConnection(el, status, detail) {
  el.className = `conn conn-${status}`;
  el.textContent = status === "offline" ? `Offline — retrying in ${detail} s` : LABELS[status] || status;
}

const timers = new WeakMap();

// Show a message in a live region; ms = 0 keeps it until replaced.
export function flash(el, text, ms) {
  clearTimeout(timers.get(el));
  el.textContent = text;
  el.hidden = false;
  if (ms)
    timers.set(
      el,
      setTimeout(() => {
        el.hidden = true;
      }, ms),
    );
}
