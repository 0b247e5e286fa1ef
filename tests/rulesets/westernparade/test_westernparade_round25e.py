"""An improvement roll asked again, or mistyped, says which rolls are pending (ruling WC40, §2.3):
`improve --grant 1` on a roll already made read "no pending improvement roll 1", as if the number
were mistyped."""

from __future__ import annotations

import pytest
from support import SAMPLES, refused_cleanly, run
from wp_city import scripted_dice

CAMPAIGN, SAM = "Shotgun City", "Sam Parkerson"


def test_a_roll_already_made_is_refused_naming_the_rolls_still_pending_S2_3_ruling_WC40(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_sam.toml"))
    # A gunfight earns EXP and SGF rolls at once and a REP roll within the week (§5.20, §2.4.1).
    run(db, "western-parade", "downtime", "gunfight", CAMPAIGN, SAM, "--put-out", "2")
    scripted_dice(monkeypatch, 97, 3)  # the EXP roll open-ended, 97 + 3 (§6.1)
    run(db, "western-parade", "downtime", "improve", CAMPAIGN, SAM, "--grant", "1")
    said = refused_cleanly(db, "western-parade", "downtime", "improve", CAMPAIGN, SAM, "--grant", "1")
    assert said == (
        f"error: {SAM} has no pending improvement roll 1: the pending ones are 2 (SGF) and 3 (REP) (a roll made is pending no more)"
    )
