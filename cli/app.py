"""The ``chronique`` command: one Typer app; each noun lives in its own module. The commands at
the top work on a campaign of any game; each game's own commands are its sub-app, mounted from
the registry as ``chronique <game> ...`` (issue 14)."""

from __future__ import annotations

from importlib import import_module, metadata

import typer

from chronique.cli import (
    audit,
    backup,
    campaign,
    character,
    completion,
    daemon,
    db,
    demo,
    export,
    journal,
    session,
    timeline,
    undo,
    use,
    xp,
)
from chronique.cli.boundary import Boundary
from chronique.cli.context import State, command_id_of, run
from chronique.domain.rulesets.registry import PACKAGES

app = typer.Typer(
    help="Chronique: an event-sourced journal for tabletop campaigns. Every draw, wound, XP spend "
    "and healing tick is an immutable event; sheets are rebuilt from the log.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    # --install-completion and --show-completion; cli/completion.py completes campaign and character names.
    add_completion=True,
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
    # Read by cli/render.py, which draws every table: plain ASCII rules instead of box drawing.
    ascii_only: bool = typer.Option(False, "--ascii", help="Draw tables in plain ASCII (the default when the output is not a terminal)."),
    command_id: str = typer.Option(
        None,
        "--command-id",
        envvar="CHRONIQUE_COMMAND_ID",
        help="The id this command is recorded with (default: a new one). Run again with the same id, "
        "a command records nothing twice: use it to retry after an error that left the outcome unknown.",
    ),
) -> None:
    """Global options."""
    ctx.obj = State(db, command_id_of(command_id))


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
app.add_typer(xp.app, name="xp")
app.add_typer(audit.app, name="audit")
app.add_typer(audit.seal_app, name="seal")
app.add_typer(db.app, name="db")
app.add_typer(export.app, name="export")
app.add_typer(daemon.pace_app, name="pace")
app.add_typer(daemon.downtime_app, name="downtime")
# Each game's commands: the sub-app ``app`` of its module chronique.cli.<package>, by convention.
for game, package in PACKAGES.items():
    app.add_typer(import_module(f"chronique.cli.{package}").app, name=game)
audit.register(app)
timeline.register(app)
journal.register(app)
journal.register_luck(app)
demo.register(app)
daemon.register(app)
backup.register(app)
undo.register(app)
use.register(app)
completion.register(app)
import_module("chronique.cli.shell").register(app)  # the table mode (issue 20)


def main() -> None:
    """Console-script entry point."""
    app()
