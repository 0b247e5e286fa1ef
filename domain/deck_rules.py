"""chronique-fair-v2 for the shared decks: a deck's draws are the next cards of its recorded
shuffles, and what it shuffles in is cards of its own packs that are not already in it; the
characters' names, to which decks hand their cards.

Standard library only (the standalone verifier carries this module); the topics are written
out because importing the event classes would bring the event-sourcing library along.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from chronique.domain.cards import RANKS, SUITS, card_words, cards_words, fresh_packs, is_card
from chronique.domain.rederivation import GameRules, Mismatch, Replay, Table, Unknowable

_DECK = "chronique.domain.deck:Deck."
CREATED, SHUFFLED, DRAWN, GATHERED = (_DECK + name for name in ("Created", "Shuffled", "CardsDrawn", "Gathered"))


# What a rule returns when the event holds no outcome to compare (a deck's own events).
_NOTHING_MORE: Mapping[str, Any] = {}


class _Deck:
    """A deck as the verifier follows it: its packs, and its shuffled cards not drawn yet, which
    are ``cards[top:]`` (a draw moves ``top`` instead of copying what is left at every draw)."""

    __slots__ = ("packs", "cards", "top")

    def __init__(self, packs: list[str]) -> None:
        self.packs = Counter(packs)
        self.cards: list[str] = []
        self.top = 0


def _deck(event: dict[str, Any], table: Table) -> _Deck:
    deck = table.state.get(event["originator_id"])
    if deck is None or event["originator_id"] in table.unknown:
        raise Unknowable
    return deck


def _created(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    table.state[event["originator_id"]] = _Deck(fresh_packs(event["packs"], tuple(event["ranks"])))
    return _NOTHING_MORE


def _shuffled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    deck = _deck(event, table)
    (shuffle,) = event["chance"]
    pool = list(shuffle["deck"])
    left = deck.cards[deck.top :]
    # A deck mostly shuffles in every card it lacks: then the pool is exactly what its packs spare.
    # Counted cards have no zero counts, so dict equality (in C) is multiset equality. Else the
    # packs spare the pool when no card of it is in the deck (left or shuffled in) more often than
    # the packs hold it: one pass over the pool's cards, not two multiset subtractions.
    counted = Counter(left + pool)
    if not dict.__eq__(counted, deck.packs) and any(counted[card] > deck.packs[card] for card in set(pool)):
        spare = deck.packs - Counter(left)
        extra = sorted((Counter(pool) - spare).elements(), key=_pack_order)
        raise Mismatch("chance", f"shuffles in {cards_words(extra)}, which the deck's packs cannot spare")
    deck.cards, deck.top = [*left, *replay.shuffle(pool)], 0
    return _NOTHING_MORE


def _drawn(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # Most events of a campaign are draws: the deck is looked up here rather than through
    # ``_deck``, and the cards, a list as decoded, are not copied.
    originator_id = event["originator_id"]
    deck = table.state.get(originator_id)
    if deck is None or originator_id in table.unknown:
        raise Unknowable
    cards = event["cards"]
    if type(cards) is not list:
        cards = list(cards)
    top = deck.top
    end = top + len(cards)
    if cards != deck.cards[top:end]:
        raise Mismatch("cards", _not_the_next(event["cards"], deck.cards[top:end]))
    deck.top = end
    # ``Table.hand_out`` without the call: most of a campaign's events are draws.
    table.handed[event["to"]].extend(cards)
    return _NOTHING_MORE


def _pack_order(card: object) -> tuple[int, int, int, str]:
    # Cards a verdict lists read in a fresh pack's order (A♣ 2♣ … K♠); whatever a forged record
    # put in a card's place comes after them, by its words' code points: never compared with a
    # card (Python's ``<`` between a str and an int raises), and the browser sorts them alike.
    if isinstance(card, str) and is_card(card):
        return (0, SUITS.index(card[-1]), RANKS.index(card[:-1]), "")
    return (1, 0, 0, card_words(card))


def _not_the_next(recorded: object, following: list[str]) -> str:
    # The cards in words, as the log shows them (ruling FP10): "records A♠ 9♥, but ...".
    if not following:
        return f"records {cards_words(recorded)}, but the deck's shuffle has no cards left"
    return f"records {cards_words(recorded)}, but the next cards of the deck's shuffle are {cards_words(following)}"


def _gathered(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    deck = _deck(event, table)
    deck.cards, deck.top = [], 0
    return _NOTHING_MORE


def _character(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # A deck hands cards to a character by name (``CardsDrawn.to``); a game's rules ask it back.
    table.state[("name", event["originator_id"])] = event["name"]
    table.state[("sheet", event["originator_id"])] = event["sheet"]
    return _corrected(event, replay, table)


def _corrected(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # A correction voids an event without erasing it: from here on the character is what it records.
    table.state[("now", event["originator_id"])] = {"sheet": dict(event["sheet"]), "condition": dict(event["condition"])}
    return _NOTHING_MORE


def character_now(table: Table, originator_id: str) -> dict[str, Any]:
    """A character's ``sheet`` and ``condition`` as its creation or its last correction recorded
    them, which a game's rules keep current by applying its own events to them in recording order
    (they replace nested values, never change them: those are still recorded payloads)."""
    now = table.state.get(("now", originator_id))
    if now is None or originator_id in table.unknown:
        raise Unknowable
    return now


def sheet_of(table: Table, originator_id: str) -> dict[str, Any]:
    """The sheet a character was created with."""
    sheet = table.state.get(("sheet", originator_id))
    if sheet is None:
        raise Unknowable
    return dict(sheet)


def name_of(table: Table, originator_id: str) -> str:
    """The name a character was created with, as decks hand it cards."""
    name = table.state.get(("name", originator_id))
    if name is None:
        raise Unknowable
    return str(name)


CHARACTER_CREATED, CHARACTER_CORRECTED, CHARACTER_UNDONE = (
    f"chronique.domain.character:Character.{name}" for name in ("Created", "Corrected", "Undone")
)

RULES = GameRules(
    rederive={
        CREATED: _created,
        SHUFFLED: _shuffled,
        DRAWN: _drawn,
        GATHERED: _gathered,
        CHARACTER_CREATED: _character,
        CHARACTER_CORRECTED: _corrected,
        CHARACTER_UNDONE: _corrected,
    },
    chance=frozenset({SHUFFLED}),
    face_down=frozenset({SHUFFLED, DRAWN}),
)
