"""The chance primitives of chronique-fair-v1 (shared/FAIRNESS.md), pure and verifiable.

Every die face, Fudge die and shuffle comes from the byte stream of one draw place:
(originator id, originator version) of the event that records it, keyed by its epoch's key.
Each primitive consumed is written to the stream's ``ops`` so that the event can record its
``chance`` list and a verifier can re-derive it.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import Any, Protocol
from uuid import UUID

FORMAT = "chronique-fair-v1"
_U32_LIMIT = 2**32


def commitment(seed: bytes) -> str:
    """The public commitment to an epoch seed: sha256(seed), lowercase hex."""
    return hashlib.sha256(seed).hexdigest()


def entropy_digest(contributions: Sequence[str]) -> bytes:
    """Digest of the players' entropy phrases (the digest of "" when there are none)."""
    return hashlib.sha256("\n".join(sorted(contributions)).encode("utf-8")).digest()


def epoch_key(seed: bytes, contributions: Sequence[str] = ()) -> bytes:
    """HMAC-SHA256(seed, "chronique-fair-v1" + entropy digest): the key of one epoch."""
    return hmac.new(seed, FORMAT.encode("ascii") + entropy_digest(contributions), hashlib.sha256).digest()


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


class _Primitives:
    """The primitives of FAIRNESS.md over an abstract ``_uniform``; logs each one."""

    def __init__(self) -> None:
        self.ops: list[dict[str, Any]] = []

    def _uniform(self, n: int) -> int:
        raise NotImplementedError

    def uniform(self, n: int) -> int:
        value = self._uniform(n)
        self.ops.append({"op": "uniform", "n": n, "value": value})
        return value

    def die(self, sides: int) -> int:
        value = self._uniform(sides) + 1
        self.ops.append({"op": "d", "sides": sides, "value": value})
        return value

    def fudge(self) -> int:
        value = self._uniform(3) - 1
        self.ops.append({"op": "dF", "value": value})
        return value

    def shuffle(self, deck: Sequence[str]) -> list[str]:
        result = list(deck)
        for i in range(len(result) - 1, 0, -1):
            j = self._uniform(i + 1)
            result[i], result[j] = result[j], result[i]
        self.ops.append({"op": "shuffle", "deck": list(deck), "result": list(result)})
        return result


class KeyedStream(_Primitives):
    """The HMAC-SHA256 byte stream of one draw place, read as big-endian u32 words."""

    def __init__(self, key: bytes, originator_id: UUID | str, originator_version: int) -> None:
        super().__init__()
        self._key = key
        self._prefix = f"{str(originator_id).lower()}:{originator_version}:"
        self._block = 0
        self._buffer = b""

    def next_u32(self) -> int:
        """The next 32-bit word of the stream."""
        if len(self._buffer) < 4:
            message = f"{self._prefix}{self._block}".encode("ascii")
            self._buffer += hmac.new(self._key, message, hashlib.sha256).digest()
            self._block += 1
        word, self._buffer = self._buffer[:4], self._buffer[4:]
        return int.from_bytes(word, "big")

    def _uniform(self, n: int) -> int:
        if n < 1:
            raise ValueError(f"uniform(n) needs n >= 1, got {n}")
        limit = (_U32_LIMIT // n) * n
        word = self.next_u32()
        while word >= limit:
            word = self.next_u32()
        return word % n


class ScriptedStream(_Primitives):
    """A stream that hands out scripted uniform values, for unit tests only."""

    def __init__(self, values: Sequence[int]) -> None:
        super().__init__()
        self._values = list(values)

    def _uniform(self, n: int) -> int:
        value = self._values.pop(0)
        if not 0 <= value < n:
            raise ValueError(f"scripted value {value} outside [0, {n})")
        return value


class ChanceSource(Protocol):
    """Hands out the stream of a draw place within an epoch (keys stay outside the domain)."""

    def stream(self, epoch: str, originator_id: UUID, originator_version: int) -> ChanceStream:
        """The stream of the event (originator_id, originator_version) in ``epoch``."""
        ...


def rederive(ops: Sequence[dict[str, Any]], key: bytes, originator_id: UUID | str, version: int) -> bool:
    """Whether ``ops`` are exactly what the stream of that draw place gives, in order."""
    stream = KeyedStream(key, originator_id, version)
    for op in ops:
        kind = op.get("op")
        if kind == "uniform":
            stream.uniform(op["n"])
        elif kind == "d":
            stream.die(op["sides"])
        elif kind == "dF":
            stream.fudge()
        elif kind == "shuffle":
            stream.shuffle(op["deck"])
        else:
            return False
    return stream.ops == list(ops)
