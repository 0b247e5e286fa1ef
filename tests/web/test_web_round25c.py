"""The web journal as the round-25 web play of the four games found it, over a real ``chronique
serve``: its log was one page of every event of the campaign, with no way to page it or to read one
character's events, where the command line's `log` pages (`--limit`, `--page`) and filters
(`--character`) (ruling NT14); the campaign page's "Due next" was a list of "when: who — what" where the
command line's board is a table headed When | Who | What comes next, and it and "What downtime
did" dropped what passed their twelve lines unsaid (ruling NT15)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from served import CAMPAIGN, Served, cartes_table, fetch, serving
from support import SAMPLES, run

pytestmark = pytest.mark.slow


@pytest.fixture
def table(db: str) -> str:
    """served.py's Cartes table, Alice's Contact test, then a hundred and ten of the GM's passive
    draws (§Tirage), typed at the table mode in one process: over a hundred events in all."""
    cartes_table(db)
    run(db, "cartes", "test", CAMPAIGN, "Alice", "Contact")
    draws = "".join(f"cartes draw {CAMPAIGN} --reason 'draw {n}'\n" for n in range(110))
    env = dict(os.environ, CHRONIQUE_DB=db)
    subprocess.run(
        [sys.executable, "-m", "chronique.cli", "shell"], input=draws, text=True, env=env, check=True, capture_output=True, timeout=120
    )
    return db


def shown(page: str) -> list[str]:
    """The "Who" cell of each row a log page shows, in order."""
    return re.findall(r'<td data-label="Who">([^<]*)</td>', page)


def test_the_web_log_pages_the_latest_events_first_and_pages_back_to_the_first_ruling_nt14(served: Served) -> None:
    logged = json.loads(run(served.db, "log", CAMPAIGN, "--json").stdout)
    assert len(logged) > 100
    link = served.link("Ana")
    status, _, first = fetch(link + "log")
    assert status == 200
    # The newest page grows live and holds the latest hundred events, oldest first.
    assert len(shown(first)) == 100 and "data-live=" in first
    assert "the latest 100, earlier ones on the next pages; new ones appear as they are recorded." in first
    assert 'page=2">Earlier events</a>' in first and "Later events" not in first
    status, _, second = fetch(link + "log?page=2")
    assert status == 200 and "data-live=" not in second
    assert len(shown(first)) + len(shown(second)) == len(logged)
    assert "campaign Verdelune created (Cartes)" in second and "campaign Verdelune created" not in first
    assert f"page 2, the {len(logged) - 100} before page 1's." in second
    assert 'page=1">Later events</a>' in second and "Earlier events" not in second
    # Past the end, and a page that is no page, say so in words (ruling BD20: never a server error).
    status, _, past = fetch(link + "log?page=3")
    assert status == 400 and "page 3 is past the end of the log (100 events a page): ask for an earlier page" in past
    # A page as far as 18 digits go: its offset is past what a database counts (2⁶³), never a 500.
    status, _, far = fetch(link + "log?page=999999999999999999")
    assert status == 400 and "page 999999999999999999 is past the end of the log" in far
    status, _, nonsense = fetch(link + "log?page=%C2%B2")
    assert status == 400 and "“²” is no page of the log: pages count from 1" in nonsense


def test_the_web_log_shows_one_character_s_events_as_log_character_does_ruling_nt14(served: Served) -> None:
    link = served.link("Ana")
    expected = json.loads(run(served.db, "log", CAMPAIGN, "--character", "Alice", "--json").stdout)
    status, _, page = fetch(link + "log?character=Alice")
    assert status == 200 and "data-live=" not in page
    assert "Alice's events and those that name Alice in the players' words" in page
    who = shown(page)
    assert len(who) == min(len(expected), 100) and "Bruno" not in who
    assert '<option value="Alice" selected>' in page
    status, _, unknown = fetch(link + "log?character=Zed")
    assert status == 400 and f"{CAMPAIGN} has no character “Zed”" in unknown


TRAINED = (
    "Écoute",
    "Observation",
    "Lecture",
    "Écriture",
    "Cuisine",
    "Danse",
    "Histoire",
    "Arithmétique",
    "Escalade",
    "Saut",
    "Bluff",
    "Chasse",
    "Persuasion",
    "Baratin",
)


def test_due_next_reads_as_the_board_s_table_and_says_how_many_more_it_leaves_out_ruling_nt15(db: str, tmp_path: Path) -> None:
    # §2.6-§2.7: a training plan a skill, each with its next point of training due; fourteen of
    # them, more than the campaign page lists (Western Parade's sample Sam, 3 hours a week each).
    run(db, "init")
    run(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", "Shotgun City", "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "character", "player", "Shotgun City", "Sam Parkerson", "Sue")
    for skill in TRAINED:
        run(
            db,
            "western-parade",
            "downtime",
            "plan",
            "Shotgun City",
            "Sam Parkerson",
            skill,
            "3",
            "--teacher",
            "Mentor",
            "--teacher-level",
            "90",
        )
    board = run(db, "downtime", "board", "Shotgun City").stdout
    assert "What comes next" in board
    with serving(db, tmp_path, "Shotgun City", ("Sue",)) as site:
        status, _, page = fetch(site.link("Sue"))
    assert status == 200
    due = page[page.index("<h2>Due next</h2>") :]
    # The command line's board headings (ruling TB20), each row a cell apiece.
    assert '<th scope="col">When</th><th scope="col">Who</th><th scope="col">What comes next</th>' in due
    cells = re.findall(r'<td data-label="What comes next">([^<]*)</td>', due)
    assert len(cells) == 12 and all(cell.startswith("a point of training in ") for cell in cells)
    last = re.findall(r'<td data-label="When">([^<]*)</td>', due)[-1]
    assert f"And 2 more after {last}." in due


def test_what_downtime_did_says_how_many_earlier_outcomes_it_leaves_to_the_log_ruling_nt15(db: str, tmp_path: Path) -> None:
    # Elor §Application des dommages L713 and a day of rest a point (ruling E110): every location
    # of two characters hurt, then ten days of rest, twice over: more outcomes than the campaign
    # page lists (a knock-out is one outcome however many blows follow it, ruling E135).
    run(db, "init")
    run(db, "campaign", "new", "Brume", "--ruleset", "elor", "--start", "Day 1 08:00")
    for sheet in ("elor_samson.toml", "elor_montana.toml"):
        run(db, "character", "new", "Brume", "--sheet", str(SAMPLES / sheet))
    run(db, "character", "player", "Brume", "Samson", "Sam")
    for _ in range(2):
        for who in ("Samson", "Montana James"):
            for location in ("head", "torso", "right-arm", "left-arm", "abdomen", "right-leg", "left-leg"):
                run(db, "elor", "damage", "Brume", who, "--amount", "4", "--location", location)
        run(db, "advance", "Brume", "10d", "--yes")
    outcomes = len(json.loads(run(db, "downtime", "report", "Brume", "--json").stdout))
    assert outcomes > 12
    with serving(db, tmp_path, "Brume", ("Sam",)) as site:
        status, _, page = fetch(site.link("Sam"))
    assert status == 200
    did = page[page.index("<h2>What downtime did</h2>") : page.index("<h2>Due next</h2>")]
    assert len(re.findall("<li>", did)) == 12
    assert f"The latest 12; {outcomes - 12} earlier ones are in the " in did
