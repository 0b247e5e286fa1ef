"""The real ``chronique western-parade downtime`` CLI in a subprocess on a real SQLite file:
training plans, practice, improvement rolls, a gunfight's aftermath, activities; bad input is a
one-line error with status 2 and records nothing."""

from __future__ import annotations

import json
from pathlib import Path

from support import chronique

SAMPLES = Path(__file__).resolve().parents[3] / "cli" / "samples"
CAMPAIGN = "Shotgun City"


def _campaign(db: Path) -> None:
    chronique(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "siringo"):
        chronique(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))


def test_gunfight_improve_practice_and_activities(tmp_path: Path) -> None:
    db = tmp_path / "wp.db"
    _campaign(db)
    out = chronique(db, "western-parade", "downtime", "gunfight", CAMPAIGN, "Sam Parkerson", "--put-out", "2").stdout
    assert "improvement roll 3 in REP (rolled by the timeline within the week)" in out
    assert "EXP rolled" in chronique(db, "western-parade", "downtime", "improve", CAMPAIGN, "Sam Parkerson", "--grant", "1").stdout
    assert "+0%" in chronique(db, "western-parade", "downtime", "practice", CAMPAIGN, "Sam Parkerson").stdout
    assert (
        "activity 1 banking"
        in chronique(db, "western-parade", "downtime", "activity", CAMPAIGN, "Sam Parkerson", "banking", "--capital", "100000").stdout
    )
    chronique(db, "advance", CAMPAIGN, "5w")
    shown = json.loads(chronique(db, "western-parade", "downtime", "show", CAMPAIGN, "Sam Parkerson", "--json").stdout)
    assert shown["practice_bonus"] == 25
    assert [g["target"] for g in shown["marks"]["pending"]] == ["SGF"]
    assert shown["activities"][0]["capital"] != 100000
    chronique(db, "western-parade", "downtime", "stop", CAMPAIGN, "Sam Parkerson", "1")


def test_bad_downtime_input_is_a_one_line_error_with_status_2(tmp_path: Path) -> None:
    db = tmp_path / "wp.db"
    _campaign(db)
    before = chronique(db, "log", CAMPAIGN, "--json", check=False).stdout
    for args in (
        ("plan", CAMPAIGN, "Nobody", "Armes de poing", "10"),
        ("plan", CAMPAIGN, "Sam Parkerson", "Macramé", "10"),
        ("plan", CAMPAIGN, "Sam Parkerson", "Tir de précision", "10"),
        ("plan", CAMPAIGN, "Sam Parkerson", "Armes de poing", "10", "--teacher", "Kid", "--teacher-level", "60"),
        ("plan", CAMPAIGN, "Sam Parkerson", "Armes de poing", "10", "--teacher", "Stranger"),
        ("plan", CAMPAIGN, "Sam Parkerson", "CHC", "10"),
        ("plan", CAMPAIGN, "Sam Parkerson", "Lasso", "0"),
        ("practice", CAMPAIGN, "Sam Parkerson", "--off"),
        ("grant", CAMPAIGN, "Sam Parkerson", "ACV", "--reason", "x"),
        ("improve", CAMPAIGN, "Sam Parkerson", "--grant", "9"),
        ("activity", CAMPAIGN, "Sam Parkerson", "knitting"),
        ("activity", CAMPAIGN, "Sam Parkerson", "hunting", "--terrain", "moon"),
        ("stop", CAMPAIGN, "Sam Parkerson", "3"),
    ):
        result = chronique(db, "western-parade", "downtime", *args, check=False)
        assert result.returncode == 2, args
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert chronique(db, "log", CAMPAIGN, "--json", check=False).stdout == before
