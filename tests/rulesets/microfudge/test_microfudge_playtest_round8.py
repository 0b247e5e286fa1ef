"""The MicroFudge CECJ play-test's eighth round, through the real command line over a real journal
(both backends), the Fudge dice and cards scripted: what a raise says is left while a hidden roll
paid an Atout face down, a face-down Revers as the GM's ``sheet --json`` says it, and a draw's side
whose key has nothing after its "=" (``shared/FAIRNESS.md``, face-down rolls;
``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines; digest ``shared/rules/microfudge-cecj.md``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from microfudge_table import players_verdict
from support import log_details
from test_microfudge_critical_state import scripted
from test_microfudge_fidelity_cli import campaign, cli, log

from chronique.domain.rulesets.microfudge import events as ev

MIA = 'name = "Mia"\nstatus = "hero"\n[ranks]\nCombat = 5\n'
GHOUL = 'name = "Ghoul"\nnpc = true\nstatus = "average"\n[ranks]\nCombat = 4\n'


def _setbacks(db: str, *gm: str) -> list[dict[str, Any]]:
    """Mia's Revers as ``sheet --json`` gives them (the GM's with ``--gm``)."""
    found: list[dict[str, Any]] = json.loads(cli(db, "sheet", "Mines", "Mia", "--json", *gm))["condition"]["setbacks"]
    return found


def _revers(db: str, *gm: str) -> str:
    """Mia's sheet's Revers rows, their wrapped lines joined (the GM's with ``--gm``)."""
    sheet = cli(db, "sheet", "Mines", "Mia", *gm)
    return " ".join(line.strip() for line in sheet[sheet.index("REVERS") :].splitlines())


# -- 1. A raise says the Atouts left as the players' sheet counts them (L119-L125, L743; FP9, M86, M90) --


def test_a_raise_says_the_Atouts_left_as_the_players_sheet_counts_them_while_a_hidden_reroll_paid_one_L119_L743(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", MIA)
    # A hidden hazardous Test, Athlétisme Faible (2) against Moyenne (4), 0 0 0 0 twice: the reroll
    # Mia declared is paid from her creation reserve, face down (L743, M51).
    scripted(monkeypatch, *[0] * 8)
    cli(db, "microfudge", "hazard", "Mines", "Mia", "Athlétisme", "--domain", "social", "--reroll", "--hidden")
    players = cli(db, "sheet", "Mines", "Mia")
    # L119-L125: a raise in play, paid from the reserve with a justification.
    said = cli(db, "microfudge", "raise", "Mines", "Mia", "Sciences", "--why", "night classes")
    paid = "Mia: Sciences is now Faible (2), paid with 1 Atout of creation reserve; Atouts left: "
    # The count on the players' sheet, which the line names as such while the hidden roll waits.
    shown = next(line for line in cli(db, "sheet", "Mines", "Mia").splitlines() if line.startswith("Atouts: "))
    assert said == f"{paid}{shown.removeprefix('Atouts: ')} (as the players' sheet stands until session 1 is over)\n"
    assert "Atouts: 8 in reserve, 0 of experience" in players  # as before the roll (L107)
    assert "6 in reserve" not in said  # the real count, 8 − 1 for the reroll − 1 for the raise, would tell it was paid
    # The GM's view counts what the reroll paid: 8 − 1 for the reroll − 1 for each raise.
    said = cli(db, "microfudge", "raise", "Mines", "Mia", "Art", "--why", "sketching by the fire", "--gm")
    assert said == "Mia: Art is now Médiocre (3), paid with 1 Atout of creation reserve; Atouts left: 5 in reserve, 0 of experience\n"


# -- 2. A face-down Revers in the GM's sheet --json (L351; FP9, M87, M91) -------------------------------


def test_a_face_down_Revers_in_the_GM_s_json_says_which_reveal_turns_it_up_and_reads_as_any_other_after_it_L351(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", MIA)
    # Hidden hazards, Athlétisme Faible (2) against Moyenne (4), 0 0 0 0: two ranks short, a Revers
    # sérieux (−2) each (L351), one in session 1, one social in the downtime after it.
    scripted(monkeypatch, *[0] * 8)
    cli(db, "microfudge", "hazard", "Mines", "Mia", "Athlétisme", "--hidden")
    # Day 2 08:00: a Revers sérieux heals a step a day (L339).
    first = {"domain": "physical", "healing": "daily", "id": 1, "next_tick": 115200, "severity": 2, "stabilized": True}
    assert _setbacks(db, "--gm") == [first | {"face_down_until_session": 1}]
    assert _setbacks(db) == []  # the players' sheet is replayed without it (FP9)
    # The GM's sheet says it in words, beside how it heals.
    assert "heals a step a day; face down until session 1 is over" in _revers(db, "--gm")
    cli(db, "session", "end", "Mines")  # the reveal of session 1
    assert "face down" not in _revers(db, "--gm")
    cli(db, "microfudge", "hazard", "Mines", "Mia", "Athlétisme", "--domain", "social", "--hidden")  # no physical penalty
    second = first | {"id": 2, "domain": "social"}
    assert _setbacks(db, "--gm") == [first, second | {"face_down_until_downtime_after_session": 1}]
    assert _setbacks(db) == [first]
    # The GM's export says it as the sheet does; the epoch's internal code shows nowhere.
    exported = cli(db, "export", "sheet", "Mines", "Mia", "--format", "json", "--gm")
    assert json.loads(exported)["condition"]["setbacks"] == _setbacks(db, "--gm")
    assert "sealed_until" not in exported + cli(db, "sheet", "Mines", "Mia", "--json", "--gm")


# -- 3. A side's key with nothing after its "=" (L743, L761) ---------------------------------------------


def test_a_side_s_key_with_nothing_after_its_equals_sign_is_refused_naming_what_is_missing_L743_L761(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Mines", MIA, GHOUL)
    cli(db, "microfudge", "sequence", "Mines", "Mia", "Ghoul")
    before = len(log(db, "Mines", ""))
    ghoul = ("--side", "Ghoul:Combat:Mia=4")

    def refused(option: str) -> str:
        return cli(db, "microfudge", "conflict-card", "Mines", "--side", f"Mia:Combat:Ghoul=5,{option}", *ghoul, code=2)

    # L761: "help=" once looked for a character named '' ("no character '' in Mines").
    assert refused("help=") == "error: help= is missing the name of the character who helps (help=NAME, L761)\n"
    # L743: an empty "change=" once drew with no card changed, as if it were not there.
    assert refused("change= ") == "error: change= is missing attack or defence, where the Atout changes a card (L743)\n"
    assert refused("vehicle=") == "error: vehicle= is missing the vehicle's kind\n"
    assert refused("Ghoul=") == "error: Ghoul= is missing a whole number of cards\n"
    # A key that stands alone: "chase=x" once read "'chase=x' needs a whole number", "out=1" an attack on 'out'.
    assert refused("chase=x") == "error: chase takes no value, not “chase=x”\n"
    assert refused("out=1") == "error: out takes no value, not “out=1”\n"
    assert len(log(db, "Mines", "")) == before


# -- 4. A raise in play names its pool as written (L119-L125) -------------------------------------------


def test_a_raise_in_play_refuses_a_pool_that_is_neither_the_reserve_nor_experience_L119_L125(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Mines", MIA)
    before = len(log(db, "Mines", ""))
    # L119-L125: in play only the creation reserve raises; "--pool foo" once paid from it unnoticed.
    said = cli(db, "microfudge", "raise", "Mines", "Mia", "Sciences", "--why", "night classes", "--pool", "foo", code=2)
    assert said == "error: Atouts come from the reserve or experience, not “foo”\n"
    assert len(log(db, "Mines", "")) == before


# -- 5. Damage to a vehicle heals on no clock unless the Narrator says (L339, L429; A24, M24, M92) -------


def test_a_vehicle_s_Revers_heals_on_no_clock_unless_the_Narrator_names_one_L339_L429_A24(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", MIA)
    # A hazardous Pilotage Test, Faible (2) against Moyenne (4), 0 0 0 0: a Revers sérieux to the
    # vehicle (L351). The text gives vehicle damage no repair rule (A24), as a ram records it (M24);
    # it once healed "a step a day", the default of a blow (L339).
    scripted(monkeypatch, 0, 0, 0, 0)
    said = cli(db, "microfudge", "hazard", "Mines", "Mia", "Pilotage", "--domain", "véhicule").splitlines()
    assert said[1] == "Mia took a Revers sérieux (vehicle, does not heal on its own) from failed Pilotage Test: Revers 1 on the sheet"
    said = cli(db, "microfudge", "setback", "Mines", "Mia", "--severity", "1", "--domain", "vehicle")
    assert said == "Mia took a Revers (vehicle, does not heal on its own) from the Narrator: Revers 2 on the sheet\n"
    # The Narrator may still put it on a clock (A24's PROPOSAL: the weekly one), and a blow heals daily.
    said = cli(db, "microfudge", "setback", "Mines", "Mia", "--severity", "1", "--domain", "vehicle", "--healing", "weekly")
    assert said == "Mia took a Revers (vehicle, heals a step a week) from the Narrator: Revers 3 on the sheet\n"
    said = cli(db, "microfudge", "setback", "Mines", "Mia", "--severity", "1")
    assert said == "Mia took a Blessure (physical, heals a step a day) from the Narrator: Revers 4 on the sheet\n"
    assert [s["next_tick"] for s in _setbacks(db)] == [None, None, 28800 + 7 * 86400, 28800 + 86400]


# -- 6. The pace of a face-down Revers is face down with it (L341, L351; FP9, M87, M93) ------------------


def test_care_paces_a_face_down_Revers_face_down_until_its_roll_is_revealed_Effets_des_Revers_L341_L351(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", MIA)
    cli(db, "microfudge", "setback", "Mines", "Mia", "--severity", "1", "--domain", "social", "--source", "a snub")
    # L351: Athlétisme Faible (2), 0 0 0 0 against Moyenne (4), hidden: a Revers sérieux face down.
    scripted(monkeypatch, 0, 0, 0, 0)
    cli(db, "microfudge", "hazard", "Mines", "Mia", "Athlétisme", "--hidden")
    # T2c (L341): good care paces every Revers that heals; that Revers 2 was paced would tell the
    # players the hidden roll dealt one, so its pace lies face down with it, the snub's in plain sight.
    cli(db, "microfudge", "care", "Mines", "Mia", "--care", "good")
    face_down = "face down until the dice of session 1 are revealed"
    snub = "care and rest pace the recovery of Revers 1: each step takes 75% of its usual time"
    assert log_details(db, "Mines", "--kind", "recovery paced") == [snub, face_down]
    assert log_details(db, "Mines", "--kind", "recovery paced", "--gm") == [snub, snub.replace("Revers 1", "Revers 2")]
    assert [e["sealed_until"] for e in log(db, "Mines", ":RecoveryPaced")] == [None, "session-1"]
    # The players' bundle holds it face down with the Test and its Revers, and their verifier
    # accepts it so (FAIRNESS.md v2).
    assert players_verdict(db, tmp_path).startswith("OK: 18 events checked (3 still face down)")
    cli(db, "session", "end", "Mines")  # the reveal
    assert log_details(db, "Mines", "--kind", "recovery paced") == [snub, snub.replace("Revers 1", "Revers 2")]


def test_a_pace_recorded_before_version_2_reads_face_up_as_it_was_recorded() -> None:
    # Version 1 kept no epoch to wait for: every pace was recorded face up, and still reads so.
    state = {"at": 0, "setback_id": 1, "care": "good", "rest": "rested", "percent": 75, "next_tick": None}
    ev.RecoveryPaced.upcast_stored(state)
    assert state["sealed_until"] is None and state["salt"] is None
