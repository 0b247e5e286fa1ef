"""Elor commands on aggregates with scripted dice: what each event records and how the
condition follows (seed §Catégories de tests d'action, §Scènes d'action, §Défense, §Actions
longues, §Collaborations; PROPOSALs §5.1, §5.5, §5.6)."""

from __future__ import annotations

import pytest
from elor_table import SWORD, dice, table

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, HOUR
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.downtime import (
    award_experience,
    choose_grant,
    give_care,
    long_action_test,
    next_work_time,
    order_rest,
    roll_progression,
    spend_experience,
    start_long_action,
    start_training,
)
from chronique.domain.rulesets.elor.play import (
    Attack,
    TestSpec,
    attack,
    begin_scene,
    contest,
    next_up,
    oppose,
    roll_test,
    suffer_damage,
    take_opportunity,
)
from chronique.domain.timeline import advance
from chronique.domain.world import World


def last(world: World, name: str, kind: type) -> ev.TestRolled:
    return [e for e in world.character(name).pending_events if isinstance(e, kind)][-1]


def test_a_test_records_its_dice_as_chance_and_effort_becomes_fatigue_seed_Categories_L312_318() -> None:
    world = table(dice=[6, 9])
    outcome = roll_test(world, "Aldo", TestSpec("C", "Guerrier", familiarity="Épées", effort=1, purpose="climb"))
    event = last(world, "Aldo", ev.TestRolled)
    assert outcome.degrees == 1 and event.terms["profession"] == 2 and event.terms["familiarity"] == 1
    assert event.chance == [{"op": "d", "sides": 10, "value": 6}, {"op": "d", "sides": 10, "value": 9}]
    assert event.epoch == "session-1" and event.sealed_until is None
    c = world.character("Aldo").condition
    assert (c["effort"], c["fatigue"], c["last_effort_at"]) == (1, 1, world.campaign.clock)


def test_out_of_scenes_spent_effort_is_back_before_the_next_test_seed_Categories_L316() -> None:
    world = table(dice=[1, 1, 1, 1])
    roll_test(world, "Aldo", TestSpec("C", effort=1))
    roll_test(world, "Aldo", TestSpec("C", effort=1))
    assert [type(e).__name__ for e in world.character("Aldo").pending_events][-2:] == ["EffortRecovered", "TestRolled"]


def test_a_hidden_roll_is_sealed_until_its_epoch_is_revealed() -> None:
    # Coordination 2 rolls a die (digest §3.1); Aldo's Esprit 0 would fail without one.
    world = table(dice=[3])
    roll_test(world, "Aldo", TestSpec("C", hidden=True))
    event = last(world, "Aldo", ev.TestRolled)
    assert event.chance == [{"op": "d", "sides": 10, "value": 3}] and event.sealed_until == "session-1"


def test_a_sheet_without_the_profession_or_attribute_is_refused() -> None:
    world = table()
    with pytest.raises(RuleViolation, match="no profession"):
        roll_test(world, "Aldo", TestSpec("C", "Forgeron"))
    with pytest.raises(RuleViolation, match="does not modify"):
        roll_test(world, "Aldo", TestSpec("C", attributes=("Vision nocturne",)))


def test_oppose_and_contest_on_aggregates_seed_Actions_reactions_and_Concours() -> None:
    world = table(dice=[2, 7])
    result = oppose(world, "Aldo", SWORD, [("Bruna", TestSpec("Physique"))])
    assert result.reaction.result == "success" and result.reaction.actor_extra == 1
    dice(world).add(2, 1)  # both have a degree (levels 2 and 1): the higher successful die wins
    outcomes, ranking = contest(world, [("Aldo", TestSpec("C")), ("Bruna", TestSpec("C"))], fine=True)
    assert ranking == [["Aldo"], ["Bruna"]] and outcomes["Bruna"].degrees == 1


def test_scene_ordering_and_defence_tokens_seed_Scenes_d_action_Combats_PROPOSAL_B9() -> None:
    world = table()
    begin_scene(world, ["Aldo", "Bruna"])
    assert next_up(world) == ("Aldo", "Bruna")  # 3 AP each: they act simultaneously
    take_opportunity(world, ["Aldo", "Bruna"], "reserve")
    assert world.character("Aldo").condition["scene"]["token"]
    with pytest.raises(RuleViolation, match="Aldo \\+ Bruna"):
        take_opportunity(world, [], "wait")
    take_opportunity(world, ["Bruna"], "action")
    assert world.character("Bruna").condition["scene"]["token"] is False  # lapsed at her next opportunity


def test_a_defender_without_ap_has_defence_zero_seed_Defense() -> None:
    world = table(dice=[1, 50])
    begin_scene(world, ["Aldo", "Bruna"])  # Aldo attacks as a protagonist of the scene (E82)
    for _ in range(2):
        take_opportunity(world, ["Aldo", "Bruna"], "wait")  # tied, they act together
    take_opportunity(world, ["Bruna"], "wait")  # her last AP is spent; Aldo keeps one
    result = attack(world, "Aldo", "Bruna", Attack("Épée", SWORD))
    assert result.defence is None and result.exchange.result == "hit"


def test_choosing_the_location_costs_an_effect_point_seed_Choix_de_la_localisation() -> None:
    world = table()  # refused before any die is rolled: the options are checked first (E20)
    with pytest.raises(RuleViolation, match="Choix de la localisation"):
        attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, defence="none", location="head"))
    world = table(dice=[1, 2])
    blow = Attack("Épée", TestSpec("C", "Guerrier", familiarity="Épées", effort=1), defence="none", location="head")
    result = attack(world, "Aldo", "Bruna", Attack(**{**blow.__dict__, "offensive_effects": ("choose-location",)}))
    assert result.damage is not None and result.damage["location"] == "head" and result.damage["roll"] is None


def test_damage_kills_through_a_vital_location_and_the_dead_do_not_act_seed_Application_des_dommages() -> None:
    world = table()
    record = suffer_damage(world, "Bruna", 14, "a cannonball", "torso")  # torso HP 7: 14 is 2 × HP
    assert record["dead"] and record["state"] == "destroyed"
    with pytest.raises(RuleViolation, match="dead"):
        roll_test(world, "Bruna", TestSpec("C"))
    assert ruleset("elor").processes(world).due() == []


def test_worn_armour_reduces_damage_seed_Application_des_dommages_step_2() -> None:
    world = table()
    assert suffer_damage(world, "Aldo", 5, "club", "torso")["total"] == 4  # torso armour 1


def test_work_hours_of_a_downtime_long_action_issue_6() -> None:
    assert next_work_time(8 * HOUR + HOUR - 1, HOUR, 8, 6) == 9 * HOUR
    assert next_work_time(14 * HOUR, HOUR, 8, 6) == DAY + 9 * HOUR
    assert next_work_time(0, 7 * DAY, None, None) == 7 * DAY


def test_collaboration_on_the_timeline_seed_Collaborations_L458_464() -> None:
    world = table()
    world.campaign.end_session(bytes(32), "0" * 64, "2026-01-01T00:00:00+00:00")
    start_long_action(world, "Bruna", "shore up the mine", 3, TestSpec("P"), helpers=[("Aldo", TestSpec("P"))], effort_regime="none")
    dice(world).add(1, 1)
    advance(world.campaign, ruleset("elor").processes(world), 9 * HOUR)
    (action,) = world.character("Bruna").condition["long_actions"]
    assert action["accumulated"] == 2 and action["units"] == 1  # two participants: no penalty
    progressed = last(world, "Bruna", ev.LongActionProgressed)
    assert progressed.tests == [{"name": "Bruna", "degrees": 1}, {"name": "Aldo", "degrees": 1}] and progressed.penalty == 0


def test_manual_long_action_paced_in_a_scene_seed_Actions_longues_L440() -> None:
    world = table(dice=[1, 1])
    start_long_action(world, "Aldo", "pick the lock", 2, TestSpec("C"), unit_s=6, paced="manual")
    long_action_test(world, "Aldo", "pick the lock")
    assert long_action_test(world, "Aldo", 1)["done"]


def test_care_and_rest_orders_PROPOSAL_5_6() -> None:
    world = table(dice=[1, 2])
    suffer_damage(world, "Aldo", 5, "axe", "left-arm")
    assert give_care(world, "Bruna", "Aldo", "left-arm", TestSpec("E", difficulty=3, effort=1)) == 2
    assert world.character("Aldo").condition["wounds"] == {"left-arm": 3}
    order_rest(world, "Aldo", False)
    due = ruleset("elor").processes(world).due()
    assert [d.process for d in due] == ["effort"]  # Bruna's spent effort; Aldo does not heal
    assert world.character("Aldo").condition["next_heal"] is None


def test_wake_test_flag_PROPOSAL_5_6() -> None:
    world = table(dice=[3], settings={"wake_test": True})
    suffer_damage(world, "Aldo", 7, "mace", "head")  # head HP 4: unconscious, not dead
    assert world.character("Aldo").condition["unconscious"]
    ticks = advance(world.campaign, ruleset("elor").processes(world), world.campaign.clock + HOUR)
    assert [t.account for t in ticks] == [  # D10 3 at level P 1 + M -1 + 5 = 5
        "Aldo's hourly test to wake up: level 5 (Physique 1, Mental -1, +5 to wake): rolled 3 — 1 degree of success — awake"
    ]


def test_reward_progression_and_training_PROPOSAL_5_5() -> None:
    world = table()
    award_experience(world, "Aldo", 1, "saved the village")
    assert spend_experience(world, "Aldo", "Guerrier", "familiarity", "Haches") == 3
    aldo = world.character("Aldo")
    assert aldo.sheet["familiarities"]["Haches"] == 1 and aldo.condition["experience"] == 0
    with pytest.raises(RuleViolation, match="experience"):
        spend_experience(world, "Aldo", "Guerrier", "prowess", "Botte")
    action = start_training(world, "Bruna", "Guerrier", "Aldo", TestSpec("C", "Guerrier"))
    assert action["required"] == 4 and action["unit_s"] == 7 * DAY


def test_natural_progression_ticks_and_rolls_PROPOSAL_5_5() -> None:
    world = table(dice=[1, 2, 9])
    roll_test(world, "Aldo", TestSpec("C", "Guerrier", familiarity="Épées", effort=1))
    assert world.character("Aldo").condition["ticks"] == ["Guerrier"]
    rolls = roll_progression(world, "Aldo")
    assert rolls == [{"profession": "Guerrier", "level": 2, "die": 9, "raised": True}]
    aldo = world.character("Aldo")
    assert aldo.sheet["professions"]["Guerrier"] == 3 and aldo.condition["pending_grants"] == 1
    choose_grant(world, "Aldo", "prowess", "Botte")
    assert aldo.sheet["prowesses"] == {"Botte": 1} and aldo.condition["pending_grants"] == 0
