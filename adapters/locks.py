"""One writer at a time per campaign on PostgreSQL: many processes (CLI commands, daemons on
several machines) may write the same campaign, and optimistic concurrency alone lets a slow writer
lose every race to faster ones. An advisory lock queues them; the conflict retry stays as the net."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Protocol
from uuid import UUID

from chronique.adapters.database import Database


class CampaignLocks(Protocol):
    """Serialises the commands of one campaign across processes."""

    def hold(self, campaign_id: UUID) -> AbstractContextManager[object]:
        """Wait for, then hold, the campaign's lock for the duration of the block."""
        ...


class NoLocks:
    """SQLite: the file's own write lock already serialises writers, and conflicts are retried."""

    def hold(self, campaign_id: UUID) -> AbstractContextManager[object]:
        return nullcontext()


class AdvisoryLocks:
    """PostgreSQL session advisory locks, keyed by the campaign id's first 64 bits."""

    def __init__(self, database: Database) -> None:
        self._database = database

    @contextmanager
    def hold(self, campaign_id: UUID) -> Iterator[object]:
        from sqlalchemy import text

        key = int.from_bytes(campaign_id.bytes[:8], "big", signed=True)
        with self._database.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            # Never wait forever: a stuck holder surfaces as an error instead of a hung daemon.
            connection.execute(text("SET lock_timeout = '60s'"))
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": key})
            try:
                yield None
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": key})
