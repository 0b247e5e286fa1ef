"""Hazardous conflicts with cards («2 – Résolution des Conflits hasardeux» L295-L431).

The cards come from the campaign's 40-card conflict deck (the base rule of L307: pip cards 1-10,
even = success), a ``Deck`` aggregate whose every draw is logged with the card, who drew it and
why. PROPOSAL §1.1/A30: drawn without replacement, reshuffled when it runs out and at the start
of each Sequence. The draw is simultaneous: every side declares its split first, everyone draws,
then the Revers are recorded (L315).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from chronique.domain.character import Character
from chronique.domain.deck import Deck
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.boosts import Boost, boosts_for, count_boosts
from chronique.domain.rulesets.microfudge.describe import pool_sum, won
from chronique.domain.rulesets.microfudge.describe import rank as rank_of
from chronique.domain.rulesets.microfudge.draws import MOST_INFLICTED, Declared, Lineup, Played, draw_winner, played, resolve_draw
from chronique.domain.rulesets.microfudge.limits import MODIFIER
from chronique.domain.rulesets.microfudge.play import (
    Spend,
    Unable,
    ensure_able_to_act,
    fatigued,
    help_spends,
    plan_atouts,
    play_atouts,
    settings,
    suffer,
    vigueur_lost,
)
from chronique.domain.rulesets.microfudge.powers import potentiel, potentiel_to_spend
from chronique.domain.rulesets.microfudge.rules import (
    HEALING,
    armour_against,
    card_count,
    out_after,
    out_of_the_fight,
    outruns,
    penalty,
    related_rank,
    revers_domain,
    telekinesis_cards,
    upper_hand_cards,
    vehicle_era,
    vehicle_modifier,
    vehicle_name,
    vehicle_penalty,
    vehicle_words,
    wrecked,
)
from chronique.domain.rulesets.microfudge.sheet import characteristic
from chronique.domain.rulesets.microfudge.tables import tables
from chronique.domain.rulesets.words import joined
from chronique.domain.sheetview import signed
from chronique.domain.text import fold, plural, quoted
from chronique.domain.world import World


@dataclass(frozen=True)
class Side:
    """One participant's declaration before a draw (L309-L311, «Jeu défensif» L331-L333).

    ``attack`` splits the attack cards among targets (empty: every card not in defence goes to
    the single opponent); ``modifiers`` are card modifiers of the pool (weapon, scale, conditions,
    ``surprise`` on the first draw only…); ``extra_defence`` adds defence cards beyond the split
    (range, cover against a shot, shield, PROPOSAL A8/A15; a cover with no range takes 1-2 cards
    off each attack on the side instead, L425, ruling M153); ``armour`` cards are drawn apart
    so that their era counts («c – Armures» L497-L502); ``out_of_range`` plays defensively
    (L361). The upper hand is not declared here: it is chosen after the draw (``take_upper_hand``).

    ``manoeuvre`` is ``fight``, ``chase`` or ``ram`` («Modificateurs applicables aux conflits»
    L427-L431): a chase adds the ``vehicle``'s Vitesse (and ``terrain`` speed cards in
    ``modifiers``) and inflicts changes of position, not damage; ramming adds its Robustesse and
    inflicts damage on the target's vehicle, by the ``size`` categories of both (L538-L552; unsaid,
    small). Without a vehicle a chase is on foot (Athlétisme, L427). ``vehicle_era`` (ancient = steam or older,
    modern, future): a later era outruns an earlier one in a chase and a later era's weapons
    ignore its Robustesse («d - Véhicules» L528-L534).

    Atouts spent inside the draw (L733-L769): ``atout``, its own +1 card (L755); ``helpers``, who
    pay 2 each for +1 card (L761-L765); ``change`` (``attack`` or ``defence``), 1 Atout to turn the
    first failing card there into a success, paid only if a card failed (PROPOSAL: declared with
    the draw). ``suppress`` covers teammates (covering fire in a fight,
    ruling M108): defence successes left over after its own defence cancel successes aimed at
    teammates («Séquences collectives» L411-L413).

    ``healing`` is how the Revers this side inflicts heal (A10): unset, :func:`wound_healing`
    chooses it from the side's weapon (ruling M57)."""

    name: str
    characteristic: str
    attack: Mapping[str, int] = field(default_factory=dict)
    defence: int = 0
    relatedness: str = "close"
    domain: str = "physical"
    modifiers: Mapping[str, int] = field(default_factory=dict)
    extra_defence: Mapping[str, int] = field(default_factory=dict)
    armour: int = 0
    armour_era: str = "modern"
    weapon_era: str = "modern"
    healing: str = ""
    out_of_range: bool = False
    manoeuvre: str = "fight"
    vehicle: str = ""
    size: str = ""
    vehicle_era: str = "modern"
    atout: bool = False
    helpers: tuple[str, ...] = ()
    change: str = ""
    suppress: bool = False


@dataclass(frozen=True)
class DrawResult:
    """What a draw did: each side's cards and Revers, its winner, and whether the Sequence ended;
    ``side``, the winner's members by name, as players say who won (L323, L411); ``hazardous``
    False in a safe Sequence, whose Revers only decide the winner and stay off the sheets (L319)."""

    draw: int
    sides: dict[str, dict[str, Any]]
    winner: str | None
    ended: bool
    side: tuple[str, ...] = ()
    hazardous: bool = True


OUT_OF_THE_FIGHT = "out-of-the-fight"
"""How a Sequence ends when the Revers that ended it was no Décisif but reached an NPC's
``out_after`` («1 – Création des PNJs» L453)."""

VEHICLE = "vehicle"
"""The domain of vehicle damage from ramming (L429): it weighs on driving, never on the body."""


def conflict_deck(world: World) -> Deck:
    """The campaign's conflict deck (declared by the ruleset's settings at ``campaign new``)."""
    name = tables().deck_name
    if name not in world.decks:
        raise RuleViolation(f"campaign {quoted(world.campaign.name)} has no {name} deck (it was created before cards existed)")
    return world.decks[name]


def discards(world: World, on_table: Iterable[str] = ()) -> list[str]:
    """The played cards, in fresh-pack order: every card neither in the conflict deck nor
    ``on_table`` in the draw being dealt. Only played cards go back into the deck (L307, L803):
    nobody keeps cards between draws, but a card dealt in a draw stays out until it is resolved."""
    deck = conflict_deck(world)
    left = Counter(deck.cards) + Counter(on_table)
    pool: list[str] = []
    for card in deck.fresh():
        if left[card]:
            left[card] -= 1
        else:
            pool.append(card)
    return pool


def _extra_defence(side: Side, boost: Boost) -> dict[str, int]:
    """The defence cards a side draws beyond its split, by what gives them (cover, range, L369).
    A cover away from a shot gives none: it takes cards off the attacks on the side instead
    (L425, :func:`_close_cover`; never both, ruling M153)."""
    extra = {fold(k): int(v) for k, v in side.extra_defence.items() if v}
    if not extra.get("range"):
        extra.pop("cover", None)
    if boost.armour:
        extra["endurance"] = boost.armour  # L641: natural armour, on top of worn armour
    return extra


def _close_cover(world: World, sides: list[Side]) -> dict[str, int]:
    """The cover of each fighting side that is not the target of a shot, by name (ruling M153,
    refining M18): «Combat à distance» L369 gives a target shot at "1 ou 2 cartes de Défense
    supplémentaires" for a good cover, and that stays its extra defence (its ``range`` given, the
    range table's procedure); «Modificateurs applicables aux conflits» L425 takes "de -1 à -2
    cartes" off whoever attacks an opponent in cover, which is every other fight (blows, a social
    or legal duel). Never both (PROPOSAL A8). More than 2 is refused there: L369's extra cards for
    behaviour and conditions are the defence of a target shot at. A negative cover is left to the
    count's own refusal (ruling M113)."""
    most = tables().conflict_modifiers["cover"]
    close: dict[str, int] = {}
    for side in sides:
        extra = {fold(k): int(v) for k, v in side.extra_defence.items()}
        cover = extra.get("cover", 0)
        if cover <= 0 or extra.get("range") or fold(side.manoeuvre) != "fight":
            continue
        me = world.character(side.name).name
        if cover > most:
            raise RuleViolation(
                f"{me}'s cover takes 1 or {most} cards off each attack on {me} (L425), not {cover}: "
                "only the target of a shot, its range given, draws more defence cards for cover (L369)"
            )
        close[me] = cover
    return close


def _cover_against(world: World, side: Side, me: str, state: Mapping[str, Any], close: Mapping[str, int], pool: int) -> int:
    """The cards the cover of the opponents ``me`` attacks takes off its pool (L425, ruling M153):
    the greatest among them, since a side's cards are one pool however it splits them. A side that
    attacks no one in cover (out of range, all in defence) loses nothing to it."""
    if not close or side.out_of_range:
        return 0
    if side.attack:
        aimed = [world.character(t).name for t, n in side.attack.items() if n > 0]
    else:
        foes = [p for p in state["participants"] if state["teams"][p] != state["teams"][me]]
        aimed = foes if len(foes) == 1 and pool > side.defence else []
    return max((close.get(t, 0) for t in aimed), default=0)


def _robustesse(world: World, side: Side) -> int:
    """[option] L431: the vehicle's Robustesse shields its occupants as extra defence cards,
    drawn last so that a later era's weapons may ignore them (L532-L534)."""
    if side.vehicle and manoeuvre_of(side) == "fight" and settings(world)["vehicle_armour"]:
        return max(0, vehicle_modifier(side.vehicle, "ram"))
    return 0


def _dealt(world: World, side: Side, attack: Mapping[str, int], boost: Boost) -> dict[str, int]:
    """The cards a side is dealt in a draw, by what deals them: its attacks, defence, cover or
    range, natural armour, its vehicle's Robustesse and its armour."""
    counts = {f"attack on {target}": n for target, n in attack.items()}
    counts |= {"defence": side.defence, **_extra_defence(side, boost), "Robustesse": _robustesse(world, side), "armour": side.armour}
    return {what: n for what, n in counts.items() if n}


def _within_the_deck(world: World, dealt: Mapping[str, Mapping[str, int]]) -> None:
    """Refuse, before a card is dealt, a draw that asks more cards than the deck holds (L307),
    naming the largest count asked: "cover=99" once read "this draw deals more than the 40 cards
    of the conflict deck", the cover unsaid. «Combat à distance» L369: a good cover gives 1 or 2."""
    size = len(conflict_deck(world).fresh())
    total = sum(n for counts in dealt.values() for n in counts.values())
    if total <= size:
        return
    who, what, most = max(((who, what, n) for who, counts in dealt.items() for what, n in counts.items()), key=lambda c: c[2])
    why = " (a good cover gives 1 or 2, L369)" if what == "cover" else ""
    asked = f"{who}'s {_WHAT.get(what, what)} alone asks {most}{why}"
    raise RuleViolation(f"this draw asks {total} cards, more than the {size} of the conflict deck (L307): {asked}")


_WHAT = {"endurance": "Endurance accrue", "range": "range's defence"}
"""The counts of :func:`_dealt` whose key is not the words a refusal says."""


def _draw(world: World, count: int, to: str, purpose: str, on_table: list[str], opening: str = "") -> list[str]:
    """``count`` cards for ``to``, which join the cards ``on_table`` in this draw. The deck is
    asked for no more than it holds at a time, so that when it runs out the cards just dealt are
    on the table, not among the played cards it reshuffles.

    ``opening`` names the Sequence whose first draw this is: its start gathered every card
    (:func:`reshuffle`), so the first card dealt shuffles them all, and the log says why, "40 cards
    shuffled in session 2 (Sequence 1 begins)", as the gathering did (ruling M59); the deck itself
    would say "every card was gathered back: Sequence 1 begins" (ruling M62), and once said "the
    deck was empty". The same shuffle, of the same cards, the deck would make."""
    deck = conflict_deck(world)  # :func:`_within_the_deck` made sure the draw fits in it (L307)
    if opening and count and not on_table and not deck.cards:
        deck.shuffle_in(discards(world, on_table), world, world.campaign.epoch, opening)
    drawn: list[str] = []
    while len(drawn) < count:
        need = count - len(drawn)
        got = deck.draw(min(need, len(deck.cards)) or need, to, purpose, lambda: discards(world, on_table), world, world.campaign.epoch)
        on_table.extend(got)
        drawn.extend(got)
    return drawn


def reshuffle(world: World, reason: str) -> None:
    """Gather every card: the next draw shuffles the whole deck (the dealer may reshuffle at any
    time, «5 – Cards are a Narrator's best friend» L803; PROPOSAL §1.1)."""
    conflict_deck(world).gather(reason)


def _state(character: Character) -> dict[str, Any]:
    state = ev.sequence_of(character)
    if state is None:
        raise RuleViolation(f"{character.name} is in no Sequence (start one first)")
    return state


def _at_the_table(world: World, state: Mapping[str, Any]) -> None:
    """Refuse a move in an open Sequence between sessions (ruling M127): a draw, the upper hand or
    an abridgement is the table's, as opening the Sequence is (L125, L305, ruling M121); a
    Sequence left open when its session ended waits for the next one. The Narrator may still end
    it (``sequence-stop``, a scene cut, L297)."""
    if not world.campaign.in_session:
        name = world.campaign.name
        raise RuleViolation(
            f"{name} has no open session: Sequence {state['id']} is played at the table (L125, L305) and waits for the next "
            f"session (session start {name}); the Narrator may end it now (sequence-stop)"
        )


def start_sequence(
    world: World, names: list[str], goal: str = "", teams: Mapping[str, str] | None = None, collective: bool = False, hazardous: bool = True
) -> int:
    """Open a Sequence between ``names`` (L297-L305) and reshuffle the deck; returns its number.

    ``teams`` groups participants (default: each alone); a collective Sequence (L403-L417) is
    won draw by draw by the side with the most successes. A non-hazardous one (L319) leaves no
    Revers on the sheets. Every participant declares and draws (L309-L311): none may be critical
    (ruling M52). A Sequence is played at the table, in a session (ruling M121)."""
    if not world.campaign.in_session:
        # L305: the Narrator and the players build the scene and its Sequences together, and L125
        # sets a conflict "au cours de la seconde session de jeu"; between sessions only raises
        # and the clock move (L213), so a Sequence opened then had no table to play it at.
        name = world.campaign.name
        raise RuleViolation(
            f"{name} has no open session: a Sequence is played at the table (L125, L305); start one first (session start {name})"
        )
    characters = [world.character(n) for n in names]
    named: set[UUID] = set()
    for c in characters:
        if c.id in named:
            # L297-L305: each participant declares once a draw; named twice, he could never.
            raise RuleViolation(f"{c.name} is named twice: each takes part in a Sequence once")
        named.add(c.id)
    if len(characters) < 2:
        raise RuleViolation("a Sequence needs at least two participants")
    for c in characters:
        _in_the_fight(world, c)
        ensure_able_to_act(world, c)
        if ev.sequence_of(c) is not None:
            raise RuleViolation(f"{c.name} is already in Sequence {_state(c)['id']}")
    # A side's name is matched as names are, case and accents aside: "Crew" and "crew" are one
    # side, said as first written (ruling M107).
    spelled: dict[str, str] = {}
    given: dict[str, str] = {}
    by_name = {fold(c.name): c.name for c in characters}
    for key, team in (teams or {}).items():
        name = world.character(key).name
        if not fold(team):
            raise RuleViolation(f"{name}= names no side: write {name}=SIDE, or {name} alone")
        other = by_name.get(fold(team), name)
        if other != name:
            # «Séquences collectives» L411: a side is "son camp", said on purpose. A side named after
            # another participant silently made a foe an ally by a typo (ruling M107).
            raise RuleViolation(
                f"{name}={team.strip()}: {other} is a participant, not a side; "
                f"to put them on one side, give both the side's name ({other}=NAME {name}=NAME)"
            )
        given[name] = spelled.setdefault(fold(team), team.strip())
    team_of = {c.name: given.get(c.name, c.name) for c in characters}
    if len(set(team_of.values())) < 2:
        raise RuleViolation("a Sequence needs at least two opposing sides")
    number = 1 + max(int(c.condition.get("last_sequence", 0)) for c in world.characters.values())
    reshuffle(world, f"Sequence {number} begins")
    participants = [c.name for c in characters]
    for c in characters:
        c.record(
            ev.SequenceStarted,
            at=world.campaign.clock,
            sequence=number,
            participants=participants,
            teams=team_of,
            goal=goal,
            collective=collective,
            hazardous=hazardous,
        )
    return number


def _targets(side: Side, state: dict[str, Any], me: str, world: World, pool: int) -> dict[str, int]:
    if side.out_of_range:
        if any(side.attack.values()):
            raise RuleViolation(f"{me} is out of range: no attack cards, only defence (L361)")
        return {}
    if side.attack:
        return {world.character(t).name: int(n) for t, n in side.attack.items() if n}
    # L309, L331: the cards left after the defence attack the one opponent; none left, none attack
    # (and more defence than cards is refused by the count, never drawn). A side all in defence has
    # nothing to split, however many it faces (A15: a passive target draws only its defence; M148).
    left = pool - side.defence
    if left <= 0:
        return {}
    foes = [p for p in state["participants"] if state["teams"][p] != state["teams"][me]]
    if len(foes) != 1:
        raise RuleViolation(f"{me} faces {len(foes)} opponents: split the attack cards among them (L309)")
    return {foes[0]: left}


def manoeuvre_of(side: Side) -> str:
    """The side's manoeuvre, checked: a fight, a chase or ramming (L427-L431)."""
    key = fold(side.manoeuvre)
    if key not in tables().manoeuvres:
        raise RuleViolation(f"a side fights, chases or rams ({', '.join(tables().manoeuvres)}), not {quoted(side.manoeuvre)}")
    if key == "ram" and not side.vehicle:
        raise RuleViolation(f"{side.name} rams with a vehicle: name it (L429)")
    return key


def _vehicle_cards(side: Side) -> dict[str, int]:
    """Vitesse in a chase, Robustesse when ramming (L427-L431, «d - Véhicules» L504-L536), and the
    terrain's speed cards, which only a chase knows («d - Véhicules»: +1 or +2 speed cards)."""
    use = tables().manoeuvres[manoeuvre_of(side)]
    terrain = int(side.modifiers.get("terrain", 0))
    if terrain and use != "chase":
        raise RuleViolation("terrain speed cards count in a chase only (L504-L536)")
    if not 0 <= terrain <= tables().terrain_most:
        raise RuleViolation(f"terrain gives 0 to {tables().terrain_most} speed cards, not {signed(terrain)}")
    if not use or not side.vehicle:
        return {}
    return {"vehicle": vehicle_modifier(side.vehicle, use)}


def _pool(
    world: World, side: Side, character: Character, state: dict[str, Any], close: Mapping[str, int]
) -> tuple[dict[str, Any], int, Boost]:
    canonical, rank, kind = characteristic(character.sheet, side.characteristic)
    used = related_rank(rank, side.relatedness, kind)
    setbacks = character.condition["setbacks"]
    malus = penalty(setbacks, revers_domain(side.domain))  # L335-L345, checked before any card
    if side.vehicle and manoeuvre_of(side) != "fight":
        # L343: Revers do not stack: the driver's own Revers or this vehicle's damage, the higher;
        # another vehicle's damage weighs on that one only (L429, ruling M105).
        malus = max(malus, vehicle_penalty(setbacks, side.vehicle))
    modifiers = {fold(k): int(v) for k, v in side.modifiers.items() if v} | fatigued(world, character, canonical)
    modifiers.update(_vehicle_cards(side))
    if side.vehicle and manoeuvre_of(side) != "fight" and wrecked(setbacks, side.vehicle):
        # L429: "un Revers décisif transforme le véhicule touché en épave": a wreck drives no more.
        raise RuleViolation(f"{character.name}'s {vehicle_words(vehicle_name(side.vehicle))} is a wreck (L429): it chases and rams no more")
    limits = tables().conflict_modifiers
    for key, most in limits.items():
        if key in modifiers and not -most <= modifiers[key] <= 0:
            raise RuleViolation(f"{key} takes 1 to {most} cards off, not {signed(modifiers[key])} (L421-L425)")
    if abs(modifiers.get("mod", 0)) > MODIFIER:
        # «Rappel» L431: a card modifier is a rank modifier, which ±10 bounds as on a Test (BD3).
        raise RuleViolation(f"mod takes −{MODIFIER} to +{MODIFIER} other cards, not {signed(modifiers['mod'])} (L431)")
    if "surprise" in modifiers and state["draws"]:
        raise RuleViolation("surprise counts on the first draw of the Sequence only (L421)")
    if state["upper_hand"]:
        modifiers["upper-hand"] = int(state["upper_hand"])  # L329: the next draw only
    if side.atout:
        modifiers["atout"] = 1  # L755: one +1 per draw
    if side.helpers:
        modifiers["help"] = len(side.helpers)  # L761: +1 card per helper
    if kind == "domain":
        _ensure_domain_usable(character, canonical, rank)
        lost = vigueur_lost(world, character)
        if lost:
            modifiers["fatigue"] = -lost  # ruling M22: a power's use, less the ranks lost
    if kind == "domain" and fold(canonical) == fold("Télékinésie"):
        # L607: telekinesis in combat takes a card modifier from Esprit.
        modifiers["esprit"] = telekinesis_cards(characteristic(character.sheet, "Esprit")[1])
    boost = boosts_for(character, canonical, in_draw=True)
    if boost.modifier:
        modifiers["boost"] = boost.modifier  # T12, L639-L645
    pool = card_count(used - malus + sum(modifiers.values()))
    cover = _cover_against(world, side, character.name, state, close, pool)
    if cover:
        # L425: the opponent's cover takes its cards off the attacker's pool (ruling M153); an
        # opponent's cover given as this side's own modifier does not add to it (never both, A8).
        modifiers["cover"] = min(modifiers.get("cover", 0), -cover)
        pool = card_count(used - malus + sum(modifiers.values()))
    info = {"characteristic": canonical, "kind": kind, "rank": rank, "relatedness": fold(side.relatedness), "used_rank": used}
    info |= {"penalty": malus, "modifiers": modifiers, "pool": pool}
    return info, pool, boost


def _in_the_fight(world: World, character: Character) -> None:
    """Refuse a new Sequence to an NPC whose Revers put it out of the fight (L453, ruling M33)."""
    if out_of_the_fight(character.sheet, character.condition["setbacks"]):
        why = f"{character.name} is out of the fight (a Revers of −{out_after(character.sheet)} or worse, L453)"
        raise Unable(character.name, why, _in_the_fight)


def _ensure_domain_usable(character: Character, domain: str, rank: int) -> None:
    """A draw on a psychic domain is a use of it (L607: telekinesis in a fight), so the domain must
    be at least Faible, a latent one producing no concrete effect (L564), and have a Potentiel
    point left to spend (L566, L441)."""
    if rank < tables().default_rank:
        raise RuleViolation(f"{character.name}'s {domain} is {rank_of(rank)}: a domain below Faible produces no effect (L564)")
    potentiel_to_spend(character, domain)


def _rammed(world: World, state: Mapping[str, Any], sides: list[Side]) -> set[str]:
    """Whom the rams of a draw aim at: each ram's named targets, else its one opponent (L309, L429)."""
    hit: set[str] = set()
    for side in sides:
        if manoeuvre_of(side) != "ram":
            continue
        me = world.character(side.name).name
        foes = [p for p in state["participants"] if state["teams"][p] != state["teams"][me]]
        named = [world.character(t).name for t, n in side.attack.items() if n]
        hit |= set(named or (foes if len(foes) == 1 else ()))
    return hit


def _fits_the_manoeuvre(world: World, side: Side, me: str, rammed: set[str]) -> None:
    """Refuse what the side's manoeuvre would count for nothing, or lacks (rulings M99, M101, M104).

    A vehicle: a chase adds its Vitesse, a ram its Robustesse (L427-L429), and a ram damages the
    target's (L429), whatever the target does; otherwise, in a fight, it counts only as the
    [option] of L431, its Robustesse shielding those inside (ruling M25). A vehicle's size sets
    the successes a ram spends per Revers, by the sizes of the rammer and the rammed (L538-L552).
    A weapon, armour, cover or range weigh on wounds, and a chase's Revers are changes of position
    (L427), a ram's damage to the vehicles (L429)."""
    manoeuvre = manoeuvre_of(side)
    if me in rammed and not side.vehicle:
        raise RuleViolation(f"{me} is rammed, and a ram damages a vehicle (L429): name {me}'s with vehicle=")
    if me in rammed and side.vehicle and manoeuvre == "fight" and wrecked(world.character(me).condition["setbacks"], side.vehicle):
        # L429: "un Revers décisif transforme le véhicule touché en épave": a wreck is rammed no
        # more, as it chases and rams no more (ruling M112); a ram once dealt it a second Décisif.
        raise RuleViolation(f"{me}'s {vehicle_words(vehicle_name(side.vehicle))} is a wreck (L429): it is rammed no more")
    if side.vehicle and manoeuvre == "fight" and me not in rammed and not settings(world)["vehicle_armour"]:
        raise RuleViolation(
            f"{me}'s vehicle counts in a chase, a ram or when rammed (L427-L429), in a fight only if the campaign's "
            "setting 'A vehicle shields its occupants' (vehicle_armour) is on (L431)"
        )
    if side.size and manoeuvre != "ram" and me not in rammed:
        raise RuleViolation(f"{me}'s vehicle size counts when it rams or is rammed (L429, L538-L552)")
    if manoeuvre != "fight" and (side.modifiers.get("weapon") or side.armour or any(side.extra_defence.values())):
        moves = {"chase": "chases: its Revers are changes of position (L427)", "ram": "rams: its Revers are damage to the vehicles (L429)"}
        raise RuleViolation(f"{me} {moves[manoeuvre]}; a weapon, armour, cover and range count in a fight only")


def _in_the_same_chase(side: Side, me: str, state: Mapping[str, Any], declared: Mapping[str, Side]) -> None:
    """Refuse a chase aimed at a side that is not in it by the same means (ruling M120).

    «Poursuites» L427: "les poursuites entre véhicules" are conflicts between drivers, their
    Revers "des changements de position (augmentant ou diminuant la distance séparant les
    véhicules)"; the same rules serve "une course poursuite à pied" with Athlétisme. A driver's
    chase aimed at a side with no vehicle (it fights or runs on foot) moved no vehicle, yet its
    Revers were recorded as ground; a runner's aimed at a vehicle is a chase the text has not.
    The side aimed at may chase, ram or fight from its vehicle (L429-L431): its vehicle is in it."""
    if manoeuvre_of(side) != "chase":
        return
    teams = state["teams"]
    foes = [p for p in state["participants"] if teams[p] != teams[me]]
    by_fold = {fold(p): p for p in foes}
    named = [by_fold[fold(t)] for t, n in side.attack.items() if n and fold(t) in by_fold]
    for target in named or (foes if len(foes) == 1 else []):
        theirs = declared.get(target)
        if theirs is None or bool(theirs.vehicle) == bool(side.vehicle):
            continue
        for driving in (side, theirs):
            if driving.vehicle:
                vehicle_era(driving.vehicle_era)  # «d - Véhicules» L528-L534: a misspelt era is said first
        if side.vehicle:
            raise RuleViolation(
                f"{me}'s {vehicle_words(vehicle_name(side.vehicle))} chases {target}, who has no vehicle in the chase: its Revers change "
                "the distance between vehicles (L427); a chase on foot is run on foot by both (Athlétisme)"
            )
        raise RuleViolation(
            f"{me} chases on foot, but {target}'s {vehicle_words(vehicle_name(theirs.vehicle))} is in the chase: a chase on foot is run "
            "on foot by both (Athlétisme, L427), one between vehicles by their drivers (Pilotage or Conduite)"
        )


def _outrun(world: World, state: dict[str, Any], sides: list[Side]) -> str | None:
    """The team whose vehicles are all of a later era than every other vehicle of a chase: it
    outruns them without a draw («d - Véhicules» L528-L530). A vehicle that outruns an opposing one
    while its side does not outrun them all is refused (ruling M106)."""
    if not all(manoeuvre_of(s) == "chase" and s.vehicle for s in sides):
        return None
    teams = state["teams"]
    by_team: dict[str, list[str]] = {}
    for side in sides:
        by_team.setdefault(teams[world.character(side.name).name], []).append(side.vehicle_era)
    for team, eras in by_team.items():
        others = [e for t, es in by_team.items() if t != team for e in es]
        if all(outruns(mine, theirs) for mine in eras for theirs in others):
            return team
    # L528-L530 speak of each vehicle: one that outruns an opposing one does so "automatiquement",
    # which no card of a draw may undo; with its side not outrunning them all, the Sequence's
    # one goal a side cannot say what it won (ruling M106): the Narrator splits the chase.
    for fast in sides:
        for slow in sides:
            me, them = world.character(fast.name).name, world.character(slow.name).name
            if teams[me] != teams[them] and outruns(fast.vehicle_era, slow.vehicle_era):
                raise RuleViolation(
                    f"{me}'s {vehicle_words(vehicle_name(fast.vehicle))} ({_ERAS[fold(fast.vehicle_era)]}) outruns {them}'s "
                    f"{vehicle_words(vehicle_name(slow.vehicle))} ({_ERAS[fold(slow.vehicle_era)]}) without a draw (L528-L530), "
                    "but not every "
                    "vehicle of its side outruns every other: end the Sequence (sequence-stop) and open one without the vehicles outrun"
                )
    return None


_ERAS = {"ancient": "steam era or older", "modern": "modern", "future": "future"}
"""The vehicle eras as the seed names them («d - Véhicules» L528-L530: "l'ère de la vapeur ou antérieurs")."""


def _atouts(world: World, sides: list[Side], state: dict[str, Any]) -> list[tuple[str, Spend]]:
    """Every Atout the draw may spend, with whom it serves, checked before any card is drawn (L733-L769)."""
    spends: list[tuple[str, str, int]] = []
    served: list[str] = []
    for side in sides:
        me = world.character(side.name).name
        if side.change and side.change not in ("attack", "defence"):
            raise RuleViolation(f"an Atout changes an attack or a defence card, not {quoted(side.change)}")
        for helper in side.helpers:
            name = world.character(helper).name
            if name in state["teams"] and state["teams"][name] != state["teams"][me]:
                raise RuleViolation(f"{name} cannot help an opponent ({me})")
        spends += [(me, "temporary-bonus", 1)] if side.atout else []
        spends += help_spends(world, me, side.helpers)
        spends += [(me, "change-one-card", tables().atout_uses["change-one-card"])] if side.change else []
        served += [me] * (len(spends) - len(served))
    return list(zip(served, plan_atouts(world, spends, "draw"), strict=True))


def _undeclared(names: list[str], state: Mapping[str, Any]) -> str:
    """Why a draw's sides are not the Sequence's participants, each declaring once (L297-L305):
    who has not declared, who declared twice, who is not in it."""
    missing = [n for n in state["participants"] if n not in names]
    twice = sorted({n for n in names if names.count(n) > 1})
    strangers = [n for n in names if n not in state["participants"]]
    said = [f"{joined(missing)} {'has' if len(missing) == 1 else 'have'} not declared"] if missing else []
    said += [f"{joined(twice)} declared twice"] if twice else []
    said += [f"{joined(strangers)} {'is' if len(strangers) == 1 else 'are'} not in it"] if strangers else []
    return "; ".join(said) or "each declares once"


def draw(world: World, sides: list[Side], purpose: str = "") -> DrawResult:
    """One draw of the open Sequence: every participant's cards, then the Revers (L307-L317).

    Net successes after defence make a Revers, Revers sérieux or Décisif (cap 3, A4); a Décisif
    ends the Sequence and its victim loses it (L313). Otherwise the side that inflicted more
    wins the draw and may abridge (L321-L325); in a collective Sequence, the side with the most
    successes (L415-L417). No participant or helper may be critical (ruling M52)."""
    if not sides:
        raise RuleViolation("every participant of the Sequence declares before a draw")
    chars = {s.name: world.character(s.name) for s in sides}
    names = [c.name for c in chars.values()]
    # A draw belongs to an open Sequence: say so before asking for the other sides (L297-L305).
    state = _state(chars[sides[0].name])
    _at_the_table(world, state)
    if len(sides) < 2:
        raise RuleViolation(f"every participant of Sequence {state['id']} ({', '.join(state['participants'])}) declares before a draw")
    named = [chars[s.name].name for s in sides]  # one name a side: a participant named twice is two
    if sorted(named) != sorted(state["participants"]) or any(_state(c)["id"] != state["id"] for c in chars.values()):
        raise RuleViolation(f"Sequence {state['id']} is between {joined(list(state['participants']))}: {_undeclared(named, state)}")
    ensure_able_to_act(world, *chars.values(), *(world.character(h) for s in sides for h in s.helpers))
    number = int(state["draws"]) + 1
    fastest = _outrun(world, state, sides)
    if fastest is not None and any(s.atout or s.helpers or s.change for s in sides):
        # L528-L530: newer vehicles outrun older ones "automatiquement": no card is drawn for an
        # Atout to add or change (L755-L761), and an Atout declared in vain is refused, not dropped.
        outran = f"{won(fastest, members(state, fastest), 'outruns')} the older vehicles without a draw (L528-L530)"
        raise RuleViolation(f"{outran}: no card for an Atout or a helper to add or change")
    # Who pays and who helps whom, checked before the cards are counted (L761: a helper serves its
    # own side), so a helper named on the wrong side is refused as such, not as a miscount.
    planned = _atouts(world, sides, state)
    rammed = _rammed(world, state, sides)
    info: dict[str, dict[str, Any]] = {}
    plans: dict[str, dict[str, int]] = {}
    boosts: dict[str, Boost] = {}
    sides_of = {chars[s.name].name: s for s in sides}
    close = _close_cover(world, sides)
    for side in sides:
        me = chars[side.name].name
        if side.healing and side.healing not in HEALING:
            raise RuleViolation(f"a Revers heals {', '.join(HEALING)}, not {quoted(side.healing)}")
        _fits_the_manoeuvre(world, side, me, rammed)
        _in_the_same_chase(side, me, state, sides_of)
        info[me], pool, boosts[me] = _pool(world, side, chars[side.name], _state(chars[side.name]), close)
        counts = {"defence": side.defence, "armour": side.armour, **side.extra_defence}
        counts |= {f"attack on {target.strip()}": n for target, n in side.attack.items()}
        below = [f"{me}'s {what} is −{-n}" for what, n in counts.items() if n < 0]
        if below:
            # L309: a participant splits its cards between attacks and defence; an attack of −3
            # once "drew" six defence cards out of three. Said by whose and which (ruling M113).
            raise RuleViolation(f"card counts are not negative: {joined(below)} (L309)")
        if fastest is not None:
            continue  # L528-L530: the chase ends without a draw, so no split of cards is asked
        plans[me] = _targets(side, state, me, world, pool)
        for target in plans[me]:
            if target not in state["participants"] or state["teams"][target] == state["teams"][me]:
                raise RuleViolation(f"{me} cannot attack {target} in this Sequence")
        if sum(plans[me].values()) + side.defence != pool:
            attacking = sum(plans[me].values())
            has = f"{me} has {plural(pool, 'card')} ({pool_sum(info[me])})"
            raise RuleViolation(f"{has}: attack {attacking} + defence {side.defence} must use them all (L309, L331)")
    if fastest is not None:
        _end(world, state, fastest, "outrun")  # L528-L530: no card is drawn
        return DrawResult(number, {}, fastest, True, members(state, fastest), state["hazardous"])
    _within_the_deck(world, {chars[s.name].name: _dealt(world, s, plans[chars[s.name].name], boosts[chars[s.name].name]) for s in sides})
    # Everyone draws (L311), in declaration order; each card is logged on the deck's chain. A
    # card dealt in this draw stays on the table until the draw is resolved (L307, L803).
    cards: dict[str, Played] = {}
    declared: dict[str, Declared] = {}
    on_table: list[str] = []
    for side in sides:
        me = chars[side.name].name
        label = f"Sequence {state['id']} draw {number}"
        opening = f"Sequence {state['id']} begins" if number == 1 else ""
        attack = [
            (target, _draw(world, count, me, f"{label}: attack on {target}", on_table, opening)) for target, count in plans[me].items()
        ]
        extra = _extra_defence(side, boosts[me])
        robustesse = _robustesse(world, side)
        defence = _draw(world, side.defence + sum(extra.values()) + robustesse, me, f"{label}: defence", on_table, opening)
        armour = _draw(world, side.armour, me, f"{label}: armour", on_table, opening)
        if robustesse:
            extra["robustesse"] = robustesse
        cards[me] = played(attack, defence, extra, armour, fold(side.armour_era), side.change)
        # Ruling M16: the upper hand is no longer declared with the draw but chosen after it
        # (``take_upper_hand``), so a new draw never records it.
        declared[me] = Declared(
            targets=tuple(plans[me]),
            manoeuvre=manoeuvre_of(side),
            weapon_era=side.weapon_era,
            vehicle_era=side.vehicle_era,
            size=side.size or tables().vehicle_sizes[0],  # unsaid: small, as most vehicles (L538-L552)
            out_of_range=side.out_of_range,
            suppress=side.suppress,
            change=side.change,
            winner_rule=MOST_INFLICTED,  # ruling M42: several Décisifs, the one that inflicted more wins
            domain=revers_domain(side.domain),
        )
        info[me].update(attack=cards[me].attack, defence=cards[me].defence, armour=cards[me].armour, changed=cards[me].changed)
    for me in names:
        # «c – Armures» L498-L502: what one success of a side's worn armour cancels of each attack
        # on it, 0 when the weapon is of a later era, 2 for future armour against an older weapon,
        # so that the draw's line says why its armour cancelled nothing, or twice (ruling M130).
        aimed = [a for a in names if me in cards[a].attack] if cards[me].armour["cards"] else []
        info[me]["attacked_by"] = {a: declared[a].weapon_era for a in aimed}
        info[me]["armour_against"] = armour_against(info[me]["attacked_by"], cards[me].armour["era"])
    by_name = {chars[s.name].name: s for s in sides}
    # L335-L345: the kind of Revers each side takes, which names a physical one by its wound (L343).
    domains = {me: declared[me].domain for me in names}
    # What each side did and drove, so that every Revers of the draw reads by what dealt it (L427-L429).
    manoeuvres = {me: declared[me].manoeuvre for me in names}
    vehicles = {me: vehicle_name(by_name[me].vehicle) for me in names if by_name[me].vehicle}
    lineup = Lineup(tuple(state["participants"]), state["teams"], state["collective"])
    banked = {me: int(_state(world.character(me))["banked"]) for me in names}
    out = {me: out_after(world.character(me).sheet) for me in names}
    resolution = resolve_draw(names, lineup, cards, declared, banked, out)
    received = {me: resolution.sides[me]["received"] for me in names}
    decisive = resolution.decisive
    for me in names:
        info[me].update(resolution.sides[me], domain=domains[me], manoeuvre=declared[me].manoeuvre, vehicle=vehicles.get(me))
        # L564-L566, L607: a draw on a psychic domain spends a Potentiel point, and with the
        # fatigue option a rank of Vigueur (L582), as a power's use does.
        used_domain = info[me]["kind"] == "domain"
        drawer = chars[by_name[me].name]
        tired = vigueur_lost(world, drawer) + 1 if used_domain and settings(world)["fatigue"] else 0
        drawer.record(
            ev.ConflictCardsDrawn,
            at=world.campaign.clock,
            sequence=state["id"],
            draw=number,
            characteristic=info[me]["characteristic"],
            rank=info[me]["rank"],
            relatedness=info[me]["relatedness"],
            used_rank=info[me]["used_rank"],
            penalty=info[me]["penalty"],
            modifiers=info[me]["modifiers"],
            pool=info[me]["pool"],
            declared=declared[me].to_dict(),
            domains=domains,
            manoeuvres=manoeuvres,
            vehicles=vehicles,
            hazardous=state["hazardous"],
            potentiel=1 if used_domain else 0,
            fatigue_lost=tired,
            attack=info[me]["attack"],
            defence=info[me]["defence"],
            armour=info[me]["armour"],
            attacked_by=info[me]["attacked_by"],
            **resolution.sides[me],
        )
        if used_domain:
            info[me]["potentiel_left"] = potentiel(drawer, info[me]["characteristic"])
    # L733-L769: each Atout spent inside the draw, with its effect; a change that found no
    # failing card is not paid.
    roll = f"Sequence {state['id']} draw {number}"
    for beneficiary, spend in planned:
        card, change = info[beneficiary]["changed"], spend[1] == "change-one-card"
        if change and card is None:
            continue
        effect = {"card": card, "from": "failure", "to": "success", "where": by_name[beneficiary].change} if change else {"cards": 1}
        play_atouts(world, [spend], beneficiary, roll, {spend[1]: effect})
    for me in names:
        count_boosts(world.character(me), boosts[me], world.campaign.clock)
    # L315: the Revers are recorded once everyone has drawn; each heals on its own clock.
    if state["hazardous"]:
        for target in names:
            for attacker, severity in received[target].items():
                side = by_name[attacker]
                when = f"Sequence {state['id']} draw {number}" + (f" ({purpose})" if purpose else "")
                source = f"{attacker}, {when}"
                how = declared[attacker].manoeuvre
                if how == "chase":
                    continue  # L427: a change of position, not a wound (PROPOSAL T17g)
                if how == "ram":
                    # L429: damage to the target's vehicle, named on the event (ruling M105); a Décisif
                    # makes it a wreck; no repair rule (A24).
                    suffer(world, target, severity, VEHICLE, "none", f"{attacker}'s ram, {when}", vehicle=vehicles[target])
                    continue
                suffer(world, target, severity, by_name[target].domain, wound_healing(side), source)
    if decisive:
        # L313: a Décisif ends the Sequence; L453: so does an NPC's lighter threshold, which is no Décisif.
        dealt = dealt_a_decisif([received[target] for target in decisive])
        _end(world, state, resolution.winner, "decisive" if dealt else OUT_OF_THE_FIGHT)
    return DrawResult(number, info, resolution.winner, bool(decisive), members(state, resolution.winner), state["hazardous"])


def wound_healing(side: Side) -> str:
    """How the Revers a side inflicts heal (ruling M57): as its ``healing`` says, else by its weapon.
    «3 – Effets des Revers» L339-L341: blows, punches and stun weapons heal a card a day; edged
    weapons, even maces, and firearms wound deeper and heal a card a week; «b – Armes» L471 says even
    the light weapons (a knife, a small calibre) inflict lethal wounds. So a side that names a
    weapon class (``weapon`` among its card modifiers, a light one's +0 included) wounds weekly by
    default, and one without fights bare-handed, daily (PROPOSAL A10); the Narrator says
    ``healing=daily`` for a club or a thrown stone."""
    if side.healing:
        return side.healing
    return "weekly" if "weapon" in side.modifiers else "daily"


def dealt_a_decisif(received: Iterable[Mapping[str, int]]) -> bool:
    """Whether the Revers the sides taken out received include a Décisif (L313), or only reached
    an NPC's lighter ``out_after`` (L453), which puts it out of the fight without one."""
    return any(n >= tables().max_severity for revers in received for n in revers.values())


def members(state: Mapping[str, Any], team: str | None) -> tuple[str, ...]:
    """The participants of the Sequence ``state`` on the side ``team`` (none for no side): a side
    is its members, "les membres de son camp" (L411), whatever key grouped them."""
    return tuple(p for p in state["participants"] if team is not None and state["teams"][p] == team)


def teammates(world: World, name: str) -> tuple[str, ...]:
    """The side of the Sequence ``name`` is in, ``name`` included, by name."""
    state = _state(world.character(name))
    return members(state, state["teams"][world.character(name).name])


def _end(world: World, state: dict[str, Any], winner: str | None, how: str) -> None:
    side = list(members(state, winner))
    for name in state["participants"]:
        world.character(name).record(ev.SequenceEnded, at=world.campaign.clock, sequence=state["id"], winner=winner, side=side, how=how)


def abridge(world: World, name: str, agreed: bool = False) -> str:
    """End the Sequence as the last draw's winner, who achieves its goal («Abréger une Séquence»
    L321-L325); after a tied draw only when the other side agreed. Returns the winner. A critical
    character may not (ruling M52): a teammate or, after a tie, the other side may."""
    character = world.character(name)
    state = _state(character)
    _at_the_table(world, state)
    ensure_able_to_act(world, character)
    if not state["draws"]:
        raise RuleViolation("no draw yet: nobody may abridge the Sequence")
    team = state["teams"][character.name]
    if state["outcome"] == "tie":
        if not agreed:
            # Ruling M118: the refusal names the way out, the other side's agreement said with the abridgement.
            raise RuleViolation(
                "the draw was a tie: the Sequence ends only if the other side agrees (L325); if it does, abridge with `--agreed`"
            )
        _end(world, state, None, "agreed")
        return "nobody"
    if state["outcome"] != "won":
        raise RuleViolation(f"{character.name} did not win the last draw: only its winner may abridge (L323)")
    if agreed:
        # L323-L325: the other side's agreement is asked after a tie only; the winner needs none.
        raise RuleViolation(f"{character.name}'s side won the last draw: it abridges without the other side's agreement (L323)")
    _end(world, state, team, "abridged")
    return team


@dataclass(frozen=True)
class UpperHand:
    """What taking the upper hand did: the Revers ``forgone`` per target, the ``cards`` gained for
    the next draw, and the draw's ``winner`` counted again (None on a tie) with its ``side``'s
    members; ``domains``, the kind of each target's Revers, the taker's ``manoeuvre`` and the
    ``vehicles`` a ram hit name them as the draw did (L343, L429)."""

    cards: int
    forgone: dict[str, int]
    winner: str | None
    domains: dict[str, str]
    manoeuvre: str
    side: tuple[str, ...] = ()
    vehicles: dict[str, str] = field(default_factory=dict)


def _withdrawn(world: World, state: dict[str, Any], taker: str, forgone: Mapping[str, int]) -> dict[str, list[int]]:
    """The Revers of the last draw that ``taker`` forgoes, per target: the draw recorded each
    target's Revers one after the other, in the order its ``received`` lists their attackers, a
    chase's aside (L427: a change of position, never on the sheet)."""
    withdrawn: dict[str, list[int]] = {p: [] for p in state["participants"]}
    if not state["hazardous"] or state.get("manoeuvre") == "chase":
        return withdrawn
    for target, severity in forgone.items():
        theirs = _state(world.character(target))
        hitting = [a for a in theirs["received"] if _state(world.character(a)).get("manoeuvre") != "chase"]
        setback_id = int(theirs["first_setback"]) + hitting.index(taker)
        found = next((s for s in world.character(target).condition["setbacks"] if s["id"] == setback_id), None)
        if found is None or found["severity"] != severity:
            raise RuleViolation(f"the Revers {taker} inflicted on {target} has changed since the draw: too late for the upper hand (L329)")
        withdrawn[target] = [setback_id]
    return withdrawn


def take_upper_hand(world: World, name: str) -> UpperHand:
    """After seeing the last draw, ``name`` forgoes the Revers it inflicted there for twice as many
    cards in its next draw of the Sequence («Prendre l'ascendant» L327-L329, ruling M16, digest
    PROPOSAL §3.7: chosen after the draw, net Revers capped at 3, it then counts as having
    inflicted none). The forgone Revers leave the targets' sheets and the draw's winner is counted
    again (L321). A Décisif has already ended the Sequence (L313): nothing is left to take. A
    critical character takes nothing either (ruling M52)."""
    character = world.character(name)
    me = character.name
    state = _state(character)
    _at_the_table(world, state)
    ensure_able_to_act(world, character)
    if not int(state["draws"]):
        # L327-L329: the Revers forgone are a draw's, seen first (ruling M16); before any draw,
        # "inflicted no Revers in the last draw" spoke of a draw that never was (ruling M133).
        raise RuleViolation("no draw yet: nobody may take the upper hand before a draw's Revers are seen (L327-L329)")
    forgone = {target: n for target, n in state.get("inflicted", {}).items() if n}
    if not forgone and state["upper_hand"]:
        # L329: the Revers are forgone once; "inflicted no Revers" was said of one who had (ruling M115).
        taken = plural(int(state["upper_hand"]), "extra card")
        raise RuleViolation(
            f"{me} has already forgone the Revers of draw {state['draws']} for the upper hand ({taken} in the next draw): "
            "there is nothing to forgo (L329)"
        )
    if not forgone:
        raise RuleViolation(f"{me} inflicted no Revers in the last draw: there is nothing to forgo for the upper hand (L329)")
    cards = upper_hand_cards(sum(forgone.values()))
    withdrawn = _withdrawn(world, state, me, forgone)
    participants = {p: _state(world.character(p)) for p in state["participants"]}
    teams = state["teams"]
    if state["collective"]:
        # L415-L417: a collective draw is won by successes, which the upper hand leaves alone.
        winner = next((teams[p] for p, s in participants.items() if s["outcome"] == "won"), None)
    else:
        score = {teams[p]: 0 for p in participants}
        for p, theirs in participants.items():
            score[teams[p]] += 0 if p == me else sum(theirs.get("inflicted", {}).values())
        winner = draw_winner(score)
    # The kind of each forgone Revers, as its target declared it with the draw (L335-L345).
    domains = {target: str(participants[target].get("domain", "")) for target in forgone}
    manoeuvre = state.get("manoeuvre", "fight")
    hit = state.get("vehicles", {}) if manoeuvre == "ram" else {}
    vehicles = {target: hit[target] for target in forgone if target in hit}  # L429: a ram's were the vehicles'
    for p in participants:
        outcome = "tie" if winner is None else "won" if teams[p] == winner else "lost"
        world.character(p).record(
            ev.UpperHandTaken,
            at=world.campaign.clock,
            sequence=state["id"],
            draw=state["draws"],
            taker=me,
            cards=cards,
            forgone=forgone,
            domains=domains,
            manoeuvre=manoeuvre,
            vehicles=vehicles,
            withdrawn=withdrawn[p],
            outcome=outcome,
        )
    return UpperHand(cards, forgone, winner, domains, manoeuvre, members(state, winner), vehicles)


def stop(world: World, name: str) -> int:
    """The Narrator ends the Sequence ``name`` is in without a winner (a scene cut, L297); its
    number. The Narrator acts, not a participant: one fallen critical may be in it (ruling M52)."""
    state = _state(world.character(name))
    _end(world, state, None, "narrator")
    return int(state["id"])
