"""``chronique note``: session recaps and notes on characters (issue 16), in Markdown, recorded as
events; exports show them rendered (``chronique export session``, ``chronique export sheet``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from chronique.cli import bounds, render
from chronique.cli.boundary import not_utf8
from chronique.cli.context import fail, run
from chronique.domain import limits
from chronique.domain.notes import GM, NOTE_LIMIT, signed
from chronique.domain.text import to_type

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique
    from chronique.domain.notes import Note

app = typer.Typer(help="Write session recaps and notes on characters (Markdown), and list them.", no_args_is_help=True)

# UTF-8 spends at most four bytes a character: a file longer than this holds more than a note may.
_MOST_BYTES = 4 * NOTE_LIMIT

TEXT_HELP = "The text, in Markdown, on one line (for more, use `--file`)."
FILE = typer.Option(None, "--file", help="Read the text (Markdown, UTF-8) from this file; `-` reads it from standard input.")
AUTHOR = typer.Option(
    GM,
    "--author",
    help="Who writes it: the GM by default; a player's name (as `character player` assigned it) writes as that player, "
    "which the campaign must allow (`campaign set CAMPAIGN players-write-notes on`); any other name is refused.",
)


def text_of(text: str | None, file: Path | None) -> str:
    """The note's text: the argument, or the file's (standard input for '-'); exactly one of them."""
    if (text is None) == (file is None):
        raise fail("give the text either as an argument or with `--file`, not both" if text is not None else "give the text, or `--file`")
    if file is None:
        return text or ""
    data = bounds.read_bounded(
        file, _MOST_BYTES, f"{file} holds more than {_MOST_BYTES:,} bytes; a note may hold at most {NOTE_LIMIT:,} characters"
    )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise fail(f"{file} {not_utf8(error)}") from None


@app.command("recap")
def recap(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    text: str = typer.Argument(None, help=TEXT_HELP),
    session: int = typer.Option(
        None,
        "--session",
        callback=bounds.within(1, limits.STORABLE),
        help="The session it recaps (default: the open session, else the last).",
    ),
    file: Path = FILE,
    author: str = AUTHOR,
) -> None:
    """Write a recap of a session; a later recap of the same session adds to it."""
    body = text_of(text, file)
    note = run(ctx, lambda s: s.write_recap(campaign, session, author, body))
    typer.echo(f"{signed(note)} wrote a recap of session {note.session} ({note.at}); {to_type('undo')} takes it back.")


@app.command("character")
def character_note(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    character: str = typer.Argument(..., help="The character the note is on."),
    text: str = typer.Argument(None, help=TEXT_HELP),
    file: Path = FILE,
    author: str = AUTHOR,
) -> None:
    """Write a note on a character; its sheet's exports show it."""
    body = text_of(text, file)
    note = run(ctx, lambda s: s.write_note(campaign, character, author, body))
    typer.echo(f"{signed(note)} wrote a note on {note.character} ({note.at}); {to_type('undo')} takes it back.")


@app.command("list")
def list_(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    name: str = typer.Option(None, "--character", help="Only the notes on this character (no recaps)."),
    as_json: bool = typer.Option(False, "--json", help="Output JSON."),
) -> None:
    """List a campaign's session recaps and its notes on characters, oldest first."""

    def read(s: Chronique) -> tuple[str, dict[int, list[Note]], dict[str, list[Note]]]:
        world = s.world_read(campaign)
        if name is not None:
            chosen = world.character(name)
            return world.campaign.name, {}, {chosen.name: s.notes(campaign, chosen.name)}
        characters = {c.name: s.notes(campaign, c.name) for c in world.characters.values()}
        return world.campaign.name, s.recaps(campaign), characters

    title, recaps, notes = run(ctx, read)
    if as_json:
        render.emit_json(
            {
                "campaign": title,
                "recaps": [{"session": n, **note.to_json()} for n, written in recaps.items() for note in written],
                "notes": {who: [note.to_json() for note in written] for who, written in notes.items()},
            }
        )
        return
    typer.echo("\n".join(listed(title, recaps, notes, name is None)))


def listed(campaign: str, recaps: dict[int, list[Note]], notes: dict[str, list[Note]], with_recaps: bool) -> list[str]:
    """The recaps and notes as a person reads them: a heading for each, then its text indented."""
    lines: list[str] = []
    if with_recaps:
        lines.append(f"Recaps of {campaign}:" if recaps else f"{campaign} has no recap yet.")
        for number, written in recaps.items():
            lines += _each(f"session {number}", written)
    for who, written in notes.items():
        if with_recaps and not written:
            continue
        lines.append(f"Notes on {who}:" if written else f"{who} has no note yet.")
        lines += _each(None, written)
    if with_recaps and not any(notes.values()):
        lines.append("No character has a note yet.")
    return lines


def _each(about: str | None, written: list[Note]) -> list[str]:
    lines = []
    for note in written:
        head = f"{about + ', ' if about else ''}by {signed(note)}, {note.at} in the game"
        struck = f" — voided, left out of the exports ({note.ref})" if note.voided else f" ({note.ref})"
        lines.append(f"  {head}{struck}:")
        lines += [f"    {line}" if line else "" for line in note.text.splitlines()]
    return lines
