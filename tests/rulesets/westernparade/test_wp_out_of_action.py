"""Issue 17: being put out of action by a wound in a fight (seed 004_cf8278f91236030c.txt §3.2.5,
L1884-L1914): the END rolls it calls for, the actions lost, the END roll to act again, and the
unconsciousness check after a failed END roll of a critical or major wound (§3.2.6, L1916-L1934).
Sam Parkerson: END 16, jEND 58, mEND +2; Joe Hambuster: END 14, jEND 47, mEND +1 (Table 1.4,
cli/samples); a location's PV are Table 1.6's share of END (arm 100%, thigh 150%, chest 50%)."""

from __future__ import annotations

import pytest
import wp_digest as rules
from support import SAMPLES, run
from westernparade_table import JOE, SAM, dice, table
from wp_city import scripted_dice
from wp_recorded import events

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade.combat import ShotSetup
from chronique.domain.rulesets.westernparade.play import shoot

SAM_N, JOE_N = "Sam Parkerson", "Joe Hambuster"
PISTOL = "Colt SA Peacemaker"
EASY = 25  # Table 2.2: an easy roll, +25%


def test_a_major_arm_wound_and_a_won_END_roll_costs_only_the_next_action_S3_2_5_2_L1902() -> None:
    world = table(SAM, JOE)
    care.wound(world, SAM_N, "left-arm", 9, kind="blunt")  # 9 of 16 PV: major
    dice(world).add(30)  # a normal END roll: 30 against jEND 58
    out = care.put_out_of_action(world, SAM_N, "left-arm")
    assert out["effect"]["end_roll"]["terms"] == {"jEND": 58, "difficulty": 0}
    assert (out["effect"]["lost"], out["rally"], out["unconsciousness_chance"]) == ("action", None, None)


def test_a_major_thigh_wound_and_a_lost_END_roll_then_he_passes_out_S3_2_5_2_L1902_L1904_S3_2_6() -> None:
    world = table(SAM, JOE)
    care.wound(world, JOE_N, "left-thigh", 20, kind="blunt")  # 20 of 21 PV: major
    # 90 against jEND 47 fails: the rest of the round and the next up to this rank, then an END
    # roll to act again; the failure calls for the unconsciousness check (L1904): 20 damage
    # x 1 (one major wound) - 5 x mEND 1 = 15%, d100 5: out for (15 - 5) x 2 rounds (L1934).
    dice(world).add(90, 5)
    out = care.put_out_of_action(world, JOE_N, "left-thigh")
    assert out["effect"]["lost"] == "rounds" and out["effect"]["end_roll"]["quality"] not in rules.SUCCESSES
    assert out["unconsciousness_chance"] == 15
    assert out["unconsciousness"] == {"chance": 15, "roll": 5, "rolled": True, "unconscious": True, "rounds": 20}
    assert out["rally"] == {"since": world.campaign.clock, "location": "left-thigh", "check": True}
    joe = world.character(JOE_N).condition
    assert joe["unconscious"] and joe["blackout"] == {"cause": "wound", "until": world.campaign.clock + 200}


def test_a_critical_arm_wound_rolls_nothing_at_once_and_bars_shooting_until_an_END_roll_is_won_S3_2_5_1_L1894_L1896() -> None:
    world = table(SAM, JOE)
    care.wound(world, SAM_N, "left-arm", 16, kind="blunt")  # 16 of 16 PV: critical
    out = care.put_out_of_action(world, SAM_N, "left-arm")
    assert (out["effect"]["lost"], out["effect"]["end_roll"]) == ("rounds", None)
    with pytest.raises(RuleViolation, match="END roll to act again"):
        shoot(world, SAM_N, JOE_N, PISTOL, ShotSetup(distance_m=10))
    # A failed END roll (90 against 58): one more action lost, and the check of L1896:
    # 16 damage x 2 (one critical wound) - 5 x mEND 2 = 22%, d100 30: he stays conscious.
    dice(world).add(90, 30)
    failed = care.rally_roll(world, SAM_N)
    assert (failed["outcome"]["acts"], failed["outcome"]["check"], failed["unconsciousness_chance"]) == (False, True, 22)
    assert failed["unconsciousness"]["unconscious"] is False and failed["rally"] is not None
    dice(world).add(20)  # at his next rank: 20 against 58, he acts again
    won = care.rally_roll(world, SAM_N)
    assert (won["outcome"]["acts"], won["rally"], won["unconsciousness_chance"]) == (True, None, None)
    assert world.character(SAM_N).condition["rally"] is None
    with pytest.raises(RuleViolation, match="no END roll to make"):
        care.rally_roll(world, SAM_N)


def test_a_minor_head_wound_costs_an_action_per_failed_END_roll_without_a_check_S3_2_5_3_L1908() -> None:
    world = table(SAM, JOE)
    care.wound(world, JOE_N, "head", 4, kind="blunt")  # 4 of 14 PV: minor
    out = care.put_out_of_action(world, JOE_N, "head")
    assert (out["effect"]["lost"], out["effect"]["end_roll"], out["rally"]["check"]) == ("action", None, False)
    dice(world).add(80)  # 80 against 47: one more action, no unconsciousness check (L1908)
    failed = care.rally_roll(world, JOE_N)
    assert (failed["outcome"]["acts"], failed["unconsciousness_chance"], failed["rally"]) == (False, None, out["rally"])
    dice(world).add(40)
    assert care.rally_roll(world, JOE_N)["outcome"]["acts"] is True


def test_a_minor_wound_elsewhere_costs_one_action_on_a_failed_easy_END_roll_S3_2_5_3_L1910() -> None:
    world = table(SAM, JOE)
    care.wound(world, JOE_N, "right-arm", 4, kind="blunt")  # 4 of 14 PV: minor
    dice(world).add(80)  # an easy roll: 47 + 25 = 72, 80 fails
    out = care.put_out_of_action(world, JOE_N, "right-arm")
    assert out["effect"]["end_roll"]["chance"] == 47 + EASY
    assert (out["effect"]["lost"], out["rally"]) == ("action", None)
    dice(world).add(50)  # 50 against 72: nothing lost
    assert care.put_out_of_action(world, JOE_N, "right-arm")["effect"]["lost"] == ""


def test_lost_actions_add_up_an_END_roll_due_stays_due_S3_2_5_L1886() -> None:
    world = table(SAM, JOE)
    care.wound(world, SAM_N, "left-arm", 16, kind="blunt")
    pending = care.put_out_of_action(world, SAM_N, "left-arm")["rally"]
    care.wound(world, SAM_N, "right-arm", 5, kind="blunt")  # minor
    dice(world).add(10)  # the easy END roll won: no action lost for this one
    assert care.put_out_of_action(world, SAM_N, "right-arm")["rally"] == pending


def test_a_major_chest_wound_puts_him_out_until_the_battle_ends_and_rolls_nothing_more_S3_2_5_2_L1900() -> None:
    world = table(SAM, JOE)
    care.wound(world, SAM_N, "chest", 5, kind="blunt")  # 5 of 8 PV: major; its check 5 - 10 < 5%: no die
    out = care.put_out_of_action(world, SAM_N, "chest")
    assert (out["effect"]["lost"], out["effect"]["end_roll"], out["rally"]) == ("battle", None, None)


def test_a_scratch_and_a_spaghetti_hero_in_positive_PV_are_not_put_out_of_action_S7_3_1_L5633() -> None:
    world = table(SAM, {**JOE, "creation": "spaghetti"})
    care.wound(world, SAM_N, "left-arm", 1, kind="blunt")  # a scratch (§3.2.2)
    with pytest.raises(RuleViolation, match="scratches do not"):
        care.put_out_of_action(world, SAM_N, "left-arm")
    care.wound(world, JOE_N, "left-arm", 9, kind="blunt")  # major, but in positive PV
    with pytest.raises(RuleViolation, match="spaghetti hero"):
        care.put_out_of_action(world, JOE_N, "left-arm")
    # In negative PV at the heart he is: 8 of 7 PV is critical (its check: 8 x 2 - 5 = 11%, d100 50).
    dice(world).add(50)
    care.wound(world, JOE_N, "chest", 8, kind="blunt")
    assert care.put_out_of_action(world, JOE_N, "chest")["effect"]["lost"] == "battle"


def _put_out(db: str) -> str:
    """Sam, 9 damage to his left arm (16 PV): a major wound (L1902), put out of action by it
    through the command line; what it printed."""
    run(db, "campaign", "new", "Shotgun City", "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", "Shotgun City", "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "session", "start", "Shotgun City")
    run(db, "western-parade", "body", "wound", "Shotgun City", SAM_N, "left-arm", "9", "--kind", "blunt")
    return run(db, "western-parade", "body", "out-of-action", "Shotgun City", SAM_N, "left-arm").stdout


PUT_OUT = f"{SAM_N}: put out of action by the major wound in the bras gauche: END roll chance 58% (END roll 58): rolled"
# A failed END roll of a major wound: the rounds lost and the unconsciousness check (L1904), here
# 9 x 1 (one major wound) - 5 x mEND 2 = -1%: 5% or less, no die (§3.2.6).
LOST = (
    "loses the rest of this round and the next round up to the rank of the hit; an END roll is due before acting again;"
    " unconsciousness -1%: 5% or less, no roll, stays conscious"
)


def test_out_of_action_through_the_command_line_with_real_chance_records_a_journal_that_verifies_S3_2_5_2_L1902(db: str) -> None:
    # The vault's own dice, on purpose: this test checks only that a journal of real chance
    # verifies, and what holds whatever the dice give (the END roll's terms, its faces the draws
    # recorded, the line up to the roll). What each outcome of the roll prints is the scripted
    # tests' below, one per branch of L1902.
    out = _put_out(db)
    (put,) = events(db, "Shotgun City", "PutOutOfAction")
    end_roll = put["effect"]["end_roll"]
    assert [op["value"] for op in put["chance"]] == end_roll["faces"]
    assert end_roll["terms"] == {"jEND": 58, "difficulty": 0}  # a normal END roll (L1902)
    assert out.startswith(f"{PUT_OUT} ")
    assert "OK" in run(db, "verify", "Shotgun City").stdout


def test_out_of_action_with_a_won_END_roll_loses_only_the_next_action_through_the_command_line_S3_2_5_2_L1902(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 30 under jEND 58: a réussite normale: only the next action is lost, no END roll is due.
    scripted_dice(monkeypatch, 30)
    assert _put_out(db) == f"{PUT_OUT} 30 → réussite normale; loses the next action\n"
    (put,) = events(db, "Shotgun City", "PutOutOfAction")
    assert (put["effect"]["lost"], put["rally"]) == ("action", None)
    refused = run(db, "western-parade", "body", "rally", "Shotgun City", SAM_N, check=False)
    assert (refused.returncode, refused.stderr) == (
        2,
        f"error: {SAM_N} has no END roll to make: no wound put them out of action (§3.2.5)\n",
    )


def test_out_of_action_with_a_lost_END_roll_acts_again_once_the_rally_roll_succeeds_S3_2_5_2_L1902_L1904(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 70 over 58: a normal failure: the rounds lost and an END roll due (L1902, L1904). The rally
    # roll, 20 under 58, a réussite critique: he acts again.
    scripted_dice(monkeypatch, 70, 20)
    assert _put_out(db) == f"{PUT_OUT} 70 → échec normal; {LOST}\n"
    (put,) = events(db, "Shotgun City", "PutOutOfAction")
    assert (put["effect"]["lost"], put["rally"]) == ("rounds", {"check": True, "location": "left-arm", "since": put["at"]})
    rallied = run(db, "western-parade", "body", "rally", "Shotgun City", SAM_N).stdout
    assert rallied == f"{SAM_N}: END roll to act again: chance 58% (END roll 58): rolled 20 → réussite critique — acts again\n"
    (roll,) = events(db, "Shotgun City", "RallyRolled")
    assert roll["rally"] is None and rules.read(roll["outcome"]["outcome"]) == "CRIT_S"


def test_out_of_action_with_a_lost_END_roll_stays_out_while_the_rally_roll_fails_S3_2_5_2_L1902_L1904(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 97+50 = 147, over twice 58, an échec critique: out as on any failure, an END roll due, its
    # open-ended faces said with their total; the rally roll 99+40 = 139, a critical failure too:
    # one more action lost and another roll at the next rank, and the unconsciousness check again.
    scripted_dice(monkeypatch, 97, 50, 99, 40)
    assert _put_out(db) == f"{PUT_OUT} 97+50 = 147 → échec critique; {LOST}\n"
    rallied = run(db, "western-parade", "body", "rally", "Shotgun City", SAM_N).stdout
    assert rallied == (
        f"{SAM_N}: END roll to act again: chance 58% (END roll 58): rolled 99+40 = 139 → échec critique — loses one more action"
        " and rolls again at the next rank; unconsciousness -1%: 5% or less, no roll, stays conscious\n"
    )
    (roll,) = events(db, "Shotgun City", "RallyRolled")
    assert roll["rally"] is not None and rules.read(roll["outcome"]["outcome"]) == "CRIT_F"
