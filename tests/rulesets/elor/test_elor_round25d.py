"""A care that removed nothing says "no damage point", and one's own limb is one's own (ruling E134,
PROPOSAL §5.6): it read "Lyra removes 0 damage points from Lyra's bras droit"."""

from __future__ import annotations

from elor_table import tolosa
from support import run


def test_a_care_of_ones_own_wound_that_removed_nothing_says_so_in_words_PROPOSAL_5_6_ruling_E134(db: str) -> None:
    tolosa(db)
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "3", "--location", "Bras droit", "--source", "un ours")
    # A difficulty that leaves no level: a certain failure, nothing rolled (PROPOSAL B4).
    said = run(db, "elor", "care", "Tolosa", "Samson", "Samson", "--location", "Bras droit", "-d", "-20").stdout
    assert "Samson removes no damage point from their own bras droit" in said, said
