"""Journal identity (issue 18, item 7): a journal carries a marker, ``--db`` at anything else is
refused with one line and exit 2 and left exactly as it was, read commands never create a
journal, and journals from before the marker are adopted. Through the real CLI, in process.

Tests over ``db`` run on both backends. The ones about files (their bytes, their header, a
folder, an empty path) are SQLite-only: a PostgreSQL journal is a database, not a file."""

from __future__ import annotations

import gzip
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest
from support import run, stored

from chronique.adapters.bootstrap import build
from chronique.adapters.identity import APPLICATION_ID, MARKER_TABLE

# Commands that read, or change only a journal that exists.
NOT_CREATING = [
    ("campaign", "list"),
    ("campaign", "show", "Verdelune"),
    ("verify",),
    ("log", "Verdelune"),
    ("db", "upgrade"),
    ("pace", "clear", "Verdelune"),
]
CREATING = [("init",), ("campaign", "new", "Verdelune", "--ruleset", "cartes"), ("demo",)]


def refused(result: object, *words: str) -> None:
    """Exit 2 with one line of error naming the problem, and no traceback."""
    code, err = result.returncode, result.stderr  # type: ignore[attr-defined]
    assert code == 2, (code, err)
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert all(word in err for word in words), err


def a_journal(db: str) -> list[tuple[str, int, str, bytes]]:
    """A journal made by the current code: a Cartes campaign; its rows."""
    services = build(db)
    services.create_campaign("Verdelune", "cartes", "Day 1 08:00")
    services.close()
    return stored(db)


def application_id(path: str | Path) -> int:
    with sqlite3.connect(path) as connection:
        return connection.execute("PRAGMA application_id").fetchone()[0]


def postgres_tables(url: str) -> set[str]:
    with psycopg.connect(url) as connection:
        rows = connection.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'").fetchall()
    return {name for (name,) in rows}


def marked(db: str) -> bool:
    """Whether the journal at ``db`` carries the marker (read without opening it as a journal)."""
    if db.startswith("postgresql://"):
        return MARKER_TABLE in postgres_tables(db)
    return application_id(db) == APPLICATION_ID


# -- both backends ------------------------------------------------------------------------------


@pytest.mark.parametrize("command", NOT_CREATING, ids=" ".join)
def test_a_mistyped_journal_is_an_error_not_a_new_journal(empty_db: str, command: tuple[str, ...]) -> None:
    refused(run(empty_db, *command, check=False), "no journal", "chronique init")
    if empty_db.startswith("postgresql://"):
        assert postgres_tables(empty_db) == set()
    else:
        assert not Path(empty_db).exists()


@pytest.mark.parametrize("command", CREATING, ids=" ".join)
def test_init_demo_and_campaign_new_create_a_journal_carrying_the_marker(empty_db: str, command: tuple[str, ...]) -> None:
    run(empty_db, *command)
    assert marked(empty_db)
    assert run(empty_db, "campaign", "list", "--json").returncode == 0


def test_another_programs_database_is_refused_even_by_init_and_left_as_it_was(empty_db: str) -> None:
    if empty_db.startswith("postgresql://"):
        with psycopg.connect(empty_db) as connection:
            connection.execute("CREATE TABLE invoices (id integer PRIMARY KEY)")
    else:
        with sqlite3.connect(empty_db) as connection:
            connection.execute("CREATE TABLE invoices (id integer PRIMARY KEY)")
        connection.close()
    before = snapshot(empty_db)
    for command in (("campaign", "list"), ("init",), ("campaign", "new", "Verdelune", "--ruleset", "cartes")):
        refused(run(empty_db, *command, check=False), "another program")
    assert snapshot(empty_db) == before


def test_a_journal_from_before_the_marker_is_adopted_and_keeps_every_event(db: str) -> None:
    rows = a_journal(db)
    if db.startswith("postgresql://"):
        with psycopg.connect(db) as connection:
            connection.execute(f"DROP TABLE {MARKER_TABLE}")
    else:
        with sqlite3.connect(db) as connection:
            connection.execute("PRAGMA application_id = 0")
        connection.close()
    assert not marked(db)
    assert run(db, "campaign", "list", "--json").returncode == 0  # a read command: adopted, not refused
    assert marked(db)
    assert stored(db) == rows
    assert "OK" in run(db, "verify").stdout


def test_an_unmarked_events_table_of_another_program_is_refused(db: str) -> None:
    a_journal(db)
    if db.startswith("postgresql://"):
        with psycopg.connect(db) as connection:
            connection.execute(f"DROP TABLE {MARKER_TABLE}")
            connection.execute("UPDATE chronique_events SET topic = 'invoices.domain:Invoice.Created'")
    else:
        with sqlite3.connect(db) as connection:
            connection.execute("PRAGMA application_id = 0")
            connection.execute("UPDATE stored_events SET topic = 'invoices.domain:Invoice.Created'")
        connection.close()
    before = snapshot(db)
    refused(run(db, "campaign", "list", check=False), "another program")
    assert snapshot(db) == before


def snapshot(db: str) -> object:
    """What must not change: a file's bytes, mode and neighbours, or a database's tables."""
    if db.startswith("postgresql://"):
        return postgres_tables(db)
    path = Path(db)
    return path.read_bytes(), os.stat(path).st_mode, sorted(p.name for p in path.parent.iterdir())


# -- SQLite files -------------------------------------------------------------------------------


def _foreign_rollback(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (body text)")
        connection.execute("INSERT INTO notes VALUES ('groceries')")
    connection.close()


def _foreign_wal(path: Path) -> None:
    # In WAL mode and closed: a careless read-only open would leave -wal and -shm files beside it.
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("CREATE TABLE notes (body text)")
    connection.commit()
    connection.close()


def _other_application(path: Path) -> None:
    _foreign_rollback(path)
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA application_id = 1196444237")  # "GPKG": a GeoPackage
    connection.close()


def _empty_sqlite(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA user_version = 1")  # a header page and no table
    connection.close()


def _text(path: Path) -> None:
    path.write_text("campaign notes\n" * 100, encoding="utf-8")


def journal_bytes(folder: Path) -> bytes:
    """A whole journal as one file holds it once every write reached it (its WAL checkpointed)."""
    journal = folder / "source.db"
    a_journal(str(journal))
    with sqlite3.connect(journal) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    data = journal.read_bytes()
    for made in folder.glob("source.db*"):
        made.unlink()
    return data


def _gzip(path: Path) -> None:
    path.write_bytes(gzip.compress(journal_bytes(path.parent)))


def _truncated(size: Callable[[int, int], int]) -> Callable[[Path], None]:
    """A journal cut to ``size(length, page)`` bytes, as a full disk or a broken copy leaves it."""

    def cut(path: Path) -> None:
        data = journal_bytes(path.parent)
        assert len(data) >= 6 * 4096  # enough pages that each cut below is short of the header's count
        path.write_bytes(data[: size(len(data), 4096)])

    return cut


FOREIGN: dict[str, tuple[Callable[[Path], None], str]] = {
    "another program's database": (_foreign_rollback, "another program"),
    "another program's database in WAL mode": (_foreign_wal, "another program"),
    "a database with another application id": (_other_application, "another program's SQLite database"),
    "an empty SQLite database": (_empty_sqlite, "another program"),
    "a text file": (_text, "not a SQLite database"),
    "a gzip file": (_gzip, "not a SQLite database"),
    "truncated to 1 byte": (_truncated(lambda n, page: 1), "truncated"),
    "truncated inside the header": (_truncated(lambda n, page: 60), "truncated"),
    "truncated inside the first page": (_truncated(lambda n, page: 1000), "truncated"),
    "truncated to the first page": (_truncated(lambda n, page: page), "truncated"),
    "truncated inside a page": (_truncated(lambda n, page: n - page // 2), "truncated"),
    "truncated to whole pages": (_truncated(lambda n, page: 4 * page), "truncated"),
}


@pytest.mark.parametrize("kind", FOREIGN)
@pytest.mark.parametrize("command", [("campaign", "list"), ("verify",), ("init",), CREATING[1]], ids=" ".join)
def test_a_file_that_is_not_a_journal_is_refused_and_left_byte_for_byte(tmp_path: Path, kind: str, command: tuple[str, ...]) -> None:
    make, words = FOREIGN[kind]
    path = tmp_path / "given.db"
    make(path)
    before = snapshot(str(path))
    refused(run(path, *command, check=False), str(path), words)
    assert snapshot(str(path)) == before  # its bytes, its mode, and no -wal or -shm beside it


def test_an_empty_db_option_is_refused_and_the_default_journal_is_not_touched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for command in (("campaign", "list"), ("init",)):
        refused(run("", *command, check=False), "`--db` is empty")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_or_a_missing_folder_is_refused(tmp_path: Path) -> None:
    refused(run(tmp_path, "init", check=False), "is a folder")
    refused(run(tmp_path / "nowhere" / "journal.db", "init", check=False), "does not exist")
    assert list(tmp_path.iterdir()) == []


def test_an_empty_file_becomes_a_journal_only_through_a_command_that_creates_one(db_path: Path) -> None:
    db_path.touch()
    refused(run(db_path, "campaign", "list", check=False), "no journal")
    assert db_path.read_bytes() == b""
    run(db_path, "init")
    assert application_id(db_path) == APPLICATION_ID


def test_the_marker_is_in_the_files_own_header_from_its_creation(db_path: Path) -> None:
    a_journal(str(db_path))
    # sqlite.org/fileformat.html 1.3.28: the application id is the header's bytes 68-71, big-endian;
    # written before the switch to WAL, so a file copy or `file(1)` sees it without SQLite.
    assert int.from_bytes(db_path.read_bytes()[68:72], "big") == APPLICATION_ID
