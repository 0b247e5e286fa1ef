"""A blunt blow's réussite extraordinaire breaks the location (seed §3.4.5.3 L2531-L2541, digest
§4.4 and §5.11): sent to -1 PV at once unless already lower, its convalescence ten times as
long; the head loses 1d4 APP for good, the throat is death, the chest and the flanks keep him
totally still for the whole convalescence, the abdomen costs 1 END for good, the limbs nothing
more. Bare hands strike blunt (§3.5.4 L2589). Which blow is extraordinary: §3.4.5 L2498-L2501
(ruling WA21); what the seed leaves open: ruling WB43. Through the rules over a scripted table,
the verifier's re-derivation and the real command line (in process) on each backend."""

from __future__ import annotations

from typing import Any

import pytest
from scripted_table import die_faces
from support import run, stored
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import JOE as JOE_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import SIRINGO as SIRINGO_SHEET
from westernparade_table import sample, table
from wp_city import SAM, WP, C, refused, shotgun_city

from chronique.domain.errors import RuleViolation
from chronique.domain.rederivation import Table, check
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade.body_events import WoundTaken
from chronique.domain.rulesets.westernparade.combat import extraordinary
from chronique.domain.rulesets.westernparade.condition import activity, bed_forced, env_of, heal_wait, new_wound, starting_body
from chronique.domain.rulesets.westernparade.describe import describe
from chronique.domain.rulesets.westernparade.fracture import fracture
from chronique.domain.rulesets.westernparade.healing import TENTH_OF_DAY
from chronique.domain.rulesets.westernparade.play import Blow, strike
from chronique.domain.rulesets.westernparade.report import body_lines, forced_bed_words
from chronique.domain.rulesets.westernparade.sheet import parse_sheet, sheet_data
from chronique.domain.rulesets.westernparade.verification import RULES
from chronique.domain.world import World

JOE = "Joe Hambuster"
WOUND_TOPIC = "chronique.domain.rulesets.westernparade.body_events:WoundTaken"


def _wounds(world: World) -> list[WoundTaken]:
    return [e for e in world.pending() if isinstance(e, WoundTaken)]


def _recorded(event: WoundTaken) -> dict[str, Any]:
    return {k: v for k, v in vars(event).items() if not k.startswith("_")} | {"topic": WOUND_TOPIC}


# -- the rule (§3.4.5.3 L2531-L2541) -------------------------------------------------------------


def test_a_fracture_sends_the_location_to_minus_one_and_by_location_costs_what_the_seed_says_S3_4_5_3_L2531() -> None:
    # "Envoyer immédiatement la localisation touchée à -1": 11 PV left need 12 more points.
    head = fracture(die_faces(3), "head", 11)
    assert (head.sent, head.faces, dict(head.losses), head.fate) == (12, (3,), {"APP": 3}, "")  # "perte de 1d4 points d'apparence"
    assert fracture(die_faces(), "throat", 8).fate == "killed"  # "requiem"
    assert fracture(die_faces(), "chest", 2).fate == "immobile"  # "immobilité totale pendant toute la convalescence"
    assert fracture(die_faces(), "left-flank", 2).fate == "immobile"  # "même principe que ci-dessus"
    assert dict(fracture(die_faces(), "abdomen", 2).losses) == {"END": 1}  # "perte définitive d'un point d'endurance"
    limb = fracture(die_faces(), "right-leg", 5)  # "les membres : rien de spécial"
    assert (limb.sent, limb.faces, dict(limb.losses), limb.fate) == (6, (), {}, "")
    # "Si elle n'y est pas déjà, voire en dessous": a location at -1 or lower keeps its PV.
    assert fracture(die_faces(), "right-arm", -1).sent == 0 and fracture(die_faces(), "right-arm", -4).sent == 0


def test_a_blow_is_extraordinary_by_table_3_3_or_by_damage_above_a_critical_roll_S3_4_5_L2498_ruling_WA21() -> None:
    assert extraordinary("DE", "EXTRA", 3, 2)
    # "Les dommages déjà tirés dépassent le résultat du jet pour toucher": strictly more.
    assert extraordinary("DC", "CRIT_S", 7, 6) and not extraordinary("DC", "CRIT_S", 7, 7)
    # An EXTRA attack a parry brought down to critical damage stays critical; a normal blow
    # rolls no 1d6cum to weigh against its roll (as a bullet, ruling WA3).
    assert not extraordinary("DC", "EXTRA", 9, 3) and not extraordinary("DN", "NORM_S", 9, 3)


# -- a blow that breaks (§3.4.5.3, §3.5.4 L2589) --------------------------------------------------


def test_an_extraordinary_punch_to_the_head_breaks_it_and_costs_1d4_APP_for_good_S3_4_5_3_S3_5_4_L2589() -> None:
    # Joe's Pugilat 57: 3 is under 10% of it, a réussite extraordinaire; undefended, Table 3.3's
    # extraordinary damage: its 1d6cum 2; the d10 1 lands on the head: 1 + mFOR 1 + 2 + (57 - 40)
    # // 10 = 5 of Sam's 16 PV. The fracture sends the head to -1 (12 more), its d4 rolls 3; a
    # critical head wound's unconsciousness check, 90, only times the blackout (WB2).
    world = table(SAM_SHEET, JOE_SHEET, dice=[3, 2, 1, 3, 90])
    blow = strike(world, JOE, SAM, Blow("punch"))
    assert (blow.result, blow.location, blow.damage) == ("DE", "head", 5)
    (wound,) = _wounds(world)
    assert wound.fracture == {
        "location": "head",
        "sent": 12,
        "faces": [3],
        "losses": {"APP": 3},
        "fate": "",
        "words": "a broken nose, split cheekbones",
    }
    sam = world.character(SAM)
    assert sam.condition["wounds"]["head"]["damage"] == 17 and sam.condition["losses"] == {"APP": 3}
    assert describe(wound) == (
        "wounded in the tête: 5 points of blunt damage (punch of Joe Hambuster); a critical wound, 3 PH lost at once;"
        " a fracture (§3.4.5.3), a broken nose, split cheekbones; 12 more damage sends the location to −1 PV;"
        " it heals 10 times slower; APP −3 for good (d4 3); unconsciousness 49% (certain, d100 90 for how long):"
        " out for 1 minute, 40 seconds"
    )
    lines = body_lines(SAM, sam.condition, care.env(world, sam), world.campaign.clock)
    assert "  tête: critical wound, -1 of 16 PV left; bleeds 3 PH a round: first aid (Premiers soins) stops it;" in lines[2]
    assert lines[2].endswith("; broken (§3.4.5.3): it heals 10 times slower") and "permanent losses: APP −3" in lines


def test_a_critical_punch_whose_damage_exceeds_its_roll_breaks_as_an_extraordinary_one_S3_4_5_L2501_ruling_WA21() -> None:
    # 6 is a critical success (under half of 57): critical damage, 1d6cum 4; the d10 2 = head:
    # 1 + 1 + 4 + 1 = 7 damage, more than the 6 rolled: "une réussite extraordinaire" (§3.4.5).
    world = table(SAM_SHEET, JOE_SHEET, dice=[6, 4, 2, 2, 90])
    strike(world, JOE, SAM, Blow("punch"))
    blow = next(e for e in world.pending() if type(e).__name__ == "BlowStruck")
    assert describe(blow).endswith(
        "critical damage; hit in the tête, 7 points of damage; 6 is under the 7 damage,"
        " a réussite extraordinaire: the location is broken (§3.4.5.3)"
    )
    (wound,) = _wounds(world)
    assert wound.fracture is not None and wound.fracture["sent"] == 10 and wound.fracture["losses"] == {"APP": 2}


def test_a_critical_punch_whose_damage_only_equals_its_roll_breaks_nothing_S3_4_5_L2501() -> None:
    # 7 rolled, 7 damage: "dépassent" is not reached; a minor head wound, no die more.
    world = table(SAM_SHEET, JOE_SHEET, dice=[7, 4, 2])
    strike(world, JOE, SAM, Blow("punch"))
    (wound,) = _wounds(world)
    assert wound.fracture is None and wound.state == "minor"
    assert "fracture" not in world.character(SAM).condition["wounds"]["head"]


def test_the_verifier_re_derives_the_fracture_s_d4_of_appearance_S3_4_5_3() -> None:
    world = table(SAM_SHEET, JOE_SHEET, dice=[3, 2, 1, 3, 90])
    strike(world, JOE, SAM, Blow("punch"))
    (wound,) = _wounds(world)
    recorded = _recorded(wound)
    assert check(RULES.rederive[WOUND_TOPIC], recorded, Table()) is None
    forged = recorded | {"fracture": recorded["fracture"] | {"faces": [1], "losses": {"APP": 1}}}
    assert check(RULES.rederive[WOUND_TOPIC], forged, Table()) == "field fracture: at faces[0], records 1, the rules give 3"


def test_a_wound_recorded_before_fractures_upcasts_to_none_and_still_verifies_S3_4_5_3() -> None:
    world = table(SAM_SHEET, JOE_SHEET, dice=[90])
    care.wound(world, SAM, "chest", 9, kind="bullet", source="a Colt")  # critical: its check rolls 90
    (wound,) = _wounds(world)
    old = {k: v for k, v in _recorded(wound).items() if k != "fracture"}
    WoundTaken.upcast_stored(old)
    assert old["fracture"] is None
    assert check(RULES.rederive[WOUND_TOPIC], old, Table()) is None


# -- by location (§3.4.5.3 L2533-L2539) ----------------------------------------------------------


def test_a_broken_throat_is_death_S3_4_5_3_L2534() -> None:
    world = table(SAM_SHEET)
    care.wound(world, SAM, "throat", 1, kind="blunt", source="a kick", fracture=True)
    body = world.character(SAM).condition
    assert (body["dead"], body["death"]) == (True, "fracture of the gorge")
    (wound,) = _wounds(world)
    assert "a crushed windpipe or a broken neck; 8 more damage sends the location to −1 PV" in describe(wound)
    assert "death at once" in describe(wound)


def test_a_broken_abdomen_costs_one_END_for_good_and_the_blood_it_carries_S3_4_5_3_L2537() -> None:
    # Sam's END 16 (80 PH) drops to 15: the blood points' maximum 75 (§3.2.3, ruling WB8). The
    # abdomen (8 PV) to -1 is critical; its unconsciousness check rolls 95: conscious.
    world = table(SAM_SHEET, dice=[95])
    care.wound(world, SAM, "abdomen", 2, kind="blunt", source="a bottle", fracture=True)
    sam = world.character(SAM)
    assert sam.condition["losses"] == {"END": 1}
    assert care.env(world, sam).ph_max == 75
    (wound,) = _wounds(world)
    assert "everything inside shaken up" in describe(wound) and "END −1 for good" in describe(wound)


def test_a_broken_limb_heals_ten_times_slower_S3_4_5_3_L2531_ruling_WB43() -> None:
    # Hollywood healing (Table 3.7): a critical location takes 2.0 days a PV less 0.1 per mEND
    # point (Sam's mEND +2): 1.8 days; broken, "décupler le temps de convalescence": 18 days.
    sheet = sheet_data(parse_sheet(sample("sam")))
    body = starting_body(sheet)
    e = env_of(sheet, body, {"healing": "hollywood"})
    sound = new_wound(0) | {"damage": 17}
    broken = sound | {"fracture": True}
    assert heal_wait(body, sound, "left-arm", e) == 18 * TENTH_OF_DAY
    assert heal_wait(body, broken, "left-arm", e) == 180 * TENTH_OF_DAY


def test_a_broken_chest_keeps_him_still_until_healed_to_the_full_not_only_to_zero_S3_4_5_3_L2535_ruling_WB43() -> None:
    # Back above 0 PV a critical wound no longer keeps him in bed (§3.2.9.3); a broken chest does,
    # "pendant toute la convalescence": until it is healed to the full.
    sheet = sheet_data(parse_sheet(sample("sam")))
    body = starting_body(sheet) | {"activity": "active"}
    body["wounds"] = {"chest": new_wound(0) | {"damage": 3, "fracture": True}}
    e = env_of(sheet, body, {"healing": "realistic"})
    assert (bed_forced(body, e), activity(body, e)) == ("fracture", "bed")
    assert forced_bed_words(body, e, 0) == "the broken cœur/poitrine keeps the patient totally still until it heals (§3.4.5.3)"
    body["wounds"]["chest"]["damage"] = 0  # healed: the settling that follows takes the record away
    assert bed_forced(body, e) is None
    limb = starting_body(sheet) | {"wounds": {"right-arm": new_wound(0) | {"damage": 3, "fracture": True}}}
    assert bed_forced(limb, e) is None  # "les membres : rien de spécial"


def test_one_kept_still_by_a_broken_flank_trains_nothing_S3_4_5_3_S2_6_ruling_WB43() -> None:
    # A broken right flank (16 PV) at -1; first aid (Doc's 20: a full stop, 1 PV back) leaves it at
    # 0 PV: no critical wound any more, yet he must keep still: no training plan.
    world = table(SAM_SHEET, DOC_SHEET, SIRINGO_SHEET, dice=[95, 20])
    care.wound(world, SAM, "right-flank", 2, kind="blunt", source="a chair", fracture=True)
    care.aid(world, SAM, "right-flank", "Doc Holloway")
    with pytest.raises(RuleViolation) as refused_plan:
        dt.plan_training(world, SAM, "Armes de poing", 20, teacher="Charlie Siringo")
    assert str(refused_plan.value) == (
        "Sam Parkerson keeps totally still with the flanc droit broken: no training until it heals (§3.4.5.3)"
    )


# -- the command line ----------------------------------------------------------------------------


def test_body_wound_fracture_prints_what_broke_and_refuses_a_broken_bullet_wound_S3_4_5_3(db: str) -> None:
    shotgun_city(db)
    out = run(db, WP, "body", "wound", C, SAM, "left-leg", "3", "--kind", "blunt", "--source", "a chair", "--fracture").stdout
    assert out.startswith(f"{SAM}: wounded in the jambe gauche: 3 points of blunt damage (a chair); a critical wound")
    assert "a fracture (§3.4.5.3); 14 more damage sends the location to −1 PV; it heals 10 times slower" in out
    status = run(db, WP, "body", "status", C, SAM).stdout
    assert "jambe gauche: critical wound, -1 of 16 PV left" in status and "broken (§3.4.5.3): it heals 10 times slower" in status
    before = len(stored(db))
    line = refused(db, WP, "body", "wound", C, SAM, "right-arm", "3", "--kind", "bullet", "--fracture")
    assert line == "error: only a blunt blow breaks the location (§3.4.5.3), not a bullet wound"
    assert len(stored(db)) == before


def test_a_break_healed_to_the_full_has_knit_a_new_hit_there_heals_at_the_usual_pace_S3_4_5_3_ruling_WB43() -> None:
    # A bullet left in keeps the thigh's record after it heals (ruling WB33): its old fracture
    # is no longer counted, on the sheet or in the pace of a wound taken there afterwards.
    sheet = sheet_data(parse_sheet(sample("sam")))
    body = starting_body(sheet)
    e = env_of(sheet, body, {"healing": "hollywood"})
    healed = new_wound(0) | {"damage": 0, "bullet": True, "fracture": True}
    assert body_lines(SAM, body | {"wounds": {"right-thigh": healed}}, e, 0)[2].startswith("  cuisse droite: unhurt")
    world = table(SAM_SHEET)
    care.wound(world, SAM, "right-thigh", 3, kind="blunt", source="a chair", fracture=True)
    sam = world.character(SAM)
    # Years of healing later, the thigh is whole again and keeps its record (a bullet, say).
    sam.condition = sam.condition | {"wounds": {"right-thigh": sam.condition["wounds"]["right-thigh"] | {"damage": 0}}}
    care.wound(world, SAM, "right-thigh", 3, kind="blunt", source="a chair")
    sam = world.character(SAM)
    assert "fracture" not in sam.condition["wounds"]["right-thigh"]
    assert "broken" not in " ".join(body_lines(SAM, sam.condition, care.env(world, sam), world.campaign.clock))
