"""Read models never stale (issue 18, item 9): a read catches them up first from the tracking
position, and the daemon after each pass, so a command (which leaves them to the next read, issue
20), a crash before their catch-up, or a daemon's advance, is never seen as old data."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select, text
from support import run, wounded_party

from chronique.adapters.bootstrap import build
from chronique.adapters.clock import TEST_CLOCK
from chronique.adapters.readmodels import PROJECTIONS, ReadModels
from chronique.adapters.scheduler import pace_all
from chronique.adapters.services import Chronique
from chronique.domain.rulesets.cartes.draws import award
from chronique.projections.tables import metadata, sheets, tracking, xp

MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def frozen_at(monkeypatch: pytest.MonkeyPatch, when: datetime) -> None:
    """Wall time stands still at ``when`` for every service built from here on."""
    monkeypatch.setenv(TEST_CLOCK, f"{when.isoformat()}@{time.time()}@0")


@pytest.fixture
def services(db: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Chronique]:
    """The real services (with their read models) over a Cartes campaign after one session."""
    frozen_at(monkeypatch, MONDAY)
    chronique = build(db)
    wounded_party(chronique)
    chronique.catch_up()  # as the first read would
    yield chronique
    chronique.close()


def rows(models: ReadModels, statement: Any) -> list[dict[str, Any]]:
    with models.engine.connect() as connection:
        return [dict(r) for r in connection.execute(statement).mappings()]


def test_a_daemon_advance_leaves_the_sheets_current_with_no_command_after_it(
    services: Chronique, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    services.set_pacing("Verdelune", 1, None, None, "UTC", None)  # a wall second is a game second
    alice = services.world("Verdelune").character("Alice")
    frozen_at(monkeypatch, MONDAY + timedelta(days=7))
    pace_all(db)  # the daemon's own job, in its own services
    # Cartes: a week of tended rest moves Alice's wound on, so her sheet is not what it was.
    after = services.world("Verdelune").character("Alice")
    assert services.campaign("Verdelune").clock == 8 * 3600 + 7 * 86400
    assert after.version > alice.version
    models = services.read_models
    assert models is not None
    # Read straight from the table, so that only the daemon's own catch-up can have written it.
    (row,) = rows(models, select(sheets).where(sheets.c.character_id == str(after.id)))
    assert (row["version"], row["condition"]) == (after.version, json.loads(json.dumps(after.condition)))
    newest = services.journal.recorder.max_notification_id()
    assert rows(models, select(tracking.c.position)) == [{"position": newest}] * len(PROJECTIONS)


def test_a_command_leaves_the_read_models_to_the_next_read_which_catches_them_up(services: Chronique, db: str) -> None:
    models = services.read_models
    assert models is not None
    services.start_session("Verdelune")
    before = models.position("xp")
    # Cartes §Expérience: an award of 2 hand cards. The command commits it and projects nothing
    # (issue 20): what a kill -9 after any commit leaves too.
    services.act("Verdelune", lambda w: award(w, "Bruno", 2, "saved Alice"))
    assert models.position("xp") == before
    assert rows(models, select(xp).where(xp.c.position > before)) == []
    newest = services.journal.recorder.max_notification_id()
    ledger = json.loads(run(db, "xp", "ledger", "Verdelune", "--character", "Bruno", "--json").stdout)
    assert [(r["name"], r["change"], r["balance"], r["reason"]) for r in ledger] == [("Bruno", 2, 2, "saved Alice")]
    assert models.position("xp") == newest
    assert services.journal.recorder.max_notification_id() == newest  # the read recorded nothing


def test_a_db_upgrade_that_recreates_the_tables_fills_them_before_anything_reads_them(services: Chronique, db: str) -> None:
    models = services.read_models
    assert models is not None
    expected = rows(models, select(sheets).order_by(sheets.c.character_id))
    assert len(expected) == 2
    # What a migration that recreates the read-model tables leaves: the tables there, empty.
    with models.engine.begin() as connection:
        metadata.drop_all(connection)
        connection.execute(text("DROP TABLE alembic_version"))
    run(db, "db", "upgrade")
    # Read straight from the table: `db upgrade` itself refilled it from the events.
    assert rows(models, select(sheets).order_by(sheets.c.character_id)) == expected
    assert models.position("sheets") == services.journal.recorder.max_notification_id()


def test_a_projection_s_first_row_made_by_another_process_meanwhile_is_waited_for_not_a_failure(db: str) -> None:
    # Two daemons ending their first pass together both make a new projection's tracking row
    # (issue 20): the second waits for the first's, then catches up from it, with no error.
    import threading

    chronique = build(db)
    try:
        wounded_party(chronique)
        models = chronique.read_models
        assert models is not None
        models.upgrade()
        with models.engine.begin() as connection:
            connection.execute(tracking.delete().where(tracking.c.projection == "xp"))
        other = models.engine.connect()  # the other process, its row made and not yet committed
        other.begin()
        other.execute(tracking.insert().values(projection="xp", position=0))
        done: list[int] = []
        catching_up = threading.Thread(target=lambda: done.append(models.catch_up(["xp"])))
        catching_up.start()
        catching_up.join(timeout=1)
        assert catching_up.is_alive()  # waiting for the other process's row (or file lock), not failing
        other.commit()
        other.close()
        catching_up.join(timeout=30)
        assert not catching_up.is_alive() and done and done[0] > 0
        assert models.position("xp") == chronique.journal.recorder.max_notification_id()
    finally:
        chronique.close()
