"""Cartes oppositions and harm: contests, attacks, wounds, consciousness (cartes.md §3.11, §4)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.damage import consciousness_effect, consciousness_markers, opposition_damage, place_wound
from chronique.domain.rulesets.cartes.draws import TestRequest, check_test, make_test
from chronique.domain.rulesets.cartes.recorded import recorded_sheet
from chronique.domain.rulesets.cartes.resolution import Opposition, TestOutcome, oppose, perception, range_of, resolve_test
from chronique.domain.rulesets.cartes.survival import survival_period
from chronique.domain.rulesets.cartes.table import draw, living
from chronique.domain.rulesets.cartes.tables import lethality_index, tables
from chronique.domain.text import fold, quoted
from chronique.domain.world import World

STANCES = ("draws", "out of combat", "ignores")
"""How the opponent meets an opposed action: it draws, it cannot (out of combat, §KO ou OK L361),
or it chooses to ignore a hostile action (§Choix de l'actions L271)."""


@dataclass(frozen=True)
class Contest:
    """An opposed draw: both sides' tests and how the opposition was settled; ``second`` is None
    when the opponent made no draw, and ``stance`` (one of ``STANCES``) says why."""

    first: TestOutcome
    second: TestOutcome | None
    opposition: Opposition
    stance: str = "draws"


@dataclass(frozen=True)
class AttackResult:
    """An opposed attack: the exchange of draws, the damage its loser took, who, and the wound."""

    exchange: Contest
    damage: int
    wound: dict[str, Any] | None
    wounded: str | None = None


_LETHALITIES = ", ".join(level.name for level in tables().lethalities)
"""The lethalities by name, as a refusal lists them: "Nulle, Faible, Moyenne, Forte, Énorme"."""

AGAINST = ("against", "against")
"""How an opposed draw's cards are logged for each side, before the other side's name."""


def _exchange(
    world: World,
    first: str,
    first_request: TestRequest,
    second: str,
    second_request: TestRequest,
    ignored: bool,
    logged: tuple[str, str] = AGAINST,
) -> tuple[Character, Character, Contest]:
    # §Réussites ou échecs L305-313: both draw, the better quality wins, ties are broken by one
    # card each from the general deck (A18). An opponent out of combat cannot draw and takes the
    # action "dans toute sa puissance" (L312); one who ignores it does not draw either (L271).
    acting, opposing = living(world, first), living(world, second)
    if acting.id == opposing.id:
        raise RuleViolation(f"{acting.name} cannot oppose themselves")
    # The deck's log names each side's opponent as its sheet spells it, whatever was typed.
    first_request = _logged(first_request, f"{logged[0]} {opposing.name}")
    second_request = _logged(second_request, f"{logged[1]} {acting.name}")
    stance = "ignores" if ignored else "out of combat" if opposing.condition["out_of_combat"] else "draws"
    # Both sides are checked (skills, specialities…) before the first card is drawn, so a refusal
    # of either has drawn nothing.
    check_test(world, acting.name, first_request)
    if stance == "draws":
        check_test(world, opposing.name, second_request)
    a = make_test(world, acting.name, first_request)
    d = make_test(world, opposing.name, second_request) if stance == "draws" else None

    def tie_break() -> tuple[str, str]:
        return draw(world, 1, acting.name, "tie-break")[0], draw(world, 1, opposing.name, "tie-break")[0]

    return acting, opposing, Contest(a, d, oppose(a, d, tie_break), stance)


def _logged(request: TestRequest, purpose: str) -> TestRequest:
    # The side's purpose is the game's, kept apart from any reason the caller gave (ruling C82):
    # the deck's log takes the reason when there is one, the test's log line never this purpose.
    return replace(request, game_purpose=purpose)


def _settled(
    world: World, acting: Character, opposing: Character, exchange: Contest, weapons: dict[str, dict[str, int]] | None, damage: int
) -> None:
    acting.record(
        ev.OppositionSettled,
        at=world.campaign.clock,
        opponent=opposing.name,
        opponent_stance=exchange.stance,
        opposition=exchange.opposition.to_dict(),
        weapons=weapons,
        damage=damage,
    )


def contest(
    world: World, first: str, first_request: TestRequest, second: str, second_request: TestRequest, logged: tuple[str, str] = AGAINST
) -> Contest:
    """An opposed draw without harm (§Réussites ou échecs), its outcome recorded on the first;
    ``logged`` says how each side's cards are logged, before the other side's name."""
    acting, opposing, exchange = _exchange(world, first, first_request, second, second_request, False, logged)
    _settled(world, acting, opposing, exchange, None, 0)
    return exchange


def attack(
    world: World,
    attacker: str,
    defender: str,
    attack_request: TestRequest,
    defence_request: TestRequest,
    weapon_bonus: int,
    lethality: str | int,
    *,
    defence_weapon_bonus: int = 0,
    defence_lethality: str | int = "moyenne",
    ignored: bool = False,
) -> AttackResult:
    """An opposed power draw; its loser takes the net damage of the winner's weapon (§Réussites
    ou échecs L311: "l'autre joueur subit les conséquences de l'action réussie par son
    adversaire"), whether the attacker or the defender won. A defender who ignores the attack
    (``ignored``) does not draw, and the attacker draws one level easier (L271)."""
    if ignored:
        attack_request = replace(attack_request, shifts=(*attack_request.shifts, "ignored-hostile-action"))
    logged = ("attack on", "defence against")
    # The weapons are read before either side draws, so a lethality refused has drawn nothing.
    weapons = {
        "attacker": {"bonus": weapon_bonus, "lethality": _lethality(lethality)},
        "defender": {"bonus": defence_weapon_bonus, "lethality": _lethality(defence_lethality)},
    }
    acting, opposing, exchange = _exchange(world, attacker, attack_request, defender, defence_request, ignored, logged)
    winner = exchange.opposition.winner
    damage = opposition_damage(exchange.opposition, weapons[winner]["bonus"]) if winner else 0
    _settled(world, acting, opposing, exchange, weapons, damage)
    if winner is None or not damage:
        return AttackResult(exchange, 0, None)
    hurt, striker = (opposing, acting) if winner == "attacker" else (acting, opposing)
    how = "attack" if winner == "attacker" else "parry"
    wound = suffer_wound(world, hurt.name, damage, weapons[winner]["lethality"], f"{striker.name}'s {how}")
    return AttackResult(exchange, damage, wound, hurt.name)


def _lethality(lethality: str | int) -> int:
    if isinstance(lethality, int):
        return lethality
    if lethality.strip().isdigit():
        # §Survie L433-441 names the lethalities, Nulle to Énorme, and numbers none: a number typed
        # was read as the code's index from 0, "3" a Forte wound where counting the seed's table
        # from 1 gives Moyenne, "4" Énorme, with its survival draw every minute (ruling C119).
        raise RuleViolation(f"a lethality is named, not numbered: {quoted(lethality)} is none of {_LETHALITIES}")
    return lethality_index(lethality)


def suffer_wound(world: World, name: str, damage: int, lethality: str | int, source: str) -> dict[str, Any]:
    """Record damage taken: aggravation (§Aggravation…), KO/OK (§KO ou OK), death if past Énorme."""
    character = living(world, name)
    if damage <= 0:
        raise RuleViolation("damage must be at least 1: a blow of 0 or less leaves no wound")
    asked = _lethality(lethality)
    sheet = recorded_sheet(character)
    held = Counter(w["lethality"] for w in character.condition["wounds"])
    placement = place_wound(sheet.characteristics["Carrure"], held, damage, asked)
    effect = consciousness_effect(sheet.characteristics["Volonté"], damage)
    # §KO ou OK L354-361, §Marqueurs L326-335 (ruling C117): the markers a blow gives are a
    # scene's, for the rounds that follow it (§Déroulement du tour L247; A7), and a scene is played
    # in a session; between sessions none runs (C112) to carry them or to end and shed them, so
    # they are not taken (recorded as 0). The wound itself counts as ever: its lethality, its
    # survival draws, death, and over KO the knock-out, which a consciousness draw ends.
    between = not world.campaign.in_session
    bonus, malus = (0, 0) if between else consciousness_markers(effect)
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
        character.record(ev.Died, at=at, cause=f"wound of {damage} past Énorme ({source})", wound_id=None, damage=damage, source=source)
    return {
        "wound": wound,
        "effect": effect,
        "dead": placement.dead,
        "aggravations": list(placement.aggravations),
        "between_sessions": between,
    }


def consciousness(world: World, name: str) -> TestOutcome:
    """A round's Volonté draw to come to (§Tirage de conscience; A17: Moyenne, general deck)."""
    character = living(world, name)
    if not character.condition["out_of_combat"]:
        raise RuleViolation(f"{character.name} is not out of combat")
    volonte = recorded_sheet(character).characteristics["Volonté"]
    first = draw(world, 1, character.name, "consciousness draw")[0]
    outcome = resolve_test(volonte, 0, first, lambda n: draw(world, n, character.name, "consciousness draw"))
    # §Tirage de conscience L373: the waking malus is the damage card, until the scene ends (C39,
    # A16); between sessions no scene runs to hold it or end it (ruling C117), so none is taken.
    malus = character.condition["ko_damage"] if outcome.success and world.campaign.in_session else 0
    character.record(ev.ConsciousnessChecked, at=world.campaign.clock, outcome=outcome.to_dict(), regained=outcome.success, malus=malus)
    return outcome


@dataclass(frozen=True)
class Edge:
    """What one side of an opposition brings to its target beyond its sheet, as ``cartes test``
    takes it: a speciality that applies (§Spécialités L243: +4 on its own skill, +2 on another)
    and the GM's situational modifier."""

    speciality: str | None = None
    modifier: int = 0


NO_EDGE = Edge()
"""A side that brings nothing beyond its sheet."""


def spot(
    world: World,
    sneak: str,
    watcher: str,
    distance_m: int,
    signature: int,
    alert: bool,
    *,
    sneak_edge: Edge = NO_EDGE,
    watcher_edge: Edge = NO_EDGE,
    sensor: int = 0,
) -> Contest:
    """Discrétion against Vigilance (§Vigilance et discrétion): the sneak adds the range and
    loses a device's signature; the watcher uses Vigilance when alert and trained, else Sens
    one level harder, and adds a sensor's bonus (§Senseurs L427). Each side may bring a
    speciality and a situational modifier (``Edge``). A sneak without Discrétion hides at 0 plus
    the range (ruling C115). Beyond the scale's last row (10 000 m, range 13) only a sensor
    detects anyone (ruling C30): without one nothing is drawn."""
    scale = tables().range_bounds_m
    if range_of(distance_m) >= len(scale) and not sensor:
        raise RuleViolation(
            f"{world.character(watcher).name} cannot spot {world.character(sneak).name} {_metres(distance_m)} away without a "
            f"sensor: beyond the range scale's last row ({_metres(scale[-1])}), only a sensor detects (give `--sensor`)"
        )
    hider = recorded_sheet(living(world, sneak))
    sneak_request = TestRequest(
        "Discrétion",
        # §Compétences L525-527: a skill is bought level by level, so one never bought is at 0; the
        # seed gives a characteristic in its place for Vigilance alone (§Sens ou vigilance L411),
        # and the range is a bonus "à sa compétence" (L417) all the same: a sneak without
        # Discrétion hides at 0 plus the range, as a healer without Médecine tends at 0 (ruling
        # C43). It was refused ("no skill Discrétion"), and nobody untrained could hide (C115).
        untrained=not any(fold(name) == fold("Discrétion") for name in hider.skills),
        speciality=sneak_edge.speciality,
        modifier=sneak_edge.modifier,
        range_bonus=range_of(distance_m),
        signature=signature,
    )
    seeker = recorded_sheet(living(world, watcher))
    skill, shift = perception(any(name.casefold() == "vigilance" for name in seeker.skills), alert)
    watch_request = TestRequest(
        skill,
        level=shift,
        speciality=watcher_edge.speciality,
        modifier=watcher_edge.modifier,
        sensor=sensor,
    )
    return contest(world, sneak, sneak_request, watcher, watch_request, ("hiding from", "watching for"))


def _metres(distance: float) -> str:
    # As §Échelle des portées writes its bounds: "10 000m", thousands apart.
    return f"{distance:,.0f} m".replace(",", " ")
