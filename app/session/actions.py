"""A seat's actions and the host's rulings: checked, applied by the rule system and committed;
and previews, which run an action without committing it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.core.dice import PreviewDice
from app.core.errors import Forbidden, IllegalAction, WarboardError
from app.session.commit import Committer
from app.session.game import Play, dump, play, system_of
from app.session.history import History
from app.session.projection import Projection, Run
from app.session.records import Actor, Committed, Envelope, Preview
from app.session.tables import Tables
from app.systems.base import HOST_SEAT, RuleSystem


class Actions:
    def __init__(self, tables: Tables, history: History, committer: Committer) -> None:
        self.tables = tables
        self.history = history
        self.committer = committer

    async def apply(self, actor: Actor, action_id: str, raw_action: Any) -> Committed:
        """Apply one action of a seat. Raises a WarboardError (and changes nothing) if not legal."""
        system, action = await self._check(actor, raw_action)
        assert actor.seat is not None  # checked: a player's seat
        # The committer checks the token again inside the transaction: a seat the host removed
        # cannot act through another process's token cache (TOKEN_TTL) for even a moment.
        step = Play(system, actor.seat, action)
        return await self.committer.commit(actor.table_id, action_id, dump(action), step, token_hash=actor.token_hash)

    async def preview(self, actor: Actor, raw_action: Any) -> Preview:
        """What the action would do, without doing it (``sealed_preview``)."""
        _, action = await self._check(actor, raw_action)
        env = await self.history.current(actor.table_id)
        projection = await self.tables.projection(actor.table_id)
        # a preview can take milliseconds (HGB: moves against Return Fire): off the loop then
        return await projection.run(sealed_preview, projection, env, actor.seat or "", action)

    async def ruling(self, actor: Actor, action_id: str, raw_action: Any) -> Committed:
        """A host ruling (e.g. settling a disputed record), applied as the seat ``HOST_SEAT``."""
        if actor.role != "host":
            raise Forbidden("Only the table's host may make a ruling", code="not_host")
        meta = await self.tables.meta(actor.table_id)
        system = system_of(meta["system"])
        action = system.parse_action(raw_action)
        kind = getattr(action, "kind", None)
        if kind not in system.rulings:
            raise IllegalAction(
                f"{kind!r} is not a host ruling at this table"
                + (f"; rulings: {', '.join(sorted(system.rulings))}" if system.rulings else ""),
                code="not_a_ruling",
            )
        return await self.committer.commit(actor.table_id, action_id, dump(action), Play(system, HOST_SEAT, action))

    async def _check(self, actor: Actor, raw_action: Any) -> tuple[RuleSystem, Any]:
        if actor.role != "player" or actor.seat is None:
            raise Forbidden("Spectators and hosts cannot act; join a seat to play", code="not_a_player")
        meta = await self.tables.meta(actor.table_id)
        system = system_of(meta["system"])
        return system, system.parse_action(raw_action)


def sealed_preview(projection: Projection, env: Envelope, seat: str, action: Any) -> Preview:
    """What ``seat`` may learn of ``action`` at ``env`` without committing it, sealed by
    ``Projection.preview``: the action never runs on ``env``'s state, only on the two games
    ``seat`` cannot tell from it (``Projection.worlds``): twice in the first, on the preview
    dice and on the same dice upside down (``PreviewDice``), and once in the second; legality
    and the reason come from the first run; events come back only where the runs agree and the
    rule system calls their kind previewable. (The leak suite calls this for every legal action
    at every step of its games, and on twin states that differ only in what ``seat`` does not
    see.)"""
    first_world, second_world = projection.worlds(env.state, seat)
    first = _run(projection, replace(env, state=first_world), seat, action, mirrored=False)
    again = first if first.error else _run(projection, replace(env, state=first_world), seat, action, mirrored=True)
    other = (
        first
        if second_world is first_world
        else _run(projection, replace(env, state=second_world), seat, action, mirrored=False)
    )
    legal, shown, outcome, error = projection.preview(seat, first, again, other)
    return Preview(legal, shown, outcome, error)


def _run(projection: Projection, env: Envelope, seat: str, action: Any, mirrored: bool) -> Run:
    dice = PreviewDice(mirrored)
    try:
        _, events = play(projection.system, env, seat, action, dice)
    except WarboardError as exc:
        return Run([], exc, bool(dice.rolls))
    return Run(events, None, bool(dice.rolls))
