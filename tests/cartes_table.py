"""A Cartes table in memory with a stacked deck: the scripted stream of unit tests.

The stream hands out the Fisher-Yates choices that put chosen cards on top of the shuffle,
so a test knows every card that will be drawn (FAIRNESS.md's shuffle, run backwards).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from support import sample

from chronique.domain.campaign import Campaign
from chronique.domain.chance import ChanceStream, DrawPlace, ScriptedStream
from chronique.domain.character import Character
from chronique.domain.deck import Deck
from chronique.domain.fairness import commitment
from chronique.domain.rulesets import ruleset
from chronique.domain.world import World

SEED = bytes(32)


def choices_for(deck: Sequence[str], top: Sequence[str]) -> list[int]:
    """The uniform values whose shuffle of ``deck`` starts with ``top``, the rest in order."""
    rest = list(deck)
    for card in top:
        rest.remove(card)
    wanted = list(top) + rest
    arr = list(deck)
    values = []
    for i in range(len(arr) - 1, 0, -1):
        j = arr.index(wanted[i], 0, i + 1)
        values.append(j)
        arr[i], arr[j] = arr[j], arr[i]
    return values


class StackedChance:
    """Each shuffle puts the next scripted run of cards on top."""

    def __init__(self, *stacks: Sequence[str]) -> None:
        self.stacks = [list(s) for s in stacks]

    def stream(self, epoch: str, place: DrawPlace) -> ChanceStream:
        return _StackedStream(self.stacks.pop(0) if self.stacks else [])


class _StackedStream(ScriptedStream):
    def __init__(self, top: list[str]) -> None:
        super().__init__([])
        self._top = top

    def shuffle(self, deck: Sequence[str]) -> list[str]:
        self._values = choices_for(deck, self._top)
        return super().shuffle(deck)


def table(*stacks: Sequence[str], sheets: Sequence[str | dict[str, Any]] = ("alice", "bruno"), session: bool = True) -> World:
    """A Cartes campaign in memory with the given characters, its session open by default."""
    rules = ruleset("cartes")
    campaign = Campaign.create("Table", "cartes", rules.default_settings(), {"kind": "days"}, 8 * 3600, commitment(SEED))
    world = World(campaign=campaign, source=StackedChance(*stacks))
    deck = Deck.create(campaign.id, "general", 2)
    campaign.join(deck.id, "deck", "general")
    world.decks["general"] = deck
    for item in sheets:
        raw = sample(item) if isinstance(item, str) else item
        sheet, condition = rules.new_character(raw)
        character = Character.create(campaign.id, sheet["name"], "cartes", sheet, condition)
        campaign.join(character.id, "character", character.name)
        world.characters[character.id] = character
    if session:
        campaign.start_session(SEED, commitment(SEED))
    return world


def scripted_draw(*cards: str) -> Callable[[int], list[str]]:
    """A ``draw(n)`` callback over a fixed run of general-deck cards."""
    pending = list(cards)

    def draw(n: int) -> list[str]:
        taken, pending[:] = pending[:n], pending[n:]
        return taken

    return draw
