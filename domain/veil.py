"""What players may not see yet of a character's sheet: what a hidden roll did to it.

A roll the GM asked to keep hidden lies face down until its epoch's seed is revealed (FAIRNESS.md
v2); the tactics markers it won, the pile cards it drew, the Revers it dealt or the effort it took
would tell its outcome all the same. Until then the players' sheet is the character's events
replayed without the hidden rolls: what later events in plain sight did shows where it does not
rest on what a hidden roll did (a scene's end clearing the markers), and a part whose value would
(the effort a recovery gives back after a hidden test spent it) stays as the players last saw it;
the sheet says so (ruling FP9)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from copy import deepcopy
from dataclasses import dataclass
from typing import Any

from chronique.domain.chain import ChainedEvent, FaceDown
from chronique.domain.character import Character
from chronique.domain.rulesets.words import epoch_name, epoch_reveal

# Events that restate the whole condition as the full replay gives it (a correction, an undo):
# what they say of the parts a hidden roll changed would tell what it did.
_RESTATING = (Character.Corrected, Character.Undone)


@dataclass(frozen=True)
class Veil:
    """A character's condition as its players may see it while hidden rolls on it wait for their
    reveal (its events replayed without them), and the epochs whose end shows them. A sheet says
    so whenever such a roll was made, whether it changed anything or not: saying it only when it
    did would tell."""

    condition: Mapping[str, Any]
    epochs: tuple[str, ...]

    def words(self) -> str:
        """The sentence a players' sheet carries while a hidden roll waits for its reveal."""
        ends = " and ".join(epoch_name(epoch) for epoch in self.epochs)
        return f"Parts of this sheet may stand as they were before a hidden roll of {ends}; what the roll did shows once {ends} is over."

    def until(self) -> dict[str, list[int]]:
        """Which reveals the players' sheet waits for, as numbers a script can use without knowing
        how epochs are named (ruling FP20, after M91): "hidden_rolls_until_session": [1] for a
        hidden roll of session 1, "hidden_rolls_until_downtime_after_session": [1] for one of the
        downtime after it (0, the time before the first session); a key only when one waits."""
        waits: dict[str, list[int]] = {}
        for epoch in self.epochs:
            what, number = epoch_reveal(epoch)
            waits.setdefault(f"hidden_rolls_until_{what}", []).append(number)
        return waits


def hidden_from_players(event: Any, is_revealed: Callable[[str], bool], voided: Collection[int]) -> bool:
    """Whether ``event`` is a hidden roll whose effects players may not see yet (a voided one has
    none left to hide)."""
    return isinstance(event, FaceDown) and event.originator_version not in voided and event.keeps_from_players(is_revealed)


def veil(start: Character, events: Iterable[ChainedEvent], is_revealed: Callable[[str], bool], voided: Collection[int]) -> Veil | None:
    """``start`` (the character before the first of ``events``, his next ones in order) brought
    up to date by the events' own ``apply``, as the sheets read model replays them, but for the
    hidden rolls among them; None when none of them is one. An event in plain sight that cannot
    apply without what a hidden roll did (first aid on a Revers the players never saw) is left
    out too. ``start`` is changed: pass a copy."""
    real = deepcopy(start)  # the full replay, to tell what a later event's result rests on
    epochs: dict[str, None] = {}
    hidden_parts: set[Part] = set()
    for event in events:
        if hidden_from_players(event, is_revealed, voided):
            real_before = deepcopy(real.condition)  # a rule may change a part's dict in place
            event.apply(real)
            epochs[str(event.sealed_until)] = None  # type: ignore[attr-defined]
            hidden_parts |= _changed(real_before, real.condition)
            continue
        event.apply(real)
        prior = deepcopy(start.condition)  # kept whole: a rule may change a part's dict in place
        try:
            event.apply(start)
        except Exception:  # noqa: BLE001 - it rests on what the players do not see: left out
            start.condition = prior
            continue
        for part in hidden_parts:
            # The same event gives another value with and without the hidden rolls (a recovery
            # adding back what one spent), or restates the whole condition from the full replay
            # (a correction): its value would tell, so the part stays as the players last saw it.
            if isinstance(event, _RESTATING) or _get(start.condition, part) != _get(real.condition, part):
                _put(start.condition, part, _get(prior, part))
    return Veil(start.condition, tuple(epochs)) if epochs else None


_ABSENT = object()

# A part of a condition: a key, or one numbered item of a list kept under a key (a Revers among
# the Revers): a hidden roll's Revers stays face down without hiding the face-up ones beside it.
Part = tuple[str, Any]
_WHOLE = object()


def _itemised(value: Any) -> bool:
    """Whether ``value`` is a list of numbered items (each a mapping with an ``id``)."""
    return isinstance(value, list) and all(isinstance(item, Mapping) and "id" in item for item in value)


def _items(value: list[Mapping[str, Any]]) -> dict[Any, Mapping[str, Any]]:
    return {item["id"]: item for item in value}


def _changed(before: Mapping[str, Any], after: Mapping[str, Any]) -> set[Part]:
    """The parts of a condition that differ between ``before`` and ``after``."""
    parts: set[Part] = set()
    for key in before.keys() | after.keys():
        old, new = before.get(key, _ABSENT), after.get(key, _ABSENT)
        if old == new:
            continue
        if _itemised(old) and _itemised(new):
            was, now = _items(old), _items(new)
            parts |= {(key, n) for n in was.keys() | now.keys() if was.get(n, _ABSENT) != now.get(n, _ABSENT)}
        else:
            parts.add((key, _WHOLE))
    return parts


def _get(condition: Mapping[str, Any], part: Part) -> Any:
    key, number = part
    value = condition.get(key, _ABSENT)
    if number is _WHOLE:
        return value
    return _items(value).get(number, _ABSENT) if _itemised(value) else _ABSENT


def _put(condition: dict[str, Any], part: Part, value: Any) -> None:
    key, number = part
    if number is not _WHOLE:
        kept = condition.get(key, [])
        others = [item for item in kept if item["id"] != number] if _itemised(kept) else []
        value = others if value is _ABSENT else sorted([*others, value], key=lambda item: item["id"])
    if value is _ABSENT:
        condition.pop(key, None)
    else:
        condition[key] = value
