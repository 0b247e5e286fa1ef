"""What every command shares: the journal location, the checks made before a command acts (its
words, and a game's command the campaign's game), and the use-case call. Errors become exit codes
at the CLI's one boundary (cli/boundary.py)."""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import typer

from chronique.domain.text import quoted, to_type

if TYPE_CHECKING:
    # typer.Context adds nothing these checks read, and Click hands out its own (a parent, the current one).
    from typer._click.core import Context

    from chronique.adapters.services import Chronique

R = TypeVar("R")

# The commands that may make a journal where there is none: the explicit one, the README's quick
# start on a fresh folder, and a GM's first step. Every other command needs the journal to exist,
# so a mistyped --db is an error rather than a new, empty journal.
CREATE_A_JOURNAL = frozenset({("init",), ("demo",), ("campaign", "new")})


# A command id is the GM's handle on one command (issue 18): a uuid, or a few words of their own.
COMMAND_ID_LIMIT = 100


class Lender(Protocol):
    """What lends a command services already open: ``chronique shell`` (cli/shell.py)."""

    def lend(self, state: State, create: bool) -> Chronique | None:
        """Services for the command of ``state`` on the lender's open journal, or None when the
        command names another journal."""


# The running `chronique shell`, if any: its commands borrow its warm services instead of
# opening the journal, and loading every aggregate, again (issue 20).
SHELL: ContextVar[Lender | None] = ContextVar("chronique_shell", default=None)


@dataclass
class State:
    """The global options of one invocation."""

    db: str | None
    # Recorded with what the command records, so a run again with it records nothing twice.
    command_id: str
    # ``--json`` (cli/jsonout.py): what the command's use cases recorded, each event with its
    # campaign, and their results made plain, for the one shape a write prints.
    as_json: bool = False
    recorded: list[Any] = field(default_factory=list)
    outcomes: list[Any] = field(default_factory=list)
    # The services the command's checks opened, which its use case runs on: a command opens the
    # journal once (twice cost a PostgreSQL command two connections and a dozen statements more).
    opened: Chronique | None = None


def command_id_of(given: str | None) -> str:
    """The command id of this invocation: ``--command-id`` as given (printable, not empty, not a
    flood), else a fresh one, so that every command that records carries an id."""
    if given is None:
        return str(uuid.uuid4())
    from chronique.domain.errors import RuleViolation
    from chronique.domain.text import recordable

    command_id = recordable(given, "`--command-id`", COMMAND_ID_LIMIT)
    if not command_id:
        raise RuleViolation("`--command-id` is empty: give the id of the command to run at most once, or leave it out for a new one")
    if any(character.isspace() for character in command_id):
        # The id is typed again to retry: one word, which a shell passes as it is.
        raise RuleViolation(f"`--command-id` {quoted(command_id)} has spaces: an id is one word")
    return command_id


def fail(message: str) -> typer.Exit:
    """Print a one-line error and give the exit for bad input (status 2)."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def typed_options(ctx: typer.Context, names: Iterable[str]) -> list[str]:
    """The options among ``names`` (their parameters' names) that the user typed on the command
    line rather than left to their defaults, as long options: ``parry_with`` is ``--parry-with``."""

    def typed(name: str) -> bool:
        # The parameter's source by its name: Typer brings its own Click, whose enum is not click's.
        return getattr(ctx.get_parameter_source(name), "name", None) == "COMMANDLINE"

    return ["--" + name.replace("_", "-") for name in names if typed(name)]


def command_of(ctx: Context) -> tuple[str, ...]:
    """The command as typed, without the program's name: ``("campaign", "new")``."""
    names: list[str] = []
    while ctx.parent is not None:
        names.append(ctx.info_name or "")
        ctx = ctx.parent
    return tuple(reversed(names))


def game_of(path: tuple[str, ...]) -> str | None:
    """The game whose rules the command at ``path`` plays, or None for a command of every game:
    each game's commands sit under its name (``chronique <game> ...``), and only there (issue 14)."""
    from chronique.domain.rulesets.registry import PACKAGES

    return path[0] if path and path[0] in PACKAGES else None


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


def check_words(ctx: Context) -> None:
    """Every word a command is given may end up recorded and read back on a terminal or a page
    (issue 18): printable characters only, and not a flood; names are held tighter where they are
    recorded (domain/text.py). A campaign or character named before names were checked is
    reached by its id."""
    from chronique.cli.bounds import name_of
    from chronique.domain.text import recordable

    for param in ctx.command.params:
        value = ctx.params.get(param.name or "")
        for text in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(text, str):
                # Named as the help and every other refusal name it: an option by its flag (in
                # backticks, ruling EB55), an argument in capitals (WHO, TEXT), never the code's own name for it ('who').
                recordable(text, name_of(param))


def check_game(ctx: Context, game: str) -> None:
    """Refuse a command of ``game`` on a campaign of another game: it would read a condition it
    does not know (a crash) or record its own events into the other game (issue 14)."""
    campaign_name = ctx.params.get("campaign")
    if not isinstance(campaign_name, str):
        return
    state: State = ctx.find_root().obj
    with _services(state, create=False, keep=ctx) as services:
        campaign = services.campaign(campaign_name)
    if campaign.ruleset == game:
        return
    from chronique.domain.rulesets import ruleset

    theirs = campaign.ruleset
    title = ruleset(theirs).title
    article = "an" if title[:1] in "AEIOU" else "a"  # "an Elor campaign"
    # The commands as they are typed where this one was: a shell's lines go without 'chronique',
    # as its other refusals name them (rulings SL7, EB44, SL13).
    raise fail(
        f"{campaign.name} is {article} {title} campaign and {to_type(' '.join(command_of(ctx)))} "
        f"plays {ruleset(game).title}: use {to_type(f'{theirs} ...')}"
    )


@contextmanager
def _services(state: State, create: bool, keep: Context | None = None) -> Iterator[Chronique]:
    """The services of one command: the running shell's, else those its checks kept, else built
    for it and closed after, or, when ``keep`` (the command's context, for its checks), kept for
    its use case and closed with that context."""
    lender = SHELL.get()
    lent = lender.lend(state, create) if lender is not None else None
    if lent is not None:
        yield lent
        return
    if state.opened is not None:
        yield state.opened
        return
    from chronique.adapters.bootstrap import build

    services = build(state.db, create=create, command_id=state.command_id)
    if keep is not None:
        state.opened = services
        keep.call_on_close(functools.partial(_close, state))
    try:
        yield services
    finally:
        if keep is None:
            services.close()


def _close(state: State) -> None:
    opened, state.opened = state.opened, None
    if opened is not None:
        opened.close()


def run(ctx: typer.Context, use_case: Callable[[Chronique], R]) -> R:
    """Run one use case on the journal, with services built for it (or lent by the running
    shell). Errors become exits at the CLI's one boundary (cli/boundary.py); a refused command
    records nothing."""
    state: State = ctx.find_root().obj
    with _services(state, create=command_of(ctx) in CREATE_A_JOURNAL) as services:
        # The read models are left to the next read, which catches them up first (issue 20): a
        # write command never imports them.
        if not state.as_json:
            result = use_case(services)
        else:
            from chronique.adapters.services import Collected
            from chronique.cli.render import outcome

            collected = services.collected = Collected()
            try:
                result = use_case(services)
            finally:
                services.collected = None
                state.recorded.extend(collected.events)
            # The use case's result, else what its last write returned (a use case that renders
            # its write's result returns nothing).
            chosen = next((r for r in reversed([*collected.results, result]) if r is not None), None)
            campaign = ctx.params.get("campaign")
            state.outcomes.append(outcome(services, chosen, campaign if isinstance(campaign, str) else None))
        return result
