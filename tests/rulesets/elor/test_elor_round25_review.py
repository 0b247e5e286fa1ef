"""Elor, the last review of round 25: a knock-out told once in the downtime report (E135), a
ranged weapon said to be one on the sheet with the defence difficulty it sets (E136), and why a
shot with no degree met no defence (E137); what to type in backticks (EB42) is pinned by the
tests whose words it changed. Rules through the real command (``support.run``) on a real
journal. Seed: shared/seeds/003_d01003b662e47709.txt; digest: shared/rules/elor.md."""

from __future__ import annotations

from pathlib import Path

from elor_table import tolosa
from support import run

from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor import events as ev

# An archer with a bow (its shots set the defence -2, §Défense L651) and a shield (§La parade).
ARCHER = """name = "Lyra"
npc = true
creation = "free"
faculties = { P = 0, C = 1, E = 1, M = -1 }
professions = { Chasseur = 1 }
[weapons.Arc]
damage = 4
ranged = true
defence_difficulty = -2
[weapons.Bouclier]
damage = 1
shield = true
parry_bonus = 2
"""


def _with_lyra(db: str, tmp_path: Path) -> None:
    tolosa(db)
    (tmp_path / "lyra.toml").write_text(ARCHER, encoding="utf-8")
    run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "lyra.toml"))


def test_the_downtime_report_tells_a_knock_out_once_not_for_each_blow_after_it_seed_Application_des_dommages_ruling_E135(
    db: str,
) -> None:
    # §Humains: unconscious while a vital location is at its hit points (Samson's torse: 8). The
    # report read "Samson is unconscious (…)" for each blow after the one that knocked him out:
    # the projection read each blow without knowing he was out already.
    tolosa(db)
    run(db, "session", "end", "Tolosa")
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "12", "--location", "Torse")  # 10 past his armour 2
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "2", "--location", "Jambe gauche")
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "2", "--location", "Torse")
    report = [line.strip() for line in run(db, "downtime", "report", "Tolosa").stdout.splitlines()]
    assert [line for line in report if "unconscious" in line] == ["Day 1 08:00  Samson is unconscious (torse, the GM)"], report


def test_a_blow_recorded_before_version_5_is_told_as_it_was_ruling_E135() -> None:
    # Recorded before DamageTaken kept whether the character was out already: told, as before.
    blow = ev.DamageTaken.__new__(ev.DamageTaken)
    fields = {"location": "torso", "source": "the GM", "unconscious": True, "dead": False}
    object.__setattr__(blow, "__dict__", {**fields, "was_unconscious": None})
    assert ruleset("elor").notable(blow) == "is unconscious (torse, the GM)"
    object.__setattr__(blow, "__dict__", {**fields, "was_unconscious": True})
    assert ruleset("elor").notable(blow) is None


def test_the_sheet_says_a_weapon_is_ranged_and_the_defence_difficulty_it_sets_seed_Defense_L651_ruling_E136(
    db: str, tmp_path: Path
) -> None:
    # §Défense L651: against a shot the defence's difficulty "est déterminé par l'arme employée
    # par l'attaquant". The sheet gave the bow "Parry 0" and never said it shot, nor that −2.
    _with_lyra(db, tmp_path)
    sheet = run(db, "sheet", "Tolosa", "Lyra").stdout.splitlines()
    assert sheet[sheet.index("Weapon    Damage  Increment  Parry  Structure  Kind") :][2:4] == [
        "Arc       4       +1         0      —          ranged, defence difficulty −2",
        "Bouclier  1       +1         +2     —          shield",
    ], sheet
    markdown = run(db, "export", "sheet", "Tolosa", "Lyra").stdout
    assert "| Arc | 4 | +1 | 0 | — | ranged, defence difficulty −2 |" in markdown, markdown
    html = run(db, "export", "sheet", "Tolosa", "Lyra", "--format", "html").stdout
    assert "ranged, defence difficulty −2" in html
    assert "| Hache | 6 | +2 | 0 | — | melee |" in run(db, "export", "sheet", "Tolosa", "Samson").stdout


def test_a_shot_with_no_degree_is_said_undefended_for_that_reason_not_for_want_of_a_point_seed_Defense_L619_ruling_E137(
    db: str, tmp_path: Path
) -> None:
    # §Défense L619: one may defend against an attack without a degree "au contact seulement,
    # mais pas dans celui d'une attaque à distance". Samson, out of action points, was said to
    # make no defence for want of one, where the shot's missing degree is the reason.
    _with_lyra(db, tmp_path)
    run(db, "elor", "scene", "start", "Tolosa", "Samson", "Lyra")
    for name in ("Samson", "Lyra", "Samson", "Lyra", "Samson"):  # Samson none left, Lyra 1
        run(db, "elor", "scene", "act", "Tolosa", name)
    shot = ("--ranged", "--target-size", "1.1", "--distance", "600")  # level -4: no roll, a failure (B4)
    said = run(db, "elor", "attack", "Tolosa", "Lyra", "Samson", "-w", "Arc", "-p", "Chasseur", *shot).stdout.splitlines()
    assert said[1:] == [
        "Lyra attacks: level -4 (Coordination 1, Chasseur +1, range -6): no roll, failure — 0 degrees of success",
        "Lyra's shot has no degree of success: Samson makes no defence against it (§Défense L619)",
        "0 degrees against no defence: missed",
    ], said
