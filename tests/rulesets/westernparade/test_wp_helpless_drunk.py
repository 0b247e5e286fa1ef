"""A man whom drink brings a characteristic to 0 or below "n'est plus en état de faire quoi que ce
soit : il gît sans force dans un coin" (§4.1.2 L2836): `fitness.able` refuses his rolls at the table,
and while it lasts he neither works his long-period activity (its period goes by unrolled, ruling
WC26) nor trains (his plan pauses, ruling WC22); once drink no longer holds a characteristic at 0
or below (the timeline records each stage he sobers to at its moment, §4.1.2), he works and trains
again (ruling WC30).

Over a scripted table, and on a real journal of each backend (scripted seeds). Seed
004_cf8278f91236030c.txt (Lnnn), digest western-parade.md §5.16, §5.18."""

from __future__ import annotations

import copy
from typing import Any

from support import journals, scripted_services, stored
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import advanced, hunts_again_the_day_after, of_kind, table
from wp_city import DOC

from chronique.domain.gametime import DAY, HOUR, MINUTE
from chronique.domain.rulesets.westernparade import alcohol, care
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade.body_events import SoberedUp
from chronique.domain.rulesets.westernparade.describe import WORDS
from chronique.domain.rulesets.westernparade.downtime_events import ActivityMissed, ActivityRolled, TrainingPaused, TrainingResumed

# Doc with AGI 5: complete drunkenness takes 5 AGI off (Table 4.2, L2834-L2849), bringing it to 0;
# serious drunkenness only 3 (AGI 2), so he is helpless only while completely drunk.
WEAK_DOC = copy.deepcopy(DOC_SHEET)
WEAK_DOC["characteristics"]["AGI"] = 5
# Twelve units: complete drunkenness (nine), short of the coma's thirteen (Table 4.1). With mEND 0
# and no Beuverie, he is only seriously drunk below nine units, 3.1 units later: an hour each,
# three times slower in complete drunkenness (§4.1.2), 18 minutes a tenth.
HELPLESS = 120
COMPLETE_FOR = 31 * 18 * MINUTE


def _describe(event: Any) -> str:
    return WORDS[f"{type(event).__module__}:{type(event).__name__}"](event)


def test_a_hunter_lying_helpless_drunk_hunts_no_game_that_day_and_hunts_again_once_sober_S4_1_2_L2836_ruling_WC26_WC30() -> None:
    world = table(WEAK_DOC, SAM_SHEET)
    start = world.campaign.clock
    dt.start_activity(world, DOC, "hunting")
    advanced(world, 23 * HOUR)
    # An hour before his day's roll Doc drinks twelve units: completely drunk, no coma (no END
    # roll). No die is scripted: a day's hunt rolled while helpless would want one.
    assert care.drink(world, DOC, HELPLESS) == "complete"
    ticks, recorded = advanced(world, 2 * HOUR)
    # §4.1.2 L2836: AGI 0, he lies helpless in a corner and does no day's work; the advance says why.
    assert f"{DOC} hunts no game this day: they lie helpless, drunk" in [t.account for t in ticks]
    assert of_kind(ActivityRolled, recorded) == []
    (missed,) = of_kind(ActivityMissed, recorded)
    assert (missed.at, missed.cause, missed.kind) == (start + DAY, "drunk", "hunting")
    assert _describe(missed) == "hunts no game this day: they lie helpless, drunk"
    # Sober by the next day (§4.1.2), he hunts again.
    hunts_again_the_day_after(world, DOC, start)


def test_the_board_says_the_day_goes_by_without_a_roll_while_he_lies_helpless_drunk_S4_1_2_L2836_ruling_WC28_WC30() -> None:
    world = table(WEAK_DOC, SAM_SHEET)
    dt.start_activity(world, DOC, "hunting")
    assert care.drink(world, DOC, HELPLESS) == "complete"
    doc = world.character(DOC)
    (hunting,) = doc.condition["activities"]["running"]
    assert dt.due_words(world, doc, hunting) == "the next day of hunting (Chasse) goes by without a roll while they lie helpless, drunk"


def test_drunk_but_able_he_hunts_S4_1_2_ruling_WC30() -> None:
    # The stock Doc (AGI 10, INT 14, CHR 10) completely drunk keeps every characteristic above 0
    # (Table 4.2: AGI 5, INT 6, CHR 4): drunk, not helpless, he works (ruling WC29 rolls his day).
    world = table(DOC_SHEET, SAM_SHEET)
    dt.start_activity(world, DOC, "hunting")
    assert care.drink(world, DOC, HELPLESS) == "complete"
    doc = world.character(DOC)
    (hunting,) = doc.condition["activities"]["running"]
    assert dt.kept_from(world, doc, hunting) is None


def test_training_pauses_while_he_lies_helpless_drunk_and_resumes_as_he_sobers_to_serious_S2_6_S4_1_2_L2836_ruling_WC22_WC30() -> None:
    world = table(WEAK_DOC, SAM_SHEET)
    start = world.campaign.clock
    dt.plan_training(world, DOC, "Armes de poing", 20, teacher="Bob", teacher_level=90)
    assert care.drink(world, DOC, HELPLESS) == "complete"
    world.collect()
    ticks, recorded = advanced(world, DAY)
    # §2.6 trains a man able: helpless, he banks nothing from the moment he drank (ruling WC22).
    (paused,) = of_kind(TrainingPaused, recorded)
    assert paused.at == start
    assert _describe(paused) == "training paused: they lie helpless, drunk"
    assert f"{DOC}'s training paused (they lie helpless, drunk)" in [t.account for t in ticks]
    # The timeline records his sobering to serious drunkenness at its moment (AGI 2: able again),
    # and his training resumes then.
    (serious,) = [e for e in of_kind(SoberedUp, recorded) if e.stage == "serious"]
    assert serious.at == start + COMPLETE_FOR
    (resumed,) = of_kind(TrainingResumed, recorded)
    assert resumed.at == serious.at
    assert _describe(resumed) == "training resumed: sober enough to stand"
    assert alcohol.EFFECTS["serious"]["AGI"] + WEAK_DOC["characteristics"]["AGI"] > 0


def test_on_a_journal_the_helpless_day_goes_by_unrolled_and_the_next_is_rolled_as_replayed_S4_1_2_L2836_ruling_WC26_WC30(
    backend: str,
) -> None:
    with journals(backend, 1) as [path]:
        services = scripted_services(path)
        name = "Shotgun City"
        services.create_campaign(name, "western-parade", "1873-04-12 08:00")
        for sheet in (WEAK_DOC, SAM_SHEET):
            services.create_character(name, sheet)
        start = services.world(name).campaign.clock
        services.act(name, lambda w: dt.start_activity(w, DOC, "hunting"))
        services.advance(name, lambda c: c.clock + 23 * HOUR)
        services.act(name, lambda w: care.drink(w, DOC, HELPLESS))
        advanced = services.advance(name, lambda c: c.clock + 2 * HOUR)
        # §4.1.2 L2836: helpless as the day's roll falls due; sober by the next, he hunts.
        assert f"{DOC} hunts no game this day: they lie helpless, drunk" in [t.account for t in advanced.ticks]
        services.advance(name, lambda c: c.clock + DAY)
        rows = [row[2].rsplit(":", 1)[1] for row in stored(path)]
        assert [r for r in rows if r in ("ActivityMissed", "ActivityRolled")] == ["ActivityMissed", "ActivityRolled"]
        # Replayed from the journal, the hunt is due the third day: the missed day moved it on.
        world = services.world(name)
        (hunting,) = world.character(DOC).condition["activities"]["running"]
        assert hunting["next_at"] == start + 3 * DAY
