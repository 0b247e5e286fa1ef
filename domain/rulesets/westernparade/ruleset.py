"""The Western Parade ruleset behind the spine's ``Ruleset`` protocol: the sheet and the table
(this package's sheet/play/combat), the body over time (condition, processes, body_events) and
downtime (downtime, downtime_processes, downtime_events)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.rulesets.westernparade import body_events, downtime_events
from chronique.domain.rulesets.westernparade import events as ev
from chronique.domain.rulesets.westernparade.condition import starting_body
from chronique.domain.rulesets.westernparade.downtime import starting_downtime
from chronique.domain.rulesets.westernparade.processes import WesternParadeProcesses
from chronique.domain.rulesets.westernparade.sheet import parse_sheet, sheet_data
from chronique.domain.timeline import Processes
from chronique.domain.world import World


def defaults() -> dict[str, Any]:
    """The campaign settings where the seed offers a choice: the healing rules (§3.2.8, realistic
    or Hollywood; spaghetti campaigns use Hollywood, ch. 7)."""
    return {"healing": "realistic"}


class WesternParade:
    """C. Pythoud's d100 western: open-ended percentile rolls, hit locations, bleeding, healing."""

    name = "western-parade"
    gregorian = True

    def default_settings(self) -> dict[str, Any]:
        return defaults()

    def new_character(self, raw_sheet: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        data = sheet_data(parse_sheet(raw_sheet))
        return data, {**starting_body(data), **starting_downtime(data)}

    def start_session(self, world: World) -> None:
        return None

    def end_session(self, world: World) -> None:
        return None

    def for_players(self, condition: Mapping[str, Any]) -> dict[str, Any]:
        return dict(condition)  # nothing of its condition lies face down

    def notable(self, event: Any) -> str | None:
        return ev.notable(event) or body_events.notable(event) or downtime_events.notable(event)

    def processes(self, world: World) -> Processes:
        return WesternParadeProcesses(world)


RULESET = WesternParade()
