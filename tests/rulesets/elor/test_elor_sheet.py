"""Sheet, derived capacities and the standard creation procedure of Elor (digest §2, §7 X12-X14,
D11; seed §Capacités dérivées calculées, §Humains, §Procédure standard de création)."""

from __future__ import annotations

from typing import Any

import pytest
from elor_table import ALDO

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor.capacities import action_points, budgets, ceil_half, effort_points, hit_points, max_effort
from chronique.domain.rulesets.elor.sheet import parse_sheet
from chronique.domain.rulesets.elor.tables import nature, power

LEVELS = (-1, 0, 1, 2, 3)
# The seed's annex grids, row by row (first faculty -1..3, second -1..3).
AP_GRID = ((1, 2, 2, 3, 3), (2, 2, 3, 3, 4), (2, 3, 3, 4, 4), (3, 3, 4, 4, 5), (3, 4, 4, 5, 5))
EP_GRID = ((0, 1, 2, 3, 4), (1, 2, 3, 4, 5), (2, 3, 4, 5, 6), (3, 4, 5, 6, 7), (4, 5, 6, 7, 8))
HUMAN = nature("humain")


def test_X13_action_points_grid_seed_Capacites_derivees_Points_d_action() -> None:
    assert tuple(tuple(action_points(c, e) for e in LEVELS) for c in LEVELS) == AP_GRID


def test_X13_effort_points_grid_seed_Capacites_derivees_Points_d_effort() -> None:
    assert tuple(tuple(effort_points(p, m) for m in LEVELS) for p in LEVELS) == EP_GRID


def test_X13_maximal_effort_seed_Capacites_derivees_Effort_maximal() -> None:
    assert [max_effort(m) for m in LEVELS] == [1, 2, 3, 4, 5]


def test_ceil_of_negative_halves_goes_toward_zero_digest_2_6() -> None:
    assert [ceil_half(v) for v in (-3, -2, -1, 0, 1, 2, 3)] == [-1, -1, 0, 0, 1, 1, 2]


def test_X14_hit_points_follow_the_value_table_seed_Humains_PROPOSAL_B2() -> None:
    # P, Head, Torso, Arm, Abdomen, Leg as printed in the seed's value table.
    printed = {-1: (3, 5, 4, 4, 5), 0: (3, 6, 4, 5, 5), 1: (4, 7, 5, 6, 6), 2: (4, 8, 5, 7, 6), 3: (5, 9, 6, 8, 7)}
    for p, row in printed.items():
        hp = hit_points(HUMAN, p)
        assert (hp["head"], hp["torso"], hp["right-arm"], hp["abdomen"], hp["left-leg"]) == row
        assert hp["left-arm"] == hp["right-arm"] and hp["right-leg"] == hp["left-leg"]


def test_hp_formula_as_printed_flag_swaps_arm_and_abdomen_PROPOSAL_B2() -> None:
    hp = hit_points(HUMAN, 2, as_printed=True)
    assert hp["right-arm"] == 5 + 2 and hp["abdomen"] == 4 + 1 and hp["torso"] == 8 and hp["head"] == 4


def test_X12_power_tables_as_printed_seed_Procedure_standard() -> None:
    rows = [budgets(power(k), HUMAN) for k in ("normal", "heroique", "epique", "super-heroique", "super-epique")]
    assert [b.faculty_maximum for b in rows] == [2, 5, 7, 10, 15]
    assert [b.faculty_points for b in rows] == [2, 5, 7, 10, 15]
    assert [b.attribute_points for b in rows] == [1, 2, 5, 10, 15]
    assert [b.experience_points for b in rows] == [2, 5, 10, 15, 20]
    assert {b.faculty_minimum for b in rows} == {-1}


def test_formula_mode_computes_maxima_and_points_PROPOSAL_B1() -> None:
    rows = [budgets(p, HUMAN, "formula") for p in (power(k) for k in ("normal", "héroïque", "Épique", "super-heroique", "super-epique"))]
    assert [b.faculty_maximum for b in rows] == [3, 5, 7, 10, 15]
    assert [b.faculty_points for b in rows] == [2, 4, 6, 9, 14]  # ⌊MH × 4 / 4 − 1⌋ = MH − 1


def sheet(**changes: Any) -> dict[str, Any]:
    return {**ALDO, **changes}


def test_D11_normal_human_budgets_seed_Procedure_standard_steps_2_4_5() -> None:
    checked = parse_sheet(ALDO)  # faculties 1, 2, 0, -1: 2 points; 1 attribute; 2 levels
    assert checked.faculties == {"Physique": 1, "Coordination": 2, "Esprit": 0, "Mental": -1}
    with pytest.raises(RuleViolation, match="outside -1..2"):
        parse_sheet(sheet(faculties={"P": 3, "C": 0, "E": -1, "M": -1}))
    with pytest.raises(RuleViolation, match="use 3 points"):
        parse_sheet(sheet(faculties={"P": 1, "C": 2, "E": 0, "M": 0}))
    with pytest.raises(RuleViolation, match="3 levels"):
        parse_sheet(sheet(professions={"Guerrier": 3}, familiarities={"Épées": 3}))


def test_a_lowered_faculty_pays_for_a_raised_one_seed_Procedure_standard_design_note() -> None:
    # "une faculté à son niveau maximal à condition d'en avoir une autre au niveau minimal".
    assert parse_sheet(sheet(faculties={"P": 2, "C": 2, "E": -1, "M": -1})).faculties["Esprit"] == -1


def test_negative_attributes_pay_for_positive_ones_seed_Procedure_standard_step_4() -> None:
    with pytest.raises(RuleViolation, match="cost 2 points"):
        parse_sheet(sheet(attributes={"Vision nocturne": 1, "Perception visuelle": 1}))
    both = parse_sheet(sheet(attributes={"Vision nocturne": 1, "Perception visuelle": 1, "Perception auditive": -1}))
    assert both.attributes["Perception auditive"] == -1


def test_attribute_kinds_seed_Liste_d_attributs() -> None:
    with pytest.raises(RuleViolation, match="no negative variant"):
        parse_sheet(sheet(attributes={"Griffes": -1}))
    with pytest.raises(RuleViolation, match="basic attribute"):
        parse_sheet(sheet(attributes={"Vision nocturne": 2}))


def test_each_profession_level_grants_one_familiarity_or_prowess_seed_Professions() -> None:
    with pytest.raises(RuleViolation, match="grant 2"):
        parse_sheet(sheet(familiarities={"Épées": 1}))
    assert parse_sheet(sheet(familiarities={"Épées": 1}, prowesses={"Botte": 1})).prowesses == {"Botte": 1}


def test_culture_familiarities_add_to_profession_grants_seed_Culture() -> None:
    checked = parse_sheet(ALDO)
    assert checked.familiarity_grants("Langage montagnard") == 1 and checked.familiarity_grants("épées") == 2


def test_bad_sheets_give_one_line_errors() -> None:
    rules = ruleset("elor")
    for raw, message in (
        (sheet(faculties={"P": 0, "C": 0, "E": 0}), "lack Mental"),
        (sheet(faculties={"P": 0, "C": 0, "E": 0, "M": 0, "X": 1}), "unknown faculty"),
        (sheet(power="cosmique"), "unknown power"),
        (sheet(professions={"Guerrier": 0}), "at least 1"),
        (sheet(armour={"tail": 2}), "no location"),
        ({"faculties": {"P": 0, "C": 0, "E": 0, "M": 0}}, "name"),
    ):
        with pytest.raises(RuleViolation, match=message) as error:
            rules.new_character(raw)
        assert "\n" not in str(error.value)


def test_npcs_and_free_creation_skip_budgets() -> None:
    big = sheet(faculties={"P": 4, "C": 4, "E": 4, "M": 4}, professions={"Guerrier": 9}, familiarities={"Épées": 9})
    assert parse_sheet({**big, "npc": True}).faculties["Physique"] == 4
    assert parse_sheet({**big, "creation": "free"}).professions == {"Guerrier": 9}


def test_new_character_stores_derived_capacities_and_full_effort() -> None:
    data, condition = ruleset("elor").new_character(ALDO)
    assert data["derived"]["action_points"] == 3 and data["derived"]["effort_points"] == 2 and data["derived"]["max_effort"] == 1
    assert condition["effort"] == 2 and condition["fatigue"] == 0 and condition["wounds"] == {}
    assert condition["equipment"] == {"Épée": 10}
