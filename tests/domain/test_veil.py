"""What a players' sheet leaves out while a hidden roll waits for its epoch's reveal (domain/veil.py,
FAIRNESS.md v2), on Elor aggregates with scripted dice: each part the hidden roll changed as it
stood before it, whatever later rolls in plain sight change; nothing once revealed or voided; and
a pile dealt face down by design (Cartes §Piles) is no hidden roll."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from elor_table import table

from chronique.domain.rulesets.cartes import events as cartes
from chronique.domain.rulesets.elor.play import TestSpec, roll_test
from chronique.domain.veil import Veil, veil


def _played(hidden_effort: int, *then: int) -> tuple[dict[str, Any], dict[str, Any], Veil | None]:
    """Aldo before, his condition after a hidden test then tests in plain sight with the efforts
    ``then``, and the veil. Coordination 2 rolls 1 + effort dice, each failing on a 3 (§3.3)."""
    world = table(dice=[3] * (1 + hidden_effort + sum(1 + effort for effort in then)))
    aldo = world.character("Aldo")
    start = deepcopy(aldo)
    before = deepcopy(aldo.condition)
    roll_test(world, "Aldo", TestSpec("C", effort=hidden_effort, hidden=True))
    for effort in then:
        roll_test(world, "Aldo", TestSpec("C", effort=effort))
    events = aldo.pending_events[len(start.pending_events) :]
    return before, aldo.condition, veil(start, events, lambda _epoch: False, ())


def test_the_effort_a_hidden_test_took_shows_as_it_stood_before_it_s3_3() -> None:
    before, now, found = _played(1)
    assert found is not None and found.epochs == ("session-1",)
    assert now["effort"] == before["effort"] - 1 and now["fatigue"] == before["fatigue"] + 1
    assert found.condition == before


def test_a_part_whose_later_value_rests_on_the_hidden_roll_stays_as_last_seen_s3_3_L316() -> None:
    # Out of scenes the effort spent is back before the next test (L316): recovering the point the
    # hidden test spent would read 3 of 2 on top of what the players saw, so the effort stays as
    # they last saw it; the next test in plain sight spends its own point from there (§3.3).
    before, now, found = _played(1, 1)
    assert found is not None and now["effort"] == before["effort"] - 1
    assert (found.condition["effort"], found.condition["fatigue"]) == (now["effort"], now["fatigue"])
    _, _, waiting = _played(1, 0)
    assert waiting is not None and (waiting.condition["effort"], waiting.condition["fatigue"]) == (before["effort"], before["fatigue"])


def test_a_hidden_test_that_changed_nothing_is_said_to_wait_all_the_same() -> None:
    _, now, found = _played(0)
    assert found is not None and found.condition == now
    assert "hidden roll of session 1" in found.words() and "once session 1 is over" in found.words()


def test_nothing_waits_once_the_epoch_is_revealed_or_the_roll_voided() -> None:
    world = table(dice=[3, 3])
    aldo = world.character("Aldo")
    start = deepcopy(aldo)
    roll_test(world, "Aldo", TestSpec("C", effort=1, hidden=True))
    events = aldo.pending_events[len(start.pending_events) :]
    assert veil(deepcopy(start), events, lambda _epoch: True, ()) is None
    voided = [e.originator_version for e in events]
    assert veil(deepcopy(start), events, lambda _epoch: False, voided) is None


def test_a_pile_dealt_face_down_is_no_hidden_roll_s_Piles() -> None:
    # The hand is its player's, the pile counted (Cartes §Piles): what dealing did shows.
    assert cartes.CardsDealt.face_down_by_design and cartes.PileRefilled.face_down_by_design
    assert not cartes.TestMade.face_down_by_design


def test_a_veil_names_the_reveals_it_waits_for_by_number_ruling_FP20() -> None:
    # What a script reads of the epochs (ruling FP20): a session's number, or the session a
    # downtime follows (0 before the first session), never the epochs' internal names.
    waiting = Veil({}, ("downtime-0", "session-2", "downtime-2"))
    assert waiting.until() == {"hidden_rolls_until_downtime_after_session": [0, 2], "hidden_rolls_until_session": [2]}
