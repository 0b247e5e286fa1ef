"""The web journal's "explain" page tells one event as ``audit show`` does (they share
adapters/explain.py ``account``), the roll's odds among its lines (ruling LK10): the clause the log
gives the same roll, and for a player's link none while the roll is face down. A real ``chronique
serve`` over a real Western Parade journal (§1.6: a d100 skill roll), real invite links."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from served import fetch, serving
from support import log_details, run, short_ref
from test_ruleset_contract import CAMPAIGN, party

pytestmark = pytest.mark.slow

SAM = "Sam Parkerson"
ODDS = re.compile(r"the odds: ([A-Z][\w ]*? had (?:\d{1,3}%|under 1%|over 99%) to succeed)")


def odds_of(page: str) -> list[str]:
    """The odds clauses an explain page shows (its tags left out)."""
    return ODDS.findall(" ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split()))


def test_the_explain_page_gives_a_rolls_odds_as_the_log_does_and_a_face_down_ones_to_the_gm_only(db: str, tmp_path: Path) -> None:
    run(db, "init")
    party(db, "western-parade")
    run(db, "character", "player", CAMPAIGN, SAM, "Player0")
    run(db, "session", "start", CAMPAIGN)
    run(db, "western-parade", "roll", CAMPAIGN, SAM, "--skill", "Armes de poing")
    run(db, "western-parade", "roll", CAMPAIGN, SAM, "--skill", "Armes de poing", "--hidden")
    events = [entry["event"] for entry in json.loads(run(db, "log", CAMPAIGN, "--json", "--gm").stdout)]
    details = log_details(db, CAMPAIGN, "--gm")
    rolls = [(short_ref(e), d) for e, d in zip(events, details, strict=True) if e["topic"].endswith(":CheckRolled")]
    (open_ref, open_details), (hidden_ref, hidden_details) = rolls
    open_odds = re.findall(r"\((Sam Parkerson had \d{1,3}% to succeed)\)", " ".join(open_details.split()))
    hidden_odds = re.findall(r"\((Sam Parkerson had \d{1,3}% to succeed)\)", " ".join(hidden_details.split()))
    assert len(open_odds) == len(hidden_odds) == 1
    with serving(db, tmp_path, CAMPAIGN, ("Player0",)) as site:
        assert odds_of(fetch(site.link("Player0") + f"explain/{open_ref}")[2]) == open_odds
        # FAIRNESS.md v2, face-down events: its odds would tell what the secret roll was about.
        secret = fetch(site.link("Player0") + f"explain/{hidden_ref}")[2]
        assert "face down until" in secret and odds_of(secret) == []
        assert odds_of(fetch(site.link("GM") + f"explain/{hidden_ref}")[2]) == hidden_odds
