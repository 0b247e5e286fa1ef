"""A one-shot command opens its journal once and cheaply (issue 20, "Cold commands lean"): a game's
command reads the campaign's game and then plays on the same open journal, and a PostgreSQL
journal whose tables are made opens with one look, never queueing behind the lock under which a
first open makes them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import psycopg
import pytest
from support import SAMPLES, fresh_database, held_by_another_writer, one_shot_importing, others_connected, run

from chronique.adapters import bootstrap
from chronique.adapters.settings import SCHEMA_LOCK


def _cartes_campaign(db: str) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / "alice.toml"))
    run(db, "session", "start", "Verdelune")


def test_a_game_command_opens_its_journal_once(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _cartes_campaign(db)
    opened: list[str | None] = []
    real_build = bootstrap.build

    def counted(location: str | None = None, **options: Any) -> Any:
        opened.append(location)
        return real_build(location, **options)

    monkeypatch.setattr(bootstrap, "build", counted)
    result = run(db, "cartes", "test", "Verdelune", "Alice", "Contact", "--difficulty", "facile")
    assert "Alice draws Contact" in result.stdout
    # The check that the campaign plays Cartes and the test itself share one open journal.
    assert opened == [db]


def test_a_refused_game_command_closes_the_journal_it_opened(db: str) -> None:
    _cartes_campaign(db)
    refused = run(db, "elor", "rest", "Verdelune", "Alice", check=False)
    assert refused.returncode == 2
    assert "Verdelune is a Cartes campaign" in refused.stderr
    if db.startswith("postgresql"):
        # Nothing of the command is left connected: a database in use could not be dropped.
        assert others_connected(db) == 0


def test_a_made_postgresql_journal_opens_without_the_lock_that_makes_tables(tmp_path: Path) -> None:
    with fresh_database("postgresql", tmp_path) as url:
        _cartes_campaign(url)
        # Another process making a journal's tables holds the lock under which they are made.
        with held_by_another_writer(url, "SELECT pg_advisory_xact_lock(%s)", SCHEMA_LOCK):
            shown = run(url, "campaign", "show", "Verdelune", check=False)
        assert shown.returncode == 0, shown.stderr
        assert "Verdelune" in shown.stdout


def test_a_one_shot_command_that_records_imports_no_sqlalchemy(db: str) -> None:
    # Ruling PF1: a write pays no read model; on PostgreSQL its campaign lock is taken on psycopg.
    _cartes_campaign(db)
    printed, imported = one_shot_importing(db, "cartes", "test", "Verdelune", "Alice", "Contact", "--from", "deck")
    assert "Alice draws Contact" in printed
    assert not imported


@pytest.mark.parametrize(
    "command",
    [("cartes", "test", "Verdelune", "Alice", "Contact", "--from", "deck"), ("sheet", "Verdelune", "Alice")],
    ids=["a write", "a read"],
)
def test_a_postgresql_command_makes_two_connections(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]) -> None:
    """The one that finds the server answering, kept for the campaign's lock (a write) or the read
    models (a read), and the event store's; it made four: the probe's, closed at once, two by the
    event store's pool (opened without waiting, it made a second for the first statement) and
    SQLAlchemy's for the lock."""
    with fresh_database("postgresql", tmp_path) as url:
        _cartes_campaign(url)
        run(url, *command)  # the read models made and caught up: what the next read finds
        made: list[str] = []
        connect, connect_class = psycopg.connect, psycopg.Connection.connect

        def counted(*args: Any, **kwargs: Any) -> Any:
            made.append("psycopg.connect")
            return connect(*args, **kwargs)

        def counted_class(cls: type[psycopg.Connection[Any]], *args: Any, **kwargs: Any) -> Any:
            made.append("Connection.connect")  # psycopg_pool's and SQLAlchemy's way
            return connect_class(*args, **kwargs)

        monkeypatch.setattr(psycopg, "connect", counted)
        monkeypatch.setattr(psycopg.Connection, "connect", classmethod(counted_class))
        run(url, *command)
        assert len(made) == 2, made


def test_a_one_shot_cartes_test_draws_without_importing_pydantic(db: str) -> None:
    # Issue 20: the rules of a test read the recorded sheet; the typed model (pydantic, a sixth of
    # a cold test) serves what changes a sheet (ruling PF14).
    _cartes_campaign(db)
    printed, imported = one_shot_importing(db, "cartes", "test", "Verdelune", "Alice", "Contact", "--from", "deck", module="pydantic")
    assert "Alice draws Contact" in printed
    assert not imported
