"""The spine as the round-6 play-test found it, through the real ``chronique`` in a subprocess on a
real journal: what `campaign show` says of the fallen, how an advance of seconds reads, how far a
refusal repeats a pasted line, and what an empty journal's `campaign list` says."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from support import SAMPLES, chronique, run

from chronique.domain.text import NAME_LIMIT


def _party(db: str, campaign: str, game: str, *sheets: str, start: str = "Day 1 08:00") -> None:
    run(db, "campaign", "new", campaign, "--ruleset", game, "--start", start)
    for sheet in sheets:
        run(db, "character", "new", campaign, "--sheet", str(SAMPLES / f"{sheet}.toml"))
    run(db, "session", "start", campaign)


def _characters_line(db: str, campaign: str, *args: str) -> str:
    (line,) = [line for line in chronique(db, "campaign", "show", campaign, *args).stdout.splitlines() if line.startswith("characters:")]
    return line


def test_campaign_show_marks_the_dead_and_the_fallen_in_every_game_ruling_sv7(db: str) -> None:
    """Ruling SV7: `campaign show` says each character's state as the sheet and the web page do.
    Deaths by each rulebook's own measure: Cartes (a wound past the aggravation table, §Blessures),
    Elor (a head destroyed), Western Parade (§3.2: a head wound of 60 points kills); in MicroFudge
    CECJ a Blessure grave ou mortelle leaves the critical state, needing care (L343, L359)."""
    _party(db, "Verdelune", "cartes", "alice", "brigand")
    run(db, "cartes", "wound", "Verdelune", "Brigand", "--damage", "30", "--lethality", "enorme")
    _party(db, "Montagnes", "elor", "elor_montana", "elor_samson")
    run(db, "elor", "damage", "Montagnes", "Samson", "--amount", "99", "--location", "Tête", "--bypass-armour")
    _party(db, "Tombstone", "western-parade", "wp_joe", "wp_doc", start="1873-04-12 08:00")
    run(db, "western-parade", "body", "wound", "Tombstone", "Joe Hambuster", "head", "60")
    _party(db, "Arkham", "microfudge", "mf_jim", "mf_harvey")
    run(db, "microfudge", "setback", "Arkham", "Jim", "--severity", "3")

    assert _characters_line(db, "Verdelune") == "characters: Alice, Brigand (dead)"
    assert _characters_line(db, "Montagnes") == "characters: Montana James, Samson (dead)"
    assert _characters_line(db, "Tombstone") == "characters: Doc Holloway, Joe Hambuster (dead)"
    # MicroFudge's state in the sheet's own words, which its heading gives ("Jim — ...").
    jim = chronique(db, "sheet", "Arkham", "Jim").stdout.splitlines()[0].split(" — ", 1)[1]
    assert jim.startswith("critical")
    assert _characters_line(db, "Arkham") == f"characters: Harvey, Jim ({jim})"
    # The GM's view says the same of what no hidden roll veils; the JSON gives each state by name.
    assert _characters_line(db, "Verdelune", "--gm") == "characters: Alice, Brigand (dead)"
    shown = json.loads(chronique(db, "campaign", "show", "Montagnes", "--json").stdout)
    assert shown["states"] == [{"name": "Montana James", "state": "standing"}, {"name": "Samson", "state": "dead"}]


def _advanced(db: str, campaign: str, *args: str) -> str:
    return chronique(db, "advance", campaign, *args, "--yes").stdout.splitlines()[0]


def test_an_advance_of_seconds_reads_them_and_its_span_adds_up_ruling_tb10(db: str) -> None:
    """Ruling TB10: an advance shorter than a minute, or from or to a moment between two minutes
    (an Elor scene's 6-second sequences leave the clock there), shows its moments to the second;
    one on whole minutes keeps them to the minute."""
    _party(db, "Tombstone", "western-parade", "wp_joe", start="1873-04-12 08:00")
    assert _advanced(db, "Tombstone", "20s") == "advanced 20 seconds from 1873-04-12 08:00:00 to 1873-04-12 08:00:20: nothing happened"
    assert _advanced(db, "Tombstone", "40s") == "advanced 40 seconds from 1873-04-12 08:00:20 to 1873-04-12 08:01:00: nothing happened"
    assert _advanced(db, "Tombstone", "1h") == "advanced 1 hour from 1873-04-12 08:01 to 1873-04-12 09:01: nothing happened"
    _party(db, "Montagnes", "elor", "elor_montana")
    run(db, "elor", "scene", "start", "Montagnes", "Montana James")
    for _ in range(3):  # three 6-second sequences of Elor's action scene (§Scènes d'action)
        run(db, "elor", "scene", "act", "Montagnes", "Montana James")
        run(db, "elor", "scene", "next", "Montagnes")
    run(db, "elor", "scene", "end", "Montagnes")
    clock = json.loads(chronique(db, "campaign", "show", "Montagnes", "--json").stdout)["clock"]
    assert clock % 60, "the scene must leave the clock between two minutes for this test to prove anything"
    seconds = clock % 60
    expected = f"23 hours, 59 minutes, {60 - seconds} seconds from Day 1 08:00:{seconds:02d} to Day 2 08:00:00"
    assert _advanced(db, "Montagnes", "--to", "Day 2 08:00") == f"advanced {expected}: nothing happened"
    # A moment as the advance shows it may be typed back.
    said = "advanced 30 seconds from Day 2 08:00:00 to Day 2 08:00:30: nothing happened"
    assert _advanced(db, "Montagnes", "--to", "Day 2 08:00:30") == said
    outcome = json.loads(chronique(db, "advance", "Tombstone", "30s", "--json").stdout)["outcome"]
    assert (outcome["from"], outcome["to"]) == ("1873-04-12 09:01:00", "1873-04-12 09:01:30")


def _no_such_command(word: str, where: str) -> str:
    return f"error: no such command “{word[: NAME_LIMIT - 1]}…” (see `{where}`)"


def test_a_pasted_line_of_100000_characters_is_repeated_as_far_as_a_name_goes_rulings_eb12_sl10(db: str) -> None:
    """Rulings EB12 and SL10: a command unknown, typed to `chronique` or as a line of the shell, is
    repeated as far as EB3 lets a name go (80 characters), as every other refusal repeats a name."""
    pasted = "x" * 100_000
    # The command as installed, so that its refusals name it as a GM types it.
    installed = [str(Path(sys.executable).with_name("chronique"))]
    env = dict(os.environ, CHRONIQUE_DB=db, COLUMNS="160")

    def refused(*args: str, line: str | None = None) -> tuple[int, str]:
        done = subprocess.run([*installed, *args], input=line, capture_output=True, text=True, env=env, timeout=120)
        return done.returncode, done.stderr

    assert refused(pasted) == (2, _no_such_command(pasted, "chronique --help") + "\n")
    assert refused("shell", line=pasted + "\n") == (2, _no_such_command(pasted, "help") + "\n")
    typed = f"--{pasted}"
    assert refused("campaign", "list", typed) == (
        2,
        f"error: no such option “{typed[: NAME_LIMIT - 1]}…” (see `chronique campaign list --help`)\n",
    )


def test_an_empty_journal_s_campaign_list_says_how_to_begin_ruling_tb11(tmp_path: Path) -> None:
    """Ruling TB11: with no campaign, `campaign list` says so and names the command that creates
    one, which runs as written; the JSON stays an empty list."""
    db = str(tmp_path / "journal.db")
    chronique(db, "init")
    said = chronique(db, "campaign", "list").stdout
    assert said == (
        "no campaign yet: `chronique campaign new NAME --ruleset GAME` creates one (GAME one of cartes, elor, microfudge, western-parade)\n"
    )
    assert json.loads(chronique(db, "campaign", "list", "--json").stdout) == []
    chronique(db, "campaign", "new", "Verdelune", "--ruleset", "cartes")
    assert "Verdelune" in chronique(db, "campaign", "list").stdout
