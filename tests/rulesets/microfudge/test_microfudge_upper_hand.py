"""Issue 17, ruling M16: the upper hand is chosen after the draw, instead of inflicting its Revers
(«Prendre l'ascendant» L327-L329, «Abréger une Séquence» L321-L325), on aggregates with stacked
shuffles (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines)."""

from __future__ import annotations

import pytest
from microfudge_table import table

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.conflict import Side, abridge, draw, start_sequence, take_upper_hand

A = {"name": "A", "status": "hero", "ranks": {"Combat": 5}}
B = {"name": "B", "status": "hero", "ranks": {"Combat": 4}}


def test_the_draw_s_winner_sees_its_Revers_then_takes_the_upper_hand_instead_L321_L329() -> None:
    # A (Combat 5): 2 4 3 5 on B (2 successes), defence 3 (none); B (Combat 4): 6 5 7 9 on A (1).
    world = table(sheets=[A, B], stacks=[["2C", "4C", "3C", "5C", "3D", "6D", "5D", "7D", "9D"]])
    start_sequence(world, ["A", "B"], goal="hold the bridge")
    first = draw(world, [Side("A", "Combat", defence=1), Side("B", "Combat")])
    # The cards are seen and the Revers recorded: a Revers sérieux on B, a Revers on A; A wins (L321).
    assert first.sides["A"]["inflicted"] == {"B": 2} and first.sides["B"]["inflicted"] == {"A": 1} and first.winner == "A"
    b_revers = [s["id"] for s in world.character("B").condition["setbacks"]]
    assert len(b_revers) == 1
    # L329: rather than inflict its Revers, A bets on the next draw: twice 2 = 4 extra cards.
    taken = take_upper_hand(world, "A")
    assert (taken.cards, taken.forgone) == (4, {"B": 2})
    assert world.character("B").condition["setbacks"] == []  # B's Revers sérieux never lands
    assert [s["severity"] for s in world.character("A").condition["setbacks"]] == [1]  # B's Revers stays
    # A now counts as having inflicted none: B's single Revers wins the draw, so B may abridge (L321-L323).
    assert taken.winner == "B"
    recorded = {name: [e for e in world.character(name).pending_events if isinstance(e, ev.UpperHandTaken)] for name in "AB"}
    (on_a,), (on_b,) = recorded["A"], recorded["B"]
    assert (on_a.taker, on_a.draw, on_a.cards, on_a.withdrawn, on_a.outcome) == ("A", 1, 4, [], "lost")
    assert (on_b.withdrawn, on_b.outcome) == (b_revers, "won")
    with pytest.raises(RuleViolation, match="only its winner"):
        abridge(world, "A")
    assert abridge(world, "B") == "B"


def test_the_bonus_counts_in_the_next_draw_only_and_cannot_be_taken_twice_L329() -> None:
    # Draw 1: A 2 4 3 5 (2 successes) on B, defence 3; B 5 7 9 AD (none). Draw 2: A's 9 cards
    # (Combat 5 + 4) and B's 4 all odd; draw 3: A's pool back to 5.
    odd = ["AC", "AH", "3H", "5H", "7H", "9H", "AS", "3S", "5S", "7S", "9S", "7C", "9C"]
    world = table(sheets=[A, B], stacks=[["2C", "4C", "3C", "5C", "3D", "5D", "7D", "9D", "AD", *odd]])
    start_sequence(world, ["A", "B"])
    draw(world, [Side("A", "Combat", defence=1), Side("B", "Combat")])
    with pytest.raises(RuleViolation, match="B inflicted no Revers"):
        take_upper_hand(world, "B")  # nothing to forgo (L329)
    assert take_upper_hand(world, "A").winner is None  # neither inflicted anything now: a tie
    # Its Revers are already forgone, which is said so (ruling M115), not "A inflicted no Revers".
    forgone = r"^A has already forgone the Revers of draw 1 for the upper hand \(4 extra cards in the next draw\): "
    forgone += r"there is nothing to forgo \(L329\)$"
    with pytest.raises(RuleViolation, match=forgone):
        take_upper_hand(world, "A")
    second = draw(world, [Side("A", "Combat", defence=1), Side("B", "Combat")])
    assert second.sides["A"]["pool"] == 9 and second.sides["A"]["modifiers"] == {"upper-hand": 4}
    assert second.sides["A"]["inflicted"] == {"B": 0}
    with pytest.raises(RuleViolation, match="nothing to forgo"):
        take_upper_hand(world, "A")  # the bonus is for the next draw of the Sequence only
    third = draw(world, [Side("A", "Combat"), Side("B", "Combat")])
    assert third.sides["A"]["pool"] == 5


def test_a_Decisif_ends_the_Sequence_before_any_upper_hand_L313_L329() -> None:
    # A (Combat 5, 5 attack cards): 2 4 6 3 5 on B, 3 successes: a Décisif; B: 3 5 7 9 on A.
    world = table(sheets=[A, B], stacks=[["2C", "4C", "6C", "3C", "5C", "3D", "5D", "7D", "9D"]])
    start_sequence(world, ["A", "B"])
    assert draw(world, [Side("A", "Combat"), Side("B", "Combat")]).ended
    with pytest.raises(RuleViolation, match="in no Sequence"):
        take_upper_hand(world, "A")
