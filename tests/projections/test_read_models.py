"""Read models (issue 7, first part): tracked projections over a real SQLite file and a real PostgreSQL database."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select
from support import scripted_services, wounded_party

from chronique.adapters import readmodels
from chronique.adapters.database import Database
from chronique.adapters.readmodels import ReadModels
from chronique.adapters.services import Chronique
from chronique.adapters.settings import Settings
from chronique.domain.rulesets.cartes.draws import award
from chronique.projections.tables import draws, sheets, tracking, xp


@pytest.fixture
def played(db: str) -> Iterator[tuple[Chronique, ReadModels, str]]:
    services = scripted_services(db)
    name = wounded_party(services)
    services.start_session(name)
    services.act(name, lambda w: award(w, "Bruno", 2, "saved Alice"))
    services.end_session(name)
    services.advance(name, lambda c: c.clock + 86400)
    models = ReadModels(services.journal, Database(Settings(db)))
    yield services, models, name
    models.database.dispose()
    services.close()


def rows(models: ReadModels, table: Any) -> list[dict[str, Any]]:
    with models.engine.connect() as connection:
        return [dict(r) for r in connection.execute(select(table).order_by(*table.primary_key.columns)).mappings()]


def test_sheets_equal_the_replayed_aggregates(played: tuple[Chronique, ReadModels, str]) -> None:
    services, models, name = played
    models.catch_up()
    world = services.world(name)
    by_id = {r["character_id"]: r for r in rows(models, sheets)}
    for character in world.characters.values():
        row = by_id[str(character.id)]
        assert (row["version"], row["sheet"], row["condition"]) == (character.version, character.sheet, character.condition)


def test_a_rebuild_gives_the_rows_of_the_incremental_run(played: tuple[Chronique, ReadModels, str]) -> None:
    _, models, _ = played
    models.catch_up()
    before = {t.name: rows(models, t) for t in (sheets, draws, xp, tracking)}
    models.rebuild()
    assert {t.name: rows(models, t) for t in (sheets, draws, xp, tracking)} == before


def test_a_crash_between_pages_resumes_and_processes_every_event_once(
    played: tuple[Chronique, ReadModels, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    services, models, _ = played
    monkeypatch.setattr(readmodels, "PAGE", 7)
    seen = 0
    real = readmodels.PROJECTIONS["draws"]

    def crashing(connection: Any, notifications: list[Any], decode: Any) -> None:
        nonlocal seen
        for notification in notifications:
            seen += 1
            if seen == 30:
                raise KeyboardInterrupt  # the process dies in the middle of a page
            real[0](connection, [notification], decode)

    monkeypatch.setitem(readmodels.PROJECTIONS, "draws", (crashing, real[1]))
    with pytest.raises(KeyboardInterrupt):
        models.catch_up(["draws"])
    assert models.position("draws") == 28  # four whole pages committed, the fifth rolled back
    monkeypatch.setitem(readmodels.PROJECTIONS, "draws", real)
    models.catch_up(["draws"])
    resumed = rows(models, draws)
    models.rebuild(["draws"])
    assert rows(models, draws) == resumed
    assert models.position("draws") == services.journal.recorder.max_notification_id()


def test_the_xp_ledger_keeps_a_running_balance(played: tuple[Chronique, ReadModels, str]) -> None:
    services, models, name = played
    models.catch_up()
    bruno = str(services.world(name).character("Bruno").id)
    ledger = [r for r in rows(models, xp) if r["character_id"] == bruno]
    assert [(r["change"], r["reason"], r["balance"]) for r in ledger] == [(2, "saved Alice", 2)]


def test_a_voided_draw_is_marked_in_the_log(played: tuple[Chronique, ReadModels, str]) -> None:
    services, models, name = played
    alice = services.world(name).character("Alice")
    test = next(e for e in services.journal.events.get(alice.id) if type(e).__name__ == "TestMade")
    services.correct(name, "Alice", test.originator_version, "drawn for the wrong character")
    models.catch_up()
    voided = {r["ref"]: r["voided"] for r in rows(models, draws)}
    assert voided[f"{alice.id}:{test.originator_version}"] is True
    assert sum(voided.values()) == 1


def test_the_rebuild_command_s_help_names_every_projection(db: str) -> None:
    from support import run

    from chronique.adapters.readmodels import PROJECTIONS

    shown = " ".join(run(db, "db", "rebuild", "--help").stdout.split())
    assert all(name in shown for name in PROJECTIONS), shown
