"""Invite links (issue 16, "Who sees what"): the store of the players' and the GM's links, on a
real journal of each backend. A token resolves to its player until revoked; the database holds
only its sha256, never the token (the whole SQLite file and WAL, or a pg_dump of the whole
PostgreSQL database, is searched for it); a revoked or unknown token resolves to the same
nothing; a name that is no player of the campaign is refused and nothing is stored. The table
is made on open and by migration 0003 alike."""

from __future__ import annotations

import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from support import sample

from chronique.adapters.bootstrap import build
from chronique.adapters.invites import INVITES_TABLE, Invite, token_hash
from chronique.adapters.services import Chronique
from chronique.domain.errors import RuleViolation

CAMPAIGN = "Verdelune"


def table(services: Chronique) -> list[dict[str, Any]]:
    """Every row of the invites table, every column, read through the journal's own connection."""
    with services.journal.recorder.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
        cursor.execute(f"SELECT * FROM {INVITES_TABLE}")
        return [dict(row) for row in cursor.fetchall()]


def whole_database(db: str) -> bytes:
    """Everything the database holds: the SQLite file and its WAL as bytes, or a plain pg_dump
    of the whole PostgreSQL database (schema and every table's data)."""
    if db.startswith("postgresql://"):
        pg_dump = shutil.which("pg_dump")
        assert pg_dump is not None, "pg_dump is needed to read the whole database"
        return subprocess.run([pg_dump, "--no-owner", db], capture_output=True, check=True, timeout=60).stdout
    return b"".join(Path(db + suffix).read_bytes() for suffix in ("", "-wal") if Path(db + suffix).exists())


@pytest.fixture
def table_of_two(services: Chronique) -> Chronique:
    """Verdelune with Alice played by Anne-Marie and Bruno by Benoît (accents: names are typed
    without them)."""
    services.create_campaign(CAMPAIGN, "cartes", "Day 1 08:00")
    for sheet in ("alice", "bruno"):
        services.create_character(CAMPAIGN, sample(sheet))
    services.assign_player(CAMPAIGN, "Alice", "Anne-Marie")
    services.assign_player(CAMPAIGN, "Bruno", "Benoît")
    return services


def test_an_issued_token_resolves_to_its_player_and_campaign(table_of_two: Chronique) -> None:
    services = table_of_two
    campaign = services.campaign(CAMPAIGN)
    before = datetime.now(UTC)
    token = services.invites.issue(campaign.id, "benoit")
    found = services.invites.resolve(token)
    assert found is not None
    # Typed without its accent, stored as the campaign spells the player.
    assert (found.campaign_id, found.player, found.gm) == (campaign.id, "Benoît", False)
    assert before <= found.issued_at <= datetime.now(UTC)
    # 256 bits from the CSPRNG, URL-safe: nothing to escape in a link.
    assert len(token) >= 43 and token.replace("-", "").replace("_", "").isalnum()


def test_only_the_tokens_hash_is_in_the_database_never_the_token(table_of_two: Chronique, db: str) -> None:
    services = table_of_two
    campaign = services.campaign(CAMPAIGN)
    tokens = [services.invites.issue(campaign.id, "Anne-Marie"), services.invites.issue(campaign.id, "Gilles", gm=True)]
    rows = table(services)
    assert {row["token_hash"] for row in rows} == {token_hash(t) for t in tokens}
    for token in tokens:
        assert all(token not in str(value) for row in rows for value in row.values())
    services.close()
    dump = whole_database(db)
    for token in tokens:
        # The hash is found (the search reads the table's contents), the token nowhere.
        assert token_hash(token).encode() in dump
        assert token.encode() not in dump


def test_a_revoked_token_resolves_to_nothing_like_an_unknown_one(table_of_two: Chronique) -> None:
    services = table_of_two
    campaign = services.campaign(CAMPAIGN)
    first, second = services.invites.issue(campaign.id, "Anne-Marie"), services.invites.issue(campaign.id, "Anne-Marie")
    other = services.invites.issue(campaign.id, "Benoît")
    # A second link leaves the first valid (ruling H4): a player may have a phone and a laptop.
    assert services.invites.resolve(first) is not None and services.invites.resolve(second) is not None
    assert services.invites.revoke(campaign.id, "anne-marie") == 2
    assert services.invites.resolve(first) is None
    assert services.invites.resolve(second) is None
    # Another player's link is theirs, untouched.
    kept = services.invites.resolve(other)
    assert kept is not None and kept == Invite(campaign.id, "Benoît", False, kept.issued_at)
    # Revoking again finds nothing live; the list keeps the revoked links, dated.
    assert services.invites.revoke(campaign.id, "Anne-Marie") == 0
    listed = services.invites.list(campaign.id)
    assert [(r.player, r.gm, r.revoked_at is not None) for r in listed] == [("Anne-Marie", False, True)] * 2 + [("Benoît", False, False)]


# What a URL may carry instead of a token: nothing, a guess of the right length, a path, a lone
# surrogate (undecodable bytes), a flood.
UNKNOWN = {"empty": "", "short": "x", "guess": "A" * 43, "path": "../../etc", "surrogate": "caf\udce9", "long": "x" * 10_000}


@pytest.mark.parametrize("token", UNKNOWN.values(), ids=UNKNOWN.keys())
def test_an_unknown_token_resolves_to_nothing(table_of_two: Chronique, token: str) -> None:
    services = table_of_two
    services.invites.issue(services.campaign(CAMPAIGN).id, "Benoît")
    assert services.invites.resolve(token) is None


def test_the_gms_link_sees_all_and_needs_no_player_of_that_name(table_of_two: Chronique) -> None:
    services = table_of_two
    campaign = services.campaign(CAMPAIGN)
    found = services.invites.resolve(services.invites.issue(campaign.id, "  Gilles  ", gm=True))
    assert found is not None and (found.player, found.gm) == ("Gilles", True)


def test_an_unknown_player_is_refused_naming_the_players_and_nothing_is_stored(table_of_two: Chronique) -> None:
    services = table_of_two
    campaign = services.campaign(CAMPAIGN)
    with pytest.raises(RuleViolation, match=r"^no player “Alice” in Verdelune: its players are Anne-Marie, Benoît$"):
        # Alice is a character, not a player: a link shows a player's view.
        services.invites.issue(campaign.id, "Alice")
    with pytest.raises(RuleViolation, match="^no link to Verdelune was ever issued: nothing to revoke$"):
        services.invites.revoke(campaign.id, "Alice")
    assert table(services) == []


def test_a_campaign_without_players_says_how_to_name_one(services: Chronique) -> None:
    services.create_campaign(CAMPAIGN, "cartes", "Day 1 08:00")
    with pytest.raises(RuleViolation, match="has no players yet: `chronique character player Verdelune CHARACTER PLAYER`"):
        services.invites.issue(services.campaign(CAMPAIGN).id, "Anne-Marie")
    assert table(services) == []


def columns(db: str) -> dict[str, Any]:
    """The invites table's columns (name, type, nullable, key) and indexes, as SQLAlchemy sees them."""
    from sqlalchemy import inspect

    from chronique.adapters.database import engine_for
    from chronique.adapters.settings import Settings

    engine = engine_for(Settings(db))
    try:
        inspector = inspect(engine)
        return {
            "columns": [(c["name"], str(c["type"]), c["nullable"]) for c in inspector.get_columns(INVITES_TABLE)],
            "key": inspector.get_pk_constraint(INVITES_TABLE)["constrained_columns"],
            "indexes": [(i["name"], i["column_names"]) for i in inspector.get_indexes(INVITES_TABLE)],
        }
    finally:
        engine.dispose()


def test_migration_0003_makes_the_table_the_journals_open_makes(table_of_two: Chronique, db: str) -> None:
    services = table_of_two
    models = services.read_models
    assert models is not None
    models.upgrade()
    made_on_open = columns(db)
    assert made_on_open["key"] == ["token_hash"]
    # A journal at 0002 (as `db upgrade` meets one): without the table, nor what later migrations
    # make (0004's index of in-game time), its log keeping its words (0005 drops them), its
    # standings their counts (0006); the migration makes it again.
    with services.journal.recorder.datastore.transaction(commit=True) as cursor:  # type: ignore[attr-defined]
        cursor.execute(f"DROP TABLE {INVITES_TABLE}")
        cursor.execute("DROP TABLE read_moments")
        cursor.execute("ALTER TABLE read_log ADD COLUMN description TEXT NOT NULL DEFAULT ''")
        for standings in ("read_luck_standings", "read_log_standings"):
            cursor.execute(f"ALTER TABLE {standings} ADD COLUMN numbered INTEGER")
        cursor.execute("UPDATE alembic_version SET version_num = '0002'")
    models.upgrade()
    assert columns(db) == made_on_open
    # And a journal's open makes it where it is missing, without a migration.
    with services.journal.recorder.datastore.transaction(commit=True) as cursor:  # type: ignore[attr-defined]
        cursor.execute(f"DROP TABLE {INVITES_TABLE}")
    services.close()
    reopened = build(db, create=False)
    try:
        campaign = reopened.campaign(CAMPAIGN)
        assert reopened.invites.resolve(reopened.invites.issue(campaign.id, "Benoît")) is not None
    finally:
        reopened.close()
    assert columns(db) == made_on_open


def test_a_link_outlives_its_players_character_changing_hands_until_revoked(table_of_two: Chronique) -> None:
    services = table_of_two
    campaign = services.campaign(CAMPAIGN)
    token = services.invites.issue(campaign.id, "Benoît")
    # Ruling H4: a link is revoked by the GM, never by a reassignment (Benoît may take up another
    # character next session); the web shows him what his name plays, which may be nothing.
    services.assign_player(CAMPAIGN, "Bruno", "Anne-Marie")
    found = services.invites.resolve(token)
    assert found is not None and found.player == "Benoît"
    # Nor is he a player any more: a new link for him is refused, the old one still revocable.
    with pytest.raises(RuleViolation, match="its players are Anne-Marie$"):
        services.invites.issue(campaign.id, "Benoît")
    assert services.invites.revoke(campaign.id, "benoit") == 1
    assert services.invites.resolve(token) is None
