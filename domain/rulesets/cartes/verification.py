"""Cartes' rules for the verifier (FAIRNESS.md v2, rules re-derivation). Cartes draws nothing but
cards: a pile, a refill, a support or a draw holds the cards the general deck handed its character
(the deck's order is checked by ``deck_rules``), and what it records follows from those cards by
the same pure functions play uses (``resolution``, ``survival``). The verifier keeps each
character's sheet and condition current by applying every Cartes event with the very function
play applies (``condition.CHANGES``), so a rule reads the pile, the wounds, the care and the
support cards that play read. Standard library only: the standalone verifier carries this module."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

from chronique.domain.cards import cards_words
from chronique.domain.cards import value as card_value
from chronique.domain.deck_rules import character_now, name_of
from chronique.domain.errors import RuleViolation
from chronique.domain.rederivation import GameRules, Mismatch, Rederive, Replay, Table, Unknowable
from chronique.domain.rulesets.cartes.condition import CHANGES, Change
from chronique.domain.rulesets.cartes.damage import condition_malus, opposition_damage
from chronique.domain.rulesets.cartes.resolution import (
    LOWEST_CARD,
    TestOutcome,
    certain_failure,
    oppose,
    pile_gain,
    purposes,
    recovery_level,
    resolve_test,
    resource_level,
    tactics_markers,
)
from chronique.domain.rulesets.cartes.survival import (
    extra_levels,
    healer_target,
    medicine_level,
    medicine_support,
    retry_level,
    retry_result,
    survival_consequences,
    survival_level,
)
from chronique.domain.text import plural, quoted

_EVENTS = "chronique.domain.rulesets.cartes.events:"

Check = Callable[[dict[str, Any], Table, dict[str, Any]], Mapping[str, Any]]
"""(the event, the table, its character's sheet and condition before it) -> the outcome fields."""

Replayed = tuple[TestOutcome, dict[str, Any]]

_NONE_HANDED: list[str] = []  # only ever sliced: shared, not a new empty list per draw


def _handed_last(table: Table, draws: Sequence[tuple[str, str, Sequence[str]]]) -> None:
    # The cards a command took are the last ones the deck handed each character (name, field,
    # cards) in it, in the order it drew them.
    ends: dict[str, int] = {}
    for name, field_name, cards in reversed(draws):
        if cards:
            ends[name] = _last_handed(table, name, field_name, cards, ends.get(name))


def _last_handed(table: Table, name: str, field_name: str, cards: Sequence[str], end: int | None = None) -> int:
    # Whether ``cards`` are the last cards the deck handed ``name`` (before the ``end``-th, when a
    # later draw of the same command took those after it); where they start. One draw, the most
    # common, asks this alone rather than through ``_handed_last``'s bookkeeping.
    waiting = table.handed.get(name, _NONE_HANDED)
    if end is None:
        end = len(waiting)
    start = end - len(cards)
    if start < 0:
        start = 0
    if (cards if type(cards) is list else list(cards)) != waiting[start:end]:  # no copy of a decoded list
        if table.unknown:  # a face-down draw may have handed them: not checkable until revealed
            raise Unknowable
        raise Mismatch(field_name, f"records {cards_words(list(cards))}, but the deck handed {name} {cards_words(waiting[start:end])}")
    return start


def _dealt(event: dict[str, Any], table: Table, now: dict[str, Any]) -> Mapping[str, Any]:
    # §Piles: a hand and a pile dealt from the general deck, the hand first.
    name = name_of(table, event["originator_id"])
    hand, pile = list(event["hand"]), list(event["pile"])
    waiting = table.handed.get(name, [])[-(len(hand) + len(pile)) :]
    for field_name, cards, handed in (("pile", pile, waiting[len(hand) :]), ("hand", hand, waiting[: len(hand)])):
        if cards != handed:
            if table.unknown:
                raise Unknowable
            raise Mismatch(field_name, f"records {cards_words(cards)}, but the deck dealt {name} {cards_words(handed)}")
    table.handed[name] = []
    return {}


def _dealt_early(event: dict[str, Any], table: Table, now: dict[str, Any]) -> Mapping[str, Any]:
    # §Expérience L534 (C46): a hand dealt between sessions is a deal without a pile.
    return _dealt({**event, "pile": []}, table, now)


def _test(event: dict[str, Any], table: Table, now: dict[str, Any]) -> Mapping[str, Any]:
    # §Choix de l'actions, §Difficulté des actions, §Bonus de couleur: the outcome follows from the
    # first card, the cards drawn after it, the target, the level asked, the manoeuvre, the hand
    # cards played, and the supporter's power card the character holds (§Déroulement du tour L293).
    recorded = event["outcome"]
    drawn = recorded["drawn"]
    if type(drawn) is not list:  # decoded JSON gives a list: most tests copy nothing
        drawn = list(drawn)
    source, c, from_hand = event["source"], now["condition"], event["from_hand"]
    name = name_of(table, event["originator_id"])
    from_pile = source == "pile"
    if from_pile and event["from_pile"] != drawn[:1]:
        raise Mismatch("from_pile", f"records {cards_words(event['from_pile'])}, but the test's first card is {cards_words(drawn[:1])}")
    if from_pile and event["from_pile"] != c["pile"][:1]:
        top = cards_words(c["pile"][:1])
        raise Mismatch("from_pile", f"records {cards_words(event['from_pile'])}, but the top of {name}'s pile is {top}")
    if from_hand and Counter(from_hand) - Counter(c["hand"]):
        raise Mismatch("from_hand", f"records {cards_words(from_hand)}, but {name} holds {cards_words(c['hand'])} in hand")
    if event.get("first_card_lowest"):
        # Ruling C121: a test that says the game played the hand's lowest card, none being named,
        # played a hand card no other card held was lower than.
        first = from_hand[:1] if source == "hand" else []
        lower = [card for card in c["hand"] if first and card_value(card) < card_value(first[0])]
        if not first or lower:
            held = f"held {cards_words(lower)}, lower" if first else "played no hand card first"
            raise Mismatch("first_card_lowest", f"records that {name} played the lowest hand card first, but {name} {held}")
    _last_handed(table, name, "outcome", drawn if source == "deck" else drawn[1:])
    # A test from the hand spends its first card too: only the others were played in place of draws.
    played = tuple(from_hand[1:] if source == "hand" else from_hand)
    # Ruling C92: every power support card held is offered to the draw; a test recorded before
    # that (class version 6) was offered the first one only.
    every = event.get("support_cards_spent") is not None
    supports = tuple(c["support_cards"] if every else c["support_cards"][:1])
    chosen = event.get("short_circuit")
    if chosen is None:
        table.unrecorded("short_circuit")
        # Recorded before TestMade kept the player's short-circuit choice (its class version 3):
        # the choice only matters when a ♦ comes first from the pile (L324), and either is the rules'.
        choices: tuple[bool, ...] = (False, True) if from_pile and drawn[0].endswith("D") else (False,)
    else:
        choices = (bool(chosen),)
    target, level, cards, manoeuvre = recorded["target"], recorded["level_asked"], tuple(drawn), recorded["manoeuvre"]
    # Ruling C101: an easy resource draw keeps the success gaining the most cards; a test recorded
    # before class version 7 (None) kept the highest value.
    by_gain = event.get("best_by_gain") is not None
    outcomes = []
    for short_circuit in choices:
        replayed = _replayed(target, level, cards, manoeuvre, played, from_pile, short_circuit, supports, by_gain)
        if replayed is not None:
            outcomes.append(replayed[1])
    if not outcomes:
        raise Mismatch("outcome", f"its level asks for another number of cards than the {len(drawn)} it drew")
    # Of two choices the rules allow, the one recorded (when it is one); a single choice is
    # compared with the record once, by ``check``, not here as well.
    outcome = outcomes[0] if len(outcomes) == 1 or recorded not in outcomes else recorded
    expected = {"outcome": outcome, "target": outcome["target"], "support_used": outcome["support_used"]}
    if event.get("support_spent") is not None:
        # §Tirage des soutiens L293: the support card held for this draw is spent by it, used or
        # not (tests recorded before it was kept, None, spent it only when they used it).
        expected["support_spent"] = bool(supports)
    if every:
        expected["support_cards_spent"] = len(supports)
    if by_gain:
        expected["best_by_gain"] = True
    return expected


def settled_by(
    event: Mapping[str, Any], last: Callable[[str], Mapping[str, Any] | None], characters: Iterable[tuple[str, str]]
) -> tuple[Mapping[str, Any] | None, str | None, Mapping[str, Any] | None]:
    """What an opposition ``event`` (its fields as stored) follows from (§Réussites ou échecs
    L305-313), the one rule of the verifier and of ``audit show`` (ruling EB31, C133): the acting
    character's test just made (None when its event just before is not a test), the opponent's id
    as play finds the name among ``characters`` (id, name) (None when not at the table), and the
    opponent's test just made when the opponent drew (None when it did not draw, §KO ou OK L361,
    L271, or its event just before is not a test). ``last`` gives a character's event just before
    the opposition, None when it has none. Nothing of any other event."""
    if event["topic"] != _EVENTS + "OppositionSettled":
        return None, None, None
    opponent = character_named(characters, event["opponent"])
    answer = last(opponent) if opponent is not None and event["opponent_stance"] == "draws" else None
    return _test_made(last(event["originator_id"])), opponent, _test_made(answer)


def _test_made(event: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    return event if event is not None and event["topic"].endswith(":TestMade") else None


def character_named(characters: Iterable[tuple[str, str]], name: str) -> str | None:
    """The id of the character ``name`` calls, among ``characters`` (id, name), as play finds one:
    by its name, whatever the case, or by its id; None when none is."""
    wanted = name.strip().casefold()
    return next((id_ for id_, known in characters if known.casefold() == wanted or id_ == wanted), None)


def _characters(table: Table) -> Iterator[tuple[str, str]]:
    # The characters at the table, (id, name), as their creation recorded them (deck_rules).
    return ((str(key[1]), str(value)) for key, value in table.state.items() if isinstance(key, tuple) and key[0] == "name")


def _opposition(event: dict[str, Any], table: Table, now: dict[str, Any]) -> Mapping[str, Any]:
    # §Réussites ou échecs L305-313: the opposition follows from the acting character's test just
    # made and its opponent's (none when the opponent was out of combat, §KO ou OK L361, or ignored
    # the action, L271), ties broken by the cards the deck handed each of them (A18); the loser
    # takes the winner's net plus the winner's weapon bonus.
    name = name_of(table, event["originator_id"])
    test, opponent, answer = settled_by(event, lambda member: character_now(table, member).get("last"), _characters(table))
    if test is None:
        raise Mismatch("opposition", f"{name} made no draw just before")
    if opponent is None:
        raise Mismatch("opponent", f"records {quoted(event['opponent'])}, who is not at the table")
    them, stance, second = character_now(table, opponent), event["opponent_stance"], None
    if stance == "draws":
        if answer is None:
            raise Mismatch("opponent_stance", f"records that {event['opponent']} drew, but they made no draw just before")
        second = TestOutcome.from_dict(answer["outcome"])
    elif stance == "out of combat" and not them["condition"]["out_of_combat"]:
        raise Mismatch("opponent_stance", f"records {event['opponent']} out of combat, but they are not")
    elif stance not in ("draws", "out of combat", "ignores"):
        raise Mismatch("opponent_stance", f"records {quoted(stance)}, which is not a way to meet an action")
    pairs = [(str(a), str(d)) for a, d in event["opposition"].get("tie_breaks", [])]
    _handed_last(table, [(name, "opposition", [a for a, _ in pairs]), (name_of(table, opponent), "opposition", [d for _, d in pairs])])
    waiting = list(pairs)

    def tie_break() -> tuple[str, str]:
        if not waiting:
            raise Mismatch("opposition", f"records {plural(len(pairs), 'tie-break')}, and the rules need more")
        return waiting.pop(0)

    opposition = oppose(TestOutcome.from_dict(test["outcome"]), second, tie_break)
    if waiting:
        raise Mismatch("opposition", f"records {plural(len(pairs), 'tie-break')}, the rules need {len(pairs) - len(waiting)}")
    weapons = event["weapons"]
    damage = opposition_damage(opposition, weapons[opposition.winner]["bonus"]) if weapons and opposition.winner else 0
    return {"opposition": opposition.to_dict(), "damage": damage}


def _support(event: dict[str, Any], table: Table, now: dict[str, Any]) -> Mapping[str, Any]:
    # §Déroulement du tour, supports (L290-297): the supporter's successful draw just before gives
    # its success card (power), three bonus markers (tactics) or resource cards for the pile,
    # as many as its success value, +3 on ♥, up to the pile's maximum (cartes.md §3.11 PROPOSAL).
    supporter = _named(table, event["supporter"])
    test = character_now(table, supporter).get("last") if supporter is not None else None
    if test is None or not test["topic"].endswith(":TestMade"):
        raise Mismatch("supporter", f"records {quoted(event['supporter'])}, who made no draw just before")
    outcome = TestOutcome.from_dict(test["outcome"])
    if not outcome.success:
        raise Mismatch("supporter", f"{event['supporter']}'s draw failed, and a failed support falls on the supporter (L297)")
    name = name_of(table, event["originator_id"])
    cards = list(event["cards"])
    _last_handed(table, name, "cards", cards)
    c = now["condition"]
    room = len(c["pile"]) if c["dealt"] else c["pile_count"]
    count = pile_gain(outcome, room, now["sheet"]["pile_max"]) if outcome.manoeuvre == "resource" else 0
    if len(cards) != count:
        raise Mismatch("cards", f"records {plural(len(cards), 'card')}, the rules give {count}")
    return {
        "kind": outcome.manoeuvre,
        "card": outcome.retained if outcome.manoeuvre == "power" else None,
        "markers": tactics_markers(outcome)[0] if outcome.manoeuvre == "tactics" else 0,
    }


def _refilled(event: dict[str, Any], table: Table, now: dict[str, Any]) -> Mapping[str, Any]:
    # §Épuisement de la pioche L235 and §Choix des manœuvres L279: the recovery or resource draw
    # just made, Très facile and one level harder per earlier one (cartes.md §3.9/§3.10 PROPOSAL),
    # puts the winning card's value in cards (+3 on ♥ for a resource) into the pile, up to its
    # maximum; a recovery, or a failed resource draw, makes the next one harder.
    reason, c = event["reason"], now["condition"]
    name = name_of(table, event["originator_id"])
    test = now.get("last")
    if test is None or not test["topic"].endswith(":TestMade") or purposes(test)[1] != f"{reason} draw":
        raise Mismatch("reason", f"a {reason} refill follows {name}'s {reason} draw, and none was just made")
    steps = c[f"{reason}_steps"]
    level = resource_level(steps) if reason == "resource" else recovery_level(steps, hand_empty=test["source"] == "deck")
    if test["outcome"]["level_asked"] != level:
        raise Mismatch("reason", f"its {reason} draw was made at level {test['outcome']['level_asked']}, the rules ask {level}")
    outcome = TestOutcome.from_dict(test["outcome"])
    cards = list(event["cards"])
    _last_handed(table, name, "cards", cards)
    count = pile_gain(outcome, len(c["pile"]), now["sheet"]["pile_max"], with_suit_bonus=reason == "resource")
    if len(cards) != count:
        raise Mismatch("cards", f"records {plural(len(cards), 'card')}, the rules give {count}")
    return {"harder": reason == "recovery" or not outcome.success}


def _survival(event: dict[str, Any], table: Table, now: dict[str, Any]) -> Mapping[str, Any]:
    # §Survie, §Tirages de survie: a Carrure draw at the wound's lethality; what it leaves (a
    # lasting malus, a worse wound, death) follows from its cards and the character's wounds.
    wounds = now["condition"]["wounds"]
    wound = next((w for w in wounds if w["id"] == event["wound_id"]), None)
    if wound is None:
        raise Mismatch("wound_id", f"{name_of(table, event['originator_id'])} has no open wound {event['wound_id']}")
    carrure = now["sheet"]["characteristics"]["Carrure"]
    medicine, (outcome, recorded) = _with_care(event, table, now, carrure, survival_level(wound["lethality"]))
    return {"outcome": recorded, "medicine": medicine, **survival_consequences(carrure, wound, wounds, outcome, event["at"])}


def _retried(event: dict[str, Any], table: Table, now: dict[str, Any]) -> Mapping[str, Any]:
    # §Médecine L467: a survival draw one level easier than the wound's last, with medicine; its
    # margin replaces the lasting malus, or lifts it.
    lasting = next((m for m in now["condition"]["lasting_malus"] if m["wound"] == event["wound_id"]), None)
    if lasting is None:
        raise Mismatch("wound_id", f"{name_of(table, event['originator_id'])} carries no lasting malus of wound {event['wound_id']}")
    carrure = now["sheet"]["characteristics"]["Carrure"]
    medicine, (outcome, recorded) = _with_care(event, table, now, carrure, retry_level(lasting["lethality"]))
    expected = {"outcome": recorded, "medicine": medicine, "malus": retry_result(lasting["value"], lasting["amount"], outcome)}
    if event.get("malus_before") is not None:
        # Ruling C135: the malus the retry was drawn against is the one the wound carried (None
        # on retries recorded before SurvivalRetried class version 3, which did not keep it).
        expected["malus_before"] = lasting["amount"]
    return expected


def _with_care(
    event: dict[str, Any], table: Table, now: dict[str, Any], carrure: int, level: int
) -> tuple[dict[str, Any] | None, Replayed]:
    # §Médecine L465-475: the living healer who tends the character supports the draw with a
    # tactics Médecine draw at its level, eased or not by the means; its bonus markers raise the
    # target. cartes.md A10/§5.1: both are passive draws from the general deck, the healer's first.
    name = name_of(table, event["originator_id"])
    care, recorded = now["condition"]["care"], event["medicine"]
    healer = _named(table, care["healer"]) if care else None
    if healer is not None and character_now(table, healer)["condition"]["dead"]:
        healer = None
    medicine: dict[str, Any] | None = None
    draws: list[tuple[str, str, Sequence[str]]] = []
    if healer is None and recorded is not None:
        raise Mismatch("medicine", f"records a healer's support, but no living healer tends {name}")
    if healer is not None and recorded is None:
        raise Mismatch("medicine", f"records no healer's support, but {care['healer']} tends {name}")
    if healer is not None:
        healer_name, cards = name_of(table, healer), tuple(recorded["outcome"]["drawn"])
        tender = character_now(table, healer)
        # Ruling C129: the healer's own wound malus weighs on the Médecine draw; a draw recorded
        # before (SurvivalChecked and SurvivalRetried before class version 2, no ``healer_malus``
        # or None) took none, and replays as it was played.
        malus = condition_malus(tender["condition"]) if recorded.get("healer_malus") is not None else None
        target = healer_target(tender["sheet"], malus or 0)
        helped = medicine_level(level, care["means"], extra_levels(care))
        if recorded.get("unmet") is not None and target < LOWEST_CARD:
            # Ruling C136: no card meets the healer's target, and the draw is settled without one;
            # a draw recorded before (``unmet`` absent, class version 3) was drawn and replays so.
            support = certain_failure(target, helped, "tactics")
        else:
            supported = _replayed(target, helped, cards, "tactics", (), False, False, ()) if cards else None
            if supported is None:
                raise Mismatch("medicine", f"its level asks for another number of cards than the {len(cards)} it drew")
            support = supported[0]
        medicine = medicine_support(healer_name, care["means"], support, extra_levels(care), malus, tender["condition"]["ko_malus"])
        # As stored before versions 2 and 3, not upcast; and the knock-out's part, said apart only
        # since ruling C153, of a draw recorded before it.
        for kept in ("healer_malus", "unmet", "healer_ko_malus"):
            if kept not in recorded:
                medicine.pop(kept, None)
        draws.append((healer_name, "medicine", cards))
    drawn = tuple(event["outcome"]["drawn"])
    draws.append((name, "outcome", drawn))
    _handed_last(table, draws)
    replayed = _replayed(carrure + (medicine["bonus"] if medicine else 0), level, drawn, "power", (), False, False, ())
    if replayed is None:
        raise Mismatch("outcome", f"its level asks for another number of cards than the {len(drawn)} it drew")
    return medicine, replayed


def _consciousness(event: dict[str, Any], table: Table, now: dict[str, Any]) -> Mapping[str, Any]:
    # §Tirage de conscience (A17): an involuntary Volonté draw from the general deck at the
    # recorded target and level; a success brings the character to.
    recorded = event["outcome"]
    drawn = tuple(recorded["drawn"])
    _last_handed(table, name_of(table, event["originator_id"]), "outcome", drawn)
    replayed = _replayed(recorded["target"], recorded["level_asked"], drawn, recorded["manoeuvre"], (), False, False, ())
    if replayed is None:
        raise Mismatch("outcome", f"its level asks for another number of cards than the {len(drawn)} it drew")
    return {"outcome": replayed[1], "regained": replayed[0].success}


def _named(table: Table, name: str) -> str | None:
    return character_named(_characters(table), name)


@lru_cache(maxsize=65536)
def _replayed(
    target: int,
    level: int,
    drawn: tuple[str, ...],
    manoeuvre: str,
    hand: tuple[str, ...],
    from_pile: bool,
    short_circuit: bool,
    supports: tuple[str, ...],
    best_by_gain: bool = True,
) -> Replayed | None:
    # Pure, and a campaign repeats the same few targets, levels and cards: each is worked out once.
    # The dict it gives is shared: callers only compare it.
    try:
        outcome = resolve_test(
            target,
            level,
            drawn[0],
            lambda n: list(drawn[1 : 1 + n]),
            manoeuvre=manoeuvre,
            short_circuit=short_circuit,
            hand_cards=hand,
            support_cards=supports,
            first_from_pile=from_pile,
            best_by_gain=best_by_gain,
        )
    except RuleViolation:  # this choice would have drawn another number of cards
        return None
    return outcome, outcome.to_dict()


def _rule(change: Change, check: Check | None) -> Rederive:
    # Each Cartes event is checked against its character as it stood before it, then changes it
    # as play's event did. An event that cannot be checked yet still changes it: what it records
    # is what the character's chain holds.
    def rule(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
        now = character_now(table, event["originator_id"])
        expected: Mapping[str, Any] | None
        try:
            expected = check(event, table, now) if check is not None else {}
        except Unknowable:
            expected = None
        change(now["sheet"], now["condition"], event)
        now["last"] = event
        if expected is None:
            raise Unknowable
        return expected

    return rule


_CHECKS: dict[str, Check] = {
    "CardsDealt": _dealt,
    "HandDealtEarly": _dealt_early,
    "TestMade": _test,
    "SupportReceived": _support,
    "OppositionSettled": _opposition,
    "PileRefilled": _refilled,
    "SurvivalChecked": _survival,
    "SurvivalRetried": _retried,
    "ConsciousnessChecked": _consciousness,
}

RULES = GameRules(
    rederive={_EVENTS + name: _rule(change, _CHECKS.get(name)) for name, change in CHANGES.items()},
    face_down=frozenset(_EVENTS + name for name in ("CardsDealt", "PileRefilled", "SupportReceived", "TestMade")),
)
