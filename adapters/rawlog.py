"""The stored rows themselves, in recording order, for the two readers that must not pay for the
library's objects: verification (FAIRNESS.md hashes the bytes as stored) and time travel by event.
One class per backend, because the recording order is SQLite's rowid or PostgreSQL's notification_id."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol
from uuid import UUID

Row = tuple[int, str, int, str, bytes]
"""(position, originator id as 32 hex digits, version, topic, canonical bytes)."""

StoredRow = tuple[str, int, str, bytes]
"""A row without its position: (originator id as 32 hex digits, version, topic, canonical bytes)."""


class RawLog(Protocol):
    """Reads the event store's rows without decoding them."""

    def page(self, after: int, limit: int) -> list[Row]:
        """Up to ``limit`` rows recorded after position ``after``, in recording order."""
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
        return [(r["notification_id"], r["originator_id"].hex, r["originator_version"], r["topic"], bytes(r["state"])) for r in rows]

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
                f"SELECT notification_id, originator_id FROM {self._table} WHERE notification_id > %s ORDER BY notification_id DESC LIMIT %s",
                (after, limit),
            )
            return [(row["notification_id"], row["originator_id"]) for row in cursor.fetchall()]
