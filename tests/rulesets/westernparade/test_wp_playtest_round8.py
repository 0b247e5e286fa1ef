"""An eighth Western Parade play-test, of an evening with a fracture, an impalement, its surgery
and a forced pull: a dead man's training read as paused until he was up again; a wounded man could
"resist" the pull he made himself; the players' standalone verifier on such an evening, and on a
pull forged to deal more than its dice. Through the real command line (in process, ``support.run``) on
a real journal of each backend. Seed 004_cf8278f91236030c.txt (Lnnn), digest
/work/shared/rules/western-parade.md."""

from __future__ import annotations

import subprocess
from pathlib import Path
from uuid import UUID

from support import run, stored
from tampering import forge, offline, sql
from wp_city import DOC, JOE, SAM, WP, C, refused, shotgun_city

SIRINGO = "Charlie Siringo"


def test_a_dead_man_s_plan_reads_as_the_plan_he_had_not_a_pause_he_would_get_up_from_S2_6_S3_4_5_3_L2534_ruling_WC24(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "downtime", "plan", C, SAM, "Armes de poing", "20", "--teacher", SIRINGO)
    # §3.4.5.3: a broken hand is sent to −1 PV, a critical wound: he keeps to bed and the plan
    # pauses (§3.2.9.3, ruling WC10); then a broken throat kills at once (L2534).
    run(db, WP, "body", "wound", C, SAM, "left-hand", "1", "--kind", "blunt", "--fracture")
    run(db, "advance", C, "1m", "--yes")
    paused = run(db, WP, "downtime", "show", C, SAM).stdout
    assert "Armes de poing: paused while a critical wound keeps them in bed" in paused
    run(db, WP, "body", "wound", C, SAM, "throat", "1", "--kind", "blunt", "--fracture")
    shown = run(db, WP, "downtime", "show", C, SAM).stdout
    (line,) = [x for x in shown.splitlines() if "Armes de poing" in x]
    # As a plan left running reads at death (ruling WC21): the plan he had, ended at death.
    assert line.startswith("  Armes de poing: 20 hours a week with Charlie Siringo (91%), "), line
    assert line.endswith("ended at death") and "paused" not in line and "once up" not in line, line
    sheet = run(db, "sheet", C, SAM).stdout
    assert "ended at death" in sheet and "paused" not in sheet and "once up" not in sheet


def test_a_man_pulling_a_weapon_out_of_himself_cannot_also_resist_it_S3_4_5_2_L2515_ruling_WB48(db: str) -> None:
    # L2515: "la victime ... peut s'opposer" to the puller's STR; one pulling out the arrow in his
    # own leg has no one to oppose. Refused in one line, exit 2, no die drawn.
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SIRINGO, "left-leg", "4", "--kind", "thrust", "--impaled", "--source", "an Apache arrow")
    line = refused(db, WP, "body", "pull", C, SIRINGO, "left-leg", "--by", SIRINGO, "--resisted")
    assert line == "error: Charlie Siringo is the one pulling on the weapon: there is no one else to resist the pull (§3.4.5.2)"
    # Pulling it out of himself unresisted is his right ("à la dure").
    before = len(stored(db))
    run(db, WP, "body", "pull", C, SIRINGO, "left-leg", "--by", SIRINGO)
    assert len(stored(db)) > before


def _players_verdict(db: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """The standalone verifier, run by a bare Python, on the players' audit bundle of the city."""
    run(db, "audit", "verifier", "-o", str(folder / "verify.pyz"))
    run(db, "audit", "export", C, "-o", str(folder / "bundle.json"))
    return offline(folder / "verify.pyz", folder / "bundle.json")


def _evening(db: str) -> None:
    # §3.4.5.3: Joe's arm broken by a rifle butt (sent to −1 PV); §3.4.5.2: an arrow impales
    # Siringo's leg (1d6cum more) and Joe tears it out by force, Doc's difficult first aid helping.
    shotgun_city(db)
    run(db, WP, "body", "wound", C, JOE, "right-arm", "4", "--kind", "blunt", "--fracture", "--source", "a rifle butt")
    run(db, WP, "body", "wound", C, SIRINGO, "left-leg", "4", "--kind", "thrust", "--impaled", "--source", "an Apache arrow")
    run(db, WP, "body", "pull", C, SIRINGO, "left-leg", "--by", JOE, "--first-aid-by", DOC)


def test_the_standalone_verifier_re_derives_a_fracture_an_impalement_and_a_pull_S3_4_5_2_S3_4_5_3(db: str, tmp_path: Path) -> None:
    _evening(db)
    run(db, "session", "end", C)
    checked = _players_verdict(db, tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("OK: ")


def test_the_standalone_verifier_fails_a_pull_forged_to_deal_more_than_its_dice_S3_4_5_2_L2513(db: str, tmp_path: Path) -> None:
    # The careful forger rewrites the pull's damage and re-hashes the chain before the session's
    # seal: only re-deriving the pull from its dice (its STR roll, 1d6cum, first aid) catches it.
    _evening(db)
    ((originator, version),) = sql(db, ("SELECT originator_id, originator_version FROM {events} WHERE topic LIKE '%WeaponPulled'", {}))
    place = forge(db, UUID(str(originator)).hex, int(version), lambda event: event["pull"].update(damage=event["pull"]["damage"] + 3))
    run(db, "session", "end", C)
    checked = _players_verdict(db, tmp_path)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert f"FAILED at {place}: field pull: at damage, records " in checked.stdout


def test_care_on_an_unhurt_location_names_it_as_the_table_does_not_by_its_key_S3_2_3_S3_4_5_2_Table_3_2(db: str) -> None:
    # Table 3.2 names the location "Cuisse droite": a refusal says it so, never "right-thigh".
    shotgun_city(db)
    for command in (
        ("body", "care", C, SAM, "right-thigh", "Chirurgie", "--by", DOC),
        ("body", "press", C, SAM, "right-thigh"),
        ("body", "tend", C, SAM, "right-thigh", "--by", DOC, "--skill", "Bandages"),
    ):
        assert refused(db, WP, *command) == f"error: {SAM} has no wound in the cuisse droite", command
