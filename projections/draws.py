"""The roll and draw log: who drew, what, why, when (in game and for real), the outcome, the
epoch, whether it is hidden and whether a correction voided it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, insert, update

from chronique.domain.corrections import voided_by
from chronique.projections.tables import draws

TABLES = (draws,)


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the table: its draws in one batched insert (compiling one
    statement per row cost most of a rebuild), written before any correction that voids them."""
    rows: list[dict[str, Any]] = []
    for notification in notifications:
        event = decode(notification)
        voided = voided_by(event)
        if voided:
            _insert(connection, rows)
            rows = []
            refs = [f"{event.originator_id}:{version}" for version in voided]
            connection.execute(update(draws).where(draws.c.ref.in_(refs)).values(voided=True))
            continue
        row = _row(event, notification.id)
        if row is not None:
            rows.append(row)
    _insert(connection, rows)


def _insert(connection: Connection, rows: list[dict[str, Any]]) -> None:
    if rows:
        connection.execute(insert(draws), rows)


def _row(event: Any, position: int) -> dict[str, Any] | None:
    """The log's row of an event that drew or rolled, else None."""
    outcome = _outcome(event)
    if outcome is None:
        return None
    return {
        "ref": f"{event.originator_id}:{event.originator_version}",
        "position": position,
        "aggregate_id": str(event.originator_id),
        "kind": type(event).__qualname__,
        "purpose": str(getattr(event, "purpose", "") or getattr(event, "reason", "") or getattr(event, "skill", "")),
        "at": getattr(event, "at", None),
        "recorded": event.timestamp.isoformat(),
        "outcome": outcome,
        "epoch": getattr(event, "epoch", None),
        "hidden_until": getattr(event, "sealed_until", None),
        "voided": False,
    }


def _outcome(event: Any) -> dict[str, Any] | None:
    if isinstance(getattr(event, "outcome", None), dict):
        return dict(event.outcome)
    if getattr(event, "chance", None):
        return {"chance": event.chance}
    if type(event).__qualname__ == "Deck.CardsDrawn":
        return {"cards": event.cards, "to": event.to}
    return None
