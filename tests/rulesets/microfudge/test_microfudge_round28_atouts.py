"""MicroFudge CECJ, the round-28 fixes to the Atouts of a Streamlined adventure and to a healing
power on the sheet: `--beyond-the-adventure` is refused of a character L717 does not bound (ruling
M158); the sheet counts the Atouts an adventure gives without "more" before any (M159); `session
end` says who earned their Atout and who, Streamlined, had their 3 (M160); a wound's next card
names the power that heals it in brackets (M163, replacing M78's words). Seed:
``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines); digest: ``shared/rules/microfudge-cecj.md``.
The command-line tests run the real app on a real journal."""

from __future__ import annotations

from pathlib import Path

import pytest
from microfudge_table import cli, log, refused, table
from test_microfudge_critical_state import scripted
from test_microfudge_playtest_round15 import _mines

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge.play import award, award_session_end

VERA = {"name": "Vera", "status": "hero", "procedure": "streamlined", "ranks": {"Pilotage": 5}}
VERA_SHEET = 'name = "Vera"\nstatus = "hero"\nprocedure = "streamlined"\n[ranks]\nPilotage = 5\n'
JIM_SHEET = 'name = "Jim"\nstatus = "hero"\n[ranks]\nTir = 4\n'
PSY_SHEET = 'name = "Psy"\nstatus = "expert"\n[ranks]\nConscience = 5\n'


# -- 1. `--beyond-the-adventure` is Streamlined's only («3 – Création … Streamlined» L717; M158) ---


def test_beyond_the_adventure_is_refused_of_a_character_who_is_not_Streamlined_L717_ruling_M158() -> None:
    # L717's 3 Atouts a complete adventure bound the Streamlined procedure; the CECJ Jim's awards
    # have none (L213-L215), so going "beyond" it was accepted silently, as if it meant something.
    jim = {"name": "Jim", "status": "hero", "ranks": {"Tir": 4}}
    world = table(sheets=[jim])
    with pytest.raises(RuleViolation) as refusal:
        award(world, "Jim", 2, "", beyond_the_adventure=True)
    assert str(refusal.value) == (
        "Jim is not a Streamlined character: `--beyond-the-adventure` goes past the 3 Atouts of a complete adventure, "
        "a bound of Streamlined characters only (L717); award without it"
    )
    assert world.character("Jim").condition["atouts"]["experience"] == 0
    award(world, "Jim", 2, "")  # without it, as many as the Narrator gives (L215)
    assert world.character("Jim").condition["atouts"]["experience"] == 2


def test_through_the_cli_beyond_the_adventure_on_a_CECJ_character_is_refused_in_one_line_L717_ruling_M158(db: str, tmp_path: Path) -> None:
    _mines(db, tmp_path, JIM_SHEET)
    said = refused(db, "Mines", "microfudge", "atout", "award", "Mines", "Jim", "1", "--beyond-the-adventure")
    assert said == (
        "error: Jim is not a Streamlined character: `--beyond-the-adventure` goes past the 3 Atouts of a complete "
        "adventure, a bound of Streamlined characters only (L717); award without it"
    )


# -- 2. no "more" before any is received (L717; M159, refining M155) -----------------------------


def test_through_the_cli_the_sheet_says_may_receive_3_before_any_and_only_1_more_after_2_L717_ruling_M159(db: str, tmp_path: Path) -> None:
    # A new adventure's sheet once read "0 experience Atouts received; may receive only 3 more".
    _mines(db, tmp_path, VERA_SHEET)
    assert "this adventure: no experience Atouts received; may receive 3 (L717)" in cli(db, "sheet", "Mines", "Vera")
    said = refused(db, "Mines", "microfudge", "atout", "award", "Mines", "Vera", "4")
    assert said.startswith("error: Vera has received no experience Atouts in this adventure and may receive 3: ")
    cli(db, "microfudge", "atout", "award", "Mines", "Vera", "2")
    assert "this adventure: 2 experience Atouts received; may receive only 1 more (L717)" in cli(db, "sheet", "Mines", "Vera")


# -- 3. `session end` says the Atouts it gave (L213-L215, L717; M160) ----------------------------


def test_the_session_end_says_who_earned_an_Atout_and_who_had_their_3_Streamlined_L213_L717_ruling_M160() -> None:
    # L213: each character gains an Atout at each session's end; L717: a Streamlined one no more
    # than 3 an adventure. The session's end gave them without a word, and said nothing of Vera's none.
    jim = {"name": "Jim", "status": "hero", "ranks": {"Tir": 4}}
    world = table(sheets=[VERA, jim])
    award(world, "Vera", 2, "the mine")
    assert award_session_end(world) == [
        "Vera earned 1 Atout of experience (end of session 1)",
        "Jim earned 1 Atout of experience (end of session 1)",
    ]
    assert award_session_end(world) == [
        "Vera earned no Atout of experience (end of session 1): they have received the 3 a Streamlined character "
        "receives for a complete adventure (L717); `microfudge adventure-end` ends it",
        "Jim earned 1 Atout of experience (end of session 1)",
    ]


def test_through_the_cli_session_end_says_the_Atouts_as_the_log_words_them_L213_L717_ruling_M160(db: str, tmp_path: Path) -> None:
    _mines(db, tmp_path, VERA_SHEET, JIM_SHEET)
    cli(db, "microfudge", "atout", "award", "Mines", "Vera", "2")
    said = cli(db, "session", "end", "Mines").splitlines()
    assert said[:3] == [
        "session 1 of Mines ended",
        "Vera earned 1 Atout of experience (end of session 1)",
        "Jim earned 1 Atout of experience (end of session 1)",
    ]
    assert [e["reason"] for e in log(db, "Mines", "AtoutsAwarded")][-2:] == ["end of session 1", "end of session 1"]
    cli(db, "session", "start", "Mines")
    said = cli(db, "session", "end", "Mines").splitlines()
    assert said[1:3] == [
        "Vera earned no Atout of experience (end of session 2): they have received the 3 a Streamlined character "
        "receives for a complete adventure (L717); `microfudge adventure-end` ends it",
        "Jim earned 1 Atout of experience (end of session 2)",
    ]


# -- 4. the power that heals a wound, in brackets beside its next card («Conscience» L627-L629; M163)


def test_through_the_cli_a_wound_Guerison_acceleree_heals_reads_its_power_in_brackets_Conscience_L627_L629_ruling_M163(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _mines(db, tmp_path, PSY_SHEET)
    cli(db, "microfudge", "setback", "Mines", "Psy", "--severity", "2", "--healing", "weekly", "--source", "a knife")
    # Conscience 5 less the Blessure sérieuse (−2), 0 0 0 0: Médiocre (3) against Simple (3), it takes.
    scripted(monkeypatch, 0, 0, 0, 0)
    cli(db, "microfudge", "power", "Mines", "Psy", "guerison-acceleree", "--setback", "1")
    # Too wide for 80 columns, the row is listed: "Next card Day 1 20:00, Guérison accélérée" read
    # as if "Guérison accélérée" were a field of its own, as "Recovery …" after it is.
    sheet = cli(db, "sheet", "Mines", "Psy")
    assert "1: Severity Blessure sérieuse (−2), Next card Day 1 20:00 (Guérison accélérée),\n    Recovery heals a step a week" in sheet
