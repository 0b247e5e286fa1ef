"""Cartes: the deck's log line of a passive test's first card reads with one pair of brackets,
"3♥ drawn for Alice (passive Vigilance test)", never "(Vigilance test (passive))" (§Tirage passifs
L229, ruling C120). The real command line over a real journal of each backend.
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

from cartes_cli import NAME, PARTY, recorded, seat
from support import log_details, run

from chronique.domain.rulesets.words import cards


def test_a_passive_first_card_is_logged_with_one_level_of_brackets_Tirage_passifs_L229_ruling_C120(db: str) -> None:
    # Before, the deck's line read "2♠ drawn for Alice (Vigilance test (passive))".
    seat(db, *PARTY)
    run(db, "cartes", "test", NAME, "alice", "vigilance", "--from", "deck")
    passive = [e for e in recorded(db) if e["topic"].endswith(":Deck.CardsDrawn") and "passive" in e["purpose"]]
    assert [(e["to"], e["purpose"]) for e in passive] == [("Alice", "passive Vigilance test")]
    said = f"{cards(list(passive[0]['cards']))} drawn for Alice (passive Vigilance test)"
    logged = log_details(db, NAME, "--gm")
    assert said in logged
    assert [line for line in logged if "((" in line or "))" in line or "(passive)" in line] == []
