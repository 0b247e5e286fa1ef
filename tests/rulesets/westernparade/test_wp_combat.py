"""Combat (chapter 3 of the seed): timing, firearms, locations, damage, shotguns, cover, melee."""

from __future__ import annotations

import pytest
from scripted_table import die_faces
from westernparade_table import table

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.westernparade import events as ev
from chronique.domain.rulesets.westernparade.body_events import WoundTaken
from chronique.domain.rulesets.westernparade.combat import (
    ShotSetup,
    adjacent,
    assassination_chance,
    attack_against_defence,
    bullet_damage,
    cover_armour,
    defence_modifier,
    draw_and_slash,
    hit_location,
    length_modifier,
    machine_gun_split,
    melee_location,
    parse_aim,
    proximity,
    shot_terms,
    shotgun_pellets,
    strength_adjustment,
    throw_ranges,
    unarmed_damage,
    weapon,
)
from chronique.domain.rulesets.westernparade.play import Blow, Check, detect, oppose, shoot, strike
from chronique.domain.rulesets.westernparade.resolution import roll


def test_draw_and_slash_costs_10_per_length_plus_10_S3_1_5_4() -> None:
    assert (draw_and_slash(2), draw_and_slash(3)) == (-30, -40)


def test_dodging_before_ones_rank_costs_10_per_rank_S3_1_6_L1704() -> None:
    # Joe attacks at rank 8; Sam's first action is at rank 6: he dodges at -20% (and spends it).
    assert defence_modifier(8, 6) == -20


def test_an_action_held_for_defence_gains_10_per_rank_S3_1_6_L1708() -> None:
    # Joe holds his rank-8 action for defence; Sam attacks at rank 6: Joe dodges at +20%.
    assert defence_modifier(6, 8, held=True) == 20


def test_bottle_shard_against_cavalry_sabre_is_20_percent_S3_4_2_L2440() -> None:
    assert length_modifier(3, 1) == 20


def test_big_joe_throws_a_1_kg_object_9_17_34_68_m_S6_6_3_L3498() -> None:
    assert throw_ranges(17) == [9, 17, 34, 68]
    assert throw_ranges(17, 2) == [5, 9, 17, 34]  # halved per doubling of mass


def test_joe_slash_gatling_30_shots_over_4_ranks_S6_6_4_L3529() -> None:
    assert machine_gun_split(30, 4) == [8, 8, 7, 7]


def test_renzo_assassination_chance_S6_7_3_L3623_ruling_WA6() -> None:
    # The example's arithmetic: armes blanches 50, heart "-40%", knife length "+20%" -> 30%;
    # (30 + 40 + 30) / 3 = 33%.
    assert assassination_chance(50 - 40 + 20, 40, 30) == 33
    # Table 3.13 (close column, mandated for melee) gives -50 for the heart: 20% -> 30%.
    assert assassination_chance(50 - 50 + 20, 40, 30) == 30


def test_barrels_of_sam_and_joe_winch_S3_7_1_L2781() -> None:
    assert cover_armour({"wood": 4}, against="other") == 4
    assert cover_armour({"wood": 4}) == 1
    assert cover_armour({"wood": 4, "water": 60}, against="other") == 22
    assert cover_armour({"wood": 4, "water": 60}) == 19


def test_jim_takes_an_8_0_charge_at_point_blank_S3_6_1_5_L2695_ruling_WA5() -> None:
    hit = roll(die_faces(30), {"Armes de poing": 50})
    pellets = shotgun_pellets(die_faces(5), 8, "point-blank", hit)
    assert pellets.on_target == 3  # d8 - 2 with a 5
    assert pellets.groups == (2, 2, 1)  # one stray roll per 2 pellets
    assert adjacent("left-arm", "N") == "left-shoulder"  # "trop haut": into the shoulder
    assert adjacent("left-arm", "W") is None  # "trop à gauche": lost


def test_a_shotgun_hit_always_puts_one_pellet_in_the_target_footnote_24() -> None:
    hit = roll(die_faces(30), {"Armes de poing": 50})
    assert shotgun_pellets(die_faces(1), 8, "point-blank", hit).on_target == 1
    miss = roll(die_faces(80), {"Armes de poing": 50})
    assert shotgun_pellets(die_faces(3), 4, "point-blank", miss).on_target == 0


def test_general_location_table_3_10() -> None:
    none = parse_aim(None)
    assert hit_location(die_faces(1), none).location == "head"
    assert hit_location(die_faces(9), none).location == "chest"
    assert hit_location(die_faces(30), none).location == "left-foot"
    assert hit_location(die_faces(67), none, d100=True).location == "right-thigh"


def test_coarse_and_precise_locations_tables_3_12_and_3_14() -> None:
    assert hit_location(die_faces(11), parse_aim("upper")).location == "left-flank"  # "hanche" = flank
    assert hit_location(die_faces(20), parse_aim("lower")).location == "right-foot"
    assert hit_location(die_faces(6), parse_aim("head")).location == "throat"
    assert hit_location(die_faces(2), parse_aim("left-arm")).location == "left-shoulder"
    assert hit_location(die_faces(), parse_aim("heart")).location == "chest"
    assert hit_location(die_faces(6), parse_aim("right-shin")).location == "right-foot"
    with pytest.raises(RuleViolation):
        parse_aim("arm")  # which arm?


def test_proximity_bands_move_with_visual_acuity_S3_3_2() -> None:
    assert proximity(10, 0) == "very-close"
    assert proximity(13, 1) == "very-close"
    assert proximity(26, 0) == "far"
    assert proximity(61, 1) == "very-far"


def test_shot_terms_tables_3_11_to_3_20() -> None:
    colt = weapon("Colt SA Peacemaker")
    setup = ShotSetup(
        distance_m=40, aim=parse_aim("head"), target_moving="run", toward=True, posture="kneeling", cover="quarter", aimed=True
    )
    terms = shot_terms("Armes de poing", 60, colt, setup, 8, 0)
    # medium range -25; running target -15 halved (coming toward) -> -7; far: kneeling -20 vs
    # quarter cover -20; aim +20; head at far -80; FOR 8 < 10 for two hands? no: 8 = 8.
    assert terms == {"Armes de poing": 60, "range": -25, "target moving": -7, "posture/cover": -20, "aim": 20, "location": -80}
    with pytest.raises(RuleViolation, match="impossible"):
        shot_terms("Armes de poing", 60, colt, ShotSetup(distance_m=60, aim=parse_aim("heart")), 10, 0)
    weak = shot_terms("Armes de poing", 60, colt, ShotSetup(distance_m=5, two_hands=False), 8, 0)
    assert weak["strength"] == -20 and weak["range"] == 50  # §3.3.3, point-blank +50


def test_bullet_damage_critical_and_pass_through_S3_3_1_ruling_WA3() -> None:
    assert bullet_damage(die_faces(), roll(die_faces(40), {"s": 60}), 5).total == 5
    crit = bullet_damage(die_faces(6, 2), roll(die_faces(25), {"s": 60}), 5)
    assert (crit.critical, crit.pass_through, crit.total) == ((6, 2), False, 13)
    # roll 8 < damage 5 + 4: the bullet passes through, +1d6cum on the way out.
    through = bullet_damage(die_faces(4, 3), roll(die_faces(8), {"s": 60}), 5)
    assert (through.pass_through, through.exit, through.total) == (True, (3,), 12)
    low = bullet_damage(die_faces(), roll(die_faces(2), {"s": 19}), 5)  # below 20%: no crit, no pass-through
    assert (low.critical, low.pass_through) == ((), False)


def test_table_3_3_attack_against_defence() -> None:
    assert attack_against_defence("NORM_S", "NORM_F") == "DN"
    assert attack_against_defence("EXTRA", "NORM_S") == "DC"
    assert attack_against_defence("CRIT_S", "CATA_F") == "DC PA+50"
    assert attack_against_defence("NORM_F", "NORM_S") == "CA"
    assert attack_against_defence("CATA_F", "CATA_F") == "collision-25"


def test_melee_locations_table_3_23_reroll_legs_for_short_weapons() -> None:
    assert melee_location(die_faces(95, 40), "slash", 3).location == "right-arm"  # 95 = left leg, re-rolled
    assert melee_location(die_faces(95), "slash", 4).location == "left-leg"
    assert melee_location(die_faces(81), "blunt", 3).location == "left-leg"  # overlap at 81 (digest §9 item 23)


def test_strength_and_unarmed_damage_S3_4_3_S3_5_4() -> None:
    assert strength_adjustment(9, 12, 3) == (-30, -1)
    assert strength_adjustment(18, 12, 3) == (15, 2)
    assert unarmed_damage("punch", 1, [], True, 40) == (2, 0)
    assert unarmed_damage("kick", 2, [5], False, 60) == (5, 1)  # (2 + 2 + 5 + 2) / 2 off the head


def test_sam_shoots_joe_recorded_with_every_die() -> None:
    # to-hit 20 ≤ 28 (crit), location d30 9 (chest), crit d6 4; then the body's one die: the
    # critical chest wound's unconsciousness check (digest §4.6, §4.7: 13%), 50 keeps him awake.
    world = table(dice=[20, 9, 4, 50])
    shot = shoot(world, "Sam Parkerson", "Joe Hambuster", "Colt SA Peacemaker", ShotSetup(distance_m=20))
    assert shot.outcome.chance == 56 and shot.outcome.quality == "CRIT_S"
    assert shot.location == "chest" and shot.damage is not None and shot.damage.total == 9
    recorded = world.collect()
    fired = next(e for e in recorded if isinstance(e, ev.ShotFired))
    assert [op["value"] for op in fired.chance] == [20, 9, 4]
    assert fired.damage is not None and fired.damage["total"] == 9
    wound = next(e for e in recorded if isinstance(e, WoundTaken))
    assert [op["value"] for op in wound.chance] == [50] and wound.unconsciousness == {
        "chance": 13,
        "roll": 50,
        "rolled": True,
        "unconscious": False,
        "rounds": 0,
    }
    joe = world.character("Joe Hambuster")
    # The body applied the hit (care.wound): 9 on the chest's 7 PV, -2; §3.2.9.2 takes 1 END and
    # 1 PV of the chest's total for good (6 now), its PV left stay -2: 8 to heal (ruling WB37).
    assert joe.condition["wounds"]["chest"]["damage"] == 8


def test_a_miss_goes_astray_table_3_9() -> None:
    world = table(dice=[90, 3])
    shot = shoot(world, "Sam Parkerson", "Joe Hambuster", "Colt SA Peacemaker", ShotSetup(distance_m=20))
    assert (shot.location, shot.stray) == (None, "E")


def test_only_a_carried_weapon_fires() -> None:
    world = table()
    with pytest.raises(RuleViolation, match="carries no"):
        shoot(world, "Sam Parkerson", "Joe Hambuster", "Winchester 73 Rifle", ShotSetup(distance_m=20))


def test_joe_stabs_sam_who_dodges() -> None:
    # Bowie (length 2, very close): d6 odd = thrust column; Joe's FOR 15 is 5 above the Bowie's 10:
    # +10% to hit and +1 damage (§3.4.3); attack 50 against Combat à l'arme blanche 57 + 10 (normal
    # success); Sam's Esquive 45 - 20 fails with 70; location d100 (very-close column) 25 = chest;
    # the thrust column's damage 5 + 1.
    world = table(dice=[3, 50, 70, 25])
    blow = strike(world, "Joe Hambuster", "Sam Parkerson", Blow("Bowie", defence="dodge", defence_skill="Esquive", defence_modifier=-20))
    assert blow.result == "DN" and blow.location == "chest" and blow.damage == 6


def test_duel_and_detection_are_recorded() -> None:
    world = table(dice=[10, 50])
    result = oppose(world, "Sam Parkerson", Check(skill="Lasso"), "Joe Hambuster", Check(skill="Lutte"))
    assert result.result == "won"
    world = table(dice=[95])
    found = detect(world, "Joe Hambuster", Check(skill="Mouvement silencieux"), "Sam Parkerson", Check(skill="Écoute"))
    assert found.result == "detected" and found.second is None
    assert [e.result for e in world.collect() if isinstance(e, ev.OppositionResolved)] == ["detected"]


def test_an_undefended_blow_reads_the_failed_defence_row_ruling_WA11() -> None:
    # Punch (Pugilat 57 for Joe): 20 is a critical success -> DC: +1d6cum (4); d10 2 = head:
    # 1 + mFOR 1 + 4 + (57 - 40) // 10 = 7 on the head, a minor wound: no die at once (digest
    # §4.6: the END roll to recover comes with his next action).
    world = table(dice=[20, 4, 2])
    blow = strike(world, "Joe Hambuster", "Sam Parkerson", Blow("punch"))
    assert blow.result == "DC" and blow.location == "head"
    assert blow.damage == 1 + 1 + 4 + 1
    assert attack_against_defence("NORM_F", "NORM_F") == "-"


def test_a_blow_names_its_weapon_as_players_say_it_Table_3_24() -> None:
    # Table 3.24: fists and feet strike "a punch" or "a kick"; a weapon is "the Bowie" (it read
    # "attacked Sam Parkerson with punch").
    from chronique.domain.rulesets.westernparade.describe import describe

    world = table(dice=[20, 4, 2, 3, 50, 70, 25])
    strike(world, "Joe Hambuster", "Sam Parkerson", Blow("punch"))
    strike(world, "Joe Hambuster", "Sam Parkerson", Blow("Bowie", defence="dodge", defence_skill="Esquive", defence_modifier=-20))
    blows = [describe(e) for e in world.collect() if isinstance(e, ev.BlowStruck)]
    assert [b.split(":")[0] for b in blows] == [
        "attacked Sam Parkerson with a punch (Pugilat)",
        "attacked Sam Parkerson with the Bowie (Combat à l'arme blanche)",
    ]
