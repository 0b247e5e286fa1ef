"""`undo` says the reason a GM gave, never its default after "took back" (ruling UN21): with no
--reason it read "took back the last command of Verdelune (taken back with undo)". `correct` says
whether an event it cannot void is a correction or voided already, and by what (ruling EB38)."""

from __future__ import annotations

import json

from support import refused_cleanly, run
from verdelune_party import verdelune_party


def test_an_undo_with_no_reason_says_none_and_one_with_a_reason_says_it_ruling_un21(db: str) -> None:
    verdelune_party(db)
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "5", "--lethality", "forte")
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "3", "--lethality", "faible")
    assert run(db, "undo", "Verdelune").stdout.splitlines()[0] == "took back the last command of Verdelune:"
    assert run(db, "undo", "Verdelune", "--reason", "wrong target").stdout.splitlines()[0] == (
        "took back the last command of Verdelune (wrong target):"
    )


def test_correct_says_whether_an_event_is_a_correction_or_voided_and_by_what_ruling_eb38(db: str) -> None:
    # It said "is a correction or already voided" of both, so the GM could not tell which he had typed.
    verdelune_party(db)
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "5", "--lethality", "forte")
    run(db, "undo", "Verdelune")
    undone = [e for e in json.loads(run(db, "log", "Verdelune", "--json", "--gm").stdout) if e["event"]["topic"].endswith("Undone")]
    (correction,) = [e["event"] for e in undone]
    prefix = correction["originator_id"].replace("-", "")[:8]
    wound = f"{prefix}:{correction['voided'][0]}"
    said = refused_cleanly(db, "correct", wound, "--reason", "again")
    assert said == f"error: event {wound} of Alice is voided already, by {prefix}:{correction['originator_version']}"
    said = refused_cleanly(db, "correct", f"{prefix}:{correction['originator_version']}", "--reason", "again")
    assert said == f"error: event {prefix}:{correction['originator_version']} of Alice is a correction, and a correction is never voided"
