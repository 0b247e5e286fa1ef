"""The event store on PostgreSQL: the library's factory and recorders, writing committed epoch
seeds in the events' transaction and inserting rows as arrays of plain values; a module of its own
so that a SQLite journal never imports psycopg."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import psycopg
from eventsourcing import persistence
from eventsourcing.persistence import OperationalError, StoredEvent
from eventsourcing.postgres import PostgresAggregateRecorder, PostgresApplicationRecorder, PostgresDatastore, PostgresFactory
from eventsourcing.utils import Environment, EnvType
from psycopg.rows import dict_row
from psycopg.sql import SQL, Composable, Composed, Identifier

from chronique.adapters.database import first_line
from chronique.adapters.journal import write_beside_events
from chronique.adapters.locks import AdvisoryLocks, Owed

# How long opening the pool waits for its first connection (the library's wait when it waits).
POOL_OPEN_SECONDS = 30.0


def _insert_plainly(table: str, schema: str, returning: str = "") -> Composed:
    """The insert of stored events as four arrays of plain values, which psycopg sends in binary:
    the library's one array of composite values had psycopg escape every event's bytes as text and
    the server parse them back (issue 20: an advance's save took six times the driver's
    ``executemany``), and needed the composite type read from the catalog by every process."""
    return SQL(
        "INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state) "
        "SELECT * FROM unnest(%b::uuid[], %b::bigint[], %b::text[], %b::bytea[])" + returning
    ).format(schema=Identifier(schema), table=Identifier(table))


# A save under a campaign's lock of at most this many events goes as one string of statements
# with their values written in (``_commit_written_in``): 0.25 ms less than the pipeline for a
# warm command's three events, the same at thirty; a year's advance of 1,600 events took twice
# the arrays' time as text (issue 20, measured on the project machine).
WRITTEN_IN_MOST = 16


def _row(event: StoredEvent) -> tuple[Any, ...]:
    return (event.originator_id, event.originator_version, event.topic, event.state)


class _WrittenStatements:
    """A cursor's ``execute`` and ``executemany`` that run nothing: each statement is kept with its
    values written in by psycopg's client-side binding (its own quoting of every value), to be
    sent together as one string (:meth:`text`)."""

    def __init__(self, connection: psycopg.Connection[Any]) -> None:
        self._connection = connection
        self._binding = psycopg.ClientCursor(connection)
        self._statements: list[str] = []

    def execute(self, query: str | Composable, params: Sequence[Any] | None = None, **_: Any) -> None:
        """Keep ``query`` with ``params`` written in (``prepare=`` and the like mean nothing here)."""
        text = query.as_string(self._connection) if isinstance(query, Composable) else query
        self._statements.append(self._binding.mogrify(text, params) if params is not None else text)

    def executemany(self, query: str | Composable, params_seq: Iterable[Sequence[Any]]) -> None:
        """Keep ``query`` once for each of ``params_seq``."""
        for params in params_seq:
            self.execute(query, params)

    def text(self) -> str:
        """Every statement kept, in order, as one string."""
        return ";\n".join(self._statements)


def _columns(stored_events: Sequence[StoredEvent]) -> tuple[list[Any], ...]:
    return (
        [event.originator_id for event in stored_events],
        [event.originator_version for event in stored_events],
        [event.topic for event in stored_events],
        [event.state for event in stored_events],
    )


# The library's words for the driver's failures (its datastore's ``get_connection``), most
# specific first: a conflict is an IntegrityError, a dropped connection an OperationalError.
_PERSISTENCE_ERRORS: tuple[tuple[type[psycopg.Error], type[persistence.PersistenceError]], ...] = (
    (psycopg.InterfaceError, persistence.InterfaceError),
    (psycopg.OperationalError, persistence.OperationalError),
    (psycopg.DataError, persistence.DataError),
    (psycopg.IntegrityError, persistence.IntegrityError),
    (psycopg.InternalError, persistence.InternalError),
    (psycopg.ProgrammingError, persistence.ProgrammingError),
    (psycopg.NotSupportedError, persistence.NotSupportedError),
    (psycopg.DatabaseError, persistence.DatabaseError),
    (psycopg.Error, persistence.PersistenceError),
)


def _in_library_words(error: psycopg.Error) -> persistence.PersistenceError:
    return next(ours(str(error)) for theirs, ours in _PERSISTENCE_ERRORS if isinstance(error, theirs))


class PostgresRecorderWithSecrets(PostgresApplicationRecorder):
    """The library's PostgreSQL recorder, writing what a save carries beside its events in their
    transaction (``journal.write_beside_events``: seeds, the command's id, next advances,
    snapshots). The events go in one statement of four arrays of plain values (``_insert_plainly``).
    A save under a campaign's lock commits in the lock's own transaction (``insert_events``); one of
    a few events goes there as one string of statements, its values written in
    (``_commit_written_in``)."""

    def __init__(self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        self._insert_columns = _insert_plainly(events_table_name, datastore.schema, " RETURNING notification_id")
        self._insert_values = SQL("INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state) VALUES ").format(
            schema=Identifier(datastore.schema), table=Identifier(events_table_name)
        )
        self._locks: AdvisoryLocks | None = None

    def commit_under(self, locks: AdvisoryLocks) -> None:
        """Commit a save made under a lock of ``locks`` in the lock's transaction (the journal's
        own locks, on its database: adapters/bootstrap.py)."""
        self._locks = locks

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """The library's insert; under a campaign's lock, the same statements and the commit sent
        at once on the lock's connection, in its transaction (ruling PF16): one round trip, where
        the library's own transaction on its pool took two, the lock's check before it one and
        its release after it another. Never retried there: a failure left the lock with the
        transaction, and the command runs again under a new one."""
        locks = self._locks
        held = locks.transaction() if locks is not None else None
        if locks is None or held is None:
            return super().insert_events(stored_events, **kwargs)
        connection, owed = held
        try:
            return self._commit_in(connection, owed, stored_events, **kwargs)
        except psycopg.Error as error:
            raise locks.in_words(error) or _in_library_words(error) from error

    def _commit_in(
        self, connection: psycopg.Connection[Any], owed: Owed | None, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        """Commit in the lock's transaction; a deferred lock's ``owed`` statements first (the
        lock, the world's check, the look: ruling PF17)."""
        if len(stored_events) <= WRITTEN_IN_MOST:
            return self._commit_written_in(connection, owed, stored_events, **kwargs)
        if owed is not None:
            owed.read(connection.execute(";\n".join(owed.statements)))
        failure: psycopg.Error | None = None
        ids: Sequence[int] | None = None
        with connection.pipeline() as pipeline:
            with connection.cursor(row_factory=dict_row) as beside, connection.cursor(row_factory=dict_row) as events:
                try:
                    self._insert_events(beside, stored_events, **kwargs)
                    if stored_events:
                        self._insert_stored_events(events, stored_events, **kwargs)
                    beside.execute("COMMIT")
                    pipeline.sync()
                    if stored_events:
                        ids = self._fetch_ids_after_insert_events(events, stored_events, **kwargs)
                except psycopg.Error as error:
                    failure = error  # raised once out of the pipeline, as the library does, so it warns of nothing
        if failure is not None:
            raise failure
        return ids

    def _commit_written_in(
        self, connection: psycopg.Connection[Any], owed: Owed | None, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        """:meth:`_commit_in`'s statements, their values written into them by psycopg's own
        client-side binding, sent as one string: the server runs it as one message (the simple
        query protocol), where the pipeline sent each statement as a message of its own
        (parse, bind, execute) and psycopg waited on the socket after each. What a deferred lock
        ``owed`` opens the string: a warm command's one round trip (ruling PF17)."""
        written = _WrittenStatements(connection)
        for statement in owed.statements if owed is not None else ():
            written.execute(statement)
        self._insert_events(written, stored_events, **kwargs)
        if stored_events:
            self._insert_stored_events(written, stored_events, **kwargs)
        written.execute("COMMIT")
        cursor = connection.execute(written.text())
        if owed is not None:
            owed.read(cursor, then=True)
        ids: list[int] = []
        while True:  # each statement's result in turn: the events' insert, the last before COMMIT, returns the ids
            if cursor.description is not None:
                ids = [row[0] for row in cursor.fetchall()]
            if not cursor.nextset():
                break
        if not stored_events:
            return None
        if len(ids) != len(stored_events):
            raise persistence.ProgrammingError(f"Couldn't get all notification IDs (got {len(ids)}, expected {len(stored_events)})")
        return ids

    def _insert_stored_events(self, curs: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> None:
        # The library's order: lock the table (ids issued in commit order), notify, insert.
        self._lock_table(curs)
        self._notify_channel(curs)
        if isinstance(curs, _WrittenStatements):
            values = ", ".join(["(%s, %s, %s, %s)"] * len(stored_events))
            insert = self._insert_values + SQL(values + " RETURNING notification_id")
            curs.execute(insert, [value for event in stored_events for value in _row(event)])
        else:
            curs.execute(self._insert_columns, _columns(stored_events))

    def _insert_events(self, curs: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> None:
        super()._insert_events(curs, stored_events, **kwargs)
        write_beside_events(curs, "%s", kwargs)


class SnapshotRecorder(PostgresAggregateRecorder):
    """The library's recorder of snapshots, inserting them as the events are (``_insert_plainly``)."""

    def __init__(self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        self._insert_columns = _insert_plainly(events_table_name, datastore.schema)

    def _insert_stored_events(self, curs: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> None:
        curs.execute(self._insert_columns, _columns(stored_events))


class _PlainDatastore(PostgresDatastore):
    """The library's datastore without composite types: no row goes through one (above), so a
    process does not read their definitions from the catalog, a query of 3 ms on a new connection
    (issue 20)."""

    def register_type_adapters(self) -> None:
        """Nothing to register."""


class Factory(PostgresFactory):
    """The library's PostgreSQL factory, whose recorders and datastore insert plain values."""

    aggregate_recorder_class = SnapshotRecorder

    def __init__(self, env: Environment | EnvType | None) -> None:
        super().__init__(env)
        # The datastore its factory made (from the POSTGRES_* settings), as the subclass above.
        self.datastore.__class__ = _PlainDatastore
        # Opened at its first statement without waiting for its first connection, the pool, finding
        # none ready yet, made a second one: every process made two (issue 20).
        try:
            self.datastore.pool.open(wait=True, timeout=POOL_OPEN_SECONDS)
        except psycopg.OperationalError as error:  # the server went away since it was found answering
            raise OperationalError(first_line(error)) from error
