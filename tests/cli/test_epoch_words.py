"""What the commands that commit and reveal the dice print (FAIRNESS.md v2: an epoch's seed is
committed at one boundary, revealed at the next): the epochs in the words the log and the web
journal use ("the dice of session 1", "the time before the first session"), never their internal
names (``session-1``, ``downtime-0``), which only the JSON and the bundles carry."""

from __future__ import annotations

import re

from support import SAMPLES, run

INTERNAL = re.compile(r"\b(session|downtime)-\d+\b")


def test_the_boundaries_receipts_and_entropy_name_the_dice_in_words_FAIRNESS_v2(db: str) -> None:
    created = run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00").stdout
    assert "(Cartes, id " in created
    assert re.search(r"^commitment of the dice of the time before the first session: [0-9a-f]{64}$", created, re.M), created
    run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / "alice.toml"))
    run(db, "character", "player", "Verdelune", "Alice", "Ana")
    started = run(db, "session", "start", "Verdelune").stdout
    assert re.search(r"^the dice of the time before the first session revealed, seed: [0-9a-f]{64}$", started, re.M), started
    assert re.search(r"^commitment of the dice of session 1: [0-9a-f]{64}$", started, re.M), started
    entropy = run(db, "session", "entropy", "Verdelune", "le hibou", "--player", "Ana").stdout
    assert "Ana's phrase is part of the key of the dice of session 1 (1 phrase so far)" in entropy
    shown = run(db, "campaign", "show", "Verdelune").stdout
    assert "session 1 open; the dice of session 1 committed (commitment " in shown
    ended = run(db, "session", "end", "Verdelune").stdout
    assert re.search(r"^the dice of session 1 revealed, seed: [0-9a-f]{64}$", ended, re.M), ended
    assert re.search(r"^commitment of the dice of the downtime after session 1: [0-9a-f]{64}$", ended, re.M), ended
    for said in (created, started, entropy, shown, ended):
        assert not INTERNAL.search(said), said
