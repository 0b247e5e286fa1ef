"""The MicroFudge CECJ play-test's third round, through the real command line over a real journal
(both backends), the Fudge dice and the conflict deck scripted: what a counter chain cost in the log,
an Atout taken for another's Revers in plain sentences, a weapon's wounds healing weekly, a Revers
named as the sheet names it when it heals, why the conflict deck was shuffled, and the number of
Atouts left in a refusal (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from test_microfudge_critical_state import scripted
from test_microfudge_fidelity_cli import campaign, cli
from test_microfudge_review_fixes_cli import words

from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.describe import setback_suffered

# Hero: 11 Atouts; Tir Faible → Moyen costs 2, Médecine Lamentable → Moyen 3: 6 in the creation
# reserve (L85-L107; Médecine's default L203).
JIM = 'name = "Jim"\nstatus = "hero"\n[ranks]\nTir = 4\n"Médecine" = 4\n'
HARVEY = 'name = "Harvey"\nstatus = "hero"\n[ranks]\nCombat = 4\n'
# An NPC of average status: 6 Atouts, Combat Faible → Moyen costs 2: 4 in reserve (L451-L453).
ZOMBIE = 'name = "Zombie"\nnpc = true\nstatus = "average"\n[ranks]\nCombat = 4\n'
PSY = 'name = "Psy"\nstatus = "expert"\n[ranks]\nConscience = 5\n'


def atouts(db: str, name: str, who: str) -> dict[str, Any]:
    atouts: dict[str, Any] = json.loads(cli(db, "sheet", name, who, "--json"))["condition"]["atouts"]
    return atouts


def setbacks(db: str, name: str, who: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(cli(db, "sheet", name, who, "--json"))["condition"]["setbacks"]
    return found


# -- 1. A counter chain, every Atout of it in the log («4 – Utilisation créative des Atouts» L737-L739, V-A-2) --


def test_a_countered_plus_one_paid_again_tells_every_Atout_paid_and_why_Utilisation_creative_L737_L739(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Arkham", JIM, ZOMBIE)
    cli(db, "microfudge", "atout", "award", "Arkham", "Jim", "2")
    # Jim pays 1 for +1, Zombie counters (both lose one), Jim pays a 2nd: the +1 stands (L739).
    # Tir 4 + 1, 0 0 0 0: Bon (5) against Difficile (5).
    scripted(monkeypatch, 0, 0, 0, 0)
    out = cli(db, "microfudge", "test", "Arkham", "Jim", "Tir", "-d", "difficile", "--atout", "--countered-by", "Zombie", "--atout")
    assert out.splitlines() == [
        "Jim rolls Tir Moyen (4) (Atout +1): [0 0 0 0] final Bon (5) against Difficile (5): success",
        "Jim: 1 Atout of experience paid with the Test for the +1 (L737)",
        "Jim played 1 Atout of experience on the Tir Test: their 2nd for the +1, paid again after Zombie countered the 1st (L739)",
        "Zombie played 1 Atout of creation reserve on the Tir Test: a counter that cancels Jim's +1 and the Atout Jim paid for it (L739)",
    ]
    # The log adds up as the sheets do: Jim 2 experience Atouts → 0, Zombie 4 reserve → 3.
    assert atouts(db, "Arkham", "Jim")["experience"] == 0 and atouts(db, "Arkham", "Zombie")["reserve"] == 3
    assert words(db, "AtoutPlayed") == [
        "played 1 Atout of experience on the Tir Test: their 2nd for the +1, paid again after Zombie countered the 1st (L739)",
        "played 1 Atout of creation reserve on the Tir Test: a counter that cancels Jim's +1 and the Atout Jim paid for it (L739)",
    ]
    assert words(db, "TestRolled") == [
        "Test of Tir Moyen (4) (Atout +1) against Difficile (5): 0 0 0 0 → Bon (5), success; "
        "1 Atout of experience paid with the Test for the +1 (L737) (Jim had 62% to succeed)"  # 4dF ≥ 0: 50 of 81 (LK10)
    ]


def test_a_plus_one_countered_twice_and_paid_three_times_names_each_Atout_in_turn_Utilisation_creative_L739(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Arkham", JIM, ZOMBIE, HARVEY)
    scripted(monkeypatch, 0, 0, 0, 0)
    counters = ("--countered-by", "Zombie", "--countered-by", "Harvey")
    out = cli(db, "microfudge", "test", "Arkham", "Jim", "Tir", "-d", "difficile", "--atout", "--atout", "--atout", *counters)
    assert out.splitlines()[1:3] == [
        "Jim: 1 Atout of creation reserve paid with the Test for the +1 (L737)",
        "Jim played 1 Atout of creation reserve on the Tir Test: their 2nd for the +1, paid again after Zombie countered the 1st (L739)",
    ]
    assert words(db, "AtoutPlayed")[1] == (
        "played 1 Atout of creation reserve on the Tir Test: their 3rd for the +1, paid again after Harvey countered the 2nd (L739)"
    )
    assert atouts(db, "Arkham", "Jim")["reserve"] == 6 - 3  # three Atouts for one +1 (L739)


def test_a_plus_one_countered_and_let_go_says_its_Atout_was_paid_for_nothing_Utilisation_creative_L739(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Arkham", JIM, ZOMBIE)
    scripted(monkeypatch, 0, 0, 0, 0)
    out = cli(db, "microfudge", "test", "Arkham", "Jim", "Tir", "-d", "difficile", "--atout", "--countered-by", "Zombie")
    assert out.splitlines()[:2] == [
        "Jim rolls Tir Moyen (4): [0 0 0 0] final Moyen (4) against Difficile (5): failure",
        "Jim: 1 Atout of creation reserve paid with the Test for a +1 a counter cancelled (L739)",
    ]
    assert words(db, "TestRolled") == [
        "Test of Tir Moyen (4) against Difficile (5): 0 0 0 0 → Moyen (4), failure; "
        "1 Atout of creation reserve paid with the Test for a +1 a counter cancelled (L739) (Jim had 38% to succeed)"  # 4dF ≥ +1: 31 of 81
    ]
    assert atouts(db, "Arkham", "Jim")["reserve"] == 6 - 1


# -- 2. An Atout to bear another's Revers, in sentences (L763-L765, ruling M40) ------------------


def test_taking_another_s_Revers_reads_as_sentences_in_the_log_Supporter_un_Revers_L763_L765(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Arkham", JIM, HARVEY)
    cli(db, "microfudge", "setback", "Arkham", "Harvey", "--severity", "2", "--source", "the shoggoth")
    out = cli(db, "microfudge", "atout", "take-revers", "Arkham", "Jim", "Harvey", "--setback", "1", "--note", "steps in front")
    spent = "spent 1 Atout of creation reserve to take a Revers in another's place (for Harvey: steps in front)"
    # The log's two sentences, then the Revers's number on the sheet (ruling M67; "(heals daily)" before).
    assert out.splitlines() == [
        f"Jim {spent}",
        "Jim took a Blessure sérieuse (physical, heals a step a day) in Harvey's place: steps in front: Revers 1 on the sheet",
    ]
    assert words(db, "AtoutSpent") == [spent]
    assert words(db, "SetbackSuffered") == [
        "took a Blessure sérieuse (physical, heals a step a day) from the shoggoth",
        "took a Blessure sérieuse (physical, heals a step a day) in Harvey's place: steps in front",
    ]


def test_a_Revers_taken_for_another_before_this_round_reads_in_their_place_too_L763_L765() -> None:
    # Recorded "taken in Harvey's place: …" before, which read "from taken in Harvey's place", then
    # "in Harvey's place: …", before SetbackSuffered version 3 kept whose place apart (ruling M75).
    stored = [
        ("physical", "taken in Harvey's place: steps in front"),
        ("physical", "in Harvey's place"),
        ("social", "the mayor's scorn"),
        ("physical", "in the mine's placement"),
    ]
    told = []
    for domain, source in stored:
        state: dict[str, Any] = {"setback": {"domain": domain, "severity": 1, "healing": "daily"}, "critical": False, "source": source}
        ev.SetbackSuffered.upcast_stored(state)
        told.append(setback_suffered(SimpleNamespace(**state)))
    assert told == [
        "took a Blessure (physical, heals a step a day) in Harvey's place: steps in front",
        "took a Blessure (physical, heals a step a day) in Harvey's place",
        "took a Revers (social, heals a step a day) from the mayor's scorn",
        "took a Blessure (physical, heals a step a day) from in the mine's placement",
    ]


def test_atouts_spent_bare_read_as_what_they_bought_Sauver_sa_peau_L127_Utilisation_creative_L745_L769(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Arkham", JIM)
    for use in ("monologue", "narrative", "arrive-in-time", "save-your-skin"):
        cli(db, "microfudge", "atout", "spend", "Arkham", "Jim", use)
    assert words(db, "AtoutSpent") == [
        "spent 1 Atout of creation reserve on a monologue",
        "spent 1 Atout of creation reserve on narrative control",
        "spent 1 Atout of creation reserve to arrive just in time",
        "spent 1 Atout of creation reserve to save their skin",
    ]


# -- 3. A weapon's wounds are deep («3 – Effets des Revers» L339-L341, «b – Armes» L471; ruling M57) ---

# Draw 1: Jim (Tir 4, a pistol +1: 5 cards) on Zombie 2♠ A♠ 3♠ 5♠ 7♠, one success; Zombie
# (Combat 4, bare-handed: 4 cards) on Jim 2♥ A♥ 3♥ 5♥, one success: a Revers each way (L311).
# Draw 2, each less the Blessure (−1): Jim with a club, counted a light weapon (+0) that heals
# daily, 3 cards 4♠ 9♠ 9♥ (one success); Zombie with a knife (light, +0), 3 cards 4♥ 7♥ 9♣ (one).
CARDS = ["2S", "AS", "3S", "5S", "7S", "2H", "AH", "3H", "5H", "4S", "9S", "9H", "4H", "7H", "9C"]


def test_a_weapon_s_Revers_heals_a_step_a_week_and_a_bare_hand_s_a_day_Effets_des_Revers_L339_L341_Armes_L471(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Arkham", JIM, ZOMBIE)
    scripted(monkeypatch, stacks=[CARDS])
    cli(db, "microfudge", "sequence", "Arkham", "Jim", "Zombie", "--goal", "get out of the mine")
    cli(db, "microfudge", "conflict-card", "Arkham", "--side", "Jim:Tir:Zombie=5,weapon=medium", "--side", "Zombie:Combat:Jim=4")
    # L341: a firearm's wound heals a card a week; L339: a blow's a card a day.
    assert [(s["severity"], s["healing"]) for s in setbacks(db, "Arkham", "Zombie")] == [(1, "weekly")]
    assert [(s["severity"], s["healing"]) for s in setbacks(db, "Arkham", "Jim")] == [(1, "daily")]
    cli(
        db,
        "microfudge",
        "conflict-card",
        "Arkham",
        "--side",
        "Jim:Tir:Zombie=3,weapon=light,healing=daily",
        "--side",
        "Zombie:Combat:Jim=3,weapon=light",
    )
    # L471: even a knife's wound is lethal, so deep; the Narrator said the club's heals daily.
    assert [(s["severity"], s["healing"]) for s in setbacks(db, "Arkham", "Zombie")] == [(1, "weekly"), (1, "daily")]
    assert [(s["severity"], s["healing"]) for s in setbacks(db, "Arkham", "Jim")] == [(1, "daily"), (1, "weekly")]
    assert words(db, "SetbackSuffered")[:2] == [
        "took a Blessure (physical, heals a step a day) from Zombie, Sequence 1 draw 1",
        "took a Blessure (physical, heals a step a week) from Jim, Sequence 1 draw 1",
    ]


# -- 4. A healing Revers named as the sheet names it (L343, «Revers et blessures» L927-L931) -------


def test_a_healing_Revers_is_named_by_the_advance_as_the_sheet_names_it_Effets_des_Revers_L339_L343(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Arkham", HARVEY)
    cli(db, "microfudge", "setback", "Arkham", "Harvey", "--severity", "2")
    cli(db, "microfudge", "setback", "Arkham", "Harvey", "--severity", "2", "--domain", "social")
    cli(db, "session", "end", "Arkham")
    report = cli(db, "advance", "Arkham", "1d", "--yes")
    assert "Harvey: Revers 1 is now a Blessure (−1)" in report and "Harvey: Revers 2 is now a Revers (−1), social" in report
    sheet = cli(db, "sheet", "Arkham", "Harvey")
    assert "Blessure (−1)" in sheet and "Revers (−1), social" in sheet
    # The log's line names what is left as the sheet does (ruling M82), never "a Revers" for a wound.
    assert words(db, "SetbackRecovered") == [
        "Revers 1 healed a step: now a Blessure (−1)",
        "Revers 2 healed a step: now a Revers (−1), social",
    ]


def test_a_wound_Guerison_acceleree_heals_is_named_as_the_sheet_names_it_Conscience_L627_L629(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Psi", PSY)
    cli(db, "microfudge", "setback", "Psi", "Psy", "--severity", "2", "--healing", "weekly", "--source", "a knife")
    # Conscience 5 less the Blessure sérieuse (−2), 0 0 0 0: Médiocre (3) against Simple (3), it takes.
    scripted(monkeypatch, 0, 0, 0, 0)
    assert "success" in cli(db, "microfudge", "power", "Psi", "Psy", "guerison-acceleree", "--setback", "1")
    cli(db, "session", "end", "Psi")
    report = cli(db, "advance", "Psi", "12h", "--yes")
    assert "Psy: Revers 1 is now a Blessure (−1) with Guérison accélérée" in report  # T8: 12 hours a card
    # Ruling M143: the tick names its power, as the advance's line does.
    assert words(db, "PowerTicked", "Psi") == ["Guérison accélérée heals Revers 1 a step: now a Blessure (−1)"]
    assert "Blessure (−1)" in cli(db, "sheet", "Psi", "Psy")


# -- 5. Why the conflict deck was shuffled («5 – Cards are a Narrator's best friend» L803; ruling M59) --


def test_the_first_draw_of_a_Sequence_says_it_shuffles_for_the_Sequence_not_an_empty_deck_L307_L803(db: str, tmp_path: Path) -> None:
    # The real chance (the verifier replays the shuffle): which cards come does not matter here.
    campaign(db, tmp_path, "Arkham", JIM, ZOMBIE)
    cli(db, "microfudge", "sequence", "Arkham", "Jim", "Zombie")
    cli(db, "microfudge", "conflict-card", "Arkham", "--side", "Jim:Tir:Zombie=4", "--side", "Zombie:Combat:Jim=4")
    assert words(db, "gathered", gm=True)[-1] == "every card gathered back into the deck (Sequence 1 begins)"
    assert words(db, "shuffled", gm=True) == ["40 cards shuffled in session 1 (Sequence 1 begins)"]
    cli(db, "session", "end", "Arkham")
    assert "OK:" in cli(db, "verify", "Arkham")


# -- 6. A count of one Atout reads in the singular («IV – Expérience et progression» L213-L215) -----


def test_taking_back_more_experience_Atouts_than_held_is_refused_counting_in_words_Experience_L213_L215(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Arkham", JIM)
    cli(db, "microfudge", "atout", "award", "Arkham", "Jim", "1")
    refused = cli(db, "microfudge", "atout", "award", "Arkham", "Jim", "--", "-2", code=2)
    assert refused.strip() == "error: Jim has only 1 experience Atout"
    assert atouts(db, "Arkham", "Jim")["experience"] == 1
