"""A projection's rows go into SQLite many a statement (issue 20: one statement a row was a
quarter of a rebuild's inserts), never past SQLite's limit on a statement's values, every row
kept as given and in order."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import create_engine, select

from chronique.projections.stored import ROWS_A_STATEMENT, bulk_insert
from chronique.projections.tables import log, metadata

COLUMNS = len(log.columns)


def rows(count: int) -> list[tuple[object, ...]]:
    """``count`` log rows of one campaign, in the table's column order."""
    return [("c" * 36, n, n, "a" * 36, n, n * 60, "Alice", "TestMade", None, None, None, None) for n in range(1, count + 1)]


def inserted(tmp_path: Path, given: list[tuple[object, ...]], limit: int | None = None) -> tuple[list[tuple[object, ...]], int]:
    """Insert ``given`` with ``bulk_insert`` on a SQLite file (with ``limit`` values a statement
    at most, if given); the rows read back in order, and how many inserts SQLite ran."""
    engine = create_engine(f"sqlite:///{tmp_path / 'journal.db'}")
    metadata.create_all(engine, tables=[log])
    statements: list[str] = []
    try:
        with engine.begin() as connection:
            driver = connection.connection.driver_connection
            assert isinstance(driver, sqlite3.Connection)
            if limit is not None:
                driver.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, limit)
            driver.set_trace_callback(statements.append)
            bulk_insert(connection, log, given)
            driver.set_trace_callback(None)
        with engine.connect() as connection:
            found = [tuple(row) for row in connection.execute(select(log).order_by(log.c.number))]
    finally:
        engine.dispose()
    return found, sum(1 for s in statements if s.startswith("INSERT INTO read_log"))


def test_rows_go_in_batches_of_rows_a_statement(tmp_path: Path) -> None:
    given = rows(2 * ROWS_A_STATEMENT + 1)
    found, inserts = inserted(tmp_path, given)
    assert found == given
    assert inserts == 3


def test_a_batch_never_binds_more_values_than_sqlite_allows(tmp_path: Path) -> None:
    given = rows(25)
    found, inserts = inserted(tmp_path, given, limit=4 * COLUMNS + 1)  # four rows' values a statement
    assert found == given
    assert inserts == 7  # 6 batches of 4 rows, then 1


def test_no_rows_run_no_statement(tmp_path: Path) -> None:
    assert inserted(tmp_path, []) == ([], 0)
