"""The issue's scenario (issue 4, "Done when"): Sam Parkerson is shot in the thigh by Joe
Hambuster and bleeds until Doc Holloway's first aid; he is put to bed, Doc tends the wound
daily, and he trains Armes de poing 20 h a week under Charlie Siringo. Three in-game weeks
later his sheet, his ledger (blood, healing, training credit, cartridges) and his events are
exactly what the rules give, computed here by hand from the scripted draws."""

from __future__ import annotations

from typing import Any

from westernparade_table import DOC, JOE, SAM, SIRINGO, dice, table

from chronique.domain.gametime import DAY, HOUR, MINUTE, WEEK
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade.combat import ShotSetup
from chronique.domain.rulesets.westernparade.play import shoot
from chronique.domain.timeline import advance
from chronique.domain.world import World

SAM_N, JOE_N, DOC_N, SIRINGO_N = "Sam Parkerson", "Joe Hambuster", "Doc Holloway", "Charlie Siringo"


def names(events: list[Any], who: Any) -> list[str]:
    return [type(e).__name__ for e in events if e.originator_id == who.id]


def advance_by(world: World, span: int) -> list[Any]:
    advance(world.campaign, ruleset("western-parade").processes(world), world.campaign.clock + span)
    return world.collect()


def test_shot_in_the_thigh_first_aid_bed_rest_and_three_weeks_of_training() -> None:
    world = table(SAM, JOE, DOC, SIRINGO)
    sam, joe, doc = world.character(SAM_N), world.character(JOE_N), world.character(DOC_N)
    world.collect()
    start = world.campaign.clock

    # -- the shot (§3.3.1): Joe's Armes de poing 38 + point-blank (10 m, Table 3.15) +50 = 88%.
    # d100 8 ≤ 88/10: EXTRA, so a critical 1d6cum (2) and, passing through, an exit 1d6cum (3):
    # the Colt's 5 + 2 + 3 = 10 damage. d30 22: right thigh (Table 3.10, 21-22).
    dice(world).add(8, 22, 2, 3)
    shot = shoot(world, JOE_N, SAM_N, "Colt SA Peacemaker", ShotSetup(distance_m=10))
    assert (shot.outcome.chance, shot.outcome.quality, shot.location, shot.damage.total) == (88, "EXTRA", "right-thigh", 10)
    # Thigh: 150% of END 16 = 24 PV (Table 1.6); 10 damage leaves 14, a minor wound (< 50%).
    # Bleeding (§3.2.3): (minor 1 + through-and-through 1) x thigh 2 = 4 PH a round, the first at once.
    # One minute (6 rounds) before Doc reaches him: 80 - 4 - 6 x 4 = 52 PH.
    first = world.collect() + advance_by(world, MINUTE)
    assert sam.condition["ph"] == 80 - 4 - 6 * 4 == 52

    # -- first aid (§3.2.4): Doc's Premiers soins 85; d100 20 against the difficult 85 - 25 = 60 is
    # ≤ 30, a CRIT_S: bleeding fully stopped, the thigh regains 1 PV (9 damage), and Doc earns an
    # improvement roll in Premiers soins.
    dice(world).add(20)
    aided = care.aid(world, SAM_N, "right-thigh", DOC_N)
    assert aided["full"] and aided["qualities"]["difficult"] == "CRIT_S"
    care.order_activity(world, SAM_N, "bed")
    care.order_tending(world, SAM_N, "right-thigh", DOC_N, "Bandages")
    dt.plan_training(world, SAM_N, "Armes de poing", 20, teacher=SIRINGO_N)
    orders = world.collect()
    assert [(g["target"], g["kind"]) for g in doc.condition["marks"]["pending"]] == [("Premiers soins", "skill")]
    t1 = start + MINUTE

    # -- three weeks --------------------------------------------------------------------------
    later = advance_by(world, 3 * WEEK)
    end = t1 + 3 * WEEK
    assert world.campaign.clock == end

    # Training (§2.6.2): Armes de poing 56 (AGI 15 + mEXP 1 + 40 points); Siringo's 91% is above
    # 56 + ceil(20% of 56) = 68 (and still above 60 + 12 at the end): each half-hour counts double.
    # Point L -> L+1: (L+1) half-hours (mINT 0), halved, at 20 h of the week's 168 h:
    # (L+1) x 1800 / 2 x 168 / 20 = (L+1) x 7560 s of calendar.
    at, expected = t1, []
    for level in (56, 57, 58, 59):
        at += (level + 1) * 7560
        # 200 cartridges an hour actually fired: (L+1)/4 hours a point.
        expected.append((level, level + 1, at, (level + 1) * 1800, (level + 1) * 50))
    assert at < end < at + 61 * 7560  # the fifth point would need 61 x 7560 s more
    points = [e for e in later if type(e).__name__ == "PointTrained"]
    assert [(p.before, p.after, p.at, p.cost_s, p.cartridges) for p in points] == expected
    # The credit at the end, settled from the last point's record: 3 weeks at 20 h x 2 less the
    # four points' costs, in 1/168 s (training.py's units).
    training = dt.settled(sam, end)["targets"]["Armes de poing"]
    assert training["bank"] == 3 * WEEK * 20 * 2 - sum(e[3] for e in expected) * 168
    assert training["cartridges"] == sum(e[4] for e in expected) == 11_700

    # Blood (§3.2.4): bleeding stopped, 1 PH an hour in bed: 52 + 28 h = 80, the maximum, reached
    # long before the end (28 h < 3 weeks).
    assert 52 + (3 * WEEK) // HOUR > 80
    # Healing (§3.2.8.1, realistic): 7 - mEND 2 = 5 days a PV: 21 days heal 4 PV (9 -> 5 damage),
    # a day towards the fifth.
    body = care.body_now(world, sam)
    assert body["ph"] == 80 and body["activity"] == "bed"
    thigh = body["wounds"]["right-thigh"]
    assert (thigh["damage"], thigh["progress"], thigh["cared"], thigh["bullet"]) == (9 - 21 // 5, 21 % 5 * DAY, True, False)

    # -- the sheet ------------------------------------------------------------------------------
    assert sam.sheet["gains"] == {"Armes de poing": 4}
    assert sam.sheet["derived"]["skills"]["Armes de poing"] == 60
    assert sam.condition["dead"] is False and sam.condition["unconscious"] is False

    # -- the events -----------------------------------------------------------------------------
    # §2.5 (§2.4.7 thresholds): Joe's hit at 88% with 8 ≤ 88/2 earns him an improvement roll.
    assert names(first, joe) == ["ShotFired", "ImprovementGranted"]
    assert [(g["target"], g["kind"]) for g in joe.condition["marks"]["pending"]] == [("Armes de poing", "skill")]
    assert names(first, sam) == ["WoundTaken", "BodySettled"]
    assert names(orders, sam) == ["FirstAidGiven", "ActivityOrdered", "TendingOrdered", "TrainingPlanned"]
    assert names(orders, doc) == ["ImprovementGranted"]
    assert names(later, sam) == ["PointTrained"] * 4 + ["BodySettled"]
    assert names(later, world.campaign) == ["TimeAdvanced"]
    assert not dice(world).faces  # every scripted draw was used, and no other


def test_a_healthy_idle_party_advanced_a_year_records_a_handful_of_events() -> None:
    world = table(SAM, JOE, DOC, SIRINGO)
    world.collect()
    # Nothing is due, so the engine is never woken (its time is measured in bench/, not here).
    events = advance_by(world, 365 * DAY)
    assert [type(e).__name__ for e in events] == ["TimeAdvanced"]


def test_a_year_of_training_records_one_event_per_point() -> None:
    world = table(SAM, SIRINGO)
    dt.plan_training(world, SAM_N, "Armes de poing", 20, teacher=SIRINGO_N)
    world.collect()
    events = advance_by(world, 365 * DAY)
    points = [e for e in events if type(e).__name__ == "PointTrained"]
    # Calendar seconds per point (L+1) x 7560 while Siringo (91%) still qualifies, i.e. up to 75%
    # (75 + 15 = 90); from 76% (76 + 16 = 92 > 91) each half-hour counts once: (L+1) x 15120.
    at, level, expected = 0, 56, 0
    while True:
        step = (level + 1) * (7560 if level + -(-level // 5) <= 91 else 15120)
        if at + step > 365 * DAY:
            break
        at, level, expected = at + step, level + 1, expected + 1
    assert len(points) == expected and points[-1].after == level
    assert [type(e).__name__ for e in events if type(e).__name__ != "PointTrained"] == ["TimeAdvanced"]
