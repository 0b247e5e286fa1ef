"""The real ``chronique western-parade`` command line, in process, on a real journal of each
backend: characters from the sample sheets, rolls, duels, shots and blows. A shot and a blow are
played on scripted dice (``wp_city.scripted_dice``), one test per branch of the rules, each held
to its exact lines; where the vault's dice decide a roll, the test reads the recorded event and
holds the printed line to what the digest's rules give for those dice (wp_digest); bad input is
one line, exit 2, nothing recorded."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import wp_digest as rules
from support import SAMPLES, one_shot_importing, run
from wp_city import scripted_dice
from wp_recorded import aftermath, events

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


def test_rolls_under_a_characteristic_and_a_skill_show_their_terms_and_read_table_2_1(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "session", "start", CAMPAIGN)
    # §3.1: jEND 58 (3 x 16 + 5 x mEND 2, Table 1.4) + easy 25 (§1.6.3) + help 5: 88%. 30 is at
    # most its half, a réussite critique (Table 2.1), and earns an improvement roll (§2.4.7 L1393-
    # L1399: up to 100%, a roll of at most half the chance). Armes de poing 56: 40, above its half
    # 28, a réussite normale that earns none.
    scripted_dice(monkeypatch, 30, 40)
    shown = [wp(db, "roll", CAMPAIGN, SAM, *args) for args in (("-c", "END", "-d", "easy", "-m", "help=5"), ("-s", "Armes de poing"))]
    rolled = events(db, CAMPAIGN, "CheckRolled")
    assert [r["outcome"]["terms"] for r in rolled] == [{"jEND": 58, "difficulty": 25, "help": 5}, {"Armes de poing": 56}]
    assert [r["outcome"]["quality"] for r in rolled] == ["CRIT_S", "NORM_S"]
    assert shown == [
        f"{SAM}: chance 88% (END roll 58, difficulty +25, help +5): rolled 30 → réussite critique\n"
        f"{SAM} earned an improvement roll in END: success at 88% with 30 (§2.4.7, §2.5)\n",
        f"{SAM}: chance 56% (Armes de poing 56): rolled 40 → réussite normale\n",
    ]


def test_a_roll_reads_the_same_when_made_and_in_the_log_its_score_first_s2_1(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # §2.1: a chance is the score rolled under and its modifiers. The event's JSON keeps its keys
    # sorted, which put "Cold" and "difficulty" before "jFOR": the log read "(Cold -5,
    # difficulty -25, jFOR +50)" while the roll had printed "(jFOR 50, difficulty -25, Cold -5)".
    # jFOR 50 - 25 + 5 - 5 = 25%; the scripted 60 is over it and not over 80: an échec normal
    # (Table 2.1), which earns no improvement roll (§2.4.7).
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_joe.toml"))
    run(db, "session", "start", CAMPAIGN)
    scripted_dice(monkeypatch, 60)
    printed = wp(db, "roll", CAMPAIGN, JOE, "-c", "FOR", "-d", "difficult", "-m", "help=5", "-m", "Cold=-5")
    (rolled,) = events(db, CAMPAIGN, "CheckRolled")
    assert list(rolled["outcome"]["terms"]) == ["Cold", "difficulty", "help", "jFOR"]  # as stored
    said = "chance 25% (FOR roll 50, Cold -5, difficulty -25, help +5): rolled 60 → échec normal"
    assert printed == f"{JOE}: {said}\n"
    ref = next(re.findall(r"[0-9a-f]{8}:\d+", line)[0] for line in run(db, "log", CAMPAIGN).stdout.splitlines() if "check rolled" in line)
    assert f"what happened: FOR roll: {said}\n" in run(db, "audit", "show", ref).stdout


def _joe_s_cold_strength_roll(db: str, monkeypatch: pytest.MonkeyPatch, face: int) -> str:
    """Joe's difficult FOR roll with help +5 in the cold -5 (§2.1): jFOR 50 - 25 + 5 - 5 = 25%,
    on the die ``face``; what it printed."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_joe.toml"))
    run(db, "session", "start", CAMPAIGN)
    scripted_dice(monkeypatch, face)
    return wp(db, "roll", CAMPAIGN, JOE, "-c", "FOR", "-d", "difficult", "-m", "help=5", "-m", "Cold=-5")


def test_a_success_of_20_or_less_at_25_percent_earns_an_improvement_roll_said_under_the_roll_s2_1_s2_4_7(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # §2.4.7 L1393-L1399: at a chance of 21 to 40, a success of 20 or less earns one: 20 does.
    assert _joe_s_cold_strength_roll(db, monkeypatch, 20) == (
        f"{JOE}: chance 25% (FOR roll 50, Cold -5, difficulty -25, help +5): rolled 20 → réussite normale\n"
        f"{JOE} earned an improvement roll in FOR: success at 25% with 20 (§2.4.7, §2.5)\n"
    )
    assert len(events(db, CAMPAIGN, "ImprovementGranted")) == 1


def test_a_success_over_20_at_25_percent_earns_no_improvement_roll_s2_1_s2_4_7(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # §2.4.7 L1393-L1399: 24 succeeds at 25% but is over 20: no improvement roll.
    assert _joe_s_cold_strength_roll(db, monkeypatch, 24) == (
        f"{JOE}: chance 25% (FOR roll 50, Cold -5, difficulty -25, help +5): rolled 24 → réussite normale\n"
    )
    assert events(db, CAMPAIGN, "ImprovementGranted") == []


def _duel(db: str, monkeypatch: pytest.MonkeyPatch, *faces: int) -> tuple[str, dict[str, Any]]:
    """Sam's Lasso 35 against Joe's Lutte 57 (§3.3), on these dice: what it printed and the
    OppositionResolved recorded, its qualities those of the CheckRolled rolls (Table 2.1)."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CAMPAIGN)
    scripted_dice(monkeypatch, *faces)
    out = wp(db, "oppose", CAMPAIGN, SAM, JOE, "-s", "Lasso", "--their-skill", "Lutte")
    mine, theirs = (e["outcome"] for e in events(db, CAMPAIGN, "CheckRolled"))
    assert (mine["faces"], theirs["faces"]) == ([faces[0]], [faces[1]])
    (resolved,) = events(db, CAMPAIGN, "OppositionResolved")
    assert (resolved["own"], resolved["theirs"]) == (rules.read(mine), rules.read(theirs))
    return out, resolved


def test_a_duel_goes_to_the_better_quality_s3_3(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # §3.3: Sam's 10, at most half 35, a réussite critique, beats Joe's 90, an échec normal (not
    # over twice 57). 10 at 35 earns Sam an improvement roll (§2.4.7: up to 40, 20 or less).
    out, resolved = _duel(db, monkeypatch, 10, 90)
    assert (resolved["own"], resolved["theirs"], resolved["result"]) == ("CRIT_S", "NORM_F", "won")
    assert out == (
        f"{SAM}: chance 35% (Lasso 35): rolled 10 → réussite critique\n"
        f"{JOE}: chance 57% (Lutte 57): rolled 90 → échec normal\n"
        f"{SAM} wins the duel\n"
        f"{SAM} earned an improvement roll in Lasso: success at 35% with 10 (§2.4.7, §2.5)\n"
    )
    assert out == "\n".join(out.splitlines()[:3]) + "\n" + aftermath(db, CAMPAIGN)


def test_a_duel_goes_to_the_opponent_when_his_quality_is_better_s3_3(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # §3.3: Sam's 90, over 80 at a chance under 40, an échec critique, loses to Joe's 10, at
    # most half 57, a réussite critique, which earns Joe an improvement roll (§2.4.7).
    out, resolved = _duel(db, monkeypatch, 90, 10)
    assert (resolved["own"], resolved["theirs"], resolved["result"]) == ("CRIT_F", "CRIT_S", "lost")
    assert out == (
        f"{SAM}: chance 35% (Lasso 35): rolled 90 → échec critique\n"
        f"{JOE}: chance 57% (Lutte 57): rolled 10 → réussite critique\n"
        f"{JOE} wins the duel\n"
        f"{JOE} earned an improvement roll in Lutte: success at 57% with 10 (§2.4.7, §2.5)\n"
    )


def test_a_duel_of_equal_qualities_is_a_deadlock_even_when_both_succeed_s3_3(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # §3.3: Sam's 30 under 35 and Joe's 40 under 57, each above its half: two réussites normales,
    # neither better: a deadlock. Neither earns an improvement roll (§2.4.7: 30 is over 20 at
    # 35, 40 over half 57).
    out, resolved = _duel(db, monkeypatch, 30, 40)
    assert (resolved["own"], resolved["theirs"], resolved["result"]) == ("NORM_S", "NORM_S", "deadlock")
    assert out == (
        f"{SAM}: chance 35% (Lasso 35): rolled 30 → réussite normale\n"
        f"{JOE}: chance 57% (Lutte 57): rolled 40 → réussite normale\n"
        "a deadlock: neither wins the duel\n"
    )


def _detection(db: str, monkeypatch: pytest.MonkeyPatch, *faces: int) -> str:
    """Sam's concealment (Dissimulation dans l'ombre 13) against Joe's search (Écoute 46), §2.2.2."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CAMPAIGN)
    scripted_dice(monkeypatch, *faces)
    return wp(db, "oppose", CAMPAIGN, SAM, JOE, "-s", "Dissimulation dans l'ombre", "--their-skill", "Écoute", "--detection")


def test_a_detection_says_who_went_unnoticed_in_words_s2_2_2(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # §2.2.2: it read "result for Sam Parkerson: undetected". Sam's 10 under 13 succeeds, Joe's 90
    # over 46 fails: unnoticed. A success at 13% earns an improvement roll (§2.4.7: 20% or less).
    out = _detection(db, monkeypatch, 10, 90)
    (resolved,) = events(db, CAMPAIGN, "OppositionResolved")
    assert resolved["result"] == "undetected"
    assert out == (
        f"{SAM}: chance 13% (Dissimulation dans l'ombre 13): rolled 10 → réussite normale\n"
        f"{JOE}: chance 46% (Écoute 46): rolled 90 → échec normal\n"
        f"{SAM} goes unnoticed by {JOE}\n"
        f"{SAM} earned an improvement roll in Dissimulation dans l'ombre: success at 13% with 10 (§2.4.7, §2.5)\n"
    )


def test_a_detection_says_who_found_whom_out_in_words_s2_2_2(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # §2.2.2: Sam's 90 fails his concealment: Joe needs no roll to find him out.
    out = _detection(db, monkeypatch, 90)
    (resolved,) = events(db, CAMPAIGN, "OppositionResolved")
    assert resolved["result"] == "detected"
    assert out == (
        f"{SAM}: chance 13% (Dissimulation dans l'ombre 13): rolled 90 → échec critique\n{JOE}: no roll needed\n{JOE} finds {SAM} out\n"
    )


def _shot(db: str, monkeypatch: pytest.MonkeyPatch, *faces: int) -> tuple[str, dict[str, Any]]:
    """Sam's Colt at Joe 20 m away, on these dice: what it printed and the ShotFired recorded.
    §4.3: Armes de poing 56 alone: 20 m is the Colt's short range (0, Table 3.15), close
    proximity for mACV 0 (≤ 25 m) where a standing target costs nothing (Table 3.18)."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CAMPAIGN)
    scripted_dice(monkeypatch, *faces)
    out = wp(db, "shoot", CAMPAIGN, SAM, JOE, "-w", "Colt SA Peacemaker", "--distance", "20")
    (shot,) = events(db, CAMPAIGN, "ShotFired")
    assert shot["outcome"]["terms"] == {"Armes de poing": 56}
    return out, shot


def test_a_catastrophic_shot_explodes_the_gun_in_the_shooter_s_hand_S4_3_ruling_WD3(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # 98 and 97 roll again (§1.1): 205, over three times 56, a catastrophic failure. §4.3 (seed
    # §3.3.1 L2146): the gun explodes, no bullet flies, no die after the to-hit roll; the Colt's
    # 5 damage to the hand holding it, Sam's right (ruling WD3): a major wound (§3.2).
    out, shot = _shot(db, monkeypatch, 98, 97, 10)
    assert (shot["hit"], shot["stray"], shot["damage"]) == (False, None, None)
    assert (shot["exploded"], shot["recoil"]) == ({"location": "right-hand", "damage": 5}, None)
    assert out == (
        f"{SAM}: chance 56% (Armes de poing 56): rolled 98+97+10 = 205 → échec catastrophique\n"
        f"the gun explodes in {SAM}'s hands: 5 damage to the main droite\n"
        f"{SAM}: a major wound, 2 PH lost at once\n"
    )
    assert wounds(db, JOE) == {} and wounds(db, SAM)["right-hand"]["damage"] == 5


def test_a_missed_shot_goes_astray_by_table_3_9_s_d8_S4_3(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # 80 over 56, not three times it: a normal failure. Table 3.9: the d8 3 sends it to the right.
    out, shot = _shot(db, monkeypatch, 80, 3)
    assert (shot["hit"], shot["location"], shot["damage"], shot["stray"]) == (False, None, None, rules.STRAY[3 - 1])
    assert out == f"{SAM}: chance 56% (Armes de poing 56): rolled 80 → échec normal\nmissed: the bullet goes to the right\n"
    assert wounds(db, JOE) == {}


def test_a_critical_hit_is_placed_by_table_3_10_and_wounds_the_target_so_S4_3_S2_4_7(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # 20 under half 56: a réussite critique. Unaimed, Table 3.10's d30 15 places it in the left
    # hand; the Colt's fixed 5 (Table 5.1) and the critical's 1d6cum 3: 8. 20 is not under the
    # 8 dealt, so it stays in (§4.3; ruling WB17). 20 at 56 earns Sam an improvement roll
    # (§2.4.7 L1393-L1399: a roll of 28 or less).
    out, shot = _shot(db, monkeypatch, 20, 15, 3)
    assert (shot["location_dice"], shot["location"]) == ([15], rules.located(rules.GENERAL_D30, 15)) == ([15], "left-hand")
    damage = {"base": 5, "critical": [3], "exit": [], "pass_through": False, "total": 8}
    assert (shot["hit"], shot["stray"], shot["damage"]) == (True, None, damage)
    assert out == (
        f"{SAM}: chance 56% (Armes de poing 56): rolled 20 → réussite critique\n"
        f"hit {JOE} in the main gauche for 8 damage\n"
        f"{JOE}: a critical wound, 3 PH lost at once\n"
        f"{SAM} earned an improvement roll in Armes de poing: success at 56% with 20 (§2.4.7, §2.5)\n"
    )
    wound = json.loads(wp(db, "body", "status", CAMPAIGN, JOE, "--json"))["wounds"]["left-hand"]
    assert (wound["damage"], wound["through"], wound["bullet"]) == (8, False, True)
    (taken,) = events(db, CAMPAIGN, "WoundTaken")
    assert (taken["location"], taken["damage"], taken["kind"]) == ("left-hand", 8, "bullet")


def _punched(db: str, monkeypatch: pytest.MonkeyPatch, *faces: int) -> str:
    """Joe's undefended punch at Sam (§4.4, Table 3.21: rolled under Pugilat 57), on these dice."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CAMPAIGN)
    scripted_dice(monkeypatch, *faces)
    return wp(db, "strike", CAMPAIGN, JOE, SAM, "-w", "punch")


def test_an_undefended_punch_missing_reads_table_3_3_s_failed_defence_row_S4_4(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # 80 over Pugilat 57: a normal failure, on Table 3.3's NORM_F row "-" (WA11): no location rolled.
    out = _punched(db, monkeypatch, 80)
    (blow,) = events(db, CAMPAIGN, "BlowStruck")
    assert (blow["defence"], blow["result"], blow["location"], blow["damage"]) == (None, "-", None, None)
    assert out == f"{JOE}: chance 57% (Pugilat 57): rolled 80 → échec normal\nresult: nothing happens\n"
    assert wounds(db, SAM) == {}


def test_an_ordinary_undefended_punch_reads_table_3_3_and_table_3_24_S4_4_S3_5_4(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # 40 under Pugilat 57, above its fifth: a réussite normale, Table 3.3's DN undefended (WA11);
    # the d10 6 of Table 3.24 hits the chest. §3.5.4: 1 + mFOR 1 + 1 (Pugilat 57, a full 10 above
    # 40) = 3, halved (down) off the head: 1, a scratch; no improvement roll (40 is over half 57).
    out = _punched(db, monkeypatch, 40, 6)
    (blow,) = events(db, CAMPAIGN, "BlowStruck")
    assert (blow["result"], blow["location"], blow["location_dice"], blow["damage"]["total"]) == ("DN", "chest", [6], 1)
    assert out == (
        f"{JOE}: chance 57% (Pugilat 57): rolled 40 → réussite normale\n"
        f"result: normal damage; {SAM} hit in the cœur/poitrine for 1\n"
        f"{SAM}: a scratch wound\n"
    )
    (taken,) = events(db, CAMPAIGN, "WoundTaken")
    assert taken["fracture"] is None and wounds(db, SAM)["chest"]["damage"] == 1


def test_an_extraordinary_undefended_punch_breaks_the_location_S3_4_5_3_ruling_WA21(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # 3 under Pugilat 57: a réussite extraordinaire, Table 3.3's DE (WA11): the critical 1d6cum
    # 6+4 = 10, then Table 3.24's d10 7, the right flank. §3.5.4: 1 + mFOR 1 + 10 + 1 = 13, halved
    # off the head: 6. Bare hands strike blunt, so a réussite extraordinaire breaks the location
    # (§3.4.5.3, §3.5.4 L2589, ruling WA21): sent to −1 PV of its 16, 11 more. A critical wound
    # calls for the unconsciousness roll (§3.2.5): 50 over its 24%. 3 at 57 earns Joe an
    # improvement roll (§2.4.7).
    out = _punched(db, monkeypatch, 3, 6, 4, 7, 50)
    (blow,) = events(db, CAMPAIGN, "BlowStruck")
    assert (blow["result"], blow["location"], blow["location_dice"], blow["damage"]["total"]) == ("DE", "right-flank", [7], 6)
    assert out == (
        f"{JOE}: chance 57% (Pugilat 57): rolled 3 → réussite extraordinaire\n"
        f"result: extraordinary damage; {SAM} hit in the flanc droit for 6; a réussite extraordinaire: the location is broken (§3.4.5.3)\n"
        f"{SAM}: a critical wound, 6 PH lost at once; a fracture (§3.4.5.3), broken ribs; 11 more damage sends the location to −1 PV;"
        " it heals 10 times slower; totally still until it heals; unconsciousness 24% (d100 50): stays conscious\n"
        f"{JOE} earned an improvement roll in Pugilat: success at 57% with 3 (§2.4.7, §2.5)\n"
    )
    (taken,) = events(db, CAMPAIGN, "WoundTaken")
    assert taken["fracture"]["sent"] == 11 and wounds(db, SAM)["right-flank"]["damage"] == 6 + 11


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
