"""Command ids (issue 18, "retries are idempotent"): every command that records carries an id,
written in the very transaction that writes its events, so the id is in the journal exactly when
the events are. A command run again with an id already recorded (its first run's answer lost
with a dropped connection, or a failure that left the outcome unknown) records nothing again.

One command may record several times (``chronique demo`` plays a whole session): each of its
writes is a step, and the id is kept per step; a run again stops at the first step recorded."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.persistence import OperationalError

COMMAND_IDS_TABLE = "chronique_command_ids"
# BIGINT: an in-game time runs past 2^31 seconds within a campaign's documented span.
CREATE_COMMAND_IDS = (
    f"CREATE TABLE IF NOT EXISTS {COMMAND_IDS_TABLE} (command_id TEXT NOT NULL, step INTEGER NOT NULL, "
    "campaign_id TEXT NOT NULL, at BIGINT NOT NULL, recorded_at TEXT NOT NULL, PRIMARY KEY (command_id, step))"
)
INSERT_COMMAND_ID = f"INSERT INTO {COMMAND_IDS_TABLE} (command_id, step, campaign_id, at, recorded_at) VALUES "
# {0} is the backend's placeholder: ``?`` on SQLite, ``%s`` on PostgreSQL.
SELECT_COMMAND_ID = f"SELECT campaign_id, at, recorded_at FROM {COMMAND_IDS_TABLE} WHERE command_id = {{0}} AND step = {{0}}"


@dataclass(frozen=True)
class CommandRecord:
    """One write of a command: its id, which of the command's writes it is, the campaign it
    recorded into, and when: the campaign's in-game clock once recorded, and the real time."""

    command_id: str
    step: int
    campaign_id: UUID
    at: int
    recorded_at: datetime

    def row(self) -> tuple[str, int, str, int, str]:
        """The values of its row, in the table's column order."""
        return (self.command_id, self.step, str(self.campaign_id), self.at, self.recorded_at.isoformat())

    @classmethod
    def from_row(cls, command_id: str, step: int, row: Any) -> CommandRecord:
        """The record read back from a row of ``SELECT_COMMAND_ID`` (a sqlite3.Row or a psycopg
        dict row: columns by name)."""
        return cls(command_id, step, UUID(row["campaign_id"]), int(row["at"]), datetime.fromisoformat(row["recorded_at"]))


class AlreadyRecorded(Exception):  # noqa: N818 - an outcome, not an error: the command's own answer
    """A command whose id was already recorded: nothing was recorded again. Its words say so,
    and when the first run recorded it; the CLI prints them as the command's answer (exit 0)."""


class OutcomeUnknown(OperationalError):
    """The environment failed (a dropped connection, a disk error) while a command's events were
    being committed, and whether they were could not be read back: running the same command again
    with ``command_id`` records it at most once."""

    def __init__(self, command_id: str, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.command_id = command_id
