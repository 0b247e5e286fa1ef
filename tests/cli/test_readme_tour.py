"""The README's tour runs as written (issue 15): every command of its blocks, from "A tour of the
commands" through the Western Parade block, in order, on a fresh journal, through the real CLI.

How a tour line is read, as the README writes them: ``[...]`` is optional and left out (the
plain form runs), ``a|b`` in a word is a choice and the first is taken, ``\\`` and an indented
line continue a command, ``#`` starts a comment. A line with ``...`` is a synopsis of several
commands, not one to run. ``<seal>`` and ``<ref>`` stand for what the journal holds then (the
campaign's last seal, the ref of one of Alice's tests), as a reader copies them from the output.
The tour's sample sheets (``cli/samples/...``) are read from the repository; every file the tour
writes goes to a temporary folder."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
import support

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
# The tour: from its heading to the read models' block, which needs a journal to restore and
# files of its own.
TOUR = ("## A tour of the commands", "### Read models, history and exports")
# Tour lines not run, and why.
NOT_RUN = {
    "chronique --install-completion": "installs completion into the user's own shell configuration",
}
_OPTIONAL = re.compile(r"\[[^\[\]]*\]")


def tour_lines(text: str) -> list[str]:
    """Each command of the tour's ``sh`` blocks, continuation lines joined, comments kept."""
    start, stop = text.index(TOUR[0]), text.index(TOUR[1])
    lines: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", text[start:stop], flags=re.S):
        for line in block.splitlines():
            if not line.strip():
                continue
            if lines and (line[0].isspace() or lines[-1].endswith("\\")):
                lines[-1] = lines[-1].removesuffix("\\").rstrip() + " " + line.strip()
            else:
                lines.append(line.strip())
    return lines


def _uncommented(line: str) -> str:
    quote = ""
    for at, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "#" and (at == 0 or line[at - 1].isspace()):
            return line[:at]
    return line


def command_of(line: str) -> list[str] | None:
    """The words to run for one tour line, or None for a comment or a synopsis."""
    plain = _uncommented(line)
    while _OPTIONAL.search(plain):
        plain = _OPTIONAL.sub("", plain)
    if "..." in plain or not plain.strip():
        return None
    words = shlex.split(plain)
    assert words[0] == "chronique", line
    return [w.split("|")[0] for w in words[1:]]


def test_the_tour_is_read_whole() -> None:
    lines = tour_lines(README.read_text(encoding="utf-8"))
    commands = [command_of(line) for line in lines]
    run = [c for c in commands if c is not None]
    # The blocks of every game: Cartes, the settings, Elor and MicroFudge, Western Parade.
    assert ["init"] in run
    assert any(c[:2] == ["cartes", "attack"] for c in run)
    assert any(c[:2] == ["western-parade", "shoot"] for c in run)
    assert any(c[:2] == ["campaign", "set"] for c in run)
    assert len(run) > 60


def _filled(words: list[str], db: str, campaign: str | None) -> list[str]:
    """``<seal>`` and ``<ref>`` as the reader copies them from the journal now."""
    out = []
    for word in words:
        if word == "<seal>":
            shown = json.loads(support.run(db, "campaign", "show", campaign or "", "--json").stdout)
            word = shown["seals"][-1]["seal"]
        elif word == "<ref>":
            logged = json.loads(support.run(db, "log", "Verdelune", "--json", "--gm").stdout)
            test = next(e["event"] for e in logged if e["event"]["topic"].endswith(":TestMade"))
            word = f"{test['originator_id'].replace('-', '')[:8]}:{test['originator_version']}"
        elif word.startswith("cli/samples/"):
            word = str(REPO / word)
        out.append(word)
    return out


def test_every_tour_command_runs_as_written_in_order(db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Files the tour writes (a bundle, the verifier) and the default campaign go to tmp_path.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("CHRONIQUE_CAMPAIGN", raising=False)
    ran, failed = 0, []
    for line in tour_lines(README.read_text(encoding="utf-8")):
        words = command_of(line)
        if words is None or shlex.join(["chronique", *words]) in NOT_RUN:
            continue
        campaign = next((w for w in words if w in ("Verdelune", "Tolosa", "Arkham", "Shotgun City")), None)
        result = support.run(db, *_filled(words, db, campaign), check=False)
        if result.returncode != 0:
            failed.append(f"{line}\n  -> exit {result.returncode}: {(result.stderr or result.stdout).strip()}")
        ran += 1
    assert failed == [], "\n".join(failed)
    assert ran > 60
