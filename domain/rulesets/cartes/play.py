"""Cartes at the table: commands over a campaign's world that record what the cards decided."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from chronique.domain.cards import fresh_packs, value
from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.damage import consciousness_effect, consciousness_markers, opposition_damage, place_wound
from chronique.domain.rulesets.cartes.resolution import (
    Opposition,
    TestOutcome,
    discretion_target,
    oppose,
    perception,
    pile_gain,
    recovery_level,
    resolve_test,
    resource_level,
    shed_malus_removed,
    speciality_bonus,
    tactics_markers,
    target_with_markers,
)
from chronique.domain.rulesets.cartes.sheet import CartesSheet, skill_target
from chronique.domain.rulesets.cartes.survival import survival_period
from chronique.domain.rulesets.cartes.tables import lethality_index
from chronique.domain.world import World

GENERAL = "general"
SOURCES = ("pile", "hand", "deck")


def sheet_of(character: Character) -> CartesSheet:
    """The character's sheet as the typed model."""
    return CartesSheet.model_validate(character.sheet)


def discards(world: World) -> list[str]:
    """Cards neither in the general deck nor held by anyone, in fresh-pack order (A30)."""
    deck = world.decks[GENERAL]
    out = Counter(deck.cards)
    for character in world.characters.values():
        out.update(character.condition["pile"])
        out.update(character.condition["hand"])
    pool: list[str] = []
    for card in fresh_packs(deck.packs):
        if out[card]:
            out[card] -= 1
        else:
            pool.append(card)
    return pool


def draw(world: World, count: int, to: str, purpose: str) -> list[str]:
    """Cards from the top of the general deck, once the session's cards are dealt."""
    deal(world)
    return _take(world, count, to, purpose)


def _take(world: World, count: int, to: str, purpose: str) -> list[str]:
    # The next cards of a recorded shuffle: no chance is consumed here (FAIRNESS.md).
    if count == 0:
        return []
    return world.decks[GENERAL].draw(count, to, purpose, lambda: discards(world), world.chance, world.campaign.epoch)


def living(world: World, name: str) -> Character:
    """The named character, refusing the dead."""
    character = world.character(name)
    if character.condition["dead"]:
        raise RuleViolation(f"{character.name} is dead")
    return character


def deal(world: World) -> None:
    """Deal every living character its noted hand then pile (§Distribution des cartes), once per session."""
    if not world.campaign.in_session or any(c.condition["dealt"] for c in world.characters.values()):
        return
    for character in world.characters.values():
        if character.condition["dead"] or sheet_of(character).npc:
            continue
        hand = _take(world, character.condition["hand_count"], character.name, "hand dealt")
        pile = _take(world, character.condition["pile_count"], character.name, "pile dealt")
        character.record(ev.CardsDealt, at=world.campaign.clock, hand=hand, pile=pile)


@dataclass(frozen=True)
class TestRequest:
    """What a player asks for: the skill or characteristic, how hard, and how it is drawn."""

    __test__ = False  # not a pytest test class

    skill: str
    level: int = 0
    source: str = "pile"
    first_hand_card: str | None = None
    manoeuvre: str = "power"
    speciality: str | None = None
    modifier: int = 0
    spend_bonus: bool = False
    shed_malus: bool = False
    short_circuit: bool = False
    hand_cards: tuple[str, ...] = ()
    purpose: str = ""
    counts_wound_malus: bool = True
    supporting: bool = False


def target_of(character: Character, request: TestRequest) -> tuple[int, str, int]:
    """(target number, canonical skill name, level shift) for the request (cartes.md §3.4, §3.8)."""
    sheet = sheet_of(character)
    base, name = skill_target(sheet, request.skill)
    base += request.modifier
    if request.speciality:
        base += _speciality_bonus(sheet, name, request.speciality)
    c = character.condition
    target, level_shift = target_with_markers(base, c["bonus"], c["malus"], request.spend_bonus, shed_three_malus=request.shed_malus)
    if request.counts_wound_malus:
        target -= wound_malus(character)
    return target, name, level_shift


def wound_malus(character: Character) -> int:
    """Lasting margin maluses, escalated wounds' values (A10) and the post-KO malus (A16)."""
    c = character.condition
    escalated = sum(w["value"] for w in c["wounds"] if w.get("escalated"))
    return sum(m["amount"] for m in c["lasting_malus"]) + escalated + c["ko_malus"]


def _speciality_bonus(sheet: CartesSheet, skill: str, speciality: str) -> int:
    wanted = speciality.casefold()
    own = sheet.skills.get(skill)
    on_own = bool(own) and any(s.casefold() == wanted for s in own.specialities)  # type: ignore[union-attr]
    on_other = any(any(s.casefold() == wanted for s in other.specialities) for other in sheet.skills.values())
    if not on_other:
        raise RuleViolation(f"{sheet.name} has no speciality {speciality!r}")
    return speciality_bonus(own_skill=on_own, other_skill=on_other)


def make_test(world: World, name: str, request: TestRequest) -> TestOutcome:
    """Draw a test for ``name`` and record it (cartes.md §3.5)."""
    character = living(world, name)
    if request.source not in SOURCES:
        raise RuleViolation(f"cards come from the pile, the hand or the deck, not {request.source!r}")
    target, skill, level_shift = target_of(character, request)
    deal(world)
    outcome = _draw_test(world, character, request, target, request.level + level_shift)
    bonus_change = -3 if request.spend_bonus else 0
    malus_change = -shed_malus_removed(outcome) if request.shed_malus else 0
    if request.manoeuvre == "tactics":
        gained, lost = tactics_markers(outcome)
        # A support's markers go to the supported character; only its failure stays here.
        bonus_change += 0 if request.supporting else gained
        malus_change += lost
    _record_test(world, character, request, skill, target, outcome, bonus_change, malus_change)
    return outcome


def _draw_test(world: World, character: Character, request: TestRequest, target: int, level: int) -> TestOutcome:
    first = _first_card(world, character, request)
    hand_left = list(character.condition["hand"])
    if request.first_hand_card:
        hand_left.remove(request.first_hand_card)
    for card in request.hand_cards:
        if card not in hand_left:
            raise RuleViolation(f"{character.name} does not hold {card} in hand")
        hand_left.remove(card)
    purpose = request.purpose or f"{request.skill} test"
    return resolve_test(
        target,
        level,
        first,
        lambda n: draw(world, n, character.name, purpose),
        manoeuvre=request.manoeuvre,
        short_circuit=request.short_circuit,
        hand_cards=request.hand_cards,
        support_card=(character.condition["support_cards"] or [None])[0],
        first_from_pile=request.source == "pile",
    )


def _first_card(world: World, character: Character, request: TestRequest) -> str:
    c = character.condition
    if request.source == "deck":
        return draw(world, 1, character.name, request.purpose or f"{request.skill} test (passive)")[0]
    if not world.campaign.in_session:
        raise RuleViolation("the pile and the hand are only dealt during a session; use --from deck")
    if request.source == "hand":
        card = request.first_hand_card
        if card is None or card not in c["hand"]:
            raise RuleViolation(f"{character.name} does not hold {card} in hand (hand: {' '.join(c['hand']) or 'empty'})")
        return card
    if not c["pile"]:
        raise RuleViolation(f"{character.name}'s pile is empty: make a recovery draw first (§Épuisement de la pioche)")
    return str(c["pile"][0])


def _record_test(
    world: World,
    character: Character,
    request: TestRequest,
    skill: str,
    target: int,
    outcome: TestOutcome,
    bonus_change: int,
    malus_change: int,
) -> None:
    from_pile = [character.condition["pile"][0]] if request.source == "pile" else []
    from_hand = [request.first_hand_card] if request.source == "hand" and request.first_hand_card else []
    played = [hand for _, hand in outcome.substituted]
    if outcome.support_used:
        played.remove(character.condition["support_cards"][0])  # the supporter's card, not a hand card
    from_hand += played
    character.record(
        ev.TestMade,
        at=world.campaign.clock,
        skill=skill,
        target=target,
        manoeuvre=request.manoeuvre,
        source=request.source,
        purpose=request.purpose,
        outcome=outcome.to_dict(),
        from_pile=from_pile,
        from_hand=from_hand,
        support_used=outcome.support_used,
        bonus_change=bonus_change,
        malus_change=malus_change,
    )


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


SUPPORTS = ("power", "tactics", "resource")


def support(world: World, supporter: str, supported: str, request: TestRequest) -> TestOutcome:
    """A supporter's draw for another's action (§Déroulement du tour, supports): on success a
    power card the supported may use in place of any card of their next draw, three bonus
    markers (tactics), or resource cards for their pile; a failure falls on the supporter."""
    if request.manoeuvre not in SUPPORTS:
        raise RuleViolation(f"a support is power, tactics or resource, not {request.manoeuvre!r}")
    helped = living(world, supported)
    if helped.id == world.character(supporter).id:
        raise RuleViolation("a character cannot support itself")
    outcome = make_test(world, supporter, replace(request, supporting=True))
    if not outcome.success:
        return outcome  # its tactics malus, if any, was recorded on the supporter's test
    card = outcome.retained if request.manoeuvre == "power" else None
    markers = tactics_markers(outcome)[0] if request.manoeuvre == "tactics" else 0
    cards: list[str] = []
    if request.manoeuvre == "resource":
        # cartes.md §3.11 PROPOSAL: as many cards as the success value, +3 on ♥, capped.
        room = len(helped.condition["pile"]) if helped.condition["dealt"] else helped.condition["pile_count"]
        cards = draw(world, pile_gain(outcome, room, sheet_of(helped).pile_max), helped.name, "resource support")
    helped.record(
        ev.SupportReceived,
        at=world.campaign.clock,
        supporter=world.character(supporter).name,
        kind=request.manoeuvre,
        card=card,
        markers=markers,
        cards=cards,
    )
    return outcome


def gm_draw(world: World, count: int, to: str, reason: str) -> list[str]:
    """Cards the GM draws from the general deck outside any test (a passive draw, §Tirage passifs)."""
    if count < 1:
        raise RuleViolation("draw at least one card")
    recipient = world.character(to).name if to else "the GM"
    return draw(world, count, recipient, reason or "GM draw")


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


@dataclass(frozen=True)
class AttackResult:
    """An opposed attack: the exchange of draws and the wound it caused."""

    exchange: Contest
    damage: int
    wound: dict[str, Any] | None


@dataclass(frozen=True)
class Contest:
    """An opposed draw: both sides' tests and how the opposition was settled."""

    first: TestOutcome
    second: TestOutcome
    opposition: Opposition


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


def recover(world: World, name: str, hand_card: str | None) -> TestOutcome:
    """Pile exhaustion recovery (§Épuisement de la pioche): Très facile Carrure, first card from
    the hand, each further recovery one level harder; gain the winning card's value."""
    character = living(world, name)
    if character.condition["pile"] or not character.condition["dealt"] and character.condition["pile_count"]:
        raise RuleViolation(f"{character.name}'s pile is not empty")
    return _refill(world, character, "Carrure", "power", "recovery", hand_card)


def take_resource(world: World, name: str, hand_card: str | None) -> TestOutcome:
    """Resource manoeuvre (§Choix des manœuvres): Très facile Volonté, first card from the hand;
    success adds its value (+3 on ♥) to the pile, a failure makes the next one harder."""
    return _refill(world, living(world, name), "Volonté", "resource", "resource", hand_card)


def _refill(world: World, character: Character, characteristic: str, manoeuvre: str, kind: str, hand_card: str | None) -> TestOutcome:
    c = character.condition
    if not world.campaign.in_session:
        raise RuleViolation(f"{kind} draws happen during a session")
    deal(world)
    steps = c[f"{kind}_steps"]
    level = resource_level(steps) if kind == "resource" else recovery_level(steps, hand_empty=not c["hand"])
    purpose = f"{kind} draw"
    if c["hand"]:
        card = hand_card or min(c["hand"], key=value)
        request = TestRequest(characteristic, level, "hand", card, manoeuvre, purpose=purpose, counts_wound_malus=False)
    else:
        # cartes.md A29: with no hand card, the first card comes from the deck one level harder.
        request = TestRequest(characteristic, level, "deck", None, manoeuvre, purpose=purpose, counts_wound_malus=False)
    outcome = make_test(world, character.name, request)
    # §Épuisement: the winning card's value; §Choix des manœuvres: a resource adds +3 on ♥.
    gained = pile_gain(outcome, len(c["pile"]), sheet_of(character).pile_max, with_suit_bonus=kind == "resource")
    cards = draw(world, gained, character.name, purpose)
    # cartes.md §3.9/§3.10 PROPOSAL: a failed resource draw or any recovery makes the next harder.
    harder = kind == "recovery" or not outcome.success
    character.record(ev.PileRefilled, at=world.campaign.clock, cards=cards, reason=kind, harder=harder)
    return outcome


def award(world: World, name: str, count: int, reason: str) -> list[str]:
    """GM award of hand cards (§Expérience); drawn at once when a session's cards are dealt (A15)."""
    character = world.character(name)
    if count < 1:
        raise RuleViolation("an award is at least one card")
    deal(world)
    cards = draw(world, count, character.name, "experience award") if character.condition["dealt"] else []
    character.record(ev.ExperienceAwarded, at=world.campaign.clock, count=count, cards=cards, reason=reason)
    return cards


def return_cards(world: World) -> None:
    """Session end (§Ressources en cartes): all cards back; pile and hand counts noted."""
    for character in world.characters.values():
        c = character.condition
        if sheet_of(character).npc:
            continue
        pile = len(c["pile"]) if c["dealt"] else c["pile_count"]
        hand = len(c["hand"]) if c["dealt"] else c["hand_count"]
        character.record(ev.CardsReturned, at=world.campaign.clock, pile_count=pile, hand_count=hand)
    world.decks[GENERAL].gather("end of session")


def end_scene(world: World) -> None:
    """Markers and post-KO maluses lapse at the end of a scene (A7, A16)."""
    for character in world.characters.values():
        character.record(ev.SceneEnded, at=world.campaign.clock)
