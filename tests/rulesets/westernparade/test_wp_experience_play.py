"""Improvement rolls in play (§2.3-§2.5 of the seed): grants, check-marks, 1d4 + 3, the
reputation roll in the week after a gunfight (§2.4.3), APP's condition (§2.4.5)."""

from __future__ import annotations

import pytest
from westernparade_table import SAM, SIRINGO, dice, table

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, WEEK
from chronique.domain.rulesets.westernparade import describe
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade import downtime_events as dev
from chronique.domain.rulesets.westernparade.downtime_processes import DowntimeProcesses
from chronique.domain.rulesets.westernparade.resolution import RollOutcome
from chronique.domain.timeline import advance

SAM_NAME = "Sam Parkerson"


def test_gunfight_grants_exp_and_sgf_now_and_reputation_a_week_later_seed_2_4_1_2_4_3() -> None:
    world = table(SAM, SIRINGO)
    sam = world.character(SAM_NAME)
    assert sam.sheet["derived"]["REP"] == 8 and sam.sheet["derived"]["rolls"]["REP"] == 19
    at = world.campaign.clock
    grants = dt.gunfight(world, SAM_NAME, put_out=3, duels=[12])
    assert [(g["target"], g["bonus"], g["due_at"]) for g in grants] == [("EXP", 0, None), ("SGF", 0, None), ("REP", 10 + 5 + 10, at + WEEK)]
    world.collect()
    dice(world).add(10)  # 10 + 25 > 19: REP + 1
    advance(world.campaign, DowntimeProcesses(world), at + 2 * WEEK)
    rolled = [e for e in world.collect() if isinstance(e, dev.ImprovementRolled)]
    assert [(e.at, e.outcome["target"], e.outcome["success"]) for e in rolled] == [(at + WEEK, "REP", True)]
    assert sam.sheet["reputation_gain"] == 1 and sam.sheet["derived"]["REP"] == 9
    assert [g["target"] for g in sam.condition["marks"]["pending"]] == ["EXP", "SGF"]


def test_check_marks_accumulate_then_vanish_seed_2_3_L1355() -> None:
    world = table(SAM, SIRINGO)
    sam = world.character(SAM_NAME)
    dt.gunfight(world, SAM_NAME)
    dice(world).add(44, 40)
    first = dt.roll_improvement(world, SAM_NAME, grant_id=1)  # 44 is not above jEXP 44
    assert not first.success and sam.condition["marks"]["checks"] == {"EXP": 1}
    second = dt.roll_improvement(world, SAM_NAME, target="EXP", reason="scenario milestone (§2.4.1)")
    assert second.success and second.total + 5 == 45  # 40 + 5 for one mark > 44
    assert sam.condition["marks"]["checks"] == {}
    assert sam.sheet["characteristics"]["EXP"] == 14
    assert sam.condition["marks"]["raised"] == {"EXP": world.campaign.clock}


def test_skill_improvement_adds_1d4_plus_3_and_rebuilds_the_sheet_seed_2_5_L1413() -> None:
    world = table(SAM, SIRINGO)
    sam = world.character(SAM_NAME)
    dice(world).add(97, 3, 2)  # open-ended: 97 + 3 = 100 > 56; d4 = 2
    up = dt.roll_improvement(world, SAM_NAME, target="Armes de poing", reason="GM's grant")
    assert up.faces == (97, 3) and up.gain == 5
    assert sam.sheet["derived"]["skills"]["Armes de poing"] == 61


def test_a_success_earns_a_roll_by_the_2_4_7_bands() -> None:
    world = table(SAM, SIRINGO)
    low = RollOutcome(chance=56, faces=(28,), total=28, quality="CRIT_S")
    high = RollOutcome(chance=56, faces=(29,), total=29, quality="NORM_S")
    assert dt.grant_if_earned(world, SAM_NAME, "Armes de poing", low) is not None
    assert dt.grant_if_earned(world, SAM_NAME, "Armes de poing", high) is None


def test_a_roll_earned_by_a_success_reads_in_words_without_brackets_within_brackets_s2_4_7() -> None:
    world = table(SAM, SIRINGO)
    dt.grant_if_earned(world, SAM_NAME, "Armes de poing", RollOutcome(chance=106, faces=(4,), total=4, quality="CRIT_S"))
    (granted,) = [e for e in world.collect() if isinstance(e, dev.ImprovementGranted)]
    # It read "earned an improvement roll in Armes de poing (success at 106% with 4 (§2.4.7, §2.5))".
    assert describe.improvement_earned(granted) == "earned an improvement roll in Armes de poing: success at 106% with 4 (§2.4.7, §2.5)"
    dt.grant_improvement(world, SAM_NAME, "REP", "rumour of the gunfight (§2.4.3)", bonus=10)
    (eased,) = [e for e in world.collect() if isinstance(e, dev.ImprovementGranted)]
    assert describe.improvement_earned(eased) == "earned an improvement roll in REP: rumour of the gunfight (§2.4.3), eased by 10"


def test_first_aid_critical_grants_the_first_aider_a_roll_seed_3_2_4() -> None:
    world = table(SAM, SIRINGO)
    grant = dt.grant_improvement(world, SAM_NAME, "Premiers soins", "first aid CRIT_S against the difficult chance (§3.2.4)")
    assert grant["kind"] == "skill" and world.character(SAM_NAME).condition["marks"]["pending"] == [grant]


def test_app_only_after_another_characteristic_rose_within_a_month_seed_2_4_5() -> None:
    world = table(SAM, SIRINGO)
    with pytest.raises(RuleViolation, match="previous month"):
        dt.grant_improvement(world, SAM_NAME, "APP", "looks sharp")
    dice(world).add(90)
    dt.roll_improvement(world, SAM_NAME, target="CHR", reason="speech")
    dt.grant_improvement(world, SAM_NAME, "APP", "looks sharp")
    world.collect()
    advance(world.campaign, DowntimeProcesses(world), world.campaign.clock + 31 * DAY)
    with pytest.raises(RuleViolation, match="previous month"):
        dt.grant_improvement(world, SAM_NAME, "APP", "looks sharp again")


@pytest.mark.parametrize("name", ["ACV", "VIT"])
def test_acv_and_vit_never_roll_seed_2_4_4_2_4_6(name: str) -> None:
    with pytest.raises(RuleViolation, match="never"):
        dt.grant_improvement(table(SAM, SIRINGO), SAM_NAME, name, "luck")


def test_improvement_needs_a_reason_or_a_grant() -> None:
    world = table(SAM, SIRINGO)
    with pytest.raises(RuleViolation):
        dt.roll_improvement(world, SAM_NAME)
    with pytest.raises(RuleViolation):
        dt.roll_improvement(world, SAM_NAME, grant_id=7)
