"""The real CLI in a subprocess, on a real SQLite file and a real PostgreSQL database (issue 2, item 7; issue 9)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import chronique, stored

SAMPLES = Path(__file__).parents[2] / "cli" / "samples"


def rows(db: str) -> int:
    return len(stored(db))


@pytest.fixture
def party(db: str) -> str:
    chronique(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    for who in ("alice", "bruno"):
        chronique(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / f"{who}.toml"))
    return db


def test_a_session_from_start_to_downtime(party: str) -> None:
    db = party
    assert "session 1" in chronique(db, "session", "start", "Verdelune").stdout
    out = chronique(db, "test", "Verdelune", "Alice", "Contact", "--difficulty", "difficile").stdout
    assert "Alice draws Contact: target 9, +1 difficile" in out or "Alice draws Contact: target 9, +0 moyenne" in out
    chronique(db, "test", "Verdelune", "Bruno", "Sens", "-d", "tres-facile", "--from", "deck")
    chronique(db, "wound", "Verdelune", "Alice", "--damage", "6", "--lethality", "forte")
    chronique(db, "care", "Verdelune", "Alice", "--healer", "Bruno", "--means", "field-hospital")
    chronique(db, "xp", "award", "Verdelune", "Bruno", "2", "--reason", "saved Alice")
    ledger = json.loads(chronique(db, "xp", "ledger", "Verdelune", "--character", "Bruno", "--json").stdout)
    assert [(r["change"], r["reason"], r["balance"]) for r in ledger] == [(2, "saved Alice", 2)]
    end = chronique(db, "session", "end", "Verdelune").stdout
    seal = next(line.split("seal: ")[1] for line in end.splitlines() if "seal: " in line)
    report = chronique(db, "advance", "Verdelune", "2d").stdout
    assert "advanced 2d from Day 1 08:00 to Day 3 08:00" in report
    assert "survival draw" in report or "survived" in report or "dead" in report
    sheet = json.loads(chronique(db, "sheet", "Verdelune", "Alice", "--json").stdout)
    assert sheet["condition"]["care"] == {"healer": "Bruno", "means": "field-hospital"}
    shown = json.loads(chronique(db, "campaign", "show", "Verdelune", "--json").stdout)
    assert shown["seals"][-1] == {"session": 1, "boundary": "session-end", "seal": seal}
    assert [s["boundary"] for s in shown["seals"]] == ["session-start", "session-end"]
    assert [c["name"] for c in json.loads(chronique(db, "campaign", "list", "--json").stdout)] == ["Verdelune"]
    log = json.loads(chronique(db, "log", "Verdelune", "--json").stdout)
    assert log[0]["event"]["topic"] == "chronique.domain.campaign:Campaign.Created"
    assert all(len(entry["hash"]) == 64 for entry in log)


def test_sheet_as_of_a_session_shows_that_sessions_end(party: str) -> None:
    db = party
    chronique(db, "session", "start", "Verdelune")
    chronique(db, "xp", "award", "Verdelune", "Alice", "1")
    chronique(db, "session", "end", "Verdelune")
    after_first = json.loads(chronique(db, "sheet", "Verdelune", "Alice", "--json").stdout)
    chronique(db, "session", "start", "Verdelune")
    chronique(db, "wound", "Verdelune", "Alice", "--damage", "3", "--lethality", "faible")
    chronique(db, "session", "end", "Verdelune")
    now = json.loads(chronique(db, "sheet", "Verdelune", "Alice", "--json").stdout)
    then = json.loads(chronique(db, "sheet", "Verdelune", "Alice", "--json", "--as-of", "1").stdout)
    assert then == after_first
    assert now["condition"]["wounds"] and not then["condition"]["wounds"]
    dated = json.loads(chronique(db, "sheet", "Verdelune", "Alice", "--json", "--as-of", "Day 1 08:00").stdout)
    assert dated["version"] <= now["version"]


BAD_INPUTS = [
    (["campaign", "show", "Nowhere"], "no campaign named 'Nowhere'"),
    (["test", "Verdelune", "Zoé", "Contact"], "no character named 'Zoé'"),
    (["test", "Verdelune", "Alice", "Pilotage", "--from", "deck"], "Pilotage"),
    (["test", "Verdelune", "Alice", "Contact", "--difficulty", "impossible"], "impossible"),
    (["advance", "Verdelune", "--to", "Day 1 07:00"], "past"),
    (["advance", "Verdelune", "soon"], "not a duration"),
    (["campaign", "new", "Verdelune", "--ruleset", "cartes"], "already exists"),
    (["campaign", "new", "Autre", "--ruleset", "poker"], "unknown ruleset"),
    (["wound", "Verdelune", "Alice", "--damage", "4", "--lethality", "mortelle"], "mortelle"),
    (["xp", "spend", "Verdelune", "Alice", "skill", "Contact"], "session"),
    (["session", "end", "Verdelune"], "no open session"),
]


@pytest.mark.parametrize(("args", "named"), BAD_INPUTS)
def test_bad_input_is_one_line_exit_2_and_records_nothing(party: str, args: list[str], named: str) -> None:
    before = rows(party)
    result = chronique(party, *args, check=False)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and named in result.stderr
    assert rows(party) == before


def test_malformed_and_invalid_sheets_are_refused(party: str, tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("name = [unclosed\n", encoding="utf-8")
    greedy = tmp_path / "greedy.json"
    greedy.write_text(
        json.dumps(
            {"name": "Greedy", "characteristics": dict.fromkeys(["Carrure", "Rapidité", "Sens", "Volonté", "Intellect", "Équilibre"], 13)}
        ),
        encoding="utf-8",
    )
    before = rows(party)
    for sheet in (broken, greedy, tmp_path / "missing.toml"):
        result = chronique(party, "character", "new", "Verdelune", "--sheet", str(sheet), check=False)
        assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert rows(party) == before


def test_unaffordable_spend_is_refused_during_a_session(party: str) -> None:
    chronique(party, "session", "start", "Verdelune")
    chronique(party, "test", "Verdelune", "Alice", "Contact")  # deals the cards
    before = rows(party)
    result = chronique(party, "xp", "spend", "Verdelune", "Alice", "pile-max", check=False)
    assert result.returncode == 2 and "hand" in result.stderr
    assert rows(party) == before


def test_every_command_has_help(tmp_path: Path) -> None:
    db = tmp_path / "help.db"
    top = chronique(db, "--help").stdout
    commands = [
        "init",
        "demo",
        "test",
        "attack",
        "wound",
        "conscious",
        "recover",
        "resource",
        "care",
        "cure",
        "advance",
        "log",
        "sheet",
        "campaign",
        "character",
        "session",
        "xp",
        "scene",
    ]
    for command in commands:
        assert command in top
        assert "Usage" in chronique(db, command, "--help").stdout
    for group, sub in (
        ("campaign", "new"),
        ("campaign", "list"),
        ("campaign", "show"),
        ("character", "new"),
        ("character", "show"),
        ("session", "start"),
        ("session", "end"),
        ("xp", "award"),
        ("xp", "spend"),
        ("scene", "end"),
    ):
        assert "Usage" in chronique(db, group, sub, "--help").stdout


def test_demo_plays_a_campaign_and_prints_sheets_and_log(db: str) -> None:
    out = chronique(db, "demo").stdout
    for expected in ("Session 1 opens", "lethality Forte", "Two in-game days", "Alice (version", "Bruno (version", "TimeAdvanced"):
        assert expected in out
    again = chronique(db, "demo").stdout
    assert "Verdelune 2" in again


def test_entropy_is_refused_after_the_first_draw(party: str) -> None:
    chronique(party, "session", "start", "Verdelune")
    assert "part of epoch session-1" in chronique(party, "session", "entropy", "Verdelune", "le hibou", "--player", "Zoé").stdout
    chronique(party, "test", "Verdelune", "Alice", "Contact")
    before = rows(party)
    late = chronique(party, "session", "entropy", "Verdelune", "trop tard", "--player", "Bob", check=False)
    assert late.returncode == 2 and "already been drawn from" in late.stderr and rows(party) == before


def test_correct_voids_and_audit_show_explains(party: str) -> None:
    chronique(party, "session", "start", "Verdelune")
    chronique(party, "test", "Verdelune", "Alice", "Contact", "--reason", "climbing the wall")
    chronique(party, "wound", "Verdelune", "Alice", "--damage", "5", "--lethality", "faible")
    log = json.loads(chronique(party, "log", "Verdelune", "--json").stdout)
    test = next(e["event"] for e in log if e["event"]["topic"].endswith("TestMade"))
    shown = chronique(party, "audit", "show", f"{test['originator_id'][:8]}:{test['originator_version']}").stdout
    assert "why: climbing the wall" in shown and "sheet as of version" in shown and "not verifiable until" in shown
    wound = next(e["event"] for e in log if e["event"]["topic"].endswith("WoundSuffered"))
    ref = f"{wound['originator_id']}:{wound['originator_version']}"
    assert "voided" in chronique(party, "correct", ref, "--reason", "it missed").stdout
    assert json.loads(chronique(party, "sheet", "Verdelune", "Alice", "--json").stdout)["condition"]["wounds"] == []
    assert "[VOIDED: it missed]" in chronique(party, "log", "Verdelune").stdout
    assert chronique(party, "verify", "Verdelune").returncode == 0
    assert chronique(party, "correct", ref, "--reason", "again", check=False).returncode == 2


def test_pacing_commands_and_the_downtime_report(party: str) -> None:
    chronique(party, "session", "start", "Verdelune")
    chronique(party, "wound", "Verdelune", "Alice", "--damage", "7", "--lethality", "enorme")
    chronique(party, "session", "end", "Verdelune")
    assert "no pacing" in chronique(party, "pace", "show", "Verdelune").stdout
    before = rows(party)
    for bad in (
        ["--ratio", "0"],
        ["--every", "someday", "--advance", "1w"],
        ["--every", "mon 09:00"],
        ["--ratio", "1", "--tz", "Mars/Olympus"],
    ):
        result = chronique(party, "pace", "set", "Verdelune", *bad, check=False)
        assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert rows(party) == before
    chronique(party, "pace", "set", "Verdelune", "--every", "mon 09:00", "--advance", "1w")
    assert "every mon 09:00" in chronique(party, "pace", "show", "Verdelune").stdout
    chronique(party, "pace", "clear", "Verdelune")
    assert chronique(party, "pace", "clear", "Verdelune", check=False).returncode == 2
    chronique(party, "advance", "Verdelune", "1d")
    # From the start: the Énorme blow of 7 (> KO 6) knocked Alice out; then every survival draw
    # at Très difficile either killed her, left a malus or (rarely) stopped cleanly.
    report = chronique(party, "downtime", "report", "Verdelune", "--since", "Day 1 00:00").stdout
    assert "Day 1 08:00  Alice was knocked out of the fight" in report


def test_exports_the_board_and_a_paged_filtered_log(party: str, tmp_path: Path) -> None:
    chronique(party, "session", "start", "Verdelune")
    chronique(party, "test", "Verdelune", "Alice", "Contact", "--reason", "the wall")
    chronique(party, "test", "Verdelune", "Bruno", "Vigilance")
    chronique(party, "wound", "Verdelune", "Alice", "--damage", "4", "--lethality", "moyenne")
    end = chronique(party, "session", "end", "Verdelune").stdout
    seal = next(line.split("seal: ")[1] for line in end.splitlines() if "seal: " in line)
    board = chronique(party, "downtime", "board", "Verdelune").stdout
    assert "Alice survival draw for wound 1 (Moyenne)" in board
    report = chronique(party, "export", "session", "Verdelune", "1", "--format", "md").stdout
    assert report.startswith("# Verdelune — session 1") and seal in report and "Contact vs" in report
    page = tmp_path / "session.html"
    chronique(party, "export", "session", "Verdelune", "1", "--format", "html", "-o", str(page))
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!doctype html>") and "<script" not in text and seal in text
    sheet = json.loads(chronique(party, "export", "sheet", "Verdelune", "Alice", "--format", "json").stdout)
    assert sheet["name"] == "Alice" and sheet["condition"]["wounds"]
    assert "| Contact |" in chronique(party, "export", "sheet", "Verdelune", "Alice").stdout
    assert chronique(party, "export", "sheet", "Verdelune", "Alice", "--format", "pdf", check=False).returncode == 2
    tests = json.loads(chronique(party, "log", "Verdelune", "--kind", "TestMade", "--json").stdout)
    assert [e["event"]["skill"] for e in tests] == ["Contact", "Vigilance"]
    alice = json.loads(chronique(party, "log", "Verdelune", "--kind", "TestMade", "--character", "Alice", "--json").stdout)
    assert [e["event"]["skill"] for e in alice] == ["Contact"]
    first = json.loads(chronique(party, "log", "Verdelune", "--session", "1", "--limit", "2", "--json").stdout)
    second = json.loads(chronique(party, "log", "Verdelune", "--session", "1", "--limit", "2", "--page", "2", "--json").stdout)
    assert len(first) == len(second) == 2 and first[0]["event"]["topic"].endswith("SessionStarted") and first != second


def test_sheet_as_of_an_event_of_any_aggregate(party: str) -> None:
    chronique(party, "session", "start", "Verdelune")
    chronique(party, "wound", "Verdelune", "Alice", "--damage", "3", "--lethality", "faible")
    chronique(party, "test", "Verdelune", "Bruno", "Sens", "--from", "deck")  # deals everyone's cards
    chronique(party, "wound", "Verdelune", "Alice", "--damage", "2", "--lethality", "nulle")
    log = [e["event"] for e in json.loads(chronique(party, "log", "Verdelune", "--json", "--gm").stdout)]
    wound = next(e for e in log if e["topic"].endswith("WoundSuffered"))
    bruno_test = next(e for e in log if e["topic"].endswith("TestMade"))

    def as_of(event: dict) -> dict:
        ref = f"{event['originator_id'][:8]}:{event['originator_version']}"
        return json.loads(chronique(party, "sheet", "Verdelune", "Alice", "--json", "--as-of", ref).stdout)["condition"]

    assert len(as_of(wound)["wounds"]) == 1 and not as_of(wound)["dealt"]
    at_bruno = as_of(bruno_test)  # another character's event: Alice as she was then
    assert len(at_bruno["wounds"]) == 1 and at_bruno["dealt"]
    assert len(json.loads(chronique(party, "sheet", "Verdelune", "Alice", "--json").stdout)["condition"]["wounds"]) == 2


def test_luck_statistics_with_their_uncertainty(party: str) -> None:
    chronique(party, "session", "start", "Verdelune")
    for _ in range(3):
        chronique(party, "test", "Verdelune", "Alice", "Contact", "--from", "deck")
    luck = json.loads(chronique(party, "luck", "Verdelune", "--json").stdout)
    assert luck["Alice"]["draws"] == 3 and 0 < luck["Alice"]["expected_float"] < 3 and luck["Alice"]["sd"] > 0
    assert "within" in luck["Alice"]["verdict"] or "unusually" in luck["Alice"]["verdict"]
    assert chronique(party, "luck", "Verdelune", "--by", "planet", check=False).returncode == 2
