"""The Narrator ends a Sequence without a winner from the command line (a scene cut, «2 – Résolution
des Conflits hasardeux» L297): ``chronique microfudge sequence-stop``. A play-test's Sequence whose
participant fell critical before any draw could not go on (ruling M52: he draws nothing) nor end;
the Narrator acts, not the character, so the stop is allowed. Through the real command line in
process, on a real journal of each backend (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from support import run, stored

from chronique.domain.rulesets.microfudge.describe import WORDS

CAMPAIGN = "Crit"
JIM_SHEET = 'name = "Jim"\nstatus = "hero"\n[ranks]\nTir = 4\n'
HARVEY_SHEET = 'name = "Harvey"\nstatus = "hero"\n[ranks]\n"Médecine" = 4\n'


def seated(db: str, tmp_path: Path) -> None:
    """Campaign Crit, Jim and Harvey seated, session 1 open."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "microfudge", "--start", "Day 1 08:00")
    for name, text in (("jim", JIM_SHEET), ("harvey", HARVEY_SHEET)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
        run(db, "character", "new", CAMPAIGN, "--sheet", str(tmp_path / f"{name}.toml"))
    run(db, "session", "start", CAMPAIGN)


def ended(db: str) -> list[dict[str, Any]]:
    """The SequenceEnded events recorded, oldest first."""
    return [entry["event"] for entry in json.loads(run(db, "log", CAMPAIGN, "--json", "--gm", "--kind", "SequenceEnded").stdout)]


def refused(db: str, *args: str) -> str:
    """A command refused as bad input: its one line on stderr, exit 2, nothing recorded."""
    before = stored(db)
    out = run(db, *args, check=False)
    assert (out.returncode, out.stdout) == (2, "")
    (line,) = out.stderr.splitlines()
    assert stored(db) == before
    return line


def test_the_narrator_stops_a_Sequence_whose_participant_fell_critical_before_a_draw_L297_ruling_M52(db: str, tmp_path: Path) -> None:
    seated(db, tmp_path)
    started = run(db, "microfudge", "sequence", CAMPAIGN, "Jim", "Harvey", "--goal", "hold the bridge").stdout
    assert started == "Sequence 1: Jim against Harvey\n"
    assert "Sequence 1: Jim against Harvey, 0 draws so far"  # ruling M128 in run(db, "character", "show", CAMPAIGN, "Jim").stdout
    # L343: a Décisif the Narrator deals before any draw leaves Jim critical; he draws nothing
    # (ruling M52), so the Sequence cannot go on.
    run(db, "microfudge", "setback", CAMPAIGN, "Jim", "--severity", "3", "--domain", "physical", "--healing", "weekly")
    assert refused(db, "microfudge", "conflict-card", CAMPAIGN, "--side", "Jim:Tir", "--side", "Harvey:Médecine").startswith(
        "error: Jim is in a critical state (Revers 1, a Décisif not stabilized yet, L343)"
    )
    # The Narrator cuts the scene: named by its critical participant, as typed.
    assert run(db, "microfudge", "sequence-stop", CAMPAIGN, "jim").stdout == "Sequence 1 ended by the Narrator, no winner\n"
    for name in ("Jim", "Harvey"):
        assert "Sequence" not in run(db, "character", "show", CAMPAIGN, name).stdout
    # Each participant's chain records its end, the Narrator's, with no winner; the log says so in words.
    stops = ended(db)
    assert len({e["originator_id"] for e in stops}) == 2
    assert [(e["sequence"], e["how"], e["winner"]) for e in stops] == [(1, "narrator", None)] * 2
    said = {WORDS[e["topic"]](SimpleNamespace(**e)) for e in stops}
    assert said == {"Sequence 1 ended (the Narrator ended it): nobody achieves a goal"}
    table = " ".join(run(db, "log", CAMPAIGN).stdout.split())
    assert "Sequence 1 ended (the Narrator" in table
    assert "OK:" in run(db, "verify", CAMPAIGN).stdout


def test_a_stop_without_an_open_Sequence_is_refused_in_one_line_L297(db: str, tmp_path: Path) -> None:
    seated(db, tmp_path)
    assert refused(db, "microfudge", "sequence-stop", CAMPAIGN, "Harvey") == "error: Harvey is in no Sequence (start one first)"
    run(db, "microfudge", "sequence", CAMPAIGN, "Jim", "Harvey")
    run(db, "microfudge", "sequence-stop", CAMPAIGN, "Harvey")
    # Stopped once, it is over for both.
    assert refused(db, "microfudge", "sequence-stop", CAMPAIGN, "Jim") == "error: Jim is in no Sequence (start one first)"
    assert refused(db, "microfudge", "sequence-stop", CAMPAIGN, "Nobody").startswith("error: no character “Nobody” in Crit")
    assert len(ended(db)) == 2
    help_text = " ".join(run(db, "microfudge", "sequence-stop", "--help").stdout.split())
    assert "The Narrator ends the Sequence without a winner (a scene cut, L297)" in help_text
