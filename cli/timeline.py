"""``chronique advance``: move in-game time forward, firing the processes due on the way. An
advance that may kill or maim asks first (issue 15)."""

from __future__ import annotations

import copy
import sys
from typing import TYPE_CHECKING, Any

import typer

from chronique.cli import bounds, render
from chronique.cli.context import fail, run

if TYPE_CHECKING:
    from chronique.adapters.services import Advanced, Chronique
    from chronique.domain.campaign import Campaign
    from chronique.domain.world import World

# A limb a wound condemns (Western Parade §6.18.1: gangrene, a crushed limb) is lost as surely as a life.
_LIMB_LOST = ("amputate", "amputated")


def register(app: typer.Typer) -> None:
    """Add the time commands to the app."""

    @app.command("advance")
    def advance(
        ctx: typer.Context,
        campaign: str = typer.Argument(..., help="Campaign name or id."),
        duration: str = typer.Argument(None, callback=bounds.duration, help="How long: 30s, 10m, 3h, 2d, 1w (or --to)."),
        to: str = typer.Option(
            None,
            "--to",
            callback=bounds.game_date,
            # Ruling EB46: an example of each calendar, as typed: a dated campaign refuses "Day 4 08:00".
            help="Advance to this in-game date instead, in the campaign's calendar: `Day 4 08:00`, or `1873-04-15 08:00` for a dated one.",
        ),
        dry_run: bool = typer.Option(False, "--dry-run", help="Show what would happen; record nothing."),
        yes: bool = typer.Option(
            False, "--yes", "-y", help="Record without asking, even when a dry run shows a death or a lost limb on the way."
        ),
    ) -> None:
        """Advance in-game time: survival draws, rest and every other running process, in one transaction.

        First a dry run with throwaway dice: if someone dies or loses a limb in it, the advance
        says so and asks before it records (off a terminal it refuses unless --yes).
        """
        from chronique.domain.errors import RuleViolation
        from chronique.domain.gametime import calendar_from, parse_duration

        if (duration is None) == (to is None):
            raise render.usage("give a duration or `--to`, not both and not neither")

        def target(c: Campaign) -> int:
            if to is not None:
                return c.clock + bounds.advance_span(calendar_from(c.calendar).parse(to) - c.clock, to)
            seconds = parse_duration(duration)
            if seconds <= 0:
                raise RuleViolation("the duration must be positive")
            return c.clock + seconds

        def go(s: Chronique) -> Advanced:
            if not dry_run and not yes:
                ask(*at_stake(s, campaign, target))
            advanced = s.advance(campaign, target, dry_run)
            render.advanced(s, campaign, advanced)
            return advanced  # the outcome --json prints, a dry run's included

        run(ctx, go)


def at_stake(services: Chronique, campaign: str, target: Any) -> tuple[list[str], bool]:
    """What a dry run of the advance (throwaway dice) does that cannot be undone at the table: a
    character who dies, a limb lost; each as the log words it, with its in-game time; and whether
    the dry run left anything to chance."""
    before = services.world(campaign)
    trial = services.advance(campaign, target, dry_run=True)
    return irreversible(before, trial, services.calendar(before.campaign).format), trial.drew


def irreversible(before: World, trial: Advanced, label: Any) -> list[str]:
    """The events of ``trial`` (an advance of ``before``) that kill a character or condemn a limb,
    found by applying them to copies of the characters: any game's death, whatever its cause."""
    from chronique.domain.rulesets import ruleset

    rules = ruleset(before.campaign.ruleset)
    characters = {c.id: copy.deepcopy(c) for c in before.characters.values()}
    found: list[str] = []
    for event in trial.events:
        character = characters.get(event.originator_id)
        if character is None:
            continue
        was = _losses(character.condition)
        event.mutate(character)
        if _losses(character.condition) - was:
            found.append(f"{label(getattr(event, 'at', trial.to_time))}  {character.name}: {rules.describe(event)}")
    return found


def _losses(condition: dict[str, Any]) -> set[str]:
    wounds = condition.get("wounds")
    limbs = (
        {f"limb:{where}" for where, w in wounds.items() if isinstance(w, dict) and w.get("fate") in _LIMB_LOST}
        if isinstance(wounds, dict)
        else set()
    )
    return limbs | ({"life"} if condition.get("dead") else set())


def at_a_terminal() -> bool:
    """Whether a person can answer: standard input is a terminal."""
    return sys.stdin.isatty()


def ask(losses: list[str], drew: bool) -> None:
    """Nothing when ``losses`` is empty; else they are shown and the GM confirms on a terminal,
    told whether they came of throwaway dice (``drew``). Off a terminal, or declined, the advance
    is refused and records nothing."""
    if not losses:
        return
    if not at_a_terminal():
        raise fail(
            f"this advance may be irreversible ({'; '.join(' '.join(loss.split()) for loss in losses)}): run it with `--yes` to record it"
        )
    # Ruling TB22: with nothing left to chance the dry run is what the advance will do.
    simulated = "In a dry run with throwaway dice (the real draws will differ)" if drew else "With nothing left to chance"
    typer.echo(f"{simulated}, this advance is irreversible:")
    for line in losses:
        typer.echo(f"  {line}")
    if not typer.confirm("Record it?", default=False):
        typer.echo("nothing recorded")
        raise typer.Exit(1)
