"""What the projections read of a stored event without decoding it into its class: its class
from its topic, its fields from its JSON as the decoded event would hold them, and whether a
game's hook can say anything of an event of that class at all. Decoding every event into its
class cost a rebuild several times the reading of the rows (issue 20)."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Collection
from contextlib import closing
from datetime import datetime
from itertools import chain
from typing import Any

import orjson
from eventsourcing.utils import resolve_topic
from sqlalchemy import ColumnElement, Connection, String, Table, any_, literal

from chronique.domain.chain import ChainedCreated, ChainedEvent

_CLASSES: dict[str, type] = {}


def event_class(topic: str) -> type:
    """The class a stored event's topic names."""
    found = _CLASSES.get(topic)
    if found is None:
        found = _CLASSES[topic] = resolve_topic(topic)
    return found


def chained(topic: str) -> bool:
    """Whether the topic names one of Chronique's own events, stored as its canonical JSON."""
    found = _CHAINED.get(topic)
    if found is None:
        found = _CHAINED[topic] = issubclass(event_class(topic), (ChainedEvent, ChainedCreated))
    return found


_CHAINED: dict[str, bool] = {}


def fields(notice: Any) -> dict[str, Any]:
    """The fields of a stored event of Chronique's own (:func:`chained`) as its decoded event
    holds them: its JSON brought to its class's shape by the same ``upcast_stored`` the journal's
    mapper runs (adapters/journal.py), without the topic; the timestamp left as stored text."""
    state: dict[str, Any] = orjson.loads(notice.state)
    del state["topic"]
    event_class(notice.topic).upcast_stored(state)  # type: ignore[attr-defined]
    return state


def decoded(notice: Any) -> Any:
    """A stored event of Chronique's own (:func:`chained`) decoded as the journal's mapper
    decodes it (adapters/journal.py ``to_domain_event``, step for step), for a projection to
    read: its stored hash is not remembered, since no projection hashes or saves an event."""
    state: dict[str, Any] = orjson.loads(notice.state)
    del state["topic"]
    state["originator_id"] = notice.originator_id
    state["timestamp"] = datetime.fromisoformat(state["timestamp"])
    cls = event_class(notice.topic)
    cls.upcast_stored(state)  # type: ignore[attr-defined]
    event: Any = object.__new__(cls)
    object.__setattr__(event, "__dict__", state)
    return event


def among(connection: Connection, column: ColumnElement[Any], values: Collection[str]) -> ColumnElement[bool]:
    """``column`` is one of ``values`` (text): on PostgreSQL ``= ANY`` of one array parameter,
    elsewhere ``IN``. An ``IN`` of a daemon's thousand campaigns is a thousand parameters for
    SQLAlchemy to expand and psycopg to parse: 12 to 16 ms a query, against 5 to 6.5 ms for the
    array, measured; a pass's catch-up asks five (issue 20)."""
    if connection.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import ARRAY

        return column == any_(literal(list(values), ARRAY(String())))
    return column.in_(values)


ROWS_A_STATEMENT = 500
"""Rows an insert of :func:`bulk_insert` writes on SQLite, at most."""


def bulk_insert(connection: Connection, table: Table, rows: list[tuple[Any, ...]]) -> None:
    """Insert ``rows`` (values in the order of the table's columns; JSON columns as their text,
    :func:`json_text`) by the driver itself, in the connection's transaction: SQLAlchemy's per-row
    processing cost a rebuild more than the rows' own writing. On PostgreSQL one ``COPY``, a fifth
    of psycopg's ``executemany`` for a daemon's pass of 2,000 log rows (5 to 7 ms against 23 to
    40 ms, measured; issue 20). On SQLite inserts of many rows each (:data:`ROWS_A_STATEMENT`):
    the driver binds as many values as ``executemany`` would, but runs a statement once a batch
    instead of once a row, a quarter of the time for 100,000 log rows (0.29 s against 0.39 to
    0.42 s, measured; issue 20)."""
    if not rows:
        return
    columns = [column.name for column in table.columns]
    driver = connection.connection.driver_connection
    assert driver is not None  # a connection in use holds its driver's
    if connection.dialect.name == "postgresql":
        with driver.cursor() as cursor, cursor.copy(f"COPY {table.name} ({', '.join(columns)}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        return
    batch = max(1, min(ROWS_A_STATEMENT, driver.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER) // len(columns)))
    values = f"({', '.join('?' for _ in columns)})"
    insert = f"INSERT INTO {table.name} ({', '.join(columns)}) VALUES "
    with closing(driver.cursor()) as cursor:
        for start in range(0, len(rows), batch):
            chunk = rows[start : start + batch]
            cursor.execute(insert + ", ".join([values] * len(chunk)), tuple(chain.from_iterable(chunk)))


def json_text(value: Any) -> str:
    """A JSON column's value as SQLAlchemy's ``JSON`` type writes it (the standard library's
    ``json.dumps``, the engines' serializer), for a value decoded by a journal's mapper other
    than Chronique's own (whatever it holds: the standard library takes it)."""
    return json.dumps(value)


def stored_json(value: Any) -> str:
    """A JSON column's value taken from a stored event's own JSON (so decoded by ``orjson``:
    string keys, 64-bit integers, finite floats), as the projections that read the stored JSON
    write it, catch-up and rebuild alike: ``orjson``'s compact text, a sixth of the cost of
    ``json.dumps``'s (issue 20). It decodes to the same value as ``json.dumps``'s text, which
    rows written before remain in (tests/projections/test_rebuild_paths.py)."""
    return orjson.dumps(value).decode()


_CANONICAL_TIME = re.compile(
    r"\d{4}-(0[1-9]|1[0-2])-[0-3]\dT([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.(?!000000)\d{6}(\+\d\d:\d\d|-(?!00:00)\d\d:\d\d)"
)


def recorded(timestamp: str) -> str:
    """A stored event's timestamp as its decoded event's ``timestamp.isoformat()`` writes it.
    Chronique stores ``isoformat()``'s own text, which is that already when it has microseconds
    and an offset of whole minutes (the fullmatch): only another form is parsed and rewritten."""
    if _CANONICAL_TIME.fullmatch(timestamp):
        return timestamp
    return datetime.fromisoformat(timestamp).isoformat()


class _Touched(Exception):  # noqa: N818 - a signal, not an error
    """The hook read something of the probe event: its answer depends on the event's fields."""


class _ProbeSettings(dict[str, Any]):
    """Settings that let nothing be read: a hook that reads them before the event's class tells
    it the event is none of its own is asked of each real event."""

    def __getitem__(self, key: str) -> Any:
        raise _Touched(key)

    def get(self, key: str, default: Any = None) -> Any:
        raise _Touched(key)


PROBE_SETTINGS: dict[str, Any] = _ProbeSettings()
"""What a hook that also takes a campaign's settings is given beside the probe event."""

_SILENT: dict[tuple[str, Callable[..., Any]], bool] = {}


def silent(topic: str, hook: Callable[..., Any], *args: Any) -> bool:
    """Whether ``hook`` (called with an event, then ``args``) answers nothing (None or empty) for
    every event of the topic's class, whatever its fields: asked once per class with a probe
    event that stands for the class (``isinstance``, its names) but lets no field, method or
    attribute be read; a hook that reads any, or answers something, is asked of each real event.
    The one thing a probe cannot stand for is the class's identity (``type(event) is C``): the
    games' ``experience`` and ``luck`` hooks ask ``isinstance`` (tests/projections/
    test_moments_index.py checks every event of a campaign of each game)."""
    key = (topic, hook)
    found = _SILENT.get(key)
    if found is None:
        found = _SILENT[key] = _answers_nothing(event_class(topic), hook, args)
    return found


def _answers_nothing(cls: type, hook: Callable[..., Any], args: tuple[Any, ...]) -> bool:
    def guard(self: Any, name: str) -> Any:
        if name == "__class__":
            return cls
        raise _Touched(name)

    probe_class = type(cls.__name__, (cls,), {"__getattribute__": guard, "__qualname__": cls.__qualname__, "__module__": cls.__module__})
    probe: Any = object.__new__(probe_class)
    try:
        answer = hook(probe, *args)
    except Exception:  # noqa: BLE001 - the probe touched, or broke, something: ask each real event
        return False
    return answer is None or (isinstance(answer, list | tuple) and not answer)
