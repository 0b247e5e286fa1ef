"""Issue 17's Western Parade scenarios through the real ``chronique western-parade`` command line,
in process, on a real journal of each backend, with real chance: each reads the recorded draws
back (``log --json --gm``) and holds the printed lines and the bodies to what the rulebook (seed
004_cf8278f91236030c.txt, Lnnn) makes of them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import wp_digest as rules
from support import SAMPLES, run
from wp_recorded import aftermath, events

from chronique.domain.rulesets.westernparade import describe as words

CAMPAIGN = "Shotgun City"
SAM, JOE, DOC = "Sam Parkerson", "Joe Hambuster", "Doc Holloway"
UNITS_PER_HOUR = 3600 * 168  # a training credit unit is 1/168 of a second (§2.6.2, a week's hours)


def wp(db: str, *args: str) -> str:
    return run(db, "western-parade", *args).stdout


def body(db: str, name: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(wp(db, "body", "status", CAMPAIGN, name, "--json"))
    return found


# Table 1.6 (§1.9): the head has 100% of END in PV; Joe's END is 14 (cli/samples/wp_joe.toml).
JOE_HEAD_PV = 14


def table(db: str, tmp_path: Path, *names: str, sam_weapons: str = "") -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in names:
        sheet = SAMPLES / f"wp_{name}.toml"
        if name == "sam" and sam_weapons:
            sheet = tmp_path / "wp_sam_armed.toml"
            text = (SAMPLES / "wp_sam.toml").read_text(encoding="utf-8")
            sheet.write_text(text.replace('weapons = ["Colt SA Peacemaker"]', f"weapons = {sam_weapons}"), encoding="utf-8")
        run(db, "character", "new", CAMPAIGN, "--sheet", str(sheet))
    run(db, "session", "start", CAMPAIGN)


def test_a_rifle_too_strong_kicks_and_a_catastrophe_explodes_it_S3_3_3_L2285_S3_3_1_L2146(db: str, tmp_path: Path) -> None:
    table(db, tmp_path, "sam", "joe", sam_weapons='["Minié"]')
    out = wp(db, "shoot", CAMPAIGN, SAM, JOE, "-w", "Minié", "--distance", "20")
    (shot,) = events(db, CAMPAIGN, "ShotFired")
    roll = shot["outcome"]
    # L2281: FOR 12 against the Minié's 14 two-handed: -10% a missing point; point-blank +50.
    assert roll["terms"] == {"Tir au fusil/à la carabine": 53, "range": 50, "strength": -20}
    assert roll["quality"] == rules.read(roll) and shot["strength_missing"] == 2 and shot["hand"] == "right"
    dice = [op["value"] for op in shot["chance"]]
    assert dice[: len(roll["faces"])] == roll["faces"]
    rest = dice[len(roll["faces"]) :]
    lines = [f"{SAM}: {rules.described(roll, 'Tir au fusil/à la carabine', 'range', 'strength')}"]
    own: dict[str, int] = {}
    if roll["quality"] in rules.SUCCESSES:
        # §3.3.1: the d30 location, the critical's 1d6cum, a pass-through's exit 1d6cum.
        d30, *rest = rest
        critical, rest = rules.cumulative_d6(rest) if roll["quality"] in ("CRIT_S", "EXTRA") else ([], rest)
        through = roll["quality"] == "EXTRA" or roll["total"] < 7 + sum(critical)
        exit_faces, rest = rules.cumulative_d6(rest) if through else ([], rest)
        total = 7 + sum(critical) + sum(exit_faces)
        assert (shot["location"], shot["damage"]["total"], shot["exploded"]) == (rules.located(rules.GENERAL_D30, d30), total, None)
        lines.append(f"hit {JOE} in the {words.where(shot['location'])} for {total} damage{', passed through' if through else ''}")
        # §3.2.7.3 L1997: a bullet left in the head (at least half its PV) makes Joe roll at once (WB23).
        head_rolls = events(db, CAMPAIGN, "HeadBulletRolled")
        # A shot that kills him leaves no one to roll for it (tests/.../test_wp_cli_core.py alike).
        stays = shot["location"] == "head" and not through and 2 * total >= JOE_HEAD_PV and not body(db, JOE)["dead"]
        assert len(head_rolls) == (1 if stays else 0)
        if stays:
            # Under the wound (the aftermath below): his roll as the log says it, then what it
            # makes of the bullet (ruling WD13).
            (entered,) = head_rolls
            assert f"{JOE}: roll for the bullet in the head: {words.roll(entered['outcome'])}" in aftermath(db, CAMPAIGN)
            assert f"\nthe bullet stays in {JOE}'s head; the roll for it: " in aftermath(db, CAMPAIGN)
    elif roll["quality"] == "CATA_F":
        # L2146: the rifle explodes, its 7 damage to the head; no bullet flies.
        assert (shot["stray"], shot["exploded"]) == (None, {"location": "head", "damage": 7})
        lines.append(f"the gun explodes in {SAM}'s hands: 7 damage to the {words.where('head')}")
        own["head"] = 7
    else:
        d8, *rest = rest
        assert shot["stray"] == rules.STRAY[d8 - 1]
        lines.append(f"missed: the bullet goes {words.stray(shot['stray'])}")
    # L2285-L2291: then the recoil's d100 against 20% (x2 CRIT_F, x3 CATA_F), 1 damage (2 on a
    # CATA_F) to the right shoulder when it is within the chance.
    (d100,) = rest
    chance = 20 * {"CRIT_F": 2, "CATA_F": 3}.get(roll["quality"], 1)
    harm = (2 if roll["quality"] == "CATA_F" else 1) if d100 <= chance else 0
    assert shot["recoil"] == {"chance": chance, "roll": d100, "location": "right-shoulder", "damage": harm}
    kicked = f"{harm} damage to the {words.where('right-shoulder')}" if harm else "no harm"
    lines.append(f"recoil of a gun too strong for {SAM} ({chance}%, d100 {d100}): {kicked}")
    if harm:
        own["right-shoulder"] = harm
    # Then what it did to bodies (a hit's wound, the blast's, the recoil's: §3.2) and any
    # improvement roll the hit earned, in the log's words.
    assert out == "\n".join(lines) + "\n" + aftermath(db, CAMPAIGN)
    assert {k: w["damage"] for k, w in body(db, SAM)["wounds"].items()} == own


def test_body_status_says_per_location_the_state_pv_bleeding_and_remedy_in_words_S3_2_3(db: str, tmp_path: Path) -> None:
    table(db, tmp_path, "sam")
    # Thigh 24 PV (150% of END 16): 13 damage is a major wound, 2 x 2 = 4 PH a round (§3.2.3);
    # a bullet in the left arm (16 PV): 4 damage, minor, 1 PH a round, and the bullet stays in.
    wp(db, "body", "wound", CAMPAIGN, SAM, "right-thigh", "13", "--kind", "blade")
    wp(db, "body", "wound", CAMPAIGN, SAM, "left-arm", "4")
    wp(db, "body", "press", CAMPAIGN, SAM, "right-thigh", "--hands", "1")
    assert wp(db, "body", "status", CAMPAIGN, SAM) == (
        f"{SAM} is conscious\n"
        "blood: 75 of 80 PH, losing 3 PH a round; up and about\n"
        "  bras gauche: minor wound, 12 of 16 PV left; bleeds 1 PH a round: first aid (Premiers soins) stops it; "
        "a bullet is still in: extract it (Extraction de balle) within 24 hours of the hit\n"
        "  cuisse droite: major wound, 11 of 24 PV left; bleeds 2 PH a round (1 hand pressing holds back 2 for 10 seconds more): "
        "first aid (Premiers soins) stops it\n"
    )
    assert body(db, SAM)["ph"] == 75  # --json keeps the record for machines


def test_body_care_says_what_the_extraction_did_in_words_S3_2_7_4(db: str, tmp_path: Path) -> None:
    table(db, tmp_path, "sam", "doc")
    wp(db, "body", "wound", CAMPAIGN, SAM, "left-arm", "4")
    out = wp(db, "body", "care", CAMPAIGN, SAM, "left-arm", "Extraction de balle", "--by", DOC)
    (given,) = events(db, CAMPAIGN, "CareGiven")
    roll = given["outcome"]
    assert roll["quality"] == rules.quality(roll["chance"], roll["total"])
    # §3.2.7.4 L2006: every attempt 1 damage and, the first, a 1 PH a minute bleed; a CRIT_F or
    # CATA_F one more damage and 1 PH; the bullet out on a success.
    out_now = roll["quality"] in rules.SUCCESSES
    bad = roll["quality"] in ("CRIT_F", "CATA_F")
    damage = 2 if bad else 1
    assert given["result"] == {"success": out_now, "damage": damage, "ph": int(bad), "per_minute": 1}
    said = f"{'the bullet is out' if out_now else 'the bullet stays in'}; {damage} more damage to the location"
    said += ", 1 PH lost" if bad else ""
    said += "; the wound bleeds 1 PH a minute until first aid"
    left = 16 - 4 - damage
    state = "minor" if 4 + damage <= 8 else "major"
    bullet = "" if out_now else "; a bullet is still in: extract it (Extraction de balle) within 24 hours of the hit"
    # The roll as the log gives it, its chance and faces with the quality (a play-test found them
    # missing from the line), then the arm as it stands.
    assert out == (
        f"{SAM}: Extraction de balle by {DOC} on the bras gauche: {rules.described(roll)} — {said}\n"
        f"  bras gauche: {state} wound, {left} of 16 PV left; bleeds {1 if state == 'minor' else 2} PH a round: first aid "
        f"(Premiers soins) stops it; the extraction bleeds 1 PH a minute until any first aid stops some blood{bullet}\n"
    )


def test_wound_check_at_5_percent_or_less_says_he_stays_conscious_without_a_roll_S3_2_6_L1928(db: str, tmp_path: Path) -> None:
    table(db, tmp_path, "sam")
    # §3.2.6: 4 damage x 0.5 (one minor wound) = 2, -5 per mEND point (+2): -8%, 5% or less: no
    # d100, he stays conscious.
    out = wp(db, "body", "wound", CAMPAIGN, SAM, "left-arm", "4", "--kind", "blade", "--check")
    assert out == (
        f"{SAM}: wounded in the bras gauche: 4 points of blade damage; a minor wound, 1 PH lost at once; "
        "unconsciousness -8%: 5% or less, no roll, stays conscious\n"
    )
    (taken,) = events(db, CAMPAIGN, "WoundTaken")
    assert (taken["unconsciousness_chance"], taken["unconsciousness"], taken["chance"]) == (-8, None, [])


def test_downtime_show_wears_an_idle_credit_away_S2_6_2_L1434(db: str, tmp_path: Path) -> None:
    table(db, tmp_path, "sam")
    # A week at 20 h banks 20 h; nine idle days are two beyond the seven: four half-days, an hour
    # each: 16 h.
    wp(db, "downtime", "plan", CAMPAIGN, SAM, "Armes de poing", "20")
    run(db, "advance", CAMPAIGN, "1w", "--yes")
    wp(db, "downtime", "plan", CAMPAIGN, SAM, "Armes de poing", "0")
    run(db, "advance", CAMPAIGN, "9d", "--yes")
    shown = json.loads(wp(db, "downtime", "show", CAMPAIGN, SAM, "--json"))
    assert shown["training"]["targets"]["Armes de poing"]["bank"] == 16 * UNITS_PER_HOUR
    line = next(x for x in wp(db, "downtime", "show", CAMPAIGN, SAM).splitlines() if "Armes de poing" in x)
    assert line.startswith("  Armes de poing: stopped, 16 hours banked, idle since 1873-04-19 08:00")


def test_pressing_a_wound_lasts_the_rounds_he_presses_S3_2_3_L1848_ruling_WB22(db: str, tmp_path: Path) -> None:
    table(db, tmp_path, "sam")
    # Major thigh: 4 PH a round (76 left); one hand for 3 rounds holds back 2 (70 at 30 s), then
    # lets go: 4 a round again, 58 after a minute.
    wp(db, "body", "wound", CAMPAIGN, SAM, "right-thigh", "13", "--kind", "blade")
    assert wp(db, "body", "press", CAMPAIGN, SAM, "right-thigh", "--rounds", "3") == (
        f"{SAM} presses 1 hand on the {words.where('right-thigh')} for 30 seconds\n"
    )
    run(db, "advance", CAMPAIGN, "1m", "--yes")
    (released,) = events(db, CAMPAIGN, "PressureReleased")
    (pressed,) = events(db, CAMPAIGN, "PressureApplied")
    assert (released["location"], released["at"] - pressed["at"], released["body"]["ph"]) == ("right-thigh", 30, 70)
    now = body(db, SAM)
    assert (now["ph"], now["wounds"]["right-thigh"]["hands"]) == (58, 0)
    assert "bleeds 4 PH a round: first aid" in wp(db, "body", "status", CAMPAIGN, SAM)


def test_a_pistol_shot_in_the_dark_explodes_in_the_shooters_hand_on_a_catastrophe_S3_3_1_L2146(db: str, tmp_path: Path) -> None:
    table(db, tmp_path, "sam", "joe")
    # Armes de poing 56 at 20 m (+0), in the dark (-50): 6%. Below 33%, an open-ended total of 100
    # or more is a CATA_F (Table 2.1): the Colt blows up in Sam's right hand, its 5 damage there
    # (L2146, ruling WA14), and no bullet flies: no d8 of Table 3.9.
    out = wp(db, "shoot", CAMPAIGN, SAM, JOE, "-w", "Colt SA Peacemaker", "--distance", "20", "-m", "dark=-50")
    (shot,) = events(db, CAMPAIGN, "ShotFired")
    roll = shot["outcome"]
    assert roll["chance"] == 6 and roll["quality"] == rules.read(roll) and shot["recoil"] is None
    rest = [op["value"] for op in shot["chance"]][len(roll["faces"]) :]
    if roll["quality"] == "CATA_F":
        assert (rest, shot["stray"], shot["exploded"]) == ([], None, {"location": "right-hand", "damage": 5})
        assert f"the gun explodes in {SAM}'s hands: 5 damage to the {words.where('right-hand')}" in out
        assert {k: w["damage"] for k, w in body(db, SAM)["wounds"].items()} == {"right-hand": 5}
    else:
        assert shot["exploded"] is None and body(db, SAM)["wounds"] == {} and "explodes" not in out
        if roll["quality"] not in rules.SUCCESSES:
            assert shot["stray"] == rules.STRAY[rest[0] - 1]
