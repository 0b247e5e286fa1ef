"""One wording each: a step bought with experience reads the same in its price (every refusal of
it), in the log, the ledger and ``xp spend`` (§Expérience L536-549, rulings C81, C95, C98); a
test's purposes, the player's reason and the game's, are told apart across the TestMade versions
in one place, for the log and the verifier alike (ruling C82). Seed:
shared/seeds/001_2934a6d80cfcba44.txt."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from chronique.domain.rulesets.cartes.describe import purchase_words
from chronique.domain.rulesets.cartes.experience import Cost, characteristic_cost, pile_max_cost, skill_cost, speciality_cost
from chronique.domain.rulesets.cartes.resolution import purposes


def spent(purchase: str, name: str, from_level: int, speciality: str = "") -> SimpleNamespace:
    """An ExperienceSpent as its words read it: one step up (§Expérience L536-549)."""
    return SimpleNamespace(purchase=purchase, name=name, speciality=speciality, from_level=from_level, to_level=from_level + 1)


@pytest.mark.parametrize(
    ("price", "bought", "words"),
    [
        # L536: Contact 9 → 10 under Carrure 8 (two cards, the new level reaches it).
        (skill_cost(9, 8, "Contact"), spent("skill", "Contact", 9), "a skill level: Contact from 9 to 10"),
        # L538: the 2nd speciality of Contact.
        (speciality_cost(1, "Contact", "Parade"), spent("speciality", "Contact", 1, "Parade"), "a speciality: Parade, the 2nd of Contact"),
        # L540: a characteristic point.
        (characteristic_cost(8, "Carrure"), spent("characteristic", "Carrure", 8), "a characteristic point: Carrure from 8 to 9"),
        # L549: the pile max.
        (pile_max_cost(7), spent("pile-max", "", 7), "a larger pile: from 7 to 8 cards"),
    ],
)
def test_a_step_reads_the_same_in_its_price_and_in_the_log_Experience_L536_L549_ruling_C98(price: Cost, bought: Any, words: str) -> None:
    assert price.what == purchase_words(bought) == words


def test_a_speciality_priced_before_it_is_named_reads_its_rank_Experience_L538_ruling_C98() -> None:
    # A sheet's price of "the next speciality" knows no name yet: the same words without it.
    assert speciality_cost(2, "Contact").what == "a speciality: the 3rd of Contact"


@pytest.mark.parametrize(
    ("fields", "told"),
    [
        # Version 5 on: recorded apart, whatever their wording.
        ({"purpose": "attack on Alice", "game_purpose": ""}, ("attack on Alice", "")),
        ({"purpose": "", "game_purpose": "recovery draw"}, ("", "recovery draw")),
        ({"purpose": "duel at the bridge", "game_purpose": "attack on Bruno"}, ("duel at the bridge", "attack on Bruno")),
        # Before version 5 (upcast to None): one field, the game's when worded like one.
        ({"purpose": "resource draw", "game_purpose": None}, ("", "resource draw")),
        ({"purpose": "support of Alice", "game_purpose": None}, ("", "support of Alice")),
        ({"purpose": "duel at the bridge", "game_purpose": None}, ("duel at the bridge", "")),
        ({"purpose": "", "game_purpose": None}, ("", "")),
    ],
)
def test_a_test_s_purposes_are_told_apart_in_one_place_across_its_versions_ruling_C82(
    fields: dict[str, Any], told: tuple[str, str]
) -> None:
    assert purposes(fields) == told
