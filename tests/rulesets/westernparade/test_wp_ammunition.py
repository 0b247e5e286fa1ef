"""Ammunition, reloading and rapid fire (seed §3.1.5.5 L1644-L1650, §3.3.4 L2291, §3.3.5
L2297-L2302, §5.1.3.2): each shot takes a cartridge out of its gun, a reload puts 1 + mVIT into a
closed gun and 2 + mVIT (at least one) into an open one per action, a fast shot acts a rank early
at -40% and rapid fire lets off up to the rate of fire at -40% each, neither with an aimed
location; and a weapon named by a word of it (ruling WD31). Rulings WD31-WD35."""

from __future__ import annotations

from typing import Any

import pytest
from support import SAMPLES, log_details, refused_cleanly, run
from westernparade_table import JOE, SAM, table
from wp_city import scripted_dice
from wp_recorded import events

from chronique.domain.errors import RuleViolation
from chronique.domain.rederivation import Table, check
from chronique.domain.rulesets.westernparade import events as ev
from chronique.domain.rulesets.westernparade.combat import Aim, Load, ShotSetup, cartridges_per_action, reloading, shot_terms, weapon
from chronique.domain.rulesets.westernparade.play import load, rapid_fire, reload, shoot
from chronique.domain.rulesets.westernparade.verification import RULES

CAMPAIGN = "Shotgun City"
SAM_NAME, JOE_NAME = "Sam Parkerson", "Joe Hambuster"
COLT = "Colt SA Peacemaker"
# Sam carries two Colts: "Colt" names neither alone.
TWO_COLTS = {**SAM, "weapons": [COLT, "Colt DA Lightning", "Winchester 73 Carabine"]}
SHOT_TOPIC = "chronique.domain.rulesets.westernparade.events:ShotFired"
BLIND = ShotSetup(distance_m=20, extra={"blind": -200})  # no chance, no roll: only Table 3.9's d8


def wp(db: str, *args: str) -> str:
    return run(db, "western-parade", *args).stdout


def posse(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CAMPAIGN)


# -- ruling WD31: a weapon named by a word of it ------------------------------------------------


def test_colt_names_the_one_colt_the_shooter_carries_ruling_WD31(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Sam carries a Colt SA Peacemaker alone of the Colts of chapter 5: "-w Colt" was refused "no
    # weapon “Colt” in the tables of chapter 5 (did you mean Colt Navy or Colt Army?)". A miss
    # with no chance (§2.1.1: no roll) strays by Table 3.9's d8.
    posse(db)
    scripted_dice(monkeypatch, 3, 5)
    wp(db, "shoot", CAMPAIGN, SAM_NAME, JOE_NAME, "-w", "Colt", "--distance", "20", "-m", "blind=-200")
    wp(db, "shoot", CAMPAIGN, SAM_NAME, JOE_NAME, "-w", "peacemaker", "--distance", "20", "-m", "blind=-200")
    assert [shot["weapon"] for shot in events(db, CAMPAIGN, "ShotFired")] == [COLT, COLT]
    # A weapon of the tables he does not carry is still refused as such.
    refusal = refused_cleanly(db, "western-parade", "shoot", CAMPAIGN, SAM_NAME, JOE_NAME, "-w", "Colt Navy", "--distance", "20")
    assert refusal.endswith(f"{SAM_NAME} carries no Colt Navy")


def test_a_word_naming_two_carried_weapons_offers_them_and_a_misspelling_offers_his_first_ruling_WD31() -> None:
    world = table(TWO_COLTS, JOE)
    with pytest.raises(RuleViolation) as refused:
        shoot(world, SAM_NAME, JOE_NAME, "Colt", BLIND)
    assert str(refused.value) == f"“Colt” could be more than one weapon {SAM_NAME} carries: {COLT} or Colt DA Lightning; type it as written"
    # "Colt DA Lightnin" is close to the Colt DA Lightning he carries and to others of the tables:
    # his own comes first.
    with pytest.raises(RuleViolation, match=r"did you mean Colt DA Lightning"):
        shoot(world, SAM_NAME, JOE_NAME, "Colt DA Lightnin", BLIND)


# -- §3.1.5.5: cartridges and reloads ------------------------------------------------------------


def test_cartridges_per_action_closed_one_plus_mVIT_open_two_plus_mVIT_at_least_one_S3_1_5_5_L1649_L1650() -> None:
    # L1649: a closed gun takes 1 + mVIT; a negative mVIT only opens it. L1650: an open one 2 +
    # mVIT, one at least when mVIT is below -1.
    assert [cartridges_per_action(m, opened=False) for m in (-2, -1, 0, 1, 2)] == [0, 0, 1, 2, 3]
    assert [cartridges_per_action(m, opened=True) for m in (-3, -2, -1, 0, 2)] == [1, 1, 1, 2, 4]


def test_a_reload_of_several_actions_opens_the_gun_first_and_is_refused_beyond_the_gun_or_the_actions_S3_1_5_5() -> None:
    colt = weapon(COLT)
    # mVIT +2, an empty closed Colt, 2 actions: 3 (closed) + 4 (open) allowed, 6 room: 6.
    assert (reloading(colt, 2, 0, False, 2).cartridges, reloading(colt, 2, 0, False, 2).loaded) == (6, 6)
    # mVIT -1: the first action only opens the gun, the second puts one in.
    assert reloading(colt, -1, 0, False, 1).cartridges == 0
    assert reloading(colt, -1, 0, False, 2).cartridges == 1
    with pytest.raises(RuleViolation, match=r"holds 6 cartridges and has 4 loaded: room for 2, not 3"):
        reloading(colt, 2, 4, False, 1, 3)
    with pytest.raises(RuleViolation, match=r"1 action of reloading put at most 3 cartridges in the Colt SA Peacemaker, not 4"):
        reloading(colt, 2, 0, False, 1, 4)
    with pytest.raises(RuleViolation, match=r"is full: 6 of 6 loaded"):
        reloading(colt, 2, 6, False, 1)


def test_a_black_powder_gun_is_not_reloaded_in_a_fight_but_out_of_it_S3_1_5_5_L1648_S5_1_1_ruling_WD33() -> None:
    # The Colt Navy is cap and ball ("c&b", Table 5.2): minutes, "en combat, une éternité".
    navy = weapon("Colt Navy")
    with pytest.raises(RuleViolation, match=r"loaded the old way.*§3\.1\.5\.5\): reload it out of the fight, with `--out-of-fight`"):
        reloading(navy, 2, 0, False, 5)
    assert (reloading(navy, -2, 1, False, None).cartridges, reloading(navy, -2, 1, False, None, 2).loaded) == (5, 3)


def test_an_empty_black_powder_gun_names_the_reload_out_of_the_fight_S3_1_5_5_L1648_ruling_WD33() -> None:
    # The round-27 play-test: an emptied cap-and-ball shotgun named `reload … --weapon Shotgun`,
    # which the gun then refused in a fight: the command it names is the one that reloads it.
    world = table({**SAM, "weapons": [*SAM["weapons"], "Colt Navy"]}, JOE)
    world.character(SAM["name"]).condition["guns"] = {"Colt Navy": {"loaded": 0, "open": False}}
    with pytest.raises(RuleViolation) as refused:
        shoot(world, SAM["name"], JOE["name"], "Colt Navy", BLIND)
    assert str(refused.value).endswith("--weapon 'Colt Navy' --out-of-fight`")


def test_each_shot_takes_a_cartridge_and_an_empty_gun_is_refused_until_reloaded_S3_1_5_5_S5_1_3_2_ruling_WD34(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ruling WD34: the journal starts every gun full: Sam's Colt holds 6 ("Mun.", §5.1.3.2).
    # Three rapid fires of 2 (its rate of fire, §3.3.5), each shot a miss with no roll and its d8.
    posse(db)
    scripted_dice(monkeypatch, 1, 2, 3, 4, 5, 6)
    for _ in range(3):
        wp(db, "shoot", CAMPAIGN, SAM_NAME, JOE_NAME, "-w", COLT, "--distance", "20", "-m", "blind=-200", "--rapid", "2")
    shots = events(db, CAMPAIGN, "ShotFired")
    assert [(s["mode"], s["volley"], s["loaded_before"]) for s in shots] == [
        ("rapid", [1, 2], 6),
        ("rapid", [2, 2], 5),
        ("rapid", [1, 2], 4),
        ("rapid", [2, 2], 3),
        ("rapid", [1, 2], 2),
        ("rapid", [2, 2], 1),
    ]
    refusal = refused_cleanly(db, "western-parade", "shoot", CAMPAIGN, SAM_NAME, JOE_NAME, "-w", COLT, "--distance", "20")
    assert refusal.endswith(
        f"the {COLT} of {SAM_NAME} is empty: `chronique western-parade reload 'Shotgun City' 'Sam Parkerson' --weapon 'Colt SA Peacemaker'`"
    )
    # Sam's mVIT is +2 (VIT 16, Table 1.3): the closed gun takes 3 the first action; open, the
    # next reload's action takes 2 + 2 = 4, of which the gun has room for 3.
    assert wp(db, "reload", CAMPAIGN, SAM_NAME, "-w", "Colt") == f"{SAM_NAME} reloaded the {COLT}: 3 cartridges, 3 of 6 loaded\n"
    assert f"{COLT}  3 of 6 loaded, open" in run(db, "sheet", CAMPAIGN, SAM_NAME).stdout
    assert wp(db, "reload", CAMPAIGN, SAM_NAME, "-w", "Colt") == f"{SAM_NAME} reloaded the {COLT}: 3 cartridges, 6 of 6 loaded\n"
    reloads = events(db, CAMPAIGN, "WeaponReloaded")
    assert [(r["actions"], r["opened"], r["cartridges"], r["loaded"]) for r in reloads] == [(1, False, 3, 3), (1, True, 3, 6)]
    details = log_details(db, CAMPAIGN)
    assert f"shot at {JOE_NAME} with the {COLT}, quick shot 2 of 2 (−40%, §3.3.5): no chance, 184 points below zero" in details[-3]
    assert details[-2:] == [f"reloaded the {COLT}: 3 cartridges, 3 of 6 loaded", f"reloaded the {COLT}: 3 cartridges, 6 of 6 loaded"]
    refusal = refused_cleanly(db, "western-parade", "reload", CAMPAIGN, SAM_NAME, "-w", "Colt")
    assert refusal.endswith(f"the {COLT} is full: 6 of 6 loaded")


def test_a_shot_fires_the_gun_closed_again_and_counts_down_in_the_domain_ruling_WD34() -> None:
    world = table(SAM, JOE, dice=[4])
    colt = weapon(COLT)
    assert load(world.character(SAM_NAME), colt) == Load(6, False)
    shoot(world, SAM_NAME, JOE_NAME, COLT, BLIND)
    assert load(world.character(SAM_NAME), colt) == Load(5, False)
    reload(world, SAM_NAME, COLT)
    assert load(world.character(SAM_NAME), colt) == Load(6, True)


def test_a_shot_recorded_before_cartridges_were_counted_takes_none_ruling_WD34() -> None:
    # A version-4 ShotFired upcasts with no mode, no volley and no count: replayed, it leaves the
    # gun as the journal reads an uncounted one, full.
    world = table(SAM, JOE, dice=[4])
    shoot(world, SAM_NAME, JOE_NAME, COLT, BLIND)
    (shot,) = [e for e in world.collect() if isinstance(e, ev.ShotFired)]
    old: dict[str, Any] = {k: v for k, v in vars(shot).items() if k not in ("mode", "volley", "loaded_before")}
    ev.ShotFired.upcast_stored(old)
    assert (old["mode"], old["volley"], old["loaded_before"]) == (None, None, None)
    fresh = table(SAM, JOE)
    sam = fresh.character(SAM_NAME)
    shot.__dict__.update(old)
    shot.apply(sam)
    assert "guns" not in sam.condition and load(sam, weapon(COLT)).loaded == 6


# -- §3.3.4, §3.3.5: speed over precision, quantity over quality ---------------------------------


def test_a_fast_shot_and_rapid_fire_cost_40_percent_and_aim_at_no_location_S3_3_4_L2291_S3_3_5_L2302() -> None:
    colt = weapon(COLT)
    fast = shot_terms("Armes de poing", 56, colt, ShotSetup(distance_m=20, mode="fast"), 12, 0)
    rapid = shot_terms("Armes de poing", 56, colt, ShotSetup(distance_m=20, mode="rapid"), 12, 0)
    assert (fast, rapid) == ({"Armes de poing": 56, "fast shot": -40}, {"Armes de poing": 56, "rapid fire": -40})
    with pytest.raises(RuleViolation, match=r"no aimed location in a fast shot \(§3\.3\.4\), not the head"):
        shot_terms("Armes de poing", 56, colt, ShotSetup(distance_m=20, mode="fast", aim=Aim("precise", "head")), 12, 0)
    with pytest.raises(RuleViolation, match=r"no aimed location in rapid fire \(§3\.3\.5\), not the upper body"):
        shot_terms("Armes de poing", 56, colt, ShotSetup(distance_m=20, mode="rapid", aim=Aim("coarse", "upper")), 12, 0)


def test_rapid_fire_is_refused_beyond_the_rate_of_fire_and_with_a_one_shot_long_gun_S3_3_5_S5_1_3_8() -> None:
    world = table({**SAM, "weapons": [COLT, "Winchester 73 Carabine"]}, JOE)
    with pytest.raises(RuleViolation, match=r"rapid fire with the Colt SA Peacemaker is 2 shots \(its rate of fire, §3\.3\.5\), not 3"):
        rapid_fire(world, SAM_NAME, JOE_NAME, COLT, 3, BLIND)
    with pytest.raises(RuleViolation, match=r"the Winchester 73 Carabine fires one shot at a rank"):
        rapid_fire(world, SAM_NAME, JOE_NAME, "Winchester", 2, BLIND)
    assert not [e for e in world.collect() if isinstance(e, ev.ShotFired)]


def test_a_fast_shot_reads_its_malus_in_the_log_S3_3_4(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    posse(db)
    scripted_dice(monkeypatch, 7)
    wp(db, "shoot", CAMPAIGN, SAM_NAME, JOE_NAME, "-w", COLT, "--distance", "20", "-m", "blind=-200", "--fast")
    (shot,) = events(db, CAMPAIGN, "ShotFired")
    assert (shot["mode"], shot["volley"], shot["outcome"]["terms"]["fast shot"]) == ("fast", None, -40)
    (said,) = [line for line in log_details(db, CAMPAIGN) if line.startswith("shot at")]
    assert said.startswith(f"shot at {JOE_NAME} with the {COLT}, a fast shot a rank early (−40%, §3.3.4): no chance")


def test_the_verifier_refuses_a_rapid_shot_recorded_without_its_malus_or_with_a_location_S3_3_5_L2299_L2302() -> None:
    world = table(SAM, JOE, dice=[4, 5])
    rapid_fire(world, SAM_NAME, JOE_NAME, COLT, 2, BLIND)
    first, _ = [e for e in world.collect() if isinstance(e, ev.ShotFired)]
    event = {k: v for k, v in vars(first).items() if not k.startswith("_")} | {"topic": SHOT_TOPIC}
    assert check(RULES.rederive[SHOT_TOPIC], event, Table()) is None
    forged = event | {"outcome": {**event["outcome"], "terms": {"Armes de poing": 56, "blind": -200}}}
    assert "lacks its rapid fire -40%" in str(check(RULES.rederive[SHOT_TOPIC], forged, Table()))
    aimed = event | {"aim": "head"}
    assert "allow no location" in str(check(RULES.rederive[SHOT_TOPIC], aimed, Table()))


def test_a_reload_out_of_a_fight_fills_the_gun_with_no_actions_counted_S3_1_5_5_L1648_ruling_WD33() -> None:
    world = table({**SAM, "weapons": ["Colt Navy"]}, JOE, dice=[4])
    shoot(world, SAM_NAME, JOE_NAME, "Navy", BLIND)
    with pytest.raises(RuleViolation, match=r"reload it out of the fight"):
        reload(world, SAM_NAME, "Navy")
    assert reload(world, SAM_NAME, "Navy", None).cartridges == 1
    (reloaded,) = [e for e in world.collect() if isinstance(e, ev.WeaponReloaded)]
    assert (reloaded.actions, reloaded.cartridges, reloaded.loaded) == (0, 1, 6)
