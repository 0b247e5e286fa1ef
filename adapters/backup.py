"""Backups of a SQLite journal and restores from them. A backup is SQLite's online backup API
reading the journal inside one read transaction: the copy is the journal as of that instant,
its WAL included, while the daemon and other writers go on (a plain copy of the file misses
whatever is still in the WAL). A restore checks the backup as ``chronique verify`` would, keeps
the journal it replaces aside, and only then writes the backup into it."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from chronique.adapters.identity import EVENTS_TABLE, Found, NotAJournal, inspect_sqlite, owner_only, reader
from chronique.domain.errors import RuleViolation
from chronique.domain.verifier import CAMPAIGN

# Pages copied per step: 4 MiB at SQLite's default page size, so progress moves on a large
# journal; the open read transaction keeps every step on the same snapshot.
STEP_PAGES = 1024
# How long a restore waits for the journal's other users (commands finish within seconds).
LOCK_WAIT = 30.0

Progress = Callable[[str, int, int], None]
"""Told (what is being done, done so far, total) as long work goes on."""


def _quiet(stage: str, done: int, total: int) -> None:
    """No progress to show."""


def take_backup(journal: Path, target: Path, progress: Progress = _quiet) -> int:
    """Write the journal as of now into ``target``, a new file that is never overwritten; return
    how many events it holds."""
    if target.resolve() == journal.resolve():
        raise RuleViolation(f"{target} is the journal itself")
    if target.exists():
        raise RuleViolation(f"{target} already exists: a backup never overwrites a file")
    if not target.parent.is_dir():
        raise RuleViolation(f"cannot write {target}: the folder {target.parent} does not exist")
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    try:
        owner_only(partial)  # the copy holds the open epochs' seeds, as the journal does
        source = sqlite3.connect(f"{journal.absolute().as_uri()}?mode=ro", uri=True, timeout=LOCK_WAIT, isolation_level=None)
        try:
            source.execute("BEGIN")
            source.execute("SELECT count(*) FROM sqlite_master").fetchone()  # the snapshot starts here
            events = _copy(source, partial, "copying the journal", progress)
        finally:
            source.close()
        # A link, not a rename: it fails rather than replace a file made meanwhile at the target.
        os.link(partial, target)
    except FileExistsError:
        raise RuleViolation(f"{target} already exists: a backup never overwrites a file") from None
    finally:
        partial.unlink(missing_ok=True)
    return events


def _copy(source: sqlite3.Connection, target: Path, stage: str, progress: Progress) -> int:
    """Copy ``source`` into the file ``target`` page by page; a single self-contained file (no
    WAL beside it) with the count of events it holds."""
    destination = sqlite3.connect(target, isolation_level=None)
    try:
        source.backup(destination, pages=STEP_PAGES, progress=lambda _, remaining, total: progress(stage, total - remaining, total))
        destination.execute("PRAGMA journal_mode = DELETE")
        return destination.execute(f"SELECT count(*) FROM {EVENTS_TABLE}").fetchone()[0]
    finally:
        destination.close()


@dataclass(frozen=True)
class Restored:
    """What a restore did."""

    events: int
    campaigns: tuple[str, ...]
    """The names of the campaigns the backup brought in, oldest first."""
    kept_aside: Path | None
    replaced: tuple[str, ...] | None = None
    """The names of the campaigns of the journal it replaced; None when there was none, one from
    before the marker (not opened, so that a restore never writes to what it keeps aside), or one
    whose campaigns' creations cannot be read."""


def restore(backup: Path, journal: Path, progress: Progress = _quiet, lock_wait: float = LOCK_WAIT) -> Restored:
    """Replace the journal's content by the backup's, if the backup is a Chronique journal that
    verifies; the replaced journal is kept aside as ``<name>.before-restore-<n>``."""
    found = inspect_sqlite(backup)
    if found is Found.NOTHING:
        raise NotAJournal(f"{backup} does not exist or is empty: there is nothing to restore")
    if found is Found.UNMARKED:
        raise NotAJournal(f"{backup} carries no journal marker: open it once with `chronique --db {backup} verify`, then restore it")
    if journal.exists() and journal.resolve() == backup.resolve():
        raise RuleViolation(f"{backup} is the journal itself")
    try:
        current = inspect_sqlite(journal)
    except NotAJournal as error:
        # Another program's database is never overwritten; a damaged journal is the user's to move.
        raise NotAJournal(f"cannot restore over it: {error}; move it away first (nothing was changed)") from None
    if current is Found.NOTHING and not journal.parent.is_dir():
        raise RuleViolation(f"cannot restore to {journal}: the folder {journal.parent} does not exist")
    staging = journal.with_name(f".{journal.name}.restoring-{os.getpid()}")
    try:
        owner_only(staging)
        source = reader(backup)
        try:
            events = _copy(source, staging, "reading the backup", progress)
        finally:
            source.close()
        campaigns = _verify(backup, staging, progress)
        replaced = _names(journal) if current is Found.JOURNAL else None
        kept = _replace(journal, staging, current, progress, lock_wait)
    finally:
        for leftover in (staging, *(staging.with_name(staging.name + end) for end in ("-wal", "-shm", "-journal"))):
            leftover.unlink(missing_ok=True)
    return Restored(events, campaigns, kept, replaced)


def _names(journal: Path) -> tuple[str, ...] | None:
    """The names of a marked journal's campaigns, oldest first, read without writing to it; None
    when they cannot be read. Read off their creations alone (a campaign is named once, when
    created), never by replaying a chain: a journal damaged elsewhere, which a restore is there
    to mend, still names its campaigns and is replaced (ruling BD22)."""
    source = reader(journal)
    try:
        rows = source.execute(f"SELECT state FROM {EVENTS_TABLE} WHERE topic = ? ORDER BY rowid", (_CREATED,)).fetchall()
        return tuple(str(json.loads(state)["name"]) for (state,) in rows)
    except (sqlite3.DatabaseError, ValueError, KeyError, TypeError):
        return None
    finally:
        source.close()


_CREATED = CAMPAIGN + "Created"


def _verify(backup: Path, staging: Path, progress: Progress) -> tuple[str, ...]:
    """The names of the campaigns the backup holds, once ``verify`` passed on every one of them."""
    from eventsourcing.persistence import PersistenceError

    from chronique.adapters.audit import Unreadable
    from chronique.adapters.bootstrap import build

    services = build(str(staging), create=False)
    try:
        ids = services.audit.campaign_ids()
        for done, campaign_id in enumerate(ids):
            progress("verifying the backup", done, len(ids))
            report = services.audit.verify(str(campaign_id))
            if not report.ok:
                raise NotAJournal(f"{backup} does not verify (campaign {campaign_id}: {report.summary()}): nothing was restored")
        progress("verifying the backup", len(ids), len(ids))
        return tuple(c.name for c in services.campaigns())
    except (sqlite3.DatabaseError, PersistenceError, Unreadable) as error:
        raise NotAJournal(f"{backup} is damaged ({error}): nothing was restored") from None
    finally:
        services.close()


def _replace(journal: Path, staging: Path, current: Found, progress: Progress, lock_wait: float) -> Path | None:
    """Under an exclusive lock, so that no write lands between them: copy the journal aside,
    then write the staging copy into it (one transaction: a crash leaves the old or the new)."""
    owner_only(journal)
    live = sqlite3.connect(journal, timeout=lock_wait, isolation_level=None)
    try:
        # A new file takes the backup's page size; then WAL, as every journal is: in exclusive
        # locking mode a rollback journal would be left beside the file.
        live.execute(f"PRAGMA page_size = {_page_size(staging)}")
        live.execute("PRAGMA journal_mode = WAL")
        # Held from the first transaction to the close: no other connection reads or writes meanwhile.
        live.execute("PRAGMA locking_mode = EXCLUSIVE")
        try:
            live.execute("BEGIN EXCLUSIVE")
        except sqlite3.OperationalError:
            raise RuleViolation(
                f"the journal {journal} is in use by another process (the daemon?): stop it, then restore again; nothing was changed"
            ) from None
        live.execute("COMMIT")
        kept = None
        if current is not Found.NOTHING:
            kept = _aside(journal)
            owner_only(kept)
            _copy(live, kept, "keeping the current journal aside", progress)
        # SQLite copies into a WAL-mode file only pages of its own size.
        _resize(staging, live.execute("PRAGMA page_size").fetchone()[0])
        source = sqlite3.connect(staging)
        try:
            source.backup(live, pages=STEP_PAGES, progress=lambda _, left, total: progress("restoring", total - left, total))
        finally:
            source.close()
        return kept
    finally:
        live.close()


def _page_size(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        return connection.execute("PRAGMA page_size").fetchone()[0]
    finally:
        connection.close()


def _resize(path: Path, page_size: int) -> None:
    if _page_size(path) == page_size:
        return
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode = DELETE")
        connection.execute(f"PRAGMA page_size = {page_size}")
        connection.execute("VACUUM")
    finally:
        connection.close()


def _aside(journal: Path) -> Path:
    """The first free ``<name>.before-restore-<n>``."""
    n = 1
    while (kept := journal.with_name(f"{journal.name}.before-restore-{n}")).exists():
        n += 1
    return kept
