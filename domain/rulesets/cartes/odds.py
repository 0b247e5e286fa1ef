"""Exact odds of a Cartes draw from a full, freshly shuffled deck (cartes.md §7.3), for luck
statistics: what the cards were expected to give, to set beside what they gave (ruling C97)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from chronique.domain.cards import value
from chronique.domain.luck import Draw
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.resolution import cards_for_level, cards_succeed
from chronique.domain.rulesets.cartes.table import GENERAL

SUITS = 4
VALUES = 13


@cache
def success_odds(target: int, level: int, packs: int = 2, clubs_rule: bool = True, diamond_cancels: bool = False) -> Fraction:
    """The chance that a test at ``level`` against ``target`` succeeds, drawing from ``packs``
    full packs (§Difficulté des actions; with the ♣ rule of §Bonus de couleur L322 when asked,
    and a ♦ first card cancelling a short-circuit's level when ``diamond_cancels``, L324)."""
    total = VALUES * SUITS * packs
    low = _low(target, packs)
    # A first card of one of these suits eases the test by one level (♣ and ♦ are never both).
    easing = Fraction(int(clubs_rule) + int(diamond_cancels), SUITS)
    odds = Fraction(0)
    # Condition on the first card: does it succeed, and does its suit ease the test?
    for first_succeeds in (True, False):
        cards = low if first_succeeds else total - low
        for eased, share in ((True, easing), (False, 1 - easing)):
            if cards == 0 or share == 0:
                continue
            odds += Fraction(cards, total) * share * after_first(target, level - eased, first_succeeds, packs)
    return odds


def after_first(target: int, level: int, first_succeeds: bool, packs: int = 2) -> Fraction:
    """Given a first card that succeeds or not (and the ``level`` its suit left), the chance the
    whole test succeeds with the cards still to draw from the rest of the packs."""
    low = _low(target, packs) - first_succeeds
    left = VALUES * SUITS * packs - 1
    extra = cards_for_level(level) - 1
    if level < 0:  # any success will do
        return Fraction(1) if first_succeeds else 1 - Fraction(comb(left - low, extra), comb(left, extra))
    if level == 0:
        return Fraction(int(first_succeeds))
    # every card must succeed
    return Fraction(comb(low, extra), comb(left, extra)) if first_succeeds else Fraction(0)


def _low(target: int, packs: int) -> int:
    """The cards of ``packs`` packs that succeed against ``target`` (value at most the target)."""
    return max(0, min(target, VALUES)) * SUITS * packs


def draws(event: Any, settings: Mapping[str, Any]) -> list[Draw]:
    """The draws left to chance in ``event`` (ruling C97): a test, a survival draw or retry and the
    Médecine draw of the healer's care beside it (the healer's, ruling LK1), a consciousness draw.
    Each is the cards as they fell, before a support's card or a hand card replaced one, at the
    exact chance of that outcome; one whose outcome no card could change (a target every card or
    no card meets, an untrained healer's Médecine, a first card from the hand that settled it) is
    no draw."""
    # The event's class first: the projections ask an event of any other class nothing more
    # (projections/stored.py ``silent``).
    if not isinstance(event, (ev.TestMade, ev.ConsciousnessChecked, ev.SurvivalChecked, ev.SurvivalRetried)):
        return []
    packs = settings.get("decks", {}).get(GENERAL, 2)
    if isinstance(event, ev.TestMade):
        found = [_test(event, packs)]
    elif isinstance(event, ev.ConsciousnessChecked):
        found = [_passive("consciousness draw", event.outcome, packs)]
    else:
        # §Médecine L465: the healer's draw is a support, made before the survival draw itself;
        # one that no card could meet was not drawn (ruling C136), and is no draw.
        medicine = event.medicine if event.medicine and event.medicine["outcome"]["drawn"] else None
        care = [_passive("Médecine draw", medicine["outcome"], packs, medicine["healer"])] if medicine else []
        kind = "survival draw" if isinstance(event, ev.SurvivalChecked) else "survival retry"
        found = [*care, _passive(kind, event.outcome, packs)]
    return [draw for draw in found if 0 < draw.chance < 1]


def _as_fell(outcome: Mapping[str, Any]) -> bool:
    """Whether the cards drawn succeeded as they fell, before any substitution (§Difficulté des
    tirages L215-227, at the level the first card left)."""
    return cards_succeed(outcome["target"], outcome["level"], outcome["drawn"])


def _passive(kind: str, outcome: Mapping[str, Any], packs: int, roller: str | None = None) -> Draw:
    # Survival, consciousness and Médecine draws take every card from the general deck, under the
    # ♣ rule, with no short-circuit, hand card or support (processes.py, combat.consciousness).
    return Draw(kind, _as_fell(outcome), success_odds(outcome["target"], outcome["level_asked"], packs), roller)


def _test(event: ev.TestMade, packs: int) -> Draw:
    o = event.outcome
    target = o["target"]
    if event.source != "hand":
        # L324: a ♦ first from the pile cancels a short-circuit's level (ruling C6); a test recorded
        # before ``short_circuit`` was kept (None) is read as no short-circuit.
        diamond = bool(event.short_circuit) and event.source == "pile"
        return Draw("test", _as_fell(o), success_odds(target, o["level_asked"], packs, diamond_cancels=diamond))
    # §Distribution des cartes L86: the hand is face up, so a first card from it is known before it
    # is played; only the cards after it are left to chance (none when its suit left a Moyenne
    # test of that card alone: resource and recovery draws start so, L279, L235).
    return Draw("test", _as_fell(o), after_first(target, o["level"], value(o["drawn"][0]) <= target, packs))
