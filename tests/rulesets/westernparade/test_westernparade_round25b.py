"""A twenty-fifth Western Parade play-test: a bullet extraction tried again once first aid had
stopped the earlier attempt's bleed started no bleed of its own, as if chained on it (ruling WB62).
Through the real command line (in process, ``support.run``, scripted dice where a roll decides).
Seed 004_cf8278f91236030c.txt (Lnnn), digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support import run
from wp_city import DOC, SAM, WP, C, scripted_dice, shotgun_city
from wp_recorded import events

from chronique.domain.rulesets.westernparade.body_events import CareGiven

# -- 1. every extraction bleeds unless chained on a bleed still running (§3.2.7.4 L2011; WB62) ---

# §3.2.7.4 L2011: "dans tous les cas ... l'extraction inflige un point de dommage à la
# localisation et crée une hémorragie (1 PH par minute)"; chained attempts "n'aggrave pas
# l'hémorragie".
BLEEDS = "the wound bleeds 1 PH a minute until first aid"


def _arm(db: str) -> dict[str, Any]:
    """Sam's left arm as `body status --json` keeps it."""
    status: dict[str, Any] = json.loads(run(db, WP, "body", "status", C, SAM, "--json").stdout)
    arm: dict[str, Any] = status["wounds"]["left-arm"]
    return arm


def _extract(db: str) -> str:
    return run(db, WP, "body", "care", C, SAM, "left-arm", "Extraction de balle", "--by", DOC).stdout


def test_an_extraction_tried_again_after_first_aid_stopped_the_last_one_s_bleed_bleeds_anew_S3_2_7_4_L2011_ruling_WB62(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A bullet's 4 damage in Sam's left arm; Doc's Extraction de balle 79 fails on 90 (an échec
    # normal: the bullet stays in, the arm bleeds a PH a minute); his Premiers soins 85 on 60
    # (within the difficult chance, 60) stops the arm's bleeding, the extraction's with it
    # (ruling WB18); his second attempt, on 90 again, is no longer chained on a running bleed.
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SAM, "left-arm", "4")
    scripted_dice(monkeypatch, 90, 60, 90)
    assert BLEEDS in _extract(db)
    run(db, WP, "body", "first-aid", C, SAM, "left-arm", "--by", DOC)
    assert _arm(db)["per_minute"] == 0
    again = _extract(db)
    first, second = events(db, C, "CareGiven")
    assert (first["first_attempt"], first["chained"], first["result"]["per_minute"]) == (True, False, 1)
    assert (second["first_attempt"], second["chained"], second["result"]["per_minute"]) == (False, False, 1)
    assert BLEEDS in again
    assert _arm(db)["per_minute"] == 1


def test_an_extraction_chained_on_a_bleed_still_running_does_not_worsen_it_S3_2_7_4_L2011_ruling_WB62(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two failed attempts in a row: the second deals its point of damage, but the bleed of a PH a
    # minute the first started still runs and is not worsened ("n'aggrave pas l'hémorragie").
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SAM, "left-arm", "4")
    scripted_dice(monkeypatch, 90, 90)
    _extract(db)
    again = _extract(db)
    _, second = events(db, C, "CareGiven")
    assert (second["chained"], second["result"]) == (True, {"success": False, "damage": 1, "ph": 0, "per_minute": 0})
    assert BLEEDS not in again
    assert (_arm(db)["per_minute"], _arm(db)["damage"]) == (1, 4 + 2)


def test_an_extraction_recorded_before_chained_was_kept_reads_as_it_was_read_then_ruling_WB62() -> None:
    # CareGiven version 3 kept only ``first_attempt``: every later attempt on a bullet was read
    # as chained, whatever first aid did in between; a care that is no extraction kept neither.
    later: dict[str, Any] = {"first_attempt": False, "redone": None, "critical": None, "fell_beyond_saving": None}
    first: dict[str, Any] = {**later, "first_attempt": True}
    bandage: dict[str, Any] = {**later, "first_attempt": None}
    for state in (later, first, bandage):
        CareGiven.upcast_stored(state)
    assert (later["chained"], first["chained"], bandage["chained"]) == (True, False, None)
