"""The CLI's edge: every exception becomes one line and an exit status, and what reaches the
terminal is inert (issue 18).

The root command group is :class:`Boundary`: whatever a command raises that Click does not turn
into an exit itself becomes ``error: ...`` on one line, exit 2 for bad input or 1 for the
environment (a file, the network, the disk, a damaged journal); ``--debug`` shows the traceback
instead. While a command runs, standard output and error are :class:`InertStream`s, the one place
output is written: control characters that untrusted text (a name read from a journal, a file's
content) carries are shown escaped, never obeyed.
"""

from __future__ import annotations

import io
import os
import re
import sys
from ast import literal_eval
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

import typer
from typer._click.exceptions import BadOptionUsage, BadParameter, ClickException, NoArgsIsHelpError, NoSuchOption, UsageError
from typer.core import TyperGroup

from chronique.cli.context import game_of, guard
from chronique.domain.names import spoken
from chronique.domain.text import NAME_LIMIT, blank_in_words, inert, quoted, shortened

# One line of an error is for reading at a glance; a message built from a 200,000-character
# input must not flood the terminal.
LONGEST_MESSAGE = 300

# On a terminal, the sequences our own tables and progress bars write and that only colour, hide
# the cursor or redraw the current line: styles (SGR), cursor show/hide, erasing the line, moving
# up or down a few lines for a progress bar, a carriage return. A name cannot use them to clear
# the screen, retitle the window or write a link: every other sequence is shown escaped.
_TERMINAL_STYLING = re.compile(r"\x1b\[[0-9;]*m|\x1b\[\?25[hl]|\x1b\[[0-2]?K|\x1b\[[0-9]*[AB]|\r")


class InertStream(io.TextIOBase):
    """A text stream that writes to ``inner`` with control characters escaped (domain/text.py
    :func:`inert`). On a terminal, the styling sequences of ``_TERMINAL_STYLING`` pass, ours or
    not: a name recorded before names were checked could still colour a line, never more."""

    def __init__(self, inner: TextIO) -> None:
        self.inner = inner
        self._terminal = _isatty(inner)

    @property
    def encoding(self) -> str:  # type: ignore[override]
        """The inner stream's encoding (Click and Rich read it to choose how to write)."""
        return getattr(self.inner, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        """The inner stream's error handler."""
        return getattr(self.inner, "errors", None) or "strict"

    def write(self, text: str) -> int:
        """Write ``text`` made inert; bytes are refused, so Click never takes this for a binary stream."""
        if not isinstance(text, str):
            raise TypeError(f"an inert stream writes text, not {type(text).__name__}")
        if self._terminal:
            kept = _TERMINAL_STYLING.split(text)
            styling = _TERMINAL_STYLING.findall(text)
            made = "".join(inert(part) + (styling[i] if i < len(styling) else "") for i, part in enumerate(kept))
        else:
            made = inert(text)
        self.inner.write(made)
        return len(text)

    def flush(self) -> None:
        """Flush the inner stream."""
        self.inner.flush()

    def isatty(self) -> bool:
        """Whether the inner stream is a terminal (Rich and Click style their output for one)."""
        return self._terminal

    def fileno(self) -> int:
        """The inner stream's descriptor (Rich asks it for the terminal's size)."""
        return self.inner.fileno()

    def writable(self) -> bool:
        """An inert stream is written to."""
        return True


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


@contextmanager
def inert_output() -> Iterator[None]:
    """Standard output and error made inert for the duration (restored after, as they were)."""
    before = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = InertStream(sys.stdout), InertStream(sys.stderr)
    try:
        yield
    finally:
        for inert_stream in (sys.stdout, sys.stderr):
            if isinstance(inert_stream, InertStream):
                inert_stream.flush()
        sys.stdout, sys.stderr = before


def one_line(text: str) -> str:
    """``text`` on one line, cut to a readable length."""
    return shortened(" ".join(text.split()), LONGEST_MESSAGE)


def not_utf8(error: UnicodeDecodeError) -> str:
    """What is wrong with a file that is not UTF-8, in words: "is not UTF-8 text (byte 9 is
    0xE9)", the byte in hexadecimal as a hex viewer shows it, never a Python bytes literal (ruling EB9)."""
    return f"is not UTF-8 text (byte {error.start} is 0x{error.object[error.start]:02X})"


def explain(error: BaseException) -> tuple[str, int]:
    """What a user reads about ``error``, and the exit status: 2 when the input was wrong (a
    value, a sheet, a rule broken), 1 when the environment failed (a file or folder, the
    database's server, the disk, a damaged journal)."""
    from eventsourcing.persistence import InterfaceError, OperationalError, PersistenceError
    from pydantic import ValidationError

    from chronique.adapters.audit import Unreadable
    from chronique.adapters.commandids import OutcomeUnknown
    from chronique.adapters.database import first_line
    from chronique.adapters.locks import CampaignBusy
    from chronique.domain.errors import JournalDamaged

    if isinstance(error, OutcomeUnknown):
        # Said last and never cut: how to retry safely is what the GM needs from this line.
        retry = (
            "; whether the command was recorded is unknown: run the same command again with "
            f"`--command-id {error.command_id}` to record it at most once"
        )
        return shortened(f"cannot reach the journal's database: {one_line(first_line(error))}", LONGEST_MESSAGE - len(retry)) + retry, 1
    if isinstance(error, Unreadable):
        return f"the journal is damaged at {error.place}: {error.why}", 1
    if isinstance(error, JournalDamaged):
        return f"the journal is damaged: {error}", 1
    if isinstance(error, CampaignBusy):
        return f"the campaign is busy: {error}", 1  # its words say how long it waited, and what to do
    if isinstance(error, (OperationalError, InterfaceError)) and _waited_too_long(error):
        # Reached, but held by another writer longer than a command waits: nothing was recorded.
        return f"the journal's database is busy: {first_line(error)}; try again once the other command is done", 1
    if isinstance(error, (OperationalError, InterfaceError)):
        # The database itself is out of reach (a PostgreSQL server down, a wrong URL): nothing was recorded.
        return f"cannot reach the journal's database: {first_line(error)}", 1
    if isinstance(error, PersistenceError) or _is_driver_error(error):
        return f"the journal's database refused: {_first_words(error)}", 1
    if isinstance(error, OSError):
        where = f" {error.filename}" if error.filename not in (None, "") else " ''" if error.filename == "" else ""
        return f"cannot use{where}: {error.strerror or _first_words(error)}", 1
    if isinstance(error, ValidationError):
        problems = [f"{'.'.join(str(part) for part in problem['loc']) or 'value'}: {problem['msg']}" for problem in error.errors()]
        return "; ".join(problems), 2
    if isinstance(error, UnicodeDecodeError):
        return f"the file {not_utf8(error)}", 2
    if isinstance(error, RecursionError):
        return "the input is nested too deeply to read", 2
    if isinstance(error, (ValueError, ArithmeticError, LookupError)):
        return _first_words(error), 2
    return f"unexpected {type(error).__name__}: {_first_words(error)} (run with `--debug` for the traceback)", 1


def _waited_too_long(error: BaseException) -> bool:
    """Whether the database was reached and gave up waiting for a lock another writer held:
    PostgreSQL's lock timeout (55P03) or a cancelled statement (57014), SQLite's "database is
    locked"."""
    seen: BaseException | None = error
    met: set[int] = set()  # a chain set by hand may loop
    while seen is not None and id(seen) not in met:
        met.add(id(seen))
        if getattr(seen, "sqlstate", None) in ("55P03", "57014"):
            return True
        if type(seen).__module__ == "sqlite3" and "locked" in str(seen):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _is_driver_error(error: BaseException) -> bool:
    # psycopg's and sqlite3's own errors, when one escapes the journal's adapters: both are the
    # database (environment), whatever the command was.
    import sqlite3

    return isinstance(error, sqlite3.Error) or type(error).__module__.split(".")[0] == "psycopg"


def _first_words(error: BaseException) -> str:
    text = str(error).strip()
    return text or type(error).__name__


class Boundary(TyperGroup):
    """The root command group: runs a command inside the one error boundary, with inert output;
    every command first checks its words, and a game's command the campaign's game
    (cli/context.py :func:`guard`); a command of a campaign may leave it out when a default
    campaign is set (cli/use.py).

    Its commands are loaded a branch at a time (cli/tree.py): a branch is built, and made ready
    as above, the first time it is looked up, so a command pays for its own branch alone; its
    help and completion list the others from the table."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        from chronique.cli.tree import Commands, Settings, branches

        built = dict(self.commands)
        self._settings = Settings(self._ready, self.rich_markup_mode, self.suggest_commands)
        self.commands = Commands(built, branches(), self._branch)
        self._ready((), self)
        for name, command in built.items():
            self._ready((name,), command)

    def _branch(self, name: str, branch: Any) -> Any:
        """The branch ``name`` built (cli/tree.py), each command made ready as it is built."""
        from chronique.cli.tree import build

        return build(name, branch, self._settings)

    @staticmethod
    def _ready(path: tuple[str, ...], command: Any) -> None:
        """Make the command at ``path`` (the root at ``()``) what the CLI runs, as soon as it is
        built (its own commands are made ready as each is built): help as written, names
        completed, plain values read without pydantic; and a leaf guarded, given ``--json`` and
        the default campaign."""
        from chronique.cli.coercion import read_plainly
        from chronique.cli.completion import complete_names
        from chronique.cli.helptext import plainly
        from chronique.cli.jsonout import give_json, json_flag
        from chronique.cli.use import defaulting, takes_a_default

        plainly(command)
        complete_names(command)
        read_plainly(command)
        if not path or hasattr(command, "commands"):
            return
        if command.callback is not None:
            command.callback = guard(command.callback, game_of(path))
        if not isinstance(command.parse_args, ExtraWordsNamed):
            command.parse_args = ExtraWordsNamed(command.parse_args)
        # A read's own --json flag, copied onto every other command (cli/jsonout.py).
        give_json(path, command, json_flag())
        if takes_a_default(path, command):
            # A default campaign (``chronique use``) stands in for a campaign left out.
            command.make_context = defaulting(command)

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        """The root's context, its own options read; a line Click refuses here (an unknown
        option of ``chronique`` itself) is one line too (:class:`Refused`)."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except ClickException as error:
            raise Refused.of(error) from None

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:  # type: ignore[override]
        """Read the root's options, Typer's completion options among them (added after the group
        is made), without pydantic (cli/coercion.py)."""
        from chronique.cli.coercion import read_plainly

        read_plainly(self)
        return in_context(super().parse_args, ctx, args)

    def list_commands(self, ctx: typer.Context) -> list[str]:  # type: ignore[override]
        """The names of the commands, in the order of ``--help``, none of them built."""
        return list(self.commands)

    def format_commands(self, ctx: typer.Context, formatter: Any) -> None:  # type: ignore[override]
        """The Commands section of ``chronique --help``, as Typer writes it, with each line from
        the table for a branch not built (cli/tree.py)."""
        from gettext import gettext as _

        commands: Any = self.commands
        names = [name for name in self.list_commands(ctx) if not commands.summary(name)[1]]
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        with formatter.section(_("Commands")):
            formatter.write_dl([(name, commands.summary(name, limit)[0]) for name in names])

    def shell_complete(self, ctx: typer.Context, incomplete: str) -> list[Any]:  # type: ignore[override]
        """The command names that begin as ``incomplete`` does, each with its line of help, from
        the table for a branch not built; then the options, as Typer completes them."""
        from typer._click.core import Command
        from typer._click.shell_completion import CompletionItem

        commands: Any = self.commands
        results = []
        for name in self.list_commands(ctx):
            if name.startswith(incomplete):
                summary, hidden = commands.summary(name)
                if not hidden:
                    results.append(CompletionItem(name, help=summary))
        return [*results, *Command.shell_complete(self, ctx, incomplete)]

    def invoke(self, ctx: typer.Context) -> Any:  # type: ignore[override]
        """Run the command; an exception Click does not handle becomes one line and an exit."""
        debug = bool(ctx.params.get("debug"))
        try:
            with inert_output():
                try:
                    return super().invoke(ctx)
                except (typer.Exit, typer.Abort, BrokenPipeError):
                    raise
                except ClickException as error:
                    raise Refused.of(error) from None
                except Exception as error:
                    from chronique.adapters.commandids import AlreadyRecorded

                    if isinstance(error, AlreadyRecorded):
                        # The command's answer, not an error: an earlier run with its id recorded it (issue 18).
                        typer.echo(str(error))
                        return None
                    if debug:
                        raise
                    message, status = explain(error)
                    typer.echo(f"error: {_shown(message, error)}", err=True)
                    raise typer.Exit(status) from None
        except BrokenPipeError:
            # Raised by a write, or by the flush as the output is given back.
            raise _reader_gone() from None


READER_GONE = 141
"""The exit status of a command whose output's reader went away (``| head``): 128 + SIGPIPE, the
status a shell gives a program that signal stops, which is how a Unix tool ends there."""


def _reader_gone() -> typer.Exit:
    """What a command whose output's reader closed it ends with: no error line (the line a GM
    asked for was the output, and the reader is gone) and :data:`READER_GONE`, not the status 1
    of an environment that failed, which a script reads as nothing recorded and runs again: the
    command ran as far as its output, and what it recorded stays (its ``--command-id`` makes a
    run again record nothing twice). Standard output is pointed at the null device, so that the
    interpreter's last flush of what is still buffered finds no pipe to fail on."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # an output with no descriptor of its own (a test's runner)
        pass
    return typer.Exit(READER_GONE)


class ExtraWordsNamed:
    """A command's ``parse_args``: Click's, except that words left over past the command's
    arguments are refused naming each as a person reads it (ruling EB23). Click joins them with
    spaces between brackets, so an empty word read "got unexpected extra argument(s) ()", a
    blank one "( )", and a lone line break its escape code."""

    def __init__(self, parse_args: Any) -> None:
        self.parse_args = parse_args

    def __call__(self, ctx: Any, args: list[str]) -> list[str]:
        if ctx.allow_extra_args or ctx.resilient_parsing:
            return in_context(self.parse_args, ctx, args)
        # The words Click would refuse, kept: it refuses them only when extra words are not allowed.
        ctx.allow_extra_args = True
        try:
            rest = in_context(self.parse_args, ctx, args)
        finally:
            ctx.allow_extra_args = False
        if rest:
            ctx.fail(extra_words(rest))
        return rest


def in_context(parse_args: Any, ctx: Any, args: list[str]) -> list[str]:
    """``parse_args(ctx, args)``, a refusal raised without its command's context given ``ctx``, so
    that it names the command's help as every other refusal does (:func:`refusal`, ruling EB43).
    Click's parser raises "option '--page' requires an argument", "option '--json' does not take
    a value" and an argument's wrong count of values bare, and they read without the help to
    read."""
    try:
        return list(parse_args(ctx, args))
    except UsageError as error:
        if error.ctx is None:
            error.ctx, error.cmd = ctx, ctx.command
        raise


def extra_words(words: list[str]) -> str:
    """The refusal of ``words`` typed past a command's arguments (ruling EB23), each named as a
    person reads it (domain/text.py :func:`quoted`), counted in words rather than Click's
    "argument(s)": "got an unexpected extra argument: “Bruno”", "got an unexpected extra
    argument: an empty one (“”)", "got 2 unexpected extra arguments: “Bruno” and a line break"."""
    named = ["an empty one (“”)" if not word else quoted(word) for word in words]
    if len(named) == 1:
        return f"got an unexpected extra argument: {named[0]}"
    listed = f"{', '.join(named[:-1])} and {named[-1]}"
    return f"got {len(named):,} unexpected extra arguments: {listed}"


class Refused(ClickException):
    """A line Click refused (an argument missing, an option or a command unknown, a value
    malformed), shown as every other error: ``error: ...`` on one line, with the command's help to
    read, in place of Click's usage line, hint and error (three lines). Its exit status is
    Click's: 2 for a usage error."""

    def __init__(self, line: str, exit_code: int) -> None:
        super().__init__(line)
        self.exit_code = exit_code

    @classmethod
    def of(cls, error: ClickException) -> ClickException:
        """``error`` as one line; a group named alone keeps showing its help (Click's own)."""
        if isinstance(error, (Refused, NoArgsIsHelpError)):
            return error
        return cls(refusal(error), error.exit_code)

    def show(self, file: Any = None) -> None:
        """Write the one line to standard error (``file`` when given)."""
        typer.echo(f"error: {self.message}", file=file, err=file is None)


def refusal(error: ClickException) -> str:
    """What Click refused, in its words on one line made inert (a value typed may carry control
    characters) and quoted as every other refusal quotes (:func:`_in_words`, ruling EB35), then
    where to read how the command is used: "missing option `--sheet` (see `chronique character
    new --help`)"."""
    words = one_line(_cut_typed(inert(_in_words(error)))).rstrip(".")
    if words[:1].isupper() and words[1:2].islower():
        words = words[0].lower() + words[1:]
    context = error.ctx if isinstance(error, UsageError) else None
    if context is None or context.command.get_help_option(context) is None:
        return words
    path = inert(context.command_path)
    # A nameless root is the shell's (cli/shell.py): its lines name commands without 'chronique'.
    return f"{words} (see `{path} {context.help_option_names[0]}`)" if path else f"{words} (see `help`)"


# Typer's refusal of an unknown command: the name typed in Python's notation (repr), then the
# commands it is close to, each in that notation too (typer/core.py, "No such command").
_REPR = r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\""
_NO_SUCH_COMMAND = re.compile(rf"No such command (?P<typed>{_REPR})\.(?: Did you mean (?P<offered>.*)\?)?", re.DOTALL)

# A name Click puts between straight quotes in a parameter's hint ('--page', 'CAMPAIGN'): the
# names of our own options and arguments, which hold no quote.
_HINTED = re.compile(r"'([^']*)'")


def _in_words(error: ClickException) -> str:
    """Click's words for ``error`` quoted as the project quotes (ruling EB35): a word typed (an
    unknown command or option) as every refusal repeats it (domain/text.py :func:`quoted`,
    EB19), an option or a command to type in backticks, what it is close to joined in words, an
    argument by the capitals of its help (EB16); never Python's straight quotes."""
    if isinstance(error, NoSuchOption):
        return f"no such option {quoted(error.option_name)}{_offered(list(error.possibilities or ()))}"
    if isinstance(error, BadOptionUsage):
        return error.message.replace(repr(error.option_name), f"`{error.option_name}`", 1)
    if isinstance(error, BadParameter) and error.param is not None and error.param_hint is None:
        hint = error.param.get_error_hint()
        named = hint.strip("'") if error.param.param_type_name == "argument" else _HINTED.sub(r"`\1`", hint)
        return error.format_message().replace(hint, named, 1)
    unknown = _NO_SUCH_COMMAND.fullmatch(error.message)
    if unknown is not None:
        close = [literal_eval(name) for name in re.findall(_REPR, unknown["offered"] or "")]
        return f"no such command{_command_typed(literal_eval(unknown['typed']))}{_offered(close)}"
    return error.format_message()


def _command_typed(word: str) -> str:
    """An unknown command as the refusal names it: " “shett”" (EB19), or in words after a colon
    when it is blank (": a space", ": an empty word (“”)", ruling EB22), which "“”" alone would
    read as nothing typed."""
    if word.strip():
        return f" {quoted(word)}"
    return f": {blank_in_words(word) or 'an empty word (“”)'}"


def _offered(names: list[str]) -> str:
    """The commands or options a word typed is close to, to type: ": did you mean `sheet` or
    `shell`?"."""
    return f": did you mean {spoken([f'`{name}`' for name in names])}?" if names else ""


# A word typed (a command, an option, a value) as long as a name may be (ruling EB3): past it, a
# pasted page is not echoed back whole. Quotation marks and backticks end a word, so that a word
# already quoted and cut (:func:`quoted`) keeps its closing mark.
_LONG_WORD = re.compile(rf"[^\s'()“”`]{{{NAME_LIMIT + 1},}}")


def _cut_typed(words: str) -> str:
    """``words`` with each word longer than a name cut to one, as any other refusal repeats a
    name typed (ruling EB3's 80 characters)."""
    return _LONG_WORD.sub(lambda word: shortened(word.group(), NAME_LIMIT), words)


def _shown(message: str, error: Exception) -> str:
    from chronique.domain.errors import RuleViolation

    if isinstance(error, RuleViolation):
        # The rules' own words, which may list several problems one per line (a sheet's): each
        # line kept, and cut like any other.
        return "\n".join(shortened(line, LONGEST_MESSAGE) for line in message.splitlines())
    return one_line(message)
