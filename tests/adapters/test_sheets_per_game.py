"""Every game's sheet reads in its rulebook's terms in the terminal (80 columns), in Markdown and in
HTML, rendered from its templates, with no internal field, Python value or dump left in (issue 14).

Each game plays a little from its commented samples (cli/samples) before its sheet is read: a
wound, so the body or wound part of the sheet has something to say."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from support import run, sample, scripted_services, wounded_party

from chronique.adapters import exports, sheets
from chronique.adapters.services import Chronique
from chronique.domain.world import World


@dataclass(frozen=True)
class Game:
    """A game's campaign after one session of play, whose sheet is read, and what it must show."""

    ruleset: str
    campaign: str
    character: str
    play: Callable[[Chronique], str]
    terms: tuple[str, ...]


def _session(services: Chronique, ruleset: str, campaign: str, samples: tuple[str, ...], act: Callable[[World], Any]) -> str:
    services.create_campaign(campaign, ruleset, None)
    for name in samples:
        services.create_character(campaign, sample(name))
    services.start_session(campaign)
    services.act(campaign, act)
    services.end_session(campaign)
    return campaign


def _cartes(services: Chronique) -> str:
    # support.wounded_party: Alice takes a Forte wound of 7 (an axe) and Bruno tends her.
    return wounded_party(services, "Verdelune")


def _microfudge(services: Chronique) -> str:
    from chronique.domain.rulesets.microfudge.play import suffer

    # «3 – Effets des Revers» L341-L343: a Revers of −2 on the body is a Blessure sérieuse.
    def knife(world: World) -> Any:
        return suffer(world, "Jim", 2, "physical", "weekly", "a knife")

    return _session(services, "microfudge", "Zombies", ("mf_jim", "mf_harvey"), knife)


def _elor(services: Chronique) -> str:
    from chronique.domain.rulesets.elor.play import suffer_damage

    return _session(services, "elor", "Tolosa", ("elor_samson",), lambda w: suffer_damage(w, "Samson", 3, "a club", where="bras-gauche"))


def _western_parade(services: Chronique) -> str:
    from chronique.domain.rulesets.westernparade.care import wound

    # A bullet of 9 in Joe's right thigh (§3.2): 150% of END 14 = 21 PV there (Table 1.6).
    return _session(
        services, "western-parade", "Tombstone", ("wp_joe", "wp_doc"), lambda w: wound(w, "Joe Hambuster", "right-thigh", 9, "bullet")
    )


GAMES = {
    "cartes": Game("cartes", "Verdelune", "Alice", _cartes, ("Carrure", "Discrétion", "Épée", "KO and OK", "Forte wounds", "face down")),
    "microfudge": Game("microfudge", "Zombies", "Jim", _microfudge, ("Médecine", "Moyen (4)", "Blessure sérieuse (−2)", "Atouts")),
    "elor": Game("elor", "Tolosa", "Samson", _elor, ("Physique", "Coordination", "Guerrier", "Haches", "+1", "Bras gauche", "effort")),
    "western-parade": Game(
        "western-parade",
        "Tombstone",
        "Joe Hambuster",
        _western_parade,
        # Chapter 6's groups as headings; the body by location (Table 1.6) with PV and PH (§3.2.3).
        # §1.5 Table 1.1: the social origin on its scale of five, with the parents it stands for.
        ("Culture générale", "Combat au corps à corps", "Compétences médicales", "Pugilat 57", "Cuisse droite", "PV", "PH", "2 of 5"),
    ),
}


def played(db: str, game: str) -> tuple[Chronique, Game]:
    """Services over ``db`` holding ``game``'s campaign after its session of play."""
    services = scripted_services(db)
    GAMES[game].play(services)
    return services, GAMES[game]


# What a reader must never see: a `k=v` pair, a Python constant, a dict or list dump, a repr'd
# string, or a stored field's snake_case name.
LEAKS = {
    "k=v": re.compile(r"\b\w+=\S"),
    "Python value": re.compile(r"\b(True|False|None)\b"),
    "dump": re.compile(r"[{\[]['\"{\[]|['\"][}\]]|\{\}|\[\]"),
    "repr": re.compile(r"'[^'\s][^']*': "),
    "field name": re.compile(r"\b[a-z]+_[a-z_]+\b"),
}


def leaks(text: str) -> dict[str, list[str]]:
    """Every leak of ``text``, by kind."""
    found = {kind: pattern.findall(text) for kind, pattern in LEAKS.items()}
    return {kind: hits for kind, hits in found.items() if hits}


def page_text(page: str) -> str:
    """An HTML page's words: its style sheet and its tags dropped."""
    return " ".join(re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", page, flags=re.S)).split())


@pytest.mark.parametrize("game", GAMES)
def test_the_terminal_sheet_fits_80_columns_and_reads_in_the_rulebook_s_terms(db: str, game: str) -> None:
    _, g = played(db, game)
    for command in (("sheet", g.campaign, g.character), ("character", "show", g.campaign, g.character)):
        shown = run(db, *command).stdout
        assert max(len(line) for line in shown.splitlines()) <= sheets.WIDTH
        assert all(term in shown for term in g.terms), [term for term in g.terms if term not in shown]
        assert leaks(shown) == {}
        assert shown.splitlines()[0].startswith(f"{g.character} — ")  # no version: a player reads words (ruling SV11)


@pytest.mark.parametrize("game", GAMES)
def test_the_markdown_sheet_is_tables_of_words(db: str, game: str) -> None:
    services, g = played(db, game)
    page = exports.sheet(services, g.campaign, g.character, "md")
    assert page.startswith(f"# {g.character}\n")
    assert all(term in page for term in g.terms), [term for term in g.terms if term not in page]
    assert leaks(page) == {}
    # Every table row has as many cells as its header: no cell ran onto a second line.
    rows = [line for line in page.splitlines() if line.startswith("|")]
    assert rows and all(line.endswith("|") for line in rows)


@pytest.mark.parametrize("game", GAMES)
def test_the_html_sheet_has_a_viewport_a_language_and_words_only(db: str, game: str) -> None:
    services, g = played(db, game)
    page = exports.sheet(services, g.campaign, g.character, "html")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    # Ruling SV2: the sheet's own words are English, the rulebook's terms French, marked so.
    assert '<html lang="en">' in page and 'lang="fr"' in page
    words = page_text(page)
    assert all(term in words for term in g.terms), [term for term in g.terms if term not in words]
    assert leaks(words) == {}


def test_the_western_parade_sheet_shows_each_location_with_pv_wound_and_bleeding_3_2(db: str) -> None:
    services, g = played(db, "western-parade")
    shown = run(db, "sheet", g.campaign, g.character).stdout
    # Table 1.6: END 14 gives the thigh 21 PV (150%) and the head 14 (100%); 9 damage leaves 12,
    # a minor wound (§3.2.2: more than a scratch, not more than half), bleeding ×2 at the thigh.
    thigh = next(line for line in shown.splitlines() if line.startswith("Cuisse droite"))
    assert "12 of 21" in thigh and "minor" in thigh and "bleeds 2 PH a round" in thigh
    assert re.search(r"^Tête\s+14 of 14\s+unhurt$", shown, re.M)
    # §3.2.3: PH = 5 × END = 70; the bullet's hit cost blood already, and the thigh bleeds on.
    assert re.search(r"^blood: \d+ of 70 PH, losing 2 PH a round", shown, re.M)
    # Ruling SV1: a group lists its skills above 0 and counts the rest.
    assert re.search(r"^Artisanat: none \(9 more at 0\)$", shown, re.M)
    assert "Combat au corps à corps: " in shown and "a favourite group" in shown


def test_a_face_down_pile_is_counted_for_players_and_shown_to_the_gm_FAIRNESS_v2(db: str) -> None:
    from chronique.domain.rulesets.cartes.draws import TestRequest, make_test

    services, g = played(db, "cartes")
    services.start_session(g.campaign)
    services.act(g.campaign, lambda w: make_test(w, "Alice", TestRequest("Contact", 1)))  # the first draw deals the pile
    # §Piles: the pile lies face down; players learn how many cards it holds, the GM which.
    counted = re.compile(r"pile: \d+ cards? face down \(at most 7\)")
    shown = re.compile(r"pile: (\w+[♣♦♥♠] )+\(at most 7\)")
    players, gm = run(db, "sheet", g.campaign, "Alice").stdout, run(db, "sheet", g.campaign, "Alice", "--gm").stdout
    assert counted.search(players) and not shown.search(players)
    assert shown.search(gm) and not counted.search(gm)
    exported = exports.sheet(services, g.campaign, "Alice", "md"), exports.sheet(services, g.campaign, "Alice", "md", gm=True)
    assert re.search(r"\| pile \| \d+ cards? face down", exported[0]) and re.search(r"\| pile \| (\w+[♣♦♥♠] )+", exported[1])


def test_names_are_shown_inert_in_every_format(db: str) -> None:
    services = scripted_services(db)
    services.create_campaign("Verdelune", "cartes", None)
    services.create_character("Verdelune", sample("alice") | {"name": "Al|ice *x*"})
    md = exports.sheet(services, "Verdelune", "Al|ice *x*", "md")
    # Ruling SV6: a name's asterisks are shown, never read as emphasis by a Markdown viewer.
    assert md.startswith("# Al\\|ice \\*x\\*\n")
    html = exports.sheet(services, "Verdelune", "Al|ice *x*", "html")
    assert "<h1>Al|ice *x*</h1>" in html
    assert sheets.markdown_cell("a\x1b[2Jb\nc|d") == "a\\x1b[2Jb c\\|d"


def test_a_long_table_cell_wraps_under_its_column_and_a_crowded_table_reads_a_row_a_line() -> None:
    lines = sheets.grid([("Cuisse droite", "12 of 21", "minor", "bleeds " * 20)], ("Location", "PV", "Wound", "Notes"))
    assert max(map(len, lines)) <= sheets.WIDTH and len(lines) > 3
    # Under the fourth column: "Cuisse droite", "12 of 21", "minor" and two spaces after each.
    assert all(line.startswith(" " * (13 + 2 + 8 + 2 + 5 + 2) + "bleeds") for line in lines[3:])
    crowded = sheets.grid([("x" * 40, "y" * 30, "z")], ("A", "B", "C"))
    assert crowded[0].startswith("x" * 40 + ": B " + "y" * 30) and max(map(len, crowded)) <= sheets.WIDTH
