"""``chronique invite``: the GM's invite links to a campaign's pages on the web (issue 16, "Who
sees what"). Each player gets a link of their own, which shows the campaign as that player may
see it; the GM's link (``--gm``) sees all. A link is printed once, when issued, and never again:
the journal keeps only a hash of it (adapters/invites.py).

``chronique invite CAMPAIGN PLAYER`` is short for ``chronique invite new CAMPAIGN PLAYER``: the
group runs ``new`` when its first word is none of its commands (:class:`NewByDefault`)."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import typer
from typer._click.shell_completion import CompletionItem
from typer.core import TyperGroup

from chronique.cli import render
from chronique.cli.context import fail, run
from chronique.domain.text import character_in_words, quoted, to_type

if TYPE_CHECKING:
    from collections.abc import Sequence

    from typer._click.core import Context

    from chronique.adapters.invites import InviteRow
    from chronique.adapters.services import Chronique

# Where `chronique serve` listens unless told otherwise (web/).
DEFAULT_BASE_URL = "http://127.0.0.1:8000"
DEFAULT_COMMAND = "new"


class NewByDefault(TyperGroup):
    """The ``invite`` group: a first word that is none of its commands (a campaign's name, an
    option) is taken as the start of ``new``'s words, so ``chronique invite CAMPAIGN PLAYER`` and
    ``chronique invite new CAMPAIGN PLAYER`` are one command. Completing the first word offers
    the commands and the journal's campaigns, and a player the campaign's players (for ``new``)
    or the holders of its links (for ``revoke``)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for command in self.commands.values():
            for param in command.params:
                if param.name == "player":
                    # Click's own hook, as cli/completion.py sets it: names forgive case and accents,
                    # which Typer's autocompletion (a case-sensitive prefix) would not.
                    param._custom_shell_complete = _players

    def runs(self, first: str, help_names: Sequence[str]) -> str | None:
        """The command the group runs for words that begin with ``first``, when they name none
        themselves: ``new`` for a word that is no command nor a help flag, else None. The shell
        reads it too, to put its campaign in ``invite PLAYER`` (ruling SL15)."""
        return DEFAULT_COMMAND if first not in self.commands and first not in help_names else None

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        """The group's words, with ``new`` put first when the first is no command nor a help flag."""
        if args and self.runs(args[0], ctx.help_option_names):
            args = [DEFAULT_COMMAND, *args]
        return super().parse_args(ctx, args)

    def shell_complete(self, ctx: Context, incomplete: str) -> list[CompletionItem]:
        """The commands, then the campaigns (the first word of ``new``) that start as typed."""
        from chronique.cli.completion import campaigns

        found = super().shell_complete(ctx, incomplete)
        return [*found, *(CompletionItem(name) for name in campaigns(ctx, None, incomplete))]


app = typer.Typer(
    cls=NewByDefault,
    no_args_is_help=True,
    subcommand_metavar="COMMAND [ARGS]... | CAMPAIGN PLAYER",
    help="Give each player a link of their own to the campaign on the web, and the GM one that sees all.\n\n"
    "`chronique invite CAMPAIGN PLAYER` is short for `chronique invite new CAMPAIGN PLAYER`. A link is "
    "printed once and never stored: only its hash is kept. Revoke a player's links with "
    "`chronique invite revoke CAMPAIGN PLAYER`; `chronique invite list CAMPAIGN` shows who holds which.",
)


@dataclass(frozen=True)
class Issued:
    """A link just issued, for the GM to copy: the campaign and the player (as the campaign
    spells them), whether it is the GM's, and the link itself."""

    campaign: str
    player: str
    gm: bool
    link: str


@dataclass(frozen=True)
class Revoked:
    """How many live links of a player a revoke took back."""

    campaign: str
    player: str
    revoked: int


_NOT_IN_AN_ADDRESS = frozenset('"<>\\^`{|}')


def _base_url(param: typer.CallbackParam, value: str | None) -> str | None:
    """An http(s) address of the web server, without query or fragment; no trailing slash."""
    if value is None:
        return value
    try:
        parts = urlsplit(value)
        port_ok = parts.port is None or parts.port > 0
    except ValueError:
        parts, port_ok = None, False
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname or not port_ok or parts.query or parts.fragment:
        raise fail(f"`--base-url` must be the web server's address, such as `{DEFAULT_BASE_URL}`, not {quoted(value, 40)}")
    if any(character.isspace() for character in value):
        raise fail("`--base-url` must be one address, without spaces")
    # The address is printed into links and pages: only what a URL may hold unescaped (RFC 3986).
    odd = next((c for c in value if c in _NOT_IN_AN_ADDRESS or not c.isprintable()), None)
    if odd is not None:
        raise fail(f"`--base-url` must be an address, which never holds {character_in_words(odd)}")
    return value.rstrip("/")


def _players(ctx: Context, param: Any, incomplete: str) -> list[str]:
    """The campaign's players (for ``new``) or the holders of its links (for ``revoke``) that start
    as typed; nothing when the journal cannot be read."""
    from chronique.adapters.bootstrap import build
    from chronique.cli.completion import _matching
    from chronique.domain.players import players_of

    campaign = ctx.params.get("campaign")
    if not campaign:
        return []
    try:
        services = build(ctx.find_root().params.get("db"), create=False)
    except Exception:  # noqa: BLE001 - completion never prints an error into the shell
        return []
    try:
        found = services.campaign(str(campaign))
        names = players_of(found) if ctx.info_name == DEFAULT_COMMAND else sorted({r.player for r in services.invites.list(found.id)})
        return _matching(names, incomplete)
    except Exception:  # noqa: BLE001
        return []
    finally:
        services.close()


def _revoke_hint(campaign: str, player: str) -> str:
    return to_type(f"invite revoke {shlex.quote(campaign)} {shlex.quote(player)}")


@app.command(DEFAULT_COMMAND)
def new(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    player: str = typer.Argument(
        ...,
        help="Who the link is for: one of the campaign's players (named with `chronique character player`), or with --gm the GM's name.",
    ),
    gm: bool = typer.Option(False, "--gm", help="Issue the GM's link, which sees all of the campaign."),
    base_url: str = typer.Option(
        DEFAULT_BASE_URL, "--base-url", callback=_base_url, help="The web server's address, which the link starts with."
    ),
) -> None:
    """Issue a new invite link for a player (or with --gm the GM) and print it, once.

    The link is shown only this once: the journal keeps only its hash. A player may hold several
    links (a phone, a laptop): a new one leaves the older ones valid until
    `chronique invite revoke CAMPAIGN PLAYER` revokes them all. Also `chronique invite CAMPAIGN PLAYER`.
    """

    def issue(services: Chronique) -> Issued:
        found = services.campaign(campaign)
        token = services.invites.issue(found.id, player, gm)
        invite = services.invites.resolve(token)
        assert invite is not None  # issued just now, in its own committed transaction
        return Issued(found.name, invite.player, gm, f"{base_url}/t/{token}/")

    issued = run(ctx, issue)
    whose = "the GM's link, which sees all" if issued.gm else f"{issued.player}'s link, which shows what {issued.player} may see"
    typer.echo(f"invite link to {issued.campaign} for {issued.player} ({whose}):")
    typer.echo(f"  {issued.link}")
    typer.echo(
        "It is shown only this once and cannot be shown again: copy it now. Anyone holding it opens the campaign as "
        f"{'its GM' if issued.gm else issued.player}; {_revoke_hint(issued.campaign, issued.player)} revokes it, "
        f"with every other link to {issued.campaign} issued to {issued.player}."
    )


@app.command("revoke")
def revoke(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    player: str = typer.Argument(..., help="Whose links to revoke: a name a link of the campaign was issued to."),
) -> None:
    """Revoke every live invite link of a player (their GM link too, if the name is theirs): each then opens nothing."""

    def take_back(services: Chronique) -> Revoked:
        found = services.campaign(campaign)
        name = services.invites.holder(found.id, player)
        return Revoked(found.name, name, services.invites.revoke(found.id, name))

    done = run(ctx, take_back)
    if done.revoked == 1:
        typer.echo(f"revoked the link of {done.player} to {done.campaign}: it opens nothing now")
    elif done.revoked:
        typer.echo(f"revoked all {done.revoked} links of {done.player} to {done.campaign}: they open nothing now")
    else:
        typer.echo(f"{done.player} holds no live link to {done.campaign}: every one was revoked already, nothing changed")


@app.command("list")
def list_(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    as_json: bool = typer.Option(False, "--json", help="Output JSON."),
) -> None:
    """List the campaign's invite links, live and revoked: who holds each and when it was issued, never the link itself."""
    run(ctx, lambda s: _listed(s, campaign, as_json))


def _when(moment: datetime) -> str:
    """A moment as a person reads it, in UTC: the minute, never raw seconds."""
    return (moment.astimezone(UTC) if moment.tzinfo else moment).strftime("%Y-%m-%d %H:%M UTC")


def _listed(services: Chronique, campaign: str, as_json: bool) -> None:
    from rich.text import Text

    found = services.campaign(campaign)
    rows: list[InviteRow] = services.invites.list(found.id)
    if as_json:
        render.emit_json(
            [
                {
                    "player": r.player,
                    "gm": r.gm,
                    "issued": r.issued_at.isoformat(),
                    "revoked": None if r.revoked_at is None else r.revoked_at.isoformat(),
                }
                for r in rows
            ]
        )
        return
    if not rows:
        typer.echo(f"no invite link to {found.name} yet: {to_type(f'invite {shlex.quote(found.name)} PLAYER')} issues one")
        return
    table = render.new_table("Holder", "Sees", "Issued", "Now")
    for r in rows:
        sees = "all, as the GM" if r.gm else "what the player may see"
        now = "live" if r.revoked_at is None else f"revoked {_when(r.revoked_at)}"
        # Text: a name is shown as written, never read as Rich markup.
        table.add_row(Text(r.player), sees, _when(r.issued_at), now)
    render.console().print(table)
