"""The PostgreSQL recorder that writes committed epoch seeds in the events' transaction; a module
of its own so that a SQLite journal never imports psycopg."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder

from chronique.adapters.commandids import INSERT_COMMAND_ID, CommandRecord
from chronique.adapters.journal import INSERT_SECRET, SnapshotRows


class PostgresRecorderWithSecrets(PostgresApplicationRecorder):
    """The library's PostgreSQL recorder, writing committed seeds, the command's id, the
    campaigns' next advances (adapters/pacingdue.py) and the snapshots the events bring due in the
    events' transaction."""

    def _insert_events(self, curs: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> None:
        super()._insert_events(curs, stored_events, **kwargs)
        for campaign_id, epoch, seed in kwargs.get("secrets", ()):
            curs.execute(INSERT_SECRET + "(%s, %s, %s)", (campaign_id, epoch, seed))
        command: CommandRecord | None = kwargs.get("command")
        if command is not None:
            curs.execute(INSERT_COMMAND_ID + "(%s, %s, %s, %s, %s)", command.row())
        for due in kwargs.get("dues", ()):
            due.write(curs, "%s")
        snapshots: SnapshotRows | None = kwargs.get("snapshots")
        if snapshots is not None:
            snapshots.write(curs, "%s")
