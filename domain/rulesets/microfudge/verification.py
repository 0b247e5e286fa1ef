"""MicroFudge's rules for the verifier (FAIRNESS.md v2, rules re-derivation): what each
chance-consuming event recorded, recomputed from its recorded inputs and its replayed dice by the
same functions play uses. Standard library only: the standalone verifier carries this module."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from itertools import permutations
from typing import Any

from chronique.domain.cards import cards_words
from chronique.domain.deck_rules import name_of, sheet_of
from chronique.domain.rederivation import GameRules, Mismatch, Replay, Table, Unknowable, differs
from chronique.domain.rulesets.microfudge.describe import power_name
from chronique.domain.rulesets.microfudge.draws import Declared, Lineup, Played, played, resolve_draw
from chronique.domain.rulesets.microfudge.rules import (
    TestResult,
    card_count,
    out_after,
    related_rank,
    resolve_test,
    resolve_with_atouts,
    simple_conflict,
)
from chronique.domain.rulesets.microfudge.tables import tables

_EVENTS = "chronique.domain.rulesets.microfudge.events:"


def _mended(test: Mapping[str, Any], replay: Replay, named: str, rank: int, hazardous: bool = False) -> tuple[TestResult, dict[str, Any]]:
    # L245-L253: final = rank + 4dF + modifiers against the required rank. A declared reroll
    # (L743) voids a failed roll for four new dice; a changed die (L743) is one of the modifiers,
    # turned after any reroll: both re-derived by the function play uses, from the Test's replayed
    # dice, then the reroll's, each named for a player who disputes them (FP11). A Test or first
    # aid recorded before version 3 kept no reroll nor voided dice.
    replay.part(named)
    dice = [replay.fudge() for _ in range(4)]
    recorded = test.get("modifiers", {})
    modifiers = {k: v for k, v in recorded.items() if k != "change-die"}
    again = (lambda: _rerolled(replay)) if test.get("reroll") else None
    mended = resolve_with_atouts(rank, sum(modifiers.values()), dice, test["required"], again, "change-die" in recorded, hazardous)
    rolled: dict[str, Any] = {"dice": list(mended.result.dice), "final": mended.result.final}
    if "modifiers" in test:
        rolled["modifiers"] = modifiers | ({"change-die": mended.turned} if mended.changed is not None else {})
    return mended.result, rolled | ({"voided": list(mended.result.voided)} if "voided" in test else {})


def _rerolled(replay: Replay) -> list[int]:
    replay.part("the reroll's four new dice, bought with an Atout (L743)")
    return [replay.fudge() for _ in range(4)]


def _test_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # L245-L253; a hazardous Test inflicts a Revers per rank short (L339).
    if event.get("hazardous"):
        named = f"the four dice of the hazardous {event.get('characteristic')} Test (L351)"
    else:
        named = f"the four dice of the {event.get('characteristic')} Test (L245-L253)"
    used = related_rank(event["rank"], event["relatedness"], event["kind"])
    result, rolled = _mended(event, replay, named, used - event["penalty"], event["hazardous"])
    return {"used_rank": used, "success": result.success, "setbacks": result.setbacks} | rolled


def _conflict_rolled(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # L253: both sides roll 4dF on their characteristic (from the first side's draw place); the
    # higher final wins. Each side's four dice are named with its name.
    recorded = event["sides"]
    dice: list[int] = []
    for i in range(2):
        replay.part(_four_dice_of(recorded[i] if i < len(recorded) else {}, " (L253)"))
        dice += [replay.fudge() for _ in range(4)]
    sides = _contenders(event["sides"], dice, table)
    verdict = simple_conflict(sides[0]["final"], sides[1]["final"])
    return {"sides": sides, "winner": {"a": sides[0]["name"], "b": sides[1]["name"]}.get(verdict, "tie")}


def _four_dice_of(side: Mapping[str, Any], cited: str) -> str:
    # "Harvey's four dice, on Athlétisme (L253)": one side's dice, by its name and characteristic.
    return f"{side.get('name')}'s four dice, on {side.get('characteristic')}{cited}"


def _contenders(recorded: list[dict[str, Any]], dice: list[int], table: Table) -> list[dict[str, Any]]:
    # L253, L283-L293, L431: each side's final is its related rank, less its Revers, plus its
    # modifiers and its four dice. Sides recorded before version 3 kept no relatedness nor
    # modifiers: they rolled their own rank.
    sides = []
    for i, side in enumerate(recorded):
        rolled = dice[4 * i : 4 * i + 4]
        if "modifiers" not in side or "relatedness" not in side:
            table.unrecorded("sides")
        used = related_rank(side["rank"], side.get("relatedness", "close"), side.get("kind") or "field")
        final = used - side["penalty"] + sum(side.get("modifiers", {}).values()) + sum(rolled)
        sides.append(dict(side, dice=rolled, final=final) | ({"used_rank": used} if "used_rank" in side else {}))
    return sides


def _first_aid(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # L359-L363: the healer's Test (4dF on the recorded rank, less his Revers, plus the care's
    # quality and the ranks Atouts added, L737-L761) against the required rank, its reroll and
    # changed die as in a Test (ruling M124); only its success stabilises the Revers.
    test = event["test"]
    named = f"{event.get('healer')}'s four dice of first aid, on {test.get('characteristic')} (L359)"
    result, rolled = _mended(test, replay, named, test["rank"] - test["penalty"] + test["quality"])
    expected: dict[str, Any] = {"test": {**test, **rolled}, "success": result.success}
    if result.success:
        expected["stabilized"] = True
    return expected


def _power_used(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # L441-L457: a power is a Test of its rank, less the Revers penalty it records (L293, L341;
    # none on events recorded before it was kept) and the fatigue already lost when fatigue
    # applies (L582), against its difficulty; it spends one Potentiel; only a success starts it.
    # A resisted power (L435) is a simple conflict: the defender's four dice follow, and the power
    # takes only on a higher final rank.
    # The psychic's four dice, by the power's name: a Test (L441), or one side of a conflict (L435).
    cited = "L435" if event.get("resisted") is not None else "L441"
    replay.part(f"the four dice of {power_name(str(event.get('power')))}, on {event.get('domain')} ({cited})")
    dice = [replay.fudge() for _ in range(4)]
    lost_before = max(event["fatigue_lost"] - 1, 0)
    if "penalty" not in event:
        table.unrecorded("penalty")
    rank = event["rank"] - event.get("penalty", 0) - lost_before
    result = resolve_test(rank, event["modifier"], dice, event["required"])
    expected: dict[str, Any] = {"dice": dice, "final": result.final, "success": result.success}
    if event.get("resisted") is not None:
        replay.part(_four_dice_of(event["resisted"], ", resisting (L435)"))
        (defender,) = _contenders([event["resisted"]], [replay.fudge() for _ in range(4)], table)
        expected |= {"resisted": defender, "success": simple_conflict(result.final, defender["final"]) == "a"}
    expected["potentiel_after"] = event["potentiel_before"] - 1
    if not result.success:
        expected["process"] = None
    return expected


_SEQUENCE = "microfudge-sequence"


def _sequence_started(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # L297-L305: every participant records the same lineup; nobody has banked range successes yet.
    lineup = Lineup(tuple(event["participants"]), dict(event["teams"]), bool(event["collective"]))
    table.state.setdefault((_SEQUENCE, event["sequence"]), {"lineup": lineup, "banked": {}, "draws": {}})
    return {}


def _attack_order(event: dict[str, Any], table: Table, name: str) -> list[str]:
    declared = event.get("declared")
    if declared is not None:
        if sorted(declared["targets"]) != sorted(event["attack"]):
            raise Mismatch("declared", f"names the targets {declared['targets']}, but the attack cards go to {sorted(event['attack'])}")
        return list(declared["targets"])
    # Recorded before the event kept the drawing order (its canonical form sorts the targets):
    # the order in which the deck handed their cards is the one that matches them.
    table.unrecorded("declared")
    attack = event["attack"]
    count = sum(len(part["cards"]) for part in attack.values())
    waiting = table.handed.get(name, [])[:count]
    return next((list(o) for o in permutations(attack) if [c for t in o for c in attack[t]["cards"]] == waiting), list(attack))


def _own_cards(event: dict[str, Any], table: Table, name: str) -> Played:
    # L311: a side draws its attack cards, target by target, then its defence, then its armour
    # apart («c – Armures» L497-L502); every card is the next one the conflict deck handed it.
    attack = [(target, list(event["attack"][target]["cards"])) for target in _attack_order(event, table, name)]
    defence, armour = event["defence"], event["armour"]
    table.take(name, "attack", [card for _, cards in attack for card in cards])
    table.take(name, "defence", defence["cards"])
    table.take(name, "armour", armour["cards"])
    split = sum(len(cards) for _, cards in attack) + len(defence["cards"]) - sum(defence["extra"].values())
    if split != event["pool"]:
        raise Mismatch("pool", f"records {event['pool']} cards, but its attack and own defence cards number {split}")
    declared = event.get("declared")
    if declared is not None:
        change = declared["change"]
    else:
        # Recorded before the event kept the declaration: an Atout's change is noted where it
        # turned a card, and one that found no failing card changed nothing.
        change = "attack" if any("changed" in part for part in event["attack"].values()) else "defence" if "changed" in defence else ""
    return played(attack, defence["cards"], defence["extra"], armour["cards"], armour["era"], change)


def _sheet_named(table: Table, name: str) -> dict[str, Any]:
    found = next((key[1] for key, value in table.state.items() if isinstance(key, tuple) and key[0] == "name" and value == name), None)
    if found is None:
        raise Unknowable
    return sheet_of(table, found)


def _dealt_once(sides: Iterable[Played]) -> None:
    # L307, L803: only played cards go back into the deck when it runs out, so no card is dealt
    # in one draw more often than the deck's packs hold it.
    dealt = Counter(
        card
        for side in sides
        for cards in (*(part["cards"] for part in side.attack.values()), side.defence["cards"], side.armour["cards"])
        for card in cards
    )
    twice = sorted(card for card, n in dealt.items() if n > tables().deck_packs)
    if twice:
        raise Mismatch("attack", f"this draw deals {cards_words(twice)} more often than the conflict deck holds them (L307, L803)")


_RESOLVED = ("inflicted", "received", "upper_hand", "banked", "outcome")


def _cards_drawn(event: dict[str, Any], replay: Replay, table: Table) -> Mapping[str, Any]:
    # L307-L317: what each card did. The side's own cards are checked at once; the Revers need
    # every side's cards, so they are re-derived when the draw's last side has recorded them.
    name = name_of(table, event["originator_id"])
    sequence = table.state.get((_SEQUENCE, event["sequence"]))
    banked = 0
    if sequence is not None:
        banked = sequence["banked"].get(name, 0)
        sequence["banked"][name] = event["banked"]  # the next draw banks on top of it (L361-L365)
    mine = _own_cards(event, table, name)
    pool = card_count(event["used_rank"] - event["penalty"] + sum(event["modifiers"].values()))
    expected: dict[str, Any] = {"pool": pool, "attack": mine.attack, "armour": mine.armour}
    drawn: dict[str, tuple[dict[str, Any], Played, Declared, int]] = {}
    if sequence is not None and event.get("declared") is not None:
        drawn = sequence["draws"].setdefault(event["draw"], {})
        drawn[name] = (event, mine, Declared.from_dict(event["declared"]), banked)
    if sequence is None or len(drawn) < len(sequence["lineup"].participants):
        # The Revers wait for the draw's last side; without the side's declaration (recorded
        # before the event kept it) they cannot be re-derived, and only the cards are checked.
        # Covering fire depends on the other sides too: it is checked with the Revers.
        covered = event["defence"].get("covered")
        return expected | {"defence": mine.defence | ({"covered": covered} if covered is not None else {})}
    order = list(drawn)
    _dealt_once(drawn[n][1] for n in order)
    resolution = resolve_draw(
        order,
        sequence["lineup"],
        {n: drawn[n][1] for n in order},
        {n: drawn[n][2] for n in order},
        {n: drawn[n][3] for n in order},
        {n: out_after(_sheet_named(table, n)) for n in order},
    )
    del sequence["draws"][event["draw"]]
    for side in order[:-1]:
        earlier, cards = drawn[side][0], drawn[side][1]
        for field_name, value in [*((k, resolution.sides[side][k]) for k in _RESOLVED), ("defence", cards.defence), *_eras(side, drawn)]:
            # Both values in words, as every verdict gives them (``differs``), never Python's notation.
            differed = differs(earlier, {field_name: value})
            if differed is not None:
                raise Mismatch(field_name, f"{side}'s cards of this draw, recorded just before: {differed.partition(': ')[2]}")
    return expected | {"defence": mine.defence} | resolution.sides[name] | dict(_eras(name, drawn))


def _eras(name: str, drawn: Mapping[str, tuple[dict[str, Any], Played, Declared, int]]) -> list[tuple[str, dict[str, str]]]:
    # «c – Armures» L498-L502, rulings M142, M145: the log says what a weapon of another era did to the
    # side's armour from ``attacked_by``, so it must be the era each side that attacked it declared
    # (none when it drew no armour). A draw recorded before version 6 kept none, and says none.
    event, mine, _, _ = drawn[name]
    if "attacked_by" not in event:
        return []
    aimed = [a for a in drawn if name in drawn[a][1].attack] if mine.armour["cards"] else []
    return [("attacked_by", {a: drawn[a][2].weapon_era for a in aimed})]


_CHANCE = frozenset(_EVENTS + name for name in ("TestRolled", "FirstAidGiven", "PowerUsed", "SimpleConflictRolled"))
# What a hidden Test's outcome brings about is face down with it: the Atout a reroll or a changed
# die costs only on a failure (L743), the Revers of a failed hazardous Test (L351), its recoveries
# and its pace until the epoch is revealed (rulings M87, M93).
_FACE_DOWN = _CHANCE | frozenset(_EVENTS + name for name in ("AtoutPlayed", "SetbackSuffered", "SetbackRecovered", "RecoveryPaced"))

RULES = GameRules(
    rederive={
        _EVENTS + "TestRolled": _test_rolled,
        _EVENTS + "SimpleConflictRolled": _conflict_rolled,
        _EVENTS + "FirstAidGiven": _first_aid,
        _EVENTS + "PowerUsed": _power_used,
        _EVENTS + "SequenceStarted": _sequence_started,
        _EVENTS + "ConflictCardsDrawn": _cards_drawn,
    },
    chance=_CHANCE,
    face_down=_FACE_DOWN,
)
