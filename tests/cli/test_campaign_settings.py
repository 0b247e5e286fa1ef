"""Campaign settings (issue 15): ``chronique campaign settings`` shows every option a game's
rulebook leaves to the table, in words, with its values and the rulebook's line;
``chronique campaign set`` records a change as one event, which the rules read from then on;
an unknown setting or value is one line with the closest names, exit 2, nothing recorded. The
real command line, in process, on a real journal of each backend."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from microfudge_table import zombies_at_the_table
from support import SAMPLES, run, stored

from chronique.domain.rulesets import KNOWN, ruleset
from chronique.domain.rulesets.westernparade.condition import SETTINGS as WP_READ_DEFAULTS

CITY, SAM = "Shotgun City", "Sam Parkerson"


def sam_with_a_blunt_scratch(db: str, healing: str) -> None:
    """Sam in Shotgun City under ``healing``, two points of blunt damage on the left arm (a
    scratch: no bleeding, §3.2.2), in bed."""
    run(db, "campaign", "new", CITY, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CITY, "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "campaign", "set", CITY, "healing", healing)
    run(db, "western-parade", "body", "wound", CITY, SAM, "left-arm", "2", "--kind", "blunt")
    run(db, "western-parade", "body", "activity", CITY, SAM, "bed")


def left_arm(db: str) -> str:
    """The status line of Sam's left arm (or that he has no wound)."""
    lines = run(db, "western-parade", "body", "status", CITY, SAM).stdout.splitlines()
    return next(line.strip() for line in lines if "bras gauche" in line or "no wound" in line)


def test_hollywood_healing_set_on_a_campaign_heals_a_scratch_within_hours_S3_2_8_2(db: str) -> None:
    sam_with_a_blunt_scratch(db, "Hollywood")
    # Table 3.7: a scratch heals 1 PV per 0.2 day less 0.1 day per mEND (+2 for Sam), at least an
    # hour per PV (§3.2.8.2): the two points are back two hours later.
    run(db, "advance", CITY, "3h")
    assert left_arm(db) == "no wound"
    log = run(db, "log", CITY).stdout
    assert "setting changed: Healing: Hollywood" in log
    assert "1873-04-12 10:00" in log and "healed to the full: bras gauche" in log


def test_realistic_healing_the_default_leaves_the_scratch_after_those_hours_S3_2_8_1(db: str) -> None:
    sam_with_a_blunt_scratch(db, "realistic")
    # §3.2.8.1: realistic healing counts in days; three hours later the arm is as it was.
    run(db, "advance", CITY, "3h")
    assert left_arm(db).startswith("bras gauche: scratch wound, 14 of 16 PV left")


def test_the_microfudge_session_award_set_to_two_gives_two_atouts_at_session_end_L213_L215(db: str, tmp_path: Path) -> None:
    zombies_at_the_table(db, tmp_path)
    # «IV – Expérience» L213-L215: +1 Atout per character at each session's end; the Narrator may give more.
    assert (
        run(db, "campaign", "set", "Zombies", "session award", "2").stdout
        == "Zombies: Atouts awarded at each session's end is now 2 Atouts.\n"
    )
    run(db, "session", "end", "Zombies")
    sheet = json.loads(run(db, "sheet", "Zombies", "Jim", "--json").stdout)
    assert sheet["condition"]["atouts"]["experience"] == 2
    shown = json.loads(run(db, "campaign", "settings", "Zombies", "--json").stdout)
    award = next(s for s in shown["settings"] if s["key"] == "session_award")
    assert (award["value"], award["default"]) == (2, 1)


def refused(db: str, *args: str) -> str:
    """The one line a refused command prints: exit 2, nothing on stdout, nothing recorded."""
    before = stored(db)
    result = run(db, *args, check=False)
    assert (result.returncode, result.stdout) == (2, ""), result.stderr
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert stored(db) == before
    return result.stderr.removeprefix("error: ").rstrip("\n")


def test_an_unknown_setting_or_value_is_refused_with_the_closest_names_and_nothing_recorded(db: str) -> None:
    run(db, "campaign", "new", CITY, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    assert "did you mean healing" in refused(db, "campaign", "set", CITY, "helaing", "hollywood")
    assert refused(db, "campaign", "set", CITY, "healing", "holywood") == "no healing value “holywood” (did you mean hollywood?)"
    assert "no setting “fatigue” in Western Parade" in refused(db, "campaign", "set", CITY, "fatigue", "on")
    run(db, "campaign", "new", "Vallée Verte", "--ruleset", "cartes")
    # Issue 16: every game has the spine's one setting, whether players write notes.
    assert refused(db, "campaign", "set", "Vallée Verte", "decks", "3") == "no setting “decks” in Cartes (one of players-write-notes)"


def test_the_same_value_again_records_nothing(db: str) -> None:
    run(db, "campaign", "new", CITY, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    before = stored(db)
    assert run(db, "campaign", "set", CITY, "healing", "realistic").stdout == f"{CITY}: Healing is already realistic; nothing recorded.\n"
    assert stored(db) == before


def test_settings_show_every_option_in_words_with_the_rulebook(db: str) -> None:
    run(db, "campaign", "new", "Zombies", "--ruleset", "microfudge")
    shown = run(db, "campaign", "settings", "Zombies").stdout
    for words in ("How deep wounds heal", "a card a week (default)", "graduated", "L341", "Fatigue from powers", "L580"):
        assert words in shown
    # Each choice is its value, then its words once: it read "graduated: graduated: a month, …".
    assert "graduated: a month, then two weeks" in " ".join(shown.replace("│", " ").split()) and "graduated: graduated" not in shown
    run(db, "campaign", "new", "Vallée Verte", "--ruleset", "cartes")
    # The spine's setting, titled so that `campaign set` reads as a sentence (ruling TB8).
    assert "Who writes recaps and notes" in run(db, "campaign", "settings", "Vallée Verte").stdout


@pytest.mark.parametrize("game", KNOWN)
def test_each_setting_defaults_as_the_rules_read_it_and_belongs_to_one_game(game: str) -> None:
    rules = ruleset(game)
    read = {**WP_READ_DEFAULTS, **rules.default_settings()} if game == "western-parade" else rules.default_settings()
    assert {s.key: s.default for s in rules.settings_schema()} == {s.key: read[s.key] for s in rules.settings_schema()}
    others = {s.key for g in KNOWN if g != game for s in ruleset(g).settings_schema()}
    assert not others & {s.key for s in rules.settings_schema()}


def test_set_help_lists_every_games_settings() -> None:
    shown = run("unused.db", "campaign", "set", "--help").stdout
    for key in (
        "healing (realistic | hollywood)",
        "deep_wound_schedule (weekly | graduated)",
        "wake_test (off | on)",
        "hp_formula_as_printed",
    ):
        assert key in " ".join(shown.split())
