"""A card is typed as the sheet and the log show it (§Ressources en cartes: the hand lies face up,
its cards read with their suits), or as letters: ``6♥`` and ``6H`` name the same card."""

from __future__ import annotations

import json

import pytest
from cartes_cli import seat
from support import run

from chronique.domain.cards import normalise, shown


@pytest.mark.parametrize(
    ("typed", "card"), [("6♥", "6H"), ("a♠", "AS"), ("10♦", "10D"), ("q♣", "QC"), ("1♤", "AS"), ("7h", "7H"), (" 9♡ ", "9H")]
)
def test_a_card_reads_with_its_suit_symbol_or_letter(typed: str, card: str) -> None:
    assert normalise(typed) == card


def test_a_hand_card_typed_as_the_sheet_shows_it_is_played_s_Ressources_en_cartes_L199(db: str) -> None:
    seat(db, "alice")
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")  # the first draw deals the hand
    hand = json.loads(run(db, "sheet", "Verdelune", "Alice", "--json").stdout)["condition"]["hand"]
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact", "--from", f"hand:{shown(hand[0])}")
    test = json.loads(run(db, "log", "Verdelune", "--json", "--gm", "--kind", "TestMade").stdout)[-1]["event"]
    assert test["source"] == "hand" and test["from_hand"][0] == hand[0]
