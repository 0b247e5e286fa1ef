"""Action scenes and combat of Elor as pure rules (digest §3.7-3.8, §4, §7 X3, X8-X10, D1-D9;
seed §Scènes d'action, §Cas d'actions simultanées, §Attaque à distance, §Effets de combat,
§Application des dommages, §Liste d'effets de combat, §Humains)."""

from __future__ import annotations

import pytest

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.elor.capacities import action_points, hit_points
from chronique.domain.rulesets.elor.combat import (
    EffectContext,
    choose_effects,
    counter_possible,
    damage_value,
    diameter,
    distance_modifier,
    exchange,
    item_damage,
    orthogonal_speed,
    ranged_difficulty,
    sequence_order,
    simultaneous,
    size_modifier,
    speed_modifier,
)
from chronique.domain.rulesets.elor.damage import body_state, care, heal_day, hit_location, location_state, movement_malus
from chronique.domain.rulesets.elor.tables import nature

HUMAN = nature("humain")


def names(order: list[tuple[str, ...]]) -> list[str]:
    return ["+".join(group) for group in order]


def test_X8_an_average_human_has_two_action_points_seed_Scenes_d_action_L474() -> None:
    assert action_points(0, 0) == 2


def test_D1_ordering_with_a_simultaneous_pair_seed_Scenes_d_action_ordering() -> None:
    assert names(sequence_order({"A": 3, "B": 2, "C": 2})) == ["A", "B+C", "A", "B+C", "A"]
    # The last actor of a sequence stays eligible for the first action of the next one.
    assert names(sequence_order({"A": 3, "B": 2, "C": 2}, previous=frozenset()))[0] == "A"


def test_D2_the_only_one_with_points_left_acts_repeatedly_seed_Scenes_d_action() -> None:
    assert names(sequence_order({"A": 3, "B": 1})) == ["A", "B", "A", "A"]


def test_D3_ties_break_on_fewest_points_spent_seed_Scenes_d_action() -> None:
    assert names(sequence_order({"A": 4, "B": 2, "C": 3})) == ["A", "C", "A", "B", "C", "A", "B", "C", "A"]


def test_D4_a_simultaneous_pair_acts_again_together_PROPOSAL_B16() -> None:
    assert names(sequence_order({"A": 2, "B": 2})) == ["A+B", "A+B"]


def test_simultaneous_cards_seed_Cas_d_actions_simultanees_L520_528() -> None:
    assert simultaneous("defence", "defence") == "nothing"
    assert simultaneous("attack", "attack") == "both-attack"
    assert simultaneous("attack", "defence") == "first-attacks"  # PROPOSAL B11
    assert simultaneous("defence", "attack") == "second-attacks"
    with pytest.raises(RuleViolation):
        simultaneous("flee", "attack")


def test_X9_a_standing_human_is_size_zero_crouching_minus_one_seed_Attaque_a_distance_L597_599() -> None:
    assert diameter(175, 50) == 112 and size_modifier(112) == 0
    assert size_modifier(diameter(90, 60)) == -1


def test_X10_45_degrees_is_half_the_speed_seed_Attaque_a_distance_L603() -> None:
    assert orthogonal_speed(50, 45) == 25 and speed_modifier(25) == -3
    assert orthogonal_speed(50, 0) == 0 and orthogonal_speed(50, 90) == 50 and orthogonal_speed(50, 180) == 0
    assert speed_modifier(35) == -3  # the digest's v·|sin θ| (35 km/h) would agree here


def test_D9_ranged_difficulty_floor_lookup_PROPOSAL_B13() -> None:
    d = ranged_difficulty(112, 30, 10)
    assert (d.size, d.distance, d.speed, d.total) == (0, -1, -2, -3)
    assert distance_modifier(1) == 3 and distance_modifier(0) == 3 and distance_modifier(20000) == -10
    assert speed_modifier(4) == 0 and size_modifier(200000) == 10
    assert ranged_difficulty(100, 10, 0, hyperbolic=True, erratic=-2).total == -4
    with pytest.raises(RuleViolation):
        ranged_difficulty(100, 10, erratic=-3)


def test_D5_exchange_outcomes_seed_Effets_de_combat_L659_695() -> None:
    hit = exchange(3, 1)
    assert hit.result == "hit" and hit.offensive_points == 1 and not hit.halved
    assert exchange(2, 2).result == "half" and exchange(2, 2).halved  # X3
    dodged = exchange(1, 3, "dodge")
    assert dodged.result == "dodged" and dodged.defensive_points == 1 and not dodged.damages_target
    assert exchange(0, 0).result == "miss"  # PROPOSAL B10
    parried = exchange(1, 3, "parry")
    assert parried.result == "parried" and parried.halved and parried.defensive_points == 1
    assert exchange(0, 2, "parry").result == "dodged"  # PROPOSAL B10: no damage anywhere


def test_X3_equal_values_deal_half_the_nominal_damage_rounded_down_seed_Actions_reactions_L396() -> None:
    assert damage_value(7, halved=True).effective == 3


def test_D6_counter_and_attack_in_the_attack_seed_Liste_d_effets_de_combat() -> None:
    assert not counter_possible(2) and counter_possible(3) and not counter_possible(3, melee=False)
    both = exchange(4, 0, "none")  # simultaneous attacks: defence value 0
    assert both.offensive_points == 3
    context = EffectContext(simultaneous=True, lead=4 - 2)
    assert choose_effects(both.offensive_points, "offensive", ["attack-in-attack", "increased-damage"], context) == {
        "attack-in-attack": 1,
        "increased-damage": 1,
    }
    with pytest.raises(RuleViolation, match="2 more degrees"):
        choose_effects(3, "offensive", ["attack-in-attack"], EffectContext(simultaneous=True, lead=1))


def test_effect_costs_and_conditions_seed_Liste_d_effets_de_combat() -> None:
    with pytest.raises(RuleViolation, match="cost 3"):
        choose_effects(2, "offensive", ["bypass-armour", "Choix de la localisation"])
    with pytest.raises(RuleViolation, match="not a defensive"):
        choose_effects(3, "defensive", ["increased-damage"])
    with pytest.raises(RuleViolation, match="melee only"):
        choose_effects(3, "defensive", ["contre"], EffectContext(melee=False))
    with pytest.raises(RuleViolation, match="hermetic"):
        choose_effects(3, "offensive", ["bypass-armour"], EffectContext(hermetic=True))
    with pytest.raises(RuleViolation, match="entangling"):
        choose_effects(3, "offensive", ["entangle"])
    assert choose_effects(3, "defensive", ["reduced-damage"] * 3) == {"reduced-damage": 3}  # repeatable
    assert choose_effects(2, "defensive", ["repulsion", "Saisie"]) == {"repulsion": 1, "seize": 1}  # both kinds


def test_D7_increased_damage_capped_armour_then_death_seed_Application_des_dommages() -> None:
    value = damage_value(6, increment=2, increases=2, armour=3)
    assert (value.base + value.bonus, value.effective) == (10, 7)
    assert damage_value(6, increment=2, increases=5).effective == 12  # cap 2 × nominal
    hp = hit_points(HUMAN, 0)
    assert hp["head"] == 3
    body = body_state(HUMAN, {"head": 7}, hp)
    assert location_state(7, 3) == "destroyed" and body.dead and body.unconscious
    assert body.effects(HUMAN) == ["Tête: death"]


def test_reduced_damage_and_bypassed_armour_seed_Liste_d_effets_de_combat() -> None:
    assert damage_value(3, reductions=5).effective == 0  # minimum 0
    assert damage_value(6, armour=4, bypass_armour=True).effective == 6


def test_D8_hit_locations_seed_Humains() -> None:
    melee = {91: "head", 100: "head", 90: "torso", 42: "abdomen", 43: "left-arm", 12: "left-leg", 56: "right-arm", 13: "right-leg"}
    for roll, key in melee.items():
        assert hit_location(HUMAN, roll).key == key
    ranged = {93: "torso", 94: "head", 20: "left-leg", 21: "right-leg", 41: "abdomen", 66: "right-arm", 65: "left-arm"}
    for roll, key in ranged.items():
        assert hit_location(HUMAN, roll, ranged=True).key == key
    with pytest.raises(RuleViolation):
        hit_location(HUMAN, 0)


def test_unusable_and_destroyed_limbs_and_unconsciousness_seed_Application_des_dommages() -> None:
    hp = hit_points(HUMAN, 0)  # arm 4, torso 6, leg 5
    body = body_state(HUMAN, {"right-arm": 4, "left-leg": 10}, hp)
    assert body.locations["right-arm"] == "unusable" and body.locations["left-leg"] == "destroyed"
    assert not body.unconscious and not body.dead
    assert movement_malus(HUMAN, {"left-leg": 10, "right-leg": 5}, hp) == -4  # PROPOSAL §4.2
    assert body_state(HUMAN, {"torso": 6}, hp).unconscious and not body_state(HUMAN, {"torso": 6}, hp).dead
    assert body_state(HUMAN, {"abdomen": 10}, hp).dead


def test_a_day_of_rest_heals_a_point_per_location_not_destroyed_ones_PROPOSAL_5_6() -> None:
    hp = hit_points(HUMAN, 0)
    assert heal_day({"torso": 3, "left-arm": 1, "left-leg": 10}, hp, 1) == {"torso": 2, "left-leg": 10}
    assert care(5, 6, 2) == 3 and care(12, 6, 3) == 12


def test_equipment_damage_resistance_then_structure_seed_Endommagement_de_l_equipement() -> None:
    hit = item_damage(7, 3, 10)
    assert (hit.structure_lost, hit.structure_left, hit.destroyed) == (4, 6, False)
    assert item_damage(9, 2, 5).destroyed
