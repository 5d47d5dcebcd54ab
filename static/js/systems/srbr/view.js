// Samurai Robots Battle Royale: the pure view. From a view (and the table's player names) it
// gives the board's pieces (a silhouette per mecha form, the seat's colour, badges for a
// fallen mecha or destroyed parts), the legend, the clock and a log line for every event:
// mechas and parts by name, places in the table's units rounded to a tenth. Used by players,
// spectators and the replay page alike. No DOM here.
import { PALETTE } from "../../board/pieces.js";
import { placeWords, seatText, tape } from "../../words.js";

export const STICKS = ["S", "M", "L"];
export const FACINGS = [
  ["keep", "Keep facing"],
  [270, "North"],
  [315, "North-east"],
  [0, "East"],
  [45, "South-east"],
  [90, "South"],
  [135, "South-west"],
  [180, "West"],
  [225, "North-west"],
];
export const PHASES = {
  deploy: "Deployment",
  activate: "Activation",
  actions: "Actions",
  reaction: "Reaction",
  reaction_actions: "Reaction actions",
  over: "Game over",
};
export const AREAS = {
  health: "Damage (dice colours)",
  turn_end: "Turn end",
  malfunction: "Malfunctions",
  combat: "Combat",
  victory: "Victory",
};
const EFFECTS = {
  damage: "damage",
  destroy_part: "part destroyed",
  recoil: "recoil",
  knock_down: "knocked down",
  knock_back: "knocked back",
  attacker_recoil: "attacker recoils",
  attacker_damage: "attacker damaged",
};
const ICONS = { biped: "robot", non_humanoid: "monster", vehicle: "tank" };

export const round1 = (v) => Math.round(Number(v) * 10) / 10;
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const nice = (s) => String(s ?? "").replace(/_/g, " ");
export const ucfirst = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

// Lookups over one view.
export function names(view, playerNames) {
  const mechaOf = (id) => view?.mechas?.[id];
  const mecha = (id) => mechaOf(id)?.name || (view?.pieces || []).find((p) => p.id === id)?.label || id;
  const partOf = (mid, pid) => (mechaOf(mid)?.parts || []).find((p) => p.id === pid);
  const part = (mid, pid) => partOf(mid, pid)?.name || pid;
  const terrain = (id) => (view?.board?.terrain || []).find((t) => t.id === id)?.label || id;
  const target = (id) => (mechaOf(id) ? mecha(id) : terrain(id));
  // "Ann (Player 1)"
  const player = (seat) => (seat ? seatText(seat, playerNames) : "nobody");
  const unit = () => view?.board?.units || "cm";
  const stick = (s) => view?.sticks?.names?.[s] || s;
  // a place as a tape measure finds it: "12.5 cm from the left, 30 cm from the top"
  const place = (x, y) => placeWords(x, y, unit());
  return { mechaOf, mecha, partOf, part, terrain, target, player, unit, stick, place };
}

function rollText(x) {
  const mods = Object.values(x.modifiers || {}).reduce((s, v) => s + v, 0);
  return `${x.die}${x.score ? ` + ${x.score}` : ""}${mods ? ` ${mods > 0 ? "+" : "-"} ${Math.abs(mods)}` : ""} = ${x.total}`;
}

export function recordedLine(e, n, who) {
  const has = (k) => e[k] !== undefined && e[k] !== null;
  const bits = [];
  if (has("damage")) bits.push(`damage ${e.damage}`);
  if (has("jammed")) bits.push(e.jammed ? "jammed" : "not jammed");
  if (has("status")) bits.push(e.status);
  if (has("x") && has("y")) bits.push(`at ${n.place(e.x, e.y)}`);
  else if (has("x")) bits.push(`at ${tape(e.x, n.unit())} from the left`);
  else if (has("y")) bits.push(`at ${tape(e.y, n.unit())} from the top`);
  if (has("facing")) bits.push(`facing ${e.facing}°`);
  if (has("out")) bits.push(e.out === "in_play" ? "back in play" : e.out);
  return `${who}records ${e.part ? `${n.mecha(e.mecha)} ${n.part(e.mecha, e.part)}` : n.mecha(e.mecha)}: ${bits.join(", ")}${e.note ? ` (${e.note})` : ""}`;
}

// A log line for an event, or undefined for the page's generic sentence.
export function describe(e, n) {
  const who = e.seat ? `${n.player(e.seat)}: ` : "";
  const M = n.mecha;
  const P = (mid, pid) => `${M(mid)} ${n.part(mid, pid)}`;
  const u = n.unit();
  switch (e.kind) {
    case "activated":
    case "reacted": {
      const faces = (e.dice || []).map((d) => `${d.face} ${d.colour}${d.success ? " ✓" : " ✗"}`).join(", ");
      const bits = [`${plural(e.successes, "success", "successes")}`];
      if (e.failures !== undefined) bits.push(plural(e.failures, "failure"));
      let line = `${who}${e.kind === "reacted" ? "reacts with" : "activates"} ${P(e.mecha, e.part)} (Q${e.q}+): ${faces} → ${bits.join(", ")}`;
      if (e.reactions) line += "; a 1 on yellow/red: the opponent may react";
      if (e.ends_turn) line += "; two or more failures: the turn ends after these actions";
      return line;
    }
    case "moved": {
      let line = `${M(e.mecha)} moves ${tape(e.travelled, u)} (${n.stick(e.stick)} stick) to ${n.place(e.to[0], e.to[1])}`;
      if (e.stopped_by_contact) line += `, stopped by contact with ${n.target(e.stopped_by_contact)}`;
      if (e.fled) line += " and flees the table";
      return line;
    }
    case "attack": {
      const eff = (e.effects || []).map((x) => EFFECTS[x] || nice(x)).join(", ") || "no effect";
      return `${M(e.attacker)} ${nice(e.attack)}s ${M(e.target)}${e.target_part ? ` (aiming at ${n.part(e.target, e.target_part)})` : ""}: ${rollText(e.attack_roll)} against ${rollText(e.defence_roll)}, ${nice(e.result)}: ${eff}`;
    }
    case "free_hack": {
      const eff = (e.effects || []).map((x) => EFFECTS[x] || nice(x)).join(", ") || "no effect";
      return `${M(e.attacker)} takes a free hack at ${M(e.target)} as it leaves close combat: ${rollText(e.attack_roll)} against ${rollText(e.defence_roll)}, ${nice(e.result)}: ${eff}`;
    }
    case "free_hack_declared":
      return `${M(e.attacker)} takes a free hack at ${M(e.target)} as it leaves close combat: players resolve it (manual)`;
    case "damaged":
      return e.destroyed
        ? `${P(e.mecha, e.part)} is destroyed`
        : `${P(e.mecha, e.part)} takes ${e.damage} damage: dice now ${(e.dice || []).join(", ")}`;
    case "pushed":
      return `${M(e.mecha)} is pushed (${nice(e.effect)}) to ${n.place(e.to[0], e.to[1])}`;
    case "malfunction":
      return `Malfunction of ${P(e.mecha, e.part)}: rolled ${e.die}, ${nice(e.effect)}`;
    case "malfunction_to_resolve":
      return `Malfunction of ${P(e.mecha, e.part)}: players resolve it (manual)`;
    case "knocked_down":
      return `${M(e.mecha)} is knocked down`;
    case "stood_up":
      return `${M(e.mecha)} stands up`;
    case "mecha_destroyed":
      return `${M(e.mecha)} is destroyed!`;
    case "activation_done":
      return `${who}activation over`;
    case "reaction_offered":
      return `${e.to ? n.player(e.to) : "The opponent"} may react (${plural(e.remaining, "chance")})`;
    case "reaction_declined":
      return `${who}passes (no reaction)`;
    case "reactions_over":
      return "Reaction over: back to the active player";
    case "building_attacked":
      return `${M(e.attacker)} ${nice(e.attack)}s ${n.terrain(e.target)}: ${e.attack_roll?.total} against ${e.defence_roll?.total}, ${e.hit ? `hit (${plural(e.hits, "hit")})` : "no hit"}`;
    case "building_smashed":
      return `${n.terrain(e.terrain)} is smashed to rubble`;
    case "turn_ended":
      return `Turn over: ${nice(e.reason)}`;
    case "turn_started":
      return `Round ${e.round}: ${e.player ? `${n.player(e.player)}'s` : "next"} turn`;
    case "conceded":
      return `${who}concedes`;
    case "deployed":
      return `${who}deploys ${M(e.mecha)} at ${n.place(e.x, e.y)}`;
    case "ready":
      return `${who}is ready`;
    case "damage_to_record":
      return `${P(e.mecha, e.part)} is hit (${e.hits === "destroy" ? "destroyed" : plural(e.hits, "damage", "damage")}): record it (manual)`;
    case "attack_declared":
      return `${M(e.attacker)} ${nice(e.attack)}s ${n.target(e.target)}${e.target_part ? ` (aiming at ${n.part(e.target, e.target_part)})` : ""}: players resolve it (manual)`;
    case "recorded":
      return recordedLine(e, n, who);
    case "record_disputed":
      return `${who || `${n.player(e.by)}: `}disputes record ${e.record + 1} by ${n.player(e.author)} (${e.reason}): the game waits for the host`;
    case "dispute_resolved":
      return `The host ${e.uphold ? "upholds" : "overturns"} record ${e.record + 1} by ${n.player(e.author)}${e.uphold ? "" : ": the table is back as it was before it"}${e.note ? ` (${e.note})` : ""}`;
    case "terrain_recorded":
      return `${who}records ${n.terrain(e.terrain)} as ${e.type}${e.note ? ` (${e.note})` : ""}`;
    case "result_declared":
      return `${who}declares ${e.winners?.length ? `${e.winners.map(n.player).join(", ")} the winner${e.winners.length > 1 ? "s" : ""}` : "no winner"}`;
    default:
      return undefined;
  }
}

const seatColour = (view, seat) => {
  const order = view?.turn?.order || Object.keys(view?.seats || {});
  const i = order.indexOf(seat);
  return i >= 0 ? PALETTE[i % PALETTE.length] : undefined;
};

// The board's pieces: a robot, monster or vehicle per form; badges for a fallen mecha, the
// acting one and destroyed parts.
export function pieces(view) {
  return (view?.pieces || []).map((p) => {
    const m = view.mechas?.[p.id];
    const badges = [];
    if (view.prompt?.mecha === p.id || view.activation?.mecha === p.id)
      badges.push({ text: "▶", title: "acting now", tone: "active" });
    if (p.status) badges.push({ text: "↓", title: p.status, tone: "warn" });
    const gone = (m?.parts || []).filter((q) => q.destroyed).length;
    if (gone) badges.push({ text: String(gone), title: `${plural(gone, "part")} destroyed`, tone: "danger" });
    return { ...p, icon: ICONS[p.form] || "robot", color: seatColour(view, p.owner), badges };
  });
}

export function legend(view, playerNames) {
  const order = view?.turn?.order || [];
  const n = names(view, playerNames);
  const forms = [...new Set((view?.pieces || []).map((p) => p.form))];
  return [
    ...order.map((s) => ({ label: n.player(s), color: seatColour(view, s), icon: "robot" })),
    ...forms.map((f) => ({ label: ucfirst(nice(f)), color: "#888", icon: ICONS[f] || "robot" })),
    { label: "Badges: ▶ acting, ↓ fallen, number = parts destroyed", color: "#fff" },
  ];
}

export function clock(view) {
  return { turn: view?.turn?.round ?? 0 };
}
