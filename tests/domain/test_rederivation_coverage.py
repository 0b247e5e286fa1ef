"""FAIRNESS.md v2, rules re-derivation: every event type that consumes chance has its rule, and
every type that can be recorded face down is declared so, for the verifiers (issue 13)."""

from __future__ import annotations

import json
from pathlib import Path

from chronique.domain.referees import all_rules

CATALOG = json.loads((Path(__file__).with_name("event_catalog.json")).read_text(encoding="utf-8"))
# The abstract bases name the fields their subclasses share; no event is ever recorded as one of them.
ABSTRACT = {
    "chronique.domain.chain:ChanceConsumed",
    "chronique.domain.chain:FaceDown",
    "chronique.domain.rulesets.westernparade.body_events:OutOfActionEvent",
}
RECORDED = {topic: shape for topic, shape in CATALOG.items() if topic not in ABSTRACT}
# Not re-derived yet (issue 13 stays open until this is empty): only their chance is checked
# against their draw place; a type leaves this list when its rule lands, never the other way.
PENDING: set[str] = set()


def test_every_event_type_that_consumes_chance_has_a_re_derivation() -> None:
    rules = all_rules()
    consuming = {topic for topic, shape in RECORDED.items() if "chance" in shape["fields"]}
    assert consuming, "the catalog names no chance-consuming event: is it the right file?"
    assert sorted(consuming - set(rules.rederive) - PENDING) == []
    assert sorted(PENDING & set(rules.rederive)) == []  # a rule landed: take its type off PENDING
    assert rules.chance == consuming


def test_every_event_type_that_may_be_face_down_is_declared_so() -> None:
    face_down = {topic for topic, shape in RECORDED.items() if "sealed_until" in shape["fields"]}
    assert all_rules().face_down == face_down


def test_every_re_derivation_names_an_event_type_of_the_catalog() -> None:
    assert sorted(set(all_rules().rederive) - set(RECORDED)) == []
