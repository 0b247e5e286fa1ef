"""``chronique backup`` and ``chronique restore`` (issue 18, item 6), through the real CLI.

SQLite-only, but for the PostgreSQL test at the end: the backup is SQLite's online backup API on
the journal's file, and these tests look at files (their rows, their bytes, what lies beside
them). A PostgreSQL journal is backed up by pg_dump, which the commands point to."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import fresh_database, run

from chronique.adapters.backup import restore
from chronique.adapters.identity import APPLICATION_ID
from chronique.domain.errors import RuleViolation

WRITER = textwrap.dedent(
    """
    import sys
    from chronique.adapters.bootstrap import build
    from chronique.domain.rulesets.cartes.table import gm_draw

    db, writer, writes = sys.argv[1], sys.argv[2], int(sys.argv[3])
    services = build(db, create=False)
    for n in range(writes):
        services.act("Verdelune", lambda w: gm_draw(w, 1, "", f"{writer}:{n}", False))
    services.close()
    """
)

Row = tuple[str, int]


def events(path: Path) -> set[Row]:
    """Every stored event of a SQLite journal file, as (aggregate, version)."""
    connection = sqlite3.connect(path)
    try:
        return set(connection.execute("SELECT originator_id, originator_version FROM stored_events"))
    finally:
        connection.close()


def a_session(db: Path, name: str = "Verdelune") -> None:
    """A Cartes campaign with an open session, so the GM can draw. Through the CLI, which gives
    back every connection it opened: a restore waits for the journal's other users, this process's
    own included."""
    run(db, "campaign", "new", name, "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "session", "start", name)


def backup(db: Path, target: Path) -> None:
    result = run(db, "backup", "-o", str(target))
    assert result.stdout.startswith(f"backed up {len(events(target))} events to {target}"), result.stdout


def unchanged(folder: Path) -> dict[str, bytes | None]:
    """Every file of a folder and its bytes; a -shm file's bytes are the readers' shared memory,
    which any read (a refused command's identity check included) may touch."""
    return {p.name: None if p.name.endswith("-shm") else p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.mark.slow  # writer processes
def test_a_backup_taken_while_writers_append_holds_every_event_committed_before_it_and_verifies(db_path: Path, tmp_path: Path) -> None:
    a_session(db_path)
    # The file itself holds the session; then a reader from before the writers keeps their pages
    # out of it (a checkpoint never passes a reader), so what a plain copy of the file misses is
    # certain, not luck of timing.
    pin = sqlite3.connect(db_path, isolation_level=None)
    pin.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pin.execute("BEGIN")
    pinned = set(pin.execute("SELECT originator_id, originator_version FROM stored_events"))
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(db_path), f"w{k}", "150"], stderr=subprocess.PIPE, text=True) for k in range(3)
    ]
    try:
        deadline = time.monotonic() + 120
        while len(events(db_path)) < len(pinned) + 60:
            assert time.monotonic() < deadline, "the writers recorded nothing in two minutes"
            assert all(w.poll() is None for w in writers), "a writer stopped early"
            time.sleep(0.05)
        committed = events(db_path)
        plain = tmp_path / "plain-copy.db"
        shutil.copyfile(db_path, plain)
        target = tmp_path / "backup.db"
        backup(db_path, target)
        assert any(w.poll() is None for w in writers), "the writers were done before the backup: it was not taken under load"
    finally:
        for writer in writers:
            _, errors = writer.communicate(timeout=600)
            assert writer.returncode == 0, errors[-3000:]
        pin.close()
    assert events(plain) == pinned and committed - pinned, "a plain copy misses what is still in the WAL"
    kept = events(target)
    assert committed <= kept, f"{len(committed - kept)} committed event(s) missing from the backup"
    assert kept <= events(db_path)
    assert "FAILED" not in run(target, "verify").stdout


def test_the_backup_is_one_self_contained_file_readable_by_its_owner_only(db_path: Path, tmp_path: Path) -> None:
    a_session(db_path)
    target = tmp_path / "copies" / "backup.db"
    target.parent.mkdir()
    backup(db_path, target)
    assert [p.name for p in target.parent.iterdir()] == ["backup.db"]  # no -wal, no partial file
    assert os.stat(target).st_mode & 0o777 == 0o600  # it holds the open epoch's seed (FAIRNESS.md v2, Secrets)
    with sqlite3.connect(target) as connection:
        assert connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    connection.close()
    assert events(target) == events(db_path)


def test_a_folder_as_target_gets_a_dated_backup_and_an_existing_file_is_never_overwritten(db_path: Path, tmp_path: Path) -> None:
    a_session(db_path)
    folder = tmp_path / "copies"
    folder.mkdir()
    written = run(db_path, "backup", "-o", str(folder)).stdout.split(" to ")[1].strip()
    (made,) = folder.iterdir()
    assert written == str(made) and made.name.startswith(f"{db_path.stem}-backup-") and made.suffix == ".db"
    before = unchanged(folder)
    result = run(db_path, "backup", "-o", str(made), check=False)
    assert result.returncode == 2 and "already exists" in result.stderr and result.stderr.count("\n") == 1
    assert unchanged(folder) == before


@pytest.mark.parametrize(
    ("target", "words"),
    [("nowhere/backup.db", "does not exist"), ("journal.db", "the journal itself")],
)
def test_a_backup_to_a_missing_folder_or_onto_the_journal_is_refused(db_path: Path, tmp_path: Path, target: str, words: str) -> None:
    a_session(db_path)
    before = unchanged(tmp_path)
    result = run(db_path, "backup", "-o", str(tmp_path / target), check=False)
    assert result.returncode == 2 and words in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert unchanged(tmp_path) == before


def test_backup_of_a_missing_journal_is_refused_and_creates_nothing(tmp_path: Path) -> None:
    result = run(tmp_path / "journal.db", "backup", check=False)
    assert result.returncode == 2 and "no journal" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_restore_puts_the_backup_back_and_keeps_each_replaced_journal_aside(db_path: Path, tmp_path: Path) -> None:
    a_session(db_path)
    target = tmp_path / "backup.db"
    backup(db_path, target)
    saved = events(target)
    a_session(db_path, "Brumeval")  # written after the backup: the restore replaces it, keeping it aside
    later = events(db_path)
    assert later > saved
    result = run(db_path, "restore", str(target))
    aside = db_path.with_name(f"{db_path.name}.before-restore-1")
    assert result.stdout.strip().endswith(f"the journal it replaced is kept as {aside}"), result.stdout
    assert events(db_path) == saved and events(aside) == later
    assert run(db_path, "campaign", "list", "--json").stdout.count('"name"') == 1
    assert "FAILED" not in run(db_path, "verify").stdout
    run(db_path, "restore", str(target))  # a second restore keeps the first restore's result aside too
    assert events(db_path.with_name(f"{db_path.name}.before-restore-2")) == saved and events(aside) == later


def test_restore_where_there_is_no_journal_creates_it(db_path: Path, tmp_path: Path) -> None:
    a_session(db_path)
    target = tmp_path / "backup.db"
    backup(db_path, target)
    fresh = tmp_path / "elsewhere.db"
    assert run(fresh, "restore", str(target)).stdout.strip().endswith("there was no journal before")
    assert events(fresh) == events(target)
    assert not list(tmp_path.glob("*.before-restore-*"))


def _forged(backup: Path) -> None:
    # An attacker renames the campaign in its first event: the hash chain no longer holds.
    with sqlite3.connect(backup) as connection:
        rowid, state = connection.execute("SELECT rowid, state FROM stored_events WHERE topic LIKE '%Campaign.Created'").fetchone()
        forged = json.loads(state)
        forged["name"] = "Brumeval"
        connection.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (json.dumps(forged).encode(), rowid))
    connection.close()


def _unmarked(backup: Path) -> None:
    with sqlite3.connect(backup) as connection:
        connection.execute("PRAGMA application_id = 0")
    connection.close()


def _truncated(backup: Path) -> None:
    backup.write_bytes(backup.read_bytes()[:-4096])


def _text(backup: Path) -> None:
    backup.write_text("not a backup\n", encoding="utf-8")


def _foreign(backup: Path) -> None:
    backup.unlink()
    with sqlite3.connect(backup) as connection:
        connection.execute("CREATE TABLE notes (body text)")
    connection.close()


DAMAGED = {
    "a forged event": (_forged, "does not verify"),
    "no journal marker": (_unmarked, "carries no journal marker"),
    "truncated": (_truncated, "truncated"),
    "a text file": (_text, "not a SQLite database"),
    "another program's database": (_foreign, "another program"),
}


@pytest.mark.parametrize("kind", DAMAGED)
def test_restore_refuses_a_damaged_or_foreign_backup_and_changes_nothing(db_path: Path, tmp_path: Path, kind: str) -> None:
    damage, words = DAMAGED[kind]
    a_session(db_path)
    target = tmp_path / "backup.db"
    backup(db_path, target)
    damage(target)
    before = unchanged(tmp_path)
    result = run(db_path, "restore", str(target), check=False)
    assert result.returncode == 2 and words in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert unchanged(tmp_path) == before  # the journal, the backup, and nothing left beside them


def test_restore_over_another_programs_database_is_refused(tmp_path: Path, db_path: Path) -> None:
    a_session(db_path)
    target = tmp_path / "backup.db"
    backup(db_path, target)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE notes (body text)")
    connection.close()
    before = unchanged(tmp_path)
    result = run(other, "restore", str(target), check=False)
    assert result.returncode == 2 and "cannot restore over it" in result.stderr and "another program" in result.stderr
    assert unchanged(tmp_path) == before


def test_restore_waits_for_the_journals_other_users_and_gives_up_changing_nothing(db_path: Path, tmp_path: Path) -> None:
    a_session(db_path)
    target = tmp_path / "backup.db"
    backup(db_path, target)
    user = sqlite3.connect(db_path)  # another user of the journal (a daemon between two ticks)
    user.execute("SELECT count(*) FROM stored_events").fetchone()
    before = unchanged(tmp_path)
    try:
        with pytest.raises(RuleViolation, match="in use by another process"):
            restore(target, db_path, lock_wait=0.2)
        assert unchanged(tmp_path) == before
    finally:
        user.close()


@pytest.fixture
def postgres(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh PostgreSQL journal."""
    if request.config.getoption("backend") and "postgresql" not in request.config.getoption("backend"):
        pytest.skip("PostgreSQL was not among the chosen backends")
    with fresh_database("postgresql", tmp_path) as url:
        run(url, "init")
        yield url


def test_on_postgresql_backup_and_restore_name_pg_dump_and_pg_restore_and_do_nothing(
    postgres: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    dumped = run(postgres, "backup", "-o", "chronique.dump", check=False)
    assert dumped.returncode == 2 and dumped.stderr.count("\n") == 1
    assert f"`pg_dump --format=custom --file=chronique.dump {postgres}`" in dumped.stderr
    restored = run(postgres, "restore", "chronique.dump", check=False)
    assert restored.returncode == 2 and f"`pg_restore --clean --dbname={postgres} chronique.dump`" in restored.stderr
    assert list(tmp_path.iterdir()) == []
