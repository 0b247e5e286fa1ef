"""The ``chronique microfudge`` commands through the real CLI in a subprocess, on a real SQLite file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

JIM = 'name = "Jim"\nstatus = "hero"\nconcept = "country doctor"\n[ranks]\n"Médecine" = 5\nTir = 3\n'
HARVEY = 'name = "Harvey"\nstatus = "hero"\n[ranks]\nPilotage = 5\n"Athlétisme" = 4\n'


def chronique(db: Path, *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, CHRONIQUE_DB=str(db), COLUMNS="160")
    result = subprocess.run([sys.executable, "-m", "chronique.cli", *args], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == code, result.stderr
    return result


def test_a_microfudge_session_Tests_L245_Revers_L339_Experience_L213(tmp_path: Path) -> None:
    db = tmp_path / "mf.db"
    chronique(db, "campaign", "new", "Zombies", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    for name, text in (("jim", JIM), ("harvey", HARVEY)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
        chronique(db, "character", "new", "Zombies", "--sheet", str(tmp_path / f"{name}.toml"))
    chronique(db, "session", "start", "Zombies")
    # Atouts inside the roll (L743, L761): Jim pays 2 for +1; Harvey's die changes only on a failure.
    out = chronique(
        db, "microfudge", "test", "Zombies", "Harvey", "Athlétisme", "-d", "difficile", "--helper", "Jim", "--change-die"
    ).stdout
    assert out.startswith("Harvey rolls Athlétisme: [")
    chronique(db, "microfudge", "hazard", "Zombies", "Harvey", "Pilotage", "-d", "tres-difficile", "--healing", "weekly")
    assert "Revers 1 of −2" in chronique(db, "microfudge", "setback", "Zombies", "Jim", "--severity", "2").stdout
    # T2c (L341): superior care and rest halve the period.
    assert "Revers 1 recovers at 50%" in chronique(db, "microfudge", "care", "Zombies", "Jim", "--care", "superior").stdout
    shown = json.loads(chronique(db, "sheet", "Zombies", "Jim", "--json").stdout)  # the common sheet command
    assert shown["name"] == "Jim" and shown["condition"]
    assert "Jim (version" in chronique(db, "sheet", "Zombies", "Jim").stdout
    chronique(db, "microfudge", "raise", "Zombies", "Jim", "Tir", "--why", "hunted with his father")
    chronique(db, "microfudge", "atout", "spend", "Zombies", "Jim", "monologue")
    bad = chronique(db, "microfudge", "test", "Zombies", "Jim", "Tir", "-d", "hardish", code=2)
    assert bad.stderr.startswith("error:") and len(bad.stderr.strip().splitlines()) == 1
    chronique(db, "microfudge", "raise", "Zombies", "Jim", "Tir", code=2)  # no justification in play
    chronique(db, "session", "end", "Zombies")
    report = chronique(db, "advance", "Zombies", "2d").stdout
    assert "Revers 1 has healed" in report
    sheet = json.loads(chronique(db, "sheet", "Zombies", "Jim", "--json").stdout)
    assert sheet["condition"]["setbacks"] == []
    assert sheet["condition"]["atouts"] == {"reserve": 11 - 5 - 2 - 1 - 1, "experience": 1}
    assert sheet["sheet"]["characteristics"]["Tir"]["value"] == 4
    assert chronique(db, "verify", "Zombies").returncode == 0


def test_a_gunfight_sequence_and_powers_through_the_cli_Conflits_hasardeux_L307_Pouvoirs_L441(tmp_path: Path) -> None:
    db = tmp_path / "mf.db"
    chronique(db, "campaign", "new", "Guns", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    psy = 'name = "Psy"\nstatus = "expert"\n[ranks]\nConscience = 5\nTir = 5\n"Télékinésie" = 4\n'
    for name, text in (("psy", psy), ("harvey", HARVEY)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
        chronique(db, "character", "new", "Guns", "--sheet", str(tmp_path / f"{name}.toml"))
    chronique(db, "session", "start", "Guns")
    assert chronique(db, "microfudge", "sequence", "Guns", "Psy", "Harvey", "--goal", "the alley").stdout.startswith("Sequence 1")
    out = chronique(
        db,
        "microfudge",
        "conflict-card",
        "Guns",
        "--side",
        "Psy:Tir:weapon=medium,healing=weekly,atout,change=attack",
        "--side",
        "Harvey:Athlétisme:def=4,range=pistol@30,out",
    ).stdout
    assert out.splitlines()[-1].startswith("draw 1:")
    bad = chronique(db, "microfudge", "conflict-card", "Guns", "--side", "Psy", "--side", "Harvey:Tir", code=2)
    assert bad.stderr.startswith("error:") and len(bad.stderr.strip().splitlines()) == 1
    assert "Potentiel left" in chronique(db, "microfudge", "power", "Guns", "Psy", "resistance-thermique").stdout
    chronique(db, "microfudge", "power", "Guns", "Psy", "teleport", code=2)
    # V-P-6 (L586-L605): 500 g for 2 Sequences needs Moyen; 20 kg needs Excellent, beyond Psy's 4.
    assert "vs 4" in chronique(db, "microfudge", "power", "Guns", "Psy", "telekinesie", "--grams", "500", "--sequences", "2").stdout
    chronique(db, "microfudge", "power", "Guns", "Psy", "telekinesie", "--grams", "20000", code=2)
    assert "Conscience +1" in chronique(db, "microfudge", "rest", "Guns", "Psy").stdout
    for command in ("sequence", "conflict-card", "abridge", "power", "rest", "care"):
        assert chronique(db, "microfudge", command, "--help").stdout.strip()
    assert chronique(db, "verify", "Guns").returncode == 0


def test_a_chase_and_a_ram_through_the_cli_Chases_Ramming_L427_L431(tmp_path: Path) -> None:
    db = tmp_path / "mf.db"
    chronique(db, "campaign", "new", "Road", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    jim = 'name = "Jim"\nstatus = "hero"\n[ranks]\nPilotage = 4\n'
    for name, text in (("jim", jim), ("harvey", HARVEY)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
        chronique(db, "character", "new", "Road", "--sheet", str(tmp_path / f"{name}.toml"))
    chronique(db, "session", "start", "Road")
    chronique(db, "microfudge", "sequence", "Road", "Harvey", "Jim", "--goal", "the getaway")
    bad = chronique(db, "microfudge", "conflict-card", "Road", "--side", "Harvey:Pilotage:ram", "--side", "Jim:Pilotage", code=2)
    assert bad.stderr.startswith("error:") and "vehicle" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    out = chronique(
        db,
        "microfudge",
        "conflict-card",
        "Road",
        "--side",
        "Harvey:Pilotage:chase,vehicle=motorbike,terrain=1",
        "--side",
        "Jim:Conduite:chase,vehicle=sedan",
    ).stdout
    assert out.startswith("Harvey (9 cards)") and "Jim (5 cards)" in out
    assert chronique(db, "verify", "Road").returncode == 0


def test_side_options_for_atouts_covering_fire_and_vehicle_eras_Sequences_collectives_L413_Vehicules_L528() -> None:
    from chronique.cli.microfudge import parse_side
    from chronique.domain.rulesets.microfudge.conflict import Side

    side = parse_side("Ann:Tir:B=1,def=4,suppress,atout,help=Bo,help=Cy,change=defence,vehicle=sedan,vehicle-era=future")
    assert side == Side(
        "Ann",
        "Tir",
        attack={"b": 1},
        defence=4,
        suppress=True,
        atout=True,
        helpers=("Bo", "Cy"),
        change="defence",
        vehicle="sedan",
        vehicle_era="future",
    )
