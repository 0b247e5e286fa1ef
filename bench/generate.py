"""A Cartes campaign of N events for the benchmarks: sessions of tests and GM draws."""

from __future__ import annotations

import tomllib
from pathlib import Path

from chronique.adapters.services import Chronique
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.rulesets.cartes.table import gm_draw

SAMPLES = Path(__file__).parents[1] / "cli" / "samples"
BATCH = 1000


def generate(services: Chronique, events: int, name: str = "Bench") -> str:
    """A campaign of about ``events`` events, saved a thousand at a time."""
    services.create_campaign(name, "cartes", None)
    for who in ("alice", "bruno"):
        services.create_character(name, tomllib.loads((SAMPLES / f"{who}.toml").read_text(encoding="utf-8")))
    total = services.journal.recorder.max_notification_id() or 0
    while total < events:
        services.start_session(name)
        world = services.world(name)
        for _ in range(50):
            loaded = {a.id: a.version for a in world.aggregates()}
            for _ in range(BATCH // 4):
                make_test(world, "Alice", TestRequest("Contact", source="deck"))
                gm_draw(world, 1, "", "bench")
            total += len(world.pending())
            services.save(world, loaded)
            if total >= events:
                break
        services.end_session(name)
        total = services.journal.recorder.max_notification_id() or total
    return name
