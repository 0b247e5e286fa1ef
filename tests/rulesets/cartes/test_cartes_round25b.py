"""Cartes, round 25 play-test: ``downtime report`` says when a survival retry lowered or lifted a
lasting malus, and when curative care lifted one (ruling C137); the table's line of an opposition
no one won says "both fail" only when both sides drew (ruling C138); a hand card named more times
than the hand holds it is refused as such, not as a card missing (ruling C139). The unit tests
stack the deck (tests/cartes_table.py). Seed: shared/seeds/001_2934a6d80cfcba44.txt; digest:
shared/rules/cartes.md."""

from __future__ import annotations

import pytest
from cartes_table import BRIGAND, table
from test_cartes_playtest_round14 import HAND, REST, _contact_7
from test_cartes_round25 import _retried

from chronique.cli import render
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import cure
from chronique.domain.rulesets.cartes.combat import attack
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test

# -- 1. the report follows a lasting malus down (§Médecine L467, §Survie L446; C137) ---------------


@pytest.mark.parametrize(
    ("cards", "said"),
    [
        # Bruno's 5♦ K♥ gives 3 markers; Alice's 5♥ leaves 6 - 5 = 1 of her malus of 4.
        (["5D", "KH", "5H"], "lowered the lasting malus of wound 1 from 4 to 1 by a survival retry"),
        # Her 6♥ meets the wound's 6: the malus is gone.
        (["5D", "KH", "6H"], "lifted the lasting malus of wound 1 (4) by a survival retry"),
        # Her 2♥ leaves 6 - 2 = 4, what she carried: nothing changed, nothing to report.
        (["5D", "KH", "2H"], None),
    ],
)
def test_the_report_says_what_a_survival_retry_did_to_a_lasting_malus_Medecine_L467_ruling_C137(cards: list[str], said: str | None) -> None:
    # The report read "survived wound 2 with a lasting malus of 11" and never that retries had
    # brought it down to 1: the GM read a malus the sheet no longer carried.
    _, retry, _ = _retried(cards)
    assert ruleset("cartes").notable(retry) == said


def test_the_report_says_what_curative_care_lifted_Survie_L446_ruling_C137() -> None:
    world, _, _ = _retried(["5D", "KH", "5H"])
    cure(world, "Alice")
    (cured,) = [e for e in world.character("Alice").pending_events if isinstance(e, ev.CuredByCare)]
    assert ruleset("cartes").notable(cured) == "had curative care: 1 point of lasting malus lifted"


# -- 2. "both fail" only when both drew (§Réussites ou échecs L312-313; C138) ----------------------


def test_an_opposition_lost_by_the_only_side_that_drew_does_not_read_both_fail_Reussites_ou_echecs_L313_ruling_C138(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The Brigand ignores Alice's blow (L271): she draws one level easier, K♥ from her pile then Q♥,
    # both over her Contact 7; he drew nothing, yet the table read "both fail: nothing happens",
    # where the log reads "who does not draw: failed, nothing happens".
    world = table([*HAND, "KH", *REST, "QH"], sheets=[_contact_7(), BRIGAND])
    result = attack(world, "Alice", "Brigand", TestRequest("Contact"), TestRequest("Contact"), 0, "moyenne", ignored=True)
    render.contest("Alice", "Brigand", result.exchange, (render.Drawn("Contact", ""), None))
    assert capsys.readouterr().out.splitlines()[1:] == ["Brigand ignores it and does not draw", "Alice fails: nothing happens"]


def test_an_opposition_both_sides_failed_still_reads_both_fail_Reussites_ou_echecs_L313(capsys: pytest.CaptureFixture[str]) -> None:
    # Alice's K♥ and the Brigand's Q♥ are both over their Contact.
    world = table([*HAND, "KH", *REST, "QH"], sheets=[_contact_7(), BRIGAND])
    result = attack(world, "Alice", "Brigand", TestRequest("Contact"), TestRequest("Contact"), 0, "moyenne")
    drawn = (render.Drawn("Contact", ""), render.Drawn("Contact", ""))
    render.contest("Alice", "Brigand", result.exchange, drawn)
    assert capsys.readouterr().out.splitlines()[-1] == "both fail: nothing happens"


# -- 3. a hand card played once (§Ressources en cartes L199; C139) ----------------------------------


@pytest.mark.parametrize(
    "request_",
    [
        # 8♥ first from the hand, and again in place of a failed card.
        TestRequest("Contact", source="hand", first_hand_card="8H", hand_cards=("8H",)),
        # 8♥ twice in place of failed cards.
        TestRequest("Contact", hand_cards=("8H", "8H")),
    ],
)
def test_a_hand_card_named_twice_is_refused_as_played_twice_not_as_missing_Ressources_en_cartes_L199_ruling_C139(
    request_: TestRequest,
) -> None:
    # Alice holds K♦ 8♥ 2♥: the refusal read "Alice does not hold 8♥ in hand", of a card she holds.
    world = table([*HAND, "KH", *REST])
    with pytest.raises(RuleViolation) as refused:
        make_test(world, "Alice", request_)
    assert str(refused.value) == "Alice cannot play 8♥ twice: the hand holds it once (hand: K♦ 8♥ 2♥)"


def test_a_hand_card_not_held_is_refused_as_missing_with_the_hand_Ressources_en_cartes_L199() -> None:
    world = table([*HAND, "KH", *REST])
    with pytest.raises(RuleViolation) as refused:
        make_test(world, "Alice", TestRequest("Contact", hand_cards=("9S",)))
    assert str(refused.value) == "Alice does not hold 9♠ in hand (hand: K♦ 8♥ 2♥)"
