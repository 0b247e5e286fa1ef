"""The experience ledger: every award and spend, its reason and the running balance. An award or
a spend that a correction voided (``correct``, ``undo``) is left out and the balances after it
are counted again without it, as the sheet and the log honour the void (rulings UN2, UN4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from chronique.domain.corrections import CORRECTION_CLASSES, voided_by
from chronique.domain.rulesets import owner
from chronique.projections.stored import event_class, silent
from chronique.projections.tables import xp

TABLES = (xp,)


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the table: only the corrections and the events of a class its
    game's ``experience`` hook may answer for are decoded."""
    for notification in notifications:
        topic = notification.topic
        quiet = _QUIET.get(topic)
        if quiet is None:
            cls = event_class(topic)
            _VOIDS[topic] = issubclass(cls, CORRECTION_CLASSES)
            rules = owner(cls)
            quiet = _QUIET[topic] = not _VOIDS[topic] and (rules is None or silent(topic, rules.experience))
        if quiet:
            continue
        if _VOIDS[topic]:
            void(connection, decode(notification))
        else:
            handle(connection, decode(notification), notification.id)


_QUIET: dict[str, bool] = {}  # topic -> neither a correction nor answered for by its game's experience hook
_VOIDS: dict[str, bool] = {}  # topic -> its events are corrections, which void others


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


def void(connection: Connection, event: Any) -> None:
    """Leave out the rows of the events a correction voids (of its own aggregate: a character's
    award or spend), then count that character's balances again from his first row."""
    voided = voided_by(event)
    if not voided:
        return
    character = str(event.originator_id)
    refs = [f"{character}:{version}" for version in voided]
    if not connection.execute(delete(xp).where(xp.c.ref.in_(refs))).rowcount:
        return
    balance = 0
    rows = connection.execute(select(xp.c.ref, xp.c.change, xp.c.balance).where(xp.c.character_id == character).order_by(xp.c.position))
    for ref, change, stored in rows.all():
        balance += change
        if stored != balance:
            connection.execute(update(xp).where(xp.c.ref == ref).values(balance=balance))


def _experience(event: Any) -> tuple[int, str] | None:
    # Each game knows its own events: only its ``experience`` hook answers for one.
    rules = owner(type(event))
    return None if rules is None else rules.experience(event)
