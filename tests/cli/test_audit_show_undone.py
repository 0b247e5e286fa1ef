"""`audit show` of an event an undo took back says it was voided, as the log does (ruling UN20):
an undo voids a list of versions, which the explanation read as one ("…:[3]") and never matched."""

from __future__ import annotations

import re

from support import chronique, run
from verdelune_party import verdelune_party


def test_audit_show_of_a_test_an_undo_took_back_says_voided_by_the_undo_ruling_UN20(db: str) -> None:
    verdelune_party(db)
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")
    run(db, "undo", "Verdelune", "--reason", "wrong skill")
    log = " ".join(run(db, "--ascii", "log", "Verdelune", "--gm", "--kind", "TestMade").stdout.split())
    found = re.search(r"\| ([0-9a-f]{8}:\d+) \|.*voided by ([0-9a-f]{8}:\d+):", log)
    assert found is not None, log
    test, undo = found.groups()
    shown = chronique(db, "audit", "show", test).stdout
    assert shown.splitlines()[0] == f"{test}, Alice: test made — VOIDED by {undo}"
