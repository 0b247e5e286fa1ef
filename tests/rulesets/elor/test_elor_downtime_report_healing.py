"""The GM's downtime report of an Elor campaign tells the healing that gives a location back or
heals it whole (ruling E110), as the other games' reports tell a healed Revers or a wound's end:
it said "Nothing notable" of a leg that could be used again (the round-11 web play-test)."""

from __future__ import annotations

from pathlib import Path

from elor_table import tolosa_with_brigand
from support import run

from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor import events as ev


def test_the_report_tells_a_leg_usable_again_and_healed_whole_not_each_day_of_rest_Application_des_dommages_L713_ruling_E110(
    db: str, tmp_path: Path
) -> None:
    # Montana James's jambe gauche has 5 hit points: 6 damage make it unusable (L713); a day of
    # rest takes 1 (PROPOSAL §5.6). Day 3 brings it to 4, usable again; day 7 to 0, whole.
    tolosa_with_brigand(db, tmp_path)
    run(db, "elor", "damage", "Tolosa", "Montana James", "--amount", "6", "--location", "Jambe gauche")
    run(db, "session", "end", "Tolosa")
    run(db, "advance", "Tolosa", "7d", "--yes")
    report = [line.strip() for line in run(db, "downtime", "report", "Tolosa").stdout.splitlines()]
    rest = "Montana James healed by a day of rest: 1 point in the jambe gauche"
    assert f"Day 3 08:00  {rest} (4 damage points left: the jambe gauche can be used again)" in report
    assert f"Day 7 08:00  {rest} (no damage left)" in report
    assert not [line for line in report if "Day 2 08:00" in line or "Day 4 08:00" in line]  # a day of rest alone is the log's


def test_a_healing_recorded_before_the_hit_points_were_kept_is_told_when_it_left_no_damage_ruling_E110() -> None:
    base = {"at": 0, "by": "a day of rest"}
    whole, hurt = ev.WoundsHealed.__new__(ev.WoundsHealed), ev.WoundsHealed.__new__(ev.WoundsHealed)
    object.__setattr__(whole, "__dict__", {**base, "healed": {"left-leg": 0}, "removed": None, "wounds": {}, "hit_points": None})
    object.__setattr__(hurt, "__dict__", {**base, "healed": {"left-leg": 2}, "removed": None, "wounds": {}, "hit_points": None})
    assert ruleset("elor").notable(whole) == "healed by a day of rest: the jambe gauche healed"
    assert ruleset("elor").notable(hurt) is None
