"""The stateless rule helpers: POST /api/rules/hgb/roll, /attack and /odds (docs/api/http.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, model_validator

from app.core.errors import BadOptions, IllegalAction, MalformedAction
from app.systems.base import Helper, Strict
from app.systems.hgb import data
from app.systems.hgb.actions import XY, TerrainOutline
from app.systems.hgb.attack import AttackResult, lands_on, odds, on_target_odds, resolve, resolve_rolls
from app.systems.hgb.board import MAX_CORNERS, corners, piece_problem
from app.systems.hgb.combat import IF_THRESHOLD
from app.systems.hgb.forces import build, catalogue
from app.systems.hgb.movement import plan_move
from app.systems.hgb.rolls import MAX_DICE, Roll, against, read_faces
from app.systems.hgb.sight import tape

Face = Annotated[int, Field(ge=1, le=6)]
Faces = Annotated[list[Face], Field(min_length=1, max_length=MAX_DICE)]
Skill = Annotated[int, Field(ge=1, le=MAX_DICE)]
Modifiers = Annotated[
    dict[Annotated[str, Field(max_length=40)], Annotated[int, Field(ge=-20, le=20)]], Field(max_length=16)
]
Score = Annotated[int, Field(ge=-50, le=50)]
#: Warboard: the path helper's work cap, path points x terrain corners (its cost grows with
#: both: about 1 ms of CPU per 2,000 on this project's machine, plus the terrain's own checks)
MAX_PATH_WORK = 40_000
#: a path costs one token of the caller's rules bucket per this much work (10 at the cap)
WORK_PER_TOKEN = 4_000


class RollRequest(Strict):
    faces: Faces
    modifier: Score = 0
    threshold: Score | None = None


class RollResponse(BaseModel):
    result: int
    fumble: bool
    modified: int
    success: bool | None = None
    mos: int | None = None
    mof: int | None = None


class _AttackBase(Strict):
    attack_modifiers: Modifiers = {}  # noqa: RUF012
    defense_modifiers: Modifiers = {}  # noqa: RUF012
    dm: Annotated[int, Field(ge=0, le=500)]
    armor: Annotated[int, Field(ge=1, le=500)]
    focus: Annotated[int, Field(ge=0, le=20, description="ROF points spent on Focused Fire (+1 DM each)")] = 0
    weak_side: bool = False
    threshold: Score | None = Field(
        None,
        description="Indirect Fire: the Threshold (4); a roll that beats it "
        "or equals it (MoF 0) lands on the target, else it deviates "
        "MoF inches; defenders roll against the unmodified roll",
    )
    ae: Annotated[float, Field(ge=0, le=12)] = Field(
        0, description="Indirect Fire: blast radius in inches (AE, or the IF + Sweep radius)"
    )
    base_radius: Annotated[float, Field(gt=0, le=3)] | None = Field(
        None, description="Indirect Fire: the target's base radius (default: the table default, data/rules.json)"
    )

    def reach(self) -> float:
        """How far (inches) a deviated attack may land from the target's centre and still catch it."""
        return self.ae + (self.base_radius if self.base_radius is not None else data.rules()["base_radius"])


class AttackRequest(_AttackBase):
    attack_faces: Faces
    defense_faces: Faces | None = None


class AttackResponse(AttackResult):
    attack_fumble: bool
    defense_fumble: bool
    on_target: bool | None = Field(
        None,
        description="Indirect Fire: the attack lands on the target (it beat "
        "the Threshold or equalled it, MoF 0: 0 inches of deviation)",
    )
    under_blast: bool | None = Field(
        None,
        description="Indirect Fire: the designated target is under the attack "
        "(on it, or deviated no further than ae + base_radius)",
    )
    deviation: int | None = Field(None, description="Indirect Fire: inches of deviation (the MoF)")
    unmodified: int | None = Field(None, description="Indirect Fire: the roll every model under it defends against")


class OddsRequest(_AttackBase):
    attack_skill: Skill = 2
    defense_skill: Skill = 2
    boxes_left: Annotated[int, Field(ge=0, le=40)] | None = None


class OddsResponse(BaseModel):
    on_target: float | None = None
    hit: float
    miss: float
    boxes: dict[str, float]
    overkill: float
    destroyed: float | None
    mos: dict[str, float]
    exact: dict[str, str]


def run_roll(req: RollRequest) -> RollResponse:
    roll = read_faces(req.faces)
    value = roll.modified(req.modifier)
    out = RollResponse(result=roll.result, fumble=roll.fumble, modified=value)
    if req.threshold is not None:
        res = against(value, req.threshold)
        out.success, out.mos, out.mof = res.success, res.mos, res.mof
    return out


def run_attack(req: AttackRequest) -> AttackResponse:
    att = read_faces(req.attack_faces)
    att_mod = sum(req.attack_modifiers.values())
    dm = req.dm + req.focus
    if req.threshold is not None:
        return _indirect(req, att, att_mod, dm)
    if req.defense_faces is None:
        raise MalformedAction("attack: defense_faces are required unless a threshold is given")
    dfn = read_faces(req.defense_faces)
    res = resolve_rolls(att, att_mod, dfn, sum(req.defense_modifiers.values()), dm, req.armor, req.weak_side)
    return AttackResponse(**res.to_dict(), attack_fumble=att.fumble, defense_fumble=dfn.fumble)


def _indirect(req: AttackRequest, att: Roll, att_mod: int, dm: int) -> AttackResponse:
    """Indirect Fire: the modified roll against the Threshold decides where the attack lands
    (MoF = deviation in inches); a model under it defends against the unmodified roll."""
    threshold = req.threshold if req.threshold is not None else IF_THRESHOLD
    modified = att.modified(att_mod)
    landing = against(modified, threshold)
    unmodified = 0 if att.fumble else att.result
    deviation = landing.mof or 0
    extra = {
        "on_target": deviation == 0,
        "deviation": deviation,
        "unmodified": unmodified,
        "under_blast": lands_on(modified, threshold, req.reach()),
    }
    if req.defense_faces is None:
        return AttackResponse(
            attack=modified,
            defense=threshold,
            hit=landing.success,
            mos=landing.mos,
            mof=landing.mof,
            damage=0,
            boxes=0,
            overkill=False,
            attack_fumble=att.fumble,
            defense_fumble=False,
            **extra,
        )
    dfn = read_faces(req.defense_faces)
    res = resolve(unmodified, dfn.modified(sum(req.defense_modifiers.values())), dm, req.armor, req.weak_side)
    return AttackResponse(
        **{**res.to_dict(), "attack": modified}, attack_fumble=att.fumble, defense_fumble=dfn.fumble, **extra
    )


def run_odds(req: OddsRequest) -> OddsResponse:
    o = odds(
        req.attack_skill,
        sum(req.attack_modifiers.values()),
        req.defense_skill,
        sum(req.defense_modifiers.values()),
        req.dm + req.focus,
        req.armor,
        req.weak_side,
        req.boxes_left,
        req.threshold,
        req.reach() if req.threshold is not None else 0.0,
    )
    exact = {"hit": str(o.hit), "overkill": str(o.overkill), **{f"boxes_{b}": str(p) for b, p in o.boxes.items()}}
    if o.destroyed is not None:
        exact["destroyed"] = str(o.destroyed)
    on_target = None
    if req.threshold is not None:
        on_target = on_target_odds(req.attack_skill, sum(req.attack_modifiers.values()), req.threshold)
        exact["on_target"] = str(on_target)
    return OddsResponse(
        on_target=None if on_target is None else float(on_target),
        hit=float(o.hit),
        miss=float(1 - o.hit),
        boxes={str(b): float(p) for b, p in o.boxes.items()},
        overkill=float(o.overkill),
        destroyed=None if o.destroyed is None else float(o.destroyed),
        mos={str(m): float(p) for m, p in o.mos.items()},
        exact=exact,
    )


class ForceRequest(Strict):
    faction: Literal["north", "south", "peace_river"]
    choices: (
        Annotated[
            dict[
                Annotated[str, Field(max_length=64)],
                Annotated[list[Annotated[str, Field(max_length=64)]], Field(max_length=3)],
            ],
            Field(max_length=16),
        ]
        | None
    ) = None
    command_group: Annotated[str, Field(max_length=16)] | None = None


class ForceResponse(BaseModel):
    faction: str
    tv: int | None
    listed_tv: int
    error: str | None
    models: list[dict[str, Any]]
    catalogue: dict[str, Any]


def run_force(req: ForceRequest) -> ForceResponse:
    """The force builder: check the chosen options and total the TV."""
    cat = catalogue(req.faction)
    choices = req.choices if req.choices is not None else data.faction(req.faction).get("default_choices", {})
    try:
        force = build(req.faction, choices, req.command_group)
    except BadOptions as exc:
        return ForceResponse(
            faction=req.faction, tv=None, listed_tv=cat["tv"], error=exc.message, models=[], catalogue=cat
        )
    models = [
        {
            "key": m["key"],
            "group": m["group"],
            "label": m["label"],
            "skills": m["skills"],
            "weapons": m["card"]["weapons"],
            "boxes": m["card"]["boxes"],
            "options": m["options"],
        }
        for m in force["models"]
    ]
    return ForceResponse(
        faction=req.faction, tv=force["tv"], listed_tv=cat["tv"], error=None, models=models, catalogue=cat
    )


class PathRequest(Strict):
    """A path over given terrain. At most ``MAX_PATH_WORK`` path points x terrain corners, and
    no more corners than a table holds (``board.MAX_CORNERS``): 422 ``too_much_work``, refused
    before anything is worked out. The outlines are checked as a table's are, off the event loop.
    A call costs one token of the rules rate limit per ``WORK_PER_TOKEN`` (4,000) of its work."""

    terrain: Annotated[list[TerrainOutline], Field(max_length=200)] = []  # noqa: RUF012
    x: Annotated[float, Field(ge=0, le=48)]
    y: Annotated[float, Field(ge=0, le=48)]
    facing: Annotated[float, Field(ge=-720, le=720)] = 0
    speed: Literal["stationary", "combat", "full"] = "combat"
    mode: Literal["walker", "ground"] = "walker"
    mp: Annotated[float, Field(ge=0, le=60)] = 4
    path: Annotated[list[XY], Field(min_length=1, max_length=100)]
    end_facing: Annotated[float, Field(ge=-720, le=720)] | None = None

    @model_validator(mode="before")
    @classmethod
    def _work_cap(cls, raw: Any) -> Any:
        """Counted on the raw body, before any field is validated (raises MalformedAction)."""
        if isinstance(raw, dict):
            check_path_work(corners(raw.get("terrain")), len(raw["path"]) if isinstance(raw.get("path"), list) else 0)
        return raw

    def work(self) -> int:
        """Path points x terrain corners: what the helper's answer costs (``MAX_PATH_WORK`` at most)."""
        return len(self.path) * sum(len(t.polygon) for t in self.terrain)


def path_price(req: PathRequest) -> int:
    """Tokens of the rules bucket a path request costs: one per ``WORK_PER_TOKEN`` of its work."""
    return max(1, -(-req.work() // WORK_PER_TOKEN))


def check_path_work(corner_count: int, points: int) -> None:
    """Refuse a path helper request over the work cap (``too_much_work``)."""
    if corner_count > MAX_CORNERS:
        raise MalformedAction(
            f"The path helper takes terrain of at most {MAX_CORNERS:,} corners in all, as a table holds; "
            f"this has {corner_count:,}",
            code="too_much_work",
        )
    if corner_count * points > MAX_PATH_WORK:
        raise MalformedAction(
            f"The path helper works through at most {MAX_PATH_WORK:,} path points x terrain corners; "
            f"this asks {points} x {corner_count:,} = {points * corner_count:,}: send a shorter path or less terrain",
            code="too_much_work",
        )


class PathResponse(BaseModel):
    legal: bool
    mp: list[float]
    mp_left: float
    facing: float | None
    error: dict[str, str] | None


def run_path(req: PathRequest) -> PathResponse:
    """The movement rules on a bare table: MP after each point, or why the path is refused.
    Raises MalformedAction for a terrain outline a table would refuse (as a table's options)."""
    for i, piece in enumerate(req.terrain):
        problem = piece_problem(piece.model_dump())
        if problem:
            raise MalformedAction(f"terrain.{i}: {problem[1]}")
    rules = data.rules()
    model = {
        "id": "m",
        "label": "The model",
        "seat": "north",
        "status": "active",
        "x": req.x,
        "y": req.y,
        "facing": req.facing % 360,
        "speed": req.speed,
        "mode": req.mode,
        "card": {"mp": {req.mode: {"combat": req.mp, "full": req.mp}}},
        "moved": {"mp": 0.0, "dist": 0.0, "turns": 0},
    }
    state = {
        "rules": rules,
        "models": {"m": model},
        "board": {"width": 48.0, "height": 48.0, "terrain": [t.model_dump() for t in req.terrain]},
    }
    try:
        plan = plan_move(state, model, req.path, req.end_facing)
    except IllegalAction as exc:
        return PathResponse(
            legal=False, mp=[], mp_left=0, facing=None, error={"code": exc.code, "message": exc.message}
        )
    return PathResponse(
        legal=True,
        mp=[tape(c) for c in plan["costs"]],
        mp_left=tape(plan["mp_left"]),
        facing=tape(plan["facing"]),
        error=None,
    )


HELPERS = (
    Helper(
        "roll",
        RollRequest,
        RollResponse,
        run_roll,
        "Read a skill roll: highest die, +1 per extra 6, all ones a Fumble (0).",
    ),
    Helper(
        "attack",
        AttackRequest,
        AttackResponse,
        run_attack,
        "Resolve one attack from given faces and modifiers: hit, MoS, damage, boxes, Overkill.",
    ),
    Helper(
        "odds",
        OddsRequest,
        OddsResponse,
        run_odds,
        "Exact probabilities (by enumeration) of hit, damage boxes and Overkill.",
    ),
    Helper(
        "force",
        ForceRequest,
        ForceResponse,
        run_force,
        "Force builder: validate a starting force's options and total its TV.",
    ),
    Helper(
        "path",
        PathRequest,
        PathResponse,
        run_path,
        "Movement on a bare table with given terrain: MP after each point of a path, or why not.",
        path_price,
    ),
)
