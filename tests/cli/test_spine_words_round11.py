"""The spine's words as the round-11 web play-test found them, through the real command line in a
subprocess on a real journal: the game named by its title (ruling EB25), a member's joining said in
words (EB25), a player taking up a character named in `audit show` as in the log (EB26), a sheet
asked as of a date before the campaign began refused (TB18), a bad date's example without straight
quotes (EB24), and an undo's campaign line in words (UN19)."""

from __future__ import annotations

import asyncio
import html
import json
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
from support import SAMPLES, chronique, log_details, run, short_ref, stored
from verdelune_party import verdelune_party

from chronique.domain.rulesets import KNOWN, ruleset

WESTERN, SAM = "Shotgun City", "Sam Parkerson"


def details(db: str, campaign: str, *args: str) -> list[tuple[dict[str, Any], str]]:
    """Each entry of ``chronique log CAMPAIGN ARGS`` (the real command, in a subprocess): its event
    as ``--json`` gives it, with the Details cell the table shows for it (a wrapped cell's lines
    joined), oldest first."""
    events = [entry["event"] for entry in json.loads(chronique(db, "log", campaign, "--json", *args).stdout)]
    return list(zip(events, log_details(db, campaign, *args), strict=True))


def refused(db: str, *args: str) -> str:
    """The real command in a subprocess refused as bad input: exit 2, one line, nothing printed on
    stdout, nothing recorded; its line."""
    before = stored(db)
    result = chronique(db, *args, check=False)
    assert (result.returncode, result.stdout) == (2, ""), result.stderr
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert stored(db) == before
    return result.stderr.strip()


def western(db: str) -> None:
    """A Western Parade campaign from 1873-04-12 08:00 (§1.6's real calendar), Sam played by Ana."""
    run(db, "campaign", "new", WESTERN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", WESTERN, "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "character", "player", WESTERN, SAM, "Ana")


# -- 1, 2. The game by its title, a member's joining in words (ruling EB25) -------------------------


@pytest.mark.parametrize("game", KNOWN)
def test_the_log_names_the_game_by_its_title_and_says_who_joined_in_words_ruling_eb25(tmp_path: Path, game: str) -> None:
    # It read "campaign Arkham created (western-parade)", the name the game is typed by, and
    # "general joined the campaign (deck)", "Alice joined the campaign (character)": data words.
    db = str(tmp_path / "journal.db")
    rules = ruleset(game)
    run(db, "campaign", "new", "Arkham", "--ruleset", game)
    run(db, "character", "new", "Arkham", "--sheet", str(SAMPLES / rules.sample_sheets[0]))
    entries = details(db, "Arkham")
    assert entries[0][1] == f"campaign Arkham created ({rules.title})"
    joined = [(event, said) for event, said in entries if event["topic"].endswith(":Campaign.MemberJoined")]
    assert {event["kind"] for event, _ in joined} <= {"deck", "character"}
    assert [event["kind"] for event, _ in joined].count("character") == 1
    for event, said in joined:
        name = event["name"]
        assert said == (f"the {name} deck joined the campaign" if event["kind"] == "deck" else f"{name} joined the campaign")
    if game == "cartes":  # the README's tour: the general deck, then Alice
        assert [said for _, said in joined] == ["the general deck joined the campaign", "Alice joined the campaign"]


# -- 3. A player's taking up a character, named (ruling EB26) ---------------------------------------


def test_audit_show_names_the_character_a_player_took_up_as_the_log_does_ruling_eb26(tmp_path: Path) -> None:
    # The log said "Alice is now played by Ana" and `audit show` of the same event "a character is
    # now played by Ana": the explanation told the event without the name the log gives it.
    db = str(tmp_path / "journal.db")
    verdelune_party(db, players={"Alice": "Ana"}, session=False)
    [(event, said)] = [(e, d) for e, d in details(db, "Verdelune") if e["topic"].endswith(":Campaign.PlayerAssigned")]
    assert said == "Alice is now played by Ana"
    shown = chronique(db, "audit", "show", short_ref(event)).stdout.splitlines()
    assert "what happened: Alice is now played by Ana" in shown, shown


# -- 4. A sheet as of a date before the campaign began (ruling TB18) --------------------------------


def test_a_sheet_as_of_a_date_before_the_campaign_began_is_refused_in_one_line_ruling_tb18(tmp_path: Path) -> None:
    # A date after the clock was refused, one before the campaign's start showed "Sam Parkerson
    # — as it stood at 1873-01-01 08:00", a sheet before anything of it existed.
    db = str(tmp_path / "journal.db")
    western(db)
    assert refused(db, "sheet", WESTERN, SAM, "--as-of", "1873-01-01 08:00") == (
        "error: 1873-01-01 08:00 is before the campaign began (1873-04-12 08:00)"
    )
    assert refused(db, "sheet", WESTERN, SAM, "--as-of", "1873-04-12 07:59:30", "--json") == (
        "error: 1873-04-12 07:59:30 is before the campaign began (1873-04-12 08:00:00)"
    )
    # Its very start is a moment of it: the sheet as it stood then.
    assert (
        chronique(db, "sheet", WESTERN, SAM, "--as-of", "1873-04-12 08:00")
        .stdout.splitlines()[0]
        .endswith("as it stood at 1873-04-12 08:00")
    )
    # A campaign that counts days, begun at Day 1 08:00: the first hours of its first day are before it.
    verdelune_party(db, session=False)
    assert refused(db, "sheet", "Verdelune", "Alice", "--as-of", "Day 1 00:00") == (
        "error: Day 1 00:00 is before the campaign began (Day 1 08:00)"
    )


# -- 5. A bad date's example, without straight quotes (ruling EB24) ---------------------------------


@pytest.mark.parametrize(
    ("start", "said"),
    [
        ("Day 1 08:00", "error: “garbage” is not a game date (write a date such as `Day 3 14:00`)"),
        ("1873-04-12 08:00", "error: “garbage” is not a date (write a date such as `1873-04-12 08:00`)"),
    ],
    ids=["a day count", "the real calendar"],
)
def test_a_bad_date_gives_its_example_without_straight_quotes_ruling_eb24(tmp_path: Path, start: str, said: str) -> None:
    # It read "“garbage” is not a game date (write e.g. 'Day 3 14:00')": typographic quotation
    # marks around what was typed (ruling EB19), straight ones around the example, in one line.
    db = str(tmp_path / "journal.db")
    game = "western-parade" if start.startswith("1873") else "cartes"
    run(db, "campaign", "new", "Arkham", "--ruleset", game, "--start", start)
    run(db, "character", "new", "Arkham", "--sheet", str(SAMPLES / ruleset(game).sample_sheets[0]))
    name = "Sam Parkerson" if game == "western-parade" else "Alice"
    assert refused(db, "sheet", "Arkham", name, "--as-of", "garbage") == said
    assert refused(db, "log", "Arkham", "--from", "garbage") == said
    assert "'" not in said


# -- 6. An undo's campaign line in words (ruling UN19) ----------------------------------------------


def test_the_log_of_an_undo_says_a_command_was_taken_back_in_words_ruling_un19(tmp_path: Path) -> None:
    # After an undo of a wound the players' log read "corrected: undo: nothing of the campaign's
    # own voided (wrong target)", the journal's bookkeeping in its own words.
    db = str(tmp_path / "journal.db")
    verdelune_party(db, players={"Alice": "Ana"})
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "2", "--lethality", "faible")
    run(db, "undo", "Verdelune", "--reason", "wrong target")
    entries = details(db, "Verdelune")
    [undone] = [said for event, said in entries if event["topic"].endswith(":Character.Undone")]
    assert undone.startswith("undo: voided 8e840eb3:") and undone.endswith(" (wrong target)")
    [corrected] = [said for event, said in entries if event["topic"].endswith(":Campaign.Corrected")]
    assert corrected == "a command taken back (wrong target): the campaign's clock and settings left as they were"
    # An undo that voids the campaign's own events (an advance) names them by their log refs.
    run(db, "advance", "Verdelune", "2h")
    advanced = next(e for e, _ in reversed(details(db, "Verdelune")) if e["topic"].endswith(":Campaign.TimeAdvanced"))
    run(db, "undo", "Verdelune", "--reason", "too soon")
    said = [d for e, d in details(db, "Verdelune") if e["topic"].endswith(":Campaign.Corrected")]
    assert said[-1] == f"a command taken back (too soon): voided {short_ref(advanced)}"
    assert not any("campaign's own" in d for _, d in details(db, "Verdelune"))


# -- 3, 4 on the web journal: the same use cases, the same words (its app asked in process) ------------


def page(db: str, link: str, path: str) -> tuple[int, str]:
    """The status and the text of ``path`` on the invite ``link``, as the web journal serves it
    (its own ASGI app over the journal ``db``, asked as a browser asks), as a reader reads it."""
    from chronique.web.app import create_app

    address = urllib.parse.urlsplit(link + path)
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": urllib.parse.unquote(address.path),
        "raw_path": address.path.encode(),
        "query_string": address.query.encode(),
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8000")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(create_app(db)(scope, receive, send))
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, html.unescape(body.decode())


def test_the_web_journal_says_what_the_command_line_says_rulings_tb18_eb26(tmp_path: Path) -> None:
    db = str(tmp_path / "journal.db")
    western(db)
    [(assigned, _)] = [(e, d) for e, d in details(db, WESTERN) if e["topic"].endswith(":Campaign.PlayerAssigned")]
    link = next(word for word in run(db, "invite", WESTERN, "Ana").stdout.split() if "/t/" in word)
    sheet = "sheet/" + urllib.parse.quote(SAM) + "?as_of=" + urllib.parse.quote("1873-01-01 08:00")
    status, text = page(db, link, sheet)
    assert status == 400 and "1873-01-01 08:00 is before the campaign began (1873-04-12 08:00)" in text, text
    status, text = page(db, link, "explain/" + short_ref(assigned))
    assert status == 200 and "Sam Parkerson is now played by Ana" in text, text
    assert "a character is now played" not in text
