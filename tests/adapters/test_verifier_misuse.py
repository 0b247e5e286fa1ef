"""The standalone verifier's misuse (ruling FP14): its usage promises "exit 0 when it holds, 1 when
it does not, 2 on misuse". A mistyped receipt or a bundle file that cannot be opened is misuse: one
line naming the problem, exit 2, never a "FAILED" verdict accusing the journal. A file that opens
but is no bundle stays a failed verification (exit 1), as the browser's verifier says (WJ10)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import SAMPLES, run
from tampering import offline

CAMPAIGN = "Verdelune"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A Cartes campaign with one session played and ended, its bundle and the verifier beside it."""
    db = str(tmp_path / "journal.db")
    run(db, "init")
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "alice.toml"))
    run(db, "session", "start", CAMPAIGN)
    run(db, "session", "end", CAMPAIGN)
    run(db, "audit", "verifier", "-o", str(tmp_path / "verify.pyz"))
    run(db, "audit", "export", CAMPAIGN, "-o", str(tmp_path / "bundle.json"))
    return tmp_path


def test_a_mistyped_seal_or_commitment_is_misuse_in_one_line_not_a_rewritten_journal(folder: Path) -> None:
    # The play-tester's typo read "FAILED at kept seal deadbeef…: the journal does not hold this
    # seal any more: it was rewritten or cut short", exit 1: a player's slip accused the journal.
    for flag, typed in (("--seal", "deadbeef"), ("--commitment", "zz" * 32), ("--seal", "a" * 65)):
        shown = offline(folder / "verify.pyz", folder / "bundle.json", flag, typed)
        assert shown.returncode == 2, shown
        assert shown.stdout == "" and shown.stderr.count("\n") == 1, shown
        assert f"`{flag}` takes 64 hexadecimal digits, as a receipt prints them, not " in shown.stderr
        assert "FAILED" not in shown.stderr


def test_a_well_formed_seal_the_journal_does_not_hold_still_fails_the_verification(folder: Path) -> None:
    # FAIRNESS.md v2: the verifier "fails when the chains do not extend" a kept receipt.
    shown = offline(folder / "verify.pyz", folder / "bundle.json", "--seal", " " + "AB" * 32 + " ")
    assert shown.returncode == 1 and "FAILED at kept seal abababababababab…" in shown.stdout, shown


def test_a_bundle_file_that_cannot_be_opened_is_misuse_in_one_line(folder: Path) -> None:
    for missing, why in ((folder / "nonexist.json", "No such file or directory"), (folder, "Is a directory")):
        shown = offline(folder / "verify.pyz", missing)
        assert shown.returncode == 2, shown
        assert shown.stdout == "" and shown.stderr == f"cannot open the bundle {str(missing)!r}: {why}\n", shown


def test_a_file_that_opens_but_is_no_bundle_fails_the_verification(folder: Path) -> None:
    # What the operator handed over is checked and does not hold: a verdict, exit 1.
    (folder / "cut.json").write_text((folder / "bundle.json").read_text(encoding="utf-8")[:200], encoding="utf-8")
    shown = offline(folder / "verify.pyz", folder / "cut.json")
    assert shown.returncode == 1 and shown.stdout.startswith("FAILED at bundle: it cannot be read as JSON"), shown
    (folder / "list.json").write_text("[]", encoding="utf-8")
    shown = offline(folder / "verify.pyz", folder / "list.json")
    assert shown.returncode == 1 and shown.stdout.startswith("FAILED at bundle: it is a list, not an audit bundle"), shown  # ruling FP17


def test_an_honest_bundle_with_its_true_receipt_still_holds(folder: Path) -> None:
    import json

    seal = json.loads((folder / "bundle.json").read_text(encoding="utf-8"))["seals"][-1]["seal"]
    shown = offline(folder / "verify.pyz", folder / "bundle.json", "--seal", seal.upper())
    assert shown.returncode == 0 and shown.stdout.startswith("OK"), shown
