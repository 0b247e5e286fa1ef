"""Chance for the domain: the streams of FAIRNESS.md behind a protocol, so tests may script them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol
from uuid import UUID

from chronique.domain.fairness import Primitives


class ChanceStream(Protocol):
    """A source of chance for one draw place, logging each primitive it hands out."""

    ops: list[dict[str, Any]]

    def uniform(self, n: int) -> int:
        """An integer in [0, n)."""
        ...

    def die(self, sides: int) -> int:
        """A face in 1..sides."""
        ...

    def fudge(self) -> int:
        """A Fudge die: -1, 0 or +1."""
        ...

    def shuffle(self, deck: Sequence[str]) -> list[str]:
        """A Fisher-Yates shuffle of ``deck``; position 0 is the top."""
        ...


class DrawPlace(NamedTuple):
    """Where the next chance-consuming event of an aggregate draws: its id, the version it will
    have (the place under chronique-fair-v1) and how many chance-consuming events the aggregate
    recorded before it in the epoch (the place under chronique-fair-v2, FAIRNESS.md)."""

    originator_id: UUID
    version: int
    draw: int


class StreamSource(Protocol):
    """Hands out the stream of a draw place within an epoch: all a deck needs to shuffle."""

    def stream(self, epoch: str, place: DrawPlace) -> ChanceStream:
        """The stream of the draw place ``place`` in ``epoch``."""
        ...


class ChanceSource(StreamSource, Protocol):
    """Streams and the salts of face-down events (keys stay outside the domain)."""

    def salt(self, epoch: str, originator_id: UUID, version: int) -> str | None:
        """The salt of a face-down event sealed until ``epoch`` (None where the epoch has none)."""
        ...


class ScriptedStream(Primitives):
    """A stream that hands out scripted uniform values, for unit tests only. ``left`` holds what
    no draw has taken, so a test can fail when it scripted more chance than the rules consumed."""

    def __init__(self, values: Sequence[int]) -> None:
        super().__init__()
        self._values = list(values)

    @property
    def left(self) -> list[int]:
        """The scripted values no draw has taken yet, the next one first."""
        return list(self._values)

    def _uniform(self, n: int) -> int:
        if not self._values:
            # An AssertionError, not a ValueError or LookupError a rule might catch: the test is wrong.
            raise AssertionError(f"the rules drew uniform({n}) after every scripted value was spent")
        value = self._values.pop(0)
        if not 0 <= value < n:
            raise ValueError(f"scripted value {value} outside [0, {n})")
        return value
