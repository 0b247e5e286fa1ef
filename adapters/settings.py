"""Where the journal lives: ``--db`` or ``CHRONIQUE_DB``, a SQLite path (the default) or a
``postgresql://`` URL, which puts the events, the read models, the seed vault and the daemon's
job store on that PostgreSQL server."""

from __future__ import annotations

import os
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from chronique.domain.errors import RuleViolation
from chronique.domain.text import quoted

if TYPE_CHECKING:
    from psycopg import Connection

DEFAULT_DB = "chronique.db"
SCHEMA_LOCK = 0x6368726F6E  # "chron": the PostgreSQL advisory lock under which tables are created
_POSTGRES_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")
# A wrong URL must fail fast with its cause (issue 15), not after the pool's 30 s wait.
PROBE_SECONDS = 4
# libpq's words for one failed attempt: 'connection to server at "h" (addr), port p failed: why'.
_ATTEMPT = re.compile(r'connection to server at "(?P<host>[^"]*)"(?: \([^)]*\))?, port (?P<port>\d+) failed: (?P<why>.+)')


@dataclass(frozen=True)
class Settings:
    """The journal's location: a SQLite file path or a PostgreSQL URL."""

    db: str

    def __post_init__(self) -> None:
        # An empty --db is a slip (an unset shell variable), never a wish for ./chronique.db.
        if not self.db.strip():
            raise RuleViolation("`--db` is empty: name a journal file or a PostgreSQL URL")
        if "\0" in self.db:
            raise RuleViolation("`--db` contains a NUL character: no file or URL has one")

    @classmethod
    def from_env(cls, db: str | None = None) -> Settings:
        """``db`` if given (even empty, which is refused), else ``CHRONIQUE_DB``, else ``./chronique.db``."""
        return cls(db if db is not None else os.environ.get("CHRONIQUE_DB") or DEFAULT_DB)

    @property
    def is_postgres(self) -> bool:
        """Whether the journal is a PostgreSQL database."""
        return self.db.startswith(_POSTGRES_SCHEMES)

    @property
    def sqlite_path(self) -> Path:
        """The SQLite file of the journal."""
        if self.is_postgres:
            raise RuleViolation("this journal is a PostgreSQL database, not a SQLite file")
        return Path(self.db)

    @property
    def sqlalchemy_url(self) -> str:
        """The same database as a SQLAlchemy URL (psycopg 3 for PostgreSQL)."""
        if not self.is_postgres:
            return f"sqlite:///{self.sqlite_path}"
        return "postgresql+psycopg://" + self.db.split("://", 1)[1]

    @property
    def absolute(self) -> str:
        """The journal as a location that survives a change of directory (kept in the job store)."""
        return self.db if self.is_postgres else str(self.sqlite_path.resolve())

    def postgres_env(self) -> dict[str, str]:
        """eventsourcing's POSTGRES_* settings for this URL."""
        url = urlsplit(self.db)
        name = url.path.lstrip("/")
        if not name:
            raise RuleViolation(f"the PostgreSQL URL {quoted(self.shown(), 200)} names no database")
        try:
            port = url.port
        except ValueError:  # urllib's own words ("Port could not be cast to integer value as 'x'")
            raise RuleViolation(f"the PostgreSQL URL {quoted(self.shown(), 200)}: its port must be a whole number up to 65535") from None
        return {
            "POSTGRES_DBNAME": unquote(name),
            "POSTGRES_HOST": url.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(port or 5432),
            "POSTGRES_USER": unquote(url.username or "postgres"),
            # The library requires the setting even when trust authentication needs none.
            "POSTGRES_PASSWORD": unquote(url.password or ""),
        }

    def shown(self) -> str:
        """The location as a person may read it: never a password."""
        if not self.is_postgres:
            return str(self.sqlite_path)
        url = urlsplit(self.db)
        if url.password is None:
            return self.db
        return self.db.replace(f":{url.password}@", ":***@", 1)

    def probe(self) -> None:
        """Connect once to the PostgreSQL server (:meth:`connect`), so the journal's pool never
        waits on a server that will not answer."""
        self.connect().close()

    def connect(self, *, autocommit: bool = False) -> Connection[Any]:
        """A psycopg connection to the PostgreSQL server, waiting at most ``PROBE_SECONDS``; on
        failure an OperationalError naming the cause in one line ("connection refused at
        127.0.0.1:5433", 'database "x" does not exist at 127.0.0.1:5432')."""
        import psycopg
        from eventsourcing.persistence import OperationalError

        env = self.postgres_env()
        try:
            return psycopg.connect(
                dbname=env["POSTGRES_DBNAME"],
                host=env["POSTGRES_HOST"],
                port=int(env["POSTGRES_PORT"]),
                user=env["POSTGRES_USER"],
                password=env["POSTGRES_PASSWORD"] or None,
                connect_timeout=PROBE_SECONDS,
                autocommit=autocommit,
            )
        except psycopg.OperationalError as error:
            raise OperationalError(connection_failure(str(error))) from error


class FirstConnection:
    """The connection that found the PostgreSQL server answering (:meth:`Settings.connect`), kept
    for whichever asks first of the campaign locks (a command that writes) and the read models'
    engine (one that reads): a command makes one connection fewer (issue 20)."""

    def __init__(self, connection: Connection[Any]) -> None:
        self._connection: Connection[Any] | None = connection
        self._guard = threading.Lock()

    def take(self, *, autocommit: bool) -> Connection[Any] | None:
        """The connection, in autocommit mode or not, the first time it is asked for; then None."""
        connection = self._taken()
        if connection is not None:
            connection.autocommit = autocommit
        return connection

    def close(self) -> None:
        """Close the connection if no one took it."""
        connection = self._taken()
        if connection is not None:
            connection.close()

    def _taken(self) -> Connection[Any] | None:
        with self._guard:
            connection, self._connection = self._connection, None
        return connection


def connection_failure(text: str) -> str:
    """libpq's report of a failed connection as one line: the last attempt's cause, then where."""
    attempts = [m for line in text.splitlines() if (m := _ATTEMPT.search(line))]
    if not attempts:
        return text.strip().splitlines()[0] if text.strip() else "the connection failed"
    last = attempts[-1]
    why = last["why"].removeprefix("FATAL:").strip()
    return f"{why[:1].lower()}{why[1:]} at {last['host']}:{last['port']}"
