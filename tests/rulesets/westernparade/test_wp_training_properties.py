"""Invariants of Western Parade downtime through the real services on each backend: an
interrupted advance with training, practice, a pending reputation roll and a long activity
running changes nothing, and re-run gives what the dry run showed; a + b equals a then b."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import journals, payload, scripted_services, state, stored
from westernparade_table import SAM, SIRINGO

from chronique.adapters.services import Chronique
from chronique.domain.gametime import DAY
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.timeline import advance

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SPANS = st.integers(min_value=1, max_value=40 * DAY)
SEEDS = st.binary(min_size=4, max_size=8)


class Interrupted(Exception):
    """Stands for a crash between the advance's computation and its save."""


def rows(db: str) -> int:
    return len(stored(db))


def busy_party(services: Chronique) -> str:
    name = "Shotgun City"
    services.create_campaign(name, "western-parade", "1873-04-12 08:00")
    for sheet in (SAM, SIRINGO):
        services.create_character(name, sheet)
    services.act(name, lambda w: dt.plan_training(w, "Sam Parkerson", "Armes de poing", 20, teacher="Charlie Siringo"))
    services.act(name, lambda w: dt.plan_training(w, "Sam Parkerson", "FOR", 10))
    services.act(name, lambda w: dt.plan_training(w, "Sam Parkerson", "Placage", 6))
    services.act(name, lambda w: dt.set_practice(w, "Sam Parkerson", True))
    services.act(name, lambda w: dt.gunfight(w, "Sam Parkerson", put_out=2))
    services.act(name, lambda w: dt.start_activity(w, "Charlie Siringo", "hunting", terrain="giboyeux"))
    return name


@SETTINGS
@given(seed=SEEDS, span=SPANS)
def test_an_interrupted_advance_changes_nothing_and_reruns_identically(backend: str, seed: bytes, span: int) -> None:
    with journals(backend) as [path]:
        services = scripted_services(path, seed)
        name = busy_party(services)
        before = rows(path)

        interrupted: list[Any] = []

        def crash(world) -> None:  # noqa: ANN001
            advance(world.campaign, ruleset("western-parade").processes(world), world.campaign.clock + span)
            interrupted.extend(world.pending())
            raise Interrupted

        with pytest.raises(Interrupted):
            services.act(name, crash)
        assert rows(path) == before
        # A dry run records nothing either (FAIRNESS.md v2: it draws from a throwaway key).
        services.advance(name, lambda c: c.clock + span, dry_run=True)
        assert rows(path) == before
        done = services.advance(name, lambda c: c.clock + span)
        assert [payload(e) for e in done.events] == [payload(e) for e in interrupted]
        assert rows(path) == before + len(done.events) + 1  # and the command's mark (ruling UN1)


@SETTINGS
@given(seed=SEEDS, first=SPANS, second=SPANS)
def test_advancing_a_plus_b_equals_a_then_b(backend: str, seed: bytes, first: int, second: int) -> None:
    with journals(backend, 2) as [one, two]:
        once = scripted_services(one, seed)
        twice = scripted_services(two, seed)
        name = busy_party(once)
        busy_party(twice)
        once.advance(name, lambda c: c.clock + first + second)
        twice.advance(name, lambda c: c.clock + first)
        twice.advance(name, lambda c: c.clock + second)
        a, b = once.world(name), twice.world(name)
        assert a.campaign.clock == b.campaign.clock
        for x, y in zip(a.characters.values(), b.characters.values(), strict=True):
            assert state(x) == state(y)
