"""``chronique campaign``: create, list and show campaigns; show and change their settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from chronique.cli import bounds, render
from chronique.cli.context import run
from chronique.domain.rulesets.registry import PACKAGES
from chronique.domain.rulesets.words import epoch_name
from chronique.domain.text import plural, to_type

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique
    from chronique.domain.campaign import Campaign
    from chronique.domain.rulesets.options import Setting
    from chronique.domain.world import World

app = typer.Typer(help="Create, list and show campaigns; show and change their settings.", no_args_is_help=True)


@app.command("new")
def new(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="The campaign's name, e.g. “Shotgun City”."),
    ruleset: str = typer.Option(..., "--ruleset", help=f"The game: {', '.join(PACKAGES)}."),
    start: str = typer.Option(
        None,
        "--start",
        callback=bounds.game_date,
        # Each game's ``gregorian`` says which calendar it runs on; the games are named here so that
        # the help imports none of them (issue 20), and a test holds the names to the games' own.
        # Examples to type in backticks (ruling EB46, EB51).
        help="In-game start: `Day 1 08:00` for a game that counts days (Cartes, Elor and MicroFudge CECJ), "
        "or a date (`1873-04-12 08:00`) for a game on the real calendar (Western Parade).",
    ),
) -> None:
    """Create a campaign and commit to the seed of its first chance epoch."""
    campaign = run(ctx, lambda s: s.create_campaign(name, ruleset, start))
    render.campaign_created(campaign)


def title(game: str) -> str:
    """A game as players write it ("MicroFudge CECJ"): its ruleset's ``title`` (ruling PL1), never
    the registry's key; a game this version does not know keeps its key."""
    from chronique.domain.rulesets import KNOWN, ruleset

    return ruleset(game).title if game in KNOWN else game


@app.command("list")
def list_(ctx: typer.Context, as_json: bool = typer.Option(False, "--json", help="Output JSON.")) -> None:
    """List the journal's campaigns."""
    run(ctx, lambda s: render.campaigns_json(s, s.campaigns()) if as_json else _campaigns(s, s.campaigns()))


def _campaigns(services: Chronique, items: list[Campaign]) -> None:
    """The campaigns as a table, each game by its title (the JSON keeps the ruleset's key); a
    journal with none says so and how to begin, rather than print a table's empty frame."""
    if not items:
        # What to type in backticks, as typed where it is printed (rulings EB35, SL13, SL14).
        typer.echo(f"no campaign yet: {to_type('campaign new NAME --ruleset GAME')} creates one (GAME one of {', '.join(PACKAGES)})")
        return
    table = render.new_table("Campaign", "Game", "Sessions", "Clock", "Id")
    for c in items:
        sessions = str(c.session) + (" (open)" if c.in_session else "")
        table.add_row(c.name, title(c.ruleset), sessions, services.calendar(c).format(c.clock), str(c.id))
    render.console().print(table)


@app.command("show")
def show(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    as_json: bool = typer.Option(False, "--json", help="Output JSON."),
    gm: bool = typer.Option(False, "--gm", help="The GM's view: each character's state with hidden rolls in full."),
) -> None:
    """Show a campaign: clock, sessions, epochs, characters (each with its state: dead, out of the fight...) and seals."""

    def show_it(s: Chronique) -> None:
        from chronique.adapters.sheets import character_states

        # Each character's state as its sheet reads it, for players unless --gm: a death a hidden
        # roll dealt waits for its reveal here too, as on the sheet and the web page (ruling FP9).
        world = s.world_read(campaign) if gm else s.world_for_players(campaign)
        states = {character.name: state for character, state in character_states(world, gm)}
        render.campaign_json(s, world, states) if as_json else _campaign(s, world, states)

    run(ctx, show_it)


def _campaign(services: Chronique, world: World, states: dict[str, str]) -> None:
    """One campaign in words, its game by its title: clock, sessions, epochs, members (a state
    other than standing said after the name: "Bruno (dead)") and seals."""
    from rich.markup import escape

    c = world.campaign
    out = render.console()
    out.print(f"[bold]{escape(c.name)}[/bold] — {title(c.ruleset)}, {services.calendar(c).format(c.clock)}")
    state = f"session {c.session} open" if c.in_session else f"{plural(c.session, 'session')} played, downtime"
    out.print(f"{state}; the dice of {epoch_name(c.epoch)} committed (commitment {c.epochs[c.epoch]['commitment'][:16]}…)")
    # "standing" is every game's word for a character with nothing to say (domain/sheetview.py).
    named = [name if state == "standing" else f"{name} ({state})" for name, state in states.items()]
    out.print(f"characters: {escape(', '.join(named)) or 'none yet'}")
    for seal in c.seals:
        when = "start" if seal["boundary"] == "session-start" else "end"
        out.print(f"seal at the {when} of session {seal['session']}: {seal['seal']}")


def _settings_help() -> str:
    """Every game's settings, for ``campaign set --help``: each key with the values it takes (the
    games' settings tables only: the rules load when a command runs, issue 9)."""
    from importlib import import_module

    from chronique.domain.rulesets.registry import module
    from chronique.domain.spine_settings import SPINE_SETTINGS

    def offered(schema: tuple[Setting, ...]) -> str:
        return ", ".join(f"{s.key} ({' | '.join(s.typed(c.value) for c in s.choices)})" for s in schema) or "none"

    lines = [f"every game: {offered(SPINE_SETTINGS)}."]
    for game in PACKAGES:
        lines.append(f"{game}: {offered(import_module(module(game, 'settings')).SETTINGS)}.")
    return "\n\n".join(lines)


@app.command("settings")
def settings(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    as_json: bool = typer.Option(False, "--json", help="Output JSON."),
) -> None:
    """Show the campaign's settings: each option its rulebook offers, its value, what it may be and what the rulebook says."""
    run(ctx, lambda s: render_settings(s.campaign(campaign), as_json))


def render_settings(campaign: Campaign, as_json: bool) -> None:
    """The settings of ``campaign``, in words (a table) or as JSON (one object per setting)."""
    from rich.text import Text

    from chronique.domain.rulesets import ruleset
    from chronique.domain.spine_settings import schema_of

    rules = ruleset(campaign.ruleset)
    schema = schema_of(rules.settings_schema())
    rows = [
        {
            "key": s.key,
            "title": s.title,
            "value": campaign.settings.get(s.key, s.default),
            "default": s.default,
            "choices": [{"value": c.value, "words": c.words} for c in s.choices],
            "rulebook": s.rulebook,
        }
        for s in schema
    ]
    if as_json:
        render.emit_json({"campaign": campaign.name, "ruleset": campaign.ruleset, "settings": rows})
        return
    if not schema:
        typer.echo(f"{campaign.name}: {rules.title} offers no setting to change during a campaign.")
        return
    table = render.new_table("Setting", "Now", "May be", "The rulebook")
    for s, row in zip(schema, rows, strict=True):
        now = s.shown(row["value"]) + (" (default)" if row["value"] == s.default else "")
        offered = "\n".join(s.offered(c) for c in s.choices)
        table.add_row(Text.assemble(s.title, "\n", (s.key, "dim")), now, offered, s.rulebook)
    render.console().print(table)


@app.command(
    "set",
    help="Change one of the campaign's settings: KEY is a setting of its game, VALUE one it may take "
    "(`chronique campaign settings CAMPAIGN` lists them with the rulebook's words). The change is recorded "
    "and the rules read it from then on.\n\n" + _settings_help(),
)
def set_(
    ctx: typer.Context,
    campaign: str = typer.Argument(..., help="Campaign name or id."),
    key: str = typer.Argument(..., help="The setting, e.g. healing."),
    value: str = typer.Argument(..., help="Its new value, e.g. hollywood, on or off."),
) -> None:
    from chronique.domain.rulesets import ruleset
    from chronique.domain.rulesets.options import setting_named
    from chronique.domain.spine_settings import schema_of

    def change(world: World) -> tuple[Setting, bool]:
        rules = ruleset(world.campaign.ruleset)
        setting = setting_named(schema_of(rules.settings_schema()), key, rules.title)
        return setting, world.campaign.change_setting(setting, value)

    def set_it(s: Chronique) -> tuple[Campaign, Setting, bool]:
        setting, recorded = s.act(campaign, change)
        return s.campaign(campaign), setting, recorded

    changed, setting, recorded = run(ctx, set_it)
    now = setting.shown(changed.settings.get(setting.key, setting.default))
    if recorded:
        typer.echo(f"{changed.name}: {setting.title} is now {now}.")
    else:
        typer.echo(f"{changed.name}: {setting.title} is already {now}; nothing recorded.")
