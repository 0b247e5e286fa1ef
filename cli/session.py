"""``chronique session``: open and close play sessions (and their chance epochs)."""

from __future__ import annotations

import typer

from chronique.cli import render
from chronique.cli.context import run
from chronique.domain.rulesets.words import epoch_name
from chronique.domain.text import plural

app = typer.Typer(help="Start and end play sessions.", no_args_is_help=True)


@app.command("start")
def start(ctx: typer.Context, campaign: str = typer.Argument(..., help="Campaign name or id.")) -> None:
    """Start the next session: reveal the downtime seed, commit to the session's."""
    render.session_started(run(ctx, lambda s: s.start_session(campaign)))


@app.command("end")
def end(ctx: typer.Context, campaign: str = typer.Argument(..., help="Campaign name or id.")) -> None:
    """End the open session: cards back in the deck, every chain sealed, the seed revealed."""
    render.session_ended(*run(ctx, lambda s: s.close_session(campaign)))


@app.command("entropy")
def entropy(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    phrase: str = typer.Argument(..., help="Any phrase: it is mixed into the open epoch's key."),
    player: str = typer.Option(..., "--player", help="Who adds it."),
) -> None:
    """Add a player's phrase to the open epoch's key, before its first draw (refused after)."""
    c, named = run(ctx, lambda s: s.add_entropy(campaign, player, phrase))
    phrases = plural(len(c.epochs[c.epoch]["contributions"]), "phrase")
    typer.echo(f"{named}'s phrase is part of the key of the dice of {epoch_name(c.epoch)} ({phrases} so far)")
