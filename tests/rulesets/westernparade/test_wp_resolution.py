"""Resolution (chapter 2 of the seed): open-ended d100, Table 2.1, §2.1.1 limits, duels, detection."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scripted_table import die_faces
from westernparade_table import table

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.westernparade import events as ev
from chronique.domain.rulesets.westernparade.play import Check, check
from chronique.domain.rulesets.westernparade.resolution import (
    QUALITIES,
    SUCCESSES,
    detected,
    difficulty,
    duel,
    open_ended,
    quality,
    rank,
    roll,
)


@pytest.mark.parametrize(
    ("chance", "total", "expected"),
    [(45, 4, "EXTRA"), (45, 22, "CRIT_S"), (45, 45, "NORM_S"), (45, 90, "NORM_F"), (45, 91, "CRIT_F"), (45, 136, "CATA_F")]
    + [(30, 81, "CRIT_F"), (30, 80, "NORM_F"), (30, 100, "CATA_F"), (19, 1, "NORM_S"), (20, 2, "EXTRA"), (20, 10, "CRIT_S")]
    + [(33, 99, "CRIT_F"), (33, 100, "CATA_F"), (40, 81, "CRIT_F"), (41, 82, "NORM_F"), (41, 83, "CRIT_F")],
)
def test_table_2_1_qualities_S2_1_2_L1310(chance: int, total: int, expected: str) -> None:
    assert quality(chance, total) == expected


def test_open_ended_d100_adds_while_96_to_00_S2_1_L1282() -> None:
    assert open_ended(die_faces(97, 100, 12)) == [97, 100, 12]
    assert open_ended(die_faces(95)) == [95]
    outcome = roll(die_faces(98, 40), {"skill": 130})
    assert (outcome.total, outcome.quality) == (138, "NORM_F")  # 96-00 is never read as its face


def test_below_5_percent_fails_without_a_roll_and_insisting_needs_luck_S2_1_1() -> None:
    plain = roll(die_faces(), {"skill": 30, "difficulty": -90})
    assert plain.automatic and plain.quality == "NORM_F" and plain.faces == ()
    lucky = roll(die_faces(20), {"skill": 4}, luck_chance=30)
    assert lucky.quality == "NORM_F" and lucky.luck is not None and lucky.luck.quality == "NORM_S"
    unlucky = roll(die_faces(50), {"skill": 4}, luck_chance=30)
    assert unlucky.quality == "CRIT_F"
    cursed = roll(die_faces(85), {"skill": 4}, luck_chance=30)  # CRIT_F on the luck roll -> CATA_F
    assert cursed.quality == "CATA_F"


def test_difficulty_steps_S1_6_3() -> None:
    assert [difficulty(s) for s in ("very easy", "Facile", "easy", "normal", "difficult", "very-difficult", "impossible")] == [
        50,
        25,
        25,
        0,
        -25,
        -50,
        -90,
    ]
    assert difficulty("-15") == -15
    with pytest.raises(RuleViolation):
        difficulty("heroic")


@given(st.integers(min_value=5, max_value=300), st.integers(min_value=1, max_value=400))
def test_success_is_exactly_roll_at_most_chance_and_no_crit_below_20(chance: int, total: int) -> None:
    q = quality(chance, total)
    assert (q in SUCCESSES) == (total <= chance)
    if chance < 20:
        assert q not in ("CRIT_S", "EXTRA")


def test_duel_better_quality_wins_equal_deadlocks_S2_2_1() -> None:
    assert duel("CRIT_S", "NORM_S") == 1
    assert duel("NORM_F", "CATA_F") == 1
    assert duel("NORM_S", "EXTRA") == 2
    assert duel("NORM_S", "NORM_S") == 0
    assert [rank(q) for q in QUALITIES] == list(range(6))


def test_detection_needs_a_strictly_better_quality_S2_2_2() -> None:
    assert detected("NORM_F", "CATA_F")  # a failed concealment is found out
    assert not detected("NORM_S", "NORM_S")
    assert detected("NORM_S", "CRIT_S")
    assert not detected("EXTRA", "EXTRA")  # an EXTRA concealment is undetectable


def test_a_check_is_recorded_with_its_terms_and_faces() -> None:
    world = table(dice=[97, 30])
    outcome = check(world, "Joe Hambuster", Check(characteristic="FOR", difficulty="easy", modifiers={"help": 5}, purpose="lift the cart"))
    assert outcome.chance == 50 + 25 + 5 and outcome.total == 127 and outcome.quality == "NORM_F"  # 127 ≤ 2 x 80
    events = [e for e in world.collect() if isinstance(e, ev.CheckRolled)]
    assert events[0].outcome["terms"] == {"jFOR": 50, "difficulty": 25, "help": 5}
    assert [op["value"] for op in events[0].chance] == [97, 30]
