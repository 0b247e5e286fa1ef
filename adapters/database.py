"""The journal's database seen through SQLAlchemy, for what lives beside the events: the read
models, the seed vault and the daemon's job store. The engine (and SQLAlchemy itself) is only
built when something needs it, so a command that reads a sheet starts fast."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from chronique.adapters.settings import SCHEMA_LOCK, FirstConnection, Settings

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine


class Database:
    """One lazily created engine on the journal's SQLite file or PostgreSQL database."""

    def __init__(self, settings: Settings, first: FirstConnection | None = None) -> None:
        """The database of ``settings``; on PostgreSQL, the engine's first connection is
        ``first``'s if it is still there."""
        self.settings = settings
        self._first = first
        self._engine: Engine | None = None

    @property
    def engine(self) -> Engine:
        """The engine, created on first use."""
        if self._engine is None:
            self._engine = engine_for(self.settings, self._first)
        return self._engine

    def dispose(self) -> None:
        """Give back every pooled connection."""
        if self._engine is not None:
            self._engine.dispose()
        if self._first is not None:
            self._first.close()


def engine_for(settings: Settings, first: FirstConnection | None = None) -> Engine:
    """An engine on the journal's SQLite file or PostgreSQL database (on PostgreSQL, its first
    connection ``first``'s if it is still there)."""
    from sqlalchemy import create_engine

    if settings.is_postgres:
        # A command needs one connection at a time; the daemon's scheduler thread one more.
        kept: dict[str, Any] = {} if first is None else {"creator": lambda: first.take(autocommit=False) or settings.connect()}
        return create_engine(settings.sqlalchemy_url, pool_size=2, max_overflow=4, pool_pre_ping=True, **kept)
    # DESIGN.md, Storage: the CLI and the daemon share the file, so wait for its lock.
    return create_engine(settings.sqlalchemy_url, connect_args={"timeout": 30})


@contextmanager
def schema_change(engine: Engine) -> Iterator[Connection]:
    """A transaction that creates tables. On PostgreSQL, processes starting together on a new
    database would race on ``CREATE ... IF NOT EXISTS`` ("tuple concurrently updated"), so they
    take turns; each then sees the tables the first one made."""
    from sqlalchemy import text

    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        yield connection


def first_line(error: BaseException) -> str:
    """The first line of ``error``'s message (its class's name when it has none): a database's
    errors run to several lines, and a warning or an error is read on one."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
