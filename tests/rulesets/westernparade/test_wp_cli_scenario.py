"""Issue 4's scenario through the real ``chronique`` CLI in subprocesses, on a real SQLite file:
the characters come from the sample sheets; Joe shoots Sam in the right thigh, Doc takes the
bullet out if it stayed in and stops the bleeding, Sam is put to bed with Doc tending the wound,
and trains Armes de poing 20 h a week under Siringo; three in-game weeks later ``sheet`` and
``downtime show`` give what the rules imply.

The dice are the vault's (not scripted): where chance decides (whether a shot hits, the damage,
how many attempts the care takes) the test reads what was recorded and computes from it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from support import SAMPLES, chronique

CAMPAIGN = "Shotgun City"
SAM, JOE, DOC, SIRINGO = "Sam Parkerson", "Joe Hambuster", "Doc Holloway", "Charlie Siringo"


def wp(db: Path, *args: str, check: bool = True) -> Any:
    return chronique(db, "western-parade", *args, check=check)


def thigh(db: Path) -> dict[str, Any]:
    status = json.loads(wp(db, "body", "status", CAMPAIGN, SAM).stdout)
    wound: dict[str, Any] = status["wounds"]["right-thigh"]
    return wound


def test_shot_in_the_thigh_first_aid_bed_rest_training_and_three_weeks(tmp_path: Path) -> None:
    db = tmp_path / "wp.db"
    chronique(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for who in ("sam", "joe", "doc", "siringo"):
        chronique(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{who}.toml"))
    chronique(db, "session", "start", CAMPAIGN)

    # Joe aims at Sam's right thigh from 10 m (Table 3.13: -15 close): it lands there on a hit.
    for _ in range(12):
        shot = wp(db, "shoot", CAMPAIGN, JOE, SAM, "--weapon", "Colt SA Peacemaker", "--distance", "10", "--aim", "right-thigh").stdout
        if "hit Sam Parkerson in the right-thigh" in shot:
            break
    assert re.search(r"for \d+ damage", shot), shot

    # A bullet that stayed in comes out first (§3.2.7.4, WB17); then first aid until the thigh
    # stops bleeding (the extraction's bleed too, WB18).
    lodged = "passed through" not in shot
    for _ in range(12):
        if not lodged:
            break
        out = wp(db, "body", "care", CAMPAIGN, SAM, "right-thigh", "Extraction de balle", "--by", DOC).stdout
        lodged = not json.loads(out.split("\n", 1)[1])["success"]
    full = False
    for _ in range(12):
        aid = wp(db, "body", "first-aid", CAMPAIGN, SAM, "right-thigh", "--by", DOC, check=False)
        if aid.returncode == 2:
            assert "is not bleeding" in aid.stderr and aid.stderr.count("\n") == 1
            break
        full = full or aid.stdout.rstrip().endswith(": stopped")
    wp(db, "body", "activity", CAMPAIGN, SAM, "bed")
    wp(db, "body", "tend", CAMPAIGN, SAM, "right-thigh", "--by", DOC, "--skill", "Bandages")
    wp(db, "downtime", "plan", CAMPAIGN, SAM, "Armes de poing", "20", "--teacher", SIRINGO)
    before = thigh(db)
    assert before["cared"] and before["tender"]["by"] == DOC and not before["bullet"]

    chronique(db, "advance", CAMPAIGN, "3w")

    sheet = json.loads(chronique(db, "sheet", CAMPAIGN, SAM, "--json").stdout)
    # §2.6.2 with Siringo (91% ≥ 56 + 12): four points in three weeks (test_wp_scenario.py).
    assert sheet["sheet"]["derived"]["skills"]["Armes de poing"] == 60
    status = json.loads(wp(db, "body", "status", CAMPAIGN, SAM).stdout)
    # §3.2.4: 1 PH an hour in bed, back to 80 long before; §3.2.8.1: 7 - mEND 2 = 5 days a PV,
    # 21 days heal 4 PV (a wound healed to the full is gone).
    assert status["ph"] == 80 and not status["unconscious"] and not status["dead"]
    left = before["damage"] - 4
    assert status["wounds"].get("right-thigh", {}).get("damage", 0) == max(0, left)
    shown = wp(db, "downtime", "show", CAMPAIGN, SAM).stdout
    assert "Armes de poing: 20 h a week with Charlie Siringo (91)" in shown
    assert "; 11700 cartridges" in shown  # 200 an hour actually fired (§2.6.2 footnote 2)
    doc = json.loads(wp(db, "downtime", "show", CAMPAIGN, DOC, "--json").stdout)
    # §3.2.4: a full stop earned Doc an improvement roll in Premiers soins (and only that does).
    assert [g["target"] for g in doc["marks"]["pending"] if g["target"] == "Premiers soins"] == (["Premiers soins"] if full else [])
