"""Where the journal lives: ``--db`` or ``CHRONIQUE_DB``, a SQLite path (default) or later a URL."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DB = "chronique.db"


@dataclass(frozen=True)
class Settings:
    """The journal's location; a PostgreSQL URL will select the PostgreSQL recorder."""

    db: str

    @classmethod
    def from_env(cls, db: str | None = None) -> Settings:
        """``db`` if given, else ``CHRONIQUE_DB``, else ``./chronique.db``."""
        return cls(db or os.environ.get("CHRONIQUE_DB") or DEFAULT_DB)

    @property
    def is_postgres(self) -> bool:
        """Whether the journal is a PostgreSQL database."""
        return self.db.startswith(("postgresql://", "postgres://"))

    @property
    def sqlite_path(self) -> Path:
        """The SQLite file of the journal."""
        return Path(self.db)
