"""The real ``chronique western-parade`` CLI in a subprocess on a real SQLite file: characters from
the sample sheets, rolls, duels, shots and blows; bad input is one line, exit 2, nothing recorded."""

from __future__ import annotations

from pathlib import Path

from support import chronique

SAMPLES = Path(__file__).resolve().parents[3] / "cli" / "samples"


def test_western_parade_table_from_sheets_to_a_gunfight(tmp_path: Path) -> None:
    db = tmp_path / "wp.db"
    chronique(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe"):
        chronique(db, "character", "new", "Shotgun City", "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    chronique(db, "session", "start", "Shotgun City")
    out = chronique(db, "western-parade", "roll", "Shotgun City", "Sam Parkerson", "-c", "END", "-d", "easy", "-m", "help=5").stdout
    assert "chance 88% (jEND 58 difficulty +25 help +5)" in out
    out = chronique(db, "western-parade", "roll", "Shotgun City", "Sam Parkerson", "-s", "Armes de poing").stdout
    assert "chance 56% (Armes de poing 56)" in out
    out = chronique(
        db, "western-parade", "oppose", "Shotgun City", "Sam Parkerson", "Joe Hambuster", "-s", "Lasso", "--their-skill", "Lutte"
    ).stdout
    assert "result for Sam Parkerson:" in out
    out = chronique(
        db, "western-parade", "shoot", "Shotgun City", "Sam Parkerson", "Joe Hambuster", "-w", "Colt SA Peacemaker", "--distance", "20"
    ).stdout
    assert "Sam Parkerson: chance 56%" in out and ("hit Joe Hambuster" in out or "missed" in out)
    out = chronique(db, "western-parade", "strike", "Shotgun City", "Joe Hambuster", "Sam Parkerson", "-w", "punch").stdout
    assert "result:" in out


def test_bad_input_is_one_line_exit_2_and_records_nothing(tmp_path: Path) -> None:
    db = tmp_path / "wp.db"
    chronique(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade")
    chronique(db, "character", "new", "Shotgun City", "--sheet", str(SAMPLES / "wp_sam.toml"))
    chronique(db, "session", "start", "Shotgun City")
    before = chronique(db, "log", "Shotgun City", "--json").stdout
    for args in (
        ("roll", "Shotgun City", "Sam Parkerson", "-s", "Lévitation"),
        ("roll", "Shotgun City", "Sam Parkerson"),
        ("roll", "Shotgun City", "Nobody", "-c", "FOR"),
        ("shoot", "Shotgun City", "Sam Parkerson", "Sam Parkerson", "-w", "Winchester 73 Rifle", "--distance", "10"),
        ("shoot", "Shotgun City", "Sam Parkerson", "Sam Parkerson", "-w", "Colt SA Peacemaker", "--distance", "500"),
    ):
        result = chronique(db, "western-parade", *args, check=False)
        assert result.returncode == 2, args
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert chronique(db, "log", "Shotgun City", "--json").stdout == before
    bad = tmp_path / "bad.toml"
    bad.write_text((SAMPLES / "wp_sam.toml").read_text(encoding="utf-8").replace("FOR = 12", "FOR = 3"), encoding="utf-8")
    result = chronique(db, "character", "new", "Shotgun City", "--sheet", str(bad), check=False)
    assert result.returncode == 2 and "FOR 3 is outside 4..20" in result.stderr
