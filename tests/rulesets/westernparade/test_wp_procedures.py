"""Chapter 4's poker and falls (digest §5.21-§5.22; seed §4.2.2.1, §4.3, §6.13.22), with the
digest's derived vectors (§7)."""

from __future__ import annotations

import pytest

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.westernparade.procedures import fall, fall_violence, jumped, poker_cents


def test_poker_pot_1_dollar_normal_game_2_hours_luck_norm_s_cards_crit_s_wins_42_derived() -> None:
    # 2 h x 7 hands = 14 hands x $1 x k 1.5 = 21; Table 4.3 (NORM_S, CRIT_S) = x2: +$42.
    assert poker_cents(100, "normal", 2, "NORM_S", "CRIT_S") == 4200


def test_poker_table_4_3_corners_and_stakes_S4_2_2_1_L2897() -> None:
    assert poker_cents(50, "small", 1, "CATA_F", "CATA_F") == -50 * 10 * 5
    assert poker_cents(500, "big", 1, "EXTRA", "EXTRA") == 500 * 5 * 2 * 5
    assert poker_cents(100, "normal", 3, "EXTRA", "CATA_F") == 0
    with pytest.raises(RuleViolation):
        poker_cents(100, "huge", 1, "NORM_S", "NORM_S")


def test_fall_6_m_onto_stone_paving_four_locations_6_damage_derived() -> None:
    violence = fall_violence(6, 0, "hard")
    assert violence == 12
    assert fall(violence) == fall(12) and (fall(12).locations, fall(12).damage) == (4, 6)


def test_fall_violence_speed_roof_and_landings_S4_3_1_L2917() -> None:
    assert fall_violence(2, 35, "normal") == 5  # 2 m + 3 full tens of km/h
    assert fall_violence(2, 35, "normal", roof=True) == 2
    assert fall_violence(7, 0, "liquid") == 2 and fall_violence(7, 0, "soft") == 3 and fall_violence(7, 0, "rocky") == 21


@pytest.mark.parametrize(("violence", "count"), [(1, 0), (2, 0), (3, 1), (5, 1), (6, 2), (8, 2), (9, 4), (12, 4), (13, None)])
def test_fall_locations_by_violence_S4_3_2_L2933(violence: int, count: int | None) -> None:
    assert fall(violence).locations == count
    assert fall(violence).damage == -(-violence // 2)


def test_a_jump_softens_or_worsens_the_fall_S6_13_22_L4535() -> None:
    assert jumped(12, "CATA_F") == (15, 1) and jumped(12, "CRIT_F") == (13, 0) and jumped(12, "NORM_F") == (12, 0)
    assert jumped(12, "NORM_S") == (10, 0) and jumped(12, "CRIT_S") == (9, 0)
    assert jumped(12, "EXTRA") == (6, 0) and jumped(8, "EXTRA") == (3, 0)  # halved or -5, the better
    assert jumped(1, "CRIT_S") == (0, 0)
    assert fall(2, extra_locations=1).locations == 1  # a CATA_F hits one more location
