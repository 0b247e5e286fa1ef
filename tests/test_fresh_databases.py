"""The tests' PostgreSQL databases (tests/support.py ``fresh_database``): one a test gave back is
emptied for the next, which must find it as new as a database just made; one a process is still
connected to is dropped, never handed on."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from support import fresh_database


def _state(url: str) -> tuple[list[str], list[str], list[str]]:
    with psycopg.connect(url) as connection:
        schemas = connection.execute(
            "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY 1"
        ).fetchall()
        tables = connection.execute(
            "SELECT table_schema || '.' || table_name FROM information_schema.tables "
            "WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1"
        ).fetchall()
        settings = connection.execute(
            "SELECT unnest(setconfig) FROM pg_db_role_setting "
            "WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())"
        ).fetchall()
    return [row[0] for row in schemas], [row[0] for row in tables], [row[0] for row in settings]


def test_a_database_given_back_reaches_the_next_test_as_new(tmp_path: Path) -> None:
    with fresh_database("postgresql", tmp_path) as first:
        new = _state(first)
        with psycopg.connect(first, autocommit=True) as connection:
            connection.execute("CREATE TABLE public.leftover (x integer)")
            connection.execute("CREATE SCHEMA stray")
            connection.execute("CREATE TABLE stray.leftover (x integer)")
            name = first.rsplit("/", 1)[1]
            connection.execute(f"ALTER DATABASE \"{name}\" SET work_mem = '8MB'")
    assert new == (["public"], [], [])
    with fresh_database("postgresql", tmp_path) as second:
        assert second == first, "the emptied database was not the one handed on"
        assert _state(second) == new


def test_a_database_someone_is_still_connected_to_is_dropped_not_handed_on(tmp_path: Path) -> None:
    with fresh_database("postgresql", tmp_path) as first:
        lingering = psycopg.connect(first)  # as a process a test left running would be
    name = first.rsplit("/", 1)[1]
    try:
        with psycopg.connect(first.rsplit("/", 1)[0] + "/postgres") as admin:
            assert admin.execute("SELECT count(*) FROM pg_database WHERE datname = %s", (name,)).fetchone() == (0,)
        with pytest.raises(psycopg.OperationalError):
            lingering.execute("SELECT 1")
    finally:
        lingering.close()
