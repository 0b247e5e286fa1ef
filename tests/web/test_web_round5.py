"""The web journal played as a hostile player (the round-5 play-test): a real ``chronique serve``
over a real journal on each backend, real links from the real command line."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from browsing import chromium, static_site
from served import CAMPAIGN, Served, fetch
from support import run, short_ref
from test_browser_verifier import OURS, VERIFY, in_browser, in_python

pytestmark = pytest.mark.slow


def test_a_long_moment_is_refused_whole_never_cut_to_another_ruling_wj22(served: Served) -> None:
    """Ruling WJ20 (a sheet's `as_of` that is no moment is 400): session 1 followed by 85 spaces
    and junk is no moment, though its first 80 characters read as session 1 once cut."""
    run(served.db, "session", "end", CAMPAIGN)
    assert fetch(served.link("Ana") + "sheet/Alice?as_of=1")[0] == 200
    status, _, page = fetch(served.link("Ana") + "sheet/Alice?as_of=1" + "%20" * 85 + "x")
    assert status == 400
    assert "a moment is at most 80 characters" in page


def test_a_characters_history_on_the_web_holds_what_others_did_to_them_ruling_rm5(served: Served) -> None:
    """Cartes §Oppositions: an opposed test is recorded on the first character's chain; Alice's
    player finds it on Alice's page. A face-down draw for her shows on the GM's page only."""
    run(served.db, "cartes", "oppose", CAMPAIGN, "Bruno", "Vigilance", "Alice", "Discrétion")
    run(served.db, "cartes", "draw", CAMPAIGN, "--count", "1", "--hidden", "--for", "Alice", "--reason", "an omen")
    logged = [e["event"] for e in json.loads(run(served.db, "log", CAMPAIGN, "--json", "--gm").stdout)]
    (settled,) = [short_ref(e) for e in logged if e["topic"].endswith(":OppositionSettled")]
    hidden = short_ref([e for e in logged if e["topic"].endswith("Deck.CardsDrawn")][-1])
    players_page = fetch(served.link("Ana") + "sheet/Alice")[2]
    assert settled in players_page
    assert hidden not in players_page
    assert hidden in fetch(served.link("GM") + "sheet/Alice")[2]


def test_a_sheet_address_of_kilobytes_is_a_404_that_repeats_at_most_a_name_ruling_eb3(served: Served) -> None:
    """Ruling EB3 (a name is 1 to 80 characters): the page sent back no longer holds the whole
    address typed, five thousand characters of it."""
    status, _, page = fetch(served.link("Ana") + "sheet/" + "A" * 5000)
    assert status == 404
    assert "A" * 79 + "…" in page and "A" * 80 not in page


@pytest.fixture(scope="module")
def verifier_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The browser's verifier (web/static/verify) served as the players' page serves it."""
    root = tmp_path_factory.mktemp("verifier")
    for name in OURS:
        shutil.copy(VERIFY / name, root / name)
    with chromium() as browser, static_site(root) as base:
        page = browser.new_page()
        page.goto(base + "index.html")
        yield page
        page.close()


EMPTY = '{"format": "chronique-fair-v2", "campaign_id": "x", "epochs": [], "events": [], "seals": []}'


@pytest.mark.parametrize(
    ("text", "failure"),
    [
        ("[]", "it is a list, not an audit bundle (a JSON object naming its format)"),
        ("null", "it is null, not an audit bundle (a JSON object naming its format)"),
        ('"bundle"', "it is a text, not an audit bundle (a JSON object naming its format)"),
        ("1.5", "it is a number, not an audit bundle (a JSON object naming its format)"),
        ("true", "it is true or false, not an audit bundle (a JSON object naming its format)"),
        ("{}", "format is missing, not one of chronique-fair-v1, chronique-fair-v2"),
        (EMPTY, "it holds no event of its campaign, not even its creation: there is nothing to verify"),
    ],
    ids=["list", "null", "text", "number", "bool", "no-format", "no-event"],
)
def test_a_bundle_that_is_none_fails_in_words_in_both_verifiers_ruling_fp17(verifier_page: Any, text: str, failure: str) -> None:
    """FAIRNESS.md ("The audit bundle": one JSON object; a campaign's chain starts with its
    creation): an empty bundle read "OK: 0 events checked", and a list "format is 'list'", a
    Python type's name. The standalone verifier's Python and the browser's JavaScript agree."""
    python = in_python(text)
    browser = in_browser(verifier_page, text)
    assert (python.ok, python.place, python.failure) == (False, "bundle", failure)
    assert (browser["ok"], browser["place"], browser["failure"]) == (False, "bundle", failure)
