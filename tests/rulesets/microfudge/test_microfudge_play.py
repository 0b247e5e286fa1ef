"""MicroFudge at the table and over time, on aggregates with scripted Fudge dice."""

from __future__ import annotations

import pytest
from microfudge_table import SEED, end_session, table

from chronique.domain.errors import RuleViolation
from chronique.domain.fairness import commitment
from chronique.domain.gametime import DAY, WEEK
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.play import (
    TestRequest,
    award,
    conflict,
    first_aid,
    raise_characteristic,
    roll_test,
    spend_atout,
    suffer,
)
from chronique.domain.timeline import advance


def _events(world, name, kind):  # type: ignore[no-untyped-def]
    return [e for e in world.character(name).pending_events if isinstance(e, kind)]


def test_V_T_1_a_test_records_its_four_dice_Tests_L249() -> None:
    world = table(1, 1, -1, 0)
    result = roll_test(world, "Harvey", TestRequest("athletisme", 5))
    assert result.success and result.final == 5
    (rolled,) = _events(world, "Harvey", ev.TestRolled)
    assert rolled.dice == [1, 1, -1, 0] and rolled.characteristic == "Athlétisme"
    assert [op["op"] for op in rolled.chance] == ["dF"] * 4 and rolled.epoch == world.campaign.epoch


def test_V_T_3_hazardous_test_records_a_Blessure_serieuse_Tests_hasardeux_L353_L355() -> None:
    world = table(1, 0, -1, -1)
    result = roll_test(world, "Harvey", TestRequest("Pilotage", 6, hazardous=True, healing="weekly", purpose="crash"))
    assert result.setbacks == 2
    setbacks = world.character("Harvey").condition["setbacks"]
    assert setbacks == [
        {"id": 1, "domain": "physical", "severity": 2, "healing": "weekly", "stabilized": True, "next_tick": 8 * 3600 + WEEK}
    ]


def test_modifiers_revers_and_an_atout_bonus_Rappel_L431_Effets_des_Revers_L345() -> None:
    world = table(0, 0, 0, 0)
    suffer(world, "Harvey", 1, "physical", "daily", "punch")
    result = roll_test(world, "Harvey", TestRequest("Tir", 6, modifiers={"weapon": 2, "quality": 1}, atout=True))
    # Tir 4 − 1 (Blessure) + 2 (rifle) + 1 (good scope) + 1 (Atout) = 7.
    assert result.final == 7
    assert world.character("Harvey").condition["atouts"] == {"reserve": 1, "experience": 0}


def test_simple_conflict_records_both_sides_and_nothing_lasting_Tests_L253() -> None:
    world = table(1, 0, 0, 0, 0, 0, 0, -1)
    assert conflict(world, "Jim", "Psychologie", "Harvey", "Pilotage").winner == "tie"  # 3+1 vs 5−1
    (rolled,) = _events(world, "Jim", ev.SimpleConflictRolled)
    assert len(rolled.chance) == 8 and world.character("Harvey").condition["setbacks"] == []


def test_V_W_2_a_light_revers_heals_a_card_a_day_Effets_des_Revers_L339() -> None:
    world = table(session=False)
    suffer(world, "Harvey", 2, "physical", "daily", "a club")
    ticks = advance(world.campaign, ruleset("microfudge").processes(world), world.campaign.clock + DAY)
    assert [t.due.at - 8 * 3600 for t in ticks] == [DAY] and world.character("Harvey").condition["setbacks"][0]["severity"] == 1
    advance(world.campaign, ruleset("microfudge").processes(world), world.campaign.clock + DAY)
    assert world.character("Harvey").condition["setbacks"] == []


def test_V_W_3_a_gunshot_Decisif_heals_weekly_once_stabilized_Effets_des_Revers_L341_Premiers_soins_L359() -> None:
    world = table(1, 1, 0, 0, settings={"first_aid_mode": "stabilize"})
    suffer(world, "Harvey", 3, "physical", "weekly", "a rifle")
    assert world.character("Harvey").condition["critical"]
    assert ruleset("microfudge").processes(world).due() == []  # §4.3: no healing until stabilized
    assert first_aid(world, "Harvey", "Jim", 1, quality=2)  # Médecine 4 + 2 + 2 vs 6
    harvey = world.character("Harvey")
    assert not harvey.condition["critical"] and harvey.condition["setbacks"][0]["severity"] == 3
    start = world.campaign.clock
    ticks = advance(world.campaign, ruleset("microfudge").processes(world), start + 3 * WEEK)
    assert [t.due.at - start for t in ticks] == [WEEK, 2 * WEEK, 3 * WEEK]
    assert world.character("Harvey").condition["setbacks"] == []


def test_V_W_3_graduated_schedule_option_Effets_des_Revers_L341_PROPOSAL_A11() -> None:
    world = table(settings={"deep_wound_schedule": "graduated"})
    suffer(world, "Harvey", 2, "physical", "weekly", "a knife")
    start = world.campaign.clock
    ticks = advance(world.campaign, ruleset("microfudge").processes(world), start + 30 * DAY)
    assert [t.due.at - start for t in ticks] == [14 * DAY, 21 * DAY]


def test_V_W_4_first_aid_reduces_a_grave_wound_one_step_Premiers_soins_L359_PROPOSAL_A9() -> None:
    world = table(0, 0, 0, 0)
    suffer(world, "Harvey", 3, "physical", "weekly", "a rifle")
    assert not first_aid(world, "Harvey", "Jim", 1)  # Médecine 4 vs Très difficile 6
    world = table(1, 1, 0, 0)
    suffer(world, "Harvey", 3, "physical", "weekly", "a rifle")
    assert first_aid(world, "Harvey", "Jim", 1)
    (wound,) = world.character("Harvey").condition["setbacks"]
    assert wound["severity"] == 2 and wound["stabilized"] and wound["next_tick"] == world.campaign.clock + WEEK


def test_save_your_skin_ends_the_critical_state_Sauver_sa_peau_L127_L131() -> None:
    world = table()
    suffer(world, "Harvey", 3, "physical", "weekly", "a rifle")
    assert spend_atout(world, "Harvey", "save-your-skin", "falls in the river") == "reserve"
    assert not world.character("Harvey").condition["critical"]
    assert world.character("Harvey").condition["atouts"]["reserve"] == 1
    with pytest.raises(RuleViolation, match="an Atout buys"):
        spend_atout(world, "Harvey", "teleport")


def test_V_A_1_helping_costs_two_atouts_Utilisation_creative_des_Atouts_L761() -> None:
    world = table(0, 0, 0, 0)
    # L761: help is given for a roll, declared with it (ruling M53).
    roll_test(world, "Harvey", TestRequest("Athlétisme", 4, helpers=("Jim",)))
    assert world.character("Jim").condition["atouts"]["reserve"] == 5  # 11 − 4 at creation − 2


def test_V_CR_3_Jim_raises_Tir_in_session_with_reserve_atouts_Etoffer_le_personnage_L119_L125() -> None:
    world = table()
    why = "grew up hunting with his father"
    assert raise_characteristic(world, "Jim", "Tir", why) == 3
    assert raise_characteristic(world, "Jim", "Tir", why) == 4
    jim = world.character("Jim")
    assert jim.sheet["characteristics"]["Tir"]["value"] == 4 and jim.condition["atouts"]["reserve"] == 5
    with pytest.raises(RuleViolation, match="justification"):
        raise_characteristic(world, "Jim", "Tir")


def test_V_XP_2_session_end_awards_experience_usable_only_between_sessions_Experience_L213() -> None:
    world = table(sheets=[{"name": "Solo", "atouts": 2, "ranks": {"Tir": 3}}])
    raise_characteristic(world, "Solo", "Tir", "trained")  # the last reserve Atout
    end_session(world)
    assert world.character("Solo").condition["atouts"] == {"reserve": 0, "experience": 1}
    world.campaign.start_session(SEED, commitment(SEED))
    with pytest.raises(RuleViolation, match="only between sessions"):
        raise_characteristic(world, "Solo", "Tir", "practice")


def test_experience_atouts_raise_between_sessions_and_npcs_get_no_award_PROPOSAL_A29() -> None:
    npc = {"name": "Goon", "npc": True, "status": "average", "ranks": {"Combat": 4}}
    world = table(sheets=[{"name": "Solo", "atouts": 2, "ranks": {"Tir": 3}}, npc])
    end_session(world)
    assert world.character("Goon").condition["atouts"]["experience"] == 0
    assert raise_characteristic(world, "Solo", "Combat") == 3
    assert world.character("Solo").condition["atouts"] == {"reserve": 1, "experience": 0}
    award(world, "Solo", 2, "great roleplay")
    assert world.character("Solo").condition["atouts"]["experience"] == 2


def test_one_first_aid_attempt_per_wound_healer_and_scene_Premiers_soins_L359_PROPOSAL_A9() -> None:
    world = table(0, 0, 0, 0, 1, 1, 1, 1)
    suffer(world, "Harvey", 3, "physical", "weekly", "a rifle")
    assert not first_aid(world, "Harvey", "Jim", 1)
    with pytest.raises(RuleViolation, match="already tried first aid"):
        first_aid(world, "Harvey", "Jim", 1)
    # A later scene (another moment of game time) allows a new attempt (PROPOSAL A9).
    advance(world.campaign, ruleset("microfudge").processes(world), world.campaign.clock + 600)
    assert first_aid(world, "Harvey", "Jim", 1)


def test_streamlined_in_session_raises_at_creation_costs_option_PROPOSAL_A7_Streamlined_L705_L715() -> None:
    sheet = {"name": "Sly", "procedure": "streamlined", "ranks": {"Tir": 5, "Combat": 6, "Esprit": 5}}
    world = table(sheets=[sheet])
    with pytest.raises(RuleViolation, match="between sessions only"):
        raise_characteristic(world, "Sly", "Tir", "practice")
    world = table(sheets=[sheet], settings={"streamlined_play_raises": True})
    # 15 − (3 + 4 + 3) = 5 left, 3 kept (L711); a field rank costs 1, an aptitude rank 3.
    assert world.character("Sly").condition["atouts"]["reserve"] == 3
    assert raise_characteristic(world, "Sly", "Tir", "a lucky streak") == 6
    with pytest.raises(RuleViolation, match="stops at Excellent"):
        raise_characteristic(world, "Sly", "Combat", "more practice")
    with pytest.raises(RuleViolation, match="has 2 reserve"):
        raise_characteristic(world, "Sly", "Esprit", "an epiphany")
