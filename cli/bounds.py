"""The bounded numbers of the command line (issue 18): Typer callbacks that refuse a value outside
its range in one line naming the option and the range, exit 2, before the journal is opened.
The ranges and why each is what it is live in domain/limits.py."""

from __future__ import annotations

import re
from collections.abc import Callable

import typer

from chronique.cli.context import fail
from chronique.domain import limits
from chronique.domain.errors import RuleViolation

IntCheck = Callable[[typer.CallbackParam, "int | None"], "int | None"]
FloatCheck = Callable[[typer.CallbackParam, "float | None"], "float | None"]

# A day-count date's day ('Day 12 08:00', 'jour 12'); Gregorian dates are bounded by Python's own
# calendar (years 1 to 9999) and advances by their span (``advance_span``).
_DAY = re.compile(r"\s*(?:day|jour)\s*(\d+)", re.IGNORECASE)


def name_of(param: typer.CallbackParam) -> str:
    """How the user typed the parameter: its long option (``--modifier``) or an argument's name."""
    long = [opt for opt in param.opts if opt.startswith("--")]
    return long[0] if long else (param.name or "a number").upper()


def within(low: int, high: int) -> IntCheck:
    """A callback that accepts ``low..high`` (or no value, for an optional parameter)."""

    def check(param: typer.CallbackParam, value: int | None) -> int | None:
        if value is not None:
            _refuse(lambda: limits.refuse_out_of_range(name_of(param), value, low, high))
        return value

    return check


def _refuse(check: Callable[[], object]) -> None:
    try:
        check()
    except RuleViolation as error:
        raise fail(str(error)) from None


def symmetric(bound: int) -> IntCheck:
    """A modifier of a game's scale: ``-bound..bound``."""
    return within(-bound, bound)


def seconds_between(low: float, high: float) -> FloatCheck:
    """A callback that accepts a real number of seconds in ``low..high`` (never NaN)."""
    return amount_between(low, high, "seconds")


def amount_between(low: float, high: float, unit: str) -> FloatCheck:
    """A callback that accepts a real number of ``unit`` in ``low..high`` (never NaN nor infinite)."""

    def check(param: typer.CallbackParam, value: float | None) -> float | None:
        if value is not None and not low <= value <= high:  # NaN fails every comparison
            raise fail(f"{name_of(param)} must be between {low:g} and {high:g} {unit} (got {value:g})")
        return value

    return check


def duration(param: typer.CallbackParam, value: str | None) -> str | None:
    """A duration such as ``2d12h``: well formed and at most 1,000 in-game years (domain/limits.py)."""
    if value is not None:
        from chronique.domain.gametime import parse_duration

        _refuse(lambda: _at_most_the_longest(name_of(param), parse_duration(value), value))
    return value


def game_date(param: typer.CallbackParam, value: str | None) -> str | None:
    """An in-game date whose day count stays within 1,000 years ('Day 365000' at most)."""
    match = _DAY.match(value or "")
    if match is not None:
        _refuse(lambda: limits.refuse_out_of_range(f"the day of {name_of(param)}", int(match.group(1)), 1, limits.MAX_DAYS))
    return value


def advance_span(seconds: int, asked: str) -> int:
    """An advance's span in seconds, refused beyond 1,000 in-game years (``--to`` a date far ahead)."""
    _at_most_the_longest("an advance", seconds, asked)
    return seconds


def _at_most_the_longest(name: str, seconds: int, asked: str) -> None:
    if seconds > limits.MAX_DURATION:
        raise RuleViolation(f"{name} must be at most {limits.MAX_YEARS:,} in-game years (got {asked})")


CARTES_MODIFIER = symmetric(limits.CARTES_MODIFIER)
CARTES_CARDS = within(1, limits.CARTES_CARDS)
CARTES_DAMAGE = within(0, limits.CARTES_DAMAGE)
ELOR_MODIFIER = symmetric(limits.ELOR_MODIFIER)
ELOR_EFFORT = within(0, limits.ELOR_EFFORT)
MICROFUDGE_MODIFIER = symmetric(limits.MICROFUDGE_MODIFIER)
MICROFUDGE_ATOUTS = symmetric(limits.MICROFUDGE_ATOUTS)
WESTERN_PARADE_PERCENT = symmetric(limits.WESTERN_PARADE_PERCENT)
PACING_RATIO = within(1, limits.MAX_PACING_RATIO)
DAEMON_TICK = seconds_between(*limits.DAEMON_TICK)
