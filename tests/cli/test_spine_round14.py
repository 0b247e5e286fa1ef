"""The spine as the round-14 play-tests found it, on a real journal and the real command line: luck
still counts a roll taken back, in every game (ruling RM2: an undo cannot choose which rolls count), and says "since
session N" of a downtime no session has closed yet (LK16); the campaign report names no event count
(SV12); the table's line of a Cartes opposition says what the log says (EB32); `log --kind`'s help
gives a kind every game has (EB33)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from cartes_cli import NAME, PARTY, cli, seat
from cartes_table import StackedChance
from microfudge_table import zombies_at_the_table
from support import SAMPLES, log_details, run
from test_luck_all_games import tolosa as aldo_and_bruna
from verdelune_party import verdelune_party

from chronique.adapters.services import LUCK_KEYS
from chronique.domain.luck import session_words

CITY, SAM, SIRINGO = "Shotgun City", "Sam Parkerson", "Charlie Siringo"


def luck_by(db: str, campaign: str) -> dict[str, Any]:
    """``luck --json`` of ``campaign`` for every ``--by``."""
    return {by: json.loads(run(db, "luck", campaign, "--by", by, "--json").stdout) for by in LUCK_KEYS}


# -- 1. luck counts a roll taken back, in every game (ruling RM2) ------------------------------------


def shotgun_city(db: str, tmp_path: Path) -> str:
    run(db, "campaign", "new", CITY, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "siringo"):
        run(db, "character", "new", CITY, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CITY)
    return CITY


def verdelune(db: str, tmp_path: Path) -> str:
    return verdelune_party(db, ("alice", "bruno"))


def tolosa(db: str, tmp_path: Path) -> str:
    aldo_and_bruna(db, tmp_path)
    return "Tolosa"


def zombies(db: str, tmp_path: Path) -> str:
    zombies_at_the_table(db, tmp_path)
    return "Zombies"


# Each game: its table, a roll that stands, and a roll taken back with `undo` (whatever the dice
# give: what is pinned is that luck still counts the second once it is taken back).
GAMES = {
    "western-parade": (
        shotgun_city,
        ("western-parade", "roll", CITY, SAM, "-s", "Armes de poing"),
        ("western-parade", "shoot", CITY, SAM, SIRINGO, "-w", "Colt SA Peacemaker", "--distance", "20"),
    ),
    "cartes": (
        verdelune,
        ("cartes", "test", "Verdelune", "Alice", "Contact", "--from", "deck"),
        ("cartes", "test", "Verdelune", "Bruno", "Contact", "--from", "deck"),
    ),
    "elor": (
        tolosa,
        ("elor", "test", "Tolosa", "Aldo", "-f", "C", "-d", "3"),
        ("elor", "test", "Tolosa", "Bruna", "-f", "P", "-d", "4"),
    ),
    "microfudge": (
        zombies,
        ("microfudge", "test", "Zombies", "Jim", "Tir", "-d", "moyen"),
        ("microfudge", "test", "Zombies", "Harvey", "Athlétisme", "-d", "difficile"),
    ),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_luck_still_counts_a_roll_taken_back_with_undo_in_every_game_and_every_by_ruling_RM2(db: str, tmp_path: Path, game: str) -> None:
    # The play-test saw Sam's shot, taken back with `undo` ("never fired"), still counted in `luck`
    # while the log struck it through, and asked for it to go. It stays (ruling RM2): the dice fell
    # at those odds, and a GM who could undo the rolls that went badly would choose which count.
    table, stands, taken_back = GAMES[game]
    campaign = table(db, tmp_path)
    run(db, *stands)
    assert luck_by(db, campaign)["campaign"][campaign]["draws"] == 1
    run(db, *taken_back)
    rolled = luck_by(db, campaign)
    assert rolled["campaign"][campaign]["draws"] > 1
    run(db, "undo", campaign, "--reason", "never rolled")
    assert luck_by(db, campaign) == rolled
    # The log still shows the roll, struck through, with its odds (ruling LK10).
    assert "voided by" in " ".join(log_details(db, campaign))


# -- 2. the downtime since the last session (ruling LK16) -----------------------------------------


def test_a_downtime_no_session_has_closed_reads_since_the_last_session_Survie_L431_ruling_LK16(db: str) -> None:
    # Alice's survival draws between sessions (§Survie L431) read "between sessions 1 and 2" while
    # no session 2 had been played; until it starts, they count "since session 1".
    verdelune_party(db)
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "5", "--lethality", "forte")
    run(db, "session", "end", "Verdelune")
    run(db, "advance", "Verdelune", "2h", "--yes")
    downtime = json.loads(run(db, "luck", "Verdelune", "--by", "session", "--json").stdout)
    assert list(downtime) == ["session 1", "since session 1"]
    shown = run(db, "--ascii", "luck", "Verdelune", "--by", "session").stdout
    assert "| since session 1 " in shown and "between" not in shown
    run(db, "session", "start", "Verdelune")
    later = json.loads(run(db, "luck", "Verdelune", "--by", "session", "--json").stdout)
    assert later == {"session 1": downtime["session 1"], "between sessions 1 and 2": downtime["since session 1"]}


def test_the_downtime_s_words_wait_for_the_next_session_ruling_LK16() -> None:
    assert [session_words(-7, last) for last in (7, 8, 9, None)] == [
        "since session 7",
        "between sessions 7 and 8",
        "between sessions 7 and 8",
        "between sessions 7 and 8",
    ]
    assert [session_words(n, 7) for n in (None, 0, 7)] == ["before any session", "before any session", "session 7"]


# -- 3. the campaign report names no event count (ruling SV12) ------------------------------------


def test_the_campaign_report_s_characters_table_says_names_and_states_never_a_version_ruling_SV12(db: str, tmp_path: Path) -> None:
    verdelune_party(db, ("alice", "bruno"))
    run(db, "cartes", "test", "Verdelune", "Alice", "Contact")
    out = tmp_path / "report.html"
    run(db, "export", "campaign", "Verdelune", "-o", str(out))
    page = out.read_text(encoding="utf-8")
    characters = page.split("<h2>Characters</h2>", 1)[1].split("</table>", 1)[0]
    assert characters.startswith("<table><tr><th>Name</th><th>State</th></tr><tr><td>Alice</td><td>")
    assert "Version" not in page and characters.count("<td>") == 4


# -- 4. the table's line of an opposition says it as the log does (ruling EB32) --------------------


class _StackedCards(StackedChance):
    """Stacked cards in place of a command's vault: face-down events go unsalted."""

    def salt(self, epoch: str, originator_id: UUID, version: int) -> str | None:
        return None


# The first shuffle's top, dealt in this order (ruling C35): Alice's hand of 3 and pile of 7, then
# Bruno's; the Brigand draws from the general deck, the rest in fresh-pack order (A♣ 2♣ 3♣ 9♣ ...).
ALICE = ["5H", "10D", "2D", "2S", "JC", "3H", "4H", "6C", "7C", "8C"]
BRUNO = ["KH", "KC", "4C", "9S", "8H", "9H", "7H", "6H", "5C", "4D"]


def test_an_opposition_s_table_line_says_both_results_and_what_came_off_the_net_Reussites_ou_echecs_L311_ruling_EB32(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Alice's 2♠ on a power draw is 2 + 3 = 5, the Brigand's A♣ 2♣ a success of 2: the table read
    # "Alice wins, net 3" where the log said "5 against 2, net 3 (5 less 2, the loser's success card)".
    seat(db, *PARTY)
    chance = _StackedCards(ALICE + BRUNO)
    monkeypatch.setattr("chronique.adapters.services.VaultChance", lambda vault, campaign: chance)
    said = cli(db, "cartes", "attack", NAME, "Alice", "Brigand").stdout.splitlines()
    # Ruling C132: the table's line says what it won by in the log's one wording (describe.compared).
    assert said[2:4] == ["Alice wins, 5 against 2, net 3 (5 less 2, the loser's success card)", "3 damage at Moyenne from the attack"]
    # The Brigand's 3♣ 9♣ (9) against Alice's J♣ 10♣, a failure: the full 9 (L312), nothing off.
    said = cli(db, "cartes", "attack", NAME, "Brigand", "Alice").stdout.splitlines()
    assert said[2] == "Brigand wins, 9 against a failure, net 9"
    assert log_details(db, NAME, "--kind", "OppositionSettled") == [
        "opposed draw against Brigand: won, 5 against 2, net 3 (5 less 2, the loser's success card); 3 damage at Moyenne from the attack",
        "opposed draw against Alice: won, 9 against a failure, net 9; 9 damage at Moyenne from the attack",
    ]


# -- 5. `log --kind`'s example is every game's (ruling EB33) --------------------------------------


@pytest.mark.parametrize("game", sorted(GAMES))
def test_log_kind_s_help_gives_an_example_every_game_s_log_has_ruling_EB33(db: str, tmp_path: Path, game: str) -> None:
    shown = " ".join(run("unused.db", "log", "--help").stdout.split())
    # The example in backticks, as what to type is written (ruling EB51).
    assert "column words it (`time advanced`) or as one word (`TimeAdvanced`)" in shown and "test made" not in shown
    # Both spellings of the example are a kind of each game's log: asked, neither is refused.
    campaign = GAMES[game][0](db, tmp_path)
    run(db, "advance", campaign, "1h", "--yes")
    for spelling in ("time advanced", "TimeAdvanced"):
        assert log_details(db, campaign, "--kind", spelling) == ["time went on 1 hour: nothing happened"], spelling
