"""chronique-fair-v1 (shared/FAIRNESS.md): canonical bytes, hashes, epoch keys, the byte stream
of a draw place, its primitives, and the verification of an audit bundle.

This module imports nothing but Python's standard library, on purpose: ``chronique audit
verifier`` writes its source out as the standalone verifier players run offline.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import struct
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, NamedTuple
from uuid import UUID

FORMAT = "chronique-fair-v1"
GENESIS_HASH = "0" * 64
_U32_LIMIT = 2**32


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


def epoch_key(seed: bytes, contributions: Sequence[str] = ()) -> bytes:
    """HMAC-SHA256(seed, "chronique-fair-v1" + entropy digest): the key of one epoch."""
    return hmac.new(seed, FORMAT.encode("ascii") + entropy_digest(contributions), hashlib.sha256).digest()


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
        for i in range(len(result) - 1, 0, -1):
            j = self._uniform(i + 1)
            result[i], result[j] = result[j], result[i]
        self.ops.append({"op": "shuffle", "deck": list(deck), "result": list(result)})
        return result


class KeyedStream(Primitives):
    """The HMAC-SHA256 byte stream of one draw place, read as big-endian u32 words."""

    def __init__(self, key: bytes, originator_id: UUID | str, originator_version: int) -> None:
        super().__init__()
        self._key = key
        self._prefix = f"{str(originator_id).lower()}:{originator_version}:"
        self._block = 0
        self._words: list[int] = []
        self._next = 0

    def next_u32(self) -> int:
        """The next 32-bit word of the stream."""
        if self._next == len(self._words):
            message = f"{self._prefix}{self._block}".encode("ascii")
            self._words = list(struct.unpack(">8I", hmac.new(self._key, message, hashlib.sha256).digest()))
            self._block += 1
            self._next = 0
        word = self._words[self._next]
        self._next += 1
        return word

    def _uniform(self, n: int) -> int:
        if n < 1:
            raise ValueError(f"uniform(n) needs n >= 1, got {n}")
        limit = (_U32_LIMIT // n) * n
        word = self.next_u32()
        while word >= limit:
            word = self.next_u32()
        return word % n


def rederive(ops: Sequence[dict[str, Any]], key: bytes, originator_id: UUID | str, version: int) -> str | None:
    """None when ``ops`` are exactly what the stream of that draw place gives; else why not."""
    stream = KeyedStream(key, originator_id, version)
    for index, op in enumerate(ops):
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


def _shown(op: dict[str, Any]) -> str:
    return str(op.get("result", op.get("value")))[:80]


# -- audit bundles -------------------------------------------------------------------------------


@dataclass
class Report:
    """What a verification found: the counts, and the first failure (None when all holds)."""

    events: int = 0
    draws: int = 0
    hidden: int = 0
    epochs_revealed: int = 0
    epochs_open: int = 0
    seals: int = 0
    failure: str | None = None
    place: str | None = None

    @property
    def ok(self) -> bool:
        """Whether everything held."""
        return self.failure is None

    def summary(self) -> str:
        """One paragraph for people."""
        if not self.ok:
            return f"FAILED at {self.place}: {self.failure}"
        return (
            f"OK: {self.events} events checked ({self.hidden} still hidden), {self.draws} chance primitives re-derived, "
            f"{self.epochs_revealed} epochs revealed and {self.epochs_open} still open, {self.seals} seals hold"
        )


class _Failed(Exception):
    def __init__(self, place: str, why: str) -> None:
        super().__init__(why)
        self.place, self.why = place, why


class Link(NamedTuple):
    """One event as a link of its aggregate's chain: its place, the hash it names before it, its
    own hash, and its content when that matters (draws, seals); ``hidden`` while face down."""

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
        return f"{self.aggregate}:{self.version} ({self.topic})"


def bundle_links(bundle: dict[str, Any]) -> Iterator[Link]:
    """The links of a bundle's events, each hash recomputed from its content."""
    for entry in bundle.get("events", []):
        event = entry.get("event", {})
        link = Link(
            str(event.get("originator_id")), event.get("originator_version"), str(event.get("topic", "?")), event.get("prev_hash"), "", None
        )
        if entry.get("hidden"):
            yield link._replace(digest=str(entry.get("hash")), hidden=True)
            continue
        digest = sha256_hex(event)
        if entry.get("hash") not in (None, digest):
            raise _Failed(link.place, "its content does not match its recorded hash: it was edited")
        yield link._replace(digest=digest, event=event)


def verify_bundle(bundle: dict[str, Any]) -> Report:
    """Check every hash, every chain from 64 zeros, every revealed seed against its commitment,
    every chance primitive of a revealed epoch, and every seal (FAIRNESS.md, "The audit bundle")."""
    return verify_links(bundle, lambda: bundle_links(bundle))


def verify_links(bundle: dict[str, Any], links: Callable[[], Iterable[Link]]) -> Report:
    """Verify the chains ``links`` gives against the epochs and seals of ``bundle`` (whose
    "events" are not read: a journal may give its links straight from its stored rows)."""
    report = Report()
    try:
        if bundle.get("format") != FORMAT:
            raise _Failed("bundle", f"format is {bundle.get('format')!r}, not {FORMAT}")
        keys = _epoch_keys(bundle.get("epochs", []), report)
        seals = bundle.get("seals", [])
        # Only the hashes the seals name are kept, not every event's: memory stays flat however long the campaign.
        wanted = {(aggregate, version) for seal in seals for aggregate, (version, _) in seal["heads"].items()}
        heads, kept, sealed_in_events = _follow(links(), keys, wanted, report)
        report.events = sum(version for version, _ in heads.values())
        _check_seals(seals, sealed_in_events, heads, kept, report)
    except _Failed as failed:
        report.failure, report.place = failed.why, failed.place
    return report


def _follow(
    links: Iterable[Link], keys: dict[str, bytes | None], wanted: set[tuple[str, int]], report: Report
) -> tuple[dict[str, tuple[int, str]], dict[tuple[str, int], str], dict[int, str]]:
    heads: dict[str, tuple[int, str]] = {}  # aggregate -> (its last version, that event's hash)
    kept: dict[tuple[str, int], str] = {}  # (aggregate, version) a seal names -> its hash
    sealed_in_events: dict[int, str] = {}
    hidden = 0
    for link in links:
        aggregate, version, topic, prev_hash, digest, event, face_down = link
        last_version, last_hash = heads.get(aggregate, (0, GENESIS_HASH))
        if version != last_version + 1:
            raise _Failed(link.place, f"version {version} where {last_version + 1} was due: an event is missing, moved or forged")
        if prev_hash != last_hash:
            raise _Failed(link.place, f"prev_hash does not match the hash of version {last_version}: that event was changed or replaced")
        heads[aggregate] = (version, digest)
        if (aggregate, version) in wanted:
            kept[(aggregate, version)] = digest
        hidden += face_down
        if event is None:
            continue
        if "chance" in event:
            report.draws += _check_chance(event, keys, link.place)
        if "seal" in event and topic.endswith(":Campaign.SessionEnded"):
            if seal_of(event["heads"]) != event["seal"]:
                raise _Failed(link.place, "the seal it records is not the hash of the heads it records")
            sealed_in_events[event["number"]] = event["seal"]
    report.hidden = hidden
    return heads, kept, sealed_in_events


def _epoch_keys(epochs: list[dict[str, Any]], report: Report) -> dict[str, bytes | None]:
    keys: dict[str, bytes | None] = {}
    for epoch in epochs:
        seed = epoch.get("seed")
        if seed is None:
            report.epochs_open += 1
            keys[epoch["id"]] = None
            continue
        raw = bytes.fromhex(seed)
        if commitment(raw) != epoch.get("commitment"):
            raise _Failed(f"epoch {epoch['id']}", "its revealed seed does not match its commitment")
        report.epochs_revealed += 1
        keys[epoch["id"]] = epoch_key(raw, epoch.get("contributions", []))
    return keys


def _check_chance(event: dict[str, Any], keys: dict[str, bytes | None], place: str) -> int:
    ops = event.get("chance")
    if ops is None:
        return 0
    epoch = event.get("epoch")
    if epoch not in keys:
        raise _Failed(place, f"it draws in epoch {epoch!r}, which the bundle does not commit to")
    key = keys[epoch]
    if key is None:
        return 0  # not verifiable until the epoch is revealed
    why = rederive(ops, key, event["originator_id"], event["originator_version"])
    if why is not None:
        raise _Failed(place, f"its chance was not drawn from its place: {why}")
    return len(ops)


def _check_seals(
    seals: list[dict[str, Any]],
    in_events: dict[int, str],
    heads: dict[str, tuple[int, str]],
    kept: dict[tuple[str, int], str],
    report: Report,
) -> None:
    listed = {str(seal.get("session")): seal for seal in seals}
    for session, value in sorted(in_events.items()):
        if str(session) not in listed or listed[str(session)].get("seal") != value:
            raise _Failed(f"seal of session {session}", "the bundle's seal list lacks or alters the seal its SessionEnded recorded")
    for label, seal in sorted(listed.items()):
        place = f"seal of session {label}"
        if seal_of(seal["heads"]) != seal["seal"]:
            raise _Failed(place, "the seal is not the hash of its heads")
        for aggregate, (version, head) in seal["heads"].items():
            length = heads.get(aggregate, (0, GENESIS_HASH))[0]
            if not 0 < version <= length or kept.get((aggregate, version)) != head:
                raise _Failed(place, f"the chain of {aggregate} no longer has head {head[:12]}… at version {version}: rewritten")
        report.seals += 1
