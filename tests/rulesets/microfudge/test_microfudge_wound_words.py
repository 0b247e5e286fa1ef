"""How MicroFudge CECJ names a physical Revers outside the log, and why its conflict deck was
shuffled, through the real command line over a real journal (both backends), the conflict deck
scripted where a draw is dealt (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines).

«3 – Effets des Revers» L343: "Un Revers est considéré comme une Blessure, un Revers Majeur peut
être assimilé à une Blessure sérieuse et un Revers Décisif à une Blessure grave ou mortelle", and
the summary table «Revers et blessures» L927-L931 pairs them (Revers / Blessure, Revers sérieux /
Blessure sérieuse, Revers décisif / Blessure grave ou mortelle). The downtime report once said
"took a Revers sérieux" of a blow that the log, the sheet and the board call a Blessure sérieuse
(ruling M61). The deck once said "(the deck was empty)" of a shuffle right after it gathered every
card on purpose (rulings M62, C83)."""

from __future__ import annotations

import json
from pathlib import Path
from uuid import uuid4

import pytest
from cartes_table import StackedChance
from test_microfudge_critical_state import scripted
from test_microfudge_fidelity_cli import campaign, cli
from test_microfudge_review_fixes_cli import words

from chronique.domain.deck import Deck

JIM = 'name = "Jim"\nstatus = "hero"\n[ranks]\nTir = 4\n"Médecine" = 4\n'
HARVEY = 'name = "Harvey"\nstatus = "hero"\n[ranks]\nCombat = 4\n'
LENA = 'name = "Lena"\nstatus = "hero"\n[ranks]\nCombat = 5\n'
GHOUL = 'name = "Ghoul"\nnpc = true\nstatus = "average"\n[ranks]\nCombat = 4\n'
# «Résolution des Conflits hasardeux» L307-L311: even cards succeed, so a draw of odd cards only
# deals no Revers on either side (a tie, L321), and the Sequence goes on to its next draw. Lena
# (Combat 5) attacks with 3 and defends with 2, Ghoul (Combat 4) attacks with 2 and defends with 2.
SIDES = ("--side", "Lena:Combat:Ghoul=3,def=2", "--side", "Ghoul:Combat:Lena=2,def=2")
ODD_SPADES_HEARTS = ["AS", "3S", "5S", "7S", "9S", "AH", "3H", "5H", "7H"]
ODD_CLUBS_DIAMONDS = ["AC", "3C", "5C", "7C", "9C", "AD", "3D", "5D", "7D"]


# -- 1. The downtime report names a physical Revers by its wound (L343, L927-L931; ruling M61) ----


def test_the_downtime_report_names_a_physical_Revers_by_its_wound_as_the_log_does_Effets_des_Revers_L343_Revers_et_blessures_L927_L931(
    db: str, tmp_path: Path
) -> None:
    campaign(db, tmp_path, "Arkham", JIM, HARVEY)
    cli(db, "microfudge", "setback", "Arkham", "Jim", "--severity", "1", "--source", "a thrown bottle")
    cli(db, "microfudge", "setback", "Arkham", "Harvey", "--severity", "2", "--domain", "social", "--source", "the mayor's scorn")
    # A Revers décisif from a firearm, with no source given: the Narrator's (L351), and in combat
    # "le plus souvent ... dans un état critique" (L343).
    cli(db, "microfudge", "setback", "Arkham", "Harvey", "--severity", "3", "--healing", "weekly")
    cli(db, "session", "end", "Arkham")
    told = [
        "took a Blessure (physical, heals a step a day) from a thrown bottle",
        "took a Revers sérieux (social, heals a step a day) from the mayor's scorn",
        "took a Blessure grave ou mortelle (physical, heals a step a week) from the Narrator; critical state",
    ]
    # L930-L931: the physical ones by their wound; a social Revers keeps its own name (L335, L345).
    # Then, at the clock, the critical wound that still waits for care (digest T4, ruling M64).
    assert cli(db, "downtime", "report", "Arkham", "--since", "Day 1 08:00").splitlines() == [
        f"Day 1 08:00  Jim {told[0]}",
        f"Day 1 08:00  Harvey {told[1]}",
        f"Day 1 08:00  Harvey {told[2]}",
        "Day 1 08:00  Harvey Revers 2 (Blessure grave ou mortelle) needs medical care: a critical state, "
        "no step heals until first aid or an Atout stabilizes it (L343, L359)",
    ]
    # The same words as the log's, one helper for both (never "took a Revers décisif ()").
    assert words(db, "SetbackSuffered") == told
    reported = json.loads(cli(db, "downtime", "report", "Arkham", "--since", "Day 1 08:00", "--json"))
    assert "Revers décisif" not in json.dumps(reported, ensure_ascii=False)
    assert told[2] in json.dumps(reported, ensure_ascii=False)


def test_a_wound_taken_in_downtime_reads_by_its_wound_in_the_report_of_the_last_downtime_L343_L930(db: str, tmp_path: Path) -> None:
    # The report of the last downtime (no --since, the web journal's campaign page reads the same
    # list): a Revers sérieux dealt outside a session is a Blessure sérieuse (L343, L930).
    campaign(db, tmp_path, "Arkham", JIM)
    cli(db, "session", "end", "Arkham")
    cli(db, "microfudge", "setback", "Arkham", "Jim", "--severity", "2", "--source", "a fall down the stairs")
    assert cli(db, "downtime", "report", "Arkham").splitlines() == [
        "Day 1 08:00  Jim took a Blessure sérieuse (physical, heals a step a day) from a fall down the stairs"
    ]


# -- 2. Why the conflict deck was shuffled («5 – Cards are a Narrator's best friend» L803; M59, M62) --


def test_a_draw_in_a_later_session_says_it_shuffles_because_the_old_order_was_revealed_not_an_empty_deck_L307_L803(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", LENA, GHOUL)
    scripted(monkeypatch, stacks=[ODD_SPADES_HEARTS, ODD_CLUBS_DIAMONDS])
    cli(db, "microfudge", "sequence", "Mines", "Lena", "Ghoul")
    assert cli(db, "microfudge", "conflict-card", "Mines", *SIDES).splitlines()[-1] == "draw 1: a tie"
    # Session 1's dice are revealed at its end (FAIRNESS.md v2): the 31 cards left in the deck are
    # in an order players may now know, so the next draw gathers them all and shuffles anew.
    cli(db, "session", "end", "Mines")
    cli(db, "session", "start", "Mines")
    assert cli(db, "microfudge", "conflict-card", "Mines", *SIDES).splitlines()[-1] == "draw 2: a tie"
    assert words(db, "gathered", "Mines", gm=True) == [
        "every card gathered back into the deck (Sequence 1 begins)",
        "every card gathered back into the deck (the deck's order was shuffled in session 1, whose seed is now revealed)",
    ]
    # Each shuffle says what emptied the deck, never "the deck was empty" right after a gathering.
    assert words(db, "shuffled", "Mines", gm=True) == [
        "40 cards shuffled in session 1 (Sequence 1 begins)",
        "40 cards shuffled in session 2 (every card was gathered back: "
        "the deck's order was shuffled in session 1, whose seed is now revealed)",
    ]


def test_the_deck_says_why_it_shuffles_a_first_time_after_a_gathering_and_when_its_draws_ran_it_out_L803() -> None:
    # The shared deck (MicroFudge's conflict deck, Cartes' general deck): 8 cards (A and 2 of each
    # suit), played cards back from the discards when it runs out (L803; cartes.md A30).
    deck = Deck.create(uuid4(), "conflict", 1, ("A", "2"))
    chance = StackedChance()

    def draw(count: int) -> None:
        # Nobody keeps a card (L307, L803): every card not in the deck is a played one.
        deck.draw(count, "Lena", "a draw", lambda: [c for c in deck.fresh() if c not in deck.cards], chance, "session-1")

    draw(5)  # a new deck holds none: its first shuffle
    draw(3)  # the 3 cards left
    draw(2)  # none left: the 8 played cards come back
    deck.gather("Sequence 2 begins")
    draw(1)
    reasons = [e.reason for e in deck.pending_events if isinstance(e, Deck.Shuffled)]
    assert reasons == [
        "the deck's first shuffle",
        "the deck was empty",
        "every card was gathered back: Sequence 2 begins",
    ]
