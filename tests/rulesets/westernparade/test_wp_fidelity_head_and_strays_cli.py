"""Wave 4 of issue 17 for Western Parade through the real ``chronique western-parade`` command
line, in process, on a real journal of each backend, with real chance: each reads the recorded
draws back (``log --json --gm``) and holds the printed lines and the body to what the rulebook
(seed 004_cf8278f91236030c.txt, Lnnn) makes of them."""

from __future__ import annotations

import json
from pathlib import Path

import wp_digest as rules
from support import SAMPLES, run
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


def test_a_shot_at_the_head_prints_and_records_the_victims_roll_when_the_bullet_stays_S3_2_7_3_L1997(db: str, tmp_path: Path) -> None:
    table(db)
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_joe.toml"))
    out = wp(db, "shoot", CAMPAIGN, SAM, JOE, "-w", "Colt SA Peacemaker", "--distance", "5", "--aim", "head")
    (shot,) = events(db, CAMPAIGN, "ShotFired")
    hits = events(db, CAMPAIGN, "WoundTaken")
    rolls = events(db, CAMPAIGN, "HeadBulletRolled")
    # L1997: the bullet stays when it hit the head, did not go through and dealt at least half
    # of Joe's 14 head PV; if it did not kill him, his roll follows, under the better of jEND 47
    # and jCHC 30, and its reading is printed.
    stays = (
        shot["location"] == "head"
        and not shot["damage"]["pass_through"]
        and 2 * shot["damage"]["total"] >= 14
        and not hits[0]["body"]["dead"]
    )
    assert len(rolls) == (1 if stays else 0)
    if stays:
        (rolled,) = rolls
        assert rolled["outcome"]["chance"] == 47
        assert rolled["status"] == rules.HEAD_BULLET[rules.quality(47, rolled["outcome"]["total"])]
        assert f"the bullet stays in {JOE}'s head; the roll for it: " in out
    else:
        assert "stays in" not in out


def test_a_missed_shot_hits_the_bystander_in_its_path_S3_3_1_L2134(db: str, tmp_path: Path) -> None:
    table(db)
    for name in ("joe", "doc"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    # In the dark, Armes de poing 56 at 20 m - 50 = 6%: a miss nearly always (CRIT_F above 80,
    # CATA_F from 100 as the chance is below 33%).
    out = wp(db, "shoot", CAMPAIGN, SAM, JOE, "-w", "Colt SA Peacemaker", "--distance", "20", "-m", "dark=-50", "--bystander", DOC)
    (shot,) = events(db, CAMPAIGN, "ShotFired")
    roll = shot["outcome"]
    assert roll["chance"] == 6 and roll["quality"] == rules.read(roll)
    dice = [op["value"] for op in shot["chance"]][len(roll["faces"]) :]
    hurt = events(db, CAMPAIGN, "WoundTaken")
    assert shot["bystander"] == DOC
    if roll["quality"] in ("NORM_F", "CRIT_F"):
        # L2134: the d8 of Table 3.9, then the d30 of a random location (Table 3.10) and the
        # Colt's 5; on a critical failure 1d6cum more.
        d8, d30, *rest = dice
        critical, rest = rules.cumulative_d6(rest) if roll["quality"] == "CRIT_F" else ([], rest)
        assert rest == [] and shot["stray"] == rules.STRAY[d8 - 1]
        where, total = rules.located(rules.GENERAL_D30, d30), 5 + sum(critical)
        assert shot["stray_hit"] == {
            "location": where,
            "location_table": "3.10 d30",
            "location_dice": [d30],
            "damage": {"base": 5, "critical": critical, "exit": [], "pass_through": False, "total": total},
        }
        assert [(w["location"], w["damage"], w["kind"]) for w in hurt] == [(where, total, "bullet")]
        assert f"the stray bullet hits {DOC} in the {words.where(where)} for {total} damage" in out
        status = json.loads(wp(db, "body", "status", CAMPAIGN, DOC, "--json"))
        assert where in status["wounds"]
        assert json.loads(wp(db, "body", "status", CAMPAIGN, JOE, "--json"))["wounds"] == {}
    else:
        # A hit or an exploding gun sends no bullet astray: the bystander is untouched.
        assert shot["stray_hit"] is None and "stray bullet" not in out
        assert json.loads(wp(db, "body", "status", CAMPAIGN, DOC, "--json"))["wounds"] == {}


def test_a_fourth_first_aider_at_once_is_refused_S3_2_4_L1878(db: str, tmp_path: Path) -> None:
    table(db)
    jim = tmp_path / "wp_jim.toml"
    jim.write_text((SAMPLES / "wp_joe.toml").read_text(encoding="utf-8").replace("Joe Hambuster", "Jim Hambuster"), encoding="utf-8")
    for sheet in (SAMPLES / "wp_joe.toml", SAMPLES / "wp_doc.toml", SAMPLES / "wp_siringo.toml", jim):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(sheet))
    # Jim's major left thigh (15 of 21, a blade): 2 x 2 = 4 PH a round. Three first-aiders roll,
    # with no material to speak of (-50%): they seldom stop anything.
    wp(db, "body", "wound", CAMPAIGN, "Jim Hambuster", "left-thigh", "15", "--kind", "blade")
    said = [
        wp(db, "body", "first-aid", CAMPAIGN, "Jim Hambuster", "left-thigh", "--by", h, "--modifier", "-50")
        for h in (SAM, JOE, "Charlie Siringo")
    ]
    given = events(db, CAMPAIGN, "FirstAidGiven")
    assert [g["by"] for g in given] == [SAM, JOE, "Charlie Siringo"]
    # Each says its chance and what made it, the skill first and the GM's -50 beside it, as the log does.
    for line, g in zip(said, given, strict=True):
        skill = g["outcome"]["terms"]["Premiers soins"]
        assert f" on the {words.where('left-thigh')}: chance {g['outcome']['chance']}% (Premiers soins {skill}, modifier -50" in line
    # §3.2.4 L1878: "à trois ... mais pas davantage". Unless their rolls already stopped the thigh
    # (a full stop, or 4 PH stopped in all), Doc, a fourth in the same round, is refused.
    stopped = sum(g["result"]["stopped"] for g in given)
    still = not any(g["result"]["full"] for g in given) and stopped < 4
    fourth = ("body", "first-aid", CAMPAIGN, "Jim Hambuster", "left-thigh", "--by", DOC, "--modifier", "-50")
    refused = run(db, "western-parade", *fourth, check=False)
    assert refused.returncode == 2
    if still:
        assert refused.stderr.startswith("error: three people at most can stop a character's bleeding at once (§3.2.4)")
    else:
        assert refused.stderr == f"error: Jim Hambuster's {words.where('left-thigh')} is not bleeding\n"
    assert len(events(db, CAMPAIGN, "FirstAidGiven")) == 3


def test_a_new_head_roll_after_a_failed_extraction_is_under_the_victims_choice_S3_2_7_3_L2000(db: str, tmp_path: Path) -> None:
    table(db)
    # L2000: "un échec du praticien lors de la première tentative implique un nouveau jet de
    # chance": `body head-bullet --use CHC` rolls it under jCHC 30, while the bullet is still in.
    wp(db, "body", "wound", CAMPAIGN, SAM, "head", "8")
    (entered,) = events(db, CAMPAIGN, "HeadBulletRolled")
    again = run(db, "western-parade", "body", "head-bullet", CAMPAIGN, SAM, "--use", "CHC", check=False)
    rolls = events(db, CAMPAIGN, "HeadBulletRolled")
    if entered["status"] in ("lodged", "migrating"):
        assert (again.returncode, again.stderr, len(rolls)) == (2, f"error: {SAM} has no bullet in the head\n", 1)
    else:
        second = rolls[-1]
        assert len(rolls) == 2 and second["outcome"]["chance"] == 30
        status = rules.HEAD_BULLET[rules.quality(30, second["outcome"]["total"])]
        said = f"{SAM}: roll for the bullet in the head: {words.roll(second['outcome'])} — the bullet is {status}"
        assert second["status"] == status and again.stdout.startswith(said)
