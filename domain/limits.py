"""The ranges the numbers of a command make sense in, and the range the journal can store.

Every number a command accepts is bounded where it enters (cli/bounds.py, issue 18): an integer
above 2^64 was stored as JSON text, read back as a float, and broke the journal for good. The store
refuses, last of all, any integer JSON readers cannot give back exactly (``check_storable``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY

STORABLE = 2**53 - 1
"""The largest integer (either sign) every JSON reader gives back exactly (an IEEE double's 53-bit
mantissa): the journal stores nothing larger, so nothing stored comes back as a float."""

YEAR = 365 * DAY
MAX_YEARS = 1_000
MAX_DURATION = MAX_YEARS * YEAR
"""The longest in-game span a command may name (an advance, a pacing step): 1,000 years of 365 days."""
MAX_DAYS = MAX_DURATION // DAY
"""The last day a day-count date may name ('Day 365000')."""
MAX_PACING_RATIO = MAX_DAYS
"""Pacing: in-game seconds per real second; at most 1,000 in-game years pass in a real day."""
DAEMON_TICK = (0.05, float(DAY))
"""The daemon's seconds between two pacing checks: from a twentieth of a second to a day."""

CARTES_MODIFIER = 20
"""Cartes: a target number is a skill of a few points against card values 1 to 13 (§Tirage L209,
ruling C1); a modifier beyond ±20 decides every draw, so none larger means anything."""
CARTES_CARDS = 3 * 52
"""Cartes: 2 or 3 decks of 52, jokers removed (§Fournitures nécessaires L73-77): no draw or award
takes more cards than the largest table's deck."""
CARTES_DAMAGE = 13 + 3 + CARTES_MODIFIER
"""Cartes: damage is the retained card's value (at most 13, a king), +3 on a ♠, plus a weapon bonus
(§Encaissement des dommages L339-351)."""
ELOR_MODIFIER = 20
"""Elor: a difficulty or prowess is a few levels added to a faculty of about -1..3 (§Attaque
L538-609); ±20 levels is far beyond any die's reach."""
ELOR_EFFORT = 20
"""Elor: effort points are 2 + P + M and at most 2 + M go into one action (annex L945-1026)."""
MICROFUDGE_MODIFIER = 10
"""MicroFudge: ranks run from 1 (Lamentable) to 8+ (Légendaire) against 4dF (±4, §1.2): ±10 ranks
decides every roll."""
MICROFUDGE_ATOUTS = 100
"""MicroFudge: a status starts with 6 to 21 Atouts (§II L117-131); an award of 100 is already a
career's worth."""
WESTERN_PARADE_PERCENT = 200
"""Western Parade: chances are percentages (§1.6.3); modifiers run from -90 % (cover, Table 3.19)
to +50 % (point blank, Table 3.15), so ±200 % covers every table with room."""
WESTERN_PARADE_DAMAGE = 500
"""Western Parade: a location holds a few dozen PV at most (§1.9); more damage kills many times over."""
WESTERN_PARADE_DRINK_UNITS = 100.0
"""Western Parade: a unit is a decilitre of whisky (§4.1.3, Table 4.1); a hundred is ten litres."""
WESTERN_PARADE_PRESS_ROUNDS = MAX_DURATION // 10
"""Western Parade: pressing lasts rounds of 10 s (§3.2.3), never longer than the longest advance."""


def refuse_out_of_range(name: str, value: int, low: int, high: int) -> None:
    """Refuse ``value`` outside ``low..high``, naming ``name`` and its range in one line."""
    if not low <= value <= high:
        raise RuleViolation(f"{name} must be between {low:,} and {high:,} (got {value:,})")


def check_storable(obj: Any) -> None:
    """Refuse, in one line, an event payload holding an integer beyond ±(2^53-1): stored, it would
    be read back as a float (or refused) by JSON readers, and the journal would break for good."""
    for path, value in _integers(obj, ""):
        if not -STORABLE <= value <= STORABLE:
            raise RuleViolation(
                f"{path.lstrip('.') or 'a number'} {value} is beyond the ±{STORABLE:,} a journal can store; nothing was recorded"
            )


def _integers(obj: Any, path: str) -> list[tuple[str, int]]:
    if isinstance(obj, bool):
        return []
    if isinstance(obj, int):
        return [(path, obj)]
    if isinstance(obj, Mapping):
        return [found for key, value in obj.items() for found in _integers(value, f"{path}.{key}")]
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [found for i, value in enumerate(obj) for found in _integers(value, f"{path}[{i}]")]
    return []
