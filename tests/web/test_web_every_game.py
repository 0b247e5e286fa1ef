"""Issue 16, for every game of the registry: the web journal's pages of a real evening of the game
(its contract play: a roll and a wound, through its own CLI sub-app) open for a player and for the
GM, and read as words: the game's own sheet, the session with an explanation of each roll, luck
as a plot, the ledger."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from served import Served, fetch, serving
from support import run
from test_ruleset_contract import CAMPAIGN, PLAYS, play

from chronique.adapters.bootstrap import build
from chronique.domain.rulesets import ruleset

pytestmark = pytest.mark.slow

# What a page must never show a player: a field dump, a Python repr or None, raw seconds.
DATA = re.compile(r"\b[a-z_]+=\S|[{\[]'|\bNone\b|\b\d{5,} ?s\b")


def text_of(source: str) -> str:
    """The words a page shows (its tags and scripts left out)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)\b.*?</\1>", " ", source, flags=re.S)))


@pytest.fixture(params=sorted(PLAYS))
def evening(request: pytest.FixtureRequest, db: str, tmp_path: Path) -> Iterator[tuple[str, Served, list[str]]]:
    game = request.param
    run(db, "init")
    play(db, game)
    services = build(db)
    names = sorted(c.name for c in services.world(CAMPAIGN).characters.values())
    services.close()
    for index, name in enumerate(names):
        run(db, "character", "player", CAMPAIGN, name, f"Player{index}")
    with serving(db, tmp_path, CAMPAIGN, ("Player0",)) as site:
        yield game, site, names


def test_every_page_of_every_game_opens_for_a_player_and_the_gm_and_reads_as_words(evening: tuple[str, Served, list[str]]) -> None:
    game, site, names = evening
    title = ruleset(game).title
    for who in ("GM", "Player0"):
        link = site.link(who)
        pages = ["", "log", "session/1", "luck?by=player", "luck?by=character", "luck?by=session", "xp", "verify"]
        pages += [f"sheet/{quote(name)}" for name in names] + [f"sheet/{quote(names[0])}?as_of=1"]
        for path in pages:
            status, _, source = fetch(link + path)
            assert status == 200, (game, who, path)
            shown = text_of(source)
            assert not DATA.search(shown), f"{game} {path!r} for {who} reads as data: {DATA.search(shown)}"
        # The ledger says where a game keeps its growth when it keeps no ledger (MicroFudge's
        # Atouts, Western Parade's improvement rolls), else that the evening recorded none.
        expected = ruleset(game).experience_elsewhere or "No experience has been awarded or spent yet."
        assert expected in " ".join(text_of(fetch(link + "xp")[2]).split()), game
        sheet = text_of(fetch(link + f"sheet/{quote(names[0])}")[2])
        assert names[0] in sheet and f"{title} sheet" in sheet
        luck = fetch(link + "luck?by=character")[2]
        assert "<svg" in luck and "succeeded" in luck
        session = fetch(link + "session/1")[2]
        assert re.search(r"had (\d+%|under 1%|over 99%) to succeed", session), f"{game}: the session's roll shows no odds"
        refs = re.findall(r'href="[^"]*/explain/([0-9a-f]{8}:\d+)"', session)
        assert refs, f"{game}: the session page explains no event"
        explained = [text_of(fetch(link + f"explain/{ref}")[2]) for ref in refs]
        assert any("chance re-derived" in page for page in explained), f"{game}: no roll of the session is explained with its chance"
        if game != "cartes":  # a dice game's roll is told die by die, each with what it fed (ruling FP11)
            told = re.compile(r"the dice, in the order drawn \([^)]+\): +d(F|\d+): [^—]+ — \w")
            assert any(told.search(page) for page in explained), f"{game}: no roll of the session names what its dice did"
