"""MicroFudge CECJ against its rulebook (issue 17): each scenario computed by hand from the seed
(``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines) with scripted dice and stacked cards,
then the verifier's re-derivation of what was recorded."""

from __future__ import annotations

from typing import Any

import pytest
from microfudge_table import JIM, table

from chronique.domain.chain import ChainedEvent
from chronique.domain.errors import RuleViolation
from chronique.domain.fairness import FORMAT, FORMAT_V1
from chronique.domain.gametime import DAY
from chronique.domain.rederivation import Table, check
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge import odds, verification
from chronique.domain.rulesets.microfudge.conflict import Side, conflict_deck, draw, start_sequence
from chronique.domain.rulesets.microfudge.play import Contender, TestRequest, conflict, roll_test, spend_atout, suffer, take_revers
from chronique.domain.rulesets.microfudge.powers import use_power
from chronique.domain.timeline import advance
from chronique.domain.world import World

PSY = {"name": "Psy", "status": "expert", "ranks": {"Conscience": 5, "Vigueur": 4}}
A = {"name": "A", "status": "hero", "ranks": {"Combat": 5}}
B = {"name": "B", "status": "hero", "ranks": {"Combat": 4}}


def events_of(world: World, name: str, kind: type[ChainedEvent]) -> list[Any]:
    """The events of ``kind`` recorded on ``name``'s chain so far."""
    return [e for e in world.character(name).pending_events if isinstance(e, kind)]


def rederived(event: ChainedEvent, topic: str) -> str | None:
    """What the verifier says of an event recorded in memory (None: it re-derives as recorded)."""
    payload = {**vars(event), "topic": f"chronique.domain.rulesets.microfudge.events:{topic}"}
    return check(verification.RULES.rederive[payload["topic"]], payload, Table())


# -- 1. Power Tests take the Revers penalty (L293, L337-L345) ------------------------------------


def test_a_power_Test_takes_the_wound_penalty_like_any_Test_L293_L341() -> None:
    # Conscience 5 with a −2 wound (a blow: physical, light) uses Résistance thermique, required
    # Faible (2). Dice − − 0 0: 5 − 2 (L293: a Revers lowers the rank used) − 2 = 1 < 2, a failure.
    world = table(-1, -1, 0, 0, sheets=[PSY])
    suffer(world, "Psy", 2, "physical", "daily", "a blow")
    outcome = use_power(world, "Psy", "resistance-thermique")
    assert (outcome.final, outcome.required, outcome.success, outcome.penalty) == (1, 2, False, 2)
    (used,) = events_of(world, "Psy", ev.PowerUsed)
    assert (used.rank, used.penalty, used.final, used.success) == (5, 2, 1, False)
    assert used.potentiel_after == 4  # A26: the attempt costs its point all the same
    assert rederived(used, "PowerUsed") is None


def test_Regeneration_is_held_back_by_the_deep_wound_it_heals_L341_L635() -> None:
    # A gunshot −2 (deep: it weighs on every action, even a social one, L341) and Régénération,
    # which needs Conscience 5 (L566) and is a Test against 5 (L635). Dice + 0 0 0: 5 − 2 + 1 = 4
    # < 5, a failure: no process starts and the wound keeps its weekly clock.
    world = table(1, 0, 0, 0, sheets=[PSY])
    wound = suffer(world, "Psy", 2, "physical", "weekly", "a rifle")
    outcome = use_power(world, "Psy", "regeneration", setback_id=wound["id"], action="social")
    assert (outcome.final, outcome.success, outcome.process) == (4, False, None)
    psy = world.character("Psy")
    assert psy.condition["setbacks"][0]["next_tick"] == world.campaign.clock + 7 * DAY
    (used,) = events_of(world, "Psy", ev.PowerUsed)
    assert used.penalty == 2 and rederived(used, "PowerUsed") is None


def test_the_verifier_re_derives_a_power_with_its_recorded_penalty_and_old_events_without_one() -> None:
    world = table(0, 0, 0, 0, sheets=[PSY])
    suffer(world, "Psy", 1, "physical", "daily", "a blow")
    use_power(world, "Psy", "resistance-thermique")
    (used,) = events_of(world, "Psy", ev.PowerUsed)
    assert (used.final, used.penalty) == (4, 1)
    forged = {**vars(used), "penalty": 0}  # the Revers dropped after the fact: 5 + 0 ≠ 4
    forged["topic"] = "chronique.domain.rulesets.microfudge.events:PowerUsed"
    assert (check(verification.RULES.rederive[forged["topic"]], forged, Table()) or "").startswith("field final:")
    stored: dict[str, Any] = {}
    ev.PowerUsed.upcast_stored(stored)  # recorded before version 3: it took no Revers
    assert stored["penalty"] == 0


# -- 2. Saving one's skin stabilizes the wound, which then heals (L127-L131, L341) ---------------


def _advance(world: World, seconds: int) -> None:
    advance(world.campaign, ruleset("microfudge").processes(world), world.campaign.clock + seconds)


def day(n: int) -> int:
    """Day ``n`` at 08:00, when the table opens on Day 1 (the in-game clock, in seconds)."""
    return 8 * 3600 + (n - 1) * DAY


def test_saving_ones_skin_starts_the_critical_wounds_clock_V_W_3_L127_L341() -> None:
    # A gunshot Décisif on Day 1 leaves Harvey critical (L343): no clock until stabilized. On Day 11
    # he spends an Atout to save his skin (L127): the wound stays −3 and heals a card a week from
    # then (L341): −2 on Day 18, −1 on Day 25, healed on Day 32 (V-W-3).
    world = table()
    suffer(world, "Harvey", 3, "physical", "weekly", "a rifle")
    harvey = world.character("Harvey")
    assert harvey.condition["critical"] and harvey.condition["setbacks"][0]["next_tick"] is None
    _advance(world, 10 * DAY)
    spend_atout(world, "Harvey", "save-your-skin", "rolls into the ditch")
    (wound,) = harvey.condition["setbacks"]
    assert not harvey.condition["critical"] and wound["stabilized"] and wound["severity"] == 3
    assert wound["next_tick"] == world.campaign.clock + 7 * DAY
    (stabilized,) = events_of(world, "Harvey", ev.SetbackStabilized)
    assert (stabilized.setback_id, stabilized.severity) == (1, 3)
    severities = []
    for n in (17, 18, 24, 25, 31, 32):
        _advance(world, day(n) - world.campaign.clock)
        severities.append([s["severity"] for s in harvey.condition["setbacks"]])
    assert severities == [[3], [2], [2], [1], [1], []]


def test_saving_ones_skin_without_a_critical_wound_stabilizes_nothing_L127() -> None:
    world = table()
    suffer(world, "Jim", 2, "physical", "weekly", "a knife")
    spend_atout(world, "Jim", "save-your-skin", "the floor gives way under the zombie")
    assert events_of(world, "Jim", ev.SetbackStabilized) == []


# -- 3. A card is dealt once in a draw: only played cards are reshuffled (L307, L803) ------------


def test_a_deck_run_out_mid_draw_reshuffles_only_the_played_cards_L307_L803() -> None:
    # One 40-card deck in fresh-pack order; A (Combat 5) and B (Combat 4) draw 9 cards a draw, all in
    # defence. After four draws 36 cards are played and 7♠ 8♠ 9♠ 10♠ are left: A takes them in the
    # fifth draw, then the deck is empty. Only the 36 played cards go back in (L803), the four in A's
    # hand stay on the table; the reshuffle puts 2♣ 4♣ 6♣ 8♣ 10♣ on top: A's fifth card, B's four.
    world = table(sheets=[A, B], stacks=[[], ["2C", "4C", "6C", "8C", "10C"]])
    start_sequence(world, ["A", "B"], goal="hold the door")
    for _ in range(4):
        draw(world, [Side("A", "Combat", defence=5), Side("B", "Combat", defence=4)])
    fifth = draw(world, [Side("A", "Combat", defence=5), Side("B", "Combat", defence=4)])
    assert fifth.sides["A"]["defence"]["cards"] == ["7S", "8S", "9S", "10S", "2C"]
    assert fifth.sides["B"]["defence"]["cards"] == ["4C", "6C", "8C", "10C"]
    shuffles = [e for e in conflict_deck(world).pending_events if isinstance(e, conflict_deck(world).Shuffled)]
    reshuffled = shuffles[-1].chance[0]["deck"]
    assert len(reshuffled) == 36 and not {"7S", "8S", "9S", "10S"} & set(reshuffled)
    for drawn in events_of(world, "B", ev.ConflictCardsDrawn):
        assert rederived_draw(world, drawn) is None


def rederived_draw(world: World, drawn: ev.ConflictCardsDrawn) -> str | None:
    """The verifier's word on one draw, both sides replayed from the deck's chain (L307-L317)."""
    table_ = Table()
    rules = verification.RULES
    for character in world.characters.values():
        table_.state[("name", str(character.id))] = character.name
        table_.state[("sheet", str(character.id))] = character.sheet
    verdict = None
    for name in ("A", "B"):
        started = events_of(world, name, ev.SequenceStarted)[0]
        start = {**vars(started), "topic": _topic("SequenceStarted"), "originator_id": str(world.character(name).id)}
        check(rules.rederive[start["topic"]], start, table_)
        (mine,) = [e for e in events_of(world, name, ev.ConflictCardsDrawn) if e.draw == drawn.draw]
        cards = [c for part in mine.attack.values() for c in part["cards"]] + mine.defence["cards"] + mine.armour["cards"]
        table_.hand_out(name, cards)
        payload = {**vars(mine), "topic": _topic("ConflictCardsDrawn"), "originator_id": str(world.character(name).id)}
        verdict = check(rules.rederive[payload["topic"]], payload, table_) or verdict
    return verdict


def _topic(name: str) -> str:
    return f"chronique.domain.rulesets.microfudge.events:{name}"


def test_the_verifier_refuses_a_card_dealt_twice_in_one_draw_L307_L803() -> None:
    world = table(sheets=[A, B], stacks=[["2C", "4C", "6C", "8C", "10C", "3C", "5C", "7C", "9C"]])
    start_sequence(world, ["A", "B"])
    draw(world, [Side("A", "Combat", defence=5), Side("B", "Combat", defence=4)])
    (honest,) = events_of(world, "B", ev.ConflictCardsDrawn)
    assert rederived_draw(world, honest) is None
    (a_drew,) = events_of(world, "A", ev.ConflictCardsDrawn)
    a_drew.defence["cards"][0] = "3C"  # as the old reshuffle could deal: B holds 3♣ too
    a_drew.defence["successes"] = 4
    assert "more often than the conflict deck holds them" in (rederived_draw(world, honest) or "")


# -- 4. A simple conflict takes gear, weapon, relatedness, Atout and Revers (L253, L293, L431, L737)


def test_a_simple_conflict_counts_every_modifier_of_both_sides_Tests_L253_Rappel_L431() -> None:
    # Harvey, Combat 4 with a heavy weapon (+2, L469-L483) and an Atout (+1, L737), a Blessure (−1,
    # L293); dice 0 0 0 0 → 6. Jim, Médecine 4 used for a related task (−1, L289) with a good kit
    # (+1, L459-L467); dice + 0 0 0 → 5. Harvey wins 6 against 5 (L253).
    world = table(0, 0, 0, 0, 1, 0, 0, 0)
    suffer(world, "Harvey", 1, "physical", "daily", "a punch")
    harvey = Contender("Combat", modifiers={"weapon": 2}, atout=True)
    jim = Contender("Médecine", relatedness="related", modifiers={"quality": 1})
    outcome = conflict(world, "Harvey", harvey, "Jim", jim, "who reaches the door")
    assert [s["final"] for s in outcome.sides] == [6, 5] and outcome.winner == "Harvey"
    assert outcome.sides[0]["modifiers"] == {"weapon": 2, "atout": 1} and outcome.sides[0]["penalty"] == 1
    assert outcome.sides[1]["used_rank"] == 3
    (played,) = events_of(world, "Harvey", ev.AtoutPlayed)
    assert (played.use, played.cost, played.beneficiary) == ("temporary-bonus", 1, "Harvey")
    assert world.character("Harvey").condition["atouts"]["reserve"] == 1
    (rolled,) = events_of(world, "Harvey", ev.SimpleConflictRolled)
    assert rederived(rolled, "SimpleConflictRolled") is None
    # The log says what each final rank is made of, as the table command does (it used to leave
    # the modifiers and the Revers out: "Combat Moyen (4): 0 0 0 0 → Excellent (6)" did not add up).
    expected = (
        "simple conflict — Harvey rolled Combat Moyen (4) (Atout +1, weapon +2, Revers −1): 0 0 0 0 → Excellent (6); "
        "Jim rolled Médecine Moyen (4) (related field −1, gear +1): + 0 0 0 → Bon (5); Harvey wins"
    )
    assert ruleset("microfudge").describe(rolled) == expected


def test_a_simple_conflict_recorded_before_its_modifiers_still_verifies() -> None:
    old: dict[str, Any] = {
        "sides": [
            {"name": "Jim", "characteristic": "Psychologie", "rank": 3, "penalty": 0, "dice": [1, 0, 0, 0], "final": 4},
            {"name": "Harvey", "characteristic": "Pilotage", "rank": 5, "penalty": 1, "dice": [0, 0, 0, 0], "final": 4},
        ],
        "winner": "tie",
        "chance": [{"op": "dF", "value": v} for v in (1, 0, 0, 0, 0, 0, 0, 0)],
        "topic": _topic("SimpleConflictRolled"),
    }
    assert check(verification.RULES.rederive[old["topic"]], old, Table(fair=FORMAT_V1)) is None
    # In a chronique-fair-v2 epoch every side records its modifiers: stripped, they are refused.
    stripped = check(verification.RULES.rederive[old["topic"]], old, Table(fair=FORMAT))
    assert stripped == "field sides: it is not recorded, and every event of a chronique-fair-v2 epoch records it"
    upcast = {"sides": [dict(side) for side in old["sides"]]}
    ev.SimpleConflictRolled.upcast_stored(upcast)
    assert upcast["sides"][1] | {"used_rank": 5, "modifiers": {}, "relatedness": "close"} == upcast["sides"][1]


# -- 5. Rerolls, counters and taking a Revers act where they are spent (L739, L743, L763-L765) ----


def test_a_reroll_voids_a_failed_Test_and_its_new_dice_stand_Utilisation_creative_L743() -> None:
    # Jim, Médecine 4, against Difficile (5): − 0 0 0 gives 3, a failure; the declared Atout voids it
    # and rolls again: + 0 0 0 gives 5, a success (L743).
    world = table(-1, 0, 0, 0, 1, 0, 0, 0)
    result = roll_test(world, "Jim", TestRequest("Médecine", 5, reroll=True))
    assert (result.voided, result.dice, result.final, result.success) == ((-1, 0, 0, 0), (1, 0, 0, 0), 5, True)
    (rolled,) = events_of(world, "Jim", ev.TestRolled)
    assert (rolled.reroll, rolled.voided, rolled.dice) == (True, [-1, 0, 0, 0], [1, 0, 0, 0])
    (played,) = events_of(world, "Jim", ev.AtoutPlayed)
    assert (played.use, played.effect) == ("reroll", {"dice rerolled": 4})
    assert world.character("Jim").condition["atouts"]["reserve"] == 7 - 1  # 11 less 4 at creation (L107), less 1
    assert rederived(rolled, "TestRolled") is None
    forged = {**vars(rolled), "voided": [], "dice": [-1, 0, 0, 0], "final": 3, "success": False, "topic": _topic("TestRolled")}
    assert check(verification.RULES.rederive[forged["topic"]], forged, Table()) is not None


def test_what_a_hidden_hazardous_Test_brings_about_is_face_down_with_it_L351_L743() -> None:
    # Jim, Médecine 4 helped by Harvey (+1, L761), against Très difficile (6), hidden, declaring a
    # reroll and a changed die: − − 0 0 gives 3, voided (L743); − − − − gives 1, its lowest die
    # turned to "+" gives 3, still 3 short: a Blessure grave ou mortelle, critical (L339-L343, L351).
    # Every Atout paid because it failed and its Revers would tell the hidden roll failed, and by
    # how much: all face down with the Test.
    world = table(-1, -1, 0, 0, -1, -1, -1, -1)
    request = TestRequest("Médecine", 6, hazardous=True, hidden=True, reroll=True, change_die=True, helpers=("Harvey",))
    result = roll_test(world, "Jim", request)
    assert (result.success, result.final, result.setbacks) == (False, 3, 3)
    epoch = world.campaign.epoch
    (rolled,) = events_of(world, "Jim", ev.TestRolled)
    played = {a.use: a for a in events_of(world, "Jim", ev.AtoutPlayed)}
    (revers,) = events_of(world, "Jim", ev.SetbackSuffered)
    assert rolled.sealed_until == played["reroll"].sealed_until == played["change-one-die"].sealed_until == epoch
    assert revers.sealed_until == epoch and revers.critical
    # Harvey's help was declared with the roll and paid whatever it gave (L761): it stays face up.
    (help_,) = events_of(world, "Harvey", ev.AtoutPlayed)
    assert help_.sealed_until is None
    # A face-up Test's Atouts and Revers stay face up.
    world = table(-1, -1, 0, 0, -1, -1, -1, 0)
    roll_test(world, "Jim", TestRequest("Médecine", 6, hazardous=True, reroll=True))
    assert [e.sealed_until for e in events_of(world, "Jim", ev.AtoutPlayed) + events_of(world, "Jim", ev.SetbackSuffered)] == [None, None]


def test_an_Atout_played_or_a_Revers_recorded_before_they_could_be_face_down_reads_face_up() -> None:
    # Stored before version 2 of AtoutPlayed and SetbackSuffered: no sealed_until, no salt.
    played = {"at": 0, "use": "reroll", "cost": 1, "pool": "reserve", "beneficiary": "Jim", "roll": "Tir Test", "effect": {}}
    suffered = {"at": 0, "setback": {"id": 1}, "critical": False, "source": "a fall"}
    for kind, state in ((ev.AtoutPlayed, played), (ev.SetbackSuffered, suffered)):
        kind.upcast_stored(state)
        assert (state["sealed_until"], state["salt"]) == (None, None)


def test_a_reroll_is_not_paid_when_the_Test_succeeds_L743() -> None:
    world = table(1, 0, 0, 0)
    result = roll_test(world, "Jim", TestRequest("Médecine", 5, reroll=True))
    assert (result.voided, result.final) == ((), 5)
    assert events_of(world, "Jim", ev.AtoutPlayed) == [] and world.character("Jim").condition["atouts"]["reserve"] == 7
    assert rederived(events_of(world, "Jim", ev.TestRolled)[0], "TestRolled") is None


def test_a_counter_cancels_the_bonus_when_the_roller_does_not_pay_again_L739() -> None:
    # Harvey spends 1 for +1, Jim counters and Harvey lets it go: both lose an Atout, no bonus.
    # Combat 4 + 0 dice = 4 against Moyenne (4).
    world = table(0, 0, 0, 0)
    result = roll_test(world, "Harvey", TestRequest("Combat", 4, atout=1, countered_by=("Jim",)))
    assert result.final == 4
    (rolled,) = events_of(world, "Harvey", ev.TestRolled)
    assert "atout" not in rolled.modifiers and rolled.atout_pool == "reserve"
    (countered,) = events_of(world, "Jim", ev.AtoutPlayed)
    assert (countered.use, countered.effect) == ("counter", {"cancelled": "Harvey", "ranks": -1})
    assert world.character("Harvey").condition["atouts"]["reserve"] == 1
    assert world.character("Jim").condition["atouts"]["reserve"] == 7 - 1  # 11 less 4 at creation (L107), less 1
    with pytest.raises(RuleViolation, match="one more"):
        roll_test(world, "Harvey", TestRequest("Combat", 4, atout=2))  # one +1 per roll unless countered (L737)


def test_taking_a_Revers_moves_it_to_the_one_who_interposes_L763_L765() -> None:
    # A gunshot Décisif on Harvey; Jim throws himself in front and spends an Atout: the wound, and
    # the critical state, are Jim's; Harvey is unhurt.
    world = table()
    suffer(world, "Harvey", 3, "physical", "weekly", "a rifle")
    taken = take_revers(world, "Jim", "Harvey", 1, "shoves him aside")
    harvey, jim = world.character("Harvey"), world.character("Jim")
    assert harvey.condition["setbacks"] == [] and not harvey.condition["critical"]
    assert [(s["severity"], s["healing"], s["stabilized"]) for s in jim.condition["setbacks"]] == [(3, "weekly", False)]
    assert jim.condition["critical"] and taken["id"] == 1
    assert jim.condition["atouts"]["reserve"] == 7 - 1  # 11 less 4 at creation (L107), less 1
    (moved,) = events_of(world, "Harvey", ev.SetbackTransferred)
    assert (moved.setback_id, moved.to) == (1, "Jim")
    for use in ("reroll", "counter", "take-a-revers"):
        with pytest.raises(RuleViolation, match="spent there"):
            spend_atout(world, "Jim", use)


# -- 7. A power its victim resists is a simple conflict (L435) ----------------------------------

TELEPATH = {"name": "Tel", "status": "expert", "ranks": {"Télépathie": 6}}


def test_a_resisted_power_is_a_simple_conflict_and_a_tie_resists_L435_PROPOSAL_A25() -> None:
    # Tel (Télépathie 6) tries Contrôle mental (required 6) on Jim, who resists with Psychologie 3.
    # First: Tel 0 0 0 0 → 6, Jim + + + 0 → 6: a tie, Jim resists (A25), though 6 reaches the
    # Difficulty. Then: Tel + 0 0 0 → 7, Jim 0 0 0 0 → 3: the power takes. Each costs a Potentiel.
    world = table(0, 0, 0, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, sheets=[TELEPATH, JIM])
    first = use_power(world, "Tel", "controle-mental", resisted=("Jim", "Psychologie"))
    assert (first.final, first.success, first.potentiel) == (6, False, 5)
    assert first.resisted is not None and (first.resisted["final"], first.resisted["dice"]) == (6, [1, 1, 1, 0])
    second = use_power(world, "Tel", "controle-mental", resisted=("Jim", "Psychologie"))
    assert (second.final, second.success, second.potentiel) == (7, True, 4)
    for used in events_of(world, "Tel", ev.PowerUsed):
        assert len(used.chance) == 8 and rederived(used, "PowerUsed") is None
    forged = {**vars(events_of(world, "Tel", ev.PowerUsed)[0]), "success": True, "topic": _topic("PowerUsed")}
    assert (check(verification.RULES.rederive[forged["topic"]], forged, Table()) or "").startswith("field success:")


def test_luck_counts_a_voided_roll_and_a_resisted_power_as_a_conflict_L435_L743() -> None:
    # The reroll above: − 0 0 0 (3 against 5: the dice needed +1, 31 of 81) failed and was voided;
    # + 0 0 0 then reached it. Both rolls were luck.
    world = table(-1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, sheets=[TELEPATH, JIM])
    roll_test(world, "Jim", TestRequest("Médecine", 5, reroll=True))
    (rolled,) = events_of(world, "Jim", ev.TestRolled)
    assert [(d.success, d.chance) for d in odds.draws(rolled)] == [(False, odds.at_least(1)), (True, odds.at_least(1))]
    # Tel 6 against Jim's Psychologie 3, a tie: the power fails, Jim resisted (A25).
    use_power(world, "Tel", "controle-mental", resisted=("Jim", "Psychologie"))
    (used,) = events_of(world, "Tel", ev.PowerUsed)
    psychic, defender = odds.draws(used)
    assert (psychic.success, psychic.chance) == (False, odds.beats(6, 3))
    assert (defender.success, defender.chance, defender.roller) == (True, 1 - odds.beats(6, 3), "Jim")
