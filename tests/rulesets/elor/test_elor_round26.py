"""Elor, the round-26 play-test: the hourly wake test runs from the knock-out, not from each blow
after it (E138); a faculty change tells only the state it made (E139) and starts the wake test
of one it knocks out (E140); a certain failure says why the effort asked stays unspent (E141).
Rules through the real command (``support.run``) on a real journal. Seed:
shared/seeds/003_d01003b662e47709.txt; digest: shared/rules/elor.md."""

from __future__ import annotations

import re

from elor_table import log, tolosa
from support import run

from chronique.domain.rulesets.elor import describe as words
from chronique.domain.rulesets.elor import events as ev


def _out_cold(db: str) -> None:
    """Tolosa with the hourly wake test on and no session open (so the advances are downtime's);
    Samson knocked out at Day 1 08:00 (§Humains: his torse at its 8 hit points, past armour 2)."""
    tolosa(db)
    run(db, "session", "end", "Tolosa")
    run(db, "campaign", "set", "Tolosa", "wake_test", "on")
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "10", "--location", "Torse", "--source", "a bear")


def test_a_blow_to_a_body_already_out_does_not_put_off_the_hourly_wake_test_PROPOSAL_5_6_ruling_E138(db: str) -> None:
    # PROPOSAL §5.6 (flag wake_test, E24): "a D10 wake test every hour" of the unconscious. A
    # blow to his leg at 08:40, while he was out, moved the test from 09:00 to 09:40.
    _out_cold(db)
    run(db, "advance", "Tolosa", "40m")
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "1", "--location", "Jambe droite", "--source", "a bear")
    said = run(db, "advance", "Tolosa", "20m").stdout
    assert "Day 1 09:00  Samson's hourly test to wake up" in said, said


def test_a_faculty_change_tells_a_knock_out_only_when_it_made_it_seed_Capacites_derivees_calculees_ruling_E139(
    db: str,
) -> None:
    # §Capacités dérivées calculées, §Humains; E131 for `elor faculties`, E135 for a blow: the
    # log read "faculties changed (…): …; now unconscious" of Samson, out since the bear's blow.
    _out_cold(db)
    run(db, "elor", "faculties", "Tolosa", "Samson", "M=0", "--reason", "a blessing")
    changes = [e for e in log(db) if e["topic"].endswith(":FacultiesChanged")]
    assert changes[-1]["unconscious"] and changes[-1]["was_unconscious"]
    said = re.sub(r"[\s|│]+", " ", run(db, "log", "Tolosa", "--gm").stdout)  # the table's cells, unwrapped
    assert "Mental 0" in said and "now unconscious" not in said, said


def test_a_faculty_change_recorded_before_version_3_reads_as_it_did_ruling_E139() -> None:
    # Recorded before FacultiesChanged kept the state it found: its word, as before.
    change = ev.FacultiesChanged.__new__(ev.FacultiesChanged)
    fields = {"faculties": {"Physique": 1}, "reason": "a curse", "unconscious": True, "dead": False}
    object.__setattr__(change, "__dict__", {**fields, "was_unconscious": None, "was_dead": None})
    assert words.describe(change) == "faculties changed (a curse): Physique +1; now unconscious"
    object.__setattr__(change, "__dict__", {**fields, "was_unconscious": True, "was_dead": False})
    assert words.describe(change) == "faculties changed (a curse): Physique +1"
    object.__setattr__(change, "__dict__", {**fields, "unconscious": False, "was_unconscious": True, "was_dead": False})
    assert words.describe(change) == "faculties changed (a curse): Physique +1; awake again"


def test_a_faculty_change_that_knocks_out_starts_the_hourly_wake_test_PROPOSAL_5_6_ruling_E140(db: str) -> None:
    # PROPOSAL §5.6 (flag wake_test): the unconscious test every hour. Samson's torse at 7 of
    # his 8 hit points; the GM lowers his Physique to 1 (7 hit points): out, and no wake test
    # ever came, the change scheduling none.
    tolosa(db)
    run(db, "session", "end", "Tolosa")
    run(db, "campaign", "set", "Tolosa", "wake_test", "on")
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "9", "--location", "Torse")  # 7 past armour 2
    assert run(db, "elor", "faculties", "Tolosa", "Samson", "P=1", "--reason", "a curse").stdout.rstrip().endswith("; now unconscious")
    said = run(db, "advance", "Tolosa", "1h").stdout
    assert "Day 1 09:00  Samson's hourly test to wake up" in said, said


def test_a_certain_failure_says_the_level_settles_it_before_any_effort_seed_Resolution_des_actions_L296_L320_ruling_E141(
    db: str,
) -> None:
    # §Résolution des actions L296-L298: the level may make the outcome certain, "à l'issue de ce
    # calcul", before effort is invested (L312-L320). At level 0 a 1 lowered by a discarded die
    # would reach the level, so "a certain failure rolls no die" gave the wrong reason.
    tolosa(db)
    said = run(db, "elor", "test", "Tolosa", "Montana James", "-f", "Coordination", "-e", "2").stdout
    assert said == (
        "Montana James: level 0 (Coordination 0): no roll, failure — 0 degrees of success"
        " (2 effort points asked, none spent: a test at level 0 or below fails before any effort is invested or die rolled)\n"
    ), said
