"""The web journal as the round-9 play-test found it: what an address asked is repeated as the
command line's refusals repeat what was typed (rulings NT7, EB4, EB19, WJ20), never in Python's
notation. A real ``chronique serve`` over a real journal on each backend (``conftest.served``)."""

from __future__ import annotations

import html
import urllib.parse

import pytest
from served import Served, fetch
from support import run

pytestmark = pytest.mark.slow


def refusal(served: Served, path: str) -> str:
    """The words of the 400 page ``path`` gets on Ana's link, as a reader reads them."""
    status, _, page = fetch(served.link("Ana") + path)
    assert status == 400, page
    return html.unescape(page)


@pytest.mark.parametrize(
    ("asked", "said"),
    [
        ("kind", "not by “kind”."),
        ("it's", "not by “it's”."),  # Python's notation switched to double quotes: "it's"
        ("a\\b", "not by “a\\b”."),  # and doubled the backslash: 'a\\\\b'
        ("\x1b[2J", "not by “\\x1b[2J”."),  # a control character escaped as the CLI's refusals escape it (EB4)
        ("x" * 100, f"not by “{'x' * 39}…”."),
    ],
)
def test_a_word_the_luck_page_does_not_know_is_repeated_in_quotation_marks_ruling_nt7(served: Served, asked: str, said: str) -> None:
    assert f"Luck is counted by player, by character or by session, {said}" in refusal(served, "luck?by=" + urllib.parse.quote(asked))


def test_a_moment_too_long_is_repeated_in_quotation_marks_and_cut_ruling_nt7(served: Served) -> None:
    page = refusal(served, "sheet/Alice?as_of=" + urllib.parse.quote("it's " + "y" * 100))
    assert f"“it's {'y' * 34}…” is no session, game date or event: a moment is at most 80 characters." in page


def test_an_event_no_one_has_is_repeated_in_quotation_marks_its_control_characters_escaped_ruling_nt7(served: Served) -> None:
    # It was put between curly quotes as typed: a NUL or an ESC reached the page as itself.
    status, _, page = fetch(served.link("Ana") + "explain/" + urllib.parse.quote("\x1b[2J\x00"))
    assert status == 404
    assert "There is no event “\\x1b[2J\\x00” in this campaign." in html.unescape(page)
    assert "\x1b" not in page and "\x00" not in page


def test_the_campaign_page_says_which_span_had_nothing_notable_as_the_report_does_ruling_tb15(served: Served) -> None:
    # served.py's table: session 1 opened at the campaign's start; nothing happened before it.
    said = "between the campaign's start and the start of session 1, both at Day 1 08:00"
    status, _, page = fetch(served.link("Ana"))
    assert status == 200 and f"<p>Nothing notable {said}.</p>" in html.unescape(page), page
    assert run(served.db, "downtime", "report", "Verdelune").stdout == f"Verdelune: nothing notable {said}\n"
