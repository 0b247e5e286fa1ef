"""The stored rows themselves, in recording order, for the two readers that must not pay for the
library's objects: verification (FAIRNESS.md hashes the bytes as stored) and time travel by event.
One class per backend, because the recording order is SQLite's rowid or PostgreSQL's notification_id."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol
from uuid import UUID

from eventsourcing.persistence import StoredEvent

Row = tuple[int, str, int, str, bytes]
"""(position, originator id as 32 hex digits, version, topic, canonical bytes)."""

StoredRow = tuple[str, int, str, bytes]
"""A row without its position: (originator id as 32 hex digits, version, topic, canonical bytes)."""

Chains = tuple[dict[UUID, StoredEvent], dict[UUID, list[StoredEvent]]]
"""Of several aggregates: the latest snapshot of each that has one, and the events after it."""


class RawLog(Protocol):
    """Reads the event store's rows without decoding them."""

    def page(self, after: int, limit: int) -> list[Row]:
        """Up to ``limit`` rows recorded after position ``after``, in recording order."""
        ...

    def at(self, positions: Sequence[int]) -> list[Row]:
        """The rows at ``positions`` (a page of the log, read to tell its events), in recording
        order; a position with no row gives none."""
        ...

    def rows(self, size: int) -> Iterator[list[StoredRow]]:
        """Every row, in recording order, in pages of up to ``size``: one pass, as one reading
        of the store would give them (verification reads the whole log this way)."""
        ...

    def version_at(self, originator_id: UUID, ref_id: UUID, ref_version: int) -> int | None:
        """The newest version of ``originator_id`` recorded no later than the event ``ref``."""
        ...

    def moved_after(self, after: int, limit: int) -> list[tuple[int, UUID]]:
        """The position and aggregate of up to ``limit`` events recorded after position
        ``after``, newest first (a warm journal's look, adapters/freshness.py)."""
        ...

    def moved_statement(self, after: int | None, limit: int, unless: Sequence[UUID] = ()) -> str | None:
        """:meth:`moved_after` as one statement of literals (its rows the same), for the
        campaign's lock to run in the round trip that takes it (adapters/locks.py); ``after``
        None: the newest event alone. ``unless``: the statement fails with a division by zero
        at a row of any of these aggregates, or at the ``limit``-th row (then some rows may go
        unread), for a deferred lock to check the command's world with its look (ruling PF17).
        None where a look costs no round trip (SQLite's file)."""
        ...

    def chains(self, snapshots: str, aggregate_ids: Sequence[UUID]) -> Chains:
        """The latest snapshot (from the table ``snapshots``) of each of ``aggregate_ids`` and the
        events after it, in two queries for them all (Journal.load_many)."""
        ...


class SqliteRawLog:
    """Rows of eventsourcing's SQLite recorder (table ``stored_events``, ordered by rowid)."""

    def __init__(self, datastore: Any) -> None:
        self._datastore = datastore

    def page(self, after: int, limit: int) -> list[Row]:
        with self._datastore.transaction(commit=False) as cursor:
            raw = cursor.sqlite_cursor
            raw.row_factory = None  # plain tuples: the library's rows are sqlite3.Row
            raw.execute(
                "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events WHERE rowid > ? ORDER BY rowid LIMIT ?",
                (after, limit),
            )
            return raw.fetchall()

    def at(self, positions: Sequence[int]) -> list[Row]:
        found: list[Row] = []
        with self._datastore.transaction(commit=False) as cursor:
            raw = cursor.sqlite_cursor
            raw.row_factory = None
            # In slices: SQLite binds at most 32,766 values to a statement.
            for start in range(0, len(positions), _SLICE):
                wanted = positions[start : start + _SLICE]
                raw.execute(
                    "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events "
                    f"WHERE rowid IN ({', '.join('?' for _ in wanted)})",
                    wanted,
                )
                found += raw.fetchall()
        return sorted(found)

    def rows(self, size: int) -> Iterator[list[StoredRow]]:
        # One statement read in pages, in one read transaction (one snapshot of the file): paging
        # by rowid instead took a fifth longer than the rows' own reading at 100,000 events.
        with self._datastore.transaction(commit=False) as cursor:
            raw = cursor.sqlite_cursor
            raw.row_factory = None
            raw.execute("SELECT originator_id, originator_version, topic, state FROM stored_events ORDER BY rowid")
            while page := raw.fetchmany(size):
                yield page

    def version_at(self, originator_id: UUID, ref_id: UUID, ref_version: int) -> int | None:
        with self._datastore.transaction(commit=False) as cursor:
            cursor.execute(
                "SELECT max(originator_version) FROM stored_events WHERE originator_id = ? AND rowid <= "
                "(SELECT rowid FROM stored_events WHERE originator_id = ? AND originator_version = ?)",
                (originator_id.hex, ref_id.hex, ref_version),
            )
            found = cursor.fetchone()[0]
        return None if found is None else int(found)

    def moved_after(self, after: int, limit: int) -> list[tuple[int, UUID]]:
        with self._datastore.transaction(commit=False) as cursor:
            cursor.execute("SELECT rowid, originator_id FROM stored_events WHERE rowid > ? ORDER BY rowid DESC LIMIT ?", (after, limit))
            return [(row[0], UUID(row[1])) for row in cursor.fetchall()]

    def moved_statement(self, after: int | None, limit: int, unless: Sequence[UUID] = ()) -> str | None:
        return None

    def chains(self, snapshots: str, aggregate_ids: Sequence[UUID]) -> Chains:
        found: dict[UUID, StoredEvent] = {}
        chains: dict[UUID, list[StoredEvent]] = {}
        # SQLite binds at most 32,766 values a statement: two an aggregate, a thousand at a time.
        for start in range(0, len(aggregate_ids), 1000):
            ids = {aggregate_id.hex: aggregate_id for aggregate_id in aggregate_ids[start : start + 1000]}
            marks = ", ".join("?" * len(ids))
            with self._datastore.transaction(commit=False) as cursor:
                cursor.execute(
                    f"SELECT s.originator_id, s.originator_version, s.topic, s.state FROM {snapshots} s "
                    f"JOIN (SELECT originator_id, max(originator_version) AS newest FROM {snapshots} WHERE originator_id IN ({marks}) "
                    "GROUP BY originator_id) n ON s.originator_id = n.originator_id AND s.originator_version = n.newest",
                    list(ids),
                )
                for row in cursor.fetchall():
                    found[ids[row[0]]] = StoredEvent(ids[row[0]], row[1], row[2], row[3])
                after = [value for hex_id, aggregate_id in ids.items() for value in (hex_id, _version(found.get(aggregate_id)))]
                cursor.execute(
                    f"WITH wanted(id, after) AS (VALUES {', '.join(['(?, ?)'] * len(ids))}) "
                    "SELECT e.originator_id, e.originator_version, e.topic, e.state FROM wanted "
                    "JOIN stored_events e ON e.originator_id = wanted.id AND e.originator_version > wanted.after "
                    "ORDER BY e.originator_id, e.originator_version",
                    after,
                )
                for row in cursor.fetchall():
                    chains.setdefault(ids[row[0]], []).append(StoredEvent(ids[row[0]], row[1], row[2], row[3]))
        return found, chains


class PostgresRawLog:
    """Rows of eventsourcing's PostgreSQL recorder (table ``<app>_events``, ordered by notification_id)."""

    def __init__(self, datastore: Any, table: str) -> None:
        self._datastore = datastore
        self._table = f'"{datastore.schema}"."{table}"'

    def page(self, after: int, limit: int) -> list[Row]:
        with self._datastore.transaction(commit=False) as cursor:
            cursor.execute(
                f"SELECT notification_id, originator_id, originator_version, topic, state FROM {self._table} "
                "WHERE notification_id > %s ORDER BY notification_id LIMIT %s",
                (after, limit),
            )
            rows = cursor.fetchall()
        return [_row(r) for r in rows]

    def at(self, positions: Sequence[int]) -> list[Row]:
        with self._datastore.transaction(commit=False) as cursor:
            cursor.execute(
                f"SELECT notification_id, originator_id, originator_version, topic, state FROM {self._table} "
                "WHERE notification_id = ANY(%s) ORDER BY notification_id",
                (list(positions),),
            )
            rows = cursor.fetchall()
        return [_row(r) for r in rows]

    def rows(self, size: int) -> Iterator[list[StoredRow]]:
        # Keyset pages, each its own statement: a server does not hold a cursor open for us.
        last = 0
        while page := self.page(last, size):
            yield [row[1:] for row in page]
            if len(page) < size:
                return
            last = page[-1][0]

    def version_at(self, originator_id: UUID, ref_id: UUID, ref_version: int) -> int | None:
        with self._datastore.transaction(commit=False) as cursor:
            cursor.execute(
                f"SELECT max(originator_version) AS found FROM {self._table} WHERE originator_id = %s AND notification_id <= "
                f"(SELECT notification_id FROM {self._table} WHERE originator_id = %s AND originator_version = %s)",
                (originator_id, ref_id, ref_version),
            )
            found = cursor.fetchone()["found"]
        return None if found is None else int(found)

    def moved_after(self, after: int, limit: int) -> list[tuple[int, UUID]]:
        with self._datastore.transaction(commit=False) as cursor:
            cursor.execute(
                f"SELECT notification_id, originator_id FROM {self._table} "
                "WHERE notification_id > %s ORDER BY notification_id DESC LIMIT %s",
                (after, limit),
            )
            return [(row["notification_id"], row["originator_id"]) for row in cursor.fetchall()]

    def moved_statement(self, after: int | None, limit: int, unless: Sequence[UUID] = ()) -> str | None:
        # Integers and UUIDs only, written here from their own types: nothing a user typed. The
        # check divides by zero rather than raising from a DO block, which PostgreSQL compiles
        # anew at each call (issue 20: 0.25 ms a command against 0.03 ms, measured).
        newer = "" if after is None else f"WHERE notification_id > {int(after)} "
        checked = ""
        if unless:
            ids = ", ".join(f"'{UUID(str(aggregate_id))}'" for aggregate_id in unless)
            checked = f", 1 / (originator_id NOT IN ({ids}) AND row_number() OVER (ORDER BY notification_id DESC) < {int(limit)})::int"
        return f"SELECT notification_id, originator_id{checked} FROM {self._table} {newer}ORDER BY notification_id DESC LIMIT {int(limit)}"

    def chains(self, snapshots: str, aggregate_ids: Sequence[UUID]) -> Chains:
        ids = list(aggregate_ids)
        with self._datastore.transaction(commit=False) as cursor:
            # LATERAL subqueries with their own order (so never flattened into a join): one look in
            # the primary key per aggregate, whatever the planner would make of a join with the
            # whole table (with a young journal's missing statistics, it read all of it).
            cursor.execute(
                "SELECT n.* FROM unnest(%s::uuid[]) AS s(id) CROSS JOIN LATERAL (SELECT originator_id, originator_version, topic, state "
                f"FROM {snapshots} WHERE originator_id = s.id ORDER BY originator_version DESC LIMIT 1) n",
                (ids,),
            )
            found = {row["originator_id"]: _stored(row) for row in cursor.fetchall()}
            cursor.execute(
                "SELECT e.* FROM unnest(%s::uuid[], %s::bigint[]) WITH ORDINALITY AS s(id, after, n) CROSS JOIN LATERAL "
                f"(SELECT originator_id, originator_version, topic, state FROM {self._table} "
                "WHERE originator_id = s.id AND originator_version > s.after ORDER BY originator_version) e "
                "ORDER BY s.n, e.originator_version",
                (ids, [_version(found.get(i)) for i in ids]),
            )
            chains: dict[UUID, list[StoredEvent]] = {}
            for row in cursor.fetchall():
                chains.setdefault(row["originator_id"], []).append(_stored(row))
        return found, chains


def _version(snapshot: StoredEvent | None) -> int:
    return 0 if snapshot is None else snapshot.originator_version


def _stored(row: Any) -> StoredEvent:
    return StoredEvent(row["originator_id"], row["originator_version"], row["topic"], bytes(row["state"]))


_SLICE = 10_000


def _row(found: Any) -> Row:
    """A row of the PostgreSQL recorder as :data:`Row` (the id's hex digits, the state's bytes)."""
    return (found["notification_id"], found["originator_id"].hex, found["originator_version"], found["topic"], bytes(found["state"]))
