"""The spine as the round-9 play-test found it, on a real journal: a session number of thousands of
digits refused in one short line, never repeated whole (rulings EB15, BD12, BD20)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import refused_cleanly as refused
from support import run, shell, stored
from verdelune_party import verdelune_party

THOUSANDS = "9" * 4000  # Python reads up to 4,300 digits as one int: the command takes it as a number


def verdelune(db: str) -> str:
    """A Cartes campaign with Alice (cli/samples/alice.toml) and one session played."""
    run(db, "session", "end", verdelune_party(db))
    return "Verdelune"


# -- A session number of thousands of digits (ruling EB15) -----------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("export", "session", "Verdelune", THOUSANDS),
            "the number must be between 1 and 9,007,199,254,740,991 (got a number of 4,000 digits)",
        ),
        (
            ("log", "Verdelune", "--session", THOUSANDS),
            "`--session` must be between 1 and 9,007,199,254,740,991 (got a number of 4,000 digits)",
        ),
        (
            ("log", "Verdelune", "--session", f"-{THOUSANDS}"),
            "`--session` must be between 1 and 9,007,199,254,740,991 (got a negative number of 4,000 digits)",
        ),
        (("log", "Verdelune", "--session", str(10**20)), f"`--session` must be between 1 and 9,007,199,254,740,991 (got {10**20:,})"),
        (("log", "Verdelune", "--limit", THOUSANDS), "`--limit` must be between 1 and 1,000,000 (got a number of 4,000 digits)"),
    ],
)
def test_a_number_of_thousands_of_digits_is_refused_by_its_count_of_digits_ruling_eb15(db: str, args: tuple[str, ...], said: str) -> None:
    verdelune(db)
    assert refused(db, *args) == f"error: {said}"


@pytest.mark.parametrize("session", ["0", "2", "9007199254740991"])
def test_a_session_number_a_journal_can_hold_is_still_refused_as_unknown_ruling_bd12(db: str, session: str) -> None:
    verdelune(db)
    assert refused(db, "export", "session", "Verdelune", session) == f"error: campaign Verdelune has no session {session}"
    assert refused(db, "log", "Verdelune", "--session", session) == f"error: campaign Verdelune has no session {session}"
    assert "session 1" in run(db, "export", "session", "Verdelune", "1").stdout


# -- An empty downtime report says which span had nothing (ruling TB15) ------------------------------


def test_an_empty_downtime_report_names_its_span_before_between_and_after_sessions_ruling_tb15(db: str) -> None:
    # README "Between sessions": the report lists what the last downtime did; with nothing to list
    # it says which span that was. Alice (cli/samples/alice.toml) is unhurt: time brings her nothing.
    verdelune_party(db, session=False)

    def said() -> str:
        return run(db, "downtime", "report", "Verdelune").stdout

    assert said() == "Verdelune: nothing notable since the campaign began (Day 1 08:00; the clock has not moved since)\n"
    run(db, "advance", "Verdelune", "2d", "--yes")
    assert said() == "Verdelune: nothing notable since the campaign began (Day 1 08:00; the clock reads Day 3 08:00)\n"
    run(db, "session", "start", "Verdelune")
    assert said() == "Verdelune: nothing notable between the campaign's start (Day 1 08:00) and the start of session 1 (Day 3 08:00)\n"
    run(db, "session", "end", "Verdelune")
    assert said() == "Verdelune: nothing notable since session 1 ended (Day 3 08:00; the clock has not moved since)\n"
    run(db, "advance", "Verdelune", "1d", "--yes")
    assert said() == "Verdelune: nothing notable since session 1 ended (Day 3 08:00; the clock reads Day 4 08:00)\n"
    run(db, "session", "start", "Verdelune")
    assert said() == "Verdelune: nothing notable between the end of session 1 (Day 3 08:00) and the start of session 2 (Day 4 08:00)\n"
    assert run(db, "downtime", "report", "Verdelune", "--since", "Day 2").stdout == (
        "Verdelune: nothing notable since Day 2 00:00 (the clock reads Day 4 08:00)\n"
    )
    assert run(db, "downtime", "report", "Verdelune", "--json").stdout.strip() == "[]"  # machine output as before


def test_a_downtime_report_since_a_date_after_the_clock_is_refused_ruling_tb15(db: str) -> None:
    verdelune(db)
    assert refused(db, "downtime", "report", "Verdelune", "--since", "Day 50") == (
        "error: `--since` Day 50 00:00 is after the campaign's clock (Day 1 08:00): nothing has happened then yet"
    )


# -- `use` alone in the shell (ruling SL12) --------------------------------------------------------


@pytest.fixture
def own_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``use`` remembers a campaign in the user's configuration folder: here, the test's own."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("CHRONIQUE_CAMPAIGN", raising=False)
    return tmp_path / "config" / "chronique" / "campaigns.json"


def test_use_alone_in_the_shell_says_which_campaign_the_lines_play_and_records_no_default_ruling_sl12(db: str, own_config: Path) -> None:
    verdelune(db)
    done = shell(db, "use\nuse --clear\nuse\n", "Verdelune")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "this shell plays Verdelune: a line that names no campaign plays it; `use CAMPAIGN` plays another",
        "no default campaign for this journal",
        "no campaign in use: `use CAMPAIGN` picks one of Verdelune, or a line names its own",
    ]
    # It was given the shell's campaign, and so remembered it as the journal's default unasked.
    assert "Verdelune" not in own_config.read_text(encoding="utf-8")


def test_use_in_the_shell_picks_the_campaign_its_lines_play_ruling_sl12(db: str, own_config: Path) -> None:
    verdelune(db)
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor", "--start", "Day 1 08:00")
    done = shell(db, "use tolosa\nuse\ncampaign show\n", "Verdelune")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == [
        "default campaign: Tolosa",
        "this shell plays Tolosa: a line that names no campaign plays it; `use CAMPAIGN` plays another",
    ]
    assert lines[2].startswith("Tolosa — Elor")


def test_a_shell_started_without_a_campaign_plays_the_default_or_says_how_to_begin_ruling_sl12(db: str, own_config: Path) -> None:
    run(db, "init")
    assert shell(db, "use\n").stdout == "no campaign in use, and the journal has none yet: `campaign new NAME --ruleset GAME` creates one\n"
    verdelune(db)
    run(db, "use", "Verdelune")
    assert shell(db, "use\n").stdout == (
        "this shell plays Verdelune: a line that names no campaign plays it; `use CAMPAIGN` plays another\n"
    )


# -- Dates of a filter bounded as every date is (ruling EB17) --------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("log", "Verdelune", "--from", "Day " + "9" * 35),
            "the day of `--from` must be between 1 and 365,000 (got a number of 35 digits)",
        ),
        (("log", "Verdelune", "--to", "Day 400000"), "the day of `--to` must be between 1 and 365,000 (got 400,000)"),
        (
            ("downtime", "report", "Verdelune", "--since", "Day " + "9" * 35),
            "the day of `--since` must be between 1 and 365,000 (got a number of 35 digits)",
        ),
    ],
)
def test_a_filter_s_day_beyond_a_thousand_years_is_refused_as_every_date_is_ruling_eb17(db: str, args: tuple[str, ...], said: str) -> None:
    # Ruling BD1: a day-count date names day 1 to 365,000. `log --from` of 35 digits read
    # "Python int too large to convert to SQLite INTEGER".
    verdelune(db)
    assert refused(db, *args) == f"error: {said}"


# -- A word refused names its argument as the help does (ruling EB16) ------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("character", "player", "Verdelune", "Alice", "Ana\tMarie"), "WHO may hold only printable characters, not a tab"),  # EB22
        (("note", "character", "Verdelune", "Alice", "x" * 501), "TEXT is 501 characters long; at most 500 are allowed"),
    ],
)
def test_a_word_refused_names_its_argument_as_the_help_does_never_the_code_s_name_ruling_eb16(
    db: str, args: tuple[str, ...], said: str
) -> None:
    verdelune(db)
    assert refused(db, *args) == f"error: {said}"
    assert f" {said.split()[0]} " in run(db, *args[:2], "--help").stdout  # "Usage: ... CAMPAIGN NAME WHO"


# -- `serve --host ""` (ruling EB18) ----------------------------------------------------------------


@pytest.mark.parametrize("host", ["", "  "])
def test_an_empty_host_is_refused_before_serving_every_network_ruling_eb18(db: str, host: str) -> None:
    # An empty address is the socket's "every interface": the web journal, meant for this machine
    # by default, was served to every network, and announced at "http://:8000/".
    verdelune(db)
    assert refused(db, "serve", "--host", host) == (
        "error: `--host` is empty: name the address to listen on (127.0.0.1, the default, serves this machine only)"
    )


@pytest.mark.parametrize(
    "args",
    [
        ("log", "Verdelune", "--from", ""),
        ("log", "Verdelune", "--to", " "),
        ("downtime", "report", "Verdelune", "--since", ""),
        ("pace", "set", "Verdelune", "--every", "mon 09:00", "--advance", "1w", "--until", ""),
        ("campaign", "new", "Autre", "--ruleset", "cartes", "--start", ""),
    ],
)
def test_an_empty_date_is_refused_never_taken_for_the_option_left_out_ruling_eb17(db: str, args: tuple[str, ...]) -> None:
    # `log --from ""` listed the whole log, `campaign new --start ""` began at the default start,
    # `pace set --until ""` set a pacing that never stops: as though the option were left out.
    verdelune(db)
    option = next(word for word in args if word.startswith("--") and args[args.index(word) + 1].strip() == "")
    # What to type, the option, in backticks (rulings EB55, EB57).
    assert refused(db, *args) == f"error: `{option}` is empty: give an in-game date, or leave the option out"


def test_an_empty_character_is_refused_by_the_xp_ledger_as_by_the_log_ruling_eb17(db: str) -> None:
    # It listed every character's awards, as though --character were left out.
    verdelune(db)
    assert refused(db, "xp", "ledger", "Verdelune", "--character", "") == "error: the name of the character is missing"
    assert refused(db, "log", "Verdelune", "--character", "") == "error: the name of the character is missing"


# -- A sheet file with nothing in it (ruling SV9), a write that fails once open (ruling SV10) ------


def test_an_empty_sheet_is_refused_as_empty_never_in_the_parser_s_words_ruling_sv9(db: str, tmp_path: Path) -> None:
    # It read "sheet - is malformed: Expecting value: line 1 column 1 (char 0)".
    verdelune(db)
    empty = tmp_path / "empty.toml"
    empty.write_text("\n  \n", encoding="utf-8")
    assert refused(db, "character", "new", "Verdelune", "--sheet", str(empty)) == (
        f"error: sheet {empty} is empty: a sheet holds its fields in TOML or JSON"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="a device that takes no writes is Linux's /dev/full")
@pytest.mark.parametrize(
    "args", [("export", "sheet", "Verdelune", "Alice", "-o", "/dev/full"), ("audit", "export", "Verdelune", "-o", "/dev/full")]
)
def test_a_write_that_fails_once_the_file_is_open_names_the_file_ruling_sv10(db: str, args: tuple[str, ...]) -> None:
    # Ruling EB2: the environment's failure, exit 1. It read "cannot use: No space left on device".
    verdelune(db)
    before = stored(db)
    result = run(db, *args, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", "error: cannot use /dev/full: No space left on device\n")
    assert stored(db) == before


# -- An undo's dry run says what it would do (ruling UN15) ------------------------------------------


def test_an_undo_s_dry_run_says_what_it_would_void_and_where_the_clock_would_go_ruling_un15(db: str) -> None:
    # Ruling UN5: an advance's undo takes the clock back. The dry run read "would take back"
    # over "voided …" and "the clock goes back", as though it had.
    verdelune(db)
    run(db, "advance", "Verdelune", "1d", "--yes")
    before = stored(db)
    lines = run(db, "undo", "Verdelune", "--dry-run").stdout.splitlines()
    assert stored(db) == before
    assert lines[0] == "would take back the last command of Verdelune:"  # the default reason unsaid (UN21)
    assert lines[1].startswith("  would void ") and lines[1].endswith("  Verdelune: time went on 1 day: nothing happened")
    assert lines[-1] == "the clock would go back from Day 2 08:00 to Day 1 08:00"
    done = run(db, "undo", "Verdelune").stdout.splitlines()
    assert (
        done[0].startswith("took back ")
        and done[1].startswith("  voided ")
        and done[-1] == "the clock goes back from Day 2 08:00 to Day 1 08:00"
    )
