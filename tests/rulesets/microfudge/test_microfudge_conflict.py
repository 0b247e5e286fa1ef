"""Hazardous conflicts with the 40-card deck («2 – Résolution des Conflits hasardeux» L295-L431),
on aggregates with stacked shuffles, and the digest's vectors V-HC, V-R, V-E, V-SC, V-A-2 (§9)."""

from __future__ import annotations

from collections import Counter

import pytest
from microfudge_table import table

from chronique.domain.cards import value
from chronique.domain.chance import ChanceStream, DrawPlace
from chronique.domain.errors import RuleViolation
from chronique.domain.fairness import KeyedStream, epoch_key
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.conflict import Side, abridge, conflict_deck, draw, start_sequence, take_upper_hand
from chronique.domain.rulesets.microfudge.play import TestRequest, roll_test, spend_atout
from chronique.domain.rulesets.microfudge.rules import (
    armour_factor,
    bands_to_close,
    countered_bonus,
    net_successes,
    penalty,
    range_defence,
    scale_modifier,
    vehicle_modifier,
    vehicle_revers,
)

A = {"name": "A", "status": "hero", "ranks": {"Combat": 5, "Tir": 5}}
B = {"name": "B", "status": "hero", "ranks": {"Combat": 4, "Athlétisme": 4}}


def _duel(*stacks: list[str]):  # type: ignore[no-untyped-def]
    world = table(sheets=[A, B], stacks=stacks)
    start_sequence(world, ["A", "B"], goal="hold the bridge")
    return world


def test_V_HC_1_attack_and_defence_cards_Resolution_des_Conflits_hasardeux_L307_L313_Jeu_defensif_L331() -> None:
    # A (Combat 5, sword +1): 4 attack, 2 defence → 2 4 6 3 (3 successes), 8 5 (1); B: 10 2 7 9 (2).
    world = _duel(["2C", "4C", "6C", "3C", "8C", "5C", "10C", "2D", "7C", "9C"])
    result = draw(world, [Side("A", "Combat", defence=2, modifiers={"weapon": 1}, healing="weekly"), Side("B", "Combat")])
    assert result.sides["A"]["inflicted"] == {"B": 3} and result.sides["B"]["inflicted"] == {"A": 1}
    assert result.ended and result.winner == "A"
    b, a = world.character("B"), world.character("A")
    assert [s["severity"] for s in b.condition["setbacks"]] == [3] and b.condition["critical"]
    assert [s["severity"] for s in a.condition["setbacks"]] == [1]
    (drawn,) = [e for e in a.pending_events if isinstance(e, ev.ConflictCardsDrawn)]
    assert drawn.attack == {"B": {"cards": ["2C", "4C", "6C", "3C"], "successes": 3}}
    assert drawn.defence["cards"] == ["8C", "5C"] and drawn.pool == 6
    assert ev.sequence_of(a) is None  # L313: the Décisif ends the Sequence
    # Every card is on the deck's chain, with who drew it and why (PROPOSAL §1.1).
    logged = [e for e in conflict_deck(world).pending_events if type(e).__name__ == "CardsDrawn"]
    assert [c for e in logged for c in e.cards] == ["2C", "4C", "6C", "3C", "8C", "5C", "10C", "2D", "7C", "9C"]
    assert logged[0].to == "A" and logged[0].purpose == "Sequence 1 draw 1: attack on B"


def test_V_HC_2_upper_hand_gives_twice_the_forgone_revers_next_draw_only_Prendre_l_ascendant_L329() -> None:
    odd = ["9C", "AC", "AD", "AH", "3H", "5H", "7H", "9H", "AS", "3S", "5S", "7S", "9S"]
    world = _duel(["2C", "4C", "3C", "5C", "3D", "5D", "7D", "9D", "7C", *odd])
    first = draw(world, [Side("A", "Combat", defence=1), Side("B", "Combat")])
    # A drew 2 4 3 5 (2 successes), saw its Revers sérieux and forgoes it after the draw (M16): +4.
    assert first.sides["A"]["inflicted"] == {"B": 2} and first.winner == "A"
    taken = take_upper_hand(world, "A")
    assert (taken.cards, taken.forgone, taken.winner) == (4, {"B": 2}, None)
    assert world.character("B").condition["setbacks"] == []
    second = draw(world, [Side("A", "Combat", defence=1), Side("B", "Combat")])
    assert second.sides["A"]["pool"] == 9 and second.sides["A"]["modifiers"] == {"upper-hand": 4}, second
    third = draw(world, [Side("A", "Combat"), Side("B", "Combat")])
    assert third.sides["A"]["pool"] == 5  # the next draw only


def test_V_HC_4_abridging_after_a_won_draw_and_a_tie_Abreger_une_Sequence_L321_L325() -> None:
    world = _duel(["2C", "3C", "5C", "7C", "9C", "3D", "5D", "7D", "9D"])
    won = draw(world, [Side("A", "Combat"), Side("B", "Combat")])
    assert won.winner == "A" and won.sides["A"]["inflicted"] == {"B": 1}
    with pytest.raises(RuleViolation, match="did not win"):
        abridge(world, "B")
    assert abridge(world, "A") == "A" and ev.sequence_of(world.character("B")) is None
    world = _duel(["2C", "3C", "5C", "7C", "9C", "2D", "5D", "7D", "9D"])
    tie = draw(world, [Side("A", "Combat"), Side("B", "Combat")])
    assert tie.winner is None and tie.sides["B"]["inflicted"] == {"A": 1}
    with pytest.raises(RuleViolation, match="agrees"):
        abridge(world, "A")
    assert abridge(world, "A", agreed=True) == "nobody"


def test_V_R_1_out_of_range_banks_excess_defence_across_draws_Hors_de_portee_L361_L365() -> None:
    assert bands_to_close("Longue", "Bout portant") == 3
    # B (knife) is out of range of A's rifle: 4 defence cards, A shoots 5 with 5 defence cards (range).
    world = _duel(["3C", "5C", "7C", "9C", "AC", "2D", "4D", "6D", "3D", "2H", "4H", "3H", "5H", "7H"])
    one = draw(world, [Side("A", "Tir"), Side("B", "Athlétisme", defence=4, extra_defence={"range": 5}, out_of_range=True)])
    # A 0 successes; B 2 4 6 3 2 4 3 5 7 → 5 successes of defence → 5 excess, banked.
    assert one.sides["B"]["banked"] == 5 and one.sides["B"]["attack"] == {}
    with pytest.raises(RuleViolation, match="out of range"):
        draw(world, [Side("A", "Tir"), Side("B", "Athlétisme", attack={"A": 4}, out_of_range=True)])


def test_V_R_2_range_table_Combat_a_distance_L373_L401_PROPOSAL_A16() -> None:
    assert range_defence("pistol", 30) == 5
    with pytest.raises(RuleViolation, match="cannot shoot"):
        range_defence("pistol", 120)
    assert range_defence("rifle", 120) == 7 and range_defence("rifle", 200) == 8
    assert range_defence("heavy", 200) == 2 and range_defence("heavy", 10) == 2  # A16: first entry
    assert range_defence("pistol", 5) == 2 and range_defence("pistol", 6) == 3  # inclusive bounds
    with pytest.raises(RuleViolation, match="out of range"):
        range_defence("spaceship", 10**12)


def test_V_E_1_future_armour_cancels_two_and_firearms_ignore_old_armour_Armures_L497_L502() -> None:
    assert net_successes(3, 0, 2, armour_factor("modern", "future")) == 0
    assert armour_factor("modern", "ancient") == 0 and armour_factor("future", "modern") == 0
    assert net_successes(3, 1, 1, armour_factor("ancient", "ancient")) == 1


def test_armour_cards_in_a_draw_Armures_L485_L502_and_shield() -> None:
    # A attacks with 5 cards (3 successes); B wears future armour (2 cards, 1 success = 2 cancelled).
    world = _duel(["2C", "4C", "6C", "3C", "5C", "3D", "5D", "7D", "9D", "8D", "AH"])
    result = draw(world, [Side("A", "Combat", weapon_era="modern"), Side("B", "Combat", armour=2, armour_era="future")])
    assert result.sides["B"]["armour"]["successes"] == 1 and result.sides["A"]["inflicted"] == {"B": 1}


def test_V_E_2_vehicle_sizes_and_stats_Categories_de_vehicules_L538_L552_Vehicules_L504_L536() -> None:
    assert vehicle_revers(5, "small", "huge") == 1 and vehicle_revers(5, "small", "medium") == 2
    assert vehicle_revers(5, "huge", "small") == 3  # PROPOSAL: 1:1, capped at 3
    assert vehicle_modifier("motorbike", "chase") == 3 and vehicle_modifier("truck", "ram") == 5


def test_conflict_modifiers_surprise_first_draw_only_Modificateurs_L419_L431() -> None:
    world = _duel(["2C", "4C", "3C", "3D", "5D", "7D", "9D"])  # A draws 5 − 2 = 3 cards, B 4
    first = draw(world, [Side("A", "Combat", modifiers={"surprise": -2}), Side("B", "Combat")])
    assert first.sides["A"]["pool"] == 3 and first.sides["A"]["attack"]["B"]["cards"] == ["2C", "4C", "3C"]
    with pytest.raises(RuleViolation, match="first draw"):
        draw(world, [Side("A", "Combat", modifiers={"surprise": -1}), Side("B", "Combat")])
    with pytest.raises(RuleViolation, match="takes 1 to 2"):
        draw(world, [Side("A", "Combat", modifiers={"conditions": -3}), Side("B", "Combat")])


def test_collective_sequence_side_with_most_successes_wins_Sequences_collectives_L403_L417() -> None:
    c = {"name": "C", "status": "hero", "ranks": {"Combat": 3}}
    world = table(sheets=[A, B, c], stacks=[["2C", "3C", "5C", "7C", "9C", "2D", "4D", "3D", "5D", "4H", "3H", "5H"]])
    start_sequence(world, ["A", "B", "C"], teams={"B": "gang", "C": "gang"}, collective=True)
    result = draw(world, [Side("A", "Combat", attack={"B": 3, "C": 2}), Side("B", "Combat"), Side("C", "Combat")])
    # A: 1 success; the gang: B 2 4 3 5 (2) + C 4 3 5 (1) = 3 → the gang wins the draw.
    assert result.winner == "gang" and result.sides["A"]["received"] == {"B": 2, "C": 1}
    assert abridge(world, "C") == "gang"


def test_deck_draws_without_replacement_and_reshuffles_when_empty_PROPOSAL_1_1() -> None:
    class Keyed:
        def stream(self, epoch: str, place: DrawPlace) -> ChanceStream:
            return KeyedStream(epoch_key(bytes(32)), place.originator_id, place.version)

    world = table(sheets=[A, B])
    world.source = Keyed()
    start_sequence(world, ["A", "B"])
    drawn: list[str] = []
    for _ in range(300):  # Combat 5 and 4 → 9 cards a draw, far beyond one deck
        draw(world, [Side("A", "Combat", defence=5), Side("B", "Combat", defence=4)])
    events = conflict_deck(world).pending_events
    runs: list[list[str]] = []
    draws: dict[str, list[str]] = {}
    shuffled: list[str] = []
    for e in events:
        if type(e).__name__ == "Shuffled":
            shuffled = e.chance[0]["deck"]
            runs.append([])
        elif type(e).__name__ == "CardsDrawn":
            on_table = draws.setdefault(e.purpose.partition(":")[0], [])
            if shuffled:
                # L307, L803: only the played cards go back in, never those already dealt in the draw.
                assert Counter(shuffled) == Counter(conflict_deck(world).fresh()) - Counter(on_table)
                shuffled = []
            runs[-1].extend(e.cards)
            drawn.extend(e.cards)
            on_table.extend(e.cards)
    assert all(max(Counter(run).values()) == 1 for run in runs)  # never twice before a reshuffle
    assert all(len(cards) == len(set(cards)) == 9 for cards in draws.values())  # never twice in a draw
    assert len(drawn) == 2700 and len(runs) > 60 and len(draws) == 300
    even = sum(1 for card in drawn if value(card) % 2 == 0) / len(drawn)
    assert 0.47 < even < 0.53


def test_V_SC_scales_add_cards_where_their_bracket_applies_Echelles_L825_L904_PROPOSAL_A20() -> None:
    dragon = [(6, ["Taille", "Combat"])]
    assert scale_modifier(dragon, "Combat") == 6  # V-SC-1
    old = [(9, ["Taille", "Combat"]), (1, ["Esprit"])]
    assert scale_modifier(old, "Combat") == 9 and scale_modifier(old, "Esprit") == 1  # V-SC-2
    elf = [(-1, ["Force"]), (1, ["Agilité"])]
    assert scale_modifier(elf, "Force") == -1 and scale_modifier(elf, "Combat") == 0 and scale_modifier(elf, "agilite") == 1  # V-SC-3
    antediluvian = [(1, ["Combat", "Agilité", "Esprit"])]
    assert [scale_modifier(antediluvian, d) for d in ("Combat", "Agilité", "Esprit")] == [1, 1, 1]  # V-SC-4
    ogre, human = [(1, ["Taille", "Combat"])], [(0, ["Taille", "Combat"])]
    assert 5 + scale_modifier(ogre, "Taille", human) == 6 and 4 + scale_modifier(ogre, "Taille", human) == 5  # V-SC-5
    assert scale_modifier(ogre, "Taille", ogre) == 0 and scale_modifier(human, "Taille", ogre) == 0


def test_V_A_2_counter_chain_Utilisation_creative_des_Atouts_L749_L757() -> None:
    # A spends 1 for +1, B counters, A spends again: the bonus is restored (L739), declared with the
    # Test it changes (issue 17: a bare counter cancelled nothing). Combat 5 + 0 dice + 1 = 6.
    world = table(0, 0, 0, 0, sheets=[A, B])
    assert countered_bonus(1, 1) == 0 and countered_bonus(2, 1) == 1
    result = roll_test(world, "A", TestRequest("Combat", 6, atout=2, countered_by=("B",)))
    assert result.final == 6 and result.success
    assert world.character("A").condition["atouts"]["reserve"] == 11 - 6 - 2  # A spent 2
    assert world.character("B").condition["atouts"]["reserve"] == 11 - 4 - 1  # B spent 1
    with pytest.raises(RuleViolation, match="declare it with the Test"):
        spend_atout(world, "B", "counter")


DRIVER = {"name": "D", "status": "hero", "ranks": {"Pilotage": 5}}
RUNNER = {"name": "R", "status": "hero", "ranks": {"Pilotage": 4}}


def test_a_chase_adds_vitesse_and_terrain_and_its_revers_are_position_Chases_L427_A21() -> None:
    # D on a motorbike (Vitesse +3) in the alleys (+1 speed card): 5 + 3 + 1 = 9 cards; R drives
    # a sedan with "Conduite", Pilotage by A21: 4 + 1 = 5 cards.
    world = table(sheets=[DRIVER, RUNNER], stacks=[["2C", "4C", "6C", "3C", "5C", "7C", "9C", "AC", "3H", "3D", "5D", "7D", "9D", "AD"]])
    start_sequence(world, ["D", "R"], goal="catch the courier")
    chase = [
        Side("D", "Pilotage", manoeuvre="chase", vehicle="motorbike", modifiers={"terrain": 1}),
        Side("R", "Conduite", manoeuvre="chase", vehicle="sedan"),
    ]
    result = draw(world, chase)
    assert result.sides["D"]["pool"] == 9 and result.sides["D"]["modifiers"] == {"terrain": 1, "vehicle": 3}
    assert result.sides["R"]["characteristic"] == "Pilotage" and result.sides["R"]["pool"] == 5
    # L427: a Décisif catches the quarry and ends the Sequence; position Revers are not wounds (T17g).
    assert result.sides["D"]["inflicted"] == {"R": 3} and result.ended and result.winner == "D"
    assert world.character("R").condition["setbacks"] == [] and not world.character("R").condition["critical"]
    # The log says so: the chase's Revers read as ground, never as a wound (ruling M69).
    (drawn,) = [e for e in world.character("D").pending_events if isinstance(e, ev.ConflictCardsDrawn)]
    assert ruleset("microfudge").describe(drawn).endswith(" — a Revers décisif on R (ground gained or lost in the chase, not wounds)")


def test_ramming_adds_robustesse_and_damages_the_vehicle_by_size_Ramming_L429_Categories_L538_L552() -> None:
    # D's sedan (Robustesse +1): 6 cards, 2 successes; R's truck (+5): 9 cards, 4 successes.
    stack = ["2C", "4C", "3C", "5C", "7C", "9C", "2D", "4D", "6D", "8D", "3D", "5D", "7D", "9D", "AD"]
    world = table(sheets=[DRIVER, RUNNER], stacks=[stack])
    start_sequence(world, ["D", "R"], goal="run them off the bridge")
    rams = [Side("D", "Pilotage", manoeuvre="ram", vehicle="sedan"), Side("R", "Pilotage", manoeuvre="ram", vehicle="truck", size="medium")]
    result = draw(world, rams)
    assert result.sides["D"]["pool"] == 6 and result.sides["R"]["pool"] == 9
    # Small against medium: 2 successes a Revers (V-E-2); medium against small: 1:1, cap 3 → a wreck.
    assert result.sides["D"]["inflicted"] == {"R": 1} and result.sides["R"]["inflicted"] == {"D": 3} and result.ended
    (wreck,) = world.character("D").condition["setbacks"]
    (drawn,) = [e for e in world.character("D").pending_events if isinstance(e, ev.ConflictCardsDrawn)]
    # M69, M105: each Revers reads as the vehicle it damaged, the one the target drove.
    assert ruleset("microfudge").describe(drawn).endswith(" — a Revers on R's truck and a Revers décisif on their vehicle from R's ram")
    assert (wreck["domain"], wreck["severity"], wreck["healing"], wreck["next_tick"]) == ("vehicle", 3, "none", None)
    assert wreck["vehicle"] == "sedan"
    # The damage weighs on driving, never on the body; no critical state for a car (§4.3).
    d = world.character("D")
    assert not d.condition["critical"] and penalty(d.condition["setbacks"], "physical") == 0
    start_sequence(world, ["D", "R"], goal="again")
    with pytest.raises(RuleViolation, match="rams with a vehicle"):
        draw(world, [Side("D", "Pilotage", manoeuvre="ram"), Side("R", "Pilotage")])
    with pytest.raises(RuleViolation, match="chase only"):
        draw(world, [Side("D", "Pilotage", manoeuvre="ram", vehicle="sedan", modifiers={"terrain": 1}), Side("R", "Pilotage")])


def test_vehicle_robustesse_shields_its_occupants_option_Ramming_L431() -> None:
    stack = ["2C", "4C", "6C", "3C", "5C", "2D", "4D", "3D", "5D", "2H", "4H", "3H"]
    world = table(sheets=[A, B], settings={"vehicle_armour": True}, stacks=[stack])
    start_sequence(world, ["A", "B"])
    result = draw(world, [Side("A", "Tir"), Side("B", "Combat", vehicle="4x4")])
    # B sits in a 4×4 (Robustesse +3): three extra defence cards, two successes cancel A's three → 1.
    assert result.sides["B"]["defence"]["extra"] == {"robustesse": 3} and result.sides["A"]["inflicted"] == {"B": 1}


def test_a_participant_named_twice_is_refused_and_nothing_is_recorded_Sequences_L297_L305() -> None:
    # L297-L305: each participant declares once a draw; named twice (once alone, once in a team),
    # the Sequence opened and its first draw could never be declared ("each declares once").
    world = table(sheets=[A, B])
    before = len(world.pending())
    with pytest.raises(RuleViolation, match="A is named twice"):
        start_sequence(world, ["A", "B", "A"], teams={"A": "heroes"})
    assert len(world.pending()) == before


def test_a_draw_s_log_entry_names_one_revers_of_its_severity_Resolution_des_Conflits_hasardeux_L307_L313() -> None:
    # The draw of test V-HC-1: A's 3 net successes are one Revers décisif on B, B's 1 a Revers on
    # A; the log said "3 Revers on B", three Revers where the rules give one.
    from chronique.domain.rulesets.microfudge.describe import describe

    world = _duel(["2C", "4C", "6C", "3C", "8C", "5C", "10C", "2D", "7C", "9C"])
    draw(world, [Side("A", "Combat", defence=2, modifiers={"weapon": 1}, healing="weekly"), Side("B", "Combat")])
    words = {e.originator_id: describe(e) for e in world.pending() if isinstance(e, ev.ConflictCardsDrawn)}
    a, b = world.character("A").id, world.character("B").id
    # In a fight a physical Revers is named by its wound, as the sheet names it (L343, ruling M70).
    assert words[a].endswith("— a Blessure grave ou mortelle on B and a Blessure from B")
    assert words[b].endswith("— a Blessure on A and a Blessure grave ou mortelle from A")


def test_a_draw_short_of_a_participant_names_who_has_not_declared_Sequences_L297_L305() -> None:
    # L297-L305: every participant declares once a draw. A draw that left one out was refused as
    # "Sequence 1 is between A, B, C: each declares once", leaving the GM to find whom.
    c = {"name": "C", "status": "hero", "ranks": {"Combat": 3}}
    world = table(sheets=[A, B, c])
    start_sequence(world, ["A", "B", "C"])
    before = len(world.pending())
    with pytest.raises(RuleViolation) as refused:
        draw(world, [Side("A", "Combat"), Side("B", "Combat")])
    assert str(refused.value) == "Sequence 1 is between A, B and C: C has not declared"
    with pytest.raises(RuleViolation) as refused:
        draw(world, [Side("A", "Combat"), Side("B", "Combat"), Side("B", "Combat")])
    assert str(refused.value) == "Sequence 1 is between A, B and C: C has not declared; B declared twice"
    # Everyone there, B twice: it was refused for something else ("A faces 2 opponents").
    with pytest.raises(RuleViolation, match=r"^Sequence 1 is between A, B and C: B declared twice$"):
        draw(world, [Side("A", "Combat"), Side("B", "Combat"), Side("B", "Combat", defence=1), Side("C", "Combat")])
    assert len(world.pending()) == before
