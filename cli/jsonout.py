"""``--json`` on every command (issue 15), given to each command by the root group as it builds
it (cli/boundary.py), so no command carries its own copy.

A command that shows a read model (``sheet``, ``log``, ``campaign show``...) declares its own
``--json`` and prints its data, a list or an object. Every other command gets the flag here and,
with it, prints one object (cli/render.py :func:`~chronique.cli.render.written`): the events it
recorded, as ``log --json`` prints them, and its outcome. An error prints its one line on standard
error and exits as without ``--json``.
"""

from __future__ import annotations

import copy
import functools
import io
from collections.abc import Callable
from contextlib import redirect_stdout
from typing import Any

# The commands without --json, and why: each keeps running, or writes something other than a result.
WITHOUT_JSON = {
    ("shell",): "an interactive session of many commands: each command typed in it takes `--json`",
    ("daemon",): "runs until stopped and writes a log, not a result",
    ("serve",): "serves the web journal until stopped and writes a log, not a result",
    ("completion",): "prints a shell's completion script, which the shell reads",
    ("demo",): "a scripted tour of many commands for a person to read",
}


@functools.cache
def json_flag() -> Any:
    """A read's own ``--json`` flag, as Typer builds it from ``as_json: bool = typer.Option(False,
    "--json", ...)``: the template :func:`give_json` copies (Typer builds parameters from a
    function's signature only). Built here, so that giving a command the flag builds no other."""
    import typer
    from typer.main import get_command_from_info
    from typer.models import CommandInfo

    def read(as_json: bool = typer.Option(False, "--json", help="Output JSON.")) -> None:
        """A read model's data."""

    return get_command_from_info(CommandInfo(callback=read), pretty_exceptions_short=True, rich_markup_mode=None).params[0]


def has_json(command: Any) -> bool:
    """Whether ``command`` declares its own ``--json`` (a read model's data)."""
    return any("--json" in getattr(param, "opts", ()) for param in command.params)


def give_json(path: tuple[str, ...], command: Any, template: Any) -> None:
    """Give ``command`` the ``--json`` of a write, unless it has its own or is one of
    :data:`WITHOUT_JSON`: a copy of ``template``, a read's own ``--json`` flag (Typer builds
    parameters from a function's signature only)."""
    if path in WITHOUT_JSON or has_json(command) or command.callback is None:
        return
    flag = copy.copy(template)
    flag.help = "Print the events recorded and the outcome as JSON (see the README's JSON output)."
    command.params.append(flag)
    command.callback = _as_json(command.callback)


def _as_json(callback: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(callback)
    def with_json(*args: Any, as_json: bool = False, **kwargs: Any) -> Any:
        if not as_json:
            return callback(*args, **kwargs)
        from typer._click.globals import get_current_context

        from chronique.adapters.commandids import AlreadyRecorded
        from chronique.cli import render
        from chronique.cli.context import command_of

        ctx = get_current_context()
        state = ctx.find_root().obj
        state.as_json = True
        words = io.StringIO()
        try:
            # The words a person reads are kept in the object, not printed beside it.
            with redirect_stdout(words):
                result = callback(*args, **kwargs)
        except AlreadyRecorded as error:
            # Not an error (cli/boundary.py): the answer is that nothing was recorded again.
            words.write(f"{error}\n")
            result = None
        campaign = ctx.params.get("campaign")
        render.written(command_of(ctx), campaign if isinstance(campaign, str) else None, state.recorded, state.outcomes, words.getvalue())
        return result

    return with_json
