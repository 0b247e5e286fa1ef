"""The downtime board while a character cannot work, and a drunk man's activity roll.

1. While his body keeps him from working (ruling WC26: out cold or in an ethylic coma, §3.2.6,
   §4.1.1 L2817; dying, §3.2.4; in bed, §3.2.9.3), the board announces that his activity's next
   period will go by without a roll, as the advance will say it, never "the next roll" (ruling WC28).
2. Dead drunk but not in a coma, he rolls his activity at its full skill: Table 4.2 (§4.1.2) takes a
   percentage only off the "compétences de combat" (ruling WD3), and no long-period skill is one
   (ruling WC29).

Over a scripted table. Seed 004_cf8278f91236030c.txt (Lnnn), digest western-parade.md §5.16, §5.18."""

from __future__ import annotations

from westernparade_table import DOC as DOC_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import advanced, dice, table
from wp_city import DOC

from chronique.domain.gametime import DAY, HOUR
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.westernparade import care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade import long_skills as ls
from chronique.domain.rulesets.westernparade.downtime_events import ActivityMissed, ActivityRolled
from chronique.domain.rulesets.westernparade.fitness import COMBAT_GROUPS
from chronique.domain.rulesets.westernparade.tables import skill
from chronique.domain.timeline import Due
from chronique.domain.world import World

# Fourteen units: past the thirteen of an ethylic coma (Table 4.1, §4.1.1 L2817).
COMA = 140
# Eleven units: complete drunkenness (nine), short of the coma's thirteen (Table 4.1).
DEAD_DRUNK = 110


def _hunting_due(world: World) -> Due:
    (due,) = [d for d in ruleset("western-parade").processes(world).due() if d.process.startswith("work:")]
    return due


def _in_a_coma_before_his_day_of_hunting() -> World:
    world = table(DOC_SHEET, SAM_SHEET)
    dt.start_activity(world, DOC, "hunting")
    advanced(world, 23 * HOUR)[1]
    # The coma's two easy END rolls (§4.1.3 L2853) succeed.
    dice(world).add(10, 10)
    assert care.drink(world, DOC, COMA) == "coma"
    return world


def test_the_board_says_the_day_of_hunting_goes_by_without_a_roll_while_he_lies_in_a_coma_S4_1_1_L2817_ruling_WC26_WC28() -> None:
    world = table(DOC_SHEET, SAM_SHEET)
    dt.start_activity(world, DOC, "hunting")
    doc = world.character(DOC)
    (hunting,) = doc.condition["activities"]["running"]
    assert dt.due_words(world, doc, hunting) == "the next roll of hunting (Chasse), rolled every day"
    world = _in_a_coma_before_his_day_of_hunting()
    doc = world.character(DOC)
    (hunting,) = doc.condition["activities"]["running"]
    # §4.1.1 L2817: out cold in a coma he will not hunt; the board says so, as the advance will.
    assert dt.due_words(world, doc, hunting) == "the next day of hunting (Chasse) goes by without a roll while they lie unconscious"


def test_describe_due_announces_no_roll_for_a_hunter_in_a_coma_S4_1_1_L2817_ruling_WC28() -> None:
    world = _in_a_coma_before_his_day_of_hunting()
    words = ruleset("western-parade").describe_due(world, _hunting_due(world))
    assert words == "the next day of hunting (Chasse) goes by without a roll while they lie unconscious"


def test_the_board_of_a_dying_panner_says_the_half_day_goes_by_without_a_roll_S3_2_4_ruling_WC28() -> None:
    world = table(DOC_SHEET, SAM_SHEET)
    dt.start_activity(world, DOC, "panning")
    doc = world.character(DOC)
    (panning,) = doc.condition["activities"]["running"]
    # The words for each of WC26's reasons are those of a paused plan (WC22): here, dying (§3.2.4).
    assert dt.activity_due_words("panning", panning["skill"], DAY // 2, "dying") == (
        f"the next half-day of panning ({panning['skill']}) goes by without a roll while they are dying"
    )


def test_a_dead_drunk_hunter_rolls_his_day_at_full_skill_table_4_2_S4_1_2_ruling_WD3_WC29() -> None:
    world = table(DOC_SHEET, SAM_SHEET)
    start = world.campaign.clock
    dt.start_activity(world, DOC, "hunting")
    advanced(world, 23 * HOUR)[1]
    assert care.drink(world, DOC, DEAD_DRUNK) == "complete"
    # Table 4.2 (§4.1.2): complete drunkenness costs the combat skills 50%, and nothing else a
    # skill's percentage; Chasse is no combat skill (§6.16.4), so Chasse 24% rolls 20: a success
    # that would be a failure at -50%.
    dice(world).add(20)
    recorded = advanced(world, 2 * HOUR)[1]
    assert [e for e in recorded if isinstance(e, ActivityMissed)] == []
    (rolled,) = [e for e in recorded if isinstance(e, ActivityRolled)]
    assert rolled.at == start + DAY
    assert (rolled.outcome["terms"], rolled.outcome["chance"], rolled.outcome["quality"]) == ({"Chasse": 24}, 24, "NORM_S")


def test_no_long_period_skill_is_a_combat_skill_so_drink_takes_nothing_off_it_table_4_2_S4_1_2_ruling_WD3_WC29() -> None:
    # Table 4.2's percentage line is "Compét. de combat" only (§4.1.2, ruling WD3).
    rolled_under = [name for kind in ls.KINDS for name in (ls.activity(kind).get("skills") or [ls.activity(kind)["skill"]])]
    assert len(rolled_under) == 8
    assert [name for name in rolled_under if skill(name).group in COMBAT_GROUPS] == []
