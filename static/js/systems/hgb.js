// Heavy Gear Blitz! (Quick Start): force choice, deployment, initiative, activation, speed and
// mode, movement along a drawn path, attacks with arcs, range bands and cover, Return Fire,
// unit cards with damage boxes, the winner. The server decides everything; this module shows
// the view, asks /preview for what a drawn path or an aimed attack would do, and sends actions.
// Board units are inches; facing is degrees, 0 = east, clockwise (y grows towards south).
// Every text node is set with textContent.
import { el as svgEl, text as svgText, clear as svgClear } from "../board/svg.js";
import { api, loadSeat, newId } from "../api.js";
import { button, h } from "./dom.js";

const FACTIONS = [["north", "Northern"], ["south", "Southern"], ["peace_river", "Peace River"]];
const SPEEDS = [["stationary", "Stationary"], ["combat", "Combat"], ["full", "Full"]];
const MODES = [["walker", "Walker"], ["ground", "Ground"]];
const PHASES = { terrain: "Terrain and forces", deployment: "Deployment", initiative: "Initiative",
  activation: "Activation", reaction: "Return Fire", over: "Game over" };
const TERRAIN_TYPES = [["forest", "Forest (woods)"], ["rough", "Rough"], ["sandy", "Sandy"], ["hill", "Hill (level)"],
  ["building", "Building (impassable)"], ["wall", "Wall (impassable)"]];
const BANDS = ["point_blank", "short", "medium", "long", "extreme"];
const BAND_NAMES = { point_blank: "Point Blank", short: "Short", medium: "Medium", long: "Long", extreme: "Extreme" };
const BOX_NAMES = { S: "Sturdy", L: "Light", H: "Heavy", C: "Critical" };
const COVER_NAMES = { open: "Open", light: "Light cover", partial: "Partial cover", full: "Full cover" };
const FACINGS = [[270, "North (up)"], [315, "North-east"], [0, "East"], [45, "South-east"], [90, "South (down)"],
  [135, "South-west"], [180, "West"], [225, "North-west"]];


let uid = 0;
const nextId = (p) => `hgb-${p}-${++uid}`;

function field(labelText, input, cls = "field") {
  if (!input.id) input.id = nextId("f");
  return h("div", { class: cls }, h("label", { for: input.id, text: labelText }), input);
}

function select(options, value, props = {}) {
  const s = h("select", props);
  for (const [v, label, disabled] of options) {
    const o = h("option", { value: String(v), text: label, disabled: !!disabled });
    if (String(v) === String(value)) o.selected = true;
    s.append(o);
  }
  return s;
}

const num = (v, d = 1) => { const f = 10 ** d; return Math.round(Number(v) * f) / f; };
const signed = (v) => (v > 0 ? `+${v}` : `${v}`);
const nice = (s) => String(s ?? "").replace(/_/g, " ");
const ucfirst = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const sum = (o) => Object.values(o || {}).reduce((a, b) => a + Number(b || 0), 0);
const norm = (a) => ((a % 360) + 360) % 360;
const bearing = (a, b) => norm((Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI);
const rollText = (r) => (r ? `${(r.faces || []).join(", ")} → ${r.fumble ? "Fumble (0)" : r.result}` : "");
const modsText = (m) => Object.entries(m || {}).map(([k, v]) => `${nice(k)} ${signed(v)}`).join(", ") || "none";

function inside(pt, poly) {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i], [xj, yj] = poly[j];
    if ((yi > pt.y) !== (yj > pt.y) && pt.x < ((xj - xi) * (pt.y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

// Ramer-Douglas-Peucker: the drawn trail as few waypoints as keep its shape (within eps inches).
function simplify(points, eps) {
  if (points.length < 3) return points;
  const [a, b] = [points[0], points[points.length - 1]];
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1e-9;
  let best = -1, at = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i];
    const d = Math.abs((b.x - a.x) * (a.y - p.y) - (a.x - p.x) * (b.y - a.y)) / len;
    if (d > best) { best = d; at = i; }
  }
  if (best <= eps) return [a, b];
  return [...simplify(points.slice(0, at + 1), eps).slice(0, -1), ...simplify(points.slice(at), eps)];
}

function arcPath(c, r, from, to) {
  // a pie slice from angle `from` to `to` (degrees, clockwise), or a full disc
  if (to - from >= 359.9) return `M ${c.x - r} ${c.y} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
  const p = (a) => [c.x + r * Math.cos((a * Math.PI) / 180), c.y + r * Math.sin((a * Math.PI) / 180)];
  const [x1, y1] = p(from), [x2, y2] = p(to);
  return `M ${c.x} ${c.y} L ${x1} ${y1} A ${r} ${r} 0 ${to - from > 180 ? 1 : 0} 1 ${x2} ${y2} Z`;
}

export function mount(ctx) {
  const { container, board } = ctx;
  const me = ctx.seat || null;
  document.body.classList.add("hgb-table");
  container.classList.add("hgb-panel");

  // --- panel skeleton -------------------------------------------------------------------------
  const banner = h("div", { class: "hgb-winner", role: "alert", hidden: true });
  const status = h("div", { class: "hgb-status", role: "status", "aria-live": "polite" });
  const controls = h("div", { class: "hgb-controls" });
  const lastBox = h("section", { class: "hgb-last", "aria-label": "Last attack", "aria-live": "polite" });
  const cardsBox = h("section", { class: "hgb-cards", "aria-label": "Unit cards" });
  const endBox = h("div", { class: "hgb-end" });
  container.replaceChildren(h("h2", { text: "Heavy Gear Blitz!" }), banner, status, controls, lastBox, cardsBox, endBox);
  const boardBanner = h("div", { class: "hgb-board-banner", hidden: true, "aria-hidden": "true" });
  document.querySelector(".board-wrap")?.append(boardBanner);

  // --- board overlays ---------------------------------------------------------------------------
  const below = svgEl("g", { class: "hgb-below" }, board.overlayBelow);
  const above = svgEl("g", { class: "hgb-above" }, board.overlay);
  const layers = {
    zones: svgEl("g", { class: "hgb-zone-layer" }, below),
    arcs: svgEl("g", { class: "hgb-arc-layer" }, below),
    moved: svgEl("g", { class: "hgb-moved-layer" }, below),
    marks: svgEl("g", { class: "hgb-mark-layer" }, above),
    shape: svgEl("g", { class: "hgb-shape-layer" }, above),
    aim: svgEl("g", { class: "hgb-aim-layer" }, above),
    path: svgEl("g", { class: "hgb-path-layer" }, above),
  };

  const st = {
    view: null, model: null, target: null, weapon: null, indirect: false, sweep: 0, focus: 0,
    keep: false, facing: "path", deployModel: null, deployFacing: null, faction: null, forces: {},
    waypoints: [], aim: null, aimKey: null, lastAttack: [], lastMove: null, trail: null, dragId: null,
    drawn: null, previewMove: null, sig: null, cardsSig: null, group: null, rfModel: null, rfWeapon: null, rfAt: -1,
  };

  // --- names and lookups --------------------------------------------------------------------------
  const player = (seat) => { const n = ctx.names?.get?.(seat); return n && n !== seat ? `${n} (${seat})` : seat || "nobody"; };
  const cards = () => st.view?.cards || [];
  const cardOf = (id) => cards().find((c) => c.id === id);
  const pieceOf = (id) => (st.view?.pieces || []).find((p) => p.id === id);
  const label = (id) => cardOf(id)?.label || pieceOf(id)?.label || id;
  const weaponCard = (code) => st.view?.weapons?.[code] || {};
  const phase = () => st.view?.turn?.phase;
  const myTurn = () => !!(me && (st.view?.turn?.active || []).includes(me) && !st.view?.result);
  const rules = () => st.view?.rules || { base_radius: 0.5, fixed_arc_degrees: 60 };
  const groupName = (seat, gid) => (st.view?.forces?.[seat]?.groups || []).find((g) => g.id === gid)?.name || gid;
  const other = (seat) => (seat === "north" ? "south" : "north");

  function send(action) {
    return ctx.send(action).catch((err) => { ctx.message(`Refused: ${err.message}`); throw err; });
  }
  const fire = (action) => send(action).catch(() => {});

  async function preview(action) {
    const seat = loadSeat(ctx.table.id);
    if (!seat?.token) return null;
    try {
      return await api(`/api/tables/${ctx.table.id}/preview`, { method: "POST", token: seat.token, body: { id: newId("p"), action } });
    } catch (err) {
      return { legal: false, events: [], error: { message: err.message } };
    }
  }

  // The models of mine that may act now (the active group's, or any group's not yet done).
  function actors(view) {
    if (!me || view.turn?.phase !== "activation" || view.to_activate !== me) return [];
    const cur = view.current;
    const done = view.groups_done?.[me] || [];
    return cards().filter((c) => c.seat === me && c.status === "active" && !c.used
      && (cur ? c.group === cur.group : !done.includes(c.group)));
  }

  // --- status, initiative and winner ---------------------------------------------------------------
  function showStatus(view) {
    const turn = view.turn || {};
    const result = view.result;
    if (result) {
      const winners = result.winners || [];
      const who = winners.map(player).join(", ");
      banner.replaceChildren(h("strong", { text: me && winners.includes(me) ? "You win! " : "Game over. " }),
        h("span", { text: who ? `${who} won: ${result.reason}.` : `No winner: ${result.reason}.` }));
      banner.hidden = false;
      boardBanner.textContent = who ? `${who} wins!` : "A draw";
      boardBanner.hidden = false;
    } else {
      banner.hidden = true;
      boardBanner.hidden = true;
    }
    const mine = myTurn();
    const bits = [h("strong", { class: "hgb-round", text: turn.round ? `Round ${turn.round}` : "Setup" }),
      h("span", { class: "hgb-phase", text: ` · ${PHASES[turn.phase] || nice(turn.phase)}` })];
    const lines = [h("div", {}, ...bits)];
    const ini = view.initiative;
    if (ini && turn.round) {
      const rolls = (ini.rolls || []).map((r) => `north ${r.north}, south ${r.south}`).join("; then ");
      lines.push(h("p", { class: "hgb-initiative", text: `Initiative: ${rolls}${(ini.rolls || []).length > 1 ? " (ties re-rolled)" : ""} → ${player(ini.winner)} wins${view.first ? `; ${player(view.first)} activates first` : ""}.` }));
    }
    if (turn.phase === "activation" || turn.phase === "reaction") {
      const cur = view.current;
      lines.push(h("p", { class: "hgb-activating", text: cur
        ? `Activating: ${player(cur.seat)}'s ${groupName(cur.seat, cur.group)}${cur.model ? `, ${label(cur.model)}` : ""}`
        : `To activate a Combat Group: ${player(view.to_activate)}` }));
    }
    const des = Object.entries(view.designations || {});
    if (des.length) lines.push(h("p", { class: "hgb-designations", text: `Designated: ${des.map(([t, d]) => `${label(t)} by ${label(d.observer)}`).join("; ")}` }));
    lines.push(h("p", { class: "hgb-who", text: result ? "" : mine ? `Your turn: ${view.prompt || ""}` : view.prompt || "" }));
    status.classList.toggle("mine", mine);
    status.replaceChildren(...lines);
    container.dataset.phase = turn.phase || "";
    container.dataset.mine = mine ? "yes" : "no";
  }

  // --- controls per phase --------------------------------------------------------------------------
  function renderControls(view) {
    const sig = JSON.stringify([view.turn, view.current, view.ready, view.forces, view.board?.terrain, st.terrainForm?.type, st.build, st.shape, st.drawing, view.result, view.pending, view.initiative, view.first, view.to_activate,
      st.model, st.target, st.weapon, st.indirect, st.sweep, st.focus, st.keep, st.facing, st.deployModel, st.deployFacing,
      st.faction, Object.keys(st.forces), st.waypoints, st.aimKey, st.aim, st.odds?.key, st.focus, st.group, st.rfModel, st.rfWeapon, st.rfAt,
      cards().filter((c) => c.seat === me).map((c) => [c.status, c.used, c.speed, c.mode, c.mp_spent, c.actions, c.x]),
      (view.pieces || []).filter((p) => p.owner === me).map((p) => [p.x, p.y, p.facing])]);
    if (sig === st.sig) return;
    st.sig = sig;
    const focusKey = controls.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
    controls.replaceChildren();
    if (!me || view.result) return;
    const p = phase();
    if (p === "terrain") controls.append(forceControls(view), terrainControls(view));
    else if (p === "deployment") controls.append(deployControls(view));
    else if (p === "initiative") controls.append(initiativeControls(view));
    else if (p === "activation") controls.append(...activationControls(view));
    else if (p === "reaction") controls.append(reactionControls(view));
    if (focusKey) controls.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus();
  }

  function forceControls(view) {
    const mineForce = view.forces?.[me];
    if (!st.faction) st.faction = mineForce?.faction || "north";
    const box = h("section", { class: "hgb-group hgb-force", "aria-label": "Force" }, h("h3", { text: "Your force" }));
    box.append(h("p", { class: "hgb-note", text: `Fielded now: ${mineForce?.name || "?"}, ${mineForce?.tv ?? "?"} TV. The other side fields ${view.forces?.[other(me)]?.name || "?"} (${view.forces?.[other(me)]?.tv ?? "?"} TV).` }));
    const fs = h("fieldset", { class: "hgb-factions" }, h("legend", { text: "Starting force" }));
    const name = nextId("faction");
    for (const [fid, fname] of FACTIONS) {
      const info = st.forces[fid];
      const id = nextId("fac");
      const tv = info ? `${info.tv ?? "?"} TV${info.listed_tv && info.listed_tv !== info.tv ? ` (listed ${info.listed_tv})` : ""}` : "TV …";
      const groups = info ? info.catalogue.groups.map((g) => `${g.name}: ${g.models.length} models`).join("; ") : "";
      fs.append(h("div", { class: "hgb-faction" },
        h("input", { type: "radio", name, id, value: fid, checked: st.faction === fid, "data-key": `faction-${fid}`,
          onchange: () => { st.faction = fid; renderControls(st.view); } }),
        h("label", { for: id }, h("strong", { text: info?.catalogue?.name || `${fname} Starting Forces` }),
          h("span", { class: "hgb-tv", text: ` · ${tv}` }), groups ? h("span", { class: "hgb-sub", text: groups }) : null)));
    }
    box.append(fs);
    const b = builderState(mineForce);
    if (b) box.append(builder(b));
    box.append(h("div", { class: "hgb-buttons" },
      button(b?.result?.error ? "Field this force (options not valid)" : `Field this force${b?.result?.tv != null ? ` (${b.result.tv} TV)` : ""}`, () => {
        const a = { kind: "choose_force", faction: st.faction };
        if (b) { a.choices = b.choices; if (b.command_group) a.command_group = b.command_group; }
        fire(a);
      }, { key: "choose-force", disabled: !!b?.result?.error }),
      button((view.ready || []).includes(me) ? "Ready (waiting for the other player)" : "Ready: forces and terrain are set",
        () => fire({ kind: "ready" }), { key: "ready", cls: "primary small", disabled: (view.ready || []).includes(me) })));
    return box;
  }

  // The force builder: the listed options per model (the server checks the limits and totals the TV).
  function builderState(mineForce) {
    const info = st.forces[st.faction];
    if (!info) return null;
    if (!st.build || st.build.faction !== st.faction) {
      const current = mineForce?.faction === st.faction;
      const choices = {};
      for (const m of info.models || []) if ((m.options || []).length) choices[m.key] = [...m.options];
      st.build = { faction: st.faction, choices: current ? structuredClone(mineForce.choices || {}) : choices,
        command_group: current ? mineForce.command_group || null : null, result: null, open: st.build?.open || false };
      checkBuild();
    }
    return st.build;
  }

  let buildSeq = 0;
  async function checkBuild() {
    const b = st.build;
    const mine = ++buildSeq;
    const body = { faction: b.faction, choices: b.choices };
    if (b.command_group) body.command_group = b.command_group;
    try {
      const r = await api("/api/rules/hgb/force", { method: "POST", body });
      if (mine !== buildSeq || st.build !== b) return;
      b.result = { tv: r.tv, error: r.error };
    } catch (err) {
      b.result = { tv: null, error: err.message };
    }
    st.sig = null;
    if (st.view) renderControls(st.view);
  }

  function builder(b) {
    const cat = st.forces[b.faction].catalogue;
    const det = h("details", { class: "hgb-builder", open: b.open });
    det.addEventListener("toggle", () => { b.open = det.open; });
    det.append(h("summary", { text: `Options (force builder): ${b.result ? b.result.error ? "not valid" : `${b.result.tv} TV` : "…"}` }));
    if (b.result?.error) det.append(h("p", { class: "error", role: "alert", text: b.result.error }));
    const fo = cat.force_options?.command_group;
    if (fo) {
      const cg = select([["", `Default (${fo.default})`], ...fo.choices.map((g) => [g, g])], b.command_group || "", { "data-key": "b-cg",
        onchange: (e) => { b.command_group = e.target.value || null; checkBuild(); } });
      det.append(field("Veteran Combat Group", cg));
    }
    for (const g of cat.groups) {
      const rows = [];
      for (const m of g.models) {
        const opts = cat.options.filter((o) => o.groups.includes(g.id) && o.units.includes(m.unit));
        if (!opts.length) continue;
        const picked = b.choices[m.key] || [];
        rows.push(h("div", { class: "hgb-build-row", role: "group", "aria-label": `${m.label} options` },
          h("span", { class: "hgb-build-model", text: `${m.label}` }),
          ...opts.map((o) => {
            const id = nextId("opt");
            const box = h("input", { type: "checkbox", id, checked: picked.includes(o.id), "data-key": `b-${m.key}-${o.id}`,
              onchange: (e) => {
                const now = new Set(b.choices[m.key] || []);
                if (e.target.checked) now.add(o.id); else now.delete(o.id);
                b.choices = { ...b.choices, [m.key]: [...now] };
                if (!b.choices[m.key].length) delete b.choices[m.key];
                checkBuild();
              } });
            return h("label", { class: "hgb-check", for: id }, box, h("span", { text: ` ${o.label}${o.tv ? ` (${o.tv > 0 ? "+" : ""}${o.tv} TV)` : ""}` }));
          })));
      }
      if (rows.length) det.append(h("h4", { text: `${g.name} (${g.tv} TV listed)` }), ...rows);
    }
    return det;
  }

  // The terrain editor: rectangles of the rulebook's terrain types, placed until both are ready.
  function terrainControls(view) {
    const box = h("section", { class: "hgb-group hgb-terrain", "aria-label": "Terrain" }, h("h3", { text: "Terrain" }));
    const t = st.terrainForm || (st.terrainForm = { type: "forest", label: "", x: 20, y: 20, w: 6, h: 4, level: 1 });
    const type = select(TERRAIN_TYPES, t.type, { "data-key": "t-type", onchange: (e) => { t.type = e.target.value; st.sig = null; renderControls(st.view); } });
    const name = h("input", { type: "text", maxLength: 60, value: t.label, "data-key": "t-label", placeholder: "e.g. North woods",
      oninput: (e) => { t.label = e.target.value; } });
    const numIn = (k, key, max = 48) => h("input", { type: "number", step: "0.5", min: "0", max: String(max), value: t[k], class: "hgb-num", "data-key": key,
      oninput: (e) => { t[k] = Number(e.target.value); } });
    box.append(h("p", { class: "hgb-note", text: "Place rectangles of terrain (inches from the top-left corner). Placing or removing terrain asks both players to confirm Ready again." }),
      h("div", { class: "hgb-row" }, field("Type", type), field("Name", name)),
      h("div", { class: "hgb-row" }, field("Left x", numIn("x", "t-x")), field("Top y", numIn("y", "t-y")),
        field("Width", numIn("w", "t-w")), field("Depth", numIn("h", "t-h"))));
    if (t.type === "hill" || t.type === "building") box.append(field("Level (1 inch each)", numIn("level", "t-level", 10)));
    const drawn = st.shape || [];
    box.append(h("div", { class: "hgb-buttons" }, button(drawn.length >= 3 ? `Place the drawn shape (${drawn.length} corners)` : "Place terrain", () => {
      const poly = drawn.length >= 3 ? drawn.map((q) => [q.x, q.y]) : [[t.x, t.y], [t.x + t.w, t.y], [t.x + t.w, t.y + t.h], [t.x, t.y + t.h]];
      st.shape = null; st.drawing = false; drawShape();
      const a = { kind: "place_terrain", id: `t-${Date.now().toString(36)}`, type: t.type, polygon: poly, label: t.label.trim() };
      if (t.type === "hill" || t.type === "building") a.level = t.level;
      fire(a);
    }, { key: "t-place" }),
    button(st.drawing ? "Drawing: click corners on the board" : "Draw a shape on the board", () => {
      st.drawing = !st.drawing; if (st.drawing) st.shape = []; drawShape(); st.sig = null; renderControls(st.view);
    }, { key: "t-draw", cls: "secondary small", pressed: st.drawing ? "true" : "false" }),
    drawn.length ? button("Clear the shape", () => { st.shape = null; st.drawing = false; drawShape(); st.sig = null; renderControls(st.view); },
      { key: "t-clear", cls: "secondary small" }) : null));
    if (drawn.length) box.append(h("p", { class: "hgb-note", text: `Drawn shape: ${drawn.length} corner${drawn.length === 1 ? "" : "s"}${drawn.length < 3 ? " (at least 3 needed; the rectangle above is used until then)" : ""}.` }));
    const list = view.board?.terrain || [];
    if (list.length) {
      const ul = h("ul", { class: "hgb-terrain-list" });
      for (const piece of list) {
        ul.append(h("li", {}, h("span", { text: `${piece.label || piece.type} (${piece.type}${piece.level ? `, level ${piece.level}` : ""})` }),
          button("Remove", () => fire({ kind: "remove_terrain", id: piece.id }), { key: `t-rm-${piece.id}`, cls: "secondary small", aria: `Remove ${piece.label || piece.type}` })));
      }
      box.append(ul);
    }
    return box;
  }

  function deployControls(view) {
    const box = h("section", { class: "hgb-group hgb-deploy", "aria-label": "Deployment" }, h("h3", { text: "Deploy" }));
    const zone = view.board?.zones?.[me];
    const ready = (view.ready || []).includes(me);
    const mine = cards().filter((c) => c.seat === me && (c.status === "reserve" || c.status === "active"));
    if (!st.deployModel || !mine.some((c) => c.id === st.deployModel)) st.deployModel = (mine.find((c) => c.status === "reserve") || mine[0])?.id || null;
    const defaultFacing = me === "north" ? 90 : 270;
    if (st.deployFacing === null) st.deployFacing = defaultFacing;
    box.append(h("p", { class: "hgb-note", text: `Within ${zone?.depth ?? 12} inches of your edge (y ${zone?.y?.[0]} to ${zone?.y?.[1]}). Drag a model on the board, or pick it and type where it stands. ${mine.filter((c) => c.status === "reserve").length} still waiting.` }));
    const m = select(mine.map((c) => [c.id, `${c.label} (${c.status === "reserve" ? "waiting" : "deployed"})`]), st.deployModel,
      { "data-key": "deploy-model", onchange: (e) => { st.deployModel = e.target.value; ctx.board.select(e.target.value); renderControls(st.view); } });
    const piece = pieceOf(st.deployModel) || {};
    // typed values survive a re-render (another player's action) until the model changes
    const da = st.deployAt;
    if (!da || da.model !== st.deployModel || da.px !== piece.x || da.py !== piece.y) {
      st.deployAt = { model: st.deployModel, px: piece.x, py: piece.y, x: num(piece.x ?? 4), y: num(piece.y ?? 6) };
    }
    const x = h("input", { type: "number", step: "0.1", min: "0", max: "48", value: st.deployAt.x, class: "hgb-num", "data-key": "deploy-x",
      oninput: (e) => { st.deployAt.x = e.target.value; } });
    const y = h("input", { type: "number", step: "0.1", min: "0", max: "48", value: st.deployAt.y, class: "hgb-num", "data-key": "deploy-y",
      oninput: (e) => { st.deployAt.y = e.target.value; } });
    const f = select(FACINGS.map(([v, n]) => [v, `${n}, ${v}°`]), st.deployFacing, { "data-key": "deploy-facing",
      onchange: (e) => { st.deployFacing = Number(e.target.value); } });
    box.append(field("Model", m), h("div", { class: "hgb-row" }, field("x (inches)", x), field("y (inches)", y)), field("Facing", f));
    box.append(h("div", { class: "hgb-buttons" },
      button("Deploy here", () => send({ kind: "deploy", model: st.deployModel, x: Number(x.value), y: Number(y.value), facing: st.deployFacing })
        .then(() => { st.deployModel = null; st.deployAt = null; st.sig = null; renderControls(st.view); }).catch(() => {}),
        { key: "deploy", disabled: ready || !st.deployModel }),
      button(ready ? "Ready (waiting for the other player)" : "Ready: deployment done", () => fire({ kind: "ready" }),
        { key: "ready", cls: "primary small", disabled: ready })));
    return box;
  }

  function initiativeControls(view) {
    const box = h("section", { class: "hgb-group hgb-first", "aria-label": "Initiative" }, h("h3", { text: "Initiative" }));
    if (view.initiative?.winner !== me) {
      box.append(h("p", { class: "hgb-note", text: `${player(view.initiative?.winner)} won the initiative and chooses who activates first.` }));
      return box;
    }
    box.append(h("p", { class: "hgb-note", text: "You won the initiative. Who activates a Combat Group first?" }),
      h("div", { class: "hgb-buttons" },
        button("We activate first", () => fire({ kind: "choose_first", seat: me }), { key: "first-me", cls: "primary small" }),
        button(`${ucfirst(other(me))} activates first`, () => fire({ kind: "choose_first", seat: other(me) }), { key: "first-them" })));
    return box;
  }

  function activationControls(view) {
    const out = [];
    const act = actors(view);
    const cur = view.current;
    if (view.to_activate !== me) {
      out.push(h("p", { class: "hgb-note", text: `${player(view.to_activate)} is activating.` }));
      return out;
    }
    const box = h("section", { class: "hgb-group hgb-activate", "aria-label": "Activation" }, h("h3", { text: "Combat Group and model" }));
    if (!cur) {
      const left = [...new Set(cards().filter((c) => c.seat === me && c.status === "active").map((c) => c.group))]
        .filter((g) => !(view.groups_done?.[me] || []).includes(g));
      if (!st.group || !left.includes(st.group)) st.group = left[0] || null;
      const g = select(left.map((gid) => [gid, `${groupName(me, gid)} (${gid})`]), st.group,
        { "data-key": "group", onchange: (e) => { st.group = e.target.value; st.model = null; renderControls(st.view); } });
      box.append(field("Combat Group", g), h("div", { class: "hgb-buttons" },
        button("Activate this group", () => fire({ kind: "activate_group", group: st.group }), { key: "activate", cls: "primary small", disabled: !st.group })));
      box.append(h("p", { class: "hgb-note", text: "Or act with one of its models below: that activates its group." }));
    } else {
      box.append(h("p", { class: "hgb-note", text: `${groupName(me, cur.group)} is active. Models act one at a time; starting another makes the previous one Used.` }));
    }
    const pool = cur ? act : act.filter((c) => c.group === (st.group || c.group));
    if (cur?.model && pool.some((c) => c.id === cur.model) && st.model !== cur.model && !pool.some((c) => c.id === st.model)) st.model = cur.model;
    if (!st.model || !pool.some((c) => c.id === st.model)) st.model = (pool.find((c) => c.id === cur?.model) || pool[0])?.id || null;
    const m = select(pool.map((c) => [c.id, `${c.label}${cur?.model === c.id ? " (acting)" : ""}`]), st.model,
      { "data-key": "model", onchange: (e) => { st.model = e.target.value; st.target = null; st.waypoints = []; ctx.board.select(st.model); syncAim(); renderControls(st.view); } });
    box.append(field("Model", m));
    out.push(box);
    const card = cardOf(st.model);
    if (card) out.push(speedControls(card), moveControls(card), attackControls(card), doneControls(card));
    else if (cur) out.push(h("div", { class: "hgb-buttons" }, button("End this Combat Group", () => fire({ kind: "end_group" }), { key: "end-group" })));
    return out;
  }

  function speedControls(card) {
    const box = h("section", { class: "hgb-group hgb-speed", "aria-label": "Speed and mode" }, h("h3", { text: "Speed and mode" }));
    const locked = card.mp_spent > 0 || card.moved_inches > 0;
    box.append(h("p", { class: "hgb-note", text: `${ucfirst(card.speed)} speed, ${card.mode} mode: ${card.speed === "stationary" ? `${rules().stationary_move_inches ?? 1} inch adjustment` : `${card.mp_now} MP`}. Change by one level, once per round, before moving.` }));
    const sp = select(SPEEDS.map(([v, n]) => [v, `${n} · ${v === "stationary" ? "1 in" : `${card.mp?.[card.mode]?.[v] ?? "?"} MP`}`]), card.speed, { "data-key": "speed" });
    const md = select(MODES.map(([v, n]) => [v, `${n} · ${card.mp?.[v]?.combat ?? "?"}/${card.mp?.[v]?.full ?? "?"} MP`]), card.mode, { "data-key": "mode" });
    const row = h("div", { class: "hgb-row" }, field("Speed", sp), field("Mode", md));
    const ap = (card.perks || []).some((p) => p.id === "autopilot") ? h("input", { type: "checkbox", "data-key": "autopilot", id: nextId("ap") }) : null;
    box.append(row);
    if (ap) box.append(h("label", { class: "hgb-check", for: ap.id }, ap, h("span", { text: " Autopilot (two Actions, one defence die)" })));
    box.append(h("div", { class: "hgb-buttons" }, button("Set speed and mode", () => {
      const a = { kind: "set_speed", model: card.id, speed: sp.value, mode: md.value };
      if (ap?.checked) a.autopilot = true;
      fire(a);
    }, { key: "set-speed", disabled: locked, title: locked ? "Speed changes only before moving" : undefined })));
    return box;
  }

  function moveControls(card) {
    const box = h("section", { class: "hgb-group hgb-move", "aria-label": "Movement" }, h("h3", { text: "Movement" }));
    const left = Math.max(0, card.mp_now - card.mp_spent);
    box.append(h("p", { class: "hgb-mp", text: card.speed === "stationary"
      ? `Stationary: ${num(card.moved_inches, 2)} of ${rules().stationary_move_inches ?? 1} inch moved.`
      : `MP: ${num(card.mp_spent, 2)} spent of ${card.mp_now}, ${num(left, 2)} left (${num(card.moved_inches, 2)} inches moved).` }));
    box.append(h("p", { class: "hgb-note", text: "Drag the model on the board to draw its path: the remaining MP follows the pointer and the server checks every point. Or add waypoints here." }));
    const f = select([["path", "Along the last leg"], ["keep", "Keep facing"], ...FACINGS.map(([v, n]) => [v, `${n}, ${v}°`])], st.facing,
      { "data-key": "move-facing", onchange: (e) => { st.facing = e.target.value; } });
    box.append(field("Facing after the move", f));
    const x = h("input", { type: "number", step: "0.1", min: "0", max: "48", class: "hgb-num", "data-key": "wp-x" });
    const y = h("input", { type: "number", step: "0.1", min: "0", max: "48", class: "hgb-num", "data-key": "wp-y" });
    const piece = pieceOf(card.id) || {};
    const last = st.waypoints[st.waypoints.length - 1] || { x: piece.x, y: piece.y };
    x.value = num(last.x ?? 0); y.value = num(last.y ?? 0);
    box.append(h("div", { class: "hgb-row" }, field("Waypoint x (inches)", x), field("Waypoint y (inches)", y)));
    const list = st.waypoints.map((p, i) => `${i + 1}: (${num(p.x)}, ${num(p.y)})${p.mp !== undefined ? ` ${num(p.mp, 2)} MP` : ""}`).join("; ");
    box.append(h("p", { class: "hgb-waypoints", "aria-live": "polite", text: st.waypoints.length ? `Path: ${list}` : "No waypoints yet." }));
    box.append(h("div", { class: "hgb-buttons" },
      button("Add waypoint", () => { st.waypoints = [...st.waypoints, { x: Number(x.value), y: Number(y.value) }]; checkWaypoints(card); }, { key: "wp-add" }),
      button("Clear path", () => { st.waypoints = []; svgClear(layers.path); renderControls(st.view); }, { key: "wp-clear", cls: "secondary small", disabled: !st.waypoints.length }),
      button("Move along the path", () => {
        const a = moveFor(card.id, st.waypoints);
        st.waypoints = [];
        fire(a);
      }, { key: "wp-move", cls: "primary small", disabled: !st.waypoints.length })));
    return box;
  }

  async function checkWaypoints(card) {
    const r = await preview(moveFor(card.id, st.waypoints));
    const ev = r?.events?.find((e) => e.kind === "moved");
    if (ev) st.waypoints = st.waypoints.map((p, i) => ({ ...p, mp: ev.mp[i] }));
    drawPath(card.id, st.waypoints.map((p) => [p.x, p.y]), ev, r && !r.legal ? r.error?.message : null);
    st.sig = null;
    renderControls(st.view);
    if (r && !r.legal) ctx.message(`Not legal: ${r.error?.message || "refused"}`);
  }

  function facingFor(from, path) {
    if (st.facing === "keep") return undefined;
    if (st.facing !== "path") return Number(st.facing);
    const pts = [from, ...path.map(([x, y]) => ({ x, y }))];
    for (let i = pts.length - 1; i > 0; i--) {
      if (Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y) > 0.05) return num(bearing(pts[i - 1], pts[i]), 2);
    }
    return undefined;
  }

  function moveFor(id, points, facing) {
    const piece = pieceOf(id) || { x: 0, y: 0 };
    const path = points.map((p) => (Array.isArray(p) ? p : [num(p.x, 2), num(p.y, 2)]));
    const a = { kind: "move", model: id, path };
    const f = facing !== undefined ? facing : facingFor(piece, path);
    if (f !== undefined) a.facing = f;
    return a;
  }

  function attackControls(card) {
    const box = h("section", { class: "hgb-group hgb-attack", "aria-label": "Attack" }, h("h3", { text: "Attack" }));
    const foes = cards().filter((c) => c.seat !== me && c.status === "active");
    const weapons = (card.weapons || []).filter((w) => weaponCard(w.code).dm);
    if (st.target && !foes.some((c) => c.id === st.target)) st.target = null;
    if (!st.weapon || !weapons.some((w) => w.code === st.weapon)) st.weapon = weapons[0]?.code || null;
    if (card.actions < 1) box.append(h("p", { class: "hgb-note warn", text: "No Action left this round (spent on an attack, a designation or Full Speed)." }));
    const t = select([["", "Choose a target…"], ...foes.map((c) => [c.id, `${c.label} (${c.unit})`])], st.target || "",
      { "data-key": "target", onchange: (e) => { st.target = e.target.value || null; syncAim(); renderControls(st.view); } });
    const w = select(weapons.map((x) => {
      const wc = weaponCard(x.code);
      return [x.code, `${x.code} ${x.name}: DM ${wc.dm}, ${wc.arc}${wc.rof ? `, ROF ${wc.rof}` : ""}${wc.ae ? `, AE ${wc.ae}` : ""}${wc.if ? ", IF" : ""}${x.ammo_left != null ? `, ${x.ammo_left} left` : ""}`, x.ammo_left === 0];
    }), st.weapon || "", { "data-key": "weapon", onchange: (e) => { st.weapon = e.target.value; syncAim(); renderControls(st.view); } });
    box.append(field("Target", t), field("Weapon", w));
    const wc = weaponCard(st.weapon);
    if (wc.ranges) box.append(h("p", { class: "hgb-ranges", text: `Ranges (inches, base to base): ${BANDS.map((b, i) => `${BAND_NAMES[b]} ${wc.ranges[i]}`).join(" · ")}` }));
    const designated = st.target && st.view.designations?.[st.target]?.seat === me;
    if (wc.if && designated) {
      const ind = h("input", { type: "checkbox", checked: st.indirect, "data-key": "indirect", id: nextId("ind"),
        onchange: (e) => { st.indirect = e.target.checked; syncAim(); renderControls(st.view); } });
      box.append(h("label", { class: "hgb-check", for: ind.id }, ind, h("span", { text: " Indirect Fire (the target is designated)" })));
    } else st.indirect = false;
    if (wc.rof) {
      const sw = h("input", { type: "number", min: "0", max: String(wc.rof), value: st.sweep, class: "hgb-num", "data-key": "sweep",
        onchange: (e) => { st.sweep = Math.max(0, Math.min(wc.rof, Number(e.target.value) || 0)); drawAim(); } });
      const fo = h("input", { type: "number", min: "0", max: String(wc.rof), value: st.focus, class: "hgb-num", "data-key": "focus",
        onchange: (e) => { st.focus = Math.max(0, Math.min(wc.rof, Number(e.target.value) || 0)); syncAim(); renderControls(st.view); } });
      box.append(h("div", { class: "hgb-row" }, field(`Sweep (inches, ROF ${wc.rof})`, sw), field("Focus (+1 DM each)", fo)));
    } else { st.sweep = 0; st.focus = 0; }
    box.append(aimDetails(card));
    const ok = st.aim && st.aim.legal && card.actions >= 1;
    box.append(h("div", { class: "hgb-buttons" },
      button(st.target ? `Roll the attack on ${label(st.target)}` : "Roll the attack", () => fire({ kind: "attack", model: card.id,
        weapon: st.weapon, target: st.target, indirect: st.indirect, sweep: st.sweep, focus: st.focus }),
      { key: "attack", cls: "primary small", disabled: !ok }),
      button("Designate this target (Forward Observer)", () => fire({ kind: "designate", model: card.id, target: st.target }),
        { key: "designate", disabled: !st.target || card.actions < 1 })));
    const observers = Object.values(st.view.designations || {}).filter((d) => d.seat !== me).map((d) => d.observer);
    if (card.ecm > 0 && observers.length) {
      const o = select(observers.map((id) => [id, label(id)]), observers[0], { "data-key": "ecm-observer" });
      box.append(field(`Jam an enemy observer (ECM ${card.ecm})`, o), h("div", { class: "hgb-buttons" },
        button("Jam with ECM", () => fire({ kind: "ecm", model: card.id, observer: o.value }), { key: "ecm", disabled: card.actions < 1 })));
    }
    return box;
  }

  function aimDetails(card) {
    const box = h("div", { class: "hgb-aim", "aria-live": "polite" });
    if (!st.target) { box.append(h("p", { class: "hgb-note", text: "Pick a target here or click an enemy model on the board." })); return box; }
    const a = st.aim;
    if (!a) { box.append(h("p", { class: "hgb-note", text: "Measuring…" })); return box; }
    if (a.error) { box.append(h("p", { class: "error", text: a.error })); return box; }
    const cov = a.cover || {};
    const dl = h("dl", { class: "hgb-aim-list" });
    const row = (k, v, cls) => dl.append(h("dt", { text: k }), h("dd", { text: v, class: cls }));
    row("Range", `${num(a.distance, 1)} in, ${a.band ? BAND_NAMES[a.band] : "out of reach"} (${signed(a.attack_modifiers?.range ?? 0)})`, "hgb-band");
    row("Arc", `${a.arc}: ${a.in_arc ? "in arc" : "outside the arc"}`, a.in_arc ? "" : "warn");
    row("Cover", `${COVER_NAMES[cov.category] || cov.category} (${signed(cov.modifier ?? 0)})`, "hgb-cover");
    row("Why", `${ucfirst(cov.reason || "")}${a.cover_from && a.cover_from !== st.model ? ` (seen from ${label(a.cover_from)})` : ""}`, "hgb-reason");
    row("Attack", `${modsText(a.attack_modifiers)} = ${signed(sum(a.attack_modifiers))}`);
    row("Defence", `${modsText(a.defense_modifiers)} = ${signed(sum(a.defense_modifiers))}`);
    box.append(dl);
    const od = st.odds?.key === st.aimKey ? st.odds : null;
    if (a.legal) {
      const pc = (v) => `${Math.round(Number(v || 0) * 1000) / 10}%`;
      box.append(h("p", { class: "hgb-odds", text: od?.r ? `Odds: ${od.r.on_target != null ? `lands on target ${pc(od.r.on_target)}, ` : ""}hit ${pc(od.r.hit)}; 1 box ${pc(od.r.boxes?.["1"])}, 2 boxes ${pc(od.r.boxes?.["2"])}, Overkill ${pc(od.r.overkill)}${od.r.destroyed != null ? `, destroyed ${pc(od.r.destroyed)}` : ""}${od.perks ? " (armour perks not counted)" : ""}`
        : od?.error ? `Odds unavailable: ${od.error}` : "Odds: …" }));
      if (!od) fetchOdds(a, st.aimKey);
    }
    const spent = card && card.actions < 1;
    box.append(h("p", { class: a.legal && !spent ? "hgb-legal ok" : "hgb-legal warn",
      text: !a.legal ? `Not possible: ${a.why}` : spent ? `In reach, but ${card.label} has no Action left.` : "Legal: roll when ready." }));
    return box;
  }

  function doneControls(card) {
    const box = h("section", { class: "hgb-group hgb-done", "aria-label": "Finish" });
    const keep = h("input", { type: "checkbox", checked: st.keep, "data-key": "keep", id: nextId("keep"), disabled: card.actions < 1,
      onchange: (e) => { st.keep = e.target.checked; } });
    box.append(h("label", { class: "hgb-check", for: keep.id }, keep, h("span", { text: " Keep the Action for Return Fire" })),
      h("div", { class: "hgb-buttons" },
        button(`${card.label} is done`, () => { fire({ kind: "done", model: card.id, keep_action: st.keep && card.actions > 0 }); st.keep = false; }, { key: "done" }),
        button("End this Combat Group", () => fire({ kind: "end_group" }), { key: "end-group", cls: "secondary small", disabled: !st.view.current })));
    return box;
  }

  function reactionControls(view) {
    const p = view.pending;
    const box = h("section", { class: "hgb-group hgb-reaction", "aria-label": "Return Fire" }, h("h3", { text: "Return Fire" }));
    if (!p || p.seat !== me) {
      box.append(h("p", { class: "hgb-note", text: `${player(p?.seat)} may Return Fire.` }));
      return box;
    }
    box.append(h("p", { class: "hgb-note", text: `${label(p.mover)} moved or acted in reach of models that kept their Action.` }));
    if (!st.rfModel || !p.models.includes(st.rfModel)) st.rfModel = p.models[0];
    const shooter = cardOf(st.rfModel);
    const ws = (shooter?.weapons || []).filter((w) => weaponCard(w.code).dm && !weaponCard(w.code).grenade && weaponCard(w.code).ranges);
    if (!st.rfWeapon || !ws.some((w) => w.code === st.rfWeapon)) st.rfWeapon = ws[0]?.code;
    const m = select(p.models.map((id) => [id, label(id)]), st.rfModel, { "data-key": "rf-model", onchange: (e) => { st.rfModel = e.target.value; renderControls(st.view); } });
    const w = select(ws.map((x) => [x.code, `${x.code} ${x.name}`]), st.rfWeapon, { "data-key": "rf-weapon", onchange: (e) => { st.rfWeapon = e.target.value; } });
    const at = select(p.points.map((pt, i) => [i, `Point ${i + 1}: (${num(pt[0])}, ${num(pt[1])})${i === p.points.length - 1 ? " (end)" : ""}`]),
      st.rfAt < 0 ? p.points.length - 1 : st.rfAt, { "data-key": "rf-at", onchange: (e) => { st.rfAt = Number(e.target.value); drawMarks(st.view); } });
    box.append(field("Firing model", m), field("Weapon", w), field("Fire at the mover at", at));
    box.append(h("div", { class: "hgb-buttons" },
      button("Return Fire", () => fire({ kind: "return_fire", model: st.rfModel, weapon: st.rfWeapon, at: st.rfAt }), { key: "rf", cls: "primary small" }),
      button("Pass", () => { st.rfAt = -1; fire({ kind: "pass" }); }, { key: "pass" })));
    const designating = Object.values(view.designations || {}).some((d) => d.observer === p.mover && d.seat !== me);
    if (designating && shooter?.ecm > 0) {
      box.append(h("div", { class: "hgb-buttons" }, button(`Jam ${label(p.mover)}'s designation with ECM`,
        () => fire({ kind: "ecm", model: st.rfModel, observer: p.mover }), { key: "rf-ecm" })));
    }
    return box;
  }

  // --- the last attack's dice ---------------------------------------------------------------------
  function renderLast() {
    lastBox.replaceChildren();
    const evs = st.lastAttack;
    if (!evs.length) return;
    const head = evs[0];
    lastBox.append(h("h3", { text: `Last attack: ${label(head.attacker)} → ${label(head.target)} (${head.weapon})` }));
    const att = head.attack_roll;
    const am = head.aim?.attack_modifiers;
    lastBox.append(h("p", { class: "hgb-roll", text: `Attack dice ${rollText(att)}${am ? `, modifiers ${modsText(am)} (${signed(sum(am))})` : ""}${head.kind === "indirect_attack"
      ? `, modified ${head.modified} against Threshold ${head.threshold}: ${head.on_target ? "on target" : `off by ${head.mof} inch(es)`}` : ""}` }));
    if (head.kind === "indirect_attack" && !evs.some((e) => e.kind === "attack_resolved")) {
      lastBox.append(h("p", { class: "hgb-result miss", text: "No model under the landing point." }));
    }
    for (const r of evs.filter((e) => e.kind === "attack_resolved")) {
      const res = r.hit ? (r.result === "overkill" ? "Overkill: removed" : r.result === "destroyed" ? `MoS ${r.mos}, ${r.damage} damage: destroyed`
        : `MoS ${r.mos}, ${r.damage} damage vs Armor ${r.armor}: ${r.boxes} box${r.boxes === 1 ? "" : "es"}`) : `miss (MoF ${r.mof})`;
      lastBox.append(h("p", { class: `hgb-result ${r.hit ? "hit" : "miss"}`, text: `${label(r.target)}: attack ${r.attack} vs defence ${rollText(r.defense_roll)} ${signed(sum(r.defense_modifiers))} = ${r.defense} → ${res}` }));
    }
  }

  // --- unit cards ------------------------------------------------------------------------------------
  function renderCards(view) {
    const sig = JSON.stringify([view.cards, st.model, st.target, view.forces, (view.pieces || []).map((q) => q.level)]);
    if (sig === st.cardsSig) return;
    st.cardsSig = sig;
    cardsBox.replaceChildren(h("h3", { text: "Unit cards" }));
    const seats = me ? [me, other(me)] : ["north", "south"];
    for (const seat of seats) {
      const force = view.forces?.[seat];
      const det = h("details", { class: "hgb-side", open: true, "data-seat": seat },
        h("summary", { text: `${!me ? ucfirst(seat) : seat === me ? "Yours" : "Opponent"}: ${force?.name || seat} (${force?.tv ?? "?"} TV)` }));
      for (const g of force?.groups || []) {
        det.append(h("h4", { text: `${g.name} (${g.id})` }));
        for (const c of cards().filter((x) => x.seat === seat && x.group === g.id)) det.append(unitCard(c));
      }
      cardsBox.append(det);
    }
  }

  function unitCard(c) {
    const gone = c.status === "wreck" || c.status === "removed";
    const state = c.status === "removed" ? "removed (Overkill)" : c.status === "wreck" ? "destroyed (wreck)" : c.status === "reserve" ? "waiting"
      : c.used ? (c.kept_action ? "Used, Action kept" : "Used") : "ready";
    const lvl = Number(pieceOf(c.id)?.level) || 0;
    const node = h("article", { class: `hgb-card${gone ? " gone" : ""}${c.id === st.model ? " acting" : ""}${c.id === st.target ? " targeted" : ""}`,
      "data-model": c.id, "aria-label": `${c.label} unit card` });
    const head = h("div", { class: "hgb-card-head" },
      h("button", { type: "button", class: "link", text: c.label, "data-key": `card-${c.id}`, "aria-label": `Show ${c.label} on the board`,
        onclick: () => { ctx.board.select(c.id); onSelect(); } }),
      h("span", { class: "hgb-unit", text: ` ${c.unit}${c.leader ? " · leader" : ""}` }),
      h("span", { class: `hgb-state s-${c.status}${c.used ? " used" : ""}`, text: state }));
    const crossed = c.boxes.filter((b) => b.crossed).length;
    const boxes = h("span", { class: "hgb-boxes", role: "img",
      "aria-label": `Damage boxes: ${c.boxes.map((b) => `${BOX_NAMES[b.kind] || b.kind}${b.crossed ? " crossed" : ""}`).join(", ")}; ${crossed} of ${c.boxes.length} crossed` },
    ...c.boxes.map((b) => h("span", { class: `hgb-box k-${b.kind}${b.crossed ? " crossed" : ""}`, "aria-hidden": "true", text: b.kind, title: BOX_NAMES[b.kind] })));
    const stats = h("div", { class: "hgb-stats" },
      h("span", { text: `Armor ${c.armor}` }), boxes, h("span", { class: "hgb-dmg", text: c.damage !== "undamaged" ? c.damage : "" }));
    const sk = c.skills || {};
    const line2 = h("div", { class: "hgb-stats small" },
      h("span", { text: `ATT ${sk.att} DEF ${sk.def} EW ${sk.ew}` }),
      h("span", { text: `${ucfirst(c.speed)} ${c.mode}${c.autopilot ? " (Autopilot)" : ""} · MP W ${c.mp?.walker?.combat}/${c.mp?.walker?.full} G ${c.mp?.ground?.combat}/${c.mp?.ground?.full}${lvl ? ` · on level ${lvl}` : ""}` }),
      h("span", { text: `Def ${signed(c.defense_mod?.[c.mode]?.[c.speed] ?? 0)} · Att ${signed(c.attack_mod?.[c.speed] ?? 0)}` }));
    const ws = h("div", { class: "hgb-weapons small", text: (c.weapons || []).map((w) => {
      const wc = weaponCard(w.code);
      return `${w.code}${wc.dm ? ` DM${wc.dm}` : ""}${w.ammo_left != null ? ` (${w.ammo_left})` : ""}`;
    }).join(" · ") + ((c.perks || []).length ? ` · perks: ${c.perks.map((p) => nice(p.id) + (p.arc ? ` ${p.arc}` : "")).join(", ")}` : "") });
    node.append(head, stats, line2, ws, cardDetails(c));
    return node;
  }

  // The whole unit card: MP and modifiers per speed and mode, the weapon cards, perks.
  function cardDetails(c) {
    const det = h("details", { class: "hgb-card-more" });
    det.open = !!st.openCards?.has(c.id);
    det.addEventListener("toggle", () => { st.openCards = st.openCards || new Set(); if (det.open) st.openCards.add(c.id); else st.openCards.delete(c.id); });
    det.append(h("summary", { text: "Full card", "aria-label": `Full card of ${c.label}` }));
    const t1 = h("table", { class: "hgb-table-mini" }, h("caption", { text: "Speed and mode" }),
      h("thead", {}, h("tr", {}, h("th", { text: "" }), ...SPEEDS.map(([, n]) => h("th", { scope: "col", text: n })))));
    const body1 = h("tbody");
    for (const [mv, mn] of MODES) {
      body1.append(h("tr", {}, h("th", { scope: "row", text: `${mn} MP` }), h("td", { text: "1 in" }),
        h("td", { text: String(c.mp?.[mv]?.combat ?? "") }), h("td", { text: String(c.mp?.[mv]?.full ?? "") })));
      body1.append(h("tr", {}, h("th", { scope: "row", text: `${mn} defence` }),
        ...SPEEDS.map(([sv]) => h("td", { text: signed(c.defense_mod?.[mv]?.[sv] ?? 0) }))));
    }
    body1.append(h("tr", {}, h("th", { scope: "row", text: "Attack" }), ...SPEEDS.map(([sv]) => h("td", { text: signed(c.attack_mod?.[sv] ?? 0) }))));
    t1.append(body1);
    const t2 = h("table", { class: "hgb-table-mini" }, h("caption", { text: "Weapons" }),
      h("thead", {}, h("tr", {}, ...["Weapon", "DM", "PB/S/M/L/E", "ROF", "AE", "IF", "Arc", "Acc"].map((x) => h("th", { scope: "col", text: x })))));
    const body2 = h("tbody");
    for (const w of c.weapons || []) {
      const wc = weaponCard(w.code);
      body2.append(h("tr", {}, h("th", { scope: "row", text: `${w.code}${w.ammo_left != null ? ` (${w.ammo_left} left)` : ""}`, title: w.name }),
        h("td", { text: wc.dm ? String(wc.dm) : "—" }), h("td", { text: wc.grenade ? "Size / 2×Size" : (wc.ranges || []).join("/") || "—" }),
        h("td", { text: String(wc.rof || 0) }), h("td", { text: String(wc.ae || 0) }), h("td", { text: wc.if ? "yes" : "no" }),
        h("td", { text: wc.arc || "" }), h("td", { text: signed(wc.accuracy || 0) })));
    }
    t2.append(body2);
    det.append(t1, t2, h("p", { class: "hgb-note", text: `Size ${c.size} · Sensors ${signed(c.sensors || 0)} · Comm ${signed(c.comm || 0)} · ECM ${c.ecm || 0}${(c.perks || []).length ? ` · Perks: ${c.perks.map((p) => `${nice(p.id)}${p.arc ? ` (${p.arc})` : ""}${p.level ? ` ${p.level}` : ""}`).join(", ")}` : ""}` }));
    return det;
  }

  // --- ending ---------------------------------------------------------------------------------------
  function renderEnd(view) {
    const off = !me || view.result || ["terrain", "deployment"].includes(phase());
    const sig = JSON.stringify([off, view.agree || {}]);
    if (sig === st.endSig) return; // keep the box open (and the confirmation shown) across updates
    st.endSig = sig;
    const wasOpen = !!endBox.querySelector("details")?.open;
    endBox.replaceChildren();
    if (off) return;
    const votes = view.agree || {};
    const sure = h("button", { type: "button", class: "danger small", text: "Yes, concede", "data-key": "concede-yes", hidden: true,
      onclick: () => fire({ kind: "concede" }) });
    const theirs = votes[other(me)];
    const mine = votes[me];
    endBox.append(h("details", { class: "hgb-more", open: wasOpen || theirs !== undefined }, h("summary", { text: "End the game" }),
      theirs !== undefined ? h("p", { class: "hgb-note", role: "status", text: `${player(other(me))} proposes to end: ${theirs ? `${theirs} wins` : "no winner"}.` }) : null,
      mine !== undefined ? h("p", { class: "hgb-note", text: `You proposed: ${mine ? `${mine} wins` : "no winner"}.` }) : null,
      h("div", { class: "hgb-buttons" },
        button("Propose: we win", () => fire({ kind: "agree_end", winner: me }), { key: "agree-me" }),
        button("Propose: they win", () => fire({ kind: "agree_end", winner: other(me) }), { key: "agree-them" }),
        button("Propose: no winner", () => fire({ kind: "agree_end", winner: null }), { key: "agree-none" }),
        button("Concede the game…", () => { sure.hidden = false; sure.focus(); }, { key: "concede", cls: "danger small" }), sure)));
  }

  // --- aiming: the view's targets for the acting model, else /preview of an `aim` ---------------------
  let aimTimer = null;
  function syncAim() {
    const v = st.view;
    if (!v || !st.model || !st.target || !st.weapon || !["activation", "reaction"].includes(phase()) || !myTurn()) {
      st.aim = null; st.aimKey = null; drawAim(); return;
    }
    const key = JSON.stringify([st.model, st.target, st.weapon, st.indirect, st.focus, (v.pieces || []).map((p) => [p.x, p.y, p.facing, p.status]), v.cards.map((c) => [c.speed, c.mode, c.crossed])]);
    const known = (v.targets || []).find((t) => t.target === st.target && t.weapon === st.weapon && !!t.indirect === !!st.indirect)
      && v.current?.model === st.model ? (v.targets || []).find((t) => t.target === st.target && t.weapon === st.weapon && !!t.indirect === !!st.indirect) : null;
    if (known) {
      st.aim = { ...known, arc: weaponCard(st.weapon).arc };
      st.aimKey = key; drawAim(); return;
    }
    if (key === st.aimKey && st.aim) { drawAim(); return; }
    st.aimKey = key;
    st.aim = null;
    clearTimeout(aimTimer);
    aimTimer = setTimeout(async () => {
      const r = await preview({ kind: "aim", model: st.model, weapon: st.weapon, target: st.target, indirect: st.indirect });
      if (st.aimKey !== key) return;
      const ev = r?.events?.find((e) => e.kind === "aim");
      st.aim = ev || { error: r?.error?.message || "Cannot aim now" };
      st.sig = null;
      renderControls(st.view);
      drawAim();
    }, 40);
  }

  // Exact odds from the rules helper (/odds) for the aimed attack.
  async function fetchOdds(a, key) {
    if (st.oddsAsked === key) return;
    st.oddsAsked = key;
    const att = cardOf(st.model), tgt = cardOf(st.target);
    if (!att || !tgt) return;
    const body = { attack_skill: att.skills.att, defense_skill: tgt.autopilot ? 1 : tgt.skills.def,
      attack_modifiers: a.attack_modifiers || {}, defense_modifiers: a.defense_modifiers || {},
      dm: weaponCard(a.weapon).dm || 0, focus: st.focus || 0, armor: tgt.armor,
      boxes_left: tgt.boxes.filter((b) => !b.crossed).length };
    if (a.indirect && !weaponCard(a.weapon).grenade) body.threshold = 4;
    try {
      st.odds = { key, r: await api("/api/rules/hgb/odds", { method: "POST", body }), perks: (tgt.perks || []).some((p) => p.arc) };
    } catch (err) {
      st.odds = { key, error: err.message };
    }
    if (st.aimKey === key) { st.sig = null; renderControls(st.view); }
  }

  // --- overlays -----------------------------------------------------------------------------------
  function drawZones(view) {
    svgClear(layers.zones);
    for (const t of view.board?.terrain || []) {
      if (!t.level || !Array.isArray(t.polygon) || !t.polygon.length) continue;
      const cx = t.polygon.reduce((a, q) => a + q[0], 0) / t.polygon.length, cy = t.polygon.reduce((a, q) => a + q[1], 0) / t.polygon.length;
      svgText(`level ${t.level}`, { x: cx, y: cy + 1, class: "hgb-level-label", "font-size": 0.7 }, layers.zones);
    }
    if (phase() !== "deployment") return;
    for (const [seat, z] of Object.entries(view.board?.zones || {})) {
      const [y0, y1] = z.y;
      svgEl("rect", { x: 0, y: y0, width: view.board.width, height: y1 - y0, class: `hgb-zone${seat === me ? " mine" : ""}` }, layers.zones);
      svgText(`${seat} deployment zone`, { x: view.board.width - 0.5, y: seat === "north" ? y1 - 0.4 : y0 + 1, class: "hgb-zone-label", "font-size": 0.75 }, layers.zones);
    }
  }

  const clipId = nextId("table-clip");
  function drawArcs() {
    svgClear(layers.arcs);
    const piece = st.model && pieceOf(st.model);
    if (!piece || !["activation", "reaction"].includes(phase()) || !myTurn()) return;
    const wc = weaponCard(st.weapon);
    const c = { x: piece.x, y: piece.y };
    const r0 = rules().base_radius ?? 0.5;
    const reach = wc.ranges ? wc.ranges[4] + 2 * r0 : 12;
    const f = Number(piece.facing) || 0;
    const half = (rules().fixed_arc_degrees ?? 60) / 2;
    const arcs = { F: [f - 90, f + 90], FF: [f - half, f + half], Rr: [f + 90, f + 270], FRr: [f + 180 - half, f + 180 + half] };
    const W = st.view.board?.width || 48, H = st.view.board?.height || 48;
    const clip = svgEl("clipPath", { id: clipId }, layers.arcs);
    svgEl("rect", { x: 0, y: 0, width: W, height: H }, clip);
    const g = svgEl("g", { class: "hgb-arcs", "data-model": piece.id, "clip-path": `url(#${clipId})` }, layers.arcs);
    const own = wc.arc || "F";
    const [a, b] = arcs[own];
    svgEl("path", { d: arcPath(c, reach, a, b), class: `hgb-arc arc-${own}` }, g);
    // the front half and the fixed front face, always outlined from the facing
    for (const name of ["F", "FF"]) if (name !== own) svgEl("path", { d: arcPath(c, reach, ...arcs[name]), class: `hgb-arc-outline arc-${name}` }, g);
    svgEl("line", { x1: c.x, y1: c.y, x2: c.x + reach * Math.cos((f * Math.PI) / 180), y2: c.y + reach * Math.sin((f * Math.PI) / 180), class: "hgb-facing-line" }, g);
    if (wc.ranges) {
      wc.ranges.forEach((rng, i) => {
        const rr = rng + 2 * r0;
        svgEl("circle", { cx: c.x, cy: c.y, r: rr, class: `hgb-ring band-${BANDS[i]}` }, g);
        svgText(`${BAND_NAMES[BANDS[i]]} ${rng}"`, { x: c.x, y: c.y - rr - 0.15, class: "hgb-ring-label", "font-size": 0.7 }, g);
      });
    }
    svgText(`${st.weapon || ""} ${own}`, { x: c.x + (reach * 0.55) * Math.cos((f * Math.PI) / 180), y: c.y + (reach * 0.55) * Math.sin((f * Math.PI) / 180), class: "hgb-arc-label", "font-size": 0.9 }, g);
  }

  function drawAim() {
    svgClear(layers.aim);
    drawArcs();
    const a = st.aim;
    const from = st.model && pieceOf(st.model), to = st.target && pieceOf(st.target);
    if (!from || !to || !a || a.error) return;
    const cls = a.legal ? `hgb-aim-line cover-${a.cover?.category}` : "hgb-aim-line illegal";
    svgEl("line", { x1: from.x, y1: from.y, x2: to.x, y2: to.y, class: cls }, layers.aim);
    svgEl("circle", { cx: to.x, cy: to.y, r: (rules().base_radius ?? 0.5) + 0.35, class: "hgb-target-ring" }, layers.aim);
    const r0 = rules().base_radius ?? 0.5;
    const ae = Number(weaponCard(st.weapon).ae) || 0;
    if (st.sweep > 0) svgEl("circle", { cx: to.x, cy: to.y, r: st.sweep + 2 * r0, class: "hgb-sweep" }, layers.aim);
    if (ae > 0) svgEl("circle", { cx: to.x, cy: to.y, r: ae + r0, class: "hgb-blast" }, layers.aim);
    const mx = (from.x + to.x) / 2, my = (from.y + to.y) / 2;
    const t = svgText(`${num(a.distance)}" ${a.band ? `${BAND_NAMES[a.band]} ${signed(a.attack_modifiers?.range ?? 0)}` : "out of reach"} · ${COVER_NAMES[a.cover?.category] || ""} ${signed(a.cover?.modifier ?? 0)}${a.legal ? "" : " · not possible"}`,
      { x: mx, y: my - 0.4, class: "hgb-aim-label", "font-size": 0.85 }, layers.aim);
    t.setAttribute("paint-order", "stroke");
  }

  // The terrain shape being drawn by clicking corners on the board.
  function drawShape() {
    svgClear(layers.shape);
    const pts = st.shape || [];
    if (!pts.length || phase() !== "terrain") return;
    svgEl(pts.length >= 3 ? "polygon" : "polyline", { points: pts.map((q) => `${q.x},${q.y}`).join(" "), class: "hgb-shape" }, layers.shape);
    for (const q of pts) svgEl("circle", { cx: q.x, cy: q.y, r: 0.25, class: "hgb-shape-corner" }, layers.shape);
  }

  // Designations (observer to target) and where the last Indirect Fire landed.
  function drawMarks(view) {
    svgClear(layers.marks);
    const r0 = rules().base_radius ?? 0.5;
    for (const [tid, d] of Object.entries(view.designations || {})) {
      const t = pieceOf(tid), o = pieceOf(d.observer);
      if (!t) continue;
      if (o) svgEl("line", { x1: o.x, y1: o.y, x2: t.x, y2: t.y, class: "hgb-designation-line" }, layers.marks);
      const g = svgEl("g", { class: "hgb-designated", "data-target": tid }, layers.marks);
      svgEl("circle", { cx: t.x, cy: t.y, r: r0 + 0.6, class: "hgb-designation" }, g);
      for (const a of [0, 90, 180, 270]) {
        const c = Math.cos((a * Math.PI) / 180), sn = Math.sin((a * Math.PI) / 180);
        svgEl("line", { x1: t.x + c * (r0 + 0.3), y1: t.y + sn * (r0 + 0.3), x2: t.x + c * (r0 + 0.9), y2: t.y + sn * (r0 + 0.9), class: "hgb-designation" }, g);
      }
      svgEl("title", {}, g).textContent = `${label(tid)} designated by ${label(d.observer)}`;
    }
    const pend = view.pending;
    if (pend && pend.seat === me) {
      const chosen = st.rfAt < 0 ? pend.points.length - 1 : st.rfAt;
      pend.points.forEach(([x, y], i) => {
        svgEl("circle", { cx: x, cy: y, r: i === chosen ? 0.45 : 0.3, class: `hgb-rf-point${i === chosen ? " chosen" : ""}` }, layers.marks);
        const t = svgText(String(i + 1), { x, y: y - 0.5, class: "hgb-mp-label", "font-size": 0.6 }, layers.marks);
        t.setAttribute("paint-order", "stroke");
      });
    }
    const last = st.lastAttack[0];
    if (last?.kind === "indirect_attack" && Array.isArray(last.landing)) {
      const [lx, ly] = last.landing;
      const ae = Math.max(Number(weaponCard(last.weapon).ae) || 0, Number(last.sweep) || 0);
      const t = pieceOf(last.target);
      if (t && !last.on_target) svgEl("line", { x1: t.x, y1: t.y, x2: lx, y2: ly, class: "hgb-deviation" }, layers.marks);
      svgEl("circle", { cx: lx, cy: ly, r: Math.max(0.3, ae), class: "hgb-landing" }, layers.marks);
      const txt = svgText(last.on_target ? "on target" : `deviated ${last.mof}"`, { x: lx, y: ly - Math.max(0.3, ae) - 0.3, class: "hgb-aim-label", "font-size": 0.75 }, layers.marks);
      txt.setAttribute("paint-order", "stroke");
    }
  }

  // The drawn path: the trail under the pointer, the local MP estimate, then the server's MP per point.
  function drawPath(id, points, ev, error, layer = layers.path, start = null) {
    svgClear(layer);
    const piece = start || pieceOf(id);
    if (!piece || !points.length) return;
    const pts = [[piece.x, piece.y], ...points];
    svgEl("polyline", { points: pts.map(([x, y]) => `${x},${y}`).join(" "), class: `hgb-path${error ? " illegal" : ev ? " legal" : ""}` }, layer);
    let lastLabel = null;
    points.forEach(([x, y], i) => {
      svgEl("circle", { cx: x, cy: y, r: 0.18, class: "hgb-waypoint" }, layer);
      const mp = ev?.mp?.[i];
      if (mp === undefined) return;
      const far = !lastLabel || Math.hypot(x - lastLabel[0], y - lastLabel[1]) > 1.4 || i === points.length - 1;
      if (!far) return;
      lastLabel = [x, y];
      const t = svgText(`${num(mp, 1)}`, { x: x + 0.35, y: y - 0.3, class: "hgb-mp-label", "font-size": 0.7 }, layer);
      t.setAttribute("paint-order", "stroke");
    });
    const [ex, ey] = points[points.length - 1];
    const text = error ? `✗ ${error.length > 60 ? `${error.slice(0, 57)}…` : error}` : ev ? `${num(ev.mp_left, 2)} MP left` : st.estimate || "";
    if (text) {
      const t = svgText(text, { x: ex, y: ey + 1.6, class: `hgb-mp-left${error ? " illegal" : ""}`, "font-size": 0.85 }, layer);
      t.setAttribute("paint-order", "stroke");
    }
  }

  // A quick local MP count along the trail (terrain table and levels from the view), shown
  // until the server's answer arrives.
  function estimate(card, pts) {
    const mv = st.view?.movement;
    if (!mv || !card) return null;
    const terrain = st.view.board?.terrain || [];
    const costAt = (p) => {
      let c = mv.open_mp ?? 1;
      for (const t of terrain) if (mv.terrain_mp?.[card.mode]?.[t.type] && inside(p, t.polygon)) c = Math.max(c, mv.terrain_mp[card.mode][t.type]);
      return c;
    };
    const levelAt = (p) => Math.max(0, ...terrain.filter((t) => t.type === "hill" && inside(p, t.polygon)).map((t) => t.level || 1));
    let mp = 0;
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1], b = pts[i];
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      const n = Math.max(1, Math.ceil(len / 0.1));
      let prevLevel = levelAt(a);
      for (let k = 0; k < n; k++) {
        const p = { x: a.x + ((k + 0.5) / n) * (b.x - a.x), y: a.y + ((k + 0.5) / n) * (b.y - a.y) };
        mp += (len / n) * costAt(p);
        const q = { x: a.x + ((k + 1) / n) * (b.x - a.x), y: a.y + ((k + 1) / n) * (b.y - a.y) };
        const lv = levelAt(q);
        if (lv > prevLevel) mp += (lv - prevLevel) * (mv.climb_mp ?? 2);
        else if (lv < prevLevel) mp += (prevLevel - lv) * (mv.descend_mp ?? 1);
        prevLevel = lv;
      }
    }
    return mp;
  }

  // --- drag: record the pointer's trail as the path ------------------------------------------------
  board.svg.addEventListener("pointerdown", (e) => {
    st.down = { x: e.clientX, y: e.clientY };
    st.trail = null;
    if (board.drag.active && phase() === "activation") {
      const piece = board.drag.state.piece;
      st.dragId = piece.id;
      st.trail = [{ x: piece.x, y: piece.y }];
      st.previewMove = null;
    }
  });
  board.svg.addEventListener("pointermove", (e) => {
    if (!st.trail || !board.drag.active || board.drag.state.piece.id !== st.dragId) return;
    const s = board.drag.state;
    const bp = board.panZoom.toBoard(e.clientX, e.clientY);
    const p = { x: Math.min(48, Math.max(0, bp.x + s.offset.x)), y: Math.min(48, Math.max(0, bp.y + s.offset.y)) };
    const last = st.trail[st.trail.length - 1];
    if (Math.hypot(p.x - last.x, p.y - last.y) >= 0.3) st.trail.push(p);
    const card = cardOf(st.dragId);
    const pts = [...st.trail, p];
    const used = estimate(card, pts);
    const limit = card ? card.mp_now - card.mp_spent : 0;
    st.estimate = used === null ? "" : card?.speed === "stationary" ? `~${num(pts.reduce((d, q, i) => (i ? d + Math.hypot(q.x - pts[i - 1].x, q.y - pts[i - 1].y) : 0), 0), 2)} in of 1`
      : `~${num(limit - used, 1)} MP left`;
    const path = pathFromTrail(st.trail, p);
    const ev = st.previewMove && JSON.stringify(st.previewMove.path) === JSON.stringify(path) ? st.previewMove : null;
    drawPath(st.dragId, path, ev, null);
    const readout = document.getElementById("measure-readout");
    if (readout) { readout.textContent = ev ? `${num(ev.mp_left, 2)} MP left` : st.estimate; st.readout = readout.textContent; }
  });
  board.svg.addEventListener("pointerup", (e) => {
    const d = st.down;
    st.down = null;
    if (st.drawing && d && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 5 && phase() === "terrain") {
      const bp = board.panZoom.toBoard(e.clientX, e.clientY);
      const W = st.view?.board?.width || 48, H = st.view?.board?.height || 48;
      const snap = (v, max) => Math.min(max, Math.max(0, Math.round(v * 2) / 2));
      st.shape = [...(st.shape || []), { x: snap(bp.x, W), y: snap(bp.y, H) }].slice(0, 64);
      drawShape();
      st.sig = null;
      renderControls(st.view);
      return;
    }
    setTimeout(onSelect, 0);
  });
  board.svg.addEventListener("keyup", (e) => { if (e.key === "Enter" || e.key === " ") setTimeout(onSelect, 0); });

  function pathFromTrail(trail, end) {
    const pts = simplify([...trail, end], 0.15).slice(1);
    const out = pts.filter((p, i) => i === pts.length - 1 || Math.hypot(p.x - end.x, p.y - end.y) > 0.2).map((p) => [num(p.x, 2), num(p.y, 2)]);
    if (!out.length || out[out.length - 1][0] !== num(end.x, 2) || out[out.length - 1][1] !== num(end.y, 2)) out.push([num(end.x, 2), num(end.y, 2)]);
    return out.slice(-100);
  }

  // A piece picked on the board: my model becomes the acting one, an enemy the target.
  function onSelect() {
    const sel = ctx.selected?.();
    if (!sel || !st.view) return;
    const c = cardOf(sel.id);
    if (!c) return;
    if (phase() === "deployment" && c.seat === me) { st.deployModel = c.id; st.sig = null; renderControls(st.view); return; }
    if (!["activation", "reaction"].includes(phase())) return;
    if (c.seat === me && actors(st.view).some((x) => x.id === c.id)) {
      if (st.model !== c.id) { st.model = c.id; st.waypoints = []; }
    } else if (c.seat !== me && c.status === "active") {
      st.target = c.id;
    } else return;
    syncAim();
    st.sig = null;
    renderControls(st.view);
    renderCards(st.view);
  }

  // --- log lines ---------------------------------------------------------------------------------
  function describe(e) {
    const who = e.seat ? `${player(e.seat)}: ` : "";
    const L = label;
    const live = e.seq !== undefined;
    switch (e.kind) {
      case "force_chosen": return `${who}fields the ${e.name} (${e.tv} TV)`;
      case "terrain_placed": return `${who}places ${e.piece?.label || e.piece?.type} (${e.piece?.type})`;
      case "terrain_removed": return `${who}removes terrain ${e.id}`;
      case "ready": return `${who}is ready (${e.phase})`;
      case "phase": return `Phase: ${PHASES[e.phase] || e.phase}`;
      case "deployed": return `${who}deploys ${L(e.model)} at (${num(e.x)}, ${num(e.y)}) facing ${Math.round(e.facing)}°`;
      case "round_started": return `Round ${e.round}: initiative ${(e.initiative || []).map((r) => `north ${r.north} / south ${r.south}`).join(", then ")}: ${player(e.winner)} wins`;
      case "first_chosen": {
        // the event's own "seat" is the acting seat (the server stamps it); the choice may come as "first"
        const chosen = e.first ?? e.first_seat;
        return chosen ? `${who}lets ${player(chosen)} activate first` : `${who}has chosen who activates a Combat Group first`;
      }
      case "group_activated": return `${who}activates ${groupName(e.seat, e.group)}`;
      case "speed_set": return `${L(e.model)}: ${e.speed} speed, ${e.mode} mode${e.autopilot ? ", Autopilot" : ""}`;
      case "moved": {
        if (live) {
          // a live update is described before its view arrives: the piece still stands at the start
          const pc = pieceOf(e.model);
          const fresh = pc && Math.hypot(pc.x - e.x, pc.y - e.y) > 1e-6;
          st.lastMove = fresh ? { ...e, start: { x: pc.x, y: pc.y } } : null;
        } else { st.previewMove = e; if (st.dragId === e.model && board.drag.active) drawPath(e.model, e.path, e, null); }
        const total = e.mp?.length ? e.mp[e.mp.length - 1] : 0;
        return `${L(e.model)} moves to (${num(e.x)}, ${num(e.y)}) facing ${Math.round(e.facing)}°: ${num(total, 2)} MP spent, ${num(e.mp_left, 2)} left`;
      }
      case "aim": return `${L(e.target)}: ${e.band ? BAND_NAMES[e.band] : "out of reach"}, ${COVER_NAMES[e.cover?.category] || ""}`;
      case "attack": case "indirect_attack": {
        if (live) { st.lastAttack = [e]; }
        const extra = e.kind === "indirect_attack" ? ` indirectly (observer ${L(e.observer)}): ${e.modified} vs ${e.threshold}, ${e.on_target ? "on target" : `deviates ${e.mof}" to (${(e.landing || []).map((v) => num(v)).join(", ")})`}` : `: ${e.aim?.band ? BAND_NAMES[e.aim.band] : ""}, ${COVER_NAMES[e.aim?.cover?.category] || ""}`;
        return `${L(e.attacker)} fires ${e.weapon} at ${L(e.target)}${extra}; rolls ${rollText(e.attack_roll)}${e.sweep ? `, sweep ${e.sweep}` : ""}${e.focus ? `, focus ${e.focus}` : ""}`;
      }
      case "attack_resolved": {
        if (live && st.lastAttack.length) st.lastAttack = [...st.lastAttack, e];
        const res = !e.hit ? `miss (MoF ${e.mof})` : e.result === "overkill" ? `MoS ${e.mos}, ${e.damage} damage: Overkill, removed`
          : e.result === "destroyed" ? `MoS ${e.mos}, ${e.damage} damage: destroyed` : e.result === "no_effect" ? `MoS ${e.mos}, ${e.damage} damage vs Armor ${e.armor}: no effect`
            : `MoS ${e.mos}, ${e.damage} damage vs Armor ${e.armor}: ${e.boxes} box${e.boxes === 1 ? "" : "es"} crossed`;
        return `${L(e.target)} defends ${rollText(e.defense_roll)} (${modsText(e.defense_modifiers)}) = ${e.defense} against ${e.attack}: ${res}`;
      }
      case "designated": return `${L(e.observer)} designates ${L(e.target)} (${COVER_NAMES[e.cover?.category] || ""})${e.roll ? `: ${e.value} vs 3` : ""}`;
      case "designation_failed": return `${L(e.observer)} fails to designate ${L(e.target)} (${e.value} vs 3)`;
      case "ecm": return `${L(e.model)} jams ${L(e.observer)}: ${e.value} vs ${e.observer_value}, ${e.jammed ? "designation lost" : "no effect"}`;
      case "model_used": return `${L(e.model)} is Used${e.kept_action ? " (keeps its Action for Return Fire)" : ""}${e.speed ? `, back to ${e.speed} speed` : ""}`;
      case "group_done": return `${who}${groupName(e.seat, e.group)} is done`;
      case "round_ended": return `Round ${e.round} ends`;
      case "reaction_window": return `${player(e.reactor ?? other(e.seat))} may Return Fire at ${L(e.mover)} with ${(e.models || []).map(L).join(", ")}`;
      case "return_fire": return `${L(e.model)} returns fire at ${L(e.target)}`;
      case "no_return_fire": return `${who}passes (no Return Fire)`;
      case "end_proposed": return `${who}proposes to end the game: ${e.winner ? `${e.winner} wins` : "no winner"}`;
      case "game_over": if (!e.seat) return `The table is finished: ${(e.winners || []).length ? `${e.winners.map(player).join(", ")} won` : "no winner"}; the dice proof is public`;
      // falls through
      case "game_ended": return `Game over: ${(e.winners || []).length ? `${e.winners.map(player).join(", ")} won` : "no winner"}${e.reason ? ` (${e.reason})` : ""}`;
      default: return undefined;
    }
  }

  // --- drag hooks ---------------------------------------------------------------------------------
  function canDrag(piece, view) {
    if (!me || !view || view.result || piece.owner !== me) return false;
    const p = view.turn?.phase;
    if (p === "deployment") return !(view.ready || []).includes(me) && (piece.status === "reserve" || piece.status === "ready" || piece.status === "used");
    if (p === "activation") return actors(view).some((c) => c.id === piece.id);
    return false;
  }

  function moveAction(piece, pos, facing, view) {
    const p = view?.turn?.phase;
    if (p === "deployment") {
      const f = facing !== undefined ? facing : st.deployFacing ?? (me === "north" ? 90 : 270);
      return { kind: "deploy", model: piece.id, x: pos.x, y: pos.y, facing: f };
    }
    const here = { x: piece.x, y: piece.y };
    if (Math.hypot(pos.x - here.x, pos.y - here.y) < 1e-6) {
      return { kind: "move", model: piece.id, path: [[here.x, here.y]], ...(facing !== undefined ? { facing } : {}) };
    }
    const path = st.trail && st.dragId === piece.id ? pathFromTrail(st.trail, pos) : [[pos.x, pos.y]];
    return moveFor(piece.id, path, facing);
  }

  function update(view) {
    if (!view) return;
    const prevPhase = st.view?.turn?.phase;
    st.view = view;
    if (prevPhase !== view.turn?.phase) { st.trail = null; st.waypoints = []; if (view.turn?.phase !== "terrain") { st.shape = null; st.drawing = false; } }
    if (st.lastMove && view.current?.model !== st.lastMove.model) st.lastMove = null;
    if (!board.drag.active) {
      svgClear(layers.path);
      if (st.readout) { const r = document.getElementById("measure-readout"); if (r && r.textContent === st.readout) r.textContent = ""; st.readout = null; }
      st.trail = null;
      if (st.waypoints.length && st.model) drawPath(st.model, st.waypoints.map((q) => [q.x, q.y]), null, null);
    }
    svgClear(layers.moved);
    const endsHere = (mv, pc) => pc && Math.hypot(pc.x - mv.x, pc.y - mv.y) < 1e-6;
    if (st.lastMove?.start && endsHere(st.lastMove, pieceOf(st.lastMove.model))) {
      // the committed move with the server's MP after each point, while that model acts
      drawPath(st.lastMove.model, st.lastMove.path, st.lastMove, null, layers.moved, st.lastMove.start);
    }
    showStatus(view);
    renderControls(view); // picks the acting model and target first
    syncAim();
    renderControls(view); // then shows the aim the new view gives (a no-op when nothing changed)
    renderLast();
    renderCards(view);
    renderEnd(view);
    drawZones(view);
    drawMarks(view);
    drawShape();
  }

  // Load the three starting forces' TV from the force builder helper (no seat needed).
  (async () => {
    for (const [fid] of FACTIONS) {
      try { st.forces[fid] = await api("/api/rules/hgb/force", { method: "POST", body: { faction: fid } }); } catch { /* shown as "TV …" */ }
    }
    st.sig = null;
    if (st.view) renderControls(st.view);
  })();

  return { update, describe, canDrag, moveAction };
}

// Spectators: the same panel without a seat (status, last attack, unit cards, winner; no controls).
export function watch(ctx) {
  return mount({ ...ctx, seat: null });
}
