"""The verification of a campaign (shared/FAIRNESS.md, v1 and v2): chains, epochs read from the
chain, seals, kept receipts, every chance primitive and, under v2, what the rules made of it.

Standard library only, like every module it imports: ``chronique audit verifier`` packs them
into a zip application that a player runs on a bare Python. Whatever the input, the answer is
a ``Report`` naming the first failing place, never a traceback.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from chronique.domain.fairness import (
    FORMAT_V1,
    FORMATS,
    GENESIS_HASH,
    KeyedStream,
    Link,
    LinkRow,
    Report,
    commitment,
    epoch_key,
    rederive,
    salt,
    seal_of,
    sha256_hex,
)
from chronique.domain.rederivation import NO_CHANCE, GameRules, Rederive, Table, check, differs, failure
from chronique.domain.text import quoted

CAMPAIGN = "chronique.domain.campaign:Campaign."
_BOUNDARIES = (CAMPAIGN + "Created", CAMPAIGN + "SessionStarted", CAMPAIGN + "SessionEnded")
SEALED = CAMPAIGN + "Sealed"
ENTROPY = CAMPAIGN + "EntropyAdded"
_ENVELOPE = ("topic", "originator_id", "originator_version", "prev_hash", "sealed_until")
_START = (0, GENESIS_HASH)


DAMAGED = "it is damaged and cannot be read: a value it holds is not of the kind a Chronique journal records there"
"""The verdict on a journal or bundle whose shape the verifier cannot follow (ruling FP23): a value
of another kind where a seal's heads, an epoch or a session are (a number, a list, nothing)."""


class Failed(Exception):
    """The first place where the journal or bundle does not hold, and why."""

    def __init__(self, place: str, why: str) -> None:
        super().__init__(why)
        self.place, self.why = place, why


@dataclass
class Epoch:
    """One epoch as the campaign's chain tells it."""

    id: str
    commitment: str
    fair: str
    contributions: list[str] = field(default_factory=list)
    seed: str | None = None
    key: bytes | None = None

    def public(self) -> dict[str, Any]:
        """Its entry in a bundle's ``epochs`` list."""
        return {
            "id": self.id,
            "commitment": self.commitment,
            "fair": self.fair,
            "contributions": list(self.contributions),
            "seed": self.seed,
        }


_HEX_DIGITS = frozenset("0123456789abcdef")


def receipt_misread(flag: str, kept: str) -> str | None:
    """Why a kept seal or commitment, as typed after ``flag``, cannot be one (None when it can):
    a receipt prints 64 hexadecimal digits. A mistyped one is misuse, said as ``chronique verify``
    says it, never a journal that no longer holds it (ruling FP14)."""
    typed = kept.strip().lower()
    if len(typed) == 64 and set(typed) <= _HEX_DIGITS:
        return None
    return f"{flag} takes 64 hexadecimal digits, as a receipt prints them, not {quoted(kept, 20)}"


@dataclass(frozen=True)
class Receipts:
    """What players kept: seals and commitments shown to them at the boundaries."""

    seals: tuple[str, ...] = ()
    commitments: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.seals) + len(self.commitments)


def needs_content(topic: str, rules: GameRules) -> bool:
    """Whether verifying an event of ``topic`` reads its content (else its hash and prev_hash do)."""
    return topic.startswith(CAMPAIGN) or topic in rules.rederive or topic in rules.chance or topic in rules.face_down


def epochs_of(campaign_events: Iterable[dict[str, Any]], strict: bool = True) -> dict[str, Epoch]:
    """Each epoch's commitment, version, contributions and revealed seed, from the campaign's own
    events in version order; a revealed seed is checked against its commitment here (unless not
    ``strict``: a bundle of a damaged journal lists what it records, for players to judge)."""
    epochs: dict[str, Epoch] = {}
    for event in campaign_events:
        topic = event.get("topic")
        place = f"{event.get('originator_id')}:{event.get('originator_version')} ({str(topic).rpartition(':')[2]})"
        if topic in _BOUNDARIES:
            if "closed_epoch" in event and strict:
                _reveal(epochs, event["closed_epoch"], event.get("seed"), place)
            elif event.get("closed_epoch") in epochs:
                epochs[event["closed_epoch"]].seed = event.get("seed")
            fair = event.get("fair", FORMAT_V1)
            if fair not in FORMATS:
                raise Failed(place, f"field fair: {fair!r} is not a known fairness version")
            epochs[event["epoch"]] = Epoch(event["epoch"], event["commitment"], fair)
        elif topic == ENTROPY:
            if event.get("epoch") not in epochs:
                raise Failed(place, f"field epoch: entropy for {event.get('epoch')!r}, an epoch never committed")
            epochs[event["epoch"]].contributions.append(event["phrase"])
    for epoch in epochs.values():
        if epoch.seed is not None and strict:
            epoch.key = epoch_key(bytes.fromhex(epoch.seed), epoch.contributions, epoch.fair)
    return epochs


def _reveal(epochs: dict[str, Epoch], closed: str, seed: Any, place: str) -> None:
    if closed not in epochs:
        raise Failed(place, f"field closed_epoch: it reveals {closed!r}, an epoch never committed")
    if not isinstance(seed, str) or len(seed) != 64:
        raise Failed(place, f"field seed: the seed of {closed} is missing or malformed")
    try:
        raw = bytes.fromhex(seed)
    except ValueError:
        raise Failed(place, f"field seed: the seed of {closed} is not hexadecimal") from None
    if commitment(raw) != epochs[closed].commitment:
        raise Failed(place, f"field seed: the revealed seed of {closed} does not match its commitment")
    epochs[closed].seed = seed


def chain_seals(campaign_events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seals the chain records: v2 ``Sealed`` events, and v1 seals inside ``SessionEnded``."""
    found = []
    for event in campaign_events:
        if event.get("topic") == SEALED:
            found.append({"session": event["session"], "boundary": event["boundary"], "heads": event["heads"], "seal": event["seal"]})
        elif event.get("topic") == CAMPAIGN + "SessionEnded" and "seal" in event:
            found.append({"session": event["number"], "boundary": "session-end", "heads": event["heads"], "seal": event["seal"]})
    return found


def _place(link: LinkRow) -> str:
    """How a report names the event of a link given as a plain tuple."""
    return Link._make(link).place


class Verifier:
    """One verification: the chain's epochs and seals first, then every link in recording order."""

    def __init__(self, rules: GameRules, epochs: dict[str, Epoch], seals: list[dict[str, Any]], receipts: Receipts) -> None:
        self.rules = rules
        self.epochs = epochs
        self.seals = seals
        self.receipts = receipts
        self.report = Report()
        self.table = Table()
        self.heads: dict[str, tuple[int, str]] = {}
        self.draws: dict[tuple[str, str], int | None] = {}
        self.drawn: set[str] = set()
        # The epochs committed so far in recording order: an event can be face down only until
        # an epoch the chain had committed when it was recorded (FAIRNESS.md v2, "Face-down
        # events are salted": each is sealed until the epoch running then).
        self.committed: set[str] = set()
        # How many events sealed until each epoch this check read in full (a GM's journal or
        # bundle): those of an epoch still open are face down to the players (ruling EB53).
        self.sealed_read: dict[str, int] = {}
        self.boundary = 0
        # Only the hashes the seals name are kept, not every event's: memory stays flat however long the campaign.
        # Per aggregate, the versions they name: most events' aggregate is looked up, no pair built.
        self.wanted: dict[str, set[int]] = {}
        for seal in seals:
            for aggregate, (version, _) in seal["heads"].items():
                self.wanted.setdefault(aggregate, set()).add(version)
        self.kept: dict[tuple[str, int], str] = {}
        # Per topic: whether it is the campaign's own, whether it must consume chance, and its rule.
        self.plans: dict[str, tuple[bool, bool, Rederive | None]] = {}

    def run(self, links: Iterable[LinkRow]) -> Report:
        """Follow every link in recording order, then check the seals and receipts. A link may
        come as a plain tuple of a ``Link``'s fields: building the named tuple for each of a
        hundred thousand events costs more than reading them, so it is made only where needed."""
        self._check_receipts_known()
        # The hot loop: one pass per event, in one frame, with what each topic needs worked out
        # once (``plans``) and the verifier's state in locals, not a method call and attribute
        # reads per event.
        heads, plans, wanted, kept, table = self.heads, self.plans, self.wanted, self.kept, self.table
        rederived = 0
        for link in links:
            aggregate, version, topic, prev_hash, digest, event, hidden = link
            last_version, last_hash = heads.get(aggregate, _START)
            if version != last_version + 1:
                raise Failed(_place(link), f"version {version} where {last_version + 1} was due: an event is missing, moved or forged")
            if prev_hash != last_hash:
                changed = f"prev_hash does not match the hash of version {last_version}: that event was changed or replaced"
                raise Failed(_place(link), changed)
            if hidden:
                self._face_down(Link._make(link))
            elif event is not None:
                plan = plans.get(topic)
                if plan is None:
                    plan = plans[topic] = (topic.startswith(CAMPAIGN), topic in self.rules.chance, self.rules.rederive.get(topic))
                campaign, chance, rule = plan
                if campaign:
                    self._campaign(Link._make(link), event)
                sealed_until = event.get("sealed_until")
                if sealed_until is not None:
                    self._salt(Link._make(link), event, str(sealed_until))
                    self.sealed_read[str(sealed_until)] = self.sealed_read.get(str(sealed_until), 0) + 1
                draws = "chance" in event
                if chance or draws:
                    self._chance(Link._make(link), event)
                if rule is not None:
                    if draws:
                        why = check(rule, event, table)
                    else:  # ``check`` inlined for the events that draw nothing: most of them
                        try:
                            expected = rule(event, NO_CHANCE, table)
                        except Exception as error:  # noqa: BLE001 - a verdict, as in ``check``
                            why = failure(error, event)
                        else:
                            why = differs(event, expected) if expected else None
                    if why is not None:
                        raise Failed(_place(link), why)
                    rederived += 1
            heads[aggregate] = (version, digest)
            sealed = wanted.get(aggregate)
            if sealed is not None and version in sealed:
                kept[(aggregate, version)] = digest
        self.report.rederived += rederived
        self._check_seals()
        self.report.events = sum(version for version, _ in self.heads.values())
        self.report.epochs_revealed = sum(e.seed is not None for e in self.epochs.values())
        self.report.epochs_open = len(self.epochs) - self.report.epochs_revealed
        self.report.read_face_down = sum(n for epoch, n in self.sealed_read.items() if self.epochs[epoch].seed is None)
        self.report.receipts = len(self.receipts)
        return self.report

    def _face_down(self, link: Link) -> None:
        if link.topic not in self.rules.face_down:
            raise Failed(link.place, "it is hidden, but events of its kind are never recorded face down")
        sealed_until = link.event.get("sealed_until") if link.event else None
        epoch = self.epochs.get(str(sealed_until))
        if epoch is None:
            raise Failed(link.place, f"it is hidden until {sealed_until!r}, an epoch the chain never committed")
        if epoch.seed is not None:
            raise Failed(link.place, f"it is still hidden although its epoch {epoch.id} is revealed")
        self._committed_before(link, epoch.id)
        self.report.hidden += 1
        self.table.unknown.add(link.aggregate)
        self.draws[(link.aggregate, epoch.id)] = None  # it may have drawn: later places in the epoch are unknown

    def _campaign(self, link: Link, event: dict[str, Any]) -> None:
        if link.topic in _BOUNDARIES:
            self.table.epoch = event.get("epoch")
            self.committed.add(str(self.table.epoch))
            running = self.epochs.get(str(self.table.epoch))
            self.table.fair = running.fair if running else None
            self.boundary = link.version
        elif link.topic == ENTROPY and event.get("epoch") in self.drawn:
            raise Failed(link.place, f"entropy was added to {event.get('epoch')} after its first draw")
        elif link.topic == SEALED:
            if seal_of(event["heads"]) != event["seal"]:
                raise Failed(link.place, "field seal: it is not the hash of the heads it records")
            for aggregate, (version, head) in event["heads"].items():
                if self.heads.get(aggregate) != (version, head):
                    raise Failed(link.place, f"field heads: {aggregate} stood at another version or hash when it was sealed")
            if event["heads"].get(link.aggregate, [0])[0] < self.boundary:
                raise Failed(link.place, "field heads: the seal does not cover the boundary event recorded just before it")
        elif "seal" in event and seal_of(event["heads"]) != event["seal"]:
            raise Failed(link.place, "field seal: it is not the hash of the heads it records")

    def _salt(self, link: Link, event: dict[str, Any], sealed_until: str) -> None:
        epoch = self.epochs.get(sealed_until)
        if epoch is None:
            raise Failed(link.place, f"field sealed_until: {sealed_until!r} is an epoch the chain never committed")
        self._committed_before(link, sealed_until)
        if epoch.fair == FORMAT_V1 or epoch.key is None:
            return
        if event.get("salt") != salt(epoch.key, link.aggregate, link.version):
            raise Failed(link.place, "field salt: it is not the salt its epoch's key gives")

    def _committed_before(self, link: Link, epoch: str) -> None:
        # A bundle that hides a sealed event "until" a later epoch would skip its check at will.
        if epoch not in self.committed:
            raise Failed(link.place, f"it is face down until {epoch}, an epoch the chain committed only after it was recorded")

    def _chance(self, link: Link, event: dict[str, Any]) -> None:
        ops = event.get("chance")
        if not isinstance(ops, list):
            raise Failed(link.place, "field chance: this kind of event consumes chance, and it records none")
        epoch = self.epochs.get(str(event.get("epoch")))
        if epoch is None:
            raise Failed(link.place, f"field epoch: it draws in {event.get('epoch')!r}, an epoch the chain never committed")
        place = (link.aggregate, epoch.id)
        count = self.draws.get(place, 0)
        self.draws[place] = None if count is None else count + 1
        self.drawn.add(epoch.id)
        if epoch.fair != FORMAT_V1 and count is not None and event.get("draw") != count:
            why = f"records {event.get('draw')!r}, but it is chance-consuming event {count} of its aggregate in {epoch.id}"
            raise Failed(link.place, f"field draw: {why}")
        if epoch.key is None:
            return  # not verifiable until the epoch is revealed
        if epoch.fair == FORMAT_V1:
            stream = KeyedStream(epoch.key, link.aggregate, link.version)
        else:
            stream = KeyedStream.v2(epoch.key, link.aggregate, epoch.id, int(event["draw"]))
        wrong = rederive(ops, stream)
        if wrong is not None:
            raise Failed(link.place, f"field chance: it was not drawn from its place: {wrong}")
        self.report.draws += len(ops)
        self.report.shuffles += sum(1 for op in ops if op.get("op") == "shuffle")

    def _check_receipts_known(self) -> None:
        recorded = {seal["seal"] for seal in self.seals}
        for kept in self.receipts.seals:
            if kept not in recorded:
                raise Failed(f"kept seal {kept[:16]}…", "the journal does not hold this seal any more: it was rewritten or cut short")
        committed = {epoch.commitment for epoch in self.epochs.values()}
        for kept in self.receipts.commitments:
            if kept not in committed:
                raise Failed(f"kept commitment {kept[:16]}…", "the journal does not hold this commitment any more: it was rewritten")

    def _check_seals(self) -> None:
        for seal in self.seals:
            place = f"seal of session {seal['session']} ({seal['boundary']})"
            if seal_of(seal["heads"]) != seal["seal"]:
                raise Failed(place, "the seal is not the hash of its heads")
            for aggregate, (version, head) in seal["heads"].items():
                length = self.heads.get(aggregate, (0, GENESIS_HASH))[0]
                if not 0 < version <= length or self.kept.get((aggregate, version)) != head:
                    raise Failed(place, f"the chain of {aggregate} no longer has head {head[:12]}… at version {version}: rewritten")
            self.report.seals += 1


def verify(
    campaign_events: Sequence[dict[str, Any]],
    links: Callable[[], Iterable[LinkRow]],
    rules: GameRules,
    receipts: Receipts = Receipts(),
    listed: dict[str, Any] | None = None,
) -> Report:
    """Verify a campaign: its own events (read first, for epochs and seals), then every link in
    recording order. ``listed`` holds a bundle's conveniences (its ``epochs`` and ``seals``),
    which must agree with the chain."""
    # Every event is read into fresh dicts and lists that reference counting frees, never into
    # cycles; the cycle collector would still walk them every few hundred allocations (about a
    # fourteenth of verify's time), so it waits until the verification is over.
    collecting = gc.isenabled()
    gc.disable()
    try:
        epochs = epochs_of(campaign_events)
        seals = chain_seals(campaign_events)
        if listed is not None:
            _agree(listed, epochs, seals)
        return Verifier(rules, epochs, seals, receipts).run(links())
    except Failed as failed:
        # A crashed rule's Python error is a developer's (ruling FP21): kept apart from the words.
        return Report(failure=str(failed.why), place=failed.place, detail=getattr(failed.why, "detail", None))
    except Exception as error:  # noqa: BLE001 - a damaged journal or bundle is a verdict, never a traceback
        # In words; the Python error is a developer's, kept as the detail `verify --json` gives (ruling FP23, as FP21).
        return Report(failure=DAMAGED, place="the journal or bundle", detail=f"{type(error).__name__}: {error}")
    finally:
        if collecting:
            gc.enable()


def _agree(listed: dict[str, Any], epochs: dict[str, Epoch], seals: list[dict[str, Any]]) -> None:
    by_id = {str(e.get("id")): e for e in listed.get("epochs", []) if isinstance(e, dict)}
    for epoch in epochs.values():
        entry = by_id.pop(epoch.id, None)
        if entry is None:
            raise Failed(f"epoch {epoch.id}", "the bundle's epoch list leaves out an epoch the chain commits")
        for key in ("commitment", "seed", "contributions"):
            if entry.get(key) != getattr(epoch, key):
                raise Failed(f"epoch {epoch.id}", f"the bundle's epoch list gives a {key} other than the chain's")
    if by_id:
        raise Failed(f"epoch {next(iter(by_id))}", "the bundle's epoch list names an epoch the chain never committed")
    if [s["seal"] for s in listed.get("seals", []) if isinstance(s, dict)] != [s["seal"] for s in seals]:
        raise Failed("the bundle's seals", "they are not exactly the seals the chain records")


def bundle_links(bundle: dict[str, Any], rules: GameRules) -> Iterator[Link]:
    """The links of a bundle's events, each hash recomputed from its content."""
    for entry in bundle.get("events", []):
        event = entry.get("event") if isinstance(entry, dict) else None
        if not isinstance(event, dict):
            raise Failed("the bundle's events", "an entry has no event object")
        topic = str(event.get("topic", "?"))
        link = Link(str(event.get("originator_id")), event.get("originator_version"), topic, event.get("prev_hash"), "", None)
        if entry.get("hidden"):
            if set(event) - set(_ENVELOPE):
                raise Failed(link.place, "a hidden entry shows more than its envelope")
            yield link._replace(digest=str(entry.get("hash")), hidden=True, event=event)
            continue
        digest = sha256_hex(event)
        if entry.get("hash") not in (None, digest):
            raise Failed(link.place, "its content does not match its recorded hash: it was edited")
        yield link._replace(digest=digest, event=event)


def verify_bundle(bundle: Any, rules: GameRules, receipts: Receipts = Receipts()) -> Report:
    """Verify an audit bundle (FAIRNESS.md, "The audit bundle"; v2 bundles list their events in
    recording order)."""
    if not isinstance(bundle, dict):
        # In the words of JSON, which the reader of a bundle knows, not Python's names ('list').
        kinds = ((bool, "true or false"), (int, "a number"), (float, "a number"), (str, "a text"), (list, "a list"))
        kind = next((words for cls, words in kinds if isinstance(bundle, cls)), "null")
        return Report(failure=f"it is {kind}, not an audit bundle (a JSON object naming its format)", place="bundle")
    if bundle.get("format") not in FORMATS:
        shown = repr(bundle["format"]) if "format" in bundle else "missing"
        return Report(failure=f"format is {shown}, not one of {', '.join(FORMATS)}", place="bundle")
    campaign_id = str(bundle.get("campaign_id"))
    try:
        entries = [entry for entry in bundle.get("events", []) if entry["event"].get("originator_id") == campaign_id]
    except (KeyError, TypeError, AttributeError):
        return Report(failure="an entry of its events is not an event", place="bundle")
    for entry in entries:
        if entry.get("hidden"):
            place = Link(campaign_id, entry["event"].get("originator_version"), str(entry["event"].get("topic")), None, "", None).place
            return Report(failure="it is hidden, but events of its kind are never recorded face down", place=place)
    own = [entry["event"] for entry in entries]
    if not own:
        # A campaign's chain starts with its creation: a bundle without it proves nothing, and
        # "OK: 0 events checked" read as a campaign that verifies (ruling FP17).
        return Report(failure="it holds no event of its campaign, not even its creation: there is nothing to verify", place="bundle")
    return verify(own, lambda: bundle_links(bundle, rules), rules, receipts, listed=bundle)
