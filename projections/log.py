"""The log (issue 14): every event of a campaign in the players' words, as its game's
``describe`` tells it, with who recorded it, when in the game, the epoch that hides it from
players until revealed, and the correction that voided it; numbered per campaign in the order of
the log, so that a page of it is one query."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import Connection, insert, update

from chronique.domain.campaign import Campaign
from chronique.domain.corrections import voided_by
from chronique.projections.standing import Standings
from chronique.projections.tables import log, log_standings

TABLES = (log, log_standings)


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the table: its entries in batched inserts, each correction's
    marks written after the entries it voids."""
    events = [(notification.id, decode(notification)) for notification in notifications]
    standings = Standings()
    standings.load(connection, log_standings, [event for _, event in events])
    rows: list[dict[str, Any]] = []
    for position, event in events:
        row = entry(standings, event, position)
        if row is None:
            continue
        rows.append(row)
        voided, marks = voids(event)
        if voided:
            connection.execute(insert(log), rows)
            rows = []
            connection.execute(update(log).where(log.c.aggregate_id == row["aggregate_id"], log.c.version.in_(voided)).values(**marks))
    if rows:
        connection.execute(insert(log), rows)
    standings.save(connection, log_standings)


def entry(standings: Standings, event: Any, position: int) -> dict[str, Any] | None:
    """Fold ``event`` (at ``position`` in the log) into ``standings``; its entry, as a row (None
    for an event of no campaign)."""
    standing = standings.see(event)
    if standing is None or isinstance(event, Campaign.CommandRecorded):
        # A command's mark is the journal's bookkeeping for `undo` (ruling UN1), not play.
        return None
    return {
        "campaign_id": standing.campaign_id,
        "number": standings.number(standing.campaign_id),
        "position": position,
        "aggregate_id": str(event.originator_id),
        "version": event.originator_version,
        "at": getattr(event, "at", None),
        "who": standing.name,
        # As `log --kind` names it: the event's class, e.g. "TestMade".
        "kind": type(event).__qualname__.rsplit(".", 1)[-1],
        "description": standing.rules.describe(event),
        "hidden_until": getattr(event, "sealed_until", None),
        "correction": None,
        "reason": None,
    }


def voids(event: Any) -> tuple[list[int], dict[str, Any]]:
    """The versions of its own aggregate that ``event`` voids (none unless a correction), and the
    marks their entries then carry: the correction as the log shows it, and its reason."""
    voided = voided_by(event)
    if not voided:
        return [], {}
    return voided, {"correction": f"{event.originator_id.hex[:8]}:{event.originator_version}", "reason": event.reason}


def folded(events: Iterable[tuple[int, Any]]) -> list[dict[str, Any]]:
    """The entries of ``events`` (position, event), folded in memory: the log of services that
    keep no read models."""
    standings = Standings()
    found: dict[tuple[str, int], dict[str, Any]] = {}
    for position, event in events:
        row = entry(standings, event, position)
        if row is None:
            continue
        found[(row["aggregate_id"], row["version"])] = row
        voided, marks = voids(event)
        for version in voided:
            if (row["aggregate_id"], version) in found:
                found[(row["aggregate_id"], version)].update(marks)
    return list(found.values())
