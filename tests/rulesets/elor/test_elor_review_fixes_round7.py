"""The defects the seventh review of Elor found, each pinned where it was seen: with scripted dice
in memory for the rules, and through the real ``chronique`` command (in-process, ``support.run``)
for what a person reads and what a refused command leaves behind (exit 2, one line, nothing
recorded). Lnnn are lines of the seed (003_d01003b662e47709.txt); En the rulings of docs/rulings.md."""

from __future__ import annotations

import pytest
from elor_table import SWORD, journal_lines, recorded, refused_in_one_line, scene_of, table, tolosa
from support import run

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.elor.downtime import start_long_action
from chronique.domain.rulesets.elor.play import Attack, TestSpec, attack, begin_scene, next_up, suffer_damage, take_opportunity

AXE = TestSpec("C", "Guerrier", familiarity="Haches")


# -- 1. Simultaneous attacks spend action points; an unconscious target lays no card ----------


def test_simultaneous_attacks_spend_each_attacker_s_action_point_seed_Scenes_d_action_step_2_Cas_d_actions_simultanees() -> None:
    # §Scènes d'action step 2: "un personnage doit obligatoirement dépenser l'un de ses points
    # d'action"; §Cas d'actions simultanées L526-L528: with two "Attaque" cards "les deux
    # effectueront un test pour attaquer l'adversaire". Aldo and Bruna (3 AP each) are tied.
    world = table(dice=[1, 50, 10, 10, 10])  # Aldo's die and D100 (torso), Bruna's die: a miss; then two misses
    begin_scene(world, ["Aldo", "Bruna"])
    assert next_up(world) == ("Aldo", "Bruna")
    # The cards are turned up together: both spend their point at once (step 2: "Au moment où il
    # est désigné"), then each makes its one attack.
    attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, simultaneous=True))
    assert (scene_of(world, "Aldo")["ap"], scene_of(world, "Bruna")["ap"]) == (2, 2)
    attack(world, "Bruna", "Aldo", Attack("Hache", AXE, simultaneous=True))
    aldo, bruna = scene_of(world, "Aldo"), scene_of(world, "Bruna")
    assert (aldo["ap"], aldo["spent"], bruna["ap"], bruna["spent"]) == (2, 1, 2, 1)
    # One opportunity shared by the pair (E12): they are tied again and act together.
    assert aldo["turn"] == bruna["turn"] == 1
    assert next_up(world) == ("Aldo", "Bruna")
    # On their next opportunity, together again, the same: one point each, one opportunity.
    attack(world, "Bruna", "Aldo", Attack("Hache", AXE, simultaneous=True))
    attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, simultaneous=True))
    aldo, bruna = scene_of(world, "Aldo"), scene_of(world, "Bruna")
    assert (aldo["ap"], bruna["ap"], aldo["turn"], bruna["turn"]) == (1, 1, 2, 2)


def test_a_simultaneous_attack_needs_both_protagonists_tied_for_the_opportunity_seed_Scenes_d_action_L482() -> None:
    # §Scènes d'action L482: only those still tied "agissent simultanément". After Aldo acts alone
    # Bruna (3 AP) is next up alone: her attack on Aldo (2 AP) is a normal one.
    world = table()
    begin_scene(world, ["Aldo", "Bruna"])
    take_opportunity(world, ["Aldo"], "wait")
    take_opportunity(world, ["Bruna"], "wait")
    take_opportunity(world, ["Aldo"], "wait")
    before = recorded(world)
    with pytest.raises(RuleViolation, match="Bruna and Aldo do not act simultaneously: the next opportunity is Bruna's"):
        attack(world, "Bruna", "Aldo", Attack("Hache", AXE, simultaneous=True))
    assert recorded(world) == before


def test_a_protagonist_knocked_out_before_the_opportunity_lays_no_card_and_makes_no_simultaneous_attack_seed_L522() -> None:
    # §Cas d'actions simultanées L522: each protagonist "déclare son action"; Bruna, knocked out
    # before the opportunity, declares none, however her action points stand against Aldo's.
    world = table()
    begin_scene(world, ["Aldo", "Bruna"])
    suffer_damage(world, "Bruna", 5, "a fall", "head")  # 5 of her head's 4 HP: unconscious
    take_opportunity(world, ["Aldo"], "wait")
    before = recorded(world)
    with pytest.raises(RuleViolation, match="^Bruna is unconscious$"):
        attack(world, "Bruna", "Aldo", Attack("Hache", AXE, simultaneous=True))
    assert recorded(world) == before


def test_the_second_of_a_simultaneous_pair_strikes_even_when_the_first_blow_knocked_it_out_seed_L528() -> None:
    # §Cas d'actions simultanées L528: "Ils peuvent donc se blesser mutuellement s'ils réussissent
    # tous deux leurs attaques": the blows are simultaneous, the first recorded stops nothing.
    world = table(dice=[1, 95, 1, 50])  # Aldo hits, D100 95 (head: 6 of 4 HP); Bruna hits, D100 50 (torso)
    begin_scene(world, ["Aldo", "Bruna"])
    attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, simultaneous=True))
    assert world.character("Bruna").condition["unconscious"]
    result = attack(world, "Bruna", "Aldo", Attack("Hache", AXE, simultaneous=True))
    assert result.damage is not None and world.character("Aldo").condition["wounds"]
    assert (scene_of(world, "Aldo")["ap"], scene_of(world, "Bruna")["ap"]) == (2, 2)  # one point each


def test_an_unconscious_target_lays_no_card_so_no_attack_on_it_is_simultaneous_seed_Cas_d_actions_simultanees() -> None:
    # §Cas d'actions simultanées L522-L524: each protagonist "déclare son action" with a card; an
    # unconscious one declares nothing. Attacked, it makes no defence (§Attaque L532): the GM
    # attacks it without --simultaneous. Refused before any point is spent or die rolled (E39).
    world = table()
    suffer_damage(world, "Bruna", 5, "a fall", "head")  # 5 of her head's 4 HP: unconscious
    before = recorded(world)
    with pytest.raises(RuleViolation, match="Bruna is unconscious and lays no card"):
        attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, simultaneous=True))
    assert recorded(world) == before


def test_a_simultaneous_attack_on_an_unconscious_target_is_refused_on_the_command_line(db: str) -> None:
    tolosa(db)
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "5", "--location", "head")
    run(db, "elor", "scene", "start", "Tolosa", "Samson", "Montana James")
    said = refused_in_one_line(db, "elor", "attack", "Tolosa", "Montana James", "Samson", "-w", "Fouet", "--simultaneous")
    assert said == "error: Samson is unconscious and lays no card, so no attack on them is simultaneous: attack without `--simultaneous`"


def test_a_simultaneous_attack_takes_no_defence_option_and_only_it_takes_the_opponent_s_attack_seed_L526_L1032(db: str) -> None:
    # §Cas d'actions simultanées L526-L528: both attack "sans possibilité de se défendre", so a
    # defence typed with --simultaneous was silently dropped; §Attaque dans l'attaque L1032: the
    # opponent's attack value serves "lors d'attaques simultanées seulement", and was silently
    # ignored without it (ruling E78).
    tolosa(db)
    run(db, "elor", "scene", "start", "Tolosa", "Samson", "Montana James")
    base = ("elor", "attack", "Tolosa", "Montana James", "Samson", "-w", "Fouet")
    said = refused_in_one_line(db, *base, "--simultaneous", "--defence", "parry", "--parry-with", "Hache")
    assert said == "error: simultaneous attacks meet no defence (both laid “Attaque”): drop `--defence`, `--parry-with`"
    said = refused_in_one_line(db, *base, "--simultaneous", "--defence-effort", "0")
    assert said == "error: simultaneous attacks meet no defence (both laid “Attaque”): drop `--defence-effort`"
    said = refused_in_one_line(db, *base, "--opponent-attack", "2")
    assert said == "error: `--opponent-attack` is the opponent's attack in simultaneous attacks: it needs `--simultaneous`"


# -- 2. A blow says what the armour stopped ------------------------------------------------------


def test_a_blow_says_what_the_armour_stopped_in_the_log_the_export_and_the_journal_seed_Application_des_dommages_step_2(
    db: str,
) -> None:
    # §Application des dommages step 2: the location's armour is subtracted from the damage.
    # Samson wears 2 on the torso: a blow of 7 adds 5, and each line says why it is not 7.
    tolosa(db)
    said = run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "7", "--location", "torso").stdout
    assert said == "Samson's torse: 5 points of damage (7 dealt, 2 stopped by the armour), 5 in all (hurt)\n"
    line = "5 points of damage (7 dealt, 2 stopped by the armour) in the torse (the GM): 5 in all, hurt"
    assert line in run(db, "log", "Tolosa").stdout
    # Without armour in the way (the head), the line says the damage alone.
    bare = run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "2", "--location", "head").stdout
    assert bare == "Samson's tête: 2 points of damage, 2 in all (hurt)\n"
    run(db, "session", "end", "Tolosa")
    exported = run(db, "export", "session", "Tolosa", "1").stdout
    assert line in exported and "2 points of damage in the tête (the GM)" in exported
    assert any(line in text for text in journal_lines(db))


# -- 3. No experience for the dead ---------------------------------------------------------------


def test_experience_is_not_awarded_to_a_dead_character_PROPOSAL_5_5_seed_Humains_Effet_double_PV(db: str) -> None:
    # §Humains L866-L874: "Effet double PV" of the head is Mort. Reward progression (PROPOSAL
    # §5.5, E25) raises a profession with the points, which the dead never spend (`xp spend` refuses
    # them): an award to the dead is refused in one line, nothing recorded (ruling E76). The
    # unconscious still earn theirs.
    tolosa(db)
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "8", "--location", "head")  # 8 of 4 HP: dead
    assert refused_in_one_line(db, "elor", "xp", "award", "Tolosa", "Samson", "2", "--reason", "the ford") == "error: Samson is dead"
    # Nor is rest ordered for the dead, whom no day of rest heals (E23, ruling E79).
    assert refused_in_one_line(db, "elor", "rest", "Tolosa", "Samson", "--off") == "error: Samson is dead"
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "5", "--location", "head")  # unconscious
    said = run(db, "elor", "xp", "award", "Tolosa", "Montana James", "1", "--reason", "the ford").stdout
    assert said == "Montana James gains 1 experience point\n"
    assert run(db, "elor", "rest", "Tolosa", "Montana James", "--off").stdout == "Montana James does not rest\n"


# -- 4. What would make a collaboration possible, whoever's test it is ---------------------------


def test_what_makes_a_collaboration_possible_is_named_for_any_participant_seed_Collaborations_L458(db: str) -> None:
    # §Collaborations L458: "chacun des personnages qui y participent peut effectuer des tests
    # successifs"; one participant above 0 is enough (E73). Samson (Esprit 0) and Montana James
    # (Esprit 2) decipher at -2: -2 and 0. An easier -d -1 makes Montana James's test level 1;
    # it said "-d 1 (level 1)", the owner's alone, an easing twice what is needed (ruling E77).
    tolosa(db)
    decipher = ("decipher", "--degrees", "3", "-f", "E", "-d", "-2", "--helper", "Montana James")
    said = refused_in_one_line(db, "elor", "long-action", "start", "Tolosa", "Samson", *decipher)
    assert said.endswith("possible with an easier -d -1 (Montana James at level 1)")  # worded shorter by E83
    # The faculty: the collaboration names the one that makes *some* participant's test possible.
    # Bruna (Mental 0, her best faculties 1) and Aldo (Coordination 2) in a Mental test at -1: -1
    # and -2. Aldo's Coordination makes his level 1; Bruna's own faculties give her 0 at best, so
    # for the owner alone it named none.
    world = table()
    with pytest.raises(RuleViolation) as refused:
        start_long_action(world, "Bruna", "decipher", 3, TestSpec("M", difficulty=-1), helpers=[("Aldo", TestSpec("M", difficulty=-1))])
    assert str(refused.value).endswith(
        "possible with -f Coordination (Aldo at level 1) if it fits, or an easier -d 1 (Bruna at level 1)"  # worded shorter by E83
    )


def test_a_long_action_paced_by_action_points_says_so_when_it_starts_seed_Scenes_d_action_L474(db: str) -> None:
    # §Scènes d'action L474: "le nombre de points d'action par séquence donnant la cadence des
    # tests" (E30). `long-action start --in-scene` said "tested when asked", a manual action's words.
    tolosa(db)
    said = run(db, "elor", "long-action", "start", "Tolosa", "montana james", "crack the lock", "--degrees", "3", "--in-scene", "-f", "E")
    assert said.stdout == (
        "long action 1 “crack the lock”: 3 degrees, one test each time Montana James spends an action point on it"
        " in an action scene (`elor long-action test`)\n"
    )


def test_a_faculty_given_twice_in_one_change_is_refused_seed_Facultes_E35(db: str) -> None:
    # §Facultés: P is Physique's symbol. `elor faculties Samson P=1 Physique=0` recorded Physique 0
    # and dropped P=1 without a word, as "P=1 P=2" kept 2 (ruling E80).
    tolosa(db)
    said = refused_in_one_line(db, "elor", "faculties", "Tolosa", "Samson", "P=1", "Physique=0")
    assert said == "error: Physique is given 2 times (P=1, Physique=0): give each faculty once"
    said = refused_in_one_line(db, "elor", "faculties", "Tolosa", "Samson", "P=1", "C=2", "p=3")
    assert said == "error: Physique is given 2 times (P=1, p=3): give each faculty once"
    assert run(db, "elor", "faculties", "Tolosa", "Samson", "P=1", "C=2").returncode == 0


def test_an_opportunity_is_not_spent_on_an_attack_that_is_not_made_seed_Combats(db: str) -> None:
    # §Combats: on his opportunity a fighter "peut: Soit effectuer une attaque. Soit réserver [...]".
    # `scene act --as attack` spent the point and the log read "spent an action point on an attack"
    # with no attack made (ruling E81): the attack's point is spent by `elor attack`.
    tolosa(db)
    run(db, "elor", "scene", "start", "Tolosa", "Samson", "Montana James")
    said = refused_in_one_line(db, "elor", "scene", "act", "Tolosa", "Samson", "--as", "attack")
    assert said == (
        "error: an attack spends its action point through `elor attack`, which makes it: `--as` takes `action`, `wait` or `reserve`"
    )


# -- 5. One source for an item's spelling and for "no structure points" --------------------------


def test_an_item_without_structure_reads_alike_on_the_attack_s_line_and_in_the_log_seed_Endommagement_L1079(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # §Endommagement de l'équipement L1079, ruling E70: a parried blow on an item the sheet gives no
    # structure points wears nothing; the attack's line and the log say it in the same words, and
    # the damage a typed spelling ("hache") records lands on the sheet's Hache.
    from chronique.cli.elor import _damage_line
    from chronique.domain.rulesets.elor import events as ev
    from chronique.domain.rulesets.elor.describe import NO_STRUCTURE, WORDS

    world = table()
    bruna = world.character("Bruna")
    bruna.record(ev.EquipmentDamaged, at=0, item="hache", damage=3, resistance=0, structure_lost=0, structure_left=0, destroyed=False)
    taken = bruna.pending_events[-1]
    assert WORDS[f"{ev.__name__}:EquipmentDamaged"](taken) == f"the hache took 3 points of damage: {NO_STRUCTURE}"
    assert bruna.condition["equipment"] == {"Hache": 0}
    _damage_line("Bruna", {"item": "Hache", "damage": 3, "structure_left": 0, "destroyed": False})
    assert capsys.readouterr().out == f"Bruna's Hache takes 3 points of damage: {NO_STRUCTURE}\n"
