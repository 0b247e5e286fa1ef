"""An Elor character's consciousness after a correction (ruling E67): the sheet a correction
leaves is the one the remaining commands give run without the voided one.

The seed (003_d01003b662e47709.txt): a location whose damage total reaches its hit points is
temporarily unusable (§Application des dommages, L711-L713); for the head, the torso and the
abdomen that means Inconscience, at twice them Mort (§Humains, "Effet PV" L866-L874; digest §4.2:
"Unconscious when head, torso or abdomen total ≥ its HP; dead when any of them ≥ 2 × HP"). How
long it lasts is not in the seed (PROPOSAL §5.6): healing under the hit points wakes (E24).

Domain rules on an in-memory table (``elor_table``, no die rolled unless scripted); what a GM
reads through the real ``chronique`` command on a real journal (``support.run``)."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from elor_table import ALDO, BRUNA, dice, table
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from support import SAMPLES, run, short_ref

from chronique.domain.character import Character
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.damage import care
from chronique.domain.rulesets.elor.downtime import change_faculties, give_care, heal
from chronique.domain.rulesets.elor.play import TestSpec, armour_at, hp_of, suffer_damage
from chronique.domain.rulesets.elor.processes import heal_a_day
from chronique.domain.world import World

# Aldo (elor_table): Physique 1, so head 4, torso 7 (1 of armour), abdomen 6 hit points (the value
# table, B2); on the printed formulas his abdomen has 4 + ⌈1/2⌉ = 5.


def history(world: World, name: str = "Aldo") -> list[Any]:
    """A character's whole chain as recorded in this in-memory table (its creation first)."""
    return list(world.character(name).pending_events)


def blow_version(world: World, index: int, name: str = "Aldo") -> int:
    return [e for e in history(world, name) if isinstance(e, ev.DamageTaken)][index].originator_version


def replayed(events: list[Any]) -> Character:
    """The character rebuilt from its chain alone (what a reload of the journal gives)."""
    character = events[0].mutate(None)
    for event in events[1:]:
        character = event.mutate(character)
    return character


def consciousness(world: World, name: str = "Aldo") -> tuple[dict[str, int], bool, bool]:
    c = world.character(name).condition
    return c["wounds"], c["unconscious"], c["dead"]


# -- the closing note's case: the blow that knocked the character out voided ------------------


def test_E67_voiding_the_blow_that_knocked_him_out_wakes_him_while_the_vital_damage_left_is_below_its_hit_points_seed_Humains_L866() -> (
    None
):
    # §Humains L868: the torso at its hit points is Inconscience. Aldo's torso takes 7 (8 less 1
    # of armour: its 7 hit points), then 2 in the abdomen (of 6). Voiding the axe's blow leaves
    # 2 in the abdomen: below its hit points, no vital location at them, so awake. It stayed
    # unconscious, as the abdomen blow had found the body.
    world = table(ALDO)
    suffer_damage(world, "Aldo", 8, "an axe", where="torso")
    suffer_damage(world, "Aldo", 2, "a club", where="abdomen")
    assert consciousness(world) == ({"torso": 7, "abdomen": 2}, True, False)
    aldo = world.character("Aldo")
    aldo.correct(history(world), blow_version(world, 0), "the axe missed")
    assert consciousness(world) == ({"abdomen": 2}, False, False)
    assert aldo.condition["next_wake"] is None  # no wake test due (PROPOSAL §5.6) for one awake
    assert replayed(history(world)).condition == aldo.condition


def test_E67_voiding_a_later_blow_keeps_him_out_while_the_torso_still_reaches_its_hit_points_seed_Humains_L868() -> None:
    # The converse: voiding the abdomen's blow leaves the torso at its 7 hit points, unconscious,
    # with the wake test the axe's blow set an hour after it (PROPOSAL §5.6).
    world = table(ALDO)
    suffer_damage(world, "Aldo", 8, "an axe", where="torso")
    next_wake = world.character("Aldo").condition["next_wake"]
    suffer_damage(world, "Aldo", 2, "a club", where="abdomen")
    aldo = world.character("Aldo")
    aldo.correct(history(world), blow_version(world, 1), "the club missed")
    assert consciousness(world) == ({"torso": 7}, True, False)
    assert aldo.condition["next_wake"] == next_wake is not None


def test_E67_voiding_one_of_two_torso_blows_keeps_him_out_when_the_other_reaches_its_hit_points_seed_Application_des_dommages_L711() -> (
    None
):
    # Step 3 (L711): each blow adds its effective damage to the torso: 1, then 7, 8 in all; a
    # graze on the head follows. Voiding the first leaves the torso at 7, still its hit points.
    world = table(ALDO)
    suffer_damage(world, "Aldo", 2, "a stone", where="torso")
    suffer_damage(world, "Aldo", 8, "an axe", where="torso")
    suffer_damage(world, "Aldo", 1, "a pebble", where="head")
    aldo = world.character("Aldo")
    aldo.correct(history(world), blow_version(world, 0), "the stone missed")
    assert consciousness(world) == ({"torso": 7, "head": 1}, True, False)


def test_E67_voiding_the_blow_that_killed_him_leaves_him_as_the_other_blows_make_him_seed_Humains_L868() -> None:
    # At twice its hit points the torso is Mort (§Humains): 7 then 7 is 14, dead. Voiding the
    # first leaves the second's 7: its hit points, unconscious, not dead.
    world = table(ALDO)
    suffer_damage(world, "Aldo", 2, "a pebble", where="head")
    suffer_damage(world, "Aldo", 8, "an axe", where="torso")
    suffer_damage(world, "Aldo", 8, "an axe", where="torso")
    assert consciousness(world)[2] is True
    aldo = world.character("Aldo")
    aldo.correct(history(world), blow_version(world, 1), "the first axe missed")
    assert consciousness(world) == ({"head": 2, "torso": 7}, True, False)
    aldo.correct(history(world), blow_version(world, 2), "the second axe missed too")
    assert consciousness(world) == ({"head": 2}, False, False)
    assert aldo.condition["next_heal"] is not None  # alive and hurt: his days of rest still come (E23)


def test_E67_a_care_after_a_voided_blow_wakes_him_when_the_torso_falls_below_its_hit_points_PROPOSAL_5_6() -> None:
    # Torso 1 then 7: 8, unconscious; Bruna's care takes a point off (one degree, E23): 7, still
    # its hit points, still out. Voiding the first blow leaves 7, then 6 after the care: below
    # them, so the care woke him (E24), as it would have without that blow.
    world = table(ALDO, BRUNA)
    suffer_damage(world, "Aldo", 2, "a stone", where="torso")
    suffer_damage(world, "Aldo", 8, "an axe", where="torso")
    dice(world).add(1)  # Bruna's care (Esprit 0, an easy care +2: level 2): one degree
    assert give_care(world, "Bruna", "Aldo", "torso", TestSpec("E", difficulty=2)) == 1
    assert consciousness(world) == ({"torso": 7}, True, False)
    aldo = world.character("Aldo")
    aldo.correct(history(world), blow_version(world, 0), "the stone missed")
    assert consciousness(world) == ({"torso": 6}, False, False)


def test_E67_a_faculty_change_after_a_voided_blow_does_not_bring_unconsciousness_back_PROPOSAL_E35() -> None:
    # The GM raised Mental (E35) while the torso's 7 kept Aldo out; voiding the axe's blow leaves
    # only the abdomen's 2: the change, which found him unconscious, does not keep him so.
    world = table(ALDO)
    suffer_damage(world, "Aldo", 8, "an axe", where="torso")
    suffer_damage(world, "Aldo", 2, "a club", where="abdomen")
    change_faculties(world, "Aldo", {"Mental": 0}, "a late sheet fix")
    assert consciousness(world)[1] is True
    world.character("Aldo").correct(history(world), blow_version(world, 0), "the axe missed")
    assert consciousness(world) == ({"abdomen": 2}, False, False)


# -- the hit points a blow was read against ----------------------------------------------------


def test_E67_a_blow_keeps_the_hit_points_it_was_read_against_the_printed_abdomen_B2_seed_Humains_L871() -> None:
    # On the printed formulas (B2) Aldo's abdomen has 5 hit points, not the value table's 6 the
    # sheet derives: 5 there knocks him out, and voiding a later graze keeps him out.
    world = table(ALDO, settings={"hp_formula_as_printed": True})
    suffer_damage(world, "Aldo", 5, "a club", where="abdomen")
    suffer_damage(world, "Aldo", 1, "a stone", where="left-arm")
    belly = [e for e in history(world) if isinstance(e, ev.DamageTaken)][0]
    assert belly.hit_points == hp_of(world, world.character("Aldo"))
    assert (belly.hit_points["abdomen"], world.character("Aldo").sheet["derived"]["hit_points"]["abdomen"]) == (5, 6)
    world.character("Aldo").correct(history(world), blow_version(world, 1), "the stone missed")
    assert consciousness(world) == ({"abdomen": 5}, True, False)


def _as_recorded_before_E67(events: list[Any]) -> list[Any]:
    # What an older journal holds: blows and healings without the hit points (upcast to None).
    older: list[Any] = []
    for event in events:
        stale: Any = event  # the events' own dataclass fields, replaced as a stored older one reads
        older.append(dataclasses.replace(stale, hit_points=None) if isinstance(event, (ev.DamageTaken, ev.WoundsHealed)) else event)
    return older


def test_E67_an_older_blow_without_hit_points_still_reads_as_recorded_and_wakes_when_voided_seed_Humains_L866() -> None:
    # Recorded before DamageTaken version 4 kept its hit points: the upcast leaves them None and
    # the replay reads the lowest the sheet could have (either HP source, B2). A log without
    # voids reads as it was recorded (the printed abdomen's 5 still unconscious), and voiding the
    # blow that knocked him out wakes him as for a new blow.
    stored: dict[str, Any] = {"at": 0, "location": "torso", "ranged": False}
    ev.DamageTaken.upcast_stored(stored)
    assert stored["hit_points"] is None
    world = table(ALDO, settings={"hp_formula_as_printed": True})
    suffer_damage(world, "Aldo", 5, "a club", where="abdomen")
    suffer_damage(world, "Aldo", 1, "a stone", where="left-arm")
    older = _as_recorded_before_E67(history(world))
    assert replayed(older).condition == world.character("Aldo").condition
    world.character("Aldo").correct(older, blow_version(world, 1), "the stone missed")
    assert consciousness(world) == ({"abdomen": 5}, True, False)

    world = table(ALDO)
    suffer_damage(world, "Aldo", 8, "an axe", where="torso")
    suffer_damage(world, "Aldo", 2, "a club", where="abdomen")
    older = _as_recorded_before_E67(history(world))
    assert replayed(older).condition == world.character("Aldo").condition
    world.character("Aldo").correct(older, blow_version(world, 0), "the axe missed")
    assert consciousness(world) == ({"abdomen": 2}, False, False)


def test_E67_an_older_healing_without_hit_points_wakes_when_the_voided_blow_leaves_the_torso_below_them_PROPOSAL_5_6() -> None:
    # WoundsHealed version 2 (no hit points): torso 1 then 7, a care of one point (7, still out);
    # the first blow voided, the care leaves 6: awake, as for a new healing.
    world = table(ALDO, BRUNA)
    suffer_damage(world, "Aldo", 2, "a stone", where="torso")
    suffer_damage(world, "Aldo", 8, "an axe", where="torso")
    dice(world).add(1)
    give_care(world, "Bruna", "Aldo", "torso", TestSpec("E", difficulty=2))
    older = _as_recorded_before_E67(history(world))
    assert replayed(older).condition == world.character("Aldo").condition
    world.character("Aldo").correct(older, blow_version(world, 0), "the stone missed")
    assert consciousness(world) == ({"torso": 6}, False, False)


# -- what a GM reads: the real command line ----------------------------------------------------


def _campaign(db: str) -> None:
    # Samson (Physique 2): torso 8 hit points with 2 of armour, abdomen 7 (§Humains, value table).
    run(db, "campaign", "new", "T67", "--ruleset", "elor", "--start", "Day 1 08:00")
    run(db, "character", "new", "T67", "--sheet", str(SAMPLES / "elor_samson.toml"))


def _blows(db: str) -> list[dict[str, Any]]:
    entries = json.loads(run(db, "log", "T67", "--json", "--gm").stdout)
    return [e["event"] for e in entries if e["event"]["topic"].endswith(":DamageTaken")]


def _status(db: str) -> str:
    # The sheet's first line: "Samson — unconscious", or without the dash standing.
    heading = run(db, "sheet", "T67", "Samson").stdout.splitlines()[0]
    found = re.fullmatch(r"Samson(?: — (.+))?", heading)
    assert found is not None, heading
    return found[1] or "standing"


def test_E67_correct_the_blow_that_knocked_him_out_and_the_sheet_no_longer_reads_unconscious_seed_Humains_L868(db: str) -> None:
    _campaign(db)
    chest = run(db, "elor", "damage", "T67", "Samson", "--location", "Torse", "--amount", "10").stdout
    assert chest == "Samson's torse: 8 points of damage (10 dealt, 2 stopped by the armour), 8 in all (unconsciousness)\n"
    belly = run(db, "elor", "damage", "T67", "Samson", "--location", "Abdomen", "--amount", "3").stdout
    assert belly == "Samson's abdomen: 3 points of damage, 3 in all (hurt) — unconscious\n"
    run(db, "correct", short_ref(_blows(db)[0]), "--reason", "the axe missed")
    assert _status(db) == "standing"
    assert json.loads(run(db, "sheet", "T67", "Samson", "--json").stdout)["condition"]["wounds"] == {"abdomen": 3}
    assert run(db, "verify").returncode == 0


def test_E67_correct_a_later_blow_and_the_sheet_still_reads_unconscious_seed_Humains_L868(db: str) -> None:
    _campaign(db)
    run(db, "elor", "damage", "T67", "Samson", "--location", "Torse", "--amount", "10")
    run(db, "elor", "damage", "T67", "Samson", "--location", "Abdomen", "--amount", "3")
    run(db, "correct", short_ref(_blows(db)[1]), "--reason", "the club missed")
    assert _status(db) == "unconscious"
    assert run(db, "verify").returncode == 0


# -- the invariant: a correction gives what the commands give without the voided blow ----------

# The vital locations (§Humains) twice as often as a limb: they are what consciousness reads.
LOCATIONS = ("head", "torso", "abdomen", "head", "torso", "abdomen", "right-arm", "left-leg")
Step = tuple[str, str, int]
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("blow"), st.sampled_from(LOCATIONS), st.integers(1, 8)),
        st.tuples(st.just("care"), st.sampled_from(LOCATIONS), st.integers(0, 3)),
        st.tuples(st.just("rest"), st.just(""), st.just(0)),
    ),
    min_size=2,
    max_size=7,
)


def _play(steps: list[Step], printed: bool) -> tuple[World, list[Step]]:
    """Aldo's table after ``steps``, each as its command records it: a blow (§Application des
    dommages), a care of so many degrees (what ``give_care`` records after its test, PROPOSAL
    §5.6; the test itself is Bruna's dice, left out), a day of rest (E23). A blow that would
    destroy a location is left out (a destroyed location's care is E62's other case), as is a
    care of a location not hurt (``give_care`` refuses it). Returns the steps played."""
    world = table(ALDO, settings={"hp_formula_as_printed": printed})
    played: list[Step] = []
    for step in steps:
        kind, where, amount = step
        aldo = world.character("Aldo")
        hp, wounds = hp_of(world, aldo), aldo.condition["wounds"]
        if kind == "blow":
            if wounds.get(where, 0) + max(0, amount - armour_at(aldo, where)) >= 2 * hp[where]:
                continue
            suffer_damage(world, "Aldo", amount, "a club", where=where)
        elif kind == "care":
            if wounds.get(where, 0) <= 0:
                continue
            heal(
                world,
                aldo,
                {where: care(wounds[where], hp[where], amount)},
                "care by Bruna",
                world.campaign.clock,
                aldo.condition["next_heal"],
            )
        elif wounds:
            heal_a_day(world, aldo, world.campaign.clock)
        played.append(step)
    return world, played


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=STEPS, printed=st.booleans(), pick=st.integers(0, 7))
def test_E67_a_corrected_blow_leaves_the_body_the_commands_give_without_it_PROPOSAL_5_6(
    steps: list[Step], printed: bool, pick: int
) -> None:
    # The invariant of E67 (and E62): whatever blows, cares and days of rest follow, voiding a
    # blow gives the condition the same commands give run without it: wounds, consciousness,
    # death, the wake test and the day of rest due (PROPOSAL §5.6), the injuries to care for.
    world, played = _play(steps, printed)
    blows = [i for i, step in enumerate(played) if step[0] == "blow"]
    assume(blows)
    voided = blows[pick % len(blows)]
    aldo = world.character("Aldo")
    aldo.correct(history(world), blow_version(world, blows.index(voided)), "never happened")
    without, _ = _play(played[:voided] + played[voided + 1 :], printed)
    assert consciousness(world) == consciousness(without)
    assert aldo.condition == without.character("Aldo").condition
