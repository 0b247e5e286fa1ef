"""Paranormal powers over time («VI – Pouvoirs paranormaux» L433-L447, Appendix L556-L649):
Potentiel and a night's rest (T5), fatigue (T7), timed powers (T8-T10), vectors V-P-1..4."""

from __future__ import annotations

import pytest
from microfudge_table import table

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, HOUR, MINUTE
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.play import suffer
from chronique.domain.rulesets.microfudge.powers import end_power, potentiel, use_power
from chronique.domain.timeline import advance

PSY = {"name": "Psy", "status": "expert", "ranks": {"Conscience": 5, "Vigueur": 4, "Télékinésie": 4}}
PASS = (1, 1, 1, 1)


def _advance(world, seconds):  # type: ignore[no-untyped-def]
    return advance(world.campaign, ruleset("microfudge").processes(world), world.campaign.clock + seconds)


def test_V_P_1_uses_per_rest_equal_the_domain_and_return_after_a_night_VI_L441_L443_PROPOSAL_A11() -> None:
    world = table(*(PASS * 5), sheets=[PSY])
    psy = world.character("Psy")
    for _ in range(5):
        use_power(world, "Psy", "resistance-thermique")
    assert potentiel(psy, "Conscience") == 0
    with pytest.raises(RuleViolation, match="no Conscience Potentiel"):
        use_power(world, "Psy", "resistance-thermique")
    ticks = _advance(world, DAY)  # used on Day 1 at 08:00: wakes rested on Day 2 at 07:00
    assert [t.due.at for t in ticks] == [DAY + 7 * HOUR] and potentiel(psy, "Conscience") == 5
    with pytest.raises(RuleViolation, match="needs Conscience"):
        use_power(world, "Psy", "endurance-accrue")


def test_V_P_2_fatigue_costs_vigueur_and_returns_by_quarter_hours_Fatigue_option_L580_L582() -> None:
    world = table(*(PASS * 4), sheets=[PSY], settings={"fatigue": True})
    outcomes = [use_power(world, "Psy", "telekinesie") for _ in range(4)]
    assert [o.collapsed for o in outcomes] == [False, False, False, True]
    with pytest.raises(RuleViolation, match="collapsed"):
        use_power(world, "Psy", "telekinesie")
    _advance(world, 15 * MINUTE)
    assert ev.powers_of(world.character("Psy"))["lost"] == 3  # one rank back: no longer collapsed
    _advance(world, 45 * MINUTE)
    assert ev.powers_of(world.character("Psy"))["lost"] == 0


def test_V_P_3_accelerated_healing_two_meditation_days_two_locked_points_Conscience_L627_L629() -> None:
    world = table(*PASS, sheets=[PSY])
    suffer(world, "Psy", 2, "physical", "weekly", "a knife")
    outcome = use_power(world, "Psy", "guerison-acceleree", setback_id=1)
    psy = world.character("Psy")
    assert outcome.success and psy.condition["setbacks"][0]["next_tick"] is None  # T2 waits
    ticks = _advance(world, 12 * HOUR)
    assert psy.condition["setbacks"][0]["severity"] == 1 and ev.powers_of(psy)["locked"] == {"Conscience": 2}
    ticks = _advance(world, 12 * HOUR)
    assert psy.condition["setbacks"] == [] and [t.due.process for t in ticks] == ["power:1"]
    state = ev.powers_of(psy)
    assert state["locked"] == {} and state["spent"] == {"Conscience": 2} and state["processes"] == []
    _advance(world, DAY)
    assert potentiel(psy, "Conscience") == 5  # recovered only once the process stopped


def test_V_P_4_regeneration_an_hour_a_card_or_a_day_for_month_wounds_Conscience_L635_L637_PROPOSAL_A28() -> None:
    world = table(sheets=[PSY])  # refused before any die is rolled
    suffer(world, "Psy", 2, "physical", "weekly", "a rifle")
    suffer(world, "Psy", 1, "social", "daily", "an insult")
    with pytest.raises(RuleViolation, match="Régénération heals only wounds that take weeks or months"):
        use_power(world, "Psy", "regeneration", setback_id=2)
    world = table(*PASS, sheets=[PSY])
    wound = suffer(world, "Psy", 2, "physical", "weekly", "a rifle")
    use_power(world, "Psy", "regeneration", setback_id=wound["id"])
    ticks = _advance(world, 3 * HOUR)
    assert [t.due.at - world.campaign.clock + 3 * HOUR for t in ticks] == [HOUR, 2 * HOUR]
    assert ev.powers_of(world.character("Psy"))["spent"] == {"Conscience": 2}
    world = table(*PASS, sheets=[PSY], settings={"deep_wound_schedule": "graduated"})
    wound = suffer(world, "Psy", 2, "physical", "weekly", "a rifle")
    use_power(world, "Psy", "regeneration", setback_id=wound["id"])
    ticks = [t for t in _advance(world, 3 * DAY) if t.due.process.startswith("power")]
    assert [t.due.at - world.campaign.clock for t in ticks] == [-2 * DAY, -DAY]


def test_timed_power_stopped_early_resumes_the_wound_clock_and_suspended_animation_ends_Scheduler_5_L631_L633() -> None:
    world = table(*(PASS * 2), sheets=[PSY])
    wound = suffer(world, "Psy", 2, "physical", "weekly", "a sword")
    outcome = use_power(world, "Psy", "guerison-acceleree", setback_id=wound["id"])
    psy = world.character("Psy")
    assert outcome.process is not None
    end_power(world, psy, outcome.process["id"], "interrupted")
    assert psy.condition["setbacks"][0]["next_tick"] == world.campaign.clock + 7 * DAY
    sleep = use_power(world, "Psy", "animation-suspendue")
    assert sleep.process is not None and sleep.process["next_tick"] == world.campaign.clock + 5 * DAY
    ends = sleep.process["next_tick"]
    ticks = _advance(world, 5 * DAY)
    assert (ticks[-1].account, ticks[-1].due.at) == ("Psy: Animation suspendue ends", ends)
    assert ev.powers_of(psy)["processes"] == []
