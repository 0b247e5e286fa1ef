"""Rows of the read models read through the event store's own connection, for one-shot reads:
a cold ``chronique sheet`` reads the sheets read model (issue 14) without importing SQLAlchemy,
which costs more than the read itself (issue 20). Only a current read model is read this way;
when it is behind the journal, or absent, the caller catches it up through ``ReadModels`` first
(``Chronique._read_model``) or loads from the store instead (``Chronique.world_read``).
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from typing import TYPE_CHECKING, Any
from uuid import UUID

import orjson
from eventsourcing.persistence import PersistenceError

from chronique.adapters.journal import Journal
from chronique.domain.character import Character

if TYPE_CHECKING:
    from chronique.adapters.services import LogPage

_POSITION = "SELECT position FROM read_tracking WHERE projection = {0}"
_SHEETS = "SELECT character_id, campaign_id, name, ruleset, version, sheet, condition, voided FROM read_sheets WHERE campaign_id = {0}"
_JSON = ("sheet", "condition", "voided")


def current_characters(journal: Journal, campaign_id: str) -> list[Character] | None:
    """The campaign's characters from the sheets read model when it has read every event of the
    journal; None when it has not (or its tables do not exist yet)."""
    rows = current_rows(journal, "sheets", _SHEETS, (campaign_id,))
    return None if rows is None else [character_of(row) for row in rows]


def current_rows(journal: Journal, projection: str, query: str, params: tuple[Any, ...]) -> list[Any] | None:
    """The rows ``query`` gives (``{0}`` marks each of its ``params``) when ``projection`` has read
    every event of the journal; None when it has not (or its tables do not exist yet). Each row
    reads as a mapping of its columns."""
    datastore = journal.recorder.datastore  # type: ignore[attr-defined]
    mark = "%s" if journal.settings.is_postgres else "?"
    newest = journal.recorder.max_notification_id() or 0
    try:
        with datastore.transaction(commit=False) as cursor:
            cursor.execute(_POSITION.format(mark), (projection,))
            tracked = cursor.fetchone()
            if tracked is None or int(tracked["position"]) < newest:
                return None
            cursor.execute(query.format(mark), params)
            return list(cursor.fetchall())
    except PersistenceError:  # no read-model tables yet: `db upgrade` or the next read makes them
        return None


def folded_rows(table: str, columns: list[str], rows: list[dict[str, Any]], query: str, params: tuple[Any, ...]) -> list[Any]:
    """What ``query`` gives over ``rows`` stored as ``table`` in a throwaway SQLite database: a
    read model's own query over the rows its projection folded in memory, for services that keep
    no read models (the same query, so the same filters, order and grouping)."""
    with closing(sqlite3.connect(":memory:")) as database:
        database.row_factory = sqlite3.Row
        database.execute(f"CREATE TABLE {table} ({', '.join(columns)})")
        database.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' for _ in columns)})", [[row[c] for c in columns] for row in rows])
        return database.execute(query.format("?"), params).fetchall()


LUCK = (
    "SELECT roller, session, kind, numerator, denominator, success, hidden_until, COUNT(*) AS draws, MIN(number) AS earliest"
    " FROM read_luck WHERE campaign_id = {0}"
    " GROUP BY roller, session, kind, numerator, denominator, success, hidden_until ORDER BY earliest"
)
"""A campaign's rolls in the luck read model, alike ones counted together, in the order of the
first of each (so that tallies come in the order the log met them)."""

_ALL = 2**62  # no limit: SQLite knows no OFFSET without a LIMIT
_LOG = "SELECT position, aggregate_id, version, at, who, kind, hidden_until, correction, reason FROM read_log"


def log_query(
    campaign_id: str,
    page: LogPage,
    aggregates: list[str],
    span: tuple[int, int | None] | None,
    face_down: tuple[str, ...] = (),
    counted: bool = False,
) -> tuple[str, tuple[Any, ...]]:
    """The query of one page of a campaign's log read model and its parameters: only the entries
    of ``aggregates`` (all when none) or naming one of them (ruling RM5) but those face down in an
    epoch of ``face_down`` (whom a face-down event names is hidden with it), of ``span`` (a
    session's first and last positions), and of ``page``'s kinds and in-game times, at its offset
    and limit, oldest or newest first. ``counted``: how many entries those filters keep, as
    ``counted``, whatever the offset and limit."""
    where: list[str] = ["campaign_id = {0}"]
    params: list[Any] = [campaign_id]
    if aggregates:
        named = " OR ".join("mentions LIKE {0}" for _ in aggregates)
        if face_down:
            named = f"({named}) AND (hidden_until IS NULL OR hidden_until NOT IN ({', '.join('{0}' for _ in face_down)}))"
        where.append(f"(aggregate_id IN ({', '.join('{0}' for _ in aggregates)}) OR ({named}))")
        params += [*aggregates, *(f"% {aggregate} %" for aggregate in aggregates), *face_down]
    if page.kinds:
        where.append(f"kind IN ({', '.join('{0}' for _ in page.kinds)})")
        params += page.kinds
    if page.since is not None or page.until is not None:
        where.append("at IS NOT NULL")
    for condition, value in (
        ("position >= {0}", span and span[0]),
        ("position <= {0}", span and span[1]),
        ("at >= {0}", page.since),
        ("at <= {0}", page.until),
    ):
        if value is not None:
            where.append(condition)
            params.append(value)
    if counted:
        # A count reads no column and sorts nothing: the page's own query counted whole sorted
        # every entry, 41 to 48 ms at 100,000 events against 9 ms (issue 20's shell pages). With
        # no filter, the campaign's entries are numbered 1 to N (projections/standing.py
        # ``number``): the highest number is the count, one step down the key (0.15 ms).
        if len(where) == 1:
            return "SELECT COALESCE(MAX(number), 0) AS counted FROM read_log WHERE campaign_id = {0}", tuple(params)
        return f"SELECT COUNT(*) AS counted FROM read_log WHERE {' AND '.join(where)}", tuple(params)
    query = f"{_LOG} WHERE {' AND '.join(where)} ORDER BY number {'DESC' if page.newest_first else 'ASC'}"
    if page.limit is not None or page.offset:
        query += " LIMIT {0} OFFSET {0}"
        params += [_ALL if page.limit is None else page.limit, page.offset]
    return query, tuple(params)


AFTER = "SELECT version FROM read_moments WHERE aggregate_id = {0} AND reached > {0} ORDER BY reached LIMIT 1"
"""The first row of an aggregate in the moments read model (projections/moments.py) past a
moment: the first of its events after it."""


def version_after(rows: list[Any], current: int) -> int | None:
    """The version at a moment of an aggregate now at version ``current``, from the rows of
    :data:`AFTER` (none: every event is at or before it); None when even its first event is after
    it. Never past ``current``: an event recorded since it was loaded is not part of it."""
    if not rows:
        return current
    before = min(int(rows[0]["version"]) - 1, current)
    return before if before >= 1 else None


def character_of(row: Any) -> Character:
    """A read-only character from its read-model row, which is the fold of its events by their own
    ``apply`` (projections/sheets.py): what replaying them gives, never saved."""
    # SQLite keeps a JSON column as text; PostgreSQL's driver hands it decoded.
    decoded = {name: orjson.loads(row[name]) if isinstance(row[name], str | bytes) else row[name] for name in _JSON}
    character = Character.__new__(Character)
    character.__dict__.update(
        _id=UUID(str(row["character_id"])),
        _version=int(row["version"]),
        _created_on=None,
        _modified_on=None,
        _pending_events=[],
        campaign_id=row["campaign_id"],
        name=row["name"],
        ruleset=row["ruleset"],
        **decoded,
    )
    return character
