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

from chronique.domain.cards import fresh_packs
from chronique.domain.rederivation import GameRules, Mismatch, Replay, Table, Unknowable

_DECK = "chronique.domain.deck:Deck."
CREATED, SHUFFLED, DRAWN, GATHERED = (_DECK + name for name in ("Created", "Shuffled", "CardsDrawn", "Gathered"))


def _deck(event: dict[str, Any], table: Table) -> dict[str, Any]:
    deck = table.state.get(event["originator_id"])
    if deck is None or event["originator_id"] in table.unknown:
        raise Unknowable
    return deck


def _created(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    table.state[event["originator_id"]] = {"packs": fresh_packs(event["packs"], tuple(event["ranks"])), "cards": []}
    return {}


def _shuffled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    deck = _deck(event, table)
    (shuffle,) = event["chance"]
    pool = list(shuffle["deck"])
    spare = Counter(deck["packs"]) - Counter(deck["cards"])
    if Counter(pool) - spare:
        raise Mismatch("chance", f"shuffles in {sorted((Counter(pool) - spare).elements())}, which the deck's packs cannot spare")
    deck["cards"] = [*deck["cards"], *replay.shuffle(pool)]
    return {}


def _drawn(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    deck = _deck(event, table)
    cards = list(event["cards"])
    if cards != deck["cards"][: len(cards)]:
        raise Mismatch("cards", f"records {cards}, but the next cards of the deck's shuffle are {deck['cards'][: len(cards)]}")
    deck["cards"] = deck["cards"][len(cards) :]
    table.hand_out(str(event["to"]), cards)
    return {}


def _gathered(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    _deck(event, table)["cards"] = []
    return {}


def _character(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # A deck hands cards to a character by name (``CardsDrawn.to``); a game's rules ask it back.
    table.state[("name", event["originator_id"])] = event["name"]
    table.state[("sheet", event["originator_id"])] = event["sheet"]
    return {}


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


CHARACTER_CREATED = "chronique.domain.character:Character.Created"

RULES = GameRules(
    rederive={CREATED: _created, SHUFFLED: _shuffled, DRAWN: _drawn, GATHERED: _gathered, CHARACTER_CREATED: _character},
    chance=frozenset({SHUFFLED}),
    face_down=frozenset({SHUFFLED, DRAWN}),
)
