"""Where the words people read are written, and the literal strings of those sources: for tests
that check every line a GM or a player may read, wherever it is written."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).parents[1]
# The command line, the rules and their verdicts, the adapters' reports and exports, the web
# journal and its verifier in the browser.
READ_BY_PEOPLE = ("cli", "domain", "adapters", "projections", "web")
JS_STRING = re.compile(r"`(?:\\.|[^`\\])*`|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'")


def python_strings(path: Path) -> list[tuple[int, str]]:
    """The string literals of a Python source, docstrings left out, with their line numbers."""
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return [(t.start[0], t.string) for t in tokens if t.type == tokenize.STRING and not t.string.startswith(('"""', "'''"))]


def js_strings(path: Path) -> list[tuple[int, str]]:
    """The string literals of a script, with their line numbers."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(n, found) for n, line in enumerate(lines, 1) for found in JS_STRING.findall(line)]


def literals() -> list[tuple[str, int, str]]:
    """Every string literal people may read: (source, line, text), of the Python sources and of
    the browser's scripts (the pyodide runtime left out)."""
    sources = [p for folder in READ_BY_PEOPLE for p in (ROOT / folder).rglob("*.py")]
    scripts = [p for p in (ROOT / "web" / "static").rglob("*.js") if "pyodide" not in p.parts]
    assert sources and scripts, "the folders people read from were not found"
    return [
        (str(path.relative_to(ROOT)), line, text)
        for path in sources + scripts
        for line, text in (python_strings(path) if path.suffix == ".py" else js_strings(path))
    ]
