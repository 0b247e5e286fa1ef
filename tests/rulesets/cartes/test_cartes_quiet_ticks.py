"""Timed Cartes processes record what changes, not every tick that changes nothing (issue 15).

A survived wound's margin malus is retried once per period while a healer tends the character
(§Médecine L467; cartes.md §5.3 PROPOSAL, A12). A success card never exceeds the retry's target
(Carrure plus the healer's best bonus markers, §Médecine L465-475), so the malus cannot fall
below B − target: once there, no retry is due (ruling C70). Every card below is scripted, and each
expected event is worked out by hand from those rules.
"""

from __future__ import annotations

from cartes_table import wounded

from chronique.domain.gametime import HOUR, WEEK
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes.advancement import arrange_care
from chronique.domain.rulesets.cartes.damage import wound_malus
from chronique.domain.timeline import Tick, advance
from chronique.domain.world import World

# Alice (Carrure 8) survives a Moyenne wound of value 12 (period 1 h, survival draws at Moyenne,
# retries one level easier: Facile, two cards). Bruno (Médecine 9) tends her with a light kit
# (level +0), three bonus markers on a success: her best target is 8 + 3 = 11, her floor 12 − 11 = 1.
CARDS = [
    # +1 h, survival draw at Moyenne: Bruno 5D ≤ 9 (+3 markers); Alice 9H ≤ 11 → T 9 < B 12: malus 3.
    "5D", "9H",
    # +2 h, retry at Facile: Bruno QD KD both > 9 (no markers); Alice 10H JD both > 8: fails, still 3.
    "QD", "KD", "10H", "JD",
    # +3 h, retry: Bruno 2H ≤ 9 (+3); Alice's best success ≤ 11 is JH (11): margin 12 − 11 = 1.
    "2H", "QH", "JH", "4D",
]  # fmt: skip


def run(world: World, seconds: int) -> list[Tick]:
    return advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + seconds)


def recorded(world: World, name: str) -> list[tuple[str, int]]:
    """The survival events on ``name``'s chain since the session ended: (class, time)."""
    character = world.character(name)
    return [(type(e).__name__, e.at) for e in character.pending_events if type(e).__name__.startswith("Survival")]


def test_two_weeks_of_a_malus_at_its_floor_record_nothing_Medecine_L467_A12() -> None:
    world = wounded(CARDS, 12, "moyenne", "light-kit")
    start = world.campaign.clock
    ticks = run(world, 2 * WEEK)
    # Three events change something: the survival draw (malus 3), a failed retry (its cards
    # drawn), the retry that brings the malus to its floor of 1. Before, a retry every hour for
    # the rest of the two weeks drew again and recorded "the malus is now 1" each time.
    assert [(t.due.at - start, t.account) for t in ticks] == [
        (HOUR, "Alice: survived wound 1 with a malus of 3"),
        # A failed retry reads as one, not as a change (it read "is now 3", as if lowered).
        (2 * HOUR, "Alice: the retry for wound 1 failed, the malus stays 3"),
        (3 * HOUR, "Alice: the malus of wound 1 is now 1"),
    ]
    assert recorded(world, "Alice") == [
        ("SurvivalChecked", start + HOUR),
        ("SurvivalRetried", start + 2 * HOUR),
        ("SurvivalRetried", start + 3 * HOUR),
    ]
    alice = world.character("Alice")
    assert [(m["amount"], m["value"]) for m in alice.condition["lasting_malus"]] == [(1, 12)]
    assert wound_malus(alice) == 1
    assert world.campaign.clock == start + 2 * WEEK


def test_the_malus_between_events_is_the_last_one_recorded_a_then_b_Medecine_L467() -> None:
    # Advancing in steps stops at the same events: between them the sheet's malus is the last
    # recorded one, and the quiet fortnight after the floor adds nothing.
    world = wounded(CARDS, 12, "moyenne", "light-kit")
    start = world.campaign.clock
    alice = world.character("Alice")
    assert [t.account for t in run(world, HOUR + HOUR // 2)] == ["Alice: survived wound 1 with a malus of 3"]
    assert wound_malus(alice) == 3
    assert [t.account for t in run(world, HOUR)] == ["Alice: the retry for wound 1 failed, the malus stays 3"]
    assert wound_malus(alice) == 3
    assert [t.account for t in run(world, WEEK)] == ["Alice: the malus of wound 1 is now 1"]
    assert run(world, WEEK) == []
    assert wound_malus(alice) == 1
    assert [at - start for _, at in recorded(world, "Alice")] == [HOUR, 2 * HOUR, 3 * HOUR]


def test_an_untrained_healer_adds_no_markers_so_a_malus_at_the_Carrure_floor_is_never_retried_Medecine_L465() -> None:
    # Bruno (Carrure 6) takes a Moyenne 10 tended by Alice, who has no Médecine: her target 0 is
    # met by no card (her Médecine is settled a failure undrawn, ruling C136), so Bruno's best
    # retry target is 6. His 6H leaves 10 − 6 = 4, the floor already: the survival draw is the only
    # event of the fortnight.
    world = wounded(["6H"], 10, "moyenne", "light-kit", patient="Bruno", healer="Alice")
    start = world.campaign.clock
    assert [t.account for t in run(world, 2 * WEEK)] == ["Bruno: survived wound 1 with a malus of 4"]
    assert recorded(world, "Bruno") == [("SurvivalChecked", start + HOUR)]
    assert wound_malus(world.character("Bruno")) == 4


def test_better_care_later_resumes_retries_on_the_hour_marks_after_the_clock_Medecine_L469_L475() -> None:
    # A week at the floor of 1, then a proper hospital (level −2, two more markers, L475): the best
    # target is 8 + 5 = 13, so a retry could lift the malus. Retries keep their hourly marks from
    # the last one (ruling C71): none is made up in the clock's past, and as the week's end is a
    # mark the first comes an hour after the change. Retry at Facile, medicine at −1 − 2 = three
    # cards: Bruno 3H ≤ 9 (+5 markers); Alice QH KD, her best success ≤ 13 is KD: T 13 ≥ 12, gone.
    world = wounded([*CARDS, "3H", "KH", "KS", "QH", "KD"], 12, "moyenne", "light-kit")
    start = world.campaign.clock
    run(world, WEEK)
    cared_at = world.campaign.clock
    assert (cared_at - start - 3 * HOUR) % HOUR == 0  # the last retry was at +3 h
    arrange_care(world, "Alice", "Bruno", "hospital")
    assert run(world, HOUR - 1) == []
    ticks = run(world, WEEK)
    assert [(t.due.at, t.account) for t in ticks] == [
        (cared_at + HOUR, "Alice: the malus of wound 1 is gone; nothing left to tend, Bruno's care ends")
    ]  # ruling C108
    assert wound_malus(world.character("Alice")) == 0
