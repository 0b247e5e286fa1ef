"""Issue 16: the players' web journal. A real ``chronique serve`` over a real journal on each
backend, real invite links from the real command line, a real chromium: who sees what, revoked
links, the live log, the entropy form, the safety of every input, phones' widths and accessibility."""

from __future__ import annotations

import json
import re
import time
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
from browsing import chromium
from microfudge_table import zombies_at_the_table
from served import CAMPAIGN, Served, fetch, fetch_bytes, invite, serving
from support import SAMPLES, chronique, run

from chronique.web.headers import SECURITY_HEADERS

pytestmark = pytest.mark.slow

AXE = Path(__file__).parent / "axe.min.js"
HOSTILE = "<script>alert('owned')</script>'; DROP TABLE stored_events; --"


def hidden_draw(db: str) -> list[str]:
    """A GM's face-down draw of three cards, as the GM's own command prints them."""
    shown = run(db, "cartes", "draw", CAMPAIGN, "--count", "3", "--hidden", "--reason", "an omen").stdout
    return shown.split(" drawn for ", 1)[0].split()  # "3♦ 7♠ 10♦ drawn for the GM (an omen), …" (C141)


def csrf_of(page_source: str) -> str:
    found = re.search(r'name="csrf" value="([0-9a-f]{64})"', page_source)
    assert found is not None, "the form carries no anti-forgery token"
    return found.group(1)


def test_a_player_link_never_shows_a_face_down_card_while_the_gm_link_does(served: Served) -> None:
    # Issue 16 "Who sees what": a hidden draw's cards are the GM's until its epoch is revealed
    # (FAIRNESS.md v2, face-down events), in every page a player can open, page source included.
    paths = ["", "log", "session/1", "luck", "xp", "sheet/Alice", "sheet/Bruno", "verify"]
    # The session's first draw deals the hands, which players see face up (Cartes §Piles): dealt
    # first, so a card of the hidden draw that is another copy of a dealt one is in "before" too.
    run(served.db, "cartes", "draw", CAMPAIGN, "--count", "1", "--reason", "the first omen")
    before = {path: fetch(served.link("Ana") + path)[2] for path in paths}
    cards = hidden_draw(served.db)
    assert len(cards) == 3
    gm_log = fetch(served.link("GM") + "log")[2]
    assert all(card in gm_log for card in cards)
    for path in paths:
        status, _, source = fetch(served.link("Ana") + path)
        assert status == 200, path
        # A game of several packs may show another copy of a card already: the hidden draw adds none.
        assert [source.count(card) for card in cards] == [before[path].count(card) for card in cards], f"a face-down card shows in {path!r}"
    assert "face down until the dice of session 1 are revealed" in fetch(served.link("Ana") + "log")[2]
    bundle = json.loads(fetch(served.link("Ana") + "bundle.json")[2])
    hidden = [e for e in bundle["events"] if e.get("hidden")]
    assert hidden, "the hidden draw is in the player's bundle, face down"
    assert all(set(e["event"]) == {"topic", "originator_id", "originator_version", "prev_hash", "sealed_until"} for e in hidden)
    assert next(epoch for epoch in bundle["epochs"] if epoch["id"] == "session-1")["seed"] is None
    ref = re.search(r'explain/([0-9a-f]{8}:\d+)" aria-label="explain event [^"]+">explain</a></td></tr>\s*$', gm_log.split("</tbody>")[0])
    assert ref is not None
    explained = fetch(served.link("Ana") + f"explain/{ref.group(1)}")[2]
    assert "face down until the dice of session 1 are revealed" in explained and not any(card in explained for card in cards)
    assert all(card in fetch(served.link("GM") + f"explain/{ref.group(1)}")[2] for card in cards)


def test_a_revoked_or_unknown_link_is_a_plain_404_and_tokens_never_reach_the_log(served: Served) -> None:
    assert fetch(served.link("Ben"))[0] == 200
    run(served.db, "invite", "revoke", CAMPAIGN, "Ben")
    revoked = fetch(served.link("Ben"))
    unknown = fetch(served.base + "/t/" + "x" * 43 + "/")
    assert revoked[0] == unknown[0] == 404
    assert revoked[2] == unknown[2], "a revoked link must give no hint that it ever existed"
    assert fetch(served.link("Ben") + "bundle.json")[0] == 404
    assert fetch(served.link("Ana"))[0] == 200
    logged = served.log.read_text()
    for link in served.links.values():
        assert link.rstrip("/").rsplit("/", 1)[1] not in logged
    assert "GET /t/…/ 404" in logged


def test_guessing_tokens_is_slowed_after_ten_misses(served: Served) -> None:
    # Issue 16 "Safety": token guesses are rate limited (ten a minute from one address).
    statuses = [fetch(f"{served.base}/t/guess{n:04d}/")[0] for n in range(11)]
    assert statuses == [404] * 10 + [429]
    # A valid link is always served: behind a proxy every player shares one address, and ten
    # guesses from anyone must not lock them all out (an earlier version answered 429 here).
    assert fetch(served.link("Ana"))[0] == 200, "a valid link is served whatever guesses came from its address"
    assert fetch(f"{served.base}/t/guess0011/")[0] == 429, "unknown links are still refused"


def test_a_client_written_forwarded_address_buys_no_fresh_guesses(served: Served) -> None:
    # README "behind a proxy": every request comes from the proxy's address. uvicorn takes an
    # X-Forwarded-For from 127.0.0.1, which a client may write itself through a plain proxy_pass:
    # eleven guesses each claiming another address are still eleven guesses from one place.
    statuses = [fetch(f"{served.base}/t/guess{n:04d}/", headers={"X-Forwarded-For": f"203.0.113.{n}"})[0] for n in range(11)]
    assert statuses == [404] * 10 + [429]
    assert fetch(served.link("Ana"), headers={"X-Forwarded-For": "203.0.113.99"})[0] == 200


def test_a_revoked_link_ends_its_open_live_stream_and_sends_nothing_more(served: Served) -> None:
    # README: a revoked link stops working at once, a stream opened before the revocation too.
    import http.client

    for who in ("Ben", "GM"):
        path = urllib.parse.urlsplit(served.link(who)).path + "live?after=0"
        connection = http.client.HTTPConnection(urllib.parse.urlsplit(served.base).netloc, timeout=10)
        connection.request("GET", path)
        response = connection.getresponse()
        assert response.status == 200
        assert response.readline().startswith(b"retry:")
        while response.readline() != b"event: rows\n":  # the rows recorded so far come first
            pass
        while response.readline() != b"\n":
            pass
        run(served.db, "invite", "revoke", CAMPAIGN, who)
        started = time.monotonic()
        run(served.db, "cartes", "test", CAMPAIGN, "Alice", "Contact", "--from", "deck")
        rest = response.read()  # the stream must end by itself: a timeout here fails the test
        connection.close()
        assert b"event: rows" not in rest, f"{who}'s revoked stream still sent a roll"
        assert time.monotonic() - started < 5.0


def test_every_response_under_a_link_is_kept_by_no_cache(served: Served) -> None:
    # The GM's pages and bundle hold face-down cards, a player's their own: no browser or proxy
    # stores them. The stylesheet, the same for all, keeps its caching.
    for who, path in (("GM", ""), ("GM", "bundle.json"), ("Ana", "sheet/Alice"), ("Ana", "verify"), ("Ana", "log")):
        assert fetch(served.link(who) + path)[1].get("cache-control") == "no-store", (who, path)
    assert fetch(served.base + "/t/unknown/")[1].get("cache-control") == "no-store"
    assert fetch(served.base + "/style.css")[1].get("cache-control") == "max-age=3600"


def test_every_response_carries_the_security_headers(served: Served) -> None:
    for url in (served.link("Ana"), served.link("Ana") + "log", served.base + "/style.css", served.base + "/t/unknown/"):
        _, headers, _ = fetch(url)
        for name, value in SECURITY_HEADERS.items():
            assert headers.get(name.lower()) == value, (url, name)
    source = fetch(served.link("Ana"))[2]
    assert "<script>" not in source and " style=" not in source and "<style" not in source


def test_the_live_log_shows_a_roll_of_the_command_line_within_two_seconds(served: Served) -> None:
    # Issue 16 "Live": the log updates by itself (server-sent events) when the CLI records.
    with chromium() as browser:
        page = browser.new_page()
        page.goto(served.link("Ana") + "log")
        before = page.locator("tbody tr").count()
        page.locator("tbody[data-live]").wait_for()
        rolled = chronique(served.db, "cartes", "test", CAMPAIGN, "Alice", "Contact", "--from", "deck")
        recorded = time.monotonic()
        # Polled through the page's elements: a function evaluated from a string would be refused
        # by the page's content security policy (no eval).
        while page.locator("tbody tr").count() <= before and time.monotonic() - recorded < 2.0:
            page.wait_for_timeout(25)
        seen = time.monotonic() - recorded
        assert page.locator("tbody tr").count() > before
        assert "Contact" in page.locator("tbody").inner_text()
        assert rolled.returncode == 0
        assert seen < 2.0


def test_entropy_from_the_form_lands_before_the_first_draw_and_is_refused_after(served: Served) -> None:
    # FAIRNESS.md: a player's phrase joins the open epoch's key before its first draw, under the
    # invite's player name, which the form cannot change.
    with chromium() as browser:
        page = browser.new_page()
        page.goto(served.link("Ana"))
        page.get_by_label("A phrase of your own").fill("la chance sourit aux audacieux")
        page.get_by_role("button", name="Add my phrase").click()
        page.wait_for_selector(".notice")
        assert "Your phrase is in the dice of session 1" in page.locator(".notice").inner_text()
    shown = json.loads(chronique(served.db, "campaign", "show", CAMPAIGN, "--json").stdout)
    assert "la chance sourit aux audacieux" in json.dumps(shown, ensure_ascii=False)
    source = fetch(served.link("Ben"))[2]
    token = csrf_of(source)
    run(served.db, "cartes", "test", CAMPAIGN, "Alice", "Contact", "--from", "deck")
    assert "Your entropy phrase" not in fetch(served.link("Ben"))[2], "the form is gone once the epoch has been drawn from"
    form = urllib.parse.urlencode({"csrf": token, "phrase": "trop tard", "player": "Ana"}).encode()
    status, headers, _ = fetch(served.link("Ben") + "entropy", form, {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 303
    assert "been%20drawn%20from%20already" in headers["location"]
    assert "trop tard" not in json.dumps(json.loads(chronique(served.db, "campaign", "show", CAMPAIGN, "--json").stdout))


def test_the_gm_link_offers_no_entropy_form_and_adds_no_phrase(served: Served) -> None:
    # Ruling W3: entropy is the players' guard against the GM (FAIRNESS.md threat model).
    source = fetch(served.link("GM"))[2]
    assert "Your entropy phrase" not in source
    form = urllib.parse.urlencode({"csrf": csrf_of(fetch(served.link("Ana"))[2]), "phrase": "the GM's own"}).encode()
    status, headers, _ = fetch(served.link("GM") + "entropy", form, {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 303 and "the%20GM%27s%20link%20adds%20none" in headers["location"]
    assert "the GM's own" not in chronique(served.db, "campaign", "show", CAMPAIGN, "--json").stdout


def test_a_form_without_its_anti_forgery_token_changes_nothing(served: Served) -> None:
    form = urllib.parse.urlencode({"phrase": "forged"}).encode()
    status, _, _ = fetch(served.link("Ana") + "entropy", form, {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 403
    other = csrf_of(fetch(served.link("Ben"))[2])  # Ben's token is not Ana's
    form = urllib.parse.urlencode({"phrase": "forged", "csrf": other}).encode()
    assert fetch(served.link("Ana") + "entropy", form, {"Content-Type": "application/x-www-form-urlencoded"})[0] == 403
    assert "forged" not in chronique(served.db, "campaign", "show", CAMPAIGN, "--json").stdout


def test_a_character_whose_name_holds_a_slash_opens_from_the_campaign_page(served: Served, tmp_path: Path) -> None:
    sheet = tmp_path / "acdc.toml"
    sheet.write_text((SAMPLES / "bruno.toml").read_text(encoding="utf-8").replace('name = "Bruno"', 'name = "AC/DC"'), encoding="utf-8")
    run(served.db, "character", "new", CAMPAIGN, "--sheet", str(sheet))
    status, _, page = fetch(served.link("GM"))
    links = re.findall(r'href="([^"]*sheet/AC[^"]*)"', page)
    assert status == 200 and links, page
    status, _, shown = fetch(urllib.parse.urljoin(served.link("GM"), links[0]))
    assert status == 200 and "AC/DC" in shown, (links, status)


def test_script_and_sql_in_every_field_come_out_as_text(served: Served) -> None:
    token = csrf_of(fetch(served.link("Ana"))[2])
    form = urllib.parse.urlencode({"csrf": token, "phrase": HOSTILE}).encode()
    assert fetch(served.link("Ana") + "entropy", form, {"Content-Type": "application/x-www-form-urlencoded"})[0] == 303
    # The pages that show the phrase or the hostile word; no character or event is named so (404).
    for path, expected in (
        ("", 200),
        ("log", 200),
        (f"sheet/{urllib.parse.quote(HOSTILE)}", 404),
        (f"explain/{urllib.parse.quote(HOSTILE)}", 404),
        # Luck counted by a way the page does not know is refused naming it (ruling WJ20): as text.
        ("luck?by=" + urllib.parse.quote(HOSTILE), 400),
    ):
        status, _, source = fetch(served.link("Ana") + path)
        assert status == expected, path
        assert "<script>alert" not in source, path
    huge = urllib.parse.urlencode({"csrf": token, "phrase": "x" * 100_000}).encode()
    assert fetch(served.link("Ana") + "entropy", huge, {"Content-Type": "application/x-www-form-urlencoded"})[0] == 413
    assert chronique(served.db, "verify", CAMPAIGN).returncode == 0


def test_the_campaign_page_is_walked_by_keyboard_alone(served: Served) -> None:
    # Issue 16: keyboard navigation. Tab reaches every link of the navigation, the entropy field
    # and its button in reading order, and the phrase is added with Enter.
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 400, "height": 800})
        page.goto(served.link("Ana"))
        reached = []
        for _ in range(12):
            page.keyboard.press("Tab")
            reached.append(page.evaluate("document.activeElement.textContent.trim() || document.activeElement.id"))
        assert reached[:7] == ["Campaign", "Log", "Luck", "Experience", "Verify the dice", "phrase", "Add my phrase"], reached
        page.focus("#phrase")
        page.keyboard.type("au clavier")
        page.keyboard.press("Enter")
        page.wait_for_selector(".notice")
    assert "au clavier" in chronique(served.db, "campaign", "show", CAMPAIGN, "--json").stdout


def test_every_page_fits_a_400_pixel_phone_and_passes_axe(served: Served) -> None:
    # Issue 16: no horizontal overflow at 400 px; axe-core finds no serious or critical violation.
    run(served.db, "cartes", "test", CAMPAIGN, "Alice", "Contact", "--from", "deck")
    run(served.db, "session", "end", CAMPAIGN)
    axe = AXE.read_text(encoding="utf-8")
    with chromium() as browser:
        context = browser.new_context(viewport={"width": 400, "height": 800}, bypass_csp=True)
        page = context.new_page()
        for path in ("", "log", "session/1", "sheet/Alice", "sheet/Alice?as_of=1", "luck", "xp", "verify"):
            page.goto(served.link("Ana") + path)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 400, f"{path!r} is {width} px wide at 400"
            page.add_script_tag(content=axe)
            found = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v => [v.id, v.impact]))")
            serious = [v for v in found if v[1] in ("serious", "critical")]
            assert serious == [], f"{path!r}: {serious}"


def verdict_of(page: Any) -> tuple[str | None, str | None, str]:
    """The in-browser verifier's final verdict on the page: state, failing place, words."""
    verdict = page.locator("#verdict")
    # Pyodide loads in a few seconds; a selector is waited for without evaluating a string, which
    # the page's content security policy (no eval) would refuse.
    final = ", ".join(f'#verdict[data-state="{state}"]' for state in ("verified", "dice-only", "failed"))
    page.locator(final).wait_for(timeout=90_000)
    return verdict.get_attribute("data-state"), verdict.get_attribute("data-place"), verdict.inner_text()


def test_the_players_browser_verifies_the_campaign_and_names_the_forged_event(served: Served, tmp_path: Path) -> None:
    # Issue 16 "Verify in the browser": a "verified" badge computed in the player's own browser,
    # agreeing with `chronique verify`; then a careful forger rewrites a roll (tests/tampering.py).
    from tampering import forge, offline

    tmp = tmp_path

    run(served.db, "cartes", "test", CAMPAIGN, "Alice", "Contact", "--from", "deck")
    run(served.db, "session", "end", CAMPAIGN)
    with chromium() as browser:
        page = browser.new_page()
        page.goto(served.link("Ana") + "verify")
        state, _, words = verdict_of(page)
        assert state == "verified", words
        assert chronique(served.db, "verify", CAMPAIGN).returncode == 0
        rows = json.loads(chronique(served.db, "log", CAMPAIGN, "--character", "Alice", "--json").stdout)
        rolled = next(r["event"] for r in rows if r["event"]["topic"].endswith("TestMade"))
        place = forge(
            served.db,
            rolled["originator_id"],
            rolled["originator_version"],
            lambda e: e["outcome"].__setitem__("success", not e["outcome"]["success"]),
        )
        page.goto(served.link("Ana") + "verify")
        state, where, words = verdict_of(page)
    # The rewritten roll is named, in the browser as by the standalone verifier the server hands
    # out (on the same bundle) and by `chronique verify` on the journal.
    assert (state, where) == ("failed", place), words
    (tmp / "bundle.json").write_bytes(fetch_bytes(served.link("Ana") + "bundle.json"))
    (tmp / "verify.pyz").write_bytes(fetch_bytes(served.link("Ana") + "verify.pyz"))
    told = offline(tmp / "verify.pyz", tmp / "bundle.json")
    assert told.returncode == 1 and f"FAILED at {where}:" in told.stdout, told.stdout
    assert f"FAILED at {place}:" in chronique(served.db, "verify", CAMPAIGN, check=False).stdout


def post(served: Served, who: str, path: str, fields: dict[str, str]) -> tuple[int, dict[str, str], str]:
    form = urllib.parse.urlencode(fields).encode()
    return fetch(served.link(who) + path, form, {"Content-Type": "application/x-www-form-urlencoded"})


def test_the_gm_writes_a_recap_in_markdown_from_the_page_and_it_shows_rendered_and_inert(served: Served) -> None:
    # Issue 16 "Notes": recorded as an event, rendered as Markdown with its HTML made inert.
    with chromium() as browser:
        page = browser.new_page()
        page.goto(served.link("GM") + "session/1")
        page.get_by_label("A recap of session 1").fill(
            "The party **fled** the mill.\n\n<script>alert('owned')</script>\n\n[x](javascript:alert(1))"
        )
        page.get_by_role("button", name="Record it").click()
        page.wait_for_selector(".notice")
        assert page.locator(".notice").inner_text() == "Recorded."
        assert page.locator("section.note strong").inner_text() == "fled"
        source = page.content()
    assert "<script>alert" not in source, source[source.find("<script>alert") - 300 :][:400]
    assert 'href="javascript:' not in source
    listed = json.loads(chronique(served.db, "note", "list", CAMPAIGN, "--json").stdout)
    assert "The party **fled** the mill." in json.dumps(listed)
    assert "<strong>fled</strong>" in fetch(served.link("Ana") + "session/1")[2], "players read the recap too"


def test_a_player_writes_notes_only_when_the_gm_allows_it_and_signs_with_their_own_name(served: Served) -> None:
    # Ruling NT2: only the GM writes until `players-write-notes` is on; the invite names the author.
    sheet = fetch(served.link("Ana") + "sheet/Alice")[2]
    assert "Record it" not in sheet
    note_token = re.search(r'name="csrf" value="([0-9a-f]{64})"', fetch(served.link("GM") + "sheet/Alice")[2])
    assert note_token is not None
    forged = {"csrf": note_token.group(1), "kind": "character", "about": "Alice", "text": "sneaky"}
    assert post(served, "Ana", "note", forged)[0] == 403, "the GM's form token is not Ana's"
    run(served.db, "campaign", "set", CAMPAIGN, "players-write-notes", "on")
    sheet = fetch(served.link("Ana") + "sheet/Alice")[2]
    mine = re.search(r'name="csrf" value="([0-9a-f]{64})">\s*<input type="hidden" name="kind"', sheet)
    assert mine is not None
    status, headers, _ = post(
        served,
        "Ana",
        "note",
        {"csrf": mine.group(1), "kind": "character", "about": "Alice", "text": "Alice owes *Bruno* 3 dollars", "author": "GM"},
    )
    assert status == 303 and headers["location"].endswith("notice=Recorded.")
    shown = fetch(served.link("GM") + "sheet/Alice")[2]
    assert "by Ana (a player)" in shown and "<em>Bruno</em>" in shown


def test_odd_input_in_addresses_and_forms_is_refused_in_words_never_a_server_error(served: Served) -> None:
    # Digits Python's isdigit() takes and int() refuses ("²", "٣") and a campaign named beyond
    # Latin-1 (its name goes in a download's header) are answered, not crashed on: a date that is
    # none is bad input, 400 (ruling WJ20; it read 404).
    for path, expected in (("sheet/Alice?as_of=%C2%B2", 400), ("explain/abcd:%D9%A3", 404), ("session/1?seal=x&notice=forged", 200)):
        status, _, source = fetch(served.link("Ana") + path)
        assert status == expected, path
        assert "forged" not in source, "a notice not sealed for its reader is not shown"
    token = re.search(r'name="csrf" value="([0-9a-f]{64})">\s*<input type="hidden" name="kind"', fetch(served.link("GM") + "session/1")[2])
    assert token is not None
    status, headers, _ = post(served, "GM", "note", {"csrf": token.group(1), "kind": "recap", "about": "²", "text": "x"})
    assert status == 400
    run(served.db, "campaign", "new", "Vallée — Nord", "--ruleset", "cartes")
    link = invite(served.db, "Vallée — Nord", "GM", "--gm").replace("http://127.0.0.1:8000", served.base)
    status, headers, _ = fetch(link + "bundle.json?download")
    assert status == 200 and "filename*=UTF-8''Vall%C3%A9e%20%E2%80%94%20Nord-bundle.json" in headers["content-disposition"]


def test_explain_answers_alike_for_another_campaigns_event_and_for_none(served: Served) -> None:
    # A player's link opens its own campaign: an event of another campaign of the same journal
    # reads as one that exists nowhere, a prefix shorter than the log's eight digits or a version
    # the event's chain never reached as well.
    run(served.db, "campaign", "new", "Autre", "--ruleset", "cartes")
    other = json.loads(chronique(served.db, "log", "Autre", "--json").stdout)[0]["event"]
    theirs = f"{other['originator_id'].replace('-', '')[:8]}:{other['originator_version']}"
    ours = json.loads(chronique(served.db, "log", CAMPAIGN, "--json").stdout)[0]["event"]
    mine = ours["originator_id"].replace("-", "")
    answers = {}
    for ref in (theirs, "ffffffff:2", f"{mine[:1]}:1", f"{mine[:8]}:999999"):
        status, _, source = fetch(served.link("Ana") + f"explain/{ref}")
        assert status == 404, ref
        answers[ref] = source.replace(ref, "REF")
    assert len(set(answers.values())) == 1, answers
    assert "in this campaign" in answers[theirs] and "Autre" not in answers[theirs]
    assert fetch(served.link("Ana") + f"explain/{mine[:8]}:{ours['originator_version']}")[0] == 200


def test_the_campaign_page_tells_only_what_downtime_did_since_the_last_session(served: Served) -> None:
    # `chronique downtime report` by default: what happened since the last session ended. A
    # knock-out in play (Cartes §KO ou OK L354) is the session's, never "what downtime did".
    run(served.db, "cartes", "wound", CAMPAIGN, "Bruno", "--damage", "9", "--lethality", "nulle")
    assert "was knocked out of the fight" in chronique(served.db, "downtime", "report", CAMPAIGN, "--since", "Day 1 00:00").stdout
    for moment in ("in session", "after it"):
        if moment == "after it":
            run(served.db, "session", "end", CAMPAIGN)
        page = fetch(served.link("GM"))[2]
        downtime = page.split("What downtime did", 1)[1].split("<h2", 1)[0]
        assert "knocked out" not in downtime, moment


def test_a_note_about_nothing_shows_its_refusal_instead_of_a_missing_page(served: Served) -> None:
    # A refused note goes back to a page that exists, where its reason is read.
    source = fetch(served.link("GM") + "session/1")[2]
    token = re.search(r'name="csrf" value="([0-9a-f]{64})">\s*<input type="hidden" name="kind"', source)
    assert token is not None
    for kind, about in (("recap", "99"), ("character", "Nobody")):
        status, headers, _ = post(served, "GM", "note", {"csrf": token.group(1), "kind": kind, "about": about, "text": "x"})
        assert status == 303
        status, _, page = fetch(urllib.parse.urljoin(served.link("GM"), headers["location"]))
        assert status == 200, (kind, headers["location"])
        assert 'class="notice"' in page, kind


def test_what_a_hidden_test_did_stays_off_the_players_sheet_page_until_revealed(served: Served) -> None:
    # FAIRNESS.md v2: a hidden roll's outcome is the GM's until its epoch is revealed, and so is
    # what it spent (Cartes §Tirage: the pile's cards drawn). The first draw deals the hands.
    run(served.db, "cartes", "test", CAMPAIGN, "Alice", "Contact")
    notice = "may stand as they were before a hidden roll of session 1"
    before = fetch(served.link("Ana") + "sheet/Alice")[2]
    pile = re.search(r"(\d+) cards face down", before)
    assert pile is not None and notice not in before
    run(served.db, "cartes", "test", CAMPAIGN, "Alice", "Vigilance", "--hidden")
    players, gm = fetch(served.link("Ana") + "sheet/Alice")[2], fetch(served.link("GM") + "sheet/Alice")[2]
    assert notice in players and notice not in gm
    # The sheet's own pile, above its history, whose deal row counts the pile it dealt (ruling NT10).
    assert re.findall(r"(\d+) cards face down", players.split("<h2>History</h2>", 1)[0]) == [pile.group(1)]
    run(served.db, "session", "end", CAMPAIGN)
    assert notice not in fetch(served.link("Ana") + "sheet/Alice")[2]


def test_a_hidden_decisif_leaves_the_players_campaign_page_as_it_stood_until_revealed_L343(db: str, tmp_path: Path) -> None:
    # FAIRNESS.md v2 (ruling FP9): the campaign page tells a player each character's state as his
    # sheet shows it; a hidden hazard's Décisif (3 Revers, critical: L343) would tell its outcome.
    zombies_at_the_table(db, tmp_path)
    run(db, "character", "player", "Zombies", "Jim", "Ana")
    # Psychologie Faible (2) −3 against Impossible (8): at most 3, five short: 3 Revers (L351).
    run(db, "microfudge", "hazard", "Zombies", "Jim", "Psychologie", "-d", "impossible", "--modifier", "-3", "--hidden")
    with serving(db, tmp_path, "Zombies", ("Ana",)) as site:
        gm, players = fetch(site.link("GM"))[2], fetch(site.link("Ana"))[2]
        assert "critical, needs care" in gm
        assert "critical" not in players and "standing" in players
        run(db, "session", "end", "Zombies")
        assert "critical, needs care" in fetch(site.link("Ana"))[2]
