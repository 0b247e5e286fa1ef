"""A correction and an undo name what they voided by the refs the log shows (ruling UN9):
"correction: voided f6fc9d3b:6 (graze)", never "event 6", which named nothing a player could find
in the log or an export. Through the real command (in-process) on a real journal of each backend."""

from __future__ import annotations

import json
from typing import Any

from support import SAMPLES, run, short_ref
from verdelune_party import verdelune_party


def logged(db: str) -> list[dict[str, Any]]:
    """Every log entry of the campaign as ``log --json --gm`` gives it, oldest first."""
    return list(json.loads(run(db, "log", "Verdelune", "--json", "--gm").stdout))


def said(db: str, kind: str) -> list[str]:
    """What happened, as the log and ``audit show`` tell each event of ``kind`` (its topic's end)."""
    events = [e["event"] for e in logged(db) if e["event"]["topic"].endswith(kind)]
    shown = [run(db, "audit", "show", short_ref(event), "--gm").stdout.splitlines() for event in events]
    return [next(line.removeprefix("what happened: ") for line in lines if line.startswith("what happened: ")) for lines in shown]


def test_a_correction_and_an_undo_name_what_they_voided_by_its_log_ref(db: str) -> None:
    verdelune_party(db, session=False)
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "3", "--lethality", "faible")
    wound = next(e["event"] for e in logged(db) if e["event"]["topic"].endswith(":WoundSuffered"))
    run(db, "correct", short_ref(wound), "--reason", "a graze")
    assert said(db, "Character.Corrected") == [f"correction: voided {short_ref(wound)} (a graze)"]
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "2", "--lethality", "faible")
    second = [e["event"] for e in logged(db) if e["event"]["topic"].endswith(":WoundSuffered")][-1]
    run(db, "undo", "Verdelune", "--reason", "wrong target")
    assert said(db, "Character.Undone") == [f"undo: voided {short_ref(second)} (wrong target)"]
    assert said(db, "Campaign.Corrected") == ["a command taken back (wrong target): the campaign's clock and settings left as they were"]


def test_a_refused_correction_names_the_event_later_ones_depend_on_by_its_log_ref_ruling_UN14(db: str) -> None:
    # Western Parade §3.2.3-3.2.4: two bullets in Doc's thigh, then first aid on the wound both
    # made; voiding the second hit is refused, since the first aid holds it (ruling WB31). The
    # refusal named the hit "event 3", a number the log shows nowhere (ruling UN13's refs).
    city, doc = "Shotgun City", "Doc Holloway"
    run(db, "campaign", "new", city, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for who in ("sam", "doc"):
        run(db, "character", "new", city, "--sheet", str(SAMPLES / f"wp_{who}.toml"))
    run(db, "session", "start", city)
    for damage in ("3", "5"):
        run(db, "western-parade", "body", "wound", city, doc, "right-thigh", damage)
    run(db, "western-parade", "body", "first-aid", city, doc, "right-thigh", "--by", "Sam Parkerson")
    entries = json.loads(run(db, "log", city, "--json", "--gm").stdout)
    second = short_ref([e["event"] for e in entries if e["event"]["topic"].endswith(":WoundTaken")][1])
    refused = run(db, "correct", second, "--reason", "the second shot missed", check=False)
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"error: later events of {doc} depend on event {second}; void them first: ")
    assert f"| {second} " in run(db, "log", city).stdout
