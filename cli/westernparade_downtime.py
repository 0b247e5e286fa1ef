"""``chronique western-parade downtime``: training plans and trick-shooting practice, improvement
rolls and check-marks, the aftermath of a gunfight, long-period activities (survival, banking,
speculation, bookkeeping, gold panning, hunting, long-distance running). Rules live in
chronique.domain.rulesets.westernparade (downtime, training, experience, long_skills)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import typer

from chronique.cli import bounds, render
from chronique.cli.context import fail, run
from chronique.cli.told import Told, named
from chronique.cli.westernparade_body import echo, logged
from chronique.domain.rulesets.westernparade import limits
from chronique.domain.text import plural, quoted

if TYPE_CHECKING:
    from chronique.domain.world import World

# The ranges of this game's numbers (domain/rulesets/westernparade/limits.py, issue 18).
PERCENT_RANGE = bounds.symmetric(limits.PERCENT)

downtime_app = typer.Typer(
    help="Downtime orders: training plans (§2.6-§2.7), practice, improvement rolls (§2.3-§2.5), long activities.", no_args_is_help=True
)

CAMPAIGN = typer.Argument(..., help="Campaign name or id.")
CHARACTER = typer.Argument(..., help="Character name.")


@downtime_app.command("plan")
def plan_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    target: str = typer.Argument(..., help="The skill, or the characteristic (FOR, END, AGI, INT, APP, CHR), to train."),
    hours: int = typer.Argument(
        ...,
        callback=bounds.within(0, limits.WEEK_HOURS),
        help="Hours a week (at most 20 count; 0 stops it; 50 a week in all).",
    ),
    teacher: str | None = typer.Option(None, "--teacher", help="The teacher: a character of the campaign, or a name with --teacher-level."),
    teacher_level: int | None = typer.Option(
        None,
        "--teacher-level",
        callback=PERCENT_RANGE,
        help="The teacher's skill % (or their modifier in the characteristic) when the teacher is not in the campaign.",
    ),
) -> None:
    """Set a training plan from now: hours a week on a skill or a characteristic, with a teacher."""
    from chronique.domain.rulesets.westernparade.downtime import plan_training

    # The plan as the log says it (its teacher, the hours that count, a characteristic's progress
    # lost for another, §2.7 L1459), then every target he trains now, which the log does not say.
    trainee: list[str] = []  # as his sheet spells him, whatever was typed; --json keeps the plan alone

    def act(world: World) -> Told[dict[str, Any], list[str]]:
        trainee.append(named(world, character))
        return logged(world, lambda: plan_training(world, character, target, hours, teacher, teacher_level))

    told = run(ctx, lambda s: s.act(campaign, act))
    echo(told)
    state = told.result
    plan = "; ".join(f"{k}, {plural(t['hours'], 'hour')} a week" for k, t in state["targets"].items() if t["hours"]) or "nothing"
    typer.echo(f"{trainee[-1]} now trains: {plan}")


@downtime_app.command("practice")
def practice_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    on: bool = typer.Option(True, "--on/--off", help="Start (two hours a day) or stop trick-shooting practice."),
) -> None:
    """Start or stop trick-shooting practice (a bonus to trick shots growing with each day of practice, §6.6.7)."""
    from chronique.domain.rulesets.westernparade.describe import practice_change_words
    from chronique.domain.rulesets.westernparade.downtime import set_practice

    told = run(ctx, lambda s: s.act(campaign, lambda w: Told(set_practice(w, character, on), named(w, character))))
    # Rulings WD29, WD30: the bonus in the log's words.
    typer.echo(f"{told.words} {practice_change_words(on, told.result, ordered=True)}")


@downtime_app.command("show")
def show_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    as_json: bool = typer.Option(False, "--json", help="Output JSON."),
) -> None:
    """A character's training, check-marks, pending improvement rolls and activities, as of now."""
    from chronique.domain.rulesets.westernparade.describe import pending_words, practice_words
    from chronique.domain.rulesets.westernparade.downtime import (
        activities_standing,
        activity_words,
        marks_standing,
        next_point,
        plan_words,
        practice_now,
        progress_words,
        standing,
    )

    def show(services: Any) -> None:
        world = services.world(campaign)
        who = world.character(character)
        state = standing(who, world.campaign.clock)
        calendar = services.calendar(world.campaign)
        marks = marks_standing(who)  # a dead man's rolls lapsed at his death (ruling WC42)
        data: dict[str, Any] = {
            "training": state,
            "practice_bonus": practice_now(who, world.campaign.clock),
            "next_points": {n: next_point(who, n) for n in who.condition["training"]["targets"]},
            "marks": marks,
            "activities": activities_standing(who),
        }
        if as_json:
            render.emit_plain(data)
            return
        typer.echo(f"{who.name} at {calendar.format(world.campaign.clock)}")
        dead = bool(who.condition.get("dead"))
        # The sheet's training section says the same (downtime.training_rows).
        for name, t in state["targets"].items():
            typer.echo(f"  {name}: {plan_words(t, state, dead)}, {progress_words(who, name, t, calendar)}")
        typer.echo(f"  trick practice: {practice_words(int(data['practice_bonus']), bool(state['practice']['practising']), dead)}")
        typer.echo("  check-marks: " + (", ".join(f"{k} {v}" for k, v in marks["checks"].items()) or "none"))
        for g in marks["pending"]:
            # As the log says it, with what eases it (ruling WD26): no brackets within brackets.
            typer.echo(f"  pending roll {g['id']} {pending_words(g)}")
        for g in marks["lapsed"]:
            # A dead man rolls nothing (ruling WC42): said as his activities are, "ended at death".
            typer.echo(f"  improvement roll {g['id']} {pending_words(g)}, never made: lapsed at death")
        for a in data["activities"]:
            typer.echo(f"  activity {a['id']}: {activity_words(a, calendar)}")

    run(ctx, show)


@downtime_app.command("grant")
def grant_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    target: str = typer.Argument(..., help="The skill or characteristic that may improve."),
    reason: str = typer.Option(..., "--reason", help="Why the roll is earned (shown in the log)."),
) -> None:
    """Grant an improvement roll, to be rolled later with `improve --grant`."""
    from chronique.domain.rulesets.westernparade.downtime import grant_improvement

    told = run(ctx, lambda s: s.act(campaign, lambda w: Told(grant_improvement(w, character, target, reason), named(w, character))))
    typer.echo(f"{told.words}: improvement roll {told.result['id']} in {told.result['target']} pending")


@downtime_app.command("improve")
def improve_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    grant: int | None = typer.Option(None, "--grant", help="The pending improvement roll to make."),
    target: str | None = typer.Option(None, "--target", help="Or: a skill or characteristic the GM grants a roll in now."),
    reason: str = typer.Option("", "--reason", help="Why (needed with --target)."),
) -> None:
    """Make an improvement roll: an open d100 strictly above the score (eased 5 per check-mark)."""
    from chronique.domain.rulesets.westernparade.downtime import roll_improvement

    # The roll as the log gives it: its faces, the check-marks and bonus that eased it, the score
    # it had to beat, the gain and its d4 or the check-marks now (§2.3, §2.5).
    echo(run(ctx, lambda s: s.act(campaign, lambda w: logged(w, lambda: roll_improvement(w, character, grant, target, reason)))))


@downtime_app.command("gunfight")
def gunfight_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    put_out: int = typer.Option(1, "--put-out", callback=bounds.within(0, limits.OPPONENTS), help="Opponents they put out of action."),
    duel: list[int] | None = typer.Option(
        None,
        "--duel",
        callback=bounds.within_each(0, limits.REP),
        help="The REP of an opponent beaten in a duel (repeatable).",
    ),
) -> None:
    """After an active part in a gunfight: EXP and SGF improvement rolls earned, to make with
    `improve --grant`, and a REP roll the timeline makes within the week (§2.4.1, §2.4.3)."""
    from chronique.domain.rulesets.westernparade.describe import eased_words
    from chronique.domain.rulesets.westernparade.downtime import gunfight

    def earn(world: World) -> tuple[str, list[dict[str, Any]]]:
        return world.character(character).name, gunfight(world, character, put_out, duel or [])

    # Nothing is rolled here (ruling WD20): each roll earned waits, and the words say so.
    name, grants = run(ctx, lambda s: s.act(campaign, earn))
    for g in grants:
        when = "the timeline rolls it within the week" if g["due_at"] is not None else f"roll it with `improve --grant {g['id']}`"
        typer.echo(f"{name}: improvement roll {g['id']} in {g['target']} earned{eased_words(g)}, not rolled yet: {when}")


# Ruling WC31: a capital as a player writes dollars (§6.8.1, §6.8.9; the seed prices in dollars,
# "\$ 30", L2978), with or without a $, cents after a point, thousands set off by commas.
_DOLLARS = re.compile(r"(?:\$ ?)?(?P<whole>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.(?P<cents>[0-9]{1,2}))?", re.ASCII)
_MOST_DOLLAR_DIGITS = 20  # beyond, the refusal counts the digits rather than repeat them


def capital_cents(text: str) -> int:
    """The capital typed for ``--capital`` in cents (ruling WC31): "$1,250.50", "1250.50", "$1250",
    "$ 1250" and "1250" are dollars. Raises ValueError on anything else."""
    found = _DOLLARS.fullmatch(text.strip())
    if found is None:
        raise ValueError(text)
    return int(found["whole"].replace(",", "")) * 100 + int((found["cents"] or "0").ljust(2, "0"))


def _capital(param: typer.CallbackParam, value: str | None) -> str | None:
    # A capital of no such form, or beyond the range (1 cent to $10,000,000.00, ruling BD11), is
    # refused in one line before the journal is opened.
    from chronique.domain.rulesets.westernparade.describe import dollars

    if value is None:
        return None
    try:
        cents = capital_cents(value)
    except ValueError:
        raise fail(f"`--capital` takes dollars (`$1,250.50`, `1250.50` or `1250`), not {quoted(value, 20)}") from None
    if not 1 <= cents <= limits.CAPITAL:
        digits = len(value.strip().lstrip("$ ").split(".")[0].replace(",", ""))
        got = f"a number of {digits:,} digits" if digits > _MOST_DOLLAR_DIGITS else dollars(cents)
        raise fail(f"`--capital` must be between {dollars(1)} and {dollars(limits.CAPITAL)} (got {got})")
    return value


@downtime_app.command("activity")
def activity_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    kind: str = typer.Argument(..., help="survival, banking, speculation, bookkeeping, panning, hunting or running."),
    skill: str | None = typer.Option(None, "--skill", help="Survival: Survie dans le désert or Survie dans les montagnes."),
    capital: str | None = typer.Option(
        None,
        "--capital",
        callback=_capital,
        help="Banking, speculation: the capital in dollars, as 1250, $1,250.50 or 1250.50.",
    ),
    yearly: bool = typer.Option(False, "--yearly", help="Speculation: a normal roll a year instead of a difficult one a month."),
    resources: bool = typer.Option(False, "--resources", help="Survival: some water, food and cartridges (+25% on the first roll)."),
    terrain: str | None = typer.Option(
        None,
        "--terrain",
        help="Hunting, Table 6.1: inconnu, connu, tres-connu, desertique, aride, normal, giboyeux, paradis; "
        "running: plat, accidente, impraticable.",
    ),
    barren: bool = typer.Option(False, "--barren", help="Panning: the river holds no gold."),
    wounds: int | None = typer.Option(
        None,
        "--wounds",
        callback=bounds.within(0, limits.PERCENT),
        hidden=True,  # refused: each day's run takes its wounds from the body (§6.17.2; ruling WB61)
        help="No longer taken: a run's wounds come from the body at each day's roll.",
    ),
) -> None:
    """Take up a long-period activity: the timeline rolls it every week, month, day or half-day."""
    from chronique.domain.rulesets.westernparade.describe import capital_words, period_words
    from chronique.domain.rulesets.westernparade.downtime import start_activity

    options: dict[str, Any] = {
        "capital": None if capital is None else capital_cents(capital),
        "yearly": yearly or None,
        "resources": resources or None,
        "terrain": terrain,
        "wounds": wounds,
    }
    if kind == "panning":
        options["auriferous"] = not barren
    told = run(ctx, lambda s: s.act(campaign, lambda w: Told(start_activity(w, character, kind, skill, **options), named(w, character))))
    act = told.result
    # The capital said back in dollars (ruling WC31), as the board and the advance say it.
    typer.echo(
        f"{told.words}: activity {act['id']} {act['kind']} ({act['skill']}), a roll {period_words(act['every_s'])}{capital_words(act)}"
    )


@downtime_app.command("stop")
def stop_cmd(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    activity: str = typer.Argument(..., help="The activity's id (see `downtime show`) or its kind, such as hunting."),
) -> None:
    """End a long-period activity."""
    from chronique.domain.rulesets.westernparade.downtime import stop_activity

    told = run(ctx, lambda s: s.act(campaign, lambda w: Told(stop_activity(w, character, activity), named(w, character))))
    typer.echo(f"{told.words}: activity {told.result['id']} ({told.result['kind']}) ended")
