"""A sheet as of a session's end or of an event reads "now" as that moment, not as the
campaign's clock today: Aldo's sheet as of the end of session 1 said his next day of healing was
on the day after the campaign's last advance (the review's Elor campaign read "the next on Day
149 08:00" of a wound taken on Day 1). Elor's healing line (PROPOSAL §5.6: a point a day of rest
in each hurt location) shows it; the real command line on a real journal of each backend."""

from __future__ import annotations

import json
from pathlib import Path

from elor_table import ALDO_SHEET
from support import run


def healing(db: str, *as_of: str) -> str:
    """The healing line of Aldo's sheet (as of ``as_of``)."""
    shown = run(db, "sheet", "Tolosa", "Aldo", *as_of).stdout.splitlines()
    return next(line for line in shown if line.startswith("healing:"))


def wounded_then_advanced(db: str, tmp_path: Path) -> None:
    """Aldo takes 3 damage in the torso in session 1 (Day 1 08:00); after the session the
    campaign advances to Day 2 20:00, a day of rest healing one point on Day 2 08:00."""
    (tmp_path / "aldo.toml").write_text(ALDO_SHEET, encoding="utf-8")
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "aldo.toml"))
    run(db, "session", "start", "Tolosa")
    run(db, "elor", "damage", "Tolosa", "Aldo", "--amount", "3", "--location", "Torse")
    run(db, "session", "end", "Tolosa")
    run(db, "advance", "Tolosa", "1d12h", "--yes")


def test_a_sheet_as_of_a_session_s_end_reads_its_next_healing_from_then(db: str, tmp_path: Path) -> None:
    wounded_then_advanced(db, tmp_path)
    assert healing(db) == "healing: 1 point a day of rest in each hurt location, the next on Day 3 08:00"
    assert healing(db, "--as-of", "1") == "healing: 1 point a day of rest in each hurt location, the next on Day 2 08:00"


def test_a_sheet_as_of_an_event_reads_its_next_healing_from_then(db: str, tmp_path: Path) -> None:
    wounded_then_advanced(db, tmp_path)
    logged = [entry["event"] for entry in json.loads(run(db, "log", "Tolosa", "--character", "Aldo", "--json").stdout)]
    wound = next(e for e in logged if e["topic"].endswith(":DamageTaken"))
    damaged = f"{wound['originator_id'][:8]}:{wound['originator_version']}"  # as `chronique log` shows it
    assert healing(db, "--as-of", damaged) == "healing: 1 point a day of rest in each hurt location, the next on Day 2 08:00"
