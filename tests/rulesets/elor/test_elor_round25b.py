"""Elor, round 25b of play-test fixes: a simultaneous attack answers only a simultaneous one
(E129), ``elor scene act`` says what the opportunity was spent on (E130), ``elor faculties``
what changed (E131) and a technical malus is named as one, not as the GM's difficulty (E132).
Rules in memory with the scripted dice of tests/elor_table.py; what a person reads through the
real command (``support.run``) on a real journal.
Seed: shared/seeds/003_d01003b662e47709.txt; digest: shared/rules/elor.md."""

from __future__ import annotations

from elor_table import SWORD, events_of, scene_of, table, tolosa
from support import run

from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.describe import WORDS
from chronique.domain.rulesets.elor.play import Attack, TestSpec, attack, begin_scene, next_up

AXE = TestSpec("C", "Guerrier", familiarity="Haches")

# -- E129: "Attaque" against "Défense" leaves nothing to answer ------------------------------------


def test_a_simultaneous_attack_after_one_on_a_defence_opens_a_new_pair_seed_Cas_d_actions_simultanees_L520_ruling_E129() -> None:
    # §Cas d'actions simultanées L520-L528: Aldo and Bruna (3 AP each) are up together; Aldo lays
    # "Attaque", Bruna "Défense" (E115): his attack misses (a 10), her card's point spent. Up
    # together again (E12), both lay "Attaque": Bruna's attack is the first of that new pair and
    # spends both their points (E75). It was taken for an answer to Aldo's attack on her defence,
    # which she never laid "Attaque" against, and spent no point at all.
    world = table(dice=[10, 10])
    begin_scene(world, ["Aldo", "Bruna"])
    attack(world, "Aldo", "Bruna", Attack("Épée", SWORD))
    assert next_up(world) == ("Aldo", "Bruna")
    attack(world, "Bruna", "Aldo", Attack("Hache", AXE, simultaneous=True))
    aldo, bruna = scene_of(world, "Aldo"), scene_of(world, "Bruna")
    assert (aldo["ap"], bruna["ap"], aldo["turn"], bruna["turn"]) == (1, 1, 2, 2)


# -- E130: the opportunity's point, said ----------------------------------------------------------


def test_scene_act_says_what_each_protagonist_spent_the_opportunity_on_seed_Scenes_d_action_step_3_ruling_E130(db: str) -> None:
    # §Scènes d'action step 3: the one designated "doit obligatoirement dépenser l'un de ses
    # points d'action" (waiting included); §Combats: or reserve a defence. The line said only who
    # was next, nothing of the point just spent, the points left or a wait's effort back (§5.1).
    tolosa(db)
    run(db, "elor", "scene", "start", "Tolosa", "Samson", "Montana James")  # 3 AP each, tied
    run(db, "elor", "test", "Tolosa", "Samson", "-e", "1")  # 1 effort point spent: fatigue
    waited = run(db, "elor", "scene", "act", "Tolosa", "Samson", "Montana James", "--as", "wait").stdout.splitlines()
    assert waited == [
        "Montana James waits: an action point spent, 2 left in sequence 1",
        "Samson waits: an action point spent, 2 left in sequence 1, 1 effort point back",
        "next: Samson + Montana James",
    ]
    run(db, "elor", "scene", "act", "Tolosa", "Samson", "Montana James", "--as", "reserve")
    acted = run(db, "elor", "scene", "act", "Tolosa", "Samson", "Montana James").stdout.splitlines()
    assert acted[:2] == [
        "Montana James acts: an action point spent, none left in sequence 1",
        "Samson acts: an action point spent, none left in sequence 1",
    ]
    reserved = run(db, "elor", "scene", "act", "Tolosa", "Samson", "--as", "reserve").stdout.splitlines()
    assert reserved[0] == "Samson holds a defence in reserve until their next opportunity: an action point spent, 2 left in sequence 2"


# -- E131: a change of faculties, said ------------------------------------------------------------


def test_elor_faculties_says_what_changed_and_what_it_made_of_the_body_seed_Capacites_derivees_calculees_ruling_E131(db: str) -> None:
    # §Capacités dérivées calculées: AP = 2 + ⌈(C + E)/2⌉, EP = 2 + P + M, maximal effort 2 + M;
    # §Humains (value table, B2): hit points from P. The line read "Montana James: action points
    # 4, effort points 3, max effort 2": no verb, no faculty, no hit points, no state.
    tolosa(db)
    said = run(db, "elor", "faculties", "Tolosa", "Montana James", "P=1", "E=3", "Mental=0").stdout.strip()
    assert said == (
        "Montana James's faculties change: Physique from 0 to +1, Esprit from +2 to +3; 4 action points, "
        "3 effort points (3 available), at most 2 points of effort on one action; "
        "hit points Tête 4, Torse 7, Bras droit 5, Bras gauche 5, Abdomen 6, Jambe droite 6, Jambe gauche 6"
    )
    # E35: 4 damage points at the head (4 HP at P 1) knock her out; P 3 (5 HP) wakes her, and
    # Mental −1 leaves her hit points as they were, so none are said.
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "4", "--location", "Tête")
    assert run(db, "elor", "faculties", "Tolosa", "Montana James", "P=3").stdout.strip().endswith("Jambe gauche 7; awake again")
    assert run(db, "elor", "faculties", "Tolosa", "Montana James", "M=-1").stdout.strip() == (
        "Montana James's faculties change: Mental from 0 to −1; 4 action points, 4 effort points (4 available), "
        "at most 1 point of effort on one action"
    )


# -- E132: a technical malus is not the GM's difficulty ------------------------------------------


def test_a_technical_malus_is_its_own_term_of_the_attack_and_of_the_defence_it_hits_seed_Attaque_B12_ruling_E132() -> None:
    # §Attaque (digest §3.8, B12): the attacker may take a technical malus t; on a hit the
    # defence takes the same −t. Both levels read "difficulty -1" when the GM set none.
    world = table(dice=[1, 10, 50])  # Aldo's die (level 4): a degree; Bruna's dodge (level 1): a 10; D100 torso
    attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, technical=-1, defence_spec=TestSpec("C", "Guerrier")))
    said = WORDS["chronique.domain.rulesets.elor.events:TestRolled"]
    (aldo,), (bruna,) = events_of(world, "Aldo", ev.TestRolled), events_of(world, "Bruna", ev.TestRolled)
    assert (aldo.terms["technical"], aldo.terms["difficulty"], bruna.terms["technical"], bruna.terms["difficulty"]) == (-1, 0, -1, 0)
    assert (
        said(aldo)
        == "attack on Bruna with Épée: level 4 (Coordination 2, Guerrier +2, Épées +1, technical malus -1): rolled 1 — 1 degree of success"
    )
    assert said(bruna) == "dodge against Aldo: level 1 (Coordination 1, Guerrier +1, technical malus -1): rolled 10 — 0 degrees of success"


def test_an_attack_with_a_technical_malus_says_it_and_verifies_ruling_E132(db: str) -> None:
    # The verifier adds up the recorded terms (FAIRNESS.md v2): the new term still makes the level.
    tolosa(db)
    line = run(db, "elor", "attack", "Tolosa", "Samson", "Montana James", "-w", "Hache", "-p", "Guerrier", "--technical", "-2").stdout
    assert line.startswith("Samson attacks: level 2 (Coordination 1, Guerrier +2, Haches +1, technical malus -2)"), line
    assert "OK" in run(db, "verify", "Tolosa").stdout
