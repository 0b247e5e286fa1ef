"""Elor's in-game time and the last rules of issue 6, with scripted dice: the risk clock of a
long action (seed §Actions longues L452, PROPOSAL §5.3), long actions paced by action points
and the clock moving per 6-second sequence (§Scènes d'action L472-474), one care test per
injury within the hour (PROPOSAL §5.6), a parry for an ally and bulky gear against dodges
(§La parade, §L'esquive), and the GM's changes to faculties (§Capacités dérivées calculées)."""

from __future__ import annotations

from typing import Any

import pytest
from elor_table import ALDO, BRUNA, SWORD, dice, downtime, events_of, table

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import HOUR
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.downtime import Risk, change_faculties, give_care, long_action_test, start_long_action
from chronique.domain.rulesets.elor.play import Attack, TestSpec, attack, begin_scene, end_scene, roll_test, suffer_damage, take_opportunity
from chronique.domain.timeline import advance

# A bodyguard at Normal power: Coordination 1 (AP 3), a shield with a parry bonus.
CARLO: dict[str, Any] = {
    "name": "Carlo",
    "faculties": {"P": 0, "C": 1, "E": 0, "M": 0},
    "professions": {"Guerrier": 1},
    "familiarities": {"Boucliers": 1},
    "weapons": {"Bouclier": {"shield": True, "parry_bonus": 1, "familiarity": "Boucliers", "resistance": 2, "structure": 6}},
}


# -- the risk clock (E-T6) -------------------------------------------------------------------


def test_the_risk_clock_rises_every_hour_and_triggers_on_a_low_die_seed_Actions_longues_L452() -> None:
    world = table()
    downtime(world)
    risk = Risk("the policia arrive", threshold=1)
    start_long_action(world, "Aldo", "research the glyphs", 5, TestSpec("C"), effort_regime="none", risk=risk)
    # 09:00: the work test (level 2, die 1: one degree), then the risk: 5 > 1, k becomes 2.
    # 10:00: work die 9 (no degree); risk 2 <= 2: triggered, the clock stops. 11:00: work only.
    dice(world).add(1, 5, 9, 2, 1)
    ticks = advance(world.campaign, ruleset("elor").processes(world), 11 * HOUR)
    assert [t.due.process for t in ticks] == ["long:0001", "risk:0001", "long:0001", "risk:0001", "long:0001"]
    # The GM's words for the risk are said whole ("no the policia arrive yet" read as a slip).
    # Ruling E98: the work's test and the risk's D10 said as the log says them.
    assert ticks[0].account == (
        "Aldo: research the glyphs 1/5 degrees (next test Day 1 10:00) — level 2 (Coordination 2): rolled 1 — 1 degree of success"
    )
    assert ticks[1].account == "Aldo: research the glyphs: the risk held off (the policia arrive; D10 5 over 1, now 2 in 10)"
    assert ticks[3].account == "Aldo: research the glyphs: the risk struck: the policia arrive (D10 2, at most 2)"
    rolled = events_of(world, "Aldo", ev.RiskRolled)
    assert [(e.at, e.threshold, e.die, e.triggered, e.next_at) for e in rolled] == [
        (9 * HOUR, 1, 5, False, 10 * HOUR),
        (10 * HOUR, 2, 2, True, None),
    ]
    assert rolled[0].chance == [{"op": "d", "sides": 10, "value": 5}]
    (action,) = world.character("Aldo").condition["long_actions"]
    assert action["accumulated"] == 2 and action["risk"]["triggered"] and action["risk"]["next_at"] is None


def test_a_finished_long_action_takes_no_more_risk_PROPOSAL_5_3() -> None:
    world = table()
    downtime(world)
    start_long_action(world, "Aldo", "pick the lock", 1, TestSpec("C"), risk=Risk("the guard comes back", threshold=0))
    dice(world).add(1)  # 09:00: done at the first test; the risk due at 09:00 too never rolls
    ticks = advance(world.campaign, ruleset("elor").processes(world), 12 * HOUR)
    assert [t.due.process for t in ticks] == ["long:0001"] and not events_of(world, "Aldo", ev.RiskRolled)
    with pytest.raises(RuleViolation, match="name the risk"):
        start_long_action(world, "Aldo", "again", 1, TestSpec("C"), risk=Risk(" "))


# -- action scenes: the clock and long actions paced by AP ----------------------------------


def test_the_clock_moves_six_seconds_per_sequence_and_fires_what_is_due_seed_Scenes_d_action_L472() -> None:
    world = table(dice=[9, 9])
    start = world.campaign.clock
    start_long_action(world, "Bruna", "jam the door", 9, TestSpec("P"), paced="manual", risk=Risk("the alarm", threshold=1, every_s=6))
    begin_scene(world, ["Aldo"])
    for _ in range(3):
        take_opportunity(world, ["Aldo"], "wait")
    assert world.campaign.clock == start  # the first sequence is still running
    take_opportunity(world, ["Aldo"], "action")  # all AP spent: the second sequence begins
    moved = [e for e in world.campaign.pending_events if isinstance(e, type(world.campaign).TimeAdvanced)]
    assert [(e.from_time, e.to_time, e.fired) for e in moved] == [(start, start + 6, 1)]
    (risk,) = events_of(world, "Bruna", ev.RiskRolled)
    assert (risk.at, risk.die, risk.triggered) == (start + 6, 9, False)  # the 6-second risk fired in the scene
    assert events_of(world, "Aldo", ev.SequenceBegan)[-1].at == start + 6
    end_scene(world)  # the running sequence's 6 seconds pass too
    assert world.campaign.clock == start + 12 and events_of(world, "Bruna", ev.RiskRolled)[-1].at == start + 12


def test_a_long_action_paced_by_action_points_in_a_scene_seed_Scenes_d_action_L474() -> None:
    world = table(dice=[1, 9, 1, 1])
    start = world.campaign.clock
    start_long_action(world, "Aldo", "pick the lock", 3, TestSpec("C"), paced="scene")
    with pytest.raises(RuleViolation, match="in an action scene"):
        long_action_test(world, "Aldo", "pick the lock")
    begin_scene(world, ["Aldo"])
    for _ in range(3):  # Aldo's 3 AP: three tests in the first sequence (1, 0, 1 degrees)
        long_action_test(world, "Aldo", "pick the lock")
    assert world.character("Aldo").condition["scene"]["ap"] == 0
    done = long_action_test(world, "Aldo", "pick the lock")  # first AP of the second sequence
    assert done["done"] and done["units"] == 4 and done["next_at"] is None
    assert [e.at for e in events_of(world, "Aldo", ev.LongActionProgressed)] == [start, start, start, start + 6]
    assert [e.kind for e in events_of(world, "Aldo", ev.ActionPointSpent)] == ["action"] * 4
    with pytest.raises(RuleViolation, match="no helpers"):
        start_long_action(world, "Aldo", "lift the gate", 3, TestSpec("P"), paced="scene", helpers=[("Bruna", TestSpec("P"))])


# -- care ------------------------------------------------------------------------------------


def test_one_care_test_per_injury_within_an_hour_PROPOSAL_5_6() -> None:
    world = table(dice=[1, 9])  # the late care at the end is refused before its roll
    suffer_damage(world, "Aldo", 5, "axe", "left-arm")
    care = TestSpec("E", difficulty=3)
    assert give_care(world, "Bruna", "Aldo", "left-arm", care) == 1
    with pytest.raises(RuleViolation, match="already cared for since its last injury"):
        give_care(world, "Bruna", "Aldo", "left-arm", care)
    suffer_damage(world, "Aldo", 2, "knife", "left-arm")  # a new injury: care again (it fails)
    assert give_care(world, "Bruna", "Aldo", "left-arm", care) == 0
    assert [(e.location, e.degrees) for e in events_of(world, "Aldo", ev.CareGiven)] == [("left-arm", 1), ("left-arm", 0)]
    suffer_damage(world, "Aldo", 3, "club", "right-leg")
    world.campaign.advance_clock(world.campaign.clock + HOUR + 1, 0)
    with pytest.raises(RuleViolation, match="within an hour of the injury: too late for Aldo's .*Day 1 08:00"):
        give_care(world, "Bruna", "Aldo", "right-leg", care)
    assert world.character("Aldo").condition["wounds"] == {"left-arm": 6, "right-leg": 3}


# -- defence ---------------------------------------------------------------------------------


def test_a_guard_parries_for_an_adjacent_ally_seed_La_parade_L639() -> None:
    # Aldo (level 5) rolls 4: one degree. Carlo parries for Bruna with his shield: level
    # C 1 + Guerrier 1 + parry bonus 1 = 3, one effort: 1 and 2, two degrees. Half of 6 goes
    # to the shield: 3 - resistance 2 = 1 structure point lost.
    world = table(ALDO, BRUNA, CARLO, dice=[4, 1, 2])
    guarded = Attack("Épée", SWORD, defence="parry", parry_with="Bouclier", defence_spec=TestSpec("C", "Guerrier", effort=1), guard="Carlo")
    result = attack(world, "Aldo", "Bruna", guarded)
    assert result.exchange.result == "parried"
    assert result.damage == {"item": "Bouclier", "damage": 3, "structure_left": 5, "destroyed": False}
    (parry,) = events_of(world, "Carlo", ev.TestRolled)
    # Ruling E74: the shield's parry bonus is its own term, not the GM's difficulty.
    assert parry.purpose == "parry for Bruna against Aldo" and (parry.terms["parry"], parry.terms["difficulty"]) == (1, 0)
    assert world.character("Bruna").condition["wounds"] == {} and not events_of(world, "Bruna", ev.TestRolled)
    with pytest.raises(RuleViolation, match="a dodge is for oneself"):
        attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, defence="dodge", guard="Carlo"))
    with pytest.raises(RuleViolation, match="a target defends itself"):
        attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, defence="parry", guard="Bruna"))


def test_bulky_gear_hampers_dodges_not_parries_seed_L_esquive_L627() -> None:
    laden = {**BRUNA, "bulk": 1, "weapons": {"Hache": {**BRUNA["weapons"]["Hache"], "bulk": 1}}}
    world = table(ALDO, laden, dice=[4, 50])  # a hit, no dodge die, D100 50 (left arm)
    attack(world, "Aldo", "Bruna", Attack("Épée", SWORD))
    (dodge,) = events_of(world, "Bruna", ev.TestRolled)
    # C 1 - 2: no dice; ruling E74: the bulk is its own term, not the GM's difficulty.
    assert (dodge.terms["bulk"], dodge.terms["difficulty"], dodge.outcome["level"]) == (-2, 0, -1)
    dice(world).add(4, 1, 50)  # one degree each: half damage, D100 50
    attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, defence="parry", parry_with="Hache", defence_spec=TestSpec("C", "Guerrier")))
    assert (
        events_of(world, "Bruna", ev.TestRolled)[-1].terms["difficulty"] == 0
        and "bulk" not in events_of(world, "Bruna", ev.TestRolled)[-1].terms
    )
    with pytest.raises(RuleViolation, match="bulk"):
        table({**BRUNA, "bulk": -1})


# -- the GM's changes to faculties -----------------------------------------------------------


def test_the_gm_changes_faculties_and_derived_values_follow_seed_Capacites_derivees_calculees() -> None:
    world = table(dice=[1, 1])
    roll_test(world, "Aldo", TestSpec("C", effort=1))  # 1 fatigue of Aldo's 2 effort points
    capacities = change_faculties(world, "Aldo", {"E": 2, "Mental": 1}, "the blessing of the mountain")
    assert (capacities["action_points"], capacities["effort_points"], capacities["max_effort"]) == (4, 4, 3)
    aldo = world.character("Aldo")
    assert aldo.sheet["faculties"] == {"Physique": 1, "Coordination": 2, "Esprit": 2, "Mental": 1}
    assert aldo.sheet["derived"] == capacities and (aldo.condition["effort"], aldo.condition["fatigue"]) == (3, 1)
    (changed,) = events_of(world, "Aldo", ev.FacultiesChanged)
    assert changed.reason == "the blessing of the mountain" and changed.derived["hit_points"]["torso"] == 7
    # Lowering Physique lowers the torso's HP (6 + P) under its wound: unconscious.
    suffer_damage(world, "Aldo", 7, "mace", "torso")  # armour 1: 6 of HP 7
    assert not aldo.condition["unconscious"]
    change_faculties(world, "Aldo", {"P": -1}, "a curse")
    assert aldo.condition["unconscious"] and aldo.sheet["derived"]["hit_points"]["torso"] == 5
    with pytest.raises(RuleViolation, match="not a faculty|unknown faculty|faculty"):
        change_faculties(world, "Aldo", {"Chance": 1}, "")
    with pytest.raises(RuleViolation, match="already"):
        change_faculties(world, "Aldo", {"P": -1}, "")
