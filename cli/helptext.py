"""Help that reads as written (issue 15): every command's summary whole, arguments and values
named in capitals as a usage line names them (``CAMPAIGN``, ``--limit INTEGER``), never Typer's
``{campaign}`` or ``<list[str]>``, and a docstring's RST ````code```` shown as `code`.

Applied to each command by the root group as it builds it (cli/boundary.py); the proofreading
test walks the same tree, built whole (tests/cli/test_help_proofread.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

# A sentence ends at a full stop (or ! ?) followed by a capital or the end, unless the word is an
# abbreviation: "An opposed draw without damage (e.g. a wrestling hold)." is one sentence.
_ABBREVIATIONS = ("e.g.", "i.e.", "cf.", "vs.", "etc.", "approx.")
_SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z(\"'`]|\s*$)")

# What a value is, in the words of a usage line.
_METAVARS = {int: "INTEGER", float: "NUMBER", bool: "BOOLEAN"}


def commands(root: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command of the tree under ``root``, groups included, with its path, root first."""
    yield path, root
    for name, command in getattr(root, "commands", {}).items():
        yield from commands(command, (*path, name))


def summary(help_text: str) -> str:
    """The first sentence of ``help_text``'s first paragraph, whole."""
    paragraph = " ".join(help_text.strip().split("\n\n")[0].split())
    for end in _SENTENCE_END.finditer(paragraph):
        sentence = paragraph[: end.end()]
        if not sentence.endswith(_ABBREVIATIONS):
            return sentence
    return paragraph


def _rst_to_plain(text: str | None) -> str | None:
    return None if text is None else text.replace("``", "`")


def _metavar(param: Any) -> str:
    if param.param_type_name == "argument":
        return str(param.name).upper()
    annotation = param.type_descriptor.annotation
    # A repeatable option (list[int]) takes one value each time it is given.
    element = annotation.__args__[0] if getattr(annotation, "__origin__", None) is list else annotation
    return _METAVARS.get(element, "TEXT")


def plainly(command: Any) -> None:
    """Make ``command``'s help read as written: a whole summary, no placeholders, no RST."""
    command.help = _rst_to_plain(command.help)
    if command.short_help is None and command.help:
        command.short_help = summary(command.help)
    for param in command.params:
        param.help = _rst_to_plain(getattr(param, "help", None))
        if getattr(param, "is_flag", False) or param.metavar is not None:
            continue
        param.metavar = _metavar(param)
        if param.param_type_name == "argument":
            shown = param.metavar + ("..." if param.nargs != 1 else "")
            usage = shown if param.required else f"[{shown}]"
            param._usage_display_name = lambda usage=usage: usage
            # The argument's name says what it is; its type added to it would read twice.
            param.display_type_rich = lambda ctx: None
