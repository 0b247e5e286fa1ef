"""Notes and session recaps (issue 16) through the services, on a real journal of each game: written
as events, read back with their author and in-game time, shown in the exports rendered, checked by
the verifier like every event of the chain, and taken back by ``undo``. A player writes only when
the GM allows it; an empty or too long note is refused and records nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ruleset_contract import CAMPAIGN, party, play, session

from chronique.adapters.bootstrap import build
from chronique.adapters.exports import session as session_export
from chronique.adapters.exports import sheet as sheet_export
from chronique.adapters.services import Chronique, LogPage
from chronique.adapters.undo import undo
from chronique.domain import deck_rules
from chronique.domain.errors import RuleViolation
from chronique.domain.notes import NOTE_LIMIT, NOTE_WORDS
from chronique.domain.rulesets import KNOWN
from chronique.domain.spine_settings import PLAYERS_WRITE_NOTES
from chronique.domain.verifier import verify_bundle
from chronique.domain.world import World

RECAP = "## The ford\n\nThe party crossed *at night*; **two** of them fell in.\n\n- a lantern lost\n- [map](https://example.org/map)"
NOTE = "Keeps a *letter* she never opens."


def newest(services: Chronique) -> int | None:
    """The journal's last notification: a refused command must leave it where it was."""
    return services.journal.recorder.max_notification_id()


def first_character(services: Chronique) -> str:
    return min(c.name for c in services.world(CAMPAIGN).characters.values())


@pytest.mark.parametrize("game", KNOWN)
def test_a_recap_and_a_note_are_recorded_shown_verified_and_undone_in_every_game(db_path: Path, game: str) -> None:
    play(str(db_path), game)
    services = build(str(db_path), create=False)
    try:
        who = first_character(services)
        recap = services.write_recap(CAMPAIGN, None, "GM", RECAP)
        note = services.write_note(CAMPAIGN, who, "GM", NOTE)
        # None names the last session, the one just played (it is closed).
        assert (recap.session, recap.author, recap.by_player, recap.text, recap.voided) == (1, "GM", False, RECAP, False)
        assert (note.character, note.session, note.text, note.voided) == (who, 1, NOTE, False)
        assert services.recaps(CAMPAIGN) == {1: [recap]} and services.notes(CAMPAIGN, who) == [note]
        # In the log at the campaign's in-game time, as the log read model keeps every event.
        kinds = {e.kind: e for e in services.page_log(CAMPAIGN, LogPage())}
        clock = services.campaign(CAMPAIGN).clock
        assert kinds["RecapWritten"].at == clock and kinds["NoteWritten"].at == clock and kinds["NoteWritten"].who == who
        # The session export shows the recap rendered (HTML) or as written (Markdown); the sheet the note.
        page = session_export(services, CAMPAIGN, 1, "html")
        assert "<h2>The ford</h2>" in page and "<em>at night</em>" in page
        assert 'href="https://example.org/map" rel="nofollow noopener noreferrer"' in page
        assert "> ## The ford" in session_export(services, CAMPAIGN, 1, "md")
        assert "Keeps a <em>letter</em> she never opens." in sheet_export(services, CAMPAIGN, who, "html")
        assert "> Keeps a *letter* she never opens." in sheet_export(services, CAMPAIGN, who, "md")
        # FAIRNESS v2: notes are links of their chains like any event, and consume no chance.
        from importlib import import_module

        from chronique.domain.rulesets.registry import module

        bundle = services.audit.bundle(CAMPAIGN, for_players=False)
        assert verify_bundle(bundle, deck_rules.RULES | import_module(module(game, "verification")).RULES).ok
        # Undo takes the note back, then the recap: both stay in the log, voided, and leave the exports.
        undone = undo(services, CAMPAIGN)
        assert [a.ref for a in undone.voided] == [note.ref]
        assert services.notes(CAMPAIGN, who)[0].voided and "letter" not in sheet_export(services, CAMPAIGN, who, "html")
        assert [a.ref for a in undo(services, CAMPAIGN).voided] == [recap.ref]
        assert services.recaps(CAMPAIGN)[1][0].voided and "The ford" not in session_export(services, CAMPAIGN, 1, "html")
    finally:
        services.close()


def test_a_later_recap_of_the_same_session_adds_to_it_ruling_NT1(db_path: Path) -> None:
    play(str(db_path), "cartes")
    services = build(str(db_path), create=False)
    try:
        first = services.write_recap(CAMPAIGN, 1, "GM", "The first night.")
        second = services.write_recap(CAMPAIGN, 1, "GM", "What the GM remembered later.")
        assert services.recaps(CAMPAIGN) == {1: [first, second]}
        page = session_export(services, CAMPAIGN, 1, "html")
        assert page.index("The first night.") < page.index("What the GM remembered later.")
    finally:
        services.close()


def test_which_session_a_recap_is_about(db_path: Path) -> None:
    db = str(db_path)
    party(db, "cartes")
    services = build(db, create=False)
    try:
        with pytest.raises(RuleViolation, match="has had no session yet"):
            services.write_recap(CAMPAIGN, None, "GM", "Too early.")
        session(db, "cartes")  # session 1, left open
        assert services.write_recap(CAMPAIGN, None, "GM", "During play.").session == 1
        before = newest(services)
        for wrong in (0, 2):
            with pytest.raises(RuleViolation, match=f"has no session {wrong}: its sessions are 1 to 1"):
                services.write_recap(CAMPAIGN, wrong, "GM", "Not yet.")
        assert newest(services) == before
    finally:
        services.close()


def test_a_player_writes_only_once_the_GM_allows_it_ruling_NT2(db_path: Path) -> None:
    db = str(db_path)
    play(db, "cartes")
    services = build(db, create=False)
    try:
        services.assign_player(CAMPAIGN, "Alice", "Mireille")
        campaign = services.campaign(CAMPAIGN)
        assert campaign.players_may_write_notes is False
        before = newest(services)
        # Named as the player assigned to Alice (any case), or told to write as a player.
        for attempt in (
            lambda: services.write_note(CAMPAIGN, "Alice", "mireille", NOTE),
            lambda: services.write_recap(CAMPAIGN, None, "Mireille", RECAP),
            lambda: services.write_note(CAMPAIGN, "Bruno", "Someone", NOTE, as_player=True),
        ):
            with pytest.raises(RuleViolation) as refused:
                attempt()
            assert str(refused.value) == (
                f"players may not write notes in {CAMPAIGN}: the GM allows it with "
                f"`chronique campaign set '{CAMPAIGN}' players-write-notes on`"
            )
        assert newest(services) == before

        def allow(world: World) -> bool:
            return world.campaign.change_setting(PLAYERS_WRITE_NOTES, "on")

        assert services.act(CAMPAIGN, allow)
        assert services.campaign(CAMPAIGN).players_may_write_notes is True
        mine = services.write_note(CAMPAIGN, "Alice", "Mireille", NOTE)
        recap = services.write_recap(CAMPAIGN, None, "Mireille", RECAP)
        assert mine.by_player and recap.by_player and mine.author == "Mireille"
        # The GM still writes as the GM, not as a player.
        assert services.write_note(CAMPAIGN, "Alice", "GM", "From the GM.").by_player is False
        assert "(a player)" in session_export(services, CAMPAIGN, 1, "md")
    finally:
        services.close()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "a note cannot be empty"),
        (" \n\t \r\n", "a note cannot be empty"),
        ("x" * (NOTE_LIMIT + 1), f"a note is {NOTE_LIMIT + 1:,} characters long; at most {NOTE_LIMIT:,} are allowed"),
        ("clear \x1b[2J the screen", "a note may hold only printable characters, line breaks and tabs, not an escape character (U+001B)"),
        ("a\x00b", "a note may hold only printable characters, line breaks and tabs, not a null character (U+0000)"),
        (
            "caf\udce9",
            "a note may hold only printable characters, line breaks and tabs, "
            "not half of a character pair, which is no character alone (U+DCE9)",
        ),
        ("\u202egnp.exe", "a note may hold only printable characters, line breaks and tabs, not a right-to-left override (U+202E)"),
    ],
    ids=["empty", "blank", "too-long", "escape", "nul", "surrogate", "bidi"],
)
def test_a_note_empty_too_long_or_with_control_characters_is_refused_in_one_line(db_path: Path, text: str, problem: str) -> None:
    db = str(db_path)
    play(db, "cartes")
    services = build(db, create=False)
    try:
        before = newest(services)
        with pytest.raises(RuleViolation) as refused:
            services.write_note(CAMPAIGN, "Alice", "GM", text)
        assert str(refused.value) == problem
        with pytest.raises(RuleViolation) as refused:
            services.write_recap(CAMPAIGN, None, "GM", text)
        assert str(refused.value) == problem.replace("a note", "a recap")
        assert newest(services) == before
        # The longest note is accepted, as written (line ends made \n).
        assert services.write_note(CAMPAIGN, "Alice", "GM", "y" * NOTE_LIMIT).text == "y" * NOTE_LIMIT
        assert services.write_note(CAMPAIGN, "Alice", "GM", "one\r\ntwo\tcols").text == "one\ntwo\tcols"
    finally:
        services.close()


def test_a_note_reads_in_words_in_the_log(db_path: Path) -> None:
    db = str(db_path)
    play(db, "cartes")
    services = build(db, create=False)
    try:
        services.assign_player(CAMPAIGN, "Alice", "Mireille")
        services.act(CAMPAIGN, lambda w: w.campaign.change_setting(PLAYERS_WRITE_NOTES, "on"))
        services.write_recap(CAMPAIGN, None, "GM", RECAP)
        services.write_note(CAMPAIGN, "Alice", "Mireille", NOTE)
        said = [e.description for e in services.page_log(CAMPAIGN, LogPage(kinds=("RecapWritten", "NoteWritten")))]
        assert said == ["GM wrote a recap of session 1", "Mireille (a player) wrote a note on Alice"]
        assert len(NOTE_WORDS) == 2
    finally:
        services.close()
