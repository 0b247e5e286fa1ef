"""Invite links (issue 16, "Who sees what"): the GM gives each player a link of their own, and
keeps one that sees all. A link carries a capability token: whoever holds it is that player of
that campaign on the web, and nobody needs an account.

Only the sha256 of a token is stored, as the primary key of its row: a token is shown once, when
issued, and never kept, logged or shown again; a copy of the database (a backup, a dump) lets
nobody in. A token is resolved by hashing it and looking the hash up, so no token text is ever
compared. A revoked or unknown token resolves to nothing, the same nothing: the web answers 404
either way, never a hint of which.

A player may hold several links (a new one for a new device, or one lost): issuing a new link
keeps the older ones valid until revoked (ruling H4), and revoking a player revokes every live
link of theirs in the campaign. The table is the journal's own, beside the events, made on open
like the command ids' (adapters/journal.py), and by migration 0003 for ``chronique db upgrade``."""

from __future__ import annotations

import hashlib
import secrets
import shlex
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from chronique.adapters.clock import WallClock, system_clock
from chronique.domain.campaign import Campaign
from chronique.domain.errors import RuleViolation
from chronique.domain.names import find
from chronique.domain.players import player_named, players_of
from chronique.domain.text import quoted, recordable_name, to_type

if TYPE_CHECKING:
    from chronique.adapters.journal import Journal

INVITES_TABLE = "chronique_invites"
# The hash is the key: a token is found by one indexed lookup of its hash. Times are ISO 8601 (UTC).
CREATE_INVITES = [
    f"CREATE TABLE IF NOT EXISTS {INVITES_TABLE} (token_hash TEXT PRIMARY KEY, campaign_id TEXT NOT NULL, player TEXT NOT NULL, "
    "gm BOOLEAN NOT NULL, issued_at TEXT NOT NULL, revoked_at TEXT)",
    f"CREATE INDEX IF NOT EXISTS {INVITES_TABLE}_holder ON {INVITES_TABLE} (campaign_id, player)",
]
# {0} is the backend's placeholder: ``?`` on SQLite, ``%s`` on PostgreSQL.
_INSERT = f"INSERT INTO {INVITES_TABLE} (token_hash, campaign_id, player, gm, issued_at) VALUES ({{0}}, {{0}}, {{0}}, {{0}}, {{0}})"
_RESOLVE = f"SELECT campaign_id, player, gm, issued_at FROM {INVITES_TABLE} WHERE token_hash = {{0}} AND revoked_at IS NULL"
_HOLDERS = f"SELECT DISTINCT player FROM {INVITES_TABLE} WHERE campaign_id = {{0}}"
_REVOKE = (
    f"UPDATE {INVITES_TABLE} SET revoked_at = {{0}} WHERE campaign_id = {{0}} AND player = {{0}} AND revoked_at IS NULL RETURNING issued_at"
)
_LIST = f"SELECT player, gm, issued_at, revoked_at FROM {INVITES_TABLE} WHERE campaign_id = {{0}} ORDER BY issued_at, player"
# secrets.token_urlsafe's bytes: 256 bits, beyond guessing, as long as the hash that keeps it.
TOKEN_BYTES = 32


@dataclass(frozen=True)
class Invite:
    """What a live link opens: a campaign, as one of its players (or as its GM: ``gm``, who sees
    all), since ``issued_at``."""

    campaign_id: UUID
    player: str
    gm: bool
    issued_at: datetime


@dataclass(frozen=True)
class InviteRow:
    """A link as the GM's list shows it: who holds it, whether it is the GM's, when it was issued
    and when revoked (None: live). Never its token, nor its hash."""

    player: str
    gm: bool
    issued_at: datetime
    revoked_at: datetime | None


def token_hash(token: str) -> str:
    """The stored form of a token: the sha256 of its UTF-8 bytes, in hex."""
    # surrogatepass: a token read from a URL may hold anything; it must hash, then find nothing.
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def invited(campaign: Campaign, player: str, gm: bool) -> str:
    """The name a link of ``campaign`` is issued to: one of its players (:func:`player_named`),
    or for the GM's link any name of the GM's choosing."""
    if gm:
        return recordable_name(" ".join(player.split()), "the GM's name")
    if not players_of(campaign):
        raise RuleViolation(
            f"{campaign.name} has no players yet: {to_type(f'character player {shlex.quote(campaign.name)} CHARACTER PLAYER')} names one, "
            "or `--gm` issues the GM's link"
        )
    return player_named(campaign, player)


class Invites:
    """The invite links of a journal's campaigns, in a table of the journal's own database,
    reached through the event store's connection."""

    def __init__(self, journal: Journal, clock: WallClock = system_clock) -> None:
        self._journal = journal
        self._clock = clock

    @property
    def _placeholder(self) -> str:
        return "%s" if self._journal.settings.is_postgres else "?"

    def _datastore(self) -> Any:
        return self._journal.recorder.datastore  # type: ignore[attr-defined]

    def _campaign(self, campaign_id: UUID) -> Campaign:
        campaign: object = self._journal.load(campaign_id)
        if not isinstance(campaign, Campaign):
            raise RuleViolation(f"no campaign with id {campaign_id}")
        return campaign

    def issue(self, campaign_id: UUID, player: str, gm: bool = False) -> str:
        """A new link's token for ``player`` of the campaign (the GM's link if ``gm``): shown to
        the caller once, stored only as its hash. Older links of the player stay valid until
        revoked. A name that is not one of the campaign's players is refused (:func:`invited`)
        and nothing is stored."""
        name = invited(self._campaign(campaign_id), player, gm)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        row = (token_hash(token), str(campaign_id), name, gm, self._clock().isoformat())
        with self._datastore().transaction(commit=True) as cursor:
            cursor.execute(_INSERT.format(self._placeholder), row)
        return token

    def resolve(self, token: str) -> Invite | None:
        """What the link of ``token`` opens; None for a token unknown or revoked, alike."""
        with self._datastore().transaction(commit=False) as cursor:
            cursor.execute(_RESOLVE.format(self._placeholder), (token_hash(token),))
            row = cursor.fetchone()
        if row is None:
            return None
        return Invite(UUID(row["campaign_id"]), row["player"], bool(row["gm"]), datetime.fromisoformat(row["issued_at"]))

    def holder(self, campaign_id: UUID, player: str) -> str:
        """The name, as a link of the campaign was issued to it, that ``player`` types (without
        case or accents, like every name). A name that holds no link of the campaign, live or
        revoked, is refused, naming those that do."""
        with self._datastore().transaction(commit=False) as cursor:
            cursor.execute(_HOLDERS.format(self._placeholder), (str(campaign_id),))
            holders = sorted(row["player"] for row in cursor.fetchall())
        if not holders:
            raise RuleViolation(f"no link to {self._campaign(campaign_id).name} was ever issued: nothing to revoke")
        try:
            return find(player, [(holder, holder) for holder in holders], "link holder")
        except RuleViolation:
            where = self._campaign(campaign_id).name
            raise RuleViolation(f"no link to {where} was issued to {quoted(player)}: links were issued to {', '.join(holders)}") from None

    def revoke(self, campaign_id: UUID, player: str) -> int:
        """Revoke every live link of ``player`` (named as :meth:`holder` finds them; their GM
        link too, if the GM's name is theirs); how many were live. A name that holds no link of
        the campaign is refused, and nothing changes."""
        name = self.holder(campaign_id, player)
        # The update first in its transaction: on SQLite it takes the write lock at once, never
        # upgrading a read that another writer may have made stale.
        with self._datastore().transaction(commit=True) as cursor:
            cursor.execute(_REVOKE.format(self._placeholder), (self._clock().isoformat(), str(campaign_id), name))
            return len(cursor.fetchall())

    def list(self, campaign_id: UUID) -> list[InviteRow]:
        """Every link of the campaign, live and revoked, oldest first: never a token or a hash."""
        with self._datastore().transaction(commit=False) as cursor:
            cursor.execute(_LIST.format(self._placeholder), (str(campaign_id),))
            rows = cursor.fetchall()
        return [
            InviteRow(
                row["player"],
                bool(row["gm"]),
                datetime.fromisoformat(row["issued_at"]),
                None if row["revoked_at"] is None else datetime.fromisoformat(row["revoked_at"]),
            )
            for row in rows
        ]
