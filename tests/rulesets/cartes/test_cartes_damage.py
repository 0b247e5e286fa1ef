"""Damage, wounds and consciousness of Cartes: digest §4 and vectors T6, T8-T10 of §7."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.damage import (
    WoundPlacement,
    capacities,
    capacity,
    consciousness_effect,
    consciousness_markers,
    damage_value,
    ko_threshold,
    ok_threshold,
    opposition_damage,
    place_wound,
    test_damage,
)
from chronique.domain.rulesets.cartes.resolution import Opposition, resolve_test

NULLE, FAIBLE, MOYENNE, FORTE, ENORME = range(5)


# --- capacity (§Nombre de blessures L487-505) ------------------------------------------------


def test_capacity_reads_the_table_seed_Nombre_de_blessures_L487_505() -> None:
    assert capacities(4) == (2, 2, 1, 1, 0)
    assert capacity(6, FAIBLE) == 2
    assert capacity(13, ENORME) == 4
    assert capacity(1, FAIBLE) == 0


def test_capacity_clamps_carrure_to_table_PROPOSAL_2_2() -> None:
    assert capacities(0) == capacities(1) == capacities(-5)
    assert capacities(14) == capacities(13) == capacities(40)


def test_capacity_rejects_bad_lethality() -> None:
    with pytest.raises(RuleViolation):
        capacity(7, 5)
    with pytest.raises(RuleViolation):
        capacity(7, -1)


@given(st.integers(min_value=1, max_value=12), st.integers(min_value=0, max_value=4))
def test_capacity_never_drops_when_carrure_rises(carrure: int, lethality: int) -> None:
    assert capacity(carrure + 1, lethality) >= capacity(carrure, lethality)


# --- KO / OK (§Seuils de KO et de OK L507-511, §KO ou OK L354-361) -------------------------


def test_ko_ok_thresholds_seed_Seuils_L509_L511() -> None:
    assert [ko_threshold(v) for v in range(1, 14)] == list(range(1, 14))
    assert [ok_threshold(v) for v in range(1, 14)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]
    with pytest.raises(RuleViolation):
        ko_threshold(0)


def test_T8_consciousness_volonte_7_seed_KO_ou_OK_L358_361() -> None:
    effects = {d: consciousness_effect(7, d) for d in range(1, 10)}
    assert effects == {
        1: "none",
        2: "none",
        3: "none",
        4: "none",
        5: "two_malus",
        6: "two_malus",
        7: "angry",
        8: "out_of_combat",
        9: "out_of_combat",
    }


def test_volonte_1_ok_checked_first_PROPOSAL_A22() -> None:
    assert consciousness_effect(1, 1) == "none"
    assert consciousness_effect(1, 2) == "out_of_combat"
    # Volonté 2: OK 1, KO 2: no "two malus" band at all.
    assert [consciousness_effect(2, d) for d in (1, 2, 3)] == ["none", "angry", "out_of_combat"]


def test_consciousness_markers_seed_KO_ou_OK_L359_L360() -> None:
    assert consciousness_markers("two_malus") == (0, 2)
    assert consciousness_markers("angry") == (1, 0)
    assert consciousness_markers("none") == consciousness_markers("out_of_combat") == (0, 0)
    with pytest.raises(RuleViolation):
        consciousness_markers("dazed")


# --- damage value (§Encaissement des dommages L339-351) -------------------------------------


def test_T6_spades_power_plus_weapon_over_13_seed_Encaissement_L345_Aggravation_L452() -> None:
    attack = resolve_test(11, 0, "10S", lambda n: [])
    assert attack.total == 13
    damage = test_damage(attack, weapon_bonus=1)
    assert damage == 14
    placed = place_wound(carrure=13, held={}, damage=damage, lethality_index=MOYENNE)
    assert placed.lethality == FORTE and placed.aggravations == ("over 13",)


def test_T7_damage_after_opposition_seed_Reussites_L311() -> None:
    assert damage_value(9, opposed_quality=6) == 3
    assert damage_value(9) == 9
    assert opposition_damage(Opposition("attacker", 3)) == 3
    assert opposition_damage(Opposition(None, 0)) == 0


def test_damage_nothing_when_net_not_positive_PROPOSAL_A20() -> None:
    # A tie after subtraction deals no damage, and the weapon does not make up for it.
    assert damage_value(7, 5, opposed_quality=7) == 0
    assert opposition_damage(Opposition("attacker", 0), weapon_bonus=4) == 0
    assert test_damage(resolve_test(3, 0, "9S", lambda n: []), weapon_bonus=5) == 0
    with pytest.raises(RuleViolation, match="leaves no wound"):
        place_wound(7, {}, 0, MOYENNE)


def test_weapon_bonus_adds_to_damage_seed_Encaissement_L346() -> None:
    assert damage_value(8, 2) == 10
    assert damage_value(8, 2, suit_bonus=3, opposed_quality=4) == 9
    assert opposition_damage(Opposition("defender", 5), weapon_bonus=2) == 7


# --- wound placement (§Encaissement L348, §Aggravation automatique L450-461) ------------------


def test_T9_capacity_cascade_to_death_Carrure_4_PROPOSAL_4_2() -> None:
    held: dict[int, int] = {}
    first = place_wound(4, held, 5, MOYENNE)
    assert first == WoundPlacement(MOYENNE, MOYENNE, (), False)
    held[MOYENNE] = 1
    second = place_wound(4, held, 5, MOYENNE)
    assert second.lethality == FORTE and second.aggravations == ("Moyenne full",)
    held[FORTE] = 1
    third = place_wound(4, held, 5, FORTE)
    # Forte is full and Énorme holds 0 at Carrure 4: death.
    assert third.dead and third.lethality is None
    assert third.aggravations == ("Forte full", "Énorme full")


def test_T10_over_13_aggravates_once_seed_Aggravation_L452() -> None:
    damage = damage_value(9, 5)
    assert damage == 14
    placed = place_wound(6, {}, damage, FAIBLE)
    assert placed.lethality == MOYENNE and not placed.dead


def test_both_aggravations_apply_PROPOSAL_A21_seed_Aggravation_L452_L453() -> None:
    # Carrure 6 holds 2 Moyenne: a 14-point Faible hit goes to Moyenne (over 13), which is
    # full, so on to Forte.
    placed = place_wound(6, {MOYENNE: 2}, 14, FAIBLE)
    assert placed.lethality == FORTE
    assert placed.aggravations == ("over 13", "Moyenne full")


def test_over_13_at_enorme_kills_seed_Aggravation_L461() -> None:
    placed = place_wound(13, {}, 15, ENORME)
    assert placed.dead and placed.aggravations == ("over 13",)


def test_capacity_zero_escalates_any_wound_note_4_2() -> None:
    # Carrure 1: Nulle 1, everything else 0 -> a Faible wound cascades to death.
    assert place_wound(1, {}, 3, FAIBLE).dead
    assert place_wound(1, {}, 3, NULLE).lethality == NULLE
    assert place_wound(1, {NULLE: 1}, 3, NULLE).dead


def test_place_wound_rejects_bad_held_counts() -> None:
    with pytest.raises(RuleViolation):
        place_wound(7, {7: 1}, 3, NULLE)
    with pytest.raises(RuleViolation):
        place_wound(7, {NULLE: -1}, 3, NULLE)


def test_wound_placement_to_dict() -> None:
    assert place_wound(6, {MOYENNE: 2}, 14, FAIBLE).to_dict() == {
        "lethality_asked": FAIBLE,
        "lethality": FORTE,
        "aggravations": ["over 13", "Moyenne full"],
        "dead": False,
    }


@given(
    carrure=st.integers(min_value=1, max_value=13),
    held=st.dictionaries(st.integers(0, 4), st.integers(0, 8)),
    damage=st.integers(min_value=1, max_value=30),
    lethality=st.integers(min_value=0, max_value=4),
)
def test_placement_invariants(carrure: int, held: dict[int, int], damage: int, lethality: int) -> None:
    placed = place_wound(carrure, held, damage, lethality)
    assert placed.dead == (placed.lethality is None)
    if not placed.dead:
        assert placed.lethality is not None
        assert placed.lethality >= lethality
        # The chosen holder has room.
        assert held.get(placed.lethality, 0) < capacity(carrure, placed.lethality)
        assert placed.lethality - lethality == len(placed.aggravations)
