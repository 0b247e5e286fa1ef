"""The storage never turns an integer into a float (issue 18, item 1): an integer within ±(2^53-1)
is stored and read back as that very integer, on both backends; one beyond is refused before
anything is written, so every later read of the journal still works."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import journals, sample, scripted_services, stored

from chronique.domain.errors import RuleViolation
from chronique.domain.limits import MAX_DURATION, STORABLE, check_storable
from chronique.domain.rulesets.microfudge.play import award

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def near(*edges: int) -> st.SearchStrategy[int]:
    """Integers at and next to each edge, or anywhere between the first and the last."""
    return st.one_of(
        st.sampled_from([n + d for n in edges for d in (-1, 0, 1) if edges[0] <= n + d <= edges[-1]]), st.integers(edges[0], edges[-1])
    )


def recorded(services: Any, aggregate_id: Any, field: str) -> Any:
    """``field`` of the aggregate's last event, decoded from the store by a journal opened anew."""
    return vars(list(services.journal.events.get(aggregate_id))[-1])[field]


@SETTINGS
@given(count=near(1, 2**31, 2**32, 2**52, STORABLE))
def test_an_award_s_count_comes_back_as_the_same_integer(backend: str, count: int) -> None:
    # A MicroFudge award of experience Atouts (L215) has no bound of its own but the storage's: a
    # Cartes award is bounded by the cards its packs can deal (ruling C76).
    with journals(backend) as [path]:
        services = scripted_services(path)
        services.create_campaign("S", "microfudge", None)
        jim = services.create_character("S", sample("mf_jim"))
        services.act("S", lambda w: award(w, "Jim", count, "a storage test"))
        services.close()
        services = scripted_services(path)
        try:
            again = recorded(services, jim.id, "count")
            assert type(again) is int and again == count
            assert services.world("S").character("Jim").name == "Jim"
        finally:
            services.close()


@SETTINGS
@given(span=near(1, 2**31, 2**32, MAX_DURATION))
def test_the_campaign_clock_comes_back_as_the_same_integer(backend: str, span: int) -> None:
    with journals(backend) as [path]:
        services = scripted_services(path)
        services.create_campaign("S", "cartes", "Day 1 00:00")
        services.advance("S", lambda c: c.clock + span)
        services.close()
        services = scripted_services(path)
        try:
            clock = services.campaign("S").clock
            assert type(clock) is int and clock == span
        finally:
            services.close()


@SETTINGS
@given(count=near(STORABLE + 1, 2**64, 10**30))
def test_an_integer_beyond_2_53_is_refused_and_nothing_is_stored(backend: str, count: int) -> None:
    with journals(backend) as [path]:
        services = scripted_services(path)
        try:
            services.create_campaign("S", "microfudge", None)
            services.create_character("S", sample("mf_jim"))
            before = stored(path)
            with pytest.raises(RuleViolation, match=rf"^the count {count} is beyond the ±9,007,199,254,740,991 a journal can store"):
                services.act("S", lambda w: award(w, "Jim", count, "a storage test"))
            assert stored(path) == before
            assert services.world("S").character("Jim").name == "Jim"
        finally:
            services.close()


@given(value=st.integers(), depth=st.integers(0, 3))
def test_the_store_s_guard_takes_exactly_the_integers_within_2_53_at_any_depth(value: int, depth: int) -> None:
    payload: Any = value
    for level in range(depth):
        payload = {"field": [payload]} if level % 2 else [payload, True]
    if -STORABLE <= value <= STORABLE:
        check_storable({"payload": payload})
    else:
        with pytest.raises(RuleViolation, match=f" {value} is beyond"):
            check_storable({"payload": payload})
