"""``chronique xp``: the experience ledger, read from its read model for a campaign of any game
(each counts in its own unit: hand cards, points). Awarding and spending are each game's own
commands (``chronique <game> xp ...``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from chronique.cli import render
from chronique.cli.context import run

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique

app = typer.Typer(help="Experience: the ledger of every award and spend, in any game.", no_args_is_help=True)


@app.command("ledger")
def ledger(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    character: str = typer.Option(None, "--character", help="Only this character."),
    as_json: bool = typer.Option(False, "--json", help="Output JSON."),
) -> None:
    """The experience ledger: every award and spend, its reason and the running balance."""

    from chronique.adapters.ledger import experience

    def show(s: Chronique) -> None:
        render.ledger(s, *experience(s, campaign, character), as_json)

    run(ctx, show)
