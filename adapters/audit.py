"""Audit: bundles of FAIRNESS.md straight from the stored rows, verification, seals, the
standalone verifier, and the explanation of one draw.

Events are read from their stored JSON, not through the domain classes, so that a tampered or
undecodable row is named instead of crashing, and so a hash covers exactly what was recorded.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields
from importlib import resources
from itertools import chain
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.utils import TopicError, resolve_topic

from chronique.adapters.journal import Journal
from chronique.domain.campaign import campaign_id_for
from chronique.domain.errors import RuleViolation
from chronique.domain.fairness import FORMAT, Link, Report, sha256_hex, verify_bundle, verify_links

_PAGE = 10_000
_CAMPAIGN = "chronique.domain.campaign:Campaign."

_MAIN = '''

def main() -> int:
    """python verify.py bundle.json: exit 0 when the bundle verifies, 1 when it does not."""
    import sys

    if len(sys.argv) != 2:
        print("usage: python verify.py bundle.json", file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as handle:
        report = verify_bundle(json.load(handle))
    print(report.summary())
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
'''


class Unreadable(Exception):
    """A stored row that is not a readable event: the place and why."""

    def __init__(self, place: str, why: str) -> None:
        super().__init__(why)
        self.place, self.why = place, why


def canonical_row(originator_id: str, version: int, topic: str, stored: bytes) -> dict[str, Any]:
    """The canonical object of a stored event (FAIRNESS.md). Rows hold exactly their canonical
    bytes; the envelope is taken from the row's columns, which is where the journal files it."""
    try:
        state = orjson.loads(stored)
    except orjson.JSONDecodeError as error:
        raise Unreadable(f"{originator_id}:{version} ({topic})", f"the stored event cannot be read: {error}") from None
    if not isinstance(state, dict):
        raise Unreadable(f"{originator_id}:{version} ({topic})", "the stored event is not an object")
    state["topic"] = topic
    state["originator_id"] = originator_id
    state["originator_version"] = version
    return state


def fast_hash(event: dict[str, Any]) -> str:
    """``sha256_hex`` through orjson, whose sorted compact UTF-8 output is byte-identical to the
    standard library's for the JSON our payloads hold (no floats); falls back when it refuses."""
    try:
        return hashlib.sha256(orjson.dumps(event, option=orjson.OPT_SORT_KEYS)).hexdigest()
    except TypeError:
        return sha256_hex(event)


def _content_matters(topic: str) -> bool:
    # Only events that record draws or seals are read; the rest need only their prev_hash.
    try:
        names = {f.name for f in fields(resolve_topic(topic))}
    except (TopicError, TypeError):
        return True
    return bool(names & {"chance", "seal"})


def row_links(pages: Iterable[list[tuple[int, str, int, str, bytes]]], members: dict[str, str]) -> Iterator[Link]:
    """Stored rows as chain links. A row's hash is the sha256 of its bytes when they are plainly
    canonical and their envelope agrees with the row's columns; otherwise it comes from the
    content, which is also read for events that record draws or seals. ``members`` maps the
    stored form of each wanted aggregate id to its canonical form; other rows are skipped."""
    read: dict[str, tuple[bool, bytes]] = {}
    envelopes: dict[str, bytes] = {}
    sha256 = hashlib.sha256
    new_link = tuple.__new__
    for _, stored_id, version, topic, stored in chain.from_iterable(pages):
        originator_id = members.get(stored_id)
        if originator_id is None:
            continue
        known = read.get(topic)
        if known is None:
            known = read[topic] = (_content_matters(topic), b'"topic":"%s"' % topic.encode())
        envelope = envelopes.get(originator_id)
        if envelope is None:
            envelope = envelopes[originator_id] = b'"originator_id":"%s","originator_version":' % originator_id.encode()
        at = stored.find(b'"prev_hash":"')
        # Keys are sorted, so "topic" sits near the end: look for it from there.
        if not known[0] and at > 0 and envelope + b"%d," % version in stored and stored.rfind(known[1]) > at:
            # tuple.__new__ skips the named tuple's Python-level constructor: this is the hot loop.
            yield new_link(
                Link, (originator_id, version, topic, stored[at + 13 : at + 77].decode(), sha256(stored).hexdigest(), None, False)
            )
        else:
            event = canonical_row(originator_id, version, topic, stored)
            yield Link(originator_id, version, topic, event.get("prev_hash"), fast_hash(event), event)


@dataclass(frozen=True)
class Epoch:
    """An epoch as the campaign's events describe it."""

    id: str
    commitment: str
    contributions: tuple[str, ...]
    seed: str | None


class Audit:
    """Reads a campaign's events as stored and turns them into bundles and verdicts."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    def campaign_ids(self) -> list[UUID]:
        """The ids of every campaign in the journal."""
        rows = self.journal.recorder.select_notifications(start=None, limit=10**9, topics=[_CAMPAIGN + "Created"])
        return [UUID(str(row.originator_id)) for row in rows]

    def resolve(self, name: str) -> UUID:
        """A campaign's id from its name or id."""
        known = set(self.campaign_ids())
        for candidate in (campaign_id_for(name), _uuid(name)):
            if candidate in known:
                return candidate
        raise RuleViolation(f"no campaign named {name!r}")

    def campaign_events(self, campaign_id: UUID) -> list[dict[str, Any]]:
        """The campaign aggregate's own events, canonical, in version order."""
        rows = self.journal.recorder.select_events(campaign_id)
        return [canonical_row(str(row.originator_id), row.originator_version, row.topic, row.state) for row in rows]

    def events(self, campaign_id: UUID) -> Iterator[dict[str, Any]]:
        """Every event of the campaign's aggregates, canonical, in the order they were recorded."""
        members = self._members(campaign_id)
        for _, stored_id, version, topic, stored in chain.from_iterable(self._pages()):
            if stored_id in members:
                yield canonical_row(members[stored_id], version, topic, stored)

    def _members(self, campaign_id: UUID) -> dict[str, str]:
        """Stored id (hex) -> canonical id of the campaign and every aggregate that joined it."""
        members = {str(campaign_id)} | {e["member_id"] for e in self.campaign_events(campaign_id) if e["topic"].endswith("MemberJoined")}
        return {member.replace("-", ""): member for member in members}

    def _pages(self) -> Iterator[list[tuple[int, str, int, str, bytes]]]:
        # Raw rows in recording order: building the library's Notification objects (and
        # their UUIDs) for every row would cost more than verifying them.
        last = 0
        while True:
            rows = self.journal.raw.page(last, _PAGE)
            if rows:
                yield rows
            if len(rows) < _PAGE:
                return
            last = rows[-1][0]

    def epochs(self, campaign_events: list[dict[str, Any]]) -> list[Epoch]:
        """Each epoch's commitment, contributions and seed (if revealed), from the campaign's events."""
        found: dict[str, dict[str, Any]] = {}
        for e in campaign_events:
            if "commitment" in e:
                found[e["epoch"]] = {"commitment": e["commitment"], "contributions": [], "seed": None}
            if "closed_epoch" in e:
                found[e["closed_epoch"]]["seed"] = e["seed"]
            if e["topic"].endswith("EntropyAdded"):
                found[e["epoch"]]["contributions"].append(e["phrase"])
        return [Epoch(k, v["commitment"], tuple(v["contributions"]), v["seed"]) for k, v in found.items()]

    def bundle(self, campaign: str, *, for_players: bool = True) -> dict[str, Any]:
        """The audit bundle of FAIRNESS.md. For players, events still face down (a deck order, a
        pile, a hidden GM draw) keep only their envelope and hash until their epoch is revealed."""
        campaign_id = self.resolve(campaign)
        own = self.campaign_events(campaign_id)
        epochs = self.epochs(own)
        revealed = {e.id for e in epochs if e.seed is not None}
        events = list(self.events(campaign_id))
        voided = {f"{e['originator_id']}:{e['voided']}": f"{e['originator_id']}:{e['originator_version']}" for e in events if "voided" in e}
        entries = []
        for event in events:
            entry: dict[str, Any] = {"hash": fast_hash(event), "event": event}
            sealed = event.get("sealed_until")
            if for_players and sealed is not None and sealed not in revealed:
                entry = {"hash": fast_hash(event), "hidden": True, "event": _envelope(event)}
            ref = f"{event['originator_id']}:{event['originator_version']}"
            if ref in voided:
                entry["voided_by"] = voided[ref]
            entries.append(entry)
        return {
            "format": FORMAT,
            "campaign_id": str(campaign_id),
            "epochs": [_epoch(e) for e in epochs],
            "events": entries,
            "seals": [{"session": e["number"], "heads": e["heads"], "seal": e["seal"]} for e in own if e["topic"].endswith("SessionEnded")],
        }

    def verify(self, campaign: str) -> Report:
        """Verify a campaign as stored: every hash, chain, commitment, draw and seal."""
        try:
            campaign_id = self.resolve(campaign)
            own = self.campaign_events(campaign_id)
            frame = {"format": FORMAT, "epochs": [_epoch(e) for e in self.epochs(own)], "seals": _seals(own)}
            return verify_links(frame, lambda: row_links(self._pages(), self._members(campaign_id)))
        except Unreadable as unreadable:
            return Report(failure=unreadable.why, place=unreadable.place)

    def seal_check(self, campaign: str, seal: str) -> tuple[bool, str]:
        """Whether the journal still extends a seal a player kept, and why not."""
        bundle = self.bundle(campaign, for_players=False)
        kept = next((s for s in bundle["seals"] if s["seal"] == seal.strip().lower()), None)
        if kept is None:
            return False, "this seal is not among the campaign's seals: the journal was rewritten or it is another campaign's"
        report = verify_bundle(bundle)
        if not report.ok:
            return False, f"the journal no longer verifies: {report.summary()}"
        return True, f"the journal extends the seal of session {kept['session']}"

    @staticmethod
    def verifier_source() -> str:
        """The standalone verifier: the fairness module plus a command-line entry point."""
        source = resources.files("chronique.domain").joinpath("fairness.py").read_text(encoding="utf-8")
        return source + _MAIN


def _epoch(epoch: Epoch) -> dict[str, Any]:
    return {"id": epoch.id, "commitment": epoch.commitment, "contributions": list(epoch.contributions), "seed": epoch.seed}


def _seals(campaign_events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {"session": e["number"], "heads": e["heads"], "seal": e["seal"]} for e in campaign_events if e["topic"].endswith("SessionEnded")
    ]


def _envelope(event: dict[str, Any]) -> dict[str, Any]:
    keys = ("topic", "originator_id", "originator_version", "timestamp", "prev_hash", "sealed_until")
    return {k: event[k] for k in keys if k in event}


def _uuid(text: str) -> UUID | None:
    try:
        return UUID(text)
    except ValueError:
        return None
