"""The ``chronique`` command tree, loaded one branch at a time (issue 20, "Cold commands lean").

Most of what a GM waits for at the table is Python starting, not the journal: building and
importing all of the CLI's commands cost every command a tenth of a second. The root group
(cli/boundary.py) knows each branch of the tree from :data:`BRANCHES` (its name, its one line of
help, its module) and imports and builds a branch only when it is asked for: when the command is
run or its own help is asked, when a completion or a test walks that far. ``chronique --help``
and completing a command's name read the names and summaries from the table, never the modules.

A branch is a command registered on the root by a module's ``register`` function (``sheet``), or a
sub-app of a module (``campaign``), mounted under its name; each game's commands are the sub-app
``app`` of ``chronique.cli.<package>``, its package named by the registry (issue 14). A summary
here is the branch's help as the built command shows it (its first sentence, cli/helptext.py);
tests/cli/test_lazy_tree.py holds the two to the same words.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer
    from typer._click.core import Command


@dataclass(frozen=True)
class Branch:
    """One name at the top of the tree: where its command comes from, and its line of help."""

    module: str
    """The module under chronique.cli that defines it."""
    summary: str | None
    """Its one line in ``chronique --help`` (None: ask the built command)."""
    app: str | None = None
    """A sub-app: the name of the module's Typer mounted under the branch's name."""
    register: str | None = "register"
    """The module's function that adds its commands to a root (and fills its sub-apps): called
    once, on a Typer of its own, before the branch is built."""


def _top_command(module: str, summary: str, register: str = "register") -> Branch:
    return Branch(module, summary, register=register)


def _sub_app(module: str, summary: str | None, app: str = "app", register: str | None = None) -> Branch:
    return Branch(module, summary, app=app, register=register)


# In the order `chronique --help` lists them: the commands of every game, then the groups, then
# each game's own commands. `init` is no branch: cli/app.py defines it, first.
_BRANCHES: dict[str, Branch] = {
    "verify": _top_command(
        "audit", "Check every hash chain, seal, commitment, draw and what the rules made of it; exit 1 on the first failure."
    ),
    "correct": _top_command(
        "audit",
        "Void an event of a character or of the campaign (a clock advance, a pacing, a setting) with a correction event; "
        "sheets and the clock honour it, the original stays in the log.",
    ),
    "advance": _top_command("timeline", "Advance in-game time: survival draws, rest and every other running process, in one transaction."),
    "log": _top_command(
        "journal", "Show the campaign's event log, oldest first, paged and filtered; face-down events stay hidden from players."
    ),
    "sheet": _top_command(
        "journal",
        "Show a character's sheet, now or as it was at a session's end or an in-game date (blood, healing, drink and "
        "training as they stood at that very moment).",
    ),
    "luck": _top_command(
        "journal",
        "Luck: of the rolls and draws each game counts against a target, the successes observed against those expected "
        "from their exact odds, with the uncertainty; a secret roll counts once revealed.",
        register="register_luck",
    ),
    "demo": _top_command("demo", "Play a short scripted Cartes campaign in the journal, then print both sheets and the log."),
    "daemon": _top_command("daemon", "Run the pacing daemon until SIGTERM or SIGINT (Ctrl-C); a running advance finishes first."),
    "backup": _top_command(
        "backup",
        "Copy the journal as of now with SQLite's online backup, consistent while the daemon and other commands write "
        "(a plain copy of the file misses what is still in its WAL).",
    ),
    "restore": _top_command(
        "backup",
        "Replace the journal by a backup, once the backup verifies (its marker, and `verify` on every campaign); the "
        "replaced journal is kept as <journal>.before-restore-<n>.",
    ),
    "undo": _top_command(
        "undo",
        "Take back the campaign's last command: void everything it recorded (wounds, experience, a clock advance and its "
        "ticks) with one correction and a reason, and show what was voided.",
    ),
    "use": _top_command(
        "use", "Remember a default campaign for this journal: commands whose first argument is the campaign may then leave it out."
    ),
    "completion": _top_command(
        "completion", "Print the shell completion script for SHELL: commands, options, campaigns and characters complete."
    ),
    "serve": _top_command("serve", "Serve the web journal until Ctrl-C: each player opens the link `chronique invite` gave them."),
    "shell": _top_command(
        "shell",
        "The table mode: commands one after another in one process, with the journal kept open and warm; `exit`, `quit` or Ctrl-D leaves.",
    ),
    "campaign": _sub_app("campaign", "Create, list and show campaigns; show and change their settings."),
    "character": _sub_app("character", "Add characters and show them."),
    "session": _sub_app("session", "Start and end play sessions."),
    "xp": _sub_app("xp", "Experience: the ledger of every award and spend, in any game."),
    # `audit register` adds `verify` and `correct` to the root and fills these two sub-apps.
    "audit": _sub_app("audit", "Audit bundles for players, the standalone verifier, and one draw explained.", register="register"),
    "seal": _sub_app("audit", "Seals: what each session's end sealed.", app="seal_app", register="register"),
    "db": _sub_app("db", "The read-model tables: migrate and rebuild them."),
    "export": _sub_app("export", "Export a sheet or a session report (Markdown, HTML, JSON)."),
    "note": _sub_app("note", "Write session recaps and notes on characters (Markdown), and list them."),
    "invite": _sub_app("invite", "Give each player a link of their own to the campaign on the web, and the GM one that sees all."),
    "pace": _sub_app("daemon", "How in-game time moves on its own between sessions.", app="pace_app"),
    "downtime": _sub_app("daemon", "What happened between sessions.", app="downtime_app"),
}

# Each game's line, by its name in the registry: a game the registry names and this table does
# not is listed all the same, its line read from its built sub-app.
_GAMES = {
    "cartes": "Cartes (played with cards): tests, oppositions, attacks, wounds, recovery, care, scenes and experience.",
    "elor": "Elor (generic d10): action tests, combat, long actions, healing, progression.",
    "microfudge": "MicroFudge CECJ: 4dF Tests, Revers that heal over time, and Atouts.",
    "western-parade": "Western Parade (d100 western): rolls, duels, shots, blows, wounds, training.",
}


def branches() -> dict[str, Branch]:
    """Every branch at the top of the tree, in the order of ``chronique --help``: the table's,
    then each game of the registry, as the sub-app ``app`` of its module ``chronique.cli.<package>``."""
    from chronique.domain.rulesets.registry import PACKAGES

    return {**_BRANCHES, **{game: _sub_app(package, _GAMES.get(game)) for game, package in PACKAGES.items()}}


# The Typer each (module, register function) pair registered its commands on, once per process:
# a module's sub-apps are filled by the same call, and filling them twice would list every
# command twice.
_REGISTERED: dict[tuple[str, str], typer.Typer] = {}


def _registered(module: Any, name: str, register: str) -> typer.Typer:
    key = (name, register)
    if key not in _REGISTERED:
        import typer

        scratch = typer.Typer()
        getattr(module, register)(scratch)
        _REGISTERED[key] = scratch
    return _REGISTERED[key]


Ready = Callable[[tuple[str, ...], "Command"], None]
"""What the root group does to each command, group or leaf, once it is built (cli/boundary.py)."""


@dataclass(frozen=True)
class Settings:
    """How the root app builds its commands: Typer's settings of cli/app.py's app (which leaves
    Typer's default, short tracebacks), and what is done to each command built."""

    ready: Ready
    rich_markup_mode: Any
    suggest_commands: bool
    pretty_exceptions_short: bool = True


def build(name: str, branch: Branch, settings: Settings) -> Command:
    """The Click command (or group) of ``branch``, named ``name``, built as Typer builds a whole
    app: a command from its registration, a sub-app through ``add_typer``, its own commands built
    in their turn when each is looked up."""
    import typer
    from typer.main import get_command_name

    module = import_module(f"chronique.cli.{branch.module}")
    registered = _registered(module, branch.module, branch.register) if branch.register is not None else None
    if branch.app is not None:
        mount = typer.Typer()
        mount.add_typer(getattr(module, branch.app), name=name)
        return _build_group(mount.registered_groups[-1], (name,), settings)
    assert registered is not None, f"the branch {name} is neither a sub-app nor registered"
    for info in registered.registered_commands:
        assert info.callback is not None
        if (info.name or get_command_name(info.callback.__name__)) == name:
            return _leaf(info, (name,), settings)
    raise LookupError(f"chronique.cli.{branch.module}.{branch.register} registers no command {name!r}")


def _leaf(info: Any, path: tuple[str, ...], settings: Settings) -> Command:
    from typer.main import get_command_from_info

    command = get_command_from_info(
        info, pretty_exceptions_short=settings.pretty_exceptions_short, rich_markup_mode=settings.rich_markup_mode
    )
    settings.ready(path, command)
    return command


def _build_group(info: Any, path: tuple[str, ...], settings: Settings) -> Command:
    """The group of the sub-app ``info`` (as ``add_typer`` registered it) at ``path``: the group
    itself built as Typer builds it, its commands and sub-groups each built when looked up, in
    Typer's order (commands, then sub-groups)."""
    import copy

    from typer.core import TyperGroup
    from typer.main import get_command_name, get_group_from_info, solve_typer_info_defaults

    options = {
        "pretty_exceptions_short": settings.pretty_exceptions_short,
        "rich_markup_mode": settings.rich_markup_mode,
        "suggest_commands": settings.suggest_commands,
    }
    app = info.typer_instance
    children: dict[str, Callable[[], Command]] = {}
    for command in app.registered_commands:
        name = command.name or get_command_name(command.callback.__name__)
        children[name] = functools.partial(_leaf, command, (*path, name), settings)
    names: list[str | None] = [solve_typer_info_defaults(sub).name for sub in app.registered_groups]
    # A group of a class of its own may read its commands as it is made (``invite``'s does); a
    # sub-app mounted without a name lends its commands to this group: either is built whole, as
    # Typer builds it.
    if solve_typer_info_defaults(info).cls not in (None, TyperGroup) or not all(names):
        whole = get_group_from_info(info, **options)
        for each_path, each in _walk(whole, path):
            settings.ready(each_path, each)
        return whole
    for sub, name in zip(app.registered_groups, names, strict=True):
        assert name is not None
        children[name] = functools.partial(_build_group, sub, (*path, name), settings)
    hollow = copy.copy(app)
    hollow.registered_commands, hollow.registered_groups = [], []
    shell = copy.copy(info)
    shell.typer_instance = hollow
    group = get_group_from_info(shell, **options)
    group.commands = Commands({}, children, lambda _name, load: load())
    settings.ready(path, group)
    return group


def _walk(command: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
    yield path, command
    for name, each in getattr(command, "commands", {}).items():
        yield from _walk(each, (*path, name))


class Commands(MutableMapping[str, "Command"]):
    """A group's commands by name: the names known from the start, each command built the first
    time it is looked up (``load``, from its entry of ``table``). Its names, their order and a
    branch's summary cost no import; a walk of its items builds the whole tree."""

    def __init__(self, built: Mapping[str, Command], table: Mapping[str, Any], load: Callable[[str, Any], Command]) -> None:
        self._built: dict[str, Command] = dict(built)
        self._table = dict(table)
        self._names: dict[str, None] = dict.fromkeys([*built, *table])
        self._load = load

    def __getitem__(self, name: str) -> Command:
        found = self._built.get(name)
        if found is not None:
            return found
        if name not in self._names or name not in self._table:
            raise KeyError(name)
        found = self._built[name] = self._load(name, self._table[name])
        return found

    def __setitem__(self, name: str, command: Command) -> None:
        self._names[name] = None
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        del self._names[name]
        self._built.pop(name, None)
        self._table.pop(name, None)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._names))

    def __len__(self) -> int:
        return len(self._names)

    def built(self, name: str) -> Command | None:
        """The command ``name`` if it is built already, else None."""
        return self._built.get(name)

    def summary(self, name: str, limit: int = 45) -> tuple[str, bool]:
        """The line ``name`` shows in its group's help and completion (a help with no summary of
        its own cut at ``limit``, as Click cuts it), and whether it is hidden: from the table
        while the branch is not built, else from the command."""
        summary = getattr(self._table.get(name), "summary", None)
        if name not in self._built and summary is not None:
            return summary, False
        command = self[name]
        return command.get_short_help_str(limit), bool(command.hidden)
