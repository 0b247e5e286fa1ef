"""The real ``chronique elor`` CLI, in-process, on a real SQLite file and a real PostgreSQL database
(issue 6, item 6; issue 19). The downtime report is checked against the recorded dice: the work
each hour's test added, the risk clock, and the day of rest's healing (elor.md §3.5, §5.2-§5.3, §5.6)."""

from __future__ import annotations

import json
import re
from itertools import accumulate
from pathlib import Path
from typing import Any

from elor_table import ALDO_SHEET, BRUNA_SHEET
from support import run

from chronique.domain.gametime import DayCountCalendar
from chronique.domain.rulesets.elor.describe import damage_left, degrees_against, place
from chronique.domain.rulesets.elor.tables import nature
from chronique.domain.rulesets.words import joined


def events(db: str, campaign: str, topic: str, name: str) -> list[dict[str, Any]]:
    """The recorded events of one kind of one character, oldest first."""
    log = [entry["event"] for entry in json.loads(run(db, "log", campaign, "--json", "--gm", "--character", name).stdout)]
    return [e for e in log if e["topic"].endswith(f":{topic}")]


def test_elor_from_a_test_to_a_downtime_of_work_and_healing_Actions_longues_L436_5_6(db: str, tmp_path: Path) -> None:
    for name, text in (("aldo", ALDO_SHEET), ("bruna", BRUNA_SHEET)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "aldo.toml"))
    run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "bruna.toml"))
    run(db, "session", "start", "Tolosa")
    assert (
        "Aldo: level 5 (Coordination 2, Guerrier +2, Épées +1) with 1 effort point: rolled "
        in run(db, "elor", "test", "Tolosa", "Aldo", "-f", "C", "-p", "Guerrier", "--familiarity", "Épées", "-e", "1").stdout
    )
    assert "next: Aldo + Bruna" in run(db, "elor", "scene", "start", "Tolosa", "Aldo", "Bruna").stdout
    out = run(db, "elor", "attack", "Tolosa", "Aldo", "Bruna", "-w", "Épée", "-p", "Guerrier", "-e", "1").stdout
    (resolved,) = events(db, "Tolosa", "AttackResolved", "Aldo")
    # The exchange as the log says it (its words held to the seed in test_elor_fidelity_cli.py).
    assert f"\n{degrees_against(resolved['attack'], resolved['defence_kind'], resolved['defence'])}: " in out
    assert "Bruna's torse" in run(db, "elor", "damage", "Tolosa", "Bruna", "--amount", "3", "--location", "torso").stdout
    # Real dice: the attack may have knocked Bruna out, so the attacker does the downtime work.
    work = ("long-action", "start", "Tolosa", "Aldo", "fletch arrows", "--degrees", "40", "-f", "C", "-p", "Guerrier", "--risk", "watch")
    run(db, "elor", *work)
    run(db, "elor", "scene", "end", "Tolosa")
    run(db, "session", "end", "Tolosa")
    report = run(db, "advance", "Tolosa", "1d", "--yes").stdout
    calendar = DayCountCalendar()

    # The work (§3.1, §3.5, §5.2): one test an hour, each die at or under the action level (C 2 +
    # Guerrier 2) a degree, the degrees summed; the report shows the running sum after each hour.
    tests = [t for t in events(db, "Tolosa", "TestRolled", "Aldo") if t["purpose"].startswith("long action “fletch arrows”")]
    assert tests and all(t["outcome"]["level"] == 4 for t in tests)
    degrees = [sum(die <= t["outcome"]["level"] for die in t["outcome"]["dice"]) for t in tests]
    assert [t["outcome"]["degrees"] for t in tests] == degrees
    running = list(accumulate(degrees))
    assert [p["accumulated"] for p in events(db, "Tolosa", "LongActionProgressed", "Aldo")] == running
    assert re.findall(r"Aldo: fletch arrows (\d+)/40 degrees", report) == [str(n) for n in running]
    # The risk clock (PROPOSAL §5.3): each hour a D10 at or under the threshold (1, then one more
    # each hour) strikes, and a risk that struck stops the clock.
    risks = events(db, "Tolosa", "RiskRolled", "Aldo")
    assert risks and [r["threshold"] for r in risks] == list(range(1, len(risks) + 1))
    assert [r["triggered"] for r in risks] == [r["die"] <= r["threshold"] for r in risks]
    assert not any(r["triggered"] for r in risks[:-1])
    struck = [r for r in risks if r["triggered"]]
    assert [line.strip() for line in report.splitlines() if "the risk struck" in line] == [
        f"{calendar.format(r['at'])}  Aldo: fletch arrows: the risk struck: watch (D10 {r['die']}, at most {r['threshold']})"
        for r in struck
    ]
    # Healing (PROPOSAL §5.6): a full day of rest (the blows fell at Day 1 08:00)
    # takes a point off each hurt location of Bruna.
    hurt: dict[str, int] = {}
    hit_points: dict[str, int] = {}
    for blow in events(db, "Tolosa", "DamageTaken", "Bruna"):
        hurt[blow["location"]] = blow["total"]
        hit_points = blow["hit_points"]
    healed = {where: total - 1 for where, total in hurt.items() if total > 1}
    # The locations as the sheet names them, in its order (§Humains).
    order = [loc.key for loc in nature("humain").locations]
    # A day of rest heals a point of each hurt location (PROPOSAL §5.6), told as the log tells it.
    rested = [(where, total - 1) for where, total in sorted(hurt.items(), key=lambda item: order.index(item[0])) if total]
    # Ruling E69: the damage points left, and what a location back under its hit points gives back.
    said = joined([f"1 point in the {place(where)} ({damage_left(where, left, 1, hit_points[where])})" for where, left in rested])
    assert f"Day 2 08:00  Bruna healed by a day of rest: {said or 'nothing'}" in report
    assert json.loads(run(db, "elor", "sheet", "Tolosa", "Bruna", "--json").stdout)["condition"]["wounds"] == healed
    # The downtime report names what a GM must hear of since the session's end: the risk that
    # struck, and a day of rest that gave a location back or healed it whole (ruling E110; the
    # attack's real dice decide whether Bruna's did).
    notable = json.loads(run(db, "downtime", "report", "Tolosa", "--json").stdout)
    # Ruling E91: the long action by its name too.
    met = "met the risk of long action 1 (fletch arrows): watch"
    expected = [(r["at"], "Aldo", met) for r in struck]
    if any(left == 0 or left + 1 >= hit_points[where] > left for where, left in rested):
        (rest,) = events(db, "Tolosa", "WoundsHealed", "Bruna")
        expected.append((rest["at"], "Bruna", f"healed by a day of rest: {said}"))
    assert [(n["at"], n["who"], n["what"]) for n in notable] == expected
    assert run(db, "downtime", "report", "Tolosa").stdout.strip() == (
        "\n".join(f"{calendar.format(at)}  {who} {what}" for at, who, what in expected)
        # Ruling TB15: an empty report says its span.
        or "Tolosa: nothing notable since session 1 ended (Day 1 08:00; the clock reads Day 2 08:00)"
    )

    sheet = json.loads(run(db, "elor", "sheet", "Tolosa", "Aldo", "--json").stdout)
    assert json.loads(run(db, "sheet", "Tolosa", "Aldo", "--json").stdout) == sheet  # the common command too
    assert "Aldo — " in run(db, "sheet", "Tolosa", "Aldo", "--as-of", "1").stdout
    assert sheet["condition"]["long_actions"][0]["units"] == len(tests) == 6
    assert sheet["condition"]["long_actions"][0]["accumulated"] == running[-1]
    assert (
        "3 action points, 3 effort points (3 available), at most 2 points of effort on one action"
        in run(db, "elor", "faculties", "Tolosa", "Aldo", "M=0", "--reason", "GM").stdout
    )
    assert "OK" in run(db, "verify", "Tolosa").stdout


def test_elor_bad_input_is_a_one_line_error_with_status_2(db: str, tmp_path: Path) -> None:
    (tmp_path / "aldo.toml").write_text(ALDO_SHEET, encoding="utf-8")
    # One problem (C 3 above the Normal maximum 2, elor.md §2.8), the faculty points still within 2.
    (tmp_path / "bad.toml").write_text(ALDO_SHEET.replace("C = 2", "C = 3").replace("P = 1", "P = 0"), encoding="utf-8")
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "aldo.toml"))
    for args in (
        ("character", "new", "Tolosa", "--sheet", str(tmp_path / "bad.toml")),
        ("elor", "test", "Tolosa", "Nobody"),
        ("elor", "test", "Tolosa", "Aldo", "-e", "5"),
        ("elor", "test", "Tolosa", "Aldo", "-f", "Charisme"),
        ("elor", "damage", "Tolosa", "Aldo", "--amount", "3", "--location", "tail"),
        ("elor", "attack", "Tolosa", "Aldo", "Aldo", "-w", "Arc"),
        ("elor", "faculties", "Tolosa", "Aldo", "P"),
        ("elor", "long-action", "start", "Tolosa", "Aldo", "x", "--degrees", "2", "--manual", "--in-scene"),
    ):
        result = run(db, *args, check=False)
        assert result.returncode == 2, args
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr


def test_a_test_line_shows_the_dice_rolled_and_how_discards_changed_them_only_when_they_did() -> None:
    # §Catégories de tests d'action L322-326: a discarded die gives ±1 to another (2 into 1); the
    # command's line and the log's entry say it alike.
    from chronique.cli.elor import describe
    from chronique.domain.rulesets.elor.describe import test as logged
    from chronique.domain.rulesets.elor.resolution import TestOutcome

    kept = TestOutcome(level=3, effort=1, dice=(7, 1), final=(7, 1), automatic=None, degrees=1, successes=(1,))
    assert describe(kept) == "level 3 with 1 effort point: rolled 7 1 — 1 degree of success"
    discarded = TestOutcome(level=1, effort=2, dice=(2, 3, 1), final=(1, None, 1), automatic=None, degrees=2, successes=(1, 1))
    assert describe(discarded) == "level 1 with 2 effort points: rolled 2 3 1, 1 die discarded to turn 2 into 1 — 2 degrees of success"
    # §Catégories L328-334 (Chuchiño): two dice discarded onto one 6 make it a 4.
    onto_one = TestOutcome(level=4, effort=3, dice=(6, 6, 7, 9), final=(4, 6, None, None), automatic=None, degrees=1, successes=(4,))
    assert describe(onto_one) == "level 4 with 3 effort points: rolled 6 6 7 9, 2 dice discarded to turn 6 into 4 — 1 degree of success"
    certain = TestOutcome(level=0, effort=0, dice=(), final=(), automatic="failure", degrees=0, successes=())
    assert describe(certain) == "level 0: no roll, failure — 0 degrees of success"
    assert [describe(o) for o in (kept, discarded, certain)] == [logged(o.to_dict()) for o in (kept, discarded, certain)]


def test_an_exchange_reads_in_words_with_the_effect_points_left_unspent_seed_Effets_de_combat() -> None:
    # §Effets de combat: net degrees above 1 are effect points; equal values give half damage.
    from chronique.cli.elor import _exchange_line
    from chronique.domain.rulesets.elor.combat import exchange

    # The values in the log's words (describe._attack): "2 degrees against a parry of 1 degree";
    # the line said "attack 2 against defence 1", which named neither degrees nor the defence.
    assert _exchange_line(exchange(1, 1), {}, {}) == "1 degree against a dodge of 1 degree: half damage"
    assert _exchange_line(exchange(0, 0), {}, {}) == "0 degrees against a dodge of 0 degrees: missed"
    assert (
        _exchange_line(exchange(4, 1, "parry"), {}, {})
        == "4 degrees against a parry of 1 degree: hit; 2 effect points of the attack unspent"
    )
    bound = _exchange_line(exchange(3, 0, "none"), {"weapon-bind": 1}, {})
    assert bound == "3 degrees against no defence: hit; effects: Coincement d'arme; 1 effect point of the attack unspent"
    # §Défense: no defence was made, not a defence of 0.
    assert _exchange_line(exchange(0, 0, "none"), {}, {}) == "0 degrees against no defence: missed"
    assert (
        _exchange_line(exchange(0, 3), {}, {}) == "0 degrees against a dodge of 3 degrees: dodged; 2 effect points of the defence unspent"
    )
