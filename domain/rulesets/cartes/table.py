"""The Cartes table: the general deck, dealing, and what ends a scene or a session."""

from __future__ import annotations

import shlex
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import orjson

from chronique.domain.character import Character
from chronique.domain.deck import Deck
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.recorded import recorded_sheet
from chronique.domain.text import plural, to_type
from chronique.domain.world import World

if TYPE_CHECKING:
    from chronique.domain.rulesets.cartes.sheet import CartesSheet

GENERAL = "general"


def sheet_of(character: Character) -> CartesSheet:
    """The character's sheet as the typed model, for the rules that change it (experience); the
    rules that only read it read the recorded sheet (``recorded.recorded_sheet``)."""
    return _typed_sheet(orjson.dumps(character.sheet, option=orjson.OPT_SORT_KEYS))


@lru_cache(maxsize=1024)
def _typed_sheet(sheet: bytes) -> CartesSheet:
    # Validating a sheet costs about a millisecond and the timeline asks for every character's
    # at every tick: sheets change only by events, so each distinct sheet is validated once. The
    # typed model (pydantic) is imported on first use: a read that never types a sheet (`sheet`,
    # `log`) does not pay its import (issue 20, "cold commands lean").
    from chronique.domain.rulesets.cartes.sheet import CartesSheet

    return CartesSheet.model_validate(orjson.loads(sheet))


def held(world: World) -> Counter[str]:
    """Every card a character holds: piles, hands, and the power support cards kept for a next
    draw (§Tirage des soutiens L293: "la carte de succès est donnée au joueur soutenu")."""
    out: Counter[str] = Counter()
    for character in world.characters.values():
        c = character.condition
        out.update(c["pile"])
        out.update(c["hand"])
        out.update(c["support_cards"])
    return out


def _accounted(event: object) -> list[str]:
    # The general-deck cards a character's event took in (a pile, a hand) or used up (a test's,
    # a survival draw's, a tie-break's cards, discarded once it is recorded).
    if isinstance(event, ev.CardsDealt):
        return [*event.hand, *event.pile]
    if isinstance(event, ev.HandDealtEarly):
        return list(event.hand)
    if isinstance(event, (ev.ExperienceAwarded, ev.PileRefilled, ev.SupportReceived)):
        # Not a support's power card, which may come from the supporter's pile, not the deck.
        return list(event.cards)
    if isinstance(event, ev.TestMade):
        drawn = list(event.outcome.get("drawn") or event.outcome["cards"])
        return drawn if event.source == "deck" else drawn[1:]  # a pile's or hand's card was held
    if isinstance(event, (ev.ConsciousnessChecked, ev.SurvivalChecked, ev.SurvivalRetried)):
        medicine = getattr(event, "medicine", None)
        return [*event.outcome["drawn"], *(medicine["outcome"]["drawn"] if medicine else ())]
    if isinstance(event, ev.OppositionSettled):
        return [card for pair in event.opposition.get("tie_breaks", ()) for card in pair]
    return []


def on_the_table(world: World) -> Counter[str]:
    """The cards the general deck handed out in the command being played that no event recorded
    since has taken into a pile or a hand, or used up: a test's extra cards while it is drawn, a
    hand just drawn whose pile is being drawn. They are on the table, not among the discards (A30)."""
    drawn: Counter[str] = Counter()
    for event in world.decks[GENERAL].pending_events:
        if isinstance(event, Deck.Gathered):
            drawn.clear()  # every card went back into the box
        elif isinstance(event, Deck.CardsDrawn):
            drawn.update(event.cards)
    if not drawn:
        return drawn
    for character in world.characters.values():
        for event in character.pending_events:
            drawn.subtract(_accounted(event))
    drawn.subtract(world.shown_and_discarded)
    return +drawn


def discards(world: World) -> list[str]:
    """Cards neither in the general deck, nor held by anyone, nor on the table in the command
    being played, in fresh-pack order (A30; ruling C37): never a second copy of a card the packs
    hold once per pack."""
    deck = world.decks[GENERAL]
    out = Counter(deck.cards) + held(world) + on_the_table(world)
    pool: list[str] = []
    for card in deck.fresh():
        if out[card]:
            out[card] -= 1
        else:
            pool.append(card)
    return pool


def pack_words(deck: Deck) -> str:
    """A deck's packs and cards in words: "2 packs (104 cards)"."""
    return f"{plural(deck.packs, 'pack')} ({len(deck.fresh())} cards)"


def draw(world: World, count: int, to: str, purpose: str, face_down: bool = False) -> list[str]:
    """Cards from the top of the general deck, once the session's cards are dealt."""
    deal(world)
    return _take(world, count, to, purpose, face_down)


def _take(world: World, count: int, to: str, purpose: str, face_down: bool) -> list[str]:
    # The next cards of a recorded shuffle: no chance is consumed here (FAIRNESS.md).
    if count == 0:
        return []
    deck = world.decks[GENERAL]
    if count > len(deck.cards):
        _refuse_beyond_the_packs(world, count)
    return deck.draw(count, to, purpose, lambda: discards(world), world, world.campaign.epoch, face_down)


def _refuse_beyond_the_packs(world: World, count: int) -> None:
    # §Fournitures nécessaires L75: two or three packs, no more. When the deck and its discards
    # (A30) cannot give the cards, the command is refused before it draws anything, so that it
    # records nothing and consumes no chance.
    deck = world.decks[GENERAL]
    total = len(deck.fresh())
    left = total - sum((held(world) + on_the_table(world)).values())
    if count > left:
        raise RuleViolation(
            f"the general deck cannot give {plural(count, 'card')}: of the {pack_words(deck)}, "
            # Ruling C145: "1 card is held", never "1 are held".
            f"{plural(total - left, 'card is', 'cards are')} held in piles and hands or on the table, "
            f"and {plural(left, 'card is', 'cards are')} left to draw"
        )


def pile_size(character: Character) -> int:
    """The cards in ``character``'s pile: those held once the session's cards are dealt, its noted
    count before (§Ressources en cartes L203)."""
    c = character.condition
    return len(c["pile"]) if c["dealt"] else int(c["pile_count"])


def spoken_for(character: Character) -> int:
    """The cards a player character needs from the general deck, held or noted: its hand, and its
    pile as full as it may grow (a night's sleep refills it to pile max between sessions, A14)."""
    c = character.condition
    hand = len(c["hand"]) if c["dealt"] else max(c["hand_count"], len(c["hand"]))
    return hand + max(pile_size(character), recorded_sheet(character).pile_max) + len(c["support_cards"])


def room_for_hands(world: World) -> int:
    """How many more hand cards the general deck can give while still dealing every living player
    character its hand and full pile (§Fournitures nécessaires L75: two or three packs)."""
    needed = 0
    for character in world.characters.values():
        c = character.condition
        if c["dead"] or recorded_sheet(character).npc:
            needed += len(c["pile"]) + len(c["hand"]) + len(c["support_cards"])  # held until the session ends
        else:
            needed += spoken_for(character)
    return max(0, len(world.decks[GENERAL].fresh()) - needed)


def living(world: World, name: str) -> Character:
    """The named character, refusing the dead."""
    character = world.character(name)
    if character.condition["dead"]:
        raise RuleViolation(f"{character.name} is dead")
    return character


def cartes_command(world: World, command: str, name: str, rest: str = "") -> str:
    """The Cartes command ``command`` for the character ``name`` of this campaign, then ``rest``,
    as a refusal tells a person to type it where it is read: in backticks, without ``chronique``
    in the shell (rulings EB35, SL13, C148): "`chronique cartes recover Verdelune Alice`"."""
    campaign, who = (shlex.quote(n) for n in (world.campaign.name, name))
    return to_type(" ".join(("cartes", command, campaign, who, rest)).rstrip())


def deal(world: World) -> None:
    """Deal each living player character not yet dealt this session its noted hand then pile
    (§Distribution des cartes): everyone at the session's first draw, a late joiner at the next."""
    if not world.campaign.in_session:
        return
    for character in world.characters.values():
        if character.condition["dealt"] or character.condition["dead"] or recorded_sheet(character).npc:
            continue
        # §Ressources en cartes: the hand is face up, the pile face down (hidden until revealed).
        # A hand dealt early to spend experience (C46) is kept: only the rest of the count is dealt.
        owed = character.condition["hand_count"] - len(character.condition["hand"])
        hand = _take(world, owed, character.name, "hand dealt", False)
        pile = _take(world, character.condition["pile_count"], character.name, "pile dealt", True)
        character.record(ev.CardsDealt, at=world.campaign.clock, hand=hand, pile=pile, sealed_until=world.campaign.epoch)


def gm_draw(world: World, count: int, to: str, reason: str, hidden: bool = False) -> list[str]:
    """Cards the GM draws from the general deck outside any test (a passive draw, §Tirage passifs);
    a hidden draw shows players only "hidden" until its epoch is revealed."""
    if count < 1:
        raise RuleViolation("draw at least one card")
    recipient = _passive_drawer(world, to).name if to else "the GM"
    cards = draw(world, count, recipient, reason or "GM draw", face_down=hidden)
    world.shown_and_discarded.update(cards)  # shown, then discarded: nobody keeps them (A30)
    return cards


def _passive_drawer(world: World, name: str) -> Character:
    """The character a GM's passive draw is for, refusing the dead: a passive draw stands for an
    action of theirs, if an idle or unwilled one (§Tirage passifs L229), and the dead act no more
    (ruling C146), as every other draw of theirs is refused."""
    character = world.character(name)
    if character.condition["dead"]:
        raise RuleViolation(f"{character.name} is dead: the dead make no draw, passive or not (draw for the GM instead)")
    return character


def return_cards(world: World) -> None:
    """Session end (§Ressources en cartes L203): all cards back; pile and hand counts noted; markers,
    the out-of-combat state, support cards and the post-KO malus reset for every character, GM
    characters too (ruling C36), who hold no cards and note none (C35). The dead return what they
    held and let lapse what they had at the first session's end after their death, then nothing
    more (ruling C125)."""
    for character in world.characters.values():
        c = character.condition
        if c["dead"] and not _holds_anything(c) and not _scene_state(c):
            continue
        if recorded_sheet(character).npc:
            pile = hand = 0
        else:
            pile = pile_size(character)
            hand = len(c["hand"]) if c["dealt"] else c["hand_count"]
        character.record(ev.CardsReturned, at=world.campaign.clock, pile_count=pile, hand_count=hand)
    world.decks[GENERAL].gather("end of session")


def end_scene(world: World) -> list[tuple[str, dict[str, Any]]]:
    """Markers and post-KO maluses lapse at the end of a scene (A7, A16); between sessions no
    scene runs, and the command is refused (ruling C112). Gives each character whose scene state
    lapsed, with that state as it was, for the line to say what the end cleared (ruling C154)."""
    if not world.campaign.in_session:
        # §Déroulement du tour L247: a scene is played at the table, in a session; at the session's
        # end (§Ressources en cartes L203) markers and maluses already lapsed with the cards
        # returned, so ending a scene then would record one event per character changing nothing.
        raise RuleViolation("no scene is running: the session is closed, and its end already cleared the markers")
    lapsed: list[tuple[str, dict[str, Any]]] = []
    for character in world.characters.values():
        c = character.condition
        if c["dead"] and not _scene_state(c):
            continue  # ruling C125: no scene of theirs ends after their death
        if _scene_state(c):
            lapsed.append((character.name, {key: c.get(key) for key in SCENE_STATE}))
        character.record(ev.SceneEnded, at=world.campaign.clock)
    return lapsed


def _holds_anything(c: Mapping[str, Any]) -> bool:
    # Cards dealt this session, or held (a hand dealt early to spend, C46), or an out-of-combat
    # state and its damage card (§KO ou OK L361), which a session's end lets lapse (C36).
    return bool(c["dealt"] or c["pile"] or c["hand"] or c.get("out_of_combat") or c.get("ko_damage"))


SCENE_STATE = ("bonus", "malus", "ko_malus", "resource_steps", "support_cards")
"""What a scene's end lets lapse (A7, A16; ruling C39), and a session's end too: markers, the
post-KO malus, harder resource draws, a power support's card held for a next draw."""


def _scene_state(c: Mapping[str, Any]) -> bool:
    return any(c.get(key) for key in SCENE_STATE)
