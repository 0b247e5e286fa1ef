"""Creation procedures and budgets of MicroFudge CECJ (digest §2, §6, vectors V-CR and V-XP)."""

from __future__ import annotations

from typing import Any

import pytest

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.microfudge.sheet import characteristic, parse_sheet, raise_cost

RULES = ruleset("microfudge")


def make(**raw: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    return RULES.new_character({"name": "X", **raw})


def test_V_CR_1_status_gives_the_starting_atouts_Creation_des_personnages_L85_L91() -> None:
    for status, atouts in (("average", 6), ("hero", 11), ("expert", 16), ("angry-mother", 21)):
        sheet, condition = make(status=status, ranks={"Tir": 3})
        assert sheet["atouts"] == atouts and condition["atouts"] == {"reserve": atouts - 1, "experience": 0}
    with pytest.raises(RuleViolation, match="status"):
        make(status="demigod", ranks={"Tir": 3})


def test_V_CR_2_Jim_spends_three_atouts_Creation_des_personnages_L109_L115_A18() -> None:
    # A18: Jim's game lists Médecine at Faible and adds Psychologie (default Faible).
    sheet, condition = make(status="hero", defaults={"Médecine": 2}, ranks={"Médecine": 4, "Psychologie": 3})
    assert characteristic(sheet, "medecine") == ("Médecine", 4, "field")
    assert characteristic(sheet, "Psychologie") == ("Psychologie", 3, "field")
    assert condition["atouts"]["reserve"] == 11 - 3


def test_defaults_of_the_example_lists_L155_L209_L219_L439() -> None:
    sheet, _ = make(status="average", ranks={"Tir": 3})
    assert characteristic(sheet, "Esprit") == ("Esprit", 2, "aptitude")
    assert characteristic(sheet, "Sciences")[1] == 1 and characteristic(sheet, "Médecine")[1] == 1
    assert characteristic(sheet, "Télékinésie") == ("Télékinésie", 0, "domain")
    assert characteristic(sheet, "Cuisine") == ("Cuisine", 2, "field")  # L219: anything unlisted is Faible


def test_cecj_spend_at_least_one_and_keep_the_last_Creation_des_personnages_L107() -> None:
    with pytest.raises(RuleViolation, match="at least one"):
        make(status="average")
    with pytest.raises(RuleViolation, match="keep the last Atout"):
        make(status="average", ranks={"Tir": 5, "Combat": 5})  # 6 of 6
    with pytest.raises(RuleViolation, match="only Streamlined aptitudes may be lowered"):
        make(status="hero", ranks={"Esprit": 1})


def test_V_CR_5_domains_start_Abyssal_Pouvoirs_paranormaux_L439() -> None:
    _, condition = make(status="average", ranks={"Télékinésie": 2})
    assert condition["atouts"]["reserve"] == 4
    _, condition = make(status="average", ranks={"Télékinésie": 5})
    assert condition["atouts"]["reserve"] == 1


def test_human_maximum_Exceptionnel_at_creation_L219_PROPOSAL() -> None:
    make(status="expert", ranks={"Tir": 7})
    with pytest.raises(RuleViolation, match="human maximum"):
        make(status="angry-mother", ranks={"Tir": 8})


@pytest.mark.parametrize(
    ("trait", "value", "cost"),
    [
        ("Médecine", 5, 3),
        ("Psychologie", 3, 1),
        ("Fine gâchette", 5, 3),
        ("Miss collège", 5, 3),
        ("Punkette endurcie", 4, 2),
        ("Généticienne", 6, 4),
    ],
)
def test_V_CR_4_free_style_costs_value_minus_two_Creation_free_style_L677_L697(trait: str, value: int, cost: int) -> None:
    sheet, creation = parse_sheet({"name": "X", "procedure": "free", "status": "hero", "ranks": {trait: value}})
    assert creation.spent == cost and sheet["characteristics"] == {trait: {"value": value, "kind": "trait", "default": 2}}


def test_V_CR_6_streamlined_creation_Streamlined_L699_L711() -> None:
    ranks = {"Esprit": 5, "Vigueur": 3, "Tir": 6, "Médecine": 3, "Télékinésie": 2}
    sheet, creation = parse_sheet({"name": "X", "procedure": "streamlined", "ranks": ranks})
    assert (creation.budget, creation.spent, creation.kept) == (15, 8, 3)  # 7 left, at most 3 kept
    assert characteristic(sheet, "Habilité") == ("Habilité", 4, "aptitude")  # aptitudes start at Moyen
    with pytest.raises(RuleViolation, match="outside"):
        parse_sheet({"name": "X", "procedure": "streamlined", "ranks": {"Tir": 7}})
    with pytest.raises(RuleViolation, match="outside"):
        parse_sheet({"name": "X", "procedure": "streamlined", "ranks": {"Vigueur": 1}})
    _, creation = parse_sheet({"name": "X", "procedure": "streamlined", "atouts": 21, "ranks": {"Tir": 3}})
    assert creation.kept == 3


def test_V_XP_1_streamlined_advancement_costs_Augmentation_L719_L731_PROPOSAL_A6() -> None:
    sheet, _ = parse_sheet({"name": "X", "procedure": "streamlined", "ranks": {"Tir": 3}})
    assert raise_cost(sheet, "field", 4) == 6 and raise_cost(sheet, "aptitude", 4) == 18
    assert raise_cost(sheet, "aptitude", 5) == 36 and raise_cost(sheet, "field", 6) == 24
    assert raise_cost(sheet, "domain", 0) == 3  # A6: Abyssal → Lamentable
    with pytest.raises(RuleViolation, match="Légendaire"):
        raise_cost(sheet, "field", 7)
    cecj, _ = parse_sheet({"name": "X", "status": "hero", "ranks": {"Tir": 3}})
    assert raise_cost(cecj, "aptitude", 6) == 1  # A5: 1 Atout per rank, no escalation


def test_a_sheet_needs_a_name_and_a_known_procedure() -> None:
    with pytest.raises(RuleViolation, match="name"):
        RULES.new_character({"status": "hero"})
    with pytest.raises(RuleViolation, match="procedure"):
        make(procedure="gurps", status="hero", ranks={"Tir": 3})


def test_a_sheet_s_numbers_are_whole_numbers_on_the_ladder_every_problem_at_once_L93_L103() -> None:
    # Issue 18: `atouts = true` was one Atout, a default of 2.5 was Faible, `atouts = 10**20` broke
    # the journal. The ladder runs 0 Abyssal to 8 Légendaire (§1.2); a status starts with 6 to 21
    # Atouts («II» L117-131), an explicit budget at most 100 (domain/limits.py); the Atouts are not
    # totalled when one of them is wrong.
    from chronique.domain.errors import SheetProblems

    with pytest.raises(SheetProblems) as refused:
        parse_sheet(
            {"name": "X", "atouts": 10**20, "npc": "yes", "out_after": 2.0, "defaults": {"Tir": 9}, "ranks": {"Combat": 2.5, "Tir": True}}
        )
    assert refused.value.problems == (
        "atouts: a character starts with 1 to 100 Atouts, not 100000000000000000000",
        "npc: should be true or false, not “yes”",
        "out_after: should be a whole number, not 2.0",
        "defaults: the default of Tir is a rank from 0 (Abyssal) to 8 (Légendaire), not 9",
        "the rank of Combat is a whole number (2 Faible, 4 Moyen, 7 Exceptionnel...), not 2.5",
        "the rank of Tir is a whole number (2 Faible, 4 Moyen, 7 Exceptionnel...), not True",
    )
    with pytest.raises(SheetProblems, match="atouts: true or false where the sheet asks for a number"):
        parse_sheet({"name": "X", "atouts": True, "ranks": {"Tir": 3}})
    with pytest.raises(SheetProblems, match="atouts: should be a whole number, not 11.0"):
        parse_sheet({"name": "X", "atouts": 11.0, "ranks": {"Tir": 3}})
    with pytest.raises(SheetProblems, match="ranks: a table of characteristics and their ranks, not"):
        parse_sheet({"name": "X", "status": "hero", "ranks": ["Tir"]})
    sheet, creation = parse_sheet({"name": "X", "atouts": 100, "ranks": {"Tir": 3}})
    assert sheet["atouts"] == 100 and creation.kept == 99
