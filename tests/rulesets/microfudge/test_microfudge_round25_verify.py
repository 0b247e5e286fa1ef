"""MicroFudge CECJ, round 25: the verifier checks the weapon eras a draw records as having attacked
the side's armour, from which the log says a later era's weapon ignores it («c – Armures»
L498-L502; rulings M142, M145); `power --resisted-by` refuses a value naming its option. Seed:
``shared/seeds/000_ddedeb0fd946e2d7.txt`` (Lnnn its lines); digest: ``shared/rules/microfudge-cecj.md``.
Real journals on SQLite and PostgreSQL, forged with plain SQL (tests/tampering.py), checked by
`chronique verify` and by the standalone verifier under a bare Python; the real command line."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

from microfudge_table import cli, log
from support import run
from tampering import forge, offline
from test_microfudge_playtest_round15 import HARVEY, JIM, _mines

from chronique.adapters.bootstrap import build

# L500: "les armes du futur … ignorent les armures de l'ère moderne ou antérieure". Jim's future
# weapon attacks Harvey, whose medium armour draws its cards apart (L497).
JIM_SIDE = ("--side", "Jim:Tir:Harvey=3,weapon-era=future")
HARVEY_SIDE = ("--side", "Harvey:Combat:Jim=4,armour=medium")


def _draw(db: str, tmp_path: Path, *sides: str) -> None:
    """Jim and Harvey draw once, their sides recorded in the order ``sides`` gives them (L307-L317)."""
    _mines(db, tmp_path, JIM, HARVEY)
    cli(db, "microfudge", "sequence", "Mines", "Jim", "Harvey")
    cli(db, "microfudge", "conflict-card", "Mines", *sides)


def _drawn(db: str, who: str) -> dict[str, Any]:
    """``who``'s cards of the draw, as recorded."""
    services = build(db)
    try:
        character = services.world("Mines").character(who).id
    finally:
        services.close()
    (drawn,) = [e for e in log(db, "Mines", "ConflictCardsDrawn") if UUID(e["originator_id"]) == character]
    return drawn


def _place(drawn: dict[str, Any]) -> str:
    """Where a verdict names an event: its aggregate's id and version, and its kind."""
    return f"{UUID(drawn['originator_id'])}:{drawn['originator_version']} (ConflictCardsDrawn)"


def _forged_then_sealed(db: str, who: str, change: Callable[[dict[str, Any]], None]) -> str:
    """The careful forger: ``who``'s draw rewritten, its chain re-hashed while the session is open,
    then the session ended so the forged chain is sealed. The forged event's place."""
    drawn = _drawn(db, who)
    place = forge(db, UUID(drawn["originator_id"]).hex, drawn["originator_version"], change)
    cli(db, "session", "end", "Mines")
    return place


def _offline(db: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """The player's way: the players' bundle, checked by the standalone verifier under a bare Python."""
    cli(db, "audit", "verifier", "-o", str(folder / "verify.pyz"))
    cli(db, "audit", "export", "Mines", "-o", str(folder / "bundle.json"))
    return offline(folder / "verify.pyz", folder / "bundle.json")


def _verdicts(db: str, folder: Path) -> tuple[str, str]:
    """What `chronique verify` and the standalone verifier say, both failing."""
    said, checked = run(db, "verify", "Mines", check=False), _offline(db, folder)
    assert said.returncode == checked.returncode == 1, said.stdout + checked.stdout + checked.stderr
    return said.stdout, checked.stdout


def _both_pass(db: str, folder: Path) -> None:
    checked = _offline(db, folder)
    assert "OK:" in cli(db, "verify", "Mines")
    assert checked.returncode == 0 and "OK:" in checked.stdout, checked.stdout + checked.stderr


def test_an_honest_draw_s_attackers_eras_verify_both_ways_Armures_L500_ruling_M145(db: str, tmp_path: Path) -> None:
    _draw(db, tmp_path, *JIM_SIDE, *HARVEY_SIDE)
    assert _drawn(db, "Harvey")["attacked_by"] == {"Jim": "future"}
    assert _drawn(db, "Jim")["attacked_by"] == {}  # Jim drew no armour
    _forged_then_sealed(db, "Harvey", lambda e: None)  # re-hashed and sealed, the record as it was
    _both_pass(db, tmp_path)


def test_an_attacker_s_era_rewritten_on_the_last_side_is_caught_Armures_L500_ruling_M145(db: str, tmp_path: Path) -> None:
    # The forger says Jim's weapon was modern: the log would no longer say it ignored Harvey's
    # armour, though Jim declared it future (L500). Harvey records his cards last.
    _draw(db, tmp_path, *JIM_SIDE, *HARVEY_SIDE)
    place = _forged_then_sealed(db, "Harvey", lambda e: e.__setitem__("attacked_by", {"Jim": "modern"}))
    for said in _verdicts(db, tmp_path):
        assert f'FAILED at {place}: field attacked_by: at Jim, records "modern", the rules give "future"' in said, said


def test_an_attacker_made_up_on_an_earlier_side_is_caught_once_the_draw_is_complete_Armures_L500_ruling_M145(
    db: str, tmp_path: Path
) -> None:
    # Harvey records his cards first: the eras of those who attacked him are checked when Jim, the
    # draw's last side, has recorded his, and the verdict names Harvey's record.
    _draw(db, tmp_path, *HARVEY_SIDE, *JIM_SIDE)
    jim = _place(_drawn(db, "Jim"))
    _forged_then_sealed(db, "Harvey", lambda e: e.__setitem__("attacked_by", {"Jim": "future", "Lena": "ancient"}))
    for said in _verdicts(db, tmp_path):
        made_up = 'at Lena, records "ancient", the rules give nothing'
        assert f"FAILED at {jim}: field attacked_by: Harvey's cards of this draw, recorded just before: {made_up}" in said, said


def test_a_draw_recorded_before_version_6_verifies_as_it_did_ruling_M145(db: str, tmp_path: Path) -> None:
    # Stored before the eras were kept (version 5, which the stored record does not say), a draw
    # holds no such field and says nothing of them: none is asked of it.
    _draw(db, tmp_path, *JIM_SIDE, *HARVEY_SIDE)

    _forged_then_sealed(db, "Harvey", lambda e: e.pop("attacked_by"))
    _both_pass(db, tmp_path)


def test_a_resisted_by_value_without_a_characteristic_is_refused_naming_the_option_L435(db: str, tmp_path: Path) -> None:
    # L435: a resisted power is a simple conflict against the victim's characteristic; the refusal
    # names the option as Click's own refusals do (cli/boundary.py).
    _mines(db, tmp_path, JIM, HARVEY)
    refused = run(db, "microfudge", "power", "Mines", "Jim", "controle-mental", "--resisted-by", "Harvey", check=False)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == (
        "error: invalid value for `--resisted-by`: a victim who resists is NAME:CHARACTERISTIC, not “Harvey”"
        " (see `chronique microfudge power --help`)\n"
    ), refused.stderr
