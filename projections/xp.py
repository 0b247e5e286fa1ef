"""The experience ledger: every award and spend, its reason and the running balance."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, insert, select

from chronique.domain.rulesets import owner
from chronique.projections.stored import event_class, silent
from chronique.projections.tables import xp

TABLES = (xp,)


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the table: only the events of a class its game's
    ``experience`` hook may answer for are decoded."""
    for notification in notifications:
        quiet = _QUIET.get(notification.topic)
        if quiet is None:
            rules = owner(event_class(notification.topic))
            quiet = _QUIET[notification.topic] = rules is None or silent(notification.topic, rules.experience)
        if not quiet:
            handle(connection, decode(notification), notification.id)


_QUIET: dict[str, bool] = {}  # topic -> its game's experience hook never answers for its events


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
    # Each game knows its own events: only its ``experience`` hook answers for one.
    rules = owner(type(event))
    return None if rules is None else rules.experience(event)

