"""A long-period activity whose character cannot work (ruling WC26): out cold or in an ethylic
coma (§3.2.6, §4.1.1 L2817), dying (§3.2.4 L1878), kept in bed by a critical wound (§3.2.9.3
L2124: "toute activité, quelle qu'elle soit est impossible"), he makes no roll: the period goes by
unrolled and the advance says why, as his training pauses then (ruling WC22). Survival goes on:
§6.15 L4731 is what the wild does to him. A dead man's activities ended at his death (ruling
WC27). Over a scripted table, through the real command line (in process, ``support.run``) on a
real journal of each backend, and as a property: a + b equals a then b, replay equals live.
Seed 004_cf8278f91236030c.txt (Lnnn), digest /work/shared/rules/western-parade.md §5.18."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import journals, run, scripted_services, state, stored
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import SIRINGO as SIRINGO_SHEET
from westernparade_table import advanced, dice, hunts_again_the_day_after, of_kind, table
from wp_city import DOC, SAM, WP, C, scripted_dice, shotgun_city
from wp_recorded import logged

from chronique.adapters.services import Chronique
from chronique.domain.copying import copied
from chronique.domain.gametime import DAY, HOUR, MINUTE, WEEK, calendar_from
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade.body_events import BloodLost
from chronique.domain.rulesets.westernparade.describe import WORDS
from chronique.domain.rulesets.westernparade.downtime_events import ActivityMissed, ActivityRolled
from chronique.domain.timeline import advance
from chronique.domain.world import World

# Fourteen units: past the thirteen of an ethylic coma (Table 4.1, §4.1.1 L2817).
COMA = 140


# -- 1. out cold in an ethylic coma, no day of hunting (§6.16.4 L4802, §4.1.1 L2817) ---------------


def test_a_hunter_in_an_ethylic_coma_hunts_no_game_that_day_and_hunts_again_once_sober_S6_16_4_S4_1_1_L2817_ruling_WC26() -> None:
    world = table(DOC_SHEET, SAM_SHEET)
    start = world.campaign.clock
    dt.start_activity(world, DOC, "hunting")
    advanced(world, 23 * HOUR)
    # An hour before his day's roll Doc drinks himself into a coma; its two easy END rolls (§4.1.3)
    # succeed. No other die is scripted: a day's hunt rolled out cold would want one.
    dice(world).add(10, 10)
    assert care.drink(world, DOC, COMA) == "coma"
    ticks, recorded = advanced(world, 2 * HOUR)
    # §6.16.4: a day of hunting is a day's work; out cold he does none, and the advance says why.
    assert f"{DOC} hunts no game this day: they lie unconscious" in [t.account for t in ticks]
    assert of_kind(ActivityRolled, recorded) == []
    (missed,) = of_kind(ActivityMissed, recorded)
    assert (missed.at, missed.cause, missed.kind) == (start + DAY, "unconscious", "hunting")
    # Sober by the next day (§4.1.2), he hunts again.
    hunts_again_the_day_after(world, DOC, start)


# -- 2. dying, no roll; dead, the activity ended (§3.2.4 L1878, §3.2.9.1) --------------------------


def test_a_man_bled_beyond_saving_makes_no_roll_and_his_activity_ends_at_his_death_S3_2_4_L1878_ruling_WC26_WC27() -> None:
    # Ten minutes before Sam's day of hunting is rolled, 16 in his right thigh (24 PV): 4 PH a round
    # bring his 80 PH to -40 within six minutes, beyond saving (L1878), dead a d60 minutes later:
    # the d60 rolls 30, well after the roll falls due.
    world = table(SAM_SHEET, SIRINGO_SHEET, dice=[30])
    start = world.campaign.clock
    dt.start_activity(world, SAM, "hunting")
    advanced(world, DAY - 10 * MINUTE)
    care.wound(world, SAM, "right-thigh", 16, kind="blade")
    ticks, recorded = advanced(world, HOUR)
    (fell,) = [e for e in recorded if isinstance(e, BloodLost) and e.what == "beyond saving"]
    assert fell.at < start + DAY < fell.at + 30 * MINUTE
    assert f"{SAM} hunts no game this day: they are dying" in [t.account for t in ticks]
    (missed,) = of_kind(ActivityMissed, recorded)
    assert (missed.at, missed.cause) == (start + DAY, "dying")
    sam = world.character(SAM)
    assert sam.condition["dead"] is True
    # The dead hunt no more and record nothing (ruling WC27, as WC21 for his training).
    ticks, recorded = advanced(world, 3 * DAY)
    assert of_kind(ActivityRolled, recorded) + of_kind(ActivityMissed, recorded) == []
    (standing,) = dt.activities_standing(sam)
    assert standing["next_at"] is None
    calendar = calendar_from(world.campaign.calendar)
    assert dt.activity_words(standing, calendar) == "hunting (Chasse), a roll every day, ended at death"


# -- 3. kept still by a broken flank, no panning; survival is rolled all the same (§3.4.5.3, §6.15) ---


def test_a_broken_flank_keeps_the_panner_from_the_river_but_not_from_his_survival_roll_S3_4_5_3_S6_15_L4731_ruling_WC26() -> None:
    # A chair breaks Sam's right flank (§3.4.5.3: -1 PV; his §3.2.6 check rolls 95, awake); Doc's
    # first aid rolls 20, a full stop and 1 PV back: 0 PV, but the break keeps him totally still
    # until it heals. The untreated wound's infection rolls 50 on day 1 (32%: none), 50 on day 2
    # (64%: infected, no more rolls). No die is scripted for panning.
    world = table(SAM_SHEET, DOC_SHEET, dice=[95, 20, 50, 50])
    start = world.campaign.clock
    dt.start_activity(world, SAM, "panning")
    dt.start_activity(world, SAM, "survival", skill="Survie dans le désert")
    care.wound(world, SAM, "right-flank", 2, kind="blunt", source="a chair", fracture=True)
    care.aid(world, SAM, "right-flank", DOC)
    ticks, recorded = advanced(world, WEEK)
    # Totally still, he does no work at all: each half-day of panning (§6.10.4 L4153) goes by unrolled.
    missed = of_kind(ActivityMissed, recorded)
    assert [e.at - start for e in missed] == [k * DAY // 2 for k in range(1, 15)]
    assert {(e.kind, e.cause) for e in missed} == {("panning", "fracture")}
    assert f"{SAM} pans no gold this half-day: a broken chest or flank keeps them totally still" in [t.account for t in ticks]
    # §6.15 L4731: the week's survival roll is what the wild does to him, whatever his state: at
    # Survie 0% a normal failure without a die (§2.1.1), exhausted.
    (survived,) = of_kind(ActivityRolled, recorded)
    assert (survived.kind, survived.at - start, survived.result["fate"]) == ("survival", WEEK, "exhausted")


# -- 4. through the command line: the advance's line, and a dead man's `downtime show` -------------


def test_the_advance_says_why_no_roll_was_made_S4_1_1_L2817_ruling_WC26(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    shotgun_city(db)
    run(db, WP, "downtime", "activity", C, DOC, "hunting")
    run(db, "session", "end", C)
    run(db, "advance", C, "23h")
    scripted_dice(monkeypatch, 10, 10)  # the coma's two easy END rolls (§4.1.3); no hunting roll
    for units in ("5", "1", "4", "4"):
        run(db, WP, "body", "drink", C, DOC, units)
    ticks = run(db, "advance", C, "2h").stdout
    assert f"{DOC} hunts no game this day: they lie unconscious" in ticks
    assert "hunting (Chasse):" not in ticks
    # The log says the missed day in the same words, read back from the journal as stored.
    (missed,) = logged(db, C, "--kind", "ActivityMissed")
    assert WORDS[missed["topic"]](SimpleNamespace(**missed)) == "hunts no game this day: they lie unconscious"


def test_downtime_show_says_a_dead_man_s_activity_ended_at_his_death_S3_2_9_1_ruling_WC27(db: str) -> None:
    shotgun_city(db)
    run(db, WP, "downtime", "activity", C, SAM, "hunting")
    # §3.2.9.1: a chest wound beyond half its PV below 0 kills outright (8 PV: 20 damage, -12).
    run(db, WP, "body", "wound", C, SAM, "chest", "20")
    assert run(db, WP, "body", "status", C, SAM).stdout.startswith(f"{SAM} is dead")
    run(db, "session", "end", C)
    run(db, "advance", C, "1w")
    shown = run(db, WP, "downtime", "show", C, SAM).stdout
    assert "  activity 1: hunting (Chasse), a roll every day, ended at death" in shown
    assert "next roll" not in shown
    (hunting,) = json.loads(run(db, WP, "downtime", "show", C, SAM, "--json").stdout)["activities"]
    assert hunting["next_at"] is None


# -- 5. a + b equals a then b, and replay equals live, across the coma's missed day ------------------

SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SPANS = st.integers(min_value=1, max_value=2 * DAY)


def _hunter_in_a_coma(services: Chronique) -> str:
    # Doc hunting since the start, fourteen units an hour before the day's roll (§4.1.1 L2817).
    name = "Shotgun City"
    services.create_campaign(name, "western-parade", "1873-04-12 08:00")
    for sheet in (DOC_SHEET, SAM_SHEET):
        services.create_character(name, sheet)
    services.act(name, lambda w: dt.start_activity(w, DOC, "hunting"))
    services.advance(name, lambda c: c.clock + 23 * HOUR)
    services.act(name, lambda w: care.drink(w, DOC, COMA))
    return name


def _activity_rows(path: str) -> list[str]:
    return [row[2].rsplit(":", 1)[1] for row in stored(path) if row[2].rsplit(":", 1)[1] in ("ActivityMissed", "ActivityRolled")]


def _standing(world: World) -> list[tuple[Any, Any]]:
    # What the character is at the clock: his sheet, his condition with the body brought there in
    # closed form (a split advance settles a body still sobering at its first end: one more event).
    processes = ruleset("western-parade").processes(world)
    return [(c.sheet, processes.standing(c, world.campaign.clock)) for c in world.characters.values()]


@SETTINGS
@given(seed=st.binary(min_size=4, max_size=8), first=SPANS, second=SPANS)
def test_a_missed_period_advances_in_one_go_as_in_two_and_replays_as_it_was_lived_ruling_WC26(
    backend: str, seed: bytes, first: int, second: int
) -> None:
    with journals(backend, 2) as [one, two]:
        once, twice = scripted_services(one, seed), scripted_services(two, seed)
        name = _hunter_in_a_coma(once)
        _hunter_in_a_coma(twice)

        def lived(world: World) -> list[dict[str, Any]]:
            advance(world.campaign, ruleset("western-parade").processes(world), world.campaign.clock + first + second)
            return [copied(state(c)) for c in world.characters.values()]

        live = once.act(name, lived)
        twice.advance(name, lambda c: c.clock + first)
        twice.advance(name, lambda c: c.clock + second)
        a, b = once.world(name), twice.world(name)
        assert [state(x) for x in a.characters.values()] == live
        assert a.campaign.clock == b.campaign.clock
        assert _standing(a) == _standing(b)
        # The day's roll fell due in the coma, an hour after the drink (out for hours more), and
        # went by unrolled; those of the next days, sober, were rolled.
        due = range(HOUR, first + second + 1, DAY)
        rows = ["ActivityMissed" if at == HOUR else "ActivityRolled" for at in due]
        assert _activity_rows(one) == _activity_rows(two) == rows
