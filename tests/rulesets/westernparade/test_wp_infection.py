"""Western Parade infection, cauterisation, gangrene, amputation, bullets and alcohol (digest
§5.6-5.10, §5.16; seed §3.2.7.2-§3.2.7.4, §4.1, §6.18)."""

from __future__ import annotations

from chronique.domain.rulesets.westernparade.alcohol import Drink, seconds_per_unit, sober_up, stage, time_to_stage_change
from chronique.domain.rulesets.westernparade.bullets import enters_head, extraction, head_bullet, migration
from chronique.domain.rulesets.westernparade.healing import DAY
from chronique.domain.rulesets.westernparade.infection import (
    agility_after_amputation,
    amputation,
    cauterisation,
    gangrene_kills_after,
    infected_skill,
    infection_chance,
)


def test_infection_reading_8_16_24_derived_WB10() -> None:
    assert [infection_chance(day, 4) for day in (1, 2, 3)] == [8, 16, 24]


def test_infection_divides_skills_2_3_4_S3_2_7_2_L1992() -> None:
    assert [infected_skill(60, s) for s in (0, DAY, 2 * DAY, 9 * DAY)] == [30, 20, 15, 15]


def test_cauterisation_outcomes_S6_18_4() -> None:
    assert cauterisation("CRIT_F").gangrene and cauterisation("CRIT_F").damage == 3
    assert cauterisation("NORM_F").next_malus == -25 and not cauterisation("NORM_F").cured
    assert cauterisation("NORM_S").cured and cauterisation("NORM_S").damage == 1
    assert cauterisation("EXTRA").damage == 0


def test_gangrene_kills_in_3_plus_mEND_days_at_least_one_S6_18_4_WB11() -> None:
    assert gangrene_kills_after(1) == 4 * DAY
    assert gangrene_kills_after(-3) == DAY


def test_amputation_outcomes_S6_18_1_WB12() -> None:
    assert amputation("CATA_F").dies
    assert amputation("CRIT_F").redo and amputation("CRIT_F").end_roll == "difficult"
    assert amputation("NORM_S").end_roll == "easy"
    assert amputation("EXTRA").end_roll == ""
    assert amputation("NORM_F", redo=True).dies
    assert agility_after_amputation(15, "foot") == 7
    assert agility_after_amputation(15, "hand") == 15


def test_bullet_extraction_S3_2_7_4_L2006() -> None:
    first = extraction("NORM_S", chained=False)
    assert (first.success, first.damage, first.ph, first.per_minute) == (True, 1, 0, 1)
    again = extraction("CRIT_F", chained=True)
    assert (again.success, again.damage, again.ph, again.per_minute) == (False, 2, 1, 0)


def test_bullet_in_the_head_S3_2_7_3_L1996() -> None:
    assert not enters_head(6, 14) and enters_head(7, 14)
    assert [head_bullet(q) for q in ("CRIT_S", "NORM_S", "NORM_F", "CRIT_F", "CATA_F")] == [
        "flattened",
        "removable",
        "difficult",
        "lodged",
        "migrating",
    ]
    assert migration(1) == ({"INT": 1, "AGI": 2}, False)
    assert migration(2) == ({"AGI": 1, "END": 2}, False)
    assert migration(3) == ({}, True)


def test_alcohol_50_minutes_per_unit_with_mEND_plus_1_derived() -> None:
    assert seconds_per_unit(1) == 50 * 60
    # Serious stage (6 effective units) is twice as slow: 100 minutes per unit.
    assert sober_up(Drink(80, 0), 100 * 60, m_end=1, drinker=False) == Drink(70, 0)


def test_alcohol_stages_and_free_units_table_4_1() -> None:
    assert stage(25, 1, False) == "light"  # 2.5 units, 1 free
    assert stage(25, 1, True) == "sober"
    assert stage(20, -1, False) == "medium"  # mEND -1: starts at 1 unit
    assert stage(140, 0, False) == "coma"


def test_alcohol_wears_off_S4_1_2() -> None:
    drink = Drink(20, 0)
    assert time_to_stage_change(drink, 0, False) == 6 * 360
    assert sober_up(drink, 2 * 3_600, 0, False) == Drink(0, 0)


def test_alcohol_at_least_10_minutes_per_unit_WB13() -> None:
    assert seconds_per_unit(6) == 600
    assert seconds_per_unit(9) == 600
