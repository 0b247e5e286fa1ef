"""``chronique shell [CAMPAIGN]``: the table mode (issue 20). One process runs command after
command, each as the CLI runs it, with the journal open and the aggregates it loaded kept warm, so
a command costs its own work rather than starting Python and replaying the campaign again.

On a terminal it is a prompt (prompt_toolkit) with history and completion of commands, options
and the names of the warm world; otherwise it reads one command a line from standard input, which
is how a script drives it (``chronique shell Verdelune < commands.txt``).
"""

from __future__ import annotations

import os
import shlex
import sys
import traceback
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import typer
from typer._click.core import Command
from typer._click.exceptions import ClickException, NoArgsIsHelpError
from typer.core import TyperArgument, TyperGroup, TyperOption

from chronique.cli.boundary import InertStream, Refused, explain, one_line
from chronique.cli.context import SHELL, State, fail
from chronique.domain.text import PROGRAM, fold

if TYPE_CHECKING:
    from uuid import UUID

    from chronique.adapters.readmodels import ReadModels
    from chronique.adapters.services import Chronique

# Python's shlex says why a line cannot be split in its own capitalised words (ruling SL9).
_UNSPLIT = {
    "No closing quotation": "a quotation mark opened on this line is never closed",
    "No escaped character": "the line ends with a backslash, which escapes nothing",
}

LEAVE = frozenset({"exit", "quit"})
# ``use`` names a campaign itself, never the shell's (as ``takes_a_default`` keeps the default
# campaign out of it on the command line); in the shell it also picks the campaign lines play (SL12).
USE = "use"
# ``help`` alone lists the commands; ``help cartes test`` is ``cartes test --help`` (ruling SL7).
HELP = "help"
CAMPAIGN_CREATED = "chronique.domain.campaign:Campaign.Created"
# Commands a line of the shell does not run (ruling SL8): those that
# outlive a command (the daemon and the web server run until a signal, which would then be the
# shell's own), the one that swaps the journal under the warm services (restore), and the demo,
# which plays a whole scripted campaign into the table's journal. Each says why, in one line.
REFUSED = {
    "daemon": "the daemon runs until it is stopped: run `chronique daemon` beside the shell, not in it",
    "serve": "the web journal runs until it is stopped: run `chronique serve` beside the shell, not in it",
    "restore": "a restore replaces the journal the shell has open: leave the shell, then run `chronique restore`",
    "demo": "the demo plays a scripted campaign of its own: run `chronique demo` outside the shell",
}


class Warm:
    """The shell's services, opened at its first command and kept until it ends; each command
    borrows them (cli/context.py :data:`SHELL`) under its own command id."""

    def __init__(self, db: str | None) -> None:
        from chronique.adapters.settings import Settings

        self.settings = Settings.from_env(db)
        self._services: Chronique | None = None
        # The newest stored event seen after the last command: (notification id, aggregate, version).
        self._newest: tuple[int, UUID | str, int] | None = None
        # Every campaign's (name, id), read from the log up to notification ``_scanned``.
        self._campaigns: list[tuple[str, UUID | str]] = []
        self._scanned = 0

    def services(self, create: bool = False) -> Chronique:
        """The warm services, opened now if they are not yet (a new journal only if ``create``)."""
        if self._services is None:
            from chronique.adapters.bootstrap import build

            self._services = build(self.settings.db, create=create, warm=True)
        return self._services

    def lend(self, state: State, create: bool) -> Chronique | None:
        """Services for one command on the warm journal, under the command's id; None for a
        command given another journal (``--db``), which opens its own."""
        from chronique.adapters.services import Chronique
        from chronique.adapters.settings import Settings

        if Settings.from_env(state.db) != self.settings:
            return None
        warm = self.services(create)

        def read_models() -> ReadModels:
            shared = warm.read_models
            assert shared is not None, "build() gives every services their read models"
            return shared

        # A fresh object per command: its id and its count of writes are the command's own
        # (adapters/commandids.py); what is expensive to open is shared.
        return Chronique(warm.journal, warm.vault, warm.audit, warm.clock, read_models, warm.locks, state.command_id)

    def campaigns(self) -> list[tuple[str, UUID | str]]:
        """Every campaign's name and id. Only the log recorded since the last call is read for new
        ones (a campaign keeps its name), so asking on every line costs nothing at 100k events."""
        services = self.services()
        recorder = services.journal.recorder
        newest = recorder.max_notification_id() or 0
        if newest > self._scanned:
            created = recorder.select_notifications(start=self._scanned + 1, limit=newest, stop=newest, topics=[CAMPAIGN_CREATED])
            self._campaigns.extend((services.journal.load(n.originator_id).name, n.originator_id) for n in created)
            self._scanned = newest
        return self._campaigns

    def settle(self) -> None:
        """After a command: forget the seeds it drafted and did not record (a refused command's:
        only the events that commit a seed may write it), and note the newest stored event."""
        if self._services is None:
            return
        self._services.vault.take_drafts()
        self._newest = self._newest_event()

    def check(self) -> None:
        """Before a command: if the event last seen is no longer the one stored at its place,
        the journal was replaced (a restore) rather than appended to, and what is kept warm may
        be ahead of it: the services are closed, to be opened afresh (ruling SL4). Another
        writer's appends keep it: each aggregate loaded reads the events stored after its
        version (the library's fast-forward)."""
        if self._services is None or self._newest is None:
            return
        found = self._services.journal.recorder.select_notifications(start=self._newest[0], limit=1)
        if not found or (found[0].id, found[0].originator_id, found[0].originator_version) != self._newest:
            self.close()

    def _newest_event(self) -> tuple[int, UUID | str, int] | None:
        assert self._services is not None
        recorder = self._services.journal.recorder
        newest = recorder.max_notification_id()
        found = recorder.select_notifications(start=newest, limit=1) if newest is not None else []
        return (found[0].id, found[0].originator_id, found[0].originator_version) if found else None

    def close(self) -> None:
        """Give back the journal's connections and forget what was kept."""
        if self._services is not None:
            self._services.close()
        self._services, self._newest, self._campaigns, self._scanned = None, None, [], 0


# -- reading a line against the command tree -----------------------------------------------------


def option_of(command: Command, word: str) -> TyperOption | None:
    name = word.split("=", 1)[0]
    for param in command.params:
        if isinstance(param, TyperOption) and (name in param.opts or name in param.secondary_opts):
            return param
    return None


def takes_value(option: TyperOption | None, word: str) -> int:
    """How many of the following words an option typed as ``word`` consumes."""
    if option is None or option.is_flag or option.count or "=" in word:
        return 0
    return option.nargs


def _skip_options(command: Command, words: Sequence[str], at: int) -> int:
    """The index of the first word at or after ``at`` that is not one of ``command``'s options
    or an option's value."""
    while at < len(words) and words[at].startswith("-") and words[at] != "-":
        at += 1 + takes_value(option_of(command, words[at]), words[at])
    return at


@runtime_checkable
class RunsByDefault(Protocol):
    """A group that runs one of its commands when its words name none (``invite``, whose
    ``invite CAMPAIGN PLAYER`` is ``invite new CAMPAIGN PLAYER``)."""

    def runs(self, first: str, help_names: Sequence[str]) -> str | None:
        """The command run for words that begin with ``first``; None when they name their own."""


def locate(root: TyperGroup, words: Sequence[str]) -> tuple[Command, int]:
    """The command (or group) ``words`` name, and the index of the first word after its name.
    A group that runs a command by default leads to it, no word of the line its name, so that
    the shell's campaign is put in ``invite Bob`` as in any line (rulings SL2, SL15)."""
    command: Command = root
    at = 0
    while isinstance(command, TyperGroup):
        default = command.runs(words[at], ("--help",)) if isinstance(command, RunsByDefault) and at < len(words) else None
        if default is not None:
            command = command.commands[default]
            continue
        at = _skip_options(command, words, at)
        if at >= len(words) or words[at] not in command.commands:
            return command, at
        command = command.commands[words[at]]
        at += 1
    return command, at


def positionals(command: Command, words: Sequence[str]) -> list[str]:
    """The positional words among a command's ``words`` (options and their values left out)."""
    found: list[str] = []
    at = 0
    while at < len(words):
        word = words[at]
        if word == "--":
            return [*found, *words[at + 1 :]]
        if word.startswith("-") and word != "-":
            at += 1 + takes_value(option_of(command, word), word)
            continue
        found.append(word)
        at += 1
    return found


def arguments_of(command: Command) -> list[TyperArgument]:
    """The command's positional arguments, in order."""
    return [p for p in command.params if isinstance(p, TyperArgument)]


def plays_a_campaign(command: Command) -> bool:
    """Whether the command's first argument is the campaign it plays."""
    arguments = arguments_of(command)
    return bool(arguments) and arguments[0].name == "campaign"


class Line:
    """Turns a typed line into the CLI's words: with the shell's campaign put in when the
    command plays a campaign and the line names none (ruling SL2)."""

    def __init__(self, root: TyperGroup, warm: Warm, campaign: str | None) -> None:
        self.root = root
        self.warm = warm
        self.campaign = campaign

    def words(self, text: str) -> list[str]:
        """The words of ``text`` as a POSIX shell splits them; a line that begins with ``#`` is
        a comment (a ``#`` inside a word, as in ``--reason fight#2``, is kept)."""
        return [] if text.lstrip().startswith("#") else shlex.split(text)

    def args(self, words: list[str]) -> list[str]:
        """``words`` with the shell's campaign where the command expects one and has none."""
        command, at = locate(self.root, words)
        if isinstance(command, TyperGroup) or not self.omits_campaign(command, positionals(command, words[at:])):
            return words
        return [*words[:at], str(self.campaign), *words[at:]]

    def omits_campaign(self, command: Command, given: list[str]) -> bool:
        """Whether the shell puts its campaign before the arguments ``given`` to ``command``: it
        has one, the command plays a campaign, the first argument names none, and the line leaves
        room for it. A line that gives every argument the command takes names its campaign
        itself, if wrongly (`campaign show Nope`): it is told there is no such campaign, never
        that Nope is an argument too many after the shell's campaign (ruling SL11)."""
        if self.campaign is None or not plays_a_campaign(command) or command is self.root.commands.get(USE):
            return False
        arguments = arguments_of(command)
        if given and all(a.nargs == 1 for a in arguments) and len(given) >= len(arguments):
            return False
        return not (given and self.names_a_campaign(given[0]))

    def arguments(self, command: Command, given: list[str]) -> list[str]:
        """The arguments ``command`` gets from a line whose positional words are ``given``."""
        return [str(self.campaign), *given] if self.omits_campaign(command, given) else given

    def names_a_campaign(self, word: str) -> bool:
        """Whether ``word`` names a campaign of the journal (its name, without case or accents,
        or its id), as a command would find it."""
        typed = fold(word)
        return any(typed in (fold(name), str(campaign_id)) for name, campaign_id in self.warm.campaigns())


# -- the shell -------------------------------------------------------------------------------------


def invoke(root: TyperGroup, args: list[str]) -> int:
    """Run one command line through the CLI's command tree, as ``chronique`` runs it; its exit
    status. Errors are one line: the CLI's boundary turns a command's own (cli/boundary.py),
    and here a line Click refuses. Usage lines and hints name a command as the shell's lines do,
    without ``chronique`` before it ("see `cartes test --help`", rulings SL7, EB35), and so do the
    commands a refusal or a hint says to type ("`log` lists its events", :data:`PROGRAM`, SL13)."""
    typed_here = PROGRAM.set("")
    try:
        return _invoked(root, args)
    finally:
        PROGRAM.reset(typed_here)


def _invoked(root: TyperGroup, args: list[str]) -> int:
    """:func:`invoke`'s run of the line, the shell's way of typing commands set."""
    try:
        with root.make_context("", args) as ctx:
            root.invoke(ctx)
    except typer.Exit as done:
        return done.exit_code
    except NoArgsIsHelpError as bare:
        bare.show()  # a group named alone: its help, as the CLI shows it
        return bare.exit_code
    except ClickException as refused:
        Refused.of(refused).show()  # one line, as the CLI shows it (cli/boundary.py)
        return refused.exit_code
    except typer.Abort:
        typer.echo("error: aborted", err=True)
        return 1
    except KeyboardInterrupt:
        typer.echo("error: interrupted", err=True)
        return 130
    except Exception:  # noqa: BLE001 - only under --debug does an error pass the boundary: shown, and the shell goes on
        traceback.print_exc()
        return 1
    return 0


def _list_commands(root: TyperGroup) -> None:
    """``help`` alone: how a line is typed, and every command with its line of help (the CLI's
    own options, such as ``--db``, belong to the shell, not to its lines)."""
    from typer._click.core import Context

    context = Context(root, info_name="")
    formatter = context.make_formatter()
    root.format_commands(context, formatter)
    typer.echo(
        "Type a command as on the command line, without `chronique`; the shell's campaign is put in "
        "when the line names none.\n`help COMMAND` shows a command's help; `exit` or `quit` leaves.\n\n" + formatter.getvalue(),
        nl=False,
    )


class Session:
    """One shell: reads lines and runs each as a command on the warm journal."""

    def __init__(self, root: TyperGroup, warm: Warm, campaign: str | None, prefix: list[str]) -> None:
        self.root = root
        self.warm = warm
        self.line = Line(root, warm, campaign)
        # The shell's own global options (--db, --debug), given to every line.
        self.prefix = prefix
        self.status = 0

    def execute(self, text: str) -> bool:
        """Run the command ``text``; False when it asks to leave."""
        try:
            words = self.line.words(text)
        except ValueError as error:  # an unclosed quote, a line ending in a backslash
            typer.echo(f"error: {_UNSPLIT.get(str(error), str(error))}", err=True)
            self.status = 2
            return True
        if not words:
            return True
        if len(words) == 1 and words[0] in LEAVE:
            return False
        if words == [HELP]:
            _list_commands(self.root)
            return True
        if words[0] == HELP:
            words = [*words[1:], "--help"]
        self.warm.check()
        try:
            args = self.line.args(words)
            command = locate(self.root, args)[0]
            refused = REFUSED.get(command.name or "") if self.root.commands.get(command.name or "") is command else None
            if refused is not None and "--help" not in args:  # its help is read as anywhere
                typer.echo(f"error: {refused}", err=True)
                status = 2
            elif command is self.root.commands.get(USE) and "--help" not in args:
                status = self.use(command, args)
            else:
                status = invoke(self.root, [*self.prefix, *args])
        except Exception as error:  # noqa: BLE001 - reading the line failed (the journal is not there): one line, as the CLI says it
            message, status = explain(error)
            typer.echo(f"error: {one_line(message)}", err=True)
        finally:
            self.warm.settle()
        if status:
            self.status = status
        return True

    def use(self, command: Command, args: list[str]) -> int:
        """A ``use`` line (ruling SL12): alone, which campaign the lines play, or how to pick one;
        with a campaign, the journal's default as on the command line, and the shell's campaign
        from then on; with ``--clear``, neither any more."""
        given = positionals(command, args[1:])
        if not given and "--clear" not in args:
            typer.echo(self.in_use())
            return 0
        status = invoke(self.root, [*self.prefix, *args])
        if status == 0:
            self.line.campaign = self.warm.services().campaign(given[0]).name if given else None
        return status

    def in_use(self) -> str:
        """Which campaign a line that names none plays, in words; else how to pick one. (A shell
        started without a campaign plays the journal's default one, as any command would.)"""
        if self.line.campaign is not None:
            return f"this shell plays {self.line.campaign}: a line that names no campaign plays it; `use CAMPAIGN` plays another"
        names = sorted((name for name, _ in self.warm.campaigns()), key=str.casefold)
        if not names:
            return "no campaign in use, and the journal has none yet: `campaign new NAME --ruleset GAME` creates one"
        return f"no campaign in use: `use CAMPAIGN` picks one of {', '.join(names)}, or a line names its own"

    def script(self, lines: Iterable[str]) -> None:
        """Run every line of ``lines`` (a script on standard input) until one asks to leave."""
        for text in lines:
            if not self.execute(text):
                return

    def prompt(self) -> None:
        """Ask for lines on the terminal until ``exit``, ``quit`` or Ctrl-D; Ctrl-C drops the
        line typed. The prompt names the shell's campaign, as ``use`` last picked it."""
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import FileHistory
        from prompt_toolkit.output import create_output

        from chronique.cli.shell_completion import ShellCompleter

        prompt: PromptSession[str] = PromptSession(
            history=FileHistory(str(history_file())),
            completer=ShellCompleter(self.line),
            # The terminal itself: the CLI's inert streams would show the prompt's own escapes.
            output=create_output(stdout=_terminal(sys.stdout)),
        )
        while True:
            try:
                title = f"chronique {self.line.campaign}" if self.line.campaign else "chronique"
                text = prompt.prompt(f"{title}> ")
            except KeyboardInterrupt:
                continue
            except EOFError:
                return
            if not self.execute(text):
                return


def _terminal(stream: Any) -> Any:
    while isinstance(stream, InertStream):
        stream = stream.inner
    return stream


def history_file() -> Path:
    """The shell's history, the user's own (ruling SL6): in ``$XDG_DATA_HOME/chronique`` (by
    default ``~/.local/share/chronique``), readable by them alone."""
    folder = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "chronique"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = folder / "shell-history"
    os.close(os.open(path, os.O_CREAT | os.O_APPEND | os.O_WRONLY, 0o600))
    return path


def register(root: typer.Typer) -> None:
    """Add ``shell`` to the app."""

    @root.command("shell")
    def shell(
        ctx: typer.Context,
        campaign: str = typer.Argument(None, help="The campaign a command plays when its line names none."),
    ) -> None:
        """The table mode: commands one after another in one process, with the journal kept open
        and warm; `exit`, `quit` or Ctrl-D leaves. On a terminal: history and completion (Tab);
        otherwise one command a line from standard input."""
        if SHELL.get() is not None:
            raise fail("this is the shell already: type the command itself")
        top = ctx.find_root()
        if top.params.get("command_id") is not None:
            raise fail("`--command-id` names one command: give it on that command's line, in the shell")
        state: State = top.obj
        warm = Warm(state.db)
        token = SHELL.set(warm)
        try:
            name = warm.services(create=False).campaign(campaign).name if campaign is not None else None
            prefix = [*(["--db", state.db] if state.db is not None else []), *(["--debug"] if top.params.get("debug") else [])]
            session = Session(top.command, warm, name, prefix)  # type: ignore[arg-type]
            if sys.stdin.isatty() and _terminal(sys.stdout).isatty():
                session.prompt()
            else:
                session.script(sys.stdin)
        finally:
            SHELL.reset(token)
            warm.close()
        if session.status:
            raise typer.Exit(session.status)
