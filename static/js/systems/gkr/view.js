// GKR: Heavy Hitters with Big Little Buddy: the pure view. From a view (and the table's player
// names) it gives the board's pieces (a silhouette per unit kind in the faction's colour, cards
// or HP as badges), the legend, the clock and a log line for every event: units and factions by
// name, players as "<name> (<faction>)", hexes by the board's coordinates ("hex B4") and
// buildings by their labels ("Building 3"). Used by players, spectators and the replay page alike.
import { cellName, listed, seatText } from "../../words.js";

export const FACINGS = [
  [0, "east"],
  [300, "north-east"],
  [240, "north-west"],
  [180, "west"],
  [120, "south-west"],
  [60, "south-east"],
];
export const NEIGHBOURS = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];
export const PHASES = {
  deploy: "Deploy",
  movement: "Movement",
  combat: "Combat",
  tagging: "Tagging",
  reset: "Reset",
  over: "Game over",
};
export const STEPS = { heavy: "Heavy Hitters", blb: "Big Little Buddy", support: "Support Units" };
export const SUPPORT = ["combat", "repair", "recon"];
export const AREAS = {
  energy: "Energy",
  weapons: "Weapon values",
  dice: "Dice",
  flank: "Flank shots",
  tagging: "Tagging",
  support: "Support units",
};
const ICONS = { heavy: "robot", blb: "monster", combat: "tank", repair: "wrench", recon: "drone" };

export const hexKey = (p) => `${p.q},${p.r}`;
// A hex by the board's coordinates ("B4"; the view's cells carry the names).
export const hexText = (view, p) => cellName(view?.board, p?.q, p?.r) || "off the board";
// A building by its label on the board: "Building 3" (its id is "b3").
export const buildingText = (b) => b?.name || `Building ${String(b?.id ?? "?").replace(/^b/, "")}`;
export const facingName = (deg) => (FACINGS.find(([d]) => d === deg) || [0, `${deg}°`])[1];

// Lookups over one view.
export function names(view, playerNames) {
  const faction = (seat) => view?.players?.[seat]?.name || seat || "nobody";
  const colour = (seat) => view?.players?.[seat]?.colour || "#777";
  // "Ann (DiamondBack)": a seat's label is its faction's name (the view's, also where the
  // page has registered no labels)
  const player = (seat) => (seat ? seatText(seat, playerNames, faction(seat)) : "nobody");
  const unitName = (id) => {
    if (id === "blb") return "Big Little Buddy";
    const piece = (view?.pieces || []).find((p) => p.id === id);
    const [seat, kind] = String(id).split(":");
    if (kind === "heavy") return piece?.name || `${faction(seat)} Heavy Hitter`;
    const kindName = { combat: "Combat Unit", repair: "Repair Unit", recon: "Recon Unit" }[kind] || kind || id;
    return `${faction(seat)} ${piece?.name || kindName}`;
  };
  const buildingAt = (p) => (view?.board?.buildings || []).find((b) => b.q === p.q && b.r === p.r);
  const building = (id) => buildingText((view?.board?.buildings || []).find((b) => b.id === id) || { id });
  // "B4", or "C3, Building 2 (rubble)"
  const hexLabel = (p) => {
    const b = buildingAt(p);
    return `${hexText(view, p)}${b ? `, ${buildingText(b)}${b.demolished ? " (rubble)" : ""}` : ""}`;
  };
  const hex = (p) => `hex ${hexText(view, p)}`;
  return { faction, colour, player, unitName, buildingAt, building, hexLabel, hex };
}

// A log line for the game's own events (undefined: the page's default).
export function describe(e, n) {
  const f = n.player,
    u = n.unitName;
  const who = e.player ? f(e.player) : e.seat ? f(e.seat) : "";
  switch (e.kind) {
    case "round":
      return `Round ${e.round}: turn order ${(e.turn_order || []).map(n.faction).join(", ")}`;
    case "phase":
      return `${PHASES[e.phase] || e.phase} Phase${e.step ? `: ${STEPS[e.step] || e.step}` : ""}`;
    case "turn_ended":
      return `${who} ended the turn`;
    case "blb_activated":
      return `${who} activated Big Little Buddy and put a Holo-board Tag on him`;
    case "sponsor_played":
      return `${who} played ${e.name}`;
    case "deployed":
      return `${u(e.unit)} was called in at ${n.hex(e)}`;
    case "moved":
      return `${u(e.unit)} moved ${e.hexes} hex${e.hexes === 1 ? "" : "es"} to ${n.hex(e.to)}, facing ${facingName(e.facing)}${e.card ? " with a movement card" : ""}`;
    case "energy_spent":
      return `${who} spent ${e.amount} energy (${e.energy} left)`;
    case "weapons_chosen":
      return `${who} put ${e.count} weapon${e.count === 1 ? "" : "s"} face down${e.entries ? `: ${e.entries.map((x) => x.weapon?.name).join(", ")}` : ""}`;
    case "firing_line_revealed":
      return `The firing line is revealed: ${(e.entries || []).map((x) => `${x.weapon?.name} (${n.faction(x.owner)}, speed ${x.weapon?.speed})`).join(", ") || "nothing"}`;
    case "attack":
      return `${u(e.unit)} fired ${e.weapon} at ${u(e.target)}${e.flank ? " (flank shot)" : ""}: ${e.hits} hit${e.hits === 1 ? "" : "s"}, ${e.saves} saved, ${e.damage} damage`;
    case "attack_void":
      return `${e.weapon} of ${u(e.unit)} did not fire: ${e.reason}`;
    case "damaged":
      return `${u(e.unit)} took ${e.amount} damage${e.hp !== undefined ? ` (${e.hp} left)` : ""}`;
    case "destroyed":
      return `${u(e.unit)} was destroyed${e.by ? ` by ${f(e.by)}` : ""}`;
    case "blb_destroyed":
      return `Big Little Buddy was destroyed by ${f(e.by)}${e.controller ? ` (controlled by ${f(e.controller)})` : ""}`;
    case "sponsor_stolen":
      return e.card === null
        ? `${f(e.by)} found no sponsor card to take from ${f(e.from)}`
        : `${f(e.by)} took a random sponsor card from ${f(e.from)}`;
    case "blb_removed":
      return "Big Little Buddy left the board at the end of the Combat Phase";
    case "blb_control_ended":
      return `${f(e.player)}'s control of Big Little Buddy ended; the tag returns`;
    case "tagged":
      return `${u(e.unit)} tagged ${n.building(e.building)} (${e.count} tag${e.count === 1 ? "" : "s"})`;
    case "demolished":
      return `${n.building(e.building)} was demolished by ${f(e.by)} (${e.total} so far)`;
    case "sponsor_drawn":
      return `${f(e.player)} drew ${e.count} sponsor card${e.count === 1 ? "" : "s"}`;
    case "cards_drawn":
      return `${f(e.player)} drew ${e.count} card${e.count === 1 ? "" : "s"}`;
    case "repaired":
      return `${u(e.unit)} repaired ${e.amount}`;
    case "blb_redeployed":
      return `Big Little Buddy is back in the centre at full HP (${e.hp})`;
    case "displacement_required":
      return `${u(e.unit)} must leave the centre: ${f(e.owner)} displaces it`;
    case "displaced":
      return `${u(e.unit)} was displaced to ${n.hex(e)}`;
    case "recorded":
      return `${f(e.player)} recorded ${AREAS[e.area] || e.area}${e.note ? `: ${e.note}` : ""}`;
    case "steal_offered":
      return `${f(e.player)} may steal a random sponsor card from ${f(e.from)}`;
    case "steal_declined":
      return `${f(e.player)} takes no sponsor card from ${f(e.from)}`;
    case "disputed":
      return `${f(e.player)} disputes record ${e.record + 1} by ${f(e.author)}${e.reason ? `: ${e.reason}` : ""}; the game waits for the host`;
    case "dispute_resolved":
      return `The host ${e.uphold ? "upheld" : "overturned"} record ${e.record + 1} by ${f(e.author)}`;
    case "result_stated":
      return `${f(e.player)} stated the result of ${e.weapon}`;
    case "victory":
      return `${listed((e.winners || []).map(f)) || "Nobody"} won: ${e.reason}`;
    default:
      return undefined;
  }
}

// The board's pieces: a robot, a monster, a tank, a wrench or a drone; cards left or HP as a badge.
export function pieces(view) {
  return (view?.pieces || []).map((p) => {
    const n = Number(String(p.status || "").match(/\d+/)?.[0]);
    const badges = [];
    if (Number.isFinite(n))
      badges.push({ text: String(n), title: p.status, tone: p.kind === "heavy" ? "info" : "danger" });
    if (p.kind === "blb" && p.tag)
      badges.push({ text: "T", title: `Holo-board Tag of ${view.players?.[p.tag]?.name || p.tag}`, tone: "warn" });
    const caption =
      p.kind === "heavy" ? view.players?.[p.owner]?.name || p.name : p.kind === "blb" ? p.name || p.label : p.label;
    return { ...p, icon: ICONS[p.kind] || "token", caption, badges };
  });
}

export function legend(view) {
  const order = view?.turn?.turn_order?.length ? view.turn.turn_order : Object.keys(view?.players || {});
  return [
    ...order.map((s) => ({
      label: view.players?.[s]?.name || s,
      color: view.players?.[s]?.colour || "#777",
      icon: "robot",
    })),
    { label: "Heavy Hitter (badge: cards left)", color: "#888", icon: "robot" },
    { label: "Big Little Buddy (HP; T: tagged)", color: "#888", icon: "monster" },
    { label: "Combat Unit", color: "#888", icon: "tank" },
    { label: "Repair Unit", color: "#888", icon: "wrench" },
    { label: "Recon Unit", color: "#888", icon: "drone" },
  ];
}

export function clock(view) {
  return { turn: view?.turn?.round ?? 0 };
}
