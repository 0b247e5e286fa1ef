"""The Western Parade sheet and its creation rules (chapter 1 of the seed)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from westernparade_table import DOC, JOE, SAM, SIRINGO

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade.characteristics import (
    action_phases,
    actions_per_round,
    blood_points,
    carrying_capacity,
    characteristic_cost,
    characteristic_roll,
    location_pv,
    modifier,
)
from chronique.domain.rulesets.westernparade.sheet import parse_sheet, sheet_data, with_derived
from chronique.domain.rulesets.westernparade.tables import skills

RULES = ruleset("western-parade")


def test_joe_hambuster_force_15_costs_18_points_S1_6_1_L660() -> None:
    assert characteristic_cost(15) == 18


@pytest.mark.parametrize(
    ("value", "cost"),
    [(4, 4), (12, 12), (13, 14), (14, 16), (15, 18), (16, 20), (17, 22), (18, 24), (19, 27), (20, 30)]
    + [(21, 33), (22, 37), (23, 41), (24, 45), (25, 49)],
)
def test_tables_1_2_and_1_9_cumulative_costs(value: int, cost: int) -> None:
    assert characteristic_cost(value) == cost


TABLE_1_3 = {1: -3, 2: -3, 3: -2, 5: -2, 6: -1, 8: -1, 9: 0, 12: 0, 13: 1, 15: 1, 16: 2, 18: 2, 19: 3, 21: 3, 22: 4, 24: 4}
TABLE_1_3 |= {25: 5, 27: 5, 28: 6, 30: 6, 31: 7, 33: 7, 34: 8, 36: 8, 37: 9}


@pytest.mark.parametrize(("value", "m"), sorted(TABLE_1_3.items()))
def test_table_1_3_modifiers_S1_6_2_L701(value: int, m: int) -> None:
    assert modifier(value) == m


TABLE_1_4 = [-12, -9, -1, 2, 5, 13, 16, 19, 27, 30, 33, 36, 44, 47, 50, 58, 61, 64, 72, 75, 78, 86, 89, 92, 100, 103, 106]


@pytest.mark.parametrize(("value", "j"), list(enumerate(TABLE_1_4, start=1)))
def test_table_1_4_characteristic_rolls_S1_6_3_L738(value: int, j: int) -> None:
    assert characteristic_roll(value) == j


def test_endurance_16_rolls_under_58_percent_S1_6_3_L722() -> None:
    assert characteristic_roll(16) == 48 + 10 == 58


@given(st.integers(min_value=13, max_value=200))
def test_modifier_above_12_is_the_ceiling_formula_S1_6_2(value: int) -> None:
    assert modifier(value) == -(-(value - 12) // 3)


def test_sam_carries_56_kg_S1_10_L958() -> None:
    assert carrying_capacity(12, 16, 80) == 56
    assert sheet_data(parse_sheet(SAM))["derived"]["carrying_kg"] == 56


def test_joe_hambuster_acts_at_phases_64_48_32_16_ranks_6_4_3_1_S3_1_4_L1588() -> None:
    derived = sheet_data(parse_sheet(JOE))["derived"]
    assert (derived["VIT"], derived["rolls"]["VIT"], derived["nar"]) == (18, 64, 4)
    assert derived["phases"] == [64, 48, 32, 16] == action_phases(64, 4)
    assert derived["ranks"] == [6, 4, 3, 1]


def test_actions_per_round_and_slow_characters_S3_1_2() -> None:
    assert actions_per_round(2) == (4, 1)
    assert actions_per_round(-1) == (1, 1)
    assert actions_per_round(-3) == (1, 3)  # one action every 3 rounds (digest §9 item 20)


def test_location_pv_table_1_6_rounded_up_ruling_WA1() -> None:
    pv = location_pv(15)
    assert (pv["head"], pv["throat"], pv["right-shoulder"], pv["left-thigh"], pv["left-foot"]) == (15, 8, 23, 23, 8)
    assert location_pv(14)["head"] == 14  # Table 1.6 wins over the Ted Butler example's 7 (digest §9 item 2)
    assert blood_points(12) == 60


def test_sample_sheets_are_valid_and_derived() -> None:
    for raw in (SAM, JOE, DOC, SIRINGO):
        sheet, condition = RULES.new_character(raw)
        assert sheet["derived"]["ph"] == 5 * sheet["characteristics"]["END"]
        assert len(sheet["derived"]["pv"]) == 18
        assert isinstance(condition, dict)
    assert sheet_data(parse_sheet(SIRINGO))["derived"]["skills"]["Armes de poing"] >= 89


def test_the_catalogue_holds_188_skills_in_19_groups_chapter_6() -> None:
    catalogue = skills()
    assert len(catalogue.skills) == 188
    assert len(catalogue.groups) == 19


def test_skill_bases_follow_the_chapter_6_formulas() -> None:
    scores = sheet_data(parse_sheet(JOE))["derived"]["skills"]
    # Joe: FOR 15, AGI 16, INT 10, SGF 13 (+1), EXP 13 (+1), SC 2, age 25.
    assert scores["Armes de poing"] == 16 + 1 + 1 + 20  # AGI + mSGF + mEXP + 20 general points
    assert scores["Parade"] == (50 + 58) // 4 + 20 + 20  # (jFOR + jAGI)/4 rounded down, §6.7.15
    assert scores["Culture générale"] == 2 * 25  # SC x age
    assert scores["Saut"] == (16 + 15) * 2
    assert scores["Premiers soins"] == 40
    assert scores["Cuisine"] == 15 and scores["Agriculture"] == 25  # a man
    assert scores["Artisanat indien"] == 0  # not an Indian (§6.9)


def test_doctor_bases_add_half_chirurgie_and_the_latin_S1_12_1() -> None:
    scores = sheet_data(parse_sheet(DOC))["derived"]["skills"]
    assert scores["Chirurgie"] == 45
    assert scores["Amputation"] == 45 // 2 + 20
    assert scores["Extraction de balle"] == (45 + 14 + 10) // 2 + 20 + 25
    assert scores["Langue morte (latin)"] == 60 + 30
    assert scores["Lecture"] == 5 + 10 * 3 + 50 + 50


def test_with_derived_follows_a_characteristic_change() -> None:
    data = sheet_data(parse_sheet(SAM))
    data["characteristics"]["AGI"] += 1
    data["gains"] = {"Armes de poing": 3}
    after = with_derived(data)
    assert after["derived"]["skills"]["Armes de poing"] == data["derived"]["skills"]["Armes de poing"] + 4


def _with(raw: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = dict(raw)
    chars = dict(raw["characteristics"])
    for key in list(changes):
        if key.isupper():
            chars[key] = changes.pop(key)
    out["characteristics"] = chars
    return out | changes


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"FOR": 3}, "outside 4..20"),
        ({"CHC": 16}, "cost 145 points"),
        ({"FOR": 10, "END": 16, "CHC": 12}, "more than 5 apart"),
        ({"INT": 16, "AGI": 11, "ACV": 11}, "INT 16 and CHR 10"),
        ({"APP": 16, "FOR": 9, "END": 9}, "APP 16 exceeds"),
        ({"age": 12}, "exceeds the age"),
        ({"social_class": 1, "vocations": ["combat-a-distance", "survie"]}, "gives 1 favourite group"),
        ({"points": {"general": {"Armes de poing": 21}}}, "at most 20 per skill"),
        ({"points": {"vocation": {"Lancer": 21}}}, "allows 20 per skill"),
        ({"points": {"vocation": {"Pugilat": 5}}}, "not in a favourite group"),
        ({"points": {"culture": {"Pugilat": 5}}}, "not a culture-générale skill"),
        ({"points": {"culture": {"Histoire": 51}}}, "gives 50"),
        ({"points": {**SAM["points"], "general": {**SAM["points"]["general"], "Chirurgie": 5, "Jeux de cartes": 5}}}, "only a doctor"),
        ({"points": {**SAM["points"], "general": {**SAM["points"]["general"], "Kobudo": 5, "Jeux de cartes": 5}}}, "only a samurai"),
        ({"equipment_value": 301}, "allows $300"),
        ({"weapons": ["Blaster"]}, "no weapon"),
        ({"handedness": "ambidextrous"}, "cost 175 points"),
        ({"gains": {"Lasso": 3}}, "won in play"),
        ({"special": "elite-soldier", "vocations": ["militaires"], "points": {"general": SAM["points"]["general"]}}, "CHR of at least 12"),
    ],
)
def test_creation_constraints_refuse_with_one_line_S1_6_1_S1_11_S1_12(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleViolation, match=message.replace("$", r"\$")):
        RULES.new_character(_with(SAM, **changes))


def test_general_pool_grows_with_positive_mexp_and_must_be_spread_S1_6_13() -> None:
    # Sam: EXP 13 (mEXP +1): 210 general points; 220 are refused.
    over = {**SAM["points"], "general": {**SAM["points"]["general"], "Lasso": 20, "Jeux de cartes": 20}}
    with pytest.raises(RuleViolation, match="there are 210"):
        RULES.new_character(_with(SAM, points=over))
    narrow = {"general": {"Lasso": 20, "Pugilat": 20}}
    with pytest.raises(RuleViolation, match="at least 3 skills"):
        RULES.new_character(_with(SAM, points=narrow))


def test_left_handed_for_5_points_and_free_ambidexterity_on_double_1_S1_4() -> None:
    RULES.new_character(_with(SAM, handedness="left", CHC=5))  # the 5 points come from CHC
    with pytest.raises(RuleViolation, match="cost 140 points"):
        RULES.new_character(_with(SAM, handedness="left"))
    sheet, _ = RULES.new_character(_with(SAM, handedness="ambidextrous", handedness_rolled="ambidextrous"))
    assert sheet["derived"]["skills"]["Ambidextrie"] == 40


def test_experienced_characters_have_165_points_and_reach_25_S1_15() -> None:
    veteran = _with(SAM, creation="experienced", AGI=20, SGF=16, CHC=12, age=30)
    sheet, _ = RULES.new_character(veteran)
    assert sheet["derived"]["REP"] == 12 + 0 + 1  # §1.15.3: 12 + mCHR + mEXP
    with pytest.raises(RuleViolation, match="outside 4..25"):
        RULES.new_character(_with(veteran, AGI=26))


def test_a_bad_sheet_is_a_one_line_rule_violation() -> None:
    with pytest.raises(RuleViolation, match="characteristics lack"):
        RULES.new_character({**SAM, "characteristics": {"FOR": 10}})
    with pytest.raises(RuleViolation, match="no skill"):
        RULES.new_character({**SAM, "points": {"general": {"Lévitation": 5}}})
