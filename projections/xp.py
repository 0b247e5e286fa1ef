"""The experience ledger: every award and spend, its reason and the running balance."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, insert, select

from chronique.projections.standing import games
from chronique.projections.stored import silent
from chronique.projections.tables import xp

TABLES = (xp,)


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the table: only the events of a class some game's
    ``experience`` hook may answer for are decoded."""
    for notification in notifications:
        quiet = _QUIET.get(notification.topic)
        if quiet is None:
            quiet = _QUIET[notification.topic] = all(silent(notification.topic, rules.experience) for rules in games())
        if not quiet:
            handle(connection, decode(notification), notification.id)


_QUIET: dict[str, bool] = {}  # topic -> no game's experience hook answers for its events


def handle(connection: Connection, event: Any, position: int) -> None:
    """Record awards (+) and spends (−) of experience, in the ruleset's own unit."""
    found = _experience(event)
    if found is None:
        return
    change, reason = found
    character = str(event.originator_id)
    before = connection.execute(select(xp.c.balance).where(xp.c.character_id == character).order_by(xp.c.position.desc()).limit(1)).scalar()
    connection.execute(
        insert(xp).values(
            ref=f"{character}:{event.originator_version}",
            position=position,
            character_id=character,
            at=getattr(event, "at", None),
            change=change,
            reason=reason,
            balance=(before or 0) + change,
        )
    )


def _experience(event: Any) -> tuple[int, str] | None:
    # Each game knows its own events: at most one answers for this one (its ``experience`` hook).
    for rules in games():
        found = rules.experience(event)
        if found is not None:
            return found
    return None

