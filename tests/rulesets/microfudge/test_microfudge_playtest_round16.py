"""MicroFudge CECJ, sixteenth round: a Streamlined creation that loses unspent Atouts says so, and
the log says what every creation cost and kept (ruling M134); a night's rest says the Potentiel
and Vigueur it gave back, never "Conscience +3" (ruling M135); the downtime report tells a wound
a power healed (ruling M136); `campaign set` words the first-aid option in a sentence (ruling
M137); a boost spends its point as any use and a night's rest ends it (ruling M138); a vehicle's
kind reads in words, "sports car", "SUV" (ruling M139). Seed:
``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines); digest: ``shared/rules/microfudge-cecj.md``.
The command-line tests run the real app on a real journal; every roll they make is one that no
four Fudge dice can fail (the modifiers say why), so nothing hangs on chance."""

from __future__ import annotations

from pathlib import Path

from microfudge_table import cli, refused
from support import log_details

# V-CR-6 (L699-L711): Streamlined, 15 Atouts: Esprit 4→5 costs 3, Vigueur 4→3 refunds 3, Tir 2→6
# costs 4, Médecine 1→3 costs 2, Télékinésie 0→2 costs 2: 8 spent, 7 left, at most 3 kept (L705).
VERA = 'name = "Vera"\nprocedure = "streamlined"\n[ranks]\nEsprit = 5\nVigueur = 3\nTir = 6\n"Médecine" = 3\n"Télékinésie" = 2\n'
# The same with Tir at Excellent and Médecine at Moyen: 11 spent, 4 left, 3 kept, 1 lost.
NELL = 'name = "Nell"\nprocedure = "streamlined"\n[ranks]\nEsprit = 5\nVigueur = 3\nTir = 6\n"Médecine" = 4\n"Télékinésie" = 4\n'
# Standard creation (L85-L107): an expert's 16 Atouts, Conscience 0→6 and Présence 2→5: 9 spent, 7 kept.
PSY = 'name = "Psy"\nstatus = "expert"\n[ranks]\nConscience = 6\n"Présence" = 5\n'
JIM = 'name = "Jim"\nstatus = "hero"\n[ranks]\n"Médecine" = 4\nPsychologie = 3\n'


def _camp(db: str, tmp_path: Path, *sheets: str, session: bool = True) -> list[str]:
    """The campaign Nuit with ``sheets`` seated; what each `character new` printed."""
    cli(db, "campaign", "new", "Nuit", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    said = []
    for i, text in enumerate(sheets):
        (tmp_path / f"{i}.toml").write_text(text, encoding="utf-8")
        said.append(cli(db, "character", "new", "Nuit", "--sheet", str(tmp_path / f"{i}.toml")))
    if session:
        cli(db, "session", "start", "Nuit")
    return said


def _details(db: str, kind: str) -> list[str]:
    """The log's words of every event of ``kind`` ("created", "power ended"), oldest first."""
    return log_details(db, "Nuit", "--kind", kind)


# -- 1. what a creation cost and kept (L85-L107, L705; V-CR-6; ruling M134) --------------------------


def test_a_Streamlined_creation_that_loses_unspent_Atouts_says_so_when_the_character_joins_V_CR_6_Streamlined_L705_ruling_M134(
    db: str, tmp_path: Path
) -> None:
    # L705: "un maximum de 3 Atouts peuvent être ainsi conservés"; the digest (V-CR-6) asks for a
    # warning. Vera's 4 beyond the 3 were lost without a word, the sheet reading "3 in reserve".
    vera, nell, jim = _camp(db, tmp_path, VERA, NELL, JIM, session=False)
    lines = vera.splitlines()
    assert len(lines) == 2 and lines[0].startswith("Vera joined the campaign (")
    assert (
        lines[1]
        == "Vera keeps 3 of the 7 Atouts left unspent: Streamlined creation carries at most 3 into play (L705), so 4 Atouts are lost"
    )
    assert nell.splitlines()[1] == (
        "Nell keeps 3 of the 4 Atouts left unspent: Streamlined creation carries at most 3 into play (L705), so 1 Atout is lost"
    )
    # Standard creation keeps every Atout left (L107): nothing more to say.
    assert len(jim.splitlines()) == 1 and jim.startswith("Jim joined the campaign (")
    assert "Atouts: 3 in reserve, 0 of experience" in cli(db, "sheet", "Nuit", "Vera")


def test_the_log_says_what_each_creation_spent_and_kept_and_what_Streamlined_lost_L85_L107_L705_ruling_M134(
    db: str, tmp_path: Path
) -> None:
    # The log said "Vera created" of every character, so a player could not tell where 4 Atouts went.
    _camp(db, tmp_path, VERA, PSY, JIM, session=False)
    assert _details(db, "created")[2:] == [  # after the campaign's and its deck's
        "Vera created by streamlined creation: 8 of 15 Atouts spent, 3 kept for play, 4 lost (at most 3 carry into play, L705)",
        "Psy created by standard creation: 9 of 16 Atouts spent, 7 kept for play",
        # Jim's list has Médecine at Lamentable (A18): 3 to Moyen, 1 for Psychologie.
        "Jim created by standard creation: 4 of 11 Atouts spent, 7 kept for play",
    ]


# -- 2. what a night's rest gave back (T5, T7; L441, L566, L582; ruling M135) -------------------------


def test_a_night_s_rest_says_the_Potentiel_and_Vigueur_it_gave_back_never_a_rank_plus_Fatigue_L582_L566_ruling_M135(
    db: str, tmp_path: Path
) -> None:
    # "Vera rests: Télékinésie +1" read as the domain rising a rank, and the Vigueur rank the
    # fatigue option (L582) gave back went unsaid.
    _camp(db, tmp_path, VERA)
    cli(db, "campaign", "set", "Nuit", "fatigue", "on")
    # L566: every attempt spends a Potentiel point, success or not (A26); L582: and a Vigueur rank.
    cli(db, "microfudge", "power", "Nuit", "Vera", "telekinesie", "--grams", "5")
    assert cli(db, "microfudge", "rest", "Nuit", "Vera") == "Vera rests: 1 Potentiel of Télékinésie and 1 rank of Vigueur back\n"
    assert _details(db, "powers rested") == ["a good night's rest: 1 Potentiel of Télékinésie and 1 rank of Vigueur back"]
    # An advance says it in the same words; the quarter hour (L582) gives the Vigueur back first.
    cli(db, "microfudge", "power", "Nuit", "Vera", "telekinesie", "--grams", "5")
    cli(db, "session", "end", "Nuit")
    said = cli(db, "advance", "Nuit", "1d").splitlines()
    assert "  Day 1 08:15  Vera recovers a lost Vigueur rank (none still lost)" in said
    assert "  Day 2 07:00  Vera wakes rested: 1 Potentiel of Télékinésie back" in said


# -- 3. a wound a power healed, in the downtime report (T8, L627-L629; ruling M136) --------------------


def test_the_downtime_report_tells_a_wound_Guerison_acceleree_healed_Conscience_L627_L629_ruling_M136(db: str, tmp_path: Path) -> None:
    # T8: a week-per-card wound heals a card per 12-hour day of meditation. The report told a wound
    # the days healed ("recovered from Revers 1") but not one a power healed.
    _camp(db, tmp_path, PSY)
    cli(db, "microfudge", "setback", "Nuit", "Psy", "--severity", "1", "--healing", "weekly")
    # Conscience Excellent (6), the Blessure −1, +3 from the Narrator: 8 against Simple (3) never fails.
    assert "Guérison accélérée runs" in cli(
        db, "microfudge", "power", "Nuit", "Psy", "guerison-acceleree", "--setback", "1", "--modifier", "3"
    )
    cli(db, "session", "end", "Nuit")
    assert "  Day 1 20:00  Psy: Revers 1 has healed with Guérison accélérée" in cli(db, "advance", "Nuit", "1d").splitlines()
    # Ruling M143: and by the power's name, which the tick once did not keep.
    report = cli(db, "downtime", "report", "Nuit").splitlines()
    assert "Day 1 20:00  Psy recovered from Revers 1 (healed by Guérison accélérée, a power of Conscience)" in report


# -- 4. the first-aid option in a sentence («Premiers soins» L359, A9; ruling M137) -------------------


def test_campaign_set_words_what_first_aid_does_in_a_sentence_Premiers_soins_L359_ruling_M137(db: str, tmp_path: Path) -> None:
    # It read "What successful first aid does is already stabilizes and heals one step".
    _camp(db, tmp_path, JIM, session=False)
    assert (
        cli(db, "campaign", "set", "Nuit", "first_aid_mode", "stabilize") == "Nuit: What successful first aid does is now only stabilize.\n"
    )
    assert cli(db, "campaign", "set", "Nuit", "first_aid_mode", "shorten") == (
        "Nuit: What successful first aid does is now stabilize and halve the wait for the next step.\n"
    )
    cli(db, "campaign", "set", "Nuit", "first_aid_mode", "reduce_step")
    assert cli(db, "campaign", "set", "Nuit", "first_aid_mode", "reduce_step") == (
        "Nuit: What successful first aid does is already stabilize and heal one step; nothing recorded.\n"
    )


# -- 5. a boost's point and its end (T12, L639-L645, L441; ruling M138) -------------------------------


def test_a_boost_spends_its_point_as_any_use_and_a_night_s_rest_ends_it_Endurance_accrue_L641_L441_ruling_M138(
    db: str, tmp_path: Path
) -> None:
    # L629 and L637 lock the points of Guérison accélérée and Régénération while they run; L641
    # locks none. A boost held its point and ran until its Conscience-value draws were drawn, so an
    # Endurance accrue of twelve weeks ago still armoured Psy, its point still out after every night.
    _camp(db, tmp_path, PSY)
    # Conscience Excellent (6), +4 from the Narrator: 10 against Très difficile (6) never fails.
    assert "Endurance accrue runs" in cli(
        db, "microfudge", "power", "Nuit", "Psy", "endurance-accrue", "--mode", "armour", "--modifier", "4"
    )
    sheet = " ".join(cli(db, "sheet", "Nuit", "Psy").split())
    assert "Potentiel: Conscience 5/6" in sheet and "Endurance accrue armour 0 of 6" in sheet
    cli(db, "session", "end", "Nuit")
    # The point spent brings a night's rest due (T5), and the night ends the boost.
    assert (
        "  Day 2 07:00  Psy wakes rested: 1 Potentiel of Conscience back; Endurance accrue ends"
        in cli(db, "advance", "Nuit", "1d").splitlines()
    )
    assert _details(db, "power ended") == ["the power stopped (a night's rest ended it)"]
    sheet = " ".join(cli(db, "sheet", "Nuit", "Psy").split())
    assert "Potentiel: Conscience 6/6" in sheet and "Endurance accrue" not in sheet


def test_the_rest_command_ends_a_running_boost_too_Coordination_accrue_L645_ruling_M138(db: str, tmp_path: Path) -> None:
    _camp(db, tmp_path, PSY.replace("Conscience = 6", "Conscience = 7"))
    # Conscience Exceptionnel (7), +4: 11 against Extrême (7) never fails.
    cli(db, "microfudge", "power", "Nuit", "Psy", "coordination-accrue", "--modifier", "4")
    assert cli(db, "microfudge", "rest", "Nuit", "Psy") == "Psy rests: 1 Potentiel of Conscience back; Coordination accrue ends\n"
    assert "Potentiel: Conscience 7/7" in " ".join(cli(db, "sheet", "Nuit", "Psy").split())
    assert "OK" in cli(db, "verify", "Nuit")


# -- 6. a vehicle's kind in words («d - Véhicules» L504-L536, L429; ruling M139) ----------------------


def test_a_vehicle_s_kind_reads_in_words_not_as_the_table_s_key_Vehicules_L504_L536_Concours_L429_ruling_M139(
    db: str, tmp_path: Path
) -> None:
    # "had their sports-car damaged", "Zoe's suv is a wreck": the keys `vehicle=` takes, read as words.
    _camp(db, tmp_path, JIM.replace("Jim", "Zoe"), JIM)
    said = cli(db, "microfudge", "setback", "Nuit", "Zoe", "--severity", "2", "--vehicle", "sports-car")
    assert said.startswith("Zoe had their sports car damaged: a Revers sérieux (does not heal on its own)")
    cli(db, "microfudge", "setback", "Nuit", "Zoe", "--severity", "3", "--vehicle", "SUV")
    sheet = cli(db, "sheet", "Nuit", "Zoe")
    assert "sports car  Revers sérieux (−2)" in sheet and "SUV         Revers décisif (−3), a wreck" in sheet
    cli(db, "microfudge", "sequence", "Nuit", "Zoe", "Jim")
    said = refused(
        db,
        "Nuit",
        "microfudge",
        "conflict-card",
        "Nuit",
        "--side",
        "Zoe:Pilotage:chase,vehicle=suv",
        "--side",
        "Jim:Pilotage:chase,vehicle=van",
    )
    assert said == "error: Zoe's SUV is a wreck (L429): it chases and rams no more"
    said = refused(db, "Nuit", "microfudge", "first-aid", "Nuit", "Zoe", "--healer", "Jim", "--setback", "1")
    assert said == "error: Revers 1 is damage to Zoe's sports car (L429): first aid tends wounds (L357-L359), not vehicles"
