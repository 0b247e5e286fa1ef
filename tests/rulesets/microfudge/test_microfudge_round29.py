"""MicroFudge CECJ, round 29: the Atouts a Streamlined adventure gave, before any, read "no
experience Atouts received", never "0 experience Atouts" (ruling M164, refining M159's words).
Seed: ``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines); digest:
``shared/rules/microfudge-cecj.md``. The command-line tests run the real app on a real journal."""

from __future__ import annotations

from pathlib import Path

from microfudge_table import cli, refused
from test_microfudge_playtest_round15 import _mines
from test_microfudge_round28_atouts import VERA_SHEET


def test_through_the_cli_none_received_in_the_adventure_reads_no_experience_Atouts_Streamlined_L717_ruling_M164(
    db: str, tmp_path: Path
) -> None:
    # L717: "jamais recevoir plus de 3 Atouts" in a complete adventure. The sheet of a new
    # adventure read "0 experience Atouts received", and the refusal "has received 0 experience
    # Atouts": a count of none, where a person writes "no".
    _mines(db, tmp_path, VERA_SHEET)
    sheet = cli(db, "sheet", "Mines", "Vera")
    assert "this adventure: no experience Atouts received; may receive 3 (L717)" in sheet
    assert "0 experience Atouts" not in sheet
    said = refused(db, "Mines", "microfudge", "atout", "award", "Mines", "Vera", "4")
    assert said.startswith("error: Vera has received no experience Atouts in this adventure and may receive 3: ")
    # Once some are received, the count is said as before (M159).
    cli(db, "microfudge", "atout", "award", "Mines", "Vera", "1")
    assert "this adventure: 1 experience Atout received; may receive only 2 more (L717)" in cli(db, "sheet", "Mines", "Vera")
