"""Survival draws, medicine and rest on the timeline (§Survie L431-461, §Médecine L463-475)."""

from __future__ import annotations

from cartes_table import downtime, table, wounded

from chronique.domain.gametime import DAY, HOUR, MINUTE, WEEK
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes.advancement import cure
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.timeline import advance
from chronique.domain.world import World


def run(world: World, seconds: int) -> list[str]:
    ticks = advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + seconds)
    return [t.account for t in ticks]


def test_first_survival_draw_comes_one_period_after_the_wound_A8() -> None:
    world = wounded(["7H", "9H"], damage=5)
    assert run(world, 10 * MINUTE - 1) == []  # nothing due before 10 minutes
    assert len(run(world, 1)) == 1  # Forte: every 10 minutes (survival table)


def test_forte_failure_moves_the_wound_to_enorme_every_minute_then_death_Survie_L447() -> None:
    # Carrure 8: Difficile needs both cards ≤ 8; 7H 9H fails; Énorme (Très difficile) 3 cards.
    world = wounded(["7H", "9H", "2H", "3H", "QH"], damage=5)
    accounts = run(world, 10 * MINUTE)
    assert accounts == ["Alice: survival draw failed — wound 1 now Énorme"]
    alice = world.character("Alice")
    (wound,) = alice.condition["wounds"]
    assert wound["lethality"] == 4 and wound["escalated"] and wound["next_draw"] == world.campaign.clock + MINUTE
    accounts = run(world, MINUTE)
    assert accounts == ["Alice: survival draw failed — dead"]
    assert alice.condition["dead"] and run(world, WEEK) == []


def test_success_at_or_above_the_wound_value_stops_cleanly_Survie_L445() -> None:
    world = wounded(["7H", "6S"], damage=5)
    assert run(world, HOUR) == ["Alice: survived wound 1 cleanly"]
    assert world.character("Alice").condition["wounds"] == []  # A11: leaves its holder


def test_success_below_the_wound_value_leaves_a_margin_malus_until_cured_Survie_L446() -> None:
    world = wounded(["3H", "2S"], damage=6)  # retained (worst) 2 < 6: malus 4
    assert run(world, HOUR) == ["Alice: survived wound 1 with a malus of 4"]
    alice = world.character("Alice")
    assert [(m["wound"], m["amount"]) for m in alice.condition["lasting_malus"]] == [(1, 4)]
    assert [m["amount"] for m in cure(world, "Alice")] == [4]
    assert alice.condition["lasting_malus"] == []


def test_survival_retry_with_care_lifts_the_malus_Medecine_L467() -> None:
    # First draw: Bruno's medicine KD fails (no markers); Alice 3H 2S -> malus 4.
    # One Forte period later the retry is one level easier (Moyenne); medicine at Facile: 5D KH
    # succeeds (3 markers), so Alice draws 9H against 8 + 3: T 9 ≥ B 6 lifts the malus.
    world = wounded(["KD", "3H", "2S", "5D", "KH", "9H"], damage=6, care="adapted-kit")
    assert run(world, 10 * MINUTE) == ["Alice: survived wound 1 with a malus of 4"]
    assert run(world, 10 * MINUTE - 1) == []
    assert run(world, 1) == ["Alice: the malus of wound 1 is gone; nothing left to tend, Bruno's care ends"]  # ruling C108
    assert world.character("Alice").condition["lasting_malus"] == []


def test_no_retry_without_medical_care_A12() -> None:
    world = wounded(["3H", "2S"], damage=6)
    run(world, HOUR)
    assert run(world, WEEK) == []
    assert world.character("Alice").condition["lasting_malus"][0]["amount"] == 4


def test_medicine_support_adds_three_bonus_markers_Medecine_L465() -> None:
    # Forte (+1) with an adapted kit (−1): Bruno's Médecine 9 at Moyenne draws 5D -> 3 markers,
    # so Alice draws 10H 9H against Carrure 8 + 3 = 11 and survives (10H, 9H ≤ 11, worst 9 ≥ 5).
    world = wounded(["5D", "10H", "9H"], damage=5, care="adapted-kit")
    assert run(world, 10 * MINUTE) == ["Alice: survived wound 1 cleanly; nothing left to tend, Bruno's care ends"]  # ruling C108
    survival = world.character("Alice").pending_events[-1]
    assert survival.medicine["bonus"] == 3 and survival.outcome["target"] == 11


def test_period_follows_lethality_Survie_L443() -> None:
    # Survival table (digest §5.1): Nulle draws 3 cards (Très facile), Faible 2 (Facile), Moyenne 1.
    for lethality, period, cards in (("nulle", WEEK, ["AH", "AS", "AD"]), ("faible", DAY, ["AH", "AS"]), ("moyenne", HOUR, ["AH"])):
        world = wounded(cards, damage=1, lethality=lethality)
        assert run(world, period - 1) == []
        assert run(world, 1) == ["Alice: survived wound 1 cleanly"]


def test_a_nights_sleep_refills_the_pile_between_sessions_A14() -> None:
    world = table()
    make_test(world, "Alice", TestRequest("Contact"))
    make_test(world, "Alice", TestRequest("Contact"))
    downtime(world)  # Day 1 08:00, Alice's pile at 5
    assert world.character("Alice").condition["pile_count"] == 5
    assert run(world, 22 * HOUR - 1) == []  # at least 6 h of sleep, ending at 06:00 (Day 2)
    assert run(world, 1) == ["Alice slept: pile back to 7"]  # Bruno's pile was full
    assert world.character("Alice").condition["pile_count"] == 7
