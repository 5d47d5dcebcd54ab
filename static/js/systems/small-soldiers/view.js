// Small Soldiers Big Battle: the pure view. From a view (and the table's player names) it gives
// the board's pieces (a silhouette per army, the leader's star, the card under a fighter as a
// badge, army colours), the legend, the clock overlays expire by, and a log line for every
// event: fighters and armies by name, spaces as the board's coordinates, players by name.
// Used by players, spectators and the replay page alike. No DOM here.
import { cellName, seatText } from "../../words.js";

export const SKULL = "skull";
export const ARMY_COLORS = { gorgonites: "#7b3fa0", commandos: "#b08a4a" };
export const CARD_SHORT = { weapon: "W", armor: "A", vehicle: "V" };
export const REASONS = {
  flag_captured: "captured the enemy flag",
  all_in_toy_store: "sent every enemy fighter to the Toy Store",
};
const ARMY_NAMES = { gorgonites: "Gorgonites", commandos: "Commando Elite" };

export const armyOf = (seat) => String(seat || "").split("-")[0];
export const enemyOf = (army) => (army === "gorgonites" ? "commandos" : "gorgonites");
export const hexKey = (q, r) => `${q},${r}`;
const face = (f) => (f === SKULL ? "a skull" : String(f));
// A space by the board's coordinates ("B4"; the view's cells carry the names).
export const spaceName = (view, q, r) => cellName(view?.board, q, r) || "off the board";

// Lookups over one view: fighter names (on the board or in a Toy Store), armies, players.
export function names(view, playerNames) {
  const m = new Map();
  for (const p of view?.pieces || []) if (p.kind === "fighter") m.set(p.id, p.label);
  for (const list of Object.values(view?.toy_store || {})) for (const f of list) m.set(f.id, f.name);
  const fighter = (id) => m.get(id) || id;
  const army = (a) => view?.armies?.[a]?.name || ARMY_NAMES[a] || a;
  // "Ann (Gorgonites)": a seat's label is its army (at four players with its number)
  const seat = (s) => seatText(s, playerNames, army(armyOf(s)));
  const player = seat;
  return { fighter, army, seat, player, view };
}

// A log line for the game's own events (undefined: the page's default).
export function describe(e, n) {
  const { fighter: F, army: A, seat: S } = n;
  switch (e.kind) {
    case "deployed":
      return `${A(e.army)} deployed; ${F(e.reserve)} waits in the Toy Store`;
    case "opening_roll_needed":
      return "Both armies are deployed: roll for the first turn";
    case "opening_rolled":
      return `${A(e.army)} rolled ${face(e.face)} for the first turn`;
    case "opening_tied":
      return "The opening roll is tied: roll again";
    case "first_player":
      return `${A(e.army)} go first`;
    case "turn_started":
      return `Turn ${e.number}: ${e.player ? S(e.player) : A(e.army)}`;
    case "spun": {
      const r = e.result || {};
      return `${S(e.seat)} spun ${r.kind === "move" ? `a ${r.value}: move ${r.value} space${r.value === 1 ? "" : "s"}` : r.kind === "draw" ? "Draw a Card" : "Recruit"}`;
    }
    case "no_move":
      return `${S(e.seat)} has no fighter that can move ${e.value}`;
    case "moves_ended":
      return `${S(e.seat)} is done moving`;
    case "moved":
      return `${F(e.fighter)} moved ${e.steps} space${e.steps === 1 ? "" : "s"} to space ${spaceName(n.view, e.to?.[0], e.to?.[1])}`;
    case "battle": {
      const r = e.rolls?.[e.rolls.length - 1];
      const side = (s) => (s ? `${face(s.face)}${s.bonus ? `+${s.bonus}` : ""}` : "?");
      return `${F(e.attacker)} battled ${F(e.defender)}: ${side(r?.attacker)} against ${side(r?.defender)}; ${F(e.winner)} wins`;
    }
    case "to_toy_store":
      return `${F(e.fighter)} went to the Toy Store (${String(e.reason || "").replace(/_/g, " ")})`;
    case "card_drawn":
      return `${S(e.seat)} drew ${e.card?.name}`;
    case "card_played":
      return `${S(e.seat)} played ${e.card?.name} from the hand`;
    case "card_placed":
      return `${e.card?.name} goes under ${F(e.fighter)}`;
    case "card_discarded":
      return `${e.card?.name} discarded (${String(e.reason || "").replace(/_/g, " ")})`;
    case "deck_reshuffled":
      return `The discard pile was shuffled into a new deck of ${e.cards}`;
    case "deck_empty":
      return "The deck is empty";
    case "recruit_impossible":
      return `${S(e.seat)} cannot recruit now`;
    case "recruited":
      return `${F(e.fighter)} was recruited`;
    case "declined":
      return `${S(e.seat)} ended the turn`;
    case "catapult": {
      const hits = (e.hits || []).map((x) => `${F(x.fighter)} ${String(x.result).replace(/_/g, " ")}`).join(", ");
      return `${A(e.army)} launched the catapult: the ball flew ${e.flight_spaces} spaces${hits ? `; ${hits}` : ", hitting nobody"}`;
    }
    case "sits_out":
      return `${S(e.player)} sits out (${String(e.reason || "").replace(/_/g, " ")})`;
    case "game_won":
      return `${A(e.army)} win: ${REASONS[e.reason] || e.reason}`;
    default:
      return undefined;
  }
}

// A fighter's short name for its caption (the full name stays in its accessible name).
const shortName = (label) => (label.includes(" ") && label.length > 9 ? label.split(" ")[0] : label);

// The board's pieces: Gorgonites as monsters, Commandos as soldiers, leaders with the star,
// flags as flags; the card under a fighter as a badge.
export function pieces(view) {
  return (view?.pieces || []).map((p) => {
    const color = ARMY_COLORS[p.army];
    if (p.kind === "flag") return { ...p, icon: "flag", color, caption: "", shape: "circle" };
    const leader = p.status === "leader";
    const badges = [];
    if (leader) badges.push({ text: "♛", title: "leader", tone: "warn" });
    if (p.card)
      badges.push({
        text: `${CARD_SHORT[p.card.type] || "?"}${p.card.bonus ? `+${p.card.bonus}` : ""}`,
        title: `holds ${p.card.name}`,
        tone: "info",
      });
    return {
      ...p,
      icon: leader ? "officer" : p.army === "gorgonites" ? "monster" : "soldier",
      color,
      badges,
      caption: shortName(String(p.label || p.id)),
      shape: p.army === "gorgonites" ? "hexagon" : "square",
    };
  });
}

export function legend(view) {
  const armies = Object.keys(view?.armies || ARMY_COLORS);
  const n = names(view);
  return [
    ...armies.map((a) => ({
      label: n.army(a),
      color: ARMY_COLORS[a] || "#777",
      icon: a === "gorgonites" ? "monster" : "soldier",
    })),
    { label: "Leader (♛)", color: "#888", icon: "officer" },
    { label: "Flag", color: "#888", icon: "flag" },
    { label: "Badge W/A/V+n: the Weapon, Armor or Vehicle card under the fighter", color: "#fff" },
  ];
}

// Overlays live for a turn: the clock is the turn number.
export function clock(view) {
  return { turn: view?.turn?.round ?? 0 };
}
