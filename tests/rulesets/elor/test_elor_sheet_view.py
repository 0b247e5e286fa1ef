"""An Elor sheet says what each location's damage did, as the damage rules read it (§Application
des dommages): a location is hurt, unusable once its damage reaches its hit points, destroyed at
twice them; a player needs to see the arm is unusable, not work it out from two numbers."""

from __future__ import annotations

from elor_table import ALDO, table

from chronique.domain.rulesets.elor.play import suffer_damage
from chronique.domain.rulesets.elor.view import sheet_view


def test_the_body_section_gives_each_location_its_state_seed_Application_des_dommages() -> None:
    # Aldo (Physique 1): an arm has 5 hit points, the torso 7 (§Humains); Aldo wears 1 of armour
    # on the torso, so a blow of 3 there deals 2.
    world = table(ALDO)
    suffer_damage(world, "Aldo", 5, "a club", where="left-arm")
    suffer_damage(world, "Aldo", 3, "a club", where="torso")
    (body,) = [s for s in sheet_view(world, world.character("Aldo"), False).sections if s.title == "Body"]
    rows = {row[0]: row[1:] for group in body.groups for row in group.rows}
    # The armour each blow there loses (§Application des dommages step 2) closes the row.
    assert body.columns == ("Location", "Damage", "Hit points", "State", "Armour")
    assert rows["Bras gauche"] == ("5", "5", "unusable", "0")
    assert rows["Torse"] == ("2", "7", "hurt", "1")
    assert rows["Bras droit"] == ("0", "5", "sound", "0")


def test_attributes_read_signed_as_the_faculties_they_move_seed_Attributs_E5() -> None:
    # §Attributs (ruling E5): an attribute adds its level to the faculty it names, or takes it
    # away (a negative variant, Perception auditive -1): "+1" beside "Esprit +2", not a bare "1".
    world = table({**ALDO, "attributes": {"Vision nocturne": 1, "Perception auditive": -1}})
    sections = {s.title: s for s in sheet_view(world, world.character("Aldo"), False).sections}
    rows = {row[0]: row[1] for group in sections["Attributes"].groups for row in group.rows}
    # Vision nocturne is basic, "Aucun niveau ne lui est associé" (§Liste d'attributs L923-L925):
    # its name alone, no "+1" (it read "+1", which the seed contradicts).
    assert rows == {"Vision nocturne": "", "Perception auditive": "−1"}  # a minus sign, as the faculties
    faculties = {row[0]: row[1] for group in sections["Faculties"].groups for row in group.rows}
    assert faculties["Coordination"] == "+2" and faculties["Esprit"] == "0"
