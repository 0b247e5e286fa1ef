"""The MicroFudge CECJ ruleset behind the spine's ``Ruleset`` protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.play import award_session_end, defaults
from chronique.domain.rulesets.microfudge.processes import MicroFudgeProcesses
from chronique.domain.rulesets.microfudge.rules import severity_name
from chronique.domain.rulesets.microfudge.sheet import parse_sheet
from chronique.domain.timeline import Processes
from chronique.domain.world import World


class MicroFudge:
    """MicroFudge CECJ v2: adjectives, 4dF Tests, Atouts, Revers that heal day by day or week by week."""

    name = "microfudge"
    gregorian = False

    def default_settings(self) -> dict[str, Any]:
        return defaults()

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

    def start_session(self, world: World) -> None:
        return None

    def end_session(self, world: World) -> None:
        award_session_end(world)

    def for_players(self, condition: Mapping[str, Any]) -> dict[str, Any]:
        return dict(condition)  # nothing of its condition lies face down

    def notable(self, event: Any) -> str | None:
        # What a GM must hear of in downtime: a wound that heals, or one that still waits for care.
        if isinstance(event, ev.SetbackRecovered):
            return f"Revers {event.setback_id} healed" if event.severity == 0 else None
        if isinstance(event, ev.SetbackSuffered):
            return f"took a {severity_name(event.setback['severity'])} ({event.source})"
        return None

    def processes(self, world: World) -> Processes:
        return MicroFudgeProcesses(world)


RULESET = MicroFudge()
