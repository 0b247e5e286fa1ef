"""The Elor ruleset behind the spine's ``Ruleset`` protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chronique.domain.character import Character
from chronique.domain.luck import Draw
from chronique.domain.rulesets.elor import describe as words
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor import odds, view
from chronique.domain.rulesets.elor.damage import location_state
from chronique.domain.rulesets.elor.play import end_scene, in_scene, starting_condition
from chronique.domain.rulesets.elor.processes import ElorProcesses
from chronique.domain.rulesets.elor.settings import SETTINGS
from chronique.domain.rulesets.elor.sheet import derived, parse_sheet
from chronique.domain.rulesets.elor.tables import nature, tables
from chronique.domain.rulesets.options import Setting
from chronique.domain.sheetview import SheetView
from chronique.domain.text import plural
from chronique.domain.timeline import Due, Processes
from chronique.domain.world import World


def defaults() -> dict[str, Any]:
    """The campaign flags of the rulings (docs/rulings.md, Elor) where the seed leaves a choice."""
    return {
        "hp_formula_as_printed": False,  # B2: the value table's HP by default
        "heal_per_day": tables().time.heal_per_day,  # PROPOSAL §5.6
        "wake_test": False,  # PROPOSAL §5.6: hourly wake test at P + M + 5
    }


class Elor:
    """Guillaume Ponce's generic d10 system: faculties, professions, degrees of success."""

    name = "elor"
    title = "Elor"
    sample_sheets = ("elor_samson.toml", "elor_montana.toml")
    luck_counts = "rolls"
    experience_unbalanced = None
    experience_elsewhere = None
    gregorian = False

    def default_settings(self) -> dict[str, Any]:
        return defaults()

    def settings_schema(self) -> tuple[Setting, ...]:
        return SETTINGS

    def new_character(self, raw_sheet: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        sheet = parse_sheet(raw_sheet)
        data = sheet.model_dump(mode="json")
        data["derived"] = derived(sheet)
        return data, starting_condition(sheet)

    def creation_warning(self, sheet: Mapping[str, Any], condition: Mapping[str, Any]) -> str | None:
        return None  # a sheet file says everything its creation does

    def start_session(self, world: World) -> None:
        return None

    def end_session(self, world: World) -> Sequence[str]:
        # A session never ends inside an action scene: its effort comes back (PROPOSAL §5.1).
        if in_scene(world):
            end_scene(world)
        return ()

    def for_players(self, condition: Mapping[str, Any]) -> dict[str, Any]:
        return dict(condition)  # nothing of its condition lies face down

    def sheet_view(self, world: World, character: Character, gm: bool) -> SheetView:
        return view.sheet_view(world, character, gm)

    def names(self, sheet: Mapping[str, Any]) -> dict[str, list[str]]:
        professions = list(sheet.get("professions", {}))
        # A culture's familiarities are the character's too (§Cultures).
        familiarities = [*sheet.get("familiarities", {}), *sheet.get("culture", {}).get("familiarities", ())]
        return {
            "skill": professions,
            "profession": professions,
            "familiarity": familiarities,
            "attribute": list(sheet.get("attributes", {})),
            "faculty": list(sheet.get("faculties", {})),
            "weapon": list(sheet.get("weapons", {})),
            "location": [location.key for location in nature(sheet["nature"]).locations],
        }

    def describe(self, event: Any) -> str:
        return words.describe(event)

    def notable(self, event: Any) -> str | None:
        # What a GM must hear of in downtime: a character down or dead (§Application des
        # dommages), a long action finished or given up, a risk that struck (PROPOSAL §5.3).
        if isinstance(event, ev.DamageTaken) and (event.dead or (event.unconscious and not event.was_unconscious)):
            # Ruling E135: a knock-out is told by the blow that made it, not by each blow after
            # it (a blow recorded before version 5 does not say whether it found him out: told).
            return f"is {'dead' if event.dead else 'unconscious'} ({words.where(event.location)}, {event.source})"
        if isinstance(event, ev.LongActionProgressed) and event.done:
            # Named as the log names it (its number alone when recorded before version 2).
            return f"finished {words.long_action(event.action_id, event.name)} with {plural(event.accumulated, 'degree')}"
        if isinstance(event, ev.LongActionAbandoned):
            # Ruling E68: a training the rules stopped (its weekly test became an automatic
            # failure) is heard of as a finished one is, in the log's words.
            return words.describe(event)
        if isinstance(event, ev.RiskRolled) and event.triggered:
            return f"met the risk of {words.long_action(event.action_id, event.name)}: {event.risk}"
        if isinstance(event, ev.WoundsHealed) and _milestone(event):
            # A healing that gives a location back (§Application des dommages L713: under its hit
            # points a limb can be used again, a vital location no longer knocks out) or heals it
            # whole, in the log's words; the days of rest between are the log's (ruling E110).
            return words.describe(event)
        return None

    def processes(self, world: World) -> Processes:
        return ElorProcesses(world)

    def describe_due(self, world: World, due: Due) -> str:
        """What a due process will do, for the downtime board (processes.py)."""
        kind, _, number = due.process.partition(":")
        if kind in ("long", "risk"):
            character = next(c for c in world.characters.values() if str(c.id) == due.character)
            action = next(a for a in character.condition["long_actions"] if a["id"] == int(number))
            if kind == "long":
                return f"the next test of the long action {action['name']}"
            return f"the risk of {action['name']}: {action['risk']['what']}"
        return {
            "effort": "spent effort comes back after an hour's pause",
            "heal": "a day of rest heals wounds",
            "wake": "the hourly test to wake up",
        }[kind]

    def experience(self, event: Any) -> tuple[int, str] | None:
        # §Progression: experience is points, awarded and spent on a profession level.
        if isinstance(event, ev.ExperienceAwarded):
            return event.points, event.reason
        if isinstance(event, ev.ProfessionRaised) and event.experience_spent:
            return -event.experience_spent, f"{event.profession} to level {event.level}"
        return None

    def waiting(self, character: Character) -> tuple[str, ...]:
        return ()  # every state of its characters runs on the clock

    def cards_played(self, event: Mapping[str, Any]) -> list[tuple[str | None, str]] | None:
        return None  # its events' records hold the cards they played, in order

    def cards_passed(self, event: Mapping[str, Any]) -> list[tuple[str, str]]:
        return []  # no card passes from one character to another

    def cards_paid(self, event: Mapping[str, Any], earlier: Sequence[tuple[str, Mapping[str, Any]]]) -> list[tuple[str, str | None]]:
        return []  # no card is held: its rolls are dice

    def luck(self, event: Any, settings: Mapping[str, Any]) -> list[Draw]:
        """Each D10 test of the event and its exact odds of a degree (odds.draws says which rolls
        count and why the others do not)."""
        return odds.draws(event)


RULESET = Elor()


def _milestone(event: Any) -> bool:
    """Whether a healing brought a location back under its hit points or healed it whole: what a
    GM hears of in the downtime report (ruling E110). One recorded before it kept the points healed
    and the hit points (WoundsHealed versions 1 and 2) is said whole when it left a location none."""
    removed, hit_points = event.removed or {}, event.hit_points or {}
    for location, gone in removed.items():
        left = int(event.healed.get(location, 0))
        hp = hit_points.get(location)
        given_back = hp is not None and location_state(left + gone, hp) == "unusable" and location_state(left, hp) != "unusable"
        if gone and (left == 0 or given_back):
            return True
    return event.removed is None and any(left == 0 for left in event.healed.values())
