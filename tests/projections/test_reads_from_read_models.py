"""`chronique sheet` and the downtime board read the characters now from the sheets read model
(issue 14), through the event store's own connection so a one-shot command never imports
SQLAlchemy (issue 20); when the read model is behind the journal (commands leave it to the next
read), the characters are loaded from the store instead, and `--as-of` replays the events."""

from __future__ import annotations

import json

from sqlalchemy import select, update
from support import SAMPLES, board_lines, change_read_model, one_shot_importing, run

from chronique.adapters.bootstrap import build
from chronique.projections.tables import sheets, tracking

CAMPAIGN = "Verdelune"


def evening(db: str) -> None:
    """A Cartes campaign with Alice and a session where she takes a wound (§Blessures)."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "cartes")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "alice.toml"))
    run(db, "session", "start", CAMPAIGN)
    wound(db)
    run(db, "session", "end", CAMPAIGN)
    run(db, "luck", CAMPAIGN)  # a read: it catches the read models up (ruling PF1)


def wound(db: str) -> None:
    run(db, "cartes", "wound", CAMPAIGN, "Alice", "--damage", "3", "--lethality", "faible")


def shown_version(db: str, *args: str) -> int:
    """The version ``sheet --json`` gives Alice's sheet (its heading says none: ruling SV11)."""
    return int(json.loads(run(db, "sheet", CAMPAIGN, "Alice", "--json", *args).stdout)["version"])


def test_the_current_sheet_is_the_read_model_s_row_and_as_of_replays_the_events(db: str) -> None:
    evening(db)
    version = build(db, create=False).world(CAMPAIGN).character("Alice").version
    assert shown_version(db) == version
    # A row changed behind the journal's back shows: the sheet was read from it, not replayed.
    change_read_model(db, update(sheets).values(version=999))
    assert shown_version(db) == 999
    assert shown_version(db, "--as-of", "1") == version


def test_a_sheet_whose_read_model_is_behind_is_loaded_from_the_store_and_leaves_it_behind(db: str) -> None:
    evening(db)
    run(db, "session", "start", CAMPAIGN)
    [[(position,)], [row]] = change_read_model(db, select(tracking.c.position).where(tracking.c.projection == "sheets"), select(sheets))
    wound(db)  # a command: the read model is left behind (ruling PF1)
    version = build(db, create=False).world(CAMPAIGN).character("Alice").version
    assert version > row.version
    assert shown_version(db) == version
    # Loaded from the store, not by catching the read models up (which would import SQLAlchemy).
    assert change_read_model(db, select(tracking.c.position).where(tracking.c.projection == "sheets")) == [[(position,)]]


def test_a_one_shot_sheet_reads_without_importing_sqlalchemy(db: str) -> None:
    evening(db)
    printed, imported = one_shot_importing(db, "sheet", CAMPAIGN, "Alice")
    assert "Alice" in printed
    assert not imported


def test_a_one_shot_cartes_sheet_reads_without_importing_pydantic(db: str) -> None:
    # Issue 20: the sheet is shown from its stored data; the typed model (pydantic, ~50 ms to
    # import) serves the rules that record, not the reading.
    evening(db)
    printed, imported = one_shot_importing(db, "sheet", CAMPAIGN, "Alice", module="pydantic")
    assert "KO and OK" in printed
    assert not imported


def test_the_downtime_board_is_read_from_the_characters_conditions_in_the_read_model(db: str) -> None:
    evening(db)
    # §Blessures: Alice's Faible wound brings a survival draw a day after the wound.
    assert "Day 2 08:00  Alice survival draw for wound 1 (Faible)" in board_lines(run(db, "downtime", "board", CAMPAIGN).stdout)
    [[row]] = change_read_model(db, select(sheets))
    healed = {**row.condition, "wounds": []}
    change_read_model(db, update(sheets).values(condition=healed))
    assert "survival draw" not in run(db, "downtime", "board", CAMPAIGN).stdout
