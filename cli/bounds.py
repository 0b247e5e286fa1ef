"""The bounded values of the command line (issue 18): Typer callbacks that refuse a value outside
its range in one line naming the option and the range, exit 2, before the journal is opened (a
number beyond its range, a receipt that is no digest, an output file that is the journal itself).
The ranges and why each is what it is live in domain/limits.py."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import typer
from typer._click.core import Parameter

from chronique.cli.context import fail
from chronique.domain import limits
from chronique.domain.errors import RuleViolation
from chronique.domain.text import inert, quoted

IntCheck = Callable[[typer.CallbackParam, "int | None"], "int | None"]
FloatCheck = Callable[[typer.CallbackParam, "float | None"], "float | None"]

# A day-count date's day ('Day 12 08:00', 'jour 12'); Gregorian dates are bounded by Python's own
# calendar (years 1 to 9999) and advances by their span (``advance_span``).
_DAY = re.compile(r"\s*(?:day|jour)\s*(\d+)", re.IGNORECASE)


def name_of(param: Parameter) -> str:
    """How a refusal names the parameter, as its help does: its long option, which is typed, in
    backticks ("`--modifier`", rulings EB55, EB57), or an argument's name in capitals, bare, the
    help's placeholder and nothing to type ("WHO", ruling EB16)."""
    long = [opt for opt in param.opts if opt.startswith("--")]
    return f"`{long[0]}`" if long else (param.name or "a number").upper()


def said(param: Parameter) -> str:
    """A number's parameter as a range refusal says it (ruling BD24): an option by its flag, as
    typed, in backticks ("`--distance`", :func:`name_of`); an argument, whose name in capitals is
    only the help's placeholder, in words, alike in every game: a count of things "the number of
    points" (``POINTS``, ``CARDS``, ``HOURS``), a bare count "the number" (``COUNT``,
    ``NUMBER``), any other "the damage", "the duration"."""
    if any(opt.startswith("--") for opt in param.opts):
        return name_of(param)
    name = (param.name or "number").replace("_", " ").lower()
    if name in ("count", "number"):
        return "the number"
    return f"the number of {name}" if name.endswith("s") else f"the {name}"


def within(low: int, high: int) -> IntCheck:
    """A callback that accepts ``low..high`` (or no value, for an optional parameter)."""

    def check(param: typer.CallbackParam, value: int | None) -> int | None:
        if value is not None:
            _refuse_out_of_range(said(param), value, low, high)
        return value

    return check


def at_least(low: int) -> IntCheck:
    """A callback that accepts ``low`` or more (or no value), for a count whose top is the
    campaign's, which the command refuses once the journal is open, in the campaign's words (a
    Cartes draw or award, up to the cards of the campaign's own general deck, ruling C142). A
    number of more digits than any count is refused here, said by its count of digits."""

    def check(param: typer.CallbackParam, value: int | None) -> int | None:
        if value is None:
            return value
        from chronique.domain.gametime import MOST_DIGITS

        name, digits = said(param), len(str(abs(value)))
        if value < low:
            got = f"a negative number of {digits:,} digits" if digits > MOST_DIGITS else f"{value:,}"
            raise fail(f"{name} must be at least {low:,} (got {got})")
        if digits > MOST_DIGITS:
            raise fail(f"{name} is far more than any campaign holds (got a number of {digits:,} digits)")
        return value

    return check


def _refuse_out_of_range(name: str, value: int, low: int, high: int) -> None:
    """Refuse ``value`` outside ``low..high`` in one line: a number of more digits than any
    range holds is said by its count of digits, never repeated whole (a pasted 4,000 digits)."""
    if not low <= value <= high:
        _refuse_many_digits(name, low, high, len(str(abs(value))), "negative " if value < 0 else "")
    _refuse(lambda: limits.refuse_out_of_range(name, value, low, high))


def _refuse_many_digits(name: str, low: int, high: int, digits: int, sign: str = "") -> None:
    from chronique.domain.gametime import MOST_DIGITS

    if digits > MOST_DIGITS:
        raise fail(f"{name} must be between {low:,} and {high:,} (got a {sign}number of {digits:,} digits)")


def looked_up(param: typer.CallbackParam, value: int | None) -> int | None:
    """A number the journal looks up (a session's, ruling BD12): one a journal can hold is refused
    by the lookup, in the campaign's words ("campaign 'Verdelune' has no session 0"); one beyond
    any number a journal stores (ruling BD6) names nothing, and is refused here, before the journal
    is opened, in one line naming the range (ruling EB15)."""
    if value is not None and not -limits.STORABLE <= value <= limits.STORABLE:
        _refuse_out_of_range(said(param), value, 1, limits.STORABLE)
    return value


def up_to_the_table(low: int, highest: Callable[[], int]) -> IntCheck:
    """A callback that accepts ``low`` up to what a game's table allows, read when first needed (so
    the range is the table's, not a copy of it, and the table is not loaded to start the CLI)."""

    def check(param: typer.CallbackParam, value: int | None) -> int | None:
        return within(low, highest())(param, value)

    return check


def trimmed(value: str) -> str:
    """A reason as the log shows it, without the spaces around it: one of spaces alone is no
    reason, as one left out, so that no log reads "earned 1 hand card (   )" (rulings C140, EB41).
    Spaces only: a tab or a control character stays, for the text check to refuse (EB4)."""
    return value.strip(" ")


def one_of(*words: str) -> Callable[[typer.CallbackParam, str | None], str | None]:
    """A callback that accepts only ``words`` (a mistyped word would otherwise be taken as another
    case of the rules: a 'bulet' for a wound that is no bullet). The words, which are typed, are
    in backticks, as the option is (ruling EB57)."""
    typed = [f"`{word}`" for word in words]

    def check(param: typer.CallbackParam, value: str | None) -> str | None:
        if value is not None and value not in words:
            raise fail(f"{name_of(param)} takes {', '.join(typed[:-1])} or {typed[-1]}, not {quoted(value, 20)}")
        return value

    return check


def within_each(low: int, high: int) -> Callable[[typer.CallbackParam, list[int] | None], list[int] | None]:
    """A callback for a repeatable option: each of its values in ``low..high``."""
    one = within(low, high)

    def check(param: typer.CallbackParam, values: list[int] | None) -> list[int] | None:
        for value in values or ():
            one(param, value)
        return values

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
            name = said(param)
            # "the number of units must be between 0 and 100", not "… 100 units": said once.
            shown = "" if name.endswith(f" {unit}") else f" {unit}"
            raise fail(f"{name} must be between {low:g} and {high:g}{shown} (got {value:g})")
        return value

    return check


def duration(param: typer.CallbackParam, value: str | None) -> str | None:
    """A duration such as ``2d12h``: well formed and at most 1,000 in-game years (domain/limits.py)."""
    if value is not None:
        from chronique.domain.gametime import parse_duration

        _refuse(lambda: _at_most_the_longest(said(param), parse_duration(value), value))
    return value


def game_date(param: typer.CallbackParam, value: str | None) -> str | None:
    """An in-game date whose day count stays within 1,000 years ('Day 365000' at most), never
    empty: an empty one was taken as no date at all (a campaign from the default start, a log
    from its first event), as though the option had been left out (ruling EB17)."""
    if value is not None and not value.strip():
        raise fail(f"{name_of(param)} is empty: give an in-game date, or leave the option out")
    match = _DAY.match(value or "")
    if match is not None:
        name, digits = f"the day of {name_of(param)}", match.group(1).lstrip("0")
        # Before int(): Python reads no more than 4,300 digits as one number.
        _refuse_many_digits(name, 1, limits.MAX_DAYS, len(digits))
        _refuse_out_of_range(name, int(digits or "0"), 1, limits.MAX_DAYS)
    return value


def receipt(param: typer.CallbackParam, value: str | list[str] | None) -> str | list[str] | None:
    """A seal or a commitment a player kept: 64 hexadecimal digits, as a receipt prints them. A
    mistyped one is bad input (exit 2), not a journal that no longer holds it (exit 1, tampering)."""
    from chronique.domain.verifier import receipt_misread

    for kept in [value] if isinstance(value, str) else value or ():
        if (why := receipt_misread(name_of(param), kept)) is not None:
            raise fail(why)
    return value


def output_file(ctx: typer.Context, param: typer.CallbackParam, value: Path | None) -> Path | None:
    """A file a command writes: never the journal itself (nor its WAL), which it would destroy."""
    if value is None:
        return value
    from chronique.adapters.settings import Settings

    settings = Settings.from_env(getattr(ctx.find_root().obj, "db", None))
    if settings.is_postgres:
        return value
    try:
        journal, target = settings.sqlite_path.resolve(), value.resolve()
    except (OSError, ValueError):
        return value  # a path no file can have (a NUL in it): writing it fails, in one line
    if target in {journal, *(journal.with_name(journal.name + suffix) for suffix in ("-wal", "-shm", "-journal"))}:
        raise fail(f"{name_of(param)} is the journal itself ({value}): writing there would destroy it; choose another file")
    return value


def write_output(file: Path, text: str) -> None:
    """Write ``text`` to ``file`` (UTF-8). A write that fails once the file is open (a full disk,
    a device that takes no writes) is said of that file, as a failure to open it is: "cannot use
    /dev/full: No space left on device", never "cannot use: …", which named nothing."""
    try:
        file.write_text(text, encoding="utf-8")
    except OSError as error:
        if error.filename is not None:
            raise
        raise OSError(error.errno, error.strerror, str(file)) from None


def advance_span(seconds: int, asked: str) -> int:
    """An advance's span in seconds, refused beyond 1,000 in-game years (``--to`` a date far ahead)."""
    _at_most_the_longest("an advance", seconds, asked)
    return seconds


def _at_most_the_longest(name: str, seconds: int, asked: str) -> None:
    if seconds > limits.MAX_DURATION:
        raise RuleViolation(f"{name} must be at most {limits.MAX_YEARS:,} in-game years (got {asked})")


PACING_RATIO = within(1, limits.MAX_PACING_RATIO)
DAEMON_TICK = seconds_between(*limits.DAEMON_TICK)
PORT = within(*limits.PORT)
LOG_PAGE = within(*limits.LOG_PAGE)


def read_bounded(file: Path, most_bytes: int, too_long: str, what: str = "") -> bytes:
    """The bytes of ``file`` (standard input for '-'), read no further than one past
    ``most_bytes``: a device that never ends (/dev/zero) or a pasted archive is refused in one
    line, ``too_long``, rather than read until memory runs out. ``what`` names the file in a
    refusal to read it ("sheet ")."""
    try:
        if str(file) == "-":
            data = typer.get_binary_stream("stdin").read(most_bytes + 1)
        else:
            with file.open("rb") as opened:
                data = opened.read(most_bytes + 1)
    except OSError as error:
        raise fail(f"cannot read {what}{file}: {error.strerror or error}") from None
    except ValueError:  # a path no file can have (a NUL in it)
        raise fail(f"cannot read {what}{inert(str(file))}: a file's path holds no NUL character") from None
    if len(data) > most_bytes:
        raise fail(too_long)
    return data
