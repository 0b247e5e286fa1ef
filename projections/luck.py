"""Luck (issue 14): every roll left to chance that succeeds or fails against a target, as its
game's ``luck`` hook reads it from the recorded event under the campaign's settings of that
moment, with its exact chance, who rolled it, the session it was rolled in and the epoch that
hides it until revealed; numbered per campaign in the order of the log."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import Any

from sqlalchemy import Connection

from chronique.projections.standing import Standings, moves_standing, touched
from chronique.projections.stored import PROBE_SETTINGS, bulk_insert, silent
from chronique.projections.tables import luck, luck_standings

TABLES = (luck, luck_standings)


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the table: its rolls in one batched insert. Decoded are only
    the events that move a standing, and those whose campaign's game may find rolls in an event
    of their class (projections/stored.py ``silent``): the others give no row and change
    nothing."""
    moving: dict[int, Any] = {}
    wanted: set[str] = set()
    for notification in notifications:
        wanted.add(notification.aggregate)
        if moves_standing(notification.topic):
            event = moving[notification.id] = decode(notification)
            wanted.update(touched(event))
    standings = Standings()
    standings.load_keys(connection, luck_standings, wanted, luck)
    rows: list[tuple[Any, ...]] = []
    # (aggregate, topic) -> its events give no row: the same until an event moves a standing.
    quiet: dict[tuple[str, str], bool] = {}
    for notification in notifications:
        event = moving.get(notification.id) if moving else None
        if event is None:
            key = (notification.aggregate, notification.topic)
            skipped = quiet.get(key)
            if skipped is None:
                rules = standings.rules_of(notification.aggregate)
                skipped = quiet[key] = rules is None or silent(notification.topic, rules.luck, PROBE_SETTINGS)
            if skipped:
                continue
            event = decode(notification)
        else:
            quiet.clear()
        rows += [_VALUES(row) for row in rolls(standings, event, notification.id, notification.aggregate)]
    bulk_insert(connection, luck, rows)
    standings.save(connection, luck_standings)


_VALUES = itemgetter(*(column.name for column in luck.columns))  # a row's values in the table's order


def folded(events: Iterable[tuple[int, Any]]) -> list[dict[str, Any]]:
    """The rolls of ``events`` (position, event), folded in memory: the luck of services that keep
    no read models."""
    standings = Standings()
    return [row for position, event in events for row in rolls(standings, event, position)]


def rolls(standings: Standings, event: Any, position: int, key: str | None = None) -> list[dict[str, Any]]:
    """Fold ``event`` (at ``position`` in the log; ``key``, its aggregate's id as text, when
    known) into ``standings``; its rolls, as rows."""
    key = key or str(event.originator_id)
    standing = standings.see(event, key)
    if standing is None:
        return []
    return [
        {
            "campaign_id": standing.campaign_id,
            "number": standings.number(standing.campaign_id),
            "position": position,
            "ref": f"{key}:{event.originator_version}",
            "session": standing.session or None,
            # Whoever rolled it (LK1): a defender, a first-aider; else the chain's own character.
            "roller": draw.roller or standing.name,
            "kind": draw.kind,
            "numerator": draw.chance.numerator,
            "denominator": draw.chance.denominator,
            "success": draw.success,
            "hidden_until": getattr(event, "sealed_until", None),
        }
        for draw in standing.rules.luck(event, standing.settings)
    ]
