"""Shell completion of campaign and character names (issue 15), read from the journal the line
names (``--db``, else ``CHRONIQUE_DB``, else ./chronique.db). Typer's own completion
(``chronique --install-completion``, ``--show-completion``) completes commands and options; these
callbacks add the names. A journal that cannot be read completes nothing: completion never
creates one, never prints an error into the shell."""

from __future__ import annotations

from typing import Any

from chronique.domain.text import fold, quoted

# The arguments and options that name a character of the command's campaign.
_CHARACTER_PARAMS = frozenset(
    {
        "character",
        "attacker",
        "defender",
        "actor",
        "first",
        "second",
        "patient",
        "healer",
        "shooter",
        "supporter",
        "supported",
        "sneak",
        "opponent",
        "other",
    }
)


def _services(ctx: Any) -> Any:
    from chronique.adapters.bootstrap import build

    return build(ctx.find_root().params.get("db"), create=False)


def _matching(names: list[str], incomplete: str) -> list[str]:
    # Names forgive case and accents when typed (domain/names.py); so does completing them.
    return [name for name in names if fold(name).startswith(fold(incomplete))]


def campaigns(ctx: Any, param: Any, incomplete: str) -> list[str]:
    """The journal's campaign names that start as ``incomplete`` does."""
    try:
        services = _services(ctx)
    except Exception:  # noqa: BLE001
        return []
    try:
        return _matching([c.name for c in services.campaigns()], incomplete)
    except Exception:  # noqa: BLE001
        return []
    finally:
        services.close()


def characters(ctx: Any, param: Any, incomplete: str) -> list[str]:
    """The names of the characters of the command's campaign (as typed so far, or the default
    campaign) that start as ``incomplete`` does."""
    from chronique.cli.use import default_campaign

    campaign = ctx.params.get("campaign") or default_campaign(ctx.find_root().params.get("db"))
    if not campaign:
        return []
    try:
        services = _services(ctx)
    except Exception:  # noqa: BLE001
        return []
    try:
        world = services.world(str(campaign))
        return _matching([c.name for c in world.characters.values()], incomplete)
    except Exception:  # noqa: BLE001
        return []
    finally:
        services.close()


def complete_names(command: Any) -> None:
    """Complete ``command``'s campaign argument with campaign names, and its character arguments
    and options with the campaign's characters."""
    names = {p.name for p in command.params}
    for param in command.params:
        if param.name == "campaign":
            param._custom_shell_complete = campaigns
        elif "campaign" in names and (
            param.name in _CHARACTER_PARAMS or (param.name == "name" and (param.help or "").startswith("Character name"))
        ):
            param._custom_shell_complete = characters


def register(app: Any) -> None:
    """Add ``chronique completion SHELL`` to the app."""
    import typer

    from chronique.cli.context import fail

    # Further words are taken, never offered: Click would refuse them as "unexpected extra
    # argument(s) ()", an empty word shown as nothing at all (ruling EB20).
    @app.command("completion", context_settings={"allow_extra_args": True})
    def completion(shell: str = typer.Argument(..., help="bash, zsh, fish or powershell.")) -> None:
        """Print the shell completion script for SHELL: commands, options, campaigns and characters complete.

        Bash: `eval "$(chronique completion bash)"` in ~/.bashrc; or let `chronique
        --install-completion` find the shell and install it.
        """
        from typer._click.globals import get_current_context
        from typer._completion_shared import Shells, get_completion_script

        shells = [s.value for s in Shells if s.value != "pwsh"]
        one_of = f"one of {', '.join(shells)}"
        more = get_current_context().args
        words = [shell, *more]
        if not all(word.strip() for word in words):
            raise fail(f"a shell's name is empty: name {one_of}")
        if more:
            raise fail(f"completion is for one shell at a time, not {len(words)}: name {one_of}")
        if shell not in shells:
            raise fail(f"no completion for the shell {quoted(shell)} ({one_of})")
        typer.echo(get_completion_script(prog_name="chronique", complete_var="_CHRONIQUE_COMPLETE", shell=shell))
