"""The ``chronique microfudge`` commands through the real CLI, in-process, on a real SQLite file and a
real PostgreSQL database (issue 19). Where the dice or cards decide, the test reads what was recorded
and asserts what the rules make of it."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

from support import run

from chronique.domain.rulesets.microfudge.rules import label

JIM = 'name = "Jim"\nstatus = "hero"\nconcept = "country doctor"\n[ranks]\n"Médecine" = 5\nTir = 3\n'
HARVEY = 'name = "Harvey"\nstatus = "hero"\n[ranks]\nPilotage = 5\n"Athlétisme" = 4\n'
FACES = {-1: "−", 0: "0", 1: "+"}


def cli(db: str, *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    """The real command in-process (``support.run``), which must exit with ``code``."""
    result = run(db, *args, check=False)
    assert result.returncode == code, result.stderr
    return result


def recorded(db: str, campaign: str, topic: str) -> list[dict[str, Any]]:
    """The recorded events of one kind, oldest first, face-down ones included."""
    log = [entry["event"] for entry in json.loads(cli(db, "log", campaign, "--json", "--gm").stdout)]
    return [e for e in log if e["topic"].endswith(f":{topic}")]


def judged(test: dict[str, Any], helpers: int = 0, change_die: bool = False) -> int:
    """A recorded Test judged by the digest (§3.2, «1 – Tests» L245-L253): final = rank + the 4dF +
    one rank per helper (L761); a changed die (L743) turns the lowest die to "+" only when the Test
    would fail. Checks the record agrees and returns the final rank."""
    dice = test["dice"]
    assert len(dice) == 4 and set(dice) <= {-1, 0, 1}
    final = test["used_rank"] - test["penalty"] + sum(dice) + helpers
    if change_die and final < test["required"] and min(dice) < 1:
        final += 1 - min(dice)
    assert (test["final"], test["success"]) == (final, final >= test["required"]), test
    return final


def test_a_microfudge_session_Tests_L245_Revers_L339_Experience_L213(db: str, tmp_path: Path) -> None:
    cli(db, "campaign", "new", "Zombies", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    for name, text in (("jim", JIM), ("harvey", HARVEY)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
        cli(db, "character", "new", "Zombies", "--sheet", str(tmp_path / f"{name}.toml"))
    cli(db, "session", "start", "Zombies")
    # Atouts inside the roll (L743, L761): Jim pays 2 for +1; Harvey's die changes only on a failure.
    out = cli(db, "microfudge", "test", "Zombies", "Harvey", "Athlétisme", "-d", "difficile", "--helper", "Jim", "--change-die").stdout
    hazard = cli(db, "microfudge", "hazard", "Zombies", "Harvey", "Pilotage", "-d", "tres-difficile", "--healing", "weekly").stdout
    test, risky = recorded(db, "Zombies", "TestRolled")
    # Difficile needs Bon (5), Très difficile Excellent (6) (§1.3, L255-L267).
    assert (test["required"], risky["required"]) == (5, 6) and test["penalty"] == risky["penalty"] == 0
    final = judged(test, helpers=1, change_die=True)
    unchanged = test["used_rank"] + sum(test["dice"]) + 1  # Harvey's rank, the dice and Jim's help
    changed = [a["beneficiary"] for a in recorded(db, "Zombies", "AtoutPlayed") if a["use"] == "change-one-die"]
    assert changed == (["Harvey"] if unchanged < 5 and min(test["dice"]) < 1 else [])  # paid only when it turned a failure
    dice = " ".join(FACES[d] for d in test["dice"])
    verdict = "success" if final >= 5 else "failure"
    # The line says Harvey's rank and what changed it (Jim's help, a changed die), as the log does.
    assert test["rank"] == test["used_rank"] and set(test["modifiers"]) <= {"help", "change-die"}
    words = {"help": "help", "change-die": "a die changed"}
    added = ", ".join(f"{words[k]} {v:+d}" for k, v in sorted(test["modifiers"].items()))
    rolled = f"Harvey rolls Athlétisme {label(test['rank'])} ({test['rank']}) ({added}): [{dice}] final "
    assert out.startswith(rolled) and f"({final}) against Difficile (5): {verdict}" in out
    assert f"Test of Athlétisme {label(test['rank'])} ({test['rank']}) ({added}) against Difficile (5): " in " ".join(
        cli(db, "log", "Zombies", "--character", "Harvey").stdout.split()
    )
    # A failed hazardous Test (§3.9, L349-L355): one Revers per rank short of the required one, at most 3.
    short = 6 - judged(risky)
    revers = min(3, short) if short > 0 else 0
    assert risky["hazardous"] and risky["setbacks"] == revers
    first, *inflicted = hazard.splitlines()
    assert first.endswith(f"failure, {revers} Revers" if revers else "success")
    # Under it, the Revers it inflicted as the log says it: «Revers et blessures» L927-L931 name a
    # physical one by its severity; --healing weekly heals it a step a week (L341); a physical
    # Décisif is a critical state (digest §4.3).
    wound = {1: "Blessure", 2: "Blessure sérieuse", 3: "Blessure grave ou mortelle"}.get(revers)
    said = f"Harvey took a {wound} (physical, heals a step a week) from failed Pilotage Test"
    # Then its number on the sheet, as `setback` says it (rulings M63, M67).
    care = ", it needs medical care before it heals a step (L343, L359)"
    number = "; critical state: Revers 1 on the sheet" + care if revers == 3 else ": Revers 1 on the sheet"
    assert inflicted == ([said + number] if revers else [])
    harvey = json.loads(cli(db, "sheet", "Zombies", "Harvey", "--json").stdout)["condition"]["setbacks"]
    assert [(r["severity"], r["healing"]) for r in harvey] == ([(revers, "weekly")] if revers else [])
    # Said as the log says it, with its number on the sheet (ruling M63; "Revers 1 of −2" before).
    assert (
        "Blessure sérieuse (physical, heals a step a day) from the Narrator: Revers 1 on the sheet"
        in cli(db, "microfudge", "setback", "Zombies", "Jim", "--severity", "2").stdout
    )
    # T2c (L341): superior care and rest halve the period.
    paced = "Jim: care and rest pace the recovery of Revers 1: each step takes 50% of its usual time\n"
    assert cli(db, "microfudge", "care", "Zombies", "Jim", "--care", "superior").stdout == paced
    shown = json.loads(cli(db, "sheet", "Zombies", "Jim", "--json").stdout)  # the common sheet command
    assert shown["name"] == "Jim" and shown["condition"]
    assert "Jim — " in cli(db, "sheet", "Zombies", "Jim").stdout
    cli(db, "microfudge", "raise", "Zombies", "Jim", "Tir", "--why", "hunted with his father")
    cli(db, "microfudge", "atout", "spend", "Zombies", "Jim", "monologue")
    bad = cli(db, "microfudge", "test", "Zombies", "Jim", "Tir", "-d", "hardish", code=2)
    assert bad.stderr.startswith("error:") and len(bad.stderr.strip().splitlines()) == 1
    cli(db, "microfudge", "raise", "Zombies", "Jim", "Tir", code=2)  # no justification in play
    cli(db, "session", "end", "Zombies")
    report = cli(db, "advance", "Zombies", "2d", "--yes").stdout
    assert "Revers 1 has healed" in report
    sheet = json.loads(cli(db, "sheet", "Zombies", "Jim", "--json").stdout)
    assert sheet["condition"]["setbacks"] == []
    assert sheet["condition"]["atouts"] == {"reserve": 11 - 5 - 2 - 1 - 1, "experience": 1}
    assert sheet["sheet"]["characteristics"]["Tir"]["value"] == 4
    assert cli(db, "verify", "Zombies").returncode == 0


def test_a_gunfight_sequence_and_powers_through_the_cli_Conflits_hasardeux_L307_Pouvoirs_L441(db: str, tmp_path: Path) -> None:
    cli(db, "campaign", "new", "Guns", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    psy = 'name = "Psy"\nstatus = "expert"\n[ranks]\nConscience = 5\nTir = 5\n"Télékinésie" = 4\n'
    for name, text in (("psy", psy), ("harvey", HARVEY)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
        cli(db, "character", "new", "Guns", "--sheet", str(tmp_path / f"{name}.toml"))
    cli(db, "session", "start", "Guns")
    assert cli(db, "microfudge", "sequence", "Guns", "Psy", "Harvey", "--goal", "the alley").stdout.startswith("Sequence 1")
    out = cli(
        db,
        "microfudge",
        "conflict-card",
        "Guns",
        "--side",
        "Psy:Tir:weapon=medium,healing=weekly,atout,change=attack",
        "--side",
        "Harvey:Athlétisme:def=4,range=pistol@30,out",
    ).stdout
    assert out.splitlines()[-1].startswith("draw 1:")
    # L307-L313 in words: Psy attacks Harvey with all her cards, Harvey puts his 4 in defence.
    psy, harvey = out.splitlines()[:2]
    # L307-L309: each card count says what it adds up from, as a Test lists its modifiers.
    assert re.fullmatch(
        r"Psy \(7 cards: Tir Bon \(5\), Atout \+1, weapon \+1\): attacks Harvey with [0-9AJQK♠♥♦♣ ]+; no card in defence — .+", psy
    ), psy
    # L369: Longue range (30 m) gives Harvey five defence cards beyond his own four, said by what
    # gives them (ruling M125).
    assert re.fullmatch(
        r"Harvey \(4 cards: Athlétisme Moyen \(4\)\): attacks no one; defends with [0-9AJQK♠♥♦♣ ]+ \(range \+5\) — .+", harvey
    ), harvey
    assert not re.search(r"turns [0-9AJQK]+[SHDC] into", psy), psy  # a changed card reads as a card: "A♦", never "AD"
    bad = cli(db, "microfudge", "conflict-card", "Guns", "--side", "Psy", "--side", "Harvey:Tir", code=2)
    assert bad.stderr.startswith("error:") and len(bad.stderr.strip().splitlines()) == 1
    assert "Potentiel left" in cli(db, "microfudge", "power", "Guns", "Psy", "resistance-thermique").stdout
    cli(db, "microfudge", "power", "Guns", "Psy", "teleport", code=2)
    # V-P-6 (L586-L605): 500 g for 2 Sequences needs Moyen; 20 kg needs Excellent, beyond Psy's 4.
    moved = cli(db, "microfudge", "power", "Guns", "Psy", "telekinesie", "--grams", "500", "--sequences", "2").stdout
    assert "against Moyenne (4)" in moved
    cli(db, "microfudge", "power", "Guns", "Psy", "telekinesie", "--grams", "20000", code=2)
    assert "1 Potentiel of Conscience and 1 Potentiel of Télékinésie back" in cli(db, "microfudge", "rest", "Guns", "Psy").stdout  # M135
    # Abridging (L321-L325): the side that inflicted more Revers in the last draw wins it and may end
    # the Sequence; the other may not. After a tie, it ends only when the other side agrees.
    draws = {d["characteristic"]: d for d in recorded(db, "Guns", "ConflictCardsDrawn")}  # Psy shoots, Harvey runs
    psy_did, harvey_did = (sum(draws[used]["inflicted"].values()) for used in ("Tir", "Athlétisme"))
    if max(psy_did, harvey_did) == 3:
        # A Décisif (3 net successes) ended the Sequence with that draw (§3.4, L295-L319): nothing is left to abridge.
        for side in ("Psy", "Harvey"):
            assert "in no Sequence" in cli(db, "microfudge", "abridge", "Guns", side, "--agreed", code=2).stderr
    elif psy_did == harvey_did:
        for side in ("Psy", "Harvey"):
            refused = cli(db, "microfudge", "abridge", "Guns", side, code=2)
            assert "tie" in refused.stderr and "agrees" in refused.stderr
        assert cli(db, "microfudge", "abridge", "Guns", "Psy", "--agreed").stdout.strip() == "the Sequence ends by agreement"
    else:
        winner, loser = ("Psy", "Harvey") if psy_did > harvey_did else ("Harvey", "Psy")
        assert "only its winner may abridge" in cli(db, "microfudge", "abridge", "Guns", loser, code=2).stderr
        assert cli(db, "microfudge", "abridge", "Guns", winner).stdout.strip() == f"the Sequence ends: {winner} achieves the goal"
    assert "in no Sequence" in cli(db, "microfudge", "abridge", "Guns", "Psy", "--agreed", code=2).stderr  # it is over
    assert cli(db, "verify", "Guns").returncode == 0


def test_a_chase_and_a_ram_through_the_cli_Chases_Ramming_L427_L431(db: str, tmp_path: Path) -> None:
    cli(db, "campaign", "new", "Road", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    jim = 'name = "Jim"\nstatus = "hero"\n[ranks]\nPilotage = 4\n'
    for name, text in (("jim", jim), ("harvey", HARVEY)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
        cli(db, "character", "new", "Road", "--sheet", str(tmp_path / f"{name}.toml"))
    cli(db, "session", "start", "Road")
    cli(db, "microfudge", "sequence", "Road", "Harvey", "Jim", "--goal", "the getaway")
    bad = cli(db, "microfudge", "conflict-card", "Road", "--side", "Harvey:Pilotage:ram", "--side", "Jim:Pilotage", code=2)
    assert bad.stderr.startswith("error:") and "vehicle" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    out = cli(
        db,
        "microfudge",
        "conflict-card",
        "Road",
        "--side",
        "Harvey:Pilotage:chase,vehicle=motorbike,terrain=1",
        "--side",
        "Jim:Conduite:chase,vehicle=sedan",
    ).stdout
    # L307-L309, L427: each count says what it adds up from; Conduite stands for Pilotage (A21).
    assert out.startswith("Harvey (9 cards: Pilotage Bon (5), terrain +1, vehicle +3): ")
    assert "\nJim (5 cards: Pilotage Moyen (4), vehicle +1): " in out
    assert cli(db, "verify", "Road").returncode == 0


def test_side_options_for_atouts_covering_fire_and_vehicle_eras_Sequences_collectives_L413_Vehicules_L528() -> None:
    from chronique.cli.microfudge import parse_side
    from chronique.domain.rulesets.microfudge.conflict import Side

    side = parse_side("Ann:Tir:B=1,def=4,suppress,atout,help=Bo,help=Cy,change=defence,vehicle=sedan,vehicle-era=future")
    assert side == Side(
        "Ann",
        "Tir",
        attack={"B": 1},  # the opponent as typed: a refusal repeats it so
        defence=4,
        suppress=True,
        atout=True,
        helpers=("Bo", "Cy"),
        change="defence",
        vehicle="sedan",
        vehicle_era="future",
    )
