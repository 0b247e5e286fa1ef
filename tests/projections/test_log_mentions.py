"""Which characters an event names, as the log read model keeps them for `log --character`
(ruling RM5): whole names as the campaign spells them, the longest first, never a name inside
another word or another name, and never by the campaign's bookkeeping of every member."""

from __future__ import annotations

import json
from typing import Any

import pytest

from chronique.projections.log import Named
from chronique.projections.standing import Standings

CAMPAIGN, JOE, HAMBUSTER, DOC = "c" * 36, "1" * 36, "2" * 36, "3" * 36


def named() -> Named:
    standings = Standings()
    standings.rows = {
        CAMPAIGN: {"aggregate_id": CAMPAIGN, "campaign_id": CAMPAIGN, "name": "Shotgun City"},
        JOE: {"aggregate_id": JOE, "campaign_id": CAMPAIGN, "name": "Joe"},
        HAMBUSTER: {"aggregate_id": HAMBUSTER, "campaign_id": CAMPAIGN, "name": "Joe Hambuster"},
        DOC: {"aggregate_id": DOC, "campaign_id": CAMPAIGN, "name": "Doc Holloway"},
    }
    return Named(standings)


def ids(found: str | None) -> set[str]:
    return set((found or "").split())


@pytest.mark.parametrize("stored", [True, False], ids=["stored-json", "fields"])
@pytest.mark.parametrize(
    ("state", "expected"),
    [
        ({"source": "Joe Hambuster's knife"}, {HAMBUSTER}),
        ({"by": "Joe", "target": "Joe Hambuster"}, {JOE, HAMBUSTER}),
        ({"purpose": "Joey's horse, Joes all"}, set()),
        ({"opponent": "Doc Holloway", "healer": "Doc Holloway"}, set()),  # its own name: the log has it
        ({"heads": {JOE: [1, "0" * 64]}, "members": {JOE: {"name": "Joe"}}}, set()),
        ({"member_id": JOE, "player": "Marie"}, {JOE}),
    ],
    ids=["longest-first", "both", "inside-words", "own", "bookkeeping", "by-id"],
)
def test_an_event_names_whole_names_of_its_campaign_ruling_rm5(state: dict[str, Any], expected: set[str], stored: bool) -> None:
    raw = json.dumps(state, ensure_ascii=False).encode("utf-8") if stored else None
    assert ids(named().mentions(CAMPAIGN, DOC, state, raw)) == expected
