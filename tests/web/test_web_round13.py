"""The web journal as the round-13 play of the four games found it, over a real ``chronique
serve``: an event that drew on no chance (a creation) was said to have "come out of its chance"
on its explain page (ruling NT12)."""

from __future__ import annotations

import json
import re

import pytest
from served import CAMPAIGN, Served, cartes_table, fetch
from support import run

pytestmark = pytest.mark.slow

DREW = "How this event came out of its chance, step by step, so that you can check it yourself."
NO_CHANCE = "This event drew on no chance: what it records is checked against the rules, so that you can check it yourself."


@pytest.fixture
def table(db: str) -> str:
    """served.py's Cartes table, and Alice's Contact test drawn from the deck."""
    cartes_table(db)
    run(db, "cartes", "test", CAMPAIGN, "Alice", "Contact")
    return db


def intro(served: Served, ref: str) -> str:
    """The paragraph an explain page opens with, for Ana (a player)."""
    status, _, page = fetch(served.link("Ana") + f"explain/{ref}")
    assert status == 200, page
    found = re.search(r"<main>.*?<p>(.*?)</p>", page, flags=re.S)
    assert found is not None, page
    return found.group(1)


def test_an_event_that_drew_on_no_chance_is_not_said_to_come_out_of_its_chance_ruling_nt12(served: Served) -> None:
    logged = [e["event"] for e in json.loads(run(served.db, "log", CAMPAIGN, "--json").stdout)]

    def ref(kind: str) -> str:
        event = next(e for e in logged if e["topic"].endswith(kind) and e.get("name", "Alice") == "Alice")
        return f"{event['originator_id'].replace('-', '')[:8]}:{event['originator_version']}"

    # It read "How this event came out of its chance, step by step" above "Alice created".
    assert intro(served, ref("Character.Created")) == NO_CHANCE
    assert intro(served, ref("TestMade")) == DREW
