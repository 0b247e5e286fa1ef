"""A tenth Western Parade play-test: the downtime asked ``fitness.able`` whether drink leaves a man
helpless, through the error it raises; a first aid said "2 PH stopped" of a wound that bled 1; a
failed cleaning told the GM to cauterise a wound "if it festers" when it already festered; first
aid one gives oneself named the first-aider as anyone else; ``--capital`` took cents where the
game, its log and its board speak dollars. In memory with scripted dice
(tests/westernparade_table.py) and through the real command line (in process, ``support.run``,
and in a subprocess, ``support.chronique``) on a real journal of each backend. Seed
004_cf8278f91236030c.txt (Lnnn), digest /work/shared/rules/western-parade.md."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from support import chronique, log_details, run
from westernparade_table import DOC as DOC_SHEET
from westernparade_table import SAM as SAM_SHEET
from westernparade_table import table
from wp_city import DOC, JOE, SAM, WP, C, refused, scripted_dice, shotgun_city
from wp_recorded import events

from chronique.domain.errors import RuleViolation
from chronique.domain.rederivation import Table, check
from chronique.domain.rulesets.westernparade import care, fitness
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade.body_events import FirstAidGiven
from chronique.domain.rulesets.westernparade.describe import describe
from chronique.domain.rulesets.westernparade.verification import RULES

BODY = "chronique.domain.rulesets.westernparade.body_events:"


def _recorded(event: Any) -> dict[str, Any]:
    return {k: v for k, v in vars(event).items() if not k.startswith("_")} | {"topic": BODY + type(event).__name__}


# -- 1. drink leaves him helpless: one rule, asked by the table and by the downtime (ruling WC30) ---


def test_helpless_names_the_characteristic_drink_brings_to_0_and_both_the_roll_and_the_downtime_use_it_S4_1_2_L2836_ruling_WC30() -> None:
    # Doc with AGI 5: twelve units, complete drunkenness, take 5 AGI off (Table 4.2, L2834-L2849):
    # "il gît sans force dans un coin" (L2836).
    weak = copy.deepcopy(DOC_SHEET)
    weak["characteristics"]["AGI"] = 5
    world = table(weak, SAM_SHEET)
    assert care.drink(world, DOC, 120) == "complete"
    doc = world.character(DOC)
    e, at = care.env(world, doc), world.campaign.clock
    assert fitness.helpless(fitness.Body(doc.name, doc.sheet, doc.condition, e, at)) == ("AGI", 0)
    with pytest.raises(RuleViolation) as refusal:
        fitness.able(fitness.Body(doc.name, doc.sheet, doc.condition, e, at))
    assert str(refusal.value) == f"{DOC} lies helpless, too drunk to act (AGI 0, §4.1.2)"
    assert dt.unable(doc, e) == (at, "drunk")
    # The stock Doc (AGI 10) as drunk keeps every characteristic above 0: not helpless.
    world = table(DOC_SHEET, SAM_SHEET)
    assert care.drink(world, DOC, 120) == "complete"
    doc = world.character(DOC)
    e = care.env(world, doc)
    assert fitness.helpless(fitness.Body(doc.name, doc.sheet, doc.condition, e, world.campaign.clock)) is None
    assert dt.unable(doc, e) is None


# -- 2. a first aid says what it stopped, never more than the wound bled (§3.2.4; ruling WB55) -----

# Ruling WB34: Doc's Premiers soins 85, one roll read at the easy 110, the normal 85 and the difficult 60.
BY_DOC = "first aid by Doc Holloway on the {where}: chance 85% (Premiers soins 85), read at easy 110, normal 85 and difficult 60"


def test_a_first_aid_that_could_stop_2_PH_on_an_arm_bleeding_1_says_it_stopped_that_1_S3_2_3_S3_2_4_L1872_ruling_WB55(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 3 of Sam's 16 right-arm PV: a minor wound, 1 PH a round (§3.2.3, Table 3.4: arm x1). Doc's
    # 70 succeeds at the normal 85, not at the difficult 60: "deux PH sont stoppés" (L1872), of a
    # wound that bled one.
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SAM, "right-arm", "3", "--kind", "blade")
    scripted_dice(monkeypatch, 70)
    line = BY_DOC.format(where="bras droit") + ": rolled 70 → 1 PH stopped, all it bled a round (the roll would stop 2)"
    assert run(db, WP, "body", "first-aid", C, SAM, "right-arm", "--by", DOC).stdout == f"{SAM}: {line}\n"
    assert log_details(db, C, "--kind", "FirstAidGiven") == [f"{line} ({DOC} had 96% to stop at least 1 PH, at the easy chance)"]
    (arm,) = [x for x in run(db, WP, "body", "status", C, SAM).stdout.splitlines() if "bras droit" in x]
    assert arm == "  bras droit: minor wound, 13 of 16 PV left; bleeding stopped by first aid"
    (given,) = events(db, C, "FirstAidGiven")
    assert (given["bled"], given["by_the_wounded"], given["result"]["stopped"]) == (1, False, 2)


def test_a_second_first_aid_says_it_stopped_only_what_the_first_left_bleeding_S3_2_4_L1872_L1873_ruling_WB55(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Sam's thigh shot through for 10: minor, (1 + 1) x thigh 2 = 4 PH a round (§3.2.3). Doc's 50
    # succeeds at the difficult 60: 3 PH stopped (L1873), 1 left; his 70 then could stop 2 (L1872).
    shotgun_city(db)
    run(db, WP, "body", "wound", C, SAM, "right-thigh", "10", "--through")
    scripted_dice(monkeypatch, 50, 70)
    aid = ("first-aid", C, SAM, "right-thigh", "--by", DOC)
    first = BY_DOC.format(where="cuisse droite") + ": rolled 50 → 3 PH stopped"
    second = BY_DOC.format(where="cuisse droite") + ": rolled 70 → 1 PH stopped, all it bled a round (the roll would stop 2)"
    assert [run(db, WP, "body", *aid).stdout for _ in range(2)] == [f"{SAM}: {first}\n", f"{SAM}: {second}\n"]
    assert [given["bled"] for given in events(db, C, "FirstAidGiven")] == [4, 1]


def test_a_first_aid_on_a_wound_that_bleeds_only_an_extraction_s_minute_says_it_stopped_that_S3_2_7_4_ruling_WB18_WB55() -> None:
    # A bullet's 3 in Sam's right arm: minor, 1 PH a round (§3.2.3), the bullet in (WB17). Doc's 50
    # at the difficult 60 stops 3 (L1873); his extraction's 50 takes the bullet out and starts a
    # bleed of 1 PH a minute (§3.2.7.4 L2006). His 70 could stop 2 a round of a wound that bleeds
    # none a round; WB18: any PH stopped stops the extraction's bleed.
    world = table(SAM_SHEET, DOC_SHEET, dice=[50, 50, 70])
    care.wound(world, SAM, "right-arm", 3)
    care.aid(world, SAM, "right-arm", DOC)
    care.care(world, SAM, "right-arm", DOC, "Extraction de balle")
    assert world.character(SAM).condition["wounds"]["right-arm"]["per_minute"] == 1
    world.collect()
    care.aid(world, SAM, "right-arm", DOC)
    assert world.character(SAM).condition["wounds"]["right-arm"]["per_minute"] == 0
    (given,) = [e for e in world.collect() if isinstance(e, FirstAidGiven)]
    assert given.bled == 0
    assert describe(given).endswith(
        "rolled 70 → the extraction's bleed stopped, the only bleeding there (the roll would stop 2 PH a round)"
    )


# -- 3. a failed cleaning fits the wound's state (§3.2.7.2, §6.18.13, §6.18.4; ruling WB56) --------


def test_a_failed_cleaning_of_a_festering_wound_says_it_still_festers_and_to_cauterise_it_S3_2_7_2_S6_18_13_S6_18_4_ruling_WB56(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 1 point on Joe's arm, never cared for: day 1, 2% to fester (§3.2.7.2); the d100 rolls 1.
    shotgun_city(db)
    run(db, WP, "body", "wound", C, JOE, "right-arm", "1", "--kind", "blade")
    scripted_dice(monkeypatch, 1)
    assert "Joe Hambuster: the bras droit is infected (day 1, 2%)" in run(db, "advance", C, "1d", "--yes").stdout
    # Doc's Nettoyage d'une blessure 61 (not easy: the wound festers); 90 fails. One cleaning a
    # wound (§6.18.13): what is left is the cautery of §6.18.4, as the wound's own line says.
    scripted_dice(monkeypatch, 90)
    line = (
        "Nettoyage d'une blessure by Doc Holloway on the bras droit: chance 61% (Nettoyage d'une blessure 61): rolled 90 → échec normal"
        " — the cleaning fails and the wound still festers: cauterise it (Cautérisation)"
    )
    assert run(db, WP, "body", "care", C, JOE, "right-arm", "Nettoyage d'une blessure", "--by", DOC).stdout == (
        f"{JOE}: {line}\n"
        "  bras droit: scratch wound, 13 of 14 PV left; a scratch does not bleed; just infected: cauterise it (Cautérisation)\n"
    )
    assert log_details(db, C, "--kind", "CareGiven") == [f"{line} ({DOC} had 61% to succeed)"]


def test_a_failed_preventive_cleaning_still_says_to_cauterise_the_wound_if_it_festers_S6_18_13_ruling_WB56(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The same wound cleaned before it festers: easy (§6.18.13, "le jet est facile"), 61 + 25; 90 fails.
    shotgun_city(db)
    run(db, WP, "body", "wound", C, JOE, "right-arm", "1", "--kind", "blade")
    scripted_dice(monkeypatch, 90)
    (said, _) = run(db, WP, "body", "care", C, JOE, "right-arm", "Nettoyage d'une blessure", "--by", DOC).stdout.splitlines()
    assert said.endswith("rolled 90 → échec normal — the cleaning fails: cauterise the wound if it festers")


# -- 4. first aid one gives oneself reads as one's own (§3.2.4 L1876; ruling WB55) ----------------


def test_first_aid_on_ones_own_wound_reads_as_ones_own_in_the_command_the_log_and_audit_show_S3_2_4_L1876_ruling_WB55(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 3 on Doc's left arm: minor, 1 PH a round, 5% off his skills (Table 3.6): Premiers soins 80.
    # 90 succeeds only at the easy 105: 1 PH stopped, all it bled.
    shotgun_city(db)
    run(db, WP, "body", "wound", C, DOC, "left-arm", "3", "--kind", "blade")
    scripted_dice(monkeypatch, 90)
    line = (
        "first aid on their own bras gauche: chance 80% (Premiers soins 85, wounds -5),"
        " read at easy 105, normal 80 and difficult 55: rolled 90 → 1 PH stopped"
    )
    assert run(db, WP, "body", "first-aid", C, DOC, "left-arm", "--by", DOC).stdout == f"{DOC}: {line}\n"
    assert log_details(db, C, "--kind", "FirstAidGiven") == [f"{line} ({DOC} had 95% to stop at least 1 PH, at the easy chance)"]
    (given,) = events(db, C, "FirstAidGiven")
    assert given["by_the_wounded"] is True
    ref = f"{given['originator_id'].replace('-', '')[:8]}:{given['originator_version']}"
    assert f"what happened: {line}" in run(db, "audit", "show", ref).stdout.splitlines()


def test_a_first_aid_recorded_before_version_3_reads_as_it_did_and_still_verifies_S3_2_4_ruling_WB55() -> None:
    # Doc's 70 on Sam's arm bleeding 1: recorded before version 3 kept who tended and what it bled,
    # it reads the roll's outcome, the first-aider by name, as it always did.
    world = table(SAM_SHEET, DOC_SHEET, dice=[70])
    care.wound(world, SAM, "right-arm", 3, kind="blade")
    care.aid(world, SAM, "right-arm", DOC)
    (given,) = [e for e in world.pending() if isinstance(e, FirstAidGiven)]
    old = {k: v for k, v in _recorded(given).items() if k not in ("by_the_wounded", "bled")}
    FirstAidGiven.upcast_stored(old)
    assert (old["by_the_wounded"], old["bled"]) == (None, None)
    assert check(RULES.rederive[BODY + "FirstAidGiven"], old, Table()) is None
    assert describe(given.__class__(**{k: v for k, v in old.items() if k != "topic"})) == (
        BY_DOC.format(where="bras droit") + ": rolled 70 → 2 PH stopped"
    )


# -- 5. a capital typed in dollars, as the game speaks them (§6.8.1, §6.8.9; ruling WC31) ----------


@pytest.mark.parametrize(
    ("typed", "cents", "said"),
    [
        ("$1,250.50", 125_050, "$1,250.50"),
        ("12.50", 1_250, "$12.50"),
        ("$12", 1_200, "$12.00"),
        ("$ 30", 3_000, "$30.00"),  # as the seed prices a Colt, "\$ 30" (L2978)
        ("12.5", 1_250, "$12.50"),
        ("1000", 100_000, "$1,000.00"),  # a whole number: dollars, as a player says a sum
        ("1,000", 100_000, "$1,000.00"),
    ],
)
def test_a_banking_capital_is_typed_in_dollars_and_said_back_in_dollars_S6_8_1_ruling_WC31(
    db: str, typed: str, cents: int, said: str
) -> None:
    shotgun_city(db)
    out = run(db, WP, "downtime", "activity", C, SAM, "banking", "--capital", typed).stdout
    assert out == f"{SAM}: activity 1 banking (Banque), a roll every month (30 days), a capital of {said}\n"
    (started,) = events(db, C, "ActivityStarted")
    assert started["activity"]["capital"] == cents


@pytest.mark.parametrize(
    ("typed", "line"),
    [
        ("12,50", "`--capital` takes dollars (`$1,250.50`, `1250.50` or `1250`), not “12,50”"),
        ("ten dollars", "`--capital` takes dollars (`$1,250.50`, `1250.50` or `1250`), not “ten dollars”"),
        ("$12.505", "`--capital` takes dollars (`$1,250.50`, `1250.50` or `1250`), not “$12.505”"),
        ("$0", "`--capital` must be between $0.01 and $10,000,000.00 (got $0.00)"),
        ("$10,000,000.01", "`--capital` must be between $0.01 and $10,000,000.00 (got $10,000,000.01)"),
        ("-5", "`--capital` takes dollars (`$1,250.50`, `1250.50` or `1250`), not “-5”"),
        ("0", "`--capital` must be between $0.01 and $10,000,000.00 (got $0.00)"),
        ("10000001", "`--capital` must be between $0.01 and $10,000,000.00 (got $10,000,001.00)"),
    ],
)
def test_a_capital_that_is_no_amount_of_dollars_is_refused_in_one_line_S6_8_1_ruling_WC31(db: str, typed: str, line: str) -> None:
    shotgun_city(db)
    assert refused(db, WP, "downtime", "activity", C, SAM, "banking", "--capital", typed) == f"error: {line}"


def test_the_capital_s_help_says_dollars_and_a_refusal_exits_2_from_the_real_command_S6_8_1_ruling_WC31(db: str) -> None:
    shotgun_city(db)
    shown = " ".join(chronique(db, WP, "downtime", "activity", "--help").stdout.split())
    assert "the capital in dollars, as 1250, $1,250.50 or 1250.50" in shown
    out = chronique(db, WP, "downtime", "activity", C, SAM, "speculation", "--capital", "lots", check=False)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == "error: `--capital` takes dollars (`$1,250.50`, `1250.50` or `1250`), not “lots”\n"
    assert events(db, C, "ActivityStarted") == []
