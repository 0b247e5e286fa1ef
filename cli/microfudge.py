"""The MicroFudge CECJ table commands: Tests, hazardous Tests, conflicts, Revers, first aid, Atouts."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import typer
from typer.core import TyperOption

from chronique.cli import bounds
from chronique.cli.context import fail, run, typed_options
from chronique.cli.told import Told
from chronique.domain.rulesets.microfudge import limits

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique
    from chronique.domain.errors import RuleViolation
    from chronique.domain.rulesets.microfudge.conflict import Side
    from chronique.domain.rulesets.microfudge.play import TestResult, Unable
    from chronique.domain.veil import Veil
    from chronique.domain.world import World

R = TypeVar("R")


def _tables() -> Any:
    from chronique.domain.rulesets.microfudge.tables import tables

    return tables()


# The ranges of this game's numbers (domain/rulesets/microfudge/limits.py, issue 18).
ATOUTS_RANGE = bounds.symmetric(limits.ATOUTS)
MODIFIER_RANGE = bounds.symmetric(limits.MODIFIER)
# «Télékinésie» L586-L607 (§7.4): Exceptionnel moves a tonne, for 6 Sequences at most.
TK_GRAMS_RANGE = bounds.up_to_the_table(0, lambda: max(_tables().tk_grams))
TK_SEQUENCES_RANGE = bounds.up_to_the_table(1, lambda: max(_tables().tk_sequences))

app = typer.Typer(help="MicroFudge CECJ: 4dF Tests, Revers that heal over time, and Atouts.", no_args_is_help=True)
atout_app = typer.Typer(help="Atouts: spend them in play, or award experience Atouts.", no_args_is_help=True)
app.add_typer(atout_app, name="atout")

CAMPAIGN = typer.Argument(..., help="Campaign name or id.")
CHARACTER = typer.Argument(..., help="Character name.")
DIFFICULTY = typer.Option(
    "moyenne",
    "--difficulty",
    "-d",
    help="facile, simple, moyenne, difficile, tres-difficile, extreme, impossible, a rank label or a number from 2 to 8 "
    "(na, 0 and 1 are sans difficulté: such a trivial task needs no Test, L267).",
)
RELATED = typer.Option("close", "--related", help="How the field relates to the task: close, related (−1) or distant (−2), Faible minimum.")
DOMAIN = typer.Option(
    "physical", "--domain", help="The kind of action or Revers: physical, social or vehicle (case and accents aside; L335-L345)."
)
QUALITY = typer.Option("average", "--quality", help="Gear quality: inferior (−1), average, good (+1), superior (+2).")
WEAPON = typer.Option("none", "--weapon", help="Weapon class: light, medium (+1), heavy (+2), massive (+3).")
MODIFIER = typer.Option(0, "--modifier", callback=MODIFIER_RANGE, help="Other ranks: scale, conditions, help from others.")
ATOUT = typer.Option(False, "--atout", help="Spend an Atout for +1 rank on this roll (one per roll).")
TEST_ATOUT = typer.Option(
    0, "--atout", count=True, help="Spend an Atout for +1 rank (one per roll); repeat it to pay again after each counter."
)
COUNTERED = typer.Option([], "--countered-by", help="A character who spends an Atout to cancel the roller's +1 (repeat per counter).")
REROLL = typer.Option(False, "--reroll", help="Pay 1 Atout to roll the four dice again if the Test fails.")
HEALING = typer.Option(
    None,
    "--healing",
    help=(
        "How the Revers heals: daily (blunt, social), weekly (edged, firearms) or none (default: daily;"
        " weekly for a crash's serious wound, a failed Pilotage Test of 2 Revers or more, A10; none for a vehicle, A24)."
    ),
)
PURPOSE = typer.Option("", "--purpose", help="What the roll is for: shown in the log.")
HIDDEN = typer.Option(False, "--hidden", help="A hidden GM roll, sealed until its epoch is revealed.")
HELPERS = typer.Option([], "--helper", help="A character who pays 2 Atouts for +1 rank (once each; repeat for more helpers).")
CHANGE_DIE = typer.Option(False, "--change-die", help="Pay 1 Atout to turn the lowest die to '+' if the Test fails.")
GM = typer.Option(
    False,
    "--gm",
    help=(
        "The GM's view: a refusal, and a raise's Atouts left, say what a hidden roll did to a character"
        " (face down to players: a critical state, Atouts paid)."
    ),
)


def _act(ctx: typer.Context, campaign: str, act: Callable[[World], R], gm: bool) -> R:
    """Run ``act`` on the campaign (:func:`_acting`)."""
    return run(ctx, lambda s: _acting(s, campaign, act, gm))


def _acting(s: Chronique, campaign: str, act: Callable[[World], R], gm: bool) -> R:
    """Run ``act`` on the campaign. A refusal because of what a character's sheet holds (a
    critical state, the Atouts left, a wound) reads as the players see that character unless
    ``gm``: what a hidden roll did lies face down until its epoch is revealed (rulings FP9, M86)."""
    from chronique.domain.rulesets.microfudge.play import Unable

    try:
        return s.act(campaign, act)
    except Unable as refused:
        if gm:
            raise
        raise _as_players_see(s, campaign, refused) from None


def _as_players_see(s: Chronique, campaign: str, refused: Unable) -> RuleViolation:
    """``refused`` as the players may read it: its own words when the sheet they see of the
    character refuses in the same words (no hidden roll waits on it, or what refuses shows face
    up), else only that the reason lies face down, until when, and how the GM reads it (M86)."""
    from chronique.domain.errors import RuleViolation
    from chronique.domain.rulesets.microfudge.play import Unable

    world, shown = s.sheet_now(campaign, refused.name)
    veil = shown.veil()
    if veil is None:
        return refused
    try:
        refused.check(world, shown)
    except Unable as seen:
        if str(seen) == str(refused):
            return refused  # what refuses shows on their sheet too (a face-up Décisif, M81)
    return RuleViolation(
        f"{shown.name} cannot do that now, for a reason that lies face down with a hidden roll until {_ends(veil)} is over "
        "(the GM's view, `--gm`, names it)"
    )


def _ends(veil: Veil) -> str:
    """The epochs whose end shows what the hidden rolls on a sheet did: "session 1"."""
    from chronique.domain.rulesets.words import epoch_name

    return " and ".join(epoch_name(epoch) for epoch in veil.epochs)


def _final(faces: Sequence[int], final: int) -> str:
    """The four dF as the table reads them and the final rank they give: "[+ 0 − −] final Bon (5)"."""
    from chronique.domain.rulesets.microfudge.describe import dice, rank

    return f"[{dice(list(faces))}] final {rank(final)}"


def _test(ctx: typer.Context, campaign: str, character: str, wanted: str, difficulty: str, hazardous: bool, **options: object) -> None:
    from chronique.domain.rulesets.microfudge.describe import against, dice, own_atout, played, rolled_on, setback_taken
    from chronique.domain.rulesets.microfudge.events import AtoutPlayed, SetbackSuffered, TestRolled
    from chronique.domain.rulesets.microfudge.play import TestRequest, roll_test
    from chronique.domain.rulesets.microfudge.rules import parse_difficulty, quality_modifier, weapon_bonus

    def act(world: World) -> Told[TestResult, str]:
        modifiers = {
            "quality": quality_modifier(str(options["quality"])),
            "weapon": weapon_bonus(str(options["weapon"])),
            "situation": int(options["modifier"]),  # type: ignore[call-overload]
        }
        request = TestRequest(
            wanted,
            parse_difficulty(difficulty),
            relatedness=str(options["related"]),
            domain=str(options["domain"]),
            modifiers=modifiers,
            atout=int(options["atout"]),  # type: ignore[call-overload]
            hazardous=hazardous,
            healing=str(options["healing"]) if options["healing"] else None,
            purpose=str(options["purpose"]),
            hidden=bool(options["hidden"]),
            helpers=tuple(options["helpers"]),  # type: ignore[arg-type]
            change_die=bool(options["change_die"]),
            countered_by=tuple(options["countered_by"]),  # type: ignore[arg-type]
            reroll=bool(options["reroll"]),
        )
        r = roll_test(world, character, request)
        recorded = world.recorded_last(character, TestRolled)
        verdict = "success" if r.success else "failure"
        rerolled = f"[{dice(list(r.voided))}] rerolled with an Atout: " if r.voided else ""
        # The characteristic's rank and what changed it, as the log says it (describe.rolled_on).
        made = rolled_on(vars(recorded))
        out = f"{world.character(character).name} rolls {made}: {rerolled}{_final(r.dice, r.final)} {against(r.required)}: {verdict}"
        # L733-L769: what each Atout spent on the Test paid for, the roller's first +1 first, then
        # the Atouts played (paid again after a counter, the counters, help…), as the log says them.
        paid = own_atout(vars(recorded))
        spent = [f"{world.character(character).name}: {paid}"] if paid else []
        spent += [f"{name} {played(e)}" for name, e in world.recorded_by(AtoutPlayed)]
        # L351: the Revers a failed hazardous Test inflicts, said under it as the log says them, with
        # the number first aid and care name it by, as `setback` says it (rulings M63, M67).
        taken = [f"{name} {setback_taken(e)}" for name, e in world.recorded_by(SetbackSuffered)]
        return Told(r, "\n".join([out + (f", {r.setbacks} Revers" if r.setbacks else ""), *spent, *taken]))

    typer.echo(_act(ctx, campaign, act, bool(options["gm"])).words)


@app.command("test")
def test(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    characteristic: str = typer.Argument(..., help="Aptitude, field or power domain rolled."),
    difficulty: str = DIFFICULTY,
    related: str = RELATED,
    domain: str = DOMAIN,
    quality: str = QUALITY,
    weapon: str = WEAPON,
    modifier: int = MODIFIER,
    atout: int = TEST_ATOUT,
    countered_by: list[str] = COUNTERED,
    helper: list[str] = HELPERS,
    change_die: bool = CHANGE_DIE,
    reroll: bool = REROLL,
    purpose: str = PURPOSE,
    hidden: bool = HIDDEN,
    gm: bool = GM,
) -> None:
    """Roll 4dF for a Test: success when the final rank reaches the difficulty's required rank."""
    opts = {"related": related, "domain": domain, "quality": quality, "weapon": weapon, "modifier": modifier, "gm": gm}
    spends = {"atout": atout, "countered_by": countered_by, "helpers": helper, "change_die": change_die, "reroll": reroll}
    _test(ctx, campaign, character, characteristic, difficulty, False, **opts, **spends, healing=None, purpose=purpose, hidden=hidden)


@app.command("hazard")
def hazard(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    characteristic: str = typer.Argument(..., help="Aptitude, field or power domain rolled."),
    difficulty: str = DIFFICULTY,
    related: str = RELATED,
    domain: str = DOMAIN,
    quality: str = QUALITY,
    weapon: str = WEAPON,
    modifier: int = MODIFIER,
    atout: int = TEST_ATOUT,
    countered_by: list[str] = COUNTERED,
    helper: list[str] = HELPERS,
    change_die: bool = CHANGE_DIE,
    reroll: bool = REROLL,
    healing: str | None = HEALING,
    purpose: str = PURPOSE,
    hidden: bool = HIDDEN,
    gm: bool = GM,
) -> None:
    """A hazardous Test: on failure, one Revers per rank below the required rank (max 3)."""
    opts = {"related": related, "domain": domain, "quality": quality, "weapon": weapon, "modifier": modifier, "gm": gm}
    spends = {"atout": atout, "countered_by": countered_by, "helpers": helper, "change_die": change_die, "reroll": reroll}
    _test(ctx, campaign, character, characteristic, difficulty, True, **opts, **spends, healing=healing, purpose=purpose, hidden=hidden)


@app.command("conflict")
def conflict_(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    characteristic: str = typer.Argument(..., help="The character's characteristic."),
    opponent: str = typer.Argument(..., help="The opponent's name."),
    theirs: str = typer.Argument(..., help="The opponent's characteristic."),
    domain: str = DOMAIN,
    related: str = RELATED,
    quality: str = QUALITY,
    weapon: str = WEAPON,
    modifier: int = MODIFIER,
    atout: bool = ATOUT,
    their_related: str = typer.Option("close", "--their-related", help="How the opponent's field relates: close, related or distant."),
    their_quality: str = typer.Option("average", "--their-quality", help="The opponent's gear quality."),
    their_weapon: str = typer.Option("none", "--their-weapon", help="The opponent's weapon class."),
    their_modifier: int = typer.Option(0, "--their-modifier", callback=MODIFIER_RANGE, help="The opponent's other ranks."),
    their_atout: bool = typer.Option(False, "--their-atout", help="The opponent spends an Atout for +1 rank."),
    purpose: str = PURPOSE,
    gm: bool = GM,
) -> None:
    """A simple conflict: both roll 4dF on their rank, with their gear, weapon, Atout and Revers;
    the higher final rank wins; nothing lasting follows."""
    from chronique.domain.rulesets.microfudge.describe import conflict_verdict
    from chronique.domain.rulesets.microfudge.play import Contender, conflict
    from chronique.domain.rulesets.microfudge.rules import quality_modifier, weapon_bonus

    def side(wanted: str, relatedness: str, gear: str, arm: str, situation: int, spends: bool) -> Contender:
        modifiers = {"quality": quality_modifier(gear), "weapon": weapon_bonus(arm), "situation": situation}
        return Contender(wanted, relatedness, domain, modifiers, spends)

    def act(world: object) -> object:
        mine = side(characteristic, related, quality, weapon, modifier, atout)
        other = side(theirs, their_related, their_quality, their_weapon, their_modifier, their_atout)
        return conflict(world, character, mine, opponent, other, purpose)  # type: ignore[arg-type]

    outcome: Any = _act(ctx, campaign, act, gm)
    for rolled in outcome.sides:
        typer.echo(_rolled(rolled))
    typer.echo(conflict_verdict(outcome.winner))


def _rolled(side: dict[str, Any]) -> str:
    """One side of a simple conflict in words: rank, what changed it, dice and final rank."""
    from chronique.domain.rulesets.microfudge.describe import rolled_on

    return f"{side['name']} rolls {rolled_on(side)}: {_final(side['dice'], side['final'])}"


@app.command("setback")
def setback(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    severity: int = typer.Option(..., "--severity", help="1 Revers, 2 Revers sérieux, 3 Revers décisif."),
    domain: str = DOMAIN,
    healing: str | None = HEALING,
    source: str = typer.Option("", "--source", help="What inflicted it: shown in the log."),
    vehicle: str | None = typer.Option(
        None,
        "--vehicle",
        help="Damage to the vehicle the character drives, by its kind (sedan, truck…; L429): listed under the sheet's vehicles.",
    ),
) -> None:
    """Record a Revers (from a hazardous conflict or the Narrator's fixed count)."""
    from chronique.domain.rulesets.microfudge.describe import setback_taken
    from chronique.domain.rulesets.microfudge.events import SetbackSuffered
    from chronique.domain.rulesets.microfudge.play import suffer
    from chronique.domain.rulesets.microfudge.rules import usual_healing, vehicle_name

    # L429: a vehicle's damage weighs on driving (ruling M105); with --vehicle, --domain unsaid means it.
    kind = "vehicle" if vehicle is not None and not typed_options(ctx, ["domain"]) else domain

    def act(world: World) -> Told[dict[str, Any], str]:
        named = vehicle_name(vehicle) if vehicle is not None else None
        done = suffer(world, character, severity, kind, healing or usual_healing(kind), source, vehicle=named)
        # The log's own sentence, as a hazardous Test's line says its Revers (ruling M63), and the
        # number first aid and care name it by.
        taken = setback_taken(world.recorded_last(character, SetbackSuffered))
        return Told(done, f"{world.character(character).name} {taken}")

    typer.echo(run(ctx, lambda s: s.act(campaign, act)).words)


@app.command("first-aid")
def first_aid_(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    patient: str = CHARACTER,
    healer: str = typer.Option(..., "--healer", help="Who gives first aid (rolls Médecine, or the --field named)."),
    setback_id: int = typer.Option(..., "--setback", help="The Revers treated (its id on the sheet)."),
    quality: str = QUALITY,
    field: str = typer.Option(
        "Médecine", "--field", help="The field the healer rolls: Médecine, or the field of the Narrator's own list that serves (L359)."
    ),
    atout: int = TEST_ATOUT,
    countered_by: list[str] = COUNTERED,
    helper: list[str] = HELPERS,
    change_die: bool = CHANGE_DIE,
    reroll: bool = REROLL,
    gm: bool = GM,
) -> None:
    """First aid: a Médecine Test against Moyenne / Difficile / Très difficile by severity."""
    from chronique.domain.rulesets.microfudge.describe import against, dice, first_aid_outcome, first_aid_roll, played
    from chronique.domain.rulesets.microfudge.events import AtoutPlayed, FirstAidGiven
    from chronique.domain.rulesets.microfudge.play import TestAtouts, first_aid
    from chronique.domain.rulesets.microfudge.rules import quality_modifier

    def act(world: World) -> str:
        # L737-L765: the Atouts a Test takes act on first aid's Médecine Test too (ruling M124).
        spends = TestAtouts(atout, tuple(countered_by), tuple(helper), reroll, change_die)
        first_aid(world, patient, healer, setback_id, quality_modifier(quality), spends, field)
        given: Any = world.recorded_last(patient, FirstAidGiven)
        # L359: the Médecine Test as a Test reads (rank, gear, Atouts, Revers, dice), then what it did.
        test = given.test
        voided = test.get("voided", [])
        again = f"[{dice(list(voided))}] rerolled with an Atout: " if voided else ""
        rolled = f"{first_aid_roll(test)}: {again}{_final(test['dice'], test['final'])} {against(test['required'])}"
        name = world.character(patient).name
        whose = "their own" if given.healer == name else f"{name}'s"
        line = f"{given.healer} tends {whose} Revers {setback_id}: {rolled}: {first_aid_outcome(given)}"
        return "\n".join([line, *(f"{who} {played(e)}" for who, e in world.recorded_by(AtoutPlayed))])

    typer.echo(_act(ctx, campaign, act, gm))


@app.command("care")
def care(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    care_: str = typer.Option("average", "--care", help="Quality of care: none, inferior, average, good, superior."),
    rest: str = typer.Option("rested", "--rest", help="rested, or unrested (the character does not rest enough)."),
    setback_id: int = typer.Option(None, "--setback", help="One Revers (its id on the sheet); default: every Revers that heals."),
) -> None:
    """Set how care and rest pace the recovery of Revers: shorter with good care, longer without rest."""
    from chronique.domain.rulesets.microfudge.describe import describe
    from chronique.domain.rulesets.microfudge.events import RecoveryPaced
    from chronique.domain.rulesets.microfudge.play import pace_recovery

    def act(world: World) -> Told[list[dict[str, Any]], list[str]]:
        paced = pace_recovery(world, character, care_, rest, setback_id)
        # T2c (L341): each Revers's new pace as the log says it ("each step takes 150% of its usual time").
        return Told(paced, [f"{name}: {describe(e)}" for name, e in world.recorded_by(RecoveryPaced)])

    for line in run(ctx, lambda s: s.act(campaign, act)).words:
        typer.echo(line)


@app.command("raise")
def raise_(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    characteristic: str = typer.Argument(..., help="The characteristic raised one rank."),
    why: str = typer.Option("", "--why", help="The in-fiction justification (required during a session)."),
    pool: str = typer.Option(
        None,
        "--pool",
        help=(
            "reserve or experience: the Atouts that pay between sessions"
            " (default: the experience if it pays it all, else the reserve if it does, else both,"
            " experience first; in play, the reserve)."
        ),
    ),
    gm: bool = GM,
) -> None:
    """Raise a characteristic one rank: reserve Atouts in play, any Atouts between sessions."""
    from chronique.domain.rulesets.microfudge.describe import atouts_held, raise_paid, rank
    from chronique.domain.rulesets.microfudge.events import CharacteristicRaised
    from chronique.domain.rulesets.microfudge.play import raise_characteristic
    from chronique.domain.text import fold

    def act(world: World) -> Told[int, str]:
        value = raise_characteristic(world, character, characteristic, why, pool=fold(pool) if pool else None)
        # Named as the sheet spells it, whatever was typed ("medecine", an alias such as Conduite);
        # then which Atouts paid, as the log says it: the reserve and experience are not spent
        # alike (L119-L125, L213; ruling M65).
        raised = world.recorded_last(character, CharacteristicRaised)
        return Told(
            value, f"{world.character(character).name}: {raised.characteristic} is now {rank(value)}, paid with {raise_paid(raised)}"
        )

    def raised(s: Chronique) -> Told[int, str]:
        told = _acting(s, campaign, act, gm)
        # What is left, as the sheet counts it: the players' sheet unless --gm, which holds the
        # Atouts as they last saw them while a hidden roll paid one face down (FP9, ruling M90).
        _, shown = s.sheet_now(campaign, character, gm)
        veil = shown.veil()
        until = "" if veil is None else f" (as the players' sheet stands until {_ends(veil)} is over)"
        return Told(told.result, f"{told.words}; Atouts left: {atouts_held(shown.condition['atouts'])}{until}")

    typer.echo(run(ctx, raised).words)


@atout_app.command("spend")
def atout_spend(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    use: str = typer.Argument(
        ...,
        help="save-your-skin, narrative, monologue or arrive-in-time (the +1, help, a changed die or card, a reroll and a "
        "counter are declared with their roll: --atout, --helper, --change-die, --reroll, --countered-by on the Test, "
        "atout, help=NAME, change= in a draw's --side; taking a Revers with `atout take-revers`).",
    ),
    note: str = typer.Option("", "--note", help="What happens: shown in the log."),
    pool: str = typer.Option(None, "--pool", help="reserve or experience (default: experience first)."),
    gm: bool = GM,
) -> None:
    """Spend Atouts on one of their uses in play."""
    from chronique.domain.rulesets.microfudge.describe import describe
    from chronique.domain.rulesets.microfudge.events import AtoutSpent, SetbackStabilized
    from chronique.domain.rulesets.microfudge.play import spend_atout

    def act(world: World) -> Told[str, str]:
        paid = spend_atout(world, character, use, note, pool)
        # The log's sentences (ruling M74): the Atout spent, then each critical wound that saving
        # one's skin stabilized (L127-L131, L343), which heals on its own clock from now.
        said = [describe(e) for _, e in world.recorded_by(AtoutSpent) + world.recorded_by(SetbackStabilized)]
        who = world.character(character).name
        return Told(paid, "\n".join(f"{who} {line}" for line in said))

    typer.echo(_act(ctx, campaign, act, gm).words)


@atout_app.command("take-revers")
def atout_take_revers(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    other: str = typer.Argument(..., help="Whose Revers the character takes, by interposing."),
    setback_id: int = typer.Option(..., "--setback", help="The Revers taken (its id on the other's sheet)."),
    note: str = typer.Option("", "--note", help="How the character interposes: shown in the log."),
    gm: bool = GM,
) -> None:
    """Spend an Atout to bear another character's Revers in its place."""
    from chronique.domain.rulesets.microfudge.describe import describe, setback_taken
    from chronique.domain.rulesets.microfudge.events import AtoutSpent, SetbackSuffered
    from chronique.domain.rulesets.microfudge.play import take_revers

    def act(world: World) -> Told[dict[str, Any], str]:
        taken = take_revers(world, character, other, setback_id, note)
        # The log's two sentences (L763-L765): the Atout paid, then the Revers borne, as `setback`
        # says one, with its number on the sheet and how it heals (rulings M63, M67).
        who = world.character(character).name
        paid = describe(world.recorded_last(character, AtoutSpent))
        borne = setback_taken(world.recorded_last(character, SetbackSuffered))
        return Told(taken, f"{who} {paid}\n{who} {borne}")

    typer.echo(_act(ctx, campaign, act, gm).words)


def _atout_count(param: typer.CallbackParam, value: str | None) -> int | None:
    """The Atout count read as a whole number, a negative one included (taking Atouts back), within the
    game's range; anything else refused in one line, exit 2."""
    if value is None:
        return None
    from chronique.domain.errors import RuleViolation
    from chronique.domain.text import quoted, recordable

    written = value.strip()
    if not re.fullmatch(r"[+-]?\d+", written):
        try:
            # A callback runs before the command's words are checked (issue 18): a line break
            # typed in COUNT would break the refusal's one line.
            # Ruling M140: named in words, as BD24 names it out of range, not by its placeholder.
            recordable(written, "the number of Atouts")
        except RuleViolation as error:
            raise fail(str(error)) from None
        raise fail(f"the number of Atouts is a whole number, negative to take some back (e.g. 2 or -1), not {quoted(written)}")
    return ATOUTS_RANGE(param, int(written))


@atout_app.command("award", context_settings={"ignore_unknown_options": True})
def atout_award(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    count: str = typer.Argument(..., callback=_atout_count, help="Experience Atouts given (negative to take back: -1)."),
    reason: str = typer.Option("", "--reason", callback=bounds.trimmed, help="Why: shown in the log."),
    beyond: bool = typer.Option(
        False,
        "--beyond-the-adventure",
        help="Give a Streamlined character more than the 3 Atouts of a complete adventure, which L717 allows only in principle.",
    ),
    gm: bool = GM,
) -> None:
    """The Narrator awards experience Atouts beyond the session-end one, or takes some back."""
    from chronique.domain.rulesets.microfudge.play import award
    from chronique.domain.rulesets.words import plural

    number = int(count)

    def awarded(world: World) -> str:
        award(world, character, number, reason, beyond)
        return world.character(character).name

    name = _act(ctx, campaign, awarded, gm)
    verb = "gains" if number > 0 else "loses"
    typer.echo(f"{name} {verb} {plural(abs(number), 'experience Atout')}")


@app.command("adventure-end")
def adventure_end(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    note: str = typer.Option("", "--note", callback=bounds.trimmed, help="Which adventure ends: shown in the log."),
) -> None:
    """End a complete adventure: each Streamlined character may receive 3 experience Atouts again (L717)."""
    from chronique.domain.rulesets.microfudge.play import end_adventure
    from chronique.domain.rulesets.words import joined

    names = run(ctx, lambda s: s.act(campaign, lambda world: end_adventure(world, note)))
    most = _tables().streamlined.adventure_awards
    typer.echo(f"the adventure ends: {joined(names)} may receive {most} experience Atouts in the next (L717)")


SIDE_HELP = (
    "One participant: NAME:CHARACTERISTIC[:key=value,...]. Keys: an opponent's name = attack cards on it; "
    "def=N defence cards; weapon=light|medium|heavy|massive; mod=N other cards; surprise=-N (first draw); "
    "conditions=-N; range=WEAPON@METRES (a shot's target: its extra defence cards, L369); cover=N (the side's cover: "
    "with range=, N more defence cards, L369; without, 1 or 2 cards off each attack on it, L425); armour=light|medium|heavy; "
    "armour-era / weapon-era=ancient|modern|future (default modern: a modern weapon, a firearm, ignores ancient armour, "
    "a future weapon ignores older armour, and each success of future armour cancels two of an older weapon's, "
    "L498-L502); healing=daily|weekly (how the Revers it inflicts heal; "
    "default weekly with a weapon, daily without, L339-L341); domain=physical|social; "
    "out (out of range); chase or ram (the manoeuvre); vehicle=motorbike|sedan|truck|...; "
    "size=small|medium|large|huge (ramming or rammed; default small); terrain=N (speed cards in a chase); "
    "vehicle-era=ancient|modern|future; "
    "related=related|distant (a field less close to the task: −1 or −2 cards, Faible minimum, L283-L291); "
    "atout (+1 card for 1 Atout); help=NAME (NAME pays 2 Atouts for +1 card; once per helper); "
    "change=attack|defence (1 Atout turns the first failing card there into a success); "
    "suppress (its spare defence covers teammates: covering fire in a fight, covering them in a chase)."
)


# The keys of a side that stand alone, and what each key with a value wants after its "=" (any
# other key is an opponent's name, wanting its attack cards).
_FLAGS = frozenset({"out", "atout", "suppress", "chase", "ram"})
_WANTED = {
    "help": "the name of the character who helps (help=NAME, L761)",
    "change": "attack or defence, where the Atout changes a card (L743)",
    "vehicle": "the vehicle's kind",
    "size": "the vehicle's size (small, medium, large, huge)",
    "weapon": "the weapon's class (none, light, medium, heavy, massive)",
    "armour": "the armour's class (none, light, medium, heavy)",
    "range": "the weapon and the distance (range=WEAPON@METRES)",
    "armour-era": "the armour's era (ancient, modern, future)",
    "weapon-era": "the weapon's era (ancient, modern, future)",
    "vehicle-era": "the vehicle's era (ancient, modern, future)",
    "healing": "how the Revers heal (daily or weekly)",
    "domain": "the kind of action (physical or social)",
    "related": "how the field relates to the task (related or distant)",
}


def parse_side(text: str) -> Side:
    """A ``Side`` from the command line's compact form (see ``SIDE_HELP``)."""
    from chronique.domain.errors import RuleViolation
    from chronique.domain.rulesets.microfudge.conflict import Side
    from chronique.domain.rulesets.microfudge.rules import armour_bonus, range_defence, weapon_bonus
    from chronique.domain.text import fold, quoted

    parts = text.split(":")
    if len(parts) not in (2, 3) or not parts[0].strip() or not parts[1].strip():
        raise RuleViolation(f"a side is NAME:CHARACTERISTIC[:key=value,...], not {quoted(text)}")
    options: dict[str, object] = {"attack": {}, "modifiers": {}, "extra_defence": {}}
    seen: set[str] = set()
    for item in filter(None, (p.strip() for p in (parts[2] if len(parts) == 3 else "").split(","))):
        typed, equals, raw = item.partition("=")
        key = typed.strip().lower()
        if key in _FLAGS and equals:
            raise RuleViolation(f"{key} takes no value, not {quoted(item)}")
        if equals and not key:
            # "…,=" once read "= is missing a whole number of cards": the name before it is what is missing.
            raise RuleViolation(f"{quoted(item)} is missing what comes before its =: an opponent's name or an option, in {quoted(text)}")
        if equals and not raw.strip():
            # "help=" once looked for a character named '' ("no character ''"): say what is missing.
            raise RuleViolation(f"{typed.strip()}= is missing {_WANTED.get(key, 'a whole number of cards')}")
        if key in seen and key != "help":
            # "vehicle=sedan,vehicle=truck" once drove the truck, the sedan dropped unsaid.
            raise RuleViolation(f"{typed.strip()} is given twice in {quoted(text)}: say it once")
        if key in ("chase", "ram") and "manoeuvre" in options:
            raise RuleViolation(f"a side chases or rams in a draw, not both (L427-L429): {quoted(text)}")
        seen.add(key)
        try:
            if key in ("out", "atout", "suppress") and not raw:
                options[{"out": "out_of_range"}.get(key, key)] = True
            elif key == "help":
                options["helpers"] = (*options.get("helpers", ()), raw.strip())  # type: ignore[misc]
            elif key == "change":
                options["change"] = raw.strip()
            elif key in ("chase", "ram") and not raw:
                options["manoeuvre"] = key
            elif key in ("vehicle", "size"):
                options[key] = raw.strip()
            elif key == "def":
                options["defence"] = int(raw)
            elif key == "weapon":
                bonus = weapon_bonus(raw)
                if fold(raw) != "none":  # a weapon's wounds heal weekly by default (ruling M57)
                    options["modifiers"]["weapon"] = bonus  # type: ignore[index]
            elif key in ("mod", "surprise", "conditions", "terrain"):
                options["modifiers"][key] = int(raw)  # type: ignore[index]
            elif key == "cover":
                options["extra_defence"]["cover"] = int(raw)  # type: ignore[index]
            elif key == "range":
                weapon, at, metres = raw.partition("@")
                if not at or not metres.strip().lstrip("+-").isdigit():
                    # «b – Armes» L459-L483: a band is a weapon's at a distance; "range=pistol" read
                    # "“range=pistol” needs a whole number".
                    raise RuleViolation(f"range takes {_WANTED['range']}, not {quoted(item)}")
                options["extra_defence"]["range"] = range_defence(weapon, int(metres))  # type: ignore[index]
            elif key == "armour":
                options["armour"] = armour_bonus(raw)
            elif key in ("armour-era", "weapon-era", "vehicle-era", "healing", "domain"):
                options[key.replace("-", "_")] = raw.strip()
            elif key == "related":
                options["relatedness"] = raw.strip()  # L283-L291: rated before each draw, as before each roll
            elif raw:
                # An opponent's name as typed: a refusal repeats it so, not lowercased ('Nobody').
                options["attack"][typed.strip()] = int(raw)  # type: ignore[index]
            else:
                raise RuleViolation(f"unknown side option {quoted(item)}")
        except RuleViolation:
            raise  # a ValueError too, but one that names its own problem (an unknown weapon class)
        except ValueError:
            raise RuleViolation(f"{quoted(item)} needs a whole number") from None
    if "vehicle_era" in options and "vehicle" not in options:
        # «d - Véhicules» L528-L534: an era outruns or ignores a vehicle's Robustesse; without one it counted for nothing.
        raise RuleViolation(f"vehicle-era is the era of a vehicle: name it with vehicle= in {quoted(text)}")
    return Side(parts[0].strip(), parts[1].strip(), **options)  # type: ignore[arg-type]


@app.command("sequence")
def sequence(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    participants: list[str] = typer.Argument(..., help="Participants' names; NAME=TEAM groups a side."),
    goal: str = typer.Option("", "--goal", help="What the Sequence decides: shown in the log."),
    collective: bool = typer.Option(False, "--collective", help="A collective Sequence: the side with most successes wins a draw."),
    safe: bool = typer.Option(False, "--safe", help="Not hazardous: its Revers are not written on the sheets."),
    gm: bool = GM,
) -> None:
    """Open a Sequence of a hazardous conflict and reshuffle the 40-card conflict deck."""
    from chronique.domain.rulesets.microfudge.conflict import start_sequence
    from chronique.domain.rulesets.microfudge.describe import SAFE, lineup
    from chronique.domain.rulesets.microfudge.events import sequence_of

    names = [p.partition("=")[0] for p in participants]
    teams = {n: t for n, _, t in (p.partition("=") for p in participants) if t}

    def act(world: World) -> Told[int, str]:
        number = start_sequence(world, names, goal, teams, collective, not safe)
        started = sequence_of(world.character(names[0]))  # the sides as recorded, names as on the sheets
        # Who is against whom, as the log says it (ruling M128), names as on the sheets.
        sides = lineup(started["participants"], started["teams"]) if started else lineup([world.character(n).name for n in names], {})
        kind = SAFE if safe else ""  # L319, ruling M117: said as the log says it
        return Told(number, f"Sequence {number}{kind}: {sides}")

    typer.echo(_act(ctx, campaign, act, gm).words)


@app.command("conflict-card")
def conflict_card(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    sides: list[str] = typer.Option(..., "--side", help=SIDE_HELP),
    purpose: str = PURPOSE,
    gm: bool = GM,
) -> None:
    """One draw of the open Sequence: every side draws, then the Revers are recorded."""
    from chronique.domain.rulesets.microfudge.conflict import draw
    from chronique.domain.rulesets.microfudge.describe import CHASE_REVERS, SAFE_REVERS, pool_terms, revers_on, won
    from chronique.domain.rulesets.microfudge.draws import COVER
    from chronique.domain.rulesets.words import cards, joined
    from chronique.domain.text import plural

    result: Any = _act(ctx, campaign, lambda w: draw(w, [parse_side(t) for t in sides], purpose), gm)
    if not result.sides:
        typer.echo(f"{won(result.winner, result.side, 'outruns')} the older vehicles: the Sequence ends without a draw")
        return
    for name, side in result.sides.items():
        # «Conflits hasardeux» L307-L330: a side's cards go to attacks on named opponents and to
        # its defence; each attack's successes left over inflict Revers.
        attacks = [f"attacks {t} with {cards(a['cards'])}" for t, a in side["attack"].items()]
        guard = _guard(side["defence"], side["armour"], side.get("armour_against", {}))
        # One Revers of severity v, named as the target's sheet will (L343); a safe Sequence's by
        # its severity, no wound, for none reaches the sheet (L319, ruling M117).
        # A ram's on the vehicle it damaged (L429, ruling M105).
        domain = {t: s["domain"] if result.hazardous else None for t, s in result.sides.items()}
        hits = [revers_on(v, t, domain[t], side["manoeuvre"], result.sides[t]["vehicle"]) for t, v in side["inflicted"].items() if v]
        banked = f", {plural(side['banked'], 'success', 'successes')} of defence banked" if side["banked"] else ""
        changed = f", an Atout turns {cards([side['changed']])} into a success" if side["changed"] else ""
        covers = [f"{n} cancelled for {t}" for t, n in side["defence"].get("covered", {}).items()]
        covered = f", {COVER[side['manoeuvre']]}: {joined(covers)}" if covers else ""  # ruling M108
        attacked, inflicted = joined(attacks) if attacks else "attacks no one", joined(hits) if hits else "no Revers"
        # L427: a chase's Revers are ground, never wounds, said live as the log says them (ruling M110).
        inflicted += CHASE_REVERS if hits and side["manoeuvre"] == "chase" else ""
        inflicted += SAFE_REVERS if hits and not result.hazardous else ""
        # L307-L309: the card count is the rank with its modifiers, listed as a Test lists them; a
        # psychic domain's use spends a Potentiel point (L564-L566, L607).
        left = side.get("potentiel_left")
        used = f"; 1 Potentiel of {side['characteristic']} spent, {left} left" if left is not None else ""
        typer.echo(f"{name} ({pool_terms(side)}{used}): {attacked}; {guard} — {inflicted}{banked}{changed}{covered}")
    verdict = f"{won(result.winner, result.side, 'wins')} the draw" if result.winner else "a tie"
    typer.echo(f"draw {result.draw}: {verdict}{_ending(result)}")


_EXTRA_DEFENCE = {"cover": "cover", "range": "range", "endurance": "Endurance accrue", "robustesse": "Robustesse"}
"""The defence cards a side draws beyond its own split, by what gives them: cover and range in
ranged combat («Combat à distance» L365-L369), Endurance accrue's natural armour (L641) and the
vehicle's Robustesse for its occupants ([option] L431)."""


def _guard(defence: dict[str, Any], armour: dict[str, Any], against: dict[str, tuple[str, int]]) -> str:
    """A side's defence as its line says it: every card it drew to defend, with the cards beyond
    its own split by what gave them, then its worn armour's cards, drawn apart («c – Armures»
    L485-L502): "defends with 7♠ 3♠ 7♣ (cover +1); armour draws 2♥ 3♦" (ruling M125). It once
    showed the defence cards alone, so a side of two cards defended with three and the armour's
    success that cancelled an attack was nowhere. ``against`` holds, per attacker, its weapon's
    era and what one armour success cancels of it, said as the log says it (rulings M130, M142)."""
    from chronique.domain.rulesets.microfudge.describe import armour_drawn
    from chronique.domain.rulesets.words import cards
    from chronique.domain.sheetview import signed

    said = []
    if defence["cards"]:
        extra = [f"{_EXTRA_DEFENCE.get(k, k)} {signed(n)}" for k, n in defence.get("extra", {}).items() if n]
        said.append(f"defends with {cards(defence['cards'])}" + (f" ({', '.join(extra)})" if extra else ""))
    if armour["cards"]:
        said.append(armour_drawn(armour["cards"], against))
    return "; ".join(said) or "no card in defence"


def _ending(result: Any) -> str:
    """How a draw ended its Sequence, if it did: a Décisif (L313), or an NPC whose lighter
    threshold it reached put out of the fight (L453), no Décisif; the winner achieves their goal."""
    from chronique.domain.rulesets.microfudge.conflict import dealt_a_decisif
    from chronique.domain.rulesets.microfudge.describe import achieves
    from chronique.domain.rulesets.words import joined

    if not result.ended:
        return ""
    out = [n for n, side in result.sides.items() if side["outcome"] == "decisive"]
    decisif = dealt_a_decisif([result.sides[n]["received"] for n in out])
    who = "" if decisif or not out else f"{joined(out)} {'is' if len(out) == 1 else 'are'} out of the fight (L453), "
    return f"; the Sequence ends: {who}{achieves(result.winner, result.side)}"


@app.command("upper-hand")
def upper_hand(ctx: typer.Context, campaign: str = CAMPAIGN, character: str = CHARACTER, gm: bool = GM) -> None:
    """After seeing the last draw: forgo the Revers it inflicted for twice as many cards next draw."""
    from chronique.domain.rulesets.microfudge.conflict import UpperHand, take_upper_hand
    from chronique.domain.rulesets.microfudge.describe import revers_on, won
    from chronique.domain.rulesets.words import joined, plural

    def act(world: World) -> Told[UpperHand, str]:
        taken = take_upper_hand(world, character)
        # L343, L429 (ruling M105): each forgone Revers named as the draw named it, a ram's on the vehicle.
        forgone = joined([revers_on(n, t, taken.domains[t], taken.manoeuvre, taken.vehicles.get(t)) for t, n in taken.forgone.items()])
        took = f"{world.character(character).name} forgoes {forgone} and takes the upper hand"
        now = f"{won(taken.winner, taken.side, 'now wins')} the draw" if taken.winner else "the draw is now a tie"
        return Told(taken, f"{took}: {plural(taken.cards, 'extra card')} in the next draw\n{now}")

    typer.echo(_act(ctx, campaign, act, gm).words)


@app.command("abridge")
def abridge_(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    agreed: bool = typer.Option(False, "--agreed", help="After a tied draw: the other side agrees to stop."),
    gm: bool = GM,
) -> None:
    """End the Sequence as the last draw's winner (or by agreement after a tie)."""
    from chronique.domain.rulesets.microfudge.conflict import abridge, teammates
    from chronique.domain.rulesets.microfudge.describe import won

    def act(world: World) -> Told[str, str]:
        side = teammates(world, character)  # read before the Sequence ends (L323: the abridger's side wins)
        winner = abridge(world, character, agreed)
        said = f"the Sequence ends: {won(winner, side, 'achieves')} the goal" if winner != "nobody" else "the Sequence ends by agreement"
        return Told(winner, said)

    typer.echo(_act(ctx, campaign, act, gm).words)


@app.command("sequence-stop")
def sequence_stop(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = typer.Argument(..., help="A participant of the Sequence to end (they may be critical)."),
) -> None:
    """The Narrator ends the Sequence without a winner (a scene cut, L297), even one whose
    participant fell critical before a draw (ruling M52): the Narrator acts, not the character."""
    from chronique.domain.rulesets.microfudge.conflict import stop

    number = run(ctx, lambda s: s.act(campaign, lambda w: stop(w, character)))
    typer.echo(f"Sequence {number} ended by the Narrator, no winner")


@app.command("power")
def use_a_power(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    power: str = typer.Argument(..., help="The power, e.g. resistance-thermique, guerison-acceleree, regeneration."),
    masked: bool = typer.Option(False, "--masked", help="A masked intrusion: required rank +1."),
    modifier: int = MODIFIER,
    setback_id: int = typer.Option(None, "--setback", help="The wound a healing power works on."),
    mode: str = typer.Option("", "--mode", help="A boost's mode: aptitude (+Présence), armour (Endurance accrue) or feat."),
    grams: int = typer.Option(
        0, "--grams", callback=TK_GRAMS_RANGE, help="Telekinesis: the load moved, in grams (sets the required rank)."
    ),
    sequences: int = typer.Option(
        1, "--sequences", callback=TK_SEQUENCES_RANGE, help="Telekinesis: how many Sequences the load stays moved."
    ),
    several: bool = typer.Option(False, "--several", help="Telekinesis: several objects (one step harder)."),
    domain: str = DOMAIN,
    resisted_by: str = typer.Option("", "--resisted-by", help="NAME:CHARACTERISTIC of a victim who resists: a simple conflict."),
    gm: bool = GM,
) -> None:
    """Use a paranormal power: a Test of its domain, less the Revers that weigh on the action; each
    attempt costs a Potentiel point."""
    from chronique.domain.rulesets.microfudge.describe import against, power_name, power_roll, power_verdict, process_name
    from chronique.domain.rulesets.microfudge.events import PowerUsed
    from chronique.domain.rulesets.microfudge.powers import PowerOutcome, Telekinesis, use_power
    from chronique.domain.text import quoted

    tk = Telekinesis(grams, sequences, several) if grams else None
    victim, _, resists_with = resisted_by.partition(":")
    if resisted_by and not (victim.strip() and resists_with.strip()):
        # Attached to its option, so the refusal names it as Click's own do: "invalid value for `--resisted-by`: …".
        option = next(p for p in ctx.command.params if isinstance(p, TyperOption) and p.name == "resisted_by")
        raise typer.BadParameter(f"a victim who resists is NAME:CHARACTERISTIC, not {quoted(resisted_by)}", ctx=ctx, param=option)
    resisted = (victim.strip(), resists_with.strip()) if resisted_by else None

    def act(world: World) -> Told[PowerOutcome, str]:
        o = use_power(world, character, power, masked, modifier, setback_id, mode, tk, domain, resisted)
        used = world.recorded_last(character, PowerUsed)
        # The domain's rank and what changed it (Revers, fatigue, other ranks), as the log says them.
        made = f"{world.character(character).name} uses {power_name(used.power)} and rolls {power_roll(vars(used))}"
        started = f", {process_name(o.process)} runs" if o.process else ""
        collapse = ", collapses" if o.collapsed else ""
        # L435: a resisted power is a simple conflict: the one who resists rolls too, no difficulty.
        then = f" {against(o.required)}" if o.resisted is None else f"; {_rolled(o.resisted)}"
        said = f"{made}: {_final(o.dice, o.final)}{then}: {power_verdict(vars(used))}"
        return Told(o, f"{said}, {o.potentiel} Potentiel left{started}{collapse}")

    typer.echo(_act(ctx, campaign, act, gm).words)


@app.command("rest")
def rest_(ctx: typer.Context, campaign: str = CAMPAIGN, character: str = CHARACTER) -> None:
    """A good night's rest now: spent Potentiel and lost Vigueur come back."""
    from chronique.domain.rulesets.microfudge.describe import rested
    from chronique.domain.rulesets.microfudge.events import PowersRested
    from chronique.domain.rulesets.microfudge.powers import boosts_ended, boosts_running, rest

    def act(world: World) -> Told[dict[str, int], str]:
        ending = boosts_running(world.character(character))
        restored = rest(world, character)
        name = world.character(character).name
        # The log's words: "Conscience +3" read as the domain's rank rising, and lost Vigueur went unsaid (ruling M135).
        return Told(restored, f"{name} rests: {rested(world.recorded_last(name, PowersRested))}{boosts_ended(ending)}")

    typer.echo(run(ctx, lambda s: s.act(campaign, act)).words)
