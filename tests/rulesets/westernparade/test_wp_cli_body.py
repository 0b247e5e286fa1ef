"""The real ``chronique western-parade body`` CLI in a subprocess on a real SQLite file."""

from __future__ import annotations

import json
from pathlib import Path

from support import SAMPLES, chronique


def test_wound_first_aid_bed_rest_and_status(tmp_path: Path) -> None:
    db = tmp_path / "wp.db"
    chronique(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for who in ("sam", "doc"):
        chronique(db, "character", "new", "Shotgun City", "--sheet", str(SAMPLES / f"wp_{who}.toml"))
    chronique(db, "session", "start", "Shotgun City")
    out = chronique(db, "western-parade", "body", "wound", "Shotgun City", "Sam Parkerson", "right-thigh", "13", "--kind", "blade").stdout
    assert "right-thigh major, 4 PH lost" in out
    aid = chronique(db, "western-parade", "body", "first-aid", "Shotgun City", "Sam Parkerson", "right-thigh", "--by", "Doc Holloway")
    assert "on Sam Parkerson's right-thigh" in aid.stdout
    assert "activity bed" in chronique(db, "western-parade", "body", "activity", "Shotgun City", "Sam Parkerson", "bed").stdout
    status = json.loads(chronique(db, "western-parade", "body", "status", "Shotgun City", "Sam Parkerson").stdout)
    assert status["activity"] == "bed" and "right-thigh" in status["wounds"]


def test_bad_input_is_one_line_exit_2_nothing_recorded(tmp_path: Path) -> None:
    db = tmp_path / "wp.db"
    chronique(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    chronique(db, "character", "new", "Shotgun City", "--sheet", str(SAMPLES / "wp_sam.toml"))
    bad = chronique(db, "western-parade", "body", "wound", "Shotgun City", "Sam Parkerson", "tail", "3", check=False)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
    bad = chronique(db, "western-parade", "body", "activity", "Shotgun City", "Sam Parkerson", "dancing", check=False)
    assert bad.returncode == 2 and "activity is one of" in bad.stderr
    status = json.loads(chronique(db, "western-parade", "body", "status", "Shotgun City", "Sam Parkerson").stdout)
    assert status["wounds"] == {} and status["activity"] == "active"
