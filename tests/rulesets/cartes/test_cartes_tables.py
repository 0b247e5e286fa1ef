"""Rules data of Cartes (tables.toml) against the seed's tables (S3, S4, S6, S7 of digest §7.1)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import tables as t
from chronique.domain.rulesets.cartes.tables import (
    LazyMapping,
    catalogue_skill,
    characteristic_name,
    fold,
    lethality_colour,
    lethality_index,
    lethality_name,
    medicine_means,
    tables,
)

# Seed §Nombre de blessures L487-505, copied by hand from the seed for comparison.
SEED_WOUND_TABLE = {
    1: (1, 0, 0, 0, 0),
    2: (1, 1, 0, 0, 0),
    3: (2, 1, 1, 0, 0),
    4: (2, 2, 1, 1, 0),
    5: (3, 2, 1, 1, 1),
    6: (3, 2, 2, 2, 1),
    7: (4, 3, 2, 2, 1),
    8: (4, 3, 3, 2, 2),
    9: (5, 4, 3, 2, 2),
    10: (5, 5, 3, 3, 2),
    11: (6, 5, 3, 3, 3),
    12: (6, 6, 4, 4, 3),
    13: (7, 6, 5, 5, 4),
}


def test_tables_load_lazily_nothing_read_at_import() -> None:
    # Brief: nothing is read at import time; the TOML is parsed on first use only.
    code = textwrap.dedent(
        """
        import chronique.domain.rulesets.cartes.resolution
        import chronique.domain.rulesets.cartes.damage
        import chronique.domain.rulesets.cartes.survival
        import chronique.domain.rulesets.cartes.experience
        import chronique.domain.rulesets.cartes.sheet
        from chronique.domain.rulesets.cartes.tables import tables
        assert tables.cache_info().currsize == 0, "tables.toml was read at import time"
        tables()
        assert tables.cache_info().currsize == 1
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_tables_are_cached_and_immutable() -> None:
    assert tables() is tables()
    with pytest.raises(TypeError):
        tables().difficulties["facile"] = 5  # type: ignore[index]


def test_wound_capacity_table_seed_Nombre_de_blessures_L487_505_S7() -> None:
    assert dict(tables().wound_capacity) == SEED_WOUND_TABLE


def test_nulle_column_is_half_carrure_rounded_up_seed_L487_505() -> None:
    # The digest notes the Nulle column is ceil(Carrure / 2); other columns are irregular.
    for carrure, row in SEED_WOUND_TABLE.items():
        assert row[0] == -(-carrure // 2)


def test_difficulty_table_seed_Difficulte_des_tirages_L219_227_S6() -> None:
    assert dict(tables().difficulties) == {
        "tres-facile": -2,
        "facile": -1,
        "moyenne": 0,
        "difficile": 1,
        "tres-difficile": 2,
    }


def test_lethality_names_and_holder_colours_seed_Fournitures_L75_Nombre_de_blessures_L167_176() -> None:
    assert [lethality_name(i) for i in range(5)] == ["Nulle", "Faible", "Moyenne", "Forte", "Énorme"]
    assert [lethality_colour(i) for i in range(5)] == ["green", "blue", "yellow", "red", "black"]
    assert lethality_index("enorme") == 4
    assert lethality_index("ÉNORME") == 4
    assert lethality_index("Forte") == 3
    assert lethality_index(2) == 2
    assert lethality_index("0") == 0
    for bad in ("mortelle", 5, -1, "9"):
        with pytest.raises(RuleViolation):
            lethality_index(bad)


def test_survival_table_seed_Survie_L431_441_S7() -> None:
    rows = [(x.survival_level, x.survival_period_s) for x in tables().lethalities]
    week, day, hour = 7 * 24 * 3600, 24 * 3600, 3600
    assert rows == [(-2, week), (-1, day), (0, hour), (1, 600), (2, 60)]


def test_medicine_table_seed_Medecine_L469_475_S7() -> None:
    assert [(m.key, m.level_modifier, m.extra_successes) for m in tables().medicine] == [
        ("pebbles", 1, 0),
        ("light-kit", 0, 0),
        ("adapted-kit", -1, 0),
        ("field-hospital", -2, 0),
        ("hospital", -2, 2),
    ]
    assert medicine_means("cailloux").key == "pebbles"
    assert medicine_means("Hôpital de campagne").key == "field-hospital"
    assert medicine_means("hôpital en dur").key == "hospital"
    with pytest.raises(RuleViolation):
        medicine_means("magic")


def test_range_table_seed_Echelle_des_portees_L387_405_S7() -> None:
    assert tables().range_bounds_m == (7, 25, 50, 100, 300, 600, 1000, 1500, 2200, 3500, 5000, 7000, 10000)


def test_creation_budgets_seed_Creation_L481_L525_L528_L515_S3_S4() -> None:
    c = tables().creation
    # S4: 36 characteristic points, 100 skill points, 1 point per level, specialty 2 points.
    assert (c.characteristic_points, c.skill_points, c.skill_level_points, c.speciality_points) == (36, 100, 1, 2)
    # S3: beginners have a hand of 3 and a pile max of 7.
    assert (c.hand, c.pile_max) == (3, 7)
    # PROPOSAL §2.3: characteristics 1..13, skills 0..13, at most 3 specialties.
    assert (c.characteristic_min, c.characteristic_max, c.skill_min, c.skill_max, c.max_specialities) == (1, 13, 0, 13, 3)


def test_advancement_costs_seed_Experience_L536_L549() -> None:
    a = tables().advancement
    assert (a.skill_cards, a.skill_cards_at_or_above_characteristic) == (1, 2)
    assert a.speciality_cards == (2, 4, 8)
    # PROPOSAL A4: characteristic 3 cards, pile max 4 cards (the table, not L542).
    assert (a.characteristic_cards, a.pile_max_cards) == (3, 4)


def test_characteristic_names_seed_Caracteristiques_L152_161() -> None:
    assert t.characteristics() == ("Carrure", "Rapidité", "Sens", "Volonté", "Intellect", "Équilibre")


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("carrure", "Carrure"),
        ("RAPIDITE", "Rapidité"),
        ("rapidité", "Rapidité"),
        (" volonte ", "Volonté"),
        ("equilibre", "Équilibre"),
        ("Équilibre", "Équilibre"),
        ("intellect", "Intellect"),
    ],
)
def test_characteristic_name_accent_and_case_insensitive(typed: str, canonical: str) -> None:
    assert characteristic_name(typed) == canonical


def test_characteristic_name_rejects_unknown() -> None:
    with pytest.raises(RuleViolation, match="unknown characteristic"):
        characteristic_name("Charisme")


def test_default_skill_catalogue_PROPOSAL_A3() -> None:
    assert dict(t.skill_catalogue()) == {
        "Contact": "Carrure",
        "Distance": "Rapidité",
        "Poursuite": "Rapidité",
        "Vigilance": "Sens",
        "Discrétion": "Rapidité",
        "Médecine": "Intellect",
    }
    # Every governing characteristic is a real one.
    for governing in t.skill_catalogue().values():
        assert characteristic_name(governing) == governing
    assert catalogue_skill("medecine") == "Médecine"
    assert catalogue_skill("Piano") is None


def test_fold_drops_accents_case_and_spacing() -> None:
    assert fold("Très  facile") == "tres-facile"
    assert fold("TRES_DIFFICILE") == "tres-difficile"
    assert fold("Hôpital de campagne") == "hopital-de-campagne"


def test_lazy_mapping_reads_loader_on_access_only() -> None:
    calls: list[int] = []

    def loader() -> dict[str, int]:
        calls.append(1)
        return {"a": 1}

    lazy = LazyMapping(loader)
    assert calls == []
    assert lazy["a"] == 1 and len(lazy) == 1 and list(lazy) == ["a"]
    assert calls
