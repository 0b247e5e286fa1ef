"""The SQLite event store: eventsourcing's own, with the rows a command writes beside its events
in the same transaction, and a pool that keeps using the connection used last (issue 20)."""

from __future__ import annotations

import sqlite3
from collections import deque
from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import InterfaceError, StoredEvent
from eventsourcing.sqlite import (
    SQLITE3_DEFAULT_LOCK_TIMEOUT,
    SQLiteApplicationRecorder,
    SQLiteConnection,
    SQLiteConnectionPool,
    SQLiteFactory,
)
from eventsourcing.utils import Environment as LibraryEnvironment
from eventsourcing.utils import EnvType

from chronique.adapters.commandids import CREATE_COMMAND_IDS
from chronique.adapters.invites import CREATE_INVITES
from chronique.adapters.journal import CREATE_SECRETS, write_beside_events


class _MostRecentFirst(deque[SQLiteConnection]):
    """Idle connections, the one given back last handed out first: the pool takes from the left
    and gives back on the right."""

    def popleft(self) -> SQLiteConnection:
        return self.pop()


# Prepared statements each connection keeps: a command runs a dozen different ones, and the
# library's connections keep one (``cached_statements=True``), preparing each again every time.
STATEMENTS = 64


class RecentConnectionPool(SQLiteConnectionPool):
    """The library's pool, handing out the connection given back last, whose connections keep
    their prepared statements (issue 20). Each SQLite connection keeps its own cache of the
    file's pages, which another connection's write makes it read again; the library's pool takes
    its idle connections in turn, so a process whose pool once opened a second connection read
    pages again at every transaction."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._pool = _MostRecentFirst()

    def _create_connection(self) -> SQLiteConnection:
        # The library's connection (auto-commit, so that its transactions BEGIN explicitly; rows
        # by name; the file in WAL mode), with a statement cache.
        try:
            connection = sqlite3.connect(
                database=self.db_name,
                uri=True,
                check_same_thread=False,
                isolation_level=None,
                cached_statements=STATEMENTS,
                timeout=self.lock_timeout or SQLITE3_DEFAULT_LOCK_TIMEOUT,
            )
        except (sqlite3.Error, TypeError) as error:
            raise InterfaceError(error) from error
        if not self.is_sqlite_memory_mode and not self.is_journal_mode_wal:
            if connection.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                connection.execute("PRAGMA journal_mode=WAL")
                self.journal_mode_was_changed_to_wal = True
            self.is_journal_mode_wal = True
        connection.row_factory = sqlite3.Row
        return SQLiteConnection(sqlite_conn=connection, max_age=self.max_age)


class Factory(SQLiteFactory):
    """The library's SQLite factory, whose datastore pools connections most recent first."""

    def __init__(self, env: LibraryEnvironment | EnvType | None):
        super().__init__(env)
        library_pool = self.datastore.pool
        self.datastore.pool = RecentConnectionPool(db_name=library_pool.db_name, lock_timeout=library_pool.lock_timeout)
        library_pool.close()  # it never opened a connection: they are opened on first use


class SQLiteRecorderWithSecrets(SQLiteApplicationRecorder):
    """The library's SQLite recorder, which also writes what a save carries beside its events
    in their transaction (``journal.write_beside_events``: seeds, the command's id, next
    advances, snapshots)."""

    def construct_create_table_statements(self) -> list[str]:
        # Made with the events' table on every open, so a journal from before command ids gets it.
        return [*super().construct_create_table_statements(), CREATE_COMMAND_IDS, *CREATE_INVITES, CREATE_SECRETS]

    def _insert_events(self, c: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        ids = super()._insert_events(c, stored_events, **kwargs)
        write_beside_events(c, "?", kwargs)
        return ids
