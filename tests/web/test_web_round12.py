"""The web journal as the round-12 review found it, in a real chromium over a real ``chronique
serve``: every page load asked for /favicon.ico and got a 404 (ruling NT11); a Cartes deal read
"face down" in a player's log while the deck's hand row beside it showed the hand (NT10); the
sheet page named a version (SV11)."""

from __future__ import annotations

import re

import pytest
from browsing import chromium
from served import CAMPAIGN, Served, cartes_table, fetch_bytes
from support import run

pytestmark = pytest.mark.slow


@pytest.fixture
def table(db: str) -> str:
    """served.py's Cartes table, its first draw a hidden GM draw, which deals Alice and Bruno
    their hands (face up) and piles (face down)."""
    cartes_table(db)
    run(db, "cartes", "draw", CAMPAIGN, "--hidden", "--reason", "a secret")
    return db


def test_no_page_load_meets_a_404_the_site_has_its_icon_ruling_nt11(served: Served) -> None:
    link = served.link("Ana")
    with chromium() as browser:
        page = browser.new_page()
        for path in ("", "log", "sheet/Alice", "luck", "verify"):
            page.goto(link + path)
            page.wait_for_load_state("networkidle")
        page.close()
    asked = [line for line in served.log.read_text(encoding="utf-8").splitlines() if " GET " in line]
    # The server's log: it read "GET /favicon.ico 404" after every page.
    assert any(line.endswith("GET /favicon.ico 200") for line in asked), asked
    assert [line for line in asked if not line.endswith(" 200")] == []
    icon = fetch_bytes(served.base + "/favicon.ico")
    assert icon[:4] == b"\x00\x00\x01\x00" and b"PNG" in icon[:40]  # an icon file holding a PNG


def test_a_players_log_reads_a_deal_as_the_decks_hand_row_beside_it_and_the_sheet_names_no_version(served: Served) -> None:
    link = served.link("Ana")
    with chromium() as browser:
        page = browser.new_page()
        page.goto(link + "log")
        rows = [[cell.inner_text() for cell in row.query_selector_all("td")] for row in page.query_selector_all("tbody tr")]
        page.goto(link + "sheet/Alice")
        status = page.inner_text("p.status")
        page.close()
    details = [re.sub(r" explain$", "", cells[3]) for cells in rows if len(cells) == 4]
    hand = next(re.fullmatch(r"(.+) drawn for Alice \(hand dealt\)", text) for text in details if "for Alice (hand dealt)" in text)
    assert hand is not None, details
    # Ruling NT10: it read "face down until the dice of session 1 are revealed".
    assert f"dealt a hand of {hand[1]} and a pile of 7 cards face down" in details, details
    assert not any("pile dealt" in text or "a secret" in text for text in details)  # the pile and the GM's draw stay face down
    assert status == "Cartes sheet: standing"  # ruling SV11: it read "Cartes sheet, version 2: standing"
