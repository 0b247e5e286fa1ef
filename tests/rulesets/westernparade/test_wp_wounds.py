"""Western Parade wounds (digest §4.2, §4.6-4.8, §5.13; seed §3.2.2-§3.2.9): pure functions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chronique.domain.rulesets.westernparade.wounds import (
    WoundState,
    bed_bound,
    critical_effect,
    incapacitation,
    multiplier_halves,
    part_of,
    penalty,
    table_3_5,
    total_penalty,
    unconsciousness,
    unconsciousness_chance,
    wound_state,
)

S = WoundState

# Table 3.5 (seed L1945) as printed: rows = damage 1-20, columns M = 0.5 .. 10; "A" = "auto."
# for that column and every later one.
TABLE_3_5 = {
    1: "1 1 2 2 3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10",
    2: "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20",
    3: "2 3 5 6 8 9 11 12 14 15 17 18 20 21 23 24 26 27 29 30",
    4: "2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 32 34 36 38 40",
    5: "3 5 8 10 13 15 18 20 23 25 28 30 33 35 38 40 43 45 48 50",
    6: "3 6 9 12 15 18 21 24 27 30 33 36 39 42 45 48 51 54 57 60",
    7: "4 7 11 14 18 21 25 28 32 35 39 42 46 49 53 56 60 63 67 70",
    8: "4 8 12 16 20 24 28 32 36 40 44 48 52 56 60 64 68 72 76 80",
    9: "5 9 14 18 23 27 32 36 41 45 50 54 59 63 68 72 77 81 86 90",
    10: "5 10 15 20 25 30 35 40 45 50 55 60 65 70 75 80 85 90 95 100",
    11: "6 11 17 22 28 33 39 44 50 55 61 66 72 77 83 88 94 99 105 110",
    12: "6 12 18 24 30 36 42 48 54 60 66 72 78 84 90 96 102 108 114 120",
    13: "7 13 20 26 33 39 46 52 59 65 72 78 85 91 98 104 111 117 A",
    14: "7 14 21 28 35 42 49 56 63 70 77 84 91 98 105 112 119 A",
    15: "8 15 23 30 38 45 53 60 68 75 83 90 98 105 113 120 A",
    16: "8 16 24 32 40 48 56 64 72 80 88 96 104 112 120 A",
    17: "9 17 26 34 43 51 60 68 77 85 94 102 111 119 A",
    18: "9 18 27 36 45 54 63 72 81 90 99 108 117 A",
    19: "10 19 29 38 48 57 67 76 86 95 105 114 A",
    20: "10 20 30 40 50 60 70 80 90 100 110 120 A",
}


def test_table_3_5_is_reproduced_by_the_formula_S3_2_6_L1945() -> None:
    for damage, row in TABLE_3_5.items():
        cells = row.split()
        for halves in range(1, 21):
            printed = cells[min(halves, len(cells)) - 1]
            expected = None if printed == "A" else int(printed)
            assert table_3_5(damage, halves) == expected, (damage, halves / 2)


def test_wallace_9_percent_S3_2_6_L1938_worked_example_13() -> None:
    # END 15 (mEND +1): R arm (15 PV) takes 9 -> major; L shoulder (23 PV) holds a minor 4.
    arm, shoulder = wound_state(9, 15), wound_state(4, 23)
    assert (arm, shoulder) == (S.MAJOR, S.MINOR)
    halves = multiplier_halves([arm, shoulder])
    assert halves == 3  # 0.5 + 1 = 1.5
    assert table_3_5(9, halves) == 14
    assert unconsciousness_chance(9, halves, m_end=1, head=False) == 9


def test_wound_states_by_remaining_pv_S3_2_2_L1822() -> None:
    assert wound_state(0, 21) is S.UNHURT
    assert wound_state(2, 21) is S.SCRATCH
    assert wound_state(3, 21) is S.MINOR
    assert wound_state(10, 21) is S.MINOR  # 10 <= 10.5
    assert wound_state(11, 21) is S.MAJOR
    assert wound_state(20, 21) is S.MAJOR
    assert wound_state(21, 21) is S.CRITICAL
    assert wound_state(30, 21) is S.CRITICAL


def test_scratch_edge_rounded_by_default_WB1_digest_A3() -> None:
    # Ted's head at 6/7 is a scratch in the seed's example; the literal "< 10%" says minor.
    assert wound_state(1, 7) is S.SCRATCH
    assert wound_state(1, 7, literal_scratch=True) is S.MINOR
    assert wound_state(2, 21, literal_scratch=True) is S.SCRATCH


def test_head_adds_25_and_negative_mEND_adds_5_per_point_S3_2_6() -> None:
    assert unconsciousness_chance(4, 2, m_end=0, head=True) == 29
    assert unconsciousness_chance(4, 2, m_end=-2, head=False) == 14


def test_unconsciousness_thresholds_and_duration_S3_2_6_L1926_L1934() -> None:
    # <= 5: conscious, no roll; the duration is the margin, x2 major, x10 critical.
    assert unconsciousness(5, 1, S.MINOR, head=False).unconscious is False
    assert unconsciousness(5, 1, S.MINOR, head=False).rolled is False
    hit = unconsciousness(40, 30, S.MINOR, head=False)
    assert (hit.rolled, hit.unconscious, hit.rounds) == (True, True, 10)
    assert unconsciousness(40, 30, S.MAJOR, head=False).rounds == 20
    assert unconsciousness(40, 30, S.CRITICAL, head=False).rounds == 100
    assert unconsciousness(40, 41, S.MINOR, head=False).unconscious is False


def test_automatic_cases_still_time_the_blackout_WB2_digest_A11() -> None:
    auto = unconsciousness(120, 99, S.MAJOR, head=False)
    assert (auto.rolled, auto.unconscious, auto.rounds) == (False, True, 42)
    head = unconsciousness(30, 50, S.CRITICAL, head=True)
    assert (head.rolled, head.unconscious, head.rounds) == (False, True, 10)


def test_incapacitation_by_part_and_state_S3_2_5() -> None:
    assert incapacitation("abdomen", S.CRITICAL).out
    assert not incapacitation("arm", S.CRITICAL).out
    assert incapacitation("chest", S.MAJOR).out
    assert incapacitation("thigh", S.MAJOR).end_roll == "normal"
    assert incapacitation("head", S.MINOR).end_roll == "normal"
    assert incapacitation("hand", S.MINOR).end_roll == "easy"


def test_penalties_table_3_6_fresh_vs_treated_S3_2_7_1_L1980() -> None:
    assert (penalty(S.MINOR, False, False), penalty(S.MINOR, True, False)) == (-5, 0)
    assert (penalty(S.MAJOR, False, False), penalty(S.MAJOR, True, False)) == (-10, -5)
    assert (penalty(S.MINOR, False, True), penalty(S.MINOR, True, True)) == (-10, -5)
    assert (penalty(S.MAJOR, False, True), penalty(S.MAJOR, True, True)) == (-40, -20)
    assert penalty(S.SCRATCH, False, True) == 0


def test_penalties_cumulate_per_location_weapon_arm_WB3() -> None:
    wounds = {"right-arm": (S.MAJOR, False), "left-thigh": (S.MINOR, False), "head": (S.MINOR, True)}
    assert total_penalty(wounds, "right") == -40 - 5 - 5
    assert total_penalty(wounds, "left") == -10 - 5 - 5
    assert penalty(S.CRITICAL, False, False) == penalty(S.MAJOR, False, False)


@pytest.mark.parametrize(
    ("location", "fate", "dies_in"),
    [
        ("head", "killed", None),
        ("throat", "killed", None),
        ("chest", "killed", None),
        ("abdomen", "dies", "3d10h"),
        ("right-flank", "dies", "3d10m"),
        ("left-flank", "dies", "3d6h"),
        ("left-thigh", "dies", "2d6m"),
        ("right-shoulder", "useless", None),
        ("left-arm", "amputate", None),
        ("right-foot", "amputate", None),
    ],
)
def test_beyond_the_critical_threshold_S3_2_9_1_L2108(location: str, fate: str, dies_in: str | None) -> None:
    # Max PV 10: -5 keeps the threshold (exactly 50%), -6 passes it.
    assert critical_effect(location, -5, 10, 0).fate == ""
    effect = critical_effect(location, -6, 10, 0)
    assert (effect.fate, effect.dies_in) == (fate, dies_in)


def test_permanent_losses_per_two_or_three_negative_points_S3_2_9_2_WB4() -> None:
    head = critical_effect("head", -5, 14, 0)
    assert (head.losses, head.max_pv) == ({"INT": 2}, 2)
    assert critical_effect("chest", -4, 10, 0).losses == {"END": 2}
    assert critical_effect("right-shoulder", -5, 21, 0).max_pv == 1
    assert critical_effect("left-thigh", -6, 21, 0).losses == {"agi_in_use": 2}
    assert critical_effect("right-hand", -3, 7, 0).losses == {}
    # Only the newly reached depth counts: from -3 to -5 on the head adds one more step.
    assert critical_effect("head", -5, 14, 3).losses == {"INT": 1}
    assert critical_effect("head", -1, 14, 5).max_pv == 0


def test_max_pv_down_to_zero_counts_as_beyond_threshold_S3_2_9_2_L2136() -> None:
    assert critical_effect("right-arm", 0, 0, 0).fate == "amputate"


def test_bed_rest_while_any_location_is_negative_S3_2_9_3_L2138() -> None:
    assert bed_bound([5, -1, 3])
    assert not bed_bound([0, 3])


def test_parts_of_locations() -> None:
    assert part_of("right-thigh") == "thigh"
    assert part_of("left-flank") == "left-flank"
    with pytest.raises(ValueError):
        part_of("tail")


@given(st.integers(1, 60), st.integers(1, 60))
def test_state_worsens_with_damage_S3_2_2(max_pv: int, damage: int) -> None:
    order = list(S)
    assert order.index(wound_state(damage, max_pv)) <= order.index(wound_state(damage + 1, max_pv))
