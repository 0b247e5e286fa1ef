"""The QA review of MicroFudge (review-mf): each defect pinned against the digest
(``shared/rules/microfudge-cecj.md``) and the seed (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn
its lines), on tables in memory with scripted dice and stacked cards."""

from __future__ import annotations

import pytest
from microfudge_table import table

from chronique.domain.errors import RuleViolation, SheetProblems
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.conflict import Side, draw, start_sequence
from chronique.domain.rulesets.microfudge.draws import MOST_INFLICTED, Declared, Lineup, played, resolve_draw
from chronique.domain.rulesets.microfudge.play import TestRequest, conflict, raise_characteristic, roll_test, suffer
from chronique.domain.rulesets.microfudge.powers import use_power
from chronique.domain.rulesets.microfudge.rules import parse_difficulty, revers_domain
from chronique.domain.rulesets.microfudge.sheet import characteristic, parse_sheet
from chronique.domain.world import World

HARVEY = {"name": "Harvey", "status": "hero", "ranks": {"Combat": 3}}
ZARA = {"name": "Zara", "status": "expert", "ranks": {"Esprit": 5}}
GHOUL = {"name": "Ghoul1", "npc": True, "status": "average", "out_after": 1, "ranks": {"Combat": 3}}
LISA = {"name": "Lisa", "status": "hero", "ranks": {"Tir": 5, "Discrétion": 4}}


def events_of(world: World, name: str, kind: type) -> list:  # type: ignore[type-arg]
    """The events of ``kind`` recorded on ``name``'s chain so far."""
    return [e for e in world.character(name).pending_events if isinstance(e, kind)]


# -- 1, 2. A difficulty is a rung of the §1.3 ladder, sign and all («Degrés de difficulté» L255-L267) --


@pytest.mark.parametrize("written", ["-7", "-8", "-1", "9", "1000000", "+9"])
def test_a_difficulty_off_the_ladder_is_refused_with_its_sign_Degres_de_difficulte_L255_L267_L906_L917(written: str) -> None:
    with pytest.raises(RuleViolation, match=f"difficulty {written.replace('+', '[+]')} is off the ladder"):
        parse_difficulty(written)


def test_the_ladder_runs_from_abyssal_to_impossible_Difficultes_et_valeurs_L906_L917() -> None:
    assert [parse_difficulty(str(n)) for n in range(9)] == list(range(9))
    assert parse_difficulty("+8") == 8 and parse_difficulty("impossible") == 8 and parse_difficulty("abyssal") == 0


def test_a_Test_against_a_rank_off_the_ladder_records_nothing_L255_L267() -> None:
    world = table(sheets=[LISA])
    for required in (-8, 9):
        with pytest.raises(RuleViolation, match="off the ladder"):
            roll_test(world, "Lisa", TestRequest("Discrétion", required, hazardous=True))
    assert world.character("Lisa").pending_events[1:] == []  # only its creation


# -- 3. Three sides: the Décisif's scorer that inflicted more wins (§3.4 L313, §3.6 L321, M33) ----


def _three_sides(*cards: str):  # type: ignore[no-untyped-def]
    world = table(sheets=[HARVEY, ZARA, GHOUL], stacks=[list(cards)])
    start_sequence(world, ["Harvey", "Zara", "Ghoul1"], goal="drive the ghoul off")
    return world


def test_two_scorers_of_a_Decisif_the_one_that_inflicted_more_wins_L313_L321_L453() -> None:
    # Harvey: Combat 3 + massive (+3) = 6 cards on Ghoul1: 2 4 6 3 5 7, three successes (a Décisif).
    # Zara: Combat 2 + 4 = 6 cards on Ghoul1: 2 3 5 7 9 A, one success: a Revers, which takes out an
    # NPC with out_after = 1 (L453, ruling M33). Ghoul1: three defence cards 3 5 7, no success.
    world = _three_sides("2C", "4C", "6C", "3C", "5C", "7C", "2D", "3D", "5D", "7D", "9D", "AD", "3H", "5H", "7H")
    result = draw(
        world,
        [
            Side("Harvey", "Combat", attack={"Ghoul1": 6}, modifiers={"weapon": 3}),
            Side("Zara", "Combat", attack={"Ghoul1": 6}, modifiers={"mod": 4}),
            Side("Ghoul1", "Combat", attack={"Harvey": 0}, defence=3),
        ],
    )
    assert result.sides["Harvey"]["inflicted"] == {"Ghoul1": 3} and result.sides["Zara"]["inflicted"] == {"Ghoul1": 1}
    # L321: unless both inflicted as much, the side that inflicted more wins the draw; L313: the
    # Décisif ends the Sequence and its winner achieves its goal.
    assert result.ended and result.winner == "Harvey"
    assert [result.sides[n]["outcome"] for n in ("Harvey", "Zara", "Ghoul1")] == ["won", "lost", "decisive"]
    (ended,) = [e for e in world.character("Zara").pending_events if isinstance(e, ev.SequenceEnded)]
    assert (ended.winner, ended.how) == ("Harvey", "decisive")


def test_two_scorers_that_inflicted_as_much_tie_L321() -> None:
    # Both draw three successes on Ghoul1: a Décisif each, as many Revers: nobody wins the draw (L321).
    world = _three_sides("2C", "4C", "6C", "3C", "5C", "7C", "2D", "4D", "6D", "3D", "5D", "7D", "3H", "5H", "7H")
    sides = [
        Side("Harvey", "Combat", attack={"Ghoul1": 6}, modifiers={"weapon": 3}),
        Side("Zara", "Combat", attack={"Ghoul1": 6}, modifiers={"mod": 4}),
        Side("Ghoul1", "Combat", attack={"Harvey": 0}, defence=3),
    ]
    result = draw(world, sides)
    assert result.ended and result.winner is None


def test_a_scorer_taken_out_itself_loses_and_the_other_scorer_wins_L313_L315() -> None:
    # Harvey takes Ghoul1 out with a Décisif; Ghoul1 takes Zara out with one (Zara is not an NPC:
    # 3 successes); Zara inflicts nothing. Harvey alone scored a Décisif and took none: it wins.
    world = table(sheets=[HARVEY, ZARA, GHOUL], stacks=[["2C", "4C", "6C", "3D", "5D", "2H", "4H", "6H"]])
    start_sequence(world, ["Harvey", "Zara", "Ghoul1"])
    result = draw(
        world,
        [
            Side("Harvey", "Combat", attack={"Ghoul1": 3}),
            Side("Zara", "Combat", attack={"Ghoul1": 2}),
            Side("Ghoul1", "Combat", attack={"Zara": 3}),
        ],
    )
    assert result.sides["Ghoul1"]["inflicted"] == {"Zara": 3} and result.ended and result.winner == "Harvey"


def test_draws_recorded_before_the_rule_keep_their_own_rule_for_the_verifier_L313_L321() -> None:
    # The verifier re-derives each draw from its recorded declaration (``Declared.from_dict``): a
    # declaration recorded before ruling M42 names no rule and is judged as it was recorded then.
    lineup = Lineup(("H", "Z", "G"), {"H": "H", "Z": "Z", "G": "G"}, False)
    cards = {
        "H": played([("G", ["2C", "4C", "6C"])], [], {}, [], "modern", ""),
        "Z": played([("G", ["2D", "3D"])], [], {}, [], "modern", ""),
        "G": played([], ["3H"], {}, [], "modern", ""),
    }
    old = {"targets": [], "manoeuvre": "fight", "weapon_era": "modern", "vehicle_era": "modern", "size": "small"}
    old |= {"upper_hand": False, "out_of_range": False, "suppress": False, "change": ""}
    recorded_then = {n: Declared.from_dict({**old, "targets": list(cards[n].attack)}) for n in cards}
    now = {n: Declared.from_dict({**d.to_dict()}) for n, d in recorded_then.items()}
    now = {n: Declared.from_dict({**d.to_dict(), "winner_rule": MOST_INFLICTED}) for n, d in now.items()}
    banked, out = {n: 0 for n in cards}, {"H": 3, "Z": 3, "G": 1}
    assert resolve_draw(list(cards), lineup, cards, recorded_then, banked, out).winner is None
    assert resolve_draw(list(cards), lineup, cards, now, banked, out).winner == "H"


# -- 9. A name a letter away from one on the sheet is a typo, not an unlisted field (L219, M9) ----


def test_a_typo_of_a_characteristic_is_refused_and_a_far_name_stays_Faible_L219_M9() -> None:
    world = table(sheets=[LISA])
    sheet = world.character("Lisa").sheet
    with pytest.raises(RuleViolation, match=r"did you mean Tir\?"):
        characteristic(sheet, "Tri")
    with pytest.raises(RuleViolation, match=r"did you mean Discrétion\?"):
        roll_test(world, "Lisa", TestRequest("Discretoin", 3))
    assert characteristic(sheet, "tir") == ("Tir", 5, "field")  # case and accents are no typo
    assert characteristic(sheet, "Psychologie") == ("Psychologie", 2, "field")  # M9: unlisted is Faible
    assert characteristic(sheet, "Conduite") == ("Pilotage", 2, "field")  # A21's alias, not a typo


# -- The playtest of MicroFudge (playtest-mf): each defect pinned against the seed ----------------

ACE = {"name": "Ace", "status": "hero", "ranks": {"Pilotage": 6}}
MINUS_ONE = (-1, -1, -1, -1)


def test_a_revers_domain_is_matched_without_case_and_an_unknown_one_is_refused_Effets_des_Revers_L335_L345() -> None:
    world = table(0, 0, 0, 0, sheets=[HARVEY])
    suffer(world, "Harvey", 2, "Physical", "daily", "a club")  # stored as the kind it names
    assert world.character("Harvey").condition["setbacks"][0]["domain"] == "physical"
    assert revers_domain("PHYSIQUE") == "physical" and revers_domain(" Sociale ") == "social"
    # L345: the highest applicable Revers weighs on the Test, however its kind is written.
    rolled = roll_test(world, "Harvey", TestRequest("Combat", 2, domain="Physical"))
    assert rolled.final == 1 and events_of(world, "Harvey", ev.TestRolled)[0].penalty == 2
    before = list(world.character("Harvey").pending_events)
    for refused in (
        lambda: suffer(world, "Harvey", 1, "phisical", "daily", "a slap"),
        lambda: roll_test(world, "Harvey", TestRequest("Combat", 2, domain="phisical")),
        lambda: roll_test(world, "Harvey", TestRequest("Combat", 2, domain="phisical", hazardous=True)),
    ):
        with pytest.raises(RuleViolation, match="physical, social or vehicle, not “phisical”"):
            refused()
    assert world.character("Harvey").pending_events == before  # nothing recorded, no die rolled


def test_a_draw_refuses_an_unknown_domain_before_any_card_Effets_des_Revers_L335_L345() -> None:
    world = table(sheets=[HARVEY, GHOUL])
    start_sequence(world, ["Harvey", "Ghoul1"])
    with pytest.raises(RuleViolation, match="not “phisical”"):
        draw(world, [Side("Harvey", "Combat", {"Ghoul1": 3}, domain="phisical"), Side("Ghoul1", "Combat", {"Harvey": 3})])
    assert not any(type(e).__name__ == "CardsDrawn" for e in world.decks["conflict"].pending_events)


@pytest.mark.parametrize("name", ["", "   ", "\t"])
def test_a_blank_characteristic_is_refused_at_the_table_and_on_the_sheet_L133_L219(name: str) -> None:
    world = table(sheets=[LISA])
    with pytest.raises(RuleViolation, match="a characteristic needs a name"):
        roll_test(world, "Lisa", TestRequest(name, 3))
    with pytest.raises(RuleViolation, match="a characteristic needs a name"):
        raise_characteristic(world, "Lisa", name, "practice")
    assert world.character("Lisa").pending_events[1:] == []
    with pytest.raises(SheetProblems, match="a characteristic needs a name"):
        parse_sheet({"name": "X", "status": "hero", "ranks": {name: 3}})


def test_any_other_name_is_a_characteristic_of_its_own_at_Faible_L151_L167_L219() -> None:
    # L151, L167: players may rate what they please; L219: one not on the sheet is Faible.
    world = table(0, 0, 0, 0, sheets=[LISA])
    roll_test(world, "Lisa", TestRequest("Combat;DROP", 2))
    (rolled,) = events_of(world, "Lisa", ev.TestRolled)
    assert (rolled.characteristic, rolled.rank) == ("Combat;DROP", 2)


@pytest.mark.parametrize("required", [0, 1])
def test_a_trivial_task_needs_no_Test_and_rolls_nothing_Degres_de_difficulte_L267(required: int) -> None:
    world = table(sheets=[LISA])  # no die scripted: a roll would fail the table
    for hazardous in (False, True):
        with pytest.raises(RuleViolation, match=r"needs no Test: it simply succeeds \(L267\)"):
            roll_test(world, "Lisa", TestRequest("Tir", required, hazardous=hazardous))
    assert world.character("Lisa").pending_events[1:] == []
    assert parse_difficulty("na") == 1 and parse_difficulty("0") == 0  # still read, then refused for a Test


def test_a_tied_simple_conflict_is_won_by_nobody_in_the_log_Tests_L253() -> None:
    world = table(0, 0, 0, 0, 0, 0, 0, 0, sheets=[HARVEY, GHOUL])
    outcome = conflict(world, "Harvey", "Combat", "Ghoul1", "Combat")
    (rolled,) = events_of(world, "Harvey", ev.SimpleConflictRolled)
    said = ruleset("microfudge").describe(rolled)
    assert outcome.winner == "tie" and said.endswith("; a tie: nobody wins") and "tie wins" not in said


def test_a_rerolled_Test_shows_the_voided_dice_in_the_log_Utilisation_creative_L743() -> None:
    world = table(-1, 0, -1, 0, 1, 1, 1, 1, sheets=[ZARA])
    roll_test(world, "Zara", TestRequest("Esprit", 6, reroll=True))
    (rolled,) = events_of(world, "Zara", ev.TestRolled)
    said = ruleset("microfudge").describe(rolled)
    assert said == "Test of Esprit Bon (5) against Très difficile (6): − 0 − 0 rerolled with an Atout: + + + + → Légendaire (9), success"


def test_a_final_below_abyssal_reads_with_the_minus_sign_of_every_penalty_L93_L103() -> None:
    world = table(*MINUS_ONE, sheets=[HARVEY])
    roll_test(world, "Harvey", TestRequest("Combat", 2))
    (rolled,) = events_of(world, "Harvey", ev.TestRolled)
    said = ruleset("microfudge").describe(rolled)
    assert "→ Abyssal (−1), failure" in said and "(-1)" not in said


def test_no_raise_goes_past_the_human_maximum_Caracteristiques_L219_ruling_M8() -> None:
    world = table(sheets=[ACE], session=False)
    assert raise_characteristic(world, "Ace", "Pilotage") == 7
    before = list(world.character("Ace").pending_events)
    with pytest.raises(
        RuleViolation, match=r"Pilotage is Exceptionnel \(7\): no raise takes it above Exceptionnel \(7\), the human maximum"
    ):
        raise_characteristic(world, "Ace", "Pilotage")
    assert world.character("Ace").pending_events == before and world.character("Ace").condition["atouts"]["reserve"] == 11 - 4 - 1


def test_a_power_beyond_the_domain_names_the_rank_and_the_power_by_the_seeds_names_L566_L627() -> None:
    world = table(sheets=[LISA, {"name": "Mina", "status": "hero", "ranks": {"Conscience": 3}}])
    with pytest.raises(RuleViolation, match=r"^Guérison accélérée needs Conscience Médiocre \(3\); Lisa has Abyssal \(0\) \(L566\)$"):
        use_power(world, "Lisa", "guerison-acceleree")
    with pytest.raises(RuleViolation, match=r"^Guérison accélérée needs the wound it heals \(`--setback`\)$"):
        use_power(world, "Mina", "guerison-acceleree")
    assert world.character("Mina").pending_events[1:] == []
