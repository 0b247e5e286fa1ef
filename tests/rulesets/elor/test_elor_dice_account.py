"""What each Elor die decided, as ``audit show`` tells a player who disputes a roll (ruling FP11):
every chance-consuming event's D10 and D100 are named by the verifier's own rule
(domain/rulesets/elor/verification.py, ``Replay.part``) with the section of the seed
(``shared/seeds/003_d01003b662e47709.txt``) as the digest cites it: an action test's 1 + effort D10
(§Résolution des actions), where a blow landed on the nature's «Loc. contact» or «Loc. distance»
table (§Application des dommages), each ticked profession's D10 (§Progression naturelle), a long
action's risk (§Actions longues), and the hourly wake test the digest proposes (§5.6, the seed is
silent).

Events are played with scripted dice (tests/elor_table.py) and read in their canonical form
(FAIRNESS.md: the object whose canonical bytes the journal stores); the command line's ``audit
show`` is run on real journals (support.run)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from elor_table import ALDO_SHEET, dice, downtime, table
from support import assert_scenarios_name_every_die, dice_account, run, short_ref

from chronique.domain.chain import canonical_event
from chronique.domain.fairness import FORMAT, FORMAT_V1, canonical_bytes
from chronique.domain.gametime import HOUR
from chronique.domain.rederivation import chance_used
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.combat import RangedShot
from chronique.domain.rulesets.elor.downtime import Risk, roll_progression, start_long_action
from chronique.domain.rulesets.elor.play import TestSpec, roll_test, suffer_damage
from chronique.domain.rulesets.elor.verification import RULES
from chronique.domain.text import ordinal
from chronique.domain.timeline import advance
from chronique.domain.world import World

EVENTS = "chronique.domain.rulesets.elor.events:"
Recorded = list[dict[str, Any]]
# Aldo's sword test: Coordination 2, Guerrier 2, Épées +1: level 5, with one effort point (2 D10).
SWORD = TestSpec("C", "Guerrier", familiarity="Épées", effort=1)


def recorded(world: World, kind: str) -> Recorded:
    """The events of ``kind`` (``TestRolled``...) the table recorded, in their canonical form."""
    found = [canonical_event(e) for c in world.characters.values() for e in c.pending_events]
    return [json.loads(canonical_bytes(e)) for e in found if e["topic"] == EVENTS + kind]


def parts(event: dict[str, Any], fair: str = FORMAT) -> list[str | None]:
    """The part of the rules each of the event's primitives fed, as ``audit show`` lists them (for
    an event of an epoch of fairness version ``fair``)."""
    return [used.part for used in chance_used(RULES.rederive[event["topic"]], event, fair)]


# -- one scenario per kind of roll, and per branch that draws otherwise ----------------------------


def action_test() -> Recorded:
    # §Résolution des actions: 1 + 1 effort D10 at level 5: 1 and 8, one degree.
    world = table(dice=[1, 8])
    roll_test(world, "Aldo", SWORD)
    return recorded(world, "TestRolled")


def ranged_attack() -> Recorded:
    # §Attaque à distance: a 50 cm target at 30 m (size −1, distance −1) lowers Aldo's C 2 +
    # Guerrier 2 to level 2; one D10, no effort.
    world = table(dice=[2])
    roll_test(world, "Aldo", TestSpec("C", "Guerrier"), shot=RangedShot(50, 30))
    return recorded(world, "TestRolled")


def melee_blow() -> Recorded:
    # §Application des dommages: a club's blow, no location chosen: the D100 74 is Aldo's torse.
    world = table(dice=[74])
    suffer_damage(world, "Aldo", 2, "a club")
    return recorded(world, "DamageTaken")


def ranged_blow() -> Recorded:
    # An arrow: the D100 on the ranged table; 60 is the left arm there (56-65), the right one
    # in melee (56-68).
    world = table(dice=[60])
    suffer_damage(world, "Aldo", 2, "an arrow", ranged=True)
    return recorded(world, "DamageTaken")


def two_professions_progress() -> Recorded:
    # §Progression naturelle (PROPOSAL §5.5): Bruna's Forge test (P 1, Forgeron 1: level 2) and
    # her axe test (C 1, Guerrier 1: level 2) each win two degrees and tick their profession; at
    # the adventure's end each rolls a D10: 9 raises Forgeron, 1 leaves Guerrier.
    world = table(dice=[1, 2, 2, 1, 9, 1])
    roll_test(world, "Bruna", TestSpec("P", "Forgeron", familiarity="Forge", effort=1))
    roll_test(world, "Bruna", TestSpec("C", "Guerrier", familiarity="Haches", effort=1))
    roll_progression(world, "Bruna")
    return recorded(world, "ProgressionRolled")


def risks_held_then_struck() -> Recorded:
    # §Actions longues L452 (PROPOSAL §5.3): at 09:00 the work test (die 1), then the risk: 5 > 1
    # holds it off; at 10:00 work die 9, the risk 2 <= 2 strikes and stops the clock.
    world = table()
    downtime(world)
    start_long_action(
        world, "Aldo", "research the glyphs", 5, TestSpec("C"), effort_regime="none", risk=Risk("the policia arrive", threshold=1)
    )
    dice(world).add(1, 5, 9, 2)
    advance(world.campaign, ruleset("elor").processes(world), 10 * HOUR)
    return recorded(world, "RiskRolled")


def wake_tests() -> Recorded:
    # Digest §5.6 (flag wake_test): a mace to the head (7 against its 4 HP) knocks Aldo out; an
    # hour later his D10 8 misses his level P 1 + M -1 + 5 = 5, the next hour's 3 wakes him.
    world = table(dice=[8, 3], settings={"wake_test": True})
    suffer_damage(world, "Aldo", 7, "a mace", "head")
    advance(world.campaign, ruleset("elor").processes(world), world.campaign.clock + 2 * HOUR)
    return recorded(world, "WakeTested")


SCENARIOS: dict[str, list[Callable[[], Recorded]]] = {
    EVENTS + "TestRolled": [action_test, ranged_attack],
    EVENTS + "DamageTaken": [melee_blow, ranged_blow],
    EVENTS + "ProgressionRolled": [two_professions_progress],
    EVENTS + "RiskRolled": [risks_held_then_struck],
    EVENTS + "WakeTested": [wake_tests],
}

CITED = re.compile(r"\(.*§[^)]+\)$")


@pytest.mark.parametrize("topic", sorted(RULES.chance), ids=lambda topic: topic.rpartition(":")[2])
def test_every_die_of_every_kind_of_roll_is_named_in_words_citing_the_rules(topic: str) -> None:
    assert_scenarios_name_every_die(RULES.rederive[topic], topic, SCENARIOS.get(topic), CITED)


# -- what the parts say, roll by roll ----------------------------------------------------------------


def test_an_action_tests_D10s_are_named_with_its_effort_and_level_Resolution_des_actions() -> None:
    (event,) = action_test()
    assert (event["outcome"]["level"], event["outcome"]["dice"]) == (5, [1, 8])
    assert parts(event) == ["the action test's D10s, 1 + 1 of effort, at level 5 (§Résolution des actions)"] * 2


def test_a_ranged_attacks_D10_is_named_as_the_attacks_at_the_level_the_range_leaves_Attaque_a_distance() -> None:
    (event,) = ranged_attack()
    assert event["terms"]["range"] == -2 and event["outcome"]["level"] == 2
    assert parts(event) == ["the ranged attack's D10s, 1 + 0 of effort, at level 2 (§Résolution des actions)"]


def test_a_blows_D100_is_named_as_the_location_table_of_a_melee_blow_Application_des_dommages() -> None:
    (event,) = melee_blow()
    assert (event["roll"], event["location"], event["ranged"]) == (74, "torso", False)
    assert parts(event) == ["where the blow landed, on the Loc. contact table (§Application des dommages)"]


def test_a_blows_D100_is_named_as_the_location_table_of_a_ranged_blow_Application_des_dommages() -> None:
    (event,) = ranged_blow()
    assert (event["roll"], event["location"], event["ranged"]) == (60, "left-arm", True)
    assert parts(event) == ["where the blow landed, on the Loc. distance table (§Application des dommages)"]


def test_a_blow_recorded_before_its_table_was_kept_names_both_tables_Application_des_dommages() -> None:
    # DamageTaken version 3 keeps whether the blow was ranged; one recorded before reads back
    # without it, and either table is the rules' (domain/rulesets/elor/verification.py).
    (event,) = melee_blow()
    del event["ranged"]
    ev.DamageTaken.upcast_stored(event)
    assert event["ranged"] is None
    assert parts(event, FORMAT_V1) == ["where the blow landed, on the Loc. contact or Loc. distance table (§Application des dommages)"]


def test_each_ticked_professions_D10_is_named_with_the_profession_and_its_level_Progression_naturelle() -> None:
    (event,) = two_professions_progress()
    assert [(r["profession"], r["level"], r["die"], r["raised"]) for r in event["rolls"]] == [
        ("Forgeron", 1, 9, True),
        ("Guerrier", 1, 1, False),
    ]
    assert parts(event) == [
        "Forgeron's D10: above its level 1, it rises (§Progression naturelle)",
        "Guerrier's D10: above its level 1, it rises (§Progression naturelle)",
    ]


def test_a_risks_D10_is_named_with_the_risk_and_its_threshold_Actions_longues() -> None:
    held, struck = risks_held_then_struck()
    assert (held["die"], held["triggered"], struck["die"], struck["triggered"]) == (5, False, 2, True)
    assert parts(held) == ["whether the risk strikes: the policia arrive, on a D10 at most 1 (§Actions longues)"]
    assert parts(struck) == ["whether the risk strikes: the policia arrive, on a D10 at most 2 (§Actions longues)"]


def test_the_hourly_wake_tests_D10_is_named_with_its_level_digest_5_6() -> None:
    asleep, awake = wake_tests()
    assert (asleep["awake"], awake["awake"]) == (False, True)
    for event in (asleep, awake):
        assert parts(event) == ["the hourly D10 to wake up, at level 5 (digest §5.6; the book is silent)"]


# -- through the command line: `audit show` on a real journal -------------------------------------


def logged(db: str, kind: str) -> Recorded:
    """The recorded events of ``kind`` (the GM's view of ``log --json``), oldest first."""
    shown = [entry["event"] for entry in json.loads(run(db, "log", "Tolosa", "--json", "--gm").stdout)]
    return [e for e in shown if e["topic"] == EVENTS + kind]


def drawn_by(event: dict[str, Any]) -> str:
    return f"the dice, in the order drawn (Aldo's {ordinal(event['draw'] + 1)} draw from the dice of session 1, not revealed yet):"


def test_audit_show_tells_a_tests_D10s_then_where_a_ranged_blow_landed_Resolution_des_actions_Application_des_dommages(
    db: str, tmp_path: Path
) -> None:
    (tmp_path / "aldo.toml").write_text(ALDO_SHEET, encoding="utf-8")
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "aldo.toml"))
    run(db, "session", "start", "Tolosa")
    run(db, "elor", "test", "Tolosa", "Aldo", "-f", "C", "-p", "Guerrier", "--familiarity", "Épées", "-e", "1")
    run(db, "elor", "damage", "Tolosa", "Aldo", "--amount", "1", "--ranged")
    (test,) = logged(db, "TestRolled")
    (blow,) = logged(db, "DamageTaken")
    level, rolled = test["outcome"]["level"], test["outcome"]["dice"]
    assert [op["value"] for op in test["chance"]] == rolled and len(rolled) == 2
    assert dice_account(run(db, "audit", "show", short_ref(test)).stdout) == [
        drawn_by(test),
        f"  d10: {', '.join(map(str, rolled))} — the action test's D10s, 1 + 1 of effort, at level {level} (§Résolution des actions)",
    ]
    assert [op["value"] for op in blow["chance"]] == [blow["roll"]] and blow["draw"] == test["draw"] + 1
    assert dice_account(run(db, "audit", "show", short_ref(blow)).stdout) == [
        drawn_by(blow),
        f"  d100: {blow['roll']} — where the blow landed, on the Loc. distance table (§Application des dommages)",
    ]
