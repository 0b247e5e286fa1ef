"""``chronique character``: add characters from sheet files and show them."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import typer

from chronique.cli import bounds, render
from chronique.cli.context import fail, run
from chronique.domain.rulesets import ruleset

app = typer.Typer(help="Add characters and show them.", no_args_is_help=True)


# A character's sheet is a page of fields, each name or text bounded (domain/text.py): a file past
# this is no sheet, and one that never ends (/dev/zero) was read until memory ran out.
_SHEET_BYTES = 200_000


def read_sheet(path: Path) -> dict[str, Any]:
    """A sheet file as data: TOML (``.toml``) or JSON; a malformed file exits 2."""
    too_long = f"sheet {path} holds more than {_SHEET_BYTES:,} bytes: a character's sheet is far shorter"
    text = bounds.read_bounded(path, _SHEET_BYTES, too_long, "sheet ").decode("utf-8")
    if not text.strip():
        # The parser's words for an empty file ("Expecting value: line 1 column 1 (char 0)") say nothing of it.
        raise fail(f"sheet {'on standard input' if str(path) == '-' else path} is empty: a sheet holds its fields in TOML or JSON")
    try:
        data = tomllib.loads(text) if path.suffix.lower() == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
        raise fail(f"sheet {path} is malformed: {error}") from None
    if not isinstance(data, dict):
        raise fail(f"sheet {path} must hold a table of fields")
    return data


@app.command("new")
def new(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    sheet: Path = typer.Option(..., "--sheet", help="The sheet file (TOML or JSON)."),
) -> None:
    """Add a character from a sheet file, checked against the creation rules."""
    data = read_sheet(sheet)
    character = run(ctx, lambda s: s.create_character(campaign, data))
    typer.echo(f"{character.name} joined the campaign ({character.id})")
    # A game whose creation rules drop something the sheet file did not say says so now, before
    # play (MicroFudge Streamlined keeps at most 3 unspent Atouts, L705; its ruling M134).
    said = ruleset(character.ruleset).creation_warning(character.sheet, character.condition)
    if said:
        typer.echo(said)


@app.command("player")
def player(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    name: str = typer.Argument(..., help="Character name."),
    who: str = typer.Argument(..., help="The player's name."),
) -> None:
    """Record who plays a character (for `chronique luck --by player`); a later call replaces it."""
    character, player, recorded = run(ctx, lambda s: s.assign_player(campaign, name, who))
    typer.echo(f"{character} is played by {player}" + ("" if recorded else " already; nothing recorded."))


@app.command("show")
def show(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    name: str = typer.Argument(..., help="Character name."),
    as_json: bool = typer.Option(False, "--json", help="Output JSON."),
) -> None:
    """Show a character's current sheet (same as ``chronique sheet``)."""
    run(ctx, lambda s: render.sheet(s.world(campaign), s.world(campaign).character(name), as_json))
