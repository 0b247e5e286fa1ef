"""Audit: bundles of FAIRNESS.md straight from the stored rows, verification, seals, the
standalone verifier, and the explanation of one draw.

Events are read from their stored JSON, not through the domain classes, so that a tampered or
undecodable row is named instead of crashing, and so a hash covers exactly what was recorded.
"""

from __future__ import annotations

import hashlib
import shlex
from collections.abc import Iterable, Iterator
from functools import cache
from itertools import chain
from typing import Any
from uuid import UUID

import orjson

from chronique.adapters.journal import Journal
from chronique.adapters.rawlog import StoredRow
from chronique.domain.campaign import campaign_id_for
from chronique.domain.errors import RuleViolation
from chronique.domain.fairness import FORMAT, LinkRow, Report, sha256_hex
from chronique.domain.rederivation import Verdict
from chronique.domain.referees import all_rules
from chronique.domain.text import quoted, to_type
from chronique.domain.verifier import CAMPAIGN, Failed, Receipts, chain_seals, epochs_of, needs_content, verify, verify_bundle

# Rows read per query: a page of 1,000 (about half a megabyte) stays in the CPU's cache while its
# rows are hashed and decoded; with 10,000, reading the rows took a quarter longer (verify: ~3%).
_PAGE = 1_000
_PREV_HASH = b'"prev_hash":"'


class Unreadable(Exception):
    """A stored row that is not a readable event: the place and why, in words, and what a
    developer reads besides (``detail``: the JSON parser's own message, ruling FP23)."""

    def __init__(self, place: str, why: str, detail: str | None = None) -> None:
        super().__init__(why)
        self.place, self.why, self.detail = place, why, detail


NOT_JSON = "the stored event cannot be read: its record is not JSON text"
NOT_AN_OBJECT = "the stored event cannot be read: its record is not a JSON object"


def _place(originator_id: str, version: int, topic: str) -> str:
    """A stored row named as a verdict names an event (``Link.place``): its kind without its module."""
    return f"{originator_id}:{version} ({topic.rpartition(':')[2] or topic})"


def canonical_row(originator_id: str, version: int, topic: str, stored: bytes) -> dict[str, Any]:
    """The canonical object of a stored event (FAIRNESS.md). Rows hold exactly their canonical
    bytes; the envelope is taken from the row's columns, which is where the journal files it."""
    try:
        state = orjson.loads(stored)
    except orjson.JSONDecodeError as error:
        raise Unreadable(_place(originator_id, version, topic), NOT_JSON, str(error)) from None
    if not isinstance(state, dict):
        raise Unreadable(_place(originator_id, version, topic), NOT_AN_OBJECT)
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


@cache
def _content_matters(topic: str) -> bool:
    # Only events the verifier reads (epochs, seals, draws, rules) are decoded; the rest need
    # only their prev_hash. An unknown topic is decoded too, so a forged one is read in full.
    return needs_content(topic, all_rules()) or not topic.startswith("chronique.")


def row_links(pages: Iterable[list[StoredRow]], members: dict[str, str], campaign: UUID | None = None) -> Iterator[LinkRow]:
    """Stored rows as chain links. A row's hash is the sha256 of its bytes when they are plainly
    canonical and their envelope agrees with the row's columns; otherwise it comes from the
    content, which is also read for events that record draws or seals. ``members`` maps the
    stored form of each wanted aggregate id to its canonical form; other rows are skipped, but
    a creation among them that names ``campaign`` fails (:func:`_stranger`)."""
    # Per member, its canonical id and the envelope its rows hold, to be completed by a version
    # (a '%' in a forged id is escaped); per topic, whether its content is read and how its topic
    # field is written: worked out once, not per row.
    wanted = {
        stored_id: (member, b'"originator_id":"%s","originator_version":%%d,' % member.encode().replace(b"%", b"%%"))
        for stored_id, member in members.items()
    }
    read: dict[str, tuple[bool, bytes]] = {}
    sha256, loads = hashlib.sha256, orjson.loads
    for page in pages:
        for stored_id, version, topic, stored in page:
            member = wanted.get(stored_id)
            if member is None:
                if campaign is not None and (version == 1 or topic.endswith("Created")):
                    _stranger(stored_id, version, topic, stored, campaign)
                continue
            originator_id, envelope = member
            known = read.get(topic)
            if known is None:
                known = read[topic] = (_content_matters(topic), b'"topic":"%s"' % topic.encode())
            content, marker = known
            if content:
                try:
                    event = loads(stored)
                except orjson.JSONDecodeError as error:
                    raise Unreadable(_place(originator_id, version, topic), NOT_JSON, str(error)) from None
                if type(event) is not dict:
                    raise Unreadable(_place(originator_id, version, topic), NOT_AN_OBJECT)
                # Decoded anyway, the envelope is compared as values (an exact int, not 3.0 nor
                # true), cheaper than finding it in the bytes; then the columns' copy is the one kept.
                stored_version = event.get("originator_version")
                plain = (
                    stored_version == version
                    and type(stored_version) is int
                    and event.get("originator_id") == originator_id
                    and event.get("topic") == topic
                )
                if not plain:
                    event["topic"], event["originator_id"], event["originator_version"] = topic, originator_id, version
                digest = sha256(stored).hexdigest() if plain else fast_hash(event)
                # Plain tuples: a named tuple per row would cost more than the row (verifier.Verifier.run).
                yield (originator_id, version, topic, event.get("prev_hash"), digest, event, False)
                continue
            at = stored.find(_PREV_HASH)
            # Keys are sorted: the envelope mostly ends just before "prev_hash" (else, as when a
            # test's outcome sits between them, it is searched for, back from there first), and
            # "topic" sits near the end, so it is looked for from there.
            located = envelope % version
            plain = (
                at > 0
                and (stored.startswith(located, at - len(located)) or stored.rfind(located, 0, at) >= 0 or located in stored)
                and stored.rfind(marker) > at
            )
            if plain:
                yield (originator_id, version, topic, stored[at + 13 : at + 77].decode(), sha256(stored).hexdigest(), None, False)
            else:
                event = canonical_row(originator_id, version, topic, stored)
                yield (originator_id, version, topic, event.get("prev_hash"), fast_hash(event), event, False)


def _stranger(stored_id: str, version: int, topic: str, stored: bytes, campaign: UUID) -> None:
    """Fail on the creation of an aggregate that names ``campaign`` although the campaign never
    took it in: the reads place a character or deck by the campaign its creation names, so a row
    slipped into the store would show in the log and sheets while no chain covers it."""
    try:
        claimed = orjson.loads(stored).get("campaign_id")
        named = UUID(str(claimed)) == campaign
    except (orjson.JSONDecodeError, AttributeError, ValueError):
        return  # no campaign read from it, so none placed in this one's reads
    if named:
        place = f"{_uuid(stored_id) or stored_id}:{version} ({topic.rpartition(':')[2]})"
        raise Failed(place, "it names this campaign, which never took it in: no member joined with its id")


class Audit:
    """Reads a campaign's events as stored and turns them into bundles and verdicts."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    def campaign_ids(self) -> list[UUID]:
        """The ids of every campaign in the journal."""
        rows = self.journal.recorder.select_notifications(start=None, limit=10**9, topics=[CAMPAIGN + "Created"])
        return [UUID(str(row.originator_id)) for row in rows]

    def resolve(self, name: str) -> UUID:
        """A campaign's id from its name or id."""
        for candidate in (campaign_id_for(name), _uuid(name)):
            # The candidate's own rows, not every campaign's: listing them scans the whole log.
            if candidate is not None and any(row.topic == CAMPAIGN + "Created" for row in self.journal.recorder.select_events(candidate)):
                return candidate
        raise RuleViolation(f"no campaign named {quoted(name)}")

    def campaign_events(self, campaign_id: UUID) -> list[dict[str, Any]]:
        """The campaign aggregate's own events, canonical, in version order."""
        rows = self.journal.recorder.select_events(campaign_id)
        return [canonical_row(str(row.originator_id), row.originator_version, row.topic, row.state) for row in rows]

    def events(self, campaign_id: UUID) -> Iterator[dict[str, Any]]:
        """Every event of the campaign's aggregates, canonical, in the order they were recorded."""
        members = self._members(campaign_id)
        for stored_id, version, topic, stored in chain.from_iterable(self._pages()):
            if stored_id in members:
                yield canonical_row(members[stored_id], version, topic, stored)

    def _members(self, campaign_id: UUID) -> dict[str, str]:
        """Stored id (hex) -> canonical id of the campaign and every aggregate that joined it."""
        members = {str(campaign_id)} | {e["member_id"] for e in self.campaign_events(campaign_id) if e["topic"].endswith("MemberJoined")}
        return {member.replace("-", ""): member for member in members}

    def _pages(self) -> Iterator[list[StoredRow]]:
        # Raw rows in recording order: building the library's Notification objects (and
        # their UUIDs) for every row would cost more than verifying them.
        return self.journal.raw.rows(_PAGE)

    def bundle(self, campaign: str, *, for_players: bool = True) -> dict[str, Any]:
        """The audit bundle of FAIRNESS.md (v2), its events in recording order. For players, events
        still face down (a deck order, a pile, a hidden draw) keep only their envelope and hash until
        their epoch is revealed; their salt keeps that hash from being guessed."""
        campaign_id = self.resolve(campaign)
        own = self.campaign_events(campaign_id)
        epochs = epochs_of(own, strict=False)
        revealed = {e.id for e in epochs.values() if e.seed is not None}
        events = list(self.events(campaign_id))
        # A correction voids one version (an int), an undo or a campaign's correction several (a list).
        voided = {
            f"{e['originator_id']}:{version}": f"{e['originator_id']}:{e['originator_version']}"
            for e in events
            if "voided" in e
            for version in (e["voided"] if isinstance(e["voided"], list) else [e["voided"]])
        }
        entries = []
        for event in events:
            entry: dict[str, Any] = {"hash": fast_hash(event), "event": event}
            sealed = event.get("sealed_until")
            if for_players and sealed is not None and sealed not in revealed:
                entry = {"hash": entry["hash"], "hidden": True, "event": _envelope(event)}
            ref = f"{event['originator_id']}:{event['originator_version']}"
            if ref in voided:
                entry["voided_by"] = voided[ref]
            entries.append(entry)
        return {
            "format": FORMAT,
            "campaign_id": str(campaign_id),
            "epochs": [e.public() for e in epochs.values()],
            "events": entries,
            "seals": chain_seals(own),
        }

    def verify(self, campaign: str, receipts: Receipts = Receipts()) -> Report:
        """Verify a campaign as stored: every hash, chain, commitment, draw, outcome and seal, and
        the receipts players kept."""
        try:
            campaign_id = self.resolve(campaign)
            own = self.campaign_events(campaign_id)
            if receipts:
                self._kept_elsewhere(campaign, own, receipts)
            return verify(own, lambda: _failing(row_links(self._pages(), self._members(campaign_id), campaign_id)), all_rules(), receipts)
        except Unreadable as unreadable:
            return Report(failure=unreadable.why, place=unreadable.place, detail=unreadable.detail)

    def _kept_elsewhere(self, campaign: str, own: list[dict[str, Any]], receipts: Receipts) -> None:
        """Refuse a kept receipt that is another campaign's of this journal (ruling EB36; FP18 names the
        campaign a receipt is checked against): it was said "rewritten or cut short" of the
        campaign named, a tampering the journal never did."""
        held = _receipts_of(own)
        stray = [kept for kept in (*receipts.seals, *receipts.commitments) if kept not in held]
        if not stray:
            return
        name = next(e["name"] for e in own if e["topic"] == CAMPAIGN + "Created")
        for other in self.campaign_ids():
            events = self.campaign_events(other)
            theirs = _receipts_of(events)
            for kept in stray:
                if kept in theirs:
                    whose = next(e["name"] for e in events if e["topic"] == CAMPAIGN + "Created")
                    what = "seal" if kept in receipts.seals else "commitment"
                    raise RuleViolation(
                        f"the kept {what} {kept[:16]}… is one of {whose}'s receipts, not {name}'s: "
                        f"check it with {to_type(f'verify {shlex.quote(whose)} --{what} {kept}')}"
                    )

    def seal_check(self, campaign: str, seal: str) -> tuple[bool, str]:
        """Whether the journal still extends a seal a player kept, and why not."""
        kept = seal.strip().lower()
        report = self.verify(campaign, Receipts(seals=(kept,)))
        if not report.ok:
            return False, report.summary()
        session = next(s["session"] for s in chain_seals(self.campaign_events(self.resolve(campaign))) if s["seal"] == kept)
        return True, f"the journal extends the seal of session {session}"

    @staticmethod
    def check_bundle(bundle: Any, receipts: Receipts = Receipts()) -> Report:
        """Verify a bundle with every game's rules (what the standalone verifier does)."""
        return verify_bundle(bundle, all_rules(), receipts)


def _failing(links: Iterator[LinkRow]) -> Iterator[LinkRow]:
    """``links``, a row that cannot be read failing the verification at its own place (ruling
    FP23), as one read before the links does, not as the whole journal "damaged" with the name of
    the exception that said so."""
    try:
        yield from links
    except Unreadable as unreadable:
        raise Failed(unreadable.place, Verdict(unreadable.why, unreadable.detail)) from None


def _envelope(event: dict[str, Any]) -> dict[str, Any]:
    keys = ("topic", "originator_id", "originator_version", "prev_hash", "sealed_until")
    return {k: event[k] for k in keys if k in event}


def _uuid(text: str) -> UUID | None:
    try:
        return UUID(text)
    except ValueError:
        return None


def _receipts_of(events: list[dict[str, Any]]) -> set[str]:
    """Every receipt a campaign's ``events`` gave: its seals and its epochs' commitments."""
    return {s["seal"] for s in chain_seals(events)} | {e.commitment for e in epochs_of(events, strict=False).values()}
