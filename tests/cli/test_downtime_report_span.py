"""``chronique downtime report`` without ``--since`` tells what the last downtime did: the notable
outcomes recorded after the last session ended, up to the start of a session open now, voided ones
left out: the span the web journal's "What downtime did" lists (ruling WJ17). Play does not move
the clock (ruling C49), so what happened in the session shares the in-game date of its end: the
log's order, not a date, parts the session from the downtime after it. The real command line, in
process, on a real journal of each backend, for a Cartes and a Western Parade campaign."""

from __future__ import annotations

import json
from typing import Any

from support import SAMPLES, run

SAM = "Sam Parkerson"


def logged(db: str, campaign: str) -> list[dict[str, Any]]:
    """The campaign's recorded events, oldest first, as ``log --json --gm`` gives them."""
    return [entry["event"] for entry in json.loads(run(db, "log", campaign, "--json", "--gm").stdout)]


def report(db: str, campaign: str, *since: str) -> list[dict[str, Any]]:
    """The report's entries, as ``--json`` gives them."""
    entries: list[dict[str, Any]] = json.loads(run(db, "downtime", "report", campaign, *since, "--json").stdout)
    return entries


def lines(entries: list[dict[str, Any]]) -> str:
    """The report's text for these entries (cli/render.py ``notable``)."""
    return "".join(f"{e['date']}  {e['who']} {e['what']}\n" for e in entries)


def test_a_knock_out_in_the_session_is_not_what_downtime_did_cartes_ko_ou_ok_L354(db: str) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    for sheet in ("alice", "bruno", "brigand"):
        run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / f"{sheet}.toml"))
    run(db, "session", "start", "Verdelune")
    # §KO ou OK (L354): 9 damage of lethality Nulle knocks Alice out of the fight, in the session.
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "9", "--lethality", "nulle")
    run(db, "session", "end", "Verdelune")
    run(db, "advance", "Verdelune", "3d", "--yes")
    # Her survival draw falls due on Day 8 (§Survie: a week): three days bring nothing notable.
    # Ruling TB15: the report says in which span nothing notable happened.
    said = "Verdelune: nothing notable since session 1 ended (Day 1 08:00; the clock reads Day 4 08:00)\n"
    assert run(db, "downtime", "report", "Verdelune").stdout == said

    # In the downtime the GM has Bruno knocked out; a wound of the brigand taken back with undo
    # happened for no one.
    run(db, "cartes", "wound", "Verdelune", "Bruno", "--damage", "9", "--lethality", "nulle")
    run(db, "cartes", "wound", "Verdelune", "Brigand", "--damage", "9", "--lethality", "nulle")
    run(db, "undo", "Verdelune", "--reason", "not this brigand")
    bruno = [{"at": 3 * 86400 + 8 * 3600, "date": "Day 4 08:00", "who": "Bruno", "what": "was knocked out of the fight"}]
    assert report(db, "Verdelune") == bruno
    assert run(db, "downtime", "report", "Verdelune").stdout == "Day 4 08:00  Bruno was knocked out of the fight\n"

    # With --since the date the user asked for is the filter: the session's knock-out is in it.
    alice = {"at": 8 * 3600, "date": "Day 1 08:00", "who": "Alice", "what": "was knocked out of the fight"}
    assert report(db, "Verdelune", "--since", "Day 1 00:00") == [alice, *bruno]

    # Session 2 opens: what happens in it is not downtime either.
    run(db, "session", "start", "Verdelune")
    run(db, "cartes", "wound", "Verdelune", "Brigand", "--damage", "9", "--lethality", "nulle")
    assert report(db, "Verdelune") == bruno


def test_blood_lost_in_the_session_is_not_what_downtime_did_wp_S3_2_4_L1876(db: str) -> None:
    run(db, "campaign", "new", "Tombstone", "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", "Tombstone", "--sheet", str(SAMPLES / "wp_sam.toml"))
    run(db, "session", "start", "Tombstone")
    # A major thigh wound bleeds 4 PH a round (§3.2.3): Sam's 80 PH are 76 at once and 0 nineteen
    # rounds later, when he falls unconscious (§3.2.4 L1876), as the GM ends the session.
    run(db, "western-parade", "body", "wound", "Tombstone", SAM, "right-thigh", "13", "--kind", "blade")
    run(db, "advance", "Tombstone", "3m10s", "--yes")
    run(db, "session", "end", "Tombstone")
    run(db, "advance", "Tombstone", "3d", "--yes")
    recorded = logged(db, "Tombstone")
    kinds = [e["topic"].rsplit(":", 1)[-1] for e in recorded]
    ended = kinds.index("Campaign.SessionEnded")
    fainted, beyond = (n for n, kind in enumerate(kinds) if kind == "BloodLost")
    (died,) = (recorded[n] for n, kind in enumerate(kinds) if kind == "Died")
    # The blackout is the session's, at the very in-game date it ended: no date can leave it out.
    assert (recorded[fainted]["what"], recorded[fainted]["at"]) == ("unconscious", recorded[ended]["at"])
    assert fainted < ended < beyond
    # §3.2.4 L1878: at -40 PH (half his base) he is beyond saving, and dies 1d60 minutes later.
    entries = report(db, "Tombstone")
    assert [(e["at"], e["who"], e["what"]) for e in entries] == [
        (recorded[beyond]["at"], SAM, "lost too much blood (40 PH below zero): beyond saving"),
        (died["at"], SAM, "died (blood loss)"),
    ]
    shown = run(db, "downtime", "report", "Tombstone").stdout
    assert shown == lines(entries)
    assert shown.startswith("1873-04-12 08:04  Sam Parkerson lost too much blood (40 PH below zero): beyond saving\n")
    since = report(db, "Tombstone", "--since", "1873-04-12 08:00")
    assert [(e["at"], e["what"]) for e in since][0] == (recorded[fainted]["at"], "fell unconscious from blood loss (0 PH left)")
    assert since[1:] == entries


def test_the_report_says_which_span_it_tells(db: str) -> None:
    shown = " ".join(run(db, "downtime", "report", "--help").stdout.split())
    assert (
        "List the notable outcomes of the last downtime (deaths, failed survival draws, lasting maluses): what was recorded "
        "after the last session ended (all of it before any session ended), up to the start of a session open now; "
        "voided events left out." in shown
    )
    assert (
        "--since TEXT Everything notable from this in-game date on, in play or not (default: only what was recorded after "
        "the last session ended, up to the start of a session open now)." in shown
    )
