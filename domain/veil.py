"""What players may not see yet of a character's sheet: the parts a hidden roll changed.

A roll the GM asked to keep hidden lies face down until its epoch's seed is revealed (FAIRNESS.md
v2); the tactics markers it won, the hand card it spent, the Revers it dealt or the wound it left
would tell its outcome all the same. Until then the players' sheet shows each part such a roll
changed as it stood before the first of them, and says so."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from copy import deepcopy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chronique.domain.chain import ChainedEvent, FaceDown
from chronique.domain.rulesets.words import epoch_name

if TYPE_CHECKING:
    from chronique.domain.character import Character


@dataclass(frozen=True)
class Veil:
    """The parts of a character's condition that hidden rolls not yet revealed changed, each as
    it stood before the first of them (``added``: parts they made, none before), and the epochs
    whose end shows them. A sheet says so whenever such a roll was made, whether it changed
    anything or not: saying it only when it did would tell."""

    before: Mapping[str, Any]
    added: frozenset[str]
    epochs: tuple[str, ...]

    def over(self, condition: Mapping[str, Any]) -> dict[str, Any]:
        """``condition`` as its players may see it: the veiled parts as they stood before."""
        return {k: v for k, v in condition.items() if k not in self.added} | dict(self.before)

    def words(self) -> str:
        """The sentence a players' sheet carries while a hidden roll waits for its reveal."""
        ends = " and ".join(epoch_name(epoch) for epoch in self.epochs)
        return f"Parts of this sheet may stand as they were before a hidden roll of {ends}; what the roll did shows once {ends} is over."


def hidden_from_players(event: Any, is_revealed: Callable[[str], bool], voided: Collection[int]) -> bool:
    """Whether ``event`` is a hidden roll whose effects players may not see yet (a voided one has
    none left to hide)."""
    return isinstance(event, FaceDown) and event.originator_version not in voided and event.keeps_from_players(is_revealed)


def veil(start: Character, events: Iterable[ChainedEvent], is_revealed: Callable[[str], bool], voided: Collection[int]) -> Veil | None:
    """What the hidden rolls among ``events`` (the character's, in order, from the version after
    ``start``) changed, replayed on ``start`` by the events' own ``apply`` as the sheets read model
    replays them; None when none of them hides anything. ``start`` is changed: pass a copy."""
    before: dict[str, Any] = {}
    added: set[str] = set()
    epochs: dict[str, None] = {}
    for event in events:
        if not hidden_from_players(event, is_revealed, voided):
            event.apply(start)
            continue
        prior = deepcopy(start.condition)
        event.apply(start)
        for key in (prior.keys() | start.condition.keys()) - before.keys() - added:
            if key not in prior:
                added.add(key)
            elif prior[key] != start.condition.get(key, prior):  # ``prior`` itself: a part it took away
                before[key] = prior[key]
        epochs[str(event.sealed_until)] = None  # type: ignore[attr-defined]
    return Veil(before, frozenset(added), tuple(epochs)) if epochs else None
