"""Command-line values read without pydantic on the hot path (issue 20, "Cold commands lean").

Typer reads every value a command is given through a pydantic ``TypeAdapter`` built for its
parameter: importing Typer's adapters and building one per parameter cost a cold command tens of
milliseconds before it does anything. Nearly every value Chronique takes is a word or a plain
number, which need none of it: :func:`read_plainly` gives such parameters a reader that takes the
value as pydantic would (a word as typed, ``-12`` as ``-12``, ``2.5`` as ``2.5``), and hands any
other value — a number written another way, one out of its range, a path — to Typer's own
adapter, so that what is accepted, the value it becomes and the error that refuses it stay
Typer's; but a value that is no number at all is refused in words ("'many' is not a whole
number"), not in pydantic's ("unable to parse string as an integer"). A negative number where a
command takes a count or an amount is read as that value, so that its range refuses it in the
command's words, never taken for an unknown option ("no such option: -1").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from typer._click.exceptions import BadParameter
from typer._click.parser import _OptionParser, _ParsingState
from typer._coercion import RuntimeParam, build_runtime_param

from chronique.domain.text import quoted

if TYPE_CHECKING:
    from typer._click.core import Command, Context
    from typer.core import _TyperParameter

# What pydantic reads as the same number Python's int() and float() make of it (ASCII digits,
# a sign, no spaces or underscores), and short enough that both are exact.
_INTEGER = re.compile(r"-?[0-9]{1,18}", re.ASCII)
_DECIMAL = re.compile(r"-?[0-9]{1,15}(\.[0-9]{1,15})?", re.ASCII)

# A word that begins as a negative number does (-1, -2.5, -1w): no option's name begins so.
_SIGNED = re.compile(r"-\.?[0-9]", re.ASCII)

# A value not read here: Typer's adapter reads it.
_UNREAD = object()

# The annotations read here; anything else (a path, a choice, a date) keeps Typer's adapter.
_PLAIN = (str, bool, int, float)


@dataclass(frozen=True)
class PlainRuntimeParam(RuntimeParam):
    """Typer's reading of one parameter's value, without its adapter for a word or a plain number."""

    def _coerce_value(self, value: Any, param: _TyperParameter, ctx: Context) -> Any:
        read = _read(self.annotation, self.parameter_info, value)
        if read is not _UNREAD:
            return read
        # Typer's own reading, built once and kept: the value, or the error Typer gives, in
        # words when the value is no number at all (pydantic's are "unable to parse string").
        typer_reading = vars(param).get("_typer_reading")
        if typer_reading is None:
            typer_reading = vars(param)["_typer_reading"] = build_runtime_param(param.type_descriptor)
        try:
            return typer_reading._coerce_value(value, param=param, ctx=ctx)
        except BadParameter:
            words = _no_number(self.annotation, value)
            if words is None:
                raise
            raise BadParameter(words, ctx=ctx, param=param) from None


def _no_number(annotation: Any, value: Any) -> str | None:
    """What a value that Python reads as no number of the parameter's kind is, in words; None for
    anything else (out of range, a number written another way: Typer's words stand)."""
    kind = annotation.__args__[0] if getattr(annotation, "__origin__", None) is list else annotation
    values = value if isinstance(value, (list, tuple)) else [value]
    for given in values:
        if not isinstance(given, str) or kind not in (int, float):
            continue
        try:
            kind(given)
        except ValueError:
            return f"{quoted(given)} is not a {'whole ' if kind is int else ''}number"
    return None


def _read(annotation: Any, info: Any, value: Any) -> Any:
    if getattr(annotation, "__origin__", None) is list:
        if not isinstance(value, (list, tuple)):
            return _UNREAD
        items = [_read(annotation.__args__[0], info, item) for item in value]
        return _UNREAD if any(item is _UNREAD for item in items) else items
    if annotation is str:
        return value if type(value) is str else _UNREAD
    if annotation is bool:
        # A flag is True or False already; a word for one (an environment variable's) is Typer's to read.
        return value if type(value) is bool else _UNREAD
    number: int | float | None
    if annotation is int:
        number = value if type(value) is int else int(value) if type(value) is str and _INTEGER.fullmatch(value) else None
    elif annotation is float:
        number = value if type(value) is float else float(value) if type(value) is str and _DECIMAL.fullmatch(value) else None
    else:
        return _UNREAD
    if number is None or (info.min is not None and number < info.min) or (info.max is not None and number > info.max):
        return _UNREAD  # out of range: refused in Typer's words
    return number


class SignedNumbers(_OptionParser):
    """Click's parser, reading a word that begins as a negative number and that no option of the
    command is named as (``xp award Verdelune Alice -1``, ``advance Verdelune -1w``) as a value
    for the command's arguments, for them to refuse in their own words: Click took any word
    beginning with a dash for an option and refused it as "no such option: -1".

    It overrides the parser's private ``_process_opts`` because Click has no public way to say
    which dashed words are values: the parser itself is private since Click 8.2 (``OptionParser``
    deprecated; this Typer vendors Click as ``typer._click``, private whole), and the public
    ``ignore_unknown_options`` passes every unknown word on, so ``--bogus`` would be taken for a
    value instead of refused as "no such option: --bogus" (ruling EB14; tests/cli/test_error_boundary.py)."""

    def _process_opts(self, arg: str, state: _ParsingState) -> None:
        if _SIGNED.match(arg) and arg not in self._short_opt and arg not in self._long_opt:
            state.largs.append(arg)
            return
        super()._process_opts(arg, state)


def read_plainly(command: Command) -> None:
    """Give ``command``'s parameters of a plain type (a word, a flag, a number, a list of them),
    and its ``--help`` (which Click makes when the command is first parsed), the reader of this
    module, in place of the pydantic adapter Typer would build on first use; and a command of
    arguments (not a group, whose first word is a command's name) the parser :class:`SignedNumbers`."""
    for param in command.params:
        _plainly(param)
    if not hasattr(command, "commands") and not isinstance(command.make_parser, _SignedParser):
        command.make_parser = _SignedParser(command)  # type: ignore[method-assign]
    if not getattr(command.get_help_option, "plain", False):
        make_help_option = command.get_help_option

        def get_help_option(ctx: Context) -> Any:
            option = make_help_option(ctx)
            if option is not None:
                _plainly(option)
            return option

        get_help_option.plain = True  # type: ignore[attr-defined]
        command.get_help_option = get_help_option  # type: ignore[method-assign]


@dataclass(frozen=True)
class _SignedParser:
    """``command.make_parser``: Click's, building a :class:`SignedNumbers`."""

    command: Command

    def __call__(self, ctx: Context) -> _OptionParser:
        parser = SignedNumbers(ctx)
        for param in self.command.get_params(ctx):
            param.add_to_parser(parser, ctx)
        return parser


def _plainly(param: Any) -> None:
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None or getattr(param, "_runtime_param", False) is not None:
        return  # not Typer's, or its reader is built already
    info = descriptor.parameter_info
    annotation = descriptor.annotation
    element = annotation.__args__[0] if getattr(annotation, "__origin__", None) is list else annotation
    if element in _PLAIN and info.parser is None and not info.clamp and descriptor.file_annotation is None:
        param._runtime_param = PlainRuntimeParam(parameter_info=info, annotation=annotation)
