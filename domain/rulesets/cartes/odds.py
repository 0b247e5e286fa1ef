"""Exact odds of a Cartes test from a full, freshly shuffled deck (cartes.md §7.3), for luck
statistics: what a draw was expected to give, to set beside what it gave."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

from chronique.domain.rulesets.cartes.resolution import cards_for_level

SUITS = 4
VALUES = 13


@cache
def success_odds(target: int, level: int, packs: int = 2, clubs_rule: bool = True) -> Fraction:
    """The chance that a test at ``level`` against ``target`` succeeds, drawing from ``packs``
    full packs (§Difficulté des actions; with the ♣ rule of §Bonus de couleur when asked)."""
    total = VALUES * SUITS * packs
    low = max(0, min(target, VALUES)) * SUITS * packs  # cards that succeed
    odds = Fraction(0)
    # Condition on the first card: does it succeed, and is it a club (one facility level)?
    for first_succeeds in (True, False):
        cards = low if first_succeeds else total - low
        for club, share in ((True, Fraction(1, SUITS)), (False, Fraction(SUITS - 1, SUITS))):
            if cards == 0:
                continue
            effective = level - 1 if (club and clubs_rule) else level
            odds += Fraction(cards, total) * share * _rest(effective, first_succeeds, low - first_succeeds, total - 1)
    return odds


def _rest(level: int, first_succeeds: bool, low: int, left: int) -> Fraction:
    """Given the first card, the chance the whole test succeeds with |level| more cards."""
    extra = cards_for_level(level) - 1
    if level < 0:  # any success will do
        return Fraction(1) if first_succeeds else 1 - Fraction(comb(left - low, extra), comb(left, extra))
    if level == 0:
        return Fraction(int(first_succeeds))
    # every card must succeed
    return Fraction(comb(low, extra), comb(left, extra)) if first_succeeds else Fraction(0)
