"""The fifth Elor play-test, a long campaign (several characters, combat, wounds healed over
weeks, training, experience, faculties), each finding pinned where the play-tester met it: a
sword broken by parries still parried and struck, and the damage it took split by the spelling
typed (ruling E70); a training that kept running once its level had come by experience (E71); a
faculty change after a voided care that woke the character (E72); a long action that could
never end (E73); a defence's gear read as the GM's difficulty (E74); the GM's faculty change told
as stored data or out of the sheet's order, and levels waiting "for its" grant. Scripted dice in
memory (``elor_table``) where a die must fall, the real ``chronique`` command (in-process,
``support.run``) on a real journal for what the table reads. Lnnn are lines of the seed
(003_d01003b662e47709.txt); En the rulings of docs/rulings.md."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from pathlib import Path

import pytest
from elor_table import AIMED, ALDO, BRUNA, TRAIN, events_of, in_the_log, of_kind, refused_in_one_line, table, tolosa_with_brigand
from support import run

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.describe import WORDS
from chronique.domain.rulesets.elor.downtime import change_faculties, give_care, roll_progression
from chronique.domain.rulesets.elor.play import Attack, TestSpec, attack, roll_test, suffer_damage
from chronique.domain.rulesets.elor.view import sheet_view
from chronique.domain.world import World

# Aldo's sword, brittle for the test: no resistance, 2 structure points (§Endommagement de
# l'équipement L1079: resistance first, the rest off the structure, destroyed at 0).
BRITTLE = {**ALDO, "weapons": {"Épée": {"damage": 6, "increment": 2, "familiarity": "Épées", "resistance": 0, "structure": 2}}}


def _bruna_strikes_aldo_who_parries_with(spelling: str) -> Attack:
    # Bruna's axe (5): Coordination 1 + Guerrier 1 + Haches = 2; Aldo parries at Coordination 2.
    return Attack(
        "Hache",
        TestSpec("Coordination", profession="Guerrier"),
        defence="parry",
        defence_spec=TestSpec("Coordination", effort=1),
        parry_with=spelling,
    )


def test_E70_a_sword_parrying_adds_up_its_damage_whatever_the_spelling_typed_seed_Endommagement_L1079() -> None:
    # Two parries, the 4-point sword typed "épée" then "ÉPÉE": each takes ⌊5/2⌋ = 2 off its
    # structure (resistance 0), so the second leaves 0 of 4: destroyed. It read two items, "épée"
    # and "ÉPÉE", each left at 2 of its 4 points, and the sheet's Épée was never touched.
    sturdier = {**BRITTLE, "weapons": {"Épée": {**BRITTLE["weapons"]["Épée"], "structure": 4}}}
    world = table(sturdier, BRUNA, dice=[1, 1, 1] * 2)
    attack(world, "Bruna", "Aldo", _bruna_strikes_aldo_who_parries_with("épée"))
    attack(world, "Bruna", "Aldo", _bruna_strikes_aldo_who_parries_with("ÉPÉE"))
    damaged = events_of(world, "Aldo", ev.EquipmentDamaged)
    assert [(e.item, e.structure_lost, e.structure_left, e.destroyed) for e in damaged] == [("Épée", 2, 2, False), ("Épée", 2, 0, True)]
    assert world.character("Aldo").condition["equipment"] == {"Épée": 0}


def _broken_sword() -> World:
    # Bruna's axe (5) meets Aldo's parry: ⌊5/2⌋ = 2 off the 2-point sword, destroyed (L1079).
    world = table(BRITTLE, BRUNA, dice=[1, 1, 1])
    attack(world, "Bruna", "Aldo", _bruna_strikes_aldo_who_parries_with("Épée"))
    return world


@pytest.mark.parametrize(
    ("who", "target", "blow", "said"),
    [
        (
            "Aldo",
            "Bruna",
            Attack("épée", TestSpec("Coordination", profession="Guerrier")),
            "Aldo's Épée is destroyed (its structure points are gone): it cannot attack",
        ),
        (
            "Bruna",
            "Aldo",
            _bruna_strikes_aldo_who_parries_with("ÉPÉE"),
            "Aldo's Épée is destroyed (its structure points are gone): it cannot parry",
        ),
    ],
)
def test_E70_a_destroyed_sword_neither_strikes_nor_parries_and_no_die_is_rolled_seed_Endommagement_L1079(
    who: str, target: str, blow: Attack, said: str
) -> None:
    # L1079: "Quand ces derniers atteignent 0, la pièce d'équipement est détruite". The broken
    # sword went on striking and parrying (and "taking" 0 points a parry) for ever.
    world = _broken_sword()
    rolled = [len(events_of(world, name, ev.TestRolled)) for name in ("Aldo", "Bruna")]
    with pytest.raises(RuleViolation) as refused:
        attack(world, who, target, blow)
    assert str(refused.value) == said
    assert [len(events_of(world, name, ev.TestRolled)) for name in ("Aldo", "Bruna")] == rolled


def test_E70_the_sheet_shows_each_weapon_s_parry_bonus_and_what_is_left_of_it_seed_La_parade_L1079() -> None:
    # §La parade ("Certaines armes et certains boucliers peuvent apporter des bonus à la parade")
    # and L1079: what a weapon adds to a parry and what is left of it are the table's to read on
    # the sheet; it showed the damage and increment alone, a broken sword as a whole one.
    world = table({**BRITTLE, "weapons": {**BRITTLE["weapons"], "Bouclier": {"damage": 1, "parry_bonus": 2, "shield": True}}}, BRUNA)
    weapons = {s.title: s for s in sheet_view(world, world.character("Aldo"), False).sections}["Weapons"]
    assert weapons.columns == ("Weapon", "Damage", "Increment", "Parry", "Structure", "Kind")  # the kind: ruling E136
    assert weapons.groups[0].rows == (("Épée", "6", "+2", "0", "2 of 2", "melee"), ("Bouclier", "1", "+1", "+2", "—", "shield"))
    world = _broken_sword()
    weapons = {s.title: s for s in sheet_view(world, world.character("Aldo"), False).sections}["Weapons"]
    assert weapons.groups[0].rows == (("Épée", "6", "+2", "0", "destroyed", "melee"),)


def test_E70_a_weapon_without_structure_points_is_never_worn_down_nor_destroyed_seed_Endommagement_L1079() -> None:
    # Bruna's axe has no structure points on her sheet: a parry of Aldo's sword (⌊6/2⌋ = 3) read
    # "0 off its structure (0 left); destroyed", and the axe then parried on as if whole.
    world = table(ALDO, BRUNA, dice=[1, 1, 1])
    parry = Attack(
        "Épée",
        TestSpec("Coordination", profession="Guerrier"),
        defence="parry",
        defence_spec=TestSpec("Coordination", effort=1),
        parry_with="hache",
    )
    assert attack(world, "Aldo", "Bruna", parry).damage == {"item": "Hache", "damage": 3, "structure_left": 0, "destroyed": False}
    (taken,) = events_of(world, "Bruna", ev.EquipmentDamaged)
    assert WORDS[f"{ev.__name__}:EquipmentDamaged"](taken) == "the Hache took 3 points of damage: it has no structure points to lose"


# -- E71: a training whose level came another way --------------------------------------------


def test_E71_a_training_stops_at_its_week_once_experience_gave_its_level_PROPOSAL_5_5_E25_E27(db: str, tmp_path: Path) -> None:
    # Montana James trains in Guerrier with Samson "to reach level 1" (2 degrees, one test a week,
    # E27); before the first week the GM's experience point buys him that level (E25). The
    # training kept testing and, two degrees later, raised Guerrier to 2 on the degrees of level
    # 1 (2, not the 4 of level 2). It stops at its week instead, said by the advance and the log;
    # Guerrier stays at the level the experience gave.
    tolosa_with_brigand(db, tmp_path)
    assert run(db, *TRAIN, "Montana James", "Guerrier", "--teacher", "Samson", "-f", "Esprit").stdout.endswith(
        "2 degrees to reach level 1, one test a week, the first Day 8 08:00\n"
    )
    run(db, "session", "end", "Tolosa")
    run(db, "elor", "xp", "award", "Tolosa", "Montana James", "1", "--reason", "the pyramid")
    run(db, "elor", "xp", "spend", "Tolosa", "Montana James", "Guerrier", "familiarity", "Fouets")
    why = "Montana James's Guerrier is already at level 1, and this training was to reach level 1"
    said = run(db, "advance", "Tolosa", "3w", "--yes").stdout
    assert f"  Day 8 08:00  Montana James: training in Guerrier with Samson stopped at 0/2 degrees: {why}\n" in said
    assert said.count("training in Guerrier") == 1
    assert of_kind(db, "TestRolled", "Montana James") == []
    (stopped,) = of_kind(db, "LongActionAbandoned", "Montana James")
    assert in_the_log(stopped) == f"gave up long action 1 (training in Guerrier with Samson): {why}"
    assert "PROFESSIONS\nArchéologue 1, Aventurier 1, Guerrier 1\n" in run(db, "elor", "sheet", "Tolosa", "Montana James").stdout
    assert run(db, "verify").returncode == 0


# -- the GM's faculty change ---------------------------------------------------------------------


def test_a_faculty_change_that_changes_nothing_is_refused_in_words_not_data_seed_Facultes(db: str, tmp_path: Path) -> None:
    # §Facultés, ruling E35: the refusal named the faculties as a Python dict
    # ("{'Coordination': 1, 'Esprit': 0, 'Mental': -1, 'Physique': 2}").
    tolosa_with_brigand(db, tmp_path)
    assert refused_in_one_line(db, "elor", "faculties", "Tolosa", "Samson", "P=2") == (
        "error: Samson's faculties are already Physique +2, Coordination +1, Esprit 0, Mental −1: nothing to change"
    )


def test_E72_a_faculty_change_after_a_voided_care_leaves_him_out_as_the_torso_still_reaches_its_hit_points_PROPOSAL_5_6_E35() -> None:
    # Aldo's torso takes 7 (8, 1 of armour) of its 7 hit points: unconscious (§Humains "Effet
    # PV"). Bruna's care removes 1 (PROPOSAL §5.6): 6, awake. The GM then raises his Mental (E35),
    # which found him awake. Voiding the care leaves the torso at 7, its hit points: the commands
    # run without it leave him unconscious (E62, E67), and the change did not wake him. It read
    # awake, the change's "awake" kept over the torso's 7.
    world = table(ALDO, BRUNA, dice=[1])
    suffer_damage(world, "Aldo", 8, "an axe", where="torso")
    give_care(world, "Bruna", "Aldo", "Torse", TestSpec("Esprit", difficulty=1))
    assert world.character("Aldo").condition["unconscious"] is False
    change_faculties(world, "Aldo", {"Mental": 0}, "a late sheet fix")
    chain = list(world.character("Aldo").pending_events)
    care_version = next(e for e in chain if isinstance(e, ev.WoundsHealed)).originator_version
    world.character("Aldo").correct(chain, care_version, "the care was never given")
    c = world.character("Aldo").condition
    assert (c["wounds"], c["unconscious"], c["dead"]) == ({"torso": 7}, True, False)


def test_E72_a_faculty_change_recorded_before_it_kept_hit_points_reads_as_recorded_PROPOSAL_E35_E67() -> None:
    # A FacultiesChanged of an older journal (version 1) has no hit points: the upcast leaves them
    # None and the replay keeps what it recorded, within what the totals allow (E67), as before.
    stored: dict[str, object] = {"at": 0, "faculties": {}, "reason": "x"}
    ev.FacultiesChanged.upcast_stored(stored)
    assert stored["hit_points"] is None
    world = table(ALDO)
    suffer_damage(world, "Aldo", 8, "an axe", where="torso")
    change_faculties(world, "Aldo", {"Mental": 0}, "a late sheet fix")
    chain = list(world.character("Aldo").pending_events)
    older = [dataclasses.replace(e, hit_points=None) if isinstance(e, ev.FacultiesChanged) else e for e in chain]
    character = older[0].mutate(None)
    for event in older[1:]:
        character = event.mutate(character)
    assert character.condition == world.character("Aldo").condition
    assert character.condition["unconscious"] is True


# -- E73: the GM's long action that could never end ----------------------------------------------

GLYPHS = ("elor", "long-action", "start", "Tolosa", "Montana James", "read the glyphs", "--degrees", "5")


def test_E73_a_long_action_whose_every_test_fails_without_a_roll_does_not_start_seed_Resolution_L296_Actions_longues_L442(
    db: str, tmp_path: Path
) -> None:
    # §Actions longues L442: the degrees add up test after test; at level 0 or below a test fails
    # without a roll (§Résolution des actions L296, E8), so Montana James reading the glyphs on
    # Coordination 0 would record "no roll, failure" each hour of each work day for ever.
    tolosa_with_brigand(db, tmp_path)
    assert refused_in_one_line(db, *GLYPHS, "-f", "Coordination") == (
        "error: Montana James cannot start “read the glyphs”: the test would be at level 0 (Coordination 0), and at 0 or below"
        " a test fails without a roll, so it could never end; possible with -f Esprit (level 2) if that faculty fits,"
        " or an easier -d 1 (level 1) from the GM"
    )
    # §Collaborations L458: each participant tests; Samson (Coordination 1) at −1 is at 0 too. What
    # would make it possible is named for whichever participant it serves (ruling E77).
    assert refused_in_one_line(db, *GLYPHS, "-f", "Coordination", "--helper", "Samson", "-d", "-1") == (
        "error: cannot start: every test would be at 0 or below, which fails without a roll: Montana James -1,"
        " Samson 0; possible with -f Esprit (Montana James at level 1) if it fits, or an easier -d 0 (Samson at level 1)"
    )  # said shorter than one participant's (ruling E83)
    # One participant who can gain a degree is enough: Samson at Coordination 1.
    assert run(db, *GLYPHS, "-f", "Coordination", "--helper", "Samson").stdout.startswith("long action 1 “read the glyphs”: 5 degrees")


def test_a_faculty_change_reads_in_the_sheet_s_order_in_the_log_seed_Facultes(db: str, tmp_path: Path) -> None:
    # §Facultés: Physique, Coordination, Esprit, Mental, as the sheet gives them; the log read
    # "Coordination +1, Esprit +0, Mental +0, Physique +2" (the journal's alphabetical order).
    tolosa_with_brigand(db, tmp_path)
    run(db, "elor", "faculties", "Tolosa", "Samson", "M=0", "--reason", "a vow")
    (changed,) = of_kind(db, "FacultiesChanged", "Samson")
    assert in_the_log(changed) == "faculties changed (a vow): Physique +2, Coordination +1, Esprit 0, Mental 0"


def test_two_levels_waiting_for_their_grants_read_in_good_grammar_seed_Professions() -> None:
    # §Professions: each level grants a familiarity or a prowess; two levels gained by natural
    # progression (E26) read "2 levels wait for its familiarity or prowess".
    # Two degrees tick Guerrier (Aldo's level 5, two dice 1 1), a progression's 9 raises it: twice.
    world = table(ALDO, BRUNA, dice=[1, 1, 9, 1, 1, 9])
    for _ in range(2):
        roll_test(world, "Aldo", AIMED)
        roll_progression(world, "Aldo")
    capacities = dict({s.title: s for s in sheet_view(world, world.character("Aldo"), False).sections}["Capacities"].groups[0].rows)
    assert capacities["to choose"] == "2 levels wait for their familiarities or prowesses"


# -- E74: a defence's gear read as the GM's difficulty -------------------------------------------


def test_E74_a_parry_says_its_weapon_s_bonus_and_a_dodge_its_bulky_gear_not_a_difficulty_seed_La_parade_L_esquive_L627() -> None:
    # §La parade: "Certaines armes et certains boucliers peuvent apporter des bonus à la parade";
    # §L'esquive L627 (E33): bulky gear hampers a dodge. Both read "difficulty +1" / "difficulty
    # -1" in the log, as if the GM had made the defence easier or harder.
    guarded = {**BRUNA, "bulk": 1, "weapons": {"Bouclier": {"damage": 1, "parry_bonus": 1, "shield": True}}}
    world = table(ALDO, guarded, dice=[1, 9, 50, 1, 50])  # each attack hits, each D100 the left arm
    sword = replace(AIMED, effort=0)  # Aldo's level 5, one die
    attack(world, "Aldo", "Bruna", Attack("Épée", sword, defence="parry", parry_with="Bouclier"))
    attack(world, "Aldo", "Bruna", Attack("Épée", sword))
    parry, dodge = (WORDS[f"{ev.__name__}:TestRolled"](e) for e in events_of(world, "Bruna", ev.TestRolled))
    assert parry.startswith("parry against Aldo: level 2 (Coordination 1, parry bonus +1): rolled 9")
    assert dodge.startswith("dodge against Aldo: level 0 (Coordination 1, bulky gear -1): no roll")
