"""The log (issue 14): every event of a campaign with who recorded it, when in the game, the epoch
that hides it from players until revealed, and the correction that voided it; numbered per
campaign in the order of the log, so that a page of it is one query. Its words are not kept: a
page tells its events as its game's ``describe`` tells them when read (adapters/services.py
``page_log``), so that a journal recorded by an older Chronique reads in today's words."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import Connection, update

from chronique.domain.campaign import Campaign
from chronique.domain.corrections import CORRECTION_CLASSES, voided_by
from chronique.projections.standing import Standing, Standings, moves_standing, touched
from chronique.projections.stored import bulk_insert, chained, event_class, fields
from chronique.projections.tables import log, log_standings

TABLES = (log, log_standings)
DEFERRED = ("read_log_position",)
"""Indexes a rebuild makes after its rows: no fold reads this one (a correction voids through
``read_log_voided``, which stays)."""


def apply_page(connection: Connection, notifications: list[Any], decode: Callable[[Any], Any]) -> None:
    """Fold a page of events into the table: its entries in batched inserts, each correction's
    marks written after the entries it voids. Decoded are only the events that move a standing
    or may void others, and any not of Chronique's own; an entry of the others is read off its
    stored JSON (projections/stored.py ``fields``). Decoding every event was a third of the log's
    rebuild (issue 20)."""
    moving: dict[int, Any] = {}
    wanted: set[str] = set()
    for notification in notifications:
        wanted.add(notification.aggregate)
        if _stored_kind(notification.topic)[1]:
            event = moving[notification.id] = decode(notification)
            wanted.update(touched(event))
    standings = Standings()
    standings.load_keys(connection, log_standings, wanted, log)
    rows: list[tuple[Any, ...]] = []
    of, number, stored_kind = standings.of, standings.number, _stored_kind
    for notification in notifications:
        kind, decoded = stored_kind(notification.topic)
        if decoded:
            event = moving[notification.id]
            found = _decoded_row(standings, event, notification.id, notification.aggregate)
            if found is not None:
                rows.append(found)
            voided, marks = voids(event)
            if voided:
                bulk_insert(connection, log, rows)
                rows = []
                voiding = update(log).where(log.c.aggregate_id == notification.aggregate, log.c.version.in_(voided))
                connection.execute(voiding.values(**marks))
            continue
        if kind is None:
            continue
        standing = of(notification.aggregate)
        if standing is None:
            continue
        state = fields(notification)
        at, sealed = state.get("at"), state.get("sealed_until")
        version = notification.originator_version
        rows.append(_row(standing, number(standing.campaign_id), notification.id, notification.aggregate, version, at, sealed, kind))
    bulk_insert(connection, log, rows)
    standings.save(connection, log_standings)


_COLUMNS = [column.name for column in log.columns]
_KINDS: dict[type, tuple[str | None, bool]] = {}
_STORED_KINDS: dict[str, tuple[str | None, bool]] = {}


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


def _stored_kind(topic: str) -> tuple[str | None, bool]:
    """A stored event's entries' kind (:func:`_kind`), and whether it is decoded to make its
    entry: when it moves a standing, may void others, or is not of Chronique's own."""
    found = _STORED_KINDS.get(topic)
    if found is None:
        kind, voiding = _kind(event_class(topic))
        found = _STORED_KINDS[topic] = (kind, voiding or moves_standing(topic) or not chained(topic))
    return found


def _row(standing: Standing, number: int, position: int, key: str, version: int, at: Any, sealed: Any, kind: str) -> tuple[Any, ...]:
    """An entry as a row in the table's column order; no correction has voided it yet."""
    return (standing.campaign_id, number, position, key, version, at, standing.name, kind, sealed, None, None)


def _decoded_row(standings: Standings, event: Any, position: int, key: str) -> tuple[Any, ...] | None:
    """Fold ``event`` (at ``position`` in the log; ``key``, its aggregate's id as text) into
    ``standings``; its entry as a row (:func:`_row`), None for an event of no campaign."""
    standing = standings.see(event, key)
    kind = _kind(type(event))[0]
    if standing is None or kind is None:
        return None
    at, sealed = getattr(event, "at", None), getattr(event, "sealed_until", None)
    return _row(standing, standings.number(standing.campaign_id), position, key, event.originator_version, at, sealed, kind)


def entry(standings: Standings, event: Any, position: int, key: str | None = None) -> dict[str, Any] | None:
    """Fold ``event`` (at ``position`` in the log; ``key``, its aggregate's id as text, when
    known) into ``standings``; its entry, as a row (None for an event of no campaign)."""
    row = _decoded_row(standings, event, position, key or str(event.originator_id))
    return None if row is None else dict(zip(_COLUMNS, row, strict=True))


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
