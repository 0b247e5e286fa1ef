"""The Western Parade playtest's defects, each pinned where a player meets it: the real command line
(in-process, ``support.run``) on a real journal, the Shotgun City party. Seed
004_cf8278f91236030c.txt, digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

from types import SimpleNamespace

from support import run
from test_wp_review_fixes import DOC, JOE, SAM, WP, C, refused, shotgun_city
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import dice, table
from wp_recorded import logged

from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade.describe import _improvement, teacher_words
from chronique.domain.rulesets.westernparade.report import body_lines


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
