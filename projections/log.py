"""The log (issue 14): every event of a campaign with who recorded it, when in the game, the epoch
that hides it from players until revealed, and the correction that voided it; numbered per
campaign in the order of the log, so that a page of it is one query. Its words are not kept: a
page tells its events as its game's ``describe`` tells them when read (adapters/services.py
``page_log``), so that a journal recorded by an older Chronique reads in today's words."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from sqlalchemy import Connection, update

from chronique.domain.campaign import Campaign
from chronique.domain.corrections import CORRECTION_CLASSES, voided_by
from chronique.projections.standing import Standings, moves_standing, touched
from chronique.projections.stored import bulk_insert
from chronique.projections.tables import log, log_standings

TABLES = (log, log_standings)
DEFERRED = ("read_log_position",)
"""Indexes a rebuild makes after its rows: no fold reads this one (a correction voids through
``read_log_voided``, which stays)."""


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the table: its entries in batched inserts, each correction's
    marks written after the entries it voids."""
    events = [(notification.id, decode(notification), notification.aggregate) for notification in notifications]
    standings = Standings()
    wanted = {notification.aggregate for notification in notifications}
    for notification, (_, event, _) in zip(notifications, events, strict=True):
        if moves_standing(notification.topic):
            wanted.update(touched(event))
    standings.load_keys(connection, log_standings, wanted, log)
    rows: list[tuple[Any, ...]] = []
    for row, event in entries(standings, events):
        rows.append(row)
        if _kind(type(event))[1]:
            voided, marks = voids(event)
            if voided:
                bulk_insert(connection, log, rows)
                rows = []
                aggregate = row[_AGGREGATE]
                connection.execute(update(log).where(log.c.aggregate_id == aggregate, log.c.version.in_(voided)).values(**marks))
    bulk_insert(connection, log, rows)
    standings.save(connection, log_standings)


_COLUMNS = [column.name for column in log.columns]
_AGGREGATE = _COLUMNS.index("aggregate_id")
_KINDS: dict[type, tuple[str | None, bool]] = {}


def _kind(cls: type) -> tuple[str | None, bool]:
    """An event class's entries' kind (None: its events have none, see :func:`entry`), and
    whether it may void others (:func:`voids` gives nothing for any other class)."""
    found = _KINDS.get(cls)
    if found is None:
        # A command's mark is the journal's bookkeeping for `undo` (ruling UN1), not play; the
        # others' kind as `log --kind` names it: the event's class, e.g. "TestMade".
        found = _KINDS[cls] = (
            None if issubclass(cls, Campaign.CommandRecorded) else cls.__qualname__.rsplit(".", 1)[-1],
            issubclass(cls, CORRECTION_CLASSES),
        )
    return found


def entries(standings: Standings, events: list[tuple[int, Any, str]]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Fold ``events`` (position, event, its aggregate's id as text) into ``standings``; the entry
    of each event of a campaign, as a row in the table's column order (:func:`entry`'s values),
    with its event."""
    see = standings.see
    number = standings.number
    for position, event, key in events:
        standing = see(event, key)
        kind = _kind(type(event))[0]
        if standing is None or kind is None:
            continue
        row = (
            standing.campaign_id,
            number(standing.campaign_id),
            position,
            key,
            event.originator_version,
            getattr(event, "at", None),
            standing.name,
            kind,
            getattr(event, "sealed_until", None),
            None,
            None,
        )
        yield row, event


def entry(standings: Standings, event: Any, position: int, key: str | None = None) -> dict[str, Any] | None:
    """Fold ``event`` (at ``position`` in the log; ``key``, its aggregate's id as text, when
    known) into ``standings``; its entry, as a row (None for an event of no campaign)."""
    for row, _ in entries(standings, [(position, event, key or str(event.originator_id))]):
        return dict(zip(_COLUMNS, row, strict=True))
    return None


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
