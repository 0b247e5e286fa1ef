"""An Elor character's sheet as players read it: the four faculties (§Facultés), action and effort
points (§Capacités dérivées), attributes, professions, familiarities and prowesses, weapons, the
body by location with its damage, hit points, state and armour (§Humains, §Application des dommages) and the long actions under way
(§Actions longues), in the rulebook's terms."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.character import Character
from chronique.domain.gametime import calendar_from
from chronique.domain.rulesets.elor.damage import location_state, state_words
from chronique.domain.rulesets.elor.play import armour_at, hp_of, setting, structure_left
from chronique.domain.rulesets.elor.processes import next_day_of_rest
from chronique.domain.rulesets.elor.sheet import ElorSheet, Weapon, derived, sheet_of_data
from chronique.domain.rulesets.elor.tables import attribute, faculty_names, fold, nature
from chronique.domain.sheetview import Group, Section, SheetView, pairs, signed
from chronique.domain.text import plural
from chronique.domain.world import World


def sheet_view(world: World, character: Character, gm: bool) -> SheetView:
    """The sheet of an Elor character (nothing of it lies face down, so ``gm`` changes nothing)."""
    s, c = character.sheet, character.condition
    typed = sheet_of_data(s)
    d = derived(typed)
    hp = hp_of(world, character)
    status = "dead" if c["dead"] else ("unconscious" if c["unconscious"] else "standing")
    # §Application des dommages: a location is hurt, unusable at its hit points (a vital one:
    # unconsciousness, §Humains, E63), destroyed at twice; its armour (natural and worn, step 2)
    # is taken off each blow there.
    wounds = c["wounds"]
    body = [
        (
            loc.name,
            str(wounds.get(loc.key, 0)),
            str(hp[loc.key]),
            state_words(loc, location_state(wounds.get(loc.key, 0), hp[loc.key])),
            str(armour_at(character, loc.key)),
        )
        for loc in nature(s["nature"]).locations
        if loc.key in hp
    ]
    weapons = [_weapon_row(name, w, c) for name, w in typed.weapons.items()]
    actions = [(a["name"], f"{a['accumulated']}/{a['required']} degrees", _work_state(a, c["dead"])) for a in c["long_actions"]]
    return SheetView(
        character.name,
        character.version,
        status,
        (
            # Ruling SV2: the sheet's headings are English ("Faculties", as "Capacities"); the
            # faculties' own names (§Facultés: Physique, Coordination...) stay French, lang="fr".
            Section.of("Faculties", [(k, signed(s["faculties"][k])) for k in faculty_names()], layout="list", terms="fr"),
            Section.of("Capacities", [*_capacities(typed, c, d), *_healing(world, character)]),
            # §Attributs (ruling E5): an attribute moves the faculty it names by its level, up or down.
            Section.of("Attributes", [_attribute_row(k, v) for k, v in s["attributes"].items()], layout="list", terms="fr"),
            Section.of("Professions", pairs(s["professions"]), layout="list", terms="fr"),
            _familiarities(typed),
            _prowesses(typed),
            Section.of("Weapons", weapons, ("Weapon", "Damage", "Increment", "Parry", "Structure", "Kind"), terms="fr"),
            Section.of("Body", body, ("Location", "Damage", "Hit points", "State", "Armour"), terms="fr"),
            Section.of("Long actions", actions, ("Long action", "Progress", "State")),
        ),
        figures={"hit_points": hp},
    )


def _work_state(action: Mapping[str, Any], dead: bool) -> str:
    # Ruling E123: the dead test no more (no unit of their work falls due, E11), so work they left
    # unfinished is not "running" on their sheet for ever: it stopped when they died.
    if action["done"]:
        return "done"
    if action["abandoned"]:
        return "abandoned"
    return "stopped by death" if dead else "running"


def _healing(world: World, character: Character) -> list[tuple[str, str]]:
    # PROPOSAL §5.6 (E23, ruling E89): whether the wounds heal between sessions, and when the
    # next day of rest does, which the GM's `elor rest --off` left nowhere to read.
    c = character.condition
    if c["dead"] or not any(v > 0 for v in c["wounds"].values()):
        return []
    if not c["resting"]:
        return [("healing", "none while not resting, by the GM's order (`elor rest` resumes it)")]
    due = next_day_of_rest(world, character)
    if due is None:
        return [("healing", "none: destroyed locations never heal")]
    when = calendar_from(world.campaign.calendar).format(due)
    per_day = plural(int(setting(world, "heal_per_day")), "point")
    # E23: a destroyed location never heals; "each hurt location" would promise it a point too.
    hp = hp_of(world, character)
    destroyed = any(location_state(total, hp[loc]) == "destroyed" for loc, total in c["wounds"].items() if loc in hp)
    but = " (destroyed ones never heal)" if destroyed else ""
    return [("healing", f"{per_day} a day of rest in each hurt location{but}, the next on {when}")]


def _weapon_row(name: str, weapon: Weapon, c: Mapping[str, Any]) -> tuple[str, ...]:
    # Its damage and increment (§Effets de combat), its parry bonus (§La parade: "Certaines
    # armes et certains boucliers peuvent apporter des bonus à la parade"), what is left of its
    # structure points (§Endommagement de l'équipement L1079: destroyed at 0, ruling E70; one the
    # sheet gives none is never worn down) and its kind, last, the longest cell (ruling E136).
    left = structure_left(c, name, weapon.structure)
    structure = "—" if left is None else f"{left} of {weapon.structure}" if left > 0 else "destroyed"
    return (name, str(weapon.damage), f"+{weapon.increment}", signed(weapon.parry_bonus), structure, _weapon_kind(weapon))


def _weapon_kind(weapon: Weapon) -> str:
    # Ruling E136: a ranged weapon is said to be one, with the difficulty its shots set the
    # defence (§Défense L651: "le modificateur de difficulté est déterminé par l'arme employée
    # par l'attaquant"), which the sheet never said; a shield (§La parade) or a melee weapon else.
    if weapon.ranged:
        return f"ranged, defence difficulty {signed(weapon.defence_difficulty)}"
    return "shield" if weapon.shield else "melee"


def _capacities(sheet: ElorSheet, c: Mapping[str, Any], d: Mapping[str, Any]) -> list[tuple[str, str]]:
    # §Scènes d'action L480-L502: in a scene, what counts is the action points left in the running
    # sequence (and a defence held in reserve, §Combats); out of one, the sheet's number.
    scene = c["scene"]
    points = str(d["action_points"])
    if scene is not None:
        points = f"{scene['ap']} of {d['action_points']} left in sequence {scene['sequence']}"
        points += ", a defence held in reserve" if scene.get("token") else ""
    rows = [
        ("action points", points),
        *_effort(c, d),
        ("experience", str(c.get("experience", 0))),
    ]
    ticked = list(c.get("ticks") or ())
    if ticked:
        # Ruling E121 (PROPOSAL §5.5, E26): what natural progression will roll for at the
        # adventure's end ('elor xp progress'), which the sheet did not say.
        each = "its level" if len(ticked) == 1 else "each one's level"
        rows.append(("progression", f"{', '.join(ticked)} ticked (at the adventure's end, a D10 above {each} raises it)"))
    pending = int(c.get("pending_grants", 0))
    if pending:
        # §Professions: each level grants a familiarity or a prowess; a level gained by
        # progression or training waits for the player to name it ('elor xp grant').
        waiting = (
            "1 level waits for its familiarity or prowess"
            if pending == 1
            else f"{pending} levels wait for their familiarities or prowesses"
        )
        rows.append(("to choose", waiting))
    if sheet.hermetic:
        rows.append(("armour", "hermetic"))
    return rows


def _effort(c: Mapping[str, Any], d: Mapping[str, Any]) -> list[tuple[str, str]]:
    # §Catégories de tests L314-L320 (ruling E124): effort invested turns to fatigue, unavailable
    # until recovered, and at most the maximal effort (2 + M) goes on one action. Said in words:
    # "(fatigue 0, max 1)" left the reader to guess what "max" was the most of.
    spent = f", {c['fatigue']} spent (fatigue)" if c["fatigue"] else ""
    return [
        ("effort", f"{c['effort']} of {plural(int(d['effort_points']), 'point')} available{spent}"),
        ("maximal effort", f"at most {plural(int(d['max_effort']), 'point')} on one action"),
    ]


def _attribute_row(name: str, level: int) -> tuple[str, str]:
    # §Liste d'attributs L923-L925: Vision nocturne "est un attribut basique. Aucun niveau ne lui
    # est associé": a basic attribute held reads as its name alone, not "Vision nocturne +1" (its
    # stored 1 says only that it is held). A level -1 (a negative variant) keeps its sign.
    known = attribute(name)
    return (name, "" if known is not None and known.kind == "basic" and level == 1 else signed(level))


def _familiarities(sheet: ElorSheet) -> Section:
    # §Familiarités L264-L270: a familiarity granted twice reads "Haches +1", counting the
    # culture's grant too (§Culture L176: its familiarities add to the professions'). Ruling E104:
    # one held from the culture and from a profession is one familiarity (L260: once granted it is
    # tied to nothing), listed once, where creation step 3 noted it, the culture's group, with
    # every grant in its bonus (L268: "sera désormais notée Haches +1").
    from_culture = {fold(k): k for k in reversed(sheet.culture.familiarities)}
    own = tuple((k, familiarity_bonus(sheet, k)) for k in sheet.familiarities if fold(k) not in from_culture)
    groups = [Group("", own)] if own or not from_culture else []
    if from_culture:
        title = f"from the culture {sheet.culture.name}" if sheet.culture.name else "from the culture"
        listed = dict.fromkeys(from_culture[fold(k)] for k in sheet.culture.familiarities)
        groups.append(Group(title, tuple((k, familiarity_bonus(sheet, k)) for k in listed)))
    return Section("Familiarities", tuple(groups), layout="list", terms="fr")


def familiarity_bonus(sheet: ElorSheet, name: str) -> str:
    """The bonus a familiarity is noted with on ``sheet`` ("+2" for Haches granted three times),
    nothing when it is granted once or not at all."""
    # §Familiarités L264-L270: each grant beyond the first adds 1, the culture's counted too
    # ("Celle-ci devient donc Haches +2").
    grants = sheet.familiarity_grants(name)
    return f"+{grants - 1}" if grants > 1 else ""


def _prowesses(sheet: ElorSheet) -> Section:
    # §Culture: a culture may also grant prowesses, rarely; they read beside the professions'.
    groups = [Group("", tuple(pairs(sheet.prowesses)))]
    if sheet.culture.prowesses:
        title = f"from the culture {sheet.culture.name}" if sheet.culture.name else "from the culture"
        groups.append(Group(title, tuple((k, "") for k in sheet.culture.prowesses)))
    return Section("Prowesses", tuple(groups), layout="list", terms="fr")
