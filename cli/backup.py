"""``chronique backup`` and ``chronique restore``: a SQLite journal copied while it is in use, and
put back only once the copy verifies. A PostgreSQL journal is backed up by PostgreSQL's own tools:
both commands then say how, and exit 2, since they did not do it."""

from __future__ import annotations

import os
import shlex
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from chronique.cli.context import fail, run
from chronique.domain.errors import RuleViolation
from chronique.domain.text import plural

if TYPE_CHECKING:
    from chronique.adapters.backup import Progress, Restored
    from chronique.adapters.services import Chronique


def register(root: typer.Typer) -> None:
    """Add ``backup`` and ``restore`` to the app."""

    @root.command("backup")
    def backup(
        ctx: typer.Context,
        typed: str = typer.Option(
            None,
            "-o",
            "--output",
            help="The backup file, never overwritten (default: <journal>-backup-<UTC date>-<time>.db beside it; "
            "an existing folder, or one typed with a final /: in it).",
        ),
    ) -> None:
        """Copy the journal as of now with SQLite's online backup, consistent while the daemon and
        other commands write (a plain copy of the file misses what is still in its WAL)."""
        from chronique.adapters.backup import take_backup

        output = None if typed is None else Path(typed)
        # A path typed with a final separator names a folder (ruling EB7): one that does not exist
        # is refused, rather than a file written under the folder's name.
        if output is not None and typed.endswith(("/", os.sep)) and not output.is_dir():
            raise fail(f"no folder {typed}: make it first, or name the backup file")

        def copy(services: Chronique) -> tuple[Path, int]:
            settings = services.journal.settings
            if settings.is_postgres:
                dump = shlex.quote(str(output or "chronique.dump"))
                where = shlex.quote(settings.shown())
                raise RuleViolation(f"a PostgreSQL journal is backed up by PostgreSQL: `pg_dump --format=custom --file={dump} {where}`")
            journal = settings.sqlite_path
            default = f"{journal.stem}-backup-{services.clock():%Y%m%d-%H%M%S}.db"
            target = journal.with_name(default) if output is None else output / default if output.is_dir() else output
            with _progress() as show:
                return target, take_backup(journal, target, show)

        target, events = run(ctx, copy)
        typer.echo(f"backed up {plural(events, 'event')} to {target}")

    @root.command("restore")
    def restore(ctx: typer.Context, backup: Path = typer.Argument(..., help="The backup file (from `chronique backup`).")) -> None:
        """Replace the journal by a backup, once the backup verifies (its marker, and `verify` on
        every campaign); the replaced journal is kept as <journal>.before-restore-<n>. Stop the
        daemon first: a restore waits for the journal's other users."""
        from chronique.adapters.backup import restore as put_back
        from chronique.adapters.settings import Settings

        try:
            settings = Settings.from_env(ctx.find_root().obj.db)
            if settings.is_postgres:
                where, dump = shlex.quote(settings.shown()), shlex.quote(str(backup))
                raise RuleViolation(f"a PostgreSQL journal is restored by PostgreSQL: `pg_restore --clean --dbname={where} {dump}`")
            with _progress() as show:
                done = put_back(backup, settings.sqlite_path, show)
        except RuleViolation as error:
            raise fail(str(error)) from None
        except (OSError, sqlite3.Error) as error:
            # The journal is written in one transaction, last: stopping before or in it leaves it whole.
            typer.echo(f"error: the restore stopped and the journal is as it was: {error}", err=True)
            raise typer.Exit(1) from None
        typer.echo(_restored(backup, done))


def _restored(backup: Path, done: Restored) -> str:
    """What a restore did, naming the campaigns it brought in and those of the journal it
    replaced (ruling EB8): a restore over another table's journal must not pass unseen."""
    from chronique.domain.rulesets.words import joined

    def named(names: tuple[str, ...]) -> str:
        return f"{plural(len(names), 'campaign')} ({joined(list(names))})" if names else "no campaign"

    said = f"restored {backup}: {plural(done.events, 'event')} in {named(done.campaigns)}"
    if done.kept_aside is None:
        return f"{said}; there was no journal before"
    if done.replaced is not None:
        gone = [name for name in done.replaced if name not in done.campaigns]
        said += f"; it replaced a journal of {named(done.replaced)}"
        if gone:
            said += f": {joined(gone)} {'is' if len(gone) == 1 else 'are'} no longer in the journal"
    return f"{said}; the journal it replaced is kept as {done.kept_aside}"


@contextmanager
def _progress() -> Iterator[Progress]:
    """A progress bar on the terminal, which each stage of the work renames and moves; on stderr,
    and only on a terminal, so that what scripts read is the one line of the result."""
    from rich.console import Console
    from rich.progress import Progress as Bar

    console = Console(stderr=True)
    with Bar(console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task("", total=None)

        def show(stage: str, done: int, total: int) -> None:
            bar.update(task, description=stage, completed=done, total=total)

        yield show
