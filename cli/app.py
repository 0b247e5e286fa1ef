"""The ``chronique`` command: one Typer app; each noun lives in its own module."""

from __future__ import annotations

from importlib import metadata

import typer

from chronique.cli import (
    audit,
    backup,
    campaign,
    cartes,
    character,
    daemon,
    db,
    demo,
    elor,
    export,
    journal,
    microfudge,
    session,
    timeline,
    westernparade,
    westernparade_body,
    westernparade_downtime,
)
from chronique.cli.boundary import Boundary
from chronique.cli.context import State, run

app = typer.Typer(
    help="Chronique: an event-sourced journal for tabletop campaigns. Every draw, wound, XP spend "
    "and healing tick is an immutable event; sheets are rebuilt from the log.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    cls=Boundary,
)


def _print_version(value: bool) -> None:
    """``--version``: the installed package's version (issue 15), before any journal is opened."""
    if value:
        typer.echo(f"chronique {metadata.version('chronique')}")
        raise typer.Exit()


@app.callback()
def main_options(
    ctx: typer.Context,
    db: str = typer.Option(None, "--db", envvar="CHRONIQUE_DB", help="The journal: a SQLite file path (default ./chronique.db)."),
    # Read by the error boundary (cli/boundary.py), which runs the whole command.
    debug: bool = typer.Option(False, "--debug", help="On an error, show the traceback instead of one line."),
    version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True, help="Print the installed version and exit."),
) -> None:
    """Global options."""
    ctx.obj = State(db)


@app.command("init")
def init(ctx: typer.Context) -> None:
    """Create the journal file and its read-model tables if they do not exist yet."""

    def init(services) -> None:  # noqa: ANN001
        if services.read_models is not None:
            services.read_models.upgrade()
        typer.echo(f"journal ready at {services.journal.settings.shown()}")

    run(ctx, init)


app.add_typer(campaign.app, name="campaign")
app.add_typer(character.app, name="character")
app.add_typer(session.app, name="session")
app.add_typer(cartes.xp_app, name="xp")
app.add_typer(cartes.scene_app, name="scene")
app.add_typer(audit.app, name="audit")
app.add_typer(audit.seal_app, name="seal")
app.add_typer(elor.app, name="elor")
app.add_typer(microfudge.app, name="microfudge")
app.add_typer(westernparade.app, name="western-parade")
westernparade_body.register(westernparade.app)
westernparade_downtime.register(westernparade.app)
app.add_typer(db.app, name="db")
app.add_typer(export.app, name="export")
app.add_typer(daemon.pace_app, name="pace")
app.add_typer(daemon.downtime_app, name="downtime")
cartes.register(app)
audit.register(app)
timeline.register(app)
journal.register(app)
journal.register_luck(app)
demo.register(app)
daemon.register(app)
backup.register(app)


def main() -> None:
    """Console-script entry point."""
    app()
