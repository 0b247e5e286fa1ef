"""The Western Parade QA review's defects, each pinned where a player meets it: the real command
line (in-process, ``support.run``) on a real journal, the Shotgun City party of the
reviewer's setup. Seed 004_cf8278f91236030c.txt, digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from support import run
from wp_city import DOC, JOE, SAM, SIRINGO, WP, C, refused, shotgun_city
from wp_recorded import logged

from chronique.adapters.bootstrap import build
from chronique.domain.rulesets.westernparade import describe as words
from chronique.domain.rulesets.westernparade import odds
from chronique.domain.rulesets.westernparade.play import Check, check

# -- 1. a difficulty or a modifier of any size (BD5's ±200 %; §2.1 L1282 open-ended odds) ----------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("-d", "99999"), "error: `--difficulty` must be between -200 and 200 (got 99,999)"),
        (("-d", "-201"), "error: `--difficulty` must be between -200 and 200 (got -201)"),
        (("-m", "whisky=1000"), "error: the modifier “whisky” must be between -200 and 200 (got 1,000)"),
        (("-m", "whisky=150", "-m", "whisky=51"), "error: the modifier “whisky” must be between -200 and 200 (got 201)"),
    ],
)
def test_a_roll_s_difficulty_or_modifier_beyond_200_percent_is_refused_ruling_BD5(db: str, args: tuple[str, ...], said: str) -> None:
    shotgun_city(db)
    assert refused(db, WP, "roll", C, SAM, "-s", "Armes de poing", *args) == said


def test_the_opponent_s_difficulty_and_a_shot_s_modifier_are_bounded_alike_ruling_BD5(db: str) -> None:
    shotgun_city(db)
    theirs = refused(db, WP, "oppose", C, SAM, JOE, "-s", "Armes de poing", "--their-difficulty", "500")
    assert theirs == "error: `--their-difficulty` must be between -200 and 200 (got 500)"
    shot = refused(db, WP, "shoot", C, SAM, JOE, "--weapon", "Colt SA Peacemaker", "--distance", "10", "-m", "luck=999")
    assert shot == "error: the modifier “luck” must be between -200 and 200 (got 999)"
    # Within the range is a roll like any other.
    run(db, WP, "roll", C, SAM, "-s", "Armes de poing", "-d", "200", "-m", "whisky=-200")


def test_the_odds_of_any_chance_need_no_recursion_and_fit_the_read_model_s2_1_L1282() -> None:
    # §2.1 L1282: the open-ended total is unbounded, so no chance is a certainty; past nine faces
    # the odds are those of 864 (odds.EXACT_FACES), whose denominator 100^9 fits 64 bits.
    for chance in (864, 865, 1056, 100_055, 10**30):
        found = odds.success_odds(chance)
        assert found == odds.success_odds(864) and 1 - Fraction(1, 10**11) < found < 1
        assert found.denominator <= 2**63 - 1
    assert odds.success_odds(-100_000) == 0 and odds.improvement_odds(-(10**20), 0, 0) == 1


def test_a_journal_holding_a_roll_at_100055_percent_rebuilds_and_shows_its_luck_s2_1_L1282(db: str) -> None:
    shotgun_city(db)
    # Recorded as the command line took it before BD5 bounded -d: the rules themselves accept it.
    services = build(db)
    try:
        services.act(C, lambda w: check(w, SAM, Check(skill="Armes de poing", difficulty=99999)))
        services.act(C, lambda w: check(w, SAM, Check(skill="Armes de poing", modifiers={"whisky": 1000})))
    finally:
        services.close()
    luck = run(db, "luck", C, "--json", "--by", "kind")
    assert luck.returncode == 0 and "catch up" not in luck.stderr, luck.stderr
    skill = json.loads(luck.stdout)["skill roll"]
    # Two near-certainties: expected just under 2, both exactly 1 - 7.8·10^-12 (odds.EXACT_FACES).
    assert (skill["draws"], Fraction(skill["expected"])) == (2, 2 * odds.success_odds(864))
    rebuilt = run(db, "db", "rebuild")
    assert rebuilt.returncode == 0, rebuilt.stderr
    again = run(db, "luck", C, "--json", "--by", "kind")
    assert again.returncode == 0 and "catch up" not in again.stderr and json.loads(again.stdout)["skill roll"] == skill


# -- 2. the downtime board while a wound is pressed (§3.2.3 L1848, ruling WB22) ---------------------


def test_the_board_names_the_hands_letting_go_of_a_pressed_wound_S3_2_3_L1848_ruling_WB22(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "body", "wound", C, JOE, "left-flank", "6")
    run(db, WP, "body", "press", C, JOE, "left-flank", "--hands", "2", "--rounds", "3")
    board = run(db, "downtime", "board", C, "--json")
    assert board.returncode == 0, board.stderr
    said = {(line["who"], line["what"]) for line in json.loads(board.stdout)}
    assert (JOE, "the hands pressing the wound in the flanc gauche let go") in said


# -- 3. amputation takes off a limb only (§6.18.1 L5121, §3.2.9.1 L2093-L2099) ----------------------


@pytest.mark.parametrize(
    ("location", "words"),
    [("head", "tête"), ("throat", "gorge"), ("chest", "cœur/poitrine"), ("abdomen", "abdomen"), ("left-flank", "flanc gauche")],
)
def test_only_a_limb_can_be_amputated_S6_18_1_S3_2_9_1(db: str, location: str, words: str) -> None:
    shotgun_city(db)
    line = refused(db, WP, "body", "amputate", C, SAM, location, "--by", DOC)
    assert line == f"error: the {words} cannot be amputated: only a limb can (§6.18.1, §3.2.9.1), a shoulder, arm, hand, thigh, leg or foot"
    assert not json.loads(run(db, WP, "body", "status", C, SAM, "--json").stdout)["dead"]


@pytest.mark.parametrize(("location", "words"), [("left-hand", "main gauche"), ("right-thigh", "cuisse droite")])
def test_an_unwounded_limb_is_not_amputated_S6_18_1_L5121_S3_2_9_1_L2099(db: str, location: str, words: str) -> None:
    # L5121: an infected wound whose cleaning failed, or gangrene; L2099: a limb past its critical
    # threshold. A sound limb has neither: one line, exit 2, nothing recorded (``refused``).
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SAM, "left-arm", "4", "--kind", "blade")  # a wound elsewhere is no reason
    line = refused(db, WP, "body", "amputate", C, SAM, location, "--by", DOC)
    assert line == f"error: {SAM} has no wound in the {words}: only a wounded limb is amputated (§6.18.1, §3.2.9.1)"
    assert list(json.loads(run(db, WP, "body", "status", C, SAM, "--json").stdout)["wounds"]) == ["left-arm"]


# -- 5. a long activity's roll in sentences (§6.8.1, §6.10.4, §6.16, §6.17.2) -----------------------


def test_an_advance_tells_what_long_activities_did_in_sentences_S6_8_S6_10_4_S6_16_S6_17_2(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "downtime", "activity", C, SAM, "hunting", "--terrain", "normal")
    run(db, WP, "downtime", "activity", C, DOC, "panning")
    run(db, WP, "downtime", "activity", C, JOE, "running")
    run(db, WP, "downtime", "activity", C, SIRINGO, "banking", "--capital", "1000")
    out = run(db, "advance", C, "31d", "--yes")
    assert out.returncode == 0, out.stderr
    ticks = out.stdout
    for code in ("fed_tenths", "skins_cents", "quality ", "gold False", "gold True", "metres", "capital_before"):
        assert code not in ticks, ticks
    assert re.search(r"capital (now )?\d", ticks) is None, ticks
    assert f"{SAM}: hunting (Chasse): feeds " in ticks and " people, or skins worth $" in ticks
    assert f"{DOC}: panning (Tamisage): found " in ticks
    assert f"{JOE}: running (Course de longue distance): covers " in ticks and " km" in ticks
    assert f"{SIRINGO}: banking (Banque): capital now $" in ticks
    log = run(db, "log", C, "--kind", "ActivityRolled", "--json").stdout
    assert '"capital"' in log  # recorded as before: only the words changed
    text = run(db, "log", C, "--kind", "ActivityRolled").stdout
    assert "capital now $" in " ".join(text.split()) and "capital now 9" not in text


def test_a_capital_reads_in_dollars_and_a_hunt_in_people_S6_8_1_S6_16() -> None:
    from chronique.domain.rulesets.westernparade.describe import activity_result, dollars

    assert dollars(98_000) == "$980.00" and dollars(1_000_000_005) == "$10,000,000.05"
    assert activity_result({"capital_before": 100_000, "capital": 98_000}) == "capital now $980.00 ($20.00 lost)"
    # The meat or the skins, not both (§6.16.4 L4820, ruling WC25); nothing when bredouille (L4824).
    assert activity_result({"fed_tenths": 39, "skins_cents": 1950}) == "feeds 3.9 people, or skins worth $19.50 if hunting for them"
    assert activity_result({"fed_tenths": 10, "skins_cents": 500}) == "feeds 1 person, or skins worth $5.00 if hunting for them"
    assert activity_result({"fed_tenths": 0, "skins_cents": 0}) == "brings nothing back"
    assert activity_result({"quality": "CRIT_F", "gold": False}) == "found no gold"
    assert activity_result({"metres": 55_000}) == "covers 55 km"
    assert activity_result({"fate": "exhausted", "next_modifier": -25}) == "is exhausted, the next roll at -25%"


# -- 6. locations and drinking stages in words (ruling WA16, Table 4.1) -----------------------------


def test_letting_go_and_drinking_read_in_the_log_s_words_WA16_table_4_1(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "body", "wound", C, JOE, "left-flank", "6")
    let_go = run(db, WP, "body", "press", C, JOE, "left-flank", "--hands", "0")
    assert let_go.stdout == f"{JOE} lets go of the flanc gauche\n"
    drunk = run(db, WP, "body", "drink", C, SIRINGO, "12")
    said = f"{SIRINGO}: drank 12 units: 12 units in the blood now, "
    assert drunk.stdout.startswith(said) and drunk.stdout.rstrip().endswith("drunk"), drunk.stdout
    stage = json.loads(run(db, WP, "body", "status", C, SIRINGO, "--json").stdout)["alcohol"]["stage"]
    assert stage in ("medium", "serious", "complete")
    status = run(db, WP, "body", "status", C, SIRINGO).stdout
    assert f"drink: {stage}\n" not in status and f"is {stage}\n" not in drunk.stdout
    run(db, WP, "body", "press", C, JOE, "left-flank", "--hands", "1", "--rounds", "1")
    ticks = run(db, "advance", C, "1h", "--yes").stdout
    assert f"{JOE} lets go of the flanc gauche" in ticks and "left-flank" not in ticks, ticks
    assert f"{SIRINGO} is {stage}" not in ticks


# -- 7. a shooter does not shoot himself (§3.3) -------------------------------------------------------


def test_a_character_cannot_shoot_at_themselves_S3_3(db: str) -> None:
    shotgun_city(db)
    line = refused(db, WP, "shoot", C, SAM, SAM, "--weapon", "Colt SA Peacemaker", "--distance", "10")
    assert line == f"error: {SAM} cannot shoot at themselves"


# -- 8. a defence is a defence skill (§3.1.6 L1688-L1690, §6.7.9, §6.7.12, §6.7.14, §6.7.15) ---------


def test_a_defence_rolls_a_defence_skill_not_cuisine_S3_1_6(db: str) -> None:
    shotgun_city(db)
    dodge = refused(db, WP, "strike", C, SAM, JOE, "--weapon", "punch", "--defence", "dodge", "--defence-skill", "Cuisine")
    assert dodge == "error: Cuisine is no dodge (§3.1.6): Esquive or Culbute or Lutte"
    parry = refused(db, WP, "strike", C, SAM, JOE, "--weapon", "punch", "--defence", "parry", "--defence-skill", "Esquive")
    assert parry == "error: Esquive is no parry (§3.1.6): Parade or Lutte"
    run(db, WP, "strike", C, SAM, JOE, "--weapon", "punch", "--defence", "dodge", "--defence-skill", "Culbute")


# -- 9. hands press a bleeding wound only (§3.2.3 L1848, as first aid §3.2.4) -------------------------


def test_pressing_a_wound_that_does_not_bleed_is_refused_as_first_aid_is_S3_2_3(db: str) -> None:
    shotgun_city(db)
    # A blow's scratch does not bleed (§3.2.3): no chance decides whether there is blood to stop.
    run(db, WP, "body", "wound", C, JOE, "left-foot", "1", "--kind", "blunt")
    aid = refused(db, WP, "body", "first-aid", C, JOE, "left-foot", "--by", DOC)
    press = refused(db, WP, "body", "press", C, JOE, "left-foot", "--hands", "1")
    assert press == aid == f"error: {JOE}'s {words.where('left-foot')} is not bleeding"


# -- 10. the terrains of a hunt in --terrain's help (Table 6.1 L4806) ---------------------------------


def test_terrain_help_lists_every_terrain_of_table_6_1_and_of_a_run_L4806() -> None:
    from chronique.domain.rulesets.westernparade.training import downtime_data

    shown = " ".join(run("unused.db", WP, "downtime", "activity", "--help").stdout.split())
    for kind in ("hunting", "running"):
        for terrain in downtime_data()["activities"][kind]["terrain"]:
            assert terrain in shown, terrain


def test_sobering_and_an_effort_print_their_roll_as_the_log_tells_it_S4_1_3_L2859_S3_2_8_3(db: str) -> None:
    # §4.1.3 L2859: the emergency sobering is a difficult END roll; §3.2.8.3: a violent effort
    # with a healing wound reopens it on a d100 under its percentage. What the table reads is the
    # roll itself, as the log words it, never the stage or the verdict alone.
    shotgun_city(db)
    run(db, WP, "body", "drink", C, SIRINGO, "12")
    sobered = run(db, WP, "body", "sober", C, SIRINGO).stdout
    run(db, WP, "body", "wound", C, DOC, "left-arm", "3", "--kind", "blade")
    strained = run(db, WP, "body", "effort", C, DOC, "left-arm").stdout
    recorded = logged(db, C)
    (attempt,) = [e for e in recorded if e["topic"].endswith(":SoberingAttempted")]
    (effort,) = [e for e in recorded if e["topic"].endswith(":WoundReopened")]
    assert sobered.startswith(f"{SIRINGO}: an emergency to sober up: {words.roll(attempt['outcome'])} — acts "), sobered
    verdict = "the wound reopened" if effort["reopened"] else "the wound held"
    assert strained == f"{DOC}: violent effort while the bras gauche heals: {effort['percent']}%, rolled {effort['roll']} — {verdict}\n"
