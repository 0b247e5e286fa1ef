"""``chronique undo``: take back the campaign's last command, with one correction and a reason."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from chronique.cli.context import run

if TYPE_CHECKING:
    from chronique.adapters.undo import Undone


def register(app: typer.Typer) -> None:
    """Add ``undo`` to the app."""

    @app.command("undo")
    def undo(
        ctx: typer.Context,
        campaign: str = typer.Argument(..., help="Campaign name or id."),
        reason: str = typer.Option(
            None, "--reason", help="Why it is taken back: kept in the log (default: “taken back with undo”).", show_default=False
        ),
        dry_run: bool = typer.Option(False, "--dry-run", help="Show what would be voided; record nothing."),
        gm: bool = typer.Option(False, "--gm", help="The GM's view: face-down cards and hidden draws in full."),
    ) -> None:
        """Take back the campaign's last command: void everything it recorded (wounds, experience,
        a clock advance and its ticks) with one correction and a reason, and show what was voided.
        Cards drawn stay drawn; undo and correct are never taken back themselves, so a second undo
        takes back the command before; a session's start or end cannot be taken back. Events still
        face down say how many cards they drew, never which, unless --gm."""
        from chronique.adapters.undo import DEFAULT_REASON
        from chronique.adapters.undo import undo as take_back

        shown = run(ctx, lambda s: take_back(s, campaign, reason or DEFAULT_REASON, dry_run, gm))
        typer.echo(_words(shown))


def _words(undone: Undone) -> str:
    """What an undo voided, for people: each event in the log's words, under what became of it."""
    # A dry run says what it would do, in the conditional throughout (ruling UN15): it said
    # "would take back" over lines that read "voided", as though they had been.
    from chronique.adapters.undo import DEFAULT_REASON

    head, void, goes = ("took back", "voided", "goes") if undone.recorded else ("would take back", "would void", "would go")
    # The reason a GM gave, never the default's "(taken back with undo)" after "took back" (UN21).
    why = "" if undone.reason == DEFAULT_REASON else f" ({undone.reason})"
    lines = [f"{head} the last command of {undone.campaign}{why}:"]
    lines += [f"  {void} {a.ref}  {a.who}: {a.description}" for a in undone.voided] or ["  nothing left to void"]
    if undone.kept:
        lines.append("kept, chance once drawn is never taken back:")
        lines += [f"  {a.ref}  {a.who}: {a.description}" for a in undone.kept]
    if undone.clock_before != undone.clock_after:
        lines.append(f"the clock {goes} back from {undone.clock_before} to {undone.clock_after}")
    return "\n".join(lines)
