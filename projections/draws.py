"""The roll and draw log: who drew, what, why, when (in game and for real), the outcome, the
epoch, whether it is hidden and whether a correction voided it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, update

from chronique.domain.corrections import CORRECTION_CLASSES, voided_by
from chronique.projections.stored import bulk_insert, chained, event_class, fields, json_text, recorded, stored_json
from chronique.projections.tables import draws

TABLES = (draws,)
DEFERRED = ("ix_read_draws_position", "ix_read_draws_aggregate_id")
"""Indexes a rebuild makes after its rows: no fold reads them (a correction voids by ``ref``)."""


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the table: its draws in one batched insert, written before any
    correction that voids them. A row is made from the stored JSON (projections/stored.py
    ``fields``): only corrections, and any event not of Chronique's own, are decoded."""
    rows: list[tuple[Any, ...]] = []
    for notification in notifications:
        kind = _KINDS.get(notification.topic) or _kind(notification.topic)
        if kind is _DECODE:
            event = decode(notification)
            voided = voided_by(event)
            if voided:
                bulk_insert(connection, draws, rows)
                rows = []
                refs = [f"{event.originator_id}:{version}" for version in voided]
                connection.execute(update(draws).where(draws.c.ref.in_(refs)).values(voided=True))
                continue
            row = _row(event, notification.id)
            if row is not None:
                rows.append(tuple(json_text(row[c]) if c == "outcome" else row[c] for c in _COLUMNS))
            continue
        found = _stored_row(notification, kind)
        if found is not None:
            rows.append(found)
    bulk_insert(connection, draws, rows)


_COLUMNS = [column.name for column in draws.columns]
_DECODE = "decode"
_KINDS: dict[str, str] = {}  # topic -> its class's name, or _DECODE for the events decoded


def _kind(topic: str) -> str:
    cls = event_class(topic)
    found = _KINDS[topic] = _DECODE if not chained(topic) or issubclass(cls, CORRECTION_CLASSES) else cls.__qualname__
    return found


def _stored_row(notification: Any, kind: str) -> tuple[Any, ...] | None:
    """:func:`_row` of the stored event (of the class named ``kind``), read off its fields as the
    decoded event holds them (projections/stored.py ``fields``)."""
    state = fields(notification)
    outcome = state.get("outcome")
    if isinstance(outcome, dict):
        pass
    elif state.get("chance"):
        outcome = {"chance": state["chance"]}
    elif kind == "Deck.CardsDrawn":
        outcome = {"cards": state["cards"], "to": state["to"]}
    else:
        return None
    aggregate = notification.aggregate
    version = notification.originator_version
    return (
        f"{aggregate}:{version}",
        notification.id,
        aggregate,
        kind,
        _purpose(state.get),
        state.get("at"),
        recorded(state["timestamp"]),
        stored_json(outcome),
        state.get("epoch"),
        state.get("sealed_until"),
        False,
    )


def _purpose(field: Callable[[str, Any], Any]) -> str:
    """What a draw was for, from an event's ``field`` (name, default): the player's reason, else a
    Cartes test's game purpose ("attack on Alice", ruling C82), else its reason or its skill."""
    return str(field("purpose", "") or field("game_purpose", None) or field("reason", "") or field("skill", ""))


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
        "purpose": _purpose(lambda name, default: getattr(event, name, default)),
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
