"""A Western Parade table in memory with scripted dice: every die the commands roll comes, in
order, from one queue of faces (a face f is the uniform value f - 1 of FAIRNESS.md).

``table(SAM, JOE, dice=[...])`` builds a campaign on 1873-04-12 08:00 with those characters;
``dice(world).add(...)`` queues more faces. The sample sheets are those of ``cli/samples/wp_*.toml``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scripted_table import SEED, ScriptedDice, dice, scripted_table

from chronique.domain.gametime import calendar_for_start
from chronique.domain.rulesets import ruleset
from chronique.domain.timeline import Tick, advance
from chronique.domain.world import World

__all__ = ["DOC", "JOE", "SAM", "SEED", "SIRINGO", "START", "ScriptedDice", "advanced", "dice", "of_kind", "sample", "table"]

SAMPLES = Path(__file__).resolve().parents[1] / "cli" / "samples"
START = "1873-04-12 08:00"


def sample(name: str) -> dict[str, Any]:
    """A sample sheet of cli/samples (``sam``, ``joe``, ``doc``, ``siringo``)."""
    return tomllib.loads((SAMPLES / f"wp_{name}.toml").read_text(encoding="utf-8"))


SAM = sample("sam")  # Sam Parkerson, gunslinger: FOR 12, END 16, 80 kg (digest §7 #3)
JOE = sample("joe")  # Joe Hambuster: FOR 15, VIT 18, AGI 16 (digest §7 #1, #9)
DOC = sample("doc")  # a doctor with Premiers soins and Chirurgie
SIRINGO = sample("siringo")  # a teacher with Armes de poing >= 89%


def table(
    *sheets: dict[str, Any],
    dice: Sequence[int] = (),
    session: bool = True,
    settings: dict[str, Any] | None = None,
    start: str = START,
) -> World:
    """A Western Parade campaign in memory with these characters (Sam and Joe by default), its
    clock at ``start`` (a Gregorian date-time)."""
    calendar, clock = calendar_for_start(start, gregorian=True)
    return scripted_table("Shotgun City", "western-parade", sheets or (SAM, JOE), calendar.to_data(), clock, dice, session, settings)


def advanced(world: World, seconds: int) -> tuple[list[Tick], list[Any]]:
    """Run the timeline ``seconds`` on: the lines it said and the events it recorded."""
    ticks = advance(world.campaign, ruleset("western-parade").processes(world), world.campaign.clock + seconds)
    return ticks, world.collect()


def of_kind(kind: type, recorded: list[Any]) -> list[Any]:
    """The events of ``kind`` among ``recorded``, in order."""
    return [e for e in recorded if isinstance(e, kind)]


def hunts_again_the_day_after(world: World, name: str, start: int) -> None:
    """``name``'s day of hunting missed at ``start`` + a day, he is able by the next: its roll is
    due then (§6.16.4, a day's work), and Chasse 24% rolled 50 is a normal failure recorded at it
    with no day missed."""
    from chronique.domain.gametime import DAY
    from chronique.domain.rulesets.westernparade.downtime_events import ActivityMissed, ActivityRolled

    (hunting,) = world.character(name).condition["activities"]["running"]
    assert hunting["next_at"] == start + 2 * DAY
    dice(world).add(50)
    _, recorded = advanced(world, DAY)
    (rolled,) = of_kind(ActivityRolled, recorded)
    assert (rolled.at, rolled.outcome["quality"], of_kind(ActivityMissed, recorded)) == (start + 2 * DAY, "NORM_F", [])
