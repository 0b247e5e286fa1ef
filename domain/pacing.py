"""Pacing: where a campaign's clock should be at a given wall time, between sessions.

Wall time is an input here (ISO strings and datetimes handed in by the adapters); the domain
never reads a clock. A pacing counts from its anchor — the wall time and game time at which it
was set or at which the last session ended — so a daemon that restarts cannot drift, and one
that was down catches up in one advance.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, WEEK, Calendar, duration_words
from chronique.domain.text import quoted

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_EVERY = re.compile(r"^(?:(mon|tue|wed|thu|fri|sat|sun|daily)\s+)?(\d{1,2}):(\d{2})$")


@dataclass(frozen=True)
class Pacing:
    """How in-game time moves between sessions: ``ratio`` game seconds per real second, or
    ``step`` game seconds at each ``every`` (a weekday or "daily", and a time of day in ``tz``);
    never past ``until`` (in-game seconds) when it is set."""

    ratio: int | None
    every: str | None
    step: int
    tz: str
    until: int | None
    anchor_real: str
    anchor_game: int

    def to_data(self) -> dict[str, Any]:
        """The pacing as event data."""
        return asdict(self)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Pacing:
        """The pacing an event describes, its schedule read as :func:`schedule_read` reads it."""
        every = data.get("every")
        return cls(**{**data, "every": None if every is None else schedule_read(every)})

    def anchored(self, real: str, game: int) -> Pacing:
        """The same pacing counted from a new anchor (a session just ended)."""
        return Pacing(self.ratio, self.every, self.step, self.tz, self.until, real, game)

    def pace(self) -> str:
        """How fast in-game time moves, for people: "1 minute of in-game time per real second",
        "in-game time moves on 1 week every mon 09:00 (Europe/Paris)"."""
        if self.ratio is not None:
            return f"{duration_words(self.ratio)} of in-game time per real second"
        return f"in-game time moves on {duration_words(self.step)} every {self.every} ({self.tz})"

    def describe(self, calendar: Calendar) -> str:
        """For people: in-game time as durations and dates of the campaign's ``calendar``."""
        anchor = datetime.fromisoformat(self.anchor_real).strftime("%Y-%m-%d %H:%M %Z").strip()
        return self.pace() + f", counted from {anchor} (in game: {calendar.format(self.anchor_game)})"

    def standing(self, clock: int, now: datetime, calendar: Calendar) -> str:
        """For people: where the pacing puts the campaign's ``clock`` at wall time ``now``. A clock
        moved on by hand past it is ahead, and waits for the pacing to pass it (:meth:`due_after`):
        it is never said to be due back where the pacing stands (ruling TB17)."""
        target = self.target(now)
        if clock <= target:
            return f"the clock should now be at {calendar.format(target)}"
        ahead = f"the clock is ahead of the pacing, which puts it at {calendar.format(target)} now"
        due = self.due_after(clock)
        if due is None:
            return f"{ahead}; the pacing stops at {calendar.format(self.until or clock)}: it will not move the clock again"
        when = due.astimezone(_zone(self.tz)).strftime("%Y-%m-%d %H:%M %Z")
        if self.ratio is not None:
            return f"{ahead}; the pacing catches up with it on {when} and moves it on from then"
        return f"{ahead}; the next paced advance, on {when}, takes it to {calendar.format(self.target(due))}"

    def target(self, now: datetime) -> int:
        """The in-game second the clock should have reached at wall time ``now``."""
        anchor = datetime.fromisoformat(self.anchor_real)
        if now <= anchor:
            return self.anchor_game
        if self.ratio is not None:
            elapsed = int((now - anchor).total_seconds())
            goal = self.anchor_game + self.ratio * elapsed
        else:
            goal = self.anchor_game + self.step * fires_between(self.every or "", self.tz, anchor, now)
        return goal if self.until is None else min(goal, max(self.until, self.anchor_game))

    def due_after(self, clock: int) -> datetime | None:
        """The earliest wall time at which :meth:`target` passes the game time ``clock``: when a
        campaign whose clock stands there is next due (None: never, its ``until`` reached). The
        daemon's table of next advances is kept from it, so an idle check reads no campaign."""
        if self.until is not None and clock >= max(self.until, self.anchor_game):
            return None
        anchor = datetime.fromisoformat(self.anchor_real)
        if clock < self.anchor_game:  # the target never falls below its anchor: due at once
            return anchor
        if self.ratio is not None:
            # ``target`` counts whole elapsed seconds: it passes ``clock`` after this many.
            return anchor + timedelta(seconds=(clock - self.anchor_game) // self.ratio + 1)
        first, period = _first_fire(self.every or "", self.tz, anchor)
        return first + period * ((clock - self.anchor_game) // self.step)


def make_pacing(
    ratio: int | None, every: str | None, step: int | None, tz: str, until: int | None, anchor_real: str, anchor_game: int
) -> Pacing:
    """A checked pacing: a positive ratio, or a schedule with a positive step."""
    if (ratio is None) == (every is None):
        raise RuleViolation("choose one pacing: `--ratio`, or `--every` with `--advance`")
    if ratio is not None and ratio < 1:
        raise RuleViolation("the ratio is a whole number of in-game seconds per real second, at least 1")
    if every is not None:
        match = _EVERY.match(every.strip().lower())
        # A time of day past 23:59 matches the pattern but names no moment: the daemon would fail on it at every pass.
        if not match or int(match.group(2)) > 23 or int(match.group(3)) > 59:
            raise RuleViolation(f"{quoted(every)} is not a schedule (write one such as `mon 09:00` or `daily 20:00`)")
        if not step or step < 1:
            raise RuleViolation("a scheduled pacing needs `--advance`, e.g. `--advance 1w`")
        every = every.strip().lower()
    _zone(tz)
    if until is not None and until <= anchor_game:
        raise RuleViolation("`--until` must be later than the campaign's clock")
    return Pacing(ratio, every, step or 0, tz, until, anchor_real, anchor_game)


def schedule_read(every: str) -> str:
    """A stored schedule as the moment of the week it names: an hour past 23 or a minute past 59,
    which pacings set before such times were refused hold ("mon 25:00"), counted on into the
    next hour and day ("tue 01:00"; "daily 24:30" is "daily 00:30"), so they show and fire at a
    time of day that exists (ruling TB12). The stored event is never rewritten; any other
    schedule is returned as it is."""
    match = _EVERY.match(every)
    if not match or (int(match.group(2)) <= 23 and int(match.group(3)) <= 59):
        return every
    day = match.group(1) or "daily"
    days, minutes = divmod(int(match.group(2)) * 60 + int(match.group(3)), DAY // 60)
    if day != "daily":
        day = WEEKDAYS[(WEEKDAYS.index(day) + days) % len(WEEKDAYS)]
    return f"{day} {minutes // 60:02d}:{minutes % 60:02d}"


def _zone(tz: str) -> tzinfo:
    """The time zone named ``tz``; a RuleViolation naming it when there is none."""
    # Imported where a zone is read: every command imports this module through its campaign,
    # and zoneinfo costs each 2 to 3 ms (issue 20).
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        raise RuleViolation(f"unknown time zone {quoted(tz)}") from None


def fires_between(every: str, tz: str, start: datetime, end: datetime) -> int:
    """How many times the schedule ``every`` fires in (start, end]."""
    first, period = _first_fire(every, tz, start)
    if first > end:
        return 0
    # Whole periods in UTC terms: a schedule in a zone with summer time may shift by an hour.
    return int((end - first) / period) + 1


def _first_fire(every: str, tz: str, start: datetime) -> tuple[datetime, timedelta]:
    """When the schedule ``every`` first fires after ``start`` (in UTC), and its period."""
    match = _EVERY.match(every)
    if not match:
        raise RuleViolation(f"{quoted(every)} is not a schedule")
    day, hour, minute = match.group(1) or "daily", int(match.group(2)), int(match.group(3))
    local = start.astimezone(_zone(tz))
    first = local.replace(hour=hour, minute=minute, second=0, microsecond=0)
    period = timedelta(seconds=DAY if day == "daily" else WEEK)
    if day != "daily":
        first += timedelta(days=(WEEKDAYS.index(day) - first.weekday()) % 7)
    if first <= local:
        first += period
    return first.astimezone(UTC), period
