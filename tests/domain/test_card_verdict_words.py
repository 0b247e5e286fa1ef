"""Verdicts name cards in words (ruling FP10): a forged draw or shuffle reads its cards as the log
shows them ("A♠ 9♥"), not as a Python list; whatever a forged record puts in a card's place (a
number, null, a list, a string that is no card) reads as its JSON text, and never crashes the
verifier. The browser's verifier writes the very same words (tests/web/test_browser_verifier.py)."""

from __future__ import annotations

from typing import Any

import pytest

from chronique.domain.cards import RANKS, card_words, cards_words, fresh_packs
from chronique.domain.deck_rules import CREATED, DRAWN, RULES, SHUFFLED
from chronique.domain.rederivation import Mismatch, Table, check
from chronique.domain.rulesets.cartes import verification as cartes

DECK = "7d163d9c-5eb2-5bce-bb86-dcb2d60d8147"
PACK = fresh_packs(1)
# The shuffle's order: A♠ then 10♥ on top, the rest of the pack under them.
ORDER = ["AS", "10H", *(card for card in PACK if card not in ("AS", "10H"))]


def _event(topic: str, **fields: Any) -> dict[str, Any]:
    return {"topic": topic, "originator_id": DECK, **fields}


def _verdict(table: Table, event: dict[str, Any]) -> str | None:
    return check(RULES.rederive[event["topic"]], event, table)


def _shuffled_deck() -> Table:
    table = Table()
    assert _verdict(table, _event(CREATED, packs=1, ranks=list(RANKS))) is None
    assert _verdict(table, _event(SHUFFLED, chance=[{"op": "shuffle", "deck": list(PACK), "result": ORDER}])) is None
    return table


def _drawn(cards: Any) -> dict[str, Any]:
    return _event(DRAWN, cards=cards, to="Alice")


def test_a_forged_draw_names_its_cards_and_the_shuffles_in_words() -> None:
    table = _shuffled_deck()
    assert _verdict(table, _drawn(["AS", "9H"])) == ("field cards: records A♠ 9♥, but the next cards of the deck's shuffle are A♠ 10♥")


def test_things_that_are_no_cards_read_as_their_json_text_and_crash_nothing() -> None:
    table = _shuffled_deck()
    forged = ["AS", 7, None, ["AS"], "XX", "as", {"b": 1, "a": 'é\n"'}, True, 2**70, "A♠", ""]
    assert _verdict(table, _drawn(forged)) == (
        'field cards: records A♠ 7 null ["AS"] "XX" "as" {"a":"é\\n\\"","b":1} true 1180591620717411303424 "A♠" "", '
        "but the next cards of the deck's shuffle are A♠ 10♥ A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣"
    )
    # A record that is no list at all reads as what it records, never as the cards it spells.
    assert _verdict(table, _drawn("AS9H")) == ('field cards: records "AS9H", but the next cards of the deck\'s shuffle are A♠ 10♥ A♣ 2♣')
    # A number or null for the cards is a verdict on inputs the rules cannot replay, not a crash.
    assert _verdict(table, _drawn(5)) == "its recorded inputs cannot be replayed by the rules (TypeError: 'int' object is not iterable)"
    assert _verdict(table, _drawn(None)) == (
        "its recorded inputs cannot be replayed by the rules (TypeError: 'NoneType' object is not iterable)"
    )
    assert _verdict(table, _drawn(ORDER[:2])) is None  # the deck still stands where it stood


def test_a_draw_from_an_exhausted_shuffle_says_none_is_left() -> None:
    table = _shuffled_deck()
    assert _verdict(table, _drawn(ORDER)) is None
    assert _verdict(table, _drawn(["KS"])) == "field cards: records K♠, but the deck's shuffle has no cards left"


def test_a_forged_shuffle_names_what_the_packs_cannot_spare_in_a_packs_order_then_the_rest() -> None:
    table = _shuffled_deck()
    assert _verdict(table, _drawn(ORDER[:2])) is None  # A♠ and 10♥ may come back
    pool = ["10H", "KS", "ZZ", 5, None, 1, True, "2C", "AS", "A♠"]
    assert _verdict(table, _event(SHUFFLED, chance=[{"op": "shuffle", "deck": pool, "result": pool}])) == (
        'field chance: shuffles in 2♣ K♠ "A♠" "ZZ" 1 1 5 null, which the deck\'s packs cannot spare'
    )
    # A list in a card's place cannot be counted: a verdict, not a crash.
    unhashable = ["10H", ["AS"]]
    assert _verdict(table, _event(SHUFFLED, chance=[{"op": "shuffle", "deck": unhashable, "result": unhashable}])) == (
        "its recorded inputs cannot be replayed by the rules (TypeError: unhashable type: 'list')"
    )


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("10H", "10♥"),
        ("QS", "Q♠"),
        ("1S", '"1S"'),
        ("", '""'),
        (0, "0"),
        (None, "null"),
        (False, "false"),
        (["10H"], '["10H"]'),
        ({"z": [None], "a": "\t"}, '{"a":"\\t","z":[null]}'),
    ],
)
def test_a_card_s_words_are_its_symbols_or_its_json_text(value: Any, words: str) -> None:
    assert card_words(value) == words


def test_cards_words_read_nothing_for_none_and_json_for_what_is_no_list() -> None:
    assert cards_words(["AC", "10D"]) == "A♣ 10♦"
    assert cards_words(("AC",)) == "A♣"
    assert cards_words([]) == "nothing"
    assert cards_words("AC") == '"AC"'
    assert cards_words(3) == "3"
    assert cards_words({"AC": 1}) == '{"AC":1}'


def test_cartes_names_the_cards_a_deck_handed_in_words() -> None:
    table = Table()
    table.state[("name", "alice-id")] = "Alice"
    table.hand_out("Alice", ["AS", "9H"])
    with pytest.raises(Mismatch, match="^records 5, but the deck dealt Alice 9♥$"):
        cartes._dealt({"originator_id": "alice-id", "hand": ["AS"], "pile": [5]}, table, {})
    with pytest.raises(Mismatch, match="^records Q♠ null, but the deck handed Alice A♠ 9♥$"):
        cartes._last_handed(table, "Alice", "outcome", ["QS", None])
    with pytest.raises(Mismatch, match="^records K♠ K♠ K♠, but the deck handed Bruno nothing$"):
        cartes._last_handed(table, "Bruno", "outcome", ["KS"] * 3)
