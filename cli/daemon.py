"""``chronique daemon``, ``chronique pace`` and ``chronique downtime``: time between sessions."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import typer

from chronique.cli import bounds
from chronique.cli.context import run
from chronique.domain.text import to_type

pace_app = typer.Typer(help="How in-game time moves on its own between sessions.", no_args_is_help=True)
downtime_app = typer.Typer(help="What happened between sessions.", no_args_is_help=True)

CAMPAIGN = typer.Argument(..., help="Campaign name or id.")
GM_VIEW = typer.Option(False, "--gm", help="The GM's view: what hidden rolls did, before their reveal.")
# An empty board tells the GM what it would list, not that nothing is "notable" (ruling TB14).
NOTHING_UNDER_WAY = "nothing under way between sessions: no healing, training or long action running"


@pace_app.command("set")
def pace_set(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    ratio: int = typer.Option(
        None, "--ratio", callback=bounds.PACING_RATIO, help="In-game seconds per real second (1: a game day per real day)."
    ),
    every: str = typer.Option(None, "--every", help="A schedule: `mon 09:00`, `daily 20:00`."),
    advance: str = typer.Option(None, "--advance", callback=bounds.duration, help="With --every: how much each time, e.g. 1w."),
    until: str = typer.Option(None, "--until", callback=bounds.game_date, help="Stop at this in-game date."),
    tz: str = typer.Option("UTC", "--tz", help="Time zone of --every."),
) -> None:
    """Set the campaign's pacing, counted from now; sessions pause it."""
    from chronique.domain.gametime import parse_duration

    step = parse_duration(advance) if advance else None
    c = run(ctx, lambda s: s.set_pacing(campaign, ratio, every, step, tz, until))
    typer.echo(f"{c.name}: pacing set")


@pace_app.command("show")
def pace_show(ctx: typer.Context, campaign: str = CAMPAIGN) -> None:
    """Show the campaign's pacing and where it puts the clock now."""
    from chronique.domain.pacing import Pacing

    def show(s) -> None:  # noqa: ANN001
        c = s.campaign(campaign)
        if c.pacing is None:
            typer.echo(f"{c.name}: no pacing (time moves only with {to_type('advance')})")
            return
        pacing = Pacing.from_data(c.pacing)
        calendar = s.calendar(c)
        typer.echo(f"{c.name}: {pacing.describe(calendar)}")
        state = "paused: a session is open" if c.in_session else pacing.standing(c.clock, s.clock(), calendar)
        typer.echo(f"clock {calendar.format(c.clock)}; {state}")

    run(ctx, show)


@pace_app.command("clear")
def pace_clear(ctx: typer.Context, campaign: str = CAMPAIGN) -> None:
    """Stop in-game time from moving on its own."""
    c = run(ctx, lambda s: s.clear_pacing(campaign))
    typer.echo(f"{c.name}: pacing cleared")


@downtime_app.command("report")
def downtime_report(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    since: str = typer.Option(
        None,
        "--since",
        callback=bounds.game_date,
        help="Everything notable from this in-game date on, in play or not (default: only what was recorded "
        "after the last session ended, up to the start of a session open now).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Output JSON."),
    gm: bool = GM_VIEW,
) -> None:
    """List the notable outcomes of the last downtime (deaths, failed survival draws, lasting
    maluses): what was recorded after the last session ended (all of it before any session
    ended), up to the start of a session open now; voided events left out. Those still face down
    are the GM's (--gm) until their reveal. Then, at the clock, what still waits for no clock to
    bring it (a wound in a critical state waiting for care)."""
    from chronique.adapters.services import clock_reads
    from chronique.cli import render

    def report(s) -> None:  # noqa: ANN001
        c = s.campaign(campaign)
        calendar = s.calendar(c)
        if since:
            start = calendar.parse(since)
            if start > c.clock:
                clock = calendar.format(c.clock)
                raise render.usage(
                    f"`--since` {calendar.format(start)} is after the campaign's clock ({clock}): nothing has happened then yet"
                )
            items, none = (
                s.notable(campaign, start, gm),
                f"nothing notable since {calendar.format(start)} ({clock_reads(c.clock, start, calendar)})",
            )
        else:
            # The span the web journal's "What downtime did" lists (ruling WJ17).
            items, span = s.last_downtime(c, gm=gm)
            none = span.nothing_notable(calendar)
        # Then what still waits with no clock to bring it (a critical wound waiting for care, M64).
        render.notable(s, c, items + s.waiting(campaign, gm), as_json, none)

    run(ctx, report)


@downtime_app.command("board")
def downtime_board(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    as_json: bool = typer.Option(False, "--json", help="Output JSON."),
    gm: bool = GM_VIEW,
) -> None:
    """The downtime board: each running process per character, when it is next due, what comes;
    what a hidden roll set running waits for its reveal unless --gm."""
    from chronique.cli import render

    def board(s) -> None:  # noqa: ANN001
        render.board(s, s.campaign(campaign), s.board(campaign, gm), as_json, NOTHING_UNDER_WAY)

    run(ctx, board)


def register(app: typer.Typer) -> None:
    """Add the daemon command to the app."""

    @app.command("daemon")
    def daemon(
        ctx: typer.Context,
        tick: float = typer.Option(60.0, "--tick", callback=bounds.DAEMON_TICK, help="Seconds between two pacing checks."),
        log_file: Path = typer.Option(None, "--log-file", help="Also write the log to this file."),
        verbose: bool = typer.Option(False, "--verbose", help="Also log every pacing check, even one that advanced nothing."),
    ) -> None:
        """Run the pacing daemon until SIGTERM or SIGINT (Ctrl-C); a running advance finishes first."""
        from chronique.adapters.scheduler import Daemon

        handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
        if log_file is not None:
            handlers.append(logging.FileHandler(log_file, encoding="utf-8"))
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", handlers=handlers)
        # The log is what the daemon did, for a GM (ruling TB9): not the scheduler's two lines each
        # tick, nor a migration's plugins and docstrings; their warnings and errors still show.
        for noisy in ("apscheduler", "alembic"):
            logging.getLogger(noisy).setLevel(logging.WARNING)
        if verbose:  # the daemon's own checks only: APScheduler's debug lines are about its internals
            logging.getLogger("chronique.daemon").setLevel(logging.DEBUG)
        run(ctx, lambda _: Daemon(ctx.find_root().obj.db, tick).run())
