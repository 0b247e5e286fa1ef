"""Issue 20: a warm process (``chronique shell``) runs its commands on the very aggregates it keeps,
without copying them. A command that changed them and recorded nothing must not leave them
changed; what another writer records is seen at the next command; and the kept aggregates always
equal a replay of the store."""

from __future__ import annotations

import pytest
from support import sample, state

from chronique.adapters.bootstrap import build
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.world import World

CAMPAIGN = "Verdelune"


def table(db: str) -> None:
    services = build(db)
    services.create_campaign(CAMPAIGN, "cartes", None)
    for who in ("alice", "bruno"):
        services.create_character(CAMPAIGN, sample(who))
    services.start_session(CAMPAIGN)
    services.close()


def contact_test(world: World) -> None:
    make_test(world, "Alice", TestRequest("Contact", source="deck"))


def stored_world(db: str) -> dict[str, object]:
    """Every aggregate of the campaign as a cold process replays it from the store."""
    cold = build(db)
    try:
        return {str(a.id): state(a) for a in cold.world(CAMPAIGN).aggregates()}
    finally:
        cold.close()


def test_a_command_that_fails_after_drawing_leaves_the_kept_aggregates_as_stored(db: str) -> None:
    table(db)
    warm = build(db, warm=True)
    try:
        warm.act(CAMPAIGN, contact_test)  # loads and keeps the world

        def draws_then_fails(world: World) -> None:
            contact_test(world)  # the deck and Alice change in memory...
            raise RuleViolation("the GM changed their mind")  # ...and nothing is recorded

        with pytest.raises(RuleViolation):
            warm.act(CAMPAIGN, draws_then_fails)
        kept = {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()}
        assert kept == stored_world(db)
        warm.act(CAMPAIGN, contact_test)  # and the next command records from the stored state
        assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(db)
    finally:
        warm.close()


def test_another_writer_s_command_is_seen_at_the_next_command(db: str) -> None:
    table(db)
    warm, other = build(db, warm=True), build(db)
    try:
        warm.act(CAMPAIGN, contact_test)
        other.act(CAMPAIGN, contact_test)
        # Before its next command the warm process already reads the other writer's draw...
        assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(db)
        warm.act(CAMPAIGN, contact_test)  # ...and records on top of it
        assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(db)
        assert warm.journal.recorder.max_notification_id() == other.journal.recorder.max_notification_id()
    finally:
        warm.close()
        other.close()


def test_a_dry_run_on_a_warm_journal_changes_nothing_it_keeps(db: str) -> None:
    table(db)
    warm = build(db, warm=True)
    try:
        warm.act(CAMPAIGN, contact_test)
        warm.end_session(CAMPAIGN)
        warm.advance(CAMPAIGN, lambda c: c.clock + 86_400, dry_run=True)
        assert {str(a.id): state(a) for a in warm.world(CAMPAIGN).aggregates()} == stored_world(db)
    finally:
        warm.close()
