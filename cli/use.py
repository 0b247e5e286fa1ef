"""``chronique use``: a default campaign, so that a GM at the table stops retyping its name
(issue 15). ``CHRONIQUE_CAMPAIGN`` names one for a shell; ``chronique use CAMPAIGN`` remembers one
per journal, in the user's configuration folder (``$XDG_CONFIG_HOME/chronique/campaigns.json``):
the journal records what happened in the game, not which campaign a GM's terminal is on.

Every command whose first argument is the campaign may then leave it out: when the command's
words do not parse, or their first word names no campaign, and they parse with the default
campaign put first, the default is used (:func:`defaulting`)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from typer._click.core import Context
from typer._click.exceptions import UsageError

from chronique.cli.context import fail, run
from chronique.domain.text import to_type

ENV = "CHRONIQUE_CAMPAIGN"


def _store() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "chronique" / "campaigns.json"


def _journal_key(db: str | None) -> str:
    # A file by its absolute path, so the default holds from any folder; a PostgreSQL journal by
    # its URL without its password, which has no place in a configuration file.
    from chronique.adapters.settings import Settings

    settings = Settings.from_env(db)
    return settings.shown() if settings.is_postgres else settings.absolute


def _remembered() -> dict[str, str]:
    try:
        data = json.loads(_store().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def default_campaign(db: str | None) -> str | None:
    """The default campaign of the journal ``db``: ``CHRONIQUE_CAMPAIGN``, else the one
    ``chronique use`` remembered for it, else None."""
    return os.environ.get(ENV) or _remembered().get(_journal_key(db))


def _remember(db: str | None, campaign: str | None) -> None:
    remembered = _remembered()
    key = _journal_key(db)
    if campaign is None:
        remembered.pop(key, None)
    else:
        remembered[key] = campaign
    store = _store()
    store.parent.mkdir(parents=True, exist_ok=True)
    store.write_text(json.dumps(remembered, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def register(app: typer.Typer) -> None:
    """Add ``chronique use`` to the app."""

    @app.command("use")
    def use(
        ctx: typer.Context,
        campaign: str = typer.Argument(None, help="The campaign to use by default (omit to show the current one)."),
        clear: bool = typer.Option(False, "--clear", help="Forget this journal's default campaign."),
    ) -> None:
        """Remember a default campaign for this journal: commands whose first argument is the campaign may then leave it out.

        CHRONIQUE_CAMPAIGN, when set, takes precedence.
        """
        db = ctx.find_root().obj.db
        if clear and campaign is not None:
            raise fail("give a campaign or `--clear`, not both")
        if clear:
            _remember(db, None)
            typer.echo("no default campaign for this journal")
            return
        if campaign is None:
            chosen = default_campaign(db)
            source = f" (from {ENV})" if os.environ.get(ENV) else ""
            typer.echo(f"default campaign: {chosen}{source}" if chosen else f"no default campaign: {to_type('use CAMPAIGN')} sets one")
            return
        found = run(ctx, lambda s: s.campaign(campaign))
        _remember(db, found.name)
        typer.echo(f"default campaign: {found.name}")


def _names_a_campaign(db: str | None, name: str, default: str | None = None) -> bool:
    """Whether ``name`` is ``default`` or names a campaign of the journal ``db`` (True when there
    is no journal to ask)."""
    from chronique.adapters.bootstrap import build
    from chronique.domain.errors import RuleViolation
    from chronique.domain.text import fold

    if default is not None and fold(name) == fold(default):
        return True
    try:
        services = build(db, create=False)
    except Exception:  # noqa: BLE001
        return True  # no journal to ask: the command says so itself, with the words as typed
    try:
        services.campaign(name)
    except RuleViolation:  # no campaign of that name
        return False
    finally:
        services.close()
    return True


def defaulting(command: Any) -> Callable[..., Context]:
    """``command.make_context`` that falls back on the default campaign: the words as typed when
    they parse and their campaign exists (or no default is set), else the default campaign put
    first when that parses, else the words as typed (and their error)."""
    make_context = command.make_context

    def make(info_name: str | None, args: list[str], parent: Context | None = None, **extra: Any) -> Context:
        db = getattr(parent.find_root().obj, "db", None) if parent is not None else None
        default = default_campaign(db)
        if default is None or "--help" in args:
            return make_context(info_name, list(args), parent, **extra)
        try:
            ctx: Context | None = make_context(info_name, list(args), parent, **extra)
            refused: UsageError | None = None
        except UsageError as error:
            ctx, refused = None, error
        typed = ctx.params.get("campaign") if ctx is not None else None
        if ctx is not None and typed is not None and _names_a_campaign(db, str(typed), default):
            return ctx
        # A default the journal no longer holds (it was made again at the same path) is never put
        # first: the words as typed and their own error, not "no campaign named" it (ruling EB39).
        if _names_a_campaign(db, default):
            try:
                return make_context(info_name, [default, *args], parent, **extra)
            except UsageError:
                pass
        if ctx is not None:
            return ctx
        assert refused is not None
        raise refused from None

    return make


def takes_a_default(path: tuple[str, ...], command: Any) -> bool:
    """Whether the command at ``path`` may leave its campaign out: its first argument is the
    campaign (``chronique use`` itself names one, never the default)."""
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    return path != ("use",) and bool(arguments) and arguments[0].name == "campaign"
