"""The rules re-derivation in the player's browser (issue 16, "Verify in the browser"; FAIRNESS.md
v2, "Rules re-derivation"): web/static/verify/rules.js runs the modules of the standalone verifier
(verify.pyz) under Pyodide, in a module Web Worker, in a real chromium, on a site served with the
production security headers. For a players' bundle of every game, honest or with one event forged
and re-chained (tests/web/rules_games.py), the browser's verdict is Python's ``verify_bundle``'s,
word for word.

One browser and one page serve the whole module, so Pyodide loads once."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browsing import chromium, static_site
from rules_games import EVENINGS, FORGERIES, Forgery, bundle, end_session, forged, play, write
from tampering import offline

from chronique.adapters.verifier_app import build as build_verifier
from chronique.domain.fairness import Report
from chronique.domain.referees import all_rules
from chronique.domain.verifier import Receipts, verify_bundle

pytestmark = pytest.mark.slow

STATIC = Path(__file__).resolve().parents[2] / "web" / "static"
DEADLINE_MS = 120_000  # Pyodide's first load on a slow, busy machine; it takes seconds

# The test page and its module: files of the site, like every script the policy lets run. The
# module records whether the page's policy refuses eval (so these tests do run under it) and every
# violation the page reports.
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rules in the browser</title><link rel="icon" href="data:,">
<script type="module" src="rules-test.js"></script></head><body></body></html>
"""
PAGE_MODULE = """import { checkRules } from "./rules.js";
window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`);
});
try { new Function("return 1"); window.evalRefused = false; } catch (error) { window.evalRefused = error instanceof EvalError; }
window.checkRules = checkRules;
document.body.dataset.ready = "yes";
"""


@dataclass(frozen=True)
class Exported:
    """A bundle as a file of the site, its content, and what Python's verifier made of it."""

    file: str
    content: dict[str, Any]
    report: Report


def _report(content: dict[str, Any], receipts: Receipts = Receipts()) -> Report:
    """Python's verdict: ``verify_bundle``, as ``chronique verify`` and verify.pyz call it."""
    return verify_bundle(content, all_rules(), receipts)


def _exported(folder: Path, name: str, content: dict[str, Any], receipts: Receipts = Receipts()) -> Exported:
    return Exported(write(folder, name, content), content, _report(content, receipts))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """web/static as served, with verify.pyz written where rules.js looks for it by default."""
    folder = tmp_path_factory.mktemp("site")
    shutil.copytree(STATIC, folder / "static")
    verify = folder / "static" / "verify"
    build_verifier(verify / "verify.pyz")
    (verify / "rules-test.html").write_text(PAGE, encoding="utf-8")
    (verify / "rules-test.js").write_text(PAGE_MODULE, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def journals(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the module's SQLite journal files."""
    return tmp_path_factory.mktemp("journals")


@pytest.fixture(scope="module")
def honest(site: Path, journals: Path) -> dict[str, Exported]:
    """Each game's evening on a real SQLite file, its session ended (so sealed and revealed), and
    exported for players."""
    found = {}
    for game, evening in EVENINGS.items():
        db = str(journals / f"{game}-honest.db")
        play(db, evening)
        end_session(db, evening)
        found[game] = _exported(site / "static" / "verify", f"{game}-honest.json", bundle(db, evening))
    return found


def _forged(site: Path, journals: Path, forgery: Forgery) -> tuple[Exported, str]:
    """The forgery made while its session is open, then the session ended (the forged chain
    sealed) and the journal exported for players; and the forged event's place."""
    evening = EVENINGS[forgery.game]
    db = str(journals / f"{forgery.name}.db")
    play(db, evening)
    place = forged(db, evening, forgery)
    end_session(db, evening)
    return _exported(site / "static" / "verify", f"{forgery.name}.json", bundle(db, evening)), place


@pytest.fixture(scope="module")
def page(site: Path) -> Iterator[Any]:
    """The test page, loaded once in a real chromium from the site with the production headers;
    its first verification (of an empty bundle), which loads Pyodide, is kept as window.firstAnswer."""
    with static_site(site) as base, chromium() as browser:
        tab = browser.new_page()
        tab.goto(base + "static/verify/rules-test.html")
        tab.wait_for_selector("body[data-ready='yes']", state="attached", timeout=30_000)
        tab.evaluate(
            """async (deadline) => {
                const failure = new Error(`Pyodide not loaded within ${deadline} ms`);
                const late = new Promise((_, reject) => setTimeout(() => reject(failure), deadline));
                window.firstAnswer = await Promise.race([window.checkRules("{}"), late]);
            }""",
            DEADLINE_MS,
        )
        yield tab
        tab.close()


def in_browser(page: Any, bundle_file: str, seals: tuple[str, ...] = (), commitments: tuple[str, ...] = ()) -> dict[str, Any]:
    """The browser's verdict on one of the site's bundles: fetched and parsed as a page would, and
    handed to ``checkRules`` with the default URLs of Pyodide and verify.pyz, within a deadline."""
    return page.evaluate(
        """async ([file, seals, commitments, deadline]) => {
            const bundle = await (await fetch(file)).json();
            const late = new Promise((_, reject) => setTimeout(() => reject(new Error(`no verdict within ${deadline} ms`)), deadline));
            return await Promise.race([window.checkRules(bundle, {seals, commitments}), late]);
        }""",
        [bundle_file, list(seals), list(commitments), DEADLINE_MS],
    )


def _same(answer: dict[str, Any], report: Report) -> None:
    assert (answer["ok"], answer["place"], answer["failure"], answer["rederived"], answer["summary"]) == (
        report.ok,
        report.place,
        report.failure,
        report.rederived,
        report.summary(),
    )


def test_pyodide_loads_once_under_the_production_policy_without_eval(page: Any, honest: dict[str, Exported]) -> None:
    first = page.evaluate("window.firstAnswer")
    # The timings are printed for the README: Pyodide's load, then one honest bundle's verification.
    assert first["milliseconds"]["load"] > 0 and first["ok"] is False
    answer = in_browser(page, honest["cartes"].file)
    print(f"Pyodide loaded in {first['milliseconds']['load']:.0f} ms; Cartes' bundle verified in {answer['milliseconds']['verify']:.0f} ms")
    assert answer["milliseconds"]["load"] == 0  # Python stayed loaded in its worker
    _same(answer, honest["cartes"].report)
    # The policy is in force (the page's own probe of eval was refused, and heard), and neither the
    # page nor the worker running Pyodide had anything refused: it does without eval.
    assert page.evaluate("window.evalRefused") is True
    probe = page.url.replace("rules-test.html", "rules-test.js")
    assert page.evaluate("window.violations") == [f"script-src eval {probe}"]
    assert first["refused"] == [] and answer["refused"] == []


@pytest.mark.parametrize("game", list(EVENINGS))
def test_an_honest_bundle_of_every_game_verifies_in_the_browser_as_in_python(page: Any, honest: dict[str, Exported], game: str) -> None:
    report = honest[game].report
    assert report.ok and report.rederived > 0, report.summary()
    answer = in_browser(page, honest[game].file)
    assert answer["ok"] is True
    _same(answer, report)


@pytest.mark.parametrize("forgery", FORGERIES, ids=lambda f: f.name)
def test_a_forgery_fails_in_the_browser_where_and_as_python_says(page: Any, site: Path, journals: Path, forgery: Forgery) -> None:
    exported, place = _forged(site, journals, forgery)
    # FAIRNESS.md v2: the rules re-derive the event from its revealed chance (a deck's deals from
    # its shuffle), so the re-chained, sealed forgery fails at its own event, naming the field.
    assert exported.report.place == place, exported.report.summary()
    assert (exported.report.failure or "").startswith(f"field {forgery.field}:"), exported.report.summary()
    answer = in_browser(page, exported.file)
    assert answer["ok"] is False
    _same(answer, exported.report)


def test_kept_receipts_count_in_the_browser_and_an_unknown_seal_fails_as_in_python(page: Any, honest: dict[str, Exported]) -> None:
    elor = honest["elor"]
    seal = elor.content["seals"][-1]["seal"]
    kept = _report(elor.content, Receipts((seal,)))
    assert kept.ok and kept.receipts == 1
    # Receipts are read as verify.pyz reads its arguments: spaces trimmed, hex in any case.
    _same(in_browser(page, elor.file, seals=(f" {seal.upper()} ",)), kept)
    unknown = "ab" * 32
    refused = _report(elor.content, Receipts((unknown,)))
    assert refused.place == f"kept seal {unknown[:16]}…"
    _same(in_browser(page, elor.file, seals=(unknown,)), refused)


def test_a_bundle_that_is_not_json_fails_in_the_browser_as_in_the_zip_application(page: Any, site: Path) -> None:
    verify = site / "static" / "verify"
    (verify / "broken.json").write_text('{"format": "chronique-fair-v2", "events": [', encoding="utf-8")
    expected = offline(verify / "verify.pyz", verify / "broken.json")
    answer = page.evaluate("async () => window.checkRules(await (await fetch('broken.json')).text())")
    assert expected.returncode == 1 and answer["ok"] is False
    assert answer["summary"] == expected.stdout.strip()
