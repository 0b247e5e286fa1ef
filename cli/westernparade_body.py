"""``chronique western-parade body``: wounds, bleeding, first aid, care orders (activity level,
who tends which wound), care skills, drinks and efforts, and where a body stands. Rules live in
chronique.domain.rulesets.westernparade (wounds, bleeding, healing, infection, care)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

import typer

from chronique.cli import bounds, render
from chronique.cli.context import fail, run
from chronique.cli.told import Told, named
from chronique.domain.rulesets.westernparade import limits
from chronique.domain.text import quoted

# Every roll's situational modifiers are given one way, LABEL=VALUE (rulings WD17, WB59): `roll`,
# `shoot` and `strike` as the body's first aid, care, pull and amputation.
MODIFIERS = typer.Option(
    None,
    "--modifier",
    "-m",
    help=f"A situational modifier LABEL=VALUE, e.g. darkness=-20, -{limits.PERCENT}..{limits.PERCENT} "
    "(repeatable; the body adds its own terms).",
)


def modifiers(items: list[str] | None) -> dict[str, int]:
    """The ``-m LABEL=VALUE`` modifiers, a label given twice summed; each label's total on BD5's
    scale (±200 %), as every other percentage modifier of the game (``whisky=1000`` made a chance
    the luck statistics could not read). A modifier without its label is refused: the label is the
    term's name in the roll's chance, which "modifier +5" would leave unsaid (WD17, WB59)."""
    out: dict[str, int] = {}
    for item in items or ():
        label, _, value = item.rpartition("=")
        label = label.strip()
        try:
            number = int(value) if label else None
        except ValueError:
            number = None
        if number is None:
            shown = item if len(item) <= 20 else item[:19] + "…"
            raise fail(f"-m takes LABEL=VALUE, a label and a whole number (e.g. -m 'drunk opponent=+60'), not {quoted(shown)}")
        out[label] = out.get(label, 0) + number
    for label, total in out.items():
        if not -limits.PERCENT <= total <= limits.PERCENT:
            shown = label if len(label) <= 20 else label[:19] + "…"
            raise fail(f"the modifier {quoted(shown)} must be between -{limits.PERCENT} and {limits.PERCENT} (got {total:,})")
    return out


if TYPE_CHECKING:
    from chronique.domain.chain import ChainedEvent
    from chronique.domain.world import World

R = TypeVar("R")

body_app = typer.Typer(help="The body over time: wounds, bleeding, first aid, care orders, healing, alcohol.", no_args_is_help=True)

CAMPAIGN = typer.Argument(..., help="Campaign name or id.")
CHARACTER = typer.Argument(..., help="Character name (the patient).")
LOCATION = typer.Argument(..., help="Body location id or French name (head, right-thigh, Cuisse droite...).")


def logged(world: World, use_case: Callable[[], R]) -> Told[R, list[str]]:
    """``use_case``'s result and the log's own words for each event it recorded on a character,
    in the order they happened, each by the name of whom it was recorded on: the roll it made,
    its chance and what it gave (a sobering's END roll, an effort's d100), and what it recorded
    on someone other than the patient (the improvement roll a first-aider earns, §3.2.4 L1870)."""
    before = {id(event) for event in world.pending()}
    result = use_case()
    return Told(result, as_logged(world, [e for e in world.pending() if id(e) not in before]))


def as_logged(world: World, events: Iterable[ChainedEvent]) -> list[str]:
    """The log's own words for each of ``events`` recorded on a character, by the name of whom it
    was recorded on (ruling WD13): what :func:`logged` says, for a command that says some of its
    events in lines of its own (a shot its roll and hit) and the others as the log does."""
    from chronique.domain.rulesets.westernparade.describe import describe

    names = {character.id: character.name for character in world.characters.values()}
    return [f"{names[event.originator_id]}: {describe(event)}" for event in events if event.originator_id in names]


def echo(told: Told[Any, list[str]]) -> None:
    """Print the lines :func:`logged` read off the log, one each."""
    for line in told.words:
        typer.echo(line)


@body_app.command("wound")
def wound_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    location: str = LOCATION,
    damage: int = typer.Argument(
        ..., help="Damage dealt to the location (after armour and cover).", callback=bounds.within(1, limits.DAMAGE)
    ),
    kind: str = typer.Option(
        "bullet",
        "--kind",
        # Ruling WB44: the damage columns of Table 3.21 (slash, thrust, blunt) as a strike records
        # them and the refusals say them; blade for an edged wound whose column is not said.
        callback=bounds.one_of("bullet", "slash", "thrust", "blunt", "blade"),
        help="bullet, slash, thrust, blunt or blade (an edge, its column unsaid): a bullet that stays in must be "
        "extracted; only a thrust impales, an arrow or a javelin is one (§3.4.5).",
    ),
    source: str = typer.Option("", "--source", help="Who or what dealt it (shown in the log)."),
    through: bool = typer.Option(False, "--through", help="The bullet went through and through (+1 PH per round, §3.3.1)."),
    artery: bool = typer.Option(False, "--artery", help="A slash cut an artery: the location's loss is doubled (§3.4.5.1)."),
    check: bool = typer.Option(False, "--check", help="Check unconsciousness (after a failed END roll, §3.2.5)."),
    fracture: bool = typer.Option(
        False,
        "--fracture",
        help="A blunt blow's réussite extraordinaire broke the location (§3.4.5.3): sent to −1 PV, ten times slower to heal; "
        "the head loses 1d4 APP, the throat kills, a broken chest or flank keeps the wounded totally still, the abdomen costs 1 END.",
    ),
    impaled: bool = typer.Option(
        False,
        "--impaled",
        help="With --kind thrust: a thrust's (or an arrow's) réussite extraordinaire impaled the location (§3.4.5.2): 1d6cum more damage; "
        "the weapon stays in, no bleeding while it does, until a surgeon takes it out (care ... Chirurgie).",
    ),
) -> None:
    """Apply a wound to a location: state, blood lost, unconsciousness, critical effects."""
    from chronique.domain.rulesets.westernparade.care import wound
    from chronique.domain.rulesets.westernparade.report import head_bullet_words

    named: list[str] = []  # the patient as his sheet spells him, whatever was typed

    def act(world: World) -> Told[dict[str, Any], list[str]]:
        named.append(world.character(character).name)
        return logged(world, lambda: wound(world, character, location, damage, kind, source, through, artery, check, fracture, impaled))

    # The wound as the log says it (its gravity, the PH lost at once, the unconsciousness roll, a
    # critical effect, beyond saving), then a bullet in the head's roll (§3.2.7.3 L1997).
    told = run(ctx, lambda s: s.act(campaign, act))
    echo(told)
    if told.result["head_bullet"] is not None:
        # What the roll makes of the bullet, in the table's words, which the log does not give.
        typer.echo(head_bullet_words(named[-1], told.result["head_bullet"]))


@body_app.command("press")
def press_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    location: str = LOCATION,
    hands: int = typer.Option(1, "--hands", help="How many of their own hands press on it (0-2; 2 PH each, §3.2.3)."),
    rounds: int = typer.Option(
        1,
        "--rounds",
        help="How many rounds (10 s each) they keep pressing; then their hands let go.",
        callback=bounds.within(1, limits.PRESS_ROUNDS),
    ),
) -> None:
    """The character presses his own hands on a bleeding wound, for a while (§3.2.3: momentarily)."""
    from chronique.domain.gametime import duration_words
    from chronique.domain.rulesets.westernparade.bleeding import ROUND
    from chronique.domain.rulesets.westernparade.care import press
    from chronique.domain.rulesets.westernparade.describe import where
    from chronique.domain.rulesets.westernparade.tables import location as find_location

    def act(world: World) -> Told[None, str]:
        # The presser as his sheet spells him, whatever was typed.
        press(world, character, location, hands, rounds)
        return Told(None, named(world, character))

    told = run(ctx, lambda s: s.act(campaign, act))
    pressed = where(find_location(location).key)
    if hands:
        typer.echo(f"{told.words} presses {hands} hand{'s' if hands > 1 else ''} on the {pressed} for {duration_words(rounds * ROUND)}")
    else:
        typer.echo(f"{told.words} lets go of the {pressed}")


@body_app.command("first-aid")
def first_aid_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    location: str = LOCATION,
    by: str = typer.Option(..., "--by", help="Who gives first aid (rolls Premiers soins)."),
    modifier: list[str] = typer.Option(
        None,
        "--modifier",
        "-m",
        help="A situational modifier to the normal chance LABEL=VALUE, e.g. unreachable=-25 (out of reach, no material...; repeatable).",
    ),
) -> None:
    """Try to stop a location's bleeding: one Premiers soins roll, six outcomes (§3.2.4)."""
    from chronique.domain.rulesets.westernparade.body_events import FirstAidGiven
    from chronique.domain.rulesets.westernparade.care import aid

    situation = modifiers(modifier)  # refused before the journal is opened

    def act(world: World) -> Told[FirstAidGiven, list[str]]:
        def give() -> FirstAidGiven:
            aid(world, character, location, by, situation)
            return world.recorded_last(character, FirstAidGiven)

        return logged(world, give)

    # The roll and what it stopped, then, on a critical success, the first-aider's improvement roll.
    echo(run(ctx, lambda s: s.act(campaign, act)))


@body_app.command("activity")
def activity_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    level: str = typer.Argument(..., help="bed, moderate or active (PH back per 1, 2 or 4 hours; healing needs rest)."),
) -> None:
    """Care order: set the character's activity level from now on."""
    from chronique.domain.rulesets.westernparade.care import order_activity
    from chronique.domain.rulesets.westernparade.describe import activity_ordered

    told = run(ctx, lambda s: s.act(campaign, lambda w: Told(order_activity(w, character, level), named(w, character))))
    forced = told.result
    if forced is None or level == "bed":
        typer.echo(f"{told.words}: {activity_ordered(level)}")
    else:
        # §6.18.2 L5138, §3.2.9.3: the order is kept for when nothing keeps him in bed any more.
        typer.echo(f"{told.words}: {activity_ordered(level)} once bed rest is no longer forced; for now {forced}")


@body_app.command("tend")
def tend_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    location: str = LOCATION,
    by: str = typer.Option(None, "--by", help="Who tends the wound (omit to stop tending it)."),
    skill: str = typer.Option("Bandages", "--skill", help="The care skill used (Bandages, Nettoyage d'une blessure, Chirurgie...)."),
) -> None:
    """Care order: who tends which wound with which skill (a tended wound does not fester once no
    bullet is left in it, ruling WB15)."""
    from chronique.domain.rulesets.westernparade.care import order_tending
    from chronique.domain.rulesets.westernparade.describe import where

    # The order as recorded: each name as the sheets spell it, the skill as the list does.
    tended = run(ctx, lambda s: s.act(campaign, lambda w: order_tending(w, character, location, by, skill if by else None)))
    tending = f"tended by {tended.by} ({tended.skill})" if tended.by is not None else "untended"
    typer.echo(f"{tended.patient}'s {where(tended.location)}: {tending}")


@body_app.command("care")
def care_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    location: str = LOCATION,
    skill: str = typer.Argument(
        ..., help="Bandages, Extraction de balle, Nettoyage d'une blessure, Cautérisation, or Chirurgie to take out an impaling weapon."
    ),
    by: str = typer.Option(..., "--by", help="Who uses the skill."),
    modifier: list[str] = MODIFIERS,
) -> None:
    """Use a care skill on a wound: bandage, extract a bullet, clean or cauterise it, take out a lodged weapon."""
    from chronique.domain.rulesets.westernparade.care import body_now, care, env
    from chronique.domain.rulesets.westernparade.report import location_words

    situation = modifiers(modifier)  # refused before the journal is opened

    def act(world: World) -> Told[dict[str, Any], list[str]]:
        # What the care did, and the location as it stands after it (it may be healed and gone):
        # the outcome --json prints (cli/jsonout.py).
        def give() -> dict[str, Any]:
            out = care(world, character, location, by, skill, situation)
            patient = world.character(character)
            body, where = body_now(world, patient), str(out["location"])
            wound = body["wounds"].get(where)
            now = location_words(wound, where, env(world, patient), world.campaign.clock, not body["unconscious"]) if wound else ""
            return out | {"now": now}

        return logged(world, give)

    # The roll, its chance and what it did as the log says it; then the location now, which it does not.
    told = run(ctx, lambda s: s.act(campaign, act))
    echo(told)
    if told.result["now"]:
        typer.echo(f"  {told.result['now']}")


@body_app.command("pull")
def pull_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    location: str = LOCATION,
    by: str = typer.Option(..., "--by", help="Who pulls on the weapon (a FOR roll, one action)."),
    first_aid_by: str | None = typer.Option(
        None, "--first-aid-by", help="Who makes the difficult Premiers soins roll that halves the damage of tearing it out."
    ),
    modifier: list[str] = typer.Option(
        None, "--modifier", "-m", help="A situational modifier to the FOR roll LABEL=VALUE, e.g. slippery=-10 (repeatable)."
    ),
    resisted: bool = typer.Option(
        False, "--resisted", help="The wounded grip the weapon and oppose the pull with their own FOR (their wounds' penalties count)."
    ),
    weapon: str | None = typer.Option(
        None, "--weapon", help="With --resisted: the weapon gripped; a sharp one cuts each hand for half its slash damage."
    ),
) -> None:
    """Pull an impaling weapon out by force (§3.4.5.2): a failed FOR roll deals 1 damage; out, 1d6cum more, bleeding double."""
    from chronique.domain.rulesets.westernparade.care import pull_out

    situation = modifiers(modifier)  # refused before the journal is opened

    def act(world: World) -> Told[dict[str, Any], list[str]]:
        return logged(world, lambda: pull_out(world, character, location, by, first_aid_by, situation, resisted, weapon))

    # The pull as the log says it, then the wound gripping a sharp weapon cut into each hand.
    echo(run(ctx, lambda s: s.act(campaign, act)))


@body_app.command("amputate")
def amputate_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    location: str = LOCATION,
    by: str = typer.Option(..., "--by", help="The surgeon (rolls Amputation)."),
    modifier: list[str] = typer.Option(
        None, "--modifier", "-m", help="A situational modifier to the surgeon's chance LABEL=VALUE, e.g. darkness=-20 (repeatable)."
    ),
) -> None:
    """Amputate a location (§6.18.1): the surgeon's Amputation roll, then the patient's END roll."""
    from chronique.domain.rulesets.westernparade.care import amputate

    situation = modifiers(modifier)  # refused before the journal is opened

    # Both rolls, as the log gives them: the surgeon's, then the patient's END roll that decides
    # whether he lives (§6.18.1 L5127), and what came of it.
    echo(run(ctx, lambda s: s.act(campaign, lambda w: logged(w, lambda: amputate(w, character, location, by, situation)))))


@body_app.command("out-of-action")
def out_of_action_cmd(ctx: typer.Context, campaign: str = CAMPAIGN, character: str = CHARACTER, location: str = LOCATION) -> None:
    """In a fight, what the wound just taken in LOCATION does to his actions (§3.2.5): the END roll
    it calls for at once, the actions he loses, whether he must roll END again before he acts."""
    from chronique.domain.rulesets.westernparade.care import put_out_of_action

    echo(run(ctx, lambda s: s.act(campaign, lambda w: logged(w, lambda: put_out_of_action(w, character, location)))))


@body_app.command("rally")
def rally_cmd(ctx: typer.Context, campaign: str = CAMPAIGN, character: str = CHARACTER) -> None:
    """The END roll to act again of a character put out of action (§3.2.5): at the rank he may
    act again, and again at each of his ranks while he fails it."""
    from chronique.domain.rulesets.westernparade.care import rally_roll

    echo(run(ctx, lambda s: s.act(campaign, lambda w: logged(w, lambda: rally_roll(w, character)))))


@body_app.command("head-bullet")
def head_bullet_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    use: str = typer.Option(None, "--use", help="The victim's choice: END or CHC (§3.2.7.3); default the better."),
) -> None:
    """The victim of a bullet in the head rolls END or CHC again, as the GM calls it (§3.2.7.3);
    the roll as the bullet enters comes with the wound itself, the CHC roll after a failed first
    extraction of a removable bullet with that extraction (L2001)."""
    from chronique.domain.rulesets.westernparade.care import head_bullet_entry

    choice = use.upper() if use else None
    echo(run(ctx, lambda s: s.act(campaign, lambda w: logged(w, lambda: head_bullet_entry(w, character, choice)))))


@body_app.command("drink")
def drink_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    units: float = typer.Argument(
        ...,
        help="Units drunk (1 = 1 dl whisky, 2 dl of 20°, 5 dl beer).",
        callback=bounds.amount_between(0, limits.DRINK_UNITS, "units"),
    ),
) -> None:
    """The character drinks: units add up, stages follow Table 4.1, and wear off hour by hour."""
    from chronique.domain.rulesets.westernparade.care import drink

    # A drink that brings on the ethylic coma says its two END rolls too (§4.1.3).
    echo(run(ctx, lambda s: s.act(campaign, lambda w: logged(w, lambda: drink(w, character, round(units * 10))))))


@body_app.command("sober")
def sober_cmd(ctx: typer.Context, campaign: str = CAMPAIGN, character: str = CHARACTER) -> None:
    """An emergency sobers the drinker: a difficult END roll for one stage better for END rounds (§4.1.3)."""
    from chronique.domain.rulesets.westernparade.care import sober_up

    echo(run(ctx, lambda s: s.act(campaign, lambda w: logged(w, lambda: sober_up(w, character)))))


@body_app.command("effort")
def effort_cmd(ctx: typer.Context, campaign: str = CAMPAIGN, character: str = CHARACTER, location: str = LOCATION) -> None:
    """A violent effort with a wounded location while convalescent: does the wound reopen?"""
    from chronique.domain.rulesets.westernparade.care import effort

    echo(run(ctx, lambda s: s.act(campaign, lambda w: logged(w, lambda: effort(w, character, location)))))


@body_app.command("status")
def status_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    as_json: bool = typer.Option(False, "--json", help="Output the body's record as JSON instead of words."),
) -> None:
    """Where the character's body stands now: per location the wound, PV left, what it bleeds and
    what stops it; blood, consciousness, drink."""
    from chronique.domain.rulesets.westernparade.care import body_now, env
    from chronique.domain.rulesets.westernparade.report import body_lines

    def look(world: World) -> tuple[dict[str, Any], list[str]]:
        patient = world.character(character)
        body = body_now(world, patient)
        return body, body_lines(patient.name, body, env(world, patient), world.campaign.clock)

    body, lines = run(ctx, lambda s: s.act(campaign, look))
    if as_json:
        render.emit_plain(body)
        return
    for line in lines:
        typer.echo(line)
