"""The browser's verifier says what chance it re-derived, as there was (ruling FP25): an Elor
journal rolls dice and shuffles nothing, and the page said "2 dice and shuffles re-derived". Its
words (web/static/verify/core.js ``rederivedWords``, used by page.js) are run by Node on real audit
bundles written by the real command line (FAIRNESS.md v2)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from support import SAMPLES, run

CORE = Path(__file__).resolve().parents[2] / "web" / "static" / "verify" / "core.js"

_NODE_SCRIPT = """
import { readFileSync } from "node:fs";
const core = await import(process.argv[2]);
const report = await core.verifyBundle(readFileSync(process.argv[3], "utf8"));
const said = (draws, shuffles) => core.rederivedWords(draws, shuffles);
console.log(JSON.stringify({
  ok: report.ok, draws: report.draws, words: said(report.draws, report.shuffles),
  samples: [said(5, 2), said(1, 0), said(1, 1), said(0, 0)],
}));
"""


def _in_node(tmp_path: Path, bundle: Path) -> dict[str, object]:
    """core.js's verdict on ``bundle`` and its words, run by Node (core.js copied as a module)."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Node is missing: the browser's verifier's words cannot be checked")
        pytest.skip("Node is not installed: the browser's verifier cannot run here")
    module, script = tmp_path / "core.mjs", tmp_path / "words.mjs"
    module.write_text(CORE.read_text(encoding="utf-8"), encoding="utf-8")
    script.write_text(_NODE_SCRIPT, encoding="utf-8")
    done = subprocess.run([node, str(script), module.as_uri(), str(bundle)], capture_output=True, text=True, check=True)
    answer: dict[str, object] = json.loads(done.stdout)
    return answer


def _bundle(db: str, tmp_path: Path, campaign: str) -> Path:
    run(db, "session", "end", campaign)  # the reveal: the dice of session 1 can be re-derived
    path = tmp_path / "bundle.json"
    run(db, "audit", "export", campaign, "-o", str(path))
    return path


def test_an_elor_journal_s_dice_are_said_as_dice_with_no_shuffles_FAIRNESS_v2_ruling_FP25(db: str, tmp_path: Path) -> None:
    run(db, "campaign", "new", "Elorie", "--ruleset", "elor")
    run(db, "character", "new", "Elorie", "--sheet", str(SAMPLES / "elor_montana.toml"))
    run(db, "session", "start", "Elorie")
    # Esprit 2 with no effort: one D10 each (§Tests d'action).
    run(db, "elor", "test", "Elorie", "Montana James", "-f", "E")
    run(db, "elor", "test", "Elorie", "Montana James", "-f", "E", "-p", "Aventurier")
    answer = _in_node(tmp_path, _bundle(db, tmp_path, "Elorie"))
    assert (answer["ok"], answer["draws"], answer["words"]) == (True, 2, "2 dice re-derived")
    assert answer["samples"] == [
        "3 dice and 2 shuffles re-derived",
        "1 die re-derived",
        "1 shuffle re-derived",
        "nothing drawn by chance to re-derive",
    ]


def test_a_cartes_journal_s_shuffles_are_said_as_shuffles_FAIRNESS_v2_ruling_FP25(db: str, tmp_path: Path) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / "alice.toml"))
    run(db, "session", "start", "Verdelune")
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")  # the first draw shuffles the general deck and deals
    answer = _in_node(tmp_path, _bundle(db, tmp_path, "Verdelune"))
    assert (answer["ok"], answer["draws"], answer["words"]) == (True, 1, "1 shuffle re-derived")
