"""Issue 17: the extra medicine levels that double the care, reachable from ``care`` (seed
001_2934a6d80cfcba44.txt §Médecine L465: "Il est possible de s'imposer des niveaux de difficultés
pour doubler le résultat des soins"; rulings C27, C72). Alice: Carrure 8; Bruno: Médecine 9
(cli/samples). A Forte wound's survival draw is Difficile (+1: two cards), an adapted kit eases
the Médecine draw one level (L473)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cartes_cli import seat
from cartes_table import wounded
from support import run

from chronique.domain.cards import value as card_value
from chronique.domain.gametime import MINUTE
from chronique.domain.rulesets import ruleset
from chronique.domain.timeline import advance
from chronique.domain.world import World


def survival_draw(world: World) -> tuple[list[str], Any]:
    ticks = advance(world.campaign, ruleset("cartes").processes(world), world.campaign.clock + 10 * MINUTE)
    return [t.account for t in ticks], world.character("Alice").pending_events[-1]


def test_one_extra_level_doubles_the_markers_and_a_king_is_survived_Medecine_L465() -> None:
    # Médecine at Forte +1, adapted kit -1, one extra level +1 = Difficile: two cards, 5H 4S both
    # under Bruno's 9: 3 markers doubled = 6. Alice draws KH 9H against 8 + 6 = 14: both under,
    # the worst 9 above the wound's 5: survived cleanly.
    accounts, survival = survival_draw(wounded(["5H", "4S", "KH", "9H"], 5, care="adapted-kit", extra_levels=1))
    assert accounts == ["Alice: survived wound 1 cleanly; nothing left to tend, Bruno's care ends"]  # ruling C108
    assert survival.medicine["outcome"]["drawn"] == ["5H", "4S"]
    assert survival.medicine["bonus"] == 6 and survival.outcome["target"] == 14


def test_without_the_extra_level_the_same_king_fails_Medecine_L465() -> None:
    # Moyenne: one card, 5H: 3 markers; Alice's KH is above 8 + 3 = 11: the draw fails.
    _, survival = survival_draw(wounded(["5H", "KH", "9H"], 5, care="adapted-kit", extra_levels=0))
    assert survival.medicine["bonus"] == 3 and survival.outcome["target"] == 11
    assert not survival.outcome["success"]


def test_two_extra_levels_quadruple_the_markers_but_a_harder_draw_can_fail_Medecine_L465() -> None:
    # Forte +1, adapted kit -1, two extra levels +2 = Très difficile: three cards, 5H 10S 2H; the
    # 10 is above Bruno's 9: no markers at all, and Alice draws 7H 6S against her bare Carrure 8.
    _, survival = survival_draw(wounded(["5H", "10S", "2H", "7H", "6S"], 5, care="adapted-kit", extra_levels=2))
    medicine = survival.medicine
    assert (medicine["outcome"]["level"], medicine["outcome"]["drawn"], medicine["outcome"]["success"]) == (2, ["5H", "10S", "2H"], False)
    assert medicine["bonus"] == 0 and survival.outcome["target"] == 8


def test_care_takes_extra_levels_on_the_command_line_and_refuses_too_many(db: str, tmp_path: Path) -> None:
    seat(db, session=False)
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "2", "--lethality", "nulle")  # care tends a wound (C106)
    out = run(db, "cartes", "care", "Verdelune", "Alice", "--healer", "Bruno", "--means", "adapted-kit", "--extra-levels", "2")
    assert out.stdout.strip() == "Bruno tends Alice (Premiers soins avec équipement adapté, 2 extra levels: care ×4)"
    log = run(db, "log", "Verdelune").stdout
    assert "the healer takes 2 extra levels on each Médecine draw: its markers ×4" in " ".join(log.split())
    refused = run(db, "cartes", "care", "Verdelune", "Alice", "--healer", "Bruno", "--extra-levels", "5", check=False)
    assert refused.returncode == 2 and "--extra-levels" in refused.stderr
    alone = run(db, "cartes", "care", "Verdelune", "Alice", "--extra-levels", "1", check=False)
    assert (alone.returncode, alone.stderr.strip()) == (2, "error: extra medicine levels need a healer (`--healer`)")


def test_the_doubled_care_with_real_chance_is_read_back_and_verified_Medecine_L465(db: str, tmp_path: Path) -> None:
    seat(db)
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "5", "--lethality", "forte")
    run(db, "cartes", "care", "Verdelune", "Alice", "--healer", "Bruno", "--means", "adapted-kit", "--extra-levels", "1")
    run(db, "session", "end", "Verdelune")
    run(db, "advance", "Verdelune", "10m", "--yes")
    (survival,) = [e["event"] for e in json.loads(run(db, "log", "Verdelune", "--json", "--gm", "--kind", "SurvivalChecked").stdout)]
    medicine = survival["medicine"]
    # Forte +1, adapted kit -1, one extra level +1: Difficile, two cards (one if the first is a ♣,
    # §Bonus de couleur L322), each at most Bruno's 9 for 3 markers doubled; Alice's target is her
    # Carrure 8 plus them.
    cards = medicine["outcome"]["cards"]
    level = 1 - (1 if cards[0].endswith("C") else 0)
    assert (medicine["outcome"]["level_asked"], medicine["outcome"]["level"], len(cards)) == (1, level, 1 + level)
    success = all(card_value(c) <= 9 for c in cards)
    assert medicine["bonus"] == (6 if success else 0) and survival["outcome"]["target"] == 8 + medicine["bonus"]
    assert "OK" in run(db, "verify", "Verdelune").stdout
