"""Shotguns (seed §3.6.1 L2617-L2735, Tables 3.25 and 3.26): two ranges, point-blank at +30% with
Armes de poing and short at -10% with the rifle's skill, a location only at point-blank; the
cartridge's pellets on the main target by the to-hit result, the stray groups, damage even on a
miss, the misfire and the explosion, both barrels at once, no critical 1d6cum nor pass-through;
each cartridge counted as a bullet's (rulings WD34, WD39). Rulings WD39-WD43."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from scripted_table import die_faces
from support import SAMPLES, log_details, refused_cleanly, run
from westernparade_table import JOE, SAM, sample, table
from wp_city import scripted_dice
from wp_recorded import events

from chronique.domain.errors import RuleViolation
from chronique.domain.rederivation import Table, check
from chronique.domain.rulesets.westernparade import events as ev
from chronique.domain.rulesets.westernparade.body_events import WoundTaken
from chronique.domain.rulesets.westernparade.combat import Load, ShotSetup, parse_aim, shot_terms, shotgun_blast, weapon
from chronique.domain.rulesets.westernparade.play import both_barrels, load, reload, shoot
from chronique.domain.rulesets.westernparade.resolution import CATA_F, CRIT_F, NORM_S, RollOutcome, roll
from chronique.domain.rulesets.westernparade.verification import RULES

CAMPAIGN = "Shotgun City"
SAM_NAME, JOE_NAME = "Sam Parkerson", "Joe Hambuster"
GUN = "Shotgun"  # Table 5.4: two barrels, point-blank 40 m, short 80 m, "brkp c&b"
ARMED = {**SAM, "weapons": [GUN]}
SHOT_TOPIC = "chronique.domain.rulesets.westernparade.events:ShotFired"


def _recorded(world: Any) -> tuple[list[ev.ShotFired], dict[str, int]]:
    # The shots recorded since the last look, and the wounds they dealt by location.
    recorded = world.collect()
    wounds = {e.location: e.damage for e in recorded if isinstance(e, WoundTaken)}
    return [e for e in recorded if isinstance(e, ev.ShotFired)], wounds


def _rederived(shot: ev.ShotFired) -> Any:
    event = {k: v for k, v in vars(shot).items() if not k.startswith("_")} | {"topic": SHOT_TOPIC}
    return check(RULES.rederive[SHOT_TOPIC], event, Table()), event


def test_jim_takes_an_8_0_charge_in_the_left_arm_worked_example_20_S3_6_1_5_L2695() -> None:
    # Digest worked example 20: a normal hit at point-blank with an 8-0, the left arm: d8 - 2 with
    # a 5 puts 3 pellets in the arm; of the 5 left (groups of 2, 2, 1), "trop haut" lodges 2 in
    # the shoulder, "trop à gauche" loses 2 (no location that way), the last one falls short (S),
    # into the hand below. Each location is one wound, 3 damage a pellet (§3.6.1.3), no 1d6cum (§3.6.1.9).
    hit = roll(die_faces(60), {"Armes de poing": 70})
    assert hit.quality == NORM_S
    blast = shotgun_blast(die_faces(5, 4, 1, 7, 5), 8, "point-blank", hit, parse_aim("left-arm"), {"jCHC": 50})
    assert blast.pellets is not None and blast.pellets.on_target == 3
    assert [(g.pellets, g.direction, g.landed) for g in blast.groups] == [(2, "N", "left-shoulder"), (2, "W", None), (1, "S", "left-hand")]
    assert blast.wounds == {"left-arm": 3, "left-shoulder": 2, "left-hand": 1}
    assert blast.to_dict()["damage_per_pellet"] == 3


def test_a_shotgun_has_two_ranges_its_own_bonus_and_skill_and_no_location_at_short_range_S3_6_1_1_L2627() -> None:
    gun = weapon(GUN)
    near = shot_terms("Armes de poing", 56, gun, ShotSetup(distance_m=30), 12, 0)
    assert near["range"] == 30  # not Table 3.15's +50
    assert shot_terms("Tir au fusil/à la carabine", 40, gun, ShotSetup(distance_m=60), 12, 0)["range"] == -10
    with pytest.raises(RuleViolation, match=r"no location at short range \(§3\.6\.1\.1\)"):
        shot_terms("Tir au fusil/à la carabine", 40, gun, ShotSetup(distance_m=60, aim=parse_aim("head")), 12, 0)
    with pytest.raises(RuleViolation, match="does not reach 90 m"):
        shot_terms("Tir au fusil/à la carabine", 40, gun, ShotSetup(distance_m=90), 12, 0)


def test_a_point_blank_charge_wounds_each_location_once_takes_a_cartridge_and_verifies_S3_6_1_5_ruling_WD39() -> None:
    world = table(ARMED, JOE, dice=[40, 5, 4, 1, 7, 5])
    shoot(world, SAM_NAME, JOE_NAME, GUN, ShotSetup(distance_m=10, aim=parse_aim("left-arm"), cartridge=8))
    (shot,), wounds = _recorded(world)
    assert shot.skill == "Armes de poing" and shot.outcome["terms"]["range"] == 30
    assert shot.damage is None and shot.location == "left-arm" and shot.shotgun is not None
    assert wounds == {"left-arm": 9, "left-shoulder": 6, "left-hand": 3}
    # Each location a lodged pellet, one extraction (digest A43), none through (§3.6.1.9).
    lodged = world.character(JOE_NAME).condition["wounds"]
    assert all(lodged[where]["bullet"] for where in wounds)
    assert load(world.character(SAM_NAME), weapon(GUN)) == Load(1, False)
    mismatch, event = _rederived(shot)
    assert mismatch is None
    forged = event | {"shotgun": {**event["shotgun"], "wounds": {"left-arm": 8}}}
    assert "shotgun" in str(check(RULES.rederive[SHOT_TOPIC], forged, Table()))


def test_at_short_range_each_pellet_finds_its_own_location_under_the_rifle_skill_S3_6_1_5_L2709() -> None:
    # 16-0 at short range, a normal hit (40 under 43%): 2d8 - 6 with 4 and 4 = 2 pellets, each a
    # Table 3.10 d30; the other 14 fly in groups of 4 and are lost (no neighbour at short range).
    world = table(ARMED, JOE, dice=[40, 4, 4, 9, 9, 1, 2, 3, 4])
    shoot(world, SAM_NAME, JOE_NAME, GUN, ShotSetup(distance_m=60, cartridge=16))
    (shot,), wounds = _recorded(world)
    assert shot.skill == "Tir au fusil/à la carabine" and shot.outcome["terms"]["range"] == -10
    assert shot.location is None and shot.shotgun is not None
    assert shot.shotgun["wounds"] == {"chest": 2} and [g["pellets"] for g in shot.shotgun["groups"]] == [4, 4, 4, 2]
    assert wounds == {"chest": 4}
    assert _rederived(shot)[0] is None


def test_a_miss_that_still_reaches_him_gives_the_target_a_luck_roll_S3_6_1_5_L2705_ruling_WD40() -> None:
    # A miss at point-blank with a 4-0 (88 over 86%): d4 - 3 with a 4 = 1 pellet; Joe's luck roll
    # (his jCHC) wins with a 10: only grazed, the charge flies on (Table 3.9's d8).
    world = table(ARMED, JOE, dice=[88, 4, 10, 3])
    shoot(world, SAM_NAME, JOE_NAME, GUN, ShotSetup(distance_m=10, cartridge=4))
    (shot,), wounds = _recorded(world)
    assert not shot.hit and shot.shotgun is not None and shot.shotgun["grazed"]
    assert shot.stray == "E" and wounds == {}
    assert _rederived(shot)[0] is None
    # The same miss, his luck roll lost: the pellet lands as usual (damage on a missed roll), in
    # the chest (d30 9), and the 3 others, a roll each, go "to the left", into the left shoulder.
    world = table(ARMED, JOE, dice=[88, 4, 90, 9, 7, 7, 7])
    shoot(world, SAM_NAME, JOE_NAME, GUN, ShotSetup(distance_m=10, cartridge=4))
    assert _recorded(world)[1] == {"chest": 4, "left-shoulder": 12}


def test_a_charge_that_kills_at_its_first_location_wounds_no_more_and_is_recorded_S3_6_1_5_S3_2() -> None:
    # A critical 32-0 at the head: 4d8 = 28 pellets there (28 damage, 1 a pellet), the 4 others
    # "trop court" into the throat; the dead take no wound, and the shot is still recorded.
    world = table(ARMED, JOE, dice=[20, 8, 8, 8, 4, 5, 5])
    shoot(world, SAM_NAME, JOE_NAME, GUN, ShotSetup(distance_m=10, aim=parse_aim("head"), cartridge=32))
    (shot,), wounds = _recorded(world)
    assert shot.shotgun is not None and shot.shotgun["wounds"] == {"head": 28, "throat": 4}
    assert wounds == {"head": 28} and world.character(JOE_NAME).condition["dead"]


def test_a_critical_failure_misfires_no_recoil_and_the_cartridge_is_spent_S3_6_1_6_ruling_WD41() -> None:
    # One-handed, Sam lacks 6 FOR for the Shotgun (18): a shot that went off would roll the recoil.
    world = table(ARMED, JOE, dice=[90])
    shot = shoot(world, SAM_NAME, JOE_NAME, GUN, ShotSetup(distance_m=10, cartridge=8, two_hands=False))
    assert shot.outcome.quality == CRIT_F and shot.charge is not None and shot.charge["misfire"]
    (recorded,), wounds = _recorded(world)
    assert shot.recoil is None and wounds == {}
    assert load(world.character(SAM_NAME), weapon(GUN)).loaded == 1
    assert _rederived(recorded)[0] is None


def test_a_catastrophic_failure_puts_a_hit_s_pellets_in_the_shooter_s_upper_body_S3_6_1_7_ruling_WD41() -> None:
    # "l'arme explose ... un nombre de plombs équivalent à un toucher réussi dans une localisation
    # du haut du corps" (Table 3.12): an 8-0 at point-blank, d8 - 2 with a 5 = 3 pellets, 9 damage;
    # none reaches the target.
    blown = RollOutcome(26, (100, 60), 160, CATA_F, {"Armes de poing": 26})
    blast = shotgun_blast(die_faces(5, 1), 8, "point-blank", blown, parse_aim(None), {"jCHC": 50})
    assert blast.exploded is not None and blast.exploded.damage == 9
    assert blast.exploded.location == "head" and blast.wounds == {}


def test_both_barrels_fire_two_charges_the_second_at_minus_25_then_the_gun_is_empty_S3_6_1_8_L2723() -> None:
    world = table(ARMED, JOE, dice=[88, 1, 8, 88, 1, 8])
    both_barrels(world, SAM_NAME, JOE_NAME, GUN, ShotSetup(distance_m=10, cartridge=8))
    (first, second), _ = _recorded(world)
    assert "second barrel" not in first.outcome["terms"] and second.outcome["terms"]["second barrel"] == -25
    assert second.shotgun is not None and second.shotgun["barrel"] == 2
    assert _rederived(second)[0] is None
    forged = _rederived(second)[1]
    forged["outcome"] = {**forged["outcome"], "terms": {k: v for k, v in forged["outcome"]["terms"].items() if k != "second barrel"}}
    assert "second barrel" in str(check(RULES.rederive[SHOT_TOPIC], forged, Table()))
    with pytest.raises(RuleViolation, match=r"the Shotgun of Sam Parkerson is empty: `chronique western-parade reload"):
        shoot(world, SAM_NAME, JOE_NAME, GUN, ShotSetup(distance_m=10, cartridge=8))
    # Black powder ("brkp c&b"): reloaded out of the fight (ruling WD33).
    assert reload(world, SAM_NAME, GUN, None).loaded == 2


def test_a_shotgun_shot_needs_its_cartridge_and_names_no_bystander_S3_6_1_2_S3_6_1_4_ruling_WD40() -> None:
    world = table(ARMED, JOE, sample("doc"))
    with pytest.raises(RuleViolation, match=r"say its cartridge \(`--cartridge 4-0`, `8-0`, `16-0` or `32-0`"):
        shoot(world, SAM_NAME, JOE_NAME, GUN, ShotSetup(distance_m=10))
    with pytest.raises(RuleViolation, match="no bystander"):
        shoot(world, SAM_NAME, JOE_NAME, GUN, ShotSetup(distance_m=10, cartridge=8), bystander="Doc Holloway")


def test_a_cartridge_given_for_a_bullet_gun_is_refused_S3_6_1_2_ruling_WD39() -> None:
    # The final review: `shoot … -w Colt --cartridge 8-0` fired the Colt and dropped the charge
    # without a word; only a shotgun takes a cartridge (§3.6.1.2).
    world = table(JOE, sample("doc"))
    with pytest.raises(RuleViolation) as refused:
        shoot(world, JOE_NAME, "Doc Holloway", "Colt SA Peacemaker", ShotSetup(distance_m=10, cartridge=8))
    assert str(refused.value) == "the Colt SA Peacemaker fires bullets, not a shotgun's charge (§3.6.1.2): drop `--cartridge`"
    assert [e for e in world.pending() if type(e).__name__ == "ShotFired"] == []  # nothing fired


def _armed_posse(db: str, tmp_path: Path) -> None:
    # Sam with a shotgun in place of his Colt, and Joe.
    sheet = tmp_path / "wp_sam_shotgun.toml"
    sheet.write_text((SAMPLES / "wp_sam.toml").read_text().replace('weapons = ["Colt SA Peacemaker"]', f'weapons = ["{GUN}"]'))
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(sheet))
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_joe.toml"))
    run(db, "session", "start", CAMPAIGN)


def test_both_barrels_through_the_command_line_with_real_chance_record_a_journal_that_verifies_S3_6_1_8(db: str, tmp_path: Path) -> None:
    _armed_posse(db, tmp_path)
    said = run(
        db, "western-parade", "shoot", CAMPAIGN, SAM_NAME, JOE_NAME, "-w", GUN, "--distance", "30", "--cartridge", "16-0", "--both-barrels"
    ).stdout
    assert "barrel 1 of 2 (§3.6.1.8):" in said
    shots = events(db, CAMPAIGN, "ShotFired")
    assert [shot["shotgun"]["barrel"] for shot in shots] == [1, 2][: len(shots)]
    assert "OK" in run(db, "verify", CAMPAIGN).stdout


def test_shoot_fires_a_shotgun_and_the_log_says_the_pellets_in_words_S3_6_1_ruling_WD42(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Worked example 20 through the command line: Sam with a shotgun, Joe as Jim.
    _armed_posse(db, tmp_path)
    shot = ("western-parade", "shoot", CAMPAIGN, SAM_NAME, JOE_NAME, "-w", GUN, "--distance", "10")
    refusal = refused_cleanly(db, *shot, "--cartridge", "9-0")
    assert refusal.endswith("shotgun cartridges are 4-0, 8-0, 16-0 or 32-0 (§3.6.1.2), not “9-0”")
    scripted_dice(monkeypatch, 40, 5, 4, 1, 7, 5)
    said = run(db, *shot, "--aim", "left-arm", "--cartridge", "8-0").stdout
    assert said.splitlines()[1:6] == [
        "an 8-0 charge at point blank: 3 of 8 pellets on Joe Hambuster",
        "2 pellets went too high, into the épaule gauche",
        "2 pellets went to the left, lost",
        "1 pellet went short, into the main gauche",
        "Joe Hambuster: 9 damage in the bras gauche (3 pellets), 6 damage in the épaule gauche (2 pellets),"
        " 3 damage in the main gauche (1 pellet)",
    ]
    (recorded,) = events(db, CAMPAIGN, "ShotFired")
    assert recorded["shotgun"]["wounds"] == {"left-arm": 3, "left-shoulder": 2, "left-hand": 1}
    assert any("3 of 8 pellets on Joe Hambuster" in line for line in log_details(db, CAMPAIGN))
