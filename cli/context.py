"""What every command shares: the journal location, the checks made before a command acts (its
words, and a game's command the campaign's game), and the use-case call. Errors become exit codes
at the CLI's one boundary (cli/boundary.py)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

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


def game_of(path: tuple[str, ...], callback: Callable[..., Any] | None) -> str | None:
    """The game whose rules the command at ``path`` plays, or None for a command of every game:
    a command under a game's group (``chronique elor ...``) plays that game; the Cartes commands
    sit at the top level and in ``xp`` and ``scene``, declared in their own module (issue 14)."""
    from chronique.cli import cartes
    from chronique.domain.rulesets import KNOWN

    if path and path[0] in KNOWN:
        return path[0]
    return "cartes" if callback is not None and callback.__module__ == cartes.__name__ else None


def guard(callback: Callable[..., R], game: str | None) -> Callable[..., R]:
    """``callback`` that first checks its words (:func:`check_words`) and, for a command of
    ``game``, that the campaign it names is of that game (:func:`check_game`): before the command
    reads its own words or opens the journal, so a refusal records nothing."""

    @functools.wraps(callback)
    def guarded(*args: Any, **kwargs: Any) -> R:
        from typer._click.globals import get_current_context

        ctx = get_current_context()
        check_words(ctx)
        if game is not None:
            check_game(ctx, game)
        return callback(*args, **kwargs)

    return guarded


def check_words(ctx: typer.Context) -> None:
    """Every word a command is given may end up recorded and read back on a terminal or a page
    (issue 18): printable characters only, and not a flood; names are held tighter where they are
    recorded (domain/text.py). A campaign or character named before names were checked is
    reached by its id."""
    from chronique.domain.text import recordable

    for param in ctx.command.params:
        value = ctx.params.get(param.name or "")
        for text in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(text, str):
                # Named as the help names it: an option by its flag, an argument by its name.
                recordable(text, max(param.opts, key=len) if param.param_type_name == "option" else f"'{param.name}'")


def check_game(ctx: typer.Context, game: str) -> None:
    """Refuse a command of ``game`` on a campaign of another game: it would read a condition it
    does not know (a crash) or record its own events into the other game (issue 14)."""
    from chronique.adapters.bootstrap import build

    campaign_name = ctx.params.get("campaign")
    if not isinstance(campaign_name, str):
        return
    services = build(ctx.find_root().obj.db, create=False)
    try:
        campaign = services.campaign(campaign_name)
    finally:
        services.close()
    if campaign.ruleset == game:
        return
    theirs = campaign.ruleset
    commands = "the top-level table commands (`chronique test`, `chronique xp ...`)" if theirs == "cartes" else f"`chronique {theirs} ...`"
    raise fail(
        f"{campaign.name} is a {_game_words(theirs)} campaign and `chronique {' '.join(command_of(ctx))}` "
        f"plays {_game_words(game)}: use {commands}"
    )


def _game_words(game: str) -> str:
    return {"western-parade": "Western Parade", "microfudge": "MicroFudge"}.get(game, game.capitalize())


def run(ctx: typer.Context, use_case: Callable[[Chronique], R]) -> R:
    """Build the services and run one use case on the journal. Errors become exits at the CLI's
    one boundary (cli/boundary.py); a refused command records nothing."""
    from chronique.adapters.bootstrap import build

    state: State = ctx.find_root().obj
    services: Chronique | None = None
    try:
        services = build(state.db, create=command_of(ctx) in CREATE_A_JOURNAL)
        newest_before = services.journal.recorder.max_notification_id()
        result = use_case(services)
        _catch_up(services, newest_before)
        return result
    finally:
        if services is not None:
            services.close()
