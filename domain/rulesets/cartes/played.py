"""The general deck's cards each recorded Cartes event played, in the order they were drawn, each
with whom the deck handed it to (``Deck.CardsDrawn.to``), for ``audit show`` to place every one
in the shuffle it came from (rulings FP11, FP13, C85); and the hand cards a purchase paid, each
with the event that put it in the hand (ruling C144).

A recorded event read as the journal stores it (its JSON fields). Standard library only, like the
verifier's rule modules: it reads what play recorded and nothing else.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.condition import CHANGES

EVENTS = "chronique.domain.rulesets.cartes.events:"
_CHARACTER = "chronique.domain.character:Character."

Played = list[tuple[str | None, str]]
"""(whom the deck handed the card to, the card), in the order drawn; None: the event's own character."""

# A Cartes event's fields, as recorded.
Recorded = Mapping[str, Any]


def _own(cards: Sequence[Any]) -> Played:
    return [(None, str(card)) for card in cards]


def _drawn(outcome: Recorded) -> list[str]:
    # The cards a draw turned over in order (``drawn``); an outcome recorded before it was kept
    # has only the cards it was resolved with.
    return [str(card) for card in outcome.get("drawn") or outcome["cards"]]


def _test(e: Recorded) -> Played:
    # §Choix de l'actions: the first card from the pile, the hand or the deck, then the deck's;
    # then the cards played in place of drawn ones (§Ressources en cartes L199: a hand card for a
    # failed draw; §Tirage des soutiens L293: the supporter's power card), in the order played.
    outcome = e["outcome"]
    drawn = _drawn(outcome)
    substituted = outcome.get("substituted")
    if substituted is None:  # recorded before it was kept: the played cards not drawn, in order
        extra = Counter(str(card) for card in outcome["cards"]) - Counter(drawn)
        played = []
        for card in map(str, outcome["cards"]):
            if extra[card] > 0:
                extra[card] -= 1
                played.append(card)
    else:
        played = [str(card) for _, card in substituted]
    return _own([*drawn, *played])


def _tie_breaks(e: Recorded) -> Played:
    # §Réussites ou échecs L305-313, A18: one card each, the acting character's then its
    # opponent's, pair after pair (combat._exchange).
    out: Played = []
    for mine, theirs in e["opposition"].get("tie_breaks") or ():
        out += [(None, str(mine)), (str(e["opponent"]), str(theirs))]
    return out


def _under_care(e: Recorded) -> Played:
    # §Médecine L465 (cartes.md A10, §5.1): the healer's Médecine draw first, its cards handed to
    # the healer, then the patient's Carrure draw (processes.py).
    medicine = e.get("medicine")
    healer: Played = [(str(medicine["healer"]), card) for card in _drawn(medicine["outcome"])] if medicine else []
    return [*healer, *_own(_drawn(e["outcome"]))]


CARDS_PLAYED: dict[str, Callable[[Recorded], Played]] = {
    EVENTS + "CardsDealt": lambda e: _own([*e["hand"], *e["pile"]]),  # §Distribution: the hand, then the pile
    EVENTS + "HandDealtEarly": lambda e: _own(e["hand"]),
    EVENTS + "TestMade": _test,
    EVENTS + "SupportReceived": lambda e: _own(e["cards"]),  # a resource support's cards (a power card is the supporter's)
    EVENTS + "OppositionSettled": _tie_breaks,
    EVENTS + "ConsciousnessChecked": lambda e: _own(_drawn(e["outcome"])),
    EVENTS + "SurvivalChecked": _under_care,
    EVENTS + "SurvivalRetried": _under_care,
    EVENTS + "PileRefilled": lambda e: _own(e["cards"]),
    EVENTS + "ExperienceAwarded": lambda e: _own(e["cards"]),
}
"""By topic, the cards each Cartes event that draws from the general deck played; every other
Cartes event plays none."""


def cards_played(event: Recorded) -> Played | None:
    """The cards the recorded Cartes ``event`` played, in the order drawn, each with whom the deck
    handed it to (None: the event's own character); ``[]`` for a Cartes event that plays none;
    None for an event of another game."""
    topic = str(event.get("topic", ""))
    if not topic.startswith(EVENTS):
        return None
    read = CARDS_PLAYED.get(topic)
    return read(event) if read is not None else []


def cards_passed(event: Recorded) -> list[tuple[str, str]]:
    """The card a recorded Cartes ``event`` gave its character from another's: a power support's
    success card, the supporter's (§Tirage des soutiens L293), which the deck handed to the
    supporter (a card of its pile, or drawn for the support); none for any other event."""
    if event.get("topic") == EVENTS + "SupportReceived" and event.get("card"):
        return [(str(event["supporter"]), str(event["card"]))]
    return []


Held = list[tuple[str, str | None]]
"""A hand, card by card in its order, each with the reference of the event that put it there
(None: no event the journal holds tells it)."""


def cards_paid(event: Recorded, earlier: Sequence[tuple[str, Recorded]]) -> Held:
    """The hand cards a recorded purchase (``ExperienceSpent``) paid, in the order paid, each with
    the reference of the event of its character that put it in the hand (§Expérience L536: a
    purchase is paid with hand cards, which a deal, a hand dealt early or an award drew; ruling
    C144), None where the journal does not tell it; ``[]`` for any other event. ``earlier``: the
    character's recorded events before it, in recording order, each with its reference. A card held
    twice (two packs) is paid as the purchase paid it, the first held first
    (``condition._remove``)."""
    if event.get("topic") != EVENTS + "ExperienceSpent":
        return []
    held = _hand_held(earlier)
    paid: Held = []
    for card in map(str, event["cards"]):
        first = next((i for i, (c, _) in enumerate(held) if c == card), None)
        paid.append(held.pop(first) if first is not None else (card, None))
    return paid


def _hand_held(earlier: Sequence[tuple[str, Recorded]]) -> Held:
    # The hand each event left, by the very changes play applies (condition.CHANGES), each card
    # with the event that put it there: its creation or a correction records the whole condition,
    # a hand whose cards not held before no event of the journal tells the origin of.
    sheet: dict[str, Any] = {}
    condition: dict[str, Any] | None = None
    held: Held = []
    for ref, e in earlier:
        topic = str(e.get("topic", ""))
        if topic.startswith(_CHARACTER) and "condition" in e:
            sheet, condition = dict(e["sheet"]), dict(e["condition"])
            held = _follow(held, condition["hand"], None)
            continue
        change = CHANGES.get(topic.removeprefix(EVENTS)) if topic.startswith(EVENTS) else None
        if change is None or condition is None:
            continue
        try:
            change(sheet, condition, e)
        except (RuleViolation, ValueError, LookupError):
            # A record the replay cannot follow (a correction voided what it played): what the hand
            # holds is not known from here until the next correction records it.
            condition, held = None, []
            continue
        held = _follow(held, condition["hand"], ref)
    return held


def _follow(held: Held, hand: Sequence[str], origin: str | None) -> Held:
    """The hand ``hand`` with each card's origin: a card ``held`` before keeps its own, the first
    held of a card leaving first as play spends it (``condition._remove``); a card not held before
    came by ``origin`` (every change adds to the end of the hand)."""
    rest = list(held)
    for card, count in (Counter(c for c, _ in held) - Counter(hand)).items():
        for _ in range(count):
            rest.pop(next(i for i, (c, _) in enumerate(rest) if c == card))
    out: Held = []
    for card in map(str, hand):
        kept = next((i for i, (c, _) in enumerate(rest) if c == card), None)
        out.append(rest.pop(kept) if kept is not None else (card, origin))
    return out
