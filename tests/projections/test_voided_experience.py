"""The experience ledger honours corrections (QA review of the read side, item 1): an award or a
spend that ``undo`` or ``correct`` voided is left out of the xp read model, and the balances after
it are counted again, caught up event by event and rebuilt alike, on each backend; the sheet
already honoured the void (rulings UN2, UN4)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select
from support import SAMPLES, chronique, scripted_services, wounded_party

from chronique.adapters import readmodels
from chronique.adapters.database import Database
from chronique.adapters.readmodels import ReadModels
from chronique.adapters.services import Chronique
from chronique.adapters.settings import Settings
from chronique.adapters.undo import undo
from chronique.domain.rulesets.cartes.draws import award
from chronique.projections.tables import xp

AWARDS = ((2, "saved Alice"), (1, "the ambush"), (3, "the mill"))


@pytest.fixture
def awarded(db: str) -> Iterator[tuple[Chronique, ReadModels, str]]:
    """Bruno earns three awards in a session; the second is then corrected away, the third undone."""
    services = scripted_services(db)
    name = wounded_party(services)
    services.start_session(name)
    for count, reason in AWARDS:
        services.act(name, lambda w, count=count, reason=reason: award(w, "Bruno", count, reason))
    bruno = services.world(name).character("Bruno")
    versions = [e.originator_version for e in services.journal.events.get(bruno.id) if type(e).__name__ == "ExperienceAwarded"]
    services.correct(name, "Bruno", versions[1], "not earned: he slept through the ambush")
    undo(services, name, "the mill was another evening")
    models = ReadModels(services.journal, Database(Settings(db)))
    yield services, models, name
    models.database.dispose()
    services.close()


def ledger(models: ReadModels, services: Chronique, name: str) -> list[tuple[int, str, int]]:
    bruno = str(services.world(name).character("Bruno").id)
    with models.engine.connect() as connection:
        rows = connection.execute(select(xp).where(xp.c.character_id == bruno).order_by(xp.c.position)).mappings()
        return [(r["change"], r["reason"], r["balance"]) for r in rows]


def test_a_voided_award_is_left_out_of_the_ledger_and_the_balance_counted_without_it(
    awarded: tuple[Chronique, ReadModels, str],
) -> None:
    services, models, name = awarded
    models.catch_up()
    assert ledger(models, services, name) == [(2, "saved Alice", 2)]
    # The sheet agrees: Bruno holds the two cards of his one standing award.
    assert services.world(name).character("Bruno").condition["hand_count"] == 3 + 2


def test_corrections_caught_up_one_event_a_page_and_rebuilt_give_the_same_ledger(
    awarded: tuple[Chronique, ReadModels, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    services, models, name = awarded
    monkeypatch.setattr(readmodels, "PAGE", 1)  # each correction in a page after the awards it voids
    models.catch_up(["xp"])
    caught_up = ledger(models, services, name)
    models.rebuild(["xp"])
    assert ledger(models, services, name) == caught_up == [(2, "saved Alice", 2)]


def test_an_award_after_a_voided_one_counts_from_the_standing_balance(awarded: tuple[Chronique, ReadModels, str]) -> None:
    services, models, name = awarded
    models.catch_up()
    services.act(name, lambda w: award(w, "Bruno", 1, "the bridge"))
    models.catch_up()
    assert ledger(models, services, name) == [(2, "saved Alice", 2), (1, "the bridge", 3)]


def ledger_rows(db: str, *args: str) -> list[dict[str, Any]]:
    import json

    return list(json.loads(chronique(db, "xp", "ledger", "Verdelune", *args, "--json").stdout))


@pytest.mark.slow
def test_the_reviewers_award_then_undo_leaves_the_xp_ledger_empty_even_after_a_rebuild(db: str) -> None:
    # The review's steps through the real command line: an award taken back with `undo`.
    chronique(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    chronique(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / "alice.toml"))
    chronique(db, "session", "start", "Verdelune")
    chronique(db, "cartes", "xp", "award", "Verdelune", "Alice", "2", "--reason", "test award")
    assert [(r["change"], r["balance"]) for r in ledger_rows(db, "--character", "Alice")] == [(2, 2)]
    chronique(db, "undo", "Verdelune")
    assert ledger_rows(db, "--character", "Alice") == []
    chronique(db, "db", "rebuild", "xp")
    assert ledger_rows(db) == []
