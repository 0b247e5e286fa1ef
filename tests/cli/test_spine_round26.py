"""Round 26 of the spine: every refusal of a line Click makes names the help to read (ruling
EB43), and what the round-26 play-test of two games through the real command line found."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support import SAMPLES, run, shell
from verdelune_party import verdelune_party


def installed(journal: str | Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The installed ``chronique`` script in a subprocess (so that its help is named as a GM types
    it, not as ``python -m chronique.cli``), on ``journal``."""
    script = Path(sys.executable).with_name("chronique")
    env = dict(os.environ, CHRONIQUE_DB=str(journal), COLUMNS="160")
    return subprocess.run([str(script), *args], capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("log", "Verdelune", "--page"), "option `--page` requires an argument (see `chronique log --help`)"),
        (("--db",), "option `--db` requires an argument (see `chronique --help`)"),
        (("elor", "test", "Arkham", "Ada", "--effort"), "option `--effort` requires an argument (see `chronique elor test --help`)"),
        (
            ("western-parade", "roll", "Shotgun City", "Sam", "--skill"),
            "option `--skill` requires an argument (see `chronique western-parade roll --help`)",
        ),
        (
            ("microfudge", "test", "Brume", "Iris", "--difficulty"),
            "option `--difficulty` requires an argument (see `chronique microfudge test --help`)",
        ),
        (("elor", "test", "Arkham", "Ada", "--hidden=yes"), "option `--hidden` does not take a value (see `chronique elor test --help`)"),
    ],
    ids=["spine log", "the root's own option", "elor", "western parade", "microfudge", "a flag given a value"],
)
def test_an_option_without_its_value_names_the_command_s_help_for_every_command_ruling_eb43(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    # Click's parser raises these without the command's context, so they read with no help to
    # read where every other refusal names its command's `--help` (ruling EB43).
    result = installed(tmp_path / "journal.db", *args)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", f"error: {said}\n")


def test_the_shell_names_the_line_s_help_for_an_option_without_its_value_ruling_eb43(db: str) -> None:
    verdelune_party(db)
    said = shell(db, "log --page\n", "Verdelune")
    assert said.stderr.splitlines() == ["error: option `--page` requires an argument (see `log --help`)"]


def test_the_shell_names_the_commands_of_the_campaign_s_game_as_its_lines_are_typed_ruling_eb44(db: str) -> None:
    # Found by the round-26 play-test: in the shell, whose lines go without `chronique` (ruling
    # SL7), a command of another game named `chronique western-parade roll` and `chronique elor ...`.
    run(db, "campaign", "new", "Arkham", "--ruleset", "elor", "--start", "Day 1 08:00")
    run(db, "character", "new", "Arkham", "--sheet", str(SAMPLES / "elor_samson.toml"))
    said = shell(db, "western-parade roll Samson --skill Équitation\n", "Arkham")
    assert said.stderr.splitlines() == ["error: Arkham is an Elor campaign and `western-parade roll` plays Western Parade: use `elor ...`"]
    # The command line keeps the program's name (ruling EB1).
    alone = installed(db, "western-parade", "roll", "Arkham", "Samson", "--skill", "Équitation")
    assert (
        alone.stderr
        == "error: Arkham is an Elor campaign and `chronique western-parade roll` plays Western Parade: use `chronique elor ...`\n"
    )


def test_a_page_of_the_log_says_how_many_events_it_leaves_out_and_which_page_is_next_ruling_eb45(db: str) -> None:
    # Found by the round-26 play-test: `log --limit 2` showed two events and said nothing of the
    # others, where the web log says "the latest 100, earlier ones on the next pages" (NT14).
    verdelune_party(db, ("alice", "bruno"))
    total = len(json.loads(run(db, "log", "Verdelune", "--json").stdout))
    pages = -(-total // 2)
    assert pages > 2
    first = installed(db, "log", "Verdelune", "--limit", "2").stdout.splitlines()
    assert first[-1] == f"page 1 of {pages}, 2 events a page ({total} in all): `--page 2` shows the next"
    last = installed(db, "log", "Verdelune", "--limit", "2", "--page", str(pages)).stdout.splitlines()
    assert last[-1] == f"page {pages} of {pages}, 2 events a page ({total} in all)"
    assert installed(db, "log", "Verdelune", "--tail", "3").stdout.splitlines()[-1] == f"the last 3 of {total} events"
    # A page that holds every event asked for leaves nothing out, and --json is the events alone.
    whole = installed(db, "log", "Verdelune", "--limit", str(total)).stdout
    assert whole.rstrip().endswith("+") and "in all" not in whole
    assert len(json.loads(installed(db, "log", "Verdelune", "--limit", "2", "--json").stdout)) == 2


def test_advance_to_gives_an_example_each_calendar_takes_ruling_eb46(db: str) -> None:
    # Found by the round-26 play-test: `advance --to` gave 'Day 4 08:00' alone, which a Western
    # Parade campaign (Gregorian, §1.1) refuses, between straight quotes rather than backticks.
    examples = re.findall(r"`([^`]+)`", " ".join(installed(db, "advance", "--help").stdout.split()))
    run(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    verdelune_party(db, session=False)
    for campaign in ("Shotgun City", "Verdelune"):
        taken = [example for example in examples if run(db, "advance", campaign, "--to", example, "--dry-run", check=False).returncode == 0]
        assert len(taken) == 1, (campaign, examples)
