"""chronique-fair-v1 and v2 (shared/FAIRNESS.md): canonical bytes, hashes, epoch keys, the byte
stream of a draw place, its primitives, salts of face-down events, and the verification of an
audit bundle (v2: epochs read from the chain, seals at every boundary, rules re-derivation).

This module imports nothing but Python's standard library, on purpose: ``chronique audit
verifier`` writes its source out as the standalone verifier players run offline.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import struct
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from itertools import chain, count
from typing import Any, NamedTuple
from uuid import UUID

from chronique.domain.cards import cards_words
from chronique.domain.text import plural

FORMAT_V1 = "chronique-fair-v1"
FORMAT = "chronique-fair-v2"
FORMATS = (FORMAT_V1, FORMAT)
GENESIS_HASH = "0" * 64
_U32_LIMIT = 2**32
_BLOCK_WORDS = struct.Struct(">8I")


# -- canonical bytes and hashes ------------------------------------------------------------------


def plain(value: Any) -> Any:
    """``value`` with every type JSON lacks written as FAIRNESS.md says."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(v) for v in value)
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, float):
        raise TypeError("floats are not allowed in event payloads")
    return value


def canonical_bytes(obj: dict[str, Any]) -> bytes:
    """Sorted keys, no insignificant whitespace, UTF-8."""
    return json.dumps(plain(obj), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def sha256_hex(obj: dict[str, Any]) -> str:
    """sha256 of the canonical bytes of ``obj``, lowercase hex."""
    return hashlib.sha256(canonical_bytes(obj)).hexdigest()


def seal_of(heads: dict[str, Any]) -> str:
    """The seal of a map aggregate id -> [version, head hash]."""
    return sha256_hex(heads)


# -- epochs --------------------------------------------------------------------------------------


def commitment(seed: bytes) -> str:
    """The public commitment to an epoch seed: sha256(seed), lowercase hex."""
    return hashlib.sha256(seed).hexdigest()


def entropy_digest(contributions: Sequence[str]) -> bytes:
    """Digest of the players' entropy phrases (the digest of "" when there are none)."""
    return hashlib.sha256("\n".join(sorted(contributions)).encode("utf-8")).digest()


def epoch_key(seed: bytes, contributions: Sequence[str] = (), fair: str = FORMAT_V1) -> bytes:
    """HMAC-SHA256(seed, "<fair version>" + entropy digest): the key of one epoch."""
    if fair not in FORMATS:
        raise ValueError(f"unknown fairness version {fair!r}")
    return hmac.new(seed, fair.encode("ascii") + entropy_digest(contributions), hashlib.sha256).digest()


def salt(key: bytes, originator_id: UUID | str, originator_version: int) -> str:
    """The salt of a face-down event (v2): what keeps its hash from being brute-forced."""
    message = f"salt:{str(originator_id).lower()}:{originator_version}".encode()
    return hmac.digest(key, message, "sha256").hex()[:32]


# -- the stream of a draw place and its primitives -----------------------------------------------


class Primitives:
    """The primitives of FAIRNESS.md over an abstract ``_uniform``; each one is logged in ``ops``."""

    def __init__(self) -> None:
        self.ops: list[dict[str, Any]] = []

    def _uniform(self, n: int) -> int:
        raise NotImplementedError

    def uniform(self, n: int) -> int:
        """An integer in [0, n)."""
        value = self._uniform(n)
        self.ops.append({"op": "uniform", "n": n, "value": value})
        return value

    def die(self, sides: int) -> int:
        """A face in 1..sides."""
        value = self._uniform(sides) + 1
        self.ops.append({"op": "d", "sides": sides, "value": value})
        return value

    def fudge(self) -> int:
        """A Fudge die: -1, 0 or +1."""
        value = self._uniform(3) - 1
        self.ops.append({"op": "dF", "value": value})
        return value

    def shuffle(self, deck: Sequence[str]) -> list[str]:
        """Fisher-Yates from the end; position 0 is the top of the deck."""
        result = list(deck)
        uniform = self._uniform  # a verifier replays every shuffle: one lookup, not one per card
        for i in range(len(result) - 1, 0, -1):
            j = uniform(i + 1)
            result[i], result[j] = result[j], result[i]
        self.ops.append({"op": "shuffle", "deck": list(deck), "result": list(result)})
        return result


class KeyedStream(Primitives):
    """The HMAC-SHA256 byte stream of one draw place, read as big-endian u32 words: under v1 the
    place is (originator id, version), under v2 (originator id, epoch, draw)."""

    def __init__(self, key: bytes, originator_id: UUID | str, originator_version: int) -> None:
        super().__init__()
        self._words = _stream_words(key, f"{str(originator_id).lower()}:{originator_version}:")

    def next_u32(self) -> int:
        """The next 32-bit word of the stream."""
        return next(self._words)

    @classmethod
    def v2(cls, key: bytes, originator_id: UUID | str, epoch: str, draw: int) -> KeyedStream:
        """The stream of the ``draw``-th chance-consuming event of an aggregate in ``epoch``."""
        stream = cls(key, originator_id, 0)
        stream._words = _stream_words(key, f"{str(originator_id).lower()}:{epoch}:{draw}:")
        return stream

    def _uniform(self, n: int) -> int:
        # Beyond 2**32 no word is below the limit (it is 0): a forged primitive would hang the verifier.
        if not 1 <= n <= _U32_LIMIT:
            raise ValueError(f"uniform(n) needs 1 <= n <= 2**32, got {n}")
        limit = (_U32_LIMIT // n) * n
        word = next(self._words)
        while word >= limit:
            word = next(self._words)
        return word % n


def _stream_words(key: bytes, prefix: str) -> Iterator[int]:
    # Block after block of the stream (HMAC-SHA256 of "<place>:<block>"), eight words each;
    # a verifier draws a word per card of every shuffle, so each one costs a ``next`` of
    # ``chain`` (in C), and only each block resumes a Python frame. A function, not a method:
    # a generator holding its stream would make a reference cycle, which verify (the cycle
    # collector off) would keep until its end, with every shuffle the stream recorded.
    return chain.from_iterable(_BLOCK_WORDS.unpack(hmac.digest(key, f"{prefix}{block}".encode(), "sha256")) for block in count())


def rederive(ops: Sequence[dict[str, Any]], stream: KeyedStream) -> str | None:
    """None when ``ops`` are exactly what the stream of their draw place gives; else why not."""
    if not isinstance(ops, list):
        return "its chance is not a list of primitives"
    for index, op in enumerate(ops):
        if not isinstance(op, dict):
            return f"primitive {index} is not an object"
        kind = op.get("op")
        try:
            if kind == "uniform":
                stream.uniform(op["n"])
            elif kind == "d":
                stream.die(op["sides"])
            elif kind == "dF":
                stream.fudge()
            elif kind == "shuffle":
                stream.shuffle(op["deck"])
            else:
                return f"primitive {index} has an unknown op {kind!r}"
        except (KeyError, TypeError, ValueError) as error:
            return f"primitive {index} is malformed ({error})"
        if stream.ops[index] != op:
            return f"primitive {index} ({kind}) recorded {_shown(op)}, the stream gives {_shown(stream.ops[index])}"
    return None


_SHOWN_LIMIT = 80  # characters of what a primitive gave: a forged record may hold a whole journal


def _shown(op: dict[str, Any]) -> str:
    # A shuffle's cards in words, as the log shows them, and whatever a forged record put in a
    # card's place as its JSON text (ruling FP10); a die's face as its number. Past the limit the
    # words stop at the end of a card, and "…" says more follows (the browser's ``shownOp`` alike).
    given = op.get("result", op.get("value"))
    text = cards_words(given) if op.get("op") == "shuffle" else str(given)
    if len(text) <= _SHOWN_LIMIT:
        return text
    end = text.rfind(" ", 0, _SHOWN_LIMIT + 1)
    return f"{text[:end]} …" if end > 0 else f"{text[:_SHOWN_LIMIT]}…"


# -- what a verification found ------------------------------------------------------------------


@dataclass
class Report:
    """What a verification found: the counts, and the first failure (None when all holds)."""

    events: int = 0
    draws: int = 0  # every die, uniform draw and shuffle re-derived
    shuffles: int = 0  # those of them that were shuffles (ruling FP26)
    rederived: int = 0
    hidden: int = 0
    # Events face down to the players (sealed until an epoch still open) that this check read in
    # full, a GM's journal or bundle: not "still face down" to it, yet so in the players' log (EB53).
    read_face_down: int = 0
    epochs_revealed: int = 0
    epochs_open: int = 0
    seals: int = 0
    receipts: int = 0
    failure: str | None = None
    place: str | None = None
    # What a developer reads of the failure besides its words: the Python error of a rule that
    # crashed (ruling FP21), shown by ``verify --json``, never in the summary a player reads.
    detail: str | None = None

    @property
    def ok(self) -> bool:
        """Whether everything held."""
        return self.failure is None

    def summary(self) -> str:
        """One paragraph for people."""
        if not self.ok:
            return f"FAILED at {self.place}: {self.failure}"
        kept = f", {plural(self.receipts, 'kept receipt')} extended" if self.receipts else ""
        return (
            f"OK: {plural(self.events, 'event')} checked ({face_down_words(self.hidden, self.read_face_down)}), "
            f"{rederived_words(self.draws, self.shuffles)}, {plural(self.rederived, 'outcome')} re-derived by the rules, "
            f"{plural(self.epochs_revealed, 'epoch')} revealed and {self.epochs_open} still open, "
            f"{plural(self.seals, 'seal holds', 'seals hold')}{kept}"
        )


def face_down_words(hidden: int, read: int) -> str:
    """The events a verification could not open, and those it read although the players' log shows
    them face down (ruling EB53): "2 still face down" (a players' bundle); "0 still face down, 3
    face down to the players until their dice are revealed, read in full here" (the GM's journal),
    so that a GM who sees them face down in `log` reads why the check counts none."""
    said = f"{hidden} still face down"
    return f"{said}, {read} face down to the players until their dice are revealed, read in full here" if read else said


def rederived_words(draws: int, shuffles: int) -> str:
    """What a verification re-derived from the epochs' keys, as a player names it (ruling FP26, as
    the browser's verifier says it, FP25): "3 dice and 1 shuffle re-derived", "2 dice re-derived"
    for a game that shuffles nothing, "nothing drawn by chance to re-derive"; never "chance
    primitives". A uniform draw (a card picked among n) counts as a die."""
    dice = draws - shuffles
    parts = [plural(dice, "die", "dice")] * bool(dice) + [plural(shuffles, "shuffle")] * bool(shuffles)
    return f"{' and '.join(parts)} re-derived" if parts else "nothing drawn by chance to re-derive"


class Link(NamedTuple):
    """One event as a link of its aggregate's chain: its place, the hash it names before it, its
    own hash, and its content when that matters (draws, seals, rules); ``hidden`` while face down."""

    aggregate: str
    version: Any
    topic: str
    prev_hash: Any
    digest: str
    event: dict[str, Any] | None
    hidden: bool = False

    @property
    def place(self) -> str:
        """How a report names it."""
        return f"{self.aggregate}:{self.version} ({self.topic.rpartition(':')[2] or self.topic})"


LinkRow = tuple[str, Any, str, Any, str, "dict[str, Any] | None", bool]
"""A ``Link``'s fields as a plain tuple, which is what a verifier's hot loop is handed."""
