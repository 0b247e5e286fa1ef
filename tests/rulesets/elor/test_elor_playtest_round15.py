"""Elor, fifteenth round: a long campaign and what its players read of it. A training whose
teacher died (E120), the tick a test gives its profession for natural progression (E121), a
familiarity granted again as the seed's Samson gets it (E122) and the work a dead character left
(E123). The command-line tests run the real ``chronique`` command (in-process, ``support.run``,
or in a subprocess, ``support.chronique``) on a real journal; the unit tests roll scripted dice
(tests/elor_table.py).
Seed: shared/seeds/003_d01003b662e47709.txt; digest: shared/rules/elor.md."""

from __future__ import annotations

from elor_table import ALDO, BRUNA, TRAIN, in_the_log, log, of_kind, refused_in_one_line, table, tolosa
from support import chronique, log_details, run

from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.describe import WORDS
from chronique.domain.rulesets.elor.play import TestSpec, roll_test

DEAD = "its teacher Samson is dead, and a training needs a living teacher"
# Samson's axe at level 11 (Coordination 1, Guerrier +2, Haches +1, difficulty +7): a certain
# success, a degree for its die and one for its effort point (PROPOSAL B4, E8, E108): no die.
CERTAIN = ("-p", "Guerrier", "--familiarity", "Haches", "-d", "7", "-e", "1")


def _kill_samson(db: str) -> None:
    # §Humains: the head at twice its hit points is death (Samson's head has 4).
    said = run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "20", "--location", "Tête", "--source", "un ours").stdout
    assert said == "Samson's tête: 20 points of damage, 20 in all (destroyed) — dead\n"


# -- E120: a training whose teacher died --------------------------------------------------------


def test_a_training_whose_teacher_died_stops_at_its_week_PROPOSAL_5_5_ruling_E120(db: str) -> None:
    # PROPOSAL §5.5: training is a long action "with a teacher of a higher level". Montana James
    # trains in Guerrier with Samson (Esprit 2: level 2 a week); Samson is killed by a bear before
    # the first week. The weeks went on testing ("training in Guerrier with Samson 1/2 degrees")
    # for as long as the campaign ran; at its week the training stops, said by the advance, the
    # log, the downtime report and the sheet, and no die is rolled that week or after.
    tolosa(db)
    assert run(db, *TRAIN, "Montana James", "Guerrier", "--teacher", "Samson", "-f", "E").stdout.startswith(
        "Montana James trains in Guerrier with Samson (long action 1): 2 degrees to reach level 1"
    )
    _kill_samson(db)
    run(db, "session", "end", "Tolosa")
    said = chronique(db, "advance", "Tolosa", "3w", "--yes").stdout
    assert said == (
        "advanced 3 weeks from Day 1 08:00 to Day 22 08:00: 1 effect of time\n"
        f"  Day 8 08:00  Montana James: training in Guerrier with Samson stopped at 0/2 degrees: {DEAD}\n"
    )
    assert of_kind(db, "TestRolled", "Montana James") == []
    (stopped,) = of_kind(db, "LongActionAbandoned", "Montana James")
    assert in_the_log(stopped) == f"gave up long action 1 (training in Guerrier with Samson): {DEAD}"
    report = run(db, "downtime", "report", "Tolosa").stdout
    assert report == f"Day 8 08:00  Montana James gave up long action 1 (training in Guerrier with Samson): {DEAD}\n"
    assert "training in Guerrier with Samson  0/2 degrees  abandoned" in run(db, "sheet", "Tolosa", "Montana James").stdout
    assert (
        run(db, "downtime", "board", "Tolosa").stdout
        == "Tolosa: nothing under way between sessions: no healing, training or long action running\n"
    )
    assert chronique(db, "verify").returncode == 0


def test_a_training_by_hand_with_a_dead_teacher_stops_too_and_a_living_one_keeps_teaching_ruling_E120(db: str) -> None:
    # The GM's 'long-action test' follows the week's rule (E65): stopped, no die. A teacher who
    # is only hurt still teaches (the test is made).
    tolosa(db)
    run(db, *TRAIN, "Samson", "Archéologue", "--teacher", "Montana James", "-d", "10")  # level 11: a certain success
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "2", "--location", "Bras gauche")
    assert run(db, "elor", "long-action", "test", "Tolosa", "Samson", "1").stdout == (
        "Samson: level 11 (Coordination 1, difficulty +10): no roll, success — 1 degree of success\n"
        "training in Archéologue with Montana James: 1/2 degrees (1 degree gained)\n"
    )
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "20", "--location", "Tête")
    assert run(db, "elor", "long-action", "test", "Tolosa", "Samson", "1").stdout == (
        "training in Archéologue with Montana James: 1/2 degrees — stopped:"
        " its teacher Montana James is dead, and a training needs a living teacher\n"
    )
    assert len(of_kind(db, "TestRolled", "Samson")) == 1
    assert refused_in_one_line(db, "elor", "long-action", "test", "Tolosa", "Samson", "1") == (
        "error: long action “training in Archéologue with Montana James” is over"
    )


# -- E121: the tick for natural progression, said -----------------------------------------------


def test_a_test_that_ticks_its_profession_says_so_in_the_log_on_the_line_and_on_the_sheet_PROPOSAL_5_5_ruling_E121(db: str) -> None:
    # PROPOSAL §5.5 (E26): a test with 2 degrees or more using a profession ticks it, and
    # 'elor xp progress' rolls a D10 for each tick at the adventure's end. Nothing said which
    # professions were ticked: not the test's line, nor the log, nor the sheet ("Samson has no
    # ticked profession" was the only way to learn of none).
    tolosa(db)
    ticked = "; Guerrier ticked for natural progression"
    first = chronique(db, "elor", "test", "Tolosa", "Samson", *CERTAIN, "--reason", "abattre le chêne").stdout
    assert first == (
        "Samson: level 11 (Coordination 1, Guerrier +2, Haches +1, difficulty +7) with 1 effort point:"
        f" no roll, success — 2 degrees of success{ticked}\n"
    )
    # Once until the progression roll (E26): the second such test ticks nothing and says nothing.
    second = run(db, "elor", "test", "Tolosa", "Samson", *CERTAIN).stdout
    assert second.endswith("no roll, success — 2 degrees of success\n")
    details = log_details(db, "Tolosa", "--kind", "test rolled")
    assert details[0] == (
        "abattre le chêne: level 11 (Coordination 1, Guerrier +2, Haches +1, difficulty +7) with 1 effort point:"
        f" no roll, success — 2 degrees of success{ticked}"
    )
    assert ticked not in details[1]
    sheet = " ".join(run(db, "sheet", "Tolosa", "Samson").stdout.split())
    assert "progression: Guerrier ticked (at the adventure's end, a D10 above its level raises it)" in sheet
    # Rolled, the tick is gone: the sheet says nothing of progression any more.
    run(db, "elor", "xp", "progress", "Tolosa", "Samson")
    assert "progression" not in run(db, "sheet", "Tolosa", "Samson").stdout


def test_an_attack_that_ticks_guerrier_says_so_and_one_that_ticks_nothing_says_nothing_ruling_E121() -> None:
    # Aldo's sword at level 5 with 1 effort point: dice 1 and 2, two degrees: Guerrier ticked.
    world = table(ALDO, BRUNA, dice=[1, 2, 7])
    roll_test(world, "Aldo", TestSpec("C", "Guerrier", familiarity="Épées", effort=1, purpose="attack on Bruna with Épée"))
    roll_test(world, "Bruna", TestSpec("C", "Guerrier"))  # 7 at level 2: no degree, no tick
    (aldo,) = [e for e in world.character("Aldo").pending_events if isinstance(e, ev.TestRolled)]
    (bruna,) = [e for e in world.character("Bruna").pending_events if isinstance(e, ev.TestRolled)]
    words = WORDS["chronique.domain.rulesets.elor.events:TestRolled"]
    assert words(aldo) == (
        "attack on Bruna with Épée: level 5 (Coordination 2, Guerrier +2, Épées +1) with 1 effort point:"
        " rolled 1 2 — 2 degrees of success; Guerrier ticked for natural progression"
    )
    assert words(bruna) == "test: level 2 (Coordination 1, Guerrier +1): rolled 7 — 0 degrees of success"


# -- E122: a familiarity granted again -----------------------------------------------------------


def test_samson_takes_haches_a_third_time_and_reads_haches_plus_2_seed_Familiarites_L264_L270_ruling_E122(db: str) -> None:
    # §Familiarités L266-L270, the seed's own example: Samson, the woodcutter warrior, takes Haches
    # at each of his three Guerrier levels; "Celle-ci devient donc Haches +2". The sample sheet
    # holds Guerrier 2 and Haches +1; the third level said only "with familiarity Haches".
    tolosa(db)
    run(db, "elor", "xp", "award", "Tolosa", "Samson", "2", "--reason", "the end of Monchu Pachu")
    said = chronique(db, "elor", "xp", "spend", "Tolosa", "Samson", "Guerrier", "familiarity", "Haches").stdout
    assert said == "Samson: Guerrier 3, with familiarity Haches, now Haches +2\n"
    # A first grant says nothing more (§Familiarités L256).
    said = run(db, "elor", "xp", "spend", "Tolosa", "Samson", "Bûcheron", "familiarity", "Arbres").stdout
    assert said == "Samson: Bûcheron 1, with familiarity Arbres\n"
    assert "Haches +2, Arbres\n" in run(db, "sheet", "Tolosa", "Samson").stdout
    # L270 and §Professions: with Guerrier 3 his axes are used at level 3 + 2 = 5 (Coordination 1
    # on top, and the GM's -5 so that the line stays a plain roll's).
    line = run(db, "elor", "test", "Tolosa", "Samson", "-p", "Guerrier", "--familiarity", "Haches", "-d", "-5").stdout
    assert line.startswith("Samson: level 1 (Coordination 1, Guerrier +3, Haches +2, difficulty -5): rolled ")


def test_a_prowess_granted_again_says_its_new_level_seed_Prouesses_ruling_E122(db: str) -> None:
    # §Prouesses: a prowess granted again rises a level (its level quantifies its effects).
    tolosa(db)
    run(db, "elor", "xp", "award", "Tolosa", "Montana James", "2")
    said = run(db, "elor", "xp", "spend", "Tolosa", "Montana James", "Aventurier", "prowess", "Coup de fouet").stdout
    assert said == "Montana James: Aventurier 2, with prowess Coup de fouet\n"
    said = run(db, "elor", "xp", "spend", "Tolosa", "Montana James", "Aventurier", "prowess", "coup de fouet").stdout
    assert said == "Montana James: Aventurier 3, with prowess Coup de fouet, now at level 2\n"


# -- E123: the work a dead character left ---------------------------------------------------------


def test_the_work_a_dead_character_left_reads_stopped_by_death_not_running_ruling_E123(db: str) -> None:
    # §Humains ("Effet double PV": Mort): Samson dies with a canoe half carved. The dead test no
    # more (E11), so no unit falls due; his sheet still read "running" months later.
    tolosa(db)
    run(db, "elor", "xp", "award", "Tolosa", "Samson", "1")
    run(db, "elor", "xp", "spend", "Tolosa", "Samson", "Bûcheron", "familiarity", "Arbres")
    work = ("tailler un canoë", "--degrees", "10", "--unit", "1d", "-f", "P", "-p", "Bûcheron", "--familiarity", "Arbres")
    run(db, "elor", "long-action", "start", "Tolosa", "Samson", *work)
    _kill_samson(db)
    run(db, "session", "end", "Tolosa")
    assert chronique(db, "advance", "Tolosa", "1w", "--yes").stdout == (
        "advanced 1 week from Day 1 08:00 to Day 8 08:00: nothing happened\n"
    )
    sheet = run(db, "sheet", "Tolosa", "Samson").stdout
    assert "tailler un canoë  0/10 degrees  stopped by death\n" in sheet
    # As it stood when it began, alive, it was running.
    (started,) = of_kind(db, "LongActionStarted", "Samson")
    ref = f"{started['originator_id'][:8]}:{started['originator_version']}"
    assert "tailler un canoë  0/10 degrees  running\n" in run(db, "sheet", "Tolosa", "Samson", "--as-of", ref).stdout
    events = [e["topic"].rsplit(":", 1)[-1] for e in log(db, "--character", "Samson")]
    assert "LongActionProgressed" not in events
