"""MicroFudge CECJ, twelfth round: a safe Sequence's draw says its Revers only decide the draw
(ruling M117); a tie's refusal to abridge names the way out (ruling M118); a card modifier out of
bounds is echoed with the minus sign of every other signed number (ruling M119). Seed:
``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines); digest: ``shared/rules/microfudge-cecj.md``.
The command-line tests run the real app on a real journal with the conflict deck stacked."""

from __future__ import annotations

from pathlib import Path

import pytest
from microfudge_table import refused
from support import log_details
from test_microfudge_critical_state import scripted
from test_microfudge_fidelity_cli import BOB, HARVEY, campaign, cli

HARVEY_SIDE = ("--side", "Harvey:Combat:Bob=5")
BOB_SIDE = ("--side", "Bob:Combat:Harvey=4")

# -- 1. a safe Sequence's Revers only decide the draw (L319; ruling M117) ---------------------------


def test_a_safe_sequence_s_draw_says_its_revers_only_decide_it_and_writes_none_Resolution_des_Conflits_L319(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # L319: in a safe situation "les Revers infligés sont temporaires et ne servent qu'à déterminer
    # qui est le vainqueur, ils ne sont pas inscrits sur les feuilles de personnage". The draw line
    # said "a Blessure sérieuse on Bob" though nothing was written on Bob's sheet.
    campaign(db, tmp_path, "Mines", HARVEY, BOB)
    # Harvey's five cards, two even: a Revers sérieux on Bob; Bob's four, all odd: none.
    scripted(monkeypatch, stacks=[["2C", "4C", "3C", "5C", "7C", "3D", "5D", "7D", "9D"]])
    started = cli(db, "microfudge", "sequence", "Mines", "Harvey", "Bob", "--safe")
    out = cli(db, "microfudge", "conflict-card", "Mines", *HARVEY_SIDE, *BOB_SIDE).splitlines()
    assert out == [
        "Harvey (5 cards: Combat Bon (5)): attacks Bob with 2♣ 4♣ 3♣ 5♣ 7♣; no card in defence — "
        "a Revers sérieux on Bob (a safe Sequence: they only decide the draw, none is written on the sheets)",
        "Bob (4 cards: Combat Moyen (4)): attacks Harvey with 3♦ 5♦ 7♦ 9♦; no card in defence — no Revers",
        "draw 1: Harvey wins the draw",
    ]
    sheet = cli(db, "character", "show", "Mines", "Bob")
    assert "Blessure sérieuse" not in sheet and "Revers sérieux" not in sheet
    # The command and the log say the Sequence is safe where it starts.
    safe = " (safe: its Revers only decide the draws and are not written on the sheets, L319)"
    assert started == f"Sequence 1{safe}: Harvey against Bob\n"  # ruling M128
    assert log_details(db, "Mines", "--kind", "SequenceStarted") == [f"entered Sequence 1{safe}: Harvey against Bob"] * 2
    # The log's draw line says it as the command did (ConflictCardsDrawn v5 keeps the safety).
    drawn = log_details(db, "Mines", "--kind", "ConflictCardsDrawn")
    assert drawn[0].endswith(" — a Revers sérieux on Bob (a safe Sequence: they only decide the draw, none is written on the sheets)")
    assert "Blessure" not in " ".join(drawn)


# -- 2. a tie's refusal names the agreed abridgement (L325; ruling M118) ----------------------------


def test_abridging_after_a_tie_without_agreement_names_the_agreed_way_out_Abreger_une_Sequence_L325(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # L325: "En cas d'égalité ... la Séquence ne s'arrête que si l'autre camp souhaite également
    # mettre un terme à la Séquence". The refusal said so but not how the agreement is told.
    campaign(db, tmp_path, "Mines", HARVEY, BOB)
    scripted(monkeypatch, stacks=[["3C", "5C", "7C", "9C", "3H", "3D", "5D", "7D", "9D"]])
    cli(db, "microfudge", "sequence", "Mines", "Harvey", "Bob")
    assert cli(db, "microfudge", "conflict-card", "Mines", *HARVEY_SIDE, *BOB_SIDE).splitlines()[-1] == "draw 1: a tie"
    said = refused(db, "Mines", "microfudge", "abridge", "Mines", "Harvey")
    assert said == "error: the draw was a tie: the Sequence ends only if the other side agrees (L325); if it does, abridge with `--agreed`"
    # The way it names works.
    assert cli(db, "microfudge", "abridge", "Mines", "Harvey", "--agreed") == "the Sequence ends by agreement\n"


# -- 3. a card modifier out of bounds is echoed with a true minus sign (L421-L431; ruling M119) -----


@pytest.mark.parametrize(
    ("option", "said"),
    [
        # «Modificateurs applicables aux conflits» L421: surprise takes 1 or 2 cards off.
        ("surprise=-5", "error: surprise takes 1 to 2 cards off, not −5 (L421-L425)"),
        # «Rappel» L431: a card modifier is a rank modifier, ±10 at most.
        ("mod=-11", "error: mod takes −10 to +10 other cards, not −11 (L431)"),
    ],
)
def test_a_negative_card_modifier_out_of_bounds_is_echoed_with_a_minus_sign_L421_L431(
    db: str, tmp_path: Path, option: str, said: str
) -> None:
    # The refusal echoed "not -5" with a hyphen where every other signed number of the game
    # ("Revers −1", "−10 to +10") prints a minus sign (U+2212).
    campaign(db, tmp_path, "Mines", HARVEY, BOB)
    cli(db, "microfudge", "sequence", "Mines", "Harvey", "Bob")
    assert refused(db, "Mines", "microfudge", "conflict-card", "Mines", "--side", f"Harvey:Combat:Bob=5,{option}", *BOB_SIDE) == said
