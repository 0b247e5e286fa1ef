"""The Western Parade ruleset behind the spine's ``Ruleset`` protocol: the sheet and the table
(this package's sheet/play/combat), the body over time (condition, processes, body_events) and
downtime (downtime, downtime_processes, downtime_events)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chronique.domain.character import Character
from chronique.domain.luck import Draw
from chronique.domain.rulesets.options import Setting
from chronique.domain.rulesets.westernparade import body_events, downtime_events, odds, view
from chronique.domain.rulesets.westernparade import describe as words
from chronique.domain.rulesets.westernparade import events as ev
from chronique.domain.rulesets.westernparade.condition import starting_body
from chronique.domain.rulesets.westernparade.downtime import starting_downtime
from chronique.domain.rulesets.westernparade.processes import WesternParadeProcesses
from chronique.domain.rulesets.westernparade.settings import SETTINGS
from chronique.domain.sheetview import SheetView
from chronique.domain.timeline import Due, Processes
from chronique.domain.world import World


def defaults() -> dict[str, Any]:
    """The campaign settings where the seed offers a choice: the healing rules (§3.2.8, realistic
    or Hollywood; spaghetti campaigns use Hollywood, ch. 7)."""
    return {"healing": "realistic"}


class WesternParade:
    """C. Pythoud's d100 western: open-ended percentile rolls, hit locations, bleeding, healing."""

    name = "western-parade"
    title = "Western Parade"
    sample_sheets = ("wp_sam.toml", "wp_joe.toml", "wp_doc.toml", "wp_siringo.toml")
    luck_counts = "rolls"
    experience_unbalanced = None
    experience_elsewhere = (
        "Western Parade keeps no experience to spend: skills and characteristics grow by improvement rolls and training (§2.3-§2.7)."
    )
    gregorian = True

    def default_settings(self) -> dict[str, Any]:
        return defaults()

    def settings_schema(self) -> tuple[Setting, ...]:
        return SETTINGS

    def new_character(self, raw_sheet: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        # The typed model (pydantic) on first use: a read or a roll never types a sheet (issue 20).
        from chronique.domain.rulesets.westernparade.sheet import parse_sheet, sheet_data

        data = sheet_data(parse_sheet(raw_sheet))
        return data, {**starting_body(data), **starting_downtime(data)}

    def creation_warning(self, sheet: Mapping[str, Any], condition: Mapping[str, Any]) -> str | None:
        return None  # a sheet file says everything its creation does

    def start_session(self, world: World) -> None:
        return None

    def end_session(self, world: World) -> Sequence[str]:
        return ()

    def for_players(self, condition: Mapping[str, Any]) -> dict[str, Any]:
        return dict(condition)  # nothing of its condition lies face down

    def sheet_view(self, world: World, character: Character, gm: bool) -> SheetView:
        return view.sheet_view(world, character, gm)

    def names(self, sheet: Mapping[str, Any]) -> dict[str, list[str]]:
        from chronique.domain.rulesets.westernparade.combat import aims
        from chronique.domain.rulesets.westernparade.tables import tables

        # A score for every skill of the catalogue (§2.5): the derived sheet lists them all.
        derived = sheet.get("derived") or {}
        return {
            "skill": list(derived.get("skills", {})),
            "weapon": list(sheet.get("weapons", ())),
            "location": list(tables().locations),
            "aim": aims(),  # Tables 3.11-3.14
            "difficulty": list(tables().raw["difficulty"]),  # §1.6.3, in English and French
        }

    def describe(self, event: Any) -> str:
        return words.describe(event)

    def notable(self, event: Any) -> str | None:
        # Each module says which of its events a GM must hear of; they read as everywhere else.
        if ev.notable(event) or body_events.notable(event) or downtime_events.notable(event):
            return words.describe(event)
        return None

    def processes(self, world: World) -> Processes:
        return WesternParadeProcesses(world)

    def describe_due(self, world: World, due: Due) -> str:
        """What a due process of the body or of downtime will do, for the downtime board."""
        kind, _, rest = due.process.partition(":")
        if kind == "infect":
            # The wound as the sheet has it: a tended one is rolled for while a bullet stays in (WB15).
            wound = _whose(world, due).condition["wounds"].get(rest)
            return f"the daily infection roll of {words.rolled_for_infection(wound, rest)}"
        if kind == "heal":
            # The date is a milestone's (healed to the full, or back to 0 PV), not the next PV's.
            from chronique.domain.rulesets.westernparade.care import env
            from chronique.domain.rulesets.westernparade.report import healing_milestone_words

            who = _whose(world, due)
            return healing_milestone_words(who.condition, env(world, who), due.at)
        if kind in _AT_A_LOCATION:
            return _AT_A_LOCATION[kind].format(words.where(rest))
        if kind == "train":
            what, _, target = rest.partition(":")
            if what in ("pause", "resume"):
                return _pause_words(world, _whose(world, due), what)
            return _TRAINING[what].format(target)
        if kind == "work":
            return _activity_due_words(world, _whose(world, due), rest)
        return _PROCESS[kind]

    def experience(self, event: Any) -> tuple[int, str] | None:
        # Skills grow by training and critical rolls (§2.5-2.6), not by a pool of experience.
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
        """Each roll of the event under a chance, against its open-ended d100 odds (odds.draws
        says which rolls count and why the others do not)."""
        return odds.draws(event)


def _activity_due_words(world: World, character: Character, activity_id: str) -> str:
    """The board's words for an activity's next roll, or its period going by without one while
    he cannot work (rulings WC26, WC28)."""
    from chronique.domain.rulesets.westernparade.downtime import due_words

    activity = next(a for a in character.condition["activities"]["running"] if str(a["id"]) == activity_id)
    return due_words(world, character, activity)


def _pause_words(world: World, character: Character, what: str) -> str:
    """The board's words for a training pause or resumption: why (ruling WC22)."""
    from chronique.domain.rulesets.westernparade.downtime import pause_cause

    if what == "pause":
        return f"training pauses ({words.paused_words({'pause_cause': pause_cause(world, character)})['pause']})"
    return f"training resumes ({words.paused_words(character.condition['training'])['resume']})"


def _whose(world: World, due: Due) -> Character:
    """The character a due process is of."""
    return next(c for c in world.characters.values() if str(c.id) == due.character)


# The downtime board's words for each process (processes.py, downtime_processes.py): by name,
# at a location, in training.
_PROCESS = {
    "death": "dies unless saved in time",
    "bleed": "blood loss: passes out or falls beyond saving",
    "wake": "comes to",
    "alcohol": "the drink wears off a stage",
    "headbullet": "a roll for the bullet in the head",
    "settle": "the body is brought up to date",
    "rep": "the reputation roll after a gunfight",
}
_AT_A_LOCATION = {
    "bandage": "the bandage on the {} takes effect",
    "sepsis": "the infected wound in the {} kills unless treated",
    "gangrene": "gangrene in the {} kills unless the limb comes off",
    # §3.2.3: the rounds a character presses a wound for (``body press --rounds``) run out.
    "release": "the hands pressing the wound in the {} let go",
}
_TRAINING = {
    "point": "a point of training in {}",
    "lapse": "the banked training in {} lapses (idle)",
    "practice": "the trick-shooting practice bonus changes",
}


RULESET = WesternParade()
