"""A thrust's réussite extraordinaire impales the location (seed §3.4.5.2 L2509-L2527, digest
§4.4 and §5.1): 1d6cum more damage (L2511); no PH lost while the weapon stays in (L2513); a
surgeon takes it out by *Chirurgie*, each quality of the roll doing what L2519-L2525 list; or it
is pulled out by force (a STR roll; 1 point a failed try, 1d6cum once out, bleeding double,
L2513), against the victim's STR if he resists, his hands cut gripping a sharp weapon (L2515), a
difficult first aid halving the damage (L2527). What the seed leaves open: rulings WB44
(the lodged weapon: no healing, no bandage, a second one), WB45 (the surgery's rounds of
bleeding, its steps harder, the bleeding it leaves) and WB46 (the pull). Also: a
training plan paused by a broken chest or flank says why it lasts once first aid has brought the
location back to 0 PV (§3.4.5.3, ruling WC23). Through the rules over a scripted table, the
verifier's re-derivation and the real command line on each backend."""

from __future__ import annotations

import re
from typing import Any

import pytest
from scripted_table import die_faces
from support import run
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import JOE as JOE_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import SIRINGO as SIRINGO_SHEET
from westernparade_table import table
from wp_city import SAM, WP, C, refused, scripted_dice, shotgun_city

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import HOUR
from chronique.domain.rederivation import Table, check
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade import downtime_events as dev
from chronique.domain.rulesets.westernparade.body_events import CareGiven, WeaponPulled, WoundTaken
from chronique.domain.rulesets.westernparade.condition import heals_at_rest, rates
from chronique.domain.rulesets.westernparade.describe import describe
from chronique.domain.rulesets.westernparade.downtime_processes import DowntimeProcesses
from chronique.domain.rulesets.westernparade.impalement import Surgery, impale, pull, surgery, surgery_modifier, surgery_step
from chronique.domain.rulesets.westernparade.odds import draws
from chronique.domain.rulesets.westernparade.play import Blow, strike
from chronique.domain.rulesets.westernparade.report import body_lines, where
from chronique.domain.rulesets.westernparade.verification import RULES
from chronique.domain.timeline import advance
from chronique.domain.world import World

JOE, DOC, SIRINGO = "Joe Hambuster", "Doc Holloway", "Charlie Siringo"
BODY = "chronique.domain.rulesets.westernparade.body_events:"


def _recorded(event: Any) -> dict[str, Any]:
    return {k: v for k, v in vars(event).items() if not k.startswith("_")} | {"topic": BODY + type(event).__name__}


def _last(world: World, cls: type) -> Any:
    return [e for e in world.pending() if isinstance(e, cls)][-1]


def _impaled_thigh(dice: list[int]) -> World:
    # Sam's right thigh (24 PV, multiplier 2) takes a 10-point thrust that impales it: 1d6cum 3,
    # 13 points, a major wound (no die at once); Doc Holloway's Chirurgie 45 then operates.
    world = table(SAM_SHEET, DOC_SHEET, dice=[3, *dice])
    care.wound(world, SAM, "right-thigh", 10, kind="thrust", source="a lance", impaled=True)
    return world


# -- the rule (§3.4.5.2) -------------------------------------------------------------------------


def test_an_impalement_adds_1d6cum_damage_S3_4_5_2_L2511() -> None:
    # "Cet état de fait occasionne 1d6cum points de dommages supplémentaires": a 6 rolls again.
    assert impale(die_faces(6, 2)).to_dict() == {"faces": [6, 2], "damage": 8}
    assert impale(die_faces(4)).damage == 4


def test_the_surgery_s_quality_does_what_the_seed_lists_S3_4_5_2_L2519_L2525() -> None:
    assert surgery("EXTRA") == Surgery(removed=True, damage=0, rounds=0, harder=False)  # "sans aucun problème"
    assert surgery("CRIT_S") == Surgery(removed=True, damage=1, rounds=1, harder=False)
    assert surgery("NORM_S") == Surgery(removed=True, damage=2, rounds=2, harder=False)
    assert surgery("NORM_F") == Surgery(removed=False, damage=1, rounds=0, harder=False)
    assert surgery("CRIT_F") == Surgery(removed=False, damage=2, rounds=1, harder=False)
    assert surgery("CATA_F") == Surgery(removed=False, damage=3, rounds=2, harder=True)  # "augmenté d'un cran"


def test_each_catastrophic_failure_makes_the_next_surgery_a_step_harder_S3_4_5_2_L2525_S1_6_3_ruling_WB45() -> None:
    assert [surgery_step(n) for n in range(5)] == ["normal", "difficult", "very-difficult", "impossible", "impossible"]
    assert [surgery_modifier(n) for n in range(3)] == [0, -25, -50]


# -- a thrust that impales (§3.4.5, §3.4.5.2) ----------------------------------------------------


def test_an_extraordinary_bowie_thrust_impales_and_the_chest_loses_no_blood_S3_4_5_2_L2511_L2513() -> None:
    # Bowie (length 2, very close): d6 3 odd = thrust column; Joe's 67% rolls 5, under 10% of it:
    # a réussite extraordinaire, undefended: Table 3.3's extraordinary damage, its 1d6cum 2; the
    # d100 25 = chest: 5 + 1 + 2 = 8. The impalement's 1d6cum 4 adds 4; the critical chest's
    # unconsciousness check rolls 90. A critical chest bleeds 3 PH a round (§3.2.3), but not one
    # is lost while the Bowie stays in.
    world = table(SAM_SHEET, JOE_SHEET, dice=[3, 5, 2, 25, 4, 90])
    blow = strike(world, JOE, SAM, Blow("Bowie"))
    assert (blow.result, blow.location, blow.damage, blow.extraordinary) == ("DE", "chest", 8, "impaled")
    wound = _last(world, WoundTaken)
    assert (wound.impalement, wound.ph_lost, wound.state) == ({"faces": [4], "damage": 4}, 0, "critical")
    assert describe(wound).startswith(
        "wounded in the cœur/poitrine: 8 points of thrust damage (Bowie of Joe Hambuster); a critical wound;"
        " impaled (§3.4.5.2): 4 more damage (1d6cum 4); the weapon stays in, no bleeding while it does;"
    )
    sam = world.character(SAM)
    assert rates(sam.condition, care.env(world, sam)) == (0, 0)
    line = body_lines(SAM, sam.condition, care.env(world, sam), world.campaign.clock)[2]
    assert line.endswith(
        "a weapon is lodged in it: no bleeding while it stays in (§3.4.5.2); no healing until a surgeon takes it out (Chirurgie)"
    )


def test_a_lodged_weapon_wound_neither_heals_nor_takes_first_aid_nor_a_bandage_S3_4_5_2_L2513_ruling_WB44() -> None:
    world = _impaled_thigh([])
    sam = world.character(SAM)
    thigh = sam.condition["wounds"]["right-thigh"]
    assert thigh["damage"] == 13 and _last(world, WoundTaken).ph_lost == 0
    assert not heals_at_rest(sam.condition, thigh, "right-thigh", care.env(world, sam))
    with pytest.raises(RuleViolation, match="not bleeding"):
        care.aid(world, SAM, "right-thigh", DOC)
    with pytest.raises(RuleViolation, match="the weapon lodged in the wound is out"):
        care.care(world, SAM, "right-thigh", DOC, "Bandages")


def test_only_a_thrust_impales_S3_4_5_L2503() -> None:
    # "On considérera les projectiles pointus (flèches, javelots, etc.) comme des attaques
    # d'estoc": a thrust (an arrow is entered so); a cut, a blunt blow, a bullet do not, nor a
    # blade whose column is not said (ruling WB44).
    world = table(SAM_SHEET, DOC_SHEET)
    for kind in ("bullet", "blunt", "slash", "blade"):
        with pytest.raises(RuleViolation, match=f"only a thrust impales \\(§3.4.5.2\\), not a {kind} wound"):
            care.wound(world, SAM, "right-arm", 2, kind=kind, impaled=True)
    care.wound(world, SAM, "right-arm", 2, kind="blade")
    with pytest.raises(RuleViolation, match="^no weapon is lodged in Sam Parkerson's bras droit \\(Chirurgie"):
        care.care(world, SAM, "right-arm", DOC, "Chirurgie")


# -- the surgery (§3.4.5.2 L2517-L2527) ----------------------------------------------------------


def test_a_normal_success_takes_the_weapon_out_for_two_points_and_two_rounds_of_blood_S3_4_5_2_L2521_ruling_WB45() -> None:
    # Doc's Chirurgie 45 rolls 30: a normal success. 2 more points (15 of 24: a major wound still);
    # two rounds of what a major thigh bleeds, 2 x 2 = 4 PH a round: 8 PH. The surgeon has mastered
    # the bleeding then (L2527): the thigh bleeds no more and heals again.
    world = _impaled_thigh([30])
    done = care.care(world, SAM, "right-thigh", DOC, "Chirurgie")
    assert (done["quality"], done["removed"], done["damage"], done["rounds"]) == ("NORM_S", True, 2, 2)
    sam = world.character(SAM)
    thigh, e = sam.condition["wounds"]["right-thigh"], care.env(world, sam)
    assert (thigh["damage"], thigh["impaled"], sam.condition["ph"]) == (15, None, 80 - 8)
    assert rates(sam.condition, e) == (0, 0) and heals_at_rest(sam.condition, thigh, "right-thigh", e)
    given = _last(world, CareGiven)
    assert describe(given) == (
        "Chirurgie by Doc Holloway on the cuisse droite: chance 45% (Chirurgie 45): rolled 30 → réussite normale —"
        " the weapon is out; 2 more damage to the location; 2 rounds of its bleeding lost at once; the surgeon masters the bleeding"
    )
    assert check(RULES.rederive[BODY + "CareGiven"], _recorded(given), Table()) is None


def test_after_the_surgery_the_body_says_the_surgeon_not_first_aid_stopped_the_bleeding_S3_4_5_2_L2527_ruling_WB47() -> None:
    # §3.4.5.2 L2527: mastering the bleeding "fait toute la différence d'avec l'intervention
    # chirurgicale": no one gave Sam first aid; Doc's surgery (30: a normal success) stopped it.
    world = _impaled_thigh([30])
    care.care(world, SAM, "right-thigh", DOC, "Chirurgie")
    sam = world.character(SAM)
    thigh = next(line for line in body_lines(SAM, sam.condition, care.env(world, sam), world.campaign.clock) if "cuisse droite" in line)
    assert "bleeding stopped by the surgery that took the weapon out (§3.4.5.2)" in thigh
    assert "first aid" not in thigh


def test_a_catastrophic_failure_leaves_it_in_badly_placed_and_the_next_attempt_difficult_S3_4_5_2_L2525_ruling_WB45() -> None:
    # 96 + 40 = 136, above three times 45: a catastrophic failure. 3 more points (16 of 24), two
    # rounds of 4 PH; the weapon stays in; the next attempt is difficult (-25): 20%, 15 succeeds
    # normally (under the 20 but above its half 10): out, 2 more points.
    world = _impaled_thigh([96, 40, 15])
    first = care.care(world, SAM, "right-thigh", DOC, "Chirurgie")
    assert (first["quality"], first["removed"], first["damage"], first["harder"]) == ("CATA_F", False, 3, True)
    sam = world.character(SAM)
    assert (sam.condition["wounds"]["right-thigh"]["damage"], sam.condition["ph"]) == (16, 72)
    assert (
        "no healing until a surgeon takes it out (Chirurgie, difficult now that it is badly placed)"
        in (body_lines(SAM, sam.condition, care.env(world, sam), world.campaign.clock)[2])
    )
    second = care.care(world, SAM, "right-thigh", DOC, "Chirurgie")
    given = _last(world, CareGiven)
    assert given.outcome["terms"] == {"Chirurgie": 45, "wound": -25} and given.outcome["chance"] == 20
    assert (second["quality"], second["removed"]) == ("NORM_S", True)
    assert world.character(SAM).condition["wounds"]["right-thigh"]["damage"] == 18


# -- the forced pull (§3.4.5.2 L2513, L2527) ------------------------------------------------------


def test_a_forced_pull_fails_for_one_point_or_tears_out_for_1d6cum_halved_by_difficult_first_aid_S3_4_5_2_L2513_L2527_ruling_WB46() -> None:
    # "Chaque tentative ratée infligera un point de dommages": 80 against jFOR 50 fails.
    failed = pull(die_faces(80), {"jFOR": 50}, {"Premiers soins": 85, "difficulty": -25})
    assert (failed.out, failed.damage, failed.faces, failed.first_aid) == (False, 1, (), None)
    # 30 succeeds: "encore 1d6cum de dommages", 6+3 = 9; the difficult first aid (60%) rolls 10,
    # "pour réduire de moitié les dommages infligés": 4.
    torn = pull(die_faces(30, 6, 3, 10), {"jFOR": 50}, {"Premiers soins": 85, "difficulty": -25})
    assert (torn.out, torn.faces, torn.halved, torn.damage) == (True, (6, 3), True, 4)
    # Without first aid, or when it fails (70 > 60), the 1d6cum in full.
    assert pull(die_faces(30, 5), {"jFOR": 50}, None).damage == 5
    assert pull(die_faces(30, 5, 70), {"jFOR": 50}, {"Premiers soins": 85, "difficulty": -25}).damage == 5


def test_joe_tears_his_lance_out_of_sam_s_thigh_which_then_bleeds_double_S3_4_5_2_L2513_ruling_WB46() -> None:
    # Joe's jFOR 50: 80 fails, 1 point (14); 30 tears it out, 1d6cum 6+3 halved by Doc's difficult
    # first aid (10 under 60): 4 more, 18 of 24: a major wound bleeding 2 x 2, doubled: 8 PH a
    # round until first aid masters it (L2527).
    world = table(SAM_SHEET, JOE_SHEET, DOC_SHEET, dice=[3, 80, 30, 6, 3, 10])
    care.wound(world, SAM, "right-thigh", 10, kind="thrust", source="a lance", impaled=True)
    first = care.pull_out(world, SAM, "right-thigh", JOE)
    assert (first["out"], first["damage"]) == (False, 1)
    assert "it stays in; 1 point of damage to the location (§3.4.5.2)" in describe(_last(world, WeaponPulled))
    second = care.pull_out(world, SAM, "right-thigh", JOE, first_aid_by=DOC)
    assert (second["out"], second["halved"], second["damage"]) == (True, True, 4)
    sam = world.character(SAM)
    thigh = sam.condition["wounds"]["right-thigh"]
    assert (thigh["damage"], thigh["impaled"], rates(sam.condition, care.env(world, sam))) == (18, None, (8, 0))
    assert describe(_last(world, WeaponPulled)) == (
        "Joe Hambuster pulls on the weapon in the cuisse droite (FOR): chance 50% (FOR roll 50): rolled 30 → réussite normale —"
        " torn out (§3.4.5.2): 1d6cum 6+3; Doc Holloway's difficult first aid: chance 60% (Premiers soins 85, difficulty -25):"
        " rolled 10 → réussite critique → 4 points of damage, halved; the location bleeds double until first aid masters it"
    )
    # Both rolls are a player's against a chance (the luck statistics), each of its roller.
    assert [(d.kind, d.success, d.roller) for d in draws(_last(world, WeaponPulled))] == [
        ("FOR roll to pull a weapon out", True, JOE),
        ("difficult first aid halving a pull's damage", True, DOC),
    ]
    recorded = _recorded(_last(world, WeaponPulled))
    assert check(RULES.rederive[BODY + "WeaponPulled"], recorded, Table()) is None
    forged = recorded | {"pull": recorded["pull"] | {"damage": 9, "halved": False}}
    assert check(RULES.rederive[BODY + "WeaponPulled"], forged, Table()) is not None
    with pytest.raises(RuleViolation, match="no weapon is lodged in Sam Parkerson's cuisse droite"):
        care.pull_out(world, SAM, "right-thigh", JOE)


def test_against_a_victim_opposing_his_STR_only_a_success_winning_the_duel_tears_it_out_S3_4_5_2_L2515_S2_2_1_ruling_WB46() -> None:
    # "Le blessé ... peut tenter d'opposer sa force à celle de son adversaire": a duel (§2.2.1).
    # 30 and 20 under 50 are a normal and a critical success (under 25): the victim's is better.
    held = pull(die_faces(30, 20), {"jFOR": 50}, None, {"jFOR": 50})
    assert (held.out, held.damage, held.faces) == (False, 1, ())
    # 20 (critical) beats 40 (normal): torn out, 1d6cum 4.
    torn = pull(die_faces(20, 40, 4), {"jFOR": 50}, None, {"jFOR": 50})
    assert (torn.out, torn.damage, torn.resistance is not None) == (True, 4, True)
    # A failed pull stays a failure even against a worse roll: "il doit réussir un jet de force".
    assert not pull(die_faces(60, 90), {"jFOR": 50}, None, {"jFOR": 50}).out


def test_sam_gripping_the_bowie_resists_and_each_hand_takes_half_its_slash_damage_S3_4_5_2_L2515_ruling_WB46() -> None:
    # Joe's jFOR 50 rolls 30, a normal success; Sam's jFOR 36 less 10 for his wounded thigh (Table
    # 3.6, "moyennant l'application des pénalités imposées par la blessure"): 26%, 20, a normal
    # success too: a deadlock, the Bowie stays in (1 point). Gripping it, each of Sam's hands takes
    # half the Bowie's slash damage 4: 2, a minor cut (Table 5.6).
    world = table(SAM_SHEET, JOE_SHEET, dice=[3, 30, 20])
    care.wound(world, SAM, "right-thigh", 10, kind="thrust", source="a Bowie", impaled=True)
    done = care.pull_out(world, SAM, "right-thigh", JOE, resisted=True, weapon_name="bowie")
    assert (done["out"], done["damage"], done["resistance"]["terms"]) == (False, 1, {"jFOR": 36, "wounds": -10})
    assert describe(_last(world, WeaponPulled)) == (
        "Joe Hambuster pulls on the weapon in the cuisse droite (FOR): chance 50% (FOR roll 50): rolled 30 → réussite normale;"
        " gripping it, the wounded resist (FOR): chance 26% (FOR roll 36, wounds -10): rolled 20 → réussite normale —"
        " it stays in; 1 point of damage to the location (§3.4.5.2)"
    )
    hands = [e for e in world.pending() if isinstance(e, WoundTaken)][1:]
    assert [(e.location, e.damage, e.kind, e.source) for e in hands] == [
        ("right-hand", 2, "slash", "gripping the Bowie"),
        ("left-hand", 2, "slash", "gripping the Bowie"),
    ]
    recorded = _recorded(_last(world, WeaponPulled))
    assert check(RULES.rederive[BODY + "WeaponPulled"], recorded, Table()) is None
    with pytest.raises(RuleViolation, match="cuts only the hands of a victim who grips it"):
        care.pull_out(world, SAM, "right-thigh", JOE, weapon_name="bowie")


# -- verification ----------------------------------------------------------------------------------


def test_the_verifier_re_derives_the_impalement_s_1d6cum_S3_4_5_2_L2511() -> None:
    world = _impaled_thigh([])
    recorded = _recorded(_last(world, WoundTaken))
    assert check(RULES.rederive[BODY + "WoundTaken"], recorded, Table()) is None
    forged = recorded | {"impalement": {"faces": [5], "damage": 5}}
    assert check(RULES.rederive[BODY + "WoundTaken"], forged, Table()) == "field impalement: at faces[0], records 5, the rules give 3"


def test_a_surgery_whose_result_does_not_follow_from_its_roll_is_caught_S3_4_5_2_L2519() -> None:
    world = _impaled_thigh([30])
    care.care(world, SAM, "right-thigh", DOC, "Chirurgie")
    recorded = _recorded(_last(world, CareGiven))
    forged = recorded | {"result": recorded["result"] | {"damage": 0}}
    assert check(RULES.rederive[BODY + "CareGiven"], forged, Table()) is not None


def test_a_wound_recorded_before_impalements_upcasts_to_none_and_still_verifies_S3_4_5_2() -> None:
    world = table(SAM_SHEET, dice=[90])
    care.wound(world, SAM, "chest", 9, kind="bullet", source="a Colt")
    old = {k: v for k, v in _recorded(_last(world, WoundTaken)).items() if k != "impalement"}
    WoundTaken.upcast_stored(old)
    assert old["impalement"] is None
    assert check(RULES.rederive[BODY + "WoundTaken"], old, Table()) is None


# -- a paused training plan says why it lasts (§3.4.5.3, ruling WC23) ---------------------------


def test_a_plan_paused_by_a_broken_flank_says_the_break_keeps_him_still_once_first_aid_brings_it_to_0_PV_ruling_WC23() -> None:
    # The broken right flank at -1 PV: a critical wound keeps him in bed (§3.2.9.3); its check
    # rolls 95. Doc's first aid rolls 20: a full stop and 1 PV back, 0 PV: no critical wound any
    # more, but the break keeps him totally still until it heals (§3.4.5.3, ruling WB43).
    world = table(SAM_SHEET, DOC_SHEET, SIRINGO_SHEET, dice=[95, 20])
    dt.plan_training(world, SAM, "Armes de poing", 20, teacher=SIRINGO)
    care.wound(world, SAM, "right-flank", 2, kind="blunt", source="a chair", fracture=True)
    advance(world.campaign, DowntimeProcesses(world), world.campaign.clock)
    state = world.character(SAM).condition["training"]
    assert dt.plan_words(state["targets"]["Armes de poing"], state).startswith("paused while a critical wound keeps them in bed")
    care.aid(world, SAM, "right-flank", DOC)
    advance(world.campaign, DowntimeProcesses(world), world.campaign.clock + HOUR)
    paused = [e for e in world.pending() if isinstance(e, dev.TrainingPaused)]
    assert [e.training["pause_cause"] for e in paused] == ["bed", "fracture"]
    assert describe(paused[-1]) == "training paused: a broken chest or flank keeps them totally still"
    state = world.character(SAM).condition["training"]
    assert dt.plan_words(state["targets"]["Armes de poing"], state) == (
        f"paused while a broken chest or flank keeps them totally still, 20 hours a week with {SIRINGO} (91%) once up"
    )


# -- the command line ----------------------------------------------------------------------------


def test_body_wound_impaled_prints_the_1d6cum_and_the_status_on_the_vault_s_dice_and_verifies_S3_4_5_2(db: str) -> None:
    shotgun_city(db)
    # The vault's dice first: the 1d6cum said is the damage added, and the journal verifies.
    out = run(db, WP, "body", "wound", C, SAM, "left-leg", "3", "--kind", "thrust", "--source", "an arrow", "--impaled").stdout
    said = re.search(r"impaled \(§3\.4\.5\.2\): (\d+) more damage \(1d6cum ([\d+]+)\); the weapon stays in, no bleeding while it does", out)
    assert said is not None, out
    assert int(said.group(1)) == sum(int(f) for f in said.group(2).split("+"))
    status = run(db, WP, "body", "status", C, SAM).stdout
    lodged = "a weapon is lodged in it: no bleeding while it stays in (§3.4.5.2); no healing until a surgeon takes it out (Chirurgie)"
    assert lodged in status
    assert lodged in " ".join(run(db, "sheet", C, SAM).stdout.split())  # the sheet's table wraps its lines
    assert "OK" in run(db, "verify", C).stdout


def test_chirurgie_takes_a_lodged_weapon_out_and_a_failed_pull_leaves_it_in_S3_4_5_2(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    shotgun_city(db)
    # Scripted dice, one per branch (§3.4.5.2 L2513, L2519-L2521), from the first wound: on real
    # dice a high 1d6cum took the jambe gauche past its critical threshold, and the surgery's line
    # then also said the permanent losses. The arrow's 1d6cum 1; Doc's Chirurgie 45 rolls 30, a
    # normal success: out; Sam's right leg impaled again (1d6cum 2), where Joe's FOR 50 rolls 80,
    # a failure: 1 point, it stays in.
    scripted_dice(monkeypatch, 1, 30, 2, 80)
    run(db, WP, "body", "wound", C, SAM, "left-leg", "3", "--kind", "thrust", "--source", "an arrow", "--impaled")
    cared = run(db, WP, "body", "care", C, SAM, "left-leg", "Chirurgie", "--by", "Doc Holloway").stdout
    assert cared.splitlines()[0] == (
        f"{SAM}: Chirurgie by Doc Holloway on the jambe gauche: chance 45% (Chirurgie 45): rolled 30 → réussite normale —"
        " the weapon is out; 2 more damage to the location; 2 rounds of its bleeding lost at once; the surgeon masters the bleeding"
    )
    run(db, WP, "body", "wound", C, SAM, "right-leg", "3", "--kind", "thrust", "--source", "a pitchfork", "--impaled")
    pulled = run(db, WP, "body", "pull", C, SAM, "right-leg", "--by", JOE).stdout
    assert pulled == (
        f"{SAM}: {JOE} pulls on the weapon in the jambe droite (FOR): chance 50% (FOR roll 50): rolled 80 → échec normal —"
        " it stays in; 1 point of damage to the location (§3.4.5.2)\n"
    )
    line = refused(db, WP, "body", "wound", C, SAM, "right-arm", "3", "--kind", "bullet", "--impaled")
    assert line == "error: only a thrust impales (§3.4.5.2), not a bullet wound"
    run(db, WP, "body", "wound", C, SAM, "right-arm", "3", "--kind", "slash")
    line = refused(db, WP, "body", "care", C, SAM, "right-arm", "Chirurgie", "--by", "Doc Holloway")
    # Named as the pull's refusal names it: the patient's location by its Table 3.2 name.
    assert line == f"error: no weapon is lodged in {SAM}'s bras droit (Chirurgie takes one out, §3.4.5.2)"
    line = refused(db, WP, "body", "pull", C, SAM, "right-leg", "--by", JOE, "--weapon", "Bowie")
    assert line == "error: the weapon cuts only the hands of a victim who grips it to resist (§3.4.5.2)"
    line = refused(db, WP, "body", "pull", C, SAM, "right-arm", "--by", JOE)
    assert line == f"error: no weapon is lodged in {SAM}'s bras droit"


def test_a_wounded_man_pulling_the_weapon_out_himself_is_named_once_S3_4_5_2_L2513(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Sam's right leg impaled by a pitchfork (1d6cum 2); he pulls it out himself: jFOR 36 less his
    # wound's 5 (L2515's "pénalités imposées par la blessure"), 31%; 20 succeeds; torn out for
    # 1d6cum 3. The line names him once, not "Sam Parkerson: Sam Parkerson pulls...", and the
    # log as the command does: the event keeps that the puller is the wounded.
    shotgun_city(db)
    scripted_dice(monkeypatch, 2, 20, 3)
    run(db, WP, "body", "wound", C, SAM, "right-leg", "3", "--kind", "thrust", "--source", "a pitchfork", "--impaled")
    pulled = run(db, WP, "body", "pull", C, SAM, "right-leg", "--by", SAM).stdout
    assert pulled == (
        f"{SAM}: pulls on the weapon in their own jambe droite (FOR): chance 31% (FOR roll 36, wounds -5): rolled 20 → réussite normale —"
        " torn out (§3.4.5.2): 1d6cum 3 → 3 points of damage; the location bleeds double until first aid masters it\n"
    )
    log = " ".join(run(db, "log", C, "--character", SAM).stdout.split())  # the log's table wraps its lines
    assert "| pulls on the weapon in their own jambe droite (FOR): chance 31%" in log
    assert f"{SAM} pulls" not in log


def test_body_wound_kind_takes_the_words_a_strike_records_and_says_them_back_S3_4_5_ruling_WB44(db: str) -> None:
    # Table 3.21's damage columns, slash, thrust and blunt, are what a strike records and what the
    # refusals say (ruling WB44): `--kind` takes them, and bullet, and blade (an edge, its column
    # unsaid), and says back the word typed. Only a thrust impales (§3.4.5 L2503).
    shotgun_city(db)
    for kind, limb in (("slash", "left-arm"), ("thrust", "right-arm"), ("blunt", "left-hand"), ("blade", "right-hand")):
        out = run(db, WP, "body", "wound", C, JOE, limb, "1", "--kind", kind).stdout
        assert out.startswith(f"{JOE}: wounded in the {where(limb)}: 1 point of {kind} damage;"), out
    for kind in ("slash", "blunt", "blade"):
        line = refused(db, WP, "body", "wound", C, JOE, "left-leg", "1", "--kind", kind, "--impaled")
        assert line == f"error: only a thrust impales (§3.4.5.2), not a {kind} wound"
    line = refused(db, WP, "body", "wound", C, JOE, "left-leg", "1", "--kind", "estoc")
    assert line == "error: `--kind` takes `bullet`, `slash`, `thrust`, `blunt` or `blade`, not “estoc”"
