"""``chronique db``: the read-model tables (Alembic migrations, rebuilds)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from chronique.cli.context import fail, run
from chronique.domain.errors import RuleViolation
from chronique.domain.text import plural, quoted

if TYPE_CHECKING:
    from chronique.adapters.readmodels import ReadModels
    from chronique.adapters.services import Chronique

app = typer.Typer(help="The read-model tables: migrate and rebuild them.", no_args_is_help=True)


@app.command("upgrade")
def upgrade(ctx: typer.Context) -> None:
    """Run the read models' Alembic migrations (the event store's own tables are eventsourcing's)."""
    run(ctx, lambda s: _read_models(s).upgrade())
    typer.echo("read models up to date")


@app.command("rebuild")
def rebuild(
    ctx: typer.Context,
    projection: str = typer.Argument(None, help="sheets, draws, xp, luck, log or moments (default: all)."),
) -> None:
    """Drop the read models' rows and replay every event into them, with a progress bar."""
    from rich.progress import Progress

    from chronique.adapters.readmodels import PROJECTIONS

    if projection is not None and projection not in PROJECTIONS:
        raise fail(f"unknown projection {quoted(projection)} (one of {', '.join(PROJECTIONS)})")
    names = [projection] if projection else None

    def replay(services) -> int:  # noqa: ANN001
        total = (services.journal.recorder.max_notification_id() or 0) * len(names or PROJECTIONS)
        with Progress(transient=True) as progress:
            task = progress.add_task("replaying", total=total)
            return _read_models(services).rebuild(names, lambda n: progress.advance(task, n))

    done = run(ctx, replay)
    # ``rebuild`` counts an event once per read model it is replayed into: said per event.
    chosen = len(names or PROJECTIONS)
    into = f"the {projection} read model" if projection else plural(chosen, "read model")
    typer.echo(f"rebuilt {into}: {plural(done // chosen, 'event')} replayed into {'it' if projection else 'each'}")


def _read_models(services: Chronique) -> ReadModels:
    if services.read_models is None:
        raise RuleViolation("this journal has no read models")
    return services.read_models
