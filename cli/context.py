"""What every command shares: the journal location and the one way errors become exit codes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import typer

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique

R = TypeVar("R")

# The commands that may make a journal where there is none: the explicit one, the README's quick
# start on a fresh folder, and a GM's first step. Every other command needs the journal to exist,
# so a mistyped --db is an error rather than a new, empty journal.
CREATE_A_JOURNAL = frozenset({("init",), ("demo",), ("campaign", "new")})


@dataclass
class State:
    """The global options of one invocation."""

    db: str | None


def fail(message: str) -> typer.Exit:
    """Print a one-line error and give the exit for bad input (status 2)."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def command_of(ctx: typer.Context) -> tuple[str, ...]:
    """The command as typed, without the program's name: ``("campaign", "new")``."""
    names: list[str] = []
    while ctx.parent is not None:
        names.append(ctx.info_name or "")
        ctx = ctx.parent
    return tuple(reversed(names))


def _catch_up(services: Chronique, newest_before: int | None) -> None:
    # What the user reads next must be current: the read models catch up before we return. A
    # command that recorded nothing leaves them as they were (and never loads them: a fast start).
    # The events are saved already, so a failing projection must not turn the command into an error.
    if services.journal.recorder.max_notification_id() == newest_before:
        return
    read_models = services.read_models
    if read_models is None or not read_models.backlog():
        return
    try:
        read_models.catch_up()
    except Exception as error:  # noqa: BLE001
        typer.echo(f"warning: the read models could not catch up ({error}); run `chronique db rebuild`", err=True)


def run(ctx: typer.Context, use_case: Callable[[Chronique], R]) -> R:
    """Build the services and run one use case; a broken rule or bad input exits 2, unchanged."""
    from eventsourcing.persistence import InterfaceError, OperationalError

    from chronique.adapters.audit import Unreadable
    from chronique.adapters.bootstrap import build
    from chronique.domain.errors import RuleViolation

    state: State = ctx.find_root().obj
    services: Chronique | None = None
    try:
        services = build(state.db, create=command_of(ctx) in CREATE_A_JOURNAL)
        newest_before = services.journal.recorder.max_notification_id()
        result = use_case(services)
        _catch_up(services, newest_before)
        return result
    except RuleViolation as error:
        raise fail(str(error)) from None
    except Unreadable as error:
        typer.echo(f"error: the journal is damaged at {error.place}: {error.why}", err=True)
        raise typer.Exit(1) from None
    except (OperationalError, InterfaceError) as error:
        # The database itself is out of reach (a PostgreSQL server down, a wrong URL): nothing was recorded.
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        typer.echo(f"error: cannot reach the journal's database: {first}", err=True)
        raise typer.Exit(1) from None
    finally:
        if services is not None:
            services.close()
