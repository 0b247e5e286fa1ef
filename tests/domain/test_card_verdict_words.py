"""Verdicts name cards in words (ruling FP10): a forged draw or shuffle reads its cards as the log
shows them ("A♠ 9♥"), not as a Python list; whatever a forged record puts in a card's place (a
number, null, a list, a string that is no card) reads as its JSON text, and never crashes the
verifier. The browser's verifier writes the very same words (tests/web/test_browser_verifier.py)."""

from __future__ import annotations

from typing import Any

import pytest

from chronique.domain.cards import RANKS, card_words, cards_words, fresh_packs
from chronique.domain.deck_rules import CREATED, DRAWN, RULES, SHUFFLED
from chronique.domain.fairness import KeyedStream, rederive
from chronique.domain.rederivation import Mismatch, Replay, Table, check
from chronique.domain.rulesets.cartes import verification as cartes

DECK = "7d163d9c-5eb2-5bce-bb86-dcb2d60d8147"
PACK = fresh_packs(1)
# The shuffle's order: A♠ then 10♥ on top, the rest of the pack under them.
ORDER = ["AS", "10H", *(card for card in PACK if card not in ("AS", "10H"))]


def _event(topic: str, **fields: Any) -> dict[str, Any]:
    return {"topic": topic, "originator_id": DECK, **fields}


def _verdict(table: Table, event: dict[str, Any]) -> str | None:
    return check(RULES.rederive[event["topic"]], event, table)


# A rule that crashed on what an event records, in words (ruling FP21): these events hold no
# version, so the log has no reference for them.
CRASHED = "the rules could not re-derive this event from what it records: a value it holds is not one they can read"


def _detail(table: Table, event: dict[str, Any]) -> str | None:
    """The Python error of a rule that crashed: a developer's, never in the verdict's words."""
    return getattr(check(RULES.rederive[event["topic"]], event, table), "detail", None)


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
    # A number or null for the cards is a verdict on inputs the rules cannot replay, not a crash;
    # in words, the Python error kept apart for a developer (ruling FP21).
    assert _verdict(table, _drawn(5)) == CRASHED
    assert _detail(table, _drawn(5)) == "TypeError: 'int' object is not iterable"
    assert _verdict(table, _drawn(None)) == CRASHED
    assert _detail(table, _drawn(None)) == "TypeError: 'NoneType' object is not iterable"
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
    shuffled = _event(SHUFFLED, chance=[{"op": "shuffle", "deck": unhashable, "result": unhashable}])
    assert _verdict(table, shuffled) == CRASHED
    assert _detail(table, shuffled) == "TypeError: unhashable type: 'list'"  # a developer's (ruling FP21)


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


# A fresh pack as people read it (FAIRNESS.md's order: per suit C D H S, ranks in order).
PACK_WORDS = " ".join(f"{rank}{symbol}" for symbol in "♣♦♥♠" for rank in RANKS)


def _stream() -> KeyedStream:
    return KeyedStream.v2(bytes(32), DECK, "session-1", 0)


def _forged_shuffle(deck: list[str], **forged: Any) -> str | None:
    honest = _stream()
    honest.shuffle(deck)
    return rederive([{**honest.ops[0], **forged}], _stream())


def test_a_shuffle_primitive_not_the_streams_names_its_cards_in_words() -> None:
    # FAIRNESS.md: a shuffle's result is the stream's; this stream puts 10♥ Q♣ A♠ in that order.
    assert _forged_shuffle(["AS", "10H", "QC"], result=["QC", "10H", "AS"]) == (
        "primitive 0 (shuffle) recorded Q♣ 10♥ A♠, the stream gives 10♥ Q♣ A♠"
    )
    assert _forged_shuffle(["AS", "10H", "QC"], result=["AS", 7, None, "XX", ["AS"]]) == (
        'primitive 0 (shuffle) recorded A♠ 7 null "XX" ["AS"], the stream gives 10♥ Q♣ A♠'
    )
    # A result that is no list reads as what it records, never as the cards it spells.
    assert _forged_shuffle(["AS", "10H", "QC"], result="AS9H") == 'primitive 0 (shuffle) recorded "AS9H", the stream gives 10♥ Q♣ A♠'
    assert _forged_shuffle(["AS", "10H", "QC"], result=None) == "primitive 0 (shuffle) recorded null, the stream gives 10♥ Q♣ A♠"


def test_a_long_shuffle_s_words_stop_at_the_end_of_a_card() -> None:
    # 80 characters at most of each side, cut where a card ends, "…" for the rest.
    order = "K♣ 4♥ Q♥ 2♦ K♦ 4♣ 2♠ J♣ 9♦ 6♠ 3♥ K♠ 9♠ 9♥ 8♦ 6♣ 10♠ 3♠ 8♥ 5♣ 6♦ A♦ 7♣ 8♠ 3♦ 9♣"
    stream = _stream()
    given = stream.shuffle(PACK)
    assert _forged_shuffle(PACK, result=[given[1], given[0], *given[2:]]) == (
        f"primitive 0 (shuffle) recorded {order} …, the stream gives 4♥ K♣ {order[6:]} …"
    )
    # Words without a space to stop at are cut at the limit itself.
    assert _forged_shuffle(PACK, result="x" * 100) == f'primitive 0 (shuffle) recorded "{"x" * 79}…, the stream gives 4♥ K♣ {order[6:]} …'


def test_a_die_s_face_still_reads_as_its_number() -> None:
    stream = _stream()
    face = stream.die(6)
    forged = {**stream.ops[0], "value": face % 6 + 1}
    assert rederive([forged], _stream()) == f"primitive 0 (d) recorded {face % 6 + 1}, the stream gives {face}"
    assert (
        rederive([{**stream.ops[0], "value": 10**100}], _stream())
        == f"primitive 0 (d) recorded {str(10**100)[:80]}…, the stream gives {face}"
    )


def test_a_replayed_primitive_of_another_kind_names_the_deck_the_rules_shuffle_in_words() -> None:
    table = Table()
    assert _verdict(table, _event(CREATED, packs=1, ranks=list(RANKS))) is None
    shuffled = _event(SHUFFLED, chance=[{"op": "d", "sides": 6, "value": 3, "deck": list(PACK), "result": ORDER}])
    assert _verdict(table, shuffled) == f"field chance: primitive 0 is 'd' where the rules ask for 'shuffle' (deck {PACK_WORDS})"
    # The deck a game's rules shuffle (a pile) may hold what a forged record put there, or nothing.
    for deck, words in ((["AS", 7, None, "XX"], 'A♠ 7 null "XX"'), ([], "nothing")):
        with pytest.raises(Mismatch) as caught:
            Replay([{"op": "d", "sides": 6, "value": 3}]).shuffle(deck)
        assert str(caught.value) == f"primitive 0 is 'd' where the rules ask for 'shuffle' (deck {words})"
    # Other primitives name their inputs as before.
    with pytest.raises(Mismatch) as caught:
        Replay([{"op": "shuffle", "deck": ["AS"], "result": ["AS"]}]).die(6)
    assert str(caught.value) == "primitive 0 is 'shuffle' where the rules ask for 'd' (sides 6)"


def test_the_cards_a_side_takes_are_named_in_words_and_a_record_that_is_no_list_as_its_json() -> None:
    # MicroFudge's attack, defence and armour cards are the next ones its deck handed (L311).
    table = Table()
    table.hand_out("Alice", ["AC", "10D", "QS"])
    cases = [
        (["10D"], "records 10♦, but the deck handed A♣"),
        (["AC", 7, None], "records A♣ 7 null, but the deck handed A♣ 10♦ Q♠"),
        ("AC10D", 'records "AC10D", but the deck handed A♣ 10♦ Q♠'),
        (["AC", "10D", "QS", "KS"], "records A♣ 10♦ Q♠ K♠, but the deck handed A♣ 10♦ Q♠"),
    ]
    for cards, words in cases:
        with pytest.raises(Mismatch) as caught:
            table.take("Alice", "defence", cards)
        assert (caught.value.field, str(caught.value)) == ("defence", words)
    with pytest.raises(Mismatch) as caught:
        table.take("Bruno", "armour", ["KS"])
    assert str(caught.value) == "records K♠, but the deck handed nothing"
    table.take("Alice", "attack", ["AC", "10D", "QS"])  # the honest record still takes them
    assert table.handed["Alice"] == []
