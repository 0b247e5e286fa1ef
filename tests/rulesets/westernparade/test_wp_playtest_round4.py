"""A fourth Western Parade play-test's gaps (Shotgun City), each through the real command line (in
process, ``support.run``) on a real journal of each backend: the sheet did not show the training
under way (ruling WC19); first aid printed one chance and read its outcome at another (ruling
WB34); the downtime board dated "a wound heals further" at the day the wound is healed to the full
(ruling WB33) and the downtime report said nothing of a bullet left in past its 24 hours (ruling
WB35); the shots fired at a character are recorded on the shooter, out of ``log --character``
(ruling WD18). Where a die decides, the seeds are scripted (``scripted_services``): the very roll
of the play-test, 32 against Doc's Premiers soins 85. Seed 004_cf8278f91236030c.txt (Lnnn),
digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

import json
from typing import Any

from support import SAMPLES, board_lines, run, sample, scripted_services
from wp_aided import AID_SEEDS, first_aided
from wp_recorded import events, logged

from chronique.domain.gametime import DAY
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade.condition import env_of, new_wound, next_dues, starting_body
from chronique.domain.rulesets.westernparade.report import healing_milestone_words
from chronique.domain.rulesets.westernparade.sheet import parse_sheet, sheet_data

C = "Shotgun City"
WP = "western-parade"
SAM, JOE, DOC, SIRINGO = "Sam Parkerson", "Joe Hambuster", "Doc Holloway", "Charlie Siringo"


def shotgun_city(db: str, *who: str) -> None:
    """The play-tester's campaign with these sample characters (``sam``, ``joe``...), at its start."""
    run(db, "campaign", "new", C, "--ruleset", WP, "--start", "1873-04-12 08:00")
    for name in who:
        run(db, "character", "new", C, "--sheet", str(SAMPLES / f"wp_{name}.toml"))


def flat(text: str) -> str:
    """Text with every run of spaces and line breaks as one space: a table's wrapped cell on one line."""
    return " ".join(text.split())


def training_section(sheet: str) -> str:
    """The TRAINING section of a terminal sheet, its cells' wrapping undone."""
    assert "\nTRAINING\n" in sheet, sheet
    return flat(sheet.split("\nTRAINING\n", 1)[1])


# -- A. the training under way on the sheet (§2.6-§2.7, §6.6.7; ruling WC19) ----------------------


def test_the_sheet_shows_the_training_under_way_as_downtime_show_says_it_now_and_as_of_a_date_S2_6_2_ruling_WC19(db: str) -> None:
    shotgun_city(db, "sam", "siringo")
    # §2.6.2: 20 hours a week under Siringo (Armes de poing 91, at least 20% better than Sam's
    # 56), whose teaching doubles the credit; §6.6.7 L3593: two hours of trick practice a day.
    run(db, WP, "downtime", "plan", C, SAM, "Armes de poing", "20", "--teacher", SIRINGO)
    run(db, WP, "downtime", "practice", C, SAM)
    assert "TRAINING" not in run(db, "sheet", C, "Joe Hambuster", check=False).stdout
    run(db, "advance", C, "3d", "--yes")
    # Three days at 20 h a week: 60/7 h trained (8 h 34 min), doubled: 17 h 8 min banked; 200
    # cartridges an hour actually trained (footnote 2, WC11): 1,714; the point due 04-17 07:42.
    now = "17 hours, 8 minutes banked, next point 1873-04-17 07:42; 1,714 cartridges burnt so far"
    plan = "20 hours a week with Charlie Siringo (91%)"
    shown = run(db, WP, "downtime", "show", C, SAM).stdout.splitlines()
    assert f"  Armes de poing: {plan}, {now}" in shown
    # The sheet says the same, and the practice bonus of three days (+1% a day, at most +25%).
    section = training_section(run(db, "sheet", C, SAM).stdout)
    assert section.startswith("Training Plan Progress ")
    assert f"Armes de poing {plan} {now}" in section
    assert section.endswith("trick shooting 2 hours a day bonus +3% (at most +25%)")
    # Every export format lays the same words out.
    markdown = run(db, "export", "sheet", C, SAM, "--format", "md").stdout
    assert "## Training\n\n| Training | Plan | Progress |\n|---|---|---|\n" in markdown
    assert f"| Armes de poing | {plan} | {now} |" in markdown
    assert "| trick shooting | 2 hours a day | bonus +3% (at most +25%) |" in markdown
    html = run(db, "export", "sheet", C, SAM, "--format", "html").stdout
    assert "<h2>Training</h2>" in html and f'<td data-label="Progress">{now}</td>' in html
    # As of the first day (issue 17, ruling WD12): 20/7 h trained, doubled: 5 h 42 min banked,
    # 571 cartridges; the next point's date does not move, the pace being the same; +1%.
    then = flat(run(db, "sheet", C, SAM, "--as-of", "1873-04-13 08:00").stdout)
    assert f"Armes de poing {plan} 5 hours, 42 minutes banked, next point 1873-04-17 07:42; 571 cartridges burnt so far" in then
    assert then.endswith("trick shooting 2 hours a day bonus +1% (at most +25%)")
    # As the plan was made, nothing is banked yet.
    start = flat(run(db, "sheet", C, SAM, "--as-of", "1873-04-12 08:00").stdout)
    assert f"Armes de poing {plan} no time banked, next point 1873-04-17 07:42 trick shooting" in start


def test_a_stopped_plan_reads_stopped_with_its_idle_credit_on_the_sheet_S2_6_2_L1434_ruling_WC19(db: str) -> None:
    shotgun_city(db, "sam", "siringo")
    run(db, WP, "downtime", "plan", C, SAM, "Armes de poing", "20", "--teacher", SIRINGO)
    run(db, "advance", C, "1d", "--yes")
    run(db, WP, "downtime", "plan", C, SAM, "Armes de poing", "0")
    # L1434: credit left idle waits, and wears away after seven days.
    section = training_section(run(db, "sheet", C, SAM).stdout)
    idle = "5 hours, 42 minutes banked, idle since 1873-04-13 08:00 (after 7 days an hour lost every 12 h), no progress"
    assert f"Armes de poing stopped {idle}; 571 cartridges burnt so far" in section
    assert f"  Armes de poing: stopped, {idle}; 571 cartridges burnt so far" in run(db, WP, "downtime", "show", C, SAM).stdout


# -- B. first aid's three chances (§3.2.4; ruling WB34) ------------------------------------------------


def _first_aided(db: str) -> None:
    """Sam shot in the right thigh (5 damage of the Colt, a minor wound bleeding 2 PH a round,
    Table 3.4: ×2 for a thigh), then Doc's first aid, under the scripted seeds: the d100 gives 32;
    then session 1 ends."""
    services = scripted_services(db, AID_SEEDS)
    try:
        first_aided(services, C, source="Colt SA Peacemaker of Joe Hambuster")
    finally:
        services.close()


def test_first_aid_reads_one_roll_at_the_three_chances_it_names_S3_2_4_L1856_ruling_WB34(db: str) -> None:
    _first_aided(db)
    (given,) = events(db, C, "FirstAidGiven")
    assert (given["outcome"]["chance"], given["outcome"]["faces"]) == (85, [32])
    # §3.2.4: one roll at the easy chance (85 + 25 = 110), read at 110, 85 and 60 (§1.6.3 steps):
    # 32 is a success at the difficult 60, so 3 PH stopped (a critical there, ≤ 30, would stop it all),
    # of a thigh that bled 2: it says it stopped those 2 (ruling WB55); the record keeps the roll's 3.
    line = (
        "first aid by Doc Holloway on the cuisse droite: chance 85% (Premiers soins 85), "
        "read at easy 110, normal 85 and difficult 60: rolled 32 → 2 PH stopped, all it bled a round (the roll would stop 3)"
    )
    assert given["outcome"]["qualities"] == {"easy": "CRIT_S", "normal": "CRIT_S", "difficult": "NORM_S"}
    assert given["result"]["outcome"] == "3 PH stopped"
    log = run(db, "log", C, "--kind", "FirstAidGiven").stdout
    assert line in flat(log.replace("|", " "))
    assert f"| {line}" in run(db, "export", "session", C, "1").stdout
    # `audit show` says it in what happened, and names the die by the three chances it is read at.
    ref = f"{given['originator_id'].replace('-', '')[:8]}:{given['originator_version']}"
    shown = run(db, "audit", "show", ref).stdout.splitlines()
    assert f"what happened: {line}" in shown
    assert "  d100: 32 — Doc Holloway's Premiers soins roll, read at the easy 110, normal 85 and difficult 60 chances (§3.2.4)" in shown


def test_first_aid_below_5_percent_even_at_the_easy_chance_rolls_nothing_and_says_why_S2_1_1_ruling_WB34(db: str) -> None:
    shotgun_city(db, "sam", "doc")
    run(db, WP, "body", "wound", C, SAM, "right-thigh", "5")
    # Premiers soins 85 less 200: easy −90, normal −115, difficult −140, all below 5% (§2.1.1):
    # no die, a failure at each chance, so no effect.
    said = run(db, WP, "body", "first-aid", C, SAM, "right-thigh", "--by", DOC, "-m", "modifier=-200").stdout
    assert said == (
        f"{SAM}: first aid by {DOC} on the cuisse droite: chance 115 points below zero (Premiers soins 85, modifier -200), "
        "read at easy 90 below zero (a failure), normal 115 below zero (a failure) and difficult 140 below zero (a failure): "
        "no roll (below 5% even at the easy chance, §2.1.1) → no effect\n"
    )


# -- C. the board's healing date and the extraction's 24 hours (§3.2.8, §3.2.7.2; WB33, WB35) ---------


def test_the_board_dates_the_full_healing_and_the_report_names_the_lapsed_extraction_once_S3_2_8_1_S3_2_7_2_fn8(db: str) -> None:
    _first_aided(db)
    services = scripted_services(db, AID_SEEDS)
    try:
        services.act(C, lambda w: care.order_activity(w, SAM, "bed"))
        # §3.2.8.1 L2021: a PV back every 7 − mEND = 5 days (END 16, mEND +2) while he rests; the
        # 5 damage are gone on 05-07, 25 days after the hit. The board says so, of that date: not
        # "a wound heals further" (the first PV comes back on 04-17, with no entry of its own).
        healed = "the wound in the cuisse droite is healed to the full, 24 of 24 PV (§3.2.8); the bullet stays in it until extracted"
        board = json.loads(run(db, "downtime", "board", C, "--json").stdout)
        assert {"date": "1873-05-07 08:00", "who": SAM, "what": healed} in [{k: b[k] for k in ("date", "who", "what")} for b in board]
        # Three days: the daily infection rolls of the wound with a bullet still in (WB15).
        services.advance(C, lambda campaign: campaign.clock + 3 * DAY)
    finally:
        services.close()
    rolls = events(db, C, "InfectionRolled")
    assert [(r["day"], r["infected"]) for r in rolls] == [(1, False), (2, False), (3, False)]
    # Footnote 8 (L1999): the 24 hours to extract the bullet ran out as the first of them fell; the
    # report says it once, with that roll (no infection is otherwise notable).
    lapsed = "the 24 hours to extract its bullet (Extraction de balle) have passed (§3.2.7.2, footnote 8)"
    report = run(db, "downtime", "report", C).stdout
    assert report == (
        f"1873-04-13 08:00  {SAM} day 1 of the untreated wound in the cuisse droite: infection 10%, rolled 79 — no infection; {lapsed}\n"
    )
    said = [line for line in flat(run(db, "log", C, "--kind", "InfectionRolled").stdout.replace("|", " ")).split("day ") if line]
    assert sum(lapsed in line for line in said) == 1
    # The body says the same of the bullet now, and the board still dates the full healing.
    assert "the 24 hours to extract it (Extraction de balle) have passed" in run(db, WP, "body", "status", C, SAM).stdout
    board = board_lines(run(db, "downtime", "board", C).stdout)
    assert f"1873-05-07 08:00  {SAM} {healed}" in board
    assert not any("heals further" in line for line in board)


def test_a_location_below_0_PV_is_dated_back_to_0_PV_not_healed_S3_2_9_3_ruling_WB33() -> None:
    # A left hand of 8 PV (END 16, Table 1.6) at 9 damage, its bleeding stopped, in bed: the
    # timeline's healing milestone is the day it is back to 0 PV, 5 days on (§3.2.8.1, one PV);
    # bed rest is no longer forced by it then (§3.2.9.3).
    sheet = sheet_data(parse_sheet(sample("wp_sam")))
    body = starting_body(sheet) | {"settled_at": 0, "activity": "bed"}
    body["wounds"] = {"left-hand": new_wound(0) | {"damage": 9, "hits": 1, "stopped": 99}}
    e = env_of(sheet, body, {"healing": "realistic"})
    (heal,) = [at for at, name in next_dues(body, e) if name == "heal"]
    assert heal == 5 * DAY
    assert healing_milestone_words(body, e, heal) == "the main gauche heals back to 0 PV, no longer below 0 (§3.2.9.3)"


# -- D. the shots and blows at a character (§3.3, §3.4; ruling WD18) --------------------------------


def _refs(rows: list[dict[str, Any]]) -> list[tuple[str, int]]:
    return [(r["event"]["originator_id"], r["event"]["originator_version"]) for r in rows]


def test_attacks_lists_the_shots_and_blows_by_or_at_a_character_as_log_character_holds_them_S3_3_S3_4_rulings_WD18_RM5(db: str) -> None:
    shotgun_city(db, "sam", "joe", "doc")
    run(db, "session", "start", C)
    # Joe fires at Sam with Doc in the bullet's path; Sam strikes Joe, who dodges. Each is recorded
    # on whoever fired or struck (§3.3.1, §3.4). Joe fires blind (-200: below 5%, a miss without a
    # roll, §2.1.1), so no die of his shot can wound Sam out of the fight before his blow (§3.2.5).
    run(db, WP, "shoot", C, JOE, SAM, "-w", "Colt SA Peacemaker", "--distance", "10", "-m", "blind=-200", "--bystander", DOC)
    run(db, WP, "strike", C, SAM, JOE, "-w", "punch", "--defence", "dodge", "--defence-skill", "Esquive")
    (shot,) = events(db, C, "ShotFired")
    (blow,) = events(db, C, "BlowStruck")
    shot_ref = (shot["originator_id"], shot["originator_version"])
    blow_ref = (blow["originator_id"], blow["originator_version"])
    # `log --character` holds Sam's own chain and the events of others naming him (ruling RM5):
    # Joe's shot at Sam and Sam's blow.
    sams = _refs(json.loads(run(db, "log", C, "--character", SAM, "--json").stdout))
    assert shot_ref in sams and blow_ref in sams
    # `western-parade attacks` names the shots and blows by or at him: the shot at Sam, his blow.
    at_sam = _refs(json.loads(run(db, WP, "attacks", C, SAM, "--json").stdout))
    assert at_sam == [shot_ref, blow_ref]
    # Joe's: his shot and the blow he dodged (his own defence roll is in it); Doc's: the shot
    # whose path he stood in.
    assert _refs(json.loads(run(db, WP, "attacks", C, JOE, "--json").stdout)) == [shot_ref, blow_ref]
    assert _refs(json.loads(run(db, WP, "attacks", C, DOC, "--json").stdout)) == [shot_ref]
    # In words, as the log's table, with the refs `audit show` takes.
    table = flat(run(db, WP, "attacks", C, "sam parkerson").stdout.replace("|", " "))
    assert f"{shot['originator_id'].replace('-', '')[:8]}:{shot['originator_version']}" in table
    assert f"{JOE} shot fired shot at {SAM} with the Colt SA Peacemaker: no chance, " in table
    assert len(logged(db, C, "--kind", "ShotFired")) == 1


def test_attacks_of_one_no_shot_or_blow_named_says_so_in_a_line_ruling_WD18(db: str) -> None:
    shotgun_city(db, "sam", "doc")
    assert run(db, WP, "attacks", C, DOC).stdout == f"no shot or blow by or at {DOC} in the log\n"
    refused = run(db, WP, "attacks", C, "Nobody", check=False)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
