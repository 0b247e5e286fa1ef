"""The real ``chronique western-parade`` command line, in process, on a real journal of each
backend: characters from the sample sheets, rolls, duels, shots and blows. Where the vault's dice
decide, the test reads the recorded event and holds the printed line, the event and the body to
what the digest's rules give for those dice (wp_digest); bad input is one line, exit 2, nothing
recorded."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import wp_digest as rules
from support import SAMPLES, one_shot_importing, run
from wp_recorded import aftermath, events, logged

from chronique.domain.rulesets.westernparade import describe as words
from chronique.domain.rulesets.westernparade import report

CAMPAIGN = "Shotgun City"
SAM, JOE = "Sam Parkerson", "Joe Hambuster"


def wp(db: str, *args: str) -> str:
    return run(db, "western-parade", *args).stdout


def derived(db: str, name: str) -> dict[str, Any]:
    sheet: dict[str, Any] = json.loads(run(db, "sheet", CAMPAIGN, name, "--json").stdout)["sheet"]["derived"]
    return sheet


def wounds(db: str, name: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(wp(db, "body", "status", CAMPAIGN, name, "--json"))["wounds"]
    return found


def test_rolls_under_a_characteristic_and_a_skill_show_their_terms_and_read_table_2_1(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "session", "start", CAMPAIGN)
    # §3.1: jEND 58 (3 x 16 + 5 x mEND 2, Table 1.4) + easy 25 (§1.6.3) + help 5.
    shown = []
    for args in (("-c", "END", "-d", "easy", "-m", "help=5"), ("-s", "Armes de poing")):
        since = len(logged(db, CAMPAIGN))
        shown.append((wp(db, "roll", CAMPAIGN, SAM, *args), aftermath(db, CAMPAIGN, since)))
    rolled = events(db, CAMPAIGN, "CheckRolled")
    assert [r["outcome"]["terms"] for r in rolled] == [{"jEND": 58, "difficulty": 25, "help": 5}, {"Armes de poing": 56}]
    for (printed, said), event, order in zip(shown, rolled, (("jEND", "difficulty", "help"), ()), strict=True):
        o = event["outcome"]
        assert o["quality"] == rules.read(o)
        # §2.4.7, §2.5: the improvement roll a success earned, if it did, said under the roll.
        assert (said != "") == rules.earns(o["chance"], o["total"])
        assert printed == f"{SAM}: {rules.described(o, *order)}\n{said}"


def test_a_roll_reads_the_same_when_made_and_in_the_log_its_score_first_s2_1(db: str) -> None:
    # §2.1: a chance is the score rolled under and its modifiers. The event's JSON keeps its keys
    # sorted, which put "Cold" and "difficulty" before "jFOR": the log read "(Cold -5,
    # difficulty -25, jFOR +50)" while the roll had printed "(jFOR 50, difficulty -25, Cold -5)".
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_joe.toml"))
    run(db, "session", "start", CAMPAIGN)
    since = len(logged(db, CAMPAIGN))
    printed = wp(db, "roll", CAMPAIGN, JOE, "-c", "FOR", "-d", "difficult", "-m", "help=5", "-m", "Cold=-5")
    (rolled,) = events(db, CAMPAIGN, "CheckRolled")
    assert list(rolled["outcome"]["terms"]) == ["Cold", "difficulty", "help", "jFOR"]  # as stored
    said = aftermath(db, CAMPAIGN, since)  # an improvement roll earned, if one was (§2.4.7)
    assert (said != "") == rules.earns(rolled["outcome"]["chance"], rolled["outcome"]["total"])
    assert printed == f"{JOE}: {rules.described(rolled['outcome'], 'jFOR', 'Cold', 'difficulty', 'help')}\n{said}"
    ref = next(re.findall(r"[0-9a-f]{8}:\d+", line)[0] for line in run(db, "log", CAMPAIGN).stdout.splitlines() if "check rolled" in line)
    explained = run(db, "audit", "show", ref).stdout
    assert f"what happened: FOR roll: {printed.splitlines()[0].split(': ', 1)[1]}\n" in explained


def test_a_duel_goes_to_the_better_quality_s3_3(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CAMPAIGN)
    out = wp(db, "oppose", CAMPAIGN, SAM, JOE, "-s", "Lasso", "--their-skill", "Lutte")
    mine, theirs = (e["outcome"] for e in events(db, CAMPAIGN, "CheckRolled"))
    assert (mine["quality"], theirs["quality"]) == (rules.read(mine), rules.read(theirs))
    a, b = rules.QUALITIES.index(mine["quality"]), rules.QUALITIES.index(theirs["quality"])
    result = "deadlock" if a == b else ("won" if a > b else "lost")
    said = {"deadlock": "a deadlock: neither wins the duel", "won": f"{SAM} wins the duel", "lost": f"{JOE} wins the duel"}[result]
    # Then the improvement rolls either success earned (§2.4.7, §2.5), in the log's words.
    assert out == f"{SAM}: {rules.described(mine)}\n{JOE}: {rules.described(theirs)}\n{said}\n{aftermath(db, CAMPAIGN)}"
    (resolved,) = events(db, CAMPAIGN, "OppositionResolved")
    assert (resolved["own"], resolved["theirs"], resolved["result"]) == (mine["quality"], theirs["quality"], result)


def test_a_detection_says_who_found_whom_out_in_words_s2_2_2(db: str) -> None:
    # §2.2.2: a concealment against a search; it read "result for Sam Parkerson: undetected".
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CAMPAIGN)
    out = wp(db, "oppose", CAMPAIGN, SAM, JOE, "-s", "Dissimulation dans l'ombre", "--their-skill", "Écoute", "--detection")
    (resolved,) = events(db, CAMPAIGN, "OppositionResolved")
    said = {"detected": f"{JOE} finds {SAM} out", "undetected": f"{SAM} goes unnoticed by {JOE}"}[resolved["result"]]
    # Said after both rolls; under it only the improvement rolls a success earned (§2.4.7).
    assert out.endswith(f"\n{said}\n{aftermath(db, CAMPAIGN)}")


def test_a_shot_is_what_its_recorded_dice_give_by_s4_3_and_wounds_the_target_so(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CAMPAIGN)
    out = wp(db, "shoot", CAMPAIGN, SAM, JOE, "-w", "Colt SA Peacemaker", "--distance", "20")
    (shot,) = events(db, CAMPAIGN, "ShotFired")
    roll = shot["outcome"]
    # §4.3: Armes de poing 56 alone: 20 m is the Colt's short range (0, Table 3.15), close
    # proximity for mACV 0 (≤ 25 m) where a standing target costs nothing (Table 3.18).
    assert roll["terms"] == {"Armes de poing": 56} and roll["quality"] == rules.read(roll)
    dice = [op["value"] for op in shot["chance"]]
    assert dice[: len(roll["faces"])] == roll["faces"]  # the to-hit faces came first from the stream
    rest = dice[len(roll["faces"]) :]
    if roll["quality"] == "CATA_F":
        # §4.3 (seed §3.3.1 L2146): the gun explodes, no bullet flies: no die after the to-hit
        # roll; the Colt's 5 damage to the hand holding it, Sam's right (ruling WD3).
        assert rest == [] and (shot["hit"], shot["stray"], shot["damage"]) == (False, None, None)
        assert (shot["exploded"], shot["recoil"]) == ({"location": "right-hand", "damage": 5}, None)
        exploded = f"{SAM}: {rules.described(roll)}\nthe gun explodes in {SAM}'s hands: 5 damage to the {words.where('right-hand')}\n"
        assert out == exploded + aftermath(db, CAMPAIGN)  # what the blast did to his hand (§3.2)
        assert aftermath(db, CAMPAIGN).startswith(f"{SAM}: a ")
        assert wounds(db, JOE) == {} and wounds(db, SAM)["right-hand"]["damage"] == 5
        return
    if roll["quality"] not in rules.SUCCESSES:
        # Table 3.9: the next die, a d8, sends the bullet astray; nobody is hurt.
        assert [op["sides"] for op in shot["chance"][len(roll["faces"]) :]] == [8]
        assert (shot["hit"], shot["location"], shot["damage"], shot["stray"]) == (False, None, None, rules.STRAY[rest[0] - 1])
        assert out == f"{SAM}: {rules.described(roll)}\nmissed: the bullet goes {words.stray(shot['stray'])}\n"
        assert wounds(db, JOE) == {}
        return
    # A hit, unaimed: the d30 of Table 3.10 places it; the Colt's fixed 5 damage (Table 5.1), a
    # 1d6cum more on CRIT_S or better, and a pass-through (EXTRA, or a roll under the damage
    # dealt) adds an exit 1d6cum (§4.3; the chance is over 20%, so both may apply).
    d30, *bonus = rest
    assert (shot["location_dice"], shot["location"]) == ([d30], rules.located(rules.GENERAL_D30, d30))
    critical, bonus = rules.cumulative_d6(bonus) if roll["quality"] in ("CRIT_S", "EXTRA") else ([], bonus)
    through = roll["quality"] == "EXTRA" or roll["total"] < 5 + sum(critical)
    exit_faces, bonus = rules.cumulative_d6(bonus) if through else ([], bonus)
    assert bonus == []  # no die drawn that the rules do not call for
    total = 5 + sum(critical) + sum(exit_faces)
    damage = {"base": 5, "critical": critical, "exit": exit_faces, "pass_through": through, "total": total}
    assert (shot["hit"], shot["stray"], shot["damage"]) == (True, None, damage)
    passed = ", passed through" if through else ""
    hit_line = f"{SAM}: {rules.described(roll)}\nhit {JOE} in the {words.where(shot['location'])} for {total} damage{passed}\n"
    # The hit reaches Joe's body: that location wounded by that much (§5.10). The bullet stays in
    # unless it went through, or struck the head (d30 1 to 3, Table 3.10) for less than half its PV
    # and ricocheted off the skull (§3.2.7.3 L1996, ruling WB17). One that enters a living head is
    # rolled for at once, told on a line of its own (L1997, ruling WB23); a lodged or migrating one
    # is followed from then on as the head's bullet, no longer the wound's (L2001-L2004).
    lodged = not through and (shot["location"] != "head" or 2 * total >= derived(db, JOE)["pv"]["head"])
    body = json.loads(wp(db, "body", "status", CAMPAIGN, JOE, "--json"))
    wound = body["wounds"][shot["location"]]
    assert (wound["damage"], wound["through"]) == (total, through)
    rolled = events(db, CAMPAIGN, "HeadBulletRolled")
    if shot["location"] == "head" and lodged and not body["dead"]:
        (entered,) = rolled
        # Under the wound's line, Joe's roll as the log says it, then what it makes of the bullet (WD13).
        roll_line = f"{JOE}: roll for the bullet in the head: {words.roll(entered['outcome'])} — the bullet is {entered['status']}"
        under = aftermath(db, CAMPAIGN)
        assert f"\n{roll_line}\n{report.head_bullet_words(JOE, entered['status'])}\n" in under
        assert out == hit_line + under
        followed = entered["status"] in ("lodged", "migrating")
        assert (wound["bullet"], body["head_bullet"] is not None) == (not followed, followed)
    else:
        assert (rolled, out, wound["bullet"]) == ([], hit_line + aftermath(db, CAMPAIGN), lodged)
    (taken,) = events(db, CAMPAIGN, "WoundTaken")
    assert (taken["location"], taken["damage"], taken["kind"]) == (shot["location"], total, "bullet")
    # Under the hit, what it did to Joe's body as the log says it (§3.2), then the improvement
    # roll the hit earned Sam when it did (§2.4.7 L1393-L1399: at 56%, a roll of 28 or less).
    said = aftermath(db, CAMPAIGN)
    assert said.startswith(f"{JOE}: a {taken['state']} wound")
    assert (f"\n{SAM} earned an improvement roll in Armes de poing" in said) == rules.earns(roll["chance"], roll["total"])


def test_an_undefended_punch_reads_table_3_3_and_table_3_24(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CAMPAIGN)
    out = wp(db, "strike", CAMPAIGN, JOE, SAM, "-w", "punch")
    (blow,) = events(db, CAMPAIGN, "BlowStruck")
    attack = blow["outcome"]
    joe = derived(db, JOE)
    # §4.4 Table 3.21: a punch is rolled under Pugilat; undefended, Table 3.3's NORM_F row (WA11).
    assert attack["terms"] == {"Pugilat": joe["skills"]["Pugilat"]} and attack["quality"] == rules.read(attack)
    result = rules.UNDEFENDED[attack["quality"]]
    assert (blow["defence"], blow["result"]) == (None, result)
    if result not in ("DN", "DC", "DE"):
        assert (blow["location"], blow["damage"]) == (None, None) and wounds(db, SAM) == {}
        assert out == f"{JOE}: {rules.described(attack)}\nresult: {words.table_3_3(result)}\n{aftermath(db, CAMPAIGN)}"
        return
    dice = [op["value"] for op in blow["chance"]]
    # DC and DE add a critical 1d6cum before the location's d10 (Table 3.24); §4.4 (§3.5.4): 1 +
    # mFOR + the critical + 1 a full 10 of Pugilat above 40, halved (down) off the head.
    critical, rest = rules.cumulative_d6(dice[len(attack["faces"]) :]) if result != "DN" else ([], dice[len(attack["faces"]) :])
    (d10,) = rest
    where = rules.located(rules.PUNCH_D10, d10)
    raw = 1 + joe["modifiers"]["FOR"] + sum(critical) + max(0, (joe["skills"]["Pugilat"] - 40) // 10)
    damage = raw if where == "head" else raw // 2
    assert (blow["location"], blow["location_dice"], blow["damage"]["total"]) == (where, [d10], damage)
    said = f"result: {words.table_3_3(result)}; {SAM} hit in the {words.where(where)} for {damage}"
    # Then what the blow did to Sam's body (§3.2) and any improvement roll it earned Joe (§2.4.7).
    assert out == f"{JOE}: {rules.described(attack)}\n{said}\n{aftermath(db, CAMPAIGN)}"
    assert aftermath(db, CAMPAIGN).startswith(f"{SAM}: a ")
    assert wounds(db, SAM)[where]["damage"] == damage  # at least 1: Joe's mFOR 1 and Pugilat 57 make 3 before halving


def test_bad_input_is_one_line_exit_2_and_records_nothing(db: str, tmp_path: Path) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "session", "start", CAMPAIGN)
    before = run(db, "log", CAMPAIGN, "--json").stdout
    for args in (
        ("roll", CAMPAIGN, SAM, "-s", "Lévitation"),
        ("roll", CAMPAIGN, SAM),
        ("roll", CAMPAIGN, "Nobody", "-c", "FOR"),
        ("shoot", CAMPAIGN, SAM, SAM, "-w", "Winchester 73 Rifle", "--distance", "10"),
        ("shoot", CAMPAIGN, SAM, SAM, "-w", "Colt SA Peacemaker", "--distance", "500"),
    ):
        result = run(db, "western-parade", *args, check=False)
        assert result.returncode == 2, args
        assert result.stdout == "" and result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert run(db, "log", CAMPAIGN, "--json").stdout == before
    bad = tmp_path / "bad.toml"
    bad.write_text((SAMPLES / "wp_sam.toml").read_text(encoding="utf-8").replace("FOR = 12", "FOR = 3"), encoding="utf-8")
    result = run(db, "character", "new", CAMPAIGN, "--sheet", str(bad), check=False)
    # §1.6.1: FOR 3 is below the range and 13 from END 16; both problems are named at once (issue 14).
    assert result.returncode == 2 and result.stderr.splitlines() == [
        "error: the Western Parade sheet has 2 problems:",
        "  FOR 3 is outside 4..20 at creation (beginner)",
        "  FOR 3 and END 16 are more than 5 apart (§1.6.1)",
    ]


def test_a_one_shot_roll_does_not_import_the_typed_sheet(db: str) -> None:
    # Issue 20: a roll reads the sheet's derived values as recorded; the typed model (pydantic,
    # some 60 ms to import and build) serves the making and raising of characters (ruling PF14).
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "session", "start", CAMPAIGN)
    printed, imported = one_shot_importing(db, "western-parade", "roll", CAMPAIGN, SAM, "-s", "Armes de poing", module="pydantic")
    assert printed.startswith(f"{SAM}: ")
    assert not imported
