"""Issue 17: ``sheet --as-of`` a moment between two recorded events shows the body as it stood
at that very moment: the character at his last event at or before it, then what runs
continuously (blood, PH recovery, healing, drink, training) brought there in closed form by the
timeline's own functions (``Processes.standing``), nothing recorded (seed
004_cf8278f91236030c.txt §3.2.3 L1833-L1846, §3.2.4 L1876-L1880)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import SAMPLES, journals, run, scripted_services, stored
from westernparade_table import DOC, JOE, SAM

from chronique.adapters.services import Chronique
from chronique.domain.character import Character
from chronique.domain.gametime import HOUR, MINUTE
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.sheetview import Section
from chronique.domain.world import World

CAMPAIGN = "Shotgun City"
JOE_NAME = "Joe Hambuster"
START = "1873-04-12 08:00"


def as_of(db: str, moment: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(run(db, "sheet", CAMPAIGN, JOE_NAME, "--json", "--as-of", moment).stdout)
    return found


def test_a_wound_at_eight_then_ten_minutes_the_sheet_at_five_past_shows_the_blood_lost_since_S3_2_3_L1835_L1846(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", START)
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_joe.toml"))
    run(db, "session", "start", CAMPAIGN)
    # Joe's END 14: 5 x 14 = 70 PH (L1835). 4 damage of the left thigh's 21 PV (Table 1.6, 150%
    # of END) is a minor wound: 1 PH, x2 for a thigh (Table 3.4), lost at once and every round.
    run(db, "western-parade", "body", "wound", CAMPAIGN, JOE_NAME, "left-thigh", "4")
    run(db, "advance", CAMPAIGN, "10m", "--yes")
    at_eight = as_of(db, "1873-04-12 08:00")
    assert at_eight["condition"]["ph"] == 70 - 2
    # 08:05: 30 rounds of 10 s later, 60 PH more (L1837): 8 left, still conscious (L1876).
    five_past = as_of(db, "1873-04-12 08:05")
    assert (five_past["condition"]["ph"], five_past["condition"]["unconscious"]) == (8, False)
    text = run(db, "sheet", CAMPAIGN, JOE_NAME, "--as-of", "1873-04-12 08:05").stdout
    assert "blood: 8 of 70 PH, losing 2 PH a round" in text and "— standing" in text
    # 08:05:40, 34 rounds: 0 PH and he passes out (L1876); at 08:07, 8 rounds later, -16.
    seven_past = as_of(db, "1873-04-12 08:07")
    assert (seven_past["condition"]["ph"], seven_past["condition"]["unconscious"]) == (-16, True)
    # Looking back records nothing.
    rows = len(stored(db))
    as_of(db, "1873-04-12 08:03")
    assert len(stored(db)) == rows


def test_a_moment_after_the_clock_is_refused_nothing_is_known_of_it_yet(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", START)
    run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / "wp_joe.toml"))
    out = run(db, "sheet", CAMPAIGN, JOE_NAME, "--as-of", "1873-04-12 08:01", check=False)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        "error: 1873-04-12 08:01 is after the campaign's clock (1873-04-12 08:00): nothing is known of it yet"
    ]


def _scene(services: Chronique, drinks: int, first_aid: bool) -> None:
    # Blood, first aid, bed rest, drink and training all moving at once (§3.2.3-§3.2.4, §3.2.8,
    # §4.1, §2.6): whatever chance makes of the first aid, the property must hold.
    services.create_campaign(CAMPAIGN, "western-parade", START)
    for sheet in (JOE, SAM, DOC):
        services.create_character(CAMPAIGN, sheet)
    services.act(CAMPAIGN, lambda w: dt.plan_training(w, "Sam Parkerson", "Armes de poing", 20))
    if drinks:
        services.act(CAMPAIGN, lambda w: care.drink(w, JOE_NAME, drinks))
    services.act(CAMPAIGN, lambda w: care.wound(w, JOE_NAME, "left-arm", 3))
    if first_aid:
        services.act(CAMPAIGN, lambda w: care.aid(w, JOE_NAME, "left-arm", "Doc Holloway"))
    services.act(CAMPAIGN, lambda w: care.order_activity(w, JOE_NAME, "bed"))


def _read(world: World, character: Character) -> tuple[str, tuple[Section, ...]]:
    view = ruleset("western-parade").sheet_view(world, character, False)
    return view.status, view.sections


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.binary(min_size=4, max_size=8),
    span=st.integers(min_value=MINUTE, max_value=30 * HOUR),
    share=st.fractions(min_value=0, max_value=1),
    drinks=st.integers(min_value=0, max_value=40),
    first_aid=st.booleans(),
)
def test_the_sheet_as_of_a_moment_is_the_sheet_after_advancing_to_it(
    backend: str, seed: bytes, span: int, share: Fraction, drinks: int, first_aid: bool
) -> None:
    # Two journals drawing the same chance: one advances past the moment in one step and is read
    # back at it; the other advances to the moment and is read now.
    with journals(backend, 2) as [past, present]:
        looked, lived = scripted_services(past, seed), scripted_services(present, seed)
        try:
            for services in (looked, lived):
                _scene(services, drinks, first_aid)
            start = looked.campaign(CAMPAIGN).clock
            moment = start + int(span * share)
            looked.advance(CAMPAIGN, lambda _c: start + span)
            if moment > start:
                lived.advance(CAMPAIGN, lambda _c: moment)
            then = _read(*looked.world_as_of(CAMPAIGN, JOE_NAME, moment))
            world = lived.world(CAMPAIGN)
            now = _read(world, world.character(JOE_NAME))
            assert then == now
            sam_then = looked.world_as_of(CAMPAIGN, "Sam Parkerson", moment)[1].condition["training"]
            sam_now = dt.standing(lived.world(CAMPAIGN).character("Sam Parkerson"), moment)
            assert sam_then == sam_now
        finally:
            looked.close()
            lived.close()
