"""A dry run that left nothing to chance says so, not "SIMULATED with throwaway dice … the real
draws will differ" (ruling TB22): a MicroFudge week of healing draws nothing (L339), so its dry
run is what the advance will do; a Cartes survival draw still reads as simulated."""

from __future__ import annotations

from pathlib import Path

from support import run
from verdelune_party import verdelune_party


def test_a_dry_run_that_drew_nothing_says_nothing_was_left_to_chance_ruling_tb22(db: str, tmp_path: Path) -> None:
    (tmp_path / "harvey.toml").write_text('name = "Harvey"\nstatus = "hero"\n[ranks]\nPilotage = 5\n', encoding="utf-8")
    run(db, "campaign", "new", "Zombies", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    run(db, "character", "new", "Zombies", "--sheet", str(tmp_path / "harvey.toml"))
    run(db, "microfudge", "setback", "Zombies", "Harvey", "--severity", "2")
    said = run(db, "advance", "Zombies", "1w", "--dry-run").stdout.splitlines()
    assert said[0].startswith("dry run, nothing recorded, nothing left to chance: would advance 1 week from Day 1 08:00")
    assert "Revers 1" in " ".join(said[1:])  # the healing it would do, step by step


def test_a_dry_run_that_drew_still_reads_as_simulated_with_throwaway_dice_ruling_tb22(db: str) -> None:
    verdelune_party(db)
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "5", "--lethality", "forte")
    said = run(db, "advance", "Verdelune", "2d", "--dry-run").stdout
    assert said.startswith("SIMULATED with throwaway dice (dry run, nothing recorded; the real draws will differ): would advance 2 days")
