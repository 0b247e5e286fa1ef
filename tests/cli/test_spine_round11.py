"""The spine as the round-11 play-test found it, on a real journal and the real command line: an
extra word that reads as nothing named in words (ruling EB23), a name counted as a reader sees it
(EB21), a lone line break or tab said in words (EB22), a rule that crashed on a forged event said
in words, its Python error kept for a developer (FP21)."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from support import SAMPLES, chronique, run, shell, stored
from tampering import forge, sql
from verdelune_party import verdelune_party

from chronique.domain.errors import RuleViolation
from chronique.domain.text import NAME_LIMIT, blank_in_words, quoted, recordable_name, seen_length


def refused(db: str, *args: str) -> str:
    """The real command in a subprocess, refused as bad input: exit 2, one line on stderr,
    nothing on stdout, nothing recorded; its one line."""
    before = stored(db)
    result = chronique(db, *args, check=False)
    assert (result.returncode, result.stdout) == (2, ""), result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert stored(db) == before
    # Run as ``python -m chronique.cli``, Click names the program so where a GM's says "chronique".
    return lines[0].replace("`python -m chronique.cli ", "`chronique ")


# -- An extra word that reads as nothing (ruling EB23) ----------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        # It read "got unexpected extra argument(s) ()", the empty word shown as nothing.
        (("sheet", "Verdelune", "Alice", ""), "got an unexpected extra argument: an empty one (“”) (see `chronique sheet --help`)"),
        (
            ("campaign", "show", "Verdelune", ""),
            "got an unexpected extra argument: an empty one (“”) (see `chronique campaign show --help`)",
        ),
        (("verify", "Verdelune", ""), "got an unexpected extra argument: an empty one (“”) (see `chronique verify --help`)"),
        # "( )" and "(\x0a)", a space and a line break shown as brackets and a code.
        (("sheet", "Verdelune", "Alice", "  "), "got an unexpected extra argument: 2 spaces (see `chronique sheet --help`)"),
        (("log", "Verdelune", "\n"), "got an unexpected extra argument: a line break (see `chronique log --help`)"),
        (
            ("sheet", "Verdelune", "Alice", "", "Bruno", "\t"),
            "got 3 unexpected extra arguments: an empty one (“”), “Bruno” and a tab (see `chronique sheet --help`)",
        ),
        # A plain word is quoted and counted in words too, never Click's "argument(s)".
        (("sheet", "Verdelune", "Alice", "Bruno"), "got an unexpected extra argument: “Bruno” (see `chronique sheet --help`)"),
    ],
)
def test_an_empty_or_blank_extra_argument_is_named_in_words_by_every_command_ruling_eb23(db: str, args: tuple[str, ...], said: str) -> None:
    verdelune_party(db)
    assert refused(db, *args) == f"error: {said}"


def test_an_empty_extra_argument_is_named_in_words_in_the_shell_too_ruling_eb23(db: str) -> None:
    verdelune_party(db)
    done = shell(db, 'sheet Verdelune Alice ""\n', "Verdelune")
    assert done.stderr == "error: got an unexpected extra argument: an empty one (“”) (see `sheet --help`)\n"


# -- A name counted as a reader sees it (ruling EB21) -----------------------------------------------

DECOMPOSED_E = "E\u0301"  # É as some keyboards and pastes give it: E, then a combining acute accent


def test_a_name_typed_with_combining_accents_counts_each_letter_once_ruling_eb21(db: str) -> None:
    run(db, "init")
    # 80 letters É, each typed as two code points: 80 characters as a reader sees them.
    run(db, "campaign", "new", DECOMPOSED_E * NAME_LIMIT, "--ruleset", "cartes")
    assert refused(db, "campaign", "new", "X" + DECOMPOSED_E * NAME_LIMIT, "--ruleset", "cartes") == (
        f"error: a campaign's name is {NAME_LIMIT + 1} characters long; at most {NAME_LIMIT} are allowed"
    )


def test_a_name_typed_decomposed_finds_the_one_recorded_precomposed_and_back_ruling_eb21(db: str, tmp_path: Path) -> None:
    # Names are kept as typed (a campaign's id derives from its name) and found without accents
    # (domain/text.py fold, ruling NM1): either way of typing É finds the same character.
    verdelune_party(db)
    sheet = tmp_path / "elise.toml"
    alice = (SAMPLES / "alice.toml").read_text(encoding="utf-8")
    sheet.write_text(alice.replace('name = "Alice"', 'name = "Élise"'), encoding="utf-8")
    run(db, "character", "new", "Verdelune", "--sheet", str(sheet))
    for typed in ("Élise", unicodedata.normalize("NFD", "Élise"), "elise"):
        assert chronique(db, "sheet", "Verdelune", typed).stdout.startswith("Élise — "), typed
    run(db, "campaign", "new", unicodedata.normalize("NFD", "Étoile"), "--ruleset", "cartes")
    assert chronique(db, "campaign", "show", "Étoile").stdout.startswith(unicodedata.normalize("NFD", "Étoile"))
    # One campaign, however its É is typed (ruling EB10).
    assert refused(db, "campaign", "new", "Étoile", "--ruleset", "cartes").startswith("error: a campaign named")


def test_a_name_s_length_is_its_composed_length_and_marks_piled_on_a_letter_still_count_ruling_eb21() -> None:
    assert seen_length(DECOMPOSED_E + "lise") == 5
    assert recordable_name(DECOMPOSED_E * NAME_LIMIT) == DECOMPOSED_E * NAME_LIMIT  # kept as typed
    # A mark that composes with nothing is a character of its own: a name is not a flood.
    with pytest.raises(RuleViolation, match=f"is {NAME_LIMIT + 1} characters long"):
        recordable_name("a" + "\u0301" * (NAME_LIMIT + 1))  # á, then 80 acute accents


# -- A lone line break or tab said in words (ruling EB22) -------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        # It read "not '\n'", Python's code for the character.
        (("character", "player", "Verdelune", "Alice", "\n"), "WHO may hold only printable characters, not a line break"),
        (("character", "player", "Verdelune", "Alice", "Ana\tMarie"), "WHO may hold only printable characters, not a tab"),
        (("character", "player", "Verdelune", "Alice", "Ana\rMarie"), "WHO may hold only printable characters, not a carriage return"),
        # Another control character is said in words too, with its Unicode number (ruling EB27).
        (
            ("character", "player", "Verdelune", "Alice", "Ana\x1bMarie"),
            "WHO may hold only printable characters, not an escape character (U+001B)",
        ),
        # It read "“” is not a whole number", as though nothing had been typed.
        (
            ("log", "Verdelune", "--limit", "\n"),
            "invalid value for `--limit`: a line break is not a whole number (see `chronique log --help`)",
        ),
        (("log", "Verdelune", "--limit", "\t"), "invalid value for `--limit`: a tab is not a whole number (see `chronique log --help`)"),
    ],
)
def test_a_lone_line_break_or_tab_is_refused_in_words_never_its_code_ruling_eb22(db: str, args: tuple[str, ...], said: str) -> None:
    verdelune_party(db)
    assert refused(db, *args) == f"error: {said}"


def test_white_space_typed_alone_is_quoted_in_words_and_a_word_keeps_its_marks_ruling_eb22() -> None:
    assert quoted("\n") == "a line break"
    assert quoted("\t\t") == "2 tabs"
    assert quoted("   ") == "3 spaces"
    assert quoted(" \t") == "2 characters of white space"
    assert quoted("") == "“”"  # nothing typed reads as nothing (tests/cli/test_lazy_tree.py)
    assert quoted(" Al\nice ") == "“Al\\nice”"  # inside a word, the line break stays escaped (EB19)
    assert blank_in_words("x ") is None


# -- A rule that crashed on a forged event (ruling FP21) ---------------------------------------------


def test_a_rule_that_crashed_on_a_forged_event_is_said_in_words_naming_the_event_as_the_log_does_ruling_fp21(db: str) -> None:
    verdelune_party(db)
    chronique(db, "cartes", "test", "Verdelune", "Alice", "Contact")  # the deck deals Alice a card
    drawn = sql(
        db, ("SELECT originator_id, originator_version FROM {events} WHERE topic LIKE '%Deck.CardsDrawn' ORDER BY originator_version", {})
    )
    deck, version = str(drawn[0][0]).replace("-", ""), int(drawn[0][1])
    ref = f"{deck[:8]}:{version}"
    assert f"| {ref} " in run(db, "--ascii", "log", "Verdelune", "--gm").stdout  # as the log names it
    # The careful forger records a number where the cards are: the deck's rule cannot replay it.
    place = forge(db, deck, version, lambda event: event.__setitem__("cards", 5))
    verified = chronique(db, "verify", "Verdelune", check=False)
    words = f"the rules could not re-derive event {ref} from what it records: a value it holds is not one they can read"
    # It read "its recorded inputs cannot be replayed by the rules (TypeError: 'int' object is not iterable)".
    assert (verified.returncode, verified.stdout) == (1, f"Verdelune: FAILED at {place}: {words}\n")
    report = json.loads(chronique(db, "verify", "Verdelune", "--json", check=False).stdout)["Verdelune"]
    assert (report["ok"], report["place"], report["failure"]) == (False, place, words)
    assert report["detail"] == "TypeError: 'int' object is not iterable"  # where a developer looks
