"""``audit show`` of a Cartes table as the round-14 play-test read it, on a real journal through the
real command line, the cards stacked (only chance is scripted): a test names the moment of the sheet
it read, never a version (ruling EB28); its draw reads as the log reads it, the level's name and a
♠'s +3 kept (EB29); a "why" the line tells already, or a recorded code, is not said again (EB30);
an opposition names the two tests it settles (EB31). Seed: shared/seeds/001_2934a6d80cfcba44.txt."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest
from cartes_cli import NAME, PARTY, cli, of, seat
from cartes_table import StackedChance
from support import log_details, run, short_ref


class _StackedCards(StackedChance):
    """Stacked cards in place of a command's vault: face-down events go unsalted, as no epoch key
    salts them (as tests/cli/test_spine_round13.py's scripted dice)."""

    def salt(self, epoch: str, originator_id: UUID, version: int) -> str | None:
        return None


# The first shuffle's top, dealt in this order (ruling C35): Alice's hand of 3 and pile of 7, then
# Bruno's. Alice's pile begins 2♠ then J♣; Bruno's with 9♠ (a failure against his Contact 5).
ALICE = ["5H", "10D", "2D", "2S", "JC", "3H", "4H", "6C", "7C", "8C"]
BRUNO = ["KH", "KC", "4C", "9S", "8H", "9H", "7H", "6H", "5C", "4D"]


@pytest.fixture
def played(db: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """Verdelune's session 1: Alice tests Contact (2♠), opposes Brigand (Discrétion against Sens),
    attacks him; Bruno's tactics support of Alice fails (9♠); Alice draws for resources."""
    seat(db, *PARTY)
    chance = _StackedCards(ALICE + BRUNO)
    monkeypatch.setattr("chronique.adapters.services.VaultChance", lambda vault, campaign: chance)
    cli(db, "cartes", "test", NAME, "Alice", "Contact")
    cli(db, "cartes", "oppose", NAME, "Alice", "Discrétion", "Brigand", "Sens")
    cli(db, "cartes", "attack", NAME, "Alice", "Brigand")
    cli(db, "cartes", "support", NAME, "Bruno", "Alice", "Contact")
    cli(db, "cartes", "resource", NAME, "Alice")
    return db


def _shown(db: str, event: dict[str, Any], *options: str) -> list[str]:
    return run(db, "audit", "show", short_ref(event), *options).stdout.splitlines()


def test_a_test_names_the_moment_of_the_sheet_it_read_never_a_version_ruling_EB28(played: str) -> None:
    # Ruling SV11 took "(version N)" out of sheets: a version is no moment a player knows. The
    # account read "target 9 for Contact = Contact 9 (sheet as of version 1)".
    first = of(played, "TestMade", "Alice")[0]
    alice = first["originator_id"][:8]
    lines = _shown(played, first)
    assert f"target 9 for Contact = Contact 9 (Alice's sheet as it stood when event {alice}:1 was recorded)" in lines
    assert not [line for line in lines if "version" in line]
    # The moment named is one `sheet --as-of` shows (ruling SV5).
    sheet = run(played, "sheet", NAME, "Alice", "--as-of", f"{alice}:1").stdout
    assert f"as it stood when event {alice}:1 was recorded" in sheet


def test_a_test_s_draw_reads_as_the_log_reads_it_the_spade_s_plus_3_and_the_level_s_name_Bonus_de_couleur_L321_L324_ruling_EB29(
    played: str,
) -> None:
    # §Bonus de couleur L323: a ♠ success on a power manoeuvre adds 3 to its quality; L322: a ♣
    # first makes it one level easier. The account read "level +0 (asked +0), pile first: 2♠ →
    # success 2", dropping the +3 and the level's name the log line gives.
    spade, clubs = of(played, "TestMade", "Alice")[:2]
    # The log lines, their odds left off (ruling LK10).
    logged = [line.split(" (Alice had ")[0] for line in log_details(played, NAME)]
    assert "Contact against 9 at +0 (moyenne): 2♠ → success, quality 2 +3 (♠ on a power manoeuvre)" in logged
    assert "level +0 (moyenne); pile first: 2♠ → success, quality 2 +3 (♠ on a power manoeuvre)" in _shown(played, spade)
    assert "Discrétion against 8 at -1 (facile), asked +0 (moyenne), ♣ first: J♣ A♣ → success, quality 1" in logged
    assert "level -1 (facile), asked +0 (moyenne), ♣ first; pile first: J♣ A♣ → success, quality 1" in _shown(played, clubs)


def test_a_why_the_line_tells_already_or_a_recorded_code_is_not_said_again_ruling_EB30(played: str) -> None:
    # The account said "why: resource" under "2 cards into the pile from the resource draw" (the
    # event's code), and "why: support of Alice" under "…; the support of Alice failed".
    (refilled,) = of(played, "PileRefilled", "Alice")
    assert _shown(played, refilled, "--gm")[:2] == [
        f"{short_ref(refilled)}, Alice: pile refilled",
        "what happened: 2 cards into the pile from the resource draw",
    ]
    assert not [line for line in _shown(played, refilled, "--gm") if line.startswith("why")]
    (support,) = of(played, "TestMade", "Bruno")
    assert (
        _shown(played, support)[1]
        == "what happened: Contact against 5 at +0 (moyenne): 9♠ → failure; the support of Alice failed; 1 malus marker taken"
    )
    assert not [line for line in _shown(played, support) if line.startswith("why")]
    # A purpose the line does not tell is still said.
    assert _shown(played, of(played, "TestMade", "Alice")[1])[2] == "why: against Brigand"


def test_an_opposition_and_an_attack_name_the_two_tests_they_settle_Reussites_ou_echecs_L305_L313_ruling_EB31(played: str) -> None:
    # §Réussites ou échecs L305-313: an opposition follows from both sides' tests just made; its
    # account listed neither, so a disputed opposition could not be followed to its draws.
    alice_tests, brigand_tests = of(played, "TestMade", "Alice"), of(played, "TestMade", "Brigand")
    opposition, attack = of(played, "OppositionSettled", "Alice")
    assert _shown(played, opposition)[2] == (
        f"the draws it settles: Alice's test {short_ref(alice_tests[1])} and Brigand's test {short_ref(brigand_tests[0])}"
    )
    assert _shown(played, attack)[2] == (
        f"the draws it settles: Alice's test {short_ref(alice_tests[2])} and Brigand's test {short_ref(brigand_tests[1])}"
    )
