"""Survival draws, medicine and retries of Cartes: digest §5.1-5.4, vectors T11-T13 of §7."""

from __future__ import annotations

import pytest
from cartes_table import ScriptedDraw as deck

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.damage import place_wound
from chronique.domain.rulesets.cartes.resolution import cards_for_level, resolve_test
from chronique.domain.rulesets.cartes.survival import (
    SurvivalResult,
    consciousness_level,
    medicine_bonus_markers,
    medicine_level,
    retry_level,
    retry_result,
    survival_level,
    survival_period,
    survival_result,
    waking_malus,
)

NULLE, FAIBLE, MOYENNE, FORTE, ENORME = range(5)
MINUTE, HOUR, DAY, WEEK = 60, 3600, 86400, 7 * 86400


def survival_draw(carrure: int, lethality: int, first: str, *rest: str) -> object:
    """A survival draw as the caller makes it: Carrure target, level from the lethality."""
    return resolve_test(carrure, survival_level(lethality), first, deck(*rest), manoeuvre="tactics")


def test_survival_table_seed_Survie_L431_441() -> None:
    assert [survival_level(x) for x in range(5)] == [-2, -1, 0, 1, 2]
    assert [cards_for_level(survival_level(x)) for x in range(5)] == [3, 2, 1, 2, 3]
    assert [survival_period(x) for x in range(5)] == [WEEK, DAY, HOUR, 10 * MINUTE, MINUTE]
    with pytest.raises(RuleViolation):
        survival_level(5)


def test_T11_clean_when_T_at_least_B_seed_Tirages_de_survie_L445_L457() -> None:
    test = survival_draw(7, MOYENNE, "6H")
    assert survival_result(7, 5, MOYENNE, test) == SurvivalResult("clean", 0, None)
    assert survival_result(7, 5, MOYENNE, survival_draw(7, MOYENNE, "5D")).kind == "clean"


def test_T11_margin_malus_when_T_below_B_seed_L446_L458_PROPOSAL_A9() -> None:
    result = survival_result(7, 5, MOYENNE, survival_draw(7, MOYENNE, "3D"))
    assert result == SurvivalResult("malus", 2, None) and result.stops


def test_T11_failure_escalates_seed_L447_L459_PROPOSAL_A10() -> None:
    result = survival_result(7, 5, MOYENNE, survival_draw(7, MOYENNE, "9D"))
    # The wound becomes Forte; next draw in 10 minutes at Difficile; −B while active (A10).
    assert result == SurvivalResult("escalate", 5, FORTE) and not result.stops
    assert survival_period(FORTE) == 10 * MINUTE and survival_level(FORTE) == 1


def test_T11_failure_at_enorme_is_death_seed_L448_L461() -> None:
    test = survival_draw(7, ENORME, "2D", "3D", "9D")
    assert not test.success
    assert survival_result(7, 5, ENORME, test) == SurvivalResult("death", 0, None)


def test_escalation_cascade_applied_by_caller_via_place_wound_PROPOSAL_5_1() -> None:
    # Carrure 4 holding one Forte wound: a Moyenne wound escalating to Forte cascades to
    # Énorme, whose capacity is 0: death.
    result = survival_result(4, 5, MOYENNE, survival_draw(4, MOYENNE, "9D"))
    assert result.new_lethality == FORTE
    assert result.new_lethality is not None
    assert place_wound(4, {FORTE: 1}, 5, result.new_lethality).dead


def test_survival_result_rejects_bad_input() -> None:
    test = survival_draw(7, MOYENNE, "3D")
    with pytest.raises(RuleViolation):
        survival_result(7, 0, MOYENNE, test)
    with pytest.raises(RuleViolation):
        survival_result(0, 5, MOYENNE, test)
    with pytest.raises(RuleViolation):
        survival_result(7, 5, 6, test)


def test_T12_medicine_level_seed_Medecine_L465_L469_475() -> None:
    assert medicine_level(survival_level(FORTE), "field-hospital") == -1
    assert medicine_level(survival_level(ENORME), "pebbles") == 3
    assert cards_for_level(medicine_level(survival_level(ENORME), "cailloux")) == 4
    assert medicine_level(0, "light-kit") == 0
    assert medicine_level(0, "adapted-kit") == -1
    assert medicine_level(0, "hospital", extra_levels=2) == 0
    with pytest.raises(RuleViolation):
        medicine_level(0, "light-kit", extra_levels=-1)
    with pytest.raises(RuleViolation):
        medicine_level(0, "prayer")


def test_medicine_markers_doubling_and_hospital_PROPOSAL_A13_seed_Medecine_L465_L475() -> None:
    assert medicine_bonus_markers(True, "light-kit") == 3
    assert medicine_bonus_markers(True, "light-kit", 1) == 6
    assert medicine_bonus_markers(True, "light-kit", 2) == 12
    assert medicine_bonus_markers(True, "hospital") == 5
    assert medicine_bonus_markers(True, "hospital", 1) == 8
    assert medicine_bonus_markers(False, "hospital", 2) == 0


def test_medicine_markers_raise_the_survival_target() -> None:
    # A successful tactics support: Carrure 6 + 3 markers = 9; an 8 now survives.
    test = resolve_test(6 + medicine_bonus_markers(True, "light-kit"), survival_level(MOYENNE), "8D", deck())
    assert survival_result(6, 5, MOYENNE, test).kind == "clean"


def test_T13_retry_level_one_easier_seed_Medecine_L467() -> None:
    assert retry_level(MOYENNE) == -1
    assert retry_level(NULLE) == -3
    assert retry_level(ENORME) == 1


def test_retry_result_PROPOSAL_5_3_A12() -> None:
    assert retry_result(5, 2, resolve_test(7, -1, "6D", deck("KD"))) == 0
    assert retry_result(5, 3, resolve_test(7, -1, "4D", deck("KD"))) == 1
    # A worse margin never increases the malus; a failure changes nothing.
    assert retry_result(5, 1, resolve_test(7, -1, "2D", deck("KD"))) == 1
    assert retry_result(5, 2, resolve_test(7, -1, "9D", deck("KD"))) == 2
    with pytest.raises(RuleViolation):
        retry_result(5, -1, resolve_test(7, -1, "9D", deck("KD")))


def test_consciousness_draw_moyenne_and_waking_malus_PROPOSAL_A16_A17_seed_L371_L373() -> None:
    assert consciousness_level() == 0
    assert waking_malus(9) == 9


def test_survival_result_to_dict() -> None:
    assert SurvivalResult("escalate", 5, FORTE).to_dict() == {"kind": "escalate", "malus": 5, "new_lethality": FORTE}
