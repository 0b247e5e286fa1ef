"""``chronique luck`` and the campaign report's plots for all four games (issue 14), through the real
CLI in-process on a real journal of each backend. Each test plays rolls of one game, reads what was
recorded (``log --json --gm``), counts for each character the rolls it made that succeed or fail
against a target, with their exact odds counted out by brute force (tests/luck_brute.py), and holds
``luck --by character --json`` to that; the campaign report then carries that game's plots. A
face-down roll counts only once its epoch is revealed (its success is the GM's secret before)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from math import erfc, sqrt
from pathlib import Path
from typing import Any

from elor_table import ALDO_SHEET, BRUNA_SHEET
from luck_brute import d10_success, d100_success, fudge_beats, fudge_success
from microfudge_table import ZOMBIES_EVENING, zombies_at_the_table
from support import SAMPLES, run

Roll = tuple[str, bool, Fraction]  # who rolled, did it succeed, its chance


def recorded(db: str, campaign: str) -> list[dict[str, Any]]:
    """Every recorded event (the GM's view), each with ``hidden``: whether players see it face down."""
    hidden = [entry["hidden"] for entry in json.loads(run(db, "log", campaign, "--json").stdout)]
    events = [entry["event"] for entry in json.loads(run(db, "log", campaign, "--json", "--gm").stdout)]
    assert len(hidden) == len(events)
    return [event | {"hidden": flag} for event, flag in zip(events, hidden, strict=True)]


def topic(event: dict[str, Any]) -> str:
    return str(event["topic"]).rsplit(":", 1)[-1]


def owners(events: list[dict[str, Any]]) -> dict[str, str]:
    """Character ids to names, from their creation."""
    return {e["originator_id"]: e["name"] for e in events if topic(e) == "Character.Created"}


def expected_luck(rolls: list[Roll]) -> dict[str, dict[str, Any]]:
    """What ``luck --json`` must say per character: successes against the sum of the chances, with
    the variance of a sum of Bernoulli trials; a verdict on the z-score only once at least 5
    successes and 5 failures were to be expected (ruling LK9), "too few rolls to tell" before."""
    out: dict[str, dict[str, Any]] = {}
    for who in dict.fromkeys(name for name, _, _ in rolls):
        mine = [(s, p) for name, s, p in rolls if name == who]
        observed, expected = sum(s for s, _ in mine), sum((p for _, p in mine), Fraction(0))
        failures = sum((1 - p for _, p in mine), Fraction(0))
        variance = sum((p * (1 - p) for _, p in mine), Fraction(0))
        z = (observed - float(expected)) / sqrt(variance) if variance else None
        if z is None:
            verdict = "no uncertain draw"
        elif expected < 5 or failures < 5:
            verdict = "too few rolls to tell"
        else:
            verdict = "within ordinary luck" if abs(z) < 2 else f"unusually {'' if z > 0 else 'un'}lucky"
        out[who] = {
            # Ruling LK11: the gap in words, never a bare z; past two sd, how rarely luck runs so far.
            "how_unusual": verdict if z is None or verdict == "too few rolls to tell" else how_unusual(z, verdict),
            "draws": len(mine),
            "observed": observed,
            "expected": str(expected),
            "expected_float": round(float(expected), 3),
            "sd": round(sqrt(variance), 3),
            "z": None if z is None else round(z, 2),
            "verdict": verdict,
        }
    return out


def how_unusual(z: float, verdict: str) -> str:
    """The words of ruling LK11 for a gap of ``z`` sd once the rolls are enough: past two sd the
    verdict with the one-sided tail of the normal curve, as "1 in N" (two figures past 100)."""
    if abs(z) < 1:
        return "as expected"
    if abs(z) < 2:
        return f"{'luckier' if z > 0 else 'unluckier'} than most"
    odds = 1 / (0.5 * erfc(abs(z) / sqrt(2)))
    figure = f"{round(odds)}" if odds < 100 else f"{float(format(odds, '.2g')):,.0f}"
    return f"{verdict} (about 1 in {figure})"


def luck(db: str, campaign: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(run(db, "luck", campaign, "--by", "character", "--json").stdout)
    return found


def assert_report_plots(db: str, campaign: str, tmp_path: Path, kinds: tuple[str, ...]) -> None:
    """The campaign report names its game and each character's state as his sheet says it, and
    shows luck by character, by kind of roll (named in words) and by session, each as a plot."""
    out = tmp_path / f"{campaign}.html"
    run(db, "export", "campaign", campaign, "-o", str(out))
    page = out.read_text(encoding="utf-8")
    game = {"cartes": "Cartes", "microfudge": "MicroFudge CECJ", "western-parade": "Western Parade", "elor": "Elor"}
    shown = json.loads(run(db, "log", campaign, "--json").stdout)
    created = next(e["event"] for e in shown if e["event"]["topic"].endswith("Campaign.Created"))
    assert f"<p>{game[created['ruleset']]}, " in page
    # What its luck counts, in the game's word: Cartes draws cards, the others roll dice (LK17).
    counted = "Draws" if created["ruleset"] == "cartes" else "Rolls"
    assert f"<th>Character</th><th>{counted}</th><th>Successes</th>" in page
    head = next(line for line in run(db, "--ascii", "luck", campaign).stdout.splitlines() if "Successes" in line)
    assert [cell.strip() for cell in head.strip("|").split("|")][:2] == ["Character", counted]
    for name in sorted(e["event"]["name"] for e in shown if e["event"]["topic"].endswith("Character.Created")):
        status = run(db, "sheet", campaign, name).stdout.splitlines()[0].rsplit(" — ", 1)[1]
        assert f"<tr><td>{name}</td>" in page and f"</td><td>{status}</td></tr>" in page
    for title in ("Luck by character", "Luck by kind of roll", "Luck by session"):
        assert f"<figure><img alt='{title}' src='data:image/png;base64," in page
    for kind in kinds:
        assert f"<tr><td>{kind}</td>" in page


# -- Western Parade --------------------------------------------------------------------------------

CITY, SAM, JOE, DOC, SIRINGO = "Shotgun City", "Sam Parkerson", "Joe Hambuster", "Doc Holloway", "Charlie Siringo"


def d100_roll(who: str, outcome: dict[str, Any], chance: int | None = None) -> Iterator[Roll]:
    """One roll under a chance (western-parade.md §3.1): success when the open-ended total is at
    most the chance; below 5% no die, unless the character insisted: then his CHC roll (§3.1.3)."""
    if outcome.get("luck"):
        yield from d100_roll(who, outcome["luck"])
        return
    if outcome["faces"]:
        chance = outcome["chance"] if chance is None else chance
        yield who, outcome["total"] <= chance, d100_success(chance)


def struck_roll(event: dict[str, Any]) -> dict[str, Any] | None:
    """The roll a wound brought on the one it struck, as the dice fell: his END roll against being
    put out of action (§3.2.5) or the roll of a bullet in the head; None for any other event."""
    if topic(event) == "PutOutOfAction":
        return event["effect"]["end_roll"] or None
    return event["outcome"] if topic(event) == "HeadBulletRolled" else None


def western_parade_rolls(events: list[dict[str, Any]]) -> list[Roll]:
    """The rolls against a target the digest names, each for whoever rolled it: checks, shots,
    melee attacks and the defender's defence (§4.4), first aid (§5.2: rolled at the easy chance,
    normal + 25), and the rolls of the one a wound struck (``struck_roll``)."""
    names, rolls = owners(events), []
    for e in events:
        if e["hidden"]:
            continue
        who = names.get(e["originator_id"], "")
        if topic(e) in ("CheckRolled", "ShotFired"):
            rolls += d100_roll(who, e["outcome"])
        elif topic(e) == "BlowStruck":
            rolls += d100_roll(who, e["outcome"])
            rolls += d100_roll(e["target"], e["defence"]) if e["defence"] else []
        elif topic(e) == "FirstAidGiven":
            rolls += d100_roll(e["by"], e["outcome"], e["outcome"]["chance"] + 25)
        elif (struck := struck_roll(e)) is not None:
            rolls += d100_roll(who, struck)
    return rolls


def test_western_parade_luck_is_every_d100_roll_against_its_open_ended_odds_s3_1(db: str, tmp_path: Path) -> None:
    run(db, "campaign", "new", CITY, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe", "doc", "siringo"):
        run(db, "character", "new", CITY, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CITY)
    # Whoever is hit acts no more after, so the real dice cannot stop a later command.
    for args in (
        ("roll", CITY, SAM, "-c", "END", "-d", "easy"),
        ("roll", CITY, SAM, "-s", "Armes de poing"),
        ("roll", CITY, JOE, "-s", "Pugilat", "-m", "drunk opponent=+60"),  # over 95%: 96-100 still roll on (§1.1)
        ("roll", CITY, JOE, "-c", "AGI", "-d", "impossible", "--insist"),  # below 5%: his CHC roll (§3.1.3)
        ("roll", CITY, SAM, "-c", "INT", "--hidden"),
        ("body", "wound", CITY, SIRINGO, "left-thigh", "4", "--kind", "blade"),
        ("body", "first-aid", CITY, SIRINGO, "left-thigh", "--by", JOE),
        ("strike", CITY, JOE, DOC, "-w", "punch", "--defence", "dodge", "--defence-skill", "Esquive"),
        ("shoot", CITY, SAM, SIRINGO, "-w", "Colt SA Peacemaker", "--distance", "20"),
    ):
        run(db, "western-parade", *args)
    events = recorded(db, CITY)
    assert [topic(e) for e in events if e["hidden"]] == ["CheckRolled"]  # the secret roll, left out for now
    rolls = western_parade_rolls(events)
    # Sam: END, Armes de poing, the shot; Joe: Pugilat, the luck roll, the punch, first aid; Doc: his
    # dodge; and whoever the punch or the shot struck, the rolls the wound brought on him.
    struck = [owners(events)[e["originator_id"]] for e in events if struck_roll(e) is not None]
    assert sorted(who for who, _, _ in rolls) == sorted([DOC] + [JOE] * 4 + [SAM] * 3 + struck)
    assert luck(db, CITY) == expected_luck(rolls)
    run(db, "session", "end", CITY)  # the session's epoch is revealed: the secret roll counts now
    events = recorded(db, CITY)
    assert not any(e["hidden"] for e in events)
    assert luck(db, CITY) == expected_luck(western_parade_rolls(events))
    checks = (
        "skill roll",
        "characteristic roll",
        "luck roll against the impossible — to be spared a critical failure on an impossible roll",
    )
    assert_report_plots(
        db, CITY, tmp_path, (*checks, "melee attack", "defence (dodge)", "shot", "first aid — to stop at least 1 PH, at the easy chance")
    )


# -- MicroFudge ------------------------------------------------------------------------------------


def microfudge_rolls(events: list[dict[str, Any]]) -> list[Roll]:
    """Tests, powers and first aid (final = everything but the dice + 4dF, success at the required
    rank, L245, L433; the dice alone, before an Atout changed one, L743) and each side of a simple
    conflict (the strictly higher final wins, L253)."""
    names, rolls = owners(events), []
    for e in events:
        if e["hidden"]:
            continue
        if topic(e) in ("TestRolled", "PowerUsed"):
            base = e["final"] - sum(e["dice"]) - e.get("modifiers", {}).get("change-die", 0)
            rolls.append((names[e["originator_id"]], base + sum(e["dice"]) >= e["required"], fudge_success(base, e["required"])))
        elif topic(e) == "FirstAidGiven":
            t = e["test"]
            base = t["final"] - sum(t["dice"])
            rolls.append((e["healer"], t["final"] >= t["required"], fudge_success(base, t["required"])))
        elif topic(e) == "SimpleConflictRolled":
            a, b = ((s["name"], s["final"] - sum(s["dice"]), s["final"]) for s in e["sides"])
            rolls += [(a[0], a[2] > b[2], fudge_beats(a[1], b[1])), (b[0], b[2] > a[2], fudge_beats(b[1], a[1]))]
    return rolls


def test_microfudge_luck_is_every_4df_roll_against_its_required_rank_L245_L253(db: str, tmp_path: Path) -> None:
    zombies_at_the_table(db, tmp_path)
    for args in ZOMBIES_EVENING:
        run(db, "microfudge", *args)
    revers = json.loads(run(db, "sheet", "Zombies", "Harvey", "--json").stdout)["condition"]["setbacks"][-1]["id"]
    run(db, "microfudge", "first-aid", "Zombies", "Harvey", "--healer", "Jim", "--setback", str(revers))
    run(db, "microfudge", "power", "Zombies", "Jim", "resistance-thermique")
    events = recorded(db, "Zombies")
    rolls = microfudge_rolls(events)
    # Harvey: two Tests and his side of the conflict; Jim: a Test, his side, first aid on Harvey, a power.
    assert sorted(who for who, _, _ in rolls) == ["Harvey"] * 3 + ["Jim"] * 4
    assert luck(db, "Zombies") == expected_luck(rolls)
    assert_report_plots(db, "Zombies", tmp_path, ("Test", "simple conflict", "first aid", "power"))


# -- Elor ------------------------------------------------------------------------------------------


def elor_rolls(events: list[dict[str, Any]]) -> list[Roll]:
    """Action tests (elor.md §3.3: 1 + effort D10, a degree at or under the level, discards allowed;
    a level of 10+ or 0- rolls nothing) and natural progression (a D10 above the level)."""
    names, rolls = owners(events), []
    for e in events:
        if e["hidden"]:
            continue
        who = names.get(e["originator_id"], "")
        if topic(e) == "TestRolled" and e["outcome"]["dice"]:
            o = e["outcome"]
            rolls.append((who, o["degrees"] >= 1, d10_success(o["level"], o["effort"], e["discards"])))
        elif topic(e) == "ProgressionRolled":
            rolls += [(who, r["die"] > r["level"], Fraction(10 - r["level"], 10)) for r in e["rolls"]]
    return rolls


def tolosa(db: str, tmp_path: Path) -> None:
    """Tolosa, an Elor campaign with Aldo and Bruna (their sheet files written in ``tmp_path``),
    its first session open."""
    for name, text in (("aldo", ALDO_SHEET), ("bruna", BRUNA_SHEET)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    for name in ("aldo", "bruna"):
        run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / f"{name}.toml"))
    run(db, "session", "start", "Tolosa")


def test_elor_luck_is_every_d10_test_against_its_action_level_s3_3(db: str, tmp_path: Path) -> None:
    tolosa(db, tmp_path)
    for args in (
        # Level 10 or more: 1 + effort degrees without a roll (PROPOSAL B4), which ticks Guerrier
        # for natural progression (two degrees or more, PROPOSAL §5.5).
        ("test", "Tolosa", "Aldo", "-f", "C", "-p", "Guerrier", "--familiarity", "Épées", "-d", "6", "-e", "1"),
        ("test", "Tolosa", "Aldo", "-f", "C", "-p", "Guerrier", "--familiarity", "Épées", "-e", "1"),
        ("test", "Tolosa", "Bruna", "-f", "P", "-p", "Forgeron", "-e", "2"),
        ("test", "Tolosa", "Bruna", "-f", "P", "-d", "-2"),  # level 0 or less: nothing rolled (PROPOSAL B4)
        ("test", "Tolosa", "Aldo", "-f", "E", "--hidden"),
        ("scene", "start", "Tolosa", "Aldo", "Bruna"),
        ("attack", "Tolosa", "Aldo", "Bruna", "-w", "Épée", "-p", "Guerrier", "-e", "1", "--defend-on-miss"),
        ("scene", "end", "Tolosa"),
        ("xp", "progress", "Tolosa", "Aldo"),
    ):
        run(db, "elor", *args)
    events = recorded(db, "Tolosa")
    rolls = elor_rolls(events)
    tests = [e for e in events if topic(e) == "TestRolled"]
    # Seven tests recorded (the attack's and Bruna's defence among them); Aldo's at level 11 and
    # Bruna's at level 0 rolled nothing, and Aldo's secret one stays out while the session runs.
    assert len(tests) == 7 and sum(not e["outcome"]["dice"] or e["hidden"] for e in tests) == 3
    assert [r["profession"] for e in events if topic(e) == "ProgressionRolled" for r in e["rolls"]] == ["Guerrier"]
    assert luck(db, "Tolosa") == expected_luck(rolls)
    assert_report_plots(db, "Tolosa", tmp_path, ("action test", "natural progression"))


def test_a_verdict_waits_for_five_successes_and_five_failures_expected_LK9_elor_s3_3(db: str, tmp_path: Path) -> None:
    # Ruling LK9: a z-score reads against the normal curve only once both outcomes were to be
    # expected at least 5 times. Aldo's ten tests at level 5 (C 2, GM +3: one D10 at most 5,
    # elor.md §3.3) expect exactly 5 successes and 5 failures: a verdict; Bruna's one test
    # expects half a success: too few rolls to tell, whatever the die gave.
    tolosa(db, tmp_path)
    for _ in range(10):
        run(db, "elor", "test", "Tolosa", "Aldo", "-f", "C", "-d", "3")
    run(db, "elor", "test", "Tolosa", "Bruna", "-f", "P", "-d", "4")
    rolls = elor_rolls(recorded(db, "Tolosa"))
    assert [(who, p) for who, _, p in rolls] == [("Aldo", Fraction(1, 2))] * 10 + [("Bruna", Fraction(1, 2))]
    found = luck(db, "Tolosa")
    assert found == expected_luck(rolls)
    assert found["Aldo"]["expected"] == "5" and found["Aldo"]["verdict"] != "too few rolls to tell"
    assert found["Bruna"]["verdict"] == "too few rolls to tell"
    # The table says why under it, in words.
    table = run(db, "luck", "Tolosa", "--by", "character").stdout
    bruna = next(line for line in table.splitlines() if "Bruna" in line)
    assert "too few rolls to tell" in bruna
    assert " ".join(table.split()).endswith(
        "too few rolls to tell: a verdict needs at least 5 successes and 5 failures to be expected, "
        "and the gap of fewer rolls says nothing of luck"
    )


# -- Cartes ----------------------------------------------------------------------------------------


def test_cartes_luck_and_its_plots_Difficulte_des_tirages_L219(db: str, tmp_path: Path) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    for name in ("alice", "bruno"):
        run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / f"{name}.toml"))
    run(db, "session", "start", "Verdelune")
    for who in ("Alice", "Bruno", "Alice"):
        run(db, "cartes", "test", "Verdelune", who, "Contact", "--from", "deck")
    found = luck(db, "Verdelune")
    assert {k: v["draws"] for k, v in found.items()} == {"Alice": 2, "Bruno": 1}
    assert_report_plots(db, "Verdelune", tmp_path, ("test",))
