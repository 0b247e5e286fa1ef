"""Elor, thirteenth round: what the sheet reads of a basic attribute and of a familiarity held
twice over, and what a refused combat effect names. The end-to-end tests run the real
``chronique`` command in a subprocess (``support.chronique``) on a real journal; the unit tests
read the sheet of a table in memory (tests/elor_table.py).
Seed: shared/seeds/003_d01003b662e47709.txt; digest: shared/rules/elor.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from elor_table import ALDO, table, tolosa
from support import SAMPLES, chronique

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.elor.combat import choose_effects
from chronique.domain.rulesets.elor.tables import tables
from chronique.domain.rulesets.elor.view import sheet_view

# Montana James (cli/samples) whose second profession level granted the language her culture
# already grants, spelt otherwise: "Langage académique" twice over (§Familiarités L264).
MONTANA_TWICE = (
    (SAMPLES / "elor_montana.toml")
    .read_text(encoding="utf-8")
    .replace("Fouets = 1", '"langage academique" = 1')
    .replace('name = "Montana James"', 'name = "Montana"')
)
# A scholar whose every profession grant is one of the culture's: nothing of her own to list.
SCHOLAR = """name = "Lucia"
faculties = { P = 0, C = 0, E = 1, M = 1 }
professions = { "Archéologue" = 1 }
familiarities = { "Coutumes universitaires" = 1 }
[culture]
name = "Universitaires"
familiarities = ["Coutumes universitaires", "Langage académique"]
"""


def _journal(db: str) -> str:
    return chronique(db, "log", "Tolosa", "--json", "--gm").stdout


def _formats(db: str, name: str) -> tuple[list[str], str, str]:
    """The sheet of ``name`` on the terminal, in Markdown and in HTML."""
    text = chronique(db, "sheet", "Tolosa", name).stdout.splitlines()
    markdown = chronique(db, "export", "sheet", "Tolosa", name).stdout
    html = chronique(db, "export", "sheet", "Tolosa", name, "--format", "html").stdout
    return text, markdown, html


def _after(lines: list[str], heading: str) -> list[str]:
    """The lines of a terminal sheet's section, up to the blank line that ends it."""
    start = lines.index(heading) + 1
    return lines[start : lines.index("", start)]


# -- §Liste d'attributs L923-L925: Vision nocturne has no level ---------------------------------


def test_a_basic_attribute_reads_as_its_name_alone_in_every_sheet_format_seed_Liste_d_attributs_Vision_nocturne(db: str) -> None:
    # "Cet attribut est un attribut basique. Aucun niveau ne lui est associé": the sheet read
    # "Vision nocturne +1", as if it had a level. The circumstantial ones keep theirs.
    tolosa(db)
    text, markdown, html = _formats(db, "Montana James")
    assert _after(text, "ATTRIBUTES") == ["Perception auditive −1, Perception visuelle +1, Vision nocturne"]
    assert "## Attributes\n\nPerception auditive −1, Perception visuelle +1, Vision nocturne\n" in markdown
    assert '<span class="item"><span lang="fr">Vision nocturne</span></span></p>' in html
    assert '<span lang="fr">Perception visuelle</span> +1</span>' in html
    for shown in ("\n".join(text), markdown, html):
        assert "Vision nocturne +1" not in shown and "Vision nocturne</span> +1" not in shown
    # --json keeps the sheet as recorded: the attribute is held (1).
    sheet = json.loads(chronique(db, "sheet", "Tolosa", "Montana James", "--json").stdout)["sheet"]
    assert sheet["attributes"]["Vision nocturne"] == 1


def test_a_basic_attribute_has_no_level_on_the_sheet_view_seed_Liste_d_attributs() -> None:
    world = table()  # Aldo holds Vision nocturne (tests/elor_table.py)
    sections = {s.title: s for s in sheet_view(world, world.character("Aldo"), False).sections}
    assert sections["Attributes"].groups[0].rows == (("Vision nocturne", ""),)
    # A GM's character (free creation): the levelled kinds keep their level.
    world = table(dict(ALDO, creation="free", attributes={"Perception visuelle": 1, "Griffes": 2}))
    sections = {s.title: s for s in sheet_view(world, world.character("Aldo"), False).sections}
    assert sections["Attributes"].groups[0].rows == (("Perception visuelle", "+1"), ("Griffes", "+2"))


# -- Ruling E104: a familiarity from the culture and from a profession, listed once -------------


def test_a_familiarity_from_the_culture_and_a_profession_is_listed_once_in_every_format_ruling_E104(db: str, tmp_path: Path) -> None:
    # §Familiarités L260-L270: once granted, a familiarity is tied to nothing, and each grant
    # beyond the first is +1 on the one entry ("Haches +1"). It was listed in both groups, each
    # "+1"; it reads once, in the culture's group where creation step 3 noted it, with its +1.
    tolosa(db)
    for name, text in (("montana", MONTANA_TWICE), ("lucia", SCHOLAR)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
        chronique(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / f"{name}.toml"))
    text, markdown, html = _formats(db, "Montana")
    assert _after(text, "FAMILIARITIES") == ["Glyphes", "from the culture Universitaires: Coutumes universitaires, Langage académique +1"]
    culture = "**from the culture Universitaires**: Coutumes universitaires, Langage académique +1\n"
    assert f"## Familiarities\n\nGlyphes\n\n{culture}" in markdown
    assert html.count("Langage académique") == 1 and html.count("langage academique") == 0
    assert '<span lang="fr">Langage académique</span> +1</span></p>' in html
    # Every profession grant one of the culture's: no "none" line before the culture's group.
    text, markdown, html = _formats(db, "Lucia")
    assert _after(text, "FAMILIARITIES") == ["from the culture Universitaires: Coutumes universitaires +1, Langage académique"]
    assert "## Familiarities\n\n**from the culture Universitaires**: Coutumes universitaires +1, Langage académique\n" in markdown
    assert html.count("Coutumes universitaires") == 1 and "none" not in html.split("<h2>Familiarities</h2>")[1].split("<h2>")[0]
    # --json keeps the sheet as recorded, each grant where it came from.
    sheet = json.loads(chronique(db, "sheet", "Tolosa", "Montana", "--json").stdout)["sheet"]
    assert sheet["familiarities"] == {"Glyphes": 1, "langage academique": 1}
    assert sheet["culture"]["familiarities"] == ["Coutumes universitaires", "Langage académique"]


def test_a_culture_familiarity_granted_again_is_one_row_with_every_grant_ruling_E104() -> None:
    aldo = dict(ALDO, familiarities={"Épées": 1, "langage montagnard": 1})
    world = table(aldo)
    own, culture = next(s for s in sheet_view(world, world.character("Aldo"), False).sections if s.title == "Familiarities").groups
    assert own.rows == (("Épées", ""),)
    assert culture.rows == (("Coutumes montagnardes", ""), ("Langage montagnard", "+1"))
    # Without a culture, the character's own familiarities as before.
    world = table(dict(ALDO, culture={}))
    (own,) = next(s for s in sheet_view(world, world.character("Aldo"), False).sections if s.title == "Familiarities").groups
    assert own.rows == (("Épées", "+1"),)


# -- §Liste d'effets de combat: a refused effect named in French --------------------------------


def test_an_unknown_combat_effect_is_refused_naming_the_effects_in_french_seed_Liste_d_effets_de_combat(db: str) -> None:
    # The refusal listed the journal's keys ("one of attack-in-attack, choose-location, …,
    # disarm, …"); it names the effects as the seed spells them, the side's that was asked.
    tolosa(db)
    before = _journal(db)
    attack = ("elor", "attack", "Tolosa", "Samson", "Montana James", "-w", "Hache")
    refused = []
    for option, typed in (("--effect", "desarme"), ("--effect", "coup spécial"), ("--defensive-effect", "esquive")):
        said = chronique(db, *attack, option, typed, check=False)
        assert (said.returncode, said.stdout, said.stderr.count("\n")) == (2, "", 1), said
        refused.append(said.stderr)
    assert refused[0] == "error: no offensive combat effect “desarme” (did you mean Désarmement?)\n"
    offensive = [e.name for e in tables().effects.values() if e.kind in ("offensive", "both")]
    defensive = [e.name for e in tables().effects.values() if e.kind in ("defensive", "both")]
    assert refused[1] == f"error: no offensive combat effect “coup spécial” (one of {', '.join(offensive)})\n"
    assert refused[2] == f"error: no defensive combat effect “esquive” (one of {', '.join(defensive)})\n"
    assert "Choix de la localisation" in refused[1] and "Saisie)" in refused[1] and "Contre" in refused[2]
    for key in tables().effects:
        assert f" {key}," not in refused[1] + refused[2] and f" {key})" not in refused[1] + refused[2]
    assert _journal(db) == before  # nothing recorded
    # The help names the effects as the rulebook does, not by the journal's keys.
    shown = chronique(db, "elor", "attack", "--help").stdout
    assert "Choix de la localisation" in shown and "Endommagement de l'équipement" in shown
    assert "choose-location" not in shown and "damage-equipment" not in shown


def test_effects_are_still_accepted_by_key_and_by_french_name_seed_Liste_d_effets_de_combat() -> None:
    # What the command line took before it still takes: the stored key, the French name, any case
    # or accents, "_" for a space.
    assert choose_effects(6, "offensive", ["disarm", "Désarmement", "DESARMEMENT"]) == {"disarm": 3}
    assert choose_effects(2, "offensive", ["choose_location", "Choix de la localisation"]) == {"choose-location": 2}
    assert choose_effects(1, "defensive", ["reduced-damage"]) == {"reduced-damage": 1}
    with pytest.raises(RuleViolation, match="^Contre is a defensive effect, not an offensive one$"):
        choose_effects(2, "offensive", ["counter"])
