"""The spine as the round-12 review found it, on a real journal and the real command line: a
sheet's heading names no version, which a player cannot read (ruling SV11); a control character
a refusal names is said in words (EB27), a sheet's too; a journal or bundle too damaged to read
is said in words by both verifiers, its Python error kept for a developer (FP23); a face-down
draw's cards wait for the reveal in `audit show --json` too (FP24); a Cartes deal reads in the
players' log as the deck's hand row beside it does (NT10)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from uuid import UUID

import pytest
from support import SAMPLES, chronique, run
from support import refused_cleanly as refused
from tampering import UPDATE_STATE, campaign_hex, forge, offline, sql
from verdelune_party import verdelune_party

from chronique.domain.text import character_in_words

DAMAGED = "it is damaged and cannot be read: a value it holds is not of the kind a Chronique journal records there"


# -- A sheet's heading names no version (ruling SV11) ----------------------------------------------


def test_a_sheets_heading_says_its_state_and_moment_never_a_version_in_every_renderer_ruling_sv11(db: str) -> None:
    verdelune_party(db)
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")
    # It read "Alice (version 3) — standing": a version is the journal's count, not a player's word.
    assert run(db, "sheet", "Verdelune", "Alice").stdout.splitlines()[0] == "Alice — standing"
    markdown = run(db, "export", "sheet", "Verdelune", "Alice", "--format", "md").stdout
    assert markdown.splitlines()[:2] == ["# Alice", "Cartes sheet: standing"]  # "Cartes sheet, version 3: standing"
    page = run(db, "export", "sheet", "Verdelune", "Alice", "--format", "html").stdout
    assert '<p class="status">Cartes sheet: standing</p>' in page
    assert "version" not in markdown + page
    created = next(
        e["event"] for e in json.loads(run(db, "log", "Verdelune", "--json").stdout) if e["event"]["topic"].endswith("Character.Created")
    )
    ref = f"{created['originator_id'].replace('-', '')[:8]}:1"
    assert (
        run(db, "sheet", "Verdelune", "Alice", "--as-of", ref).stdout.splitlines()[0]
        == f"Alice — standing, as it stood when event {ref} was recorded"
    )
    # A script still reads it, as the event count it is.
    assert json.loads(run(db, "sheet", "Verdelune", "Alice", "--json").stdout)["version"] == 3


# -- A control character said in words (ruling EB27) -----------------------------------------------


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        # Each read as Python's code: '\x07', '\x01', '\u202e', '\x85'.
        ("Ana\x07Marie", "a bell character (U+0007)"),
        ("Ana\x01Marie", "a control character (U+0001)"),
        ("Ana\u202eMarie", "a right-to-left override (U+202E)"),
        ("Ana\x85Marie", "a next-line character (U+0085)"),
    ],
)
def test_a_control_character_in_a_name_is_refused_in_words_with_its_unicode_number_ruling_eb27(db: str, typed: str, said: str) -> None:
    verdelune_party(db)
    assert refused(db, "character", "player", "Verdelune", "Alice", typed) == f"error: WHO may hold only printable characters, not {said}"


def test_a_note_and_a_sheet_name_their_control_character_in_words_too_ruling_eb27(db: str, tmp_path: Path) -> None:
    verdelune_party(db)
    (tmp_path / "note.md").write_text("clear \x1b[2J the screen", encoding="utf-8")
    assert refused(db, "note", "character", "Verdelune", "Alice", "--file", str(tmp_path / "note.md")) == (
        "error: a note may hold only printable characters, line breaks and tabs, not an escape character (U+001B)"
    )
    # adapters/services.py: it read "the sheet's 'specialities[0]' may hold only printable characters, not '\x1b'".
    bruno = (SAMPLES / "bruno.toml").read_text(encoding="utf-8").replace('name = "Bruno"', 'name = "Bruno2"')
    sheet = tmp_path / "odd.toml"
    sheet.write_text(bruno.replace('specialities = ["Chirurgie"]', 'specialities = ["Chir\\u001burgie"]', 1), encoding="utf-8")
    assert refused(db, "character", "new", "Verdelune", "--sheet", str(sheet)) == (
        "error: the sheet's “skills.Médecine.specialities[0]” may hold only printable characters, not an escape character (U+001B)"
    )


def test_every_character_a_refusal_names_reads_as_words_ruling_eb27() -> None:
    assert [character_in_words(c) for c in "\n\t\r "] == ["a line break", "a tab", "a carriage return", "a space"]  # EB22
    assert character_in_words("\x00") == "a null character (U+0000)"
    assert character_in_words("\x7f") == "a delete character (U+007F)"
    assert character_in_words("\u2028") == "a line separator (U+2028)"
    assert character_in_words("\u061c") == "an arabic letter mark (U+061C)"
    assert character_in_words("\udce9") == "half of a character pair, which is no character alone (U+DCE9)"
    assert character_in_words('"') == '“"”'  # a printable one, never between straight quotes
    assert not any(
        "\\x" in character_in_words(chr(code)) or "\\u" in character_in_words(chr(code))
        for code in range(0x110000)
        if not chr(code).isprintable()
    )


# -- A journal or bundle too damaged to read (ruling FP23) ------------------------------------------


def test_a_journal_too_damaged_to_read_is_said_in_words_its_python_error_kept_for_json_ruling_fp23(db: str) -> None:
    verdelune_party(db)
    campaign = campaign_hex(db)
    sealed = next(v for v, topic in _chain(db, campaign) if topic.endswith("Campaign.Sealed"))
    forge(db, campaign, sealed, lambda event: event.__setitem__("heads", 3))  # a number where a seal's heads are
    verified = chronique(db, "verify", "Verdelune", check=False)
    # It read "it is damaged and cannot be read (AttributeError: 'int' object has no attribute 'items')".
    assert (verified.returncode, verified.stdout) == (1, f"Verdelune: FAILED at the journal or bundle: {DAMAGED}\n")
    report = json.loads(chronique(db, "verify", "Verdelune", "--json", check=False).stdout)["Verdelune"]
    assert (report["failure"], report["detail"]) == (DAMAGED, "AttributeError: 'int' object has no attribute 'items'")


def test_a_stored_row_that_is_no_json_fails_at_its_own_place_in_words_ruling_fp23(db: str) -> None:
    verdelune_party(db)
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")  # the deck shuffles: a row verify decodes
    [(deck,)] = sql(db, ("SELECT originator_id FROM {events} WHERE topic LIKE '%Deck.Shuffled'", {}))
    deck = UUID(str(deck)).hex
    sql(db, (UPDATE_STATE, {"id": deck, "version": 2, "state": b"{z"}))
    verified = chronique(db, "verify", "Verdelune", check=False)
    # It read "FAILED at the journal or bundle: it is damaged and cannot be read (Unreadable: the
    # stored event cannot be read: unexpected character, expected a string key: line 1 column 2 (char 1))".
    place = f"{UUID(deck)}:2 (Deck.Shuffled)"
    assert (verified.returncode, verified.stdout) == (
        1,
        f"Verdelune: FAILED at {place}: the stored event cannot be read: its record is not JSON text\n",
    )
    report = json.loads(chronique(db, "verify", "Verdelune", "--json", check=False).stdout)["Verdelune"]
    assert report["place"] == place and report["detail"].startswith("unexpected character"), report


def test_the_standalone_verifier_says_a_bundle_too_damaged_to_read_in_words_ruling_fp23(db: str, tmp_path: Path) -> None:
    verdelune_party(db)
    run(db, "audit", "export", "Verdelune", "-o", str(tmp_path / "bundle.json"))
    run(db, "audit", "verifier", "-o", str(tmp_path / "verify.pyz"))
    bundle = json.loads((tmp_path / "bundle.json").read_text(encoding="utf-8"))
    for entry in bundle["events"]:
        if entry["event"]["topic"].endswith("Campaign.Sealed"):
            entry["event"]["heads"] = 3
    (tmp_path / "bundle.json").write_text(json.dumps(bundle), encoding="utf-8")
    checked = offline(tmp_path / "verify.pyz", tmp_path / "bundle.json")
    assert (checked.returncode, checked.stdout, checked.stderr) == (1, f"FAILED at the journal or bundle: {DAMAGED}\n", "")


def _chain(db: str, originator: str) -> list[tuple[int, str]]:
    query = "SELECT originator_version, topic FROM {events} WHERE originator_id = :id ORDER BY originator_version"
    return [(int(version), str(topic)) for version, topic in sql(db, (query, {"id": originator}))]


# -- A face-down draw's cards in `audit show --json` (ruling FP24) ---------------------------------


def test_audit_show_json_keeps_a_hidden_draws_cards_from_players_until_the_reveal_ruling_fp24(db: str) -> None:
    verdelune_party(db)
    drawn = run(db, "cartes", "draw", "Verdelune", "--for", "Alice", "--hidden", "--reason", "a secret").stdout
    card = drawn.split(" drawn for ")[0]
    log = json.loads(run(db, "log", "Verdelune", "--json", "--gm").stdout)
    secret = next(e["event"] for e in log if e["event"].get("purpose") == "a secret")
    ref = f"{secret['originator_id'].replace('-', '')[:8]}:{secret['originator_version']}"
    players = json.loads(run(db, "audit", "show", ref, "--json").stdout)
    # It listed the secret card, "cards": [{"card": "7S", ..., "purpose": "a secret"}], to players.
    assert (players["hidden"], players["event"], players["cards"]) == (True, {}, [])
    gm = json.loads(run(db, "audit", "show", ref, "--json", "--gm").stdout)
    assert [c["purpose"] for c in gm["cards"]] == ["a secret"] and len(card) >= 2


# -- A Cartes deal in the players' log (ruling NT10) -----------------------------------------------


def test_a_cartes_deal_reads_in_the_players_log_as_the_decks_hand_row_beside_it_ruling_nt10(db: str) -> None:
    verdelune_party(db)
    run(db, "cartes", "draw", "Verdelune", "--hidden")  # the session's first draw deals the hands
    logged = [e["event"] for e in json.loads(run(db, "log", "Verdelune", "--json", "--gm").stdout)]
    [pile] = [e["cards"] for e in logged if e.get("purpose") == "pile dealt"]
    [deal] = [e for e in logged if e["topic"].endswith(":CardsDealt")]
    ref = f"{deal['originator_id'].replace('-', '')[:8]}:{deal['originator_version']}"
    rows = {
        line.split("|")[1].strip(): line.split("|")[5].strip()
        for line in run(db, "--ascii", "log", "Verdelune").stdout.splitlines()
        if line.count("|") == 6
    }
    hand = re.fullmatch(r"(.+) drawn for Alice \(hand dealt\)", next(text for text in rows.values() if "(hand dealt)" in text))
    assert hand is not None, rows
    # It read "face down until the dice of session 1 are revealed", the hand it dealt shown beside it.
    dealt = f"dealt a hand of {hand[1]} and a pile of {len(pile)} cards face down"
    assert rows[ref] == dealt
    assert not any("pile dealt" in text for text in rows.values())  # the pile's cards stay face down
    # `audit show` (and the web journal's explain page) say the same, the cards' places waiting.
    explained = run(db, "audit", "show", ref).stdout.splitlines()
    assert explained[1:] == [f"what happened: {dealt}", "face down until the dice of session 1 are revealed"]
