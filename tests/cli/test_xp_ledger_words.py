"""The experience ledger reads as each game keeps experience (ruling C81): a Cartes hand is its
experience and play spends it too (§Ressources en cartes L199-201, §Expérience L530), so a running
balance of awards less purchases is no count of anything a character holds and is not shown;
purchases read in words in the Cartes ledger and log, and an Elor level bought names its
profession. Through the real command (in-process, ``support.run``) on real journals, and the web
journal's ledger page as its page function builds it."""

from __future__ import annotations

import html
import json
from types import SimpleNamespace

import pytest
from support import SAMPLES, run
from verdelune_party import verdelune_party

from chronique.adapters.bootstrap import build
from chronique.domain.rulesets import KNOWN, ruleset
from chronique.domain.rulesets.cartes.describe import purchase_words
from chronique.web.guard import FormKeys
from chronique.web.pages import Reader, xp_page
from chronique.web.render import Renderer


def verdelune(db: str) -> None:
    verdelune_party(db)
    run(db, "cartes", "xp", "award", "Verdelune", "Alice", "3", "--reason", "saved the village")
    # A speciality costs 2 cards of any value (§Expérience L538): the purchase never depends on the deal.
    run(db, "cartes", "xp", "spend", "Verdelune", "Alice", "speciality", "Athlétisme", "--speciality", "Escalade")


def test_a_cartes_ledger_shows_no_balance_and_says_the_hand_is_the_experience_L199_L530(db: str) -> None:
    verdelune(db)
    # The hand also pays for tests: a balance of awards less purchases would not be its count.
    shown = run(db, "xp", "ledger", "Verdelune").stdout
    header = next(line for line in shown.splitlines() if "Reason" in line)
    assert [cell.strip() for cell in header.strip("|").split("|")] == ["In game", "Who", "Change", "Reason"]
    assert shown.rstrip().endswith(ruleset("cartes").experience_unbalanced or "a sentence")
    assert "no balance" in shown


def test_a_cartes_purchase_reads_in_words_in_the_ledger_and_the_log_L536_L549(db: str) -> None:
    verdelune(db)
    rows = json.loads(run(db, "xp", "ledger", "Verdelune", "--json").stdout)
    assert [(r["change"], r["reason"]) for r in rows] == [(3, "saved the village"), (-2, "a speciality: Escalade, the 1st of Athlétisme")]
    log = run(db, "log", "Verdelune").stdout
    assert "on a speciality: Escalade, the 1st of Athlétisme" in " ".join(log.split())
    assert "0→1" not in log + run(db, "xp", "ledger", "Verdelune").stdout


def spent(purchase: str, name: str, levels: tuple[int, int], speciality: str = "") -> SimpleNamespace:
    """An ExperienceSpent as its words read it."""
    return SimpleNamespace(purchase=purchase, name=name, speciality=speciality, from_level=levels[0], to_level=levels[1])


@pytest.mark.parametrize(
    ("purchase", "words"),
    [
        (spent("skill", "Contact", (9, 10)), "a skill level: Contact from 9 to 10"),
        (spent("characteristic", "Carrure", (8, 9)), "a characteristic point: Carrure from 8 to 9"),
        (spent("speciality", "Contact", (1, 2), "Parade"), "a speciality: Parade, the 2nd of Contact"),
    ],
)
def test_each_kind_of_purchase_reads_in_words_L536_L549(purchase: SimpleNamespace, words: str) -> None:
    assert purchase_words(purchase) == words


def test_an_elor_level_bought_with_experience_names_its_profession_in_the_ledger_s_progression(db: str) -> None:
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor", "--start", "Day 1 08:00")
    run(db, "character", "new", "Tolosa", "--sheet", str(SAMPLES / "elor_samson.toml"))
    run(db, "elor", "xp", "award", "Tolosa", "Samson", "1", "--reason", "the siege")
    run(db, "elor", "xp", "spend", "Tolosa", "Samson", "Guerrier", "familiarity", "Haches")
    rows = json.loads(run(db, "xp", "ledger", "Tolosa", "--json").stdout)
    assert [(r["change"], r["reason"], r["balance"]) for r in rows] == [(1, "the siege", 1), (-1, "Guerrier to level 3", 0)]
    # Points are what an Elor character holds: the balance stays.
    assert "Balance" in run(db, "xp", "ledger", "Tolosa").stdout


def test_the_web_ledger_leaves_the_balance_out_where_its_game_keeps_none_and_says_why(db: str) -> None:
    verdelune(db)
    reader = Reader("Verdelune", "GM", True, "token")
    services = build(db)
    try:
        page = Renderer().page("xp.html.j2", reader, FormKeys(b"secret"), xp_page(services, reader))
    finally:
        services.close()
    assert "a speciality: Escalade, the 1st of Athlétisme" in page
    assert ">Balance<" not in page and (ruleset("cartes").experience_unbalanced or "a sentence") in html.unescape(page)
    assert [game for game in KNOWN if ruleset(game).experience_unbalanced] == ["cartes"]
