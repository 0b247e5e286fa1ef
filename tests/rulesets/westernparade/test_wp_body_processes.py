"""Western Parade body processes on the timeline (digest §5.1-5.16): bleeding over rounds in
closed form, first aid, blood-loss thresholds, recovery, healing, infection, alcohol."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from westernparade_table import DOC, SAM, table

from chronique.domain.rederivation import Table, check
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import body_events as be
from chronique.domain.rulesets.westernparade.care import (
    aid,
    body_now,
    care,
    drink,
    effort,
    env,
    order_activity,
    order_tending,
    press,
    wound,
)
from chronique.domain.rulesets.westernparade.condition import next_dues
from chronique.domain.rulesets.westernparade.healing import DAY, HOUR
from chronique.domain.rulesets.westernparade.verification import RULES
from chronique.domain.timeline import advance
from chronique.domain.world import World

WOUND_TOPIC = "chronique.domain.rulesets.westernparade.body_events:WoundTaken"


def run(world: World, seconds: int) -> list[str]:
    """Advance the campaign by ``seconds``; the names of the events recorded."""
    before = len(world.pending())
    advance(world.campaign, ruleset("western-parade").processes(world), world.campaign.clock + seconds)
    return [type(e).__name__ for e in world.pending()[before:] if type(e).__module__.endswith("body_events")]


def sam(world: World) -> Any:
    return world.character("Sam Parkerson")


def test_sam_body_basics() -> None:
    world = table(SAM)
    c = sam(world).condition
    assert c["ph"] == 80 and c["wounds"] == {} and c["activity"] == "active"


def test_thirty_minutes_of_rounds_give_the_exact_ph_in_few_events_S3_2_3_S3_2_4() -> None:
    # Sam (END 16, PH 80): a minor wound to the right hand (2 of 8 PV) bleeds 1 PH at once and
    # 1 per round. 0 PH after 79 rounds (unconscious), -40 after 119 (beyond saving, death
    # 1d60 = 60 minutes later); after 30 minutes = 180 rounds: 79 - 180 = -101.
    world = table(SAM, dice=[60])
    wound(world, "Sam Parkerson", "right-hand", 2, kind="blade")
    assert sam(world).condition["ph"] == 79
    events = run(world, 30 * 60)
    assert events == ["BloodLost", "BloodLost", "BodySettled"]
    c = sam(world).condition
    assert c["ph"] == -101 and c["unconscious"] and c["doomed"] and not c["dead"]
    lost = [e for e in world.pending() if isinstance(e, be.BloodLost)]
    assert [(e.what, e.at - lost[0].at) for e in lost] == [("unconscious", 0), ("beyond saving", 400)]
    assert c["dying"]["at"] == lost[1].at + 60 * 60


def test_hands_press_until_he_passes_out_S3_2_3_L1848() -> None:
    # Major right thigh (13 of 24): 2 x 2 = 4 PH per round; one hand holds back 2 while he keeps
    # pressing (ten minutes here, ruling WB22). PH 76 -> 0 after 38 rounds at 2; then the hands
    # drop: -40 after 10 more rounds at 4.
    world = table(SAM, dice=[1])
    wound(world, "Sam Parkerson", "right-thigh", 13)
    press(world, "Sam Parkerson", "right-thigh", 1, rounds=60)
    start = world.campaign.clock
    run(world, 10 * 60)
    lost = [e for e in world.pending() if isinstance(e, be.BloodLost)]
    assert [e.at - start for e in lost] == [380, 480]
    died = [e for e in world.pending() if isinstance(e, be.Died)]
    assert [(e.at - start, e.cause) for e in died] == [(480 + 60, "blood loss")]
    assert sam(world).condition["dead"]


def test_first_aid_then_bed_rest_recovers_ph_and_heals_S3_2_4_S3_2_8_1() -> None:
    # Doc's Premiers soins (85) vs the thigh: 40 succeeds at the difficult chance (60) -> 3 PH of
    # the 4 stopped; a second roll of 2 is a critical at the difficult chance -> fully stopped,
    # one PV back. Then bed rest: 1 PH per hour.
    world = table(SAM, DOC, dice=[40, 2])
    wound(world, "Sam Parkerson", "right-thigh", 13, kind="blade")
    doc = world.character(DOC["name"])
    score = doc.sheet["derived"]["skills"]["Premiers soins"]
    assert score == 85
    first = aid(world, "Sam Parkerson", "right-thigh", DOC["name"])
    assert first["stopped"] == 3
    second = aid(world, "Sam Parkerson", "right-thigh", DOC["name"])
    assert second["full"]
    c = sam(world).condition
    assert c["wounds"]["right-thigh"]["damage"] == 12 and c["ph"] == 76
    order_activity(world, "Sam Parkerson", "bed")
    run(world, 4 * HOUR + 30 * 60)
    assert sam(world).condition["ph"] == 80


def test_infection_rolls_daily_on_untreated_wounds_S3_2_7_2() -> None:
    # 4 damage to the left arm (16 PV), stopped by hand... never cared: day 1 at 8%, day 2 16%.
    world = table(SAM, DOC, dice=[1, 50, 10])
    wound(world, "Sam Parkerson", "left-arm", 4, kind="blade")
    aid(world, "Sam Parkerson", "left-arm", DOC["name"])  # face 1: full stop
    events = run(world, 2 * DAY)
    rolls = [e for e in world.pending() if isinstance(e, be.InfectionRolled)]
    assert [(e.day, e.percent, e.roll, e.infected) for e in rolls] == [(1, 6, 50, False), (2, 12, 10, True)]
    assert "InfectionRolled" in events


def test_tended_wounds_are_not_rolled_for_infection_WB15() -> None:
    world = table(SAM, DOC, dice=[1])
    wound(world, "Sam Parkerson", "left-arm", 4, kind="blade")
    aid(world, "Sam Parkerson", "left-arm", DOC["name"])
    order_tending(world, "Sam Parkerson", "left-arm", DOC["name"], "Bandages")
    order_activity(world, "Sam Parkerson", "bed")
    events = run(world, 30 * DAY)
    assert "InfectionRolled" not in events
    assert "left-arm" not in sam(world).condition["wounds"]


def test_realistic_healing_days_per_pv_S3_2_8_1() -> None:
    # mEND +2: 5 days per PV. 3 damage (after the first aid's PV) heal in 15 days exactly.
    world = table(SAM, DOC, dice=[1])
    wound(world, "Sam Parkerson", "left-arm", 4, kind="blade")
    aid(world, "Sam Parkerson", "left-arm", DOC["name"])
    order_tending(world, "Sam Parkerson", "left-arm", DOC["name"], "Bandages")
    order_activity(world, "Sam Parkerson", "bed")
    start = world.campaign.clock
    run(world, 20 * DAY)
    settled = [e for e in world.pending() if isinstance(e, be.BodySettled) and e.healed]
    assert [(e.at - start, e.healed) for e in settled] == [(15 * DAY, ["left-arm"])]


def test_hollywood_healing_is_a_campaign_setting_S3_2_8_2() -> None:
    # mEND +2, 3 damage on 16 PV (minor): 3 x (0.5 - 0.2) = 0.9 day, minus the scratch's step.
    world = table(SAM, DOC, dice=[1], settings={"healing": "hollywood"})
    wound(world, "Sam Parkerson", "left-arm", 4, kind="blade")
    aid(world, "Sam Parkerson", "left-arm", DOC["name"])
    order_activity(world, "Sam Parkerson", "moderate")
    start = world.campaign.clock
    run(world, 3 * DAY)
    settled = [e for e in world.pending() if isinstance(e, be.BodySettled) and e.healed]
    # 3 damage on 16 PV is minor: 0.3 d; 2 and 1 are scratches (<= 10% of 16 rounded, WB1):
    # 2 x max(1 h, 0.2 - 0.2 d) = 2 h.
    assert [e.at - start for e in settled] == [int(0.3 * DAY) + 2 * HOUR]


def test_alcohol_wears_off_S4_1_2() -> None:
    # mEND +2: 40 minutes per unit; 3 units, 2 free: light... -> sober after 2 h.
    world = table(SAM)
    drink(world, "Sam Parkerson", 30)
    events = run(world, 3 * HOUR)
    assert events == ["SoberedUp"]  # light to sober in one step
    assert sam(world).condition["alcohol"]["tenths"] == 0


def test_a_healthy_idle_year_records_nothing() -> None:
    world = table(SAM)
    assert run(world, 365 * DAY) == []


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 3 * DAY), st.integers(1, 3 * DAY), st.sampled_from(["blade", "bullet"]))
def test_advancing_a_then_b_equals_a_plus_b(a: int, b: int, kind: str) -> None:
    def body(steps: list[int]) -> dict[str, Any]:
        # First aid rolls 30; a day after the wound the untreated thigh rolls for infection
        # (digest §5.6), and 1 infects it, so no later day rolls again.
        world = table(SAM, DOC, dice=[30, *([1] if sum(steps) >= DAY else [])])
        wound(world, "Sam Parkerson", "left-thigh", 6, kind=kind)
        press(world, "Sam Parkerson", "left-thigh", 2)
        aid(world, "Sam Parkerson", "left-thigh", DOC["name"])
        order_activity(world, "Sam Parkerson", "bed")
        for step in steps:
            run(world, step)
        return body_now(world, sam(world))

    assert body([a, b]) == body([a + b])


def test_no_healing_while_active_WB14() -> None:
    world = table(SAM, DOC, dice=[1])
    wound(world, "Sam Parkerson", "left-arm", 4, kind="blade")
    aid(world, "Sam Parkerson", "left-arm", DOC["name"])
    order_tending(world, "Sam Parkerson", "left-arm", DOC["name"], "Bandages")
    run(world, 30 * DAY)
    assert sam(world).condition["wounds"]["left-arm"]["damage"] == 3


def test_bullets_lodge_unless_through_and_through_WB17_digest_A43() -> None:
    world = table(SAM)
    wound(world, "Sam Parkerson", "left-arm", 3)
    wound(world, "Sam Parkerson", "right-arm", 3, through=True)
    wounds = sam(world).condition["wounds"]
    assert wounds["left-arm"]["bullet"] and not wounds["right-arm"]["bullet"]


def test_extraction_bleeds_per_minute_until_first_aid_S3_2_7_4_WB18() -> None:
    # Doc extracts (roll 10: success): +1 damage and a 1 PH/minute bleed; first aid (roll 40 of
    # 85, 3 PH stopped at the difficult chance) stops the minute bleed too.
    world = table(SAM, DOC, dice=[10, 40])
    wound(world, "Sam Parkerson", "left-arm", 3)
    out = care(world, "Sam Parkerson", "left-arm", DOC["name"], "Extraction de balle")
    assert out["success"] and out["per_minute"] == 1
    w = sam(world).condition["wounds"]["left-arm"]
    assert (w["damage"], w["bullet"], w["per_minute"]) == (4, False, 1)
    aid(world, "Sam Parkerson", "left-arm", DOC["name"])
    assert sam(world).condition["wounds"]["left-arm"]["per_minute"] == 0


def test_violent_effort_reopens_a_wound_S3_2_8_3_WB19() -> None:
    # 3 unhealed PV, mEND +2: 15 - 6 = 9%; a d100 of 9 reopens it: it bleeds again.
    world = table(SAM, DOC, dice=[1, 9])
    wound(world, "Sam Parkerson", "left-arm", 4, kind="blade")
    aid(world, "Sam Parkerson", "left-arm", DOC["name"])
    assert effort(world, "Sam Parkerson", "left-arm")
    reopened = [e for e in world.pending() if isinstance(e, be.WoundReopened)][0]
    assert (reopened.percent, reopened.roll) == (9, 9)
    assert sam(world).condition["wounds"]["left-arm"]["stopped"] == 0


def test_unconsciousness_checked_where_S3_2_5_calls_for_it_WB20() -> None:
    # A major thigh wound asks for an END roll (combat), not a check; a major head wound checks:
    # head 16 PV, 9 damage, M = 1 (thigh) + 1 (head) = 2: 9 x 2 + 25 - 5 x 2 = 33%; a d100 of 20
    # -> out for (33 - 20) x 2 rounds (major).
    world = table(SAM, dice=[20])
    assert wound(world, "Sam Parkerson", "left-thigh", 13)["unconsciousness"] is None
    out = wound(world, "Sam Parkerson", "head", 9, kind="blunt")
    assert out["unconsciousness"] == {"chance": 33, "roll": 20, "rolled": True, "unconscious": True, "rounds": 26}


def test_blood_loss_blackout_ends_when_ph_is_back_above_zero_WB21() -> None:
    # 1 PH per round from 79: out at 0; Doc stops it at once (face 1); bed rest: 1 PH an hour.
    world = table(SAM, DOC, dice=[1])
    wound(world, "Sam Parkerson", "right-hand", 2, kind="blade")
    run(world, 790)
    assert sam(world).condition["unconscious"]
    aid(world, "Sam Parkerson", "right-hand", DOC["name"])
    order_activity(world, "Sam Parkerson", "bed")
    start = world.campaign.clock
    run(world, 2 * HOUR)
    woke = [e for e in world.pending() if isinstance(e, be.Woke)]
    assert [(e.at - start, e.cause) for e in woke] == [(HOUR, "blood")]


def test_out_from_a_wound_and_bled_to_0_PH_stays_out_past_the_wound_s_rounds_WB21() -> None:
    # Sam (END 16, PH 80): a major left thigh (13 of 24 PV) bleeds 2 x 2 = 4 PH at once and a
    # round (76); a major head wound (9, blunt) 2 more (74, 6 a round) and knocks him out (§3.2.6:
    # M = 1 + 1, 9 x 2 + 25 - 5 x 2 = 33%, d100 1: (33 - 1) x 2 = 64 rounds, 640 s). §3.2.4: at 0 PH
    # or below he is out until the PH are above 0 again: 13 rounds bring him to -4 (130 s), where
    # the blood loss keeps him out; 19 to -40 (190 s), beyond saving, death a d60 of 60 minutes
    # later. He used to come to at 640 s, at -296 PH, and read "still bleeding" at -4.
    world = table(SAM, dice=[1, 60])
    wound(world, "Sam Parkerson", "left-thigh", 13)
    out = wound(world, "Sam Parkerson", "head", 9, kind="blunt")
    assert out["unconsciousness"] == {"chance": 33, "roll": 1, "rolled": True, "unconscious": True, "rounds": 64}
    # The downtime board shows what is due: the blood loss at 130 s, not a waking at 640 s.
    dues = {name: at for at, name in next_dues(sam(world).condition, env(world, sam(world)))}
    assert dues["bleed"] == world.campaign.clock + 130 and "wake" not in dues
    start = world.campaign.clock
    assert run(world, 20 * 60) == ["BloodLost", "BloodLost", "BodySettled"]  # no Woke
    c = sam(world).condition
    assert c["unconscious"] and c["blackout"] == {"cause": "blood", "until": None} and c["ph"] == 74 - 6 * 120
    lost = [e for e in world.pending() if isinstance(e, be.BloodLost)]
    assert [(e.what, e.ph, e.at - start) for e in lost] == [("kept unconscious", -4, 130), ("beyond saving", -40, 190)]
    rules = ruleset("western-parade")
    said = [rules.describe(e) for e in lost]
    assert said == ["kept unconscious by blood loss (4 PH below zero)", "lost too much blood (40 PH below zero): beyond saving"]
    assert rules.notable(lost[0]) == "kept unconscious by blood loss (4 PH below zero)"  # a GM hears of it
    assert run(world, HOUR) == ["Died"]


def test_a_wound_that_knocks_out_one_already_at_0_PH_leaves_the_blood_blackout_WB21() -> None:
    # Sam bled to 0 by a right-hand wound (1 PH a round from 79: out at 790 s, the blood's
    # blackout); a major head wound's check (d100 1) would put him out for a count of rounds,
    # after which he came to at 0 PH or below: the blood loss keeps him out instead, until he is
    # beyond saving (-40 PH, death a d60 of 60 minutes later).
    world = table(SAM, dice=[1, 60])
    wound(world, "Sam Parkerson", "right-hand", 2, kind="blade")
    run(world, 790)
    assert sam(world).condition["blackout"] == {"cause": "blood", "until": None}
    out = wound(world, "Sam Parkerson", "head", 9, kind="blunt")
    assert out["unconsciousness"] is not None and out["unconsciousness"]["unconscious"]
    assert sam(world).condition["blackout"] == {"cause": "blood", "until": None}
    # The verifier re-derives the wound's d100 and takes the blood's blackout it recorded; a
    # blackout neither the d100 nor the blood gives is caught.
    taken = [e for e in world.pending() if isinstance(e, be.WoundTaken)][-1]
    recorded = {k: v for k, v in vars(taken).items() if not k.startswith("_")} | {"topic": WOUND_TOPIC}
    assert check(RULES.rederive[WOUND_TOPIC], recorded, Table()) is None
    forged = recorded | {"body": recorded["body"] | {"blackout": {"cause": "wound", "until": taken.at + 10}}}
    assert "records the blackout" in (check(RULES.rederive[WOUND_TOPIC], forged, Table()) or "")
    assert "Woke" not in run(world, 30 * 60)
