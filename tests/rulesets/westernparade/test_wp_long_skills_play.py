"""Long-period activities on the timeline (digest §5.18): one event per periodic roll, none in
between; survival's fates (§6.15), capital (§6.8.1, §6.8.9), hunting (§6.16.4), running
(§6.17.2); trick-shooting practice settles in one event (§6.6.7)."""

from __future__ import annotations

from typing import Any

import pytest
from westernparade_table import SAM, SIRINGO, dice, table

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, WEEK
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade import downtime_events as dev
from chronique.domain.rulesets.westernparade.downtime_processes import DowntimeProcesses
from chronique.domain.timeline import advance
from chronique.domain.world import World

SAM_NAME = "Sam Parkerson"


def run(world: World, span: int) -> list[Any]:
    advance(world.campaign, DowntimeProcesses(world), world.campaign.clock + span)
    return [e for e in world.collect() if isinstance(e, (dev.ActivityRolled, dev.PracticeChanged))]


def test_banking_rolls_once_a_month_for_a_year_ruling_WC6_seed_6_8_1() -> None:
    world = table(SAM, SIRINGO)
    # Sam's Banque is 0: every roll is an automatic failure below 5% (§2.1.1): NORM_F, -2%.
    start = world.campaign.clock
    dt.start_activity(world, SAM_NAME, "banking", capital=100_000)
    rolls = [e for e in run(world, 365 * DAY) if isinstance(e, dev.ActivityRolled)]
    assert [e.at - start for e in rolls] == [k * 30 * DAY for k in range(1, 13)]
    capital = 100_000
    for e in rolls:
        capital -= (capital * 2 + 50) // 100
        assert e.result["capital"] == capital


def test_survival_bonus_then_exhaustion_seed_6_15() -> None:
    world = table(SAM, SIRINGO)
    sam = world.character(SAM_NAME)
    dt.start_activity(world, SAM_NAME, "survival", skill="Survie dans le désert", resources=True)
    # Survie 0 + 25 (resources) = 25: 12 is CRIT_S (≤ 12): +25 next week; then 60 at 25 is NORM_F,
    # which takes the bonus away (§6.15).
    dice(world).add(12, 60)
    rolls = [e for e in run(world, 2 * WEEK) if isinstance(e, dev.ActivityRolled)]
    assert [(e.outcome["chance"], e.outcome["quality"], e.result["fate"]) for e in rolls] == [
        (25, "CRIT_S", "alive"),
        (25, "NORM_F", "exhausted"),
    ]
    assert sam.condition["activities"]["running"][0]["modifier"] == 0


def test_survival_crit_f_dies_in_1d6_days_unless_helped_seed_6_15() -> None:
    world = table(SAM, SIRINGO)
    sam = world.character(SAM_NAME)
    dt.start_activity(world, SAM_NAME, "survival", skill="Survie dans les montagnes", resources=True)
    # 25%: 85 is CRIT_F (> 80); 1d6 = 2 days; a difficult luck roll each day (jCHC 30 - 25 = 5%).
    dice(world).add(85, 2, 50, 50)
    rolls = [e for e in run(world, 2 * WEEK) if isinstance(e, dev.ActivityRolled)]
    assert [e.result["fate"] for e in rolls] == ["dying", "dying", "dead"]
    assert rolls[-1].at - rolls[0].at == 2 * DAY
    assert sam.condition["dead"] is True


def test_hunting_and_running_results_seed_6_16_4_6_17_2() -> None:
    world = table(SAM, SIRINGO)
    chasse = world.character(SAM_NAME).sheet["derived"]["skills"]["Chasse"]
    dt.start_activity(world, SAM_NAME, "hunting", terrain="giboyeux")
    dice(world).add(1)  # EXTRA
    rolls = [e for e in run(world, DAY) if isinstance(e, dev.ActivityRolled)]
    assert rolls[0].outcome["chance"] == chasse + 25
    assert rolls[0].result["fed_tenths"] == chasse * 15 * 20 // 100


def test_unknown_activity_or_missing_capital_is_refused() -> None:
    world = table(SAM, SIRINGO)
    with pytest.raises(RuleViolation):
        dt.start_activity(world, SAM_NAME, "knitting")
    with pytest.raises(RuleViolation, match="capital"):
        dt.start_activity(world, SAM_NAME, "speculation")
    with pytest.raises(RuleViolation):
        dt.stop_activity(world, SAM_NAME, 4)


def test_trick_practice_settles_once_at_25_percent_seed_6_6_7_L3593() -> None:
    world = table(SAM, SIRINGO)
    start = world.campaign.clock
    dt.set_practice(world, SAM_NAME, True)
    world.collect()
    events = run(world, 60 * DAY)
    assert [(e.at - start, e.bonus) for e in events] == [(25 * DAY, 25)]
    dt.set_practice(world, SAM_NAME, False)
    world.collect()
    assert [(e.bonus) for e in run(world, 60 * DAY)] == [0]


def test_speculation_that_loses_everything_ends_ruling_WC15_seed_6_8_9() -> None:
    world = table(SAM | {"creation": "free", "gains": {"Spéculation": 40}}, SIRINGO)
    sam = world.character(SAM_NAME)
    dt.start_activity(world, SAM_NAME, "speculation", capital=50_000)
    # A month: a difficult roll, 40 - 25 = 15%; 100 is CATA_F: the whole capital is lost.
    dice(world).add(100, 1)
    rolls = [e for e in run(world, 40 * DAY) if isinstance(e, dev.ActivityRolled)]
    assert [(e.outcome["chance"], e.outcome["quality"], e.result["capital"], e.activity) for e in rolls] == [(15, "CATA_F", 0, None)]
    assert sam.condition["activities"]["running"] == []
