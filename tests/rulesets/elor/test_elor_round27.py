"""Elor, the round-27 play-test: a faculty change reads its levels as the sheet signs them (E142)
and is refused for the dead (E143); a bow does not parry (E144); a care of one's own wound is
one's own in both its lines (E145). Rules through the real command (``support.run``) on a real
journal. Seed: shared/seeds/003_d01003b662e47709.txt; digest: shared/rules/elor.md."""

from __future__ import annotations

from pathlib import Path

from elor_table import ARCHER, in_the_log, of_kind, refused_in_one_line, tolosa
from support import run, short_ref


def test_a_faculty_change_signs_a_zero_level_as_the_sheet_does_seed_Facultes_ruling_E142(db: str) -> None:
    # §Facultés: the sheet and `elor faculties` write a level 0 as "0"; the log wrote "Mental +0".
    tolosa(db)
    told = run(db, "elor", "faculties", "Tolosa", "Samson", "M=0", "P=3", "--reason", "a vow").stdout
    (changed,) = of_kind(db, "FacultiesChanged", "Samson")
    assert in_the_log(changed) == "faculties changed (a vow): Physique +3, Coordination +1, Esprit 0, Mental 0"
    assert "Mental from −1 to 0" in told, told
    assert "Physique +3, Coordination +1, Esprit 0, Mental 0" in run(db, "sheet", "Tolosa", "Samson").stdout


def test_the_dead_take_no_faculty_change_but_a_corrected_death_does_seed_Humains_Effet_double_PV_ruling_E143(db: str) -> None:
    # §Humains L866-L874: "Effet double PV" of the head is Mort. A faculty change recorded on the
    # dead Samson ("faculties changed (a vow): …"), as if he lived on; refused in one line, as
    # experience and rest are (E76, E79), nothing recorded.
    tolosa(db)
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "8", "--location", "head")  # 8 of 4 HP: dead
    assert refused_in_one_line(db, "elor", "faculties", "Tolosa", "Samson", "M=0", "--reason", "a vow") == "error: Samson is dead"
    # A death in error is undone by correcting its blow (E67); the living change as before.
    (blow,) = of_kind(db, "DamageTaken", "Samson")
    run(db, "correct", short_ref(blow), "--reason", "the axe missed")
    assert run(db, "elor", "faculties", "Tolosa", "Samson", "M=0", "--reason", "a vow").stdout.startswith("Samson's faculties change:")
    # The unconscious are changed as before.
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "5", "--location", "head")
    assert "now unconscious" not in run(db, "elor", "faculties", "Tolosa", "Montana James", "M=1").stdout
    assert len(of_kind(db, "FacultiesChanged", "Montana James")) == 1


def test_a_bow_does_not_parry_seed_La_parade_L637_ruling_E144(db: str, tmp_path: Path) -> None:
    # §La parade L637: "une parade pourra être effectuée au moyen d'une arme de contact ou d'un
    # bouclier". Lyra parried Samson's axe with her bow, as if it were a sword; refused in one
    # line before any die, nothing recorded; bare-handed she still parries.
    tolosa(db)
    (tmp_path / "lyra.toml").write_text(ARCHER, encoding="utf-8")
    run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "lyra.toml"))
    axe = ("elor", "attack", "Tolosa", "Samson", "Lyra", "-w", "Hache", "-p", "Guerrier", "--defence", "parry")
    assert refused_in_one_line(db, *axe, "--parry-with", "arc") == (
        "error: Lyra's Arc is a ranged weapon: a parry is made with a melee weapon, a shield or bare-handed (§La parade)"
    )
    assert run(db, *axe).returncode == 0


def test_a_care_of_ones_own_wound_is_ones_own_in_the_test_line_too_PROPOSAL_5_6_ruling_E145(db: str) -> None:
    # PROPOSAL §5.6 (care); E134 made the second line "from their own bras droit", the first
    # still read "Samson cares for Samson's bras droit", as if for someone else.
    tolosa(db)
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "3", "--location", "Bras droit", "--source", "un ours")
    said = run(db, "elor", "care", "Tolosa", "Samson", "Samson", "--location", "Bras droit", "-d", "-20").stdout.splitlines()
    assert said[0].startswith("Samson cares for their own bras droit: level "), said
    assert said[1] == "Samson removes no damage point from their own bras droit"
    # Another's limb by name, as before.
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "2", "--location", "Bras droit")
    said = run(db, "elor", "care", "Tolosa", "Samson", "Montana James", "--location", "Bras droit", "-d", "-20").stdout
    assert said.startswith("Samson cares for Montana James's bras droit: level "), said


def test_a_shot_says_a_zero_range_modifier_as_the_sheet_writes_zero_seed_Attaque_a_distance_ruling_E146(db: str, tmp_path: Path) -> None:
    # §Attaque à distance (L544-L603): a standing human (1.1 m) still at 10 m adds nothing. The
    # line read "range difficulty +0 (size +0, distance +0, speed +0)"; zero is "0", as on the sheet.
    tolosa(db)
    (tmp_path / "lyra.toml").write_text(ARCHER, encoding="utf-8")
    run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / "lyra.toml"))
    shot = ("--ranged", "--target-size", "1.1", "--distance", "10")
    said = run(db, "elor", "attack", "Tolosa", "Lyra", "Samson", "-w", "Arc", "-p", "Chasseur", *shot).stdout.splitlines()
    assert said[0] == "range difficulty 0 (size 0, distance 0, speed 0)", said
    swerving = ("--ranged", "--target-size", "1.1", "--distance", "10", "--erratic", "1")
    said = run(db, "elor", "attack", "Tolosa", "Lyra", "Samson", "-w", "Arc", "-p", "Chasseur", *swerving).stdout.splitlines()
    assert said[0] == "range difficulty -1 (size 0, distance 0, speed 0, swerving -1)", said
