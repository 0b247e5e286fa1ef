"""In-game time: integer seconds since midnight of the campaign's first day, and its calendars."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any, Protocol

from chronique.domain.errors import RuleViolation
from chronique.domain.text import plural, quoted, shortened

MINUTE = 60
HOUR = 3600
DAY = 86400
WEEK = 7 * DAY

_UNITS = {"s": 1, "m": MINUTE, "min": MINUTE, "h": HOUR, "d": DAY, "w": WEEK}
_DURATION = re.compile(r"(\d+)(min|s|m|h|d|w)")
_WHOLE_DURATION = re.compile(r"(?:\d+(?:min|s|m|h|d|w))+")
ECHOED = 40
"""The most characters of a date or a duration a refusal repeats (a page pasted in is not)."""
MOST_DIGITS = 30
"""The most digits a number typed in a duration or a date is read with: far beyond any span or
day a command takes (their bounds then say how far, limits.py), and far below the 4,300 digits
past which Python will not read a number at all."""


def parse_duration(text: str) -> int:
    """Seconds in a duration such as ``10m``, ``3h``, ``2d``, ``1w`` or ``1d12h``."""
    cleaned = text.strip().lower().replace(" ", "")
    shown = shortened(text, ECHOED)
    # Checked whole first, from its start only: searched for its parts at every position, a long
    # run of digits with no unit cost time in the square of its length (a minute at 50,000 digits).
    if not _WHOLE_DURATION.fullmatch(cleaned):
        raise RuleViolation(f"{quoted(shown)} is not a duration (write e.g. `30s`, `10m`, `3h`, `2d`, `1w`)")
    parts = _DURATION.findall(cleaned)
    if any(len(n) > MOST_DIGITS for n, _ in parts):
        raise RuleViolation(f"{quoted(shown)} is far longer than any duration")
    return sum(int(n) * _UNITS[u] for n, u in parts)


# The units a duration is shown in, largest first: as typed ("2d") and as read ("2 days").
_SHOWN_UNITS = (("w", "week", WEEK), ("d", "day", DAY), ("h", "hour", HOUR), ("m", "minute", MINUTE), ("s", "second", 1))


def _in_units(seconds: int) -> list[tuple[int, str, str]]:
    """(count, typed unit, unit's word) of each unit a duration has, largest first."""
    parts = []
    for typed, word, size in _SHOWN_UNITS:
        count, seconds = divmod(seconds, size)
        if count:
            parts.append((count, typed, word))
    return parts


def duration_words(seconds: int) -> str:
    """A duration as people read it, in its largest whole units: "1 day, 2 hours, 10 minutes",
    "no time" for none. Never "2d", which a table reads as two dice."""
    return ", ".join(plural(count, word) for count, _, word in _in_units(seconds)) or "no time"


def format_duration(seconds: int) -> str:
    """A duration in the largest whole units as it is typed, e.g. ``1d 2h 10m`` (``advance``'s
    argument, the JSON's ``span``); people read :func:`duration_words`."""
    return " ".join(f"{count}{typed}" for count, typed, _ in _in_units(seconds)) or "0s"


def spanning(calendar: Calendar, start: int, end: int) -> Callable[[int], str]:
    """How ``calendar`` labels the moments of an account of the span from ``start`` to ``end`` (an
    advance, what fired on the way): to the minute, as every date is shown, unless the two lie
    apart by a part of a minute that minutes alone would hide; then all to the second, so that 20
    seconds never read "from 08:00 to 08:00", nor a start's hidden seconds make its span look wrong."""
    seconds = start % MINUTE != end % MINUTE
    return lambda at: calendar.format(at, seconds)


class Calendar(Protocol):
    """Turns in-game seconds into dates people read, and back."""

    def format(self, at: int, seconds: bool = False) -> str:
        """The date and time of ``at``, to the minute; to the second when ``seconds``."""
        ...

    def parse(self, text: str) -> int:
        """The in-game second named by ``text``; RuleViolation when it names none."""
        ...

    def names_a_whole_day(self, text: str) -> bool:
        """Whether ``text`` names a day without a time of day ("Day 3", "1873-04-12"), which
        :meth:`parse` reads as its first second."""
        ...

    def day(self, at: int) -> str:
        """The day of ``at`` as this calendar writes it, without the time: "Day 3", "1873-04-12"."""
        ...

    def to_data(self) -> dict[str, Any]:
        """The calendar as event data."""
        ...


# The example a refusal gives is to type, so in backticks as a duration's and a card's are, beside
# the typographic quotes around what was typed (rulings EB19, EB35, EB55; EB24 had it bare).
_NOT_A_DAY = "not a game date (write a date such as `Day 3 14:00`)"
_NOT_A_START = "not a start date (write a date such as `1873-04-12 08:00`)"


class DayCountCalendar:
    """For games without a calendar: "Day 3 14:20", day 1 starting at second 0."""

    # Seconds too, as an advance between two minutes shows them (ruling TB10), so that a moment it
    # shows may be typed back to --to.
    _PATTERN = re.compile(r"(?:day|jour)\s*(\d+)(?:[ ,]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$", re.IGNORECASE)

    def format(self, at: int, seconds: bool = False) -> str:
        day, rest = divmod(at, DAY)
        hours, rest = divmod(rest, HOUR)
        minutes, rest = divmod(rest, MINUTE)
        return f"Day {day + 1} {hours:02d}:{minutes:02d}" + (f":{rest:02d}" if seconds else "")

    def names_a_day(self, text: str) -> bool:
        """Whether ``text`` is written as this calendar writes a moment ("Day 3", "Day 3 14:00"),
        whatever its day and time (a real date is not)."""
        return self._PATTERN.match(text.strip()) is not None

    def parse(self, text: str) -> int:
        match = self._PATTERN.match(text.strip())
        if not match or int(match.group(1)) < 1:
            raise RuleViolation(f"{quoted(shortened(text, ECHOED))} is {_NOT_A_DAY}")
        hours, minutes, seconds = (int(match.group(n) or 0) for n in (2, 3, 4))
        if hours > 23 or minutes > 59 or seconds > 59:
            raise RuleViolation(f"{quoted(shortened(text, ECHOED))} is not a time of day")
        return (int(match.group(1)) - 1) * DAY + hours * HOUR + minutes * MINUTE + seconds

    def names_a_whole_day(self, text: str) -> bool:
        match = self._PATTERN.match(text.strip())
        return match is not None and match.group(2) is None

    def day(self, at: int) -> str:
        return f"Day {at // DAY + 1}"

    def to_data(self) -> dict[str, Any]:
        return {"kind": "days"}


class GregorianCalendar:
    """Real dates, for a game played on the real calendar (``Ruleset.gregorian``): second 0 is
    midnight of ``first_day`` (ISO date)."""

    def __init__(self, first_day: str) -> None:
        self.first_day = first_day
        self._origin = datetime.fromisoformat(first_day)

    def format(self, at: int, seconds: bool = False) -> str:
        return (self._origin + timedelta(seconds=at)).strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")

    def parse(self, text: str) -> int:
        try:
            moment = datetime.fromisoformat(text.strip())
        except ValueError:
            raise RuleViolation(f"{quoted(shortened(text, ECHOED))} is not a date (write a date such as `1873-04-12 08:00`)") from None
        return int((moment - self._origin).total_seconds())

    def names_a_whole_day(self, text: str) -> bool:
        try:
            date.fromisoformat(text.strip())
        except ValueError:
            return False
        return True

    def day(self, at: int) -> str:
        return (self._origin + timedelta(seconds=at)).strftime("%Y-%m-%d")

    def to_data(self) -> dict[str, Any]:
        return {"kind": "gregorian", "first_day": self.first_day}


def calendar_from(data: dict[str, Any]) -> Calendar:
    """The calendar an event describes."""
    if data.get("kind") == "gregorian":
        return GregorianCalendar(data["first_day"])
    return DayCountCalendar()


class WrongCalendar(RuleViolation):
    """A new campaign's ``--start`` that its game's calendar does not read: a date for a game that
    counts days, or a day count for one on the real calendar. Its message says what to write;
    :meth:`explained` says why, naming the game and the games whose calendar the text was for."""

    def __init__(self, text: str, gregorian: bool) -> None:
        self.text, self.gregorian = text, gregorian
        super().__init__(f"{quoted(shortened(text, ECHOED))} is " + (_NOT_A_START if gregorian else _NOT_A_DAY))

    def explained(self, game: str, others: str) -> str:
        """The refusal with its reason, ``others`` naming the games on the other calendar:
        "“1925-10-01 09:00” is not a game date: a MicroFudge CECJ campaign counts days (write a date
        such as `Day 1 08:00`); a calendar date is for Western Parade"."""
        a = "an" if game[:1].upper() in "AEIOU" else "a"
        if self.gregorian:
            why = f"runs on the real calendar (write a date such as `1873-04-12 08:00`); a day count is for {others}"
            return f"{quoted(shortened(self.text, ECHOED))} is not a start date: {a} {game} campaign {why}"
        why = f"counts days (write a date such as `Day 1 08:00`); a calendar date is for {others}"
        return f"{quoted(shortened(self.text, ECHOED))} is not a game date: {a} {game} campaign {why}"


def calendar_for_start(start: str | None, gregorian: bool) -> tuple[Calendar, int]:
    """The calendar of a new campaign and its clock's first value from a ``--start`` text;
    :class:`WrongCalendar` when the text is not of the game's calendar at all."""
    if gregorian:
        text = start or "1873-04-12 08:00"
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            if DayCountCalendar().names_a_day(text):
                raise WrongCalendar(text, gregorian) from None
            raise RuleViolation(f"{quoted(shortened(text, ECHOED))} is {_NOT_A_START}") from None
        calendar = GregorianCalendar(moment.date().isoformat())
        return calendar, calendar.parse(text)
    days, text = DayCountCalendar(), start or "Day 1 08:00"
    if not days.names_a_day(text):
        raise WrongCalendar(text, gregorian)
    return days, days.parse(text)


def next_time_of_day(at: int, hour: int) -> int:
    """The first instant strictly after ``at`` whose time of day is ``hour``:00."""
    day_start = at - at % DAY
    candidate = day_start + hour * HOUR
    return candidate if candidate > at else candidate + DAY


def first_mark_after(first: int, period: int, after: int) -> int:
    """The first of ``first``, ``first + period``, ``first + 2 * period``, ... later than ``after``.

    A periodic process that records only what changes skips the marks at which it would have
    changed nothing; should it matter again, it resumes on its own marks, at the first one after
    the campaign's clock (the marks up to the clock went by, each firing a no-op)."""
    if first > after:
        return first
    return first + ((after - first) // period + 1) * period
