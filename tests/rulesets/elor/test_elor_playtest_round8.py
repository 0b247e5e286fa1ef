"""The defects the eighth play-test of Elor found, each pinned where it was seen: with scripted dice
in memory for the rules, and through the real ``chronique`` command (in-process, ``support.run``)
for what a person reads and what a refused command leaves behind (exit 2, one line, nothing
recorded). Lnnn are lines of the seed (003_d01003b662e47709.txt); En the rulings of docs/rulings.md."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from elor_table import (
    ALDO,
    ALDO_SHEET,
    BRUNA,
    BRUNA_SHEET,
    SWORD,
    journal_lines,
    log,
    recorded,
    refused_in_one_line,
    scene_of,
    table,
    tolosa,
)
from support import run

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.describe import WORDS
from chronique.domain.rulesets.elor.downtime import start_long_action
from chronique.domain.rulesets.elor.play import Attack, TestSpec, attack, begin_scene, join_scene, next_up, take_opportunity

AXE = TestSpec("C", "Guerrier", familiarity="Haches")
CARLO = dict(BRUNA, name="Carlo")
OUTSIDER = "is not in the running action scene: `elor scene join` brings a latecomer in"


# -- 1. Only protagonists fight in a running scene; a latecomer joins it -------------------------


def test_one_who_is_not_a_protagonist_neither_attacks_nor_is_attacked_nor_parries_in_a_running_scene_seed_Scenes_d_action() -> None:
    # §Scènes d'action L472-L498: in a scene each protagonist's opportunities are its action
    # points, and an attack, a defence or a parry spends one. Bruna, not in Aldo's scene, attacked
    # him without spending any (she has none), and Aldo's attack on her met a defence she paid
    # nothing for. Refused, nothing recorded, naming how she joins (ruling E82).
    world = table(ALDO, BRUNA, CARLO)
    begin_scene(world, ["Aldo"])
    before = recorded(world)
    with pytest.raises(RuleViolation, match=f"^Bruna {OUTSIDER}$"):
        attack(world, "Bruna", "Aldo", Attack("Hache", AXE))
    with pytest.raises(RuleViolation, match=f"^Bruna {OUTSIDER}$"):
        attack(world, "Aldo", "Bruna", Attack("Épée", SWORD))
    join_scene(world, ["Bruna"])
    before = recorded(world)
    # A guard parries with an action point too (§La parade L639, E34): Carlo has none to give.
    with pytest.raises(RuleViolation, match=f"^Carlo {OUTSIDER}$"):
        attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, defence="parry", parry_with="Hache", guard="Carlo"))
    assert recorded(world) == before


def test_a_latecomer_joins_the_running_sequence_with_its_action_points_and_spends_them_seed_Scenes_d_action_L472_L498() -> None:
    # §Scènes d'action L472-L474: "Durant chacune de ces séquences, chaque protagoniste aura un
    # nombre d'occasions d'agir égal à son nombre de points d'action". The seed says nothing of one
    # who comes in while a sequence runs: Bruna comes into sequence 1 with her 3 AP (ruling E82),
    # so with the most available she has the next opportunity (L478), and her attack spends one.
    world = table(dice=[10])  # Bruna's attack misses (Aldo makes no defence against a miss, E15)
    begin_scene(world, ["Aldo"])
    take_opportunity(world, ["Aldo"], "wait")
    join_scene(world, ["bruna"])
    joined = scene_of(world, "Bruna")
    assert (joined["sequence"], joined["ap"], joined["spent"], joined["began"]) == (1, 3, 0, scene_of(world, "Aldo")["began"])
    assert next_up(world) == ("Bruna",)
    attack(world, "Bruna", "Aldo", Attack("Hache", AXE))
    assert (scene_of(world, "Bruna")["ap"], scene_of(world, "Bruna")["spent"]) == (2, 1)
    (came,) = [e for e in world.character("Bruna").pending_events if isinstance(e, ev.ProtagonistJoined)]
    assert WORDS[f"{ev.__name__}:ProtagonistJoined"](came) == "came into sequence 1 of the action scene with 3 action points"


def test_a_latecomer_to_a_spent_sequence_has_its_action_points_from_the_next_seed_Scenes_d_action_L500_L502() -> None:
    # §Scènes d'action L500-L502: the sequence ends when every protagonist has spent its points,
    # and the next restores them all. Aldo has spent his 3: the sequence's 6 seconds are over, and
    # Bruna, coming in then, has none in it; the next opportunity opens sequence 2 for both.
    world = table()
    begin_scene(world, ["Aldo"])
    for _ in range(3):
        take_opportunity(world, ["Aldo"], "wait")
    join_scene(world, ["Bruna"])
    assert (scene_of(world, "Bruna")["sequence"], scene_of(world, "Bruna")["ap"]) == (1, 0)
    (came,) = [e for e in world.character("Bruna").pending_events if isinstance(e, ev.ProtagonistJoined)]
    assert WORDS[f"{ev.__name__}:ProtagonistJoined"](came) == (
        "came into sequence 1 of the action scene as it ended: all action points from the next one"
    )
    assert next_up(world) == ("Aldo", "Bruna")  # 3 AP each, none spent: they act together (L482)
    take_opportunity(world, ["Bruna"], "wait")
    assert (scene_of(world, "Bruna")["sequence"], scene_of(world, "Bruna")["ap"], scene_of(world, "Aldo")["ap"]) == (2, 2, 3)


def test_a_latecomer_walks_into_the_fight_on_the_command_line_seed_Scenes_d_action(db: str) -> None:
    # Ruling E82 at the table: `elor scene join` brings Montana James into Samson's scene; before
    # that her attack and his are refused in one line, nothing recorded.
    tolosa(db)
    said = refused_in_one_line(db, "elor", "scene", "join", "Tolosa", "Montana James")
    assert said == "error: no action scene is running: `elor scene start` begins one"
    run(db, "elor", "scene", "start", "Tolosa", "Samson")
    said = refused_in_one_line(db, "elor", "attack", "Tolosa", "Montana James", "Samson", "-w", "Fouet")
    assert said == f"error: Montana James {OUTSIDER}"
    said = refused_in_one_line(db, "elor", "attack", "Tolosa", "Samson", "Montana James", "-w", "Hache")
    assert said == f"error: Montana James {OUTSIDER}"
    # Nor does she take an opportunity: it said "the next opportunity is Samson's", as if she waited her turn.
    assert refused_in_one_line(db, "elor", "scene", "act", "Tolosa", "Montana James", "--as", "wait") == f"error: Montana James {OUTSIDER}"
    assert refused_in_one_line(db, "elor", "scene", "join", "Tolosa", "samson") == "error: Samson already takes part in the action scene"
    said = run(db, "elor", "scene", "join", "Tolosa", "montana james").stdout
    assert said == "Montana James came into sequence 1 of the action scene with 3 action points\nnext: Samson + Montana James\n"
    (joined,) = [e for e in log(db) if e["topic"].endswith(":ProtagonistJoined")]
    assert (joined["sequence"], joined["action_points"]) == (1, 3)
    assert "came into sequence 1 of the action scene with 3 action points" in " ".join(run(db, "log", "Tolosa").stdout.split())


# -- 2. What makes a collaboration possible fits a refusal's line whole --------------------------


def test_a_collaboration_of_three_with_long_names_is_refused_in_one_whole_line_seed_Collaborations_L458(db: str, tmp_path: Path) -> None:
    # §Collaborations L458 (E73, E77): each participant's level, and what would make some
    # participant's test possible, with whose it is. With three 20-character names the line was
    # cut at the refusal's 300 characters ("…"); said shorter it holds whole (ruling E83).
    owner, aldo, carlo = "Bruna Aldebrandini I", "Aldo Montefeltro Sr.", "Carlo di Vittorini Z"
    world = table(dict(BRUNA, name=owner), dict(ALDO, name=aldo), dict(BRUNA, name=carlo))
    mental = TestSpec("M", difficulty=-1)  # Bruna -1, Aldo -2, Carlo -1; Aldo's Coordination 2 gives 1
    with pytest.raises(RuleViolation) as refused:
        start_long_action(world, owner, "decipher the glyphs", 3, mental, helpers=[(aldo, mental), (carlo, mental)])
    said = str(refused.value)
    assert said == (
        "cannot start: every test would be at 0 or below, which fails without a roll: Bruna Aldebrandini I -1,"
        " Aldo Montefeltro Sr. -2, Carlo di Vittorini Z -1; possible with -f Coordination (Aldo Montefeltro Sr. at level 1)"
        " if it fits, or an easier -d 1 (Bruna Aldebrandini I at level 1)"
    )
    # Through the command line: the same line, whole (no "…"), within the 300 characters.
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor", "--start", "Day 1 08:00")
    for sheet, name in ((ALDO_SHEET, aldo), (BRUNA_SHEET, owner), (BRUNA_SHEET, carlo)):
        path = tmp_path / f"{name}.toml"
        path.write_text(sheet.replace(sheet.splitlines()[0], f"name = {name!r}"), encoding="utf-8")
        run(db, "character", "new", "Tolosa", "--sheet", str(path))
    said = refused_in_one_line(
        db, "elor", "long-action", "start", "Tolosa", owner, "decipher the glyphs", "--degrees", "3", "-f", "M", "-d", "-1",
        "--helper", aldo, "--helper", carlo,
    )  # fmt: skip
    assert said == f"error: {str(refused.value)}" and len(said) <= len("error: ") + 300


# -- 3. A simultaneous attack says so ------------------------------------------------------------


def test_a_simultaneous_attack_says_so_in_the_log_and_an_older_one_reads_as_not_seed_Cas_d_actions_simultanees_L520_L528() -> None:
    # §Cas d'actions simultanées L520-L528: both laid "Attaque", the cards turned up together,
    # each attacks without a defence. The log's line said "melee attack on Bruna: 0 degrees against
    # no defence", as for a Bruna who made no defence against Aldo alone. AttackResolved version 2
    # keeps it (ruling E84); one recorded before reads as not simultaneous.
    world = table(dice=[10, 10, 10])  # Aldo's and Bruna's simultaneous attacks miss; then Aldo's own
    begin_scene(world, ["Aldo", "Bruna"])
    attack(world, "Aldo", "Bruna", Attack("Épée", SWORD, simultaneous=True))
    attack(world, "Bruna", "Aldo", Attack("Hache", AXE, simultaneous=True))
    attack(world, "Aldo", "Bruna", Attack("Épée", SWORD))
    words = WORDS[f"{ev.__name__}:AttackResolved"]
    aldo = [e for e in world.character("Aldo").pending_events if isinstance(e, ev.AttackResolved)]
    (bruna,) = [e for e in world.character("Bruna").pending_events if isinstance(e, ev.AttackResolved)]
    together = "(both cards “Attaque”, turned up together): 0 degrees against no defence — missed"
    assert [words(e) for e in aldo] == [
        f"simultaneous melee attack on Bruna {together}",
        "melee attack on Bruna: 0 degrees against no defence — missed",
    ]
    assert words(bruna) == f"simultaneous melee attack on Aldo {together}"
    stored: dict[str, Any] = {
        "at": 0, "target": "Bruna", "melee": True, "attack": 1, "defence": 0, "defence_kind": "none", "result": "hit",
        "offensive_effects": {}, "defensive_effects": {}, "damage": None,
    }  # fmt: skip
    ev.AttackResolved.upcast_stored(stored)  # recorded before version 2 kept it
    assert stored["simultaneous"] is False
    assert words(SimpleNamespace(**stored)).startswith("melee attack on Bruna: 1 degree against no defence")


def test_a_simultaneous_attack_says_so_on_the_table_s_line_the_export_and_the_journal_seed_Cas_d_actions_simultanees(db: str) -> None:
    # The same words wherever the attack is read (describe.py): the attack's own line, the log,
    # the session's export and the players' web journal.
    tolosa(db)
    run(db, "elor", "scene", "start", "Tolosa", "Samson", "Montana James")
    said = run(db, "elor", "attack", "Tolosa", "Samson", "Montana James", "-w", "Hache", "--simultaneous").stdout
    assert said.startswith("Samson attacks simultaneously (both cards “Attaque”, turned up together): level ")
    line = "simultaneous melee attack on Montana James (both cards “Attaque”, turned up together): "
    assert line in " ".join(run(db, "log", "Tolosa").stdout.split())
    run(db, "session", "end", "Tolosa")
    assert line in " ".join(run(db, "export", "session", "Tolosa", "1").stdout.split())
    assert any(line in text for text in journal_lines(db))


# -- Found in play: a test by hand of a long action says each participant's test -----------------


def test_a_long_action_test_by_hand_says_each_participant_s_dice_and_degrees_seed_Collaborations_L458(db: str) -> None:
    # §Actions longues L442, §Collaborations L458: each participant tests, and the unit adds the
    # degrees. `long-action test` said only "lift the gate: 1/4 degrees": nobody at the table saw
    # the dice it rolled nor whose degrees they were, as every other test shows them.
    tolosa(db)
    gate = ("lift the gate", "--degrees", "4", "-f", "P", "--manual", "--helper", "Montana James")
    run(db, "elor", "long-action", "start", "Tolosa", "Samson", *gate)
    lines = run(db, "elor", "long-action", "test", "Tolosa", "Samson", "lift the gate").stdout.splitlines()
    (progressed,) = [e for e in log(db) if e["topic"].endswith(":LongActionProgressed")]
    samson = next(t for t in progressed["tests"] if t["name"] == "Samson")
    rolled = [e for e in log(db) if e["topic"].endswith(":TestRolled")]
    assert len(lines) == 3 and len(rolled) == 2
    (die,) = rolled[0]["outcome"]["dice"]
    degrees = "1 degree" if samson["degrees"] == 1 else "0 degrees"
    assert lines[0] == f"Samson: level 2 (Physique 2): rolled {die} — {degrees} of success"
    assert lines[1] == "Montana James: level 0 (Physique 0): no roll, failure — 0 degrees of success"
    assert lines[2] == f"lift the gate: {progressed['accumulated']}/4 degrees ({degrees} gained)"
