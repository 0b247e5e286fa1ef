"""A care order lapses with the wounds it tends (ruling C108). §Médecine L465: medicine is "une
action en soutien du jet de survie", and L467 of the retry that lifts a survived wound's malus;
once the patient has neither an open wound nor a lasting malus the order supports nothing, as
C106 refuses one given with nothing to tend. Before, the order stood: the sheet still read
"tended by Bruno" weeks after the wound healed or was voided, and the next wound, days later, was
tended by it unasked. Orders recorded before (CareArranged class version 1) stand as played.
Alice: Carrure 8; Bruno: Médecine 9 (cli/samples). The unit tests stack the deck
(tests/cartes_table.py); the command-line test runs the real app on a real journal of each backend.
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import json

from cartes_cli import NAME, of, seat
from cartes_table import table, wounded
from support import run, scripted_services, short_ref, wounded_party

from chronique.domain.gametime import MINUTE
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import arrange_care, cure
from chronique.domain.rulesets.cartes.combat import suffer_wound
from chronique.domain.rulesets.cartes.condition import CHANGES
from chronique.domain.timeline import advance
from chronique.domain.world import World


def ten_minutes(world: World) -> list[str]:
    """A Forte wound's period (§Survie): what the timeline did."""
    return [t.account for t in advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + 10 * MINUTE)]


def test_care_lapses_when_the_wound_heals_and_the_next_wound_goes_untended_Medecine_L465_ruling_C108() -> None:
    # Bruno's Médecine at Forte +1, adapted kit -1: Moyenne, K♦ fails. Alice's Difficile survival
    # draw 7♥ 6♠: both ≤ 8, the worst 6 ≥ 5: the wound stops cleanly (§Tirages de survie L445).
    world = wounded(["KD", "7H", "6S", "8H", "5S"], 5, care="adapted-kit")
    # The GM reads that the order ended with it (the advance's report).
    assert ten_minutes(world) == ["Alice: survived wound 1 cleanly; nothing left to tend, Bruno's care ends"]
    alice = world.character("Alice")
    assert alice.condition["care"] is None
    # A new wound days later: nobody ordered care for it, so Alice draws alone (8♥ 5♠).
    suffer_wound(world, "Alice", 5, "forte", "a fall")
    assert ten_minutes(world) == ["Alice: survived wound 2 cleanly"]
    survival = world.recorded_last("Alice", ev.SurvivalChecked)
    assert survival.medicine is None and survival.outcome["drawn"] == ["8H", "5S"]


def test_care_stands_for_a_lasting_malus_and_lapses_when_curative_care_lifts_it_Medecine_L467_ruling_C108() -> None:
    # K♦ fails Bruno's draw; Alice 3♥ 2♠: the worst 2 < 6 leaves a malus of 4, which the care's
    # retry may lift (L467): the order stands until curative care lifts the malus (§Survie L446).
    world = wounded(["KD", "3H", "2S"], 6, care="adapted-kit")
    assert ten_minutes(world) == ["Alice: survived wound 1 with a malus of 4"]
    alice = world.character("Alice")
    assert alice.condition["care"] == {"healer": "Bruno", "means": "adapted-kit"}
    cure(world, "Alice")
    assert alice.condition["care"] is None


def test_care_for_a_wound_since_voided_lapses_with_it_ruling_C108(db: str) -> None:
    seat(db, session=False)
    run(db, "cartes", "wound", NAME, "Alice", "--damage", "5", "--lethality", "forte")
    run(db, "cartes", "care", NAME, "Alice", "--healer", "Bruno", "--means", "adapted-kit")
    assert "tended by: Bruno" in run(db, "sheet", NAME, "Alice").stdout
    (wound,) = of(db, "WoundSuffered", "Alice")
    run(db, "correct", short_ref(wound), "--reason", "no axe after all")
    assert "tended by" not in run(db, "sheet", NAME, "Alice").stdout
    assert json.loads(run(db, "sheet", NAME, "Alice", "--json").stdout)["condition"]["care"] is None
    assert "OK:" in run(db, "verify", NAME).stdout


def test_curative_care_says_the_order_ends_and_counts_one_point_of_malus_Survie_L446_ruling_C108(db: str) -> None:
    # Scripted seeds: Alice's Forte wound of 7, Bruno tending it with an adapted kit, survives ten
    # minutes into downtime with a lasting malus of 1; curative care lifts it, and with it the
    # last thing Bruno's order tended. The line read "1 points of lasting malus lifted".
    services = scripted_services(db, b"C")
    wounded_party(services, NAME)
    services.advance(NAME, lambda c: c.clock + 10 * MINUTE)
    services.close()
    said = run(db, "cartes", "cure", NAME, "Alice").stdout
    assert said == "Alice: 1 point of lasting malus lifted; nothing left to tend, Bruno's care ends\n"
    assert "tended by" not in run(db, "sheet", NAME, "Alice").stdout


def test_care_lapses_when_the_patient_dies_Survie_L431_ruling_C108() -> None:
    # 14 at Énorme aggravates past Énorme: instant death (§Aggravation L452). The dead Alice's
    # sheet still read "tended by: Bruno (Hôpital en dur)", though the dead draw nothing (C100).
    world = table()
    suffer_wound(world, "Alice", 5, "forte", "axe")
    arrange_care(world, "Alice", "Bruno", "hospital")
    suffer_wound(world, "Alice", 14, "enorme", "a cannon")
    alice = world.character("Alice")
    assert alice.condition["dead"] and alice.condition["care"] is None


def test_an_order_recorded_before_version_2_stands_as_it_was_played_ruling_C108() -> None:
    # A journal's CareArranged of class version 1 has no ``lapses_with_wounds``: read back it
    # stands until stopped, so a later wound's survival draw with medicine replays and verifies.
    stored = {"at": 0, "healer": "Bruno", "means": "adapted-kit"}
    ev.CareArranged.upcast_stored(stored)
    assert stored["lapses_with_wounds"] is False
    sheet, condition = ruleset("cartes").new_character({"name": "Alice", **_ALICE})
    wound = {"id": 1, "value": 5, "lethality": 3, "escalated": False, "next_draw": 600}
    CHANGES["WoundSuffered"](sheet, condition, {"wound": wound, "bonus_change": 0, "malus_change": 0, "effect": "none", "damage": 5})
    CHANGES["CareArranged"](sheet, condition, stored)
    CHANGES["SurvivalChecked"](sheet, condition, {"wound_id": 1, "wound": None, "lasting": None})
    assert condition["care"] == {"healer": "Bruno", "means": "adapted-kit"}
    # A state kept before (a snapshot) has no ``care_lapses``: its order stands as well.
    del condition["care_lapses"]
    CHANGES["CuredByCare"](sheet, condition, {"removed": []})
    assert condition["care"] == {"healer": "Bruno", "means": "adapted-kit"}


_ALICE = {
    "characteristics": {"Carrure": 8, "Rapidité": 7, "Sens": 6, "Volonté": 6, "Intellect": 5, "Équilibre": 4},
    "skills": {"Contact": {"level": 9, "characteristic": "Carrure"}},
}
