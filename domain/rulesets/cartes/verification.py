"""Cartes' rules for the verifier (FAIRNESS.md v2, rules re-derivation). Cartes draws nothing but
cards: a pile or a test holds the cards the general deck handed its character (its order checked
by ``deck_rules``), and a test's outcome is what the same ``resolve_test`` play uses gives for
those cards. Standard library only: the standalone verifier carries this module."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from chronique.domain.deck_rules import name_of
from chronique.domain.errors import RuleViolation
from chronique.domain.rederivation import GameRules, Mismatch, Replay, Table, Unknowable
from chronique.domain.rulesets.cartes.resolution import resolve_test

_EVENTS = "chronique.domain.rulesets.cartes.events:"


def _handed_last(table: Table, name: str, field_name: str, cards: Sequence[str]) -> None:
    # The cards a command took are the last ones the deck handed that character in it.
    waiting = table.handed.get(name, [])
    if not cards:
        return
    if list(cards) != waiting[-len(cards) :]:
        if table.unknown:
            raise Unknowable
        raise Mismatch(field_name, f"records {list(cards)}, but the deck handed {name} {waiting[-len(cards) :] or 'nothing'}")


def _dealt(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §Piles: a hand and a pile dealt from the general deck, the hand first.
    name = name_of(table, event["originator_id"])
    hand, pile = list(event["hand"]), list(event["pile"])
    waiting = table.handed.get(name, [])[-(len(hand) + len(pile)) :]
    for field_name, cards, handed in (("pile", pile, waiting[len(hand) :]), ("hand", hand, waiting[: len(hand)])):
        if cards != handed:
            if table.unknown:
                raise Unknowable
            raise Mismatch(field_name, f"records {cards}, but the deck dealt {name} {handed or 'nothing'}")
    table.handed[name] = []
    return {}


def _test(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §Choix de l'actions, §Difficulté des actions, §Bonus de couleur: the outcome follows from the
    # first card, the cards drawn after it, the target, the level asked and the manoeuvre.
    recorded = event["outcome"]
    drawn = list(recorded["drawn"])
    if event["source"] == "pile" and event["from_pile"] != drawn[:1]:
        raise Mismatch("from_pile", f"records {event['from_pile']}, but the test's first card is {drawn[:1]}")
    if recorded["support_used"]:
        raise Unknowable  # the supporter's card is recorded on the supporter's chain
    _handed_last(table, name_of(table, event["originator_id"]), "outcome", drawn[1:] if event["source"] != "deck" else drawn)
    # Whether the player short-circuited (L324) is an input the event does not record; it only
    # matters when a ♦ comes first from the pile: the outcome must then be what one of the two gives.
    from_pile = event["source"] == "pile"
    choices = (False, True) if from_pile and drawn[0].endswith("D") else (False,)
    args = (recorded["target"], recorded["level_asked"], tuple(drawn), recorded["manoeuvre"], tuple(event["from_hand"]), from_pile)
    outcomes = [o for o in (_replayed(*args, short_circuit) for short_circuit in choices) if o is not None]
    if not outcomes:
        raise Mismatch("outcome", f"its level asks for another number of cards than the {len(drawn)} it drew")
    outcome = recorded if recorded in outcomes else outcomes[0]
    return {"outcome": outcome, "target": outcome["target"], "support_used": outcome["support_used"]}


def _passive(event: dict[str, Any], table: Table) -> dict[str, Any]:
    # cartes.md A10/§5.1 and §Tirage de conscience (A17): involuntary draws, every card from the
    # general deck, at the recorded target and level.
    recorded = event["outcome"]
    drawn = tuple(recorded["drawn"])
    _handed_last(table, name_of(table, event["originator_id"]), "outcome", drawn)
    outcome = _replayed(recorded["target"], recorded["level_asked"], drawn, recorded["manoeuvre"], (), False, False)
    if outcome is None:
        raise Mismatch("outcome", f"its level asks for another number of cards than the {len(drawn)} it drew")
    return outcome


def _survival(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §Survie: the survival draw (or its retry) against the wound, from the general deck.
    return {"outcome": _passive(event, table)}


def _consciousness(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # §Tirage de conscience: a Volonté draw; a success brings the character to.
    outcome = _passive(event, table)
    return {"outcome": outcome, "regained": outcome["success"]}


@lru_cache(maxsize=65536)
def _replayed(
    target: int, level: int, drawn: tuple[str, ...], manoeuvre: str, hand: tuple[str, ...], from_pile: bool, short_circuit: bool
) -> dict[str, Any] | None:
    # Pure, and a campaign repeats the same few targets, levels and cards: each is worked out once.
    try:
        return resolve_test(
            target,
            level,
            drawn[0],
            lambda n: list(drawn[1 : 1 + n]),
            manoeuvre=manoeuvre,
            short_circuit=short_circuit,
            hand_cards=hand,
            first_from_pile=from_pile,
        ).to_dict()
    except RuleViolation:  # this choice would have drawn another number of cards
        return None


RULES = GameRules(
    rederive={
        _EVENTS + "CardsDealt": _dealt,
        _EVENTS + "TestMade": _test,
        _EVENTS + "SurvivalChecked": _survival,
        _EVENTS + "SurvivalRetried": _survival,
        _EVENTS + "ConsciousnessChecked": _consciousness,
    },
    face_down=frozenset(_EVENTS + name for name in ("CardsDealt", "PileRefilled", "SupportReceived", "TestMade")),
)
