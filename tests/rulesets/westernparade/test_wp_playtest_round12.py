"""A twelfth Western Parade play-test: pulling out a weapon read "(STR)" and `body pull`'s help
"STR roll", where the rulebook and the sheet say FOR (ruling WC32); the sheet's "Bleeding and care"
said only what stopped the bleeding, not the care that changed a wound's course (a bullet
extracted, bandaged, cleaned or a failed cleaning, cauterised; ruling WD23); the log of a bank
taken up left out the capital the command said; a roll at 0% did not name the skill at 0 that made
it so. Through the real command line (in process, ``support.run``, and in a subprocess,
``support.chronique``), with scripted dice where a roll decides. Seed 004_cf8278f91236030c.txt
(Lnnn), digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

import pytest
from support import chronique, log_details, run
from wp_city import DOC, JOE, SAM, WP, C, scripted_dice, shotgun_city

from chronique.domain.rulesets.westernparade.condition import new_wound
from chronique.domain.rulesets.westernparade.describe import chance_words
from chronique.domain.rulesets.westernparade.report import care_had


def _flat(text: str) -> str:
    # The sheet's and the log's tables wrap their lines: read as one line of words.
    return " ".join(text.split())


# -- 1. a pull says FOR, the seed's word for strength (§1.6.4 L728, §3.4.5.2 L2513; WC32) --------


def test_a_forced_pull_says_FOR_at_the_table_and_in_the_log_never_STR_S1_6_4_S3_4_5_2_L2513_ruling_WC32(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Sam's right leg impaled by a pitchfork (1d6cum 2); Joe pulls (jFOR 50): 30 succeeds, torn
    # out for 1d6cum 3. The roll is the seed's FOR roll ("La Force.....FOR", L728), as its terms
    # (jFOR) and the sheet say; it read "(STR)".
    shotgun_city(db)
    scripted_dice(monkeypatch, 2, 30, 3)
    run(db, WP, "body", "wound", C, SAM, "right-leg", "3", "--kind", "thrust", "--source", "a pitchfork", "--impaled")
    pulled = run(db, WP, "body", "pull", C, SAM, "right-leg", "--by", JOE).stdout
    assert pulled == (
        f"{SAM}: {JOE} pulls on the weapon in the jambe droite (FOR): chance 50% (FOR roll 50): rolled 30 → réussite normale —"
        " torn out (§3.4.5.2): 1d6cum 3 → 3 points of damage; the location bleeds double until first aid masters it\n"
    )
    (logged,) = log_details(db, C, "--kind", "WeaponPulled")
    assert logged.startswith(f"{JOE} pulls on the weapon in the jambe droite (FOR): chance 50% (FOR roll 50): rolled 30")
    assert "STR" not in logged


def test_body_pull_s_help_says_a_FOR_roll_S1_6_4_S3_4_5_2_ruling_WC32(db: str) -> None:
    # The help a player reads before pulling, from the real command in a subprocess.
    shown = _flat(chronique(db, WP, "body", "pull", "--help").stdout)
    assert "STR" not in shown
    assert "a FOR roll, one action" in shown
    assert "a failed FOR roll deals 1 damage" in shown
    assert "oppose the pull with their own FOR" in shown


# -- 2. the sheet says the care a wound has had (§3.2.7.2, §3.2.7.4, §6.18.2, §6.18.4, §6.18.13; WD23)


def test_the_sheet_says_a_bullet_extracted_a_bandage_and_a_cleaning_S3_2_7_4_S6_18_2_S6_18_13_ruling_WD23(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A bullet's 4 in Sam's left arm: Doc's Extraction de balle 79 rolls 20, out (§3.2.7.4); his
    # first aid 30 stops the bleeding; his Bandages 39 rolls 90, no good, but the arm is bandaged
    # and takes no other bandage until wounded anew (§6.18.2). A blade's 3 in the right arm: a
    # preventive cleaning 40 of 86 (easy, §6.18.13) keeps infection away. The sheet said only
    # "bleeding stopped by first aid" and "bleeds 1 PH a round".
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SAM, "left-arm", "4")
    scripted_dice(monkeypatch, 20, 30, 90, 40)
    run(db, WP, "body", "care", C, SAM, "left-arm", "Extraction de balle", "--by", DOC)
    run(db, WP, "body", "first-aid", C, SAM, "left-arm", "--by", DOC)
    run(db, WP, "body", "care", C, SAM, "left-arm", "Bandages", "--by", DOC)
    run(db, WP, "body", "wound", C, SAM, "right-arm", "3", "--kind", "blade")
    run(db, WP, "body", "care", C, SAM, "right-arm", "Nettoyage d'une blessure", "--by", DOC)
    sheet = _flat(run(db, "sheet", C, SAM).stdout)
    assert (
        "Bras gauche 12 of 16 minor bleeding stopped by first aid; care had: bullet extracted (§3.2.7.4) and bandaged (§6.18.2)"
    ) in sheet
    assert "Bras droit 13 of 16 minor bleeds 1 PH a round: first aid (Premiers soins) stops it; care had: cleaned (§6.18.13)" in sheet
    # `body status` reads the same; a care's own line says what that care did, not the history.
    status = run(db, WP, "body", "status", C, SAM).stdout.splitlines()
    assert (
        "  bras gauche: minor wound, 12 of 16 PV left; bleeding stopped by first aid;"
        " care had: bullet extracted (§3.2.7.4) and bandaged (§6.18.2)"
    ) in status


def test_the_sheet_says_a_failed_cleaning_a_failed_cauterisation_then_the_cauterisation_S3_2_7_2_S6_18_4_S6_18_13_ruling_WD23(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A blade's 3 in Joe's right arm; Doc's first aid 50 stops it. Day 1, 3 PV lost: 6%, the d100
    # rolls 1: infected (§3.2.7.2). Doc's cleaning 61 rolls 90, fails: the one try the wound has
    # (§6.18.13). His Cautérisation 56 rolls 70, a normal failure: 2 damage, the next try at -25%
    # (§6.18.4); then 10 of 31, a critical success: burnt out for 1 damage.
    shotgun_city(db)
    run(db, WP, "body", "wound", C, JOE, "right-arm", "3", "--kind", "blade")
    scripted_dice(monkeypatch, 50, 1, 90, 70, 10)
    run(db, WP, "body", "first-aid", C, JOE, "right-arm", "--by", DOC)
    run(db, "session", "end", C)
    run(db, "advance", C, "1d", "--yes")
    run(db, WP, "body", "care", C, JOE, "right-arm", "Nettoyage d'une blessure", "--by", DOC)
    arm = "Bras droit 11 of 14 minor bleeding stopped by first aid; just infected: cauterise it (Cautérisation); care had:"
    assert f"{arm} a failed cleaning (one try a wound, §6.18.13)" in _flat(run(db, "sheet", C, JOE).stdout)
    run(db, WP, "body", "care", C, JOE, "right-arm", "Cautérisation", "--by", DOC)
    arm = arm.replace("11 of 14", "9 of 14")
    failed = f"{arm} a failed cleaning (one try a wound, §6.18.13) and a failed cauterisation (the next try at -25%, §6.18.4)"
    assert failed in _flat(run(db, "sheet", C, JOE).stdout)
    run(db, WP, "body", "care", C, JOE, "right-arm", "Cautérisation", "--by", DOC)
    cured = (
        "Bras droit 8 of 14 minor bleeding stopped by first aid;"
        " care had: a failed cleaning (one try a wound, §6.18.13) and cauterised (§6.18.4)"
    )
    assert cured in _flat(run(db, "sheet", C, JOE).stdout)
    assert run(db, WP, "body", "status", C, JOE).stdout.splitlines()[2] == (
        "  bras droit: minor wound, 8 of 14 PV left; bleeding stopped by first aid;"
        " care had: a failed cleaning (one try a wound, §6.18.13) and cauterised (§6.18.4)"
    )


def test_a_wound_recorded_before_ruling_WD23_reads_its_cleaning_from_whether_it_still_festers_S6_18_13_ruling_WD23() -> None:
    # A record kept before WD23 has "cleaned" alone: a wound still infected was not cured by it;
    # one that no longer festers was. No care at all: nothing said.
    untouched = new_wound(0)
    assert care_had(untouched) == []
    assert care_had({**untouched, "cleaned": True, "infected_at": 5}) == ["a failed cleaning (one try a wound, §6.18.13)"]
    assert care_had({**untouched, "cleaned": True}) == ["cleaned (§6.18.13)"]
    # A bullet extracted then another lodged in the same location: the bullet in is what counts.
    assert care_had({**untouched, "extracted": True, "bullet": True}) == []


# -- 3. the log of a bank taken up says its capital (§6.8.1; ruling WC31) -------------------------


def test_the_log_of_a_banking_taken_up_says_its_capital_as_the_command_does_S6_8_1_ruling_WC31(db: str) -> None:
    shotgun_city(db)
    out = run(db, WP, "downtime", "activity", C, SAM, "banking", "--capital", "1000").stdout
    assert out == f"{SAM}: activity 1 banking (Banque), a roll every month (30 days), a capital of $1,000.00\n"
    assert log_details(db, C, "--kind", "ActivityStarted") == [
        "took up banking (Banque), a roll every month (30 days), a capital of $1,000.00"
    ]


# -- 4. a roll at 0% names the skill at 0 that made it so (§2.1.1) --------------------------------


def test_a_kick_at_0_percent_names_the_skill_at_0_that_made_it_so_S2_1_1_S3_5_4(db: str) -> None:
    # Sam has no Arts martiaux (Table 3.21's skill for a kick): 0%, below 5%, no roll (§2.1.1).
    # It read "chance 0%: below 5%, no roll", saying nothing of why.
    shotgun_city(db)
    out = run(db, WP, "strike", C, SAM, JOE, "--weapon", "kick").stdout
    assert out.splitlines()[0] == f"{SAM}: chance 0% (Arts martiaux 0): below 5%, no roll → échec normal"
    (logged,) = log_details(db, C, "--kind", "BlowStruck")
    assert "chance 0% (Arts martiaux 0): below 5%, no roll" in logged


def test_the_score_rolled_under_is_said_at_0_and_a_nil_modifier_is_not_S2_1() -> None:
    assert chance_words({"chance": 0, "terms": {"Arts martiaux": 0, "situation": 0}}) == "0% (Arts martiaux 0)"
    assert chance_words({"chance": 0, "terms": {"jFOR": 0}}) == "0% (FOR roll 0)"
    # A term that is no score (a modifier alone) at 0 says nothing, as before.
    assert chance_words({"chance": 0, "terms": {"situation": 0}}) == "0%"
    assert chance_words({"chance": 40, "terms": {"Lutte": 50, "wounds": -10}}) == "40% (Lutte 50, wounds -10)"
