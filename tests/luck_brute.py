"""Exact odds counted out by brute force, from the digests and apart from the code, for the luck
tests (issue 14): every face of the d100 and its open-ended rerolls, the 81 outcomes of 4dF,
every combination of d10, every ordered draw of Cartes cards."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import product

# -- Western Parade (western-parade.md §1.1, §3.1-§3.2) -------------------------------------------


def open_ended(limit: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every sequence of d100 faces an open-ended roll can give (§1.1: 96-100 rolls again and
    adds), with its probability, cut once the total passes ``limit`` (the rest cannot matter)."""

    def rolls(faces: tuple[int, ...], weight: Fraction) -> Iterator[tuple[tuple[int, ...], Fraction]]:
        for face in range(1, 101):
            now = (*faces, face)
            if face >= 96 and sum(now) <= limit:
                yield from rolls(now, weight / 100)
            else:
                yield now, weight / 100

    yield from rolls((), Fraction(1))


def d100_success(chance: int) -> Fraction:
    """§3.1: success when the open-ended total is at most the chance; below 5% no roll (§2.1.1)."""
    if chance < 5:
        return Fraction(0)
    return sum((w for faces, w in open_ended(chance) if sum(faces) <= chance), Fraction(0))


def d100_improvement(current: int, eased: int) -> Fraction:
    """§6.1 (seed §2.3): an improvement succeeds when the open-ended total plus 5 a check-mark and
    the bonus (``eased``) is strictly above the current score."""
    return sum((w for faces, w in open_ended(current - eased + 1) if sum(faces) + eased > current), Fraction(0))


# -- MicroFudge (microfudge-cecj.md §3.2, «1 – Tests» L245-L253) -------------------------------------

FOUR_DF = list(product((-1, 0, 1), repeat=4))


def fudge_success(base: int, required: int) -> Fraction:
    """A Test succeeds when ``base`` + 4dF reaches the required rank: counted over the 81 outcomes."""
    return Fraction(sum(base + sum(dice) >= required for dice in FOUR_DF), len(FOUR_DF))


def fudge_beats(mine: int, theirs: int) -> Fraction:
    """A simple conflict is won with the strictly higher final rank: over the 81 x 81 outcomes."""
    return Fraction(sum(mine + sum(a) > theirs + sum(b) for a in FOUR_DF for b in FOUR_DF), len(FOUR_DF) ** 2)


# -- Elor (elor.md §3.1-§3.3) ---------------------------------------------------------------------


def degree_possible(dice: Sequence[int], level: int, discards: bool) -> bool:
    """§3.3: a die at or under the level is a degree; with discards, every other die may be
    discarded to give a kept die −1. So a degree is possible when one die, lowered by as many of
    the others as it needs, reaches the level."""
    if not discards:
        return any(d <= level for d in dice)
    return any(d - (len(dice) - 1) <= level for d in dice)


def d10_success(level: int, effort: int, discards: bool) -> Fraction:
    """The chance of at least one degree, over every combination of the 1 + effort D10."""
    combos = list(product(range(1, 11), repeat=1 + effort))
    return Fraction(sum(degree_possible(dice, level, discards) for dice in combos), len(combos))


# -- Cartes (cartes.md §3.2, §3.5, §7.3) ------------------------------------------------------------

CARD_VALUES = range(1, 14)  # A = 1 .. K = 13 (ruling C1)
CARD_SUITS = "CDHS"


def cards_success(target: int, level: int, packs: int = 2, diamond: bool = False, first: tuple[int, str] | None = None) -> Fraction:
    """A Cartes test's chance of success over every ordered draw from ``packs`` fresh packs of 52:
    the first card (or the known ``first``, a hand card face up, removed from the packs), its
    suit setting the level (§3.5: a ♣ one easier; a ♦ one easier when ``diamond``, a short-circuit
    from the pile), then 1 + |level| cards in all; below Moyenne any card at most the target will
    do, above it every card must be, at Moyenne the one card (§3.2)."""
    left = {value: 4 * packs for value in CARD_VALUES}  # the cards still in the packs, by value
    firsts = [(first, Fraction(1))] if first else [((v, s), Fraction(packs, 52 * packs)) for v in CARD_VALUES for s in CARD_SUITS]
    odds = Fraction(0)
    for (value, suit), weight in firsts:
        eased = level - (suit == "C") - (diamond and suit == "D")
        left[value] -= 1
        for extra, chance in _ordered(left, abs(eased)):
            drawn = (value, *extra)
            if eased < 0:
                ok = any(v <= target for v in drawn)
            elif eased == 0:
                ok = value <= target
            else:
                ok = all(v <= target for v in drawn)
            odds += weight * chance * ok
        left[value] += 1
    return odds


def _ordered(left: dict[int, int], count: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every ordered run of ``count`` card values drawn without replacement from ``left``, with
    its probability."""
    if count == 0:
        yield (), Fraction(1)
        return
    total = sum(left.values())
    for value, held in left.items():
        if held:
            left[value] -= 1
            for rest, chance in _ordered(left, count - 1):
                yield (value, *rest), Fraction(held, total) * chance
            left[value] += 1
