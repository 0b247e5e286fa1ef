"""The QA review of MicroFudge (review-mf) through the real command line (``support.run``) on a real
journal: what each fixed command prints and records, against the digest
(``shared/rules/microfudge-cecj.md``) and the seed (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cartes_table import StackedChance
from support import SAMPLES, log_details, run

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


def words(db: str, kind: str, campaign: str = "Arkham", gm: bool = False) -> list[str]:
    """What the log's table says of each event of ``kind`` (its last column, wrapped lines joined),
    as players read it or, with ``gm``, as the GM does."""
    return log_details(db, campaign, "--kind", kind, *(["--gm"] if gm else []))


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
    # Blows in a fight: physical Revers, named by their wounds (L343, ruling M70).
    assert "a Blessure grave ou mortelle on Ghoul1" in out and "a Blessure on Ghoul1" in out
    # A person or a side achieves "their" goal, never "its" (tests/test_words_assume_no_sex.py).
    assert out.strip().splitlines()[-1] == "draw 1: Harvey wins the draw; the Sequence ends: Harvey achieves their goal"
    ended = log(arkham, ":SequenceEnded")
    assert ended and all(e["event"]["winner"] == "Harvey" for e in ended)
    assert all(w.endswith("(a Décisif): Harvey achieves their goal") for w in words(arkham, "SequenceEnded"))


# -- 4. Taking experience Atouts back (L213-L215) ------------------------------------------------


def test_a_negative_award_takes_atouts_back_in_words_Experience_L213_L215(arkham: str) -> None:
    assert cli(arkham, "microfudge", "atout", "award", "Arkham", "Jim", "2").strip() == "Jim gains 2 experience Atouts"
    assert cli(arkham, "microfudge", "atout", "award", "Arkham", "Jim", "-1", "--reason", "oops").strip() == "Jim loses 1 experience Atout"
    assert cli(arkham, "microfudge", "atout", "award", "Arkham", "Jim", "--", "-1").strip() == "Jim loses 1 experience Atout"
    out = refused(arkham, "microfudge", "atout", "award", "Arkham", "Jim", "abc")
    assert "the number of Atouts is a whole number" in out  # ruling M140 and "“abc”" in out and "Input should" not in out
    expected = ["earned 2 Atouts of experience", "lost 1 Atout of experience (oops)", "lost 1 Atout of experience"]
    assert words(arkham, "AtoutsAwarded") == expected
    sheet = json.loads(cli(arkham, "sheet", "Arkham", "Jim", "--json"))
    assert sheet["condition"]["atouts"]["experience"] == 0


# -- 5. The seed's names, never internal codes (issue 14) ----------------------------------------


def test_powers_and_atout_uses_by_their_names_and_healing_in_ordinary_words_Conscience_L627_L629(arkham: str) -> None:
    cli(arkham, "microfudge", "setback", "Arkham", "Zara", "--severity", "1", "--healing", "weekly")
    out = cli(arkham, "microfudge", "power", "Arkham", "Zara", "guerison-acceleree", "--setback", "1")
    # The Revers weighs on the power's Test (L293, L341: a deep wound weighs on every action).
    assert out.startswith("Zara uses Guérison accélérée and rolls Conscience Bon (5) (Revers −1): ")
    assert "guerison" not in out and "accelerated" not in out
    healing = "success" in out
    assert ("Guérison accélérée runs" in out) == healing
    tk = cli(arkham, "microfudge", "power", "Arkham", "Zara", "telekinesie", "--grams", "5")
    assert tk.startswith("Zara uses Télékinésie and rolls Télékinésie Moyen (4) (Revers −1): ")
    cli(arkham, "microfudge", "setback", "Arkham", "Harvey", "--severity", "3", "--healing", "weekly")
    spent = cli(arkham, "microfudge", "atout", "spend", "Arkham", "Harvey", "save-your-skin").strip()
    # The log's sentences (ruling M74): the Atout spent, then the wound it stabilized (L127, L343).
    assert spent.splitlines() == [
        "Harvey spent 1 Atout of creation reserve to save their skin",
        "Harvey saved their skin: Revers 1 (Blessure grave ou mortelle) is stabilized",
    ]
    powers = words(arkham, "PowerUsed")
    assert powers[0].startswith("power Guérison accélérée, a Test of Conscience Bon (5) (Revers −1) against ")
    assert powers[1].startswith("power Télékinésie, a Test of Télékinésie Moyen (4) (Revers −1) against ")
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


# -- The playtest of MicroFudge (playtest-mf) through the command line -----------------------------

DOC = 'name = "Doc"\nstatus = "expert"\n[ranks]\n"Médecine" = 7\n'


def scripted(monkeypatch: pytest.MonkeyPatch, *cards: str, faces: tuple[int, ...] = ()) -> None:
    """Every chance of the commands that follow: ``cards`` on top of the next shuffle, the dF ``faces`` in order."""
    chance = StackedChance(*([list(cards)] if cards else []), values=[f + 1 for f in faces])

    def stream(self: World, epoch: str, place: Any) -> Any:
        self.campaign.mark_drawn(epoch)
        return chance.stream(epoch, place)

    monkeypatch.setattr(World, "stream", stream)


def test_the_domain_of_a_revers_is_read_without_case_and_an_unknown_one_refused_Effets_des_Revers_L335_L345(arkham: str) -> None:
    cli(arkham, "microfudge", "setback", "Arkham", "Harvey", "--severity", "2")  # physical by default
    # As the log says it (ruling M63).
    assert "(social, heals a step a day)" in cli(
        arkham, "microfudge", "setback", "Arkham", "Harvey", "--severity", "1", "--domain", "Sociale"
    )
    # L345: the highest applicable Revers, −2, weighs on a physical action however it is written.
    assert "Athlétisme Moyen (4) (Revers −2): " in cli(
        arkham, "microfudge", "test", "Arkham", "Harvey", "Athlétisme", "--domain", "Physical"
    )
    unknown = "the kind of action a Revers weighs on is physical, social or vehicle, not “phisical”"
    for command in (
        ("setback", "Arkham", "Harvey", "--severity", "1", "--domain", "phisical"),
        ("test", "Arkham", "Harvey", "Athlétisme", "--domain", "phisical"),
        ("hazard", "Arkham", "Harvey", "Athlétisme", "--domain", "phisical"),
        ("conflict", "Arkham", "Harvey", "Combat", "Jim", "Combat", "--domain", "phisical"),
        ("power", "Arkham", "Zara", "resistance-thermique", "--domain", "phisical"),
    ):
        assert unknown in refused(arkham, "microfudge", *command)
    cli(arkham, "microfudge", "sequence", "Arkham", "Harvey", "Jim")
    assert unknown in refused(
        arkham, "microfudge", "conflict-card", "Arkham", "--side", "Harvey:Combat:domain=phisical", "--side", "Jim:Tir"
    )


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_characteristic_is_refused_L133_L219(arkham: str, blank: str) -> None:
    for command in (
        ("test", "Arkham", "Jim", blank),
        ("hazard", "Arkham", "Jim", blank),
        ("conflict", "Arkham", "Jim", blank, "Harvey", "Combat"),
    ):
        assert "a characteristic needs a name" in refused(arkham, "microfudge", *command)
    assert "a characteristic needs a name" in refused(arkham, "microfudge", "raise", "Arkham", "Jim", blank, "--why", "practice")


def test_a_trivial_task_is_refused_in_words_and_rolls_nothing_Degres_de_difficulte_L267(arkham: str) -> None:
    for difficulty in ("na", "0", "1", "lamentable", "Abyssal"):
        out = refused(arkham, "microfudge", "test", "Arkham", "Jim", "Combat", "-d", difficulty)
        assert "needs no Test: it simply succeeds (L267)" in out
    assert "needs no Test" in refused(arkham, "microfudge", "hazard", "Arkham", "Jim", "Combat", "-d", "na")
    assert "(na, 0 and 1 are sans difficulté" in " ".join(cli(arkham, "microfudge", "test", "--help").split())


def test_a_sequence_an_npc_leaves_out_of_the_fight_names_no_Decisif_Creation_des_PNJs_L453(
    arkham: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Harvey (Combat 3): 2 3 5 on Ghoul1, one success, a Revers; Ghoul1 defends with 3 5 7. One
    # Revers takes it out (out_after = 1): the Sequence ends, and no Décisif was dealt (L313 vs L453).
    scripted(monkeypatch, "2C", "3C", "5C", "3H", "5H", "7H")
    cli(arkham, "microfudge", "sequence", "Arkham", "Harvey", "Ghoul1")
    out = cli(arkham, "microfudge", "conflict-card", "Arkham", "--side", "Harvey:Combat:Ghoul1=3", "--side", "Ghoul1:Combat:Harvey=0,def=3")
    last = out.strip().splitlines()[-1]
    assert last == "draw 1: Harvey wins the draw; the Sequence ends: Ghoul1 is out of the fight (L453), Harvey achieves their goal"
    assert {e["event"]["how"] for e in log(arkham, ":SequenceEnded")} == {"out-of-the-fight"}
    said = words(arkham, "SequenceEnded")
    assert said and all(w == "Sequence 1 ended (an NPC was put out of the fight): Harvey achieves their goal" for w in said)


def test_a_card_count_lists_what_it_adds_up_from_L307_L309_L329(arkham: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Harvey (Combat 3) carries a Revers sérieux: 1 card, 2C, a success; Jim (Tir 3) defends with
    # 3H 5H 7H. Harvey forgoes the Revers for 2 cards (L329): 3 − 2 + 2 = 3 cards next draw.
    scripted(monkeypatch, "2C", "3H", "5H", "7H", "3C", "5C", "7C", "3D", "5D", "7D")
    cli(arkham, "microfudge", "setback", "Arkham", "Harvey", "--severity", "2")
    cli(arkham, "microfudge", "sequence", "Arkham", "Harvey", "Jim")
    first = cli(arkham, "microfudge", "conflict-card", "Arkham", "--side", "Harvey:Combat:Jim=1", "--side", "Jim:Tir:Harvey=0,def=3")
    assert first.startswith("Harvey (1 card: Combat Médiocre (3), Revers −2): ")
    assert "\nJim (3 cards: Tir Médiocre (3)): " in first
    cli(arkham, "microfudge", "upper-hand", "Arkham", "Harvey")
    wrong = refused(arkham, "microfudge", "conflict-card", "Arkham", "--side", "Harvey:Combat:Jim=1", "--side", "Jim:Tir:Harvey=0,def=3")
    assert "Harvey has 3 cards (Combat Médiocre (3), upper hand +2, Revers −2): attack 1 + defence 0 must use them all" in wrong
    second = cli(arkham, "microfudge", "conflict-card", "Arkham", "--side", "Harvey:Combat:Jim=3", "--side", "Jim:Tir:Harvey=0,def=3")
    assert second.startswith("Harvey (3 cards: Combat Médiocre (3), upper hand +2, Revers −2): ")
    # The upper hand has lapsed (L329: the next draw only); a count reads as words, a penalty with "−".
    one = refused(arkham, "microfudge", "conflict-card", "Arkham", "--side", "Harvey:Combat:Jim=3", "--side", "Jim:Tir:def=3")
    assert "Harvey has 1 card (Combat Médiocre (3), Revers −2): attack 3" in one
    none = refused(arkham, "microfudge", "conflict-card", "Arkham", "--side", "Harvey:Combat:Jim=3,mod=-1", "--side", "Jim:Tir:def=3")
    assert "Harvey has 0 cards (Combat Médiocre (3), other −1, Revers −2): attack 3" in none


def test_first_aid_prints_its_Test_and_names_the_wound_it_leaves_Premiers_soins_L359(
    arkham: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "doc.toml").write_text(DOC, encoding="utf-8")
    cli(arkham, "character", "new", "Arkham", "--sheet", str(tmp_path / "doc.toml"))
    scripted(monkeypatch, faces=(-1, 0, 1, 0))
    cli(arkham, "microfudge", "setback", "Arkham", "Jim", "--severity", "3", "--healing", "weekly")
    out = cli(arkham, "microfudge", "first-aid", "Arkham", "Jim", "--healer", "Doc", "--setback", "1", "--quality", "superior").strip()
    # L359: Très difficile for a mortal wound; Exceptionnel (7) +2 for superior gear (L459-L467);
    # reduce_step (the campaign's default): the Décisif becomes a Blessure sérieuse.
    assert out == (
        "Doc tends Jim's Revers 1: Médecine Exceptionnel (7) (gear +2): [− 0 + 0] final Légendaire (9) against Très difficile (6): "
        "success — the wound is stabilized and reduced a step: now a Blessure sérieuse"
    )
    (said,) = words(arkham, "FirstAidGiven")
    assert said == (
        "first aid by Doc on Revers 1: Médecine Exceptionnel (7) (gear +2): − 0 + 0 → Légendaire (9) against Très difficile (6): "
        "success — the wound is stabilized and reduced a step: now a Blessure sérieuse (Doc had 99% to succeed)"  # 80 of 81 (LK10)
    )
    again = refused(arkham, "microfudge", "first-aid", "Arkham", "Jim", "--healer", "Doc", "--setback", "1")
    assert "one attempt per healer and scene" in again and "PROPOSAL" not in again
