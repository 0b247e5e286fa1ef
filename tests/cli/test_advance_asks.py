"""An advance that may kill or maim asks first (issue 15): a dry run with throwaway dice finds
the deaths and lost limbs on the way; on a terminal the GM confirms, off a terminal the advance
is refused in one line (exit 2, nothing recorded) unless ``--yes``. An advance that harms no one
never asks. The real command line, in process, on a real journal of each backend."""

from __future__ import annotations

import sys

import pytest
from support import SAMPLES, _cli, run, stored
from typer.testing import CliRunner

from chronique.cli import timeline

CITY, SAM = "Shotgun City", "Sam Parkerson"


def sam_bleeding_out(db: str) -> None:
    """Sam with a cut artery in the left thigh and no one pressing on it: §3.4.5.1 doubles the
    location's loss, and without first aid (§3.2.3) he bleeds out within the hour."""
    run(db, "campaign", "new", CITY, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CITY, "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "western-parade", "body", "wound", CITY, SAM, "left-thigh", "12", "--kind", "blade", "--artery")


def test_off_a_terminal_a_deadly_advance_is_refused_in_one_line_and_records_nothing_S3_2_3(db: str) -> None:
    sam_bleeding_out(db)
    before = stored(db)
    result = run(db, "advance", CITY, "2h", check=False)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: this advance may be irreversible (1873-04-12 ")
    assert f"{SAM}: died (blood loss)" in result.stderr and result.stderr.endswith("run it with `--yes` to record it\n")
    assert stored(db) == before


def test_with_yes_the_deadly_advance_records_without_asking(db: str) -> None:
    sam_bleeding_out(db)
    assert run(db, "advance", CITY, "2h", "--yes").stdout.startswith("advanced 2 hours")
    assert "died (blood loss)" in run(db, "log", CITY).stdout


def test_an_advance_that_harms_no_one_never_asks(db: str) -> None:
    run(db, "campaign", "new", CITY, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CITY, "--sheet", str(SAMPLES / "wp_sam.toml"))
    assert run(db, "advance", CITY, "1w").stdout.startswith("advanced 1 week")


def at_the_terminal(db: str, answer: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """``advance 2h`` typed at a terminal where the GM answers ``answer``."""
    monkeypatch.setattr(timeline, "at_a_terminal", lambda: True)
    with CliRunner().isolation(input=answer, env={"CHRONIQUE_DB": None, "COLUMNS": "160"}) as (stdout, _, _):
        try:
            _cli().main(args=["--db", db, "advance", CITY, "2h"], prog_name="chronique")
            code = 0
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 0
        sys.stdout.flush()
        return code, stdout.getvalue().decode()


def test_at_a_terminal_the_gm_reads_the_death_and_may_decline(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    sam_bleeding_out(db)
    before = stored(db)
    code, shown = at_the_terminal(db, "n\n", monkeypatch)
    assert code == 1 and shown.startswith("In a dry run with throwaway dice (the real draws will differ), this advance is irreversible:")
    assert f"{SAM}: died (blood loss)" in shown and shown.endswith("nothing recorded\n")
    assert stored(db) == before


def test_at_a_terminal_the_gm_may_confirm(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    sam_bleeding_out(db)
    code, shown = at_the_terminal(db, "y\n", monkeypatch)
    assert code == 0 and "Record it? [y/N]: y\nadvanced 2 hours" in shown


def test_a_dry_run_never_asks(db: str) -> None:
    sam_bleeding_out(db)
    assert "dies (blood loss)" in run(db, "advance", CITY, "2h", "--dry-run").stdout
