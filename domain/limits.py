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
LOG_PAGE = (1, 1_000_000)
"""`log --limit`, `--page` and `--tail`: a page of at most a million events, at most a million pages."""
PORT = (1, 65535)
"""The web journal's TCP port (``chronique serve --port``)."""


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
