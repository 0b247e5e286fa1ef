"""Elor's luck by kind of roll (ruling E113), and the reason an opposition or a contest is given
(ruling E114), from the real command line on a real journal (§Résolution des actions, §Actions /
réactions, §Concours, §Actions longues, §Combat)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from elor_table import TRAIN, in_the_log, of_kind, with_aldo_and_bruna
from sqlalchemy import text
from support import change_read_model, run


def by_kind(db: str) -> dict[str, Any]:
    """``luck Tolosa --by kind --json``: what the table reads of its luck, per kind of roll."""
    found: dict[str, Any] = json.loads(run(db, "luck", "Tolosa", "--by", "kind", "--json").stdout)
    return found


def test_E113_luck_names_each_elor_test_by_its_kind_as_the_table_names_it(db: str, tmp_path: Path) -> None:
    with_aldo_and_bruna(db, tmp_path)
    # Every level below is between 1 and 9, so each test rolls its dice (PROPOSAL B4) and counts.
    run(db, "elor", "test", "Tolosa", "Aldo", "-f", "C", "-p", "Guerrier")  # level 4: a plain test
    run(db, "elor", "test", "Tolosa", "Aldo", "-f", "C", "--reason", "climbing the wall")  # its reason is its own words
    run(db, "elor", "oppose", "Tolosa", "Aldo", "Bruna", "-f", "C")  # Aldo's action, Bruna's reaction (C 1)
    run(db, "elor", "contest", "Tolosa", "Aldo", "Bruna", "-f", "C")
    run(db, "elor", "damage", "Tolosa", "Bruna", "--amount", "3", "--location", "torso")
    run(db, "elor", "care", "Tolosa", "Aldo", "Bruna", "--location", "torso", "-f", "C")  # C 2: level 2
    run(db, "elor", "long-action", "start", "Tolosa", "Aldo", "fletch arrows", "--degrees", "40", "-f", "C", "--manual")
    run(db, "elor", "long-action", "test", "Tolosa", "Aldo", "fletch arrows")
    # Bruna (C 1 + Guerrier 1 = level 2) trains with Aldo: a test a week (ruling E27).
    run(db, *TRAIN, "Bruna", "Guerrier", "--teacher", "Aldo")
    run(db, "session", "end", "Tolosa")
    run(db, "advance", "Tolosa", "1w", "--yes")
    run(db, "session", "start", "Tolosa")
    run(db, "elor", "scene", "start", "Tolosa", "Aldo", "Samson", "Brigand", "Bruna")
    run(db, "elor", "attack", "Tolosa", "Aldo", "Samson", "-w", "Épée", "--defence", "dodge", "--defend-on-miss")
    run(db, "elor", "attack", "Tolosa", "Brigand", "Bruna", "-w", "Épée", "--defence", "parry", "--defend-on-miss")

    kinds = {kind: found["draws"] for kind, found in by_kind(db).items()}
    assert kinds == {
        "action test": 2,
        "opposed action": 1,
        "reaction": 1,
        "contest": 2,
        "care": 1,
        "long action work": 1,
        "training": 1,
        "attack": 2,
        "dodge": 1,
        "parry": 1,
    }


def test_E114_an_opposition_and_a_contest_take_a_reason_said_in_the_log_after_what_each_test_was(db: str, tmp_path: Path) -> None:
    with_aldo_and_bruna(db, tmp_path)
    run(db, "elor", "oppose", "Tolosa", "Aldo", "Bruna", "-f", "C", "--reason", "slipping past the guard")
    run(db, "elor", "contest", "Tolosa", "Aldo", "Bruna", "-f", "C", "--reason", "a race to the gate")
    tests = of_kind(db, "TestRolled")
    assert [(t["purpose"], in_the_log(t).split(": level")[0]) for t in tests] == [
        ("action against Bruna (slipping past the guard)", "action against Bruna (slipping past the guard)"),
        ("reaction to Aldo (slipping past the guard)", "reaction to Aldo (slipping past the guard)"),
        ("contest (a race to the gate)", "contest (a race to the gate)"),
        ("contest (a race to the gate)", "contest (a race to the gate)"),
    ]
    # The reason keeps each test's kind (ruling E113).
    assert {kind: found["draws"] for kind, found in by_kind(db).items()} == {"opposed action": 1, "reaction": 1, "contest": 2}


def test_E113_a_journal_whose_luck_an_older_chronique_projected_is_refilled_with_the_kinds_apart(db: str, tmp_path: Path) -> None:
    with_aldo_and_bruna(db, tmp_path)
    run(db, "elor", "oppose", "Tolosa", "Aldo", "Bruna", "-f", "C")
    now = by_kind(db)
    assert sorted(now) == ["opposed action", "reaction"]
    # What an older Chronique left: every test an "action test", the journal at migration 0010.
    older = text("UPDATE alembic_version SET version_num = '0010'")
    change_read_model(db, text("UPDATE read_luck SET kind = 'action test'"), older)
    assert list(by_kind(db)) == ["action test"]  # read as it stands until a write upgrades it
    run(db, "session", "end", "Tolosa")  # the next write's catch-up upgrades it (0011) and refills luck
    assert by_kind(db) == now
