"""Luck (issue 14): every roll left to chance that succeeds or fails against a target, as its
game's ``luck`` hook reads it from the recorded event under the campaign's settings of that
moment, with its exact chance, who rolled it, the session it was rolled in and the epoch that
hides it until revealed; numbered per campaign in the order of the log."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import Connection, insert

from chronique.projections.standing import Standings
from chronique.projections.tables import luck, luck_standings

TABLES = (luck, luck_standings)


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the table: its rolls in one batched insert."""
    events = [(notification.id, decode(notification)) for notification in notifications]
    standings = Standings()
    standings.load(connection, luck_standings, [event for _, event in events])
    rows = [row for position, event in events for row in rolls(standings, event, position)]
    if rows:
        connection.execute(insert(luck), rows)
    standings.save(connection, luck_standings)


def folded(events: Iterable[tuple[int, Any]]) -> list[dict[str, Any]]:
    """The rolls of ``events`` (position, event), folded in memory: the luck of services that keep
    no read models."""
    standings = Standings()
    return [row for position, event in events for row in rolls(standings, event, position)]


def rolls(standings: Standings, event: Any, position: int) -> list[dict[str, Any]]:
    """Fold ``event`` (at ``position`` in the log) into ``standings``; its rolls, as rows."""
    standing = standings.see(event)
    if standing is None:
        return []
    return [
        {
            "campaign_id": standing.campaign_id,
            "number": standings.number(standing.campaign_id),
            "position": position,
            "ref": f"{event.originator_id}:{event.originator_version}",
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
