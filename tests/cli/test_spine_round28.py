"""Round 28 of the spine: help examples to type in backticks (ruling EB51), a log page past the end
names the last one (EB52), `verify` says why its face-down count differs from the players' log
(EB53), and the shell puts its campaign in `invite PLAYER` (SL15)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support import run, shell
from tampering import offline
from verdelune_party import verdelune_party

# A phrase between straight quotes, as a help wrote an example ('Day 1 08:00', "time advanced"): a
# quote that opens after a space, an opening parenthesis or the start (an apostrophe follows a letter).
STRAIGHT_QUOTED = re.compile(r"(?:^|[\s(])(['\"])[^'\"]+\1")


def _unquoted_examples(text: str) -> list[str]:
    """The straight-quoted phrases of ``text``, what is in backticks (a shell line) left out."""
    return [m.group(0).strip() for m in STRAIGHT_QUOTED.finditer(re.sub(r"`[^`]*`", "", " ".join(text.split())))]


@pytest.mark.parametrize(
    "command",
    [("campaign", "new"), ("log",), ("note", "recap"), ("note", "character"), ("pace", "set")],
    ids=["campaign new --start", "log --kind", "note recap --file", "note character --file", "pace set --every"],
)
def test_the_spine_s_help_gives_its_examples_in_backticks_ruling_eb51(tmp_path: Path, command: tuple[str, ...]) -> None:
    # Found by the round-27 spine play-test: `advance --to` was mended (EB46), yet `campaign new
    # --start` still gave 'Day 1 08:00', `pace set --every` 'mon 09:00', `note --file` '-' and
    # `log --kind` ("time advanced") between straight quotes, where what to type is in backticks (EB35).
    shown = run(tmp_path / "journal.db", *command, "--help").stdout
    assert _unquoted_examples(shown) == [], shown
    assert "`" in shown


def test_campaign_new_s_start_examples_are_each_taken_by_one_calendar_ruling_eb51(db: str) -> None:
    shown = " ".join(run(db, "campaign", "new", "--help").stdout.split())
    examples = re.findall(r"`(Day [^`]+|\d{4}-[^`]+)`", shown)
    assert examples == ["Day 1 08:00", "1873-04-12 08:00"], shown
    # Each example, typed as written, starts a campaign of its calendar's game.
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", examples[0])
    run(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade", "--start", examples[1])


def test_the_shell_s_help_names_the_program_left_out_in_backticks_ruling_eb51(db: str) -> None:
    said = shell(db, "help\n").stdout
    assert said.startswith("Type a command as on the command line, without `chronique`;"), said
    assert _unquoted_examples(said.split("\n\n")[0]) == []


def test_a_page_past_the_end_names_the_last_page_to_type_ruling_eb52(db: str) -> None:
    # Found by the round-27 spine review: "ask for an earlier --page" named an option bare (EB35)
    # and left the GM to guess which page was the last.
    verdelune_party(db)
    total = len(json.loads(run(db, "log", "Verdelune", "--json").stdout))
    last = -(-total // 2)
    past = run(db, "log", "Verdelune", "--limit", "2", "--page", "1000").stdout
    assert past == f"Verdelune: page 1,000 is past the end of the log asked for (2 entries a page): the last is `--page {last}`\n"
    # The page named is there to read: it ends the log.
    shown = run(db, "--ascii", "log", "Verdelune", "--limit", "2", "--page", str(last)).stdout
    assert shown.splitlines()[-1] == f"page {last} of {last}, 2 events a page ({total} in all)"


def test_the_shell_puts_its_campaign_in_invite_as_in_every_line_ruling_sl15(db: str) -> None:
    # Found by the round-27 spine play-test: in `chronique shell Verdelune`, `invite Bob` was refused
    # as "missing argument PLAYER": the group that runs `new` by default was never looked into, so
    # the shell's campaign was not put in as it is for every other line (ruling SL2).
    verdelune_party(db, players={"Alice": "Bob"})
    said = shell(db, "invite Bob\ninvite --gm Marie\ninvite list\ninvite Verdelune Bob\n", "Verdelune")
    assert said.stderr == "" and said.returncode == 0, said.stderr
    issued = [line for line in said.stdout.splitlines() if "http://" in line]
    assert len(issued) == 3, said.stdout
    listed = run(db, "invite", "list", "Verdelune").stdout
    assert listed.count("Bob") == 2 and "Marie" in listed, listed


def test_verify_says_how_many_events_the_players_see_face_down_ruling_eb53(db: str, tmp_path: Path) -> None:
    # Found by the round-27 spine play-test: after a hidden draw `verify` said "0 still face down"
    # while the log showed entries "face down until the dice of session 1 are revealed". The GM's
    # check reads every event in full; those sealed until an epoch still open are face down to the
    # players alone (FAIRNESS.md "Face-down events are salted"), and it says so.
    verdelune_party(db)
    run(db, "cartes", "draw", "Verdelune", "--hidden", "--reason", "ambush")
    face_down = sum(entry["hidden"] for entry in json.loads(run(db, "log", "Verdelune", "--json").stdout))
    assert face_down > 0
    said = run(db, "verify", "Verdelune").stdout
    assert f"(0 still face down, {face_down} face down to the players until their dice are revealed, read in full here)" in said, said
    # The players' bundle holds them face down: the offline verifier counts the same events so.
    run(db, "audit", "verifier", "-o", str(tmp_path / "verify.pyz"))
    run(db, "audit", "export", "Verdelune", "-o", str(tmp_path / "bundle.json"))
    checked = offline(tmp_path / "verify.pyz", tmp_path / "bundle.json")
    assert f"({face_down} still face down)" in checked.stdout, checked.stdout + checked.stderr
    # Once the session's dice are revealed, none is face down to anyone.
    run(db, "session", "end", "Verdelune")
    assert "(0 still face down)," in run(db, "verify", "Verdelune").stdout
