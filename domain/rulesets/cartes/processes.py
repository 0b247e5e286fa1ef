"""Cartes on the timeline: survival draws for open wounds (§Survie) and the night's rest (A14)."""

from __future__ import annotations

from typing import Any

from chronique.domain.character import Character
from chronique.domain.copying import copied
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import HOUR, first_mark_after, next_time_of_day
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.damage import wound_malus
from chronique.domain.rulesets.cartes.describe import care_ended
from chronique.domain.rulesets.cartes.recorded import recorded_sheet
from chronique.domain.rulesets.cartes.resolution import LOWEST_CARD, TestOutcome, certain_failure, resolve_test
from chronique.domain.rulesets.cartes.survival import (
    extra_levels,
    healer_target,
    medicine_bonus_markers,
    medicine_level,
    medicine_support,
    retry_can_lower,
    retry_level,
    retry_result,
    survival_consequences,
    survival_level,
)
from chronique.domain.rulesets.cartes.table import draw, living
from chronique.domain.rulesets.cartes.tables import lethality_name
from chronique.domain.timeline import Due
from chronique.domain.world import World

# cartes.md A14 PROPOSAL: a night's sleep of at least 6 h, ending at 06:00, refills the pile.
WAKING_HOUR = 6
SLEEP = 6 * HOUR


class CartesProcesses:
    """The running processes of a Cartes campaign's world."""

    def __init__(self, world: World) -> None:
        self.world = world

    def horizon(self, to_time: int) -> None:
        """Nothing here runs continuously between the due moments: nothing to settle."""
        return None

    def standing(self, character: Character, at: int) -> dict[str, Any]:
        """Nothing here runs continuously between the due moments: the condition as it is."""
        return copied(character.condition)

    def due(self) -> list[Due]:
        out: list[Due] = []
        for character in self.world.characters.values():
            c = character.condition
            if c["dead"]:
                continue
            for wound in c["wounds"]:
                if wound["next_draw"] is not None:
                    out.append(Due(wound["next_draw"], str(character.id), f"survival:{wound['id']}"))
            if c["care"]:
                best_target = character.sheet["characteristics"]["Carrure"] + best_medicine(self.world, c["care"])
                for malus in c["lasting_malus"]:
                    # Ruling C70: a retry that cannot lower the malus is never due (it would draw
                    # for nothing); C71: once one could, it is due at the malus's next period
                    # mark after the clock, never at the marks that went by.
                    if retry_can_lower(malus["value"], malus["amount"], best_target):
                        at = first_mark_after(int(malus["next_retry"]), int(malus["period"]), self.world.campaign.clock)
                        out.append(Due(at, str(character.id), f"retry:{malus['wound']}"))
            rest = rest_due(character)
            if rest is not None and not self.world.campaign.in_session:
                out.append(Due(rest, str(character.id), "rest"))
        return out

    def fire(self, due: Due) -> str:
        character = next(c for c in self.world.characters.values() if str(c.id) == due.character)
        if due.process == "rest":
            pile_max = recorded_sheet(character).pile_max
            character.record(ev.PileRested, at=due.at, pile_count=pile_max)
            return f"{character.name} slept: pile back to {pile_max}"
        kind, wound_id = due.process.split(":")
        if kind == "retry":
            return survival_retry(self.world, character, int(wound_id), due.at)
        return survival_check(self.world, character, int(wound_id), due.at)


def rest_due(character: Character) -> int | None:
    """When a night's sleep next refills this character's pile between sessions, if it needs one:
    a pile short of its maximum, or recovery draws made harder since the last sleep, which it
    makes Très facile again (§Épuisement de la pioche L235, ruling C45), a full pile or not."""
    c = character.condition
    rested = c["pile_count"] >= character.sheet["pile_max"] and not c["recovery_steps"]
    if c["dealt"] or "returned_at" not in c or rested:
        return None
    if recorded_sheet(character).npc:
        return None  # ruling C35: a GM character holds no pile to refill
    return next_time_of_day(c["returned_at"] + SLEEP - 1, WAKING_HOUR)


def survival_check(world: World, character: Character, wound_id: int, at: int) -> str:
    """One survival draw under Carrure for one wound, with a healer's support if one tends it."""
    wound = next(w for w in character.condition["wounds"] if w["id"] == wound_id)
    carrure = character.sheet["characteristics"]["Carrure"]
    level = survival_level(wound["lethality"])
    medicine = _medicine(world, character, level)
    bonus = medicine["bonus"] if medicine else 0
    outcome = _passive_draw(world, character, carrure + bonus, level, f"survival draw, wound {wound_id}")
    consequences = survival_consequences(carrure, wound, character.condition["wounds"], outcome, at)
    care = character.condition["care"]
    character.record(ev.SurvivalChecked, at=at, wound_id=wound_id, outcome=outcome.to_dict(), medicine=medicine, **consequences)
    ended = care_ended(care, character.condition["care"])
    if consequences["result"] == "death":
        character.record(ev.Died, at=at, cause=f"failed survival draw, wound {wound_id}", wound_id=wound_id, damage=None, source=None)
        return f"{character.name}: survival draw failed — dead"
    if consequences["wound"] is not None:
        return f"{character.name}: survival draw failed — wound {wound_id} now {lethality_name(consequences['wound']['lethality'])}"
    if consequences["malus"]:
        return f"{character.name}: survived wound {wound_id} with a malus of {consequences['malus']}{ended}"
    return f"{character.name}: survived wound {wound_id} cleanly{ended}"


def _passive_draw(world: World, character: Character, target: int, level: int, purpose: str) -> TestOutcome:
    # cartes.md A10/§5.1: survival draws are involuntary, passive draws from the general deck,
    # and wound maluses do not apply to them.
    first = draw(world, 1, character.name, purpose)[0]
    return resolve_test(target, level, first, lambda n: draw(world, n, character.name, purpose))


def survival_retry(world: World, character: Character, wound_id: int, at: int) -> str:
    """A survival draw one level easier, with medicine, to lift a survived wound's malus (§Médecine L467)."""
    malus = next(m for m in character.condition["lasting_malus"] if m["wound"] == wound_id)
    level = retry_level(malus["lethality"])
    medicine = _medicine(world, character, level)
    bonus = medicine["bonus"] if medicine else 0
    carrure = character.sheet["characteristics"]["Carrure"]
    outcome = _passive_draw(world, character, carrure + bonus, level, f"survival retry, wound {wound_id}")
    left = retry_result(malus["value"], malus["amount"], outcome)
    care = character.condition["care"]
    character.record(
        ev.SurvivalRetried, at=at, wound_id=wound_id, outcome=outcome.to_dict(), medicine=medicine, malus=left, malus_before=malus["amount"]
    )
    if left == 0:
        return f"{character.name}: the malus of wound {wound_id} is gone{care_ended(care, character.condition['care'])}"
    if left == malus["amount"]:
        # Ruling C28: a failed retry (or a success no better than the malus) changes nothing; it
        # must not read as a change.
        how = "failed" if not outcome.success else "did not lower it"
        return f"{character.name}: the retry for wound {wound_id} {how}, the malus stays {left}"
    return f"{character.name}: the malus of wound {wound_id} is now {left}"


def best_medicine(world: World, care: dict[str, Any]) -> int:
    """The most bonus markers the healer tending a patient can add to a survival draw (§Médecine
    L465-475): none from a dead or unknown healer, nor from one whose Médecine target no card
    meets (an untrained healer, L465)."""
    try:
        healer = living(world, care["healer"])
    except RuleViolation:
        return 0
    if healer_target(healer.sheet, wound_malus(healer)) < LOWEST_CARD:
        return 0  # ruling C129: the healer's own wound malus can leave no card to meet
    return medicine_bonus_markers(True, care["means"], extra_levels(care))


def _medicine(world: World, patient: Character, survival: int) -> dict[str, Any] | None:
    care = patient.condition["care"]
    if not care:
        return None
    try:
        healer = living(world, care["healer"])
    except RuleViolation:
        return None
    level = medicine_level(survival, care["means"], extra_levels(care))
    purpose = f"medicine for {patient.name}"
    # Ruling C129: the healer's own wound malus weighs on the Médecine draw (§Tirages de survie
    # L446, §Marqueurs L331), between sessions as at the table.
    malus, knocked = wound_malus(healer), healer.condition["ko_malus"]
    target = healer_target(healer.sheet, malus)
    if target < LOWEST_CARD:
        # Ruling C136: no card meets a target under an Ace (§Tirage L209), so the draw is settled
        # as the failure it is, without a card taken from the general deck, as a test from the
        # hand no card can win is not drawn (C105).
        outcome = certain_failure(target, level, "tactics")
    else:
        first = draw(world, 1, healer.name, purpose)[0]
        outcome = resolve_test(target, level, first, lambda n: draw(world, n, healer.name, purpose), manoeuvre="tactics")
    return medicine_support(healer.name, care["means"], outcome, extra_levels(care), malus, knocked)
