"""What each MicroFudge die decided, as ``audit show`` tells a player who disputes a roll (ruling
FP11): every chance-consuming event's Fudge dice are named by the verifier's own rule
(domain/rulesets/microfudge/verification.py, ``Replay.part``) with the seed's line, L<n> of
``shared/seeds/000_ddedeb0fd946e2d7.txt``: a Test's four dice («1 – Tests» L245-L253), a
hazardous Test's (L351), the four new dice of a reroll an Atout bought (L743), each side's four dice
of a simple conflict by its name (L253), the healer's first aid (L359), a power's Test (L441) and
the dice of whoever resists it (L435).

Events are played with scripted Fudge dice (tests/microfudge_table.py) and read in their canonical
form (FAIRNESS.md: the object whose canonical bytes the journal stores); the command line's
``audit show`` is run on real journals (support.run)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from microfudge_table import JIM, table, zombies_at_the_table
from support import assert_scenarios_name_every_die, dice_account, run, short_ref

from chronique.domain.chain import canonical_event
from chronique.domain.fairness import FORMAT, canonical_bytes
from chronique.domain.rederivation import chance_used
from chronique.domain.rulesets.microfudge.play import TestRequest, conflict, first_aid, roll_test, suffer
from chronique.domain.rulesets.microfudge.powers import use_power
from chronique.domain.rulesets.microfudge.verification import RULES
from chronique.domain.rulesets.words import fudge_face
from chronique.domain.text import ordinal
from chronique.domain.world import World

EVENTS = "chronique.domain.rulesets.microfudge.events:"
PSY = {"name": "Psy", "status": "expert", "ranks": {"Conscience": 5, "Télépathie": 6}}
Recorded = list[dict[str, Any]]


def recorded(world: World, kind: str) -> Recorded:
    """The events of ``kind`` (``TestRolled``...) the table recorded, in their canonical form."""
    found = [canonical_event(e) for c in world.characters.values() for e in c.pending_events]
    return [json.loads(canonical_bytes(e)) for e in found if e["topic"] == EVENTS + kind]


def parts(event: dict[str, Any], fair: str = FORMAT) -> list[str | None]:
    """The part of the rules each of the event's primitives fed, as ``audit show`` lists them (for
    an event of an epoch of fairness version ``fair``)."""
    return [used.part for used in chance_used(RULES.rederive[event["topic"]], event, fair)]


# -- one scenario per kind of roll, and per branch that draws more dice -----------------------------


def plain_test() -> Recorded:
    # Harvey's Athlétisme 4 against Difficile (5): + 0 0 0 gives 5, a success.
    world = table(1, 0, 0, 0)
    roll_test(world, "Harvey", TestRequest("Athlétisme", 5))
    return recorded(world, "TestRolled")


def rerolled_test() -> Recorded:
    # L743: − − − − fails (0 < 5), so the declared reroll voids them for + + + + (8).
    world = table(-1, -1, -1, -1, 1, 1, 1, 1)
    roll_test(world, "Harvey", TestRequest("Athlétisme", 5, reroll=True))
    return recorded(world, "TestRolled")


def reroll_not_needed() -> Recorded:
    # L743: a declared reroll the first four dice made needless draws nothing more.
    world = table(1, 1, 0, 0)
    roll_test(world, "Harvey", TestRequest("Athlétisme", 5, reroll=True))
    return recorded(world, "TestRolled")


def hazardous_test() -> Recorded:
    # L351: Jim's Psychologie 3 against Moyenne (4): 0 0 0 − gives 2, two Revers.
    world = table(0, 0, 0, -1)
    roll_test(world, "Jim", TestRequest("Psychologie", 4, hazardous=True))
    return recorded(world, "TestRolled")


def simple_conflict() -> Recorded:
    # L253: Harvey's Athlétisme against Jim's Médecine, both sides' four dice in one event.
    world = table(1, 0, 0, -1, 0, 0, 1, 1)
    conflict(world, "Harvey", "Athlétisme", "Jim", "Médecine")
    return recorded(world, "SimpleConflictRolled")


def first_aid_given() -> Recorded:
    # L359: Jim tends Harvey's Blessure sérieuse with Médecine 4.
    world = table(1, 1, 0, 0)
    wound = suffer(world, "Harvey", 2, "physical", "weekly", "a knife")
    first_aid(world, "Harvey", "Jim", wound["id"])
    return recorded(world, "FirstAidGiven")


def power_used() -> Recorded:
    # L441: Résistance thermique, a Test of Psy's Conscience against Faible (2).
    world = table(0, 1, 0, 0, sheets=[PSY])
    use_power(world, "Psy", "resistance-thermique")
    return recorded(world, "PowerUsed")


def resisted_power() -> Recorded:
    # L435: Jim resists Psy's Contrôle mental with his Psychologie: a simple conflict, his four
    # dice after the psychic's.
    world = table(0, 0, 1, 0, -1, 0, 0, 1, sheets=[PSY, JIM])
    use_power(world, "Psy", "controle-mental", resisted=("Jim", "Psychologie"))
    return recorded(world, "PowerUsed")


SCENARIOS: dict[str, list[Callable[[], Recorded]]] = {
    EVENTS + "TestRolled": [plain_test, rerolled_test, reroll_not_needed, hazardous_test],
    EVENTS + "SimpleConflictRolled": [simple_conflict],
    EVENTS + "FirstAidGiven": [first_aid_given],
    EVENTS + "PowerUsed": [power_used, resisted_power],
}

CITED = re.compile(r"\(L\d+(-L\d+)?\)$")


@pytest.mark.parametrize("topic", sorted(RULES.chance), ids=lambda topic: topic.rpartition(":")[2])
def test_every_die_of_every_kind_of_roll_is_named_in_words_citing_the_seed(topic: str) -> None:
    assert_scenarios_name_every_die(RULES.rederive[topic], topic, SCENARIOS.get(topic), CITED)


# -- what the parts say, roll by roll ----------------------------------------------------------------


def test_a_Tests_four_dice_are_named_as_the_Test_of_its_characteristic_L245_L253() -> None:
    (event,) = plain_test()
    assert parts(event) == ["the four dice of the Athlétisme Test (L245-L253)"] * 4


def test_a_reroll_names_the_voided_dice_as_the_Tests_and_the_four_new_ones_as_the_rerolls_L743() -> None:
    (event,) = rerolled_test()
    assert event["voided"] == [-1, -1, -1, -1] and event["dice"] == [1, 1, 1, 1]
    assert (
        parts(event)
        == ["the four dice of the Athlétisme Test (L245-L253)"] * 4 + ["the reroll's four new dice, bought with an Atout (L743)"] * 4
    )


def test_a_reroll_the_first_dice_made_needless_names_only_the_Tests_four_dice_L743() -> None:
    (event,) = reroll_not_needed()
    assert event["reroll"] and event["voided"] == []
    assert parts(event) == ["the four dice of the Athlétisme Test (L245-L253)"] * 4


def test_a_hazardous_Tests_dice_are_named_as_the_hazardous_Test_L351() -> None:
    (event,) = hazardous_test()
    assert event["setbacks"] == 2
    assert parts(event) == ["the four dice of the hazardous Psychologie Test (L351)"] * 4


def test_each_sides_four_dice_of_a_simple_conflict_are_named_with_that_sides_name_L253() -> None:
    (event,) = simple_conflict()
    first, second = event["sides"]
    assert (first["name"], second["name"]) == ("Harvey", "Jim")
    assert parts(event) == ["Harvey's four dice, on Athlétisme (L253)"] * 4 + ["Jim's four dice, on Médecine (L253)"] * 4


def test_first_aids_dice_are_named_as_the_healers_L359() -> None:
    (event,) = first_aid_given()
    assert event["healer"] == "Jim"
    assert parts(event) == ["Jim's four dice of first aid, on Médecine (L359)"] * 4


def test_a_powers_dice_are_named_by_the_power_and_its_domain_L441() -> None:
    (event,) = power_used()
    assert parts(event) == ["the four dice of Résistance thermique, on Conscience (L441)"] * 4


def test_a_resisted_powers_dice_are_the_psychics_then_the_defenders_resisting_L435() -> None:
    (event,) = resisted_power()
    assert event["resisted"]["name"] == "Jim"
    assert (
        parts(event)
        == ["the four dice of Contrôle mental, on Télépathie (L435)"] * 4 + ["Jim's four dice, on Psychologie, resisting (L435)"] * 4
    )


# -- through the command line: `audit show` on a real journal -------------------------------------


def logged(db: str, kind: str) -> Recorded:
    """The recorded events of ``kind`` (the GM's view of ``log --json``), oldest first."""
    shown = [entry["event"] for entry in json.loads(run(db, "log", "Zombies", "--json", "--gm").stdout)]
    return [e for e in shown if e["topic"] == EVENTS + kind]


def faces(values: list[int]) -> str:
    return " ".join(fudge_face(v) for v in values)


def drawn_by(who: str, event: dict[str, Any]) -> str:
    return f"the dice, in the order drawn ({who}'s {ordinal(event['draw'] + 1)} draw from the dice of session 1, not revealed yet):"


def test_audit_show_tells_a_simple_conflict_side_by_side_with_each_sides_name_L253(db: str, tmp_path: Path) -> None:
    zombies_at_the_table(db, tmp_path)
    run(db, "microfudge", "conflict", "Zombies", "Jim", "Tir", "Harvey", "Athlétisme")
    (event,) = logged(db, "SimpleConflictRolled")
    jim, harvey = event["sides"]
    assert [op["value"] for op in event["chance"]] == jim["dice"] + harvey["dice"]
    assert dice_account(run(db, "audit", "show", short_ref(event)).stdout) == [
        drawn_by("Jim", event),
        f"  dF: {faces(jim['dice'])} — Jim's four dice, on Tir (L253)",
        f"  dF: {faces(harvey['dice'])} — Harvey's four dice, on Athlétisme (L253)",
    ]


def test_audit_show_tells_the_voided_dice_of_a_reroll_apart_from_the_four_that_stand_L351_L743(db: str, tmp_path: Path) -> None:
    zombies_at_the_table(db, tmp_path)
    # Jim's Tir 3 cannot reach Impossible (8) with four dice: the Test fails, so the Atout's
    # reroll is always taken (L743), and it fails too, a hazard's Revers follow (L351).
    run(db, "microfudge", "hazard", "Zombies", "Jim", "Tir", "-d", "impossible", "--reroll")
    (event,) = logged(db, "TestRolled")
    assert len(event["voided"]) == 4 and [op["value"] for op in event["chance"]] == event["voided"] + event["dice"]
    assert dice_account(run(db, "audit", "show", short_ref(event)).stdout) == [
        drawn_by("Jim", event),
        f"  dF: {faces(event['voided'])} — the four dice of the hazardous Tir Test (L351)",
        f"  dF: {faces(event['dice'])} — the reroll's four new dice, bought with an Atout (L743)",
    ]


def test_audit_show_tells_a_resisted_powers_dice_then_the_defenders_L435(db: str, tmp_path: Path) -> None:
    zombies_at_the_table(db, tmp_path)
    # Jim's Conscience 3 reaches Résistance thermique's Faible; Harvey resists on Pilotage.
    run(db, "microfudge", "power", "Zombies", "Jim", "resistance-thermique", "--resisted-by", "Harvey:Pilotage")
    (event,) = logged(db, "PowerUsed")
    assert [op["value"] for op in event["chance"]] == event["dice"] + event["resisted"]["dice"]
    assert dice_account(run(db, "audit", "show", short_ref(event)).stdout) == [
        drawn_by("Jim", event),
        f"  dF: {faces(event['dice'])} — the four dice of Résistance thermique, on Conscience (L435)",
        f"  dF: {faces(event['resisted']['dice'])} — Harvey's four dice, on Pilotage, resisting (L435)",
    ]
