"""``chronique elor``: the Elor table — tests, oppositions, scenes, attacks, damage, long
actions, effort, healing and progression. Rules live in chronique.domain.rulesets.elor."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import typer

from chronique.cli import bounds, render
from chronique.cli.context import fail, run, typed_options
from chronique.cli.told import Told, named
from chronique.domain.rulesets.elor import limits
from chronique.domain.text import plural

# The ranges of this game's numbers (domain/rulesets/elor/limits.py, issue 18).
DEGREES_RANGE = bounds.within(0, limits.DEGREES)
EFFORT_RANGE = bounds.within(0, limits.EFFORT)
MODIFIER_RANGE = bounds.symmetric(limits.MODIFIER)
RISK_RANGE = bounds.within(0, limits.RISK)
# Ruling E66: a blow of 0 adds nothing to a location (§Application des dommages step 3, "si elle
# est supérieure à 0"): the GM's damage is refused before its location is rolled, as Cartes's.
DAMAGE_RANGE = bounds.within(1, limits.DAMAGE)

if TYPE_CHECKING:
    from chronique.domain.rulesets.elor.combat import Exchange, RangedShot
    from chronique.domain.rulesets.elor.play import AttackResult, Opposition, TestSpec
    from chronique.domain.rulesets.elor.resolution import Reaction, TestOutcome
    from chronique.domain.world import World

app = typer.Typer(help="Elor (generic d10): action tests, combat, long actions, healing, progression.", no_args_is_help=True)
scene_app = typer.Typer(help="Action scenes: 6-second sequences ordered by action points.", no_args_is_help=True)
long_app = typer.Typer(help="Long actions and collaborations: degrees accumulated, one test per time unit.", no_args_is_help=True)
xp_app = typer.Typer(help="Experience and progression (PROPOSAL §5.5).", no_args_is_help=True)
downtime_app = typer.Typer(help="Downtime orders: training in a profession with a teacher (PROPOSAL §5.5).", no_args_is_help=True)
app.add_typer(scene_app, name="scene")
app.add_typer(long_app, name="long-action")
app.add_typer(xp_app, name="xp")
app.add_typer(downtime_app, name="downtime")

CAMPAIGN = typer.Argument(..., help="Campaign name or id.")
CHARACTER = typer.Argument(..., help="Character name.")
FACULTY = typer.Option("Coordination", "--faculty", "-f", help="Faculty: Physique, Coordination, Esprit, Mental (or P, C, E, M).")
PROFESSION = typer.Option(None, "--profession", "-p", help="The profession that applies, if any.")
APPLIES = typer.Option("full", "--applies", help="How far the profession applies: full, partial (half level) or none.")
FAMILIARITY = typer.Option(None, "--familiarity", help="The familiarity the activity needs (lacking it halves the profession).")
ATTRIBUTES = typer.Option(None, "--attribute", help="A circumstantial attribute that applies (repeatable).")
PROWESS = typer.Option(0, "--prowess", callback=MODIFIER_RANGE, help="A prowess's effect on the level (GM).")
DIFFICULTY = typer.Option(0, "--difficulty", "-d", callback=MODIFIER_RANGE, help="The GM's difficulty modifier (negative is harder).")
EFFORT = typer.Option(0, "--effort", "-e", callback=EFFORT_RANGE, help="Effort points invested: one more die each.")
REASON = typer.Option("", "--reason", callback=bounds.trimmed, help="Why: shown in the log.")
# PROPOSAL §4.2 (ruling E16): an unusable or destroyed leg gives -2 to movement tests, as it does to dodges.
MOVEMENT = typer.Option(
    False,
    "--movement",
    help="A movement test (running, jumping, climbing...): each unusable or destroyed leg takes 2 off the level, as for a dodge.",
)
# §Humains: a location as the sheet's body names it (its stored key, "left-arm", is taken too).
LOCATION_WORDS = "as the sheet names it (Tête, Torse, Bras gauche...)"


ENTRANT = (
    "NAME, NAME:EFFORT:DIFFICULTY, or NAME,faculty=P,profession=Guerrier,applies=partial,familiarity=Épées,difficulty=-1,effort=1"
    ",movement=yes (any of these; movement=yes makes it a movement test, movement=no not)"
)
_ENTRANT_KEYS = {"faculty": "faculty", "f": "faculty", "profession": "profession", "p": "profession", "applies": "applies"}
_ENTRANT_KEYS |= {"familiarity": "familiarity", "difficulty": "difficulty", "d": "difficulty", "effort": "effort", "e": "effort"}
_ENTRANT_KEYS |= {"movement": "movement"}
# An entrant's yes/no answers (movement=yes): a word the GM types, never a Python literal.
_YES_NO = {"yes": True, "y": True, "true": True, "no": False, "n": False, "false": False}


def _spec(
    faculty: str,
    profession: str | None,
    applies: str,
    familiarity: str | None,
    attributes: list[str] | None,
    prowess: int,
    difficulty: int,
    effort: int,
    purpose: str = "",
    fine: bool = False,
    hidden: bool = False,
    movement: bool = False,
) -> TestSpec:
    from chronique.domain.rulesets.elor.play import TestSpec
    from chronique.domain.text import quoted

    if applies not in ("full", "partial", "none"):
        raise fail(f"`--applies` takes `full`, `partial` or `none`, not {quoted(applies)}")
    return TestSpec(
        faculty=faculty,
        profession=profession,
        applies=applies,
        familiarity=familiarity,
        attributes=tuple(attributes or ()),
        prowess=prowess,
        difficulty=difficulty,
        effort=effort,
        purpose=purpose,
        fine=fine,
        hidden=hidden,
        movement=movement,
    )


def describe(outcome: TestOutcome, made_of: str = "", asked: int = 0, ticked: str | None = None) -> str:
    """One line: level (and what it adds up from, when ``made_of`` says it), dice and what
    discards made of them, degrees, as the log says it; on a certain failure, that the ``asked``
    effort was not spent (ruling E116); and the profession the test ``ticked`` for natural
    progression, if it did (ruling E121)."""
    from chronique.domain.rulesets.elor.describe import effort_kept, ticked_words
    from chronique.domain.rulesets.elor.describe import test as described

    return described(outcome.to_dict(), made_of) + effort_kept(outcome.to_dict(), asked) + ticked_words(ticked)


def _ticked(world: World, name: str) -> str | None:
    """The profession the test just recorded for ``name`` ticked for natural progression
    (PROPOSAL §5.5, ruling E121), or None."""
    from chronique.domain.rulesets.elor.events import TestRolled

    return world.recorded_last(name, TestRolled).ticked


def _made_of(world: World, name: str) -> str:
    """What the level of the test just recorded for ``name`` adds up from, in the log's words
    (describe.level_terms, read off the recorded event's terms)."""
    from chronique.domain.rulesets.elor.describe import level_terms
    from chronique.domain.rulesets.elor.events import TestRolled

    recorded = world.recorded_last(name, TestRolled)
    return level_terms(recorded.spec, recorded.terms)


@app.command("test")
def test(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    faculty: str = FACULTY,
    profession: str = PROFESSION,
    applies: str = APPLIES,
    familiarity: str = FAMILIARITY,
    attribute: list[str] = ATTRIBUTES,
    prowess: int = PROWESS,
    difficulty: int = DIFFICULTY,
    effort: int = EFFORT,
    reason: str = REASON,
    hidden: bool = typer.Option(False, "--hidden", help="A hidden GM roll: sealed until its epoch is revealed."),
    movement: bool = MOVEMENT,
) -> None:
    """An action test: roll 1 + effort D10, each die at or under the action level is a degree."""
    from chronique.domain.rulesets.elor.play import roll_test

    spec = _spec(
        faculty, profession, applies, familiarity, attribute, prowess, difficulty, effort, reason, hidden=hidden, movement=movement
    )

    def act(world: World) -> Told[TestOutcome, str]:
        outcome = roll_test(world, character, spec)
        # Ruling E92: the character as the sheet spells it, whatever case was typed.
        said = describe(outcome, _made_of(world, character), spec.effort, _ticked(world, character))
        return Told(outcome, f"{named(world, character)}: {said}")

    typer.echo(run(ctx, lambda s: s.act(campaign, act)).words)


@app.command("oppose")
def oppose(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    actor: str = typer.Argument(..., help="The acting character."),
    opponents: list[str] = typer.Argument(
        ..., help=f"The reacting characters, one or more, each {ENTRANT}; the --their-* options are the defaults."
    ),
    faculty: str = FACULTY,
    profession: str = PROFESSION,
    familiarity: str = FAMILIARITY,
    difficulty: int = DIFFICULTY,
    effort: int = EFFORT,
    their_faculty: str = typer.Option("Coordination", "--their-faculty", help="The opponents' faculty."),
    their_profession: str = typer.Option(None, "--their-profession", help="The opponents' profession."),
    their_familiarity: str = typer.Option(None, "--their-familiarity", help="The opponents' familiarity."),
    their_difficulty: int = typer.Option(0, "--their-difficulty", callback=MODIFIER_RANGE, help="The opponents' difficulty modifier."),
    their_effort: int = typer.Option(0, "--their-effort", callback=EFFORT_RANGE, help="The opponents' effort."),
    only_on_success: bool = typer.Option(False, "--only-on-success", help="The opponents react only if the action succeeded."),
    movement: bool = MOVEMENT,
    reason: str = REASON,
) -> None:
    """An action and its reactions: the action is resolved first, then its degrees are compared
    with each opponent's, one by one (§Actions / réactions)."""
    from chronique.domain.rulesets.elor.play import oppose as oppose_

    defaults: dict[str, str | int | None] = {"faculty": their_faculty, "profession": their_profession, "familiarity": their_familiarity}
    defaults |= {"difficulty": their_difficulty, "effort": their_effort}
    theirs = [_entrant(text, defaults) for text in opponents]
    why = _why(reason)
    mine = _spec(faculty, profession, "full", familiarity, None, 0, difficulty, effort, movement=movement)

    def act(world: World) -> Told[Opposition, list[str]]:
        # Ruling E92: everyone as the sheets spell them, on these lines and in the tests' purposes.
        who = named(world, actor)
        against = " and ".join(named(world, name) for name, _ in theirs)
        reacting = [(name, replace(spec, purpose=f"reaction to {who}{why}")) for name, spec in theirs]
        result = oppose_(world, actor, replace(mine, purpose=f"action against {against}{why}"), reacting, not only_on_success)
        asked = {who: mine.effort} | {named(world, name): spec.effort for name, spec in theirs}
        lines = [
            f"{name}: {describe(outcome, _made_of(world, name), asked.get(name, 0), _ticked(world, name))}"
            for name, outcome in {who: result.action, **result.reactions}.items()
        ]
        return Told(result, [*lines, reaction_line(who, list(result.reactions), result.reaction)])

    typer.echo("\n".join(run(ctx, lambda s: s.act(campaign, act)).words))


def _why(reason: str) -> str:
    """The reason an opposition or a contest was given, as its tests' purposes say it after what
    they were (ruling E114): " (climbing the wall)", nothing when none was given. The purpose
    keeps whom the test was against and what kind of roll it was, which luck reads (E113)."""
    return f" ({reason.strip()})" if reason.strip() else ""


def reaction_line(actor: str, opponents: list[str], reaction: Reaction) -> str:
    """What an action against its reactions came to, in words (§Actions / réactions L374-L392)."""
    if not opponents:  # they react only to a success (--only-on-success)
        return f"{actor}'s action fails: nobody needs to react"
    if reaction.result == "nothing":
        return "nobody has a degree of success: nothing happens but the time spent"
    if reaction.result == "success":
        return f"{actor}'s action prevails over every reaction, with {plural(reaction.actor_extra, 'extra effect')}"
    if reaction.result == "tie":
        return f"{actor} equals the best reaction: a partial success at most, or nothing if it is all or nothing (the GM's call)"
    extras = zip(opponents, reaction.opponent_extra, strict=True)
    beaten = [f"{name} by {extra} ({plural(extra, 'extra effect')})" for name, extra in extras if extra]
    return f"{actor}'s action fails: beaten by {', '.join(beaten)}"


@app.command("contest")
def contest(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    entries: list[str] = typer.Argument(..., help=f"The entrants, each {ENTRANT}."),
    faculty: str = FACULTY,
    profession: str = PROFESSION,
    fine: bool = typer.Option(False, "--fine", help="Break ties finely on the successful dice."),
    movement: bool = typer.Option(
        False,
        "--movement",
        help="A race or another contest of movement: each unusable or destroyed leg takes 2 off an entrant's level, as for a dodge"
        " (an entrant's movement=no or movement=yes overrides it).",
    ),
    reason: str = REASON,
) -> None:
    """A contest: everyone tests at once, each with its own capacities if given (the options are
    the defaults); ranked by degrees, finely if asked (§Concours)."""
    from chronique.domain.rulesets.elor.play import contest as contest_

    defaults = {"faculty": faculty, "profession": profession, "purpose": f"contest{_why(reason)}", "fine": fine, "movement": movement}
    pairs = [_entrant(entry, defaults) for entry in entries]

    def act(world: World) -> Told[tuple[dict[str, TestOutcome], list[list[str]]], dict[str, tuple[str, int, str | None]]]:
        outcomes, ranking = contest_(world, pairs, fine)
        asked = {named(world, name): spec.effort for name, spec in pairs}
        return Told((outcomes, ranking), {name: (_made_of(world, name), asked.get(name, 0), _ticked(world, name)) for name in outcomes})

    told = run(ctx, lambda s: s.act(campaign, act))
    (outcomes, ranking), made_of = told.result, told.words
    for name, outcome in outcomes.items():
        typer.echo(f"{name}: {describe(outcome, *made_of[name])}")
    typer.echo("ranking: " + " > ".join(" = ".join(group) for group in ranking))


def _entrant(text: str, defaults: dict[str, Any]) -> tuple[str, TestSpec]:
    """One entrant of an opposition or a contest and its own test (§Actions / réactions L362,
    §Concours L404-L414: each may use other capacities and difficulties): ``NAME``, the older
    ``NAME:EFFORT:DIFFICULTY``, then any ``,key=value`` over the command's defaults."""
    from chronique.domain.text import quoted

    head, *pairs = text.split(",")
    name, *numbers = head.split(":")
    chosen = dict(defaults)
    try:
        if len(numbers) > 2:
            raise ValueError
        for key, number in zip(("effort", "difficulty"), numbers, strict=False):
            chosen[key] = int(number)
        for pair in pairs:
            key, sep, value = pair.partition("=")
            field = _ENTRANT_KEYS.get(key.strip().casefold())
            if not sep or field is None:
                raise ValueError
            chosen[field] = _entrant_value(field, value)
    except ValueError:
        raise fail(f"an entrant is {ENTRANT}; not {quoted(text)}") from None
    if not name.strip():
        raise fail(f"an entrant is {ENTRANT}; not {quoted(text)}")
    spec = _spec(
        chosen["faculty"],
        chosen.get("profession"),
        chosen.get("applies", "full"),
        chosen.get("familiarity"),
        None,
        0,
        chosen.get("difficulty", 0),
        chosen.get("effort", 0),
        chosen.get("purpose", ""),
        chosen.get("fine", False),
        movement=chosen.get("movement", False),
    )
    return name.strip(), spec


def _entrant_value(field: str, value: str) -> int | bool | str:
    """An entrant's ``key=value`` as its test needs it: a number, a yes or no, or a name
    (ValueError when it is none of what the key takes)."""
    if field in ("effort", "difficulty"):
        return int(value)
    if field == "movement":
        answer = _YES_NO.get(value.strip().casefold())
        if answer is None:
            raise ValueError(value)
        return answer
    return value.strip()


@app.command("attack")
def attack(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    attacker: str = typer.Argument(..., help="The attacking character."),
    defender: str = typer.Argument(..., help="The target."),
    weapon: str = typer.Option(..., "--weapon", "-w", help="The attacker's weapon (from the sheet)."),
    profession: str = PROFESSION,
    difficulty: int = DIFFICULTY,
    effort: int = EFFORT,
    technical: int = typer.Option(
        0, "--technical", callback=MODIFIER_RANGE, help="Melee only: a technical malus (negative) the defence also takes on a hit."
    ),
    ranged: bool = typer.Option(
        False, "--ranged", help="A ranged attack: its difficulty comes from --target-size, --distance and --target-speed."
    ),
    target_size: float = typer.Option(
        None,
        "--target-size",
        callback=bounds.amount_between(*limits.SIZE_M, "metres"),
        help="Ranged: the target's size in metres, the mean of its height and width facing the shooter (a standing human about 1.1).",
    ),
    distance: int = typer.Option(
        None, "--distance", callback=bounds.within(0, limits.DISTANCE), help="Ranged: metres between shooter and target."
    ),
    target_speed: int = typer.Option(
        0, "--target-speed", callback=bounds.within(0, limits.SPEED), help="Ranged: the target's speed in km/h (0: still)."
    ),
    angle: int = typer.Option(
        90,
        "--angle",
        callback=bounds.within(0, limits.ANGLE),
        help="Ranged: degrees between the target's motion and the line of fire (90 crossing, 0 head-on).",
    ),
    hyperbolic: bool = typer.Option(False, "--hyperbolic", help="Ranged: a lobbed shot (a further -2)."),
    erratic: int = typer.Option(
        0,
        "--erratic",
        callback=bounds.within(0, limits.ERRATIC),
        help="Ranged: a target swerving, 1 or 2 by how sudden (a further -1 or -2).",
    ),
    defence: str = typer.Option("dodge", "--defence", help="dodge, parry or none."),
    parry_with: str = typer.Option(None, "--parry-with", help="The defender's weapon or shield that parries."),
    defence_profession: str = typer.Option(None, "--defence-profession", help="The defender's profession."),
    defence_difficulty: int = typer.Option(0, "--defence-difficulty", callback=MODIFIER_RANGE, help="The defender's other modifiers."),
    defence_effort: int = typer.Option(0, "--defence-effort", callback=EFFORT_RANGE, help="The defender's effort."),
    effects: list[str] = typer.Option(
        None,
        "--effect",
        help="An offensive effect bought with effect points, as the rulebook names it (Dommages augmentés...) (repeatable).",
    ),
    defensive_effects: list[str] = typer.Option(
        None, "--defensive-effect", help="A defensive effect, as the rulebook names it (Dommages réduits...) (repeatable)."
    ),
    location: str = typer.Option(
        None, "--location", help=f"The location chosen, {LOCATION_WORDS} (needs the effect Choix de la localisation)."
    ),
    item: str = typer.Option(None, "--item", help="The item an Endommagement de l'équipement effect hits."),
    simultaneous: bool = typer.Option(False, "--simultaneous", help="Both laid “Attaque” cards: no defence."),
    opponent_attack: int = typer.Option(
        0, "--opponent-attack", callback=DEGREES_RANGE, help="In simultaneous attacks: the opponent's attack value."
    ),
    defend_on_miss: bool = typer.Option(False, "--defend-on-miss", help="Melee: defend even if the attack has no degree."),
    guard: str = typer.Option(None, "--guard", help="An ally close to the target who parries for it (with --defence parry)."),
) -> None:
    """An attack against a defence; effects bought with net degrees; damage to a location."""
    from chronique.domain.rulesets.elor.play import Attack, TestSpec
    from chronique.domain.rulesets.elor.play import attack as attack_
    from chronique.domain.text import quoted

    if defence not in ("dodge", "parry", "none"):
        raise fail(f"`--defence` takes `dodge`, `parry` or `none`, not {quoted(defence)}")
    _simultaneous_options(ctx, simultaneous)
    shot = _shot(ranged, target_size, distance, target_speed, angle, hyperbolic, erratic)
    blow = Attack(
        weapon=weapon,
        spec=TestSpec("Coordination", profession, difficulty=difficulty, effort=effort),
        defence=defence,
        defence_spec=TestSpec("Coordination", defence_profession, difficulty=defence_difficulty, effort=defence_effort),
        parry_with=parry_with,
        technical=technical,
        melee=not ranged,
        simultaneous=simultaneous,
        opponent_attack=opponent_attack,
        offensive_effects=tuple(effects or ()),
        defensive_effects=tuple(defensive_effects or ()),
        location=location,
        damaged_item=item,
        defend_on_miss=defend_on_miss,
        guard=guard,
        shot=shot,
    )

    def act(world: World) -> Told[AttackResult, tuple[list[tuple[str, str | None]], list[str], str]]:
        out_before = world.character(guard or defender).condition["unconscious"]
        result = attack_(world, attacker, defender, blow)
        declared = defence != "none" and not simultaneous and result.defence is None
        shot_missed = ranged and result.attack.degrees == 0
        unable = _cannot_defend(world, guard or defender, out_before, attacker if shot_missed else None) if declared else ""
        tested = [attacker] + ([guard or defender] if result.defence is not None else [])
        # Ruling E92: attacker, target and guard as their sheets spell them, whatever was typed.
        names = [named(world, name) for name in (attacker, defender, *([guard] if guard else []))]
        return Told(result, ([(_made_of(world, name), _ticked(world, name)) for name in tested], names, unable))

    told = run(ctx, lambda s: s.act(campaign, act))
    result, (made_of, spelled, unable) = told.result, told.words
    who, whom, guarding = spelled[0], spelled[1], spelled[2] if guard else None
    if shot is not None:
        typer.echo(_range_line(shot))
    from chronique.domain.rulesets.elor.describe import TURNED_UP_TOGETHER

    together = f" simultaneously ({TURNED_UP_TOGETHER})" if simultaneous else ""
    if result.paired:
        from chronique.domain.rulesets.elor.describe import laid_defence

        typer.echo(laid_defence(whom, who))
    typer.echo(f"{who} attacks{together}: {describe(result.attack, made_of[0][0], effort, made_of[0][1])}")
    if result.defence is not None:
        verb = {"dodge": "dodges", "parry": "parries"}[defence]
        said = describe(result.defence, made_of[1][0], defence_effort, made_of[1][1])
        typer.echo(f"{guarding or whom} {verb}{f' for {whom}' if guarding else ''}: {said}")
    elif unable:
        typer.echo(unable)
    typer.echo(_exchange_line(result.exchange, result.offensive, result.defensive))
    from chronique.domain.rulesets.elor.describe import effects_unapplied

    for side, names in (("attack", result.unapplied_offensive), ("defence", result.unapplied_defensive)):
        if names:
            typer.echo(effects_unapplied(side, names))
    if result.damage and result.damaged:
        _damage_line(result.damaged, result.damage)


def _cannot_defend(world: World, name: str, out_before: bool, shooter: str | None = None) -> str:
    """Why ``name`` made no defence against the attack just made, in words, or nothing (ruling
    E93): the unconscious make none (PROPOSAL §5.6: ``out_before``, as the blow found them); a
    shot of ``shooter`` without a degree of success meets none whatever the points left (§Défense
    L619, ruling E137); and §Défense, a defence spends an action point or the one held in
    reserve: none is left when it could not (the attack, had it opened a sequence, would have
    given them back)."""
    from chronique.domain.rulesets.elor.play import can_defend

    character = world.character(name)
    if out_before:
        return f"{character.name} is unconscious: no defence"
    if shooter is not None:
        # §Défense L619: a defence against an attack without a degree is "au contact seulement,
        # mais pas dans celui d'une attaque à distance": the missing degree is the reason, never
        # the action points (it read "no action point left" of a defender out of them).
        shot = f"{world.character(shooter).name}'s shot has no degree of success"
        return f"{shot}: {character.name} makes no defence against it (§Défense L619)"
    if not can_defend(character):
        return f"{character.name} has no action point left in this sequence, nor one held in reserve: no defence (§Défense)"
    return ""


# The options that declare the target's defence, which simultaneous attacks do not have.
_DEFENCE_OPTIONS = ("defence", "parry_with", "defence_profession", "defence_difficulty", "defence_effort", "defend_on_miss", "guard")


def _simultaneous_options(ctx: typer.Context, simultaneous: bool) -> None:
    """Refuse what a simultaneous attack cannot take, and what only it takes (ruling E78):
    §Cas d'actions simultanées L526-L528, both laid "Attaque" and attack "sans possibilité de se
    défendre", so a defence typed with --simultaneous would be silently dropped; the opponent's
    attack value serves only Attaque dans l'attaque, "lors d'attaques simultanées seulement"."""
    defence = typed_options(ctx, _DEFENCE_OPTIONS)
    if simultaneous and defence:
        dropped = ", ".join(f"`{option}`" for option in defence)
        raise fail(f"simultaneous attacks meet no defence (both laid “Attaque”): drop {dropped}")
    if not simultaneous and typed_options(ctx, ["opponent_attack"]):
        raise fail("`--opponent-attack` is the opponent's attack in simultaneous attacks: it needs `--simultaneous`")


def _exchange_line(x: Exchange, offensive: dict[str, int], defensive: dict[str, int]) -> str:
    """The exchange in words (§Effets de combat): the values compared, the result, the effects
    bought and the effect points a side won and left unspent."""
    from chronique.domain.rulesets.elor.combat import cost_of
    from chronique.domain.rulesets.elor.describe import degrees_against, effects_bought, exchange_result
    from chronique.domain.rulesets.words import joined

    left = {"attack": x.offensive_points - cost_of(offensive), "defence": x.defensive_points - cost_of(defensive)}
    unspent = [f"{plural(n, 'effect point')} of the {side} unspent" for side, n in left.items() if n > 0]
    tail = f"; {joined(unspent)}" if unspent else ""
    said = degrees_against(x.attack, x.defence_kind, x.defence)
    return f"{said}: {exchange_result(x.result)}{effects_bought(offensive, defensive)}{tail}"


def _shot(
    ranged: bool, size_m: float | None, distance_m: int | None, speed_kmh: int, angle: int, hyperbolic: bool, erratic: int
) -> RangedShot | None:
    """The range inputs of a ranged attack (§Attaque à distance), checked against --ranged."""
    from chronique.domain.errors import RuleViolation
    from chronique.domain.rulesets.elor.combat import RangedShot

    if not ranged:
        if size_m is not None or distance_m is not None or speed_kmh or angle != 90 or hyperbolic or erratic:
            raise fail("`--target-size`, `--distance`, `--target-speed`, `--angle`, `--hyperbolic` and `--erratic` go with `--ranged`")
        return None
    if size_m is None or distance_m is None:
        raise fail("a ranged attack takes its difficulty from the target's size and distance: give `--target-size` and `--distance`")
    try:
        return RangedShot(round(size_m * 100), distance_m, speed_kmh, angle, hyperbolic, -erratic)
    except RuleViolation as error:
        raise fail(str(error)) from None


def _range_line(shot: RangedShot) -> str:
    d = shot.difficulty()
    parts = [f"size {_modifier(d.size)}", f"distance {_modifier(d.distance)}", f"speed {_modifier(d.speed)}"]
    if shot.hyperbolic:
        parts.append(f"lobbed {_modifier(d.extra - shot.erratic)}")
    if shot.erratic:
        parts.append(f"swerving {_modifier(shot.erratic)}")
    return f"range difficulty {_modifier(d.total)} ({', '.join(parts)})"


def _modifier(value: int) -> str:
    """A modifier of the range tables (§Attaque à distance): "+1", "-2", and a zero as the sheet
    writes it, "0", never "+0" (ruling E146, as E142 for faculties)."""
    return f"{value:+d}" if value else "0"


def _damage_line(name: str, damage: dict[str, Any]) -> None:
    from chronique.domain.rulesets.elor.describe import blow_state, damage_points, item_left, place

    if "item" in damage:
        # §Endommagement de l'équipement L1079 (ruling E70): what is left of the item, in words.
        said = item_left(damage["structure_left"], damage["destroyed"])
        # The owner named: a guard's parry (§La parade) puts another's weapon in the blow's way.
        typer.echo(f"{name}'s {damage['item']} takes {plural(damage['damage'], 'point')} of damage: {said}")
        return

    # §Application des dommages: the location comes from a D100 roll unless the attacker chose it.
    roll = f" (location roll {damage['roll']} on the D100)" if damage["roll"] is not None else ""
    # What the blow did is its location's state (a vital one at its hit points: unconsciousness,
    # E63) and the body's, as the log says it: the effects it keeps (every location's) would say
    # them again.
    said, body = blow_state(damage["location"], damage["state"], damage["unconscious"], damage["dead"])
    # The location as the sheet names it (§Humains: "torse"), never its stored key.
    where = place(damage["location"])
    typer.echo(f"{name}'s {where}{roll}: {damage_points(damage['value'])}, {damage['total']} in all ({said}){body}")


@app.command("damage")
def damage(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    amount: int = typer.Option(..., "--amount", callback=DAMAGE_RANGE, help="The blow's nominal damage (armour still applies)."),
    location: str = typer.Option(None, "--location", help=f"The location hit, {LOCATION_WORDS} (default: rolled on the D100 table)."),
    ranged: bool = typer.Option(False, "--ranged", help="Roll on the ranged table."),
    bypass_armour: bool = typer.Option(False, "--bypass-armour", help="Armour is ignored."),
    source: str = typer.Option("the GM", "--source", help="Who or what dealt it."),
) -> None:
    """Apply damage to a location: its total, and unusable, destroyed, unconscious or dead."""
    from chronique.domain.rulesets.elor.play import suffer_damage

    if not source.strip():
        # Ruling E93: the log says who or what dealt the blow ("(the GM)"); an empty one read "()".
        raise fail("`--source` names who or what dealt the damage: it cannot be empty")

    def act(world: World) -> Told[dict[str, Any], str]:
        taken = suffer_damage(world, character, amount, source.strip(), location, ranged=ranged, bypass_armour=bypass_armour)
        # Ruling E92: the character as the sheet spells it, whatever case was typed.
        return Told(taken, named(world, character))

    told = run(ctx, lambda s: s.act(campaign, act))
    _damage_line(told.words, told.result)


@app.command("care")
def care(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    healer: str = typer.Argument(..., help="Who gives the care."),
    patient: str = typer.Argument(..., help="The wounded character."),
    location: str = typer.Option(..., "--location", help=f"The injured location, {LOCATION_WORDS}."),
    faculty: str = typer.Option("Esprit", "--faculty", "-f", help="The healer's faculty."),
    profession: str = PROFESSION,
    familiarity: str = FAMILIARITY,
    difficulty: int = DIFFICULTY,
    effort: int = EFFORT,
) -> None:
    """Care for one injury: each degree of the healer's test removes a damage point (PROPOSAL §5.6)."""
    from chronique.domain.rulesets.elor.describe import effort_kept, place, ticked_words
    from chronique.domain.rulesets.elor.describe import test as described
    from chronique.domain.rulesets.elor.downtime import give_care
    from chronique.domain.rulesets.elor.events import TestRolled

    spec = _spec(faculty, profession, "full", familiarity, None, 0, difficulty, effort)

    def act(world: World) -> Told[str, str]:
        removed = give_care(world, healer, patient, location, spec)
        # The healer's test, said at the table as every other test is (§Tests d'action): its
        # level and what it adds up from, the dice and the degrees that heal (PROPOSAL §5.6);
        # both named as their sheets spell them, whatever case was typed.
        tested = world.recorded_last(healer, TestRolled)
        who, whom = named(world, healer), named(world, patient)
        return Told(
            _care_result(world, who, whom, location, removed),
            f"{who} cares for {_whose(who, whom)} {place(location)}: {described(tested.outcome, _made_of(world, healer))}"
            + effort_kept(tested.outcome, effort)
            + ticked_words(tested.ticked),
        )

    told = run(ctx, lambda s: s.act(campaign, act))
    typer.echo(told.words)
    typer.echo(told.result)


def _whose(healer: str, patient: str) -> str:
    """Whose limb a care is for, in both of its lines (rulings E134, E145): "their own" for the
    healer's own, else the patient's by name ("Samson's")."""
    return "their own" if healer == patient else f"{patient}'s"


def _care_result(world: World, healer: str, patient: str, where: str, removed: int) -> str:
    """What a care did (PROPOSAL §5.6, ruling E64): the damage points it removed, and why it
    removed none from a destroyed location, which nothing heals, care included (E23)."""
    from chronique.domain.rulesets.elor.damage import location_state
    from chronique.domain.rulesets.elor.describe import damage_left, place
    from chronique.domain.rulesets.elor.play import hp_of, sheet_of
    from chronique.domain.rulesets.elor.tables import location, nature

    p = world.character(patient)
    loc = location(nature(sheet_of(p).nature), where)
    total, hp = p.condition["wounds"].get(loc.key, 0), hp_of(world, p)[loc.key]
    # Ruling E134: "no damage point", and one's own limb, never "0 damage points from Lyra's".
    points = plural(removed, "damage point") if removed else "no damage point"
    said = f"{healer} removes {points} from {_whose(healer, p.name)} {place(loc.key)}"
    if removed:
        # Ruling E69: the damage left, as the log says it, and a limb usable again when the care
        # brought it under its hit points (§Application des dommages).
        return f"{said} ({damage_left(loc.key, total, removed, hp, sheet_of(p).nature)})"
    if location_state(total, hp) != "destroyed":
        # None for want of a degree of success (said on the line above).
        return said
    # §Application des dommages: at twice its hit points a location is destroyed, and nothing
    # heals it (E23): care removes nothing however many degrees it has.
    damage = plural(total, "damage point")
    return f"{said}: it is destroyed ({damage}, at least twice its {plural(hp, 'hit point')}), and care never heals a destroyed location"


@app.command("rest")
def rest(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    off: bool = typer.Option(False, "--off", help="The character does not rest (no natural healing)."),
) -> None:
    """Downtime order: rest (a point healed per location a day) or not."""
    from chronique.domain.rulesets.elor.downtime import order_rest

    def order(world: World) -> Told[None, str]:
        order_rest(world, character, not off)
        return Told(None, named(world, character))

    told = run(ctx, lambda s: s.act(campaign, order))
    typer.echo(f"{told.words} {'does not rest' if off else 'rests'}")


@app.command("effort")
def effort(ctx: typer.Context, campaign: str = CAMPAIGN, character: str = CHARACTER, reason: str = REASON) -> None:
    """Recover all spent effort now (a pause, the end of a strain)."""
    from chronique.domain.rulesets.elor.play import pause

    def recover(world: World) -> Told[int, str]:
        return Told(pause(world, character, reason or "a pause"), named(world, character))

    told = run(ctx, lambda s: s.act(campaign, recover))
    # PROPOSAL §5.1: effort comes back from fatigue; with none spent, "recovers 0" misled (E102).
    said = f"recovers {plural(told.result, 'effort point')}" if told.result else "has spent no effort: there is nothing to recover"
    typer.echo(f"{told.words} {said}")


@app.command("faculties")
def faculties(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    changes: list[str] = typer.Argument(..., help="New levels as FACULTY=LEVEL, e.g. P=2 Mental=1."),
    reason: str = REASON,
) -> None:
    """The GM changes faculties after creation; action points, effort and hit points are recomputed."""
    from chronique.domain.rulesets.elor.downtime import change_faculties
    from chronique.domain.rulesets.elor.play import hp_of
    from chronique.domain.text import quoted

    levels: list[tuple[str, int]] = []
    for change in changes:
        key, _, value = change.partition("=")
        try:
            levels.append((key.strip(), int(value)))
        except ValueError:
            raise fail(f"a change is FACULTY=LEVEL, not {quoted(change)}") from None

    def recompute(world: World) -> Told[dict[str, Any], str]:
        changed = world.character(character)
        before = {"faculties": dict(changed.sheet["faculties"]), "hit_points": hp_of(world, changed), **_state(changed)}
        capacities = change_faculties(world, character, levels, reason)
        return Told(capacities, _faculties_changed(changed, before, hp_of(world, changed)))

    typer.echo(run(ctx, lambda s: s.act(campaign, recompute)).words)


def _state(character: Any) -> dict[str, bool]:
    """Whether ``character`` is dead, and unconscious, now."""
    return {"dead": bool(character.condition["dead"]), "unconscious": bool(character.condition["unconscious"])}


def _faculties_changed(character: Any, before: dict[str, Any], hit_points: dict[str, int]) -> str:
    """What a GM's change of faculties did, as the sheet says it (ruling E131): each faculty
    from its old level to its new one, the capacities derived from them (§Capacités dérivées
    calculées), the hit points when the Physique moved them (§Humains), and the state they made."""
    from chronique.domain.rulesets.elor.tables import faculty_names, location, nature
    from chronique.domain.sheetview import signed

    after, derived, condition = character.sheet["faculties"], character.sheet["derived"], character.condition
    old = before["faculties"]
    moved = [f"{name} from {signed(old[name])} to {signed(after[name])}" for name in faculty_names() if old[name] != after[name]]
    said = (
        f"{character.name}'s faculties change: {', '.join(moved)}; {plural(derived['action_points'], 'action point')}, "
        f"{plural(derived['effort_points'], 'effort point')} ({condition['effort']} available), "
        f"at most {plural(derived['max_effort'], 'point')} of effort on one action"
    )
    if hit_points != before["hit_points"]:
        body = nature(character.sheet["nature"])
        said += "; hit points " + ", ".join(f"{location(body, key).name} {hp}" for key, hp in hit_points.items())
    # E35: the wounds read against the new hit points may knock out, wake or kill.
    now = _state(character)
    if now["dead"]:  # found alive: the dead are refused (ruling E143)
        return f"{said}; now dead"
    if now["unconscious"] != before["unconscious"] and not now["dead"]:
        return f"{said}; {'now unconscious' if now['unconscious'] else 'awake again'}"
    return said


@app.command("sheet")
def sheet(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    as_json: bool = typer.Option(False, "--json", help="Output JSON."),
) -> None:
    """An Elor character's sheet and condition."""

    def show(services: Any) -> None:
        world = services.world(campaign)
        render.sheet(world, world.character(character), as_json)

    run(ctx, show)


@scene_app.command("start")
def scene_start(ctx: typer.Context, campaign: str = CAMPAIGN, names: list[str] = typer.Argument(..., help="The protagonists.")) -> None:
    """Start an action scene: the first 6-second sequence, all AP available."""
    from chronique.domain.rulesets.elor.play import begin_scene, next_up

    def start(world: Any) -> dict[str, Any]:
        back = begin_scene(world, names)
        return {"next": list(next_up(world)), "effort_back": back}

    started = run(ctx, lambda s: s.act(campaign, start))
    typer.echo(f"scene started; next: {' + '.join(started['next'])}")
    if started["effort_back"]:
        # Ruling E105 (§Catégories L316): effort spent before the scene is back as it begins.
        typer.echo(f"before it, spent effort back: {_effort_back(started['effort_back'])} (outside an action scene, §Catégories de tests)")


def _effort_back(back: dict[str, int]) -> str:
    """Who got how much effort back: "Bruna 1 point, Samson 2 points"."""
    return ", ".join(f"{name} {plural(amount, 'point')}" for name, amount in back.items())


@scene_app.command("join")
def scene_join(ctx: typer.Context, campaign: str = CAMPAIGN, names: list[str] = typer.Argument(..., help="The latecomers.")) -> None:
    """Bring latecomers into the running action scene, with their action points in the running
    sequence (ruling E82)."""
    from chronique.domain.rulesets.elor.describe import came_in
    from chronique.domain.rulesets.elor.play import join_scene

    def join(world: World) -> str:
        back = join_scene(world, names)
        scenes = {c.name: c.condition["scene"] for c in map(world.character, names)}
        said = [f"{name} {came_in(scene['sequence'], scene['ap'])}" for name, scene in scenes.items()]
        if back:
            # Ruling E105 (§Catégories L316): what a latecomer spent before the scene is back.
            said.append(f"before it, spent effort back: {_effort_back(back)} (outside an action scene, §Catégories de tests)")
        return "\n".join([*said, who_is_next(world)])

    typer.echo(run(ctx, lambda s: s.act(campaign, join)))


@scene_app.command("act")
def scene_act(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    names: list[str] = typer.Argument(..., help="Who takes the opportunity (all of a simultaneous group)."),
    kind: str = typer.Option("action", "--as", help="action, wait (1 effort back) or reserve (a defence until the next opportunity)."),
) -> None:
    """Spend the next opportunity's AP (attacks spend theirs through `elor attack`)."""
    from chronique.domain.rulesets.elor.play import take_opportunity

    if kind == "attack":
        # Ruling E81 (§Combats): an attack's point is spent by the attack itself, which records it;
        # spent here it would read "an attack" in the log with no attack made.
        raise fail("an attack spends its action point through `elor attack`, which makes it: `--as` takes `action`, `wait` or `reserve`")

    def act(world: Any) -> str:
        back = take_opportunity(world, names, kind)
        return "\n".join([*(_spent(world.character(name), kind, effort) for name, effort in back.items()), who_is_next(world)])

    typer.echo(run(ctx, lambda s: s.act(campaign, act)))


# Ruling E130 (§Scènes d'action step 3: the one designated "doit obligatoirement dépenser l'un de
# ses points d'action"; §Combats: "réserver la possibilité de se défendre"): what the point went on.
_SPENT_ON = {"action": "acts", "wait": "waits", "reserve": "holds a defence in reserve until their next opportunity"}


def _spent(character: Any, kind: str, effort: int) -> str:
    """The line of the point ``character`` just spent: "Bruna waits: an action point spent, 1 left
    in sequence 2, 1 effort point back"."""
    scene = character.condition["scene"]
    back = f", {plural(effort, 'effort point')} back" if effort else ""
    left = scene["ap"] or "none"
    return f"{character.name} {_SPENT_ON[kind]}: an action point spent, {left} left in sequence {scene['sequence']}{back}"


@scene_app.command("next")
def scene_next(ctx: typer.Context, campaign: str = CAMPAIGN) -> None:
    """Who has the next opportunity (most AP left, then fewest spent; ties act together); at the
    end of a sequence, who opens the next one (all AP back)."""
    typer.echo(run(ctx, lambda s: who_is_next(s.world(campaign))))


def who_is_next(world: Any) -> str:
    """``next: NAME`` (``A + B`` acting together), saying when the opportunity opens a new sequence."""
    from chronique.domain.rulesets.elor.play import in_scene, next_up, sequence_spent

    up = next_up(world)
    if not up:
        return "next: nobody (no protagonist can act)"
    if sequence_spent(world):
        number = in_scene(world)[0].condition["scene"]["sequence"] + 1
        return f"next: {' + '.join(up)}, opening sequence {number} with all action points back"
    return f"next: {' + '.join(up)}"


@scene_app.command("end")
def scene_end(ctx: typer.Context, campaign: str = CAMPAIGN) -> None:
    """End the action scene: spent effort comes back (PROPOSAL §5.1)."""
    from chronique.domain.rulesets.elor.play import end_scene

    back = run(ctx, lambda s: {"effort_back": s.act(campaign, end_scene)})["effort_back"]
    # PROPOSAL §5.1 (ruling E105): the scene's end gives back all spent effort; the line says whose.
    typer.echo(f"scene ended; spent effort back: {_effort_back(back)}" if back else "scene ended")


def _typed(verb: str, *options: tuple[str, object]) -> str:
    """The options typed among ``options`` (name, value; None when not typed), in backticks as
    what to type (rulings EB35, EB57), with ``verb`` agreeing ("`--risk-step` shapes",
    "`--risk-every` and `--risk-step` shape"); empty if none was."""
    typed = [f"`{option}`" for option, value in options if value is not None]
    if not typed:
        return ""
    return f"{' and '.join(typed)} {verb if len(typed) == 1 else verb.removesuffix('s')}"


@long_app.command("start")
def long_start(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    name: str = typer.Argument(..., help="What is done, e.g. 'forge the sword'."),
    required: int = typer.Option(..., "--degrees", callback=bounds.within(1, limits.LONG_DEGREES), help="Degrees of success required."),
    unit: str = typer.Option("1h", "--unit", callback=bounds.duration, help="Time per test: 1h, 1d, 1w…"),
    hours_per_day: int = typer.Option(
        None,
        "--hours-per-day",
        callback=bounds.within(1, limits.HOURS_A_DAY),
        help="Work hours a day (default 6) for units under a day.",
    ),
    start_hour: int = typer.Option(
        None, "--start-hour", callback=bounds.within(0, limits.HOURS_A_DAY - 1), help="When the work day starts (default 8)."
    ),
    effort_regime: str = typer.Option("daily", "--effort-regime", help="daily (rested each work day), each-test or none."),
    manual: bool = typer.Option(False, "--manual", help="Tests only by hand ('long-action test')."),
    in_scene: bool = typer.Option(False, "--in-scene", help="Paced by action points: each 'long-action test' spends an opportunity."),
    risk: str = typer.Option(None, "--risk", help="A risk clock: what happens when it triggers, e.g. 'the police arrive'."),
    risk_threshold: int = typer.Option(
        None,
        "--risk-threshold",
        callback=RISK_RANGE,
        help="The risk triggers on a D10 at most this, 1 unless given (it rises each period).",
    ),
    risk_every: str = typer.Option(None, "--risk-every", callback=bounds.duration, help="The risk's period (default: the time unit)."),
    risk_step: int = typer.Option(None, "--risk-step", callback=RISK_RANGE, help="How much the threshold rises each period (default 1)."),
    helpers: list[str] = typer.Option(None, "--helper", help="A collaborator (same test; repeatable)."),
    faculty: str = FACULTY,
    profession: str = PROFESSION,
    applies: str = APPLIES,
    familiarity: str = FAMILIARITY,
    difficulty: int = DIFFICULTY,
    effort: int = EFFORT,
) -> None:
    """Start a long action (downtime work runs on the timeline at each time unit)."""
    from chronique.domain.gametime import DAY, calendar_from, duration_words, parse_duration
    from chronique.domain.rulesets.elor.downtime import Risk, start_long_action
    from chronique.domain.text import quoted

    if manual and in_scene:
        raise fail("`--manual` and `--in-scene` are two different paces: choose one")
    # Ruling E87: an option that would change nothing is refused rather than dropped without a
    # word, as E78 does for a defence against simultaneous attacks.
    shaping = _typed("shapes", ("--risk-threshold", risk_threshold), ("--risk-every", risk_every), ("--risk-step", risk_step))
    if shaping and risk is None:
        raise fail(f"{shaping} a risk clock, and this long action has none: name its risk with `--risk`")
    work_day = _typed("sets", ("--hours-per-day", hours_per_day), ("--start-hour", start_hour))
    # §Actions longues, E22: only downtime work in units under a day is tested inside a work day.
    unwindowed = "it is tested by hand (`--manual`)" if manual else "it is paced by action points (`--in-scene`)" if in_scene else None
    if unwindowed is None and parse_duration(unit) >= DAY:
        unwindowed = f"its unit of {duration_words(parse_duration(unit))} is tested a whole unit after the last (§Actions longues)"
    if work_day and unwindowed:
        raise fail(f"{work_day} the work day of downtime work in units under a day, and {unwindowed}")
    spec = _spec(faculty, profession, applies, familiarity, None, 0, difficulty, effort)

    def start(world: Any) -> str:
        action = start_long_action(
            world,
            character,
            name,
            required,
            spec,
            parse_duration(unit),
            "manual" if manual else ("scene" if in_scene else "downtime"),
            hours_per_day,
            start_hour,
            effort_regime,
            [(h, spec) for h in helpers or ()],
            risk=None
            if risk is None
            else Risk(risk, Risk.threshold if risk_threshold is None else risk_threshold, parse_duration(risk_every or unit), risk_step),
        )
        if action["paced"] == "scene":
            # §Scènes d'action L474 (E30): the action points per sequence pace its tests.
            owner = world.character(character).name
            when = f"one test each time {owner} spends an action point on it in an action scene (`elor long-action test`)"
        elif action["next_at"] is None:
            when = "tested when asked (`elor long-action test`)"
        else:
            when = f"first test {calendar_from(world.campaign.calendar).format(action['next_at'])}"
        return f"long action {action['id']} {quoted(name)}: {plural(required, 'degree')}, {when}"

    typer.echo(run(ctx, lambda s: s.act(campaign, start)))


@long_app.command("test")
def long_test(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    action: str = typer.Argument(..., help="Long action id or name."),
) -> None:
    """One time unit of a long action now: each participant tests (paced by AP: spends the owner's opportunity)."""
    from chronique.domain.rulesets.elor.describe import coordination, level_terms, ticked_words
    from chronique.domain.rulesets.elor.describe import test as described
    from chronique.domain.rulesets.elor.downtime import long_action_test
    from chronique.domain.rulesets.elor.events import LongActionAbandoned, LongActionProgressed, TestRolled

    def test_now(world: World) -> str:
        done = long_action_test(world, character, action)
        said = f"{done['name']}: {done['accumulated']}/{done['required']} degrees"
        if done["abandoned"]:
            # Rulings E68, E71: a training that could never end, or whose level came another way, stops instead.
            return f"{said} — stopped: {world.recorded_last(character, LongActionAbandoned).reason}"
        # Each participant's test of the unit (§Actions longues L442, §Collaborations L458), as
        # every other test is said at the table: its level, dice and degrees.
        unit = world.recorded_last(character, LongActionProgressed)
        tests = {t["name"]: world.recorded_last(t["name"], TestRolled) for t in unit.tests}
        lines = [f"{name}: {described(e.outcome, level_terms(e.spec, e.terms))}{ticked_words(e.ticked)}" for name, e in tests.items()]
        gained = f"{plural(unit.gained, 'degree')} gained{coordination(unit.penalty)}" if unit.tests else "nobody could work"
        return "\n".join([*lines, f"{said} ({gained})" + (" — done" if done["done"] else "")])

    typer.echo(run(ctx, lambda s: s.act(campaign, test_now)))


@long_app.command("abandon")
def long_abandon(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    action: str = typer.Argument(..., help="Long action id or name."),
    reason: str = REASON,
) -> None:
    """Give up a long action."""
    from chronique.domain.rulesets.elor.downtime import abandon_long_action
    from chronique.domain.rulesets.elor.events import LongActionAbandoned

    def abandon(world: World) -> Told[None, str]:
        abandon_long_action(world, character, action, reason)
        # Named as the journal holds it, whether the GM typed its number or its name in any case.
        given_up = world.recorded_last(character, LongActionAbandoned).name
        return Told(None, f"{named(world, character)} gives up {given_up}")

    typer.echo(run(ctx, lambda s: s.act(campaign, abandon)).words)


@xp_app.command("award")
def xp_award(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    points: int = typer.Argument(..., callback=bounds.within(1, limits.EXPERIENCE), help="Points."),
    reason: str = REASON,
) -> None:
    """Award experience points (1 point = 1 profession level)."""
    from chronique.domain.rulesets.elor.downtime import award_experience

    def award(world: World) -> Told[None, str]:
        award_experience(world, character, points, reason)
        return Told(None, named(world, character))

    typer.echo(f"{run(ctx, lambda s: s.act(campaign, award)).words} gains {plural(points, 'experience point')}")


@xp_app.command("spend")
def xp_spend(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    profession: str = typer.Argument(..., help="The profession raised (or a new one at level 1)."),
    grant_kind: str = typer.Argument(..., help="familiarity or prowess."),
    grant: str = typer.Argument(..., help="The familiarity or prowess the level grants."),
) -> None:
    """Spend 1 point: +1 profession level with its familiarity or prowess."""
    from chronique.domain.rulesets.elor.downtime import spend_experience
    from chronique.domain.rulesets.elor.events import ProfessionRaised

    def spend(world: World) -> Told[int, str]:
        level = spend_experience(world, character, profession, grant_kind, grant)
        # What was recorded: the profession as the sheet spells it, the grant trimmed.
        raised = world.recorded_last(character, ProfessionRaised)
        said = f"{named(world, character)}: {raised.profession} {level}, with {raised.grant_kind} {raised.grant}"
        return Told(level, said + _held_now(world, character, raised.grant_kind, raised.grant))

    typer.echo(run(ctx, lambda s: s.act(campaign, spend)).words)


def _held_now(world: World, name: str, kind: str | None, grant: str | None) -> str:
    """What a grant held before comes to (ruling E122): §Familiarités L264-L270, each grant of a
    familiarity beyond the first adds 1 ("Celle-ci devient donc Haches +2"), as the sheet notes
    it; §Prouesses, a prowess granted again rises a level. Nothing for a first grant."""
    from chronique.domain.rulesets.elor.play import sheet_of
    from chronique.domain.rulesets.elor.view import familiarity_bonus

    sheet = sheet_of(world.character(name))
    if kind == "familiarity" and grant:
        bonus = familiarity_bonus(sheet, grant)
        return f", now {grant} {bonus}" if bonus else ""
    level = sheet.prowesses.get(grant or "", 0)
    return f", now at level {level}" if level > 1 else ""


@xp_app.command("progress")
def xp_progress(ctx: typer.Context, campaign: str = CAMPAIGN, character: str = CHARACTER) -> None:
    """Natural progression at an adventure's end: 1D10 per ticked profession, above the level raises it."""
    from chronique.domain.rulesets.elor.downtime import roll_progression

    def progress(world: World) -> Told[list[dict[str, Any]], str]:
        return Told(roll_progression(world, character), named(world, character))

    told = run(ctx, lambda s: s.act(campaign, progress))
    for rolled in told.result:
        # PROPOSAL §5.5: a D10 over the level raises it by one; whose profession, and to what.
        made = f"raised to {rolled['level'] + 1}" if rolled["raised"] else f"stays at {rolled['level']} (over {rolled['level']} raises it)"
        typer.echo(f"{told.words}'s {rolled['profession']} {rolled['level']}: rolled {rolled['die']} — {made}")


@xp_app.command("grant")
def xp_grant(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    kind: str = typer.Argument(..., help="familiarity or prowess."),
    name: str = typer.Argument(..., help="Its name."),
) -> None:
    """Name the familiarity or prowess of a level gained by progression or training (`elor downtime train`)."""
    from chronique.domain.rulesets.elor.downtime import choose_grant
    from chronique.domain.rulesets.elor.events import GrantChosen

    def choose(world: World) -> Told[None, str]:
        choose_grant(world, character, kind, name)
        # Ruling E97: what was recorded, the grant as the sheet spells it ("hâches" is Haches).
        chosen = world.recorded_last(character, GrantChosen)
        now = _held_now(world, character, chosen.kind, chosen.name)
        return Told(None, f"{named(world, character)} gains {chosen.kind} {chosen.name}{now}")

    typer.echo(run(ctx, lambda s: s.act(campaign, choose)).words)


@downtime_app.command("train")
def downtime_train(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = typer.Argument(..., help="The student."),
    profession: str = typer.Argument(..., help="The profession trained in (held, or a new one the teacher holds)."),
    teacher: str = typer.Option(..., "--teacher", help="The teacher: a character of the campaign above the student's level in it."),
    faculty: str = FACULTY,
    familiarity: str = FAMILIARITY,
    difficulty: int = DIFFICULTY,
    effort: int = EFFORT,
) -> None:
    """Train in a profession with a teacher: a long action of one test a week needing twice the
    next level in degrees; once done the profession rises by one (ruling E27)."""
    from chronique.domain.gametime import calendar_from
    from chronique.domain.rulesets.elor.downtime import start_training

    spec = _spec(faculty, None, "full", familiarity, None, 0, difficulty, effort)

    def start(world: World) -> str:
        action = start_training(world, character, profession, teacher, spec)
        student = world.character(character)
        level = student.sheet["professions"].get(action["raises"], 0) + 1
        first = calendar_from(world.campaign.calendar).format(action["next_at"])
        return (
            f"{student.name} trains in {action['raises']} with {world.character(teacher).name} (long action {action['id']}): "
            f"{plural(action['required'], 'degree')} to reach level {level}, one test a week, the first {first}"
        )

    typer.echo(run(ctx, lambda s: s.act(campaign, start)))
