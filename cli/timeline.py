"""``chronique advance``: move in-game time forward, firing the processes due on the way."""

from __future__ import annotations

import typer

from chronique.cli import bounds, render
from chronique.cli.context import run


def register(app: typer.Typer) -> None:
    """Add the time commands to the app."""

    @app.command("advance")
    def advance(
        ctx: typer.Context,
        campaign: str = typer.Argument(..., help="Campaign name or id."),
        duration: str = typer.Argument(None, callback=bounds.duration, help="How long: 30s, 10m, 3h, 2d, 1w (or --to)."),
        to: str = typer.Option(None, "--to", callback=bounds.game_date, help="Advance to this in-game date instead, e.g. 'Day 4 08:00'."),
        dry_run: bool = typer.Option(False, "--dry-run", help="Show what would happen; record nothing."),
    ) -> None:
        """Advance in-game time: survival draws, rest and every other running process, in one transaction."""
        from chronique.domain.campaign import Campaign
        from chronique.domain.errors import RuleViolation
        from chronique.domain.gametime import calendar_from, parse_duration

        if (duration is None) == (to is None):
            raise render.usage("give a duration or --to, not both and not neither")

        def target(c: Campaign) -> int:
            if to is not None:
                return c.clock + bounds.advance_span(calendar_from(c.calendar).parse(to) - c.clock, to)
            seconds = parse_duration(duration)
            if seconds <= 0:
                raise RuleViolation("the duration must be positive")
            return c.clock + seconds

        run(ctx, lambda s: render.advanced(s, campaign, s.advance(campaign, target, dry_run)))
