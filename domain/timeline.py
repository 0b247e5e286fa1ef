"""The timeline engine (DESIGN.md, "Time"): fires due processes in order up to a target time."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Protocol

from chronique.domain.campaign import Campaign
from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation


@dataclass(frozen=True, order=True)
class Due:
    """A running process that is next due at ``at``; ties break on character, then process."""

    at: int
    character: str
    process: str


@dataclass(frozen=True)
class Tick:
    """One process fired by an advance, and what a person should read about it."""

    due: Due
    account: str


class Processes(Protocol):
    """The running processes of a campaign's ruleset over its loaded world."""

    def due(self) -> list[Due]:
        """Every process that is running, with when it is next due."""
        ...

    def fire(self, due: Due) -> str:
        """Fire one process (recording its events); return a one-line account."""
        ...

    def horizon(self, to_time: int) -> None:
        """Where the advance about to run stops: a ruleset whose processes compute continuous
        quantities in closed form settles them there; others have nothing to do."""
        ...

    def standing(self, character: Character, at: int) -> dict[str, Any]:
        """``character``'s condition at ``at``, a moment between his last event and the next
        process due: what runs continuously (blood, healing, drink, training...) brought there by
        the same closed forms an advance uses; a ruleset with nothing continuous returns it as it
        is. Pure: records nothing and leaves ``character`` unchanged (``sheet --as-of``)."""
        ...


def advance(campaign: Campaign, processes: Processes, to_time: int) -> list[Tick]:
    """Fire every process due up to ``to_time`` in (time, character, process) order, then
    record ``TimeAdvanced``. Pure: chance comes from the draw places, never from ordering luck."""
    if to_time < campaign.clock:
        raise RuleViolation("that time is in the past of the campaign's clock")
    processes.horizon(to_time)
    ticks: list[Tick] = []
    last: Due | None = None
    clock = campaign.clock
    while True:
        # A process left due before the clock (its outcome voided by a correction) fires at the
        # clock, never in the past the campaign has already lived (ruling UN6).
        pending = [d if d.at >= clock else replace(d, at=clock) for d in processes.due() if d.at <= to_time]
        if not pending:
            break
        due = min(pending)
        if due == last:
            raise RuntimeError(f"process {due.process} of {due.character} did not move on after firing")
        ticks.append(Tick(due, processes.fire(due)))
        last = due
    campaign.advance_clock(to_time, len(ticks))
    return ticks
