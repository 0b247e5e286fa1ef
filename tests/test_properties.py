"""Invariants of the spine (issue 2): replay equals live; a+b equals a then b; an interrupted
advance changes nothing and, run again, yields the same events."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import journals, payload, scripted_services, state, stored, wounded_party

from chronique.domain.gametime import HOUR, MINUTE
from chronique.domain.rulesets import ruleset
from chronique.domain.timeline import advance

# The backend fixture is a constant string per test, so sharing it between examples is safe.
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
SPANS = st.integers(min_value=1, max_value=3 * 24 * 60).map(lambda minutes: minutes * MINUTE)
SEEDS = st.binary(min_size=4, max_size=8)
LETHALITIES = st.sampled_from(["faible", "moyenne", "forte", "enorme"])


class Interrupted(Exception):
    """Stands for a crash between the advance's computation and its save."""


@SETTINGS
@given(seed=SEEDS, span=SPANS, lethality=LETHALITIES)
def test_replaying_the_log_gives_the_live_state(backend: str, seed: bytes, span: int, lethality: str) -> None:
    with journals(backend) as [path]:
        live = scripted_services(path, seed)
        name = wounded_party(live, lethality=lethality)
        world = live.world(name)
        advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + span)
        live.journal.save(*world.collect())
        replayed = scripted_services(path, seed).world(name)
        assert [state(a) for a in world.aggregates()] == [state(a) for a in replayed.aggregates()]


@SETTINGS
@given(seed=SEEDS, first=SPANS, second=SPANS, lethality=LETHALITIES)
def test_advancing_a_plus_b_equals_a_then_b(backend: str, seed: bytes, first: int, second: int, lethality: str) -> None:
    with journals(backend, 2) as [one, two]:
        once = scripted_services(one, seed)
        twice = scripted_services(two, seed)
        name = wounded_party(once, lethality=lethality)
        wounded_party(twice, lethality=lethality)
        once.advance(name, lambda c: c.clock + first + second)
        twice.advance(name, lambda c: c.clock + first)
        twice.advance(name, lambda c: c.clock + second)
        a, b = once.world(name), twice.world(name)
        assert a.campaign.clock == b.campaign.clock
        for x, y in zip([*a.decks.values(), *a.characters.values()], [*b.decks.values(), *b.characters.values()], strict=True):
            assert state(x) == state(y)
        ids = {x.id for x in [*a.decks.values(), *a.characters.values()]}
        assert [payload(e) for e in once.log(name) if e.originator_id in ids] == [
            payload(e) for e in twice.log(name) if e.originator_id in ids
        ]


@SETTINGS
@given(seed=SEEDS, span=SPANS)
def test_an_interrupted_advance_changes_nothing_and_reruns_identically(backend: str, seed: bytes, span: int) -> None:
    with journals(backend) as [path]:
        services = scripted_services(path, seed)
        name = wounded_party(services)
        rows = len(stored(path))

        interrupted: list[Any] = []

        def crash(world) -> None:
            advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + span)
            interrupted.extend(world.pending())
            raise Interrupted

        with pytest.raises(Interrupted):
            services.act(name, crash)
        assert len(stored(path)) == rows
        # A dry run records nothing either (FAIRNESS.md v2: it draws from a throwaway key).
        services.advance(name, lambda c: c.clock + span, dry_run=True)
        assert len(stored(path)) == rows
        done = services.advance(name, lambda c: c.clock + span)
        assert [payload(e) for e in done.events] == [payload(e) for e in interrupted]
        # Its events and the mark that ends every command (ruling UN1).
        assert len(stored(path)) == rows + len(done.events) + 1
        assert stored(path)[-1][2] == "chronique.domain.campaign:Campaign.CommandRecorded"


def test_long_advances_keep_the_clock_in_whole_seconds(db: str) -> None:
    services = scripted_services(db)
    name = wounded_party(services)
    result = services.advance(name, lambda c: c.clock + 36 * HOUR)
    assert result.to_time - result.from_time == 36 * HOUR
    assert services.campaign(name).clock == result.to_time
