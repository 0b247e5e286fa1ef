"""The golden catalog of every stored event shape: topic, class_version and fields.

Changing a stored shape needs an upcaster and a new class_version (DESIGN.md), never an edit:
this test fails on any change until the catalog below is deliberately updated.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from pathlib import Path
from typing import Any

from eventsourcing.utils import resolve_topic

from chronique.domain.chain import ChainedCreated, ChainedEvent

CATALOG = Path(__file__).with_name("event_catalog.json")
MODULES = (
    "chronique.domain.campaign",
    "chronique.domain.deck",
    "chronique.domain.character",
    "chronique.domain.rulesets.cartes.events",
    "chronique.domain.rulesets.elor.events",
    "chronique.domain.rulesets.microfudge.events",
    "chronique.domain.rulesets.westernparade.events",
    "chronique.domain.rulesets.westernparade.body_events",
    "chronique.domain.rulesets.westernparade.downtime_events",
)


def subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found.append(sub)
        found.extend(subclasses(sub))
    return found


def catalog() -> dict[str, Any]:
    for module in MODULES:
        importlib.import_module(module)
    # The aggregate metaclass derives copies of nested event classes; keep the ones topics name.
    classes = {
        f"{c.__module__}:{c.__qualname__}": c
        for c in subclasses(ChainedEvent) + subclasses(ChainedCreated)
        if c.__module__.startswith("chronique.") and resolve_topic(f"{c.__module__}:{c.__qualname__}") is c
    }
    return {
        topic: {"class_version": getattr(c, "class_version", 1), "fields": sorted(f.name for f in dataclasses.fields(c))}
        for topic, c in sorted(classes.items())
    }


def test_event_catalog_is_unchanged() -> None:
    assert catalog() == json.loads(CATALOG.read_text(encoding="utf-8"))


if __name__ == "__main__":  # regenerate deliberately: python tests/domain/test_event_catalog.py
    CATALOG.write_text(json.dumps(catalog(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
