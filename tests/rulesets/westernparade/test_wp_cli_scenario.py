"""Issue 4's scenario through the real ``chronique`` command line, in process, on a real journal
of each backend: the characters come from the sample sheets; Sam is shot through the right
thigh, Doc gives first aid until the thigh stops bleeding, Sam is put to bed with Doc tending the
wound, and trains Armes de poing 20 h a week under Siringo; three in-game weeks later ``sheet``,
``body status`` and ``downtime show`` give what the rules imply.

The first aids are played on scripted dice (``wp_city.scripted_dice``), one test per way the
bleeding ends (§5.2): attempts whose stops add up, through each of §5.2's partial outcomes, and a
full stop at the first attempt, each held to its exact lines and to the digest's reading of the
roll (wp_digest). The one roll that would decide the whole story, whether Joe's shot hits and
how hard, is test_wp_cli_core's; here the GM records its result with ``body wound``, the hit
issue 4 and test_wp_scenario.py describe (10 damage through the right thigh)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import wp_digest as rules
from support import SAMPLES, run
from wp_city import scripted_dice
from wp_recorded import events, logged

from chronique.domain.rulesets.westernparade import describe as words

CAMPAIGN = "Shotgun City"
SAM, DOC, SIRINGO = "Sam Parkerson", "Doc Holloway", "Charlie Siringo"
DAY = 86_400
# Why a full stop earns the first-aider an improvement roll (§3.2.4 L1870), as the log says it.
EARNED = "first aid: critical success against the difficult chance (§3.2.4)"


def wp(db: str, *args: str) -> str:
    return run(db, "western-parade", *args).stdout


def thigh(db: str) -> dict[str, Any]:
    wound: dict[str, Any] = json.loads(wp(db, "body", "status", CAMPAIGN, SAM, "--json"))["wounds"]["right-thigh"]
    return wound


def _shot_through_the_thigh(db: str, monkeypatch: pytest.MonkeyPatch, *faces: int) -> None:
    """Sam, Doc and Siringo in session; Joe's bullet through Sam's right thigh; the dice from
    then on ``faces``."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for who in ("sam", "doc", "siringo"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{who}.toml"))
    run(db, "session", "start", CAMPAIGN)

    # Thigh: 150% of END 16 = 24 PV (Table 1.6); 10 damage is at most half, a minor wound (§4.2)
    # that calls for no unconsciousness check (§4.6). Bleeding (§5.1): (minor 1 + through and
    # through 1) x thigh 2 = 4 PH a round, the first at once.
    out = wp(db, "body", "wound", CAMPAIGN, SAM, "right-thigh", "10", "--through", "--source", "Colt SA Peacemaker of Joe Hambuster")
    assert out == (
        f"{SAM}: wounded in the cuisse droite: 10 points of bullet damage (Colt SA Peacemaker of Joe Hambuster); "
        "a minor wound, 4 PH lost at once\n"
    )
    scripted_dice(monkeypatch, *faces)


def _first_aids(db: str, *said: str) -> None:
    """Doc's first aids on the thigh, one for each of ``said``: each prints its line as ruling
    WB34 has it (the three chances the roll is read at) ending with ``said``, what the roll did
    (§5.2), and records its roll as the digest reads it; then one more is refused, the thigh no
    longer bleeding (attempts repeat until then, ruling WB9)."""
    where = words.where("right-thigh")
    graded = "read at easy 110, normal 85 and difficult 60"
    for n, rolled in enumerate(said):
        aid = wp(db, "body", "first-aid", CAMPAIGN, SAM, "right-thigh", "--by", DOC)
        assert aid == f"{SAM}: first aid by {DOC} on the {where}: chance 85% (Premiers soins 85), {graded}: rolled {rolled}"
        given = events(db, CAMPAIGN, "FirstAidGiven")[n]
        roll = given["outcome"]
        assert roll["terms"] == {"Premiers soins": 85} and rules.open_ended(roll["faces"]) and roll["total"] == sum(roll["faces"])
        qualities, stopped = rules.first_aid(roll["total"], 85)
        assert (roll["qualities"], given["result"]["outcome"]) == (qualities, rules.FIRST_AID_SAYS[stopped])
    refused = run(db, "western-parade", "body", "first-aid", CAMPAIGN, SAM, "right-thigh", "--by", DOC, check=False)
    assert (refused.returncode, refused.stderr) == (2, f"error: {SAM}'s {where} is not bleeding\n")


def _to_bed_tended_by_doc(db: str) -> None:
    wp(db, "body", "activity", CAMPAIGN, SAM, "bed")
    tended = wp(db, "body", "tend", CAMPAIGN, SAM, "right-thigh", "--by", DOC, "--skill", "Bandages")
    assert tended == f"{SAM}'s {words.where('right-thigh')}: tended by {DOC} (Bandages)\n"  # it said "right-thigh"


def _three_weeks_in_bed(db: str, damage: int) -> list[str]:
    """Three weeks on: Sam's blood back to 80 and the thigh's ``damage`` healed as §5.3 and §5.11
    have it; the kinds of what the weeks recorded."""
    orders = logged(db, CAMPAIGN)
    run(db, "advance", CAMPAIGN, "3w", "--yes")
    status = json.loads(wp(db, "body", "status", CAMPAIGN, SAM, "--json"))
    # §5.3: 1 PH an hour in bed, back to 80 four hours after the bleeding stopped. §5.11: 7 -
    # mEND 2 = 5 days a PV, so 21 days in bed heal 4 PV and a day towards the fifth.
    assert (status["ph"], status["unconscious"], status["dead"], status["activity"]) == (80, False, False, "bed")
    healed = status["wounds"]["right-thigh"]
    assert (healed["damage"], healed["progress"]) == (damage - 4, DAY)
    later = logged(db, CAMPAIGN)[len(orders) :]
    # Three quiet weeks: no roll of any kind (a tended wound with no bullet in it never festers, WB15).
    assert [e for e in later if e.get("chance")] == []
    return [re.split(r"[:.]", e["topic"])[-1] for e in later]


def test_shot_through_the_thigh_first_aids_until_their_stops_add_up_bed_rest_training_and_three_weeks_S5_2_ruling_WB9(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # §5.2 (ruling WB9: attempts repeat, what they stop adds up, a CRIT_F adds one PH a round),
    # Doc's Premiers soins 85 read at 110, 85 and 60: 98+98+40 = 236, over twice 110, a CRIT_F
    # at the easy chance: one more PH a round, 5; 98+20 = 118, a NORM_F at 110: no effect; 90,
    # a success at 110 only: 1 PH stopped; 40, a success at 60 (not at most its half): 3; 70, a
    # success at 85: 2. -1 + 0 + 1 + 3 + 2 = 5: the thigh stops bleeding without a full stop,
    # so no PV back and no improvement roll for Doc. The last could stop 2 of a thigh that bled 1:
    # it says it stopped that 1 (ruling WB55).
    _shot_through_the_thigh(db, monkeypatch, 98, 98, 40, 98, 20, 90, 40, 70)
    _first_aids(
        db,
        "98+98+40 = 236 → one more PH lost\n",
        "98+20 = 118 → no effect\n",
        "90 → 1 PH stopped\n",
        "40 → 3 PH stopped\n",
        "70 → 1 PH stopped, all it bled a round (the roll would stop 2)\n",
    )
    assert [rules.first_aid(total, 85)[1] for total in (236, 118, 90, 40, 70)] == [-1, 0, 1, 3, 2]
    # No time has passed: 80 - 4 PH; no PV back (§5.2), 10 damage still.
    aided = thigh(db)
    assert (aided["damage"], aided["through"], aided["bullet"], aided["stopped"]) == (10, True, False, 5)
    assert json.loads(wp(db, "body", "status", CAMPAIGN, SAM, "--json"))["ph"] == 76

    _to_bed_tended_by_doc(db)
    planned = wp(db, "downtime", "plan", CAMPAIGN, SAM, "Armes de poing", "20", "--teacher", SIRINGO)
    # The plan as the log says it, then every target Sam trains now.
    assert planned == (
        f"{SAM}: trains Armes de poing 20 hours a week with {SIRINGO} (91%)\n{SAM} now trains: Armes de poing, 20 hours a week\n"
    )
    before = thigh(db)
    bandages = json.loads(run(db, "sheet", CAMPAIGN, DOC, "--json").stdout)["sheet"]["derived"]["skills"]["Bandages"]
    assert before["cared"] and before["tender"] == {"by": DOC, "skill": "Bandages", "score": bandages}

    kinds = _three_weeks_in_bed(db, 10)
    sheet = json.loads(run(db, "sheet", CAMPAIGN, SAM, "--json").stdout)
    # §5.17 with Siringo (91% ≥ 56 + 12): four points in three weeks (test_wp_scenario.py).
    assert sheet["sheet"]["derived"]["skills"]["Armes de poing"] == 60
    shown = wp(db, "downtime", "show", CAMPAIGN, SAM)
    assert "Armes de poing: 20 hours a week with Charlie Siringo (91%)" in shown
    # 200 an hour actually fired (§2.6.2 footnote 2, §5.17), counted to now, not to the last point
    # won (50 x (57+58+59+60) = 11,700 then): three weeks of 20 hours, 60 hours.
    assert "; 12,000 cartridges burnt so far" in shown
    doc = json.loads(wp(db, "downtime", "show", CAMPAIGN, DOC, "--json"))
    # §5.2 (§6.2): only a full stop earns Doc an improvement roll in Premiers soins: none did.
    assert [g["target"] for g in doc["marks"]["pending"]] == []
    # Training points and the body settling; the advance ends, as every command, with its mark (ruling UN1).
    assert sorted(set(kinds)) == ["BodySettled", "PointTrained", "TimeAdvanced"], kinds
    assert kinds.count("PointTrained") == 4, kinds


def test_shot_through_the_thigh_a_full_stop_at_the_first_aid_gives_a_PV_back_earns_doc_a_roll_and_heals_from_9_S5_2_S3_2_4_L1870(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # §5.2: 20 is at most half the difficult 60, a CRIT_S there: the bleeding fully stopped, the
    # thigh 1 PV back, and an improvement roll for Doc, said under the line (§3.2.4 L1870).
    _shot_through_the_thigh(db, monkeypatch, 20)
    assert rules.first_aid(20, 85)[1] is None
    _first_aids(db, f"20 → stopped, 1 PV back\n{DOC}: earned an improvement roll in Premiers soins: {EARNED}\n")
    aided = thigh(db)
    assert (aided["damage"], aided["through"], aided["bullet"], aided["stopped"]) == (9, True, False, 4)
    assert json.loads(wp(db, "body", "status", CAMPAIGN, SAM, "--json"))["ph"] == 76
    doc = json.loads(wp(db, "downtime", "show", CAMPAIGN, DOC, "--json"))
    assert [g["target"] for g in doc["marks"]["pending"]] == ["Premiers soins"]

    _to_bed_tended_by_doc(db)
    # Three weeks in bed heal 4 of the 9 PV the full stop left (§5.11); nothing trains.
    assert sorted(set(_three_weeks_in_bed(db, 9))) == ["BodySettled", "TimeAdvanced"]
