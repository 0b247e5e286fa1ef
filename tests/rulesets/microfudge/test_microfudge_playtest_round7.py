"""The MicroFudge CECJ play-test's seventh round, through the real command line over a real journal
(both backends), the Fudge dice and cards scripted: the fatigue option turned off after ranks were
lost, the twin refusals and words made one, what a hidden roll did kept out of later refusals and
recoveries (``shared/FAIRNESS.md``, face-down rolls), and a draw's side checked as written (``shared/seeds/000_ddedeb0fd946e2d7.txt``,
Lnnn its lines; digest ``shared/rules/microfudge-cecj.md``)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from microfudge_table import players_verdict, topic_of_class
from support import log_details
from test_microfudge_critical_state import scripted
from test_microfudge_fidelity_cli import campaign, cli, log

from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.describe import WORDS
from chronique.domain.rulesets.microfudge.tables import tables

TELE = 'name = "Tele"\nstatus = "hero"\n[ranks]\n"Télékinésie" = 4\nEsprit = 4\n'
GHOUL = 'name = "Ghoul"\nnpc = true\nstatus = "average"\n[ranks]\nCombat = 4\n'
ODD = ["AS", "3S", "5S", "7S", "9S", "AH", "3H", "5H", "7H", "9H", "AC", "3C", "5C", "7C", "9C", "AD"]
TELE_SIDES = ("--side", "Tele:Télékinésie", "--side", "Ghoul:Combat")


# -- 1. The fatigue option off: lost Vigueur ranks weigh on nothing («Fatigue (option)» L580-L582; M85) --


def test_with_the_fatigue_option_turned_off_lost_Vigueur_ranks_weigh_on_no_draw_Test_or_power_Fatigue_option_L580_L582(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", TELE, GHOUL)
    cli(db, "campaign", "set", "Mines", "fatigue", "on")
    # Odd cards only (L307): no success, no Revers; then the Fudge dice of a Vigueur Test, 0 0 0 0.
    scripted(monkeypatch, 0, 0, 0, 0, stacks=[ODD])
    cli(db, "microfudge", "sequence", "Mines", "Tele", "Ghoul")
    # L582: with the option, a use of the domain costs a rank of Vigueur (ruling M80).
    cli(db, "microfudge", "conflict-card", "Mines", *TELE_SIDES)
    assert "fatigue: Vigueur −1" in cli(db, "sheet", "Mines", "Tele")
    # «Fatigue (option)» is the Narrator's option as a whole (L580-L582): turned off, the rank lost
    # weighs on the next draw on the domain no more than on a power's Test (M22) or a Vigueur Test.
    cli(db, "campaign", "set", "Mines", "fatigue", "off")
    said = cli(db, "microfudge", "conflict-card", "Mines", *TELE_SIDES).splitlines()
    assert said[0].startswith("Tele (4 cards: Télékinésie Moyen (4); 1 Potentiel of Télékinésie spent, 2 left)")
    said = cli(db, "microfudge", "test", "Mines", "Tele", "Vigueur", "-d", "facile")
    assert said == "Tele rolls Vigueur Faible (2): [0 0 0 0] final Faible (2) against Facile (2): success\n"
    assert "fatigue" not in cli(db, "sheet", "Mines", "Tele")


# -- 2. No Potentiel left reads alike for a power's Test and a draw on its domain (L441, L566) -------

PSY = 'name = "Psy"\nstatus = "hero"\n[ranks]\nConscience = 2\n'


def test_a_power_and_a_draw_on_its_domain_refuse_a_spent_Potentiel_in_the_same_words_L441_L566(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", PSY, GHOUL)
    scripted(monkeypatch, *[0] * 8)
    # «Chaque utilisation d'un pouvoir psychique consomme un point du Potentiel» (L566): Conscience
    # Faible (2) holds two, back after a night's rest (L441).
    for _ in range(2):
        cli(db, "microfudge", "power", "Mines", "Psy", "resistance-thermique")
    cli(db, "microfudge", "sequence", "Mines", "Psy", "Ghoul")
    none_left = "error: Psy has no Conscience Potentiel left until a night's rest (L441, L566)\n"
    assert cli(db, "microfudge", "power", "Mines", "Psy", "resistance-thermique", code=2) == none_left
    assert cli(db, "microfudge", "conflict-card", "Mines", "--side", "Psy:Conscience", "--side", "Ghoul:Combat", code=2) == none_left


# -- 3. What an Atout bought reads alike, spent bare or played in a roll (L127-L131, L733-L769) -------


def test_what_an_Atout_bought_reads_alike_spent_bare_or_played_in_a_roll_for_every_use_L127_L733_L769() -> None:
    spent, played = WORDS[topic_of_class(ev.AtoutSpent)], WORDS[topic_of_class(ev.AtoutPlayed)]
    for use in tables().atout_uses:
        bare = spent(SimpleNamespace(cost=1, pool="experience", use=use, note=""))
        in_roll = played(SimpleNamespace(cost=1, paid={"experience": 1}, roll="Tir Test", use=use, effect={}, beneficiary=""))
        assert bare.removeprefix("spent 1 Atout of experience ") == in_roll.removeprefix("played 1 Atout of experience on the Tir Test ")
    # L743: "relancer les dés", said as the bare spend of old said it.
    reroll = SimpleNamespace(cost=1, paid={"experience": 1}, roll="Tir Test", use="reroll", effect={}, beneficiary="Jim")
    assert played(reroll) == "played 1 Atout of experience on the Tir Test to roll the dice again"


# -- 4. A hidden Décisif's critical state stays out of later refusals (L343, L351; FP9, M86) ----------

LENA = 'name = "Lena"\nstatus = "hero"\n[ranks]\nCombat = 5\n'
BRUTE = 'name = "Brute"\nnpc = true\nout_after = 1\nstatus = "average"\n[ranks]\nCombat = 4\n'
FACE_DOWN = (
    "error: {} cannot do that now, for a reason that lies face down with a hidden roll until session 1 is over "
    "(the GM's view, `--gm`, names it)\n"
)


def test_a_refusal_names_no_state_a_hidden_roll_left_a_character_in_until_it_is_revealed_L343_L351_L453(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", LENA, BRUTE)
    # L351: Athlétisme Faible (2), 0 0 0 0 against Impossible (8), hidden: a Décisif face down, and
    # with it the critical state (L343); the Brute's Athlétisme Faible (2) against Moyenne (4),
    # hidden: a Revers sérieux face down, enough to put him out of the fight (out_after 1, L453).
    scripted(monkeypatch, *[0] * 8)
    cli(db, "microfudge", "hazard", "Mines", "Lena", "Athlétisme", "-d", "impossible", "--hidden")
    cli(db, "microfudge", "hazard", "Mines", "Brute", "Athlétisme", "-d", "moyenne", "--hidden")
    before = len(log(db, "Mines", ""))
    # The players' sheets stand as before the hidden rolls (FP9): a refusal says no more than that
    # its reason is face down, and until when; the GM's view names it.
    for refused in (
        ("microfudge", "test", "Mines", "Lena", "Combat"),
        ("microfudge", "conflict", "Mines", "Lena", "Combat", "Brute", "Combat"),
        ("microfudge", "atout", "spend", "Mines", "Lena", "monologue"),
    ):
        assert cli(db, *refused, code=2) == FACE_DOWN.format("Lena")
        gm = cli(db, *refused, "--gm", code=2)
        assert gm.startswith("error: Lena is in a critical state (Revers 1, a Décisif not stabilized yet, L343)")
    assert cli(db, "microfudge", "sequence", "Mines", "Brute", "Lena", code=2) == FACE_DOWN.format("Brute")
    assert cli(db, "microfudge", "sequence", "Mines", "Brute", "Lena", "--gm", code=2) == (
        "error: Brute is out of the fight (a Revers of −1 or worse, L453)\n"
    )
    assert len(log(db, "Mines", "")) == before
    # Revealed at the session's end, the state is the players' to read: the refusal names it.
    cli(db, "session", "end", "Mines")
    said = cli(db, "microfudge", "test", "Mines", "Lena", "Combat", code=2)
    assert said.startswith("error: Lena is in a critical state (Revers 1, a Décisif not stabilized yet, L343)")


def lena_hurt_face_down(db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Mines with Lena, hurt by a hidden hazard: Athlétisme Faible (2), 0 0 0 0 against Moyenne
    (4), a Revers sérieux face down (L351)."""
    campaign(db, tmp_path, "Mines", LENA)
    scripted(monkeypatch, 0, 0, 0, 0)
    cli(db, "microfudge", "hazard", "Mines", "Lena", "Athlétisme", "-d", "moyenne", "--hidden")


def test_a_critical_state_dealt_face_up_after_a_hidden_roll_is_named_to_the_players_L343_M81(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A hidden Revers sérieux, then a Décisif in plain sight: the players' sheet shows it (M81),
    # so the refusal names it to them as to the GM.
    lena_hurt_face_down(db, tmp_path, monkeypatch)
    cli(db, "microfudge", "setback", "Mines", "Lena", "--severity", "3", "--source", "a miner's pick")
    said = cli(db, "microfudge", "test", "Mines", "Lena", "Combat", code=2)
    assert said.startswith("error: Lena is in a critical state (Revers 2, a Décisif not stabilized yet, L343)")


# -- 5. A hidden Revers recovers face down until its roll is revealed (L339, L351; FP9, M87) --------


def test_a_Revers_dealt_face_down_recovers_face_down_until_its_roll_is_revealed_Effets_des_Revers_L339_L351(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The hidden Revers sérieux is a blow that heals a step a day (L339); a day on, in the same
    # session, it heals a step.
    lena_hurt_face_down(db, tmp_path, monkeypatch)
    cli(db, "advance", "Mines", "1d", "--yes")
    # What is left would tell what the hidden roll dealt: the players' log reads the recovery as
    # it reads the Revers, face down until the dice of session 1 are revealed; the GM's in full.
    face_down = "face down until the dice of session 1 are revealed"
    assert log_details(db, "Mines", "--kind", "setback recovered") == [face_down]
    assert log_details(db, "Mines", "--kind", "setback recovered", "--gm") == ["Revers 1 healed a step: now a Blessure (−1)"]
    (recovered,) = log(db, "Mines", ":SetbackRecovered")
    assert recovered["sealed_until"] == "session-1"
    assert "Blessure" not in cli(db, "sheet", "Mines", "Lena")
    # The players' bundle holds it face down with the Test and its Revers, and their verifier
    # accepts it so (FAIRNESS.md v2).
    assert players_verdict(db, tmp_path).startswith("OK: 16 events checked (3 still face down)")
    # Revealed at the session's end, the recovery reads in full (the scripted dice are not the
    # seed's, so the revealed epoch is not verified here).
    cli(db, "session", "end", "Mines")
    assert log_details(db, "Mines", "--kind", "setback recovered") == ["Revers 1 healed a step: now a Blessure (−1)"]
    # Dealt in plain sight, a Revers recovers in plain sight.
    cli(db, "session", "start", "Mines")
    cli(db, "microfudge", "setback", "Mines", "Lena", "--severity", "1", "--domain", "social", "--source", "a snub")
    cli(db, "advance", "Mines", "1d", "--yes")
    assert log_details(db, "Mines", "--kind", "setback recovered")[-1] == "Revers 2 healed"


def test_a_recovery_recorded_before_version_3_reads_face_up_as_it_was_recorded() -> None:
    # Version 2 kept no epoch to wait for: every recovery was recorded face up, and still reads so.
    state = {"at": 0, "setback_id": 1, "severity": 1, "next_tick": None, "domain": "physical"}
    ev.SetbackRecovered.upcast_stored(state)
    assert state["sealed_until"] is None and state["salt"] is None


MIA = 'name = "Mia"\nstatus = "hero"\n[ranks]\nCombat = 5\nTir = 5\n"Discrétion" = 5\n'


def test_a_refusal_counts_the_Atouts_as_players_see_them_while_a_hidden_reroll_paid_one_face_down_L743_L761(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", MIA, LENA)
    # Mia keeps 2 Atouts of her creation reserve (L107). A hidden hazardous Test, Athlétisme Faible
    # (2) against Moyenne (4), 0 0 0 0 twice: the reroll she declared is paid, face down (L743, M51).
    scripted(monkeypatch, *[0] * 8)
    cli(db, "microfudge", "hazard", "Mines", "Mia", "Athlétisme", "--domain", "social", "--reroll", "--hidden")
    assert "Atouts: 2 in reserve, 0 of experience" in cli(db, "sheet", "Mines", "Mia")
    # Help costs 2 (L761): she has 1 left, which only the GM may read until the reveal.
    helped = ("microfudge", "test", "Mines", "Lena", "Combat", "--helper", "Mia")
    assert cli(db, *helped, code=2) == FACE_DOWN.format("Mia")
    assert cli(db, *helped, "--gm", code=2) == "error: Mia has 0 experience and 1 reserve Atout; help costs 2 Atouts\n"
    cli(db, "session", "end", "Mines")  # the reveal; and the session's experience Atout (L213)
    cli(db, "microfudge", "atout", "award", "Mines", "Mia", "-1")
    assert cli(db, *helped, code=2) == "error: Mia has 0 experience and 1 reserve Atout; help costs 2 Atouts\n"


HEALER = 'name = "Psy"\nstatus = "hero"\n[ranks]\nConscience = 3\n'


def test_a_healing_power_on_a_face_down_Revers_is_refused_without_saying_what_it_is_L629_L635_L351(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", HEALER)
    # A hidden hazard, Athlétisme Faible (2) against Moyenne (4), 0 0 0 0: a Revers sérieux face
    # down that heals a step a day (L339, L351), which Guérison accélérée cannot heal (L629, L635).
    scripted(monkeypatch, 0, 0, 0, 0)
    cli(db, "microfudge", "hazard", "Mines", "Psy", "Athlétisme", "--hidden")
    healing = ("microfudge", "power", "Mines", "Psy", "guerison-acceleree", "--setback", "1")
    assert cli(db, *healing, code=2) == FACE_DOWN.format("Psy")
    said = cli(db, *healing, "--gm", code=2)
    assert said == "error: Guérison accélérée heals only wounds that take weeks or months (L629, L635-L637)\n"
    # No Revers 2 at all: the players may read that, as the GM does.
    none = "error: Psy has no open Revers 2\n"
    assert cli(db, "microfudge", "power", "Mines", "Psy", "guerison-acceleree", "--setback", "2", code=2) == none


# -- 6. A side's counts and classes are checked as written (L309, «b – Armes» L459-L483) -------------


def test_a_side_s_negative_attack_or_unknown_weapon_class_is_refused_in_its_own_words_L309_Armes_L459_L483(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Mines", LENA, GHOUL)
    cli(db, "microfudge", "sequence", "Mines", "Lena", "Ghoul")
    before = len(log(db, "Mines", ""))
    ghoul = ("--side", "Ghoul:Combat:Lena=4")
    # L309: Lena's five cards go to attacks and defence; an attack of −3 once let her draw eight in
    # defence, "attacks Ghoul with —".
    negative = cli(db, "microfudge", "conflict-card", "Mines", "--side", "Lena:Combat:Ghoul=-3,def=8", *ghoul, code=2)
    assert negative == "error: card counts are not negative: Lena's attack on Ghoul is −3 (L309)\n"
    # «b – Armes» L459-L483: a weapon is a class; an unknown one said "'weapon=laser' needs a whole number".
    laser = cli(db, "microfudge", "conflict-card", "Mines", "--side", "Lena:Combat:Ghoul=5,weapon=laser", *ghoul, code=2)
    assert laser == "error: no weapon class “laser” (one of none, light, medium, heavy, massive)\n"
    # «Rappel» L431: a card modifier is a rank modifier, bounded ±10 as a Test's (BD3); +30 drew 30 cards.
    many = cli(db, "microfudge", "conflict-card", "Mines", "--side", "Lena:Combat:Ghoul=35,mod=30", *ghoul, code=2)
    assert many == "error: mod takes −10 to +10 other cards, not +30 (L431)\n"
    assert len(log(db, "Mines", "")) == before
