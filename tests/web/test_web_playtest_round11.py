"""The web journal as the round-11 play-test of the four games found it: a sheet asked as of an
event the campaign lacks is refused in the page's own words, never sending a player to a command
line they do not have (ruling NT8); the sheet's "as of" form gives its example date in the
campaign's own calendar (ruling NT9); the luck plot's geometry is written as the numbers it is.
A real ``chronique serve`` over a real journal on each backend (``conftest.served``)."""

from __future__ import annotations

import html
import re
import urllib.parse

import pytest
from served import CAMPAIGN, Served, cartes_table, fetch, invite
from support import SAMPLES, run

from chronique.web.guard import FormKeys
from chronique.web.luckplot import LuckPlot, LuckRow
from chronique.web.pages import Reader
from chronique.web.render import Renderer

pytestmark = pytest.mark.slow

WESTERN = "Shotgun City"


@pytest.fixture
def table(db: str) -> str:
    """served.py's Cartes table, and beside it a Western Parade campaign (a Gregorian calendar)
    whose Sam Parkerson Ana plays."""
    cartes_table(db)
    run(db, "campaign", "new", WESTERN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", WESTERN, "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "character", "player", WESTERN, "Sam Parkerson", "Ana")
    return db


def shown(served: Served, path: str, link: str | None = None) -> tuple[int, str]:
    """The status and the text of ``path`` on Ana's link (or ``link``), as a reader reads it."""
    status, _, page = fetch((link or served.link("Ana")) + path)
    return status, html.unescape(page)


@pytest.mark.parametrize("asked", ["ffffffff:1", "8e840eb3:999", "8e840eb3-5e25:999"])
def test_a_sheet_as_of_an_event_the_campaign_lacks_says_so_without_naming_a_command_ruling_nt8(served: Served, asked: str) -> None:
    # ffffffff:1 is no one's event; Alice's own chain (8e840eb3, the README's) never reached 999.
    # The page said "no event “…” in Verdelune: `chronique log` lists its events": a player's
    # phone runs no command line; the page says it as the explain page does (ruling WJ23 kept:
    # another campaign's event reads alike).
    status, page = shown(served, "sheet/Alice?as_of=" + urllib.parse.quote(asked))
    assert status == 400, page
    assert f"There is no event “{asked}” in this campaign." in page
    assert "chronique" not in page.split("<main", 1)[1]
    # An event the campaign has still shows the sheet as it stood then.
    status, page = shown(served, "sheet/Alice?as_of=8e840eb3:1")
    assert status == 200 and "as it stood when event 8e840eb3:1 was recorded" in page, page


def test_the_as_of_form_gives_its_example_in_the_campaign_s_own_calendar_ruling_nt9(served: Served) -> None:
    # A Western Parade campaign counts Gregorian dates: the form's example read "Day 3 08:00",
    # which its own sheet refuses ("is not a date (write e.g. '1873-04-12 08:00')").
    western = invite(served.db, WESTERN, "Ana").replace("http://127.0.0.1:8000", served.base)
    status, page = shown(served, "sheet/" + urllib.parse.quote("Sam Parkerson"), western)
    assert status == 200, page
    assert 'placeholder="a session number, or a date such as 1873-04-12 08:00"' in page
    assert "Day 3" not in page
    status, refused = shown(served, "sheet/" + urllib.parse.quote("Sam Parkerson") + "?as_of=" + urllib.parse.quote("Day 3 08:00"), western)
    assert status == 400 and "is not a date" in refused
    # A campaign that counts days gives one of its days: the clock of served.py's table.
    status, page = shown(served, "sheet/Alice")
    assert status == 200 and 'placeholder="a session number, or a date such as Day 1 08:00"' in page, page
    assert shown(served, "sheet/Alice?as_of=" + urllib.parse.quote("Day 1 08:00"))[0] == 200


def test_the_luck_plot_writes_its_bars_widths_as_tenths_never_a_float_s_long_tail() -> None:
    # 1 success of 3 at full width: a bar ending at 176.7 from the plot's left edge 110 was written
    # width="66.69999999999999", binary floating point showing through into the page.
    row = LuckRow("Ana", 0, 176.7, 180.5, 131.9, 229.1, "1 of 3 succeeded, 1.1 expected: too few rolls to tell")
    reader = Reader(CAMPAIGN, "Ana", False, "token")
    context = {"title": f"{CAMPAIGN} — luck", "by": "player", "plot": LuckPlot((row,), 34, 3), "notice": ""}
    page = Renderer().page("luck.html.j2", reader, FormKeys(b"k" * 32), context)
    assert 'width="66.7"' in page
    assert not re.search(r"=\"-?\d+\.\d{2,}\"", page), page
