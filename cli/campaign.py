"""``chronique campaign``: create, list and show campaigns."""

from __future__ import annotations

import typer

from chronique.cli import bounds, render
from chronique.cli.context import run

app = typer.Typer(help="Create, list and show campaigns.", no_args_is_help=True)


@app.command("new")
def new(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="The campaign's name, e.g. 'Shotgun City'."),
    ruleset: str = typer.Option(..., "--ruleset", help="cartes, microfudge, western-parade or elor."),
    start: str = typer.Option(
        None, "--start", callback=bounds.game_date, help="In-game start: 'Day 1 08:00', or a date for Western Parade."
    ),
) -> None:
    """Create a campaign and commit to the seed of its first chance epoch."""
    campaign = run(ctx, lambda s: s.create_campaign(name, ruleset, start))
    render.campaign_created(campaign)


@app.command("list")
def list_(ctx: typer.Context, as_json: bool = typer.Option(False, "--json", help="Output JSON.")) -> None:
    """List the journal's campaigns."""
    run(ctx, lambda s: render.campaigns(s, s.campaigns(), as_json))


@app.command("show")
def show(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="Campaign name or id."),
    as_json: bool = typer.Option(False, "--json", help="Output JSON."),
) -> None:
    """Show a campaign: clock, sessions, epochs, characters and seals."""
    run(ctx, lambda s: render.campaign(s, s.world(name), as_json))
