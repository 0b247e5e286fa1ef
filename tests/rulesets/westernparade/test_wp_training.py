"""Training arithmetic (§2.6-§2.7 of the seed, digest §5.17, §6.3, §6.4) and its worked examples
(digest §7 #4-#8, Sam Parkerson, §2.6.2 L1439-L1449)."""

from __future__ import annotations

import pytest

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, HOUR, MINUTE, WEEK
from chronique.domain.rulesets.westernparade import training as tr
from chronique.domain.rulesets.westernparade.characteristics import characteristic_roll


def test_example_4_sam_74_to_75_takes_75_half_hours_seed_2_6_2_L1445() -> None:
    assert tr.skill_point_cost(74, m_int=0) == 37 * HOUR + 30 * MINUTE


def test_example_5_sam_75_to_76_takes_76_half_hours_seed_2_6_2_L1445() -> None:
    assert tr.skill_point_cost(75, m_int=0) == 38 * HOUR


def test_example_6_teacher_for_a_74_percent_student_needs_89_not_99_ruling_WC1_seed_2_6_2_L1447() -> None:
    # 20% of 74 = 14.8, rounded up to 15: 74 + 15 = 89 (the seed prints 99, digest §9 item 1).
    assert tr.teacher_needed(74) == 89
    assert tr.skill_factor(74, teacher_level=89) == 2
    assert tr.skill_factor(74, teacher_level=88) == 1


def test_example_7_int_14_cuts_5_percent_71_25_half_hours_seed_2_6_2_L1449() -> None:
    # 75 - 3.75 = 71.25 half-hours = 35 h 37.5 min ("35 heures et 38 minutes").
    assert tr.skill_point_cost(74, m_int=1) == 35 * HOUR + 37 * MINUTE + 30


def test_example_8_siringo_halves_it_to_17_h_48_75_min_seed_2_6_2_L1449() -> None:
    # Each half-hour under a teacher counts double: 17.8125 h (the seed rounds to "17 h 49", then 18 h).
    cost = tr.skill_point_cost(74, m_int=1)
    factor = tr.skill_factor(74, teacher_level=89)
    at_20_h = tr.seconds_to(0, cost, hours=20, factor=factor)
    assert cost / factor == 17.8125 * HOUR
    # 20 h a week is 20/168 of the week: 17.8125 h of training take 17.8125 * 168 / 20 h of calendar.
    assert at_20_h == int(17.8125 * HOUR * 168 / 20)


def test_teacher_never_under_30_percent_seed_2_6_2_L1433() -> None:
    assert tr.teacher_needed(10) == 30
    assert tr.teacher_needed(25) == 30 + 0  # 25 + 5 = 30
    assert tr.teacher_needed(26) == 32  # 26 + ceil(5.2)


def test_under_20_percent_needs_a_teacher_who_halves_nothing_seed_2_6_2_L1432() -> None:
    assert tr.skill_factor(15, teacher_level=None) == 0
    assert tr.skill_factor(15, teacher_level=29) == 0
    assert tr.skill_factor(15, teacher_level=30) == 1
    assert tr.skill_factor(20, teacher_level=None) == 1
    assert tr.skill_factor(20, teacher_level=30) == 2


def test_20_hours_a_target_and_50_a_week_seed_2_6_1_L1421() -> None:
    assert tr.counted_hours(30) == 20
    tr.check_week({"a": 20, "b": 20, "c": 10})
    tr.check_week({"a": 30, "b": 30, "c": 10})  # counted: 20 + 20 + 10
    with pytest.raises(RuleViolation, match="50"):
        tr.check_week({"a": 20, "b": 20, "c": 11})
    with pytest.raises(RuleViolation, match="50"):
        tr.check_week({"a": 20, "b": 20}, practice_hours=14)
    with pytest.raises(RuleViolation):
        tr.counted_hours(-1)


def test_credit_accrues_evenly_over_the_week() -> None:
    assert tr.credit(WEEK, 20, 1) == tr.units(20 * HOUR)
    assert tr.credit(WEEK // 2, 20, 2) == tr.units(20 * HOUR)


def test_decay_after_seven_idle_days_one_hour_per_half_day_seed_2_6_2_L1434_PROPOSAL_9_19() -> None:
    bank = tr.units(5 * HOUR)
    assert tr.decayed(bank, 0, 7 * DAY) == bank
    assert tr.decayed(bank, 0, 7 * DAY + 12 * HOUR - 1) == bank
    assert tr.decayed(bank, 0, 7 * DAY + 12 * HOUR) == tr.units(4 * HOUR)
    assert tr.decayed(bank, 0, 7 * DAY + 36 * HOUR) == tr.units(2 * HOUR)
    assert tr.decayed(bank, 0, 30 * DAY) == 0
    assert tr.lapse_time(bank, 0) == 7 * DAY + 5 * 12 * HOUR
    assert tr.lapse_time(bank + 1, 0) == 7 * DAY + 6 * 12 * HOUR


def test_characteristic_costs_the_half_hours_of_its_roll_PROPOSAL_9_18_seed_2_7_L1455() -> None:
    # FOR 12 -> 13: jFOR 36 -> 44, 37 + ... + 44 = 324 half-hours = 162 h.
    assert characteristic_roll(12) == 36 and characteristic_roll(13) == 44
    assert tr.characteristic_point_cost(36, 44, m_int=0) == 162 * HOUR
    # END doubles the time (§2.7.2); non-positive roll points cost nothing.
    assert tr.characteristic_point_cost(36, 44, m_int=0, time_factor=2) == 324 * HOUR
    assert tr.characteristic_point_cost(-9, -1, m_int=0) == 0
    assert tr.characteristic_point_cost(-1, 2, m_int=0) == 3 * 1800


def test_characteristic_teacher_needs_a_higher_positive_modifier_and_not_for_END_seed_2_7_L1463() -> None:
    force, endurance = tr.characteristic_rule("FOR"), tr.characteristic_rule("END")
    assert tr.characteristic_factor(force, 0, 1) == 2
    assert tr.characteristic_factor(force, 1, 1) == 1
    assert tr.characteristic_factor(force, -1, 0) == 1
    assert tr.characteristic_factor(endurance, 0, 3) == 1


def test_untrainable_characteristics_seed_2_7_7_to_2_7_12() -> None:
    for name in ("CHC", "SGF", "VIT", "REP", "EXP", "ACV"):
        with pytest.raises(RuleViolation):
            tr.characteristic_rule(name)


def test_prerequisites_count_5_percent_growth_and_one_musical_skill_seed_2_7_6_footnote_5() -> None:
    agi = tr.characteristic_rule("AGI")
    start = {s: 30 for s in agi.skills}
    assert not tr.prerequisites_met(agi, start, start | {s: 35 for s in agi.skills[:4]})
    assert tr.prerequisites_met(agi, start, start | {s: 35 for s in agi.skills[:5]})
    chr_ = tr.characteristic_rule("CHR")
    start = {s: 10 for s in chr_.skills}
    musical = {"Chant": 15, "Solfège": 15, "Direction de Square Dance": 15}
    assert not tr.prerequisites_met(chr_, start, start | musical)
    assert tr.prerequisites_met(chr_, start, start | musical | {"Bluff": 15, "Baratin": 15})


def test_app_needs_a_companion_characteristic_and_caps_at_plus_3_seed_2_7_5() -> None:
    app = tr.characteristic_rule("APP")
    assert not tr.raised_companion(app, female=True, start={"FOR": 10}, now={"FOR": 11})
    assert tr.raised_companion(app, female=False, start={"FOR": 10}, now={"FOR": 11})
    values = {"FOR": 10, "END": 12, "INT": 10, "CHR": 10, "AGI": 10, "APP": 12}
    tr.check_characteristic_gain(app, values, initial_app=10, female=False)
    with pytest.raises(RuleViolation, match="APP"):
        tr.check_characteristic_gain(app, values | {"APP": 13}, initial_app=10, female=False)
    with pytest.raises(RuleViolation, match="FOR and END"):
        tr.check_characteristic_gain(
            tr.characteristic_rule("END"), {"FOR": 10, "END": 15, "INT": 10, "CHR": 10, "APP": 10}, initial_app=10, female=False
        )


def test_cartridges_200_an_hour_seed_2_6_2_footnote_2() -> None:
    assert tr.cartridges(tr.units(HOUR)) == 200
    assert tr.cartridges(tr.units(20 * HOUR)) == 4000
    assert tr.cartridges(tr.units(HOUR) // 2) == 100


def test_a_training_credit_reads_as_hours_and_minutes_in_words_S2_6_2() -> None:
    # `downtime show` printed "16 h 00 min banked" and "0 h 00 min banked".
    from chronique.domain.rulesets.westernparade.training import hours_of, units

    assert [hours_of(units(s)) for s in (0, 59, 60, 3600, 5400, 16 * 3600)] == [
        "no time",
        "no time",
        "1 minute",
        "1 hour",
        "1 hour, 30 minutes",
        "16 hours",
    ]
