"""Wave 4 of issue 17 for Western Parade through the real ``chronique western-parade`` command
line, in process, on a real journal of each backend. Where the rules branch on the dice, the test
plays scripted dice (``wp_city.scripted_dice``), one test per branch, each held to its exact lines;
where the vault's real dice decide a roll, it reads the recorded draws back (``log --json --gm``)
and holds the printed lines and the body to what the rulebook (seed 004_cf8278f91236030c.txt,
Lnnn) makes of those dice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import wp_digest as rules
from support import SAMPLES, run
from wp_city import scripted_dice
from wp_recorded import events

from chronique.domain.rulesets.westernparade import describe as words

CAMPAIGN = "Shotgun City"
SAM, JOE, DOC = "Sam Parkerson", "Joe Hambuster", "Doc Holloway"


def wp(db: str, *args: str) -> str:
    return run(db, "western-parade", *args).stdout


def table(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "session", "start", CAMPAIGN)


def test_a_bullet_entering_the_head_is_followed_by_the_victims_roll_S3_2_7_3_L1997(db: str, tmp_path: Path) -> None:
    table(db)
    # 8 of Sam's 16 head PV is half: the bullet enters (L1997); a minor head wound, no
    # unconsciousness check. His roll follows at once, under the better of jEND 58 and jCHC 30.
    out = wp(db, "body", "wound", CAMPAIGN, SAM, "head", "8")
    (taken,) = events(db, CAMPAIGN, "WoundTaken")
    assert taken["chance"] == [] and taken["state"] == "minor"
    (rolled,) = events(db, CAMPAIGN, "HeadBulletRolled")
    faces = [op["value"] for op in rolled["chance"]]
    # The chance names the characteristic rolled (ruling WB42).
    assert rolled["outcome"] == {"chance": 58, "terms": {"jEND": 58}, "faces": faces, "total": sum(faces)}
    assert rules.open_ended(faces)
    status = rules.HEAD_BULLET[rules.quality(58, sum(faces))]
    assert rolled["status"] == status
    assert f"the bullet stays in {SAM}'s head; the roll for it: " in out
    # One too deep or migrating is no longer to be extracted: it is followed yearly or weekly
    # (L2002-L2004); any other stays in the head wound, to extract.
    now = json.loads(wp(db, "body", "status", CAMPAIGN, SAM, "--json"))
    followed = status in ("lodged", "migrating")
    assert now["wounds"]["head"]["bullet"] is not followed
    assert (now["head_bullet"] or {}).get("status") == (status if followed else None)


def _head_shot(db: str, monkeypatch: pytest.MonkeyPatch, *faces: int) -> tuple[str, dict[str, Any]]:
    """Sam's Colt aimed at Joe's head from 5 m, on these dice: Armes de poing 56, the head -20,
    point-blank +50: 86%; Table 3.14's d6 places an aimed head shot. What it printed, the shot."""
    table(db)
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_joe.toml"))
    scripted_dice(monkeypatch, *faces)
    out = wp(db, "shoot", CAMPAIGN, SAM, JOE, "-w", "Colt SA Peacemaker", "--distance", "5", "--aim", "head")
    (shot,) = events(db, CAMPAIGN, "ShotFired")
    assert shot["outcome"]["terms"] == {"Armes de poing": 56, "location": -20, "range": 50}
    return out, shot


def test_a_shot_at_the_head_prints_and_records_the_victims_roll_when_the_bullet_stays_S3_2_7_3_L1997(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 20, at most half 86: a réussite critique; the d6 1 the head; the Colt's 5 and the
    # critical's 1d6cum 3: 8, at least half Joe's 14 head PV (Table 1.6: 100% of END), and 20 is
    # not under 8, so no pass-through: the bullet stays (L1997). A major wound: its
    # unconsciousness check, d100 30 over 28%. Joe lives: his roll follows at once, under the
    # better of jEND 47 and jCHC 30 (ruling WB23): 50, a normal failure: "difficult" (L2001).
    out, shot = _head_shot(db, monkeypatch, 20, 1, 3, 30, 50)
    assert (shot["location"], shot["damage"]["total"], shot["damage"]["pass_through"]) == ("head", 8, False)
    (rolled,) = events(db, CAMPAIGN, "HeadBulletRolled")
    assert rolled["outcome"]["chance"] == 47 and rolled["outcome"]["faces"] == [50]
    assert rolled["status"] == rules.HEAD_BULLET[rules.quality(47, 50)] == "difficult"
    assert out == (
        f"{SAM}: chance 86% (Armes de poing 56, location -20, range +50): rolled 20 → réussite critique\n"
        f"hit {JOE} in the tête for 8 damage\n"
        f"{JOE}: a major wound, 2 PH lost at once; unconsciousness 28% (d100 30): stays conscious\n"
        f"{JOE}: roll for the bullet in the head: chance 47% (END roll 47): rolled 50 → échec normal — the bullet is difficult\n"
        f"the bullet stays in {JOE}'s head; the roll for it: it can be extracted, but every roll to do so is difficult\n"
        f"{SAM} earned an improvement roll in Armes de poing: success at 86% with 20 (§2.4.7, §2.5)\n"
    )


def test_a_shot_at_the_head_under_half_its_PV_leaves_no_bullet_and_no_roll_S3_2_7_3_L1997(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # 50: a réussite normale; the d6 1 the head; the Colt's 5 is under half Joe's 14 head PV:
    # the bullet does not stay (L1997), so no roll for it.
    out, shot = _head_shot(db, monkeypatch, 50, 1)
    assert (shot["location"], shot["damage"]["total"]) == ("head", 5)
    assert events(db, CAMPAIGN, "HeadBulletRolled") == []
    assert out == (
        f"{SAM}: chance 86% (Armes de poing 56, location -20, range +50): rolled 50 → réussite normale\n"
        f"hit {JOE} in the tête for 5 damage\n"
        f"{JOE}: a minor wound, 1 PH lost at once\n"
    )
    assert "stays in" not in out


def _stray(db: str, monkeypatch: pytest.MonkeyPatch, *faces: int) -> tuple[str, dict[str, Any]]:
    """Sam's Colt at Joe 20 m away in the dark, Doc in the bullet's path, on these dice: Armes de
    poing 56 at 20 m - 50 = 6%, a miss nearly always (CRIT_F above 80, CATA_F from 100 as the
    chance is below 33%, Table 2.1). What it printed, the shot."""
    table(db)
    for name in ("joe", "doc"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    scripted_dice(monkeypatch, *faces)
    out = wp(db, "shoot", CAMPAIGN, SAM, JOE, "-w", "Colt SA Peacemaker", "--distance", "20", "-m", "dark=-50", "--bystander", DOC)
    (shot,) = events(db, CAMPAIGN, "ShotFired")
    roll = shot["outcome"]
    assert roll["chance"] == 6 and roll["quality"] == rules.read(roll) and shot["bystander"] == DOC
    return out, shot


def wounds(db: str, name: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(wp(db, "body", "status", CAMPAIGN, name, "--json"))["wounds"]
    return found


def test_a_missed_shot_hits_the_bystander_in_its_path_S3_3_1_L2134(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # 50 over 6, not over 80: a normal failure. L2134: Table 3.9's d8 3, then the d30 15 of a
    # random location (Table 3.10), the left hand, and the Colt's 5.
    out, shot = _stray(db, monkeypatch, 50, 3, 15)
    assert shot["stray"] == rules.STRAY[3 - 1]
    where = rules.located(rules.GENERAL_D30, 15)
    assert shot["stray_hit"] == {
        "location": where,
        "location_table": "3.10 d30",
        "location_dice": [15],
        "damage": {"base": 5, "critical": [], "exit": [], "pass_through": False, "total": 5},
    }
    assert (
        [(w["location"], w["damage"], w["kind"]) for w in events(db, CAMPAIGN, "WoundTaken")]
        == [(where, 5, "bullet")]
        == [("left-hand", 5, "bullet")]
    )
    assert out == (
        f"{SAM}: chance 6% (Armes de poing 56, dark -50): rolled 50 → échec normal\n"
        "missed: the bullet goes to the right\n"
        f"the stray bullet hits {DOC} in the {words.where(where)} for 5 damage\n"
        f"{DOC}: a major wound, 2 PH lost at once\n"
    )
    assert where in wounds(db, DOC) and wounds(db, JOE) == {}


def test_a_critically_missed_shot_hits_the_bystander_with_the_critical_1d6cum_more_S3_3_1_L2134(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 85, over 80: a critical failure. L2134: the d8 3, the d30 15 (the left hand), the Colt's 5
    # and the critical failure's 1d6cum 6+2: 13.
    out, shot = _stray(db, monkeypatch, 85, 3, 15, 6, 2)
    where = rules.located(rules.GENERAL_D30, 15)
    assert shot["stray_hit"] == {
        "location": where,
        "location_table": "3.10 d30",
        "location_dice": [15],
        "damage": {"base": 5, "critical": [6, 2], "exit": [], "pass_through": False, "total": 13},
    }
    assert [(w["location"], w["damage"], w["kind"]) for w in events(db, CAMPAIGN, "WoundTaken")] == [(where, 13, "bullet")]
    assert out == (
        f"{SAM}: chance 6% (Armes de poing 56, dark -50): rolled 85 → échec critique\n"
        "missed: the bullet goes to the right\n"
        f"the stray bullet hits {DOC} in the {words.where(where)} for 13 damage (8 of them for the critical failure)\n"
        f"{DOC}: a critical wound, 3 PH lost at once; the limb must be amputated\n"
    )
    assert where in wounds(db, DOC) and wounds(db, JOE) == {}


def test_a_hit_sends_no_bullet_astray_and_the_bystander_is_untouched_S3_3_1_L2134(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # 3 under 6: a réussite normale, Table 3.10's d30 15 puts it in Joe's left hand; no bullet
    # goes astray. A success at 6% earns an improvement roll (§2.4.7).
    out, shot = _stray(db, monkeypatch, 3, 15)
    assert (shot["stray"], shot["stray_hit"]) == (None, None)
    assert out == (
        f"{SAM}: chance 6% (Armes de poing 56, dark -50): rolled 3 → réussite normale\n"
        f"hit {JOE} in the main gauche for 5 damage\n"
        f"{JOE}: a major wound, 2 PH lost at once\n"
        f"{SAM} earned an improvement roll in Armes de poing: success at 6% with 3 (§2.4.7, §2.5)\n"
    )
    assert wounds(db, DOC) == {} and "stray bullet" not in out


def test_an_exploding_gun_sends_no_bullet_astray_and_the_bystander_is_untouched_S3_3_1_L2134_L2146(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 98+5 = 103: a catastrophic failure: the Colt explodes in Sam's right hand (L2146); no
    # bullet flies, no d8.
    out, shot = _stray(db, monkeypatch, 98, 5)
    assert (shot["stray"], shot["stray_hit"], shot["exploded"]) == (None, None, {"location": "right-hand", "damage": 5})
    assert out == (
        f"{SAM}: chance 6% (Armes de poing 56, dark -50): rolled 98+5 = 103 → échec catastrophique\n"
        f"the gun explodes in {SAM}'s hands: 5 damage to the main droite\n"
        f"{SAM}: a major wound, 2 PH lost at once\n"
    )
    assert wounds(db, DOC) == {} and wounds(db, JOE) == {}


JIM = "Jim Hambuster"


def _three_first_aiders(db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *faces: int) -> list[str]:
    """Jim's major left thigh (15 of 21, a blade): 2 x 2 = 4 PH a round. Sam (Premiers soins
    60), Joe and Siringo (40) give first aid at once, with no material to speak of (-50%), on
    these dice (§5.2: one roll read at the easy, normal and difficult chances). What each printed."""
    table(db)
    jim = tmp_path / "wp_jim.toml"
    jim.write_text((SAMPLES / "wp_joe.toml").read_text(encoding="utf-8").replace("Joe Hambuster", JIM), encoding="utf-8")
    for sheet in (SAMPLES / "wp_joe.toml", SAMPLES / "wp_doc.toml", SAMPLES / "wp_siringo.toml", jim):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(sheet))
    wp(db, "body", "wound", CAMPAIGN, JIM, "left-thigh", "15", "--kind", "blade")
    scripted_dice(monkeypatch, *faces)
    said = [
        wp(db, "body", "first-aid", CAMPAIGN, JIM, "left-thigh", "--by", h, "-m", "modifier=-50") for h in (SAM, JOE, "Charlie Siringo")
    ]
    given = events(db, CAMPAIGN, "FirstAidGiven")
    assert [g["by"] for g in given] == [SAM, JOE, "Charlie Siringo"]
    return said


def _fourth(db: str) -> str:
    """Doc, a fourth first-aider in the same round: refused (exit 2, nothing recorded); its error."""
    fourth = ("body", "first-aid", CAMPAIGN, JIM, "left-thigh", "--by", DOC, "-m", "modifier=-50")
    refused = run(db, "western-parade", *fourth, check=False)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert len(events(db, CAMPAIGN, "FirstAidGiven")) == 3
    return refused.stderr


SAM_AID = f"{JIM}: first aid by {SAM} on the cuisse gauche: chance 10% (Premiers soins 60, modifier -50), read at easy 35, normal 10"
SAM_AID += " and difficult 15 below zero (a failure): rolled"


def _their_aid(who: str) -> str:
    return (
        f"{JIM}: first aid by {who} on the cuisse gauche: chance 10 points below zero (Premiers soins 40, modifier -50), read at easy 15,"
        " normal 10 below zero (a failure) and difficult 35 below zero (a failure): rolled"
    )


def test_a_fourth_first_aider_at_once_is_refused_S3_2_4_L1878(db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # 60 over every chance: no effect, three times (§5.2). Each says its chance and what made it,
    # the skill first and the GM's -50 beside it, as the log does. §3.2.4 L1878: "à trois ...
    # mais pas davantage": the thigh still bleeds, and Doc, a fourth in the same round, is refused.
    said = _three_first_aiders(db, tmp_path, monkeypatch, 60, 60, 60)
    assert said == [f"{SAM_AID} 60 → no effect\n", *(f"{_their_aid(who)} 60 → no effect\n" for who in (JOE, "Charlie Siringo"))]
    assert _fourth(db) == (f"error: three people at most can stop a character's bleeding at once (§3.2.4): Charlie Siringo, {JOE}, {SAM}\n")


def test_a_fourth_first_aider_finds_the_bleeding_stopped_once_the_three_stopped_its_4_PH_S3_2_4_L1878_S5_2(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 1 each: Sam's is a réussite extraordinaire at easy 35 and normale at normal 10: 2 PH
    # stopped; Joe's and Siringo's a réussite normale at easy 15 alone: 1 PH each (§5.2). 4 PH
    # stopped in all, the thigh's whole bleeding: the fourth is told it no longer bleeds.
    said = _three_first_aiders(db, tmp_path, monkeypatch, 1, 1, 1)
    assert said == [f"{SAM_AID} 1 → 2 PH stopped\n", *(f"{_their_aid(who)} 1 → 1 PH stopped\n" for who in (JOE, "Charlie Siringo"))]
    assert [g["result"]["stopped"] for g in events(db, CAMPAIGN, "FirstAidGiven")] == [2, 1, 1]
    assert _fourth(db) == f"error: {JIM}'s {words.where('left-thigh')} is not bleeding\n"


def test_a_new_head_roll_after_a_failed_extraction_is_under_the_victims_choice_S3_2_7_3_L2000(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table(db)
    # L2000: "un échec du praticien lors de la première tentative implique un nouveau jet de
    # chance": `body head-bullet --use CHC` rolls it under jCHC 30, while the bullet is still in.
    # The bullet's first roll, 70 over jEND 58, a normal failure, leaves it in, "difficult"; the
    # new one, 10 at most half 30, a réussite critique: it flattened (L1998).
    scripted_dice(monkeypatch, 70, 10)
    wp(db, "body", "wound", CAMPAIGN, SAM, "head", "8")
    (entered,) = events(db, CAMPAIGN, "HeadBulletRolled")
    assert entered["status"] == rules.HEAD_BULLET[rules.quality(58, 70)] == "difficult"
    again = wp(db, "body", "head-bullet", CAMPAIGN, SAM, "--use", "CHC")
    first, second = events(db, CAMPAIGN, "HeadBulletRolled")
    assert (second["outcome"]["chance"], second["outcome"]["faces"]) == (30, [10])
    assert second["status"] == rules.HEAD_BULLET[rules.quality(30, 10)] == "flattened"
    assert again == f"{SAM}: roll for the bullet in the head: {words.roll(second['outcome'])} — the bullet is flattened\n"
    assert (
        again
        == f"{SAM}: roll for the bullet in the head: chance 30% (CHC roll 30): rolled 10 → réussite critique — the bullet is flattened\n"
    )


def test_no_new_head_roll_once_the_bullet_is_lodged_S3_2_7_3_L2002(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table(db)
    # 98+30 = 128, over twice jEND 58: a critical failure: the bullet is lodged too deep to
    # extract (L2002), followed yearly; no bullet is left in the wound to roll for again.
    scripted_dice(monkeypatch, 98, 30)
    wp(db, "body", "wound", CAMPAIGN, SAM, "head", "8")
    (entered,) = events(db, CAMPAIGN, "HeadBulletRolled")
    assert entered["status"] == rules.HEAD_BULLET[rules.quality(58, 128)] == "lodged"
    again = run(db, "western-parade", "body", "head-bullet", CAMPAIGN, SAM, "--use", "CHC", check=False)
    assert (again.returncode, again.stdout, again.stderr) == (2, "", f"error: {SAM} has no bullet in the head\n")
    assert len(events(db, CAMPAIGN, "HeadBulletRolled")) == 1
