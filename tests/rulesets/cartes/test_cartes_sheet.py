"""The Cartes sheet and creation rules (§Fiche de personnage L114-185, §Création L477-528)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from cartes_table import table
from pydantic import ValidationError

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.recorded import recorded_sheet
from chronique.domain.rulesets.cartes.sheet import (
    CartesSheet,
    characteristic_advance_cost,
    characteristic_name,
    parse_sheet,
    pile_max_advance_cost,
    skill_advance_cost,
    skill_target,
    speciality_advance_cost,
    wound_capacities,
)
from chronique.domain.rulesets.cartes.table import sheet_of


def valid() -> dict[str, Any]:
    """A beginner on exactly 36 characteristic points and 100 skill points."""
    return {
        "name": "Mireille",
        "characteristics": {"carrure": 7, "rapidite": 6, "sens": 6, "volonte": 7, "intellect": 5, "equilibre": 5},
        "skills": {
            "Contact": {"level": 6, "specialities": ["couteau"]},
            "distance": 5,
            "Vigilance": {"level": 6},
            "Médecine": {"level": 4, "specialities": ["chirurgie", "urgences"]},
            "Crochetage": {"level": 5, "characteristic": "rapidite"},
            "Conduite": {"level": 6, "characteristic": "Rapidité"},
        },
        "weapons": {"couteau": {"bonus": 1, "lethality": "moyenne", "signature": 1}},
        "atouts": [{"name": "Alliés dans la pègre", "number": 8}],
        "calamites": [{"name": "Recherchée", "number": 4, "note": "par la police"}],
    }


def with_changes(**changes: Any) -> dict[str, Any]:
    data = valid()
    data.update(changes)
    return data


def test_valid_sheet_parses_with_defaults_S3_S4() -> None:
    data = valid()
    sheet = parse_sheet(data)
    assert isinstance(sheet, CartesSheet)
    assert list(sheet.characteristics) == ["Carrure", "Rapidité", "Sens", "Volonté", "Intellect", "Équilibre"]
    # S3: hand 3, pile max 7; S4: 36 and 100 points.
    assert (sheet.hand, sheet.pile_max, sheet.characteristic_points, sheet.skill_points) == (3, 7, 36, 100)
    # Catalogue spelling and governing characteristic filled in (PROPOSAL A3).
    assert sheet.skills["Distance"].characteristic == "Rapidité"
    assert sheet.skills["Médecine"].characteristic == "Intellect"
    assert sheet.skills["Crochetage"].characteristic == "Rapidité"
    assert sheet.weapons["couteau"].lethality == "Moyenne" and sheet.weapons["couteau"].lethality_index == 2
    assert sheet.skill_points_spent == 6 + 2 + 5 + 6 + 4 + 4 + 5 + 6


def test_sheet_is_frozen_and_round_trips_through_json() -> None:
    data = valid()
    sheet = parse_sheet(data)
    with pytest.raises(ValidationError):
        sheet.name = "Autre"  # type: ignore[misc]
    plain = json.loads(json.dumps(sheet.to_dict()))
    assert parse_sheet(plain) == sheet


def test_skill_level_above_13_rejected_PROPOSAL_2_3() -> None:
    data = valid()
    data["skills"]["Conduite"]["level"] = 60
    with pytest.raises(RuleViolation, match=r"skills\.Conduite\.level: skill level must be 0\.\.13, not 60"):
        parse_sheet(data)


def test_characteristics_must_add_up_to_36_seed_Caracteristiques_L481() -> None:
    data = valid()
    data["characteristics"]["carrure"] = 8
    with pytest.raises(RuleViolation, match="characteristics add up to 37, creation allows exactly 36"):
        parse_sheet(data)


def test_atout_characteristic_bonus_extends_budget_seed_Caracteristiques_L482_Atouts_L519() -> None:
    data = valid()
    data["characteristics"]["carrure"] = 10
    data["atouts"].append({"name": "Colosse", "characteristic_bonus": {"carrure": 3}})
    sheet = parse_sheet(data)
    assert sheet.atouts[-1].characteristic_bonus == {"Carrure": 3}
    data["calamites"].append({"name": "Distrait", "characteristic_bonus": {"Sens": -1}})
    data["characteristics"]["sens"] = 5
    assert parse_sheet(data).characteristic_bonus_total == 2


def test_skill_budget_100_points_specialty_2_seed_Competences_L525_L528() -> None:
    data = valid()
    # 38 points so far
    data["skills"]["Tir"] = {"level": 13, "characteristic": "Sens", "specialities": ["fusil", "arc"]}  # 17
    data["skills"]["Art"] = {"level": 13, "characteristic": "Intellect", "specialities": ["peinture"]}
    data["skills"]["Chant"] = {"level": 13, "characteristic": "Volonté"}
    data["skills"]["Danse"] = {"level": 13, "characteristic": "Rapidité", "specialities": ["tango", "valse"]}
    assert parse_sheet(data).skill_points_spent == 100  # exactly the budget
    data["skills"]["Danse"]["specialities"].append("salsa")
    with pytest.raises(RuleViolation, match="skills cost 102 points, budget is 100") as excinfo:
        parse_sheet(data)
    assert "\n" not in str(excinfo.value)
    data["skill_points"] = 120
    assert parse_sheet(data).skill_points == 120


def test_gm_budget_change_and_advanced_sheets() -> None:
    data = valid()
    data["characteristics"]["carrure"] = 9
    data["characteristic_points"] = 38  # GM gives more points
    data["characteristics"]["sens"] = 6
    assert parse_sheet(data).characteristics["Carrure"] == 9
    data["characteristic_points"] = 36
    with pytest.raises(RuleViolation):
        parse_sheet(data)
    # After advancement the creation budgets no longer apply.
    assert parse_sheet(data, creation=False).characteristics["Carrure"] == 9
    # NPCs are the GM's: no budgets.
    assert parse_sheet({**data, "npc": True}).npc


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"characteristics": {"carrure": 7}}, r"characteristics: missing characteristic Rapidité"),
        ({"characteristics": {**valid()["characteristics"], "carrure": 14}}, r"characteristics: Carrure must be 1\.\.13, not 14"),
        ({"characteristics": {**valid()["characteristics"], "Charisme": 5}}, r"characteristics: unknown characteristic “Charisme”"),
        ({"name": ""}, r"name: "),
        ({"hand": -1}, r"hand: "),
        ({"pile_max": 0}, r"pile_max: "),
        ({"skills": {"Piano": 4}}, r"skills: skill Piano is not in the catalogue: give its characteristic"),
        ({"skills": {"Sens": 4}}, r"skills: skill “Sens” has a characteristic's name"),
        ({"skills": {"Contact": {"level": 3, "specialities": ["a", "b", "c", "d"]}}}, r"at most 3 specialities"),
        ({"skills": {"Contact": {"level": 3, "specialities": ["a", "A"]}}}, r"appears twice"),
        ({"skills": {"Contact": {"level": 3, "characteristic": "Charme"}}}, r"unknown characteristic “Charme”"),
        ({"skills": {"Contact": 3, "contact": 4}}, r"skill Contact appears twice"),
        ({"weapons": {"hache": {"bonus": 2, "lethality": "mortelle"}}}, r"weapons\.hache\.lethality: unknown lethality"),
        ({"weapons": {"hache": {"lethality": "Forte"}}}, r"weapons\.hache\.bonus: "),
        ({"atouts": [{"name": "X", "characteristic_bonus": {"Force": 2}}]}, r"unknown characteristic “Force”"),
        ({"colour": "blue"}, r"colour: "),
    ],
)
def test_malformed_sheets_give_one_line_RuleViolation_naming_the_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleViolation, match=message) as excinfo:
        parse_sheet(with_changes(**change))
    assert "\n" not in str(excinfo.value)
    assert str(excinfo.value).startswith("invalid Cartes sheet: ")


def test_non_mapping_sheet_rejected() -> None:
    with pytest.raises(RuleViolation, match="mapping"):
        parse_sheet(["not", "a", "sheet"])  # type: ignore[arg-type]


def test_custom_catalogue_PROPOSAL_A3() -> None:
    data = with_changes(skills={"Piano": 4})
    sheet = parse_sheet(data, catalogue={"Piano": "Intellect"})
    assert sheet.skills["Piano"].characteristic == "Intellect"


def test_hand_has_no_maximum_PROPOSAL_A24_seed_Main_et_pioche_max_L515() -> None:
    # The 8-card third specialty needs a hand of 8 or more; the seed sets no hand maximum.
    assert parse_sheet(with_changes(hand=20)).hand == 20


def test_characteristic_name_reexported() -> None:
    assert characteristic_name("volonte") == "Volonté"


def test_wound_capacities_by_name_seed_Nombre_de_blessures_L487_505() -> None:
    assert wound_capacities(7) == {"Nulle": 4, "Faible": 3, "Moyenne": 2, "Forte": 2, "Énorme": 1}


def test_ko_ok_from_sheet_seed_Seuils_L509_L511() -> None:
    data = valid()
    sheet = parse_sheet(data)
    assert (sheet.ko, sheet.ok) == (7, 4)


def test_skill_target_skill_or_characteristic_seed_Tirage_L209() -> None:
    data = valid()
    sheet = parse_sheet(data)
    assert skill_target(sheet, "contact") == (6, "Contact")
    assert skill_target(sheet, "MEDECINE") == (4, "Médecine")
    assert skill_target(sheet, "volonté") == (7, "Volonté")
    with pytest.raises(RuleViolation, match="no skill “Piano” in Mireille's sheet"):
        skill_target(sheet, "Piano")


def test_advance_costs_from_sheet_seed_Experience_L536_L549() -> None:
    data = valid()
    sheet = parse_sheet(data)
    # Contact 6 -> 7 with Carrure 7: two cards ≥ 7.
    cost = skill_advance_cost(sheet, "contact")
    assert (cost.cards, cost.min_value, cost.what) == (2, 7, "a skill level: Contact from 6 to 7")
    # Distance 5 -> 6 with Rapidité 6: two cards ≥ 6.
    assert skill_advance_cost(sheet, "Distance").cards == 2
    assert speciality_advance_cost(sheet, "Médecine").cards == 8
    assert characteristic_advance_cost(sheet, "sens").what == "a characteristic point: Sens from 6 to 7"
    assert pile_max_advance_cost(sheet).cards == 4
    with pytest.raises(RuleViolation):
        skill_advance_cost(sheet, "Piano")


@pytest.mark.parametrize("sheets", [("alice", "bruno", "brigand"), (valid(),)], ids=["samples", "Mireille"])
def test_what_the_rules_read_of_a_recorded_sheet_is_what_the_typed_sheet_holds(sheets: tuple[Any, ...]) -> None:
    # The rules of a test, a wound or a tick read the recorded sheet without the typed model (issue
    # 20; recorded.py): the same name, characteristics, skills, pile and GM flag, for player
    # characters and a GM's (ruling C35, the brigand), skills of the catalogue and outside it.
    for character in table(sheets=sheets, session=False).characters.values():
        typed, recorded = sheet_of(character), recorded_sheet(character)
        assert (recorded.name, dict(recorded.characteristics), recorded.npc, recorded.pile_max) == (
            typed.name,
            typed.characteristics,
            typed.npc,
            typed.pile_max,
        )
        assert {name: (s.level, list(s.specialities)) for name, s in recorded.skills.items()} == {
            name: (s.level, s.specialities) for name, s in typed.skills.items()
        }
        assert [skill_target(recorded, name) for name in [*typed.skills, "carrure"]] == [
            skill_target(typed, name) for name in [*typed.skills, "carrure"]
        ]
