"""FAIRNESS.md v2, "What an event that consumes chance records": a draw from an already shuffled
deck consumes no chance, it is the next card of a recorded shuffle. The verifier follows a deck
by the position of its next card (issue 13, verify's speed): these tests hold it to the same
verdicts across draws, a partial reshuffle, a shuffle of cards the deck still holds, and a
gathering."""

from __future__ import annotations

from typing import Any

import pytest

from chronique.domain.cards import fresh_packs, shown
from chronique.domain.deck_rules import CREATED, DRAWN, GATHERED, RULES, SHUFFLED
from chronique.domain.rederivation import Mismatch, Table, Unknowable, check

DECK = "7d163d9c-5eb2-5bce-bb86-dcb2d60d8147"
RANKS = ["A", "2", "3"]
PACK = fresh_packs(1, tuple(RANKS))  # twelve cards: A, 2 and 3 of each suit


def _event(topic: str, **fields: Any) -> dict[str, Any]:
    return {"topic": topic, "originator_id": DECK, **fields}


def _verdict(table: Table, event: dict[str, Any]) -> str | None:
    return check(RULES.rederive[event["topic"]], event, table)


def _shuffled(pool: list[str], result: list[str]) -> dict[str, Any]:
    return _event(SHUFFLED, chance=[{"op": "shuffle", "deck": pool, "result": result}])


def _drawn(cards: list[str]) -> dict[str, Any]:
    return _event(DRAWN, cards=cards, to="Alice")


def _dealt_deck() -> tuple[Table, list[str]]:
    table = Table()
    order = PACK[::-1]
    assert _verdict(table, _event(CREATED, packs=1, ranks=RANKS)) is None
    assert _verdict(table, _shuffled(list(PACK), order)) is None
    return table, order


def test_each_draw_is_the_next_cards_of_the_recorded_shuffle_and_a_wrong_one_is_named() -> None:
    table, order = _dealt_deck()
    assert _verdict(table, _drawn(order[:3])) is None
    assert _verdict(table, _drawn(order[3:5])) is None
    assert (
        _verdict(table, _drawn([order[6]]))
        == f"field cards: records {shown(order[6])}, but the next cards of the deck's shuffle are {shown(order[5])}"
    )
    assert _verdict(table, _drawn(order[5:12])) is None
    assert table.handed["Alice"] == order  # handed to Alice in the order drawn
    assert _verdict(table, _drawn([order[0]])) == f"field cards: records {shown(order[0])}, but the deck's shuffle has no cards left"


def test_a_reshuffle_puts_the_cards_shuffled_in_under_the_ones_left() -> None:
    table, order = _dealt_deck()
    assert _verdict(table, _drawn(order[:4])) is None
    assert _verdict(table, _shuffled(order[:2], [order[1], order[0]])) is None  # two of the drawn cards come back
    assert _verdict(table, _drawn(order[4:12])) is None
    assert _verdict(table, _drawn([order[1], order[0]])) is None


def test_a_shuffle_of_cards_the_deck_still_holds_is_refused() -> None:
    table, order = _dealt_deck()
    assert _verdict(table, _drawn(order[:2])) is None
    why = _verdict(table, _shuffled([order[0], order[5]], [order[5], order[0]]))
    assert why == f"field chance: shuffles in {shown(order[5])}, which the deck's packs cannot spare"


def test_a_gathered_deck_holds_nothing_until_it_is_shuffled_again() -> None:
    table, order = _dealt_deck()
    assert _verdict(table, _drawn(order[:3])) is None
    assert _verdict(table, _event(GATHERED)) is None
    assert _verdict(table, _drawn([order[3]])) == f"field cards: records {shown(order[3])}, but the deck's shuffle has no cards left"
    assert _verdict(table, _shuffled(list(PACK), list(PACK))) is None  # every card is back: all twelve may be shuffled
    assert _verdict(table, _drawn(PACK[:2])) is None


def test_a_deck_whose_shuffle_is_face_down_cannot_be_checked_yet() -> None:
    table, order = _dealt_deck()
    table.unknown.add(DECK)
    assert _verdict(table, _drawn(["KS"])) is None  # unknowable, not a verdict


def test_handed_cards_are_taken_in_the_order_the_deck_handed_them() -> None:
    table = Table()
    table.hand_out("Alice", ["AC", "2C"])
    table.hand_out("Alice", ["3C"])
    table.take("Alice", "pile", ["AC"])
    with pytest.raises(Mismatch, match="^records 3♣, but the deck handed 2♣$"):
        table.take("Alice", "pile", ["3C"])
    table.take("Alice", "pile", ["2C", "3C"])
    assert table.handed["Alice"] == []
    table.unknown.add("someone")  # a face-down draw may have handed the cards
    with pytest.raises(Unknowable):
        table.take("Alice", "pile", ["AC"])
