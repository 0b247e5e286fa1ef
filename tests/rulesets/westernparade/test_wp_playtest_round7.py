"""A seventh Western Parade play-test's gaps: the pause of a plan whose trainee is dying was never
exercised (ruling WC22); a bad choice of roll for a bullet in the head read as a repr; a flattened
bullet's detachment had a dead branch raising a bare error; two test modules took their setup
from a test module; the AGI a wounded leg costs read as its stored key; a punch took a damage
column it ignored. Through the real command line (in process, ``support.run``) on a real journal
of each backend, or the rules over a scripted table. Seed 004_cf8278f91236030c.txt (Lnnn), digest
/work/shared/rules/western-parade.md."""

from __future__ import annotations

from pathlib import Path

from own_setup import modules_importing_a_test_module
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import SIRINGO as SIRINGO_SHEET
from westernparade_table import advanced, of_kind, table
from wp_city import SAM, WP, C, refused, shotgun_city

from chronique.domain.gametime import MINUTE
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade.body_events import BloodLost, BulletDetached
from chronique.domain.rulesets.westernparade.describe import describe
from chronique.domain.rulesets.westernparade.downtime_events import TrainingPaused
from chronique.domain.rulesets.westernparade.report import body_lines

DOC_NAME, SIRINGO_NAME = "Doc Holloway", "Charlie Siringo"


# -- 1. one dying trains no more than one out cold (§2.6, §3.2.4 L1878; ruling WC22) -------------


def test_a_plan_for_a_man_bled_beyond_saving_pauses_at_once_because_he_is_dying_S2_6_S3_2_4_L1878_ruling_WC22() -> None:
    # 16 in Sam's right thigh (24 PV): a major wound bleeding 2 x 2 = 4 PH a round (§3.2.3); his
    # 80 PH reach 0 (unconscious) and then -40, half his base: beyond saving (L1878), death a d60
    # minutes later (WB16): the d60 rolls 30.
    world = table(SAM_SHEET, SIRINGO_SHEET, dice=[30])
    care.wound(world, SAM, "right-thigh", 16, kind="blade")
    (fell,) = [e for e in of_kind(BloodLost, advanced(world, 6 * MINUTE)[1]) if e.what == "beyond saving"]
    assert world.character(SAM).condition["dying"] == {"at": fell.at + 30 * MINUTE, "cause": "blood loss"}
    # §2.6 trains a man awake and able: the plan made for him now pauses at once, and says why.
    dt.plan_training(world, SAM, "Armes de poing", 20, teacher=SIRINGO_NAME)
    recorded = world.collect() + advanced(world, 10)[1]
    (paused,) = of_kind(TrainingPaused, recorded)
    assert paused.at == world.campaign.clock - 10
    assert paused.training["pause_cause"] == "dying"
    assert describe(paused) == "training paused: they are dying"
    state = world.character(SAM).condition["training"]
    target = state["targets"]["Armes de poing"]
    assert (target["hours"], target["paused"]) == (0, 20)
    assert dt.plan_words(target, state) == "paused while they are dying, 20 hours a week with Charlie Siringo (91%) once up"


# -- 2. the roll for a bullet in the head is under END or CHC, said in words (§3.2.7.3 L1997) ------


def test_a_roll_for_a_bullet_in_the_head_under_another_characteristic_is_refused_in_words_S3_2_7_3_L1997(db: str) -> None:
    shotgun_city(db)
    line = refused(db, WP, "body", "head-bullet", C, SAM, "--use", "str")
    assert line == "error: the roll for a bullet in the head is under END or CHC (§3.2.7.3), not STR"


# -- 3. detaching a flattened bullet past the head's threshold kills outright, no die (§3.2.9.1) ---


def test_the_point_a_flattened_bullet_costs_may_kill_outright_and_draws_no_die_S3_2_7_3_L1997_S3_2_9_1_L2108() -> None:
    # 24 from a Sharps in Sam's head (16 PV): -8, critical, 4 INT and 4 PV lost for good (§3.2.9.2);
    # the check rolls 90 (out), his roll for the bullet 5: flattened on the bone (L1997).
    world = table(SAM_SHEET, DOC_SHEET, dice=[90, 5])
    care.wound(world, SAM, "head", 24, source="a Sharps")
    assert world.character(SAM).condition["wounds"]["head"]["entry"] == "flattened"
    world.collect()
    # The point more takes the head (now 12 PV) to -9, past half its PV: "la mort" (§3.2.9.1 L2108),
    # outright: no die is scripted, none is drawn.
    care.care(world, SAM, "head", DOC_NAME, "Extraction de balle")
    (detached,) = world.collect()
    assert isinstance(detached, BulletDetached) and detached.critical["fate"] == "killed"
    sam = world.character(SAM)
    assert (sam.condition["dead"], sam.condition["death"]) == (True, "critical wound to the tête")
    assert describe(detached).endswith("1 more damage to the location, no bleeding; the wound kills")


# -- 4. test modules take their setup from helpers, never from another test module ----------------


def test_no_test_module_of_this_folder_imports_another_test_module() -> None:
    assert modules_importing_a_test_module(Path(__file__).parent) == []


# -- 5. the AGI a wounded leg costs reads in words, not as its stored key (§3.2.9.2 L2116) --------


def test_a_thigh_three_below_zero_costs_AGI_when_the_leg_is_used_said_in_words_S3_2_9_2_L2116() -> None:
    # Sam's right thigh (24 PV) cut to -3: "pour chaque trois points négatifs, perte momentanée
    # d'un point d'agilité lorsque le personnage doit faire usage de la localisation" (L2116).
    world = table(SAM_SHEET)
    care.wound(world, SAM, "right-thigh", 27, kind="blade", source="a Bowie")
    (wound,) = [e for e in world.collect() if type(e).__name__ == "WoundTaken"]
    assert describe(wound) == (
        "wounded in the cuisse droite: 27 points of blade damage (a Bowie); a critical wound, 6 PH lost at once;"
        " permanent losses AGI −1 whenever the wounded leg is used (§3.2.9.2); the location loses 1 PV for good"
    )
    sam = world.character(SAM)
    lines = body_lines(SAM, sam.condition, care.env(world, sam), world.campaign.clock)
    assert lines[-1] == "permanent losses: AGI −1 whenever the wounded leg is used (§3.2.9.2)"
    assert not any("agi_in_use" in line for line in lines)


# -- 6. bare hands strike blunt: a column asked of a punch is refused (§3.5.4 L2589) --------------


def test_a_punch_given_a_damage_column_is_refused_it_strikes_blunt_S3_5_4_L2589(db: str) -> None:
    shotgun_city(db)
    line = refused(db, WP, "strike", C, "Joe Hambuster", SAM, "-w", "punch", "--column", "thrust")
    assert line == "error: a punch has no damage column to choose: it strikes blunt (§3.5.4)"
