"""Elor's daily healing records what changes, not a day that heals nothing (issue 15).

A day of rest heals a point per damaged location that is not destroyed; destroyed locations never
heal naturally (PROPOSAL §5.6, ruling E23). Once only destroyed locations are left, no day is due.
"""

from __future__ import annotations

from elor_table import ALDO, table

from chronique.domain.gametime import DAY, WEEK
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.downtime import change_faculties
from chronique.domain.rulesets.elor.play import suffer_damage
from chronique.domain.timeline import Tick, advance
from chronique.domain.world import World


def run(world: World, seconds: int) -> list[Tick]:
    return advance(world.campaign, ruleset("elor").processes(world), world.campaign.clock + seconds)


def maimed() -> World:
    """Aldo (Physique 1: arms 4 + ⌈1/2⌉ = 5 HP) with a destroyed left arm (12 ≥ 2 × 5) and a right
    arm at 2, between sessions."""
    world = table(ALDO)
    suffer_damage(world, "Aldo", 12, "an axe", where="left-arm")
    suffer_damage(world, "Aldo", 2, "a club", where="right-arm")
    world.campaign.end_session(bytes(32), "0" * 64, "2026-01-01T00:00:00+00:00")
    return world


def test_a_destroyed_location_alone_records_no_day_of_rest_PROPOSAL_5_6_E23() -> None:
    world = maimed()
    start = world.campaign.clock
    # Two days heal the right arm 2 → 1 → 0; the other five days of the week would heal nothing.
    assert [(t.due.at - start, t.account) for t in run(world, WEEK)] == [
        (DAY, "Aldo healed by a day of rest: 1 point in the bras droit (1 damage point left)"),
        (2 * DAY, "Aldo healed by a day of rest: 1 point in the bras droit (no damage left)"),
    ]
    healed = [e for e in world.character("Aldo").pending_events if isinstance(e, ev.WoundsHealed)]
    assert [(e.at - start, e.wounds) for e in healed] == [(DAY, {"left-arm": 12, "right-arm": 1}), (2 * DAY, {"left-arm": 12})]
    assert run(world, WEEK) == []


def test_a_location_that_can_heal_again_heals_on_its_day_marks_after_the_clock_PROPOSAL_5_6_E35() -> None:
    # After a quiet week the GM raises Physique to 5: arms 4 + ⌈5/2⌉ = 7 HP, so 12 < 14 is no longer
    # destroyed and heals. Its days still fall a whole number of days after the blow, as when every
    # day was recorded: the days that went by are not made up in the clock's past, and the first
    # one comes a day after the change (the week's end is itself a day mark).
    world = maimed()
    run(world, WEEK)
    changed_at = world.campaign.clock
    change_faculties(world, "Aldo", {"Physique": 5}, "a blessing")
    assert run(world, DAY - 1) == []
    assert [(t.due.at, t.account) for t in run(world, DAY + 1)] == [
        (
            changed_at + DAY,
            "Aldo healed by a day of rest: 1 point in the bras gauche (11 damage points left: the bras gauche is still unusable)",
        ),
        (
            changed_at + 2 * DAY,
            "Aldo healed by a day of rest: 1 point in the bras gauche (10 damage points left: the bras gauche is still unusable)",
        ),
    ]
