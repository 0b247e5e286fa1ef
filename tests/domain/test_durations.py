"""The durations a GM types (``advance 2d``, ``pace set --step 1h``, a long action's unit): what
they read as, and the input refused in one line however long it is. A run of digits with no
unit used to be searched for its parts at every position, in time the square of its length (the
hostile-input test stalled six minutes on one); it is now checked whole, from its start."""

from __future__ import annotations

import pytest

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, HOUR, MINUTE, WEEK, duration_words, format_duration, parse_duration


@pytest.mark.parametrize(
    ("typed", "seconds"),
    [
        ("30s", 30),
        ("10m", 10 * MINUTE),
        ("2min", 2 * MINUTE),
        ("3h", 3 * HOUR),
        ("2d", 2 * DAY),
        ("1w", WEEK),
        ("1d12h", DAY + 12 * HOUR),
        ("1w 2D", WEEK + 2 * DAY),
    ],
)
def test_a_duration_reads_as_its_units_add_up(typed: str, seconds: int) -> None:
    assert parse_duration(typed) == seconds


@pytest.mark.parametrize("typed", ["", "d", "1x", "d1", "1d x", "1.5h", "-1d"])
def test_what_is_no_duration_is_refused_saying_how_to_write_one(typed: str) -> None:
    with pytest.raises(RuleViolation, match=r"is not a duration \(write e\.g\. `30s`, `10m`, `3h`, `2d`, `1w`\)$"):
        parse_duration(typed)


def test_a_flood_of_digits_is_refused_in_one_short_line() -> None:
    with pytest.raises(RuleViolation) as refused:
        parse_duration("9" * 200_000)
    assert str(refused.value) == f"“{'9' * 39}…” is not a duration (write e.g. `30s`, `10m`, `3h`, `2d`, `1w`)"


def test_a_number_of_units_beyond_any_span_is_refused_not_a_crash() -> None:
    # Python's int() refuses more than 4,300 digits with a ValueError the command line would
    # report as an unexpected error; the parser refuses it first, as a duration no command takes.
    with pytest.raises(RuleViolation, match="is far longer than any duration$"):
        parse_duration("9" * 5_000 + "d")


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (0, "no time"),
        (30, "30 seconds"),
        (MINUTE + 1, "1 minute, 1 second"),
        (2 * DAY, "2 days"),
        (WEEK + DAY + 2 * HOUR + 10 * MINUTE, "1 week, 1 day, 2 hours, 10 minutes"),
    ],
)
def test_people_read_a_duration_in_words_never_as_typed_units(seconds: int, words: str) -> None:
    # "2d" is how a GM types two days, and how a table writes two dice: what people read of a
    # span (the log, a report, an advance) says the units; what is typed back reads the same.
    assert duration_words(seconds) == words
    assert parse_duration(format_duration(seconds)) == seconds
