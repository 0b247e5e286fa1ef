"""The log's fold reads an entry off the stored JSON (issue 20: decoding every event into its
class was a third of the log's rebuild): only the events that move a standing or may void others
are decoded, and the log reads as its replay, a correction's marks included."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support import run
from test_luck_and_log_read_models import assert_log_output_unchanged, assert_reads_equal_replay, evening
from test_ruleset_contract import CAMPAIGN

from chronique.adapters.bootstrap import build
from chronique.domain.corrections import CORRECTION_CLASSES
from chronique.domain.rulesets import KNOWN
from chronique.projections import stored
from chronique.projections.standing import moves_standing


@pytest.mark.parametrize("game", KNOWN)
def test_a_log_rebuild_decodes_only_what_moves_a_standing_or_voids(db: str, game: str, monkeypatch: Any) -> None:
    evening(db, game)
    rolled = next(
        e["event"]
        for e in json.loads(run(db, "log", CAMPAIGN, "--json", "--gm").stdout)
        if e["event"]["topic"].endswith(("TestMade", "TestRolled", "CheckRolled"))
    )
    run(db, "correct", f"{rolled['originator_id'].replace('-', '')[:8]}:{rolled['originator_version']}", "--reason", "the wrong skill")
    topics: list[str] = []
    real = stored.decoded

    def counted(notice: Any) -> Any:
        topics.append(notice.topic)
        return real(notice)

    monkeypatch.setattr(stored, "decoded", counted)
    services = build(db, create=False)
    try:
        assert services.read_models is not None
        replayed = services.read_models.rebuild(["log"])
    finally:
        services.close()
    monkeypatch.undo()
    decoded = set(topics)
    assert decoded, "the campaign's creation moves a standing: it is decoded"
    assert all(moves_standing(t) or issubclass(stored.event_class(t), CORRECTION_CLASSES) for t in decoded), decoded
    assert any(issubclass(stored.event_class(t), CORRECTION_CLASSES) for t in decoded), "the correction is decoded to void"
    assert len(topics) < replayed / 2, "most events are read off their JSON"
    assert_log_output_unchanged(db)
    assert_reads_equal_replay(db, "after the log rebuilt from the stored JSON")
