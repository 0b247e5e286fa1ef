"""Long-period skills (digest §5.18: §6.8.1, §6.8.9, §6.15, §6.16.4, §6.17.2 of the seed) and
trick-shooting practice (§5.19, §6.6.7 L3584-L3593) as pure rules."""

from __future__ import annotations

import pytest

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY
from chronique.domain.rulesets.westernparade import long_skills as ls


@pytest.mark.parametrize(
    ("modifier", "quality", "next_modifier", "fate"),
    [
        (0, "CATA_F", 0, "dead"),
        (25, "CRIT_F", 0, "dying"),
        (25, "NORM_F", 0, "exhausted"),  # a bonus is lost
        (0, "NORM_F", -25, "exhausted"),  # else -25%, not cumulative
        (-25, "NORM_F", -25, "exhausted"),
        (-25, "NORM_S", 0, "alive"),  # a malus is removed (ruling WC7)
        (0, "NORM_S", 25, "alive"),
        (25, "CRIT_S", 25, "alive"),  # +25%, not cumulative
        (-25, "EXTRA", 25, "alive"),
    ],
)
def test_survival_week_seed_6_15_L4733(modifier: int, quality: str, next_modifier: int, fate: str) -> None:
    assert ls.survival_week(modifier, quality) == ls.SurvivalWeek(next_modifier, fate)


def test_survival_ruling_WC7_norm_s_after_a_malus_only_removes_it() -> None:
    assert ls.survival_week(-25, "NORM_S").next_modifier == 0


@pytest.mark.parametrize(
    ("quality", "after"),
    [("CATA_F", 75_000), ("CRIT_F", 90_000), ("NORM_F", 98_000), ("NORM_S", 101_000), ("CRIT_S", 105_000), ("EXTRA", 110_000)],
)
def test_banking_month_seed_6_8_1_L3916(quality: str, after: int) -> None:
    assert ls.capital_after("banking", 100_000, quality) == after


@pytest.mark.parametrize(
    ("quality", "after"),
    [("CATA_F", 0), ("CRIT_F", 50_000), ("NORM_F", 80_000), ("NORM_S", 110_000), ("CRIT_S", 125_000), ("EXTRA", 150_000)],
)
def test_speculation_seed_6_8_9_L4020(quality: str, after: int) -> None:
    assert ls.capital_after("speculation", 100_000, quality) == after


def test_capital_rounds_to_the_cent() -> None:
    assert ls.capital_after("banking", 12_345, "NORM_F") == 12_345 - 247  # 246.9 cents


def test_hunting_feeds_a_tenth_of_the_skill_times_terrain_and_quality_seed_6_16_4_table_6_1() -> None:
    assert ls.hunted(45, "normal", "NORM_S") == 45  # 4.5 persons
    assert ls.hunted(45, "giboyeux", "EXTRA") == 135  # 4.5 x 1.5 x 2
    assert ls.hunted(45, "désertique", "NORM_F") == 2  # 4.5 x 0.2 x 0.3 = 0.27
    assert ls.hunted(45, "paradis", "CATA_F") == 0
    assert ls.hunting_terrain("Très connu") == (25, 15)
    assert ls.skins_cents(45) == 2250
    with pytest.raises(RuleViolation):
        ls.hunting_terrain("lune")


def test_long_distance_running_seed_6_17_2_L5065() -> None:
    assert ls.running_metres(0, "NORM_S", 0) == 50_000
    assert ls.running_metres(2, "CRIT_S", 0) == 72_000
    assert ls.running_metres(-1, "CATA_F", 0) == 4_500
    assert ls.running_metres(0, "NORM_S", 20) == 40_000
    assert ls.running_terrain("accidenté") == -25


def test_trick_practice_plus_one_a_day_up_to_25_seed_6_6_7_L3593() -> None:
    assert ls.practice_bonus(0, 0, True, 3 * DAY + 5) == 3
    assert ls.practice_bonus(20, 0, True, 30 * DAY) == 25
    assert ls.practice_settles(20, 0, True) == 5 * DAY
    assert ls.practice_settles(25, 0, True) is None


def test_trick_practice_decays_a_point_a_day_after_a_week_idle_seed_6_6_7_L3593() -> None:
    assert ls.practice_bonus(10, 0, False, 7 * DAY) == 10
    assert ls.practice_bonus(10, 0, False, 8 * DAY) == 9
    assert ls.practice_bonus(10, 0, False, 40 * DAY) == 0
    assert ls.practice_settles(10, 0, False) == 17 * DAY
    assert ls.practice_settles(0, 0, False) is None


def test_trick_chance_and_tricks_known_seed_6_6_7_L3584() -> None:
    assert ls.trick_chance(40, 74, 12) == 40 + 7 + 12
    assert ls.tricks_known(44) == 2
    assert ls.practice_hours() == 14
