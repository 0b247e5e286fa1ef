"""Cartes' rules for the verifier, as pure functions over recorded events (FAIRNESS.md v2, rules
re-derivation): the short-circuit choice a test records (L324), and what a test from the hand
offers in place of failed draws (§Ressources en cartes L199)."""

from __future__ import annotations

from typing import Any

from support import sample

from chronique.domain.deck_rules import CHARACTER_CREATED
from chronique.domain.fairness import FORMAT, FORMAT_V1
from chronique.domain.rederivation import Table, check
from chronique.domain.referees import all_rules
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes.resolution import resolve_test

ALICE = "a1ce0000-0000-5000-8000-000000000000"
TEST_MADE = "chronique.domain.rulesets.cartes.events:TestMade"


def dealt(hand: list[str], pile: list[str]) -> Table:
    """A table where Alice (sheet alice.toml) was created and dealt ``hand`` then ``pile``."""
    table = Table()
    sheet, condition = ruleset("cartes").new_character(sample("alice"))
    created = {"topic": CHARACTER_CREATED, "originator_id": ALICE, "name": "Alice", "sheet": sheet, "condition": condition}
    deal = {"topic": "chronique.domain.rulesets.cartes.events:CardsDealt", "originator_id": ALICE, "hand": hand, "pile": pile}
    table.hand_out("Alice", [*hand, *pile])
    for event in (created, deal):
        assert verdict(table, event) is None
    return table


def verdict(table: Table, event: dict[str, Any]) -> str | None:
    return check(all_rules().rederive[event["topic"]], event, table)


def recorded_test(table: Table, source: str, outcome: dict[str, Any], short_circuit: bool | None, from_hand: list[str]) -> dict[str, Any]:
    """A TestMade as play records it (``short_circuit`` left out, as before it was kept, when None);
    the cards after the first were handed to Alice by the deck just before."""
    table.hand_out("Alice", outcome["drawn"][1:])
    event = {
        "topic": TEST_MADE,
        "originator_id": ALICE,
        "source": source,
        "outcome": outcome,
        "target": outcome["target"],
        "from_pile": outcome["drawn"][:1] if source == "pile" else [],
        "from_hand": from_hand,
        "support_used": outcome["support_used"],
        "bonus_change": 0,
        "malus_change": 0,
    }
    return event if short_circuit is None else event | {"short_circuit": short_circuit}


def test_a_diamond_first_from_the_pile_is_judged_by_the_short_circuit_the_test_recorded_L324() -> None:
    # Difficile (+1) at Contact: a short-circuit with ♦ first from the pile draws the ♦ alone.
    short_circuited = resolve_test(7, 1, "5D", lambda n: [], short_circuit=True).to_dict()
    assert short_circuited["drawn"] == ["5D"] and short_circuited["level"] == 0
    table = dealt(["2H"], ["5D", "9C"])
    assert verdict(table, recorded_test(table, "pile", short_circuited, True, [])) is None
    table = dealt(["2H"], ["5D", "9C"])
    denied = verdict(table, recorded_test(table, "pile", short_circuited, False, []))  # recorded: no short-circuit
    assert denied is not None and denied.startswith("field outcome:"), denied


def test_a_test_recorded_before_the_short_circuit_was_kept_may_be_either() -> None:
    # Legacy TestMade (class version 2, a chronique-fair-v1 journal): the player's choice was not
    # recorded, so both are the rules'.
    for short_circuit, cards in ((True, []), (False, ["KS"])):
        table = dealt(["2H"], ["5D", "9C"])
        table.fair = FORMAT_V1
        outcome = resolve_test(7, 1, "5D", lambda n, cards=cards: cards, short_circuit=short_circuit).to_dict()
        assert verdict(table, recorded_test(table, "pile", outcome, None, [])) is None


def test_a_v2_test_stripped_of_its_short_circuit_is_refused_naming_the_field() -> None:
    # In a chronique-fair-v2 epoch every TestMade records the choice: its absence is a forgery.
    table = dealt(["2H"], ["5D", "9C"])
    table.fair = FORMAT
    outcome = resolve_test(7, 1, "5D", lambda n: [], short_circuit=True).to_dict()
    why = verdict(table, recorded_test(table, "pile", outcome, None, []))
    assert why == "field short_circuit: it is not recorded, and every event of a chronique-fair-v2 epoch records it"


def test_a_test_from_the_hand_does_not_offer_its_first_card_again_Ressources_en_cartes_L199() -> None:
    # Difficile at 6 from the hand: 5H played first, QD drawn fails, and no other hand card was
    # offered. The 5H is spent: it cannot also stand in for the QD.
    table = dealt(["5H", "2S"], ["9C"])
    failed = resolve_test(6, 1, "5H", lambda n: ["QD"], first_from_pile=False).to_dict()
    assert not failed["success"]
    assert verdict(table, recorded_test(table, "hand", failed, False, ["5H"])) is None
