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
CARTES_DISTANCE = 100_000
"""Cartes: the range scale ends at 10,000 m, beyond which a sneak is undetectable without sensors
(§Vigilance et discrétion L385-427, A26); metres ten times that mean nothing more."""
ELOR_MODIFIER = 20
"""Elor: a difficulty or prowess is a few levels added to a faculty of about -1..3 (§Attaque
L538-609); ±20 levels is far beyond any die's reach."""
ELOR_EFFORT = 20
"""Elor: effort points are 2 + P + M and at most 2 + M go into one action (annex L945-1026)."""
ELOR_DEGREES = 1 + ELOR_EFFORT
"""Elor: a test rolls one D10 plus one per effort point, a degree per die (§3.1 of the digest), so no
attack value (``--opponent-attack``) exceeds 1 + the largest effort."""
ELOR_DAMAGE = 100
"""Elor: a human location holds 3 to about 20 HP (§Humains L862-882, P up to 15); a nominal damage
of 100 destroys any location many times over."""
ELOR_LONG_DEGREES = 1_000
"""Elor: a long action sums the degrees of a test per time unit (§Actions longues L436-452); training
needs 2 × the next level; a thousand degrees is years of daily tests."""
ELOR_EXPERIENCE = 100
"""Elor: a super-épique character is created with 20 experience points (§2.8 of the digest), one a
profession level; an award of 100 is five such careers."""
ELOR_SIZE_M = (0.01, 10_000.0)
"""Elor: the size table runs from 1 cm to 1,000 m (§Attaque à distance L544-603) and clamps beyond;
ten times its last row is the largest target a shot makes sense of."""
ELOR_DISTANCE = 100_000
"""Elor: the distance table runs to 10,000 m (§Attaque à distance L544-603) and clamps beyond."""
ELOR_SPEED = 25_000
"""Elor: the speed table runs to 2,500 km/h (§Attaque à distance L544-603) and clamps beyond."""
ELOR_ANGLE = 360
"""Elor: the angle between a target's motion and the line of fire, in degrees (E18)."""
ELOR_ERRATIC = 2
"""Elor: an erratic target gives −1 or −2 by how sudden its swerves are (§Attaque à distance)."""
ELOR_RISK = 10
"""Elor: a risk clock triggers on a D10 at most its threshold (PROPOSAL §5.3, E-T6): at 10 it always
triggers, so neither the threshold nor its step means anything beyond."""
HOURS_A_DAY = 24
"""A work day's hours (Elor long actions, §Actions longues): 1 to 24, starting at an hour 0 to 23."""
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
WESTERN_PARADE_DISTANCE = 10_000
"""Western Parade: the longest firearm reaches 2,800 m at long range (Tables 5.1-5.4, §3.3.6); the
rules refuse a shot beyond its weapon's reach, and no shot is ten kilometres long."""
WESTERN_PARADE_WEEK_HOURS = 7 * 24
"""Western Parade: training hours a week (§2.6.1 L1421: 20 count, 50 in all); a week has 168."""
WESTERN_PARADE_OPPONENTS = 100
"""Western Parade: opponents put out of action in one gunfight (§2.4.3 L1377-1385), 5 % each beyond
the first; a hundred is already a battle, not a gunfight."""
WESTERN_PARADE_REP = 100
"""Western Parade: REP is 3 + mCHR + mEXP + 2·SC (§1.7.2), a characteristic's scale of a few tens."""
WESTERN_PARADE_CAPITAL = 1_000_000_000
"""Western Parade: a banking or speculation capital in cents (§6.8.1, §6.8.9): ten million dollars,
a railroad baron's fortune in the 1870s."""


def refuse_out_of_range(name: str, value: int, low: int, high: int) -> None:
    """Refuse ``value`` outside ``low..high``, naming ``name`` and its range in one line."""
    if not low <= value <= high:
        raise RuleViolation(f"{name} must be between {low:,} and {high:,} (got {value:,})")


def check_storable(obj: Any) -> None:
    """Refuse, in one line, an event payload holding an integer beyond ±(2^53-1): stored, it would
    be read back as a float (or refused) by JSON readers, and the journal would break for good."""
    for key, value in _integers(obj, ""):
        if not -STORABLE <= value <= STORABLE:
            raise RuleViolation(f"{_in_words(key)} {value} is beyond the ±{STORABLE:,} a journal can store; nothing was recorded")


# The units an event's field names end with, as a player says them.
_UNITS = {"m": "in metres", "cm": "in centimetres", "s": "in seconds", "kmh": "in km/h", "g": "in grams"}


def _in_words(key: str) -> str:
    """A number's field as a player reads it: ``capital`` is "the capital", ``distance_m`` "the
    distance in metres" (never the event's inner path, which a GM cannot read)."""
    if not key:
        return "a number"
    *words, last = key.split("_")
    return " ".join(["the", *words, _UNITS[last]] if words and last in _UNITS else ["the", *words, last])


def _integers(obj: Any, key: str) -> list[tuple[str, int]]:
    """Every integer in ``obj`` with the name of the field that holds it (at any depth)."""
    if isinstance(obj, bool):
        return []
    if isinstance(obj, int):
        return [(key, obj)]
    if isinstance(obj, Mapping):
        return [found for name, value in obj.items() for found in _integers(value, str(name))]
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [found for value in obj for found in _integers(value, key)]
    return []
