"""Advancement of Cartes: hand cards are experience (§Expérience L530-549).

Every purchase costs hand cards, usually of a value at least the new level. Card values run
1..13 (A..K), so nothing bought with "a card ≥ the new level" can exceed 13.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from chronique.domain import cards as _cards
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.tables import integer, tables
from chronique.domain.rulesets.words import joined
from chronique.domain.text import ordinal, plural, quoted


@dataclass(frozen=True)
class Cost:
    """A price in hand cards: ``cards`` cards each of value ≥ ``min_value`` (0 = any value)."""

    cards: int
    min_value: int
    what: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {"cards": self.cards, "min_value": self.min_value, "what": self.what}

    def too_low(self, cards: Sequence[str]) -> list[str]:
        """The cards of ``cards`` below the value it asks (§Expérience L546: "supérieur ou égal")."""
        return [card for card in cards if _cards.value(card) < self.min_value]

    def paid_by(self, cards: Sequence[str]) -> bool:
        """Whether ``cards`` are as many as it costs, each of the value it asks."""
        return len(cards) == self.cards and not self.too_low(cards)

    def needs(self) -> str:
        """What it asks, in words: "2 cards of 7 or more", "4 cards"."""
        return plural(self.cards, "card") + (f" of {self.min_value} or more" if self.min_value else "")


PURCHASE_WORDS = {
    "skill": "a skill level",
    "speciality": "a speciality",
    "characteristic": "a characteristic point",
    "pile-max": "a larger pile",
}
"""What each kind of purchase buys, in words (§Expérience L536-549, ruling C81)."""


def step_words(purchase: str, name: str, from_level: int, speciality: str = "") -> str:
    """One step bought with hand cards, in the one wording the log, the ledger, ``xp spend`` and
    every refusal of a price give it (rulings C81, C98): "a skill level: Contact from 9 to 10",
    "a characteristic point: Carrure from 8 to 9", "a speciality: Escalade, the 1st of
    Athlétisme" (a speciality's level counts the skill's specialities; its name left out when
    none is named yet), "a larger pile: from 7 to 8 cards" (the pile is no skill nor
    characteristic: no name, its size in cards)."""
    what, to_level = PURCHASE_WORDS[purchase], from_level + 1
    if purchase == "speciality":
        named = f"{speciality}, " if speciality else ""
        return f"{what}: {named}the {ordinal(to_level)} of {name}"
    if purchase == "pile-max":
        return f"{what}: from {from_level} to {plural(to_level, 'card')}"
    return f"{what}: {name} from {from_level} to {to_level}"


def _new_level(current: int, what: str) -> int:
    new = integer(current, what) + 1
    ceiling = tables().advancement.max_card_value
    if new > ceiling:
        # No card is worth more than a King, so "a card ≥ the new level" cannot exist.
        raise RuleViolation(f"{what} {current} cannot be raised: no card is worth {new}")
    return new


def skill_cost(current: int, governing: int, name: str = "skill") -> Cost:
    """Cost of raising a skill by one point (§Expérience L536, L546).

    One card ≥ the new level (4 -> 5: a 5 or more); two such cards when the new level is ≥ the
    governing characteristic (PROPOSAL A4: "≥" everywhere, both cards ≥ the new level). ``name``
    is the skill's, for the words of a refusal.
    """
    if integer(current, "skill") < 0:
        raise RuleViolation(f"skill level cannot be negative, not {current}")
    new = _new_level(current, "skill")
    adv = tables().advancement
    count = adv.skill_cards_at_or_above_characteristic if new >= integer(governing, "characteristic") else adv.skill_cards
    return Cost(count, new, step_words("skill", name, current))


def speciality_cost(already: int, skill: str = "a skill", speciality: str = "") -> Cost:
    """Cost of a skill's next specialty: 2, 4 then 8 cards of any value, at most 3 (§Expérience L538,
    L547). ``skill`` and ``speciality`` are the names, for the words of a refusal ("a speciality:
    Parade, the 3rd of Contact")."""
    prices = tables().advancement.speciality_cards
    if integer(already, "specialities held") < 0:
        raise RuleViolation("specialities held cannot be negative")
    if already >= len(prices):
        raise RuleViolation(f"a skill has at most {len(prices)} specialities")
    return Cost(prices[already], 0, step_words("speciality", skill, already, speciality))


def characteristic_cost(current: int, name: str = "characteristic") -> Cost:
    """Cost of +1 to a characteristic: 3 cards ≥ the new level (§Expérience L540, L548; PROPOSAL A4)."""
    if integer(current, "characteristic") < 0:
        raise RuleViolation(f"characteristic cannot be negative, not {current}")
    new = _new_level(current, "characteristic")
    return Cost(tables().advancement.characteristic_cards, new, step_words("characteristic", name, current))


def pile_max_cost(current: int) -> Cost:
    """Cost of +1 pile max: 4 cards ≥ the new pile max (§Expérience L549; PROPOSAL A4)."""
    if integer(current, "pile max") < 0:
        raise RuleViolation(f"pile max cannot be negative, not {current}")
    new = _new_level(current, "pile max")
    return Cost(tables().advancement.pile_max_cards, new, step_words("pile-max", "", current))


def _cards_of(values: Sequence[str], what: str) -> list[str]:
    out = []
    for text in values:
        try:
            out.append(_cards.normalise(str(text)))
        except (ValueError, IndexError):
            raise RuleViolation(f"{what} {quoted(text)} is not a card") from None
    return out


def check_payment(cost: Cost, cards: Sequence[str], hand: Sequence[str], holder: str) -> None:
    """RuleViolation unless ``cards`` pays ``cost`` from ``hand``, ``holder``'s (§Expérience L536-549).

    The exact number of cards, each in hand (multiplicity respected: with several packs a hand
    may hold two 7H), each of value ≥ ``cost.min_value``.
    """
    paid = _cards_of(cards, "card")
    held = Counter(_cards_of(hand, "hand card"))
    if len(paid) != cost.cards:
        raise RuleViolation(f"{cost.what} costs {plural(cost.cards, 'card')}, {len(paid)} given")
    if Counter(paid) - held:
        raise RuleViolation(f"{holder}'s hand holds {_short_of(Counter(paid), held)}")
    low = cost.too_low(paid)
    if low:
        # The cards as the sheet and the log show them (9♥, not 9H).
        raise RuleViolation(f"{cost.what} needs cards of {cost.min_value} or more, not {', '.join(map(_cards.shown, low))}")


def _short_of(paid: Counter[str], held: Counter[str]) -> str:
    # Each card given more often than the hand holds it, as a sentence says it: "no K♦", "7♥
    # only once" (a card given twice and held once is no more missing than one given once).
    said = []
    for card in sorted(paid):
        if paid[card] > held[card]:
            times = {1: "once", 2: "twice"}.get(held[card], f"{held[card]} times")
            said.append(f"{_cards.shown(card)} only {times}" if held[card] else f"no {_cards.shown(card)}")
    return joined(said)


def cheapest_payment(cost: Cost, hand: Sequence[str], holder: str) -> list[str]:
    """The lowest-valued cards of ``hand``, ``holder``'s, that pay ``cost`` (hand order breaks ties).

    RuleViolation "Alice's hand cannot pay ..." when the hand lacks enough qualifying cards.
    """
    held = _cards_of(hand, "hand card")
    qualifying = sorted((c for c in held if _cards.value(c) >= cost.min_value), key=_cards.value)
    if len(qualifying) < cost.cards:
        raise RuleViolation(f"{holder}'s hand cannot pay {cost.what} (needs {cost.needs()}, has {len(qualifying)})")
    return qualifying[: cost.cards]
