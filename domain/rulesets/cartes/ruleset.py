"""The Cartes ruleset behind the spine's ``Ruleset`` protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chronique.domain.cards import fresh_packs
from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.luck import Draw
from chronique.domain.rulesets.cartes import describe as words
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes import odds, view
from chronique.domain.rulesets.cartes.processes import CartesProcesses
from chronique.domain.rulesets.cartes.settings import SETTINGS
from chronique.domain.rulesets.cartes.table import GENERAL, return_cards
from chronique.domain.rulesets.cartes.tables import lethality_name
from chronique.domain.rulesets.options import Setting
from chronique.domain.sheetview import SheetView
from chronique.domain.text import plural
from chronique.domain.timeline import Due, Processes
from chronique.domain.world import World


class Cartes:
    """Luk's card-driven system: a general deck, personal piles and hands, wounds by lethality."""

    name = "cartes"
    title = "Cartes"
    sample_sheets = ("alice.toml", "bruno.toml", "brigand.toml")
    experience_elsewhere = None
    # §Ressources en cartes L199-201, §Expérience L530 (ruling C81): the hand is the experience.
    luck_counts = "draws"
    experience_unbalanced = (
        "A Cartes hand is its experience: cards awarded join it, and tests, recoveries and resource draws "
        "play from it as purchases do, so this ledger keeps no balance. Each character's hand is on their sheet."
    )
    gregorian = False

    def default_settings(self) -> dict[str, Any]:
        # cartes.md A2: two or three packs of 52 without jokers; two by default.
        return {"decks": {GENERAL: 2}}

    def settings_schema(self) -> tuple[Setting, ...]:
        return SETTINGS

    def new_character(self, raw_sheet: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        # The typed model (pydantic) on first use: a read never types a sheet (issue 20).
        from chronique.domain.rulesets.cartes.sheet import parse_sheet

        sheet = parse_sheet(raw_sheet)
        if not sheet.npc:
            _refuse_more_than_the_packs(sheet.name, sheet.hand, sheet.pile_max, self.default_settings()["decks"][GENERAL])
        condition: dict[str, Any] = {
            "dealt": False,
            "pile": [],
            "hand": [],
            # cartes.md A24: the starting pile is full. Ruling C35: a GM character is dealt nothing.
            "pile_count": 0 if sheet.npc else sheet.pile_max,
            "hand_count": 0 if sheet.npc else sheet.hand,
            "bonus": 0,
            "malus": 0,
            "wounds": [],
            "next_wound": 1,
            "lasting_malus": [],
            "out_of_combat": False,
            "ko_damage": 0,
            "ko_malus": 0,
            "dead": False,
            "recovery_steps": 0,
            "resource_steps": 0,
            "care": None,
            "support_cards": [],
        }
        return sheet.model_dump(mode="json"), condition

    def creation_warning(self, sheet: Mapping[str, Any], condition: Mapping[str, Any]) -> str | None:
        return None  # a sheet file says everything its creation does

    def start_session(self, world: World) -> None:
        # Cards are dealt at the session's first draw, so players can add entropy before it.
        return None

    def end_session(self, world: World) -> Sequence[str]:
        return_cards(world)
        return ()

    def for_players(self, condition: Mapping[str, Any]) -> dict[str, Any]:
        # §Piles: a personal pile lies face down; only how many cards it holds is known.
        return {**condition, "pile": None}

    def sheet_view(self, world: World, character: Character, gm: bool) -> SheetView:
        return view.sheet_view(world, character, gm)

    def names(self, sheet: Mapping[str, Any]) -> dict[str, list[str]]:
        from chronique.domain.rulesets.cartes.resolution import DIFFICULTIES

        return {"skill": list(sheet.get("skills", {})), "difficulty": list(DIFFICULTIES)}

    def describe(self, event: Any) -> str:
        return words.describe(event)

    def notable(self, event: Any) -> str | None:
        # §Survie: a failed survival draw, a margin malus and a death are what a GM must hear of.
        # Ruling C130: each names its wound as the sheet does ("wound 2"), and a death is said once,
        # by its Died line, not also by the survival draw that caused it.
        if isinstance(event, ev.Died):
            return words.died(event)
        if isinstance(event, ev.SurvivalChecked) and event.result == "malus":
            return f"survived wound {event.wound_id} with a lasting malus of {event.malus}"
        if isinstance(event, ev.SurvivalChecked) and event.result == "escalate" and event.wound:
            return f"failed a survival draw: wound {event.wound_id} worsened to {lethality_name(event.wound['lethality'])}"
        if isinstance(event, ev.WoundSuffered) and event.effect == "out_of_combat":
            return "was knocked out of the fight"
        return _malus_eased(event)

    def describe_due(self, world: World, due: Due) -> str:
        """What a due process will do, for the downtime board."""
        kind, _, wound = due.process.partition(":")
        if kind == "rest":
            return "a night's sleep refills the pile"
        if kind == "retry":
            return f"survival retry to lift the malus of wound {wound}"
        character = next(c for c in world.characters.values() if str(c.id) == due.character)
        lethality = next(w["lethality"] for w in character.condition["wounds"] if str(w["id"]) == wound)
        return f"survival draw for wound {wound} ({lethality_name(lethality)})"

    def experience(self, event: Any) -> tuple[int, str] | None:
        # §Expérience: experience is hand cards, awarded and spent on a purchase.
        if isinstance(event, ev.ExperienceAwarded):
            return event.count, event.reason
        if isinstance(event, ev.ExperienceSpent):
            return -len(event.cards), words.purchase_words(event) + (f" ({event.reason})" if event.reason else "")
        return None

    def waiting(self, character: Character) -> tuple[str, ...]:
        return ()  # every state of its characters runs on the clock

    def cards_passed(self, event: Mapping[str, Any]) -> list[tuple[str, str]]:
        from chronique.domain.rulesets.cartes.played import cards_passed

        return cards_passed(event)

    def cards_played(self, event: Mapping[str, Any]) -> list[tuple[str | None, str]] | None:
        # A survival draw's healer's cards come first, a tie-break's go to either side (ruling C85).
        from chronique.domain.rulesets.cartes.played import cards_played

        return cards_played(event)

    def cards_paid(self, event: Mapping[str, Any], earlier: Sequence[tuple[str, Mapping[str, Any]]]) -> list[tuple[str, str | None]]:
        # §Expérience L536: a purchase's hand cards, each with the deal or award that drew it (C144).
        from chronique.domain.rulesets.cartes.played import cards_paid

        return cards_paid(event, earlier)

    def luck(self, event: Any, settings: Mapping[str, Any]) -> list[Draw]:
        """Every draw with a chance of success (ruling C97): tests, survival draws and retries,
        the healer's Médecine draws and consciousness draws, each the cards as they fell at their
        exact chance from a full deck (§7.3)."""
        return odds.draws(event, settings)

    def processes(self, world: World) -> Processes:
        return CartesProcesses(world)


def _malus_eased(event: Any) -> str | None:
    # §Médecine L467, §Survie L446: the report says what lasting malus a wound was left with, so it
    # says too when a retry lowered it or curative care lifted it; else the GM reads a -11 the
    # sheet no longer carries (ruling C137). A retry that lowered nothing changes nothing to say.
    if isinstance(event, ev.CuredByCare):
        return f"had curative care: {words.malus_lifted(event.removed)}"
    if not isinstance(event, ev.SurvivalRetried) or not event.outcome["success"]:
        return None
    if event.malus_before is None:
        # A retry recorded before class version 3 kept only the malus it left (ruling C135).
        return f"retried wound {event.wound_id}: a lasting malus of {event.malus} after it"
    if event.malus >= event.malus_before:
        return None
    if not event.malus:
        return f"lifted the lasting malus of wound {event.wound_id} ({event.malus_before}) by a survival retry"
    return f"lowered the lasting malus of wound {event.wound_id} from {event.malus_before} to {event.malus} by a survival retry"


def _refuse_more_than_the_packs(name: str, hand: int, pile_max: int, packs: int) -> None:
    # §Fournitures nécessaires L75, §Distribution des cartes L84-90: a player character is dealt
    # its hand and its full pile from the general deck, which holds two or three packs, no more.
    cards = len(fresh_packs(packs))
    if hand + pile_max > cards:
        raise RuleViolation(
            f"{name}'s hand of {plural(hand, 'card')} and pile of at most {plural(pile_max, 'card')} need "
            f"{hand + pile_max} cards, more than the {cards} of the general deck's {plural(packs, 'pack')}"
        )


RULESET = Cartes()
