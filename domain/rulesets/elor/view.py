"""An Elor character's sheet as players read it: the four faculties (§Facultés), action and effort
points (§Capacités dérivées), attributes, professions, familiarities and prowesses, weapons, the
body by location with its damage, hit points and state (§Humains, §Application des dommages) and the long actions under way
(§Actions longues), in the rulebook's terms."""

from __future__ import annotations

from chronique.domain.character import Character
from chronique.domain.rulesets.elor.damage import location_state
from chronique.domain.rulesets.elor.play import hp_of
from chronique.domain.rulesets.elor.sheet import derived, sheet_of_data
from chronique.domain.rulesets.elor.tables import faculty_names, nature
from chronique.domain.sheetview import Section, SheetView, pairs, signed
from chronique.domain.world import World


def sheet_view(world: World, character: Character, gm: bool) -> SheetView:
    """The sheet of an Elor character (nothing of it lies face down, so ``gm`` changes nothing)."""
    s, c = character.sheet, character.condition
    d = derived(sheet_of_data(s))
    hp = hp_of(world, character)
    status = "dead" if c["dead"] else ("unconscious" if c["unconscious"] else "standing")
    # §Familiarités L266-L270: a familiarity granted twice reads "Haches +1".
    familiarities = [(k, f"+{v - 1}" if v > 1 else "") for k, v in s["familiarities"].items()]
    capacities = [
        ("action points", str(d["action_points"])),
        ("effort", f"{c['effort']}/{d['effort_points']} (fatigue {c['fatigue']}, max {d['max_effort']})"),
        ("experience", str(c.get("experience", 0))),
    ]
    # §Application des dommages: a location is hurt, unusable at its hit points, destroyed at twice.
    wounds = c["wounds"]
    body = [
        (loc.name, str(wounds.get(loc.key, 0)), str(hp[loc.key]), location_state(wounds.get(loc.key, 0), hp[loc.key]))
        for loc in nature(s["nature"]).locations
        if loc.key in hp
    ]
    weapons = [(name, str(w["damage"]), f"+{w['increment']}") for name, w in s["weapons"].items()]
    actions = [
        (a["name"], f"{a['accumulated']}/{a['required']} degrees", "done" if a["done"] else ("abandoned" if a["abandoned"] else "running"))
        for a in c["long_actions"]
    ]
    return SheetView(
        character.name,
        character.version,
        status,
        (
            Section.of("Facultés", [(k, signed(s["faculties"][k])) for k in faculty_names()], layout="list", terms="fr"),
            Section.of("Capacities", capacities),
            # §Attributs (ruling E5): an attribute moves the faculty it names by its level, up or down.
            Section.of("Attributes", [(k, signed(v)) for k, v in s["attributes"].items()], layout="list", terms="fr"),
            Section.of("Professions", pairs(s["professions"]), layout="list", terms="fr"),
            Section.of("Familiarities", familiarities, layout="list", terms="fr"),
            Section.of("Prowesses", pairs(s["prowesses"]), layout="list", terms="fr"),
            Section.of("Weapons", weapons, ("Weapon", "Damage", "Increment"), terms="fr"),
            Section.of("Body", body, ("Location", "Damage", "Hit points", "State"), terms="fr"),
            Section.of("Long actions", actions, ("Long action", "Progress", "State")),
        ),
        figures={"hit_points": hp},
    )
