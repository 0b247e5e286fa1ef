"""The QA review of the read side (items 2 to 6), through the real command line on a real journal
of each backend: ``log --kind`` takes the words the log shows and refuses a kind the campaign's
game does not have; a session's exports leave out the journal's command marks as ``log`` does
(ruling UN1); a player's assignment names the character; ``verify`` of every campaign names each
by its name; ``sheet --as-of`` a session that never was says so."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support import SAMPLES, run, stored

from chronique.adapters import readmodels
from chronique.adapters.bootstrap import build

CAMPAIGN = "Verdelune"


def played(db: str) -> None:
    """A Cartes campaign: Alice (played by Marie) and Bruno, a session with a test, Marie then
    handing Alice to Zoé (so a player's assignment is in the session), and the session's end."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "cartes", "--start", "Day 1 08:00")
    for who in ("alice", "bruno"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"{who}.toml"))
    run(db, "character", "player", CAMPAIGN, "Alice", "Marie")
    run(db, "session", "start", CAMPAIGN)
    run(db, "cartes", "test", CAMPAIGN, "Alice", "Contact", "--difficulty", "difficile", "--from", "deck")
    run(db, "character", "player", CAMPAIGN, "Alice", "Zoé")
    run(db, "session", "end", CAMPAIGN)


def log_json(db: str, *args: str) -> list[dict[str, Any]]:
    return list(json.loads(run(db, "log", CAMPAIGN, "--gm", "--json", *args).stdout))


def topics(entries: list[dict[str, Any]]) -> list[str]:
    return [str(entry["event"]["topic"]).rsplit(":", 1)[-1].rsplit(".", 1)[-1] for entry in entries]


# -- item 2: log --kind ------------------------------------------------------------------------------


def test_log_kind_takes_the_words_the_log_shows_in_any_case(db: str) -> None:
    played(db)
    by_class = log_json(db, "--kind", "TestMade")
    assert topics(by_class) == ["TestMade"]
    for spelling in ("test made", "TEST MADE", "Test-Made", "testmade"):
        assert log_json(db, "--kind", spelling) == by_class, spelling
    # Several kinds, in any spelling, one of them twice.
    both = log_json(db, "--kind", "test made", "--kind", "PlayerAssigned", "--kind", "player assigned")
    assert sorted(topics(both)) == ["PlayerAssigned", "PlayerAssigned", "TestMade"]
    shown = run(db, "log", CAMPAIGN, "--kind", "test made").stdout
    assert "test made" in shown and "player assigned" not in shown


def test_log_refuses_a_kind_the_campaign_s_game_does_not_have_in_one_line_naming_its_kinds(db: str) -> None:
    played(db)
    refused = run(db, "log", CAMPAIGN, "--kind", "Bogus", check=False)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert len(refused.stderr.strip().splitlines()) == 1
    assert "“Bogus”" in refused.stderr and "test made" in refused.stderr, refused.stderr
    close = run(db, "log", CAMPAIGN, "--kind", "test mad", check=False)
    assert close.returncode == 2 and "did you mean test made?" in close.stderr, close.stderr
    # Elor rolls a test, it never makes one (the review's `TestMade` on Tolosa).
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor", "--start", "Day 1 08:00")
    elor = run(db, "log", "Tolosa", "--kind", "TestMade", check=False)
    assert (elor.returncode, elor.stdout) == (2, "")
    assert "Tolosa (Elor)" in elor.stderr and "test rolled" in elor.stderr, elor.stderr
    # A kind the game has, of which nothing was recorded yet, says so in a line, not an empty table.
    assert run(db, "log", "Tolosa", "--kind", "test rolled").stdout == "Tolosa: no entry of the log to show\n"


def test_log_help_says_which_kinds_it_takes() -> None:
    shown = " ".join(run("unused.db", "log", "--help").stdout.split())
    # Its example is a kind of every game's log (ruling EB30).
    # The example in backticks, as what to type is written (ruling EB51).
    assert "(`time advanced`)" in shown and "(`TimeAdvanced`)" in shown and "in any case" in shown and "is refused" in shown


# -- item 3: the session exports leave the command marks out --------------------------------------------


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_a_session_export_leaves_out_the_command_marks_as_the_log_does(db: str, fmt: str) -> None:
    played(db)
    # The marks are in the journal, one a command (ruling UN1) ...
    assert any(topic.endswith(":Campaign.CommandRecorded") for _, _, topic, _ in stored(db))
    exported = run(db, "export", "session", CAMPAIGN, "1", "--format", fmt).stdout
    # ... and no export shows one: neither its kind nor its words.
    assert "command recorded" not in exported and "end of a command" not in exported
    assert "test made" in exported  # the play itself is there


# -- item 4: a player's assignment names the character -------------------------------------------------


def test_the_log_and_the_session_export_name_the_character_a_player_takes_up(db: str) -> None:
    played(db)
    shown = " ".join(run(db, "log", CAMPAIGN, "--kind", "player assigned").stdout.split())
    assert "Alice is now played by Marie" in shown and "Alice is now played by Zoé" in shown
    assert "a character" not in shown
    exported = run(db, "export", "session", CAMPAIGN, "1", "--format", "md").stdout
    assert "Alice is now played by Zoé" in exported


def test_a_log_caught_up_one_event_a_page_names_a_character_created_pages_before(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    played(db)
    services = build(db, create=False)
    try:
        models = services.read_models
        assert models is not None
        monkeypatch.setattr(readmodels, "PAGE", 1)  # the character's creation in a page of its own
        models.rebuild(["log"], size=1)
        descriptions = [entry.description for entry in services.page_log(CAMPAIGN, _kind("PlayerAssigned"))]
    finally:
        services.close()
    assert descriptions == ["Alice is now played by Marie", "Alice is now played by Zoé"]


def _kind(kind: str) -> Any:
    from chronique.adapters.services import LogPage

    return LogPage(kinds=(kind,))


# -- item 5: verify names every campaign ----------------------------------------------------------------


def test_verify_of_every_campaign_names_each_by_its_name(db: str) -> None:
    played(db)
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor", "--start", "Day 1 08:00")
    lines = run(db, "verify").stdout.splitlines()
    assert sorted(line.split(": ", 1)[0] for line in lines) == ["Tolosa", "Verdelune"]
    assert all(": OK: " in line for line in lines)
    assert sorted(json.loads(run(db, "verify", "--json").stdout)) == ["Tolosa", "Verdelune"]
    assert run(db, "verify", "Tolosa").stdout.startswith("Tolosa: OK: ")


# -- item 6: sheet --as-of a session that never was -----------------------------------------------------


@pytest.mark.parametrize("session", ["0", "2", "99"])
def test_sheet_as_of_a_session_that_never_was_says_there_is_none(db: str, session: str) -> None:
    played(db)
    refused = run(db, "sheet", CAMPAIGN, "Alice", "--as-of", session, check=False)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr.strip() == f"error: campaign {CAMPAIGN} has no session {session}"
    # As `log --session` says it (session 0 included: it once showed the whole log); a session
    # played still reads, one being played has not ended.
    assert run(db, "log", CAMPAIGN, "--session", session, check=False).stderr == refused.stderr
    assert run(db, "sheet", CAMPAIGN, "Alice", "--as-of", "1").returncode == 0
    run(db, "session", "start", CAMPAIGN)
    running = run(db, "sheet", CAMPAIGN, "Alice", "--as-of", "2", check=False)
    assert running.returncode == 2 and "session 2 of Verdelune has not ended" in running.stderr
