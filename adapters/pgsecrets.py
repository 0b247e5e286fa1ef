"""The PostgreSQL recorder that writes committed epoch seeds in the events' transaction; a module
of its own so that a SQLite journal never imports psycopg."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from psycopg.sql import SQL, Identifier

from chronique.adapters.commandids import INSERT_COMMAND_ID, CommandRecord
from chronique.adapters.journal import INSERT_SECRET, SnapshotRows
from chronique.adapters.pacingdue import write_all


class PostgresRecorderWithSecrets(PostgresApplicationRecorder):
    """The library's PostgreSQL recorder, writing committed seeds, the command's id, the
    campaigns' next advances (adapters/pacingdue.py) and the snapshots the events bring due in the
    events' transaction. The events go in one statement of four arrays of plain values, which
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
        for campaign_id, epoch, seed in kwargs.get("secrets", ()):
            curs.execute(INSERT_SECRET + "(%s, %s, %s)", (campaign_id, epoch, seed))
        command: CommandRecord | None = kwargs.get("command")
        if command is not None:
            curs.execute(INSERT_COMMAND_ID + "(%s, %s, %s, %s, %s)", command.row())
        write_all(curs, "%s", kwargs.get("dues", ()))
        snapshots: SnapshotRows | None = kwargs.get("snapshots")
        if snapshots is not None:
            snapshots.write(curs, "%s")
