"""The spine played as a hostile player and a careless GM (the round-5 play-test): what a player
auditing their own character reads, and what undo and audit show say after a correction. Through
the real command (in-process) on a real journal of each backend."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from support import SAMPLES, run, shell, short_ref
from verdelune_party import verdelune_party


def _refs(db: str, *args: str) -> list[str]:
    """The refs of the log's entries, as ``log --json ARGS`` gives them, oldest first."""
    return [short_ref(entry["event"]) for entry in json.loads(run(db, "log", "Verdelune", "--json", *args).stdout)]


def _events(db: str, kind: str, *args: str) -> list[dict[str, Any]]:
    """The events of the class named ``kind`` in the GM's log (``ARGS`` its filters), oldest first."""
    logged = json.loads(run(db, "log", "Verdelune", "--json", "--gm", *args).stdout)
    return [e["event"] for e in logged if e["event"]["topic"].rsplit(".", 1)[-1].rsplit(":", 1)[-1] == kind]


def _party(db: str) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    for sheet in ("alice", "bruno", "brigand"):
        run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / f"{sheet}.toml"))
    run(db, "session", "start", "Verdelune")


def test_a_characters_log_holds_what_others_did_to_them_cartes_oppositions_ruling_rm5(db: str) -> None:
    """Cartes §Oppositions: the attacker's chain records the settlement and the wound a winning
    parry deals; a player reading `log --character Alice` must find the attack on her."""
    _party(db)
    run(db, "cartes", "attack", "Verdelune", "Brigand", "Alice", "--skill", "Contact", "--defence", "Contact", "--weapon-bonus", "2")
    settled = short_ref(_events(db, "OppositionSettled")[0])
    alice = _refs(db, "--character", "Alice")
    assert settled in alice
    assert settled in _refs(db, "--character", "Brigand")
    assert settled not in _refs(db, "--character", "Bruno")
    # Not every event of the table: a seal names every chain, Bruno's deal names no one else.
    (bruno_dealt,) = _events(db, "CardsDealt", "--character", "Bruno")
    assert short_ref(bruno_dealt) not in alice
    assert _events(db, "Sealed")
    assert not _events(db, "Sealed", "--character", "Alice")


def test_a_face_down_draw_naming_a_character_stays_out_of_a_players_page_fairness_face_down_ruling_rm5(db: str) -> None:
    """FAIRNESS.md (hidden draws): a player may not learn whom a face-down draw was for, so a
    player's `log --character` leaves it out until its epoch is revealed; the GM's shows it."""
    _party(db)
    run(db, "cartes", "draw", "Verdelune", "--count", "1", "--hidden", "--for", "Alice", "--reason", "the ambush")
    hidden = short_ref(_events(db, "CardsDrawn")[-1])
    assert hidden not in _refs(db, "--character", "Alice")
    assert hidden in _refs(db, "--character", "Alice", "--gm")
    run(db, "session", "end", "Verdelune")
    assert hidden in _refs(db, "--character", "Alice")


def test_undo_after_a_correction_takes_back_the_command_before_the_one_it_voided_ruling_un10(db: str) -> None:
    """Ruling UN3 (a second undo takes back the command before the last one neither a correction
    nor taken back already): a command whose every event `correct` voided is taken back already,
    so undo goes on to the one before it, and records no correction that voids nothing."""
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    for sheet in ("alice", "bruno"):
        run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / f"{sheet}.toml"))
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "3", "--lethality", "faible")
    run(db, "cartes", "wound", "Verdelune", "Bruno", "--damage", "2", "--lethality", "faible")
    alice_wound, bruno_wound = (short_ref(e) for e in _events(db, "WoundSuffered"))
    run(db, "correct", bruno_wound, "--reason", "Bruno was not there")
    said = run(db, "undo", "Verdelune", "--reason", "the fall never happened").stdout
    assert f"voided {alice_wound}" in said
    assert "nothing left to void" not in said
    assert [e["voided"] for e in _events(db, "Undone")] == [[int(alice_wound.split(":")[1])]]
    logged = json.loads(run(db, "log", "Verdelune", "--json", "--gm").stdout)
    assert len([e for e in logged if e["event"]["topic"].endswith("Campaign.Corrected")]) == 1  # this undo's, none before it


def test_audit_show_says_a_corrections_reason_once_ruling_fp16(db: str) -> None:
    """Ruling FP11 (audit show tells one event in words): a correction's account names its reason
    already, "correction: voided 8e840eb3:1 (wrong target)"; a "why:" line under it said it again."""
    verdelune_party(db, session=False)
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "3", "--lethality", "faible")
    run(db, "correct", short_ref(_events(db, "WoundSuffered")[0]), "--reason", "wrong target")
    shown = run(db, "audit", "show", short_ref(_events(db, "Corrected")[0])).stdout
    assert shown.count("wrong target") == 1, shown


def test_a_note_signed_by_no_one_of_the_table_is_refused_and_a_player_signs_as_assigned_ruling_nt6(db: str) -> None:
    """Rulings NT2, NT3: a note is the GM's or a player's. A name that is neither (a player's name
    mistyped) was recorded as the GM's note under that name; it is refused, nothing recorded."""
    verdelune_party(db, session=False)
    run(db, "character", "player", "Verdelune", "Alice", "Mireille")
    run(db, "campaign", "set", "Verdelune", "players-write-notes", "on")
    before = _refs(db, "--gm")
    refused = run(db, "note", "character", "Verdelune", "Alice", "Mine.", "--author", "Mirelle", check=False)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == (
        "error: “Mirelle” plays no character of Verdelune: a note is signed GM (the default) or by a player: Mireille\n"
    )
    assert _refs(db, "--gm") == before
    run(db, "note", "character", "Verdelune", "Alice", "Mine.", "--author", "  mireille ")
    run(db, "session", "start", "Verdelune")
    run(db, "note", "recap", "Verdelune", "Ours.", "--author", "gm")
    notes = json.loads(run(db, "note", "list", "Verdelune", "--json").stdout)
    assert [(n["author"], n["by_player"]) for n in notes["notes"]["Alice"]] == [("Mireille", True)]
    assert [(n["author"], n["by_player"]) for n in notes["recaps"]] == [("GM", False)]


def test_a_backup_restores_over_a_journal_damaged_beyond_its_campaigns_names_ruling_bd22(tmp_path: Path) -> None:
    """Ruling EB8 (a restore names the campaigns of the journal it replaces): those names are read
    off the campaigns' creations, so a journal whose campaign chain holds a damaged event, the
    very journal a GM restores a backup over, is replaced and named, never a JSON error."""
    journal, backup = tmp_path / "journal.db", tmp_path / "backup.db"
    verdelune_party(journal, session=False)
    run(journal, "backup", "-o", str(backup))
    run(journal, "campaign", "set", "Verdelune", "players-write-notes", "on")
    with closing(sqlite3.connect(journal)) as database, database:
        database.execute("UPDATE stored_events SET state = ? WHERE topic LIKE ?", (b"{not so", "%Campaign.SettingChanged"))
    said = run(journal, "restore", str(backup), check=False)
    assert (said.returncode, said.stderr) == (0, "")
    assert "it replaced a journal of 1 campaign (Verdelune)" in said.stdout
    assert "Verdelune: OK" in run(journal, "verify").stdout


def test_a_sheet_as_of_event_zero_is_bad_input_in_one_line_never_an_unexpected_error(db: str) -> None:
    """An event's ref counts from 1 (FAIRNESS.md: version 1 is a chain's first link): `--as-of
    <id>:0` named no event and ended in "unexpected AggregateNotFoundError", exit 1."""
    verdelune_party(db, session=False)
    (created,) = _events(db, "Created", "--character", "Alice")
    for ref in (f"{created['originator_id'][:8]}:0", f"{_events(db, 'Created')[0]['originator_id'][:8]}:0"):
        refused = run(db, "sheet", "Verdelune", "Alice", "--as-of", ref, check=False)
        assert (refused.returncode, refused.stderr) == (2, f"error: no event “{ref}” in this journal: an event's number counts from 1\n")


def test_a_long_name_is_refused_repeating_at_most_a_names_length_ruling_eb3(db: str) -> None:
    """Ruling EB3 (a name is 1 to 80 characters): a refusal repeats what was typed no further."""
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    refused = run(db, "sheet", "Verdelune", "A" * 300, check=False)
    assert (refused.returncode, refused.stderr) == (2, f"error: no character “{'A' * 79}…” in Verdelune\n")


def test_a_schedule_at_an_hour_past_23_59_is_refused_and_records_nothing(db: str) -> None:
    """A pacing's time of day names a moment of a real day: "mon 25:00" matched the schedule's
    pattern, was recorded, and left the daemon a schedule it could not place."""
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    before = _refs(db, "--gm")
    for every in ("mon 25:00", "daily 9:60"):
        refused = run(db, "pace", "set", "Verdelune", "--every", every, "--advance", "1w", check=False)
        said = f"error: “{every}” is not a schedule (write one such as `mon 09:00` or `daily 20:00`)\n"
        assert (refused.returncode, refused.stderr) == (2, said)
    assert _refs(db, "--gm") == before
    run(db, "pace", "set", "Verdelune", "--every", "mon 23:59", "--advance", "1w")


def test_a_log_asked_from_after_its_end_is_bad_input_not_an_empty_page(db: str) -> None:
    """A log `--from` a day after its `--to` names no moment: it said "no entry of the log to
    show", exit 0, as if the campaign had done nothing then."""
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    refused = run(db, "log", "Verdelune", "--from", "Day 3", "--to", "Day 1", check=False)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == "error: `--from` Day 3 00:00 is after `--to` Day 1 00:00: no moment is in both\n"


def test_a_campaign_named_as_another_but_for_case_or_accents_is_refused_ruling_eb10(db: str) -> None:
    """Ruling TB2 (names are found without case or accents): "vallee" beside "Vallée" was
    created, and "Vallee" then opened one of them without a word."""
    run(db, "campaign", "new", "Vallée", "--ruleset", "cartes")
    for alike in ("vallee", "VALLÉE", " Vallee "):
        refused = run(db, "campaign", "new", alike, "--ruleset", "microfudge", check=False)
        assert (refused.returncode, refused.stdout) == (2, "")
        assert refused.stderr == "error: a campaign named Vallée already exists: names are told apart without case or accents\n"
    assert [c["name"] for c in json.loads(run(db, "campaign", "list", "--json").stdout)] == ["Vallée"]
    run(db, "campaign", "new", "Vallon", "--ruleset", "cartes")


def test_a_player_keeps_one_spelling_and_no_player_is_named_gm_ruling_eb11(db: str) -> None:
    """Ruling WJ12 (a player is matched without case or accents, as the campaign spells them):
    "ana" for a second character was recorded as a second player beside "Ana"; and "GM", which
    signs the game master's notes and links, could be a player's name."""
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    for sheet in ("alice", "bruno"):
        run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / f"{sheet}.toml"))
    run(db, "character", "player", "Verdelune", "Alice", "Anaïs")
    assert run(db, "character", "player", "Verdelune", "bruno", "  anais ").stdout == "Bruno is played by Anaïs\n"
    before = _refs(db, "--gm")
    refused = run(db, "character", "player", "Verdelune", "Bruno", "gm", check=False)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == "error: “gm” is the game master's name in notes and links: a player takes another\n"
    assert _refs(db, "--gm") == before
    assert [e["player"] for e in _events(db, "PlayerAssigned")] == ["Anaïs", "Anaïs"]


def test_a_sheet_as_of_another_campaigns_event_is_refused_as_one_that_does_not_exist(db: str) -> None:
    """Ruling WJ20 (a sheet as of an event that is not the campaign's is refused): Alice's sheet
    "as it stood when event <another campaign's>:3 was recorded" was shown, and the refusal must
    not tell a player that the event exists elsewhere."""
    verdelune_party(db, session=False)
    run(db, "campaign", "new", "Arkham", "--ruleset", "microfudge")
    theirs = short_ref(json.loads(run(db, "log", "Arkham", "--json").stdout)[-1]["event"])
    for ref in (theirs, "ffffffff:3"):
        refused = run(db, "sheet", "Verdelune", "Alice", "--as-of", ref, check=False)
        assert (refused.returncode, refused.stdout) == (2, "")
        assert refused.stderr == f"error: no event “{ref}” in Verdelune: `chronique log` lists its events\n"


def test_verify_with_a_kept_seal_names_its_campaign_and_an_empty_journal_says_so_ruling_fp18(db: str) -> None:
    """FAIRNESS.md ("a verifier also accepts receipts kept by players"): a seal is one campaign's.
    `verify --seal S` over every campaign said every other campaign "was rewritten or cut short";
    over a journal with no campaign it printed nothing and exited 0, the seal never checked."""
    verdelune_party(db)
    seal = run(db, "session", "end", "Verdelune").stdout.split("seal: ")[-1].split()[0]
    assert run(db, "verify", "--seal", seal).stdout.startswith("Verdelune: OK")  # one campaign: it is hers
    run(db, "campaign", "new", "Arkham", "--ruleset", "microfudge")
    refused = run(db, "verify", "--seal", seal, check=False)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == (
        "error: a kept seal or commitment is one campaign's, and this journal holds 2 campaigns: "
        "name it (`chronique verify CAMPAIGN --seal …`)\n"
    )
    assert run(db, "verify", "Verdelune", "--seal", seal).stdout.startswith("Verdelune: OK")


def test_verify_of_a_journal_without_campaigns_says_so_and_fails_a_kept_seal_ruling_fp18(tmp_path: Path) -> None:
    journal = tmp_path / "journal.db"
    run(journal, "init")
    assert run(journal, "verify").stdout == "this journal holds no campaign: there is nothing to verify\n"
    failed = run(journal, "verify", "--seal", "a" * 64, check=False)
    assert (failed.returncode, failed.stdout) == (1, "this journal holds no campaign, so none extends the kept receipts\n")


def test_a_shell_line_with_an_unclosed_quote_is_refused_in_words_ruling_sl9(db: str) -> None:
    """Ruling SL1 (a line Click or the splitter refuses is one error line): it read "error: No
    closing quotation", Python's shlex in its own capitalised words."""
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    done = shell(db, "log 'Verdelune\n", "Verdelune")
    assert (done.returncode, done.stderr) == (2, "error: a quotation mark opened on this line is never closed\n")
