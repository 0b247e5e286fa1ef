"""A sheet shown as it stood at a past moment says which (ruling SV5): "…, as it stood at the end
of session 1" in the terminal, the Markdown and HTML exports and the web journal; the review read
an as-of sheet as the current one, with nothing to tell them apart. Every game, through the real
command (in-process) on a real journal of each backend."""

from __future__ import annotations

import pytest
from support import run
from test_ruleset_contract import CAMPAIGN, PLAYS, play

from chronique.adapters.bootstrap import build
from chronique.web.pages import Reader, sheet_page


def heading(db: str, name: str, *as_of: str) -> str:
    return run(db, "sheet", CAMPAIGN, name, *as_of).stdout.splitlines()[0]


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_a_sheet_as_of_a_past_moment_says_which_in_every_game(db: str, game: str) -> None:
    play(db, game)
    services = build(db)
    try:
        name = sorted(c.name for c in services.world(CAMPAIGN).characters.values())[0]
        start = services.calendar(services.campaign(CAMPAIGN)).format(services.campaign(CAMPAIGN).clock)
        web = sheet_page(services, Reader(CAMPAIGN, "GM", True, "token"), name, "1")[1]["view"]
    finally:
        services.close()
    now = heading(db, name)
    assert "as it stood" not in now
    assert heading(db, name, "--as-of", "1").endswith(", as it stood at the end of session 1")
    assert heading(db, name, "--as-of", start).endswith(f", as it stood at {start}")
    assert web.moment == "as it stood at the end of session 1"
