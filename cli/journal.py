"""``chronique log`` and ``chronique sheet``: reading the journal, now or as it was."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from chronique.cli import bounds, render
from chronique.cli.context import run

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique


def register(app: typer.Typer) -> None:
    """Add the reading commands to the app."""

    @app.command("log")
    def log(
        ctx: typer.Context,
        campaign: str = typer.Argument(..., help="Campaign name or id."),
        as_json: bool = typer.Option(False, "--json", help="Output the canonical events as JSON."),
        gm: bool = typer.Option(False, "--gm", help="The GM's view: face-down cards and hidden draws in full."),
        character: list[str] = typer.Option([], "--character", help="Only this character's events (repeatable)."),
        session: int = typer.Option(None, "--session", help="Only the events of this session."),
        kind: list[str] = typer.Option([], "--kind", help="Only events of this kind, e.g. TestMade (repeatable)."),
        since: str = typer.Option(None, "--from", help="From this in-game date."),
        until: str = typer.Option(None, "--to", help="Up to this in-game date."),
        limit: int = typer.Option(None, "--limit", callback=bounds.LOG_PAGE, help="At most this many events (a page)."),
        page: int = typer.Option(1, "--page", callback=bounds.LOG_PAGE, help="Which page of --limit events."),
        tail: int = typer.Option(
            None, "--tail", callback=bounds.LOG_PAGE, help="Show only this many events, the last ones (after the filters)."
        ),
        newest_first: bool = typer.Option(False, "--newest-first", help="The newest events first (pages then count from the newest)."),
    ) -> None:
        """Show the campaign's event log, oldest first, paged and filtered; face-down events stay
        hidden from players."""
        from chronique.adapters.services import LogPage

        if tail is not None and limit is not None:
            raise render.usage("give --tail or --limit, not both")

        def show(s: Chronique) -> None:
            calendar = s.calendar(s.campaign(campaign))
            asked = LogPage(
                characters=tuple(character),
                session=session,
                kinds=tuple(kind),
                since=calendar.parse(since) if since else None,
                until=calendar.parse(until) if until else None,
                offset=(page - 1) * limit if limit else 0,
                # The last events are the first ones newest first, shown back in order.
                limit=limit if tail is None else tail,
                newest_first=newest_first or tail is not None,
            )
            entries = s.page_log(campaign, asked)
            if tail is not None and not newest_first:
                entries = entries[::-1]
            render.log(s, campaign, entries, as_json, gm)

        run(ctx, show)

    @app.command("sheet")
    def sheet(
        ctx: typer.Context,
        campaign: str = typer.Argument(..., help="Campaign name or id."),
        name: str = typer.Argument(..., help="Character name."),
        as_of: str = typer.Option(None, "--as-of", help="A session number (its end), an in-game date or an event (<id>:<version>)."),
        as_json: bool = typer.Option(False, "--json", help="Output JSON."),
        gm: bool = typer.Option(False, "--gm", help="The GM's view: a face-down pile's cards in full."),
    ) -> None:
        """Show a character's sheet, now or as it was at a session's end or an in-game date (blood,
        healing, drink and training as they stood at that very moment)."""
        from chronique.adapters.history import sheet_as_of

        def show(s: Chronique) -> None:
            world, character = sheet_as_of(s, campaign, name, as_of, gm)
            render.sheet(world, character, as_json, gm)

        run(ctx, show)


def register_luck(app: typer.Typer) -> None:
    """Add the luck statistics command to the app."""

    @app.command("luck")
    def luck(
        ctx: typer.Context,
        campaign: str = typer.Argument(..., help="Campaign name or id."),
        by: str = typer.Option("character", "--by", help="player, character, session, kind (of roll) or campaign."),
        as_json: bool = typer.Option(False, "--json", help="Output JSON."),
    ) -> None:
        """Luck: of every roll left to chance against a target, in any game, the successes observed
        against those expected from its exact odds, with the uncertainty; a secret roll counts once
        revealed."""
        run(ctx, lambda s: render.luck(s.luck(campaign, by), by, as_json))
