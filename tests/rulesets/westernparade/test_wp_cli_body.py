"""The real ``chronique western-parade body`` command line, in process, on a real journal of each
backend: a wound, first aid on scripted dice (``wp_city.scripted_dice``), one test per branch of
§5.2 that changes what follows, each held to its exact lines and to the digest's reading of the
roll (wp_digest), then a care order and where the body stands; bad input is one line, exit 2,
nothing recorded."""

from __future__ import annotations

import json
from typing import Any

import pytest
import wp_digest as rules
from support import SAMPLES, run
from wp_city import scripted_dice
from wp_recorded import events

from chronique.domain.rulesets.westernparade import describe as words

CAMPAIGN = "Shotgun City"
SAM, DOC = "Sam Parkerson", "Doc Holloway"
# Ruling WB34: a first aid's line names the three chances its one roll is read at (§5.2): Doc's
# Premiers soins 85, easy 110, normal 85, difficult 60.
AID = (
    f"{SAM}: first aid by {DOC} on the {words.where('right-thigh')}: chance 85% (Premiers soins 85), "
    "read at easy 110, normal 85 and difficult 60: rolled"
)


def status(db: str, name: str) -> dict[str, Any]:
    shown: dict[str, Any] = json.loads(run(db, "western-parade", "body", "status", CAMPAIGN, name, "--json").stdout)
    return shown


def _first_aid_on_a_major_thigh_wound(db: str, monkeypatch: pytest.MonkeyPatch, *faces: int) -> tuple[str, dict[str, Any]]:
    """Sam's right thigh wounded for 13, then Doc's first aid on it on the dice ``faces``: what
    the first aid printed and the FirstAidGiven recorded."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for who in ("sam", "doc"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{who}.toml"))
    run(db, "session", "start", CAMPAIGN)
    # Sam's thigh has 24 PV (150% of END 16, Table 1.6): 13 damage is over half, a major wound
    # (§4.2), bleeding (major 2) x thigh 2 = 4 PH a round, the first at once (§5.1). A major
    # thigh wound calls for no unconsciousness check (§4.6), so no die is rolled.
    out = run(db, "western-parade", "body", "wound", CAMPAIGN, SAM, "right-thigh", "13", "--kind", "blade").stdout
    assert out == f"{SAM}: wounded in the cuisse droite: 13 points of blade damage; a major wound, 4 PH lost at once\n"
    (taken,) = events(db, CAMPAIGN, "WoundTaken")
    assert (taken["state"], taken["ph_lost"], taken["unconsciousness"], taken["chance"]) == ("major", 4, None, [])
    scripted_dice(monkeypatch, *faces)
    aid = run(db, "western-parade", "body", "first-aid", CAMPAIGN, SAM, "right-thigh", "--by", DOC).stdout
    (given,) = events(db, CAMPAIGN, "FirstAidGiven")
    assert (given["outcome"]["chance"], given["outcome"]["terms"], given["outcome"]["faces"]) == (85, {"Premiers soins": 85}, list(faces))
    return aid, given


def _bed_rest(db: str) -> dict[str, Any]:
    """Sam ordered to bed, said so; his body then, no time having passed: 80 - 4 PH, the thigh
    the only wound."""
    assert run(db, "western-parade", "body", "activity", CAMPAIGN, SAM, "bed").stdout == f"{SAM}: ordered to bed rest\n"
    body = status(db, SAM)
    assert (body["activity"], body["ph"], list(body["wounds"])) == ("bed", 80 - 4, ["right-thigh"])
    return body


def _pending(db: str, name: str) -> list[str]:
    shown = json.loads(run(db, "western-parade", "downtime", "show", CAMPAIGN, name, "--json").stdout)
    return [g["target"] for g in shown["marks"]["pending"]]


def test_first_aid_critical_at_the_difficult_chance_stops_it_all_gives_a_PV_back_and_an_improvement_roll_S5_2_S3_2_4_L1870(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # §5.2: 20 is at most half the difficult 60, a réussite critique there (Table 2.1), and at
    # the normal 85 (at most 42) and the easy 110 (over its tenth, 11): the bleeding fully
    # stopped, the thigh 1 PV back, and an improvement roll for Doc (§3.2.4 L1870), said under it.
    aid, given = _first_aid_on_a_major_thigh_wound(db, monkeypatch, 20)
    qualities = {"easy": "CRIT_S", "normal": "CRIT_S", "difficult": "CRIT_S"}
    assert (given["outcome"]["qualities"], None) == rules.first_aid(20, 85) == (qualities, None)
    assert given["result"] == {"outcome": "stopped", "stopped": 0, "full": True, "improvement": True}
    assert aid == (
        f"{AID} 20 → stopped, 1 PV back\n"
        f"{DOC}: earned an improvement roll in Premiers soins: first aid: critical success against the difficult chance (§3.2.4)\n"
    )
    thigh = _bed_rest(db)["wounds"]["right-thigh"]
    # The whole 4 PH held back and 13 - 1 damage (§5.2).
    assert (thigh["stopped"], thigh["damage"], thigh["aided"]) == (4, 12, True)
    # §5.2: the full stop earns Doc an improvement roll in Premiers soins (ruling WD1).
    assert _pending(db, DOC) == ["Premiers soins"]


def test_first_aid_successful_at_the_normal_chance_only_stops_2_PH_a_round_and_earns_nothing_S5_2(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # §5.2: 70 fails the difficult 60 and succeeds at the normal 85 (a réussite normale, over its
    # half 42) and the easy 110: 2 PH a round stopped, of the 4; no PV back, no improvement roll.
    aid, given = _first_aid_on_a_major_thigh_wound(db, monkeypatch, 70)
    qualities = {"easy": "NORM_S", "normal": "NORM_S", "difficult": "NORM_F"}
    assert (given["outcome"]["qualities"], 2) == rules.first_aid(70, 85) == (qualities, 2)
    assert given["result"] == {"outcome": "2 PH stopped", "stopped": 2, "full": False, "improvement": False}
    assert aid == f"{AID} 70 → 2 PH stopped\n"
    thigh = _bed_rest(db)["wounds"]["right-thigh"]
    assert (thigh["stopped"], thigh["damage"], thigh["aided"]) == (2, 13, True)
    assert _pending(db, DOC) == []


def test_bad_input_is_one_line_exit_2_nothing_recorded(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_sam.toml"))
    before = run(db, "log", CAMPAIGN, "--json").stdout
    bad = run(db, "western-parade", "body", "wound", CAMPAIGN, SAM, "tail", "3", check=False)
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.startswith("error: ") and bad.stderr.count("\n") == 1
    bad = run(db, "western-parade", "body", "activity", CAMPAIGN, SAM, "dancing", check=False)
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr == "error: activity is one of bed, moderate, active\n"
    assert run(db, "log", CAMPAIGN, "--json").stdout == before
    body = status(db, SAM)
    assert body["wounds"] == {} and body["activity"] == "active"
