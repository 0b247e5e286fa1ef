"""The gunfight's follow-ups after ammunition landed (rulings WD36-WD38): a gun that exploded in
its shooter's hands (seed §3.3.1 L2146) is fired and reloaded no more, and the sheet says so; a
shot names the people as the journal knows them, not as typed; a weapon `shoot` does not fire is
refused with what it is and, for a blade, the command that strikes with it."""

from __future__ import annotations

import pytest
from support import SAMPLES, refused_cleanly, run
from westernparade_table import JOE, SAM, table
from wp_city import scripted_dice
from wp_recorded import events

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.westernparade import events as ev
from chronique.domain.rulesets.westernparade.combat import Load, ShotSetup, weapon
from chronique.domain.rulesets.westernparade.play import load, rapid_fire, reload, shoot

CAMPAIGN = "Shotgun City"
SAM_NAME, JOE_NAME, DOC_NAME = "Sam Parkerson", "Joe Hambuster", "Doc Holloway"
COLT = "Colt SA Peacemaker"
GONE = rf"the {COLT} of {SAM_NAME} exploded in their hands \(§3\.3\.1\): it fires no more and takes no reload"
# Armes de poing 56 at 20 m: a roll above 3 x 56 = 168 is a catastrophic failure (§2.1.2); the
# open-ended 100 + 70 = 170 explodes the Colt in Sam's right hand (§3.3.1 L2146).
EXPLODING = (100, 70)


def posse(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe", "doc"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CAMPAIGN)


# -- ruling WD36: §3.3.1 L2146, the gun exploded ------------------------------------------------


def test_a_gun_that_exploded_fires_no_more_nor_takes_a_reload_S3_3_1_L2146_ruling_WD36() -> None:
    world = table(SAM, JOE, dice=[*EXPLODING])
    assert shoot(world, SAM_NAME, JOE_NAME, COLT, ShotSetup(distance_m=20)).exploded is not None
    # It held 6 and fired one: the 5 left went up with it.
    assert load(world.character(SAM_NAME), weapon(COLT)) == Load(0, False, exploded=True)
    assert world.collect()  # the shot and the wound, kept apart from what follows
    with pytest.raises(RuleViolation, match=GONE):
        shoot(world, SAM_NAME, JOE_NAME, COLT, ShotSetup(distance_m=20))
    with pytest.raises(RuleViolation, match=GONE):
        rapid_fire(world, SAM_NAME, JOE_NAME, COLT, 2, ShotSetup(distance_m=20))
    with pytest.raises(RuleViolation, match=GONE):
        reload(world, SAM_NAME, COLT)
    with pytest.raises(RuleViolation, match=GONE):
        reload(world, SAM_NAME, COLT, None)
    assert world.collect() == []


def test_a_reload_recorded_after_the_explosion_before_ruling_WD36_leaves_the_gun_exploded_S3_3_1_L2146() -> None:
    # A journal kept before WD36 let the gun be reloaded (and fired) after it exploded: replayed,
    # those records leave it exploded, as the rulebook has it.
    world = table(SAM, JOE, dice=[*EXPLODING])
    shoot(world, SAM_NAME, JOE_NAME, COLT, ShotSetup(distance_m=20))
    sam = world.character(SAM_NAME)
    sam.record(ev.WeaponReloaded, at=world.campaign.clock, weapon=COLT, actions=1, opened=False, cartridges=3, loaded=3)
    assert load(sam, weapon(COLT)) == Load(0, False, exploded=True)


def test_the_sheet_says_the_gun_exploded_and_the_cli_refuses_it_until_the_shot_is_undone_S3_3_1_L2146_ruling_WD36(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    posse(db)
    scripted_dice(monkeypatch, *EXPLODING)
    shot = run(db, "western-parade", "shoot", CAMPAIGN, "sam", JOE_NAME, "-w", "Colt", "--distance", "20").stdout
    assert f"the gun explodes in {SAM_NAME}'s hands: 5 damage to the main droite" in shot
    assert f"{COLT}  exploded (§3.3.1): fires no more" in run(db, "sheet", CAMPAIGN, SAM_NAME).stdout
    said = f"error: the {COLT} of {SAM_NAME} exploded in their hands (§3.3.1): it fires no more and takes no reload"
    assert refused_cleanly(db, "western-parade", "shoot", CAMPAIGN, SAM_NAME, JOE_NAME, "-w", "Colt", "--distance", "20") == said
    assert (
        refused_cleanly(db, "western-parade", "shoot", CAMPAIGN, SAM_NAME, JOE_NAME, "-w", "Colt", "--distance", "20", "--rapid", "2")
        == said
    )
    assert refused_cleanly(db, "western-parade", "reload", CAMPAIGN, SAM_NAME, "-w", "Colt", "--out-of-fight") == said
    # Taken back, the shot never exploded the gun: it is the full Colt it was.
    run(db, "undo", CAMPAIGN, "--reason", "the GM misread the dice")
    assert f"{COLT}  6 of 6 loaded" in run(db, "sheet", CAMPAIGN, SAM_NAME).stdout


# -- ruling WD37: a shot names people as the journal does --------------------------------------


def test_a_shot_names_shooter_target_and_bystander_as_the_journal_does_not_as_typed_ruling_WD37(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "hit Doc in the flanc gauche" said the name as typed, the next line "Doc Holloway: ...".
    # A miss with no chance (§2.1.1: no roll) strays by Table 3.9's d8 into the bystander: d30
    # for where, then the Colt's damage.
    posse(db)
    scripted_dice(monkeypatch, 3, 9)
    out = run(
        db, "western-parade", "shoot", CAMPAIGN, "sam", "joe", "-w", "Colt", "--distance", "20", "-m", "blind=-200", "--bystander", "doc"
    ).stdout
    (shot,) = events(db, CAMPAIGN, "ShotFired")
    assert shot["bystander"] == DOC_NAME
    assert out.startswith(f"{SAM_NAME}: ")
    assert f"the stray bullet hits {DOC_NAME} in the " in out


def test_a_hit_names_the_target_as_the_journal_does_ruling_WD37(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Armes de poing 56 at 20 m (no range term): 40 is a plain success (not under half the
    # chance, §3.3.1), d30 9 a location of Table 3.10, the Colt's 5 damage.
    posse(db)
    scripted_dice(monkeypatch, 40, 9)
    out = run(db, "western-parade", "shoot", CAMPAIGN, "sam", "joe", "-w", "Colt", "--distance", "20").stdout
    assert f"hit {JOE_NAME} in the " in out


# -- ruling WD38: a weapon `shoot` does not fire ------------------------------------------------


def test_a_blade_is_refused_by_shoot_with_what_it_is_and_the_command_that_strikes_S3_3_S3_4_ruling_WD38(db: str) -> None:
    # Was "Bowie is not fired with this command (a melee)": the table's kind code, no command.
    posse(db)
    refusal = refused_cleanly(db, "western-parade", "shoot", CAMPAIGN, JOE_NAME, SAM_NAME, "-w", "Bowie", "--distance", "3")
    assert refusal == (
        # Since ruling WD39 shoot fires shotguns too, and says so.
        "error: the Bowie is a melee weapon: `chronique western-parade shoot` fires revolvers, rifles, carbines and shotguns;"
        " a blow is `chronique western-parade strike`"
    )
