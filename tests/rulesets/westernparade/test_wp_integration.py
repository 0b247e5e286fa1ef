"""Western Parade's parts working together (helper WP-D): the body on every roll (wound
penalties, infection, alcohol, who cannot act), improvement rolls granted by the rolls that earn
them, coma and emergency sobering, amputation with its rolls, and a critical wound pausing a
training plan. Scripted dice: every face is named where it is queued."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from westernparade_table import DOC, JOE, SAM, SIRINGO, dice, table

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, HOUR, WEEK
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade.characteristics import characteristic_roll
from chronique.domain.rulesets.westernparade.combat import ShotSetup
from chronique.domain.rulesets.westernparade.events import CheckRolled
from chronique.domain.rulesets.westernparade.fitness import able, body_at, roll_terms
from chronique.domain.rulesets.westernparade.play import Blow, Check, check, shoot, strike
from chronique.domain.rulesets.westernparade.tables import _parsed, evaluate
from chronique.domain.timeline import advance
from chronique.domain.world import World

SAM_N, JOE_N, DOC_N, SIRINGO_N = "Sam Parkerson", "Joe Hambuster", "Doc Holloway", "Charlie Siringo"
PISTOL = Check(skill="Armes de poing")


def run(world: World, seconds: int) -> list[Any]:
    advance(world.campaign, ruleset("western-parade").processes(world), world.campaign.clock + seconds)
    return world.collect()


def pending(world: World, name: str) -> list[tuple[str, str]]:
    return [(g["target"], g["kind"]) for g in world.character(name).condition["marks"]["pending"]]


def names(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


# -- improvement rolls granted by the rolls that earn them ----------------------------------


def test_full_first_aid_grants_the_first_aider_an_improvement_roll_S3_2_4_ruling_WD1() -> None:
    world = table(SAM, DOC)
    care.wound(world, SAM_N, "left-arm", 5, kind="blade")  # minor: bleeds 1 PH a round
    # Doc's Premiers soins 85: 40 is a NORM_S against the difficult 60 (3 PH stopped). It is
    # also ≤ 85/2, but WD1: the first-aid roll earns an improvement roll only by the full stop.
    dice(world).add(40)
    assert care.aid(world, SAM_N, "left-arm", DOC_N)["stopped"] == 3
    assert pending(world, DOC_N) == []
    care.wound(world, SAM_N, "right-arm", 5, kind="blade")
    dice(world).add(20)  # 20 ≤ 60/2: CRIT_S against the difficult chance, bleeding stopped
    assert care.aid(world, SAM_N, "right-arm", DOC_N)["full"]
    assert pending(world, DOC_N) == [("Premiers soins", "skill")]
    assert "§3.2.4" in world.character(DOC_N).condition["marks"]["pending"][0]["reason"]


def test_a_success_earns_an_improvement_roll_by_the_quality_thresholds_S2_4_7_S2_5_ruling_WD2() -> None:
    world = table(SAM)
    dice(world).add(40, 20, 5, 5)
    assert check(world, SAM_N, PISTOL).success and pending(world, SAM_N) == []  # 56%: 40 > 28
    assert check(world, SAM_N, PISTOL).success  # 20 ≤ 56/2
    assert pending(world, SAM_N) == [("Armes de poing", "skill")]
    check(world, SAM_N, Check(characteristic="EXP"))  # 5 ≤ 44/2, but EXP rises after gunfights (§2.4.1)
    assert len(pending(world, SAM_N)) == 1
    check(world, SAM_N, Check(characteristic="FOR"))  # jFOR 36 (20 < 36 ≤ 40): 5 ≤ 20 earns one
    assert pending(world, SAM_N)[-1] == ("FOR", "characteristic")


def test_a_hidden_roll_grants_nothing_ruling_WD2() -> None:
    world = table(SAM)
    dice(world).add(5)  # 5 ≤ 56/2 would earn one, but the roll is sealed
    assert check(world, SAM_N, Check(skill="Armes de poing", hidden=True)).success
    assert pending(world, SAM_N) == []


def test_blows_grant_the_attacker_and_the_defender_their_rolls_S2_5() -> None:
    world = table(SAM, JOE)
    # Joe's Pugilat 57: 10 ≤ 28 (CRIT_S, earns); Sam's Esquive 45: 5 ≤ 22 (CRIT_S, earns). A
    # critical dodge against a critical blow: nothing happens (Table 3.3 L1724), no further die.
    dice(world).add(10, 5)
    assert strike(world, JOE_N, SAM_N, Blow("punch", defence="dodge", defence_skill="Esquive")).result == "-"
    assert pending(world, JOE_N) == [("Pugilat", "skill")]
    assert pending(world, SAM_N) == [("Esquive", "skill")]


# -- the body on the rolls -------------------------------------------------------------------


def test_wound_penalties_fresh_then_treated_are_terms_of_the_roll_table_3_6() -> None:
    world = table(SAM, DOC)
    care.wound(world, SAM_N, "right-arm", 9, kind="blade")  # 9 of 16: major, in his weapon arm
    care.wound(world, SAM_N, "left-leg", 3, kind="blade")  # 3 of 16: minor elsewhere
    dice(world).add(95)
    fresh = check(world, SAM_N, PISTOL)
    assert fresh.terms == {"Armes de poing": 56, "wounds": -40 - 5} and fresh.chance == 11
    recorded = [e for e in world.pending() if isinstance(e, CheckRolled)][-1]
    assert recorded.outcome["terms"]["wounds"] == -45  # what `audit show` explains
    dice(world).add(20, 20)  # both aided in full (CRIT_S against the difficult chance)
    care.aid(world, SAM_N, "right-arm", DOC_N)
    care.aid(world, SAM_N, "left-leg", DOC_N)
    dice(world).add(95)
    # A full stop gives a PV back: the arm's 8 of 16 is minor now (treated, weapon arm: -5), the
    # leg's 2 of 16 a scratch (0).
    treated = check(world, SAM_N, PISTOL)
    assert treated.terms["wounds"] == -5


def test_infection_divides_every_skill_by_2_then_3_then_4_S3_2_7_2() -> None:
    world = table(SAM, DOC)
    care.wound(world, SAM_N, "left-leg", 5, kind="blade")
    dice(world).add(20)
    care.aid(world, SAM_N, "left-leg", DOC_N)  # bleeding stopped, but the wound is not cared for
    dice(world).add(5)  # day 1: 1 x 2% x 4 PV lost = 8%: 5 is infected
    run(world, DAY)
    assert world.character(SAM_N).condition["wounds"]["left-leg"]["infected_at"] == world.campaign.clock
    for after, divisor in ((HOUR, 2), (DAY, 3), (DAY, 4)):
        run(world, after)
        dice(world).add(95)
        terms = check(world, SAM_N, PISTOL).terms
        assert terms[f"infection ÷{divisor}"] == 56 // divisor - 56


def test_alcohol_costs_combat_skills_and_changes_characteristic_rolls_table_4_2() -> None:
    world = table(SAM)
    care.drink(world, SAM_N, 50)  # mEND +2: 2 free units, 3 units left: medium
    dice(world).add(95, 95, 95)
    assert check(world, SAM_N, PISTOL).terms["alcohol"] == -10
    agi = check(world, SAM_N, Check(characteristic="AGI")).terms
    assert agi["alcohol"] == characteristic_roll(15 - 2) - characteristic_roll(15)
    assert "alcohol" not in check(world, SAM_N, Check(skill="Lasso")).terms  # not a combat skill (WD3)


def test_coma_calls_for_two_easy_end_rolls_S4_1_3_ruling_WD5() -> None:
    world = table(SAM)
    dice(world).add(90, 10)  # easy jEND 58 + 25 = 83: 90 fails (-1 INT), 10 succeeds
    assert care.drink(world, SAM_N, 150) == "coma"
    body = world.character(SAM_N).condition
    assert body["losses"] == {"INT": 1}
    # A coma is unconsciousness (Table 4.1; ruling WD4): no roll until an emergency sobers him.
    with pytest.raises(RuleViolation, match="unconscious, in an ethylic coma"):
        check(world, SAM_N, Check(characteristic="INT"))
    dice(world).add(10)  # difficult jEND 58 - 25 = 33: sobered to complete drunkenness (§4.1.3 L2859)
    assert care.sober_up(world, SAM_N) == "complete"
    # The alcohol malus leaves a chance under 5%: an automatic failure, no die (§2.1.1).
    outcome = check(world, SAM_N, Check(characteristic="INT"))
    assert outcome.automatic and outcome.faces == () and outcome.chance < 5
    assert outcome.terms["losses"] == characteristic_roll(11) - characteristic_roll(12)


def test_emergency_sobering_is_one_stage_better_for_end_rounds_S4_1_3() -> None:
    world = table(SAM)
    care.drink(world, SAM_N, 50)  # medium
    dice(world).add(10)  # difficult jEND 58 - 25 = 33: success
    assert care.sober_up(world, SAM_N) == "light"
    dice(world).add(95)
    assert check(world, SAM_N, PISTOL).terms["alcohol"] == -5  # the better of -10 and -5
    run(world, 16 * 10)  # END 16 rounds
    dice(world).add(95)
    assert check(world, SAM_N, PISTOL).terms["alcohol"] == -10


def test_who_cannot_act_cannot_roll_S3_2_5_S3_2_6_S4_1_2_ruling_WD4() -> None:
    world = table(SAM, JOE)
    sam = world.character(SAM_N)
    settings = world.campaign.settings
    now = world.campaign.clock
    out = copy.deepcopy(sam.condition) | {"unconscious": True, "settled_at": now}
    with pytest.raises(RuleViolation, match="unconscious"):
        able(body_at(SAM_N, sam.sheet, out, settings, now))
    drunk = copy.deepcopy(sam.condition) | {"alcohol": {"tenths": 110, "progress": 0, "stage": "complete", "sobered": None}}
    dull = dict(sam.sheet) | {"characteristics": dict(sam.sheet["characteristics"]) | {"INT": 8}}
    with pytest.raises(RuleViolation, match="helpless"):
        able(body_at(SAM_N, dull, drunk | {"settled_at": now}, settings, now))
    # A major chest wound puts him out of the fight (§3.2.5): no shot, but he may still roll.
    care.wound(world, SAM_N, "chest", 5, kind="blade")
    with pytest.raises(RuleViolation, match="out of the fight"):
        shoot(world, SAM_N, JOE_N, "Colt SA Peacemaker", ShotSetup(distance_m=10))
    dice(world).add(95)
    assert check(world, SAM_N, PISTOL).terms["wounds"] == -10
    care.wound(world, SAM_N, "throat", 13, kind="blade")  # beyond the critical threshold: killed
    with pytest.raises(RuleViolation, match="dead"):
        check(world, SAM_N, PISTOL)


def test_roll_terms_leave_a_healthy_sober_character_alone() -> None:
    world = table(SAM)
    sam = world.character(SAM_N)
    now = world.campaign.clock
    assert roll_terms(body_at(SAM_N, sam.sheet, sam.condition, world.campaign.settings, now), "skill", "Armes de poing", 56) == {}


# -- amputation (§6.18.1) ---------------------------------------------------------------------


def test_amputation_rolls_the_surgeon_then_the_patient_S6_18_1() -> None:
    world = table(SAM, DOC)
    care.wound(world, SAM_N, "left-foot", 9, kind="blade")  # 8 PV: past the critical threshold (§3.2.9.1 L2099)
    dice(world).add(10, 50)  # Amputation 42: 10 ≤ 21 CRIT_S; very easy jEND 108: 50 survives
    done = care.amputate(world, SAM_N, "left-foot", DOC_N)
    assert done["amputated"] and not done["dies"]
    body = world.character(SAM_N).condition
    assert body["wounds"]["left-foot"]["fate"] == "amputated" and body["losses"]["AGI"] == 15 - 15 // 2


def test_amputation_partial_must_be_redone_where_any_failure_kills_S6_18_1() -> None:
    world = table(SAM, DOC)
    care.wound(world, SAM_N, "left-hand", 9, kind="blade")  # 8 PV: past the critical threshold (§3.2.9.1 L2099)
    dice(world).add(90, 10)  # 90 > 84: CRIT_F, partial; difficult jEND 33: 10 survives
    first = care.amputate(world, SAM_N, "left-hand", DOC_N)
    assert (first["amputated"], first["dies"], first["redo"]) == (False, False, True)
    dice(world).add(50)  # NORM_F on the redone operation: death
    assert care.amputate(world, SAM_N, "left-hand", DOC_N)["dies"]
    assert world.character(SAM_N).condition["dead"]


def test_a_failed_end_roll_after_amputation_kills_S6_18_1() -> None:
    world = table(SAM, DOC)
    care.wound(world, SAM_N, "right-hand", 9, kind="blade")  # 8 PV: past the critical threshold (§3.2.9.1 L2099)
    dice(world).add(50, 70)  # NORM_F: a normal END roll, jEND 58: 70 fails
    assert care.amputate(world, SAM_N, "right-hand", DOC_N)["dies"]
    world2 = table(SAM, DOC)
    care.wound(world2, SAM_N, "right-hand", 9, kind="blade")
    dice(world2).add(99, 40)  # 99 + 40 = 139 > 3 x 42: CATA_F, dies with no END roll
    assert care.amputate(world2, SAM_N, "right-hand", DOC_N)["dies"]
    assert not dice(world2).faces


# -- a critical wound pauses training (§3.2.9.3) ----------------------------------------------


def test_a_critical_wound_pauses_training_until_he_leaves_his_bed_ruling_WC10() -> None:
    world = table(SAM, DOC, SIRINGO)
    dt.plan_training(world, SAM_N, "Armes de poing", 20, teacher=SIRINGO_N)
    run(world, 2 * DAY)
    hit = world.campaign.clock
    # 16 PV: -3, critical; -1 to the total (15), the PV left stay -3 (ruling WB37).
    care.wound(world, SAM_N, "left-arm", 19, kind="blade")
    dice(world).add(20)
    care.aid(world, SAM_N, "left-arm", DOC_N)  # full stop, 1 PV back: 17 damage of 15 PV, -2
    care.order_tending(world, SAM_N, "left-arm", DOC_N, "Bandages")  # cared for: no infection roll
    world.collect()
    events = run(world, 3 * WEEK)
    training = [(type(e).__name__, e.at) for e in events if type(e).__module__.endswith("downtime_events")]
    # Realistic healing, mEND +2: 5 days a PV; -2 back to 0 takes 10 days. Credit is counted in
    # 1/168 s (training.py): 2 days at 20 h x 2 (teacher) before the wound; from day 7 of the
    # pause one training hour a half-day decays: 6 h; then (L+1) half-hours a point at 20 h x 2.
    up = hit + 2 * 5 * DAY
    bank = 2 * DAY * 20 * 2 - 6 * HOUR * 168
    expected, at = [], up
    for level in (56, 57):
        wait = -(-((level + 1) * 1800 * 168 - bank) // 40)
        at, bank = at + wait, bank + wait * 40 - (level + 1) * 1800 * 168
        expected.append(("PointTrained", at))
    assert training == [("TrainingPaused", hit), ("TrainingResumed", up), *expected]
    target = world.character(SAM_N).condition["training"]["targets"]["Armes de poing"]
    assert (target["hours"], target["teacher"], target["paused"]) == (20, SIRINGO_N, None)
    assert world.character(SAM_N).sheet["derived"]["skills"]["Armes de poing"] == 58


def test_base_formulas_are_parsed_once() -> None:
    _parsed.cache_clear()
    for _ in range(3):
        assert evaluate("(FOR + AGI) / 2 + {Kobudo} / 2", {"FOR": 12, "AGI": 15}, lambda _: 10) == 18
    info = _parsed.cache_info()
    assert (info.misses, info.hits) == (1, 2)


def test_a_death_names_the_location_in_words_never_its_id_S3_2_9_1() -> None:
    # §3.2.9.1 L2108: a critical wound to the throat kills; the body says so in words, as `body
    # status` names its wounds ("left hand: ..."), never an id such as "left-hand".
    world = table(SAM)
    care.wound(world, SAM_N, "throat", 19, kind="bullet")
    body = world.character(SAM_N).condition
    assert (body["dead"], body["death"]) == (True, "critical wound to the gorge")
    # §6.18.1: a failed amputation kills.
    world = table(SAM, DOC)
    care.wound(world, SAM_N, "left-hand", 9, kind="blade")
    dice(world).add(90, 10)  # CRIT_F: partial, redone
    care.amputate(world, SAM_N, "left-hand", DOC_N)
    dice(world).add(50)  # NORM_F on the redone operation: death
    care.amputate(world, SAM_N, "left-hand", DOC_N)
    assert world.character(SAM_N).condition["death"] == "amputation of the main gauche"
