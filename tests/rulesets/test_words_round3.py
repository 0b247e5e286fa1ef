"""Words, third round: what a player reads of Elor's sheet (E124), Western Parade's rolls (WD27)
and MicroFudge's Atout count (M140), said in words rather than as the rules' notation or the
command's placeholder. Every test runs the real ``chronique`` command (``support.run``) on a
real journal.
Seeds: shared/seeds/003_d01003b662e47709.txt (Elor), 004_cf8278f91236030c.txt (Western Parade),
001_2934a6d80cfcba44.txt (MicroFudge); digests in shared/rules/."""

from __future__ import annotations

from pathlib import Path

from elor_table import tolosa
from support import SAMPLES, chronique, log_details, refused_cleanly, run

WP = "western-parade"
CITY = "Shotgun City"
SAM = "Sam Parkerson"


def _effort(db: str, who: str) -> list[str]:
    sheet = run(db, "sheet", "Tolosa", who).stdout.splitlines()
    return [line.strip() for line in sheet if line.startswith(("effort:", "maximal effort:"))]


# -- E124: Elor's effort line ---------------------------------------------------------------------


def test_the_effort_line_says_what_is_available_spent_and_the_most_on_one_action_seed_Categories_L314_L320_ruling_E124(
    db: str,
) -> None:
    # §Catégories de tests L314-L320: effort invested becomes fatigue until recovered, and at most
    # the maximal effort (2 + M: Samson's Mental -1 gives 1) goes on one action. "(fatigue 0, max 1)"
    # left the reader to guess what the "max" was of.
    tolosa(db)
    assert _effort(db, "Samson") == ["effort: 3 of 3 points available", "maximal effort: at most 1 point on one action"]
    run(db, "elor", "test", "Tolosa", "Samson", "--effort", "1", "--reason", "sprint across the bridge")
    assert _effort(db, "Samson") == [
        "effort: 2 of 3 points available, 1 spent (fatigue)",
        "maximal effort: at most 1 point on one action",
    ]
    run(db, "elor", "test", "Tolosa", "Montana James", "--faculty", "E", "--effort", "2")
    assert _effort(db, "Montana James") == [
        "effort: 0 of 2 points available, 2 spent (fatigue)",
        "maximal effort: at most 2 points on one action",
    ]


# -- WD27: Western Parade's chance and the score rolled under ------------------------------------


def _city(db: str, *who: str) -> None:
    run(db, "campaign", "new", CITY, "--ruleset", WP, "--start", "1873-04-12 08:00")
    for name in who:
        run(db, "character", "new", CITY, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CITY)


def test_a_chance_below_zero_is_no_chance_and_a_characteristic_roll_is_named_in_words_S2_1_1_Table_1_4_ruling_WD27(
    db: str,
) -> None:
    # §2.1.1: below 5% there is no roll. Sam's AGI roll (Table 1.4, the rules' "jAGI") 50 at the
    # impossible difficulty (-90) summed to "chance -40%", a chance no player can read; the score
    # read as the rules' notation "jAGI 50".
    _city(db, "sam")
    said = run(db, WP, "roll", CITY, SAM, "-c", "AGI", "-d", "impossible").stdout
    assert said == f"{SAM}: no chance, 40 points below zero (AGI roll 50, difficulty -90): no roll → échec normal\n"
    assert log_details(db, CITY, "--kind", "check rolled") == [
        "AGI roll: no chance, 40 points below zero (AGI roll 50, difficulty -90): no roll → échec normal"
    ]
    rolled = run(db, WP, "roll", CITY, SAM, "-c", "AGI").stdout
    assert rolled.startswith(f"{SAM}: chance 50% (AGI roll 50): rolled ")
    assert "jAGI" not in run(db, "--ascii", "log", CITY).stdout
    assert chronique(db, "verify").returncode == 0


def test_a_first_aid_chance_below_zero_is_said_below_zero_S3_2_4_ruling_WD27(db: str) -> None:
    # §3.2.4 (ruling WB34): one first-aid roll is read at three chances. Premiers soins 85 less 200
    # read "chance -115%", "easy -90": numbers below zero are said so.
    _city(db, "sam", "doc")
    run(db, WP, "body", "wound", CITY, SAM, "right-thigh", "5")
    said = run(db, WP, "body", "first-aid", CITY, SAM, "right-thigh", "--by", "Doc Holloway", "-m", "modifier=-200").stdout
    assert said == (
        f"{SAM}: first aid by Doc Holloway on the cuisse droite: chance 115 points below zero (Premiers soins 85, modifier -200),"
        " read at easy 90 below zero (a failure), normal 115 below zero (a failure) and difficult 140 below zero (a failure):"
        " no roll (below 5% even at the easy chance, §2.1.1) → no effect\n"
    )


# -- M140: MicroFudge's Atout count ---------------------------------------------------------------


def _mines(db: str) -> None:
    run(db, "campaign", "new", "Mines", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    run(db, "character", "new", "Mines", "--sheet", str(SAMPLES / "mf_jim.toml"))


def test_an_atout_count_not_a_number_is_named_in_words_not_by_its_placeholder_Experience_L213_ruling_M140(db: str) -> None:
    # L213-L215 (experience Atouts); ruling BD24 names a number out of range in words ("the number
    # must be between -100 and 100"); the same count typed as words read "COUNT is ...".
    _mines(db)
    assert refused_cleanly(db, "microfudge", "atout", "award", "Mines", "Jim", "abc") == (
        "error: the number of Atouts is a whole number, negative to take some back (e.g. 2 or -1), not “abc”"
    )
    assert refused_cleanly(db, "microfudge", "atout", "award", "Mines", "Jim", "1\n2") == (
        "error: the number of Atouts may hold only printable characters, not a line break"
    )


def test_blood_below_zero_is_said_below_zero_in_the_advance_the_log_and_the_status_S3_2_4_L1878_ruling_WD27(db: str) -> None:
    # §3.2.4: at 0 PH or below he is out, and bleeds on to half his base below 0, beyond saving
    # (L1878). Sam's major thigh wound (4 PH a round, 4 at once from 80) read "(PH -8)",
    # "PH -8 of 80" and "-40 PH left": numbers below zero are said so.
    _city(db, "sam")
    run(db, "session", "end", CITY)
    run(db, WP, "body", "wound", CITY, SAM, "right-thigh", "13", "--kind", "blade")
    assert run(db, "advance", CITY, "3m30s", "--yes").stdout.splitlines()[1:] == [
        f"  1873-04-12 08:03:10  {SAM}: unconscious (0 PH left)",
        f"  1873-04-12 08:03:30  {SAM}: blood 8 PH below zero (of 80)",
    ]
    assert (
        "blood: 8 PH below zero (of 80), losing 4 PH a round; lying unconscious"
        in run(db, WP, "body", "status", CITY, SAM).stdout.splitlines()
    )
    assert run(db, "advance", CITY, "2m", "--yes").stdout.splitlines()[1:] == [
        f"  1873-04-12 08:04  {SAM}: beyond saving (40 PH below zero)",
        f"  1873-04-12 08:05  {SAM}: blood 56 PH below zero (of 80)",
    ]
    assert log_details(db, CITY, "--kind", "blood lost") == [
        "fell unconscious from blood loss (0 PH left)",
        "lost too much blood (40 PH below zero): beyond saving",
    ]


# -- E125, WD28, M141: no straight quotes nor Python's quoting in what a player reads ----------------


def test_elor_names_the_card_laid_in_typographic_quotes_and_the_command_in_backticks_seed_Cas_d_actions_simultanees_ruling_E125(
    db: str,
) -> None:
    # §Cas d'actions simultanées (E115): a refusal said "'elor scene start' begins one", the
    # command between straight quotes the house words never use in a refusal; the card laid is
    # quoted as a word, the command to type is in backticks (ruling EB42, as EB35).
    tolosa(db)
    assert refused_cleanly(db, "elor", "scene", "join", "Tolosa", "Samson") == (
        "error: no action scene is running: `elor scene start` begins one"
    )
    assert refused_cleanly(
        db, "elor", "attack", "Tolosa", "Samson", "Montana James", "-w", "Hache", "--simultaneous", "--defence", "parry"
    ) == ("error: simultaneous attacks meet no defence (both laid “Attaque”): drop `--defence`")


def test_a_western_parade_sheet_refused_for_its_sex_quotes_it_in_words_not_as_Python_does_S1_6_ruling_WD28(db: str, tmp_path: Path) -> None:
    # §1.6 (the character's sex): the sheet's value was quoted by Python's repr, "not 'alien'".
    _city(db, "sam")
    sheet = (SAMPLES / "wp_sam.toml").read_text(encoding="utf-8")
    sheet = sheet.replace('name = "Sam Parkerson"', 'name = "Sam Two"').replace('sex = "male"', 'sex = "alien"')
    (tmp_path / "sam2.toml").write_text(sheet, encoding="utf-8")
    assert refused_cleanly(db, "character", "new", CITY, "--sheet", str(tmp_path / "sam2.toml")) == (
        "error: sheet sex: sex is male or female, not “alien”"
    )


def test_a_microfudge_status_refused_is_quoted_in_words_not_as_Python_does_Creation_L85_L91_ruling_M141(db: str, tmp_path: Path) -> None:
    # L85-L91 (the statuses): "not 'demigod'", Python's quoting.
    _mines(db)
    sheet = (SAMPLES / "mf_jim.toml").read_text(encoding="utf-8")
    sheet = sheet.replace('name = "Jim"', 'name = "Jo"').replace('status = "hero"', 'status = "demigod"')
    (tmp_path / "jo.toml").write_text(sheet, encoding="utf-8")
    said = refused_cleanly(db, "character", "new", "Mines", "--sheet", str(tmp_path / "jo.toml"))
    assert said.endswith("the status is one of average, hero, expert, angry-mother (or give atouts = N), not “demigod”")


def test_trick_practice_is_said_in_words_not_as_a_plus_zero_percent_S6_6_7_ruling_WD29(db: str) -> None:
    # §6.6.7 (digest §5.19): two hours of practice a day add 1% to trick shots, at most +25%.
    # `downtime show` read "trick practice: +0%" and `practice` "(bonus now +0%)".
    _city(db, "joe")
    run(db, "session", "end", CITY)
    joe = "Joe Hambuster"

    def practice() -> str:
        (line,) = [line.strip() for line in run(db, WP, "downtime", "show", CITY, joe).stdout.splitlines() if "trick practice" in line]
        return line

    assert practice() == "trick practice: none"
    assert run(db, WP, "downtime", "practice", CITY, joe).stdout == f"{joe} practises trick shooting (no bonus yet)\n"
    assert practice() == "trick practice: practising, no bonus yet (+1% a day of practice)"
    run(db, "advance", CITY, "3d", "--yes")
    assert practice() == "trick practice: +3% to trick shots (practising)"
    said = run(db, WP, "downtime", "practice", CITY, joe, "--off").stdout
    assert said == f"{joe} stops practising trick shooting (+3% to trick shots now)\n"
    assert practice() == "trick practice: +3% to trick shots"
