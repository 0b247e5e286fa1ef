"""Output that fits (issue 15): tables as wide as the terminal Rich measures (no forced width),
long cells folded rather than cut; plain ASCII rules when the output is not a terminal or with
``--ascii``, box drawing on a terminal otherwise; ``log --tail N`` and ``--newest-first``. The
real command line, in process (and once on a real pseudo-terminal), on a real journal of each
backend."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys

from support import _cli, run
from typer.testing import CliRunner

BOX_DRAWING = set("─│┃━┏┓┗┛┡┩┳┻╇└┘┌┐")
CAMPAIGN = "Vallée Verte"


def at_width(db: str, columns: int, *args: str) -> str:
    """What ``chronique *args`` prints on an output ``columns`` wide (not a terminal)."""
    with CliRunner().isolation(env={"CHRONIQUE_DB": None, "COLUMNS": str(columns)}) as (stdout, _, _):
        try:
            _cli().main(args=["--db", db, *args], prog_name="chronique")
        except SystemExit as exit_:
            assert exit_.code in (0, None)
        sys.stdout.flush()
        return stdout.getvalue().decode()


def test_a_table_fits_an_80_column_output_and_folds_what_is_long(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "cartes")
    shown = at_width(db, 80, "campaign", "list")
    assert max(len(line) for line in shown.splitlines()) <= 80
    # The id (36 characters) is folded over two lines, never cut with an ellipsis.
    campaign_id = json.loads(run(db, "campaign", "list", "--json").stdout)[0]["id"]
    assert "…" not in shown and campaign_id in "".join(line.split("|")[-2].strip() for line in shown.splitlines() if line.count("|") > 2)
    # A wider output is used as it is: the same table on one line per row.
    wide = at_width(db, 160, "campaign", "list")
    assert campaign_id in wide and len(wide.splitlines()) < len(shown.splitlines())


def test_a_table_piped_is_plain_ascii(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "cartes")
    shown = run(db, "campaign", "list").stdout
    assert not BOX_DRAWING & set(shown)
    assert shown.startswith("+---") and "| Campaign" in shown


def on_a_terminal(db: str, *args: str) -> str:
    """What the real command writes to a pseudo-terminal of 100 columns."""
    main, child = pty.openpty()
    env = dict(os.environ, CHRONIQUE_DB=db, COLUMNS="100", TERM="xterm")
    process = subprocess.Popen([sys.executable, "-m", "chronique.cli", *args], stdout=child, stderr=child, env=env)
    os.close(child)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    assert process.wait(timeout=120) == 0
    os.close(main)
    return b"".join(chunks).decode()


def test_on_a_terminal_box_drawing_unless_ascii(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "cartes")
    assert BOX_DRAWING & set(on_a_terminal(db, "campaign", "list"))
    ruled = on_a_terminal(db, "--ascii", "campaign", "list")
    assert not BOX_DRAWING & set(ruled) and "+---" in ruled


def kinds(shown: str) -> list[str]:
    """The kinds of event a ``log --json`` lists, in its order."""
    return [entry["event"]["topic"].rsplit(".", 1)[-1] for entry in json.loads(shown)]


def test_log_tail_and_newest_first(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "advance", CAMPAIGN, "1h")
    run(db, "session", "start", CAMPAIGN)
    every = kinds(run(db, "log", CAMPAIGN, "--json").stdout)
    assert len(every) > 3
    assert kinds(run(db, "log", CAMPAIGN, "--json", "--tail", "2").stdout) == every[-2:]
    assert kinds(run(db, "log", CAMPAIGN, "--json", "--newest-first").stdout) == every[::-1]
    assert kinds(run(db, "log", CAMPAIGN, "--json", "--tail", "3", "--newest-first").stdout) == every[-3:][::-1]
    # Pages count from the newest when newest first.
    assert kinds(run(db, "log", CAMPAIGN, "--json", "--newest-first", "--limit", "2", "--page", "2").stdout) == every[::-1][2:4]
    refused = run(db, "log", CAMPAIGN, "--tail", "2", "--limit", "2", check=False)
    assert (refused.returncode, refused.stderr) == (2, "error: give `--tail` or `--limit`, not both\n")
