"""`luck --by session` counts what is rolled between sessions under the downtime, not under the
session before it (ruling LK13): a Cartes survival draw between sessions 1 and 2 was counted under
"session 1", as if the table had drawn it (the round-11 web and Elor play-tests)."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import text
from support import change_read_model, run
from verdelune_party import verdelune_party

from chronique.domain.luck import session_words


def by_session(db: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(run(db, "luck", "Verdelune", "--by", "session", "--json").stdout)
    return found


def test_survival_draws_between_sessions_count_under_the_downtime_Survie_L431_ruling_LK13(db: str) -> None:
    # Alice draws in session 1, takes a Forte wound (§Survie L431-L441) and draws for her life
    # between sessions (whatever the draws give: she may die of it); Bruno draws in session 2.
    verdelune_party(db, ("alice", "bruno"))
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "5", "--lethality", "forte")
    run(db, "session", "end", "Verdelune")
    run(db, "advance", "Verdelune", "3h", "--yes")
    run(db, "session", "start", "Verdelune")
    run(db, "cartes", "test", "Verdelune", "Bruno", "Contact")
    found = by_session(db)
    assert sorted(found) == ["between sessions 1 and 2", "session 1", "session 2"]
    assert found["session 1"]["draws"] == 1 and found["session 2"]["draws"] == 1
    assert found["between sessions 1 and 2"]["draws"] >= 1


def test_a_journal_whose_luck_an_older_chronique_projected_is_refilled_with_the_downtime_apart_ruling_LK13(db: str) -> None:
    verdelune_party(db)
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "5", "--lethality", "forte")
    run(db, "session", "end", "Verdelune")
    run(db, "advance", "Verdelune", "2h", "--yes")
    now = by_session(db)
    assert list(now) == ["since session 1"]  # no session 2 yet (ruling LK16)
    # What an older Chronique left: the downtime's draws under session 1, the journal at 0009.
    older = text("UPDATE alembic_version SET version_num = '0009'")
    change_read_model(db, text("UPDATE read_luck SET session = 1 WHERE session = -1"), older)
    assert list(by_session(db)) == ["session 1"]  # read as it stands until a write upgrades it
    run(db, "session", "start", "Verdelune")  # the next write's catch-up upgrades it (0010) and refills luck
    assert by_session(db) == {"between sessions 1 and 2": now["since session 1"]}


def test_the_session_a_roll_counts_under_in_words_ruling_LK13() -> None:
    assert [session_words(n) for n in (None, 0, 1, 12, -1, -12)] == [
        "before any session",
        "before any session",
        "session 1",
        "session 12",
        "between sessions 1 and 2",
        "between sessions 12 and 13",
    ]
