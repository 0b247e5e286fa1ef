"""The fifth play-test of the web journal: an address the page cannot read is a 400 with its own
heading (ruling WJ20), a phrase already in an epoch's key is refused on the web and the command
line alike (ruling FP15), and a player adds a phrase between sessions too, to the downtime's dice
the command line takes (ruling WJ21). A real ``chronique serve`` over a real journal."""

from __future__ import annotations

import html
import json
import re
import urllib.parse

from served import CAMPAIGN, Served, fetch
from support import run

FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def csrf_of(page_source: str) -> str:
    found = re.search(r'name="csrf" value="([0-9a-f]{64})"', page_source)
    assert found is not None, "the page carries no entropy form"
    return found.group(1)


def post_phrase(served: Served, who: str, phrase: str) -> str:
    """``who`` sends ``phrase`` from the campaign page's form: the notice the answer carries back."""
    form = urllib.parse.urlencode({"csrf": csrf_of(fetch(served.link(who))[2]), "phrase": phrase}).encode()
    status, headers, _ = fetch(served.link(who) + "entropy", form, FORM)
    assert status == 303
    return urllib.parse.unquote(urllib.parse.parse_qs(urllib.parse.urlsplit(headers["location"]).query)["notice"][0])


def phrases(db: str, epoch: str) -> list[str]:
    """The phrases in ``epoch``'s key, as the campaign records them."""
    return list(json.loads(run(db, "campaign", "show", CAMPAIGN, "--json").stdout)["epochs"][epoch]["contributions"])


def read(url: str) -> tuple[int, dict[str, str], str]:
    """:func:`fetch` with the page's text as a reader reads it (entities such as ``&#39;`` undone)."""
    status, headers, page = fetch(url)
    return status, headers, html.unescape(page)


def heading(page: str) -> str:
    found = re.search(r"<title>(.*?)</title>", page, re.S)
    assert found is not None
    return found.group(1)


def test_a_date_that_is_no_game_date_is_refused_as_bad_input_not_a_missing_page_WJ20(served: Served) -> None:
    status, _, page = read(served.link("Ana") + "sheet/Alice?as_of=zzz")
    assert status == 400 and "“zzz” is not a game date" in page, page
    assert "Not understood" in heading(page) and "Not found" not in heading(page)
    # A character the campaign does not have stays a page that does not exist, whatever the date.
    status, _, page = fetch(served.link("Ana") + "sheet/Nobody?as_of=zzz")
    assert status == 404 and "Not found" in heading(page)
    assert fetch(served.link("Ana") + "sheet/Alice?as_of=Day%201%2008:00")[0] == 200


def test_luck_counted_by_a_way_the_page_does_not_know_is_refused_naming_the_ways_WJ20(served: Served) -> None:
    status, _, page = read(served.link("Ana") + "luck?by=kind")
    assert status == 400 and "Luck is counted by player, by character or by session, not by “kind”." in page, page
    assert "Not understood" in heading(page)
    for by in ("player", "character", "session"):
        status, _, page = fetch(served.link("Ana") + f"luck?by={by}")
        assert status == 200 and f'<option value="{by}" selected>' in page
    assert fetch(served.link("Ana") + "luck")[0] == 200


def test_a_phrase_already_in_the_key_is_refused_on_the_web_whoever_sends_it_FP15(served: Served) -> None:
    # FAIRNESS.md: entropy makes the dice harder for the seed's holder to foresee; a phrase the key
    # holds already adds nothing (the play-tester's three identical "entropy added" events).
    assert post_phrase(served, "Ana", "le hibou chante") == "Your phrase is in the dice of session 1."
    again = "“le hibou chante” is part of the key of the dice of session 1 already: the same phrase again adds nothing, choose another"
    assert post_phrase(served, "Ana", "le hibou chante") == again
    assert post_phrase(served, "Ben", "  le  hibou chante ") == again
    assert phrases(served.db, "session-1") == ["le hibou chante"]
    assert post_phrase(served, "Ben", "Le hibou chante") == "Your phrase is in the dice of session 1."
    assert phrases(served.db, "session-1") == ["le hibou chante", "Le hibou chante"]


def test_the_command_line_refuses_the_same_phrase_in_the_same_words_FP15(served: Served) -> None:
    run(served.db, "session", "entropy", CAMPAIGN, "le hibou", "--player", "Ana")
    refused = run(served.db, "session", "entropy", CAMPAIGN, "le hibou", "--player", "Ben", check=False)
    assert refused.returncode == 2 and refused.stdout == "", refused
    assert refused.stderr.count("\n") == 1 and "“le hibou” is part of the key of the dice of session 1 already" in refused.stderr
    assert post_phrase(served, "Ana", "le hibou").startswith("“le hibou” is part of the key")
    assert phrases(served.db, "session-1") == ["le hibou"]


def test_between_sessions_the_form_adds_to_the_downtimes_dice_as_the_command_line_does_WJ21(served: Served) -> None:
    # Downtime holds survival draws and healing rolls (Cartes §KO ou OK): its dice are committed
    # at the session's end, and a player may add a phrase to them until their first draw.
    run(served.db, "session", "end", CAMPAIGN)
    page = fetch(served.link("Ana"))[2]
    assert "the group is between sessions" in page
    assert "A phrase of your own for the dice of the downtime after session 1" in page, page
    assert "Your entropy phrase" not in fetch(served.link("GM"))[2], "the GM's link still adds none (WJ3)"
    assert post_phrase(served, "Ana", "la nuit tombe") == "Your phrase is in the dice of the downtime after session 1."
    assert phrases(served.db, "downtime-1") == ["la nuit tombe"]
    shown = run(served.db, "session", "entropy", CAMPAIGN, "la nuit tombe", "--player", "Ben", check=False)
    assert shown.returncode == 2 and "the dice of the downtime after session 1 already" in shown.stderr
