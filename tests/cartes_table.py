"""A Cartes table in memory with a stacked deck: the scripted stream of unit tests.

The stream hands out the Fisher-Yates choices that put chosen cards on top of the shuffle,
so a test knows every card that will be drawn (FAIRNESS.md's shuffle, run backwards).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scripted_table import hold_to_account, unspent
from support import sample

from chronique.domain.campaign import Campaign
from chronique.domain.chance import ChanceStream, DrawPlace, ScriptedStream
from chronique.domain.character import Character
from chronique.domain.deck import Deck
from chronique.domain.fairness import commitment
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.advancement import arrange_care
from chronique.domain.rulesets.cartes.combat import suffer_wound
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test
from chronique.domain.rulesets.cartes.table import return_cards
from chronique.domain.world import World

SEED = bytes(32)

# The first deal of a session of Alice and Bruno (a hand of 3, a pile of 7 each), to stack a deck with.
ALICE_HAND = ["KD", "8C", "2H"]
ALICE_PILE = ["5H", "AS", "JS", "10D", "4D", "2S", "KS"]
BRUNO_HAND = ["JH", "JC", "4C"]
BRUNO_PILE = ["8D", "KH", "2C", "5C", "9S", "8H", "10H"]
DEALT = ALICE_HAND + ALICE_PILE + BRUNO_HAND + BRUNO_PILE
BRIGAND = {
    "name": "Brigand",
    "npc": True,
    "characteristics": {"Carrure": 7, "Rapidité": 6, "Sens": 6, "Volonté": 6, "Intellect": 5, "Équilibre": 6},
    "skills": {"Contact": {"level": 10, "characteristic": "Carrure"}},
}
# The Brigand with an axe: Contact 9 and its speciality Hache (+4, §Spécialités L243).
AXEMAN = {**BRIGAND, "skills": {"Contact": {"level": 9, "specialities": ["Hache"], "characteristic": "Carrure"}}}


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
    """Each shuffle puts the next scripted run of cards on top (the rest in fresh-pack order); any
    other draw takes the next scripted uniform value. Held to account for the values no draw took,
    the runs no shuffle took and the stacked cards still in one of ``decks`` (its table's)."""

    def __init__(self, *stacks: Sequence[str], values: Sequence[int] = ()) -> None:
        self.values = list(values)
        self.stacks = [list(s) for s in stacks]
        self.shuffled: list[tuple[list[str], list[str]]] = []  # (stacked top, shuffled deck)
        self.decks: dict[str, Deck] = {}
        hold_to_account(self.leftover)

    def stream(self, epoch: str, place: DrawPlace) -> ChanceStream:
        return _StackedStream(self)

    def leftover(self) -> str | None:
        """What of the script no draw took, in words."""
        parts = (
            self.values_left(),
            unspent([" ".join(stack) for stack in self.stacks], "stacked run of cards", "shuffled", "stacked runs of cards"),
            unspent(self._undrawn(), "stacked card", "drawn"),
        )
        return "; ".join(part for part in parts if part) or None

    def values_left(self) -> str | None:
        """The scripted values no draw took, in words."""
        return unspent(self.values, "scripted uniform value", "drawn")

    def _undrawn(self) -> list[str]:
        # A deck draws from the top of its last shuffle, so the cards it still holds are that
        # shuffle's tail; a gathered deck holds none and shows nothing.
        left = []
        for deck in self.decks.values():
            for top, result in self.shuffled:
                if deck.cards and result[-len(deck.cards) :] == deck.cards:
                    left.extend(top[len(result) - len(deck.cards) :])
        return left


class _StackedStream(ScriptedStream):
    def __init__(self, source: StackedChance) -> None:
        super().__init__([])
        self._values = source.values  # shared: each stream consumes from the one script
        self._source = source

    def shuffle(self, deck: Sequence[str]) -> list[str]:
        top = self._source.stacks.pop(0) if self._source.stacks else []
        saved, self._values = self._values, choices_for(deck, top)
        try:
            result = super().shuffle(deck)
        finally:
            self._values = saved
        self._source.shuffled.append((top, result))
        return result


def table(*stacks: Sequence[str], sheets: Sequence[str | dict[str, Any]] = ("alice", "bruno"), session: bool = True) -> World:
    """A Cartes campaign in memory with the given characters, its session open by default."""
    rules = ruleset("cartes")
    campaign = Campaign.create("Table", "cartes", rules.default_settings(), {"kind": "days"}, 8 * 3600, commitment(SEED))
    source = StackedChance(*stacks)
    world = World(campaign=campaign, source=source)
    deck = Deck.create(campaign.id, "general", 2)
    campaign.join(deck.id, "deck", "general")
    world.decks["general"] = deck
    source.decks = world.decks
    for item in sheets:
        raw = sample(item) if isinstance(item, str) else item
        sheet, condition = rules.new_character(raw)
        character = Character.create(campaign.id, sheet["name"], "cartes", sheet, condition)
        campaign.join(character.id, "character", character.name)
        world.characters[character.id] = character
    if session:
        campaign.start_session(SEED, commitment(SEED))
    return world


class ScriptedDraw:
    """A ``draw(n)`` callback over a fixed run of general-deck cards, recording each request; it
    hands out fewer than asked once the run is spent, as a spent deck would. Held to account for
    the cards no draw took."""

    def __init__(self, *cards: str) -> None:
        self.pending = list(cards)
        self.requests: list[int] = []
        hold_to_account(lambda: unspent(self.pending, "scripted card", "drawn"))

    def __call__(self, n: int) -> list[str]:
        self.requests.append(n)
        taken, self.pending = self.pending[:n], self.pending[n:]
        return taken


def describe(event: Any) -> str:
    """What the log says of a Cartes event."""
    return ruleset("cartes").describe(event)


def last_test(world: World, name: str) -> ev.TestMade:
    """The last test ``name`` made on ``world``."""
    return world.recorded_last(name, ev.TestMade)


def empty_alices_pile(world: World) -> None:
    """Seven Moyenne Contact tests: Alice's stacked pile (5♥ A♠ J♠ 10♦ 4♦ 2♠ K♠) holds no ♣, so
    each draws its one card from the pile and nothing more."""
    for _ in range(7):
        make_test(world, "Alice", TestRequest("Contact"))
    assert world.character("Alice").condition["pile"] == []


def downtime(world: World) -> None:
    """End the table's session as the services do: every card drawn goes back into the deck
    (§Ressources en cartes L203), then the seal; the campaign is in downtime."""
    return_cards(world)
    world.campaign.end_session(SEED, commitment(SEED), "2026-01-01T00:00:00+00:00")


def wounded(
    cards: Sequence[str],
    damage: int = 6,
    lethality: str = "forte",
    care: str | None = None,
    *,
    extra_levels: int = 0,
    patient: str = "Alice",
    healer: str = "Bruno",
) -> World:
    """A session in which ``patient`` takes a wound of ``damage`` at ``lethality``, tended by
    ``healer`` with the means ``care`` (and ``extra_levels``) when one is named, then downtime. No
    card is drawn in session, so the stacked ``cards`` top the first shuffle: the first survival
    draw's (the healer's Médecine cards first when tended)."""
    world = table(cards)
    suffer_wound(world, patient, damage, lethality, "axe")
    if care:
        arrange_care(world, patient, healer, care, extra_levels)
    downtime(world)
    return world
