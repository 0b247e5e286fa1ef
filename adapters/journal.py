"""The event store: eventsourcing's own recorder (SQLite file in WAL mode by default)."""

from __future__ import annotations

from typing import Any

from eventsourcing.application import Application

from chronique.adapters.settings import Settings
from chronique.domain.errors import RuleViolation


class Journal(Application):
    """Chronique's event-sourced application: stores and replays every campaign's events."""

    name = "chronique"

    @classmethod
    def open(cls, settings: Settings) -> Journal:
        """The journal at ``settings.db``; the tables are created on first use."""
        if settings.is_postgres:
            raise RuleViolation("PostgreSQL journals are not supported yet; use a SQLite file path")
        env: dict[str, Any] = {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(settings.sqlite_path),
            # DESIGN.md, Storage: the CLI and the daemon share the file, so wait for the lock.
            "SQLITE_LOCK_TIMEOUT": "30",
        }
        return cls(env=env)
