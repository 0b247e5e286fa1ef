"""The Western Parade playtest's defects, each pinned where a player meets it: the real command line
(in-process, ``support.run``) on a real journal, the Shotgun City party. Seed
004_cf8278f91236030c.txt, digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from support import run
from test_wp_review_fixes import DOC, JOE, SAM, WP, C, refused, shotgun_city
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import dice, table
from wp_recorded import logged

from chronique.domain.rederivation import Replay, Table, check
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import body_events as be
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade.characteristics import location_pv
from chronique.domain.rulesets.westernparade.describe import _improvement, teacher_words
from chronique.domain.rulesets.westernparade.infection import operate
from chronique.domain.rulesets.westernparade.report import body_lines
from chronique.domain.rulesets.westernparade.verification import RULES
from chronique.domain.world import World


def ref(db: str, kind: str, name: str) -> str:
    """The last event of ``kind`` recorded on ``name``, as ``chronique log`` names it (<id>:<version>)."""
    recorded = logged(db, C)
    ids = {e["originator_id"] for e in recorded if e["topic"].endswith("Character.Created") and e["name"] == name}
    (found, *_) = [e for e in reversed(recorded) if e["topic"].endswith(f":{kind}") and e["originator_id"] in ids]
    return f"{found['originator_id']}:{found['originator_version']}"


def status(db: str, name: str) -> str:
    return run(db, WP, "body", "status", C, name).stdout


# -- 1. a correction voids the wound though first aid touched it since (DESIGN.md "Corrections") --


def test_correcting_a_wound_given_first_aid_since_takes_back_the_wound_its_blood_and_its_bullet_S3_2_4(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SAM, "right-thigh", "4")
    run(db, WP, "body", "first-aid", C, SAM, "right-thigh", "--by", DOC)
    assert "a bullet is still in" in status(db, SAM)
    run(db, "correct", ref(db, "WoundTaken", SAM), "--reason", "the shot missed")
    shown = status(db, SAM)
    # The first aid (§3.2.4) was given to a wound that, corrected, was never taken: it did nothing.
    assert "blood: 80 of 80 PH" in shown and "no wound" in shown
    assert "cuisse droite" not in shown and "bullet" not in shown


def test_a_wound_the_clock_has_bled_since_is_not_brought_back_by_a_correction_the_later_events_hold_it(db: str) -> None:
    # Time ran since the wound: the blood it cost is in what the advance recorded (§3.2.3). The
    # correction would leave that blood lost with no wound to lose it from: refused, nothing recorded.
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SAM, "right-thigh", "4")
    run(db, "session", "end", C)
    run(db, "advance", C, "30s")
    line = refused(db, "correct", ref(db, "WoundTaken", SAM), "--reason", "the shot missed")
    assert "void them first: event " in line and "still holds the wound to the cuisse droite" in line
    assert "ValueError" not in line  # the rules' words, not the exception's repr
    assert "cuisse droite" in status(db, SAM)
    # Voided with what depends on it, the wound is gone.
    run(db, "correct", ref(db, "BodySettled", SAM), "--reason", "the shot missed")
    run(db, "correct", ref(db, "WoundTaken", SAM), "--reason", "the shot missed")
    assert "no wound" in status(db, SAM)


# -- 2. an ethylic coma is unconsciousness: no roll (Table 4.1, §4.1.1 L2817; ruling WD4) --------


def test_in_an_ethylic_coma_he_is_unconscious_and_makes_no_roll_table_4_1_L2832_ruling_WD4(db: str) -> None:
    shotgun_city(db)
    for units in ("5", "1", "4", "4"):
        run(db, WP, "body", "drink", C, DOC, units)
    assert status(db, DOC).startswith(f"{DOC} is unconscious (an ethylic coma")
    line = refused(db, WP, "roll", C, DOC, "-s", "Premiers soins")
    assert line == f"error: {DOC} is unconscious, in an ethylic coma (Table 4.1)"


# -- 3. skills reserved to a special character are not trained by others (§1.12) ----------------


def test_only_a_samurai_trains_kobudo_and_only_a_doctor_chirurgie_S1_12_1_L1029_S1_12_L1096(db: str) -> None:
    shotgun_city(db)
    kobudo = refused(db, WP, "downtime", "plan", C, SAM, "Kobudo", "20", "--teacher", "Hiro", "--teacher-level", "80")
    assert kobudo == f"error: {SAM} cannot train Kobudo: only a samurai may put points in Kobudo (§1.12)"
    surgery = refused(db, WP, "downtime", "plan", C, JOE, "Chirurgie", "20", "--teacher", DOC)
    assert surgery == f"error: {JOE} cannot train Chirurgie: only a doctor may put points in Chirurgie (§1.12)"
    # The doctor himself may (§1.12.1 L1029).
    run(db, WP, "downtime", "plan", C, DOC, "Chirurgie", "20", "--teacher", "Dr Ballard", "--teacher-level", "99")


# -- 4. a dead man teaches no one (§2.6.2 L1432: below 20% a student needs a living teacher) ------


def test_a_dead_teacher_is_refused_S2_6_2_L1432(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "body", "wound", C, DOC, "head", "60")  # a critical head wound that kills (§3.2.9)
    line = refused(db, WP, "downtime", "plan", C, JOE, "Premiers soins", "20", "--teacher", DOC)
    assert line == f"error: {DOC} is dead and teaches no one (§2.6.2)"


# -- 5. an END point lost takes the blood above 5 × END with it (§3.2.3, ruling WB8) --------------


def test_the_coma_s_lost_END_point_caps_the_blood_at_five_times_the_END_left_S4_1_3_L2853_ruling_WB8() -> None:
    world = table(SAM_SHEET)
    dice(world).add(10, 90)  # easy jEND 58 + 25 = 83: 10 succeeds (INT kept), 90 fails (-1 END)
    assert care.drink(world, SAM, 150) == "coma"
    body = world.character(SAM).condition
    assert body["losses"] == {"END": 1}
    assert body["ph"] == 75  # 5 × (16 - 1), no longer 80
    lines = body_lines(SAM, care.body_now(world, world.character(SAM)), care.env(world, world.character(SAM)), world.campaign.clock)
    assert "blood: 75 of 75 PH; up and about" in lines


# -- 6. the drink log gives this drink and what is in the blood (§4.1.1, Table 4.1) ---------------


def test_the_log_gives_each_drink_and_the_units_in_the_blood_S4_1_1_table_4_1() -> None:
    world = table(DOC_SHEET)
    world.collect()  # the campaign's creation
    care.drink(world, DOC, 50)
    care.drink(world, DOC, 10)
    said = [ruleset(WP).describe(e) for e in world.collect()]
    # Doc's mEND is 0: no unit is free (§4.1.1); 6 units are Table 4.1's serious stage.
    assert said == ["drank 5 units: 5 units in the blood now, drunk", "drank 1 unit: 6 units in the blood now, seriously drunk"]


# -- 7. the improvement roll's log says the check-marks that eased it (§2.5 L1413) ----------------


def test_the_improvement_roll_s_log_adds_the_check_marks_S2_5_L1413() -> None:
    rolled = {"target": "Pugilat", "faces": [18], "total": 18, "current": 64, "marks": 1, "bonus": 0, "gain": 0}
    assert _improvement(SimpleNamespace(outcome=rolled)) == (
        "improvement roll in Pugilat: rolled 18 = 18, +5 for 1 check-mark: 23 against 64 — Pugilat does not rise"
    )
    plain = rolled | {"marks": 0}
    assert "rolled 18 = 18 against 64" in _improvement(SimpleNamespace(outcome=plain))


# -- 10. the downtime board in words: a characteristic teacher's modifier, cartridges so far -------


def test_a_teacher_reads_with_his_skill_in_percent_or_his_modifier_S2_6_2_S2_7() -> None:
    assert teacher_words("Charlie Siringo", "skill", 91) == "Charlie Siringo (91%)"
    assert teacher_words("Joe Hambuster", "characteristic", 1) == "Joe Hambuster (modifier +1)"
    assert teacher_words("Hiro", "skill", None) == "Hiro"


def test_the_board_counts_the_cartridges_burnt_so_far_S2_6_2_footnote_2_L1443(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "downtime", "plan", C, SAM, "Armes de poing", "20", "--teacher", "Charlie Siringo")
    run(db, "session", "end", C)
    run(db, "advance", C, "42h", "--yes")  # 20 hours a week: 5 hours trained, no point won yet
    shown = run(db, WP, "downtime", "show", C, SAM).stdout
    assert "with Charlie Siringo (" in shown and "%)" in shown
    assert "; 1,000 cartridges burnt so far" in shown  # 200 an hour actually fired


# -- second wave ---------------------------------------------------------------------------------
# 11. the END rolls the body calls for count the END lost for good (§3.2.9.2 L2114, §4.1.3 L2853)

CARE_TOPIC = "chronique.domain.rulesets.westernparade.body_events:CareGiven"


def _sam_loses_an_end_point() -> World:
    """Sam (END 16, jEND 58) and Doc; a critical wound 2 points below 0 in Sam's right flank costs
    him 1 END for good (§3.2.9.1 L2114, WB4): END 15 rolls at jEND 50, 8 below the sheet's 58."""
    world = table(SAM_SHEET, DOC_SHEET)
    dice(world).add(99)  # the wound's unconsciousness check: he stays conscious
    care.wound(world, SAM, "right-flank", location_pv(16)["right-flank"] + 2, kind="blade")
    assert world.character(SAM).condition["losses"] == {"END": 1}
    return world


def _recorded(world: World, kind: type[Any]) -> dict[str, Any]:
    (last, *_) = [e for e in reversed(world.pending()) if isinstance(e, kind)]
    return {k: v for k, v in vars(last).items() if not k.startswith("_")}


def test_the_patient_s_END_roll_after_an_amputation_counts_the_END_lost_for_good_S6_18_1_L5127() -> None:
    world = _sam_loses_an_end_point()
    care.wound(world, SAM, "right-hand", 9, kind="blade")
    # Doc's Amputation 42: 50 is a NORM_F, so a normal END roll (§6.18.1): 55 is above jEND 50
    # after the lost point (it would have passed under the sheet's 58): the patient dies.
    dice(world).add(50, 55)
    done = care.amputate(world, SAM, "right-hand", DOC)
    assert done["dies"] and world.character(SAM).condition["dead"]
    assert done["outcome"]["end"]["terms"] == {"jEND": 58, "losses": -8, "difficulty": 0}
    # The verifier re-derives the death from the recorded terms, "losses" included.
    recorded = _recorded(world, be.CareGiven) | {"topic": CARE_TOPIC}
    assert check(RULES.rederive[CARE_TOPIC], recorded, Table()) is None


def test_an_amputation_recorded_before_the_END_losses_counted_still_verifies_S6_18_1() -> None:
    # An event recorded with the sheet's plain jEND (no "losses" term) is re-derived as it was:
    # 55 under 58, the patient lived.
    world = _sam_loses_an_end_point()
    care.wound(world, SAM, "right-hand", 9, kind="blade")
    dice(world).add(50, 55)
    care.amputate(world, SAM, "right-hand", DOC)
    recorded = _recorded(world, be.CareGiven) | {"topic": CARE_TOPIC}
    then = operate(Replay(recorded["chance"]), recorded["outcome"]["terms"], False, {"jEND": 58})
    assert not then.dies
    old = recorded | {"outcome": then.outcome(), "result": then.result(), "body": recorded["body"] | {"dead": False}}
    assert check(RULES.rederive[CARE_TOPIC], old, Table()) is None


def test_the_coma_s_and_the_sobering_s_END_rolls_count_the_END_lost_for_good_S4_1_3_L2853_L2859() -> None:
    world = _sam_loses_an_end_point()
    dice(world).add(10, 10)  # the coma's two easy END rolls (§4.1.3 L2853), both passed
    assert care.drink(world, SAM, 150) == "coma"
    coma = _recorded(world, be.ComaEndured)
    assert [o["terms"] for o in coma["outcomes"]] == [{"jEND": 58, "losses": -8, "difficulty": 25}] * 2
    dice(world).add(10)  # the difficult END roll of an emergency sobering (L2859)
    care.sober_up(world, SAM)
    sobering = _recorded(world, be.SoberingAttempted)
    assert sobering["outcome"]["terms"] == {"jEND": 58, "losses": -8, "difficulty": -25}
    # One stage better for END rounds: his END is 15 now (10 s a round).
    assert sobering["body"]["alcohol"]["sobered"]["until"] == world.campaign.clock + 15 * 10


def test_the_END_roll_of_a_wound_that_puts_him_out_of_action_counts_the_END_lost_for_good_S3_2_5() -> None:
    world = _sam_loses_an_end_point()
    dice(world).add(99)  # the new wound's unconsciousness check
    care.wound(world, SAM, "left-arm", 6, kind="blade")  # 6 of 16 PV: a minor wound
    dice(world).add(10)  # its easy END roll, made at once (§3.2.5.3 L1910)
    out = care.put_out_of_action(world, SAM, "left-arm")
    assert out["effect"]["end_roll"]["terms"]["losses"] == -8


def test_the_amputation_prints_and_logs_the_patient_s_END_roll_after_his_losses_S6_18_1_L5127(db: str) -> None:
    shotgun_city(db)
    # Doc (END 12, jEND 36): 2 points below 0 in the right flank cost him 1 END (§3.2.9.1): jEND 33.
    run(db, WP, "body", "wound", C, DOC, "right-flank", "14", "--kind", "blade")
    run(db, WP, "body", "wound", C, DOC, "right-hand", "8", "--kind", "blade")
    # Joe has no Amputation: below 5%, a NORM_F with no roll, so a normal END roll decides.
    lines = run(db, WP, "body", "amputate", C, DOC, "right-hand", "--by", JOE).stdout.splitlines()
    assert lines[0] == f"{JOE}: Amputation on {DOC}'s main droite: chance 0%: below 5%, no roll → échec normal"
    assert lines[1].startswith(f"{DOC}'s END roll: chance 33% (jEND 36, losses -3): rolled ")
    assert lines[2] in (f"{DOC} dies under the knife", f"{DOC}: main droite amputated")
    logged_line = run(db, "log", C, "--kind", "CareGiven").stdout
    assert "the patient's END roll: chance 33% (jEND 36, losses -3): rolled" in " ".join(logged_line.replace("|", " ").split())


# -- 12. the sheet's characteristics are those left after permanent losses (§3.2.9.2 L2114) ------


def test_the_sheet_shows_END_after_the_point_lost_for_good_and_its_roll_S3_2_9_2_tables_1_3_1_4(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "body", "wound", C, DOC, "right-flank", "14", "--kind", "blade")  # END −1 (§3.2.9.1 L2114)
    # END 11: modifier 0, jEND 3 × 11 = 33% (Tables 1.3-1.4), not the sheet's 12 and 36%.
    row = next(line for line in run(db, "sheet", C, DOC).stdout.splitlines() if line.startswith("END "))
    assert row.split() == ["END", "11", "(12", "−1", "lost", "for", "good)", "0", "33%"]
    assert "| END | 11 (12 −1 lost for good) | 0 | 33% |" in run(db, "export", "sheet", C, DOC).stdout
    # A characteristic with nothing lost reads as it did.
    assert "| INT | 14 | +1 | 47% |" in run(db, "export", "sheet", C, DOC).stdout
