"""A reason of spaces alone is no reason in every game, as in Cartes (rulings C140, EB41): the log
read "(   )" where a GM had typed spaces for `--reason`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import SAMPLES, run
from verdelune_party import verdelune_party

HARVEY = 'name = "Harvey"\nstatus = "hero"\n[ranks]\nPilotage = 5\n'


def _play(db: str, game: str, folder: Path) -> str:
    """A campaign of ``game`` with one command given a reason of spaces; the campaign's name."""
    if game == "cartes":
        verdelune_party(db)
        run(db, "cartes", "xp", "award", "Verdelune", "Alice", "1", "--reason", "   ")
        return "Verdelune"
    if game == "elor":
        run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
        run(db, "character", "new", "Tolosa", "--sheet", str(SAMPLES / "elor_samson.toml"))
        run(db, "elor", "test", "Tolosa", "Samson", "-f", "P", "--reason", "   ")
        return "Tolosa"
    if game == "microfudge":
        (folder / "harvey.toml").write_text(HARVEY, encoding="utf-8")
        run(db, "campaign", "new", "Zombies", "--ruleset", "microfudge", "--start", "Day 1 08:00")
        run(db, "character", "new", "Zombies", "--sheet", str(folder / "harvey.toml"))
        run(db, "microfudge", "atout", "award", "Zombies", "Harvey", "1", "--reason", "   ")
        return "Zombies"
    run(db, "campaign", "new", "Dodge", "--ruleset", "western-parade")
    run(db, "character", "new", "Dodge", "--sheet", str(SAMPLES / "wp_joe.toml"))
    run(db, "western-parade", "roll", "Dodge", "Joe Hambuster", "--characteristic", "AGI", "--reason", "   ")
    return "Dodge"


@pytest.mark.parametrize("game", ["cartes", "elor", "microfudge", "western-parade"])
def test_a_reason_of_spaces_is_recorded_as_none_in_every_game_ruling_eb41(db: str, game: str, tmp_path: Path) -> None:
    campaign = _play(db, game, tmp_path)
    recorded = [entry["event"] for entry in json.loads(run(db, "log", campaign, "--json", "--gm").stdout)]
    # Kept as the event's reason (Cartes' awards, MicroFudge's) or its purpose (a roll's).
    reasons = [e[key] for e in recorded for key in ("reason", "purpose") if isinstance(e.get(key), str)]
    assert reasons, "the command recorded no reason at all: the test would prove nothing"
    assert all(r == r.strip() for r in reasons), reasons
