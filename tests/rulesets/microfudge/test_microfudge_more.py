"""The rest of issue 5: care- and rest-paced recovery (T2c), covering fire, Atouts spent inside a
roll or draw, NPCs out of the fight after 1-2 Revers, boosts applied to draws, vehicle eras,
telekinesis and masked intrusions (digest §9 V-A-1, V-P-5..7), on aggregates with scripted chance."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from microfudge_table import table

from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, HOUR, WEEK
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.conflict import Side, abridge, conflict_deck, draw, start_sequence
from chronique.domain.rulesets.microfudge.play import TestRequest, first_aid, pace_recovery, roll_test, suffer
from chronique.domain.rulesets.microfudge.powers import Telekinesis, potentiel, use_power
from chronique.domain.rulesets.microfudge.rules import (
    difficulty_name,
    label,
    natural_armour,
    outruns,
    pace_percent,
    recovery_period,
    robustesse_factor,
    telekinesis_cards,
    telekinesis_required,
)
from chronique.domain.timeline import advance
from chronique.domain.world import World

A = {"name": "A", "status": "hero", "ranks": {"Combat": 5, "Tir": 5}}
B = {"name": "B", "status": "hero", "ranks": {"Combat": 4}}
C = {"name": "C", "status": "hero", "ranks": {"Combat": 3}}
ODD = ["AC", "3C", "5C", "7C", "9C", "AD", "3D", "5D", "7D", "9D", "AH", "3H", "5H", "7H", "9H", "AS", "3S", "5S", "7S", "9S"]
PASS = (1, 1, 1, 1)
FLAT = (0, 0, 0, 0)


def _advance(world: World, seconds: int) -> list[Any]:
    return advance(world.campaign, ruleset("microfudge").processes(world), world.campaign.clock + seconds)


def _events(world: World, name: str, kind: type) -> list[Any]:
    return [e for e in world.character(name).pending_events if isinstance(e, kind)]


# T2c — care and rest («3 – Effets des Revers» L341)


def test_care_and_rest_pace_percentages_T2c_Effets_des_Revers_L341_PROPOSAL() -> None:
    assert pace_percent("average", "rested") == 100
    assert pace_percent("superior", "rested") == 50 and pace_percent("good", "rested") == 75
    assert pace_percent("inferior", "unrested") == 187 and pace_percent("none", "rested") == 125
    assert recovery_period("weekly", 2, percent=50) == WEEK // 2
    assert recovery_period("weekly", 3, graduated=True, percent=75) == 21 * DAY
    with pytest.raises(RuleViolation, match="no care pace “loving”"):
        pace_percent("loving", "rested")


CARE = ["none", "inferior", "average", "good", "superior"]


@given(st.sampled_from(["daily", "weekly"]), st.integers(1, 3), st.booleans(), st.integers(0, 3), st.sampled_from(["rested", "unrested"]))
def test_better_care_and_rest_never_lengthen_recovery_T2c_L341(healing: str, severity: int, graduated: bool, care: int, rest: str) -> None:
    def period(c: str, r: str) -> int:
        return recovery_period(healing, severity, graduated, percent=pace_percent(c, r))

    assert period(CARE[care + 1], rest) <= period(CARE[care], rest)
    assert period(CARE[care], "rested") <= period(CARE[care], "unrested")


@given(st.integers(1, 1_000_000), st.integers(1, 6), st.integers(1, 1_000_000), st.integers(1, 6))
def test_telekinesis_needs_more_for_heavier_and_longer_Telekinesie_L600_L605(g1: int, s1: int, g2: int, s2: int) -> None:
    light, heavy = sorted((g1, g2))
    short, long_ = sorted((s1, s2))
    assert 2 <= telekinesis_required(light, short) <= telekinesis_required(heavy, long_) <= 7


def test_superior_care_halves_the_weeks_counting_the_time_elapsed_T2c_Effets_des_Revers_L341() -> None:
    world = table(session=False)
    start = world.campaign.clock
    suffer(world, "Harvey", 2, "physical", "weekly", "a knife")
    _advance(world, 2 * DAY)
    (paced,) = pace_recovery(world, "Harvey", "superior", "rested", 1)
    # The current week began at the wound: it now lasts 3½ days from then, and so does the next.
    assert paced["next_tick"] == start + WEEK // 2 and paced["pace"]["percent"] == 50
    ticks = _advance(world, 5 * DAY)
    assert [t.due.at - start for t in ticks] == [WEEK // 2, WEEK]
    assert world.character("Harvey").condition["setbacks"] == []


def test_no_rest_lengthens_and_an_overdue_period_ends_now_T2c_Effets_des_Revers_L341() -> None:
    world = table(session=False)
    start = world.campaign.clock
    suffer(world, "Harvey", 2, "physical", "daily", "a club")
    pace_recovery(world, "Harvey", "inferior", "unrested")
    assert world.character("Harvey").condition["setbacks"][0]["next_tick"] == start + DAY * 187 // 100
    world = table(session=False)
    suffer(world, "Harvey", 2, "physical", "daily", "a club")
    _advance(world, 20 * HOUR)
    (paced,) = pace_recovery(world, "Harvey", "superior", "rested")  # a 12-hour period, already over
    assert paced["next_tick"] == world.campaign.clock
    ticks = _advance(world, 12 * HOUR)
    assert [t.due.at - start for t in ticks] == [20 * HOUR, 32 * HOUR]


def test_a_paced_critical_wound_keeps_its_pace_once_stabilized_T2c_L341_Premiers_soins_L359() -> None:
    world = table(1, 1, 0, 0, settings={"first_aid_mode": "stabilize"})
    suffer(world, "Harvey", 3, "physical", "weekly", "a rifle")
    (paced,) = pace_recovery(world, "Harvey", "good", "rested", 1)
    assert paced["next_tick"] is None  # §4.3: no clock until stabilized
    assert first_aid(world, "Harvey", "Jim", 1, quality=2)
    assert world.character("Harvey").condition["setbacks"][0]["next_tick"] == world.campaign.clock + WEEK * 3 // 4


def test_pace_refuses_vehicle_damage_and_a_character_without_revers_A24() -> None:
    world = table()
    with pytest.raises(RuleViolation, match="no Revers"):
        pace_recovery(world, "Harvey", "good", "rested")
    suffer(world, "Harvey", 1, "vehicle", "none", "rammed")
    with pytest.raises(RuleViolation, match="vehicle damage"):
        pace_recovery(world, "Harvey", "good", "rested", 1)


def test_first_aid_shorten_mode_halves_the_current_period_Premiers_soins_L359_PROPOSAL_A9() -> None:
    world = table(1, 0, 0, 0, settings={"first_aid_mode": "shorten"})
    start = world.campaign.clock
    suffer(world, "Harvey", 2, "physical", "weekly", "a knife")
    world.campaign.clock += 2 * DAY
    assert first_aid(world, "Harvey", "Jim", 1)  # Médecine 4 + 1 vs Difficile 5
    (wound,) = world.character("Harvey").condition["setbacks"]
    assert wound["severity"] == 2 and wound["next_tick"] == start + 2 * DAY + 5 * DAY // 2


# Covering fire («Séquences collectives» L411-L413)


def _covering(suppress: bool) -> World:
    # A (Tir 5): 1 attack card 3C, 4 defence 2C 4C 6C 5C (3 successes); C (Combat 3): 3D 5D 7D;
    # B (Combat 4) shoots C: 2D 4D 6D 9D (3 successes).
    world = table(sheets=[A, B, C], stacks=[["3C", "2C", "4C", "6C", "5C", "3D", "5D", "7D", "2D", "4D", "6D", "9D"]])
    start_sequence(world, ["A", "B", "C"], teams={"A": "crew", "C": "crew"}, collective=True, goal="cross the hangar")
    sides = [Side("A", "Tir", attack={"B": 1}, defence=4, suppress=suppress), Side("C", "Combat"), Side("B", "Combat", attack={"C": 4})]
    draw(world, sides)
    return world


def test_suppressive_fire_cancels_revers_aimed_at_a_teammate_Sequences_collectives_L411_L413() -> None:
    assert world_revers(_covering(False), "C") == [3]  # without covering fire: a Décisif on C
    world = _covering(True)
    assert world_revers(world, "C") == []
    (drawn,) = _events(world, "A", ev.ConflictCardsDrawn)
    assert drawn.defence["covered"] == {"C": 3} and drawn.defence["successes"] == 3


def test_suppressive_fire_needs_a_teammate_Sequences_collectives_L413() -> None:
    world = table(sheets=[A, B])
    start_sequence(world, ["A", "B"])
    with pytest.raises(RuleViolation, match="no teammate"):
        draw(world, [Side("A", "Tir", defence=5, suppress=True), Side("B", "Combat")])


def world_revers(world: World, name: str) -> list[int]:
    """The severities of a character's open Revers."""
    return [s["severity"] for s in world.character(name).condition["setbacks"]]


# Atouts spent inside a draw or a Test («4 – Utilisation créative des Atouts» L733-L769)


def test_V_A_1_own_bonus_and_a_helper_inside_a_draw_Utilisation_creative_des_Atouts_L755_L765() -> None:
    world = table(sheets=[A, B, C], stacks=[["2C", "3C", "5C", "7C", "9C", "AC", "3H", "3D", "5D", "7D", "9D"]])
    start_sequence(world, ["A", "B"])
    result = draw(world, [Side("A", "Combat", atout=True, helpers=("C",)), Side("B", "Combat")])
    # Combat 5 + own Atout + C's help = 7 cards: the friend's +1 stacks with the own +1 (V-A-1).
    assert result.sides["A"]["pool"] == 7 and result.sides["A"]["modifiers"] == {"atout": 1, "help": 1}
    assert world.character("A").condition["atouts"]["reserve"] == 11 - 6 - 1
    assert world.character("C").condition["atouts"]["reserve"] == 11 - 1 - 2
    (own,) = _events(world, "A", ev.AtoutPlayed)
    (helped,) = _events(world, "C", ev.AtoutPlayed)
    assert (own.use, own.cost, own.roll, own.effect) == ("temporary-bonus", 1, "Sequence 1 draw 1", {"cards": 1})
    assert (helped.use, helped.cost, helped.beneficiary, helped.effect) == ("help", 2, "A", {"cards": 1})


def test_V_A_1_one_help_per_helper_never_oneself_nor_an_opponent_Utilisation_creative_L763() -> None:
    world = table(sheets=[A, B, C])
    start_sequence(world, ["A", "B"])
    for helpers, message in ((("C", "C"), "only once"), (("A",), "cannot help themselves"), (("B",), "cannot help an opponent")):
        with pytest.raises(RuleViolation, match=message):
            draw(world, [Side("A", "Combat", helpers=helpers), Side("B", "Combat")])
    poor = {"name": "Poor", "atouts": 2, "ranks": {"Tir": 3}}
    world = table(sheets=[A, B, poor])
    start_sequence(world, ["A", "B"])
    with pytest.raises(RuleViolation, match="help costs 2"):
        draw(world, [Side("A", "Combat", helpers=("Poor",)), Side("B", "Combat")])
    assert conflict_deck(world).pending_events[-1].__class__.__name__ == "Gathered"  # nothing drawn


def test_change_one_card_turns_a_failure_into_a_success_only_when_one_failed_Utilisation_creative_L743() -> None:
    world = table(
        sheets=[A, B], stacks=[["3C", "5C", "2C", "7C", "9C", "3D", "5D", "7D", "9D"], ["2C", "4C", "6C", "8C", "10C", "3D", "5D"]]
    )
    start_sequence(world, ["A", "B"])
    first = draw(world, [Side("A", "Combat", change="attack"), Side("B", "Combat")])
    # One success (2C) plus the changed 3C: a Revers sérieux instead of a Revers.
    assert first.sides["A"]["attack"]["B"] == {"cards": ["3C", "5C", "2C", "7C", "9C"], "successes": 2, "changed": "3C"}
    assert first.sides["A"]["inflicted"] == {"B": 2} and world.character("A").condition["atouts"]["reserve"] == 4
    (played,) = _events(world, "A", ev.AtoutPlayed)
    assert played.use == "change-one-card" and played.effect == {"card": "3C", "from": "failure", "to": "success", "where": "attack"}
    abridge(world, "A")
    start_sequence(world, ["A", "B"])
    second = draw(world, [Side("A", "Combat", change="attack"), Side("B", "Combat")])
    assert second.sides["A"]["changed"] is None and world.character("A").condition["atouts"]["reserve"] == 4  # not paid


def test_help_and_a_changed_die_inside_a_Test_Utilisation_creative_L743_L761() -> None:
    world = table(-1, 0, 0, 0)
    # Harvey's Tir 4 − 1 + Jim's help 1 = 4 < Difficile 5; the − die turned to + gives 6.
    result = roll_test(world, "Harvey", TestRequest("Tir", 5, helpers=("Jim",), change_die=True))
    assert result.success and result.final == 6
    (rolled,) = _events(world, "Harvey", ev.TestRolled)
    assert rolled.dice == [-1, 0, 0, 0] and rolled.modifiers == {"help": 1, "change-die": 2}
    (changed,) = _events(world, "Harvey", ev.AtoutPlayed)
    assert changed.effect == {"die": 0, "from": -1, "to": 1, "ranks": 2} and changed.roll == "Tir Test"
    assert world.character("Harvey").condition["atouts"]["reserve"] == 11 - 9 - 1
    assert world.character("Jim").condition["atouts"]["reserve"] == 11 - 4 - 2
    world = table(*PASS)
    assert roll_test(world, "Harvey", TestRequest("Tir", 5, change_die=True)).success
    assert _events(world, "Harvey", ev.AtoutPlayed) == [] and world.character("Harvey").condition["atouts"]["reserve"] == 2


# NPCs out of the fight («1 – Création des PNJs» L453)

GOON = {"name": "Goon", "npc": True, "status": "average", "out_after": 1, "ranks": {"Combat": 4}}


def test_an_npc_is_out_of_the_fight_after_one_revers_Creation_des_PNJs_L453() -> None:
    world = table(sheets=[A, GOON], stacks=[["2C", "3C", "5C", "7C", "9C", "3D", "5D", "7D", "9D"]])
    start_sequence(world, ["A", "Goon"])
    result = draw(world, [Side("A", "Combat"), Side("Goon", "Combat")])
    assert result.sides["A"]["inflicted"] == {"Goon": 1} and result.ended and result.winner == "A"
    assert result.sides["Goon"]["outcome"] == "decisive" and not world.character("Goon").condition["critical"]
    with pytest.raises(RuleViolation, match="out of the fight"):
        start_sequence(world, ["A", "Goon"])
    _advance(world, DAY)  # the Blessure heals (L339): back in the fight
    start_sequence(world, ["A", "Goon"])


def test_a_two_revers_npc_shrugs_off_a_revers_and_players_keep_the_decisif_L453() -> None:
    tough = dict(GOON, out_after=2)
    world = table(sheets=[A, tough], stacks=[["2C", "3C", "5C", "7C", "9C", "3D", "5D", "7D", "9D"]])
    start_sequence(world, ["A", "Goon"])
    assert not draw(world, [Side("A", "Combat"), Side("Goon", "Combat")]).ended
    assert ruleset("microfudge").new_character(GOON)[0]["out_after"] == 1
    with pytest.raises(RuleViolation, match="only an NPC"):
        ruleset("microfudge").new_character(dict(A, out_after=1))
    with pytest.raises(RuleViolation, match="1 to 3"):
        ruleset("microfudge").new_character(dict(GOON, out_after=4))


# Boosts (T12, «Conscience» L639-L645) and V-P-5


PSY = {"name": "Psy", "status": "angry-mother", "ranks": {"Conscience": 6, "Présence": 5, "Vigueur": 4}}


def test_V_P_5_endurance_accrue_adds_presence_for_conscience_value_draws_Conscience_L639_L641() -> None:
    assert natural_armour(5) == 3 and natural_armour(4) == 2 and label(4 + 5) == "Légendaire"
    world = table(*PASS, *(FLAT * 6), sheets=[PSY, B], stacks=[ODD[: 9 + 4]])  # the draw below: Psy 9 cards, B 4
    outcome = use_power(world, "Psy", "endurance-accrue", mode="aptitude")
    assert outcome.success and outcome.process is not None and outcome.process["limit"] == 6
    start_sequence(world, ["Psy", "B"])
    first = draw(world, [Side("Psy", "Vigueur"), Side("B", "Combat")])
    assert first.sides["Psy"]["pool"] == 9 and first.sides["Psy"]["modifiers"] == {"boost": 5}
    finals = [roll_test(world, "Psy", TestRequest("Vigueur", 5)).final for _ in range(6)]
    assert finals == [9, 9, 9, 9, 9, 4]  # draws 2-6 boosted, the seventh no longer (L639)
    psy = world.character("Psy")
    assert ev.powers_of(psy)["processes"] == [] and ev.powers_of(psy)["spent"] == {"Conscience": 1}
    assert potentiel(psy, "Conscience") == 5


def test_V_P_5_natural_armour_and_a_feat_Endurance_accrue_L641() -> None:
    world = table(*PASS, *PASS, *FLAT, *FLAT, sheets=[PSY, B], stacks=[ODD[: 2 + 3 + 4]])  # Psy 2 + 3 armour cards, B 4
    use_power(world, "Psy", "endurance-accrue", mode="armour")
    start_sequence(world, ["Psy", "B"])
    result = draw(world, [Side("Psy", "Combat"), Side("B", "Combat")])
    assert result.sides["Psy"]["defence"]["extra"] == {"endurance": 3} and len(result.sides["Psy"]["defence"]["cards"]) == 3
    use_power(world, "Psy", "endurance-accrue", mode="feat")
    assert roll_test(world, "Psy", TestRequest("Combat", 5)).final == 2  # a feat waits for its aptitude
    assert roll_test(world, "Psy", TestRequest("Vigueur", 5)).final == 9
    assert [p["mode"] for p in ev.powers_of(world.character("Psy"))["processes"]] == ["armour"]
    with pytest.raises(RuleViolation, match="works as"):
        use_power(world, "Psy", "endurance-accrue", mode="fly")


# Telekinesis and masked intrusions: V-P-6, V-P-7


TK = {"name": "Tk", "status": "angry-mother", "ranks": {"Télékinésie": 5, "Esprit": 6, "Télépathie": 6}}


def test_V_P_6_telekinesis_required_rank_several_objects_and_esprit_in_combat_Telekinesie_L586_L607() -> None:
    assert telekinesis_required(5000, 2) == 5 and difficulty_name(5) == "difficile"
    assert telekinesis_required(5, 6) == 7 and telekinesis_cards(6) == 2 and telekinesis_cards(3) == -1
    with pytest.raises(RuleViolation, match="beyond Exceptionnel"):
        telekinesis_required(2_000_000, 1)
    world = table(*PASS, sheets=[TK, B], stacks=[ODD[: 7 + 4]])  # the draw below: Tk 7 cards, B 4
    outcome = use_power(world, "Tk", "telekinesie", telekinesis=Telekinesis(5000, 2, several=True))
    assert outcome.required == 6 and difficulty_name(outcome.required) == "tres-difficile"
    with pytest.raises(RuleViolation, match="needs Télékinésie Excellent"):
        use_power(world, "Tk", "telekinesie", telekinesis=Telekinesis(20000, 1))
    start_sequence(world, ["Tk", "B"])
    result = draw(world, [Side("Tk", "Télékinésie"), Side("B", "Combat")])
    assert result.sides["Tk"]["modifiers"] == {"esprit": 2} and result.sides["Tk"]["pool"] == 7


def test_V_P_7_a_masked_mental_control_needs_exceptionnel_Telepathie_L609_L617() -> None:
    world = table(sheets=[TK])  # refused before any die is rolled
    with pytest.raises(RuleViolation, match="needs Télépathie Exceptionnel"):
        use_power(world, "Tk", "controle-mental", masked=True)
    adept = dict(TK, name="Adept", ranks={"Télépathie": 7})
    world = table(*PASS, sheets=[adept])
    outcome = use_power(world, "Adept", "controle-mental", masked=True)
    assert outcome.required == 7 and difficulty_name(outcome.required) == "extreme" and outcome.success


# Vehicle eras («d - Véhicules» L528-L534)

DRIVER = {"name": "D", "status": "hero", "ranks": {"Pilotage": 5}}
RUNNER = {"name": "R", "status": "hero", "ranks": {"Pilotage": 4}}


def test_a_later_era_vehicle_outruns_without_a_draw_Vehicules_L528_L530() -> None:
    assert outruns("modern", "ancient") and outruns("future", "modern") and not outruns("modern", "modern")
    world = table(sheets=[DRIVER, RUNNER])
    start_sequence(world, ["D", "R"], goal="escape the stagecoach")
    chase = [
        Side("D", "Pilotage", manoeuvre="chase", vehicle="sedan"),
        Side("R", "Pilotage", manoeuvre="chase", vehicle="van", vehicle_era="ancient"),
    ]
    result = draw(world, chase)
    assert result.ended and result.winner == "D" and result.sides == {}
    (ended,) = _events(world, "R", ev.SequenceEnded)
    assert ended.how == "outrun" and not any(type(e).__name__ == "CardsDrawn" for e in conflict_deck(world).pending_events)


def test_a_later_era_weapon_ignores_robustesse_Vehicules_L532_L534() -> None:
    assert robustesse_factor("future", "modern") == 0 and robustesse_factor("modern", "modern") == 1
    stack = ["2C", "4C", "6C", "3C", "5C", "2D", "4D", "3D", "5D", "2H", "4H", "3H"]
    world = table(sheets=[A, B], settings={"vehicle_armour": True}, stacks=[stack])
    start_sequence(world, ["A", "B"])
    result = draw(world, [Side("A", "Tir", weapon_era="future"), Side("B", "Combat", vehicle="4x4")])
    # The 4×4's three Robustesse cards (two successes) do not stop a blaster: A's three hits stand.
    assert result.sides["B"]["defence"]["robustesse"] == 2 and result.sides["A"]["inflicted"] == {"B": 3}


# The sheet as `chronique sheet` shows it


def test_the_microfudge_sheet_shows_ladder_atouts_revers_and_potentiel_L93_L339_L564(capsys: pytest.CaptureFixture[str]) -> None:
    from chronique.cli.render import sheet

    world = table(*PASS, sheets=[PSY, GOON])
    suffer(world, "Psy", 2, "physical", "weekly", "a knife")
    pace_recovery(world, "Psy", "good", "rested")
    use_power(world, "Psy", "resistance-thermique")
    suffer(world, "Goon", 1, "physical", "daily", "a punch")
    sheet(world, world.character("Psy"), False)
    sheet(world, world.character("Goon"), False)
    out = capsys.readouterr().out
    lines, text = out.splitlines(), " ".join(out.split())
    assert lines[0] == "Psy — standing"
    assert "aptitudes: Esprit Faible (2), Habilité Faible (2), Présence Bon (5), Vigueur Moyen (4)" in text
    assert "domains: Télékinésie Abyssal (0), Télépathie Abyssal (0), Conscience Excellent (6)" in text
    assert "Atouts: 10 in reserve, 0 of experience" in text  # 21 − (6 + 3 + 2)
    # L341: a deep wound a week a card, paced by good care (T2c): 5¼ days from Day 1 08:00.
    assert "1 Blessure sérieuse (−2) Day 6 14:00 heals a step a week; each step takes 75% of its usual time" in text
    assert "Revers penalty: physical −2, social −2" in text and "Potentiel: Conscience 5/6" in text
    assert "Goon — out of the fight" in text
    assert "concept: none" in text and "goal: none" in text and "made by: NPC, out after a Revers of −1" in text
    sheet(world, world.character("Goon"), True)
    assert '"out_after": 1' in capsys.readouterr().out
