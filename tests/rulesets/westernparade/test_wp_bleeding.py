"""Western Parade bleeding, first aid and blood recovery (digest §5.1-5.4; seed §3.2.3-§3.2.4)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from chronique.domain.rulesets.westernparade.bleeding import (
    Blood,
    beyond_saving,
    bleed,
    location_rate,
    recover,
    time_to_bleed_to,
    time_to_recover_to,
)
from chronique.domain.rulesets.westernparade.firstaid import first_aid
from chronique.domain.rulesets.westernparade.wounds import WoundState

S = WoundState


def test_rates_by_state_and_multiplier_S3_2_3_L1838() -> None:
    assert location_rate(S.SCRATCH, 2) == 0
    assert location_rate(S.MINOR, 1) == 1
    assert location_rate(S.MAJOR, 2) == 4  # derived: a major flank wound, 4 PH/round = 24/min
    assert location_rate(S.CRITICAL, 3) == 9


def test_through_and_through_plus_one_is_multiplied_WB7_digest_A6() -> None:
    assert location_rate(S.MINOR, 2, through=True) == 4


def test_artery_doubles_and_hands_hold_back_two_each_S3_2_3_L1848() -> None:
    assert location_rate(S.MAJOR, 2, artery=True) == 8
    assert location_rate(S.MAJOR, 2, hands=1) == 2
    assert location_rate(S.MAJOR, 2, hands=2) == 0
    assert location_rate(S.MAJOR, 2, stopped=5) == 0


def test_ph_and_death_threshold_derived_END_12() -> None:
    # PH = 60; past saving at -30 (§3.2.4 L1878).
    assert not beyond_saving(-29, 60)
    assert beyond_saving(-30, 60)


def test_a_major_flank_wound_bleeds_24_per_minute_derived() -> None:
    assert bleed(Blood(60, 0, 0), 60, 4, 0) == Blood(36, 0, 0)


def test_bleeding_to_zero_and_to_death_rounds_S3_2_4() -> None:
    # 60 PH at 4 per round: 0 after 15 rounds, -30 after 23 rounds (-32).
    assert time_to_bleed_to(Blood(60, 0, 0), 0, 4, 0) == 150
    assert time_to_bleed_to(Blood(60, 0, 0), -30, 4, 0) == 230
    assert time_to_bleed_to(Blood(60, 0, 0), 0, 0, 0) is None
    # Extraction bleed: 1 per minute, with 5 s already spent on the current round.
    assert time_to_bleed_to(Blood(3, 5, 30), 0, 0, 1) == 150


def test_recovery_per_hour_by_activity_capped_S3_2_4_L1880_WB8() -> None:
    assert recover(10, 60, 0, 10 * 3_600, "bed") == (20, 0)
    assert recover(10, 60, 0, 10 * 3_600, "moderate") == (15, 0)
    assert recover(10, 60, 1_800, 10 * 3_600, "active") == (12, 9_000)
    assert recover(59, 60, 0, 10 * 3_600, "bed") == (60, 0)
    assert time_to_recover_to(10, 600, 12, "bed") == 6_600


def test_first_aid_six_outcomes_S3_2_4_L1866_WB9() -> None:
    assert first_aid("CRIT_F", "CRIT_F", "CATA_F").stopped == -1
    assert first_aid("CATA_F", "CATA_F", "CATA_F").stopped == -1
    assert first_aid("NORM_F", "NORM_F", "CRIT_F").outcome == "no effect"
    assert first_aid("NORM_S", "NORM_F", "NORM_F").stopped == 1
    assert first_aid("CRIT_S", "NORM_S", "NORM_F").stopped == 2
    assert first_aid("EXTRA", "CRIT_S", "NORM_S").stopped == 3
    full = first_aid("EXTRA", "EXTRA", "CRIT_S")
    assert full.full and full.outcome == "stopped"


@given(
    st.integers(-100, 200),
    st.integers(0, 9),
    st.integers(0, 59),
    st.integers(0, 7_200),
    st.integers(0, 7_200),
    st.integers(0, 9),
    st.integers(0, 2),
)
def test_bleeding_a_then_b_equals_a_plus_b(ph: int, rp: int, mp: int, a: int, b: int, rate: int, minute: int) -> None:
    start = Blood(ph, rp, mp)
    assert bleed(bleed(start, a, rate, minute), b, rate, minute) == bleed(start, a + b, rate, minute)


@given(
    st.integers(-50, 80),
    st.integers(0, 3_599),
    st.integers(0, 10**6),
    st.integers(0, 10**6),
    st.sampled_from(["bed", "moderate", "active"]),
)
def test_recovery_a_then_b_equals_a_plus_b(ph: int, progress: int, a: int, b: int, activity: str) -> None:
    after, left = recover(ph, 80, progress, a, activity)
    assert recover(after, 80, left, b, activity) == recover(ph, 80, progress, a + b, activity)
