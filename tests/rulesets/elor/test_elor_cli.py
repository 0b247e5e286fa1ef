"""The real ``chronique elor`` CLI in a subprocess on a real SQLite file (issue 6, item 6)."""

from __future__ import annotations

import json
from pathlib import Path

from support import chronique

ALDO = """name = "Aldo"
faculties = { P = 1, C = 2, E = 0, M = -1 }
professions = { Guerrier = 2 }
familiarities = { "Épées" = 2 }
[weapons."Épée"]
damage = 6
increment = 2
familiarity = "Épées"
"""
BRUNA = """name = "Bruna"
faculties = { P = 1, C = 1, E = 0, M = 0 }
professions = { Forgeron = 1, Guerrier = 1 }
familiarities = { Forge = 1, Haches = 1 }
"""


def test_elor_from_a_test_to_a_downtime_of_work_and_healing(tmp_path: Path) -> None:
    db = tmp_path / "elor.db"
    for name, text in (("aldo", ALDO), ("bruna", BRUNA)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    chronique(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    chronique(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "aldo.toml"))
    chronique(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "bruna.toml"))
    chronique(db, "session", "start", "Tolosa")
    assert (
        "Aldo: level 5, effort 1"
        in chronique(db, "elor", "test", "Tolosa", "Aldo", "-f", "C", "-p", "Guerrier", "--familiarity", "Épées", "-e", "1").stdout
    )
    assert "next: Aldo + Bruna" in chronique(db, "elor", "scene", "start", "Tolosa", "Aldo", "Bruna").stdout
    out = chronique(db, "elor", "attack", "Tolosa", "Aldo", "Bruna", "-w", "Épée", "-p", "Guerrier", "-e", "1").stdout
    assert "attack" in out and "against defence" in out
    assert "torso" in chronique(db, "elor", "damage", "Tolosa", "Bruna", "--amount", "3", "--location", "torso").stdout
    # Real dice: the attack may have knocked Bruna out, so the attacker does the downtime work.
    work = ("long-action", "start", "Tolosa", "Aldo", "fletch arrows", "--degrees", "40", "-f", "C", "-p", "Guerrier", "--risk", "watch")
    chronique(db, "elor", *work)
    chronique(db, "elor", "scene", "end", "Tolosa")
    chronique(db, "session", "end", "Tolosa")
    report = chronique(db, "advance", "Tolosa", "1d").stdout
    assert chronique(db, "downtime", "report", "Tolosa").returncode == 0  # the spine asks Elor what is notable
    assert "Aldo: fletch arrows" in report and "Bruna rested a day" in report and "watch" in report
    sheet = json.loads(chronique(db, "elor", "sheet", "Tolosa", "Aldo", "--json").stdout)
    assert json.loads(chronique(db, "sheet", "Tolosa", "Aldo", "--json").stdout) == sheet  # the common command too
    assert "Aldo (version" in chronique(db, "sheet", "Tolosa", "Aldo", "--as-of", "1").stdout
    assert sheet["condition"]["long_actions"][0]["units"] == 6
    assert "AP 3, effort points 3, max effort 2" in chronique(db, "elor", "faculties", "Tolosa", "Aldo", "M=0", "--reason", "GM").stdout
    assert "OK" in chronique(db, "verify", "Tolosa").stdout


def test_elor_bad_input_is_a_one_line_error_with_status_2(tmp_path: Path) -> None:
    db = tmp_path / "elor.db"
    (tmp_path / "aldo.toml").write_text(ALDO, encoding="utf-8")
    (tmp_path / "bad.toml").write_text(ALDO.replace("C = 2", "C = 3"), encoding="utf-8")
    chronique(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    chronique(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "aldo.toml"))
    for args in (
        ("character", "new", "Tolosa", "--sheet", str(tmp_path / "bad.toml")),
        ("elor", "test", "Tolosa", "Nobody"),
        ("elor", "test", "Tolosa", "Aldo", "-e", "5"),
        ("elor", "test", "Tolosa", "Aldo", "-f", "Charisme"),
        ("elor", "damage", "Tolosa", "Aldo", "--amount", "3", "--location", "tail"),
        ("elor", "attack", "Tolosa", "Aldo", "Aldo", "-w", "Arc"),
        ("elor", "faculties", "Tolosa", "Aldo", "P"),
        ("elor", "long-action", "start", "Tolosa", "Aldo", "x", "--degrees", "2", "--manual", "--in-scene"),
    ):
        result = chronique(db, *args, check=False)
        assert result.returncode == 2, args
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
