"""The spine as the round-10 play-test found it, on a real journal: where `pace show` says the
clock stands once it was advanced by hand past its pacing (ruling TB17), and an empty shell name
given to `completion` (ruling EB20). README "Between sessions: pacing and the daemon"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from support import refused_cleanly as refused
from support import run

from chronique.adapters.bootstrap import build
from chronique.adapters.clock import TEST_CLOCK
from chronique.domain.gametime import calendar_from
from chronique.domain.pacing import Pacing

MONDAY = datetime(2026, 1, 5, tzinfo=UTC)  # a Monday, 00:00 UTC: before the schedule's first fire


def standing(db: str, now: datetime) -> str:
    """What the campaign's pacing says of its clock at wall time ``now``, as `pace show` says it."""
    services = build(db, create=False)
    try:
        campaign = services.campaign("Verdelune")
        assert campaign.pacing is not None
        return Pacing.from_data(campaign.pacing).standing(campaign.clock, now, calendar_from(campaign.calendar))
    finally:
        services.close()


def paced(db: str, monkeypatch: pytest.MonkeyPatch, *pace: str) -> None:
    """Verdelune (Cartes, Day 1 08:00), paced with ``pace`` on Monday 5 January 2026 at 00:00 UTC
    (the wall clock frozen there, as the daemon's tests freeze it), then advanced 2 days by hand,
    the pacing kept counted from where it was set: since ruling TB19 an advance by hand counts the
    pacing on from its end, so the GM voids that recount with ``correct`` (as a journal advanced
    by hand before TB19 stands)."""
    monkeypatch.setenv(TEST_CLOCK, f"{MONDAY.isoformat()}@0@0")
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "pace", "set", "Verdelune", *pace)
    assert run(db, "advance", "Verdelune", "2d").stdout.startswith("advanced 2 days from Day 1 08:00 to Day 3 08:00")
    services = build(db, create=False)
    try:
        campaign = services.campaign("Verdelune")
        assert campaign.pacing is not None
        recounted = campaign.pacing["anchor_game"] == campaign.clock  # none past the pacing's --until
        recount = f"{campaign.id.hex[:8]}:{campaign.version - 1}"  # the pacing set anew, before the command's mark
    finally:
        services.close()
    if recounted:
        run(db, "correct", recount, "--reason", "keep the pacing counted from where it was set")


# -- A clock advanced by hand past its pacing (ruling TB17) ----------------------------------------


def test_a_clock_advanced_by_hand_is_ahead_of_its_schedule_until_the_schedule_passes_it_ruling_tb17(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    paced(db, monkeypatch, "--every", "mon 09:00", "--advance", "1d")
    # It read "the clock should now be at Day 1 08:00" with the clock at Day 3 08:00. The daemon
    # leaves such a clock be until the pacing passes it (`Pacing.due_after`): its third Monday
    # fire, which takes it to Day 4 08:00.
    assert standing(db, MONDAY) == (
        "the clock is ahead of the pacing, which puts it at Day 1 08:00 now; "
        "the next paced advance, on 2026-01-19 09:00 UTC, takes it to Day 4 08:00"
    )
    assert standing(db, datetime(2026, 1, 12, 8, 59, tzinfo=UTC)) == (
        "the clock is ahead of the pacing, which puts it at Day 2 08:00 now; "
        "the next paced advance, on 2026-01-19 09:00 UTC, takes it to Day 4 08:00"
    )
    assert standing(db, datetime(2026, 1, 12, 9, tzinfo=UTC)) == "the clock should now be at Day 3 08:00"
    assert standing(db, datetime(2026, 1, 19, 9, tzinfo=UTC)) == "the clock should now be at Day 4 08:00"


def test_pace_show_says_the_clock_is_ahead_of_its_pacing_after_an_advance_by_hand_ruling_tb17(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    paced(db, monkeypatch, "--every", "mon 09:00", "--advance", "1d")
    shown = run(db, "pace", "show", "Verdelune").stdout.splitlines()
    assert shown[1] == (
        "clock Day 3 08:00; the clock is ahead of the pacing, which puts it at Day 1 08:00 now; "
        "the next paced advance, on 2026-01-19 09:00 UTC, takes it to Day 4 08:00"
    )


def test_a_clock_advanced_by_hand_says_when_a_ratio_catches_up_with_it_ruling_tb17(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    paced(db, monkeypatch, "--ratio", "60")
    # Two in-game days at 60 to 1 are 48 real minutes.
    assert standing(db, MONDAY) == (
        "the clock is ahead of the pacing, which puts it at Day 1 08:00 now; "
        "the pacing catches up with it on 2026-01-05 00:48 UTC and moves it on from then"
    )


def test_a_clock_advanced_by_hand_to_its_pacing_s_end_is_never_moved_again_ruling_tb17(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    paced(db, monkeypatch, "--every", "daily 20:00", "--advance", "1d", "--until", "Day 2 08:00")
    assert standing(db, MONDAY) == (
        "the clock is ahead of the pacing, which puts it at Day 1 08:00 now; "
        "the pacing stops at Day 2 08:00: it will not move the clock again"
    )


# -- An empty shell name given to completion (ruling EB20) ------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("",), "a shell's name is empty: name one of bash, zsh, fish, powershell"),
        (("  ",), "a shell's name is empty: name one of bash, zsh, fish, powershell"),
        # It read "got unexpected extra argument(s) ()", the empty word shown as nothing.
        (("bash", ""), "a shell's name is empty: name one of bash, zsh, fish, powershell"),
        (("bash", "zsh"), "completion is for one shell at a time, not 2: name one of bash, zsh, fish, powershell"),
    ],
)
def test_an_empty_shell_name_is_refused_naming_the_shells_ruling_eb20(db: str, args: tuple[str, ...], said: str) -> None:
    run(db, "init")  # a journal, so that "nothing changed" is checked on one
    assert refused(db, "completion", *args) == f"error: {said}"
    assert run(db, "completion", "bash").stdout.startswith("_chronique_completion()")
