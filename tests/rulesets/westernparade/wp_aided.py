"""Sam wounded in the right thigh and Doc's first aid on it, at the start of a campaign, under the
scripted aid-0 seeds (``support.scripted_services``): Doc's Premiers soins roll is 32, as in the
play-tester's Shotgun City journal (§3.2.4)."""

from __future__ import annotations

from typing import Any

from support import sample

from chronique.adapters.services import Chronique
from chronique.domain.rulesets.westernparade import care

# The seeds that draw Doc's Premiers soins roll 32 (3 PH stopped at the difficult 60), and the
# campaign they were scripted for.
AID_SEEDS = b"aid-0"
AIDED = "Shotgun City"
SAM, DOC = "Sam Parkerson", "Doc Holloway"


def first_aided(services: Chronique, campaign: str, **wound: Any) -> None:
    """Create ``campaign`` with Sam and Doc, wound Sam's right thigh for 5 (``wound``: the kind
    and source of the hit, care.wound's keywords), have Doc give first aid, then end session 1."""
    services.create_campaign(campaign, "western-parade", "1873-04-12 08:00")
    for who in ("wp_sam", "wp_doc"):
        services.create_character(campaign, sample(who))
    services.start_session(campaign)
    services.act(campaign, lambda w: care.wound(w, SAM, "right-thigh", 5, **wound))
    services.act(campaign, lambda w: care.aid(w, SAM, "right-thigh", DOC))
    services.end_session(campaign)
