"""The PostgreSQL recorder that writes committed epoch seeds in the events' transaction; a module
of its own so that a SQLite journal never imports psycopg."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from psycopg.sql import SQL, Identifier

from chronique.adapters.journal import write_beside_events


class PostgresRecorderWithSecrets(PostgresApplicationRecorder):
    """The library's PostgreSQL recorder, writing what a save carries beside its events in their
    transaction (``journal.write_beside_events``: seeds, the command's id, next advances,
    snapshots). The events go in one statement of four arrays of plain values, which
    psycopg sends in binary: the library's one array of composite values had psycopg escape every
    event's bytes as text and the server parse them back (issue 20: an advance's save took six
    times the driver's ``executemany``)."""

    def __init__(self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        self._insert_columns = SQL(
            "INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state) "
            "SELECT * FROM unnest(%b::uuid[], %b::bigint[], %b::text[], %b::bytea[]) RETURNING notification_id"
        ).format(schema=Identifier(datastore.schema), table=Identifier(events_table_name))

    def _insert_stored_events(self, curs: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> None:
        # The library's order: lock the table (ids issued in commit order), notify, insert.
        self._lock_table(curs)
        self._notify_channel(curs)
        columns = (
            [event.originator_id for event in stored_events],
            [event.originator_version for event in stored_events],
            [event.topic for event in stored_events],
            [event.state for event in stored_events],
        )
        curs.execute(self._insert_columns, columns)

    def _insert_events(self, curs: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> None:
        super()._insert_events(curs, stored_events, **kwargs)
        write_beside_events(curs, "%s", kwargs)
