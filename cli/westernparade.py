"""``chronique western-parade``: the Western Parade table — skill and characteristic rolls,
duels, detection, shots and melee blows. Characters come in through ``chronique character new
--sheet wp_sam.toml``. Rules live in chronique.domain.rulesets.westernparade."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from chronique.cli import bounds
from chronique.cli.context import fail, run
from chronique.cli.told import Told, named
from chronique.cli.westernparade_body import MODIFIERS, as_logged, body_app
from chronique.cli.westernparade_body import modifiers as _modifiers
from chronique.cli.westernparade_downtime import downtime_app
from chronique.domain.rulesets.westernparade import limits
from chronique.domain.text import quoted

# The ranges of this game's numbers (domain/rulesets/westernparade/limits.py, issue 18).
PERCENT_RANGE = bounds.symmetric(limits.PERCENT)

if TYPE_CHECKING:
    from chronique.domain.rulesets.westernparade.combat import Reload
    from chronique.domain.rulesets.westernparade.play import Check, Opposition, Shot, Struck
    from chronique.domain.rulesets.westernparade.resolution import RollOutcome
    from chronique.domain.world import World

app = typer.Typer(help="Western Parade (d100 western): rolls, duels, shots, blows, wounds, training.", no_args_is_help=True)
# The body over time and the downtime orders are commands of their own modules, in this one sub-app.
app.add_typer(body_app, name="body")
app.add_typer(downtime_app, name="downtime")

CAMPAIGN = typer.Argument(..., help="Campaign name or id.")
CHARACTER = typer.Argument(..., help="Character name.")
SKILL = typer.Option(None, "--skill", "-s", help="The skill rolled under (e.g. 'Armes de poing').")
CHARACTERISTIC = typer.Option(None, "--characteristic", "-c", help="The characteristic rolled under (FOR, END... VIT, REP).")


def _bounded_difficulty(param: typer.CallbackParam, value: str | None) -> str | None:
    """A difficulty step by name, or a number of BD5's scale (±200 %, the tables run from -90 % to
    +50 %): ``-d 99999`` made a chance of 100,055 % that the luck statistics could not read."""
    text = (value or "").strip()
    if text.lstrip("+-").isdigit():
        bounds.symmetric(limits.PERCENT)(param, int(text))
    return value


DIFFICULTY = typer.Option(
    "normal",
    "--difficulty",
    "-d",
    callback=_bounded_difficulty,
    help=f"very-easy, easy, normal, difficult, very-difficult, impossible, or a number (-{limits.PERCENT}..{limits.PERCENT}).",
)
REASON = typer.Option("", "--reason", callback=bounds.trimmed, help="Why: shown in the log.")


def _check(skill: str | None, characteristic: str | None, difficulty: str, modifiers: list[str] | None, reason: str, **more: bool) -> Check:
    from chronique.domain.rulesets.westernparade.play import Check

    if (skill is None) == (characteristic is None):
        raise fail("roll under `--skill` or under `--characteristic` (one of them)")
    return Check(skill, characteristic, difficulty, _modifiers(modifiers), reason, **more)


def _aftermath(world: World) -> list[str]:
    """What the command's rolls did beyond themselves, one line each in the log's words, said at
    the table and not only in the log: each wound dealt (§3.2: its gravity, the PH lost at once, a
    knock-out), right under the hit, and anything else the body recorded, such as the roll a bullet
    entering the head brings at once (§3.2.7.3 L1997), as the log says it (ruling WD13), followed
    by what that roll makes of the bullet, which the log does not say; then each improvement roll
    a success earned (§2.4.7, §2.5)."""
    from chronique.domain.rulesets.westernparade.body_events import BodyEvent, HeadBulletRolled, WoundTaken
    from chronique.domain.rulesets.westernparade.describe import improvement_earned, wound_done
    from chronique.domain.rulesets.westernparade.downtime_events import ImprovementGranted
    from chronique.domain.rulesets.westernparade.report import head_bullet_words

    body: list[str] = []
    for name, e in world.recorded_by(BodyEvent):
        # The hit's own line already says where and how hard: the wound's says what it did.
        body += [f"{name}: {wound_done(e)}"] if isinstance(e, WoundTaken) else as_logged(world, [e])
        if isinstance(e, HeadBulletRolled):
            body.append(head_bullet_words(name, e.status))
    return body + [f"{name} {improvement_earned(e)}" for name, e in world.recorded_by(ImprovementGranted)]


def describe(outcome: RollOutcome) -> str:
    """One line: the chance and its terms, the faces, the quality in Table 2.1's words (ruling
    WA16), as the log says it (one describer for both)."""
    from chronique.domain.rulesets.westernparade.describe import roll

    return roll(outcome.to_dict())


@app.command("roll")
def roll_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    skill: str = SKILL,
    characteristic: str = CHARACTERISTIC,
    difficulty: str = DIFFICULTY,
    modifier: list[str] = MODIFIERS,
    reason: str = REASON,
    insist: bool = typer.Option(False, "--insist", help="Attempt the impossible (< 5%): a luck roll decides how badly it fails."),
    hidden: bool = typer.Option(False, "--hidden", help="A secret GM roll: sealed until its epoch is revealed."),
) -> None:
    """Roll an open-ended d100 under a skill or a characteristic (jX); qualities of Table 2.1."""
    from chronique.domain.rulesets.westernparade.play import check

    spec = _check(skill, characteristic, difficulty, modifier, reason, insist=insist, hidden=hidden)

    def act(world: World) -> tuple[str, Told[RollOutcome, list[str]]]:
        return named(world, character), Told(check(world, character, spec), _aftermath(world))

    name, told = run(ctx, lambda s: s.act(campaign, act))
    typer.echo(f"{name}: {describe(told.result)}")
    _say(told.words)


@app.command("oppose")
def oppose_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    first: str = typer.Argument(..., help="The first character."),
    second: str = typer.Argument(..., help="The opponent."),
    skill: str = SKILL,
    characteristic: str = CHARACTERISTIC,
    difficulty: str = DIFFICULTY,
    their_skill: str = typer.Option(None, "--their-skill", help="The opponent's skill (default: the same roll)."),
    their_characteristic: str = typer.Option(None, "--their-characteristic", help="The opponent's characteristic."),
    their_difficulty: str = typer.Option(
        "normal", "--their-difficulty", callback=_bounded_difficulty, help="The opponent's difficulty step (as --difficulty)."
    ),
    detection: bool = typer.Option(False, "--detection", help="A detection: the first conceals, the second seeks (§2.2.2)."),
) -> None:
    """A duel (better quality wins, §2.2.1) or, with --detection, a concealment against a search."""
    from chronique.domain.rulesets.westernparade.play import detect, oppose

    mine = _check(skill, characteristic, difficulty, None, f"against {second}")
    same = their_skill is None and their_characteristic is None
    theirs = _check(
        skill if same else their_skill, characteristic if same else their_characteristic, their_difficulty, None, f"against {first}"
    )
    decide = detect if detection else oppose

    def act(world: World) -> tuple[str, str, Told[Opposition, list[str]]]:
        return named(world, first), named(world, second), Told(decide(world, first, mine, second, theirs), _aftermath(world))

    one, other, told = run(ctx, lambda s: s.act(campaign, act))
    result = told.result
    typer.echo(f"{one}: {describe(result.first)}")
    typer.echo(f"{other}: {describe(result.second) if result.second else 'no roll needed'}")
    # §2.2.1: the better quality wins a duel; §2.2.2: a detection finds the concealer or not.
    said = {
        "won": f"{one} wins the duel",
        "lost": f"{other} wins the duel",
        "deadlock": "a deadlock: neither wins the duel",
        "detected": f"{other} finds {one} out",
        "undetected": f"{one} goes unnoticed by {other}",
    }
    typer.echo(said[result.result])
    _say(told.words)


@app.command("shoot")
def shoot_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    shooter: str = typer.Argument(..., help="The shooter."),
    target: str = typer.Argument(..., help="The target."),
    weapon: str = typer.Option(..., "--weapon", "-w", help="The firearm (carried, from the sheet)."),
    distance: int = typer.Option(..., "--distance", callback=bounds.within(0, limits.DISTANCE), help="Distance to the target in metres."),
    aim: str = typer.Option("none", "--aim", help="none, upper, lower, or a precise target (head, torso, left-arm, heart...)."),
    shooter_moving: str = typer.Option("still", "--moving", help="The shooter: still, walk, crawl, zigzag, run, trot, gallop."),
    target_moving: str = typer.Option("still", "--target-moving", help="The target: still, walk, crawl, zigzag, run, trot, gallop."),
    toward: bool = typer.Option(False, "--toward", help="Moving toward each other: movement maluses halved."),
    posture: str = typer.Option("standing", "--posture", help="The target: standing, kneeling, prone."),
    cover: str = typer.Option("none", "--cover", help="The target's cover: none, quarter (25-50%), half (51-75%), full (76%+)."),
    aimed: bool = typer.Option(False, "--aimed", help="An action spent aiming (+20%)."),
    braced: bool = typer.Option(False, "--braced", help="Weapon braced (+10%)."),
    wrong_hand: bool = typer.Option(False, "--wrong-hand", help="Firing with the wrong hand (-20%)."),
    one_hand: bool = typer.Option(False, "--one-hand", help="Firing one-handed (the weapon's one-hand strength applies)."),
    modifier: list[str] = MODIFIERS,
    d100: bool = typer.Option(False, "--d100", help="Roll the general location on d100 instead of d30."),
    bystander: str = typer.Option(
        None, "--bystander", help="Who stands in the path of a bullet that misses: it hits them (§3.3.1, Table 3.9)."
    ),
    fast: bool = typer.Option(False, "--fast", help="Speed over precision: a rank earlier, -40%, no aimed location (§3.3.4)."),
    rapid: int = typer.Option(
        None,
        "--rapid",
        callback=bounds.within(2, limits.CARTRIDGES),
        help="Rapid fire: this many quick shots, up to the weapon's rate of fire, each -40%, no aimed location (§3.3.5).",
    ),
    cartridge: str = typer.Option(None, "--cartridge", help="A shotgun's cartridge: 4-0, 8-0, 16-0 or 32-0 (§3.6.1.2)."),
    both_barrels: bool = typer.Option(
        False, "--both-barrels", help="A shotgun's two triggers at once: two charges, the second at -25% (§3.6.1.8)."
    ),
) -> None:
    """Fire: to-hit with Tables 3.11-3.20, the location, the damage; the hit wounds the target,
    a stray bullet the bystander in its path. Each shot takes a cartridge out of the gun
    (§3.1.5.5: `western-parade reload` puts them back). A shotgun fires the `--cartridge` it is
    loaded with (§3.6.1), one barrel or `--both-barrels`."""
    from chronique.domain.rulesets.westernparade.combat import ShotSetup, parse_aim
    from chronique.domain.rulesets.westernparade.combat import cartridge as pellets_of
    from chronique.domain.rulesets.westernparade.play import both_barrels as fire_both
    from chronique.domain.rulesets.westernparade.play import rapid_fire, shoot

    situation = _modifiers(modifier)  # refused before the journal is opened
    if fast and rapid is not None:
        raise fail("a shot is fast (§3.3.4) or one of a rapid fire's (§3.3.5), not both: `--fast` or `--rapid`")
    if both_barrels and rapid is not None:
        raise fail("both barrels of a shotgun (§3.6.1.8) are no rapid fire (§3.3.5): `--both-barrels` or `--rapid`")

    def act(world: World) -> tuple[tuple[str, str, str | None], Told[list[Shot], list[str]]]:
        setup = ShotSetup(
            distance_m=distance,
            aim=parse_aim(aim),
            mode="rapid" if rapid is not None else "fast" if fast else "normal",
            shooter_moving=shooter_moving,
            target_moving=target_moving,
            toward=toward,
            posture=posture,
            cover=cover,
            aimed=aimed,
            braced=braced,
            wrong_hand=wrong_hand,
            two_hands=not one_hand,
            extra=situation,
            cartridge=pellets_of(cartridge) if cartridge is not None else None,
        )
        if rapid is not None:
            shots = rapid_fire(world, shooter, target, weapon, rapid, setup, d100, bystander)
        elif both_barrels:
            shots = fire_both(world, shooter, target, weapon, setup, d100)
        else:
            shots = [shoot(world, shooter, target, weapon, setup, d100, bystander)]
        # The people as the journal names them, not as typed ("Doc" is Doc Holloway).
        who = (named(world, shooter), named(world, target), named(world, bystander) if bystander is not None else None)
        return who, Told(shots, _aftermath(world))

    if distance < 0:
        raise fail("the distance is a number of metres, 0 or more")
    (name, aimed_at, in_path), told = run(ctx, lambda s: s.act(campaign, act))
    for number, shot in enumerate(told.result, start=1):
        if rapid is not None:
            typer.echo(f"quick shot {number} of {rapid} (§3.3.5):")
        elif both_barrels:
            typer.echo(f"barrel {number} of 2 (§3.6.1.8):")
        _said_shot(shot, name, aimed_at, in_path)
    if rapid is not None and len(told.result) < rapid:
        typer.echo(f"the rapid fire stops after {len(told.result)} of {rapid} quick shots")
    _say(told.words)


def _said_shot(shot: Shot, shooter: str, target: str, bystander: str | None) -> None:
    """What one shot did, one line each: its roll, then the hit, the explosion or the stray
    bullet, the bystander it hit, the recoil; each person by the name the journal knows them by."""
    from chronique.domain.rulesets.westernparade.describe import charge_words, stray, where

    typer.echo(f"{shooter}: {describe(shot.outcome)}")
    # A hit has its location and damage; a miss its stray direction, unless the gun exploded; a
    # shotgun's charge (§3.6.1) says its pellets in the log's words, a line each.
    if shot.exploded is not None:
        typer.echo(f"the gun explodes in {shooter}'s hands: {shot.exploded.damage} damage to the {where(shot.exploded.location)}")
    elif shot.charge is not None:
        for line in charge_words(shot.charge, target):
            typer.echo(line)
    elif shot.damage is not None and shot.location is not None:
        through = ", passed through" if shot.damage.pass_through else ""
        typer.echo(f"hit {target} in the {where(shot.location)} for {shot.damage.total} damage{through}")
    elif shot.stray is not None:
        typer.echo(f"missed: the bullet goes {stray(shot.stray)}")
    if shot.stray_hit is not None:
        strayed = shot.stray_hit
        extra = f" ({sum(strayed.damage.critical)} of them for the critical failure)" if strayed.damage.critical else ""
        typer.echo(f"the stray bullet hits {bystander} in the {where(strayed.located.location)} for {strayed.damage.total} damage{extra}")
    if shot.recoil is not None:
        kick = shot.recoil
        rolled = f"d100 {kick.roll}" if kick.roll is not None else "no roll"
        harm = f"{kick.damage} damage to the {where(kick.location)}" if kick.damage else "no harm"
        typer.echo(f"recoil of a gun too strong for {shooter} ({kick.chance}%, {rolled}): {harm}")


@app.command("reload")
def reload_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    weapon: str = typer.Option(..., "--weapon", "-w", help="The firearm (carried, from the sheet)."),
    actions: int = typer.Option(
        None,
        "--actions",
        callback=bounds.within(1, limits.RELOAD_ACTIONS),
        help="Actions spent reloading in a fight (default 1; the journal keeps no rounds).",
    ),
    cartridges: int = typer.Option(
        None,
        "--cartridges",
        callback=bounds.within(0, limits.CARTRIDGES),
        help="Cartridges put in (default: as many as the actions allow and the gun holds).",
    ),
    out_of_fight: bool = typer.Option(
        False, "--out-of-fight", help="Out of a fight, taking the minutes it needs (a black-powder gun reloads only so)."
    ),
) -> None:
    """Reload a firearm (§3.1.5.5): per action 1 + mVIT cartridges into a closed gun, 2 + mVIT
    (at least 1) into an open one; a black-powder gun takes minutes: out of a fight only."""
    from chronique.domain.rulesets.westernparade.describe import reloaded_words
    from chronique.domain.rulesets.westernparade.play import reload

    if out_of_fight and actions is not None:
        raise fail("a reload out of a fight takes the minutes it needs, not `--actions`")

    def act(world: World) -> tuple[str, Reload]:
        return named(world, character), reload(world, character, weapon, None if out_of_fight else actions or 1, cartridges)

    name, done = run(ctx, lambda s: s.act(campaign, act))
    typer.echo(f"{name} {reloaded_words(done.weapon, done.cartridges, done.loaded)}")


@app.command("strike")
def strike_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    attacker: str = typer.Argument(..., help="The attacker."),
    target: str = typer.Argument(..., help="The target."),
    weapon: str = typer.Option(..., "--weapon", "-w", help="A carried melee weapon, or punch / kick."),
    column: str = typer.Option(None, "--column", help="slash, thrust or blunt (very close weapons: the d6 decides)."),
    defence: str = typer.Option("none", "--defence", help="none, dodge or parry."),
    defence_skill: str = typer.Option(
        None, "--defence-skill", help="The defender's skill: a dodge Esquive, Culbute or Lutte; a parry Parade or Lutte (§3.1.6)."
    ),
    timing: int = typer.Option(
        0,
        "--timing",
        callback=PERCENT_RANGE,
        help="The defence's timing modifier (§3.1.6: -10 per rank early, +10 per rank held).",
    ),
    modifier: list[str] = MODIFIERS,
) -> None:
    """A melee or bare-handed attack against a defence (Table 3.3); the hit wounds the target."""
    from chronique.domain.rulesets.westernparade.describe import extraordinary_words, table_3_3, where
    from chronique.domain.rulesets.westernparade.play import Blow, strike

    if defence not in ("none", "dodge", "parry"):
        raise fail(f"`--defence` takes `none`, `dodge` or `parry`, not {quoted(defence)}")
    blow = Blow(weapon, column, defence, defence_skill, timing, _modifiers(modifier))

    def act(world: World) -> tuple[str, str, Told[Struck, list[str]]]:
        return named(world, attacker), named(world, target), Told(strike(world, attacker, target, blow), _aftermath(world))

    name, targeted, told = run(ctx, lambda s: s.act(campaign, act))
    struck = told.result
    typer.echo(f"{name}: {describe(struck.attack)}")
    if struck.defence is not None:
        typer.echo(f"{targeted}: {describe(struck.defence)}")
    hit = f"; {targeted} hit in the {where(struck.location)} for {struck.damage}" if struck.location else ""
    if struck.dealt is not None and struck.extraordinary is not None:  # §3.4.5 (ruling WA21), as the log says it
        hit += f"; {extraordinary_words(struck.dealt, struck.attack.total, struck.damage, struck.extraordinary)}"
    typer.echo(f"result: {table_3_3(struck.result)}{hit}")
    _say(told.words)


def _say(lines: list[str]) -> None:
    for line in lines:
        typer.echo(line)


@app.command("attacks")
def attacks_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    as_json: bool = typer.Option(False, "--json", help="Output the canonical events as JSON, as `log --json`."),
) -> None:
    """Shots and blows by or at a character (a bystander in a shot's path too), oldest first, as
    the log words them: the shots and blows alone, where `log --character` also holds his rolls,
    wounds and care (rulings WD18, RM5)."""
    from chronique.adapters.services import LogPage
    from chronique.cli import render
    from chronique.domain.rulesets.westernparade.events import ATTACKS, attack_involves

    def show(s: Any) -> None:
        who = s.world_read(campaign).character(character)
        entries = s.page_log(campaign, LogPage(kinds=ATTACKS))
        events = s.logged(entries)
        kept = [entry for entry, event in zip(entries, events, strict=True) if attack_involves(event, entry.aggregate_id, who)]
        if not kept and not as_json:
            typer.echo(f"no shot or blow by or at {who.name} in the log")
            return
        render.log(s, campaign, kept, as_json)

    run(ctx, show)
