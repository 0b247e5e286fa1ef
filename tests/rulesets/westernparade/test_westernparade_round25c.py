"""A Western Parade wound's damage is refused by the range it may take (ruling WB63): `body wound …
-3` said "the damage must be between 0 and 500", then 0 was refused with "a wound deals at least 1
damage" (§3.2.3: a wound is damage dealt)."""

from __future__ import annotations

import pytest
from support import SAMPLES, refused_cleanly, run


@pytest.mark.parametrize("damage", ["0", "-3"])
def test_a_wound_s_damage_is_refused_by_the_range_it_may_take_ruling_wb63(db: str, damage: str) -> None:
    run(db, "campaign", "new", "C", "--ruleset", "western-parade")
    run(db, "character", "new", "C", "--sheet", str(SAMPLES / "wp_joe.toml"))
    said = refused_cleanly(db, "western-parade", "body", "wound", "C", "Joe Hambuster", "torso", damage)
    assert said == f"error: the damage must be between 1 and 500 (got {damage})"
