"""The Western Parade playtest's defects, each pinned where a player meets it: the real command line
(in-process, ``support.run``) on a real journal, the Shotgun City party. Seed
004_cf8278f91236030c.txt, digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from support import run
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import dice, table
from wp_city import DOC, JOE, SAM, SIRINGO, WP, C, refused, shotgun_city
from wp_recorded import logged

from chronique.domain.gametime import DAY, WEEK, duration_words
from chronique.domain.rederivation import Replay, Table, check
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import body_events as be
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade.characteristics import location_pv
from chronique.domain.rulesets.westernparade.describe import _improvement, teacher_words
from chronique.domain.rulesets.westernparade.infection import operate
from chronique.domain.rulesets.westernparade.report import body_lines
from chronique.domain.rulesets.westernparade.verification import RULES
from chronique.domain.timeline import advance
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
    assert "blood: 75 of 75 PH; lying unconscious" in lines  # in a coma, not up and about (ruling WB40)


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
        "improvement roll in Pugilat: rolled 18, +5 for 1 check-mark: 23 against 64 — Pugilat does not rise"
    )
    plain = rolled | {"marks": 0}
    assert "rolled 18 against 64" in _improvement(SimpleNamespace(outcome=plain))


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
    # One line, the log's: the surgeon's roll, the patient's END roll, and what came of them.
    (line,) = run(db, WP, "body", "amputate", C, DOC, "right-hand", "--by", JOE).stdout.splitlines()
    assert line.startswith(
        f"{DOC}: Amputation by {JOE} on the main droite: chance 0% (Amputation 0): below 5%, no roll → échec normal; "
        "the patient's END roll: chance 33% (END roll 36, losses -3): rolled "
    )
    (cut,) = (e for e in logged(db, C) if e["topic"].endswith(":CareGiven"))
    assert line.endswith(" — the patient dies under the knife" if cut["result"]["dies"] else " — the limb is off")
    logged_line = run(db, "log", C, "--kind", "CareGiven").stdout
    assert "the patient's END roll: chance 33% (END roll 36, losses -3): rolled" in " ".join(logged_line.replace("|", " ").split())


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


# -- wave 3, 1. a plan under a teacher who has since died stops (§2.6.2 L1432, ruling WC18) ------


def test_a_plan_under_a_teacher_who_died_stops_at_his_death_its_credit_kept_idle_S2_6_2_L1432_ruling_WC18(db: str) -> None:
    shotgun_city(db)
    run(db, "session", "end", C)
    run(db, WP, "downtime", "plan", C, SAM, "Premiers soins", "10", "--teacher", DOC)
    run(db, "advance", C, "3d", "--yes")
    run(db, WP, "body", "wound", C, DOC, "head", "60")  # a critical head wound that kills (§3.2.9)
    advanced = run(db, "advance", C, "1w", "--yes").stdout
    # He stops at Doc's death (the clock then), not by the player's choice; no point is won after.
    assert f"1873-04-15 08:00  {SAM} stopped training Premiers soins: {DOC}, the teacher, is dead (§2.6.2)" in advanced
    assert "one point up" not in advanced
    shown = run(db, WP, "downtime", "show", C, SAM).stdout
    # 3 days at 10 h a week, doubled by the teacher: 8 h 34 min banked, idle from his death, so it
    # decays after seven days (§2.6.2 L1434) as a plan stopped by the player does.
    assert "Premiers soins: stopped, " in shown and "idle since 1873-04-15 08:00" in shown
    assert "stopped training Premiers soins" in " ".join(run(db, "log", C).stdout.replace("|", " ").split())
    assert run(db, "verify").returncode == 0


def _doc_dies_while_sam_trains(splits: tuple[int, ...]) -> list[tuple[str, int]]:
    """Sam trains Premiers soins under Doc; Doc bleeds to death during the advance(s) of ``splits``
    seconds; the downtime and death events, by name and moment."""
    world = table(SAM_SHEET, DOC_SHEET)
    dt.plan_training(world, SAM, "Premiers soins", 10, teacher=DOC)
    # A critical abdomen wound: 3, unconscious; 3d10 (3, 3, 3) hours to live; one roll as he bleeds out.
    dice(world).add(*[3] * 5)
    care.wound(world, DOC, "abdomen", 14, kind="blade")
    world.collect()
    events: list[Any] = []
    for seconds in splits:
        advance(world.campaign, ruleset("western-parade").processes(world), world.campaign.clock + seconds)
        events += world.collect()
    kept = ("Died", "TrainingStopped", "PointTrained", "TrainingLapsed")
    return [(type(e).__name__, e.at) for e in events if type(e).__name__ in kept]


def test_a_teacher_dying_during_an_advance_stops_his_student_at_that_moment_S2_6_2_ruling_WC18() -> None:
    # His death is on his chain, not his student's: the student's dues must still see it.
    (died, stopped, lapsed) = _doc_dies_while_sam_trains((2 * WEEK,))
    assert died[0] == "Died" and stopped == ("TrainingStopped", died[1]) and lapsed[0] == "TrainingLapsed"
    # Advancing by a + b is advancing by a, then by b (ruling WC3), across the death too.
    assert _doc_dies_while_sam_trains((DAY, 2 * WEEK - DAY)) == [died, stopped, lapsed]


# -- wave 3, 2. the care advice of `body status` follows the clock (§3.2.7.2 footnote 8) ----------


def test_a_week_after_the_hit_the_status_says_the_24_hours_to_extract_have_passed_and_counts_whole_hours_S3_2_7_2_fn8_L1999() -> None:
    world = table(SAM_SHEET)
    care.wound(world, SAM, "left-thigh", 4)  # a minor wound (no check, no die): its bullet still in
    hit = world.campaign.clock
    sam = world.character(SAM)

    def thigh(at: int, infected_at: int | None = None) -> str:
        body = care.body_now(world, sam, at)
        body["wounds"]["left-thigh"]["infected_at"] = infected_at
        return "\n".join(body_lines(SAM, body, care.env(world, sam), at))

    assert "a bullet is still in: extract it (Extraction de balle) within 24 hours of the hit" in thigh(hit + 23 * 3600)
    later = thigh(hit + 7 * DAY + 60, infected_at=hit + DAY)
    assert "a bullet is still in: the 24 hours to extract it (Extraction de balle) have passed" in later
    assert "within 24 hours" not in later
    # Infected a minute past a whole day, six days ago: days (and hours), never the stray minute.
    assert "infected for 6 days: clean it" in later
    assert "infected for 1 day, 5 hours: clean it" in thigh(hit + 2 * DAY + 5 * 3600 + 59 * 60, infected_at=hit + DAY)


# -- wave 3, 3. an order to get up does not lift a bed rest the rules force (§6.18.2 L5138) -------


def test_an_order_to_be_up_while_a_bandage_takes_says_bed_rest_is_forced_until_it_takes_S6_18_2_L5138() -> None:
    world = table(SAM_SHEET, DOC_SHEET)
    care.wound(world, SAM, "left-thigh", 6, kind="blade")  # a minor wound
    dice(world).add(5)  # Doc's Bandages: a success, the bandage takes a week later (realistic, §3.2.8.1)
    care.care(world, SAM, "left-thigh", DOC, "Bandages")
    sam = world.character(SAM)
    takes = care.body_now(world, sam)["wounds"]["left-thigh"]["bandage"]["effect_at"]
    forced = care.order_activity(world, SAM, "active")
    # The order is kept (for when the bandage has taken); the patient stays lying down until then.
    takes_in = duration_words(takes - world.campaign.clock)
    assert forced == f"the bandage on the cuisse gauche keeps the patient lying down until it takes, in {takes_in} (§6.18.2)"
    lines = body_lines(SAM, care.body_now(world, sam), care.env(world, sam), world.campaign.clock)
    assert "bed rest" in lines[1] and "up and about" not in lines[1]
    assert care.order_activity(world, SAM, "bed") is not None and care.order_activity(world, DOC, "active") is None


def test_the_activity_command_says_a_critical_wound_keeps_him_in_bed_whatever_the_order_S3_2_9_3_S6_18_2(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "body", "wound", C, JOE, "left-arm", "25", "--kind", "blade")  # below 0 PV: critical
    said = run(db, WP, "body", "activity", C, JOE, "active").stdout.strip()
    assert said == f"{JOE}: up and about once bed rest is no longer forced; for now a critical wound keeps the patient in bed (§3.2.9.3)"
    assert "; bed rest" in status(db, JOE)
    assert run(db, WP, "body", "activity", C, DOC, "active").stdout.strip() == f"{DOC}: up and about"


def test_downtime_show_says_a_plan_is_paused_by_a_critical_wound_and_at_what_hours_it_resumes_S3_2_9_3_ruling_WC10(db: str) -> None:
    # §3.2.9.3: a critical wound (a location below 0 PV) keeps him in bed; his plan waits, never
    # "0 hours a week" as if the player had stopped it.
    shotgun_city(db)
    run(db, "session", "end", C)
    run(db, WP, "downtime", "plan", C, SAM, "Armes de poing", "20", "--teacher", SIRINGO)
    run(db, "advance", C, "2d", "--yes")
    run(db, WP, "body", "wound", C, SAM, "left-arm", "18", "--kind", "blade")  # 16 PV: -2, critical
    # A minute, not an hour: the arm left to bleed an hour kills him (§3.2.4), and a dead man's
    # plan reads as the plan he had, not as one he would get up from (ruling WC24).
    run(db, "advance", C, "1m", "--yes")
    shown = run(db, WP, "downtime", "show", C, SAM).stdout
    line = next(x for x in shown.splitlines() if "Armes de poing" in x)
    assert line.startswith(f"  Armes de poing: paused while a critical wound keeps them in bed, 20 hours a week with {SIRINGO} ("), line
    assert "ended at death" not in line, line
