"""The MicroFudge CECJ ruleset behind the spine's ``Ruleset`` protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chronique.domain.character import Character
from chronique.domain.luck import Draw
from chronique.domain.rulesets.microfudge import describe as words
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge import odds, view
from chronique.domain.rulesets.microfudge.play import award_session_end, defaults
from chronique.domain.rulesets.microfudge.processes import MicroFudgeProcesses
from chronique.domain.rulesets.microfudge.rules import creation_of, severity_name
from chronique.domain.rulesets.microfudge.settings import SETTINGS
from chronique.domain.rulesets.microfudge.sheet import parse_sheet
from chronique.domain.rulesets.options import Setting
from chronique.domain.sheetview import SheetView
from chronique.domain.timeline import Due, Processes
from chronique.domain.world import World


class MicroFudge:
    """MicroFudge CECJ v2: adjectives, 4dF Tests, Atouts, Revers that heal day by day or week by week."""

    name = "microfudge"
    title = "MicroFudge CECJ"
    sample_sheets = ("mf_jim.toml", "mf_harvey.toml", "mf_zombie.toml")
    luck_counts = "rolls"
    experience_unbalanced = None
    experience_elsewhere = "MicroFudge CECJ counts experience in Atouts, kept on each character's sheet («IV» L211-L215), not in a ledger."
    gregorian = False

    def default_settings(self) -> dict[str, Any]:
        return defaults()

    def settings_schema(self) -> tuple[Setting, ...]:
        return SETTINGS

    def new_character(self, raw_sheet: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        sheet, creation = parse_sheet(raw_sheet)
        condition: dict[str, Any] = {
            # L107, L711: the Atouts left after creation are the reserve kept for play.
            "atouts": {"reserve": creation.kept, "experience": 0},
            "setbacks": [],
            "next_setback": 1,
            "critical": False,
        }
        return sheet, condition

    def creation_warning(self, sheet: Mapping[str, Any], condition: Mapping[str, Any]) -> str | None:
        """What the creation of a new character's ``sheet`` did that its file did not say, for
        ``character new`` to print: the unspent Atouts a Streamlined creation lost (L705, V-CR-6)."""
        return words.unspent_lost(str(sheet["name"]), creation_of(sheet, condition))

    def start_session(self, world: World) -> None:
        return None

    def end_session(self, world: World) -> Sequence[str]:
        return award_session_end(world)

    def for_players(self, condition: Mapping[str, Any]) -> dict[str, Any]:
        # Nothing of its condition lies face down: the players' copy is replayed without the hidden
        # rolls (FP9); what a revealed Revers kept of its epoch is no reader's (ruling M91).
        return {**condition, "setbacks": [view.face_up(s) for s in condition["setbacks"]]}

    def sheet_view(self, world: World, character: Character, gm: bool) -> SheetView:
        return view.sheet_view(world, character, gm)

    def names(self, sheet: Mapping[str, Any]) -> dict[str, list[str]]:
        from chronique.domain.rulesets.microfudge.tables import tables

        t = tables()
        # A weapon is named by its class («b – Armes» L469-L483), not by a sheet's list; the
        # difficulties («Degrés de difficulté» L255-L267), relatedness (L283-L289), gear quality
        # (L459-L467) and powers are the words the commands' options take.
        return {
            "skill": list(sheet.get("characteristics", {})),
            "weapon": [w for w in t.weapons if w != "none"],
            "difficulty": [d for d in t.difficulties if d != "na"],
            "related": list(t.relatedness),
            "quality": list(t.quality),
            "power": list(t.powers),
        }

    def describe(self, event: Any) -> str:
        return words.describe(event)

    def notable(self, event: Any) -> str | None:
        # What a GM must hear of in downtime: a wound that heals, or one that still waits for care.
        if isinstance(event, ev.SetbackRecovered):
            # Said after the character's name, as the other games' lines read: "Jim recovered
            # from Revers 1", never "Jim Revers 1 healed".
            return f"recovered from Revers {event.setback_id}" if event.severity == 0 else None
        if isinstance(event, ev.PowerTicked) and event.setback_id is not None and event.severity == 0:
            # T8-T9 (L627-L637): a wound Guérison accélérée or Régénération healed is healed as
            # surely as one the days healed; the report once left it out (ruling M136), then named
            # no power (ruling M143): a tick recorded before version 2 keeps none to name.
            healer = f"{words.power_name(event.power)}, a power of Conscience" if event.power else "a power of Conscience"
            return f"recovered from Revers {event.setback_id} (healed by {healer})"
        if isinstance(event, ev.SetbackSuffered):
            # The log's own sentence (ruling M61): a physical Revers is named by its wound, "took a
            # Blessure sérieuse" («3 – Effets des Revers» L343, «Revers et blessures» L927-L931),
            # with what dealt it ("from the Narrator" when nothing did) and a critical state.
            return words.setback_suffered(event)
        if isinstance(event, ev.UpperHandTaken) and event.withdrawn:
            # L329 (ruling M16): the draw's Revers the upper hand forwent never stands; each event
            # is told alone, so the report says so under the Revers it had listed (ruling M54).
            return words.spared(event)
        return None

    def processes(self, world: World) -> Processes:
        return MicroFudgeProcesses(world)

    def describe_due(self, world: World, due: Due) -> str:
        """What a due clock will do, for the downtime board (processes.py)."""
        kind, _, number = due.process.partition(":")
        if kind == "recover":
            character = next(c for c in world.characters.values() if str(c.id) == due.character)
            setback = next(s for s in character.condition["setbacks"] if str(s["id"]) == number)
            # Named as the sheet names it: a physical Revers by its wound (L343, L927-L931).
            name = severity_name(setback["severity"], physical=setback["domain"] == "physical")
            return f"Revers {number} ({name}) heals a step"
        return {
            "power": "the next cycle of a running power",
            "night": "a good night's rest brings Potentiel back",
            "fatigue": "a lost Vigueur rank comes back",
        }[kind]

    def experience(self, event: Any) -> tuple[int, str] | None:
        # Experience is Atouts, kept on the sheet itself («II»): no ledger of its own.
        return None

    def waiting(self, character: Character) -> tuple[str, ...]:
        from chronique.domain.rulesets.microfudge.view import waiting_for_care

        return waiting_for_care(character)

    def cards_played(self, event: Mapping[str, Any]) -> list[tuple[str | None, str]] | None:
        """A draw's cards in the order the side drew them (L311: its attack cards target by
        target, then its defence, then its armour apart, «c – Armures» L485-L502); its record
        keeps its parts by name, so ``audit show`` once listed the armour's cards before the
        attack's (ruling M132). Any other event's record holds its cards in order."""
        if not {"attack", "defence", "armour"} <= event.keys():
            return None
        attack = event["attack"]
        declared = event.get("declared")
        # The targets as declared; a draw recorded before it kept them, in the order stored.
        targets = [t for t in (declared["targets"] if declared else attack) if t in attack]
        drawn = [c for t in targets for c in attack[t]["cards"]] + list(event["defence"]["cards"]) + list(event["armour"]["cards"])
        return [(None, card) for card in drawn]

    def cards_passed(self, event: Mapping[str, Any]) -> list[tuple[str, str]]:
        return []  # no card passes from one character to another

    def cards_paid(self, event: Mapping[str, Any], earlier: Sequence[tuple[str, Mapping[str, Any]]]) -> list[tuple[str, str | None]]:
        return []  # a draw's cards are drawn, never held in a hand to pay with

    def luck(self, event: Any, settings: Mapping[str, Any]) -> list[Draw]:
        """Each 4dF roll of the event against its required rank, with its exact odds (odds.draws
        says which rolls count and why the others do not)."""
        return odds.draws(event)


RULESET = MicroFudge()
