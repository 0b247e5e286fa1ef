"""Cartes oppositions and harm: contests, attacks, wounds, consciousness (cartes.md §3.11, §4)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.damage import consciousness_effect, consciousness_markers, opposition_damage, place_wound
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.rulesets.cartes.resolution import Opposition, TestOutcome, discretion_target, oppose, perception, resolve_test
from chronique.domain.rulesets.cartes.sheet import skill_target
from chronique.domain.rulesets.cartes.survival import survival_period
from chronique.domain.rulesets.cartes.table import draw, living, sheet_of
from chronique.domain.rulesets.cartes.tables import lethality_index
from chronique.domain.world import World


@dataclass(frozen=True)
class Contest:
    """An opposed draw: both sides' tests and how the opposition was settled."""

    first: TestOutcome
    second: TestOutcome
    opposition: Opposition


@dataclass(frozen=True)
class AttackResult:
    """An opposed attack: the exchange of draws and the wound it caused."""

    exchange: Contest
    damage: int
    wound: dict[str, Any] | None


def contest(world: World, first: str, first_request: TestRequest, second: str, second_request: TestRequest) -> Contest:
    """An opposed draw (§Réussites ou échecs): both test, the better quality wins, ties are
    broken by one card each from the general deck (A18)."""
    a = make_test(world, first, first_request)
    d = make_test(world, second, second_request)

    def tie_break() -> tuple[str, str]:
        return draw(world, 1, first, "tie-break")[0], draw(world, 1, second, "tie-break")[0]

    return Contest(a, d, oppose(a, d, tie_break))


def attack(
    world: World,
    attacker: str,
    defender: str,
    attack_request: TestRequest,
    defence_request: TestRequest,
    weapon_bonus: int,
    lethality: str,
) -> AttackResult:
    """An opposed power draw; the loser of the attack takes the net damage (§Encaissement)."""
    exchange = contest(world, attacker, attack_request, defender, defence_request)
    damage = opposition_damage(exchange.opposition, weapon_bonus) if exchange.opposition.winner == "attacker" else 0
    wound = None
    if damage > 0:
        wound = suffer_wound(world, defender, damage, lethality, f"attack by {world.character(attacker).name}")
    return AttackResult(exchange, damage, wound)


def suffer_wound(world: World, name: str, damage: int, lethality: str | int, source: str) -> dict[str, Any]:
    """Record damage taken: aggravation (§Aggravation…), KO/OK (§KO ou OK), death if past Énorme."""
    character = living(world, name)
    if damage <= 0:
        raise RuleViolation("damage must be at least 1 (cartes.md A20: no wound at 0 or less)")
    asked = lethality if isinstance(lethality, int) else lethality_index(lethality)
    sheet = sheet_of(character)
    held = Counter(w["lethality"] for w in character.condition["wounds"])
    placement = place_wound(sheet.characteristics["Carrure"], held, damage, asked)
    effect = consciousness_effect(sheet.characteristics["Volonté"], damage)
    bonus, malus = consciousness_markers(effect)
    at = world.campaign.clock
    wound = None
    if not placement.dead:
        assert placement.lethality is not None
        wound = {
            "id": character.condition["next_wound"],
            "value": damage,
            "lethality": placement.lethality,
            "since": at,
            # cartes.md A8: the first survival draw comes one period after the wound.
            "next_draw": at + survival_period(placement.lethality),
            "escalated": False,
        }
    character.record(
        ev.WoundSuffered,
        at=at,
        damage=damage,
        lethality_asked=asked,
        aggravations=list(placement.aggravations),
        wound=wound,
        effect=effect,
        bonus_change=bonus,
        malus_change=malus,
        source=source,
    )
    if placement.dead:
        character.record(ev.Died, at=at, cause=f"wound of {damage} past Énorme ({source})")
    return {"wound": wound, "effect": effect, "dead": placement.dead, "aggravations": list(placement.aggravations)}


def consciousness(world: World, name: str) -> TestOutcome:
    """A round's Volonté draw to come to (§Tirage de conscience; A17: Moyenne, general deck)."""
    character = living(world, name)
    if not character.condition["out_of_combat"]:
        raise RuleViolation(f"{character.name} is not out of combat")
    volonte = sheet_of(character).characteristics["Volonté"]
    first = draw(world, 1, character.name, "consciousness draw")[0]
    outcome = resolve_test(volonte, 0, first, lambda n: draw(world, n, character.name, "consciousness draw"))
    malus = character.condition["ko_damage"] if outcome.success else 0
    character.record(ev.ConsciousnessChecked, at=world.campaign.clock, outcome=outcome.to_dict(), regained=outcome.success, malus=malus)
    return outcome


def spot(world: World, sneak: str, watcher: str, distance_m: int, signature: int, alert: bool) -> Contest:
    """Discrétion against Vigilance (§Vigilance et discrétion): the sneak adds the range and
    loses a device's signature; the watcher uses Vigilance when alert and trained, else Sens
    one level harder."""
    hider = sheet_of(living(world, sneak))
    base, _ = skill_target(hider, "Discrétion")
    sneak_request = TestRequest(
        "Discrétion", modifier=discretion_target(base, distance_m, signature) - base, purpose=f"hiding from {watcher}"
    )
    seeker = sheet_of(living(world, watcher))
    skill, shift = perception(any(name.casefold() == "vigilance" for name in seeker.skills), alert)
    watch_request = TestRequest(skill, level=shift, purpose=f"watching for {sneak}")
    return contest(world, sneak, sneak_request, watcher, watch_request)
