"""The real ``chronique western-parade body`` command line, in process, on a real journal of each
backend: a wound, first aid read against the dice it recorded (wp_digest), a care order, where
the body stands; bad input is one line, exit 2, nothing recorded."""

from __future__ import annotations

import json
from typing import Any

import wp_digest as rules
from support import SAMPLES, run
from wp_recorded import events

from chronique.domain.rulesets.westernparade import describe as words

CAMPAIGN = "Shotgun City"
SAM, DOC = "Sam Parkerson", "Doc Holloway"


def status(db: str, name: str) -> dict[str, Any]:
    shown: dict[str, Any] = json.loads(run(db, "western-parade", "body", "status", CAMPAIGN, name, "--json").stdout)
    return shown


def test_a_wound_then_first_aid_as_its_roll_gives_s5_2_then_bed_rest(db: str) -> None:
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

    aid = run(db, "western-parade", "body", "first-aid", CAMPAIGN, SAM, "right-thigh", "--by", DOC).stdout
    (given,) = events(db, CAMPAIGN, "FirstAidGiven")
    roll = given["outcome"]
    # §5.2: Doc's Premiers soins 85, one open-ended roll read at 110, 85 and 60.
    assert (roll["chance"], roll["terms"]) == (85, {"Premiers soins": 85})
    assert rules.open_ended(roll["faces"]) and roll["total"] == sum(roll["faces"])
    qualities, stopped = rules.first_aid(roll["total"], 85)
    full = stopped is None
    assert roll["qualities"] == qualities
    said = rules.FIRST_AID_SAYS[stopped]
    assert given["result"] == {"outcome": said, "stopped": 0 if full else stopped, "full": full, "improvement": full}
    faces = "+".join(map(str, roll["faces"]))
    # A full stop gives a PV back and earns Doc an improvement roll (§3.2.4 L1870): both said.
    said += ", 1 PV back" if full else ""
    earned = f"{DOC}: earned an improvement roll in Premiers soins: first aid: critical success against the difficult chance (§3.2.4)\n"
    assert aid == (
        # Ruling WB34: the line names the three chances the roll is read at.
        f"{SAM}: first aid by {DOC} on the {words.where('right-thigh')}: chance 85% (Premiers soins 85), "
        f"read at easy 110, normal 85 and difficult 60: rolled {faces} → {said}\n" + (earned if full else "")
    )

    assert run(db, "western-parade", "body", "activity", CAMPAIGN, SAM, "bed").stdout == f"{SAM}: ordered to bed rest\n"
    body = status(db, SAM)
    thigh = body["wounds"]["right-thigh"]
    # A full stop holds back the whole 4 PH and gives a PV back; otherwise what it stopped adds up.
    assert (thigh["stopped"], thigh["damage"], thigh["aided"]) == ((4, 12, True) if full else (stopped, 13, True))
    assert (body["activity"], body["ph"], list(body["wounds"])) == ("bed", 80 - 4, ["right-thigh"])  # no time has passed
    # §5.2: the full stop, and only it, earns Doc an improvement roll in Premiers soins (ruling WD1).
    doc = json.loads(run(db, "western-parade", "downtime", "show", CAMPAIGN, DOC, "--json").stdout)
    assert [g["target"] for g in doc["marks"]["pending"]] == (["Premiers soins"] if full else [])


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
