"""The pure rules of MicroFudge CECJ against the digest's vectors (§9), each citing the seed."""

from __future__ import annotations

import pytest

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, WEEK
from chronique.domain.rulesets.microfudge.rules import (
    armour_bonus,
    card_count,
    difficulty_name,
    first_aid_required,
    hazardous_setbacks,
    inflicted,
    label,
    parse_difficulty,
    penalty,
    quality_modifier,
    recovery_period,
    related_rank,
    resolve_test,
    severity_name,
    simple_conflict,
    successes,
    upper_hand_cards,
    weapon_bonus,
)


def test_ladder_labels_Creation_des_personnages_L93_L103_Legendaire_open_PROPOSAL_1_2() -> None:
    assert [label(v) for v in range(8)] == ["Abyssal", "Lamentable", "Faible", "Médiocre", "Moyen", "Bon", "Excellent", "Exceptionnel"]
    assert label(8) == label(11) == "Légendaire"
    assert label(-2) == "Abyssal"


def test_difficulty_ladder_Degres_de_difficulte_L255_L267() -> None:
    assert [parse_difficulty(d) for d in ("Facile", "simple", "Moyenne", "difficile", "Très difficile", "extrême", "impossible")] == [
        2,
        3,
        4,
        5,
        6,
        7,
        8,
    ]
    assert parse_difficulty("na") == 1 and parse_difficulty("6") == 6
    assert difficulty_name(5) == "difficile" and difficulty_name(10) == "impossible"
    with pytest.raises(RuleViolation, match="not a difficulty"):
        parse_difficulty("hardish")


def test_V_T_2_opponent_rank_is_the_difficulty_Tests_L251() -> None:
    # A sentry's Esprit Bon makes a Discrétion Test Difficile.
    assert parse_difficulty("bon") == 5 and difficulty_name(parse_difficulty("bon")) == "difficile"


def test_V_T_1_Harvey_climbs_the_wall_Tests_L249() -> None:
    result = resolve_test(4, 0, [1, 1, -1, 0], parse_difficulty("difficile"))
    assert result.final == 5 and result.success and result.margin == 0


def test_V_T_3_Harvey_car_hazardous_test_two_Revers_Tests_hasardeux_L353_L355() -> None:
    result = resolve_test(5, 0, [1, 0, -1, -1], parse_difficulty("très difficile"), hazardous=True)
    assert result.final == 4 and not result.success and result.setbacks == 2
    assert severity_name(result.setbacks, physical=True) == "Blessure sérieuse"


def test_V_T_4_hazardous_test_caps_at_three_Tests_hasardeux_L351() -> None:
    assert hazardous_setbacks(7, 2) == 3
    assert hazardous_setbacks(5, 5) == 0 and hazardous_setbacks(5, 9) == 0


def test_a_test_rolls_four_fudge_dice_only() -> None:
    with pytest.raises(ValueError):
        resolve_test(4, 0, [1, 1, 2, 0], 4)
    with pytest.raises(ValueError):
        resolve_test(4, 0, [1, 1, 0], 4)


def test_V_T_5_relatedness_Champs_d_expertise_L283_L289_PROPOSAL_3_1_and_A19() -> None:
    assert related_rank(5, "distant", "field") == 3
    assert related_rank(3, "distant", "field") == 2  # floor at Faible
    assert related_rank(1, "related", "field") == 1  # the floor never raises a field
    assert related_rank(5, "related", "field") == 4 and related_rank(5, "close", "field") == 5
    assert related_rank(5, "distant", "aptitude") == 5  # A19: not applied to aptitudes
    with pytest.raises(RuleViolation, match="relatedness"):
        related_rank(5, "far", "field")


def test_simple_conflict_higher_final_wins_equal_ties_Tests_L253() -> None:
    assert simple_conflict(5, 4) == "a" and simple_conflict(3, 6) == "b" and simple_conflict(4, 4) == "tie"


def test_V_HC_3_revers_do_not_stack_Effets_des_Revers_L345() -> None:
    blessure = {"domain": "physical", "severity": 1, "healing": "daily"}
    assert penalty([blessure, dict(blessure, severity=1)], "physical") == 1  # two Blessures stay −1
    assert penalty([blessure, dict(blessure, severity=2)], "physical") == 2
    social = {"domain": "social", "severity": 2, "healing": "daily"}
    assert penalty([blessure, social], "physical") == 1 and penalty([blessure, social], "social") == 2
    deep = {"domain": "physical", "severity": 1, "healing": "weekly"}
    assert penalty([deep], "social") == 1  # L341: a deep wound applies to every kind of action
    assert penalty([], "social") == 0


def test_V_HC_1_net_successes_make_the_revers_Resolution_des_Conflits_hasardeux_L311() -> None:
    # A (Combat 5, sword +1): 4 attack, 2 defence; B (Combat 4): 4 attack, 0 defence.
    assert card_count(5 + weapon_bonus("medium")) == 6
    a_attack, a_defence = successes(["2C", "4D", "8H", "3S"]), successes(["6C", "AS"])
    b_attack = successes(["10D", "2S", "5H", "7C"])
    assert (a_attack, a_defence, b_attack) == (3, 1, 2)
    assert inflicted(a_attack, 0) == 3  # B takes a Décisif and loses the Sequence
    assert inflicted(b_attack, a_defence) == 1  # A takes a Revers
    assert inflicted(6, 0) == 3  # PROPOSAL A4: capped at 3


def test_V_HC_2_upper_hand_gives_twice_the_revers_in_cards_Prendre_l_ascendant_L329() -> None:
    assert upper_hand_cards(2) == 4 and upper_hand_cards(5) == 6 and upper_hand_cards(0) == 0


def test_V_C_1_even_cards_succeed_the_ace_fails_Methode_1_L781_L789() -> None:
    pack = [f"{r}{s}" for s in "HD" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")]
    assert len(pack) == 20 and successes(pack) == 10
    assert [c for c in pack[:10] if successes([c])] == ["2H", "4H", "6H", "8H", "10H"]
    assert card_count(-2) == 0 and card_count(0) == 0


def test_equipment_quality_weapons_armour_Equipement_L459_L502() -> None:
    assert [quality_modifier(q) for q in ("inferior", "average", "good", "superior")] == [-1, 0, 1, 2]
    assert [weapon_bonus(w) for w in ("light", "medium", "heavy", "massive")] == [0, 1, 2, 3]
    assert [armour_bonus(a) for a in ("light", "medium", "heavy")] == [1, 2, 3]
    with pytest.raises(RuleViolation, match="weapon class"):
        weapon_bonus("laser")


def test_V_W_1_first_aid_difficulty_by_severity_Premiers_soins_L359() -> None:
    assert [first_aid_required(s) for s in (1, 2, 3)] == [4, 5, 6]
    # Superior kit (+2), Médecine 3 against a Blessure: a dice net of −1 is enough.
    assert resolve_test(3, quality_modifier("superior"), [-1, 0, 0, 0], 4).success
    assert not resolve_test(3, quality_modifier("superior"), [-1, -1, 0, 0], 4).success


def test_V_W_2_V_W_3_recovery_periods_Effets_des_Revers_L339_L341_PROPOSAL_A11() -> None:
    assert recovery_period("daily", 2) == DAY
    assert [recovery_period("weekly", s) for s in (3, 2, 1)] == [WEEK] * 3
    graduated = [recovery_period("weekly", s, graduated=True) for s in (3, 2, 1)]
    assert graduated == [28 * DAY, 14 * DAY, 7 * DAY] and sum(graduated) == 49 * DAY
    assert recovery_period("weekly", 3, graduated=True, month_days=30) == 30 * DAY
    with pytest.raises(RuleViolation):
        recovery_period("monthly", 1)


def test_severity_names_Effets_des_Revers_L343() -> None:
    assert [severity_name(s) for s in (1, 2, 3)] == ["Revers", "Revers sérieux", "Revers décisif"]
    with pytest.raises(RuleViolation):
        severity_name(4)
