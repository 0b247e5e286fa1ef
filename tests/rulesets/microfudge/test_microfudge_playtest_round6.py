"""The MicroFudge CECJ play-test's sixth round, through the real command line over a real journal
(both backends), the Fudge dice scripted: the players' sheet after a hidden roll shows every Revers
taken face up and none of those face down (``shared/FAIRNESS.md``, face-down rolls)
(``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines; digest ``shared/rules/microfudge-cecj.md``)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from microfudge_table import topic_of_class
from support import log_details
from test_microfudge_critical_state import scripted
from test_microfudge_fidelity_cli import campaign, cli

from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.describe import WORDS as LOG_WORDS

LENA = 'name = "Lena"\nstatus = "hero"\n[ranks]\nCombat = 5\n'


def _revers_rows(sheet: str) -> list[str]:
    """The rows of a sheet's REVERS table, its header and rule left out, each by its first line (a
    wrapped cell goes on in lines that start blank)."""
    rows = sheet.split("\nREVERS\n", 1)[1].splitlines() if "\nREVERS\n" in sheet else []
    return [row for row in rows[2:] if row.strip() and not row.startswith(" ")]


# -- 1. A face-up Revers after a face-down one shows on the players' sheet (FAIRNESS.md; L343, L351) --


def test_the_players_see_a_face_up_Revers_taken_after_a_hidden_hazard_s_and_not_that_one_L343_L351(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", LENA)
    # L351: Athlétisme Faible (2), 0 0 0 0 against Moyenne (4), hidden: 2 ranks short, a Blessure
    # sérieuse face down with the roll. Then a pick deals a Blessure grave ou mortelle in plain
    # sight: critical (L343).
    scripted(monkeypatch, 0, 0, 0, 0)
    cli(db, "microfudge", "hazard", "Mines", "Lena", "Athlétisme", "-d", "moyenne", "--hidden", "--purpose", "climb the shaft")
    cli(db, "microfudge", "setback", "Mines", "Lena", "--severity", "3", "--source", "a miner's pick")
    gm = cli(db, "sheet", "Mines", "Lena", "--gm")
    assert [row.split()[0] for row in _revers_rows(gm)] == ["1", "2"]
    players = cli(db, "sheet", "Mines", "Lena")
    # The players see the critical wound they saw dealt, and the penalty it weighs (L337-L345),
    # never the hidden roll's Revers 1, which would tell it failed and by how much (L351).
    assert players.splitlines()[0].endswith("— critical, needs care")
    assert [row.split()[0] for row in _revers_rows(players)] == ["2"]
    assert "Blessure grave ou mortelle (−3)" in _revers_rows(players)[0]
    assert "Revers penalty: physical −3, social none" in players
    assert "hidden roll of session 1" in players


# -- 2. A Revers that heals a step is named by what is left, as the sheet names it (L339-L343; M82) --


def test_a_Revers_healing_a_step_is_logged_by_the_wound_left_as_the_sheet_names_it_Effets_des_Revers_L339_L343(
    db: str, tmp_path: Path
) -> None:
    campaign(db, tmp_path, "Mines", LENA)
    cli(db, "microfudge", "setback", "Mines", "Lena", "--severity", "3", "--healing", "weekly", "--source", "a rockfall")
    cli(db, "microfudge", "atout", "spend", "Mines", "Lena", "save-your-skin", "--note", "dug out")  # stabilized (L127)
    cli(db, "session", "end", "Mines")
    cli(db, "advance", "Mines", "14d", "--yes")
    # L339-L343: a deep wound loses a card a week; the log names the wound left, as the sheet does.
    assert log_details(db, "Mines", "--kind", "setback recovered") == [
        "Revers 1 healed a step: now a Blessure sérieuse (−2)",
        "Revers 1 healed a step: now a Blessure (−1)",
    ]
    assert "Blessure (−1)" in cli(db, "sheet", "Mines", "Lena")


def test_a_Revers_recorded_before_it_kept_its_kind_says_the_penalty_left() -> None:
    # Version 1 kept no kind of action: naming a wound "a Revers" would contradict the sheet.
    state = {"at": 0, "setback_id": 2, "severity": 1, "next_tick": None}
    ev.SetbackRecovered.upcast_stored(state)
    assert state["domain"] is None
    assert LOG_WORDS[topic_of_class(ev.SetbackRecovered)](SimpleNamespace(**state)) == "Revers 2 healed a step: now −1"


# -- 3. A deep wound's Revers says the graduated schedule it heals on (T2b, L341; M83) -------------


def test_a_deep_wound_taken_under_the_graduated_schedule_says_so_in_the_log_T2b_Effets_des_Revers_L341(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Mines", LENA)
    cli(db, "campaign", "set", "Mines", "deep_wound_schedule", "graduated")
    said = cli(db, "microfudge", "setback", "Mines", "Lena", "--severity", "2", "--healing", "weekly", "--source", "a rockfall")
    # T2b: −2 → −1 takes two weeks, −1 → 0 a week, as the sheet says; never "a step a week".
    took = "took a Blessure sérieuse (physical, heals a step in two weeks, then a week) from a rockfall"
    assert said.strip() == f"Lena {took}: Revers 1 on the sheet"
    assert log_details(db, "Mines", "--kind", "setback suffered") == [took]
    assert "heals a step in two weeks, then a week" in " ".join(cli(db, "sheet", "Mines", "Lena").split())
    # A light Revers heals a step a day whatever the deep-wound schedule (L339).
    cli(db, "microfudge", "setback", "Mines", "Lena", "--severity", "1", "--source", "a scrape")
    assert log_details(db, "Mines", "--kind", "setback suffered")[1] == "took a Blessure (physical, heals a step a day) from a scrape"


def test_a_Revers_recorded_before_it_kept_the_schedule_reads_as_it_did() -> None:
    setback = {"id": 1, "domain": "physical", "severity": 2, "healing": "weekly"}
    state = {"at": 0, "setback": setback, "critical": False, "source": "a fall", "in_place_of": None, "sealed_until": None}
    ev.SetbackSuffered.upcast_stored(state)
    assert state["graduated"] is False
    # Its words said "a step a week" whatever the schedule, and still do (version 4's upcast).
    said = LOG_WORDS[topic_of_class(ev.SetbackSuffered)](SimpleNamespace(**state))
    assert said == "took a Blessure sérieuse (physical, heals a step a week) from a fall"


# -- 4. A raise costing more than either pool holds is paid by both («IV» L213, L719-L731; M84) ----

# Streamlined (L705-L711): 15 Atouts, 13 spent on ranks, 2 kept for play (at most 3, L711).
SLY = 'name = "Sly"\nprocedure = "streamlined"\n[ranks]\nTir = 5\nCombat = 6\nArt = 5\n"Ingénierie" = 5\n'


def test_a_Streamlined_raise_costing_3_is_paid_with_2_of_experience_and_1_of_the_reserve_L213_L719_L731(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Mines", SLY)
    cli(db, "session", "end", "Mines")  # L213: +1 Atout of experience a session
    cli(db, "session", "start", "Mines")
    cli(db, "session", "end", "Mines")
    assert "Atouts: 2 in reserve, 2 of experience" in cli(db, "sheet", "Mines", "Sly")
    # L719-L731: Pilotage Faible (2) → Médiocre (3) costs 3 in Streamlined. L213: between sessions
    # both kinds raise, so 2 of experience and 1 of the reserve pay it, experience first.
    said = cli(db, "microfudge", "raise", "Mines", "Sly", "Pilotage").strip()
    paid = "3 Atouts (2 of experience, 1 of creation reserve)"
    assert said == f"Sly: Pilotage is now Médiocre (3), paid with {paid}; Atouts left: 1 in reserve, 0 of experience"
    assert log_details(db, "Mines", "--kind", "characteristic raised") == [f"Pilotage rose from Faible (2) to Médiocre (3) for {paid}"]
    sheet = cli(db, "sheet", "Mines", "Sly")
    assert "Pilotage Médiocre (3)" in " ".join(sheet.split()) and "Atouts: 1 in reserve, 0 of experience" in sheet
    # Named, one pool alone pays (ruling M65): too few of it is refused in one line, nothing recorded.
    cli(db, "session", "start", "Mines")
    cli(db, "session", "end", "Mines")
    refused = cli(db, "microfudge", "raise", "Mines", "Sly", "Pilotage", "--pool", "experience", code=2)
    assert refused == "error: Sly has 1 experience Atout; raising Pilotage from Médiocre (3) to Moyen (4) costs 3 Atouts\n"
    refused = cli(db, "microfudge", "raise", "Mines", "Sly", "Pilotage", code=2)
    assert refused == "error: Sly has 1 experience and 1 reserve Atouts; raising Pilotage from Médiocre (3) to Moyen (4) costs 3 Atouts\n"
    assert len(log_details(db, "Mines", "--kind", "characteristic raised")) == 1


def test_a_raise_recorded_before_it_kept_the_shares_reads_as_one_pool_paid_it_all() -> None:
    state = {"at": 0, "characteristic": "Tir", "kind": "field", "from_value": 2, "to_value": 3, "cost": 1, "pool": "reserve"}
    state |= {"in_session": False, "justification": ""}
    ev.CharacteristicRaised.upcast_stored(state)
    assert state["paid"] == {"reserve": 1}
