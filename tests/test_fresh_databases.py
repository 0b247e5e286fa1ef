"""The tests' PostgreSQL databases (tests/support.py ``fresh_database``): one a test gave back is
brought back as new for the next, which must find it as a database just made (empty, or holding a
journal with nothing recorded); one whose tables a test reshaped, or that a process is still
connected to, is dropped, never handed on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import psycopg
import pytest
from support import POSTGRES_SERVER, fresh_database

from chronique.adapters.bootstrap import build


def _state(url: str) -> dict[str, Any]:
    """Schemas, every table with its rows, the database's own settings, the next event's number."""
    with psycopg.connect(url) as connection:
        schemas = connection.execute(
            "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY 1"
        ).fetchall()
        tables = [
            row[0]
            for row in connection.execute(
                "SELECT table_schema || '.' || table_name FROM information_schema.tables "
                "WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1"
            )
        ]
        rows = {table: sorted(map(repr, connection.execute(f"SELECT * FROM {table}").fetchall())) for table in tables}
        settings = connection.execute(
            "SELECT unnest(setconfig) FROM pg_db_role_setting "
            "WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())"
        ).fetchall()
        sequences = connection.execute(
            "SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1"
        ).fetchall()
    return {"schemas": schemas, "rows": rows, "settings": settings, "sequences": sequences}


def _exists(name: str) -> bool:
    with psycopg.connect(f"{POSTGRES_SERVER}/postgres") as admin:
        return admin.execute("SELECT count(*) FROM pg_database WHERE datname = %s", (name,)).fetchone() == (1,)


def _name(url: str) -> str:
    return url.rsplit("/", 1)[1]


def test_an_empty_database_given_back_reaches_the_next_test_as_new(tmp_path: Path) -> None:
    with fresh_database("postgresql", tmp_path, made=False) as first:
        new = _state(first)
        with psycopg.connect(first, autocommit=True) as connection:
            connection.execute("CREATE TABLE public.leftover (x integer)")
            connection.execute("CREATE SCHEMA stray")
            connection.execute("CREATE TABLE stray.leftover (x integer)")
            connection.execute(f"ALTER DATABASE \"{_name(first)}\" SET work_mem = '8MB'")
    assert (new["schemas"], new["rows"], new["settings"]) == ([("public",)], {}, [])
    with fresh_database("postgresql", tmp_path, made=False) as second:
        assert second == first, "the emptied database was not the one handed on"
        assert _state(second) == new


def test_a_made_journal_given_back_reaches_the_next_test_as_made(tmp_path: Path) -> None:
    with fresh_database("postgresql", tmp_path) as first:
        made = _state(first)
        services = build(first)
        services.create_campaign("Verdelune", "cartes", "Day 1 08:00")
        services.start_session("Verdelune")
        services.close()
        with psycopg.connect(first, autocommit=True) as connection:
            connection.execute(f"ALTER DATABASE \"{_name(first)}\" SET work_mem = '8MB'")
        assert _state(first) != made
    assert made["rows"]["public.chronique_journal"] and made["rows"]["public.alembic_version"]
    assert not made["rows"]["public.chronique_events"]
    with fresh_database("postgresql", tmp_path) as second:
        assert second == first, "the journal brought back was not the one handed on"
        assert _state(second) == made
        services = build(second)
        services.create_campaign("Verdelune", "cartes", "Day 1 08:00")  # the name is free again
        services.close()
        with psycopg.connect(second) as connection:
            assert connection.execute("SELECT min(notification_id) FROM chronique_events").fetchone() == (1,)


def test_a_journal_whose_tables_a_test_reshaped_is_dropped(tmp_path: Path) -> None:
    with fresh_database("postgresql", tmp_path) as first:
        with psycopg.connect(first, autocommit=True) as connection:
            connection.execute("ALTER TABLE chronique_invites ADD COLUMN stray integer")
    assert not _exists(_name(first))


def test_a_database_someone_is_still_connected_to_is_dropped_not_handed_on(tmp_path: Path) -> None:
    with fresh_database("postgresql", tmp_path) as first:
        lingering = psycopg.connect(first)  # as a process a test left running would be
    try:
        assert not _exists(_name(first))
        with pytest.raises(psycopg.OperationalError):
            lingering.execute("SELECT 1")
    finally:
        lingering.close()
