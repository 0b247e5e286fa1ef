"""``--json`` on every command (issue 15): the real command tree, walked as a user reaches it,
gives every command the flag but the few where it makes no sense (each with its reason); a
write prints one documented object, the events it recorded exactly as ``log --json`` prints them
and its outcome; a read of a read model prints its data; an error stays one line on stderr."""

from __future__ import annotations

import json

import pytest
from support import SAMPLES, run, stored
from typer.main import get_command
from verdelune_party import verdelune_party

from chronique.cli.app import app
from chronique.cli.helptext import commands
from chronique.cli.jsonout import WITHOUT_JSON, has_json

CAMPAIGN = "Verdelune"
LEAVES = [(path, command) for path, command in commands(get_command(app)) if not hasattr(command, "commands")]


def test_every_command_takes_json_but_the_few_named_with_their_reason() -> None:
    without = {path for path, command in LEAVES if not has_json(command)}
    assert without == set(WITHOUT_JSON)
    assert all(reason for reason in WITHOUT_JSON.values())
    assert len(LEAVES) - len(without) > 100


def party(db: str) -> None:
    verdelune_party(db, ("alice", "bruno"))


def test_a_write_prints_the_events_it_recorded_as_log_prints_them_and_its_outcome(db: str) -> None:
    party(db)
    before, logged = stored(db), json.loads(run(db, "log", CAMPAIGN, "--json", "--limit", "1000").stdout)
    shown = json.loads(run(db, "cartes", "test", CAMPAIGN, "Alice", "Contact", "--json").stdout)
    assert set(shown) == {"command", "campaign", "recorded", "outcome", "text"}
    assert (shown["command"], shown["campaign"]) == ("cartes test", CAMPAIGN)
    # Exactly the events this command stored...
    new = {(row[0], row[1]) for row in stored(db)} - {(row[0], row[1]) for row in before}
    assert {(e["event"]["originator_id"].replace("-", ""), e["event"]["originator_version"]) for e in shown["recorded"]} == new
    # ...each as the log prints it.
    after = json.loads(run(db, "log", CAMPAIGN, "--json", "--limit", "1000").stdout)
    for entry in after[len(logged) :]:
        assert entry in shown["recorded"]
    assert any(e["event"]["topic"].endswith(":TestMade") for e in shown["recorded"])
    # The outcome is the test's own: its cards and verdict, as the TestMade event recorded them.
    test = next(e["event"] for e in shown["recorded"] if e["event"]["topic"].endswith(":TestMade"))
    assert shown["outcome"]["success"] is test["outcome"]["success"]
    assert shown["outcome"]["cards"] == test["outcome"]["cards"]
    # The words a person reads are kept, not printed beside the JSON.
    assert shown["text"] and shown["text"][0].startswith("Alice draws Contact: target ")


def test_an_advance_prints_its_span_and_ticks_in_the_campaigns_calendar(db: str) -> None:
    party(db)
    run(db, "session", "end", CAMPAIGN)
    shown = json.loads(run(db, "advance", CAMPAIGN, "2d", "--yes", "--json").stdout)
    expected = {"recorded": True, "from": "Day 1 08:00", "to": "Day 3 08:00", "span": "2d", "ticks": [], "waiting": [], "pacing": None}
    assert shown["outcome"] | {"ticks": []} == expected
    assert any(e["event"]["topic"].endswith(":Campaign.TimeAdvanced") for e in shown["recorded"])
    dry = json.loads(run(db, "advance", CAMPAIGN, "1d", "--dry-run", "--json").stdout)
    assert (dry["recorded"], dry["outcome"]["recorded"], dry["outcome"]["to"]) == ([], False, "Day 4 08:00")


def test_a_face_down_event_a_write_records_shows_only_its_envelope_FAIRNESS(db: str) -> None:
    party(db)
    shown = json.loads(run(db, "cartes", "draw", CAMPAIGN, "--hidden", "--reason", "an omen", "--json").stdout)
    hidden = [e for e in shown["recorded"] if e["hidden"]]
    assert hidden, shown["recorded"]
    assert all("cards" not in e["event"] and "outcome" not in e["event"] for e in hidden)


def test_a_command_that_records_nothing_prints_the_same_object_with_no_events(db: str) -> None:
    party(db)
    shown = json.loads(run(db, "pace", "show", CAMPAIGN, "--json").stdout)
    assert (shown["command"], shown["campaign"], shown["recorded"]) == ("pace show", CAMPAIGN, [])
    assert shown["text"] == [f"{CAMPAIGN}: no pacing (time moves only with `chronique advance`)"]


def test_run_again_with_its_id_a_write_prints_that_nothing_was_recorded_again(db: str) -> None:
    party(db)
    run(db, "--command-id", "award-1", "cartes", "xp", "award", CAMPAIGN, "Alice", "1", "--json")
    again = json.loads(run(db, "--command-id", "award-1", "cartes", "xp", "award", CAMPAIGN, "Alice", "1", "--json").stdout)
    assert again["recorded"] == []
    assert again["text"][0].startswith("already recorded: this command (id award-1)")


@pytest.mark.parametrize("args", [("cartes", "test", CAMPAIGN, "Nobody", "Contact"), ("cartes", "draw", CAMPAIGN, "--count", "0")])
def test_an_error_with_json_is_still_one_line_on_stderr_and_records_nothing(db: str, args: tuple[str, ...]) -> None:
    party(db)
    before = stored(db)
    result = run(db, *args, "--json", check=False)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert stored(db) == before


def test_a_read_keeps_its_own_json_its_data(db: str) -> None:
    party(db)
    listed = json.loads(run(db, "campaign", "list", "--json").stdout)
    assert [c["name"] for c in listed] == [CAMPAIGN]


def test_undo_prints_the_correction_it_recorded_and_what_it_voided_as_its_outcome(db: str) -> None:
    party(db)
    run(db, "cartes", "test", CAMPAIGN, "Alice", "Contact")
    shown = json.loads(run(db, "undo", CAMPAIGN, "--reason", "wrong skill", "--json").stdout)
    assert shown["command"] == "undo" and shown["outcome"]["recorded"] is True
    assert "Alice" in {a["who"] for a in shown["outcome"]["voided"]}
    assert shown["recorded"] and all(not e["voided"] for e in shown["recorded"])


@pytest.mark.parametrize(
    ("game", "sheet", "who", "command"),
    [
        ("cartes", "alice", "Alice", ["cartes", "test", CAMPAIGN, "Alice", "Contact", "--modifier", "2"]),
        ("elor", "elor_montana", "Montana James", ["elor", "test", CAMPAIGN, "Montana James", "--faculty", "Physique"]),
        ("microfudge", "mf_jim", "Jim", ["microfudge", "test", CAMPAIGN, "Jim", "Médecine"]),
    ],
)
def test_a_table_roll_prints_its_outcome_as_an_object_and_its_words_as_text(
    db: str, game: str, sheet: str, who: str, command: list[str]
) -> None:
    # A table command's line reads terms off the event it recorded (what a target or level adds up
    # from); its --json outcome printed that pair as a list ([outcome, "Physique 2"]) or, for
    # MicroFudge, the line itself as a string. The outcome is the roll's own object.
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", game)
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"{sheet}.toml"))
    run(db, "session", "start", CAMPAIGN)
    shown = json.loads(run(db, *command, "--json").stdout)
    (rolled,) = [e["event"] for e in shown["recorded"] if e["event"]["topic"].endswith((":TestMade", ":TestRolled"))]
    outcome = shown["outcome"]
    assert isinstance(outcome, dict)
    mine = {"cartes": ("cards", "success"), "elor": ("dice", "degrees"), "microfudge": ("dice", "success")}[game]
    recorded = rolled if game == "microfudge" else rolled["outcome"]
    assert {key: outcome[key] for key in mine} == {key: recorded[key] for key in mine}
    (line,) = shown["text"]
    assert line.startswith(who)
