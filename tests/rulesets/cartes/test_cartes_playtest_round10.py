"""Cartes, tenth round: a scene is ended only while one can run, in a session. The unit tests stack
the deck (tests/cartes_table.py); the command-line test runs the real app on a real journal.
Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest: shared/rules/cartes.md."""

from __future__ import annotations

import pytest
from cartes_cli import NAME, cli, of, refused, seat
from cartes_table import table

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.table import end_scene

NO_SCENE = "no scene is running: the session is closed, and its end already cleared the markers"


def test_ending_a_scene_between_sessions_is_refused_and_records_nothing_Deroulement_du_tour_L247_ruling_C112(db: str) -> None:
    # §Déroulement du tour L247: a scene is played at the table, in a session; §Ressources en cartes
    # L203: the session's end returns the cards, and markers lapse with them. `cartes scene end`
    # between sessions recorded one SceneEnded per character, each changing nothing.
    seat(db)
    cli(db, "session", "end", NAME)
    assert refused(db, "cartes", "scene", "end", NAME) == f"error: {NO_SCENE}"
    assert of(db, "SceneEnded") == []
    # In a session a scene ends as before, one event per character.
    cli(db, "session", "start", NAME)
    assert cli(db, "cartes", "scene", "end", NAME).stdout == (
        "scene ended: nothing lapsed, as nobody held markers, a malus after a knock-out, harder resource draws or support cards\n"
    )  # ruling C154: nothing was held, "markers cleared" said otherwise
    assert len(of(db, "SceneEnded")) == 2


def test_the_rules_refuse_a_scene_end_out_of_session_for_every_caller_ruling_C112() -> None:
    # The refusal is the rules' (table.end_scene), so the web and the shell are refused alike.
    world = table(session=False)
    alice = world.character("Alice")
    before = alice.version
    with pytest.raises(RuleViolation, match=f"^{NO_SCENE}$"):
        end_scene(world)
    assert alice.version == before
    assert not [e for e in alice.pending_events if isinstance(e, ev.SceneEnded)]
