"""The experience ledger: every award and spend, its reason and the running balance."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, insert, select

from chronique.projections.tables import xp

TABLES = (xp,)


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the table."""
    for notification in notifications:
        handle(connection, decode(notification), notification.id)


def handle(connection: Connection, event: Any, position: int) -> None:
    """Record awards (+) and spends (−) of experience, in the ruleset's own unit."""
    change = _change(event)
    if change is None:
        return
    character = str(event.originator_id)
    before = connection.execute(select(xp.c.balance).where(xp.c.character_id == character).order_by(xp.c.position.desc()).limit(1)).scalar()
    connection.execute(
        insert(xp).values(
            ref=f"{character}:{event.originator_version}",
            position=position,
            character_id=character,
            at=getattr(event, "at", None),
            change=change,
            reason=_reason(event),
            balance=(before or 0) + change,
        )
    )


def _change(event: Any) -> int | None:
    # Cartes counts experience in hand cards (awarded, spent); Elor in points (awarded, spent
    # on a profession level).
    name = type(event).__name__
    if name == "ExperienceAwarded":
        return int(getattr(event, "count", 0) or getattr(event, "points", 0))
    if name == "ExperienceSpent":
        return -len(event.cards)
    if name == "ProfessionRaised" and event.experience_spent:
        return -int(event.experience_spent)
    return None


def _reason(event: Any) -> str:
    if type(event).__name__ == "ExperienceSpent" and hasattr(event, "purchase"):
        return f"{event.purchase} {event.name} {event.from_level}→{event.to_level} {event.reason}".strip()
    return str(getattr(event, "reason", ""))
