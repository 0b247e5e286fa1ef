"""Elor's rules fidelity (issue 17) through the real ``chronique`` CLI, in-process, on a real
SQLite file and a real PostgreSQL database, with real chance: each check reads the recorded draws
back (``log --json --gm``) and asserts what the rules make of them. Lnnn are lines of the seed
(003_d01003b662e47709.txt)."""

from __future__ import annotations

import json
import re
from itertools import accumulate
from pathlib import Path
from typing import Any

from elor_table import ALDO_SHEET, BRUNA_SHEET
from support import run

from chronique.domain.gametime import DayCountCalendar

# An archer (a GM character): Coordination 2, Guerrier 3 with Arcs.
DARIO = """name = "Dario"
npc = true
faculties = { P = 0, C = 2, E = 0, M = 0 }
professions = { Guerrier = 3 }
familiarities = { Arcs = 1 }
[weapons.Arc]
damage = 5
increment = 1
familiarity = "Arcs"
ranged = true
"""
# One action point: Coordination -1, Esprit -1 (a GM character).
DINO = """name = "Dino"
npc = true
faculties = { P = 0, C = -1, E = -1, M = 0 }
"""
CALENDAR = DayCountCalendar()


def tolosa(db: str, tmp_path: Path, *sheets: str) -> None:
    """A new Elor campaign, Tolosa, at Day 1 08:00, with these characters."""
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    for number, text in enumerate(sheets):
        path = tmp_path / f"sheet{number}.toml"
        path.write_text(text, encoding="utf-8")
        run(db, "character", "new", "Tolosa", "--sheet", str(path))


def events(db: str, topic: str, name: str, *options: str) -> list[dict[str, Any]]:
    """The recorded events of one kind of one character's own chain, oldest first (the GM's
    view): ``log --character`` also lists the events of other chains that name it (ruling RM5)."""

    def read(*more: str) -> list[dict[str, Any]]:
        return [entry["event"] for entry in json.loads(run(db, "log", "Tolosa", "--json", "--gm", "--character", name, *more).stdout)]

    own = next(e["originator_id"] for e in read() if e["topic"].endswith("Character.Created") and e["name"] == name)
    return [e for e in read(*options) if e["originator_id"] == own and e["topic"].endswith(f":{topic}")]


def degrees_by_hand(dice: list[int], level: int) -> int:
    """§Catégories de tests d'action L322-L326: each die at or under the level is a degree, and a
    die discarded gives another -1: the most j dice whose excess over the level the n - j others
    can pay for."""
    excess = sorted(max(0, die - level) for die in dice)
    return max(j for j in range(len(dice) + 1) if sum(excess[:j]) <= len(dice) - j)


def test_downtime_work_is_stamped_at_each_hour_and_read_back_there_seed_L448_L450(db: str, tmp_path: Path) -> None:
    # Montana James's hours (L448-L450): a test an hour, no effort renewal. Aldo, Coordination 2,
    # plans 1 effort a test of his 2 points: two tests with 2 dice, then 1 die each.
    tolosa(db, tmp_path, ALDO_SHEET)
    glyphs = ("the glyphs", "--degrees", "40", "-f", "C", "-e", "1", "--effort-regime", "none")
    assert "first test Day 1 09:00" in run(db, "elor", "long-action", "start", "Tolosa", "Aldo", *glyphs).stdout
    report = run(db, "advance", "Tolosa", "--to", "Day 1 12:30", "--yes").stdout
    tests = events(db, "TestRolled", "Aldo")
    assert [CALENDAR.format(t["at"]) for t in tests] == ["Day 1 09:00", "Day 1 10:00", "Day 1 11:00", "Day 1 12:00"]
    assert [t["outcome"]["effort"] for t in tests] == [1, 1, 0, 0]
    assert [len(t["outcome"]["dice"]) for t in tests] == [2, 2, 1, 1]
    assert all(t["outcome"]["level"] == 2 for t in tests)
    degrees = [degrees_by_hand(t["outcome"]["dice"], 2) for t in tests]
    assert [t["outcome"]["degrees"] for t in tests] == degrees
    running = list(accumulate(degrees))
    progressed = events(db, "LongActionProgressed", "Aldo")
    assert [(CALENDAR.format(p["at"]), p["accumulated"]) for p in progressed] == [
        (CALENDAR.format(t["at"]), total) for t, total in zip(tests, running, strict=True)
    ]
    assert f"Day 1 12:00  Aldo: the glyphs {running[-1]}/40 degrees" in report
    # The sheet as it was at 08:30 shows no effort spent, no degree; at 09:30, the first test's.
    before = run(db, "sheet", "Tolosa", "Aldo", "--as-of", "Day 1 08:30").stdout
    assert "effort: 2 of 2 points available" in before and re.search(r"^the glyphs +0/40 degrees +running$", before, re.M)
    after_one = run(db, "sheet", "Tolosa", "Aldo", "--as-of", "Day 1 09:30").stdout
    assert "effort: 1 of 2 points available, 1 spent (fatigue)" in after_one and re.search(
        rf"^the glyphs +{running[0]}/40 degrees +running$", after_one, re.M
    )
    # The log from 10:30 finds the last two hours' tests, and only them.
    later = events(db, "TestRolled", "Aldo", "--from", "Day 1 10:30")
    assert [t["at"] for t in later] == [t["at"] for t in tests[2:]]
    assert "OK" in run(db, "verify", "Tolosa").stdout


def test_work_after_a_session_is_stamped_at_its_hours_not_at_the_session_s_end_seed_L442(db: str, tmp_path: Path) -> None:
    # A session from 08:00 in which the work starts; the session ends, two days pass: every hour
    # of work carries its own time, after the session's end and inside the work hours.
    tolosa(db, tmp_path, BRUNA_SHEET)
    run(db, "session", "start", "Tolosa")
    run(db, "elor", "long-action", "start", "Tolosa", "Bruna", "the sword", "--degrees", "99", "-f", "C", "-p", "Forgeron")
    run(db, "session", "end", "Tolosa")
    run(db, "advance", "Tolosa", "2d", "--yes")
    tests = events(db, "TestRolled", "Bruna")
    hours = [f"Day {day} {hour:02d}:00" for day in (1, 2) for hour in range(9, 15)]
    assert [CALENDAR.format(t["at"]) for t in tests] == hours
    assert [p["at"] for p in events(db, "LongActionProgressed", "Bruna")] == [t["at"] for t in tests]


def test_D9_a_ranged_attack_from_the_range_options_seed_Attaque_a_distance_L544_L603(db: str, tmp_path: Path) -> None:
    tolosa(db, tmp_path, ALDO_SHEET, DARIO)
    run(db, "session", "start", "Tolosa")
    # D9: a standing human (1.12 m: size 0) at 30 m (-1) crossing at 10 km/h (-2): -3.
    shot = ("--ranged", "--target-size", "1.12", "--distance", "30", "--target-speed", "10")
    out = run(db, "elor", "attack", "Tolosa", "Dario", "Aldo", "-w", "Arc", "-p", "Guerrier", *shot).stdout
    assert "range difficulty -3 (size 0, distance -1, speed -2)" in out
    (rolled,) = events(db, "TestRolled", "Dario")
    assert rolled["shot"]["modifiers"] == {"size": 0, "distance": -1, "speed": -2, "extra": 0}
    assert rolled["terms"]["range"] == -3 and sum(rolled["terms"].values()) == rolled["outcome"]["level"] == 2
    (die,) = rolled["outcome"]["dice"]
    assert rolled["outcome"]["degrees"] == (1 if die <= 2 else 0)
    # X10 (L603): 50 km/h at 45 degrees is 25 across (-3); crouching 0.9 m (-1), 10 m (0): -4,
    # and the GM's darkness (-d -1) on top: 5 - 4 - 1 = 0, a certain failure without a die.
    crouching = ("--ranged", "--target-size", "0.9", "--distance", "10", "--target-speed", "50", "--angle", "45", "-d", "-1")
    out = run(db, "elor", "attack", "Tolosa", "Dario", "Aldo", "-w", "Arc", "-p", "Guerrier", *crouching).stdout
    assert "range difficulty -4 (size -1, distance 0, speed -3)" in out
    second = events(db, "TestRolled", "Dario")[-1]
    assert (second["terms"]["range"], second["terms"]["difficulty"], second["outcome"]["level"]) == (-4, -1, 0)
    assert second["outcome"]["automatic"] == "failure" and second["chance"] == []
    assert "OK" in run(db, "verify", "Tolosa").stdout
    swerving = ("--ranged", "--target-size", "1", "--distance", "5", "--erratic", "3")
    wrongs = (("--ranged", "--distance", "30"), ("--distance", "30"), swerving)
    for wrong in wrongs:
        result = run(db, "elor", "attack", "Tolosa", "Dario", "Aldo", "-w", "Arc", *wrong, check=False)
        assert result.returncode == 2 and result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr


def test_scene_next_names_who_opens_the_next_sequence_seed_Scenes_d_action_L478_L502(db: str, tmp_path: Path) -> None:
    # D2: Aldo 3 AP, Dino 1: Aldo, Dino, Aldo, Aldo; then every AP is spent (L500) and Aldo, who
    # acted last but stays eligible at a new sequence (L478), opens it with the most AP (L502).
    tolosa(db, tmp_path, ALDO_SHEET, DINO)
    run(db, "session", "start", "Tolosa")
    assert run(db, "elor", "scene", "start", "Tolosa", "Aldo", "Dino").stdout.strip() == "scene started; next: Aldo"
    said = [
        run(db, "elor", "scene", "act", "Tolosa", who, "--as", "wait").stdout.strip().splitlines()
        for who in ("Aldo", "Dino", "Aldo", "Aldo")
    ]
    assert [lines[-1] for lines in said] == [
        "next: Dino",
        "next: Aldo",
        "next: Aldo",
        "next: Aldo, opening sequence 2 with all action points back",
    ]
    # Ruling E130: each line first says whose point went on what, and what is left of them.
    assert [lines[0] for lines in said] == [
        "Aldo waits: an action point spent, 2 left in sequence 1",
        "Dino waits: an action point spent, none left in sequence 1",
        "Aldo waits: an action point spent, 1 left in sequence 1",
        "Aldo waits: an action point spent, none left in sequence 1",
    ]
    assert run(db, "elor", "scene", "next", "Tolosa").stdout.strip() == "next: Aldo, opening sequence 2 with all action points back"
    assert run(db, "elor", "scene", "act", "Tolosa", "Aldo").stdout.strip().splitlines() == [
        "Aldo acts: an action point spent, 2 left in sequence 2",
        "next: Dino",
    ]
    began = events(db, "SequenceBegan", "Dino")
    assert [(b["sequence"], b["at"] - began[0]["at"]) for b in began] == [(1, 0), (2, 6)]  # a sequence is 6 seconds (L472)


def test_oppose_takes_several_opponents_each_with_its_own_test_seed_Actions_reactions_L362_L388(db: str, tmp_path: Path) -> None:
    tolosa(db, tmp_path, ALDO_SHEET, BRUNA_SHEET, DARIO)
    run(db, "session", "start", "Tolosa")
    # Aldo acts on Physique 1 + Guerrier 2 = 3; Bruna reacts on the defaults (Coordination 1, no
    # profession), Dario with his own test (Coordination 2 + Guerrier 3 = 5, 1 effort).
    out = run(db, "elor", "oppose", "Tolosa", "Aldo", "Bruna", "Dario,profession=Guerrier,effort=1", "-f", "P", "-p", "Guerrier").stdout
    (action,) = events(db, "TestRolled", "Aldo")
    (bruna,) = events(db, "TestRolled", "Bruna")
    (dario,) = events(db, "TestRolled", "Dario")
    assert action["purpose"] == "action against Bruna and Dario" and action["outcome"]["level"] == 3
    assert (bruna["spec"]["faculty"], bruna["spec"]["profession"], bruna["outcome"]["level"]) == ("Coordination", None, 1)
    assert (dario["spec"]["profession"], dario["spec"]["effort"], dario["outcome"]["level"]) == ("Guerrier", 1, 5)
    mine, theirs = action["outcome"]["degrees"], {"Bruna": bruna["outcome"]["degrees"], "Dario": dario["outcome"]["degrees"]}
    assert mine == degrees_by_hand(action["outcome"]["dice"], 3)
    assert theirs == {"Bruna": degrees_by_hand(bruna["outcome"]["dice"], 1), "Dario": degrees_by_hand(dario["outcome"]["dice"], 5)}
    # L382-L392: each opponent compared one by one with the action, never summed.
    best = max(theirs.values())
    if mine == 0 and best == 0:
        expected = "nobody has a degree of success: nothing happens but the time spent"
    elif mine > best:
        expected = f"Aldo's action prevails over every reaction, with {extra_effects(mine - best)}"
    elif mine == best:
        expected = "Aldo equals the best reaction"
    else:
        beaten = [f"{name} by {d - mine} ({extra_effects(d - mine)})" for name, d in theirs.items() if d > mine]
        expected = f"Aldo's action fails: beaten by {', '.join(beaten)}"
    assert expected in out.splitlines()[-1]
    # Each line says what its level adds up from, as the log does.
    lines = out.splitlines()
    assert lines[0].startswith("Aldo: level 3 (Physique 1, Guerrier +2)")
    assert lines[1].startswith("Bruna: level 1 (Coordination 1)") and lines[2].startswith(
        "Dario: level 5 (Coordination 2, Guerrier +3) with 1 effort point"
    )


def test_a_contest_gives_each_entrant_its_own_faculty_and_profession_seed_Concours_L404_L414(db: str, tmp_path: Path) -> None:
    tolosa(db, tmp_path, ALDO_SHEET, BRUNA_SHEET, DARIO)
    run(db, "session", "start", "Tolosa")
    # The gladiators (L412): Aldo runs on the defaults (Physique 1, no profession), Bruna with her
    # own (Coordination 1 + Guerrier 1) from farther (-1), Dario with 1 effort as NAME:EFFORT.
    out = run(db, "elor", "contest", "Tolosa", "Aldo", "Bruna,faculty=C,profession=Guerrier,difficulty=-1", "Dario:1", "-f", "P").stdout
    tests = {name: events(db, "TestRolled", name)[0] for name in ("Aldo", "Bruna", "Dario")}
    levels = {name: t["outcome"]["level"] for name, t in tests.items()}
    assert levels == {"Aldo": 1, "Bruna": 1, "Dario": 0}  # Dario: Physique 0, a certain failure
    assert tests["Bruna"]["terms"] == {**tests["Bruna"]["terms"], "faculty": 1, "profession": 1, "difficulty": -1}
    degrees = {name: t["outcome"]["degrees"] for name, t in tests.items()}
    by_hand = {name: degrees_by_hand(t["outcome"]["dice"], levels[name]) if t["outcome"]["dice"] else 0 for name, t in tests.items()}
    assert degrees == by_hand
    groups: dict[int, list[str]] = {}
    for name in sorted(degrees, key=lambda n: -degrees[n]):
        groups.setdefault(degrees[name], []).append(name)
    assert out.splitlines()[-1] == "ranking: " + " > ".join(" = ".join(group) for group in groups.values())
    assert [line.split(":", 1)[1].split(":")[0] for line in out.splitlines()[:3]] == [
        " level 1 (Physique 1)",
        " level 1 (Coordination 1, Guerrier +1, difficulty -1)",
        " level 0 (Physique 0)",  # ruling E116: a certain failure spends none of the effort asked
    ]
    assert out.splitlines()[2] == (
        "Dario: level 0 (Physique 0): no roll, failure — 0 degrees of success"
        " (1 effort point asked, none spent: a test at level 0 or below fails before any effort is invested or die rolled)"
    )
    for wrong in (("Aldo", "aldo"), ("Aldo", "Bruna,speed=3"), ("Aldo:x",)):
        result = run(db, "elor", "contest", "Tolosa", *wrong, check=False)
        assert result.returncode == 2 and result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr


def test_a_movement_test_takes_the_destroyed_leg_s_malus_a_plain_test_does_not_seed_Application_des_dommages_E16(
    db: str, tmp_path: Path
) -> None:
    tolosa(db, tmp_path, ALDO_SHEET, BRUNA_SHEET)
    run(db, "session", "start", "Tolosa")
    run(db, "elor", "damage", "Tolosa", "Aldo", "--amount", "30", "--location", "left-leg")  # destroyed
    # PROPOSAL §4.2 (E16, E6): an unusable or destroyed leg gives -2 to movement tests (as to
    # dodges), said as its own "wounds" term; a test the GM does not call one of movement keeps its level.
    plain = run(db, "elor", "test", "Tolosa", "Aldo", "-p", "Guerrier").stdout
    moving = run(db, "elor", "test", "Tolosa", "Aldo", "-p", "Guerrier", "--movement").stdout
    assert plain.startswith("Aldo: level 4 (Coordination 2, Guerrier +2)") and "wounds" not in plain
    assert moving.startswith("Aldo: level 2 (Coordination 2, Guerrier +2, wounds -2)")
    before, after = events(db, "TestRolled", "Aldo")
    assert (before["spec"]["movement"], before["terms"]["wounds"], before["outcome"]["level"]) == (False, 0, 4)
    assert (after["spec"]["movement"], after["terms"]["wounds"], after["outcome"]["level"]) == (True, -2, 2)
    # A race (§Concours): --movement is every entrant's default, movement=no or yes overrides it.
    race = run(db, "elor", "contest", "Tolosa", "Aldo", "Bruna", "--movement").stdout.splitlines()
    assert race[0].startswith("Aldo: level 0 (Coordination 2, wounds -2)") and race[1].startswith("Bruna: level 1 (Coordination 1)")
    sides = ("Aldo,movement=no", "Bruna,movement=yes")
    assert run(db, "elor", "contest", "Tolosa", *sides, "--movement").stdout.startswith("Aldo: level 2 (Coordination 2):")
    race = run(db, "elor", "contest", "Tolosa", "Aldo,movement=yes", "Bruna").stdout.splitlines()
    assert race[0].startswith("Aldo: level 0 (Coordination 2, wounds -2)")
    # A chase (§Actions / réactions): the action's --movement, a reaction's movement=yes.
    chase = run(db, "elor", "oppose", "Tolosa", "Aldo", "Bruna,movement=yes", "--movement").stdout.splitlines()
    assert chase[0].startswith("Aldo: level 0 (Coordination 2, wounds -2)") and chase[1].startswith("Bruna: level 1 (Coordination 1)")
    assert "OK" in run(db, "verify", "Tolosa").stdout
    for command in ("test", "contest"):
        said = " ".join(run(db, "elor", command, "--help").stdout.split())
        assert "--movement" in said and "unusable or destroyed leg takes 2 off" in said
    wrong = run(db, "elor", "contest", "Tolosa", "Aldo,movement=maybe", "Bruna", check=False)
    assert wrong.returncode == 2 and wrong.stderr.startswith("error: ") and wrong.stderr.count("\n") == 1, wrong.stderr
    assert len(events(db, "TestRolled", "Aldo")) == 6  # the refused contest recorded nothing


def extra_effects(count: int) -> str:
    """The count of extra effects, in words: "1 extra effect", "2 extra effects"."""
    return f"{count} extra effect{'' if count == 1 else 's'}"


def test_a_melee_attack_says_each_side_s_roll_the_exchange_and_the_wound_as_recorded_seed_Attaque(db: str, tmp_path: Path) -> None:
    # §Attaque, §Défense, §Effets de combat: the attacker's test, the defender's dodge, the values
    # compared; then on a hit the damage to the location the D100 gives (§Application des
    # dommages). Each line is what the recorded events say, in the players' words: "Bruna
    # dodges", a wound from "Aldo's Épée".
    from chronique.domain.rulesets.elor.describe import level_terms, place
    from chronique.domain.rulesets.elor.describe import test as logged

    tolosa(db, tmp_path, ALDO_SHEET, BRUNA_SHEET)
    run(db, "session", "start", "Tolosa")
    out = run(db, "elor", "attack", "Tolosa", "Aldo", "Bruna", "-w", "Épée", "-p", "Guerrier").stdout.splitlines()
    (attack,) = events(db, "TestRolled", "Aldo")
    (resolved,) = events(db, "AttackResolved", "Aldo")
    # The level says what it adds up from, as the log does: Coordination, Guerrier, Épées +1.
    terms = attack["terms"]
    assert sum(terms.values()) == attack["outcome"]["level"]
    assert {k for k, v in terms.items() if v} <= {"faculty", "profession", "familiarity"}
    made = f"Coordination {terms['faculty']}, Guerrier {terms['profession']:+d}, Épées {terms['familiarity']:+d}"
    assert out.pop(0) == f"Aldo attacks: {logged(attack['outcome'], made)}"
    # §Défense: an attack without a degree is not defended against (unless --defend-on-miss).
    dodges = events(db, "TestRolled", "Bruna")
    assert len(dodges) == (0 if attack["outcome"]["degrees"] == 0 else 1)
    for dodge in dodges:
        assert out.pop(0) == f"Bruna dodges: {logged(dodge['outcome'], level_terms(dodge['spec'], dodge['terms']))}"
    # The exchange in the log's words: the degrees on each side and the defence made (§Défense).
    kind = {"dodge": "a dodge", "parry": "a parry"}.get(resolved["defence_kind"])
    defended = f"{kind} of {resolved['defence']} degree{'' if resolved['defence'] == 1 else 's'}" if kind else "no defence"
    degrees = f"{resolved['attack']} degree{'' if resolved['attack'] == 1 else 's'}"
    assert out.pop(0).startswith(f"{degrees} against {defended}: ")
    taken = events(db, "DamageTaken", "Bruna")
    if resolved["damage"] is None:
        assert (taken, out) == ([], [])
        return
    (wound,) = taken
    assert wound["source"] == "Aldo's Épée"
    assert out[0].startswith(f"Bruna's {place(wound['location'])} (location roll {wound['roll']} on the D100): ")
