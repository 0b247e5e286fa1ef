"""The QA review of MicroFudge (review-mf) through the real command line (``support.run``) on a real
journal: what each fixed command prints and records, against the digest
(``shared/rules/microfudge-cecj.md``) and the seed (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cartes_table import StackedChance
from support import SAMPLES, run

from chronique.domain.world import World

LISA = 'name = "Lisa"\nstatus = "hero"\n[ranks]\nTir = 5\n"Discrétion" = 4\n'
ZARA = 'name = "Zara"\nstatus = "expert"\n[ranks]\nConscience = 5\n"Télékinésie" = 4\nEsprit = 5\n'
GHOUL = 'name = "Ghoul1"\nnpc = true\nstatus = "average"\nout_after = 1\n[ranks]\nVigueur = 4\nCombat = 3\n'


def cli(db: str, *args: str, code: int = 0) -> str:
    """The real command in-process; it must exit with ``code``. Its output (stdout, or stderr)."""
    result = run(db, *args, check=False)
    assert result.returncode == code, result.stdout + result.stderr
    return result.stdout if code == 0 else result.stderr


def log(db: str, topic: str = "") -> list[dict[str, Any]]:
    """The Arkham log entries whose event topic ends with ``topic``, oldest first."""
    entries = json.loads(cli(db, "log", "Arkham", "--json", "--gm"))
    return [e for e in entries if e["event"]["topic"].endswith(topic)]


def words(db: str, kind: str) -> list[str]:
    """What the log's table says of each event of ``kind`` (its last column, wrapped lines joined)."""
    rows: list[list[str]] = []
    lines = cli(db, "--ascii", "log", "Arkham", "--kind", kind).splitlines()
    body = [line for line in lines if line.startswith("|")][1:]  # the header's line first
    for line in body:
        if set(line) <= set("|-+"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0]:
            rows.append([cells[-1]])
        elif rows:
            rows[-1].append(cells[-1])
    return [" ".join(part for part in row if part) for row in rows]


def refused(db: str, *args: str) -> str:
    """A command refused in one line, exit 2, that records nothing."""
    before = len(log(db))
    out = cli(db, *args, code=2)
    assert out.startswith("error: ") and len(out.strip().splitlines()) == 1, out
    assert len(log(db)) == before
    return out


@pytest.fixture
def arkham(db: str, tmp_path: Path) -> str:
    """The review's campaign: Jim and Harvey (samples), Lisa, Zara and Ghoul1 (out after a Revers), session 1 open."""
    cli(db, "campaign", "new", "Arkham", "--ruleset", "microfudge", "--start", "Day 1 08:00")
    for name, text in (("lisa", LISA), ("zara", ZARA), ("ghoul", GHOUL)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    for sheet in (SAMPLES / "mf_jim.toml", SAMPLES / "mf_harvey.toml", *(tmp_path / f"{n}.toml" for n in ("lisa", "zara", "ghoul"))):
        cli(db, "character", "new", "Arkham", "--sheet", str(sheet))
    cli(db, "session", "start", "Arkham")
    return db


# -- 1, 2. A difficulty off the §1.3 ladder (L255-L267, L906-L917) --------------------------------


def test_a_negative_or_absurd_difficulty_is_refused_and_nothing_recorded_Degres_de_difficulte_L255_L267(arkham: str) -> None:
    assert "difficulty -7 is off the ladder" in refused(arkham, "microfudge", "test", "Arkham", "Jim", "Esprit", "--difficulty=-7")
    assert "difficulty -8 is off the ladder" in refused(arkham, "microfudge", "hazard", "Arkham", "Lisa", "Discrétion", "--difficulty=-8")
    out = refused(arkham, "microfudge", "test", "Arkham", "Jim", "Esprit", "--difficulty=1000000")
    assert "difficulty 1000000 is off the ladder" in out and "8 (Impossible)" in out
    assert " against Impossible (8): " in cli(arkham, "microfudge", "test", "Arkham", "Jim", "Esprit", "-d", "8")  # Impossible is on it
    (rolled,) = log(arkham, ":TestRolled")
    assert rolled["event"]["required"] == 8 and "against Impossible" in words(arkham, "TestRolled")[0]


# -- 3. Three sides, two scorers of a Décisif (§3.4 L313, §3.6 L321, ruling M33) -----------------


def test_the_scorer_that_inflicted_more_wins_a_three_sided_draw_L313_L321(arkham: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Scripted chance: the shuffle of Sequence 1 puts these cards on top. Harvey (Combat 3, massive
    # +3): 2 4 6 3 5 7 on Ghoul1, a Décisif; Zara (Combat 2, +4): 2 3 5 7 9 A, a Revers, which takes
    # out Ghoul1 (out_after = 1, L453); Ghoul1 defends with 3 5 7, no success.
    chance = StackedChance(["2C", "4C", "6C", "3C", "5C", "7C", "2D", "3D", "5D", "7D", "9D", "AD", "3H", "5H", "7H"])

    def stream(self: World, epoch: str, place: Any) -> Any:
        self.campaign.mark_drawn(epoch)
        return chance.stream(epoch, place)

    monkeypatch.setattr(World, "stream", stream)
    cli(arkham, "microfudge", "sequence", "Arkham", "Harvey", "Zara", "Ghoul1", "--goal", "drive the ghoul off")
    out = cli(
        arkham,
        "microfudge",
        "conflict-card",
        "Arkham",
        "--side",
        "Harvey:Combat:Ghoul1=6,weapon=massive",
        "--side",
        "Zara:Combat:Ghoul1=6,mod=4",
        "--side",
        "Ghoul1:Combat:Harvey=0,def=3",
    )
    assert "a Revers décisif on Ghoul1" in out and "a Revers on Ghoul1" in out
    assert out.strip().splitlines()[-1] == "draw 1: Harvey wins the draw; the Sequence ends: Harvey achieves its goal"
    ended = log(arkham, ":SequenceEnded")
    assert ended and all(e["event"]["winner"] == "Harvey" for e in ended)
    assert all(w.endswith("Harvey achieves its goal") for w in words(arkham, "SequenceEnded"))


# -- 4. Taking experience Atouts back (L213-L215) ------------------------------------------------


def test_a_negative_award_takes_atouts_back_in_words_Experience_L213_L215(arkham: str) -> None:
    assert cli(arkham, "microfudge", "atout", "award", "Arkham", "Jim", "2").strip() == "Jim gains 2 experience Atouts"
    assert cli(arkham, "microfudge", "atout", "award", "Arkham", "Jim", "-1", "--reason", "oops").strip() == "Jim loses 1 experience Atout"
    assert cli(arkham, "microfudge", "atout", "award", "Arkham", "Jim", "--", "-1").strip() == "Jim loses 1 experience Atout"
    out = refused(arkham, "microfudge", "atout", "award", "Arkham", "Jim", "abc")
    assert "whole number of Atouts" in out and "'abc'" in out and "Input should" not in out
    expected = ["earned 2 Atouts of experience", "lost 1 Atout of experience (oops)", "lost 1 Atout of experience"]
    assert words(arkham, "AtoutsAwarded") == expected
    sheet = json.loads(cli(arkham, "sheet", "Arkham", "Jim", "--json"))
    assert sheet["condition"]["atouts"]["experience"] == 0


# -- 5. The seed's names, never internal codes (issue 14) ----------------------------------------


def test_powers_and_atout_uses_by_their_names_and_healing_in_ordinary_words_Conscience_L627_L629(arkham: str) -> None:
    cli(arkham, "microfudge", "setback", "Arkham", "Zara", "--severity", "1", "--healing", "weekly")
    out = cli(arkham, "microfudge", "power", "Arkham", "Zara", "guerison-acceleree", "--setback", "1")
    assert out.startswith("Zara uses Guérison accélérée: ") and "guerison" not in out and "accelerated" not in out
    healing = "success" in out
    assert ("Guérison accélérée runs" in out) == healing
    tk = cli(arkham, "microfudge", "power", "Arkham", "Zara", "telekinesie", "--grams", "5")
    assert tk.startswith("Zara uses Télékinésie: ")
    cli(arkham, "microfudge", "setback", "Arkham", "Harvey", "--severity", "3", "--healing", "weekly")
    spent = cli(arkham, "microfudge", "atout", "spend", "Arkham", "Harvey", "save-your-skin").strip()
    assert spent == "Harvey spends 1 Atout of creation reserve: save your skin"
    powers = words(arkham, "PowerUsed")
    assert powers[0].startswith("power Guérison accélérée (") and powers[1].startswith("power Télékinésie (")
    cli(arkham, "session", "end", "Arkham")
    report = cli(arkham, "advance", "Arkham", "1d", "--yes")
    if healing:  # T8: a 12-hour day of meditation heals the week-type Revers (L627-L629)
        assert "Zara: Revers 1 has healed with Guérison accélérée" in report
    assert "accelerated-healing" not in report and "−0" not in report


# -- 7. A draw with no Sequence open (L297-L305) ---------------------------------------------------


def test_a_draw_without_a_Sequence_says_so_L297_L305(arkham: str) -> None:
    out = refused(arkham, "microfudge", "conflict-card", "Arkham", "--side", "Jim:Combat:Harvey=2")
    assert out.strip() == "error: Jim is in no Sequence (start one first)"


# -- 8. The sheet's pace follows the schedule (T2b, L341) ----------------------------------------


def test_the_sheet_reads_the_graduated_schedule_T2b_Effets_des_Revers_L341(arkham: str) -> None:
    cli(arkham, "campaign", "set", "Arkham", "deep_wound_schedule", "graduated")
    cli(arkham, "microfudge", "setback", "Arkham", "Lisa", "--severity", "2", "--healing", "weekly")
    cli(arkham, "microfudge", "setback", "Arkham", "Lisa", "--severity", "1")
    sheet = " ".join(cli(arkham, "sheet", "Arkham", "Lisa").split())
    # −2 → −1 takes two weeks, −1 → 0 a week (T2b): the first card on Day 15.
    assert "Day 15 08:00 heals a step in two weeks, then a week" in sheet
    assert "heals a step a week" not in sheet and "heals a step a day" in sheet


# -- 9. A typo of a characteristic (L219, ruling M9) -----------------------------------------------


def test_a_typo_of_a_listed_characteristic_is_refused_L219_M9(arkham: str) -> None:
    out = refused(arkham, "microfudge", "test", "Arkham", "Lisa", "Tri", "-d", "facile")
    assert "did you mean Tir?" in out
    # A name far from every listed one is a characteristic of its own, at Faible (L219, M9).
    cli(arkham, "microfudge", "test", "Arkham", "Lisa", "Survie", "-d", "facile")
    (rolled,) = log(arkham, ":TestRolled")
    assert (rolled["event"]["characteristic"], rolled["event"]["rank"]) == ("Survie", 2)
