"""``chronique undo`` and ``correct`` on any aggregate (issue 15): a command taken back leaves the
sheet, the clock and the downtime board as if it had never run; what it voided stays in the log,
voided, its chance consumed (FAIRNESS.md); replays after a correction never act before the clock."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from support import run, sample, scripted_services, wounded_party

from chronique.adapters.services import Chronique
from chronique.adapters.undo import correct, undo
from chronique.domain.campaign import Campaign
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, WEEK
from chronique.domain.verifier import Receipts
from chronique.domain.world import World


def standing(services: Chronique, campaign: str) -> tuple[Any, ...]:
    """What undo must give back: every sheet and condition (the GM's view), the clock, the board."""
    world = services.world(campaign)
    sheets = sorted((c.name, c.sheet, c.condition) for c in world.characters.values())
    return sheets, world.campaign.clock, services.board(campaign)


def taken_back(services: Chronique, campaign: str, command: Callable[[World], Any]) -> list[str]:
    """Run ``command``, undo it, check the world is as before and the journal verifies; what was voided."""
    before = standing(services, campaign)
    services.act(campaign, command)
    assert standing(services, campaign) != before, "the command changed nothing: it proves nothing"
    undone = undo(services, campaign, "a slip of the pen")
    assert standing(services, campaign) == before
    assert services.audit.verify(campaign, Receipts()).ok
    return [a.description for a in undone.voided]


def session(services: Chronique, ruleset: str, campaign: str, samples: tuple[str, ...]) -> str:
    services.create_campaign(campaign, ruleset, None)
    for name in samples:
        services.create_character(campaign, sample(name))
    services.start_session(campaign)
    return campaign


def test_undo_takes_back_a_cartes_test(db: str) -> None:
    from chronique.domain.rulesets.cartes.draws import TestRequest, make_test

    services = scripted_services(db)
    name = session(services, "cartes", "Verdelune", ("alice", "bruno"))
    # The session's first test deals the hands (A15); the one taken back is the second.
    services.act(name, lambda w: make_test(w, "Bruno", TestRequest("Contact", 1)))
    voided = taken_back(services, name, lambda w: make_test(w, "Alice", TestRequest("Contact", 1)))
    assert len(voided) == 1 and "Contact" in voided[0]
    # FAIRNESS.md: a voided event stays in the chain; Alice's next test draws at a new place.
    tests = [
        e for e in services.log(name) if type(e).__name__ == "TestMade" and e.originator_id == services.world(name).character("Alice").id
    ]
    assert len(tests) == 1 and tests[0].originator_version in services.world(name).character("Alice").voided


def test_undo_takes_back_a_western_parade_wound(db: str) -> None:
    from chronique.domain.rulesets.westernparade.care import wound

    services = scripted_services(db)
    name = session(services, "western-parade", "Tombstone", ("wp_joe", "wp_doc"))
    voided = taken_back(services, name, lambda w: wound(w, "Joe Hambuster", "right-thigh", 9, "bullet"))
    assert voided


def test_undo_takes_back_an_elor_advance_its_ticks_and_the_clock(db: str) -> None:
    from chronique.domain.rulesets.elor.play import suffer_damage

    services = scripted_services(db)
    name = session(services, "elor", "Tolosa", ("elor_samson",))
    services.act(name, lambda w: suffer_damage(w, "Samson", 3, "a club", where="bras-gauche"))
    services.end_session(name)
    before = standing(services, name)
    advanced = services.advance(name, lambda c: c.clock + WEEK)
    assert advanced.ticks, "a wounded Samson's week must fire processes"
    undone = undo(services, name)
    assert standing(services, name) == before
    assert undone.voided[-1].description.startswith("time went on 1 week")
    # Every event of the advance is voided but the epoch's first draw: chance consumed stands.
    kept = {
        f"{e.originator_id.hex[:8]}:{e.originator_version}" for e in advanced.events if type(e).__qualname__ == "Campaign.EpochFirstDrawn"
    }
    assert {a.ref for a in undone.voided} | kept == {f"{e.originator_id.hex[:8]}:{e.originator_version}" for e in advanced.events}
    assert {a.ref for a in undone.kept} == kept
    assert services.audit.verify(name, Receipts()).ok


def test_undo_takes_back_a_microfudge_atout_award(db: str) -> None:
    from chronique.domain.rulesets.microfudge.play import award

    services = scripted_services(db)
    name = session(services, "microfudge", "Zombies", ("mf_jim", "mf_harvey"))
    voided = taken_back(services, name, lambda w: award(w, "Jim", 2, "saved the day"))
    assert len(voided) == 1


def test_undo_records_one_correction_per_aggregate_and_names_the_command(db: str) -> None:
    services = scripted_services(db)
    name = wounded_party(services, lethality="enorme")
    services.advance(name, lambda c: c.clock + WEEK)
    rows = len(services.log(name))
    undo(services, name, "wrong week")
    new = services.log(name)[rows:]
    kinds = [type(e).__qualname__ for e in new]
    assert kinds.count("Character.Undone") == 1  # only Alice was touched by the week
    assert kinds.count("Campaign.Corrected") == 1
    correction = next(e for e in new if isinstance(e, Campaign.Corrected))
    assert correction.reason == "wrong week" and correction.voided and correction.command is not None
    assert kinds[-1] == "Campaign.CommandRecorded"  # the undo is a command too


def test_a_second_undo_takes_back_the_command_before_and_stops_at_a_session_boundary(db: str) -> None:
    # Ruling UN3: undo and correct are never taken back themselves; a session's end is a seal.
    services = scripted_services(db)
    name = wounded_party(services)
    first = standing(services, name)
    services.advance(name, lambda c: c.clock + DAY)
    services.advance(name, lambda c: c.clock + DAY)
    undo(services, name)
    undo(services, name)
    assert standing(services, name) == first
    with pytest.raises(RuleViolation, match="session 1 ended") as refused:
        undo(services, name)
    # Said as a campaign's: a character's raise, wound or award can be taken back.
    assert "of a campaign's own events only a clock advance" in str(refused.value)
    assert "a session's start and end, its seeds, seals and draws stand" in str(refused.value)


def test_undo_dry_run_records_nothing(db: str) -> None:
    services = scripted_services(db)
    name = wounded_party(services)
    services.advance(name, lambda c: c.clock + DAY)
    rows = len(services.log(name))
    shown = undo(services, name, dry_run=True)
    assert shown.voided and not shown.recorded
    assert len(services.log(name)) == rows


def test_correct_voids_a_campaign_event(db: str) -> None:
    services = scripted_services(db)
    name = wounded_party(services)
    services.set_pacing(name, 2, None, None, "UTC", None)
    campaign = services.campaign(name)
    assert campaign.pacing is not None
    correct(services, name, str(campaign.id), campaign.version - 1, "no pacing after all")
    assert services.campaign(name).pacing is None


def test_correct_refuses_an_advance_with_ticks_and_a_deck_draw(db: str) -> None:
    services = scripted_services(db)
    name = wounded_party(services)
    advanced = services.advance(name, lambda c: c.clock + WEEK)
    moved = next(e for e in advanced.events if type(e).__qualname__ == "Campaign.TimeAdvanced")
    drawn = next(e for e in advanced.events if type(e).__qualname__ == "Deck.CardsDrawn")
    for event, words in ((moved, "chronique undo"), (drawn, "chance consumed is never voided")):
        with pytest.raises(RuleViolation, match=words):
            correct(services, name, str(event.originator_id), event.originator_version, "no")


def test_after_voiding_a_death_a_dry_run_never_acts_before_the_clock(db: str) -> None:
    # Issue 15: "After voiding Alice's death, the next dry run killed her again at a time a week
    # before the campaign's clock." With this seed Alice dies on day 1 of a week's advance.
    services = scripted_services(db, b"s2")
    name = wounded_party(services, lethality="enorme", damage=12)
    advanced = services.advance(name, lambda c: c.clock + WEEK)
    died: Any = next(e for e in advanced.events if type(e).__name__ == "Died")
    assert died.at < advanced.to_time - 6 * DAY
    correct(services, name, str(died.originator_id), died.originator_version, "she lives")
    assert not services.world(name).character("Alice").condition["dead"]
    clock = services.campaign(name).clock
    dry = services.advance(name, lambda c: c.clock + DAY, dry_run=True)
    assert dry.ticks, "something must be due for the dry run to prove anything"
    assert all(t.due.at >= clock for t in dry.ticks)
    assert all(getattr(e, "at", clock) >= clock for e in dry.events)


def test_cli_undo_prints_what_it_voided_and_json(db: str) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    for who in ("alice", "bruno"):
        run(db, "character", "new", "Verdelune", "--sheet", str(_sample_path(who)))
    run(db, "session", "start", "Verdelune")
    run(db, "cartes", "test", "Verdelune", "Bruno", "Contact")  # deals the hands (A15)
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")
    shown = run(db, "undo", "Verdelune", "--dry-run", "--json")
    # A write's --json (README, JSON output): what was voided is its outcome.
    data = json.loads(shown.stdout)["outcome"]
    assert data["recorded"] is False and len(data["voided"]) == 1 and data["voided"][0]["who"] == "Alice"
    words = run(db, "undo", "Verdelune", "--reason", "wrong skill").stdout
    assert "took back the last command of Verdelune (wrong skill)" in words
    assert "voided" in words and "Alice" in words
    assert "Contact against" in words


def test_cli_undo_with_nothing_to_undo_is_one_line_and_exit_2(db: str) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    refused = run(db, "undo", "Verdelune", check=False)
    assert refused.returncode == 2
    assert refused.stderr.strip().count("\n") == 0 and "nothing to undo" in refused.stderr


def test_cli_correct_voids_a_campaign_event(db: str) -> None:
    services = scripted_services(db)
    name = wounded_party(services)
    services.set_pacing(name, 2, None, None, "UTC", None)
    campaign = services.campaign(name)
    ref = f"{campaign.id.hex[:8]}:{campaign.version - 1}"
    out = run(db, "correct", ref, "--reason", "no pacing")
    assert "no pacing" in out.stdout
    assert services.campaign(name).pacing is None


def _sample_path(name: str) -> Any:
    from support import SAMPLES

    return SAMPLES / f"{name}.toml"
