"""Cartes rules fidelity, wave 4 (issue 17): experience spent between sessions, and what the sheet
shows of the KO/OK thresholds and the wound capacities. Scripted chance; the seed is
shared/seeds/001_2934a6d80cfcba44.txt (Lnnn are its lines)."""

from __future__ import annotations

from typing import Any

import pytest
from cartes_table import SEED, table

from chronique.domain.errors import RuleViolation
from chronique.domain.fairness import commitment
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import spend
from chronique.domain.rulesets.cartes.damage import thresholds_in_words, wound_capacity_in_words
from chronique.domain.rulesets.cartes.draws import award
from chronique.domain.rulesets.cartes.table import gm_draw, return_cards
from chronique.domain.world import World

ALICE_PILE = ["5H", "AS", "JS", "10D", "4D", "2S", "KS"]
BRUNO_HAND = ["JH", "JC", "4C"]
BRUNO_PILE = ["8D", "KH", "2C", "5C", "9S", "8H", "10H"]


_BRIGAND = {
    "characteristics": {"Carrure": 7, "Rapidité": 6, "Sens": 6, "Volonté": 6, "Intellect": 5, "Équilibre": 6},
    "skills": {"Contact": {"level": 10, "characteristic": "Carrure"}},
}


def _recorded_of(world: World, name: str, kind: type) -> list[Any]:
    return [e for e in world.character(name).pending_events if isinstance(e, kind)]


def _recorded(world: World, kind: type) -> list[Any]:
    return _recorded_of(world, "Alice", kind)


def test_experience_is_spent_between_sessions_from_the_hand_dealt_early_Experience_L534() -> None:
    # L534 "Les points se dépensent avant ou après une séance de jeu": between sessions the hand is
    # only a count (L203), so Alice's noted 3 cards are dealt now (C46): QS KH 3C. Contact 9 -> 10
    # with Carrure 8: 10 ≥ 8, so two cards ≥ 10 (L536): QS (12) and KH (13); 3C stays in hand.
    world = table(["QS", "KH", "3C"], session=False)
    assert spend(world, "Alice", "skill", "Contact", "", [], "a winter of drills") == ["QS", "KH"]
    alice = world.character("Alice")
    assert alice.sheet["skills"]["Contact"]["level"] == 10
    assert (alice.condition["hand"], alice.condition["hand_count"], alice.condition["dealt"]) == (["3C"], 1, False)
    assert [e.hand for e in _recorded(world, ev.HandDealtEarly)] == [["QS", "KH", "3C"]]


def test_the_hand_dealt_early_is_kept_at_the_next_deal_and_only_the_pile_is_dealt_Experience_L534() -> None:
    # The early hand is the next session's hand (L86, L203): the session deals Alice her pile only.
    world = table(["QS", "KH", "3C"], ALICE_PILE + BRUNO_HAND + BRUNO_PILE + ["9C"], session=False)
    spend(world, "Alice", "skill", "Contact", "", [], "")
    world.campaign.start_session(SEED, commitment(SEED))
    assert gm_draw(world, 1, "", "a passive draw") == ["9C"]  # the session's first draw deals first
    dealt = _recorded(world, ev.CardsDealt)
    assert [(e.hand, e.pile) for e in dealt] == [([], ALICE_PILE)]
    assert world.character("Alice").condition["hand"] == ["3C"]
    assert world.character("Bruno").condition["hand"] == BRUNO_HAND
    return_cards(world)
    returned = _recorded(world, ev.CardsReturned)[-1]
    assert (returned.hand_count, returned.pile_count) == (1, 7)


def test_a_later_award_between_sessions_deals_only_the_cards_not_yet_held_Experience_L534_A15() -> None:
    # After the early deal Alice holds 3C (hand count 1); an award of 2 between sessions raises the
    # count to 3 (A15, no card drawn), and the next spend deals just the 2 cards missing: 4H 6S.
    # A speciality costs 2 cards of any value (L538): the cheapest pay, 3C and 4H.
    world = table(["QS", "KH", "3C", "4H", "6S"], session=False)  # one shuffle: no session between
    spend(world, "Alice", "skill", "Contact", "", [], "")
    assert award(world, "Alice", 2, "downtime heroics") == []
    assert spend(world, "Alice", "speciality", "Distance", "Arc", [], "") == ["3C", "4H"]
    assert [e.hand for e in _recorded(world, ev.HandDealtEarly)] == [["QS", "KH", "3C"], ["4H", "6S"]]
    assert world.character("Alice").condition["hand"] == ["6S"]


def test_a_gm_character_holds_no_hand_to_spend_ruling_C35() -> None:
    # C35: GM characters are dealt nothing, so no early hand either.
    world = table(session=False, sheets=["alice", {"name": "Brigand", "npc": True, "hand": 3, **_BRIGAND}])
    with pytest.raises(RuleViolation, match="GM character"):
        spend(world, "Brigand", "speciality", "Contact", "Dague", [], "")
    assert _recorded_of(world, "Brigand", ev.HandDealtEarly) == []


def test_the_ko_and_ok_thresholds_read_in_words_KO_ou_OK_L354_L361() -> None:
    # Volonté 4: KO 4, OK 2 (L509-L511); ≤ 2 nothing, 3 two malus markers, 4 angers, > 4 out (L357-L361).
    assert thresholds_in_words({"Volonté": 4}) == (
        "OK 2, KO 4: a hit of 2 or less does nothing; 3 gives two malus markers; "
        "exactly 4 angers (one bonus marker); over 4 puts out of combat"
    )
    # Volonté 1: OK = KO = 1, and "≤ OK" is read first, so no hit angers.
    assert thresholds_in_words({"Volonté": 1}) == "OK 1, KO 1: a hit of 1 or less does nothing; over 1 puts out of combat"


def test_the_wound_capacity_per_lethality_counts_the_wounds_held_Nombre_de_blessures_L487_L505() -> None:
    # Carrure 3: Nulle 2, Faible 1, Moyenne 1, Forte 0, Énorme 0 (row 3, L495).
    held = [{"lethality": 0}, {"lethality": 0}, {"lethality": 2}]
    assert wound_capacity_in_words({"Carrure": 3}, held) == [
        ("Nulle", "2 of 2 held"),
        ("Faible", "0 of 1 held"),
        ("Moyenne", "1 of 1 held"),
        ("Forte", "none can be held"),
        ("Énorme", "none can be held"),
    ]
