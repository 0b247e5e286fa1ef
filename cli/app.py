"""The ``chronique`` command: one Typer app; each noun lives in its own module. The commands at
the top work on a campaign of any game; each game's own commands are its sub-app, mounted from
the registry as ``chronique <game> ...`` (issue 14). A command's module is imported, and its
command built, only when it is run or walked to (cli/tree.py, issue 20)."""

from __future__ import annotations

import typer

from chronique.cli.boundary import Boundary
from chronique.cli.context import State, command_id_of, run

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
        from importlib import metadata

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


# Every other command is a branch of the tree that the root group builds when it is looked up
# (cli/tree.py): the commands at the top, the groups, and each game's sub-app, mounted from the
# registry as ``chronique <game> ...``.


def main() -> None:
    """Console-script entry point."""
    from chronique.cli.codecache import install

    # Before any event class is made: each one's methods compiled once per machine (issue 20).
    install()
    app()
