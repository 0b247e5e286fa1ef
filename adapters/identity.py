"""Which files and databases are Chronique journals. A journal carries a marker: on SQLite the
file's ``application_id`` (its header's own field for "which program's file is this"), on
PostgreSQL a one-row table. ``--db`` at anything else (another program's database, a text or
gzip file, a truncated file, a mistyped path) is refused before anything opens it for writing,
so it is left byte-for-byte as it was. Journals made before the marker existed are adopted:
they get the marker on their first writable open."""

from __future__ import annotations

import os
import sqlite3
import stat
from enum import Enum
from pathlib import Path
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.text import to_type

# "CHRQ": SQLite's header field for the program a file belongs to (sqlite.org/fileformat.html, 1.3.28).
APPLICATION_ID = 0x43485251
# eventsourcing's events table in a SQLite file (on PostgreSQL it is named after the application):
# a journal from before the marker has it.
EVENTS_TABLE = "stored_events"
# Every topic we store is one of our classes (CanonicalMapper), so an unmarked events table whose
# first event is not ours belongs to another eventsourcing program.
OUR_TOPICS = "chronique."
MARKER_TABLE = "chronique_journal"
MARKER_FORMAT = 1


class NotAJournal(RuleViolation):
    """``--db`` names something that is not a usable Chronique journal; nothing was changed."""


class Found(Enum):
    """What a journal location holds."""

    JOURNAL = "a journal with its marker"
    UNMARKED = "a journal from before the marker"
    NOTHING = "no journal yet (no file, or an empty one)"


def owner_only(path: Path) -> None:
    """Create the journal file readable by its owner only (FAIRNESS.md v2, "Secrets": it holds
    the open epoch's seed), or take group and others' access away from an existing one; SQLite
    gives its -wal and -shm files the same mode."""
    try:
        # Never open and close an existing journal here: closing a descriptor drops every SQLite
        # lock this process holds on the file (SQLite's documented POSIX-locks hazard).
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        if stat.S_IMODE(os.stat(path).st_mode) & 0o077:
            os.chmod(path, 0o600)


def reader(path: Path) -> sqlite3.Connection:
    """A read-only connection that creates nothing beside the file. Without a -wal file no
    connection has the file open (SQLite keeps the -wal while one does), so ``immutable`` reads it
    as it is, without the -shm and -wal files a read-only open of a WAL-mode file would leave behind;
    with one, it reads through the WAL as any reader does."""
    mode = "mode=ro" if _wal(path).exists() else "immutable=1"
    return sqlite3.connect(f"{path.absolute().as_uri()}?{mode}", uri=True)


def _wal(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def inspect_sqlite(path: Path) -> Found:
    """What the SQLite file at ``path`` holds, read without changing it; anything but a journal
    (or no file at all) raises :class:`NotAJournal` naming the problem."""
    if path.is_dir():
        raise NotAJournal(f"{path} is a folder, not a journal file")
    if not path.exists():
        return Found.NOTHING
    size = path.stat().st_size
    if size == 0:
        return Found.NOTHING  # SQLite's own view of an empty file: a database not made yet
    try:
        connection = reader(path)
    except sqlite3.Error as error:
        raise NotAJournal(f"cannot read {path}: {error}") from None
    try:
        return _classify(path, size, connection)
    except sqlite3.DatabaseError as error:
        if "not a database" in str(error):
            raise NotAJournal(f"{path} is not a Chronique journal: it is not a SQLite database") from None
        raise NotAJournal(f"{path} is damaged or truncated (SQLite: {error}): it is not a usable journal") from None
    finally:
        connection.close()


def _classify(path: Path, size: int, connection: sqlite3.Connection) -> Found:
    page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    # A SQLite file is whole pages, and (with no WAL holding newer pages) as long as its header says.
    if size % page_size or pages == 0 or (pages * page_size > size and not _wal(path).exists()):
        raise NotAJournal(f"{path} is truncated: it is not a usable journal")
    application_id = connection.execute("PRAGMA application_id").fetchone()[0]
    if application_id == APPLICATION_ID:
        return Found.JOURNAL
    if application_id:
        raise NotAJournal(f"{path} is another program's SQLite database (application id {application_id:#x}), not a Chronique journal")
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if EVENTS_TABLE in tables:
        first = connection.execute(f"SELECT topic FROM {EVENTS_TABLE} ORDER BY rowid LIMIT 1").fetchone()
        if first is None or first[0].startswith(OUR_TOPICS):
            return Found.UNMARKED
    raise NotAJournal(f"{path} is a SQLite database of another program, not a Chronique journal")


def claim_sqlite(path: Path, *, create: bool) -> None:
    """Make sure ``path`` is a journal before anything opens it for writing: a marked journal is
    used as it is, an unmarked one of ours is adopted, and a new one is made only if ``create``."""
    found = inspect_sqlite(path)
    if found is Found.NOTHING and not create:
        raise NotAJournal(f"there is no journal at {path}: {to_type('init')} creates one")
    if found is Found.NOTHING and not path.parent.is_dir():
        raise NotAJournal(f"cannot create a journal at {path}: the folder {path.parent} does not exist")
    try:
        owner_only(path)
    except OSError as error:
        raise NotAJournal(f"cannot create a journal at {path}: {error.strerror}") from None
    if found is not Found.JOURNAL:
        _mark_sqlite(path)


def _mark_sqlite(path: Path) -> None:
    # A new file is marked before eventsourcing switches it to WAL, so the marker is in the file's
    # own header from the start; an adopted journal gets it through its WAL like any write.
    connection = sqlite3.connect(path, timeout=30)
    try:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.commit()
    except sqlite3.OperationalError as error:
        # A journal on a read-only mount can still be read (verify, exports): it is adopted on a
        # later writable open.
        if "readonly" not in str(error):
            raise
    finally:
        connection.close()


def claim_postgres(cursor: Any, schema: str, events_table: str, *, create: bool, shown: str) -> None:
    """The same on PostgreSQL, inside the transaction that creates the tables (under the schema
    lock): a journal needs a database of its own, or one that already holds our journal."""
    cursor.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = %s", (schema,))
    tables = {row["table_name"] for row in cursor.fetchall()}
    if MARKER_TABLE in tables:
        return
    if events_table in tables:
        cursor.execute(f'SELECT topic FROM "{schema}"."{events_table}" ORDER BY notification_id LIMIT 1')
        first = cursor.fetchone()
        if first is not None and not first["topic"].startswith(OUR_TOPICS):
            raise NotAJournal(f"the database {shown} holds another program's events, not a Chronique journal")
    elif tables:
        raise NotAJournal(f"the database {shown} holds another program's tables: a journal needs a database of its own")
    elif not create:
        raise NotAJournal(f"there is no journal in the database {shown}: {to_type('init')} creates one")
    cursor.execute(f'CREATE TABLE "{schema}".{MARKER_TABLE} (application text PRIMARY KEY, format integer NOT NULL)')
    cursor.execute(f'INSERT INTO "{schema}".{MARKER_TABLE} VALUES (%s, %s)', ("chronique", MARKER_FORMAT))
