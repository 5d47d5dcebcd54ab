// Heavy Gear Blitz!: the pure view. From a view (and the table's player names) it gives the
// board's pieces (a silhouette per unit, faction colours, status badges), the legend, the
// clock overlays expire by, and a log line for every event: models named as their labels
// read on the board, places in inches from the top-left corner, numbers rounded as a tape
// measure reads. Used by players, spectators and the replay page alike. No DOM here.
import { placeWords, seatLabel, seatText, titleWords } from "../../words.js";

export const FACTIONS = [
  ["north", "Northern"],
  ["south", "Southern"],
  ["peace_river", "Peace River"],
];
export const SPEEDS = [
  ["stationary", "Stationary"],
  ["combat", "Combat"],
  ["full", "Full"],
];
export const MODES = [
  ["walker", "Walker"],
  ["ground", "Ground"],
];
export const PHASES = {
  terrain: "Terrain and forces",
  deployment: "Deployment",
  initiative: "Initiative",
  activation: "Activation",
  reaction: "Return Fire",
  over: "Game over",
};
export const TERRAIN_TYPES = [
  ["forest", "Forest (woods)"],
  ["rough", "Rough"],
  ["sandy", "Sandy"],
  ["hill", "Hill (level)"],
  ["building", "Building (impassable)"],
  ["wall", "Wall (impassable)"],
];
export const BANDS = ["point_blank", "short", "medium", "long", "extreme"];
export const BAND_NAMES = {
  point_blank: "Point Blank",
  short: "Short",
  medium: "Medium",
  long: "Long",
  extreme: "Extreme",
};
export const BOX_NAMES = { S: "Sturdy", L: "Light", H: "Heavy", C: "Critical" };
export const COVER_NAMES = { open: "Open", light: "Light cover", partial: "Partial cover", full: "Full cover" };
export const FACINGS = [
  [270, "North"],
  [315, "North-east"],
  [0, "East"],
  [45, "South-east"],
  [90, "South"],
  [135, "South-west"],
  [180, "West"],
  [225, "North-west"],
];
const SCREEN = ["Up", "Up-right", "Right", "Down-right", "Down", "Down-left", "Left", "Up-left"];

// The facings as a select offers them: the way each points on the screen first, then the
// compass ("Up (south)" on a board turned half round, where south is up).
export function facingChoices(flipped) {
  return FACINGS.map(([deg, compass], i) => [deg, `${SCREEN[(i + (flipped ? 4 : 0)) % 8]} (${compass}), ${deg}°`]);
}
// Faction colours (Okabe-Ito, told apart without colour too: each side has its own body shape).
export const FACTION_COLOURS = { north: "#0072B2", south: "#D55E00", peace_river: "#009E73" };
const FACTION_NAMES = Object.fromEntries(FACTIONS);

export const num = (v, d = 1) => {
  const f = 10 ** d;
  return Math.round(Number(v) * f) / f;
};
export const signed = (v) => (v > 0 ? `+${v}` : `${v}`);
export const nice = (s) => String(s ?? "").replace(/_/g, " ");
export const ucfirst = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
export const sum = (o) => Object.values(o || {}).reduce((a, b) => a + Number(b || 0), 0);
export const rollText = (r) => (r ? `${(r.faces || []).join(", ")} → ${r.fumble ? "Fumble (0)" : r.result}` : "");
export const modsText = (m) =>
  Object.entries(m || {})
    .map(([k, v]) => `${nice(k)} ${signed(v)}`)
    .join(", ") || "none";
export const other = (seat) => (seat === "north" ? "south" : "north");
// A place on the table as a tape measure reads it: inches from the West (x = 0) and North
// (y = 0) edges, the compass the facings use.
export const EDGES = ["West edge", "North edge"];
export const at = (x, y) => placeWords(x, y, "in", EDGES);
// A facing: its compass point when it is one ("South (90°)"), else the degrees.
export const deg = (f) => {
  const d = ((Math.round(Number(f) || 0) % 360) + 360) % 360;
  const compass = FACINGS.find(([x]) => x === d)?.[1];
  return compass ? `${compass} (${d}°)` : `${d}°`;
};
// An outcome's reason as the server wrote it; a table from before it named sides by their
// faction said "north conceded": read that seat as its label.
export const reasonWords = (reason) =>
  String(reason ?? "").replace(/\b(north|south)(?= conceded| has models left)/g, (seat) => seatLabel(seat));

// The seats' labels as the view's forces field them: the faction ("Peace River"), with the
// edge when both sides field the same one ("Northern, South edge"), as the server names them.
export function seatLabels(view) {
  const f = (seat) => view?.forces?.[seat]?.faction;
  if (!f("north") || !f("south")) return {};
  const same = f("north") === f("south");
  const of = (seat) => `${FACTION_NAMES[f(seat)] || titleWords(f(seat))}${same ? `, ${ucfirst(seat)} edge` : ""}`;
  return { north: of("north"), south: of("south") };
}

// Lookups over one view: model labels, player names, group names.
export function names(view, playerNames) {
  const cards = view?.cards || [];
  const pieces = view?.pieces || [];
  const label = (id) => cards.find((c) => c.id === id)?.label || pieces.find((p) => p.id === id)?.label || id;
  const player = (seat) => (seat ? seatText(seat, playerNames) : "nobody");
  const groupName = (seat, gid) => {
    const name = (view?.forces?.[seat]?.groups || []).find((g) => g.id === gid)?.name;
    const number = String(gid ?? "").replace(/\D/g, "");
    return name || (number ? `Combat Group ${number}` : "a Combat Group");
  };
  return { label, player, groupName };
}

function attackLine(e, L) {
  const extra =
    e.kind === "indirect_attack"
      ? ` indirectly (observer ${L(e.observer)}): ${e.modified} vs ${e.threshold}, ${e.on_target ? "on target" : `deviates ${num(e.mof)} in to ${at(...(e.landing || [0, 0]))}`}`
      : `: ${e.aim?.band ? BAND_NAMES[e.aim.band] : ""}, ${COVER_NAMES[e.aim?.cover?.category] || ""}`;
  return `${L(e.attacker)} fires ${e.weapon} at ${L(e.target)}${extra}; rolls ${rollText(e.attack_roll)}${e.sweep ? `, sweep ${e.sweep}` : ""}${e.focus ? `, focus ${e.focus}` : ""}`;
}

function resolvedLine(e, L) {
  const res = !e.hit
    ? `miss (MoF ${e.mof})`
    : e.result === "overkill"
      ? `MoS ${e.mos}, ${e.damage} damage: Overkill, removed`
      : e.result === "destroyed"
        ? `MoS ${e.mos}, ${e.damage} damage: destroyed`
        : e.result === "no_effect"
          ? `MoS ${e.mos}, ${e.damage} damage vs Armor ${e.armor}: no effect`
          : `MoS ${e.mos}, ${e.damage} damage vs Armor ${e.armor}: ${e.boxes} box${e.boxes === 1 ? "" : "es"} crossed`;
  return `${L(e.target)} defends ${rollText(e.defense_roll)} (${modsText(e.defense_modifiers)}) = ${e.defense} against ${e.attack}: ${res}`;
}

// A log line for an event, or undefined for the page's generic sentence.
export function describe(e, n) {
  const { label: L, player, groupName } = n;
  const who = e.seat ? `${player(e.seat)}: ` : "";
  switch (e.kind) {
    case "force_chosen":
      return `${who}fields the ${e.name} (${e.tv} TV)`;
    case "terrain_placed":
      return `${who}places ${e.piece?.label || e.piece?.type} (${nice(e.piece?.type)}${e.piece?.level ? `, level ${e.piece.level}` : ""})`;
    case "terrain_removed":
      return `${who}removes a piece of terrain`;
    case "ready":
      return `${who}is ready (${PHASES[e.phase] || nice(e.phase)})`;
    case "phase":
      return `Phase: ${PHASES[e.phase] || nice(e.phase)}`;
    case "deployed":
      return `${who}deploys ${L(e.model)} at ${at(e.x, e.y)} facing ${deg(e.facing)}`;
    case "round_started":
      return `Round ${e.round}: initiative ${(e.initiative || []).map((r) => `${seatLabel("north")} ${r.north} / ${seatLabel("south")} ${r.south}`).join(", then ")}: ${player(e.winner)} wins`;
    case "first_chosen": {
      const chosen = e.first ?? e.first_seat;
      return chosen
        ? chosen === e.seat
          ? `${who}activates first`
          : `${who}lets ${player(chosen)} activate first`
        : `${who}has chosen who activates a Combat Group first`;
    }
    case "group_activated":
      return `${who}activates its ${groupName(e.seat, e.group)}`;
    case "autopilot_set":
      return `${L(e.model)}: Autopilot ${e.on ? "on" : "off"} from round ${e.from_round}${e.on ? " (one defence die, a second attack)" : ""}`;
    case "speed_set":
      return `${L(e.model)}: ${e.speed} speed, ${e.mode} mode${e.autopilot ? ", Autopilot" : ""}`;
    case "moved": {
      const total = e.mp?.length ? e.mp[e.mp.length - 1] : 0;
      return `${L(e.model)} moves to ${at(e.x, e.y)} facing ${deg(e.facing)}: ${num(total)} MP spent, ${num(e.mp_left)} left`;
    }
    case "aim":
      return `${L(e.target)}: ${e.band ? BAND_NAMES[e.band] : "out of reach"}, ${COVER_NAMES[e.cover?.category] || ""}`;
    case "attack":
    case "indirect_attack":
      return attackLine(e, L);
    case "attack_resolved":
      return resolvedLine(e, L);
    case "designated":
      return `${L(e.observer)} designates ${L(e.target)} (${COVER_NAMES[e.cover?.category] || ""})${e.roll ? `: ${e.value} vs 3` : ""}`;
    case "designation_failed":
      return `${L(e.observer)} fails to designate ${L(e.target)} (${e.value} vs 3)`;
    case "ecm":
      return `${L(e.model)} jams ${L(e.observer)}: ${e.value} vs ${e.observer_value}, ${e.jammed ? "designation lost" : "no effect"}`;
    case "model_used":
      return `${L(e.model)} is Used${e.kept_action ? " (keeps its Action for Return Fire)" : ""}${e.speed ? `, back to ${e.speed} speed` : ""}`;
    case "group_done":
      return `${who}${groupName(e.seat, e.group)} is done`;
    case "round_ended":
      return `Round ${e.round} ends`;
    case "reaction_window":
      return `${player(e.reactor ?? other(e.seat))} may Return Fire at ${L(e.mover)} with ${(e.models || []).map(L).join(", ")}`;
    case "return_fire":
      return `${L(e.model)} returns fire at ${L(e.target)}`;
    case "move_stopped":
      return `${L(e.model)} loses Full Speed and stops at ${at(e.x, e.y)}: ${num(e.mp)} MP, its Combat Speed allowance`;
    case "no_return_fire":
      return `${who}passes (no Return Fire)`;
    case "end_proposed":
      return `${who}proposes to end the game: ${e.winner ? `${player(e.winner)} wins` : "no winner"}`;
    case "game_over":
    case "game_ended":
      if (e.kind === "game_over" && !e.seat)
        return `The table is finished: ${(e.winners || []).length ? `${e.winners.map(player).join(", ")} won` : "no winner"}; the dice proof is public`;
      return `Game over: ${(e.winners || []).length ? `${e.winners.map(player).join(", ")} won` : "no winner"}${e.reason ? ` (${reasonWords(e.reason)})` : ""}`;
    default:
      return undefined;
  }
}

// The silhouette of a unit: command models carry the star, Size 6 gears the heavy frame.
function iconOf(card) {
  if (!card) return "gear";
  if (card.leader || /command|chief|head/i.test(card.unit || "")) return "officer";
  if (Number(card.size) >= 6) return "strider";
  return "gear";
}

function badgesOf(card, piece, view) {
  const out = [];
  if (!card) return out;
  if (view.current?.model === card.id) out.push({ text: "▶", title: "acting now", tone: "active" });
  if (card.used)
    out.push({
      text: card.kept_action ? "K" : "U",
      title: card.kept_action ? "Used, Action kept" : "Used",
      tone: "muted",
    });
  const crossed = (card.boxes || []).filter((b) => b.crossed).length;
  if (crossed && card.status === "active")
    out.push({
      text: String(crossed),
      title: `damaged: ${crossed} of ${card.boxes.length} boxes crossed`,
      tone: "danger",
    });
  if (view.designations?.[card.id]) out.push({ text: "◎", title: "designated", tone: "warn" });
  if (piece.level) out.push({ text: `L${piece.level}`, title: `on level ${piece.level}`, tone: "info" });
  return out;
}

// The board's pieces: view.pieces with a silhouette, the faction's colour and badges.
export function pieces(view) {
  const cards = view?.cards || [];
  return (view?.pieces || []).map((p) => {
    const card = cards.find((c) => c.id === p.id);
    const faction = view.forces?.[card?.seat || p.owner]?.faction || card?.seat || p.owner;
    const wreck = p.status === "wreck";
    return {
      ...p,
      icon: wreck ? "token" : iconOf(card),
      color: wreck ? "#6d6a66" : FACTION_COLOURS[faction] || undefined,
      tone: wreck ? "wreck" : p.status === "reserve" ? "reserve" : card?.used ? "used" : undefined,
      badges: badgesOf(card, p, view),
      kind: card?.unit || p.kind, // the unit's name ("Command Jäger")
      where: at(p.x, p.y), // the board names a place from the West and North edges
      side: card?.seat ? seatLabel(card.seat) : undefined,
    };
  });
}

export function legend(view) {
  const out = [];
  for (const seat of ["north", "south"]) {
    const f = view?.forces?.[seat];
    if (!f) continue;
    out.push({
      label: `${seatLabel(seat)}: ${f.name || FACTION_NAMES[f.faction] || titleWords(f.faction)}`,
      color: FACTION_COLOURS[f.faction] || "#777",
      icon: "gear",
    });
  }
  if (!out.length) return null;
  out.push(
    { label: "Command model", color: "#888", icon: "officer" },
    { label: "Size 6 gear", color: "#888", icon: "strider" },
  );
  out.push({ label: "Badges: ▶ acting, U used, K Action kept, number = boxes crossed, ◎ designated", color: "#fff" });
  return out;
}

// Overlays live for an activation: the clock is (round, how many models have acted).
export function clock(view) {
  const acted = (view?.cards || []).filter((c) => c.used).length + (view?.current?.model ? 1 : 0);
  return { turn: view?.turn?.round || 0, activation: acted };
}

// HGB draws the last direct attack itself (overlays.js: the line of fire and what the shot did),
// so the table's generic last-action marks leave shots to it.
export const drawsAttacks = true;
