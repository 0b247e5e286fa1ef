"""The Cartes table: the general deck, dealing, and what ends a scene or a session."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

import orjson

from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.recorded import recorded_sheet
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


def discards(world: World) -> list[str]:
    """Cards neither in the general deck nor held by anyone, in fresh-pack order (A30)."""
    deck = world.decks[GENERAL]
    out = Counter(deck.cards)
    for character in world.characters.values():
        out.update(character.condition["pile"])
        out.update(character.condition["hand"])
    pool: list[str] = []
    for card in deck.fresh():
        if out[card]:
            out[card] -= 1
        else:
            pool.append(card)
    return pool


def draw(world: World, count: int, to: str, purpose: str, face_down: bool = False) -> list[str]:
    """Cards from the top of the general deck, once the session's cards are dealt."""
    deal(world)
    return _take(world, count, to, purpose, face_down)


def _take(world: World, count: int, to: str, purpose: str, face_down: bool) -> list[str]:
    # The next cards of a recorded shuffle: no chance is consumed here (FAIRNESS.md).
    if count == 0:
        return []
    return world.decks[GENERAL].draw(count, to, purpose, lambda: discards(world), world, world.campaign.epoch, face_down)


def living(world: World, name: str) -> Character:
    """The named character, refusing the dead."""
    character = world.character(name)
    if character.condition["dead"]:
        raise RuleViolation(f"{character.name} is dead")
    return character


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
    recipient = world.character(to).name if to else "the GM"
    return draw(world, count, recipient, reason or "GM draw", face_down=hidden)


def return_cards(world: World) -> None:
    """Session end (§Ressources en cartes): all cards back; pile and hand counts noted."""
    for character in world.characters.values():
        c = character.condition
        if recorded_sheet(character).npc:
            continue
        pile = len(c["pile"]) if c["dealt"] else c["pile_count"]
        hand = len(c["hand"]) if c["dealt"] else c["hand_count"]
        character.record(ev.CardsReturned, at=world.campaign.clock, pile_count=pile, hand_count=hand)
    world.decks[GENERAL].gather("end of session")


def end_scene(world: World) -> None:
    """Markers and post-KO maluses lapse at the end of a scene (A7, A16)."""
    for character in world.characters.values():
        character.record(ev.SceneEnded, at=world.campaign.clock)
