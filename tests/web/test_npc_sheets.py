"""A GM's characters (NPCs) are the players' to read, on a player's link as in the command line
(ruling FP12): fair play lets players re-check every roll, an NPC's included, which needs the sheet
the NPC was recorded with; a player's audit bundle carries it, so a page kept from them would hide
nothing. A real ``chronique serve`` over a real journal of each backend."""

from __future__ import annotations

import html
import json
import re

import pytest
from served import CAMPAIGN, Served, cartes_table, fetch
from support import SAMPLES, run

pytestmark = pytest.mark.slow


@pytest.fixture
def table(db: str) -> str:
    """The Cartes table of ``served.py`` and the GM's Brigand (cli/samples/brigand.toml), joined
    before the server starts."""
    cartes_table(db)
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "brigand.toml"))
    return db


def test_a_players_link_reads_an_npcs_sheet_whose_recorded_sheet_is_in_the_players_bundle(served: Served) -> None:
    run(served.db, "cartes", "test", CAMPAIGN, "Brigand", "Contact")
    status, _, page = fetch(served.link("Ana") + "sheet/Brigand")
    assert status == 200
    shown = html.unescape(re.sub(r"<[^>]+>", " ", page))
    assert "Brigand" in shown and "Contact" in shown
    # The Brigand's test names its target in the log a player reads, and the bundle a player
    # verifies with holds the sheet it was drawn against (FAIRNESS.md v2, rules re-derivation).
    bundle = json.loads(fetch(served.link("Ana") + "bundle.json")[2])
    created = [e["event"] for e in bundle["events"] if not e.get("hidden") and e["event"].get("sheet", {}).get("name") == "Brigand"]
    assert len(created) == 1 and created[0]["sheet"]["npc"] is True and "Contact" in created[0]["sheet"]["skills"]
