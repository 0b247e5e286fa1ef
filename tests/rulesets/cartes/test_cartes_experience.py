"""Advancement of Cartes (§Expérience L530-549): vectors S1, S2, T14 of digest §7."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chronique.domain.cards import fresh_packs, value
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.experience import (
    Cost,
    characteristic_cost,
    cheapest_payment,
    check_payment,
    pile_max_cost,
    skill_cost,
    speciality_cost,
)


def test_S1_skill_4_to_5_needs_one_card_of_5_or_more_seed_Experience_L536_L546() -> None:
    cost = skill_cost(4, governing=7)
    assert (cost.cards, cost.min_value) == (1, 5)


def test_T14_skill_reaching_governing_characteristic_costs_two_cards_seed_L536() -> None:
    assert (skill_cost(6, governing=7).cards, skill_cost(6, governing=7).min_value) == (2, 7)
    assert (skill_cost(5, governing=7).cards, skill_cost(5, governing=7).min_value) == (1, 6)
    assert skill_cost(9, governing=7).cards == 2


def test_S2_specialities_2_4_8_max_3_seed_Experience_L538_L547() -> None:
    assert [speciality_cost(n).cards for n in range(3)] == [2, 4, 8]
    assert all(speciality_cost(n).min_value == 0 for n in range(3))
    with pytest.raises(RuleViolation, match="at most 3"):
        speciality_cost(3)


def test_T14_characteristic_three_cards_PROPOSAL_A4_seed_L540_L548() -> None:
    cost = characteristic_cost(6)
    assert (cost.cards, cost.min_value) == (3, 7)


def test_T14_pile_max_four_cards_PROPOSAL_A4_seed_L549() -> None:
    cost = pile_max_cost(7)
    assert (cost.cards, cost.min_value) == (4, 8)


def test_nothing_above_13_no_card_is_worth_14_PROPOSAL_A1() -> None:
    assert skill_cost(12, governing=13).min_value == 13
    for buy in (lambda: skill_cost(13, 13), lambda: characteristic_cost(13), lambda: pile_max_cost(13)):
        with pytest.raises(RuleViolation, match="cannot be raised"):
            buy()


def test_check_payment_accepts_a_valid_payment() -> None:
    check_payment(Cost(2, 7, "skill 6 -> 7"), ["7H", "KS"], ["2C", "7H", "KS"], "Alice")
    check_payment(Cost(2, 0, "specialty 1"), ["2C", "3D"], ["2C", "3D", "KS"], "Alice")


def test_check_payment_wrong_count() -> None:
    with pytest.raises(RuleViolation, match="costs 2 cards, 1 given"):
        check_payment(Cost(2, 7, "skill 6 -> 7"), ["7H"], ["7H", "KS"], "Alice")


def test_check_payment_card_not_in_hand_respects_multiplicity() -> None:
    with pytest.raises(RuleViolation, match=r"^Alice's hand holds no Q♦$"):
        check_payment(Cost(1, 5, "skill"), ["QD"], ["7H"], "Alice")
    with pytest.raises(RuleViolation, match=r"^Alice's hand holds 7♥ only once$"):
        check_payment(Cost(2, 5, "skill"), ["7H", "7H"], ["7H", "KS"], "Alice")
    # With two packs a hand may hold the same card twice.
    check_payment(Cost(2, 5, "skill"), ["7H", "7H"], ["7H", "7H"], "Alice")


def test_check_payment_value_too_low_seed_L546() -> None:
    with pytest.raises(RuleViolation, match="5 or more"):
        check_payment(Cost(1, 5, "skill 4 -> 5"), ["4S"], ["4S"], "Alice")


def test_check_payment_rejects_non_cards() -> None:
    with pytest.raises(RuleViolation, match="not a card"):
        check_payment(Cost(1, 0, "x"), ["joker"], ["joker"], "Alice")


def test_cheapest_payment_picks_lowest_qualifying_cards() -> None:
    assert cheapest_payment(Cost(2, 7, "skill 6 -> 7"), ["KS", "2C", "9D", "7H", "QC"], "Alice") == ["7H", "9D"]
    assert cheapest_payment(Cost(2, 0, "specialty 1"), ["KS", "2C", "9D"], "Alice") == ["2C", "9D"]


def test_cheapest_payment_impossible() -> None:
    with pytest.raises(RuleViolation, match="^Alice's hand cannot pay characteristic 6 -> 7 "):
        cheapest_payment(Cost(3, 7, "characteristic 6 -> 7"), ["KS", "2C", "9D"], "Alice")


@given(
    hand=st.lists(st.sampled_from(fresh_packs(2)), max_size=10),
    cards=st.integers(min_value=1, max_value=4),
    min_value=st.integers(min_value=0, max_value=13),
)
def test_cheapest_payment_always_passes_check_payment(hand: list[str], cards: int, min_value: int) -> None:
    cost = Cost(cards, min_value, "anything")
    qualifying = sorted(value(c) for c in hand if value(c) >= min_value)
    if len(qualifying) < cards:
        with pytest.raises(RuleViolation):
            cheapest_payment(cost, hand, "Alice")
        return
    paid = cheapest_payment(cost, hand, "Alice")
    check_payment(cost, paid, hand, "Alice")
    assert sorted(value(c) for c in paid) == qualifying[:cards]
