"""What the third Elor play-test found, each pinned where a player meets it: corrections after a
care (E62), what a vital location's damage means (E63), what healing says (E64), when a long
action's next test comes (E65), and a blow of 0 (E66). Domain rules with the scripted dice of
``elor_table``; what a person reads through the real ``chronique`` command on a real journal
(``support.run``). Lnnn are lines of the seed (003_d01003b662e47709.txt); En the rulings of
docs/rulings.md."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace
from typing import Any

from elor_table import ALDO, MORNING, table
from support import SAMPLES, board_lines, run, short_ref

from chronique.domain.character import Character
from chronique.domain.gametime import DAY, HOUR
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.describe import WORDS, describe
from chronique.domain.rulesets.elor.downtime import first_work_time, start_long_action, work_unit
from chronique.domain.rulesets.elor.play import TestSpec, suffer_damage
from chronique.domain.rulesets.elor.view import sheet_view
from chronique.domain.timeline import advance
from chronique.domain.world import World


def campaign(db: str, name: str = "T2") -> None:
    """The play-tester's table: a fresh Elor campaign at Day 1 08:00 with Samson (Physique 2: arms
    5 hit points, torso 8 with 2 of armour) and Montana James (Aventurier 1, Esprit 2)."""
    run(db, "campaign", "new", name, "--ruleset", "elor", "--start", "Day 1 08:00")
    for sample in ("elor_samson.toml", "elor_montana.toml"):
        run(db, "character", "new", name, "--sheet", str(SAMPLES / sample))


def log(db: str, name: str = "T2") -> list[dict[str, Any]]:
    return [entry["event"] for entry in json.loads(run(db, "log", name, "--json", "--gm").stdout)]


def of_kind(db: str, kind: str, name: str = "T2") -> list[dict[str, Any]]:
    return [e for e in log(db, name) if e["topic"].endswith(f":{kind}")]


def in_the_log(event: dict[str, Any]) -> str:
    """What the log says of a recorded event, read back from the journal in its stored form."""
    return WORDS[event["topic"]](SimpleNamespace(**event))


def body_rows(db: str, who: str, name: str = "T2") -> dict[str, tuple[str, ...]]:
    """The sheet's BODY rows as ``chronique sheet`` prints them: location -> damage, hit points,
    state, armour."""
    lines = run(db, "sheet", name, who).stdout.splitlines()
    start = lines.index("BODY") + 3  # the title, the column heads and their rule
    rows = {}
    for line in lines[start:]:
        found = re.match(r"^(\S.*?)\s{2,}(\d+)\s+(\d+)\s+(\S.*?)\s{2,}(\d+)$", line)
        if found is None:
            break
        rows[found[1]] = found.groups()[1:]
    return rows


def history(world: World, name: str) -> list[Any]:
    """A character's whole chain as recorded in this in-memory table (its creation first)."""
    return list(world.character(name).pending_events)


def version_of(world: World, name: str, kind: type, index: int = 0) -> int:
    return [e for e in history(world, name) if isinstance(e, kind)][index].originator_version


def replayed(world: World, name: str) -> Character:
    """The character rebuilt from its chain alone (what a reload of the journal gives)."""
    events = history(world, name)
    character = events[0].mutate(None)
    for event in events[1:]:
        character = event.mutate(character)
    return character


# -- E62: a correction gives the sheet the log gives without the voided event -----------------


def test_E62_correcting_the_blow_that_destroyed_a_cared_arm_leaves_the_first_blow_alone_seed_Application_des_dommages(
    db: str,
) -> None:
    # The play-tester's repro: 9 then 1 in the left arm (5 HP: 10 is twice them, destroyed), a
    # care that can remove nothing from a destroyed arm, then the second blow voided as a graze.
    # The log without it holds the 9-point blow and a care that removed nothing: 9, unusable.
    campaign(db)
    run(db, "elor", "damage", "T2", "Samson", "--location", "Bras gauche", "--amount", "9")
    run(db, "elor", "damage", "T2", "Samson", "--location", "Bras gauche", "--amount", "1")
    run(db, "elor", "care", "T2", "Montana James", "Samson", "--location", "Bras gauche", "-p", "Aventurier")
    graze = of_kind(db, "DamageTaken")[1]
    assert graze["total"] == 10 and graze["state"] == "destroyed"
    run(db, "correct", short_ref(graze), "--reason", "graze")
    sheet = json.loads(run(db, "sheet", "T2", "Samson", "--json").stdout)
    assert sheet["condition"]["wounds"] == {"left-arm": 9}
    assert body_rows(db, "Samson")["Bras gauche"] == ("9", "5", "unusable", "0")
    assert run(db, "verify").returncode == 0


def test_E62_a_voided_earlier_blow_to_the_same_location_takes_its_points_away_seed_Application_des_dommages_step_3() -> None:
    # Step 3 (L711): a blow's effective damage is added to the location's total. Two blows of 3
    # in Aldo's right arm make 6; voiding the first leaves the second's 3, not the 6 it saw.
    world = table(ALDO)
    suffer_damage(world, "Aldo", 3, "a club", where="right-arm")
    suffer_damage(world, "Aldo", 3, "a club", where="right-arm")
    aldo = world.character("Aldo")
    aldo.correct(history(world, "Aldo"), version_of(world, "Aldo", ev.DamageTaken), "never happened")
    assert aldo.condition["wounds"] == {"right-arm": 3}
    assert replayed(world, "Aldo").condition == aldo.condition


def test_E62_a_day_of_rest_after_a_voided_blow_does_not_bring_it_back_PROPOSAL_5_6() -> None:
    # A day of rest (E23) took a point off the arm (2 -> 1) and off the torso (3 -> 2, armour 1).
    # Voiding the torso's blow leaves the arm at 1 and the torso sound: the day took off its
    # points, it never wrote back the torso's 2.
    world = table(ALDO)
    suffer_damage(world, "Aldo", 2, "a club", where="right-arm")
    suffer_damage(world, "Aldo", 4, "a club", where="torso")
    world.campaign.end_session(bytes(32), "0" * 64, "2026-01-01T00:00:00+00:00")
    advance(world.campaign, ruleset("elor").processes(world), world.campaign.clock + DAY)
    aldo = world.character("Aldo")
    assert aldo.condition["wounds"] == {"right-arm": 1, "torso": 2}
    aldo.correct(history(world, "Aldo"), version_of(world, "Aldo", ev.DamageTaken, 1), "wrong target")
    assert aldo.condition["wounds"] == {"right-arm": 1}
    assert replayed(world, "Aldo").condition == aldo.condition


def test_E62_voiding_the_blow_that_knocked_a_character_out_wakes_it_despite_a_later_blow_PROPOSAL_4_2() -> None:
    # Torso at its 7 hit points (8 - 1 of armour): unconscious (§Humains, E24); a later graze on
    # the arm still found the body unconscious. Without the torso's blow no vital location is
    # hurt at all: the character is awake.
    world = table(ALDO)
    suffer_damage(world, "Aldo", 8, "an axe", where="torso")
    suffer_damage(world, "Aldo", 1, "a stone", where="left-arm")
    aldo = world.character("Aldo")
    assert aldo.condition["unconscious"] and aldo.condition["next_wake"] is not None
    aldo.correct(history(world, "Aldo"), version_of(world, "Aldo", ev.DamageTaken), "the axe missed")
    assert aldo.condition["wounds"] == {"left-arm": 1}
    assert (aldo.condition["unconscious"], aldo.condition["dead"], aldo.condition["next_wake"]) == (False, False, None)


# -- E63: a vital location at its hit points means unconsciousness -----------------------------


def test_E63_the_torso_at_its_hit_points_reads_unconsciousness_in_the_output_log_and_sheet_seed_Humains(db: str) -> None:
    # §Humains (L866-L874): Effet PV of the head, torso and abdomen is Inconscience; an arm's is
    # Bras inutilisable. Samson's torso: 8 hit points, 2 of armour, so a blow of 10 deals 8.
    campaign(db)
    said = run(db, "elor", "damage", "T2", "Samson", "--location", "Torse", "--amount", "10").stdout
    assert said == "Samson's torse: 8 points of damage (10 dealt, 2 stopped by the armour), 8 in all (unconsciousness)\n"
    arm = run(db, "elor", "damage", "T2", "Samson", "--location", "Bras droit", "--amount", "5").stdout
    assert arm == "Samson's bras droit: 5 points of damage, 5 in all (unusable) — unconscious\n"
    chest, limb = (in_the_log(e) for e in of_kind(db, "DamageTaken"))
    assert chest == "8 points of damage (10 dealt, 2 stopped by the armour) in the torse (the GM): 8 in all, unconsciousness"
    assert limb == "5 points of damage in the bras droit (the GM): 5 in all, unusable — unconscious"
    rows = body_rows(db, "Samson")
    assert rows["Torse"] == ("8", "8", "unconsciousness", "2")
    assert rows["Bras droit"] == ("5", "5", "unusable", "0")
    assert run(db, "sheet", "T2", "Samson").stdout.splitlines()[0] == "Samson — unconscious"


def test_E63_every_vital_location_reads_its_table_effect_and_twice_its_hit_points_destroyed_seed_Humains() -> None:
    # Aldo (Physique 1): head 4, abdomen 6 hit points. The head at 4 and the abdomen at 6 read
    # unconsciousness on the sheet; a head at twice its hit points is destroyed (and Aldo dead).
    world = table(ALDO)
    suffer_damage(world, "Aldo", 4, "a club", where="head")
    suffer_damage(world, "Aldo", 6, "a club", where="abdomen")
    states = _states(world)
    assert (states["Tête"], states["Abdomen"], states["Torse"]) == ("unconsciousness", "unconsciousness", "sound")
    suffer_damage(world, "Aldo", 4, "a club", where="head")
    assert _states(world)["Tête"] == "destroyed"
    head = [e for e in history(world, "Aldo") if isinstance(e, ev.DamageTaken)][-1]
    assert describe(head) == "4 points of damage in the tête (a club): 8 in all, destroyed — dead"


def _states(world: World) -> dict[str, str]:
    (body,) = [s for s in sheet_view(world, world.character("Aldo"), False).sections if s.title == "Body"]
    return {row[0]: row[3] for group in body.groups for row in group.rows}


# -- E64: what healing says ---------------------------------------------------------------------


def test_E64_care_on_a_destroyed_arm_says_it_cannot_heal_it_PROPOSAL_5_6_E23(db: str) -> None:
    # A destroyed location never heals (E23, PROPOSAL §5.6): the care test is made (one per
    # injury, E32), removes nothing, and says why.
    campaign(db)
    run(db, "elor", "damage", "T2", "Samson", "--location", "Bras gauche", "--amount", "10")
    tested, said = run(
        db, "elor", "care", "T2", "Montana James", "Samson", "--location", "Bras gauche", "-p", "Aventurier"
    ).stdout.splitlines()
    assert tested.startswith("Montana James cares for Samson's bras gauche: level 3 (Esprit 2, Aventurier +1): rolled ")
    assert said == (
        "Montana James removes no damage point from Samson's bras gauche: it is destroyed "
        "(10 damage points, at least twice its 5 hit points), and care never heals a destroyed location"
    )
    assert json.loads(run(db, "sheet", "T2", "Samson", "--json").stdout)["condition"]["wounds"] == {"left-arm": 10}


def test_E64_the_advance_says_a_day_of_rest_as_the_log_does_PROPOSAL_5_6(db: str) -> None:
    # The torso at 3 (5 - 2 of armour) heals a point a day; the destroyed left arm heals nothing
    # and is not named (E23). The advance's line is the log's words for the same WoundsHealed.
    campaign(db)
    run(db, "elor", "damage", "T2", "Samson", "--location", "Torse", "--amount", "5")
    run(db, "elor", "damage", "T2", "Samson", "--location", "Bras gauche", "--amount", "10")
    said = run(db, "advance", "T2", "1d", "--yes").stdout.splitlines()
    assert said[1:] == ["  Day 2 08:00  Samson healed by a day of rest: 1 point in the torse (2 damage points left)"]
    (healed,) = of_kind(db, "WoundsHealed")
    assert said[1] == f"  Day 2 08:00  Samson {in_the_log(healed)}"


def test_E64_a_day_of_rest_names_locations_in_the_sheet_s_order_in_the_advance_and_the_log_PROPOSAL_5_6(db: str) -> None:
    # §Humains orders the body head first: the day's line as it happens (the event in memory) and
    # as the log reads it back from the journal name the locations in that order.
    campaign(db)
    for where, amount in (("Jambe gauche", "2"), ("Torse", "4"), ("Tête", "2")):
        run(db, "elor", "damage", "T2", "Samson", "--location", where, "--amount", amount)
    said = run(db, "advance", "T2", "1d", "--yes").stdout.splitlines()[1]
    words = (
        "healed by a day of rest: 1 point in the tête (1 damage point left), 1 point in the torse (1 damage point left)"
        " and 1 point in the jambe gauche (1 damage point left)"
    )
    assert said == f"  Day 2 08:00  Samson {words}"
    (healed,) = of_kind(db, "WoundsHealed")
    assert in_the_log(healed) == words


# -- E65: a long action's next test comes one whole unit after the last -------------------------


def test_E65_a_test_by_hand_puts_the_next_one_a_whole_unit_later_as_the_start_said_seed_Actions_longues_L442(db: str) -> None:
    # §Actions longues L442-L450: one test per time unit (an hour of research). Started at
    # 08:00:06 (after a sequence of 6 s), the first whole hour of the 08:00-14:00 work day ends at
    # 10:00 (E22); a test by hand then is that hour's, and the next comes at 10:00 as 'start' said
    # - never at 09:00, less than an hour after it.
    campaign(db, "Tolosa")
    run(db, "advance", "Tolosa", "6s", "--yes")
    started = run(
        db,
        "elor",
        "long-action",
        "start",
        "Tolosa",
        "Montana James",
        "decipher the glyphs",
        "--degrees",
        "5",
        "--unit",
        "1h",
        "-f",
        "E",
        "-p",
        "Archéologue",
        "--familiarity",
        "Glyphes",
        "--effort-regime",
        "none",
    ).stdout
    assert started == "long action 1 “decipher the glyphs”: 5 degrees, first test Day 1 10:00\n"
    board = ["Day 1 10:00  Montana James the next test of the long action decipher the glyphs"]
    assert board_lines(run(db, "downtime", "board", "Tolosa").stdout) == board
    run(db, "elor", "long-action", "test", "Tolosa", "Montana James", "1")
    assert board_lines(run(db, "downtime", "board", "Tolosa").stdout) == board
    run(db, "advance", "Tolosa", "2h", "--yes")
    units = of_kind(db, "LongActionProgressed", "Tolosa")
    assert [u["at"] for u in units] == [MORNING + 6, MORNING + 2 * HOUR]
    assert units[0]["next_at"] == MORNING + 2 * HOUR


def test_E65_every_unit_is_followed_by_the_next_one_a_whole_unit_later_inside_the_work_day_seed_Actions_longues_L442() -> None:
    # The one rule for every test, on the timeline or by hand: the next comes when a whole unit
    # of work after it ends in the work window (default 6 h from 08:00, E22).
    world = table(ALDO, dice=[5, 5, 5])  # level 5 (Coordination 2, Guerrier +2, Épées +1): one die a test
    spec = TestSpec("C", "Guerrier", familiarity="Épées")
    action = start_long_action(world, "Aldo", "sharpen", 99, spec, unit_s=HOUR)
    assert action["next_at"] == MORNING + HOUR == first_work_time(MORNING, HOUR, 8, 6)
    aldo = world.character("Aldo")
    by_hand = work_unit(world, aldo, action, MORNING + 90)  # off the hour: the next is at 10:00
    assert by_hand["next_at"] == MORNING + 2 * HOUR
    on_time = work_unit(world, aldo, by_hand, MORNING + 2 * HOUR)
    assert on_time["next_at"] == MORNING + 3 * HOUR
    last = work_unit(world, aldo, on_time, MORNING + 6 * HOUR)  # 14:00 closes the work day
    assert last["next_at"] == DAY + MORNING + HOUR


# -- E66: a blow of 0 is refused ----------------------------------------------------------------


def test_E66_a_blow_of_0_is_refused_in_one_line_and_records_nothing_seed_Application_des_dommages_step_3(db: str) -> None:
    # Step 3 (L711): the effective damage is added only "si elle est supérieure à 0"; a GM's blow
    # of 0 would roll a location and record a wound of nothing.
    campaign(db)
    before = log(db)
    refused = run(db, "elor", "damage", "T2", "Samson", "--amount", "0", check=False)
    assert (refused.returncode, refused.stdout, refused.stderr) == (2, "", "error: `--amount` must be between 1 and 100 (got 0)\n")
    assert log(db) == before
    assert run(db, "elor", "damage", "T2", "Samson", "--amount", "1", "--location", "Tête").stdout.startswith("Samson's tête: 1 point")
