"""The defects a QA review of the Elor commands found, each pinned where it was seen: with scripted
dice in memory for the rules, and through the real ``chronique`` command (in-process, ``support.run``) for what a
person reads and what a refused command leaves behind (exit 2, one line, nothing recorded).
Lnnn are lines of the seed (003_d01003b662e47709.txt); En and BDn the rulings of docs/rulings.md."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from elor_table import (
    AIMED,
    MORNING,
    SWORD,
    dice,
    downtime,
    events_of,
    log,
    recorded,
    refused_in_one_line,
    run_until,
    table,
    tolosa_with_brigand,
)
from support import run

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, HOUR, WEEK
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.capacities import faculty_range
from chronique.domain.rulesets.elor.describe import WORDS, describe
from chronique.domain.rulesets.elor.downtime import Risk, change_faculties, give_care, start_long_action, start_training
from chronique.domain.rulesets.elor.play import Attack, TestSpec, attack, begin_scene, suffer_damage
from chronique.domain.rulesets.elor.tables import nature

# -- 1. The first test of a long action in days or weeks (E22) -------------------------------


def test_E22_a_long_action_in_days_or_weeks_is_first_tested_one_whole_unit_after_its_start() -> None:
    # Ruling E22 (§Actions longues, issue 6): "the first test comes one whole unit after the start;
    # units of a day or more simply repeat". It came a unit less a second later still (Day 3 07:59).
    world = table()
    downtime(world)
    daily = start_long_action(world, "Aldo", "forge an axe", 6, SWORD, unit_s=DAY)
    weekly = start_long_action(world, "Bruna", "forge a blade", 6, TestSpec("P", "Forgeron"), unit_s=WEEK)
    assert (daily["next_at"], weekly["next_at"]) == (MORNING + DAY, MORNING + WEEK)
    assert start_long_action(world, "Aldo", "whittle", 2, SWORD, unit_s=HOUR)["next_at"] == MORNING + HOUR  # unchanged
    # On the timeline the daily work is tested at Day 2 08:00 and a day later again.
    dice(world).add(1, 1, 1, 1)  # the whittling at 09:00 and 10:00 (done), then the axe's two days
    ticks = run_until(world, MORNING + 2 * DAY)
    axe = [t.due.at for t in ticks if t.due.process == "long:0001" and "forge an axe" in t.account]
    assert axe == [MORNING + DAY, MORNING + 2 * DAY]


def test_E27_training_a_week_at_a_time_is_first_tested_a_week_after_it_starts() -> None:
    # E27: training is a long action of one test a week; E22 puts its first test a week on.
    world = table()
    downtime(world)
    assert start_training(world, "Bruna", "Guerrier", "Aldo", TestSpec("C", "Guerrier"))["next_at"] == MORNING + WEEK


def test_E22_the_command_line_names_the_next_day_and_the_next_week(db: str, tmp_path: Path) -> None:
    tolosa_with_brigand(db, tmp_path)
    daily = ("elor", "long-action", "start", "Tolosa", "Samson", "forge an axe", "--degrees", "6", "--unit", "1d", "-f", "P")
    assert "first test Day 2 08:00" in run(db, *daily, "-p", "Guerrier").stdout
    weekly = ("elor", "long-action", "start", "Tolosa", "Montana James", "read the glyphs", "--degrees", "6", "--unit", "1w")
    assert "first test Day 8 08:00" in run(db, *weekly, "-f", "E").stdout


# -- 2. A healing says and records the points healed (PROPOSAL §5.6, E23) --------------------


def test_wounds_healed_records_the_points_healed_not_what_is_left_PROPOSAL_5_6_E23() -> None:
    world = table()
    suffer_damage(world, "Aldo", 4, "a club", "left-leg")  # no armour there: 4 damage
    dice(world).add(1)  # Bruna's care (Esprit 0, an easy care +2: level 2): one degree removes one point (E23)
    assert give_care(world, "Bruna", "Aldo", "left-leg", TestSpec("E", difficulty=2)) == 1
    run_until(world, MORNING + 4 * DAY)  # days of rest, a point a day: 3 → 2 → 1 → 0
    healed = events_of(world, "Aldo", ev.WoundsHealed)
    assert [(e.removed, e.healed) for e in healed] == [
        ({"left-leg": 1}, {"left-leg": 3}),  # the care
        ({"left-leg": 1}, {"left-leg": 2}),
        ({"left-leg": 1}, {"left-leg": 1}),
        ({"left-leg": 1}, {"left-leg": 0}),
    ]
    said = [describe(e) for e in healed]
    assert said[0] == "healed by care by Bruna: 1 point in the jambe gauche (3 damage points left)"  # E69: damage, not hit points
    assert said[-1] == "healed by a day of rest: 1 point in the jambe gauche (no damage left)"  # it read "nothing"


def test_a_care_test_without_a_degree_heals_nothing_and_says_so_PROPOSAL_5_6() -> None:
    world = table()
    suffer_damage(world, "Aldo", 4, "a club", "left-leg")
    dice(world).add(9)  # no degree at level 2
    assert give_care(world, "Bruna", "Aldo", "left-leg", TestSpec("E", difficulty=2)) == 0
    (healed,) = events_of(world, "Aldo", ev.WoundsHealed)
    assert healed.removed == {} and describe(healed) == "healed by care by Bruna: nothing"  # it read "4 points"
    (tested,) = events_of(world, "Bruna", ev.TestRolled)
    assert describe(tested).startswith("care of Aldo's jambe gauche: level ")  # the location as every line names it, not "Jambe gauche"


def test_a_wounds_healed_of_an_older_journal_keeps_its_totals_and_is_never_read_as_points_healed() -> None:
    # Version 1 of WoundsHealed kept only each location's total after the healing (``healed``): the
    # upcast leaves it so and marks the points healed unknown; the log says what the event holds.
    stored: dict[str, Any] = {"at": MORNING, "by": "a day of rest", "healed": {"left-leg": 3, "torso": 0}}
    ev.WoundsHealed.upcast_stored(stored)
    assert stored["removed"] is None and stored["healed"] == {"left-leg": 3, "torso": 0}
    old = SimpleNamespace(**stored)
    said = WORDS["chronique.domain.rulesets.elor.events:WoundsHealed"](old)
    assert said == "healed by a day of rest: the jambe gauche down to 3 damage points and the torse healed"  # E69


def test_the_log_says_the_point_a_day_of_rest_healed_PROPOSAL_5_6(db: str, tmp_path: Path) -> None:
    tolosa_with_brigand(db, tmp_path)
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "1", "--location", "left-leg")
    run(db, "session", "end", "Tolosa")
    assert (
        "Samson healed by a day of rest: 1 point in the jambe gauche (no damage left)" in run(db, "advance", "Tolosa", "1d", "--yes").stdout
    )
    (healed,) = [e for e in log(db, "--character", "Samson") if e["topic"].endswith(":WoundsHealed")]
    assert (healed["removed"], healed["healed"]) == ({"left-leg": 1}, {"left-leg": 0})
    assert "1 point in the jambe gauche (no damage left)" in " ".join(run(db, "log", "Tolosa", "--character", "Samson").stdout.split())


# -- 3. Faculty levels the GM gives stay within the nature's range (E35, BD4) ----------------


def test_E35_a_faculty_level_beyond_the_nature_s_range_is_refused_seed_Facultes_L206() -> None:
    # §Facultés L206: a human's faculty runs from -1 (below: severely handicapped); the highest
    # power level (Super-épique) takes it to 15 (§Procédure standard step 2, either power table).
    assert faculty_range(nature("humain")) == (-1, 15)
    world = table()
    for changes in ({"P": -99999, "C": -5000}, {"P": 16}, {"M": -2}):
        with pytest.raises(RuleViolation, match="must be between -1 and 15"):
            change_faculties(world, "Aldo", changes, "the GM's typo")
    assert events_of(world, "Aldo", ev.FacultiesChanged) == []
    change_faculties(world, "Aldo", {"P": 15, "M": -1}, "a god's blessing")  # the ends themselves are taken
    assert world.character("Aldo").sheet["faculties"]["Physique"] == 15


def test_E35_faculties_out_of_range_are_one_line_exit_2_and_nothing_recorded(db: str, tmp_path: Path) -> None:
    tolosa_with_brigand(db, tmp_path)
    said = refused_in_one_line(db, "elor", "faculties", "Tolosa", "Samson", "P=-99999", "C=-5000")
    assert said == "error: Physique must be between -1 and 15 (got -99,999)"
    sheet = json.loads(run(db, "elor", "sheet", "Tolosa", "Samson", "--json").stdout)
    assert sheet["sheet"]["faculties"]["Physique"] == 2 and not sheet["condition"]["dead"]


# -- 4. A defence's options are checked before the roll, whatever it gives (§Défense) --------


@pytest.mark.parametrize(
    ("options", "why"),
    [
        ({"defence": "parry", "parry_with": "Bouclier"}, "Bruna has no weapon “Bouclier”"),
        ({"defence_spec": TestSpec("C", "Guerrier", effort=9)}, "at most 2 effort point"),
        ({"defence": "dodge", "location": "head"}, "Choix de la localisation"),
        ({"defence_spec": TestSpec("C", "Mage")}, "no profession “Mage”"),
        ({"parry_with": "Hache"}, "parries only in a parry"),
        ({"damaged_item": "Hache"}, "Endommagement de l'équipement"),
    ],
)
def test_a_missed_attack_checks_the_defence_s_options_before_any_die_seed_Defense_E20(options: dict[str, Any], why: str) -> None:
    # §Défense, §Effets de combat, E20: on a miss no defence is tested and no blow lands, so these
    # were recorded unchecked (refused only on a hit). Now nothing is rolled or recorded.
    world = table(dice=[10])  # what the attack would roll: a miss (level 5)
    before = recorded(world)
    with pytest.raises(RuleViolation, match=why):
        attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, **options))
    assert recorded(world) == before
    dice(world).leave_unrolled("the attack is refused before its roll")


def test_a_parry_bare_handed_still_names_its_limb_without_the_effect_seed_Effets_de_combat() -> None:
    # The exception to E20: a parry without a weapon takes the blow on the limb --location names.
    world = table(dice=[1, 1, 1])  # the attack's degree, the parry's two (effort 1): parried, half damage to the arm
    parry = Attack("Épée", SWORD, defence="parry", defence_spec=TestSpec("C", effort=1), location="right-arm")
    result = attack(world, "Aldo", "Bruna", parry)
    assert result.exchange.result == "parried" and result.damage is not None and result.damage["location"] == "right-arm"


def test_a_missed_attack_with_impossible_defence_options_is_refused_on_the_command_line(db: str, tmp_path: Path) -> None:
    tolosa_with_brigand(db, tmp_path)
    base = ("elor", "attack", "Tolosa", "Montana James", "Brigand", "-w", "Fouet", "-d", "-5")  # level ≤ 0: a certain miss
    assert "Brigand has no weapon “Bouclier”" in refused_in_one_line(db, *base, "--defence", "parry", "--parry-with", "Bouclier")
    assert "maximal effort" in refused_in_one_line(db, *base, "--defence-effort", "9")
    assert "Choix de la localisation" in refused_in_one_line(db, *base, "--location", "head")


# -- 5. Nobody attacks himself (§Attaque, §Défense) ------------------------------------------


def test_a_character_cannot_attack_themselves_seed_Attaque(db: str, tmp_path: Path) -> None:
    world = table()
    with pytest.raises(RuleViolation, match="cannot attack themselves"):
        attack(world, "Aldo", "Aldo", Attack("Épée", SWORD))
    with pytest.raises(RuleViolation, match="their own attack"):  # nor parries his own blow for another (E34)
        attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, defence="parry", guard="Aldo"))
    tolosa_with_brigand(db, tmp_path)
    said = refused_in_one_line(db, "elor", "attack", "Tolosa", "Montana James", "Montana James", "-w", "Fouet")
    assert said == "error: Montana James cannot attack themselves: the target is someone else"


# -- 6. and 7. Words, not codes, in what a person reads (issue 14) ---------------------------


def test_the_command_line_names_locations_as_the_sheet_does_seed_Humains(db: str, tmp_path: Path) -> None:
    # §Humains: the sheet says Torse, Jambe gauche; the commands said torso, left-leg.
    tolosa_with_brigand(db, tmp_path)
    hit = run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "3", "--location", "torso").stdout
    # Armour 2 on the torso.
    assert hit.startswith("Samson's torse: 1 point of damage (3 dealt, 2 stopped by the armour), 1 in all (hurt)") and "torso" not in hit
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "4", "--location", "left-leg")
    cared = run(db, "elor", "care", "Tolosa", "Samson", "Montana James", "--location", "left-leg").stdout
    assert cared.endswith("from Montana James's jambe gauche\n") and "left-leg" not in cared
    run(db, "session", "end", "Tolosa")
    report = run(db, "advance", "Tolosa", "1d", "--yes").stdout
    assert "Samson healed by a day of rest: 1 point in the torse (no damage left)" in report
    assert (
        "Montana James healed by a day of rest: 1 point in the jambe gauche (3 damage points left)" in report and "left-leg" not in report
    )


def test_a_day_of_rest_names_the_locations_in_the_sheet_s_order_PROPOSAL_5_6() -> None:
    world = table()
    suffer_damage(world, "Aldo", 3, "a club", "left-leg")
    suffer_damage(world, "Aldo", 3, "a club", "head")
    (tick,) = run_until(world, MORNING + DAY)
    assert tick.account == (
        "Aldo healed by a day of rest: 1 point in the tête (2 damage points left) and 1 point in the jambe gauche (2 damage points left)"
    )


def test_an_attack_against_no_defence_and_its_effects_read_in_words_seed_Liste_d_effets_de_combat() -> None:
    world = table(dice=[1, 1])  # two degrees against no defence: one effect point
    blow = Attack("Épée", TestSpec("C", "Guerrier", familiarity="Épées", effort=1), defence="none", offensive_effects=("weapon-bind",))
    attack(world, "Aldo", "Bruna", blow)
    (resolved,) = events_of(world, "Aldo", ev.AttackResolved)
    # It read "2 degrees against 0 of none — hit; effects: weapon bind".
    assert describe(resolved) == "melee attack on Bruna: 2 degrees against no defence — hit; effects: Coincement d'arme"


def test_a_dodge_reads_as_a_dodge_of_so_many_degrees_seed_L_esquive() -> None:
    world = table(dice=[1, 1, 75])  # the attack's degree, Bruna's dodge's degree: half damage, D100 75 the torso
    attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, defence_spec=TestSpec("C", "Guerrier")))
    (resolved,) = events_of(world, "Aldo", ev.AttackResolved)
    assert describe(resolved) == "melee attack on Bruna: 1 degree against a dodge of 1 degree — half damage in the torse"


def test_a_unit_of_work_nobody_could_do_names_the_action_and_says_so_seed_Collaborations() -> None:
    # §Collaborations (E11): an unconscious participant adds nothing; the line read "long action 1: ; ...".
    world = table()
    downtime(world)
    start_long_action(world, "Aldo", "forge an axe", 6, SWORD)
    suffer_damage(world, "Aldo", 4, "a club", "head")  # head HP 4: unconscious
    run_until(world, MORNING + HOUR)
    (unit,) = events_of(world, "Aldo", ev.LongActionProgressed)
    assert unit.tests == [] and unit.name == "forge an axe"
    assert describe(unit) == "long action 1 (forge an axe): nobody could work; 0 degrees gained, 0 in all"
    older: dict[str, Any] = {}
    ev.LongActionProgressed.upcast_stored(older)  # recorded before version 2 kept the name
    assert older["name"] is None


# -- 8. A protagonist is in a scene once (§Scènes d'action) ----------------------------------


def test_a_protagonist_named_twice_is_refused_seed_Scenes_d_action(db: str, tmp_path: Path) -> None:
    world = table()
    before = recorded(world)
    with pytest.raises(RuleViolation, match="Aldo named more than once"):
        begin_scene(world, ["Aldo", "Bruna", "aldo"])
    assert recorded(world) == before
    assert all(c.condition["scene"] is None for c in world.characters.values())
    tolosa_with_brigand(db, tmp_path)
    assert refused_in_one_line(db, "elor", "scene", "start", "Tolosa", "Samson", "Samson") == (
        "error: each protagonist takes part once: Samson named more than once"
    )


# -- 9. The sheet's familiarities without stray spaces (§Familiarités L266-L270) -------------


def test_familiarities_without_a_bonus_read_without_stray_spaces_seed_Familiarites_L266(db: str, tmp_path: Path) -> None:
    tolosa_with_brigand(db, tmp_path)
    shown = run(db, "elor", "sheet", "Tolosa", "Montana James").stdout
    assert "\nFouets, Glyphes\n" in shown  # it read "Fouets , Glyphes "
    assert "\nHaches +1\n" in run(db, "elor", "sheet", "Tolosa", "Samson").stdout
    markdown, page = tmp_path / "montana.md", tmp_path / "montana.html"
    run(db, "export", "sheet", "Tolosa", "Montana James", "-o", str(markdown))
    run(db, "export", "sheet", "Tolosa", "Montana James", "--format", "html", "-o", str(page))
    assert "\nFouets, Glyphes\n" in markdown.read_text(encoding="utf-8")
    assert "| Jambe gauche | 0 | 5 |" in markdown.read_text(encoding="utf-8")  # the tables as before
    assert '<span lang="fr">Fouets</span></span>, ' in page.read_text(encoding="utf-8")


def test_effort_spent_outside_a_scene_comes_back_at_once_in_one_plain_sentence_seed_Categories_de_tests() -> None:
    # §Catégories de tests: outside an action scene, spent effort comes back at once; the log said
    # it in nested brackets, "2 effort points back (out of action scenes, … (§Catégories de tests))".
    from chronique.domain.rulesets.elor.play import roll_test

    world = table(dice=[7, 1, 5])
    roll_test(world, "Aldo", TestSpec("C", "Guerrier", effort=1))
    roll_test(world, "Aldo", TestSpec("C", "Guerrier"))  # the effort the first spent is back first
    (recovered,) = events_of(world, "Aldo", ev.EffortRecovered)
    assert describe(recovered) == "1 effort point back: outside an action scene, spent effort comes back at once (§Catégories de tests)"


def test_a_blow_tells_what_it_did_to_its_location_not_the_whole_body_seed_Application_des_dommages() -> None:
    # §Application des dommages: the log told every location's lasting effect after each blow, in
    # the table's capitalised names ("6 in all, unusable; Bras droit: arm unusable; Jambe gauche:
    # leg unusable"): the arm's news again, and the leg's said twice.
    world = table()
    suffer_damage(world, "Aldo", 20, "sword", where="right-arm", bypass_armour=True)
    suffer_damage(world, "Aldo", 20, "axe", where="left-leg", bypass_armour=True)
    arm, leg = events_of(world, "Aldo", ev.DamageTaken)
    assert arm.effects and leg.effects[0].startswith("Bras droit")  # the event keeps the body's effects
    assert describe(leg) == f"{leg.value['effective']} points of damage in the jambe gauche (axe): {leg.total} in all, {leg.state}"
    assert leg.state == "destroyed"


def test_a_blow_says_its_location_roll_and_a_death_in_words_seed_Application_des_dommages() -> None:
    # §Application des dommages: the D100 gives the location; it read "(D100 94): 6 damage, total
    # 6 (destroyed); … — DEAD".
    from chronique.cli.elor import _damage_line

    blow = {"roll": 94, "effects": ["Tête: death"], "dead": True, "unconscious": False}
    blow |= {"value": {"effective": 6}, "location": "head", "total": 6, "state": "destroyed"}
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        _damage_line("Montana James", blow)
    assert said.getvalue() == "Montana James's tête (location roll 94 on the D100): 6 points of damage, 6 in all (destroyed) — dead\n"


# -- The playtest's defects -------------------------------------------------------------------


def test_effects_the_roll_did_not_win_are_not_applied_and_the_roll_stands_seed_Effets_de_combat() -> None:
    # §Effets de combat: the effects are selected once the values are known ("du moment que la
    # somme de leurs coûts peut être payée"). The attack refused them after rolling and said the
    # roll ("only 1 were won"), recording nothing, so the same dice came again: a free preview.
    world = table(dice=[1, 1, 75])  # two degrees against no defence: 1 effect point; D100 75 the torso
    declared = ("increased-damage", "Dommages augmentés", "Choix de la localisation", "Dommages augmentés")
    blow = Attack("Épée", AIMED, defence="none", offensive_effects=declared, location="head")
    result = attack(world, "Aldo", "Bruna", blow)
    # The first, in the order declared, is paid for; the rest are not applied, never refused.
    assert result.offensive == {"increased-damage": 1}
    assert result.unapplied_offensive == ("Dommages augmentés", "Choix de la localisation", "Dommages augmentés")
    # Without Choix de la localisation the D100 places the blow (E20): the torso, not the head.
    assert result.damage is not None and result.damage["location"] == "torso" and result.damage["value"]["effective"] == 8
    (rolled,) = events_of(world, "Aldo", ev.TestRolled)
    (resolved,) = events_of(world, "Aldo", ev.AttackResolved)
    assert rolled.outcome["dice"] == [1, 1] and resolved.offensive_effects == {"increased-damage": 1}
    assert describe(resolved) == "melee attack on Bruna: 2 degrees against no defence — hit in the torse; effects: Dommages augmentés"


def test_an_effect_no_roll_allows_is_refused_before_the_dice_seed_Liste_d_effets_de_combat() -> None:
    # Effects any roll could pay for are checked before a die is rolled (E39): a refusal shows no roll.
    world = table(dice=[1, 1])
    before = recorded(world)
    with pytest.raises(RuleViolation, match="needs an entangling weapon"):
        attack(world, "Aldo", "Bruna", Attack("Épée", AIMED, defence="none", offensive_effects=("entangle",)))
    assert recorded(world) == before
    dice(world).leave_unrolled("the attack is refused before its roll")


def test_effects_the_attack_did_not_win_are_said_at_the_table_and_the_roll_is_recorded(db: str, tmp_path: Path) -> None:
    # The playtest: a brigand of level 3 without effort wins at most one degree, so no effect
    # point; three commands in a row said "error: the effects cost 3 points; only 1 were won".
    tolosa_with_brigand(db, tmp_path)
    before = len(log(db))
    blow = ("elor", "attack", "Tolosa", "Brigand", "Samson", "-w", "Épée", "-p", "Guerrier", "--defence", "none")
    said = run(db, *blow, "--effect", "Dommages augmentés", "--effect", "Dommages augmentés").stdout
    assert "not applied, the attack did not win the points for them: Dommages augmentés twice\n" in said
    kinds = [entry["topic"] for entry in log(db)[before:]]
    assert any(k.endswith("TestRolled") for k in kinds) and any(k.endswith("AttackResolved") for k in kinds), kinds
    # A refusal comes before the dice: one line, nothing recorded, no roll in it.
    refused = refused_in_one_line(db, *blow, "--effect", "Enchevêtrement")
    assert "entangling" in refused and "rolled" not in refused and "won" not in refused


def test_the_effects_a_choice_cannot_pay_for_are_counted_in_good_grammar() -> None:
    from chronique.domain.rulesets.elor.combat import choose_effects

    with pytest.raises(RuleViolation, match="^the effects cost 3 points but only 1 point was won$"):
        choose_effects(1, "offensive", ["increased-damage"] * 3)


def test_a_negative_armour_is_refused_when_the_sheet_is_made_seed_Application_des_dommages(db: str, tmp_path: Path) -> None:
    # §Application des dommages step 2: armour is subtracted from the damage. A sheet with
    # `head = -3` was accepted, then every blow to the head failed after its roll.
    tolosa_with_brigand(db, tmp_path)
    sheet = tmp_path / "cursed.toml"
    sheet.write_text('name = "Maudit"\nnpc = true\nfaculties = { P = 0, C = 0, E = 0, M = 0 }\n[armour]\nhead = -3\n', encoding="utf-8")
    said = refused_in_one_line(db, "character", "new", "Tolosa", "--sheet", str(sheet))
    assert said == "error: armour head is -3: a protection is never negative"


def test_a_care_says_the_healer_s_level_dice_and_degrees_at_the_table_PROPOSAL_5_6(db: str, tmp_path: Path) -> None:
    # Every other test prints its level and dice at the table; care said only the points removed.
    tolosa_with_brigand(db, tmp_path)
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "4", "--location", "left-leg")
    first, second = run(db, "elor", "care", "Tolosa", "Montana James", "Samson", "--location", "left-leg").stdout.splitlines()
    assert first.startswith("Montana James cares for Samson's jambe gauche: level 2 (Esprit 2): rolled ")
    assert first.endswith(" of success") and second.startswith("Montana James removes ")


def test_a_blow_says_its_location_s_state_apart_from_the_body_s_seed_Application_des_dommages() -> None:
    # A blow to the torso of someone a wounded abdomen keeps unconscious read "1 in all,
    # unconscious", as if the torso were: the location's state, then the body's.
    world = table()
    suffer_damage(world, "Aldo", 6, "the GM", where="abdomen")  # abdomen HP 6 (Physique 1): unconscious
    suffer_damage(world, "Aldo", 2, "the GM", where="torso")  # armour 1: 1 point
    belly, chest = events_of(world, "Aldo", ev.DamageTaken)
    assert describe(belly) == "6 points of damage in the abdomen (the GM): 6 in all, unconsciousness"
    assert describe(chest) == "1 point of damage (2 dealt, 1 stopped by the armour) in the torse (the GM): 1 in all, hurt — unconscious"


def test_the_verifier_reads_each_test_by_the_discard_rule_it_was_recorded_under_E9() -> None:
    # E9 now discards nothing beyond what is needed; tests recorded before TestRolled version 5
    # kept a discard for a better face (2 6 at level 5: 6 turned into 5). The verifier reads each
    # by its own rule: the older use for an older test, never for a new one.
    from chronique.domain.rederivation import Table, check
    from chronique.domain.rulesets.elor import verification
    from chronique.domain.rulesets.elor.play import roll_test

    world = table(dice=[2, 6])
    roll_test(world, "Aldo", AIMED)
    (rolled,) = events_of(world, "Aldo", ev.TestRolled)
    assert rolled.outcome["final"] == [2, 6] and rolled.fewest_discards
    honest = {"topic": f"{type(rolled).__module__}:{type(rolled).__qualname__}", **vars(rolled)}
    rule = verification.RULES.rederive[honest["topic"]]
    assert check(rule, honest, Table()) is None
    best_faces = {**rolled.outcome, "final": [None, 5], "successes": [5]}
    older = {k: v for k, v in honest.items() if k != "fewest_discards"} | {"outcome": best_faces}
    assert check(rule, older, Table()) is None
    assert (check(rule, {**honest, "outcome": best_faces}, Table()) or "").startswith("field outcome:")
    stored: dict[str, Any] = {}
    ev.TestRolled.upcast_stored(stored)
    assert stored["fewest_discards"] is False


def test_the_risk_grows_with_the_hours_of_work_not_before_nor_between_them_seed_Actions_longues_L448_L452() -> None:
    # §Actions longues L448-L452: each test is an hour of research in the library, and "chaque
    # heure qui passe augmente les risques" of the police coming there. Started at 16:00, after
    # the work day (08:00-14:00), the risk was rolled at 17:00, 18:00, … overnight, before the
    # first test at 09:00 the next day.
    world = table(clock=16 * HOUR)
    downtime(world)
    start_long_action(world, "Aldo", "research the glyphs", 40, TestSpec("C"), effort_regime="none", risk=Risk("the policia", threshold=0))
    dice(world).add(*[9, 9] * 12)  # every hour's work and risk: no degree, no police
    ticks = run_until(world, DAY + 16 * HOUR)
    risks = [t.due.at for t in ticks if t.due.process.startswith("risk")]
    tests = [t.due.at for t in ticks if t.due.process.startswith("long")]
    assert risks == tests == [DAY + h * HOUR for h in range(9, 15)]  # Day 2, 09:00 to 14:00
    dice(world).leave_unrolled("the next day's work is not run")


def test_the_sheet_shows_armour_culture_grants_a_level_to_name_and_the_action_points_left() -> None:
    # §Application des dommages (armour per location), §Culture (its familiarities), §Professions
    # (a level waiting for its grant), §Scènes d'action (the action points left in the sequence).
    from chronique.domain.rulesets.elor.downtime import roll_progression
    from chronique.domain.rulesets.elor.play import roll_test, take_opportunity
    from chronique.domain.rulesets.elor.view import sheet_view

    world = table(dice=[1, 1, 9])  # two degrees tick Guerrier; the progression's 9 raises it to 3
    roll_test(world, "Aldo", AIMED)
    roll_progression(world, "Aldo")
    begin_scene(world, ["Aldo", "Bruna"])
    take_opportunity(world, ["Aldo"], "reserve")
    sections = {s.title: s for s in sheet_view(world, world.character("Aldo"), False).sections}
    capacities = {row[0]: row[1] for row in sections["Capacities"].groups[0].rows}
    assert capacities["action points"] == "2 of 3 left in sequence 1, a defence held in reserve"
    assert capacities["to choose"] == "1 level waits for its familiarity or prowess"
    body = {row[0]: row for row in sections["Body"].groups[0].rows}
    assert sections["Body"].columns[-1] == "Armour" and body["Torse"][-1] == "1" and body["Tête"][-1] == "0"
    own, culture = sections["Familiarities"].groups
    assert own.rows == (("Épées", "+1"),)
    assert culture.title == "from the culture Montagnard" and culture.rows == (("Coutumes montagnardes", ""), ("Langage montagnard", ""))


def test_the_hit_points_setting_reads_as_a_sentence(db: str, tmp_path: Path) -> None:
    # It read "Hit points from the printed formulas is now the printed formulas."
    tolosa_with_brigand(db, tmp_path)
    said = run(db, "campaign", "set", "Tolosa", "hp_formula_as_printed", "on").stdout
    assert said == "Tolosa: Source of hit points is now the printed formulas.\n"
