"""A ninth Western Parade play-test and review: a blow's outcome says the damage Table 3.3 dealt,
typed, so that no line reads it back out of the result's code; a pull recorded on the wounded
keeps that he pulled on the weapon himself, so that the log and the command say it alike; a
death timer says the time its dice gave, and a care that crosses a critical threshold says so;
refusals name locations as Table 3.2 does and commands name characters as their sheets do; a
plan over twenty hours, a hunt's meat or skins, a bullet in the head on the body and the
reputation roll of an advance read in words. In memory with scripted dice
(tests/westernparade_table.py) and through the real command line (in process, ``support.run``)
on a real journal of each backend. Seed 004_cf8278f91236030c.txt (Lnnn), digest
/work/shared/rules/western-parade.md."""

from __future__ import annotations

from typing import Any

from support import run
from westernparade_table import JOE as JOE_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import table
from wp_city import DOC, JOE, SAM, WP, C, refused, scripted_dice, shotgun_city

from chronique.domain.rederivation import Table, check
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade.body_events import WeaponPulled, WoundTaken
from chronique.domain.rulesets.westernparade.describe import describe
from chronique.domain.rulesets.westernparade.play import Blow, strike
from chronique.domain.rulesets.westernparade.report import timer_words
from chronique.domain.rulesets.westernparade.verification import RULES

BODY = "chronique.domain.rulesets.westernparade.body_events:"

# Joe's Bowie (length 2: a d6, 3 odd, the thrust column, §3.4.1) against Sam's dodge (Esquive 45):
# Joe's 67% rolls 12, a réussite critique (§2.1.1); Sam's 97 (open-ended: +2, 99) an échec
# critique. Table 3.3 L1724 reads "DC PA+25": critical damage, its 1d6cum 6+4, and Joe's next
# attack at +25%. The d100 60 lands on the abdomen (Table 3.23): 5 + 1 (FOR) + 10 = 16, over the
# roll of 12: a réussite extraordinaire (§3.4.5 L2498-L2501, ruling WA21), a thrust impales
# (§3.4.5.2): 1d6cum 2 more; the critical abdomen's death timer 3d10 5+5+5 hours (§3.2.9.1), its
# unconsciousness roll 5 (§3.2.6).
BOWIE_DC = (3, 12, 97, 2, 6, 4, 60, 2, 5, 5, 5, 5)


def test_a_blow_s_outcome_says_the_damage_table_3_3_dealt_apart_from_the_rest_of_its_result_S3_4_5_L2498_ruling_WA21() -> None:
    world = table(SAM_SHEET, JOE_SHEET, dice=BOWIE_DC)
    struck = strike(world, JOE, SAM, Blow("Bowie", defence="dodge", defence_skill="Esquive"))
    assert (struck.result, struck.dealt, struck.damage, struck.extraordinary) == ("DC PA+25", "DC", 16, "impaled")
    # A miss deals nothing: 90 fails Joe's 67%, Sam's 90 fails his dodge: "-" (Table 3.3).
    missed = strike(table(SAM_SHEET, JOE_SHEET, dice=[3, 90, 90]), JOE, SAM, Blow("Bowie", defence="dodge", defence_skill="Esquive"))
    assert (missed.result, missed.dealt, missed.location) == ("-", None, None)


def test_the_strike_command_says_a_critical_blow_s_extraordinary_thrust_and_the_attack_bonus_S3_4_5_2_L2511_ruling_WA21(
    db: str, monkeypatch: Any
) -> None:
    shotgun_city(db)
    scripted_dice(monkeypatch, *BOWIE_DC)
    out = run(db, WP, "strike", C, JOE, SAM, "-w", "Bowie", "--defence", "dodge", "--defence-skill", "Esquive").stdout
    assert out.splitlines()[:4] == [
        f"{JOE}: chance 67% (Combat à l'arme blanche 57, strength +10): rolled 12 → réussite critique",
        f"{SAM}: chance 45% (Esquive 45): rolled 97+2 = 99 → échec critique",
        "result: critical damage and the attacker's next attack at +25%; Sam Parkerson hit in the abdomen for 16;"
        " 12 is under the 16 damage, a réussite extraordinaire: the weapon impales the location and stays in it (§3.4.5.2)",
        # The death timer the dice gave, in words, not its code "3d10h" (ruling WB49).
        f"{SAM}: a critical wound; impaled (§3.4.5.2): 2 more damage (1d6cum 2); the weapon stays in, no bleeding while it does;"
        " unconsciousness 26% (d100 5): out for 35 minutes; death in 15 hours (3d10 hours, §3.2.9.1)",
    ]


def _recorded(event: Any) -> dict[str, Any]:
    return {k: v for k, v in vars(event).items() if not k.startswith("_")} | {"topic": BODY + type(event).__name__}


def test_a_pull_recorded_before_it_kept_who_pulled_reads_naming_the_puller_and_still_verifies_S3_4_5_2_L2513() -> None:
    # Sam's right thigh impaled by a lance (1d6cum 3); he pulls on it himself: jFOR 36 less the
    # major wound's 10 (L2515), 26%; 80 fails: 1 point, it stays in.
    world = table(SAM_SHEET, dice=[3, 80])
    care.wound(world, SAM, "right-thigh", 10, kind="thrust", source="a lance", impaled=True)
    care.pull_out(world, SAM, "right-thigh", SAM)
    (pulled,) = [e for e in world.pending() if isinstance(e, WeaponPulled)]
    assert pulled.by_the_wounded is True
    assert describe(pulled).startswith("pulls on the weapon in their own cuisse droite (FOR): chance 26% (FOR roll 36, wounds -10)")
    old = {k: v for k, v in _recorded(pulled).items() if k != "by_the_wounded"}
    WeaponPulled.upcast_stored(old)
    assert old["by_the_wounded"] is None
    assert check(RULES.rederive[BODY + "WeaponPulled"], old, Table()) is None
    # As such a pull always read: the puller by name, whoever he is.
    assert describe(pulled.__class__(**{k: v for k, v in old.items() if k != "topic"})).startswith(
        f"{SAM} pulls on the weapon in the cuisse droite (FOR)"
    )


# -- a refusal names a body location as Table 3.2 does, never by its stored key ------------------


def test_an_effort_with_an_unwounded_location_is_refused_naming_it_as_the_body_table_S3_2_8_3(db: str) -> None:
    # §3.2.8.3: the reopening roll is for a wounded location; the refusal read "in the left-foot".
    shotgun_city(db)
    line = refused(db, WP, "body", "effort", C, JOE, "left-foot")
    assert line == f"error: {JOE} has no unhealed wound in the pied gauche"


def test_a_man_out_of_the_fight_is_refused_a_shot_naming_the_wound_s_location_as_the_body_table_S3_2_5_1(db: str, monkeypatch: Any) -> None:
    # §3.2.5.1 L1892: "une blessure critique à la tête, au cœur, aux flancs ou à l'abdomen, met le
    # personnage hors combat jusqu'à la fin de la bataille". 17 of Sam's 16 left-flank PV: critical;
    # its unconsciousness check, 17 x 2 - 5 x mEND 2 = 24%, rolls 90: he stays conscious.
    shotgun_city(db)
    scripted_dice(monkeypatch, 90)
    run(db, WP, "body", "wound", C, SAM, "left-flank", "17", "--kind", "blade")
    line = refused(db, WP, "shoot", C, SAM, JOE, "-w", "Colt SA Peacemaker", "--distance", "5")
    assert line == f"error: {SAM} is out of the fight: critical wound to the flanc gauche (§3.2.5)"


def test_a_limb_amputated_is_refused_a_second_amputation_naming_it_as_the_body_table_S6_18_1(db: str, monkeypatch: Any) -> None:
    # §6.18.1: Doc's Amputation 42 (Chirurgie / 2) rolls 10, a réussite critique: Sam's END roll is
    # very easy (+50, §1.6.3), 108%, and 10 keeps him alive: the left hand is off. A second one is
    # refused, the hand named as Table 3.2 names it.
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SAM, "left-hand", "9", "--kind", "blade")
    scripted_dice(monkeypatch, 10, 10)
    cut = run(db, WP, "body", "amputate", C, SAM, "left-hand", "--by", DOC).stdout
    assert cut == (
        f"{SAM}: Amputation by {DOC} on the main gauche: chance 42% (Amputation 42): rolled 10 → réussite critique;"
        " the patient's END roll: chance 108% (END roll 58, difficulty +50): rolled 10 → réussite extraordinaire — the limb is off\n"
    )
    line = refused(db, WP, "body", "amputate", C, SAM, "left-hand", "--by", DOC)
    assert line == f"error: {SAM}'s main gauche is already amputated"


# -- a plan over twenty hours a week says the hours asked, then those that count -----------------


def test_a_plan_of_thirty_hours_a_week_says_twenty_of_them_count_without_saying_twenty_twice_S2_6_1_L1421(db: str) -> None:
    # §2.6.1 L1421: "il ne peut employer plus de vingt heures par semaine à améliorer une même
    # compétence". The line read "trains Armes de poing 20 hours a week (20 of the 30 count) alone".
    shotgun_city(db)
    out = run(db, WP, "downtime", "plan", C, SAM, "Armes de poing", "30").stdout
    assert out.splitlines()[0] == f"{SAM}: trains Armes de poing 30 hours a week alone, 20 of them counted (§2.6.1)"
    out = run(db, WP, "downtime", "plan", C, SAM, "Armes de poing", "20", "--teacher", "Charlie Siringo").stdout
    assert out.splitlines()[0] == f"{SAM}: trains Armes de poing 20 hours a week with Charlie Siringo (91%)"


# -- a death timer says when the dice bring death, when it is the body's (§3.2.9.1) ---------------


def test_a_death_timer_reads_in_words_and_a_later_one_behind_a_sooner_death_says_only_its_dice_S3_2_9_1_ruling_WB49() -> None:
    # §3.2.9.1 L2093-L2098: a thigh past its critical threshold (24 PV, -12: 37 damage is -13)
    # kills "en 2d6 minutes": 3 + 4 = 7. Then the abdomen (8 PV, -4: 13 damage is -5), "après 3d10
    # heures d'agonie": 5 + 5 + 5 = 15 hours, its unconsciousness check 13 x 4 - 10 = 42% rolls
    # 90. The body keeps the sooner death: the abdomen's line says its dice, not a time he will
    # not live to see.
    world = table(SAM_SHEET, dice=[3, 4, 5, 5, 5, 90])
    care.wound(world, SAM, "right-thigh", 37, kind="blade")
    care.wound(world, SAM, "abdomen", 13, kind="blade")
    thigh, abdomen = [describe(e) for e in world.pending() if isinstance(e, WoundTaken)]
    assert thigh.endswith("; a critical wound, 6 PH lost at once; death in 7 minutes (2d6 minutes, §3.2.9.1)"), thigh
    assert abdomen.endswith("; unconsciousness 42% (d100 90): stays conscious; death within 3d10 hours"), abdomen
    assert [timer_words(spec) for spec in ("3d10h", "3d10m", "3d6h", "2d6m", "3 days")] == [
        "3d10 hours",
        "3d10 minutes",
        "3d6 hours",
        "2d6 minutes",
        "3 days",
    ]


# -- a care that crosses a critical threshold says what it did to him (§3.2.7.4, §3.2.9) ----------


def test_an_extraction_that_sends_the_abdomen_past_its_threshold_says_the_death_it_sets_S3_2_7_4_S3_2_9_1_ruling_WB51(
    db: str, monkeypatch: Any
) -> None:
    # Sam's abdomen, 8 PV: a bullet's 11 damage is -3, a critical wound (§3.2.9.2: END −1 and a PV
    # of the location lost for good, 7 left); its unconsciousness check, 11 x 2 less 5 x mEND +1
    # (END 15 now) = 17% (§3.2.6), rolls 90. Doc's extraction (79%) rolls 30: "dans tous les cas
    # ... un point de dommage" (§3.2.7.4): -4, past half of 7 (§3.2.9.1): death after 3d10
    # hours, 5 + 5 + 5. The care's line said only what the extraction did.
    shotgun_city(db)
    scripted_dice(monkeypatch, 90, 30, 5, 5, 5)
    run(db, WP, "body", "wound", C, SAM, "abdomen", "11")
    out = run(db, WP, "body", "care", C, SAM, "abdomen", "Extraction de balle", "--by", DOC).stdout
    assert out.splitlines()[0] == (
        f"{SAM}: Extraction de balle by {DOC} on the abdomen: chance 79% (Extraction de balle 79): rolled 30 → réussite critique"
        " — the bullet is out; 1 more damage to the location; the wound bleeds 1 PH a minute until first aid;"
        " death in 15 hours (3d10 hours, §3.2.9.1)"
    )
    assert "death in 15 hours (3d10 hours, §3.2.9.1)" in " ".join(run(db, "log", C, "--kind", "CareGiven").stdout.split())


def test_a_wound_s_blank_source_is_no_source_and_one_with_spaces_around_it_is_said_without_them_S3_2(db: str) -> None:
    # `body wound --source "   "` read "2 points of bullet damage (   )". A minor wound (2 of
    # Joe's 14 arm PV, §3.2.2) bleeding 1 PH a round (§3.2.3).
    shotgun_city(db)
    out = run(db, WP, "body", "wound", C, JOE, "right-arm", "2", "--source", "   ").stdout
    assert out == f"{JOE}: wounded in the bras droit: 2 points of bullet damage; a minor wound, 1 PH lost at once\n"
    out = run(db, WP, "body", "wound", C, JOE, "left-arm", "2", "--source", "  Ike Clanton's Colt ").stdout
    assert out == f"{JOE}: wounded in the bras gauche: 2 points of bullet damage (Ike Clanton's Colt); a minor wound, 1 PH lost at once\n"


# -- an order names the characters as their sheets spell them, whatever was typed ----------------


def test_a_care_order_typed_in_lower_case_names_patient_tender_and_skill_as_recorded_S6_18_2_ruling_WB15(db: str) -> None:
    # `body tend` printed what was typed: "joe hambuster's bras droit: tended by doc holloway
    # (  bandages )", while the log said "Doc Holloway tends the wound in the bras droit (Bandages)".
    shotgun_city(db)
    run(db, WP, "body", "wound", C, JOE, "right-arm", "2")
    out = run(db, WP, "body", "tend", C, "joe hambuster", "Bras droit", "--by", "doc holloway", "--skill", "  bandages ").stdout
    assert out == f"{JOE}'s bras droit: tended by {DOC} (Bandages)\n"
    assert run(db, WP, "body", "tend", C, "JOE HAMBUSTER", "right-arm").stdout == f"{JOE}'s bras droit: untended\n"


def test_a_teacher_typed_in_lower_case_is_recorded_and_said_as_his_sheet_spells_him_S2_6_2(db: str) -> None:
    # §2.6.2 L1430: a teacher at least 20% above the student; Siringo's Armes de poing 91. The plan
    # recorded "charlie siringo", and the log, `downtime show` and the sheet said so ever after.
    shotgun_city(db)
    out = run(db, WP, "downtime", "plan", C, "sam parkerson", "armes de poing", "5", "--teacher", "  charlie siringo ").stdout
    assert out == (
        f"{SAM}: trains Armes de poing 5 hours a week with Charlie Siringo (91%)\n{SAM} now trains: Armes de poing, 5 hours a week\n"
    )
    shown = run(db, WP, "downtime", "show", C, SAM).stdout
    assert "  Armes de poing: 5 hours a week with Charlie Siringo (91%), no time banked" in shown
    # One from outside the campaign is named as typed, spaces around it dropped.
    out = run(db, WP, "downtime", "plan", C, SAM, "Lasso", "5", "--teacher", " Buffalo Bill ", "--teacher-level", "90").stdout
    assert out.splitlines()[0] == f"{SAM}: trains Lasso 5 hours a week with Buffalo Bill (90%)"


def test_body_and_downtime_orders_typed_in_lower_case_say_the_character_as_his_sheet_spells_him_S3_2_3_S6_6_7_S6_16_4(
    db: str,
) -> None:
    # Each of these printed the name as typed ("joe hambuster presses 1 hand ..."), while the log
    # said "Joe Hambuster". A minor bullet wound to the right arm bleeds 1 PH a round (§3.2.3).
    shotgun_city(db)
    run(db, WP, "body", "wound", C, JOE, "right-arm", "2")
    said = [
        run(db, WP, "body", "press", C, "joe hambuster", "right-arm").stdout,
        run(db, WP, "body", "activity", C, "joe hambuster", "moderate").stdout,
        run(db, WP, "downtime", "practice", C, "joe hambuster").stdout,
        run(db, WP, "downtime", "grant", C, "joe hambuster", "lutte", "--reason", "a fine throw").stdout,
        run(db, WP, "downtime", "activity", C, "joe hambuster", "hunting", "--terrain", "giboyeux").stdout,
        run(db, WP, "downtime", "stop", C, "joe hambuster", "hunting").stdout,
    ]
    assert said == [
        f"{JOE} presses 1 hand on the bras droit for 10 seconds\n",
        f"{JOE}: ordered to moderate activity\n",
        f"{JOE} practises trick shooting (no bonus yet)\n",
        f"{JOE}: improvement roll 1 in Lutte pending\n",
        f"{JOE}: activity 1 hunting (Chasse), a roll every day\n",
        f"{JOE}: activity 1 (hunting) ended\n",
    ]


def test_a_flattened_bullet_in_the_head_says_on_the_body_that_it_comes_off_without_a_roll_S3_2_7_3_L1997_ruling_WB41(
    db: str, monkeypatch: Any
) -> None:
    # 9 of Sam's 16 head PV: the bullet enters (L1997, half or more); its unconsciousness check,
    # 9 + 25 (the head) - 10 = 24%, rolls 90; his END roll for the bullet (jEND 58) rolls 10, a
    # réussite critique: "la balle s'est en fait écrasée sur l'os et peut être détachée sans
    # problème moyennant un point de dommages supplémentaire". `body status` said only "extract it
    # (Extraction de balle)", as of any bullet, while the wound's line had said it comes off freely.
    shotgun_city(db)
    scripted_dice(monkeypatch, 90, 10)
    run(db, WP, "body", "wound", C, SAM, "head", "9")
    (head,) = [line for line in run(db, WP, "body", "status", C, SAM).stdout.splitlines() if line.startswith("  tête")]
    assert head == (
        "  tête: major wound, 7 of 16 PV left; bleeds 2 PH a round: first aid (Premiers soins) stops it;"
        " a bullet is still in: extract it (Extraction de balle) within 24 hours of the hit;"
        " flattened on the skull, it comes off without a roll for one more point of damage (§3.2.7.3)"
    )


def test_a_bullet_in_too_deep_says_on_the_body_what_it_waits_for_not_its_code_S3_2_7_3_L2005_L2007(db: str, monkeypatch: Any) -> None:
    # 9 of Sam's 16 head PV: the bullet enters; unconsciousness 24% rolls 90. His END roll (jEND
    # 58, open-ended: 97 + 20 = 117) is over twice his chance: an échec critique (Table 2.1), "la
    # balle est entrée trop profondément" (L2005). `body status` said "bullet in the head: lodged".
    shotgun_city(db)
    scripted_dice(monkeypatch, 90, 97, 20)
    run(db, WP, "body", "wound", C, SAM, "head", "9")
    status = run(db, WP, "body", "status", C, SAM).stdout.splitlines()
    assert status[-1] == (
        "bullet in the head: in too deep to be removed: an easy END or CHC roll every year,"
        " stable after three won in a row (0 so far) (§3.2.7.3)"
    )
    # Joe's (jEND 47) 99 + 99 + 10 = 208, over three times his chance: an échec catastrophique,
    # "la balle progresse inlassablement vers les centres nerveux" (L2007).
    scripted_dice(monkeypatch, 90, 99, 99, 10)
    run(db, WP, "body", "wound", C, JOE, "head", "9")
    status = run(db, WP, "body", "status", C, JOE).stdout.splitlines()
    assert status[-1] == (
        "bullet in the head: creeping toward the nerve centres: an END or CHC roll every week,"
        " the third failure kills (0 so far) (§3.2.7.3)"
    )


def test_the_reputation_roll_the_advance_makes_reads_as_the_log_with_the_gunfight_s_bonus_S2_4_3_L1375_ruling_WD20(
    db: str, monkeypatch: Any
) -> None:
    # §2.4.3: a REP roll in the week after a gunfight, 5% easier per opponent put out of action
    # beyond the first: three, +10. Sam's jREP 19 (3 x REP 8 - 5); the scripted 15 + 10 = 25 is
    # over it: REP rises by 1 (§2.3). The advance said "reputation roll 15 vs 19: +1", leaving out
    # the bonus that made it.
    shotgun_city(db)
    run(db, WP, "downtime", "gunfight", C, SAM, "--put-out", "3")
    scripted_dice(monkeypatch, 15)
    ticks = run(db, "advance", C, "1w", "--yes").stdout
    assert f"  1873-04-19 08:00  {SAM}: improvement roll in REP: rolled 15, +10 bonus: 25 against 19 — REP rises by 1\n" in ticks, ticks
