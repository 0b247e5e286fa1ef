"""The MicroFudge CECJ play-test's fifth round, a long campaign through the real command line over a
real journal (both backends), the Fudge dice and the conflict deck scripted: a fight's draw names
its Revers as the sheet names the wounds they leave and adds up its cards, in the command's line,
the log, ``audit show``, the session report and the upper hand; ``advance --json`` lists what no
advance settles; help paid with Atouts of both kinds; a hazard's and a saved skin's words; a Revers
borne in another's place; fatigue and collapse; a side all in defence; a timed power on the sheet;
banked range successes and a distant field in a draw (``shared/seeds/000_ddedeb0fd946e2d7.txt``,
Lnnn its lines; digest ``shared/rules/microfudge-cecj.md``)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from microfudge_table import table, topic_of_class
from support import log_details
from test_microfudge_critical_state import scripted
from test_microfudge_fidelity_cli import campaign, cli, log
from test_microfudge_playtest_round2 import exported

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.describe import WORDS as LOG_WORDS
from chronique.domain.rulesets.microfudge.play import suffer
from chronique.domain.rulesets.microfudge.processes import MicroFudgeProcesses
from chronique.domain.timeline import Due

LENA = 'name = "Lena"\nstatus = "hero"\n[ranks]\nCombat = 5\n'
GHOUL = 'name = "Ghoul"\nnpc = true\nstatus = "average"\n[ranks]\nCombat = 4\n'
# «Résolution des Conflits hasardeux» L307-L311, even cards succeed. Lena (Combat Bon 5, a medium
# weapon +1, «b – Armes» L459-L483: 6 cards) attacks Ghoul with 2♠ 4♠ A♠ 3♠ (two successes) and
# defends with A♥ 3♥ (none); Ghoul (Combat Moyen 4) attacks her with 2♥ 4♥ (two) and defends with
# 5♠ 7♠ (none): two net successes each way, a Revers sérieux each, a tie (L321).
FIGHT = ["2S", "4S", "AS", "3S", "AH", "3H", "2H", "4H", "5S", "7S"]
FIGHT_SIDES = ("--side", "Lena:Combat:Ghoul=4,def=2,weapon=medium", "--side", "Ghoul:Combat:Lena=2,def=2")
# A war of words (L337: a social Revers, looking foolish): Lena's Manipulation Faible (2) draws
# 2♦ 4♦ (two successes), Ghoul's 2♣ A♣ (one): a Revers sérieux on Ghoul, a Revers on Lena.
WORDS = ["2D", "4D", "2C", "AC"]
WORDS_SIDES = ("--side", "Lena:Manipulation:Ghoul=2,domain=social", "--side", "Ghoul:Manipulation:Lena=2,domain=social")


def _ref(event: dict[str, object]) -> str:
    """The log's reference of a recorded event: ``<id>:<version>``, its chain's id cut short."""
    return f"{str(event['originator_id'])[:8]}:{event['originator_version']}"


# -- 1. A fight's draw names its Revers by the wounds they leave (L343, L927-L931; ruling M70) -----


def test_a_fight_s_draw_names_its_Revers_by_their_wounds_and_adds_up_its_cards_Revers_et_blessures_L343_L927_L931(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", LENA, GHOUL)
    scripted(monkeypatch, stacks=[FIGHT, WORDS])
    cli(db, "microfudge", "sequence", "Mines", "Lena", "Ghoul", "--goal", "hold the shaft")
    said = cli(db, "microfudge", "conflict-card", "Mines", *FIGHT_SIDES).splitlines()
    # L343: a Revers sérieux "peut être assimilé à une Blessure sérieuse"; the sheet and the Revers
    # taken name it so (ruling M61), and so does the draw that dealt it, never "a Revers sérieux".
    assert said == [
        "Lena (6 cards: Combat Bon (5), weapon +1): attacks Ghoul with 2♠ 4♠ A♠ 3♠; defends with A♥ 3♥ — a Blessure sérieuse on Ghoul",
        "Ghoul (4 cards: Combat Moyen (4)): attacks Lena with 2♥ 4♥; defends with 5♠ 7♠ — a Blessure sérieuse on Lena",
        "draw 1: a tie",
    ]
    # The log says the same of each side's draw, with the terms its card count adds up from
    # (L307-L309: as many cards as the rank; «b – Armes» L459-L483: the weapon's card), so that
    # a player reads where the sixth card came from.
    lena = "draw 1 of Sequence 1, 6 cards: Combat Bon (5), weapon +1 — a Blessure sérieuse on Ghoul and a Blessure sérieuse from Ghoul"
    ghoul = "draw 1 of Sequence 1, 4 cards: Combat Moyen (4) — a Blessure sérieuse on Lena and a Blessure sérieuse from Lena"
    assert log_details(db, "Mines", "--kind", "conflict cards drawn") == [lena, ghoul]
    assert f"what happened: {lena}" in cli(db, "audit", "show", _ref(log(db, "Mines", ":ConflictCardsDrawn")[0])).splitlines()
    # The upper hand forgoes that wound (L327-L329), named as the draw named it.
    forgoes = "Lena forgoes a Blessure sérieuse on Ghoul"
    assert cli(db, "microfudge", "upper-hand", "Mines", "Lena").startswith(f"{forgoes} and takes the upper hand: 4 extra cards")
    assert log_details(db, "Mines", "--kind", "upper hand taken")[0].startswith(f"{forgoes} from draw 1")
    cli(db, "microfudge", "sequence-stop", "Mines", "Lena")
    # A war of words: social Revers (L337) are no wounds, and keep the Revers' own names.
    cli(db, "microfudge", "sequence", "Mines", "Lena", "Ghoul", "--goal", "win the foreman over")
    said = cli(db, "microfudge", "conflict-card", "Mines", *WORDS_SIDES).splitlines()
    assert said[0].endswith("— a Revers sérieux on Ghoul") and said[1].endswith("— a Revers on Lena")
    assert log_details(db, "Mines", "--kind", "conflict cards drawn")[2] == (
        "draw 1 of Sequence 2, 2 cards: Manipulation Faible (2) — a Revers sérieux on Ghoul and a Revers from Ghoul"
    )
    # The session report (Markdown) reads as the log.
    cli(db, "session", "end", "Mines")
    assert exported(db, "Mines", "conflict cards drawn")[:2] == [lena, ghoul]


# -- 2. advance --json lists what no advance settles (L343, L359; rulings M64, M68, M71) -----------


def test_advance_json_lists_the_critical_wound_no_advance_heals_as_its_report_does_Premiers_soins_L343_L359(
    db: str, tmp_path: Path
) -> None:
    campaign(db, tmp_path, "Mines", LENA, GHOUL)
    # A gunshot's Décisif (L343, L341): a Blessure grave ou mortelle, critical until first aid.
    cli(db, "microfudge", "setback", "Mines", "Lena", "--severity", "3", "--healing", "weekly", "--source", "a bootlegger's pistol")
    cli(db, "session", "end", "Mines")
    waits = (
        "Revers 1 (Blessure grave ou mortelle) needs medical care: a critical state, "
        "no step heals until first aid or an Atout stabilizes it (L343, L359)"
    )
    text = cli(db, "advance", "Mines", "1w", "--yes").splitlines()
    assert text[-2:] == ["still waiting at Day 8 08:00, which no advance settles:", f"  Lena: {waits}"]
    shown = json.loads(cli(db, "advance", "Mines", "1d", "--yes", "--json"))
    assert shown["outcome"]["waiting"] == [{"who": "Lena", "what": waits}]
    dry = json.loads(cli(db, "advance", "Mines", "1d", "--dry-run", "--json"))
    assert dry["outcome"]["waiting"] == [{"who": "Lena", "what": waits}]
    assert len(log(db, "Mines", ":SetbackRecovered")) == 0  # nothing healed it (L359)


# -- 3. The timeline's tick names what it cannot find («3 – Effets des Revers» L339-L341) ----------


def test_a_recovery_tick_for_a_Revers_no_longer_open_is_refused_by_name_Effets_des_Revers_L339() -> None:
    world = table()
    suffer(world, "Jim", 1, "physical", "daily", "a punch")  # L339: a blow heals a step a day
    jim = world.character("Jim")
    processes = MicroFudgeProcesses(world)
    (due,) = processes.due()
    assert processes.fire(due) == "Jim: Revers 1 has healed"
    # The tick of a Revers the log no longer holds open (a correction voided it) is refused in words,
    # never a bare StopIteration escaping the advance.
    with pytest.raises(RuleViolation, match="Jim has no open Revers 1"):
        processes.fire(Due(due.at, str(jim.id), "recover:1"))
    with pytest.raises(RuleViolation, match="no character"):
        processes.fire(Due(due.at, "Nobody", "recover:1"))


def test_a_draw_and_an_upper_hand_recorded_before_they_kept_the_kind_of_Revers_read_as_they_did() -> None:
    # Stored before version 3 of ConflictCardsDrawn and version 2 of UpperHandTaken: no kind of
    # Revers, no relatedness; they read as they always did, by the Revers' own names (L313).
    drawn: dict[str, Any] = {
        "draw": 1,
        "sequence": 2,
        "characteristic": "Tir",
        "rank": 5,
        "used_rank": 5,
        "penalty": 0,
        "modifiers": {"weapon": 1},
        "pool": 6,
        "declared": {"manoeuvre": "fight", "targets": ["Sal"]},
        "inflicted": {"Sal": 3},
        "received": {"Sal": 1},
        "upper_hand": 0,
        "banked": 0,
    }
    ev.ConflictCardsDrawn.upcast_stored(drawn)
    assert (drawn["relatedness"], drawn["domains"]) == (None, {})
    said = LOG_WORDS[topic_of_class(ev.ConflictCardsDrawn)](SimpleNamespace(**drawn))
    assert said == "draw 1 of Sequence 2: Tir Bon (5), 6 cards — a Revers décisif on Sal and a Revers from Sal"
    taken: dict[str, Any] = {"draw": 1, "taker": "Lena", "cards": 4, "forgone": {"Ghoul": 2}, "withdrawn": []}
    ev.UpperHandTaken.upcast_stored(taken)
    said = LOG_WORDS[topic_of_class(ev.UpperHandTaken)](SimpleNamespace(**taken))
    assert said == "Lena forgoes a Revers sérieux on Ghoul from draw 1 to take the upper hand: 4 extra cards in the next draw"


# -- 4. Help's 2 Atouts may be one of each kind («IV» L213, «4 – Utilisation créative» L761; M72) --

# A hero (11 Atouts, L85-L91) who spent 10 at creation keeps the last one in the reserve (L107).
ANN = 'name = "Ann"\nstatus = "hero"\n[ranks]\nCombat = 7\nTir = 7\n'


def test_a_helper_pays_help_s_two_Atouts_with_one_of_experience_and_one_of_the_reserve_L213_L761(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", LENA, ANN)
    cli(db, "session", "end", "Mines")  # L213: +1 Atout of experience each
    cli(db, "session", "start", "Mines")
    assert "Atouts: 1 in reserve, 1 of experience" in cli(db, "sheet", "Mines", "Ann")
    # L761: help costs 2 Atouts; L213 keeps the reserve apart for raises only, so both kinds pay
    # it. Lena's Combat Bon (5) +1 from Ann, 0 0 0 0: 6 against Très difficile (6), a success.
    scripted(monkeypatch, 0, 0, 0, 0)
    said = cli(db, "microfudge", "test", "Mines", "Lena", "Combat", "-d", "tres-difficile", "--helper", "Ann").splitlines()
    paid = "played 2 Atouts (1 of experience, 1 of creation reserve) on the Combat Test to help another's roll (Lena's)"
    assert said == [
        "Lena rolls Combat Bon (5) (help +1): [0 0 0 0] final Excellent (6) against Très difficile (6): success",
        f"Ann {paid}",
    ]
    assert log_details(db, "Mines", "--kind", "atout played") == [paid]
    assert "Atouts: 0 in reserve, 0 of experience" in cli(db, "sheet", "Mines", "Ann")
    # With none left, she cannot help again: refused in one line, nothing recorded.
    before = len(log(db, "Mines", ""))
    refused = cli(db, "microfudge", "test", "Mines", "Lena", "Combat", "--helper", "Ann", code=2)
    assert refused == "error: Ann has 0 experience and 0 reserve Atouts; help costs 2 Atouts\n"
    assert len(log(db, "Mines", "")) == before


# -- 5. A hazard's Revers and a skin saved, in words («Tests hasardeux» L351, «Sauver sa peau» L127) --


def test_a_hazard_s_Revers_names_the_failed_Test_and_its_purpose_and_a_saved_skin_says_it_once_L127_L351(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", LENA, GHOUL)
    # L351: Athlétisme Faible (2), − − 0 0: 0 against Difficile (5), 5 ranks short: a Décisif (max 3),
    # a fall's Blessure grave ou mortelle, critical (L343).
    scripted(monkeypatch, -1, -1, 0, 0)
    purpose = ("--purpose", "jump the gap between the roofs")
    said = cli(db, "microfudge", "hazard", "Mines", "Lena", "Athlétisme", "-d", "difficile", "--healing", "weekly", *purpose)
    took = "took a Blessure grave ou mortelle (physical, heals a step a week) from failed Athlétisme Test (jump the gap between the roofs)"
    assert f"Lena {took}; critical state: Revers 1 on the sheet" in said
    assert log_details(db, "Mines", "--kind", "setback suffered") == [f"{took}; critical state"]
    # «Sauver sa peau» L127-L131: an Atout escapes death; the log says so once, never "its skin".
    said = cli(db, "microfudge", "atout", "spend", "Mines", "Lena", "save-your-skin", "--note", "grabs the gutter").splitlines()
    assert said == [  # the command says the log's sentences (ruling M74)
        "Lena spent 1 Atout of creation reserve to save their skin (grabs the gutter)",
        "Lena saved their skin: Revers 1 (Blessure grave ou mortelle) is stabilized",
    ]
    assert log_details(db, "Mines", "--kind", "setback stabilized") == [
        "saved their skin: Revers 1 (Blessure grave ou mortelle) is stabilized"
    ]


# -- 6. A Revers borne in another's place records whose («Supporter un Revers» L763-L765; M75) ----


def test_a_Revers_borne_in_another_s_place_records_whose_apart_from_the_note_L763_L765(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Mines", LENA, ANN)
    cli(db, "microfudge", "setback", "Mines", "Lena", "--severity", "2", "--source", "a miner's pick")
    said = cli(db, "microfudge", "atout", "take-revers", "Mines", "Ann", "Lena", "--setback", "1", "--note", "steps in front")
    took = "took a Blessure sérieuse (physical, heals a step a day) in Lena's place: steps in front"
    assert said.splitlines()[1] == f"Ann {took}: Revers 1 on the sheet"
    # Whose place is recorded apart from the note, so that no source is read as one (it was
    # guessed from the text "in Lena's place: steps in front").
    borne = log(db, "Mines", ":SetbackSuffered")[-1]
    assert (borne["in_place_of"], borne["source"]) == ("Lena", "steps in front")
    assert log_details(db, "Mines", "--kind", "setback suffered") == [
        "took a Blessure sérieuse (physical, heals a step a day) from a miner's pick",
        took,
    ]


# -- 7. Fatigue lowers Vigueur itself, and a collapsed character cannot act («Fatigue (option)» L582; M76)

PSY = 'name = "Psy"\nstatus = "expert"\n[ranks]\nConscience = 5\n'


def test_fatigue_lowers_Vigueur_rolls_and_a_collapsed_psychic_neither_rolls_nor_draws_until_rested_Fatigue_L582(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", PSY, GHOUL)
    cli(db, "campaign", "set", "Mines", "fatigue", "on")
    scripted(monkeypatch, *[0] * 16)
    cli(db, "microfudge", "power", "Mines", "Psy", "resistance-thermique")
    # L582: "L'Aptitude Vigueur du personnage est temporairement réduite de un rang": Vigueur
    # Faible (2) less the rank lost, 0 0 0 0: Lamentable (1) against Facile (2).
    said = cli(db, "microfudge", "test", "Mines", "Psy", "Vigueur", "-d", "facile")
    assert said == "Psy rolls Vigueur Faible (2) (fatigue −1): [0 0 0 0] final Lamentable (1) against Facile (2): failure\n"
    # A second use takes Vigueur below Lamentable: "épuisé et s'effondre, incapable de se mouvoir ou
    # d'organiser ses pensées efficacement", until a rank comes back.
    assert cli(db, "microfudge", "power", "Mines", "Psy", "resistance-thermique").strip().endswith("collapses")
    assert cli(db, "sheet", "Mines", "Psy").splitlines()[0].endswith("— collapsed, must rest")
    before = len(log(db, "Mines", ""))
    for refused in (
        ("microfudge", "test", "Mines", "Psy", "Tir"),
        ("microfudge", "hazard", "Mines", "Psy", "Athlétisme"),
        ("microfudge", "sequence", "Mines", "Psy", "Ghoul"),
    ):
        assert cli(db, *refused, code=2) == "error: Psy has collapsed and must rest (L582)\n"
    assert len(log(db, "Mines", "")) == before
    # A quarter of an hour's rest gives a rank back: no longer collapsed, Vigueur one rank down.
    cli(db, "advance", "Mines", "15m", "--yes")
    assert cli(db, "sheet", "Mines", "Psy").splitlines()[0].endswith("— standing")
    said = cli(db, "microfudge", "test", "Mines", "Psy", "Vigueur", "-d", "facile")
    assert said.startswith("Psy rolls Vigueur Faible (2) (fatigue −1): [0 0 0 0] final Lamentable (1)")


# -- 8. A side's cards are its rank: all in defence, it attacks no one («Jeu défensif» L309, L331) --


def test_a_side_all_in_defence_attacks_no_one_and_more_defence_than_cards_is_refused_Jeu_defensif_L309_L331(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", LENA, GHOUL)
    # Lena's five defence cards fail (odd); Ghoul's 2♥ is its one success: a Blessure on Lena.
    scripted(monkeypatch, stacks=[["AS", "3S", "5S", "7S", "9S", "AH", "3H", "5H", "2H"]])
    cli(db, "microfudge", "sequence", "Mines", "Lena", "Ghoul")
    before = len(log(db, "Mines", ""))
    # L309: a participant draws as many cards as its rank: six in defence out of five once drew six.
    refused = cli(db, "microfudge", "conflict-card", "Mines", "--side", "Lena:Combat:def=6", "--side", "Ghoul:Combat:Lena=4", code=2)
    assert refused == "error: Lena has 5 cards (Combat Bon (5)): attack 0 + defence 6 must use them all (L309, L331)\n"
    assert len(log(db, "Mines", "")) == before
    said = cli(db, "microfudge", "conflict-card", "Mines", "--side", "Lena:Combat:def=5", "--side", "Ghoul:Combat:Lena=4").splitlines()
    assert said[:2] == [
        "Lena (5 cards: Combat Bon (5)): attacks no one; defends with A♠ 3♠ 5♠ 7♠ 9♠ — no Revers",
        "Ghoul (4 cards: Combat Moyen (4)): attacks Lena with A♥ 3♥ 5♥ 2♥; no card in defence — a Blessure on Lena",
    ]


# -- 9. A timed power on the sheet: its cycles, against a limit when it has one («Conscience» L629-L637)


def test_the_sheet_counts_a_running_Regeneration_s_cycles_and_dates_its_wound_s_next_card_on_its_clock_L635_L637(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", PSY)
    cli(db, "microfudge", "setback", "Mines", "Psy", "--severity", "2", "--healing", "weekly", "--source", "a knife")
    # Régénération (Conscience ≥ Bon, Difficile): Bon (5) less the Blessure sérieuse (−2), + + + 0 → 6.
    scripted(monkeypatch, 1, 1, 1, 0)
    assert "Régénération runs" in cli(db, "microfudge", "power", "Mines", "Psy", "regeneration", "--setback", "1")
    # L637: it runs until the wound heals or the Potentiel runs out, with no count of cycles to
    # reach; the wound's next card comes on the power's clock, an hour a card of a week-type wound.
    sheet = cli(db, "sheet", "Mines", "Psy")
    assert "Régénération  —     0 so far" in sheet
    assert re.search(r"^1 +Blessure sérieuse \(−2\) +Day 1 09:00 \(Régénération\) +heals a step a week$", sheet, re.M)
    cli(db, "advance", "Mines", "1h", "--yes")
    sheet = cli(db, "sheet", "Mines", "Psy")
    assert "Régénération  —     1 so far" in sheet
    assert re.search(r"^1 +Blessure \(−1\) +Day 1 10:00 \(Régénération\) +heals a step a week$", sheet, re.M)


# -- 10. Out of range, the banked defence successes are in the log too («Hors de portée» L361-L365)


def test_the_log_says_the_defence_successes_an_out_of_range_side_banked_as_the_command_does_Hors_de_portee_L363(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", LENA, GHOUL)
    # Lena's five attack cards hold one success (2♠); Ghoul, out of reach (L361), defends with
    # 2♥ 4♥ 6♥ A♥: three, two more than came at it, banked to close the range (L363).
    scripted(monkeypatch, stacks=[["AS", "3S", "5S", "7S", "2S", "2H", "4H", "6H", "AH"]])
    cli(db, "microfudge", "sequence", "Mines", "Lena", "Ghoul")
    said = cli(db, "microfudge", "conflict-card", "Mines", "--side", "Lena:Combat", "--side", "Ghoul:Combat:def=4,out").splitlines()
    assert (
        said[1] == "Ghoul (4 cards: Combat Moyen (4)): attacks no one; defends with 2♥ 4♥ 6♥ A♥ — no Revers, 2 successes of defence banked"
    )
    assert log_details(db, "Mines", "--kind", "conflict cards drawn")[1] == (
        "draw 1 of Sequence 1, 4 cards: Combat Moyen (4) — no Revers, 2 successes of defence banked"
    )


# -- 11. A draw's field may be related or distant, as a Test's («Champs d'expertise» L283-L291) -----


def test_a_draw_takes_a_related_or_distant_field_as_a_Test_does_Champs_d_expertise_L283_L291(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", LENA, GHOUL)
    # Lena's Combat Bon (5) used for a task it is distant to: −2 ranks, so 3 cards (L289, L105).
    scripted(monkeypatch, stacks=[["AS", "3S", "5S", "AH", "3H", "5H", "7H"]])
    cli(db, "microfudge", "sequence", "Mines", "Lena", "Ghoul")
    before = len(log(db, "Mines", ""))
    refused = cli(db, "microfudge", "conflict-card", "Mines", "--side", "Lena:Combat:related=far", "--side", "Ghoul:Combat", code=2)
    assert refused == "error: relatedness is close, related, distant, not “far”\n"
    assert len(log(db, "Mines", "")) == before
    said = cli(db, "microfudge", "conflict-card", "Mines", "--side", "Lena:Combat:related=distant", "--side", "Ghoul:Combat").splitlines()
    assert said[0] == "Lena (3 cards: Combat Bon (5), distant field −2): attacks Ghoul with A♠ 3♠ 5♠; no card in defence — no Revers"
    assert log_details(db, "Mines", "--kind", "conflict cards drawn")[0] == (
        "draw 1 of Sequence 1, 3 cards: Combat Bon (5), distant field −2 — no Revers"
    )


# -- 12. Telekinesis in a fight is a use of the domain: a Potentiel point a draw (L564-L566, L607) ---

# A hero (11 Atouts): Télékinésie Abyssal → Faible costs 2, Esprit Faible → Moyen 2 (±0 card, L607).
TELE = 'name = "Tele"\nstatus = "hero"\n[ranks]\n"Télékinésie" = 2\nEsprit = 4\n'


def test_telekinesis_in_a_draw_spends_a_Potentiel_point_and_a_latent_or_spent_domain_draws_nothing_L564_L566_L607(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", TELE, GHOUL)
    # Two draws of odd cards: Tele's two, Ghoul's four, no success either way (L307).
    scripted(monkeypatch, stacks=[["AS", "3S", "AH", "3H", "5H", "7H", "5S", "7S", "9H", "9S", "9C", "9D"]])
    cli(db, "microfudge", "sequence", "Mines", "Tele", "Ghoul")
    sides = ("--side", "Tele:Télékinésie", "--side", "Ghoul:Combat")
    said = cli(db, "microfudge", "conflict-card", "Mines", *sides).splitlines()
    # «Chaque utilisation d'un pouvoir psychique consomme un point du Potentiel psychique» (L566).
    assert said[0] == (
        "Tele (2 cards: Télékinésie Faible (2); 1 Potentiel of Télékinésie spent, 1 left): "
        "attacks Ghoul with A♠ 3♠; no card in defence — no Revers"
    )
    assert log_details(db, "Mines", "--kind", "conflict cards drawn")[0] == (
        "draw 1 of Sequence 1, 2 cards: Télékinésie Faible (2); 1 Potentiel of Télékinésie spent — no Revers"
    )
    cli(db, "microfudge", "conflict-card", "Mines", *sides)
    assert "Potentiel: Télékinésie 0/2" in cli(db, "sheet", "Mines", "Tele")
    before = len(log(db, "Mines", ""))
    refused = cli(db, "microfudge", "conflict-card", "Mines", *sides, code=2)
    assert refused == "error: Tele has no Télékinésie Potentiel left until a night's rest (L441, L566)\n"
    # L564: a domain below Faible "ne peut être utilisé pour produire des effets concrets".
    refused = cli(db, "microfudge", "conflict-card", "Mines", "--side", "Tele:Télépathie", "--side", "Ghoul:Combat", code=2)
    assert refused == "error: Tele's Télépathie is Abyssal (0): a domain below Faible produces no effect (L564)\n"
    assert len(log(db, "Mines", "")) == before
