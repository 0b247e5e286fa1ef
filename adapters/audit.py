"""Audit: bundles of FAIRNESS.md straight from the stored rows, verification, seals, the
standalone verifier, and the explanation of one draw.

Events are read from their stored JSON, not through the domain classes, so that a tampered or
undecodable row is named instead of crashing, and so a hash covers exactly what was recorded.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Notification

from chronique.adapters.journal import Journal
from chronique.domain.campaign import campaign_id_for
from chronique.domain.errors import RuleViolation
from chronique.domain.fairness import FORMAT, Report, sha256_hex, verify_bundle

_PAGE = 2000
_CAMPAIGN = "chronique.domain.campaign:Campaign."
_TRANSCODED = {"datetime_iso", "decimal_str"}

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


def _untranscode(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"_type_", "_data_"}:
            if value["_type_"] == "uuid_hex":
                return str(UUID(value["_data_"]))
            if value["_type_"] in _TRANSCODED:
                return value["_data_"]
        return {k: _untranscode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_untranscode(v) for v in value]
    return value


def canonical_row(row: Notification) -> dict[str, Any]:
    """The canonical object of a stored event (FAIRNESS.md), from its row alone."""
    place = f"{row.originator_id}:{row.originator_version} ({row.topic})"
    try:
        state = json.loads(row.state)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise Unreadable(place, f"the stored event cannot be read: {error}") from None
    if not isinstance(state, dict):
        raise Unreadable(place, "the stored event is not an object")
    return {
        "topic": row.topic,
        "originator_id": str(row.originator_id),
        "originator_version": row.originator_version,
        **_untranscode(state),
    }


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
        return [canonical_row(_as_notification(row)) for row in rows]

    def events(self, campaign_id: UUID) -> Iterator[dict[str, Any]]:
        """Every event of the campaign's aggregates, canonical, in the order they were recorded."""
        members = {str(campaign_id)} | {e["member_id"] for e in self.campaign_events(campaign_id) if e["topic"].endswith("MemberJoined")}
        start = 1
        while True:
            page = self.journal.recorder.select_notifications(start=start, limit=_PAGE)
            for row in page:
                if str(row.originator_id) in members:
                    yield canonical_row(row)
            if len(page) < _PAGE:
                return
            start = page[-1].id + 1

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
            entry: dict[str, Any] = {"hash": sha256_hex(event), "event": event}
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
            "epochs": [{"id": e.id, "commitment": e.commitment, "contributions": list(e.contributions), "seed": e.seed} for e in epochs],
            "events": entries,
            "seals": [{"session": e["number"], "heads": e["heads"], "seal": e["seal"]} for e in own if e["topic"].endswith("SessionEnded")],
        }

    def verify(self, campaign: str) -> Report:
        """Verify a campaign as stored: every hash, chain, commitment, draw and seal."""
        try:
            return verify_bundle(self.bundle(campaign, for_players=False))
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


def _envelope(event: dict[str, Any]) -> dict[str, Any]:
    keys = ("topic", "originator_id", "originator_version", "timestamp", "prev_hash", "sealed_until")
    return {k: event[k] for k in keys if k in event}


def _as_notification(row: Any) -> Notification:
    return Notification(id=0, originator_id=row.originator_id, originator_version=row.originator_version, topic=row.topic, state=row.state)


def _uuid(text: str) -> UUID | None:
    try:
        return UUID(text)
    except ValueError:
        return None
