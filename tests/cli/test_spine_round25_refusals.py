"""Round 25 of the spine: a line Click refuses quotes as every other refusal does (ruling EB35),
through the real command tree: what was typed between typographic quotation marks
(domain/text.py ``quoted``, ruling EB19), an option or a command to type in backticks, the
commands or options a word is close to joined in words, an argument by the capitals of its help
(EB16); never Python's straight quotes ('--sheet', 'CAMPAIGN', "Did you mean 'sheet', 'shell'?")."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import run, shell
from verdelune_party import verdelune_party

from chronique.domain.text import NAME_LIMIT


def refused(journal: Path, *args: str) -> str:
    """The one line of error of a command line Click refuses, exit 2, nothing printed on stdout."""
    result = run(journal, *args, check=False)
    assert (result.returncode, result.stdout) == (2, ""), result
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("character", "new", "Tolosa"), "missing option `--sheet` (see `chronique character new --help`)"),
        (("character", "new"), "missing argument CAMPAIGN (see `chronique character new --help`)"),
        # An option of two spellings names both, as its help does.
        (("audit", "export", "Verdelune"), "missing option `-o` / `--output` (see `chronique audit export --help`)"),
        (("shett",), "no such command “shett”: did you mean `sheet` or `shell`? (see `chronique --help`)"),
        (("cartes", "tset"), "no such command “tset”: did you mean `test`? (see `chronique cartes --help`)"),
        (("log", "Verdelune", "--page", "x"), "invalid value for `--page`: “x” is not a whole number (see `chronique log --help`)"),
        (("log", "Verdelune", "--pag", "2"), "no such option “--pag”: did you mean `--page` or `--gm`? (see `chronique log --help`)"),
        (("log", "Verdelune", "-x"), "no such option “-x” (see `chronique log --help`)"),
        (("log", "Verdelune", "--page"), "option `--page` requires an argument (see `chronique log --help`)"),
        (("log", "Verdelune", "--json=yes"), "option `--json` does not take a value (see `chronique log --help`)"),
    ],
    ids=[
        "missing option",
        "missing argument",
        "missing option of two spellings",
        "unknown command",
        "unknown game command",
        "no whole number",
        "unknown option",
        "unknown short option",
        "option without its value",
        "flag given a value",
    ],
)
def test_a_refusal_of_click_quotes_what_was_typed_and_puts_what_to_type_in_backticks_ruling_eb35(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    assert refused(tmp_path / "journal.db", *args) == f"error: {said}"


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        # Python's notation put a word holding an apostrophe between double quotes: "l'Épée".
        ("l'Épée", "“l'Épée”"),
        ("a'b\"c", "“a'b\"c”"),
        ("\x1b[2J", "“\\x1b[2J”"),
        # EB12's cut of a name, the closing mark kept, for a word Python quoted either way.
        ("x" * 100_000, f"“{'x' * (NAME_LIMIT - 1)}…”"),
        ("l'" + "x" * 100_000, f"“l'{'x' * (NAME_LIMIT - 3)}…”"),
    ],
    ids=["apostrophe", "both quotes", "escape sequence", "100,000 characters", "100,000 characters and an apostrophe"],
)
def test_an_unknown_command_is_repeated_as_typed_between_typographic_quotes_rulings_eb35_eb19_eb12(
    tmp_path: Path, typed: str, said: str
) -> None:
    assert refused(tmp_path / "journal.db", typed) == f"error: no such command {said} (see `chronique --help`)"


@pytest.mark.parametrize(
    ("typed", "said"),
    [("", "an empty word (“”)"), (" ", "a space"), ("\t\t", "2 tabs")],
    ids=["empty", "space", "tabs"],
)
def test_an_empty_or_blank_command_is_said_in_words_rulings_eb35_eb22(tmp_path: Path, typed: str, said: str) -> None:
    assert refused(tmp_path / "journal.db", typed) == f"error: no such command: {said} (see `chronique --help`)"


def test_the_shell_refuses_a_line_in_the_same_words_naming_its_help_as_its_lines_do_rulings_eb35_sl7(db: str) -> None:
    verdelune_party(db)
    done = shell(db, "shett\ncartes test Alice\nlog --page x\nsheet --bogus\n", "Verdelune")
    assert done.stderr.splitlines() == [
        "error: no such command “shett”: did you mean `sheet` or `shell`? (see `help`)",
        "error: missing argument SKILL (see `cartes test --help`)",
        "error: invalid value for `--page`: “x” is not a whole number (see `log --help`)",
        "error: no such option “--bogus” (see `sheet --help`)",
    ]
    assert done.returncode == 2
