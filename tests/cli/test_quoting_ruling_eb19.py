"""What was typed is repeated one way by every refusal (ruling EB19): between typographic
quotation marks, as typed, on one line; a name the journal holds is said bare. Never Python's
notation, whose marks turn to double ones around an apostrophe and which doubles a backslash."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import chronique, run
from verdelune_party import verdelune_party

from chronique.domain.text import quoted

REFUSED = [
    (("sheet", "Verdelune", "Alise"), "no character “Alise” in Verdelune (did you mean Alice?)"),
    (("advance", "Verdelune", "3 fortnights"), "“3 fortnights” is not a duration (write e.g. `30s`, `10m`, `3h`, `2d`, `1w`)"),
    (
        ("cartes", "test", "Verdelune", "Alice", "l'Épée\\x"),
        "no skill “l'Épée\\x” in Alice's sheet (one of Athlétisme, Contact, Discrétion, Distance, Vigilance, "
        "Carrure, Rapidité, Sens, Volonté, Intellect, Équilibre)",
    ),
    (("sheet", "L'Auberge", "Alice"), "no campaign named “L'Auberge” (one of Verdelune)"),
    (("log", "Verdelune", "--from", "Day zz"), "“Day zz” is not a game date (write a date such as `Day 3 14:00`)"),
    (("session", "start", "Verdelune"), "session 1 of Verdelune is still open"),
    (("export", "session", "Verdelune", "3"), "campaign Verdelune has no session 3"),
]


@pytest.mark.parametrize(("args", "said"), REFUSED, ids=[" ".join(args[:2]) for args, _ in REFUSED])
def test_what_was_typed_is_repeated_between_quotation_marks_in_one_line_ruling_EB19(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    db = str(tmp_path / "journal.db")
    verdelune_party(db)
    refused = run(db, *args, check=False)
    assert (refused.returncode, refused.stdout, refused.stderr) == (2, "", f"error: {said}\n")


def test_a_control_character_typed_in_a_word_is_refused_in_one_line_naming_it_escaped_ruling_EB19(tmp_path: Path) -> None:
    # Through the real command in a subprocess: the boundary refuses it before any rule quotes it.
    db = str(tmp_path / "journal.db")
    verdelune_party(db)
    refused = chronique(db, "cartes", "test", "Verdelune", "Alice", "Con\ttact", check=False)
    # The tab named in words, never its code '\\t' (ruling EB22).
    assert (refused.returncode, refused.stderr) == (2, "error: SKILL may hold only printable characters, not a tab\n")


def test_a_line_break_or_a_control_character_is_escaped_so_a_quoted_word_stays_one_line_ruling_EB19() -> None:
    assert quoted(" Al\nice\t\x1b[2J ") == "“Al\\nice\\t\\x1b[2J”"
    assert quoted("x" * 100, 10) == f"“{'x' * 9}…”"
