"""Help proofread (issue 15): every command of the real app, groups included, shows help a
person reads as written: no unrendered placeholder (``{campaign}``, ``<list[str]>``), no RST
double backticks, and a summary in its parent's list that is a whole sentence, never cut
("An opposed draw without damage (e.g."). The same tree a user runs: typer.main.get_command."""

from __future__ import annotations

import re
from typing import Any

import pytest
import typer
from typer.main import get_command

from chronique.cli.app import app
from chronique.cli.helptext import commands, summary

# Typer's own renderings a user cannot read: an argument in braces, a value's Python type in angle
# brackets. A help text's own notation ("hand:<card>", "<id>:<version>") is written on purpose.
PLACEHOLDER = re.compile(r"\{[A-Za-z_]+\}|<(?:str|int|float|bool|path|datetime|list\[\w+\]|[\w|]+ range)>")
ROOT = get_command(app)
TREE = list(commands(ROOT))


def help_of(path: tuple[str, ...]) -> str:
    """The help ``chronique <path> --help`` prints, 80 columns wide."""
    ctx = typer.Context(ROOT, info_name="chronique", terminal_width=80, max_content_width=80)
    command: Any = ROOT
    for name in path:
        command = command.commands[name]
        ctx = typer.Context(command, info_name=name, parent=ctx, terminal_width=80, max_content_width=80)
    return command.get_help(ctx)


def test_the_walk_covers_every_command() -> None:
    # Every game's sub-app, and the commands at the top.
    paths = {path for path, _ in TREE}
    assert {("cartes", "oppose"), ("campaign", "set"), ("use",), ("western-parade", "body", "wound"), ("log",)} <= paths
    assert len(paths) > 100


@pytest.mark.parametrize("path", [path for path, _ in TREE], ids=lambda path: " ".join(path) or "chronique")
def test_each_help_has_no_placeholder_and_no_rst(path: tuple[str, ...]) -> None:
    shown = help_of(path)
    assert PLACEHOLDER.findall(shown) == [], shown
    assert "``" not in shown, shown


def whole(text: str) -> bool:
    """A summary read on its own: it ends a sentence (a full stop, or ! or ?), not an abbreviation."""
    return text.endswith((".", "!", "?", ".)")) and not text.endswith(("e.g.", "i.e.", "...", "cf.", "(e.g.", "etc."))


@pytest.mark.parametrize("path", [path for path, _ in TREE if path], ids=lambda path: " ".join(path))
def test_each_summary_in_its_parents_list_is_a_whole_sentence(path: tuple[str, ...]) -> None:
    command = dict(TREE)[path]
    listed = command.get_short_help_str(limit=45)
    assert whole(listed), f"{' '.join(path)}: {listed!r}"
    # The parent's list shows it whole, wrapped, whatever the terminal's width.
    parent = help_of(path[:-1])
    assert " ".join(listed.split()) in " ".join(parent.split())


def test_a_summary_does_not_stop_at_an_abbreviation() -> None:
    assert summary("An opposed draw without damage (e.g. a wrestling hold). More here.") == (
        "An opposed draw without damage (e.g. a wrestling hold)."
    )
    assert summary("Create a campaign. Then more.\n\nDetails.") == "Create a campaign."
