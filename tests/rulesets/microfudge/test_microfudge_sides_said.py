"""A MicroFudge CECJ Sequence whose every side stands alone says who is against whom, on the
command's line and in the log, never a bare list of names (L315, L323: "les deux camps",
"le camp qui inflige le plus grand nombre de Revers à l'autre"; ruling M128). Through the real
command line over a real journal (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines;
digest ``shared/rules/microfudge-cecj.md``)."""

from __future__ import annotations

from pathlib import Path

from support import log_details
from test_microfudge_fidelity_cli import campaign, cli

MIA = 'name = "Mia"\nstatus = "hero"\n[ranks]\nCombat = 5\n'
ZOE = 'name = "Zoe"\nstatus = "hero"\n[ranks]\nCombat = 4\n'
GHOUL = 'name = "Ghoul"\nnpc = true\nstatus = "average"\n[ranks]\nCombat = 3\n'


def test_two_alone_are_said_one_against_the_other_on_the_line_and_in_the_log_L323_ruling_M128(db: str, tmp_path: Path) -> None:
    # It said "Sequence 1: Mia, Ghoul" and "entered Sequence 1 with Mia and Ghoul": nobody's side.
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    assert cli(db, "microfudge", "sequence", "Mines", "mia", "Ghoul", "--goal", "hold") == "Sequence 1: Mia against Ghoul\n"
    assert log_details(db, "Mines", "--kind", "SequenceStarted") == ["entered Sequence 1: Mia against Ghoul, goal: hold"] * 2
    assert "Sequence 1: Mia against Ghoul, 0 draws so far" in " ".join(cli(db, "character", "show", "Mines", "Mia").split())


def test_three_alone_are_said_each_on_their_own_side_on_the_line_and_in_the_log_L323_ruling_M128(db: str, tmp_path: Path) -> None:
    # It said "Sequence 1: Mia, Zoe, Ghoul" and "entered Sequence 1 with Mia, Zoe and Ghoul".
    campaign(db, tmp_path, "Mines", MIA, ZOE, GHOUL)
    said = "Mia, Zoe and Ghoul, each on their own side"
    assert cli(db, "microfudge", "sequence", "Mines", "Mia", "Zoe", "Ghoul") == f"Sequence 1: {said}\n"
    assert log_details(db, "Mines", "--kind", "SequenceStarted") == [f"entered Sequence 1: {said}"] * 3
    assert f"Sequence 1: {said}, 0 draws so far" in " ".join(cli(db, "character", "show", "Mines", "Zoe").split())
