"""`campaign show` and `campaign list` name each game by its title (ruling PL1: "Cartes", "Elor",
"MicroFudge CECJ", "Western Parade"), never the registry's key; their JSON keeps the key."""

from __future__ import annotations

import json
from pathlib import Path

from support import run

from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.registry import PACKAGES

TITLES = {"cartes": "Cartes", "elor": "Elor", "microfudge": "MicroFudge CECJ", "western-parade": "Western Parade"}


def test_show_and_list_name_every_game_by_its_title_PL1(tmp_path: Path) -> None:
    db = str(tmp_path / "journal.db")
    assert set(TITLES) == set(PACKAGES)
    for game, title in TITLES.items():
        start = "1873-04-12 08:00" if ruleset(game).gregorian else "Day 1 08:00"
        run(db, "campaign", "new", f"Camp {game}", "--ruleset", game, "--start", start)
        first = run(db, "campaign", "show", f"Camp {game}").stdout.splitlines()[0]
        assert first.startswith(f"Camp {game} — {title}, "), first
        assert json.loads(run(db, "campaign", "show", f"Camp {game}", "--json").stdout)["ruleset"] == game
    listed = run(db, "--ascii", "campaign", "list").stdout
    header = next(line for line in listed.splitlines() if "Campaign" in line)
    assert [cell.strip() for cell in header.strip("|").split("|")][:2] == ["Campaign", "Game"]
    table = [[cell.strip() for cell in line.strip("|").split("|")] for line in listed.splitlines()]
    rows = {cells[0]: cells[1] for cells in table if cells[0].startswith("Camp ")}
    assert rows == {f"Camp {game}": title for game, title in TITLES.items()}
    assert [c["ruleset"] for c in json.loads(run(db, "campaign", "list", "--json").stdout)] == list(TITLES)
