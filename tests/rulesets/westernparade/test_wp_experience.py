"""Experience (§2.3-§2.5 of the seed, digest §6.1-§6.2): when a success earns an improvement
roll, the roll with its check-marks and 1d4 + 3, and the reputation bonus after a gunfight."""

from __future__ import annotations

import pytest

from chronique.domain.rulesets.westernparade.experience import earns_roll, improve, reputation_bonus


@pytest.mark.parametrize(
    ("chance", "roll", "earned"),
    [
        (15, 15, True),  # ≤ 20%: always
        (20, 1, True),
        (35, 20, True),  # 20 < chance ≤ 40: only on 20 or less
        (35, 21, False),
        (60, 30, True),  # 40 < chance ≤ 100: at most half the chance
        (60, 31, False),
        (61, 30, True),
        (61, 31, False),
        (120, 50, True),  # above 100: 50 or less
        (120, 51, False),
        (30, 31, False),  # a failure never earns one
    ],
)
def test_when_a_success_earns_an_improvement_roll_seed_2_4_7_L1393(chance: int, roll: int, earned: bool) -> None:
    assert earns_roll(chance, roll) is earned


def test_skill_improves_by_1d4_plus_3_on_a_roll_strictly_above_it_seed_2_5_L1411() -> None:
    up = improve("Armes de poing", "skill", 74, 0, [75], 2)
    assert up.success and up.gain == 5 and up.marks_after == 0
    same = improve("Armes de poing", "skill", 74, 0, [74], 2)
    assert not same.success and same.gain == 0 and same.marks_after == 1 and same.d4 is None


def test_check_marks_ease_the_next_roll_by_5_each_and_are_all_erased_seed_2_3_L1355_digest_9_17() -> None:
    eased = improve("Lutte", "skill", 50, 2, [41], 4)
    assert eased.success and eased.gain == 7 and eased.marks_after == 0
    assert not improve("Lutte", "skill", 50, 2, [40], 4).success


def test_open_ended_roll_lets_a_skill_above_100_rise_seed_2_3_L1349() -> None:
    up = improve("Armes de poing", "skill", 110, 0, [97, 14], 1)
    assert up.total == 111 and up.success and up.gain == 4


def test_characteristic_improves_by_one_against_its_roll_seed_2_3_L1351() -> None:
    up = improve("SGF", "characteristic", 44, 0, [45], None)
    assert up.success and up.gain == 1


def test_reputation_bonus_after_a_gunfight_seed_2_4_3_L1377() -> None:
    assert reputation_bonus(put_out=1, duels=[], own_rep=7) == 0
    assert reputation_bonus(put_out=3, duels=[], own_rep=7) == 10
    assert reputation_bonus(put_out=1, duels=[7], own_rep=7) == 5
    assert reputation_bonus(put_out=1, duels=[12], own_rep=7) == 5 + 10  # 5 points apart: 2 steps of 2
    assert reputation_bonus(put_out=2, duels=[4, 11], own_rep=7) == 5 + 5 + 5 + 10
