"""Western Parade read again against its rulebook (issue 17; seed 004_cf8278f91236030c.txt, Lnnn
its line numbers): the exploding gun, the recoil of a gun too strong, the bullet that ricochets
off the skull, the critical punch's cumulative d6, an idle training credit worn away. Every case
is computed by hand here from scripted dice; the verifier's rule is held to the same reading."""

from __future__ import annotations

from typing import Any

from scripted_table import die_faces
from westernparade_table import JOE, SAM, table

from chronique.domain.fairness import FORMAT, FORMAT_V1
from chronique.domain.gametime import DAY, HOUR, WEEK
from chronique.domain.rederivation import Table, check
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade import events as ev
from chronique.domain.rulesets.westernparade.body_events import PressureReleased, WoundTaken
from chronique.domain.rulesets.westernparade.care import body_now, press, wound
from chronique.domain.rulesets.westernparade.combat import Attacker, ShotSetup, blow_lands, recoil, weapon
from chronique.domain.rulesets.westernparade.play import shoot
from chronique.domain.rulesets.westernparade.resolution import RollOutcome
from chronique.domain.rulesets.westernparade.training import units
from chronique.domain.rulesets.westernparade.verification import RULES
from chronique.domain.timeline import advance
from chronique.domain.world import World

SAM_NAME, JOE_NAME = "Sam Parkerson", "Joe Hambuster"
# Sam (FOR 12, END 16, right-handed) carries the Colt (damage 5, strength 10/8), a Winchester 73
# carbine (damage 4, 12/8) and a Minié rifle (damage 7, strength 21 one-handed, 14 two-handed).
GUNS = {**SAM, "weapons": ["Colt SA Peacemaker", "Winchester 73 Carabine", "Minié"]}
SHOT_TOPIC = "chronique.domain.rulesets.westernparade.events:ShotFired"


def fired(world: World) -> tuple[ev.ShotFired, list[WoundTaken]]:
    """The shot recorded, and the wounds recorded after it (target's, then shooter's)."""
    recorded = world.collect()
    (shot,) = [e for e in recorded if isinstance(e, ev.ShotFired)]
    return shot, [e for e in recorded if isinstance(e, WoundTaken)]


def verdict(shot: ev.ShotFired, **forged: Any) -> str | None:
    """What the verifier's rule says of the recorded shot (with some fields forged)."""
    event = {k: v for k, v in vars(shot).items() if not k.startswith("_")} | {"topic": SHOT_TOPIC} | forged
    return check(RULES.rederive[SHOT_TOPIC], event, Table())


def wounds(world: World, name: str) -> dict[str, Any]:
    found: dict[str, Any] = world.character(name).condition["wounds"]
    return found


# -- §3.3.1 L2146: the gun explodes ---------------------------------------------------------------


def test_a_catastrophic_failure_explodes_the_pistol_in_the_shooters_hand_S3_3_1_L2146() -> None:
    # Armes de poing 56 at 20 m (short range, close): a CATA_F is a roll above 3 x 56 = 168; the
    # open-ended 100 + 70 = 170. No d8 of Table 3.9: no bullet flies. The Colt's 5 damage go to
    # the hand holding it, Sam's right (ruling WD3): 5 of 8 PV is over half, a major wound
    # bleeding 2 PH at once (§3.2.3); a major hand wound calls for no unconsciousness check.
    world = table(GUNS, JOE, dice=[100, 70])
    out = shoot(world, SAM_NAME, JOE_NAME, "Colt SA Peacemaker", ShotSetup(distance_m=20))
    assert (out.outcome.total, out.outcome.quality, out.stray, out.damage) == (170, "CATA_F", None, None)
    shot, taken = fired(world)
    assert [op["value"] for op in shot.chance] == [100, 70]
    assert (shot.hit, shot.stray, shot.hand, shot.strength_missing) == (False, None, "right", 0)
    assert (shot.exploded, shot.recoil) == ({"location": "right-hand", "damage": 5}, None)
    assert [(w.location, w.damage, w.kind, w.state, w.ph_lost) for w in taken] == [("right-hand", 5, "explosion", "major", 2)]
    assert wounds(world, SAM_NAME)["right-hand"]["damage"] == 5 and wounds(world, JOE_NAME) == {}
    assert world.character(SAM_NAME).condition["ph"] == 80 - 2
    # The verifier reads the same dice the same way, and refuses the old reading (a stray bullet).
    assert verdict(shot) is None
    assert verdict(shot, stray="N", exploded=None) is not None


def test_with_the_wrong_hand_the_pistol_explodes_in_that_hand_S3_3_1_L2146_ruling_WD3() -> None:
    # Wrong hand -20 (Table 3.20): chance 36, a CATA_F above 108: 100 + 9 = 109, in his left hand.
    world = table(GUNS, JOE, dice=[100, 9])
    shoot(world, SAM_NAME, JOE_NAME, "Colt SA Peacemaker", ShotSetup(distance_m=20, wrong_hand=True))
    shot, taken = fired(world)
    assert (shot.outcome["chance"], shot.outcome["quality"], shot.hand) == (36, "CATA_F", "left")
    assert shot.exploded == {"location": "left-hand", "damage": 5}
    assert [(w.location, w.damage) for w in taken] == [("left-hand", 5)]
    assert verdict(shot) is None


def test_a_carbine_explodes_in_the_shooters_face_S3_3_1_L2146() -> None:
    # Tir au fusil 53 + point-blank 50 (the carbine's 50 m, Table 3.15) = 103: a CATA_F above 309,
    # 100 + 100 + 100 + 10 = 310. A long gun's explosion hits the head: 4 of 16 PV, a minor wound
    # (1 PH), and no bullet stays in (it was no bullet that hit him).
    world = table(GUNS, JOE, dice=[100, 100, 100, 10])
    shoot(world, SAM_NAME, JOE_NAME, "Winchester 73 Carabine", ShotSetup(distance_m=20))
    shot, taken = fired(world)
    assert (shot.outcome["chance"], shot.outcome["total"], shot.outcome["quality"]) == (103, 310, "CATA_F")
    assert shot.exploded == {"location": "head", "damage": 4}
    assert [(w.location, w.damage, w.state, w.ph_lost) for w in taken] == [("head", 4, "minor", 1)]
    assert not wounds(world, SAM_NAME)["head"]["bullet"]
    assert verdict(shot) is None


# -- §3.3.3 L2285: recoil -------------------------------------------------------------------------


def test_recoil_of_a_rifle_too_strong_hurts_the_shoulder_on_a_hit_S3_3_3_L2285() -> None:
    # The Minié needs FOR 14 two-handed; Sam has 12: -20% to hit (-10 a point) and a 20% recoil
    # chance (10 a point). Chance 53 + 50 (point-blank, 110 m) - 20 = 83; 60 hits (NORM_S), d30
    # 22 = right thigh, 7 damage (60 is not below 7: no pass-through). Then the recoil's d100: 15
    # is within 20%: 1 damage to his right shoulder (the butt's side).
    world = table(GUNS, JOE, dice=[60, 22, 15])
    out = shoot(world, SAM_NAME, JOE_NAME, "Minié", ShotSetup(distance_m=20))
    assert out.outcome.terms == {"Tir au fusil/à la carabine": 53, "range": 50, "strength": -20} and out.outcome.quality == "NORM_S"
    shot, taken = fired(world)
    assert (shot.strength_missing, shot.exploded) == (2, None)
    assert shot.recoil == {"chance": 20, "roll": 15, "location": "right-shoulder", "damage": 1}
    assert [(w.location, w.damage, w.kind) for w in taken] == [("right-thigh", 7, "bullet"), ("right-shoulder", 1, "recoil")]
    assert verdict(shot) is None
    assert verdict(shot, recoil=None) is not None


def test_recoil_spares_him_above_its_chance_S3_3_3_L2285() -> None:
    # The same shot, the recoil's d100 21 above 20%: no harm, only Joe is wounded.
    world = table(GUNS, JOE, dice=[60, 22, 21])
    shoot(world, SAM_NAME, JOE_NAME, "Minié", ShotSetup(distance_m=20))
    shot, taken = fired(world)
    assert shot.recoil == {"chance": 20, "roll": 21, "location": "right-shoulder", "damage": 0}
    assert [w.location for w in taken] == ["right-thigh"] and SAM_NAME not in {w.source for w in taken}
    assert "right-shoulder" not in wounds(world, SAM_NAME)


def test_recoil_chance_doubles_on_a_critical_failure_S3_3_3_L2289() -> None:
    # Chance 83: a CRIT_F is above 166 up to 249: 100 + 80 = 180. The bullet strays (d8 3, E);
    # the recoil's chance doubles to 40%, and the d100 40 hurts: 1 damage.
    world = table(GUNS, JOE, dice=[100, 80, 3, 40])
    shoot(world, SAM_NAME, JOE_NAME, "Minié", ShotSetup(distance_m=20))
    shot, taken = fired(world)
    assert (shot.outcome["quality"], shot.stray, shot.exploded) == ("CRIT_F", "E", None)
    assert shot.recoil == {"chance": 40, "roll": 40, "location": "right-shoulder", "damage": 1}
    assert [(w.location, w.damage) for w in taken] == [("right-shoulder", 1)]
    assert verdict(shot) is None


def test_recoil_triples_with_2_damage_on_a_catastrophic_failure_besides_the_explosion_S3_3_3_L2291() -> None:
    # 100 + 100 + 60 = 260, above 3 x 83 = 249: CATA_F. The Minié explodes: its 7 damage to the
    # head (16 PV: 7 is not over half, minor); the recoil's chance triples to 60%, d100 60 hurts
    # for 2 damage to the right shoulder ("sans oublier les autres conséquences funestes").
    world = table(GUNS, JOE, dice=[100, 100, 60, 60])
    shoot(world, SAM_NAME, JOE_NAME, "Minié", ShotSetup(distance_m=20))
    shot, taken = fired(world)
    assert (shot.outcome["quality"], shot.stray) == ("CATA_F", None)
    assert shot.exploded == {"location": "head", "damage": 7}
    assert shot.recoil == {"chance": 60, "roll": 60, "location": "right-shoulder", "damage": 2}
    assert [(w.location, w.damage, w.kind) for w in taken] == [("head", 7, "explosion"), ("right-shoulder", 2, "recoil")]
    assert verdict(shot) is None


def test_a_pistol_too_strong_kicks_the_hand_and_a_certain_recoil_rolls_nothing_S3_3_3_L2285_ruling_WA14() -> None:
    # Rule level: a handgun's recoil strikes the hand holding it. Four points missing on a CATA_F:
    # 4 x 10 x 3 = 120%: certain, no d100 (ruling WA14); 2 damage.
    colt = weapon("Colt DA Omnipotent")
    failed = RollOutcome(40, (100, 30), 130, "CATA_F", {"Armes de poing": 40})
    certain = recoil(die_faces(), colt, failed, "left", 4)
    assert certain is not None and certain.to_dict() == {"chance": 120, "roll": None, "location": "left-hand", "damage": 2}
    normal = recoil(die_faces(7), colt, RollOutcome(40, (30,), 30, "NORM_S", {"Armes de poing": 40}), "right", 1)
    assert normal is not None and normal.to_dict() == {"chance": 10, "roll": 7, "location": "right-hand", "damage": 1}
    assert recoil(die_faces(), colt, failed, "right", 0) is None  # strong enough: no recoil, no die


def test_a_shot_recorded_before_the_explosion_and_the_recoil_were_kept_verifies_as_before() -> None:
    # A version-2 ShotFired (no hand, no missing strength) upcasts to None for both; a plain miss
    # of Sam's Colt (d8 3) still re-derives; a catastrophic one cannot be read any more.
    world = table(GUNS, JOE, dice=[90, 3])
    shoot(world, SAM_NAME, JOE_NAME, "Colt SA Peacemaker", ShotSetup(distance_m=20))
    shot, _ = fired(world)
    old = {k: v for k, v in vars(shot).items() if k not in ("hand", "strength_missing", "exploded", "recoil")}
    ev.ShotFired.upcast_stored(old)
    assert (old["hand"], old["strength_missing"], old["exploded"], old["recoil"]) == (None, None, None, None)
    assert check(RULES.rederive[SHOT_TOPIC], old | {"topic": SHOT_TOPIC}, Table(fair=FORMAT_V1)) is None
    catastrophic = old | {"topic": SHOT_TOPIC, "chance": [{"op": "d", "sides": 100, "value": 100}, {"op": "d", "sides": 100, "value": 70}]}
    assert check(RULES.rederive[SHOT_TOPIC], catastrophic, Table(fair=FORMAT_V1)) is None  # Unknowable: not checked
    # A shot of a chronique-fair-v2 epoch always records the hand: one stripped of it is refused.
    stripped = check(RULES.rederive[SHOT_TOPIC], catastrophic, Table(fair=FORMAT))
    assert stripped == "field hand: it is not recorded, and every event of a chronique-fair-v2 epoch records it"


# -- §3.2.7.3 L1997: a bullet ricochets off the skull ---------------------------------------------


def test_a_bullet_dealing_less_than_half_the_heads_pv_ricochets_S3_2_7_3_L1997_ruling_WB17() -> None:
    # Sam's head has 16 PV (100% of END 16): 7 damage is less than 8, the bullet ricochets and
    # nothing is left to extract. Joe's head takes half its PV (rounded up): the bullet is in.
    # A minor head wound calls for no unconsciousness check; the bullet in Joe's head calls for
    # his roll at once (§3.2.7.3, ruling WB23): the better of jEND 47 and jCHC 30, 30 (removable).
    world = table(SAM, JOE, dice=[30])
    wound(world, SAM_NAME, "head", 7)
    joe_head = world.character(JOE_NAME).sheet["derived"]["pv"]["head"]
    wound(world, JOE_NAME, "head", -(-joe_head // 2))
    assert not wounds(world, SAM_NAME)["head"]["bullet"]
    assert wounds(world, JOE_NAME)["head"]["bullet"]
    # Elsewhere any bullet that did not go through stays in (WB17).
    wound(world, SAM_NAME, "left-arm", 1)
    assert wounds(world, SAM_NAME)["left-arm"]["bullet"]


def test_eight_of_sixteen_is_half_the_head_the_bullet_enters_S3_2_7_3_L1997() -> None:
    # The bullet in calls for Sam's roll at once (ruling WB23): 40 under jEND 58, removable.
    world = table(SAM, dice=[40])
    assert wound(world, SAM_NAME, "head", 8)["head_bullet"] == "removable"
    assert wounds(world, SAM_NAME)["head"]["bullet"]


# -- §3.5.4 L2570: a critical punch adds "un ou plusieurs d6" -------------------------------------


def test_a_critical_punch_adds_a_cumulative_d6_S3_5_4_L2570_ruling_WA15() -> None:
    # "éventuellement un ou plusieurs d6 en cas de coup critique selon les règles habituelles":
    # the usual rule is §3.3.1's 1d6cum (footnote 11, L2168). Undefended CRIT_S reads DC (Table
    # 3.3, WA11): the d6 shows 6, rolled again: 4; d10 1 = head (Table 3.24). Joe (mFOR 1,
    # Pugilat 57: +1 for the full ten above 40): 1 + 1 + 6 + 4 + 1 = 13, whole on the head.
    landed = blow_lands(die_faces(6, 4, 1), "punch", None, "CRIT_S", None, Attacker(15, 1, 57))
    assert (landed.result, landed.dealt, landed.located and landed.located.location, landed.total) == ("DC", "DC", "head", 13)
    # On the body only half, rounded down: d6 3, d10 7 (right flank): (1 + 1 + 3 + 1) // 2 = 3.
    body = blow_lands(die_faces(3, 7), "punch", None, "CRIT_S", None, Attacker(15, 1, 57))
    assert (body.located and body.located.location, body.total) == ("right-flank", 3)


# -- §2.6.2 L1434: an idle training credit wears away ---------------------------------------------


def test_an_idle_credit_is_shown_worn_away_after_nine_days_S2_6_2_L1434() -> None:
    # A week at 20 h banks 20 h; stopped, nine idle days are two beyond the seven: four half-days,
    # an hour each: 16 h left, as the timeline will record it when the plan resumes.
    world = table(SAM)
    dt.plan_training(world, SAM_NAME, "Armes de poing", 20)
    advance(world.campaign, ruleset("western-parade").processes(world), world.campaign.clock + WEEK)
    dt.plan_training(world, SAM_NAME, "Armes de poing", 0)
    character = world.character(SAM_NAME)
    assert dt.standing(character, world.campaign.clock)["targets"]["Armes de poing"]["bank"] == units(20 * HOUR)
    advance(world.campaign, ruleset("western-parade").processes(world), world.campaign.clock + 9 * DAY)
    assert character.condition["training"]["targets"]["Armes de poing"]["bank"] == units(20 * HOUR)  # nothing recorded
    assert dt.standing(character, world.campaign.clock)["targets"]["Armes de poing"]["bank"] == units(16 * HOUR)
    dt.plan_training(world, SAM_NAME, "Armes de poing", 20)
    assert character.condition["training"]["targets"]["Armes de poing"]["bank"] == units(16 * HOUR)


# -- §3.2.3 L1848: pressing holds the blood back only for a while ----------------------------------


def test_pressing_hands_let_go_when_their_rounds_are_over_S3_2_3_L1848_ruling_WB22() -> None:
    # "Avec chaque main, un personnage peut momentanément empêcher la perte de deux PH". Major
    # right thigh (13 of 24): 2 x 2 = 4 PH a round, 76 PH left. One hand for three rounds: 2 a
    # round at 10, 20 and 30 s (70), the hand lets go at 30 s, then 4 a round at 40, 50 and
    # 60 s: 58 after a minute (with hands for ever it would be 64).
    world = table(SAM)
    wound(world, SAM_NAME, "right-thigh", 13, kind="blade")
    start = world.campaign.clock
    press(world, SAM_NAME, "right-thigh", 1, rounds=3)
    advance(world.campaign, ruleset("western-parade").processes(world), start + 60)
    released = [e for e in world.pending() if isinstance(e, PressureReleased)]
    assert [(e.at - start, e.location, e.body["ph"]) for e in released] == [(30, "right-thigh", 70)]
    thigh = wounds(world, SAM_NAME)["right-thigh"]
    assert (thigh["hands"], thigh["pressed_until"]) == (0, None)
    assert body_now(world, world.character(SAM_NAME))["ph"] == 58
