"""The web journal as the round-26 review found it, over a real ``chronique serve``: a sheet's
history showed a character's latest 200 events and dropped the earlier ones unsaid (ruling NT16)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from served import CAMPAIGN, Served, cartes_table, fetch
from support import run

pytestmark = pytest.mark.slow

TESTS = 110
"""Alice's Contact tests, each its card from the deck (Cartes §Tests) and each two events of hers
(the deck's draw names her): more than a sheet's history shows."""


@pytest.fixture
def table(db: str) -> str:
    """served.py's Cartes table, then Alice's ``TESTS`` Contact tests, typed at the table mode in
    one process, and one of Bruno's, which her history leaves out."""
    cartes_table(db)
    tests = "".join(f"cartes test {CAMPAIGN} Alice Contact --from deck --reason 'try {n}'\n" for n in range(TESTS))
    env = dict(os.environ, CHRONIQUE_DB=db)
    subprocess.run(
        [sys.executable, "-m", "chronique.cli", "shell"], input=tests, text=True, env=env, check=True, capture_output=True, timeout=600
    )
    run(db, "cartes", "test", CAMPAIGN, "Bruno", "Contact")
    return db


def shown(page: str) -> list[str]:
    """The "Who" cell of each row a page's log table shows, in order."""
    return re.findall(r'<td data-label="Who">([^<]*)</td>', page)


def test_a_sheet_s_history_says_how_many_earlier_events_it_leaves_out_and_where_they_are_ruling_nt16(served: Served) -> None:
    hers = json.loads(run(served.db, "log", CAMPAIGN, "--character", "Alice", "--json").stdout)
    assert len(hers) > 200
    left = len(hers) - 200
    link = served.link("Ana")
    status, _, sheet = fetch(link + "sheet/Alice")
    history = sheet.split("<h2>History</h2>", 1)[1]
    assert status == 200 and len(shown(history)) == 200
    assert (
        f'<p>The latest 200; {left} earlier ones are in the <a href="{link.removeprefix(served.base)}log?character=Alice&amp;page=3">'
        "log of Alice's events, from page 3</a>.</p>"
    ) in history
    # The page it names holds exactly those it left out: the first of hers, her creation among them.
    status, _, earlier = fetch(link + "log?character=Alice&page=3")
    assert status == 200 and len(shown(earlier)) == left
    assert "Later events" in earlier and "Earlier events" not in earlier
    # A history that leaves nothing out says nothing of the kind.
    status, _, whole = fetch(link + "sheet/Bruno")
    assert status == 200 and "The latest" not in whole.split("<h2>History</h2>", 1)[1]
