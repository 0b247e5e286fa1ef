"""Western Parade healing (digest §5.11-5.12, worked examples #14-#18; seed §3.2.8)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from chronique.domain.gametime import format_duration
from chronique.domain.rulesets.westernparade.healing import DAY, HOUR, TENTH_OF_DAY, heal, seconds_per_pv, time_to_heal, time_to_next_state
from chronique.domain.rulesets.westernparade.wounds import WoundState


def test_jim_realistic_20_days_S3_2_8_1_L2023_worked_example_14() -> None:
    # Minor shoulder wound of 4 PV, mEND +2: 28 - 4 x 2 = 20 days.
    assert time_to_heal(4, 23, 0, 0, m_end=2, system="realistic") == 20 * DAY


def test_ted_shoulder_6_1_days_S3_2_8_2_L2046_worked_example_15() -> None:
    # END 14 (mEND +1), shoulder 8/21: 2.7 d to 11/21, 3.2 d to 19/21, 0.2 d: 6 d 2 h 24 min.
    assert time_to_heal(13, 21, 0, 10, 1, "hollywood") == 27 * TENTH_OF_DAY
    assert time_to_heal(10, 21, 0, 2, 1, "hollywood") == 32 * TENTH_OF_DAY
    total = time_to_heal(13, 21, 0, 0, 1, "hollywood")
    assert total == 61 * TENTH_OF_DAY == 6 * DAY + 2 * HOUR + 24 * 60


def test_ted_head_7_4_days_S3_2_8_2_L2054_worked_example_16_WB1() -> None:
    # Head "7 PV" as the example prints it, 8 damage -> -1/7: 3.8 + 2.7 + 0.8 + 0.1 = 7.4 days.
    assert time_to_heal(8, 7, 0, 0, 1, "hollywood") == 74 * TENTH_OF_DAY == 7 * DAY + 9 * HOUR + 36 * 60
    # The literal "< 10%" scratch reading makes 6/7 minor: 7.7 days (digest A3).
    assert time_to_heal(8, 7, 0, 0, 1, "hollywood", literal=True) == 77 * TENTH_OF_DAY


def test_ted_flank_read_as_4_damage_1_3_days_WB6_worked_example_17() -> None:
    # PROPOSAL digest A4: 10/14 is 4 damage, minor: 3 x 0.4 + 0.1 = 1.3 days.
    assert time_to_heal(4, 14, 0, 0, 1, "hollywood") == 13 * TENTH_OF_DAY


def test_table_3_8_day_fractions_worked_example_18() -> None:
    printed = ["2h 24m", "4h 48m", "7h 12m", "9h 36m", "12h", "14h 24m", "16h 48m", "19h 12m", "21h 36m"]
    assert [format_duration(n * TENTH_OF_DAY) for n in range(1, 10)] == printed


def test_realistic_mEND_minus_1_is_8_days_per_pv_derived() -> None:
    assert seconds_per_pv(WoundState.MINOR, -1, "realistic") == 8 * DAY


def test_hollywood_minimum_one_hour_derived() -> None:
    assert seconds_per_pv(WoundState.SCRATCH, 2, "hollywood") == HOUR
    assert seconds_per_pv(WoundState.SCRATCH, 5, "hollywood") == HOUR


def test_next_state_change_ted_shoulder() -> None:
    assert time_to_next_state(13, 21, 0, 1, "hollywood") == 27 * TENTH_OF_DAY


@given(
    st.integers(1, 40),
    st.integers(10, 40),
    st.integers(0, 30 * DAY),
    st.integers(0, 30 * DAY),
    st.integers(-3, 4),
    st.sampled_from(["realistic", "hollywood"]),
)
def test_healing_a_then_b_equals_a_plus_b(damage: int, max_pv: int, a: int, b: int, m_end: int, system: str) -> None:
    once = heal(damage, max_pv, 0, a + b, m_end, system)
    first = heal(damage, max_pv, 0, a, m_end, system)
    twice = heal(first.damage, max_pv, first.progress, b, m_end, system)
    assert once == twice


def test_realistic_at_least_a_day_per_pv_WB5_digest_A37() -> None:
    assert seconds_per_pv(WoundState.MAJOR, 8, "realistic") == DAY
