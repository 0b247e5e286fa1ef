"""What a GM or player reads never cites a ruling by its code (the review: "show people words,
not data"): a refusal or a line cites the rulebook's section, "(§Actions longues)", "(L717)";
"(E8)" names a row of docs/rulings.md that no player has. Every string the code writes is read
from its syntax tree, docstrings left out (they are for developers; comments are not strings)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from support import docstring_nodes

ROOT = Path(__file__).resolve().parents[1]
CODE = ("domain", "cli", "adapters", "web")
# A ruling's code as docs/rulings.md numbers its rows, between brackets: "(E8)", "(WD31)".
RULING = re.compile(r"\((?:E|C|M|WB|WC|WD|EB|NT|SL|TB|UN|LK|BD|PF|RM|FP|SV|WJ)\d+\)")


def cited_codes() -> list[str]:
    """Each string of the code that cites a ruling's code, as file:line: the text."""
    cited = []
    for folder in CODE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            skipped = docstring_nodes(tree)
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
                    if RULING.search(node.value):
                        cited.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value}")
    return cited


def test_no_string_a_person_reads_cites_a_ruling_s_code_ruling_EB54() -> None:
    assert cited_codes() == []


def test_the_check_finds_a_code_in_a_string_and_not_in_a_docstring() -> None:
    tree = ast.parse('"""Ruling (E8)."""\nx = f"fails without a roll (E8): {y}"\n')
    skipped = docstring_nodes(tree)
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skipped]
    assert [s for s in strings if RULING.search(s)] == ["fails without a roll (E8): "]
