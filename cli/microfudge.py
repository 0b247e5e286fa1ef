"""The MicroFudge CECJ table commands: Tests, hazardous Tests, conflicts, Revers, first aid, Atouts."""

from __future__ import annotations

import typer

from chronique.cli.context import run

app = typer.Typer(help="MicroFudge CECJ: 4dF Tests, Revers that heal over time, and Atouts.", no_args_is_help=True)
atout_app = typer.Typer(help="Atouts: spend them in play, or award experience Atouts.", no_args_is_help=True)
app.add_typer(atout_app, name="atout")

CAMPAIGN = typer.Argument(..., help="Campaign name or id.")
CHARACTER = typer.Argument(..., help="Character name.")
DIFFICULTY = typer.Option(
    "moyenne",
    "--difficulty",
    "-d",
    help="facile, simple, moyenne, difficile, tres-difficile, extreme, impossible, a rank label or a number.",
)
RELATED = typer.Option("close", "--related", help="How the field relates to the task: close, related (−1) or distant (−2), Faible minimum.")
DOMAIN = typer.Option("physical", "--domain", help="The kind of action or Revers: physical, social…")
QUALITY = typer.Option("average", "--quality", help="Gear quality: inferior (−1), average, good (+1), superior (+2).")
WEAPON = typer.Option("none", "--weapon", help="Weapon class: light, medium (+1), heavy (+2), massive (+3).")
MODIFIER = typer.Option(0, "--modifier", help="Other ranks: scale, conditions, help from others.")
ATOUT = typer.Option(False, "--atout", help="Spend an Atout for +1 rank on this roll (one per roll).")
HEALING = typer.Option("daily", "--healing", help="How the Revers heals: daily (blunt, social) or weekly (edged, firearms).")
PURPOSE = typer.Option("", "--purpose", help="What the roll is for: shown in the log.")
HIDDEN = typer.Option(False, "--hidden", help="A hidden GM roll, sealed until its epoch is revealed.")


def _test(ctx: typer.Context, campaign: str, character: str, wanted: str, difficulty: str, hazardous: bool, **options: object) -> None:
    from chronique.domain.rulesets.microfudge.play import TestRequest, roll_test
    from chronique.domain.rulesets.microfudge.rules import label, parse_difficulty, quality_modifier, weapon_bonus

    def act(world: object) -> str:
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
            atout=bool(options["atout"]),
            hazardous=hazardous,
            healing=str(options["healing"]),
            purpose=str(options["purpose"]),
            hidden=bool(options["hidden"]),
        )
        r = roll_test(world, character, request)  # type: ignore[arg-type]
        dice = " ".join({1: "+", 0: "0", -1: "−"}[d] for d in r.dice)
        verdict = "success" if r.success else "failure"
        out = f"{character} rolls {wanted}: [{dice}] final {label(r.final)} ({r.final}) vs {r.required}: {verdict}"
        return out + (f", {r.setbacks} Revers" if r.setbacks else "")

    typer.echo(run(ctx, lambda s: s.act(campaign, act)))


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
    atout: bool = ATOUT,
    purpose: str = PURPOSE,
    hidden: bool = HIDDEN,
) -> None:
    """Roll 4dF for a Test: success when the final rank reaches the difficulty's required rank."""
    opts = {"related": related, "domain": domain, "quality": quality, "weapon": weapon, "modifier": modifier}
    _test(ctx, campaign, character, characteristic, difficulty, False, **opts, atout=atout, healing="daily", purpose=purpose, hidden=hidden)


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
    atout: bool = ATOUT,
    healing: str = HEALING,
    purpose: str = PURPOSE,
    hidden: bool = HIDDEN,
) -> None:
    """A hazardous Test: on failure, one Revers per rank below the required rank (max 3)."""
    opts = {"related": related, "domain": domain, "quality": quality, "weapon": weapon, "modifier": modifier}
    _test(ctx, campaign, character, characteristic, difficulty, True, **opts, atout=atout, healing=healing, purpose=purpose, hidden=hidden)


@app.command("conflict")
def conflict_(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    characteristic: str = typer.Argument(..., help="The character's characteristic."),
    opponent: str = typer.Argument(..., help="The opponent's name."),
    theirs: str = typer.Argument(..., help="The opponent's characteristic."),
    purpose: str = PURPOSE,
) -> None:
    """A simple conflict: both roll 4dF, the higher final rank wins; nothing lasting follows."""
    from chronique.domain.rulesets.microfudge.play import conflict

    winner = run(ctx, lambda s: s.act(campaign, lambda w: conflict(w, character, characteristic, opponent, theirs, purpose)))
    typer.echo("a tie" if winner == "tie" else f"{winner} wins")


@app.command("setback")
def setback(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    severity: int = typer.Option(..., "--severity", help="1 Revers, 2 Revers sérieux, 3 Revers décisif."),
    domain: str = DOMAIN,
    healing: str = HEALING,
    source: str = typer.Option("", "--source", help="What inflicted it: shown in the log."),
) -> None:
    """Record a Revers (from a hazardous conflict or the Narrator's fixed count)."""
    from chronique.domain.rulesets.microfudge.play import suffer

    done = run(ctx, lambda s: s.act(campaign, lambda w: suffer(w, character, severity, domain, healing, source)))
    state = "critical, needs care" if not done["stabilized"] else f"heals {healing}"
    typer.echo(f"{character}: Revers {done['id']} of −{severity} ({domain}, {state})")


@app.command("first-aid")
def first_aid_(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    patient: str = CHARACTER,
    healer: str = typer.Option(..., "--healer", help="Who gives first aid (rolls Médecine)."),
    setback_id: int = typer.Option(..., "--setback", help="The Revers treated (its id on the sheet)."),
    quality: str = QUALITY,
) -> None:
    """First aid: a Médecine Test against Moyenne / Difficile / Très difficile by severity."""
    from chronique.domain.rulesets.microfudge.play import first_aid
    from chronique.domain.rulesets.microfudge.rules import quality_modifier

    ok = run(ctx, lambda s: s.act(campaign, lambda w: first_aid(w, patient, healer, setback_id, quality_modifier(quality))))
    typer.echo(f"{healer} tends {patient}: {'success' if ok else 'failure'}")


@app.command("raise")
def raise_(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    characteristic: str = typer.Argument(..., help="The characteristic raised one rank."),
    why: str = typer.Option("", "--why", help="The in-fiction justification (required during a session)."),
) -> None:
    """Raise a characteristic one rank: reserve Atouts in play, any Atouts between sessions."""
    from chronique.domain.rulesets.microfudge.play import raise_characteristic
    from chronique.domain.rulesets.microfudge.rules import label

    value = run(ctx, lambda s: s.act(campaign, lambda w: raise_characteristic(w, character, characteristic, why)))
    typer.echo(f"{character}: {characteristic} is now {label(value)} ({value})")


@atout_app.command("spend")
def atout_spend(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    use: str = typer.Argument(
        ...,
        help="save-your-skin, temporary-bonus, counter, reroll, change-one-die, narrative, monologue, help, take-a-revers, arrive-in-time.",
    ),
    note: str = typer.Option("", "--note", help="What happens: shown in the log."),
    pool: str = typer.Option(None, "--pool", help="reserve or experience (default: experience first)."),
) -> None:
    """Spend Atouts on one of their uses in play."""
    from chronique.domain.rulesets.microfudge.play import spend_atout

    paid = run(ctx, lambda s: s.act(campaign, lambda w: spend_atout(w, character, use, note, pool)))
    typer.echo(f"{character} spends {use} ({paid} Atouts)")


@atout_app.command("award")
def atout_award(
    ctx: typer.Context,
    campaign: str = CAMPAIGN,
    character: str = CHARACTER,
    count: int = typer.Argument(..., help="Experience Atouts given (negative to take back)."),
    reason: str = typer.Option("", "--reason", help="Why: shown in the log."),
) -> None:
    """The Narrator awards experience Atouts beyond the session-end one."""
    from chronique.domain.rulesets.microfudge.play import award

    run(ctx, lambda s: s.act(campaign, lambda w: award(w, character, count, reason)))
    typer.echo(f"{character} gains {count} experience Atout(s)")
