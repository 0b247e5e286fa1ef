"""Spending hand cards on the sheet (§Expérience), and the downtime orders for care (§Médecine)."""

from __future__ import annotations

from collections.abc import Sequence

from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.experience import (
    Cost,
    characteristic_cost,
    cheapest_payment,
    check_payment,
    pile_max_cost,
    skill_cost,
    speciality_cost,
)
from chronique.domain.rulesets.cartes.recorded import find_skill
from chronique.domain.rulesets.cartes.survival import medicine_level
from chronique.domain.rulesets.cartes.table import cartes_command, deal, draw, living, sheet_of
from chronique.domain.rulesets.cartes.tables import (
    catalogue_skill,
    characteristic_name,
    medicine_means,
    quoted,
    skill_catalogue,
)
from chronique.domain.text import fold, recordable_name
from chronique.domain.world import World

PURCHASES = ("skill", "speciality", "characteristic", "pile-max")
LIGHT_KIT = "light-kit"
"""§Médecine: "Premiers soins avec un équipement léger", the means without a modifier: a care
order's when none is named."""


# What a purchase must name (§Expérience L536-540), and how the command line names it: the rest
# of a command given to `to_type` (through `cartes_command`), which puts it in backticks.
_NAMED = {"skill": "skill to raise", "speciality": "skill the speciality is for", "characteristic": "characteristic to raise"}
_EXAMPLES_TO_TYPE = {
    "skill": "skill Contact",
    "speciality": "speciality Contact --speciality Parade",
    "characteristic": "characteristic Carrure",
}


def spend(world: World, name: str, purchase: str, target: str, speciality: str, cards: Sequence[str], reason: str) -> list[str]:
    """Buy one step with hand cards; the cost is checked against the hand. Returns the cards paid."""
    character = living(world, name)
    sheet = sheet_of(character)
    if sheet.npc:
        raise RuleViolation(f"{sheet.name} is a GM character: GM characters are dealt no hand to spend")
    if not target.strip() and purchase in _NAMED:
        # §Expérience L536-540: a skill, a speciality's skill or a characteristic is raised by name.
        # The example is the command as typed where it is read, for this character (ruling C150).
        example = cartes_command(world, "xp spend", sheet.name, _EXAMPLES_TO_TYPE[purchase])
        raise RuleViolation(f"name the {_NAMED[purchase]}, e.g. {example}")
    governing = ""
    if purchase == "skill":
        # The skill as the sheet spells it, else as the catalogue does, whatever case or accents
        # were typed: the record and the log name it so.
        held = next((skill_name for skill_name in sheet.skills if fold(skill_name) == fold(target)), None)
        if held is None:
            # A new skill starts at 0; its governing characteristic comes from the catalogue (A3).
            known = catalogue_skill(target)
            if known is None:
                raise RuleViolation(f"{quoted(target)} is neither on {sheet.name}'s sheet nor in the skill catalogue")
            held = known
        target = held
        skill = sheet.skills.get(target)
        governing = skill.characteristic if skill else skill_catalogue()[target]
        current = skill.level if skill else 0
        cost = skill_cost(current, sheet.characteristics[governing], target)
    elif purchase == "speciality":
        target = find_skill(sheet, target)  # as the sheet spells it, whatever was typed
        # A name of spaces alone is no name: the sheet keeps names stripped, so it would record a
        # speciality its next reading refuses, and no later purchase could be made (ruling C107).
        if not speciality.strip():
            raise RuleViolation("name the speciality to add (`--speciality`)")
        speciality = recordable_name(speciality, "the speciality")  # a name's length, as every name's
        held_already = next((name for name in sheet.skills[target].specialities if fold(name) == fold(speciality)), None)
        if held_already is not None:
            # A sheet names each speciality of a skill once (sheet.py, whatever case or accents):
            # bought again, it would add nothing and leave a sheet no later command reads (C88).
            raise RuleViolation(f"{sheet.name}'s {target} already has the speciality {held_already}")
        current = len(sheet.skills[target].specialities)
        cost = speciality_cost(current, target, speciality)
    elif purchase == "characteristic":
        target = characteristic_name(target)
        current = sheet.characteristics[target]
        cost = characteristic_cost(current, target)
    elif purchase == "pile-max":
        current = sheet.pile_max
        cost = pile_max_cost(current)
    else:
        raise RuleViolation(f"one buys a {', '.join(PURCHASES[:-1])} or {PURCHASES[-1]}, not {quoted(purchase)}")
    _deal_early(world, character)
    paid = _payment(cost, cards, character.condition["hand"], character.name)
    character.record(
        ev.ExperienceSpent,
        at=world.campaign.clock,
        purchase=purchase,
        name=target,
        speciality=speciality,
        governing=governing,
        from_level=current,
        to_level=current + 1,
        cards=paid,
        reason=reason,
    )
    return paid


def _deal_early(world: World, character: Character) -> None:
    # §Expérience L534: cards are spent "avant ou après une séance". Between sessions the hand is
    # only a count (§Ressources en cartes L203), so the noted hand is dealt face up now, ahead of
    # the next session, and kept until it ends (C46): looking at it again cannot re-deal it.
    deal(world)  # during a session its own deal comes first
    owed = character.condition["hand_count"] - len(character.condition["hand"])
    if character.condition["dealt"] or owed <= 0:
        return
    hand = draw(world, owed, character.name, "hand dealt early")
    character.record(ev.HandDealtEarly, at=world.campaign.clock, hand=hand)


def _payment(cost: Cost, cards: Sequence[str], hand: Sequence[str], holder: str) -> list[str]:
    if cards:
        check_payment(cost, cards, hand, holder)
        return list(cards)
    return cheapest_payment(cost, hand, holder)


def arrange_care(world: World, patient: str, healer: str | None, means: str | None = None, extra_levels: int = 0) -> None:
    """Order a healer to tend ``patient`` with ``means`` (a light kit when None) at each survival
    draw (no healer stops it), taking ``extra_levels`` more levels on each Médecine draw to double
    its result once per level (§Médecine L465)."""
    tending = ""
    # §Survie L431: the dead draw no survival for a healer to support; stopping care that stands
    # is still fine (an order recorded before C108 does not lapse at death).
    character = world.character(patient) if healer is None else living(world, patient)
    if healer is not None:
        tender = living(world, healer)
        if tender.id == character.id:
            # §Médecine L465: care is a support of the patient's survival draw, and a character
            # supports another's action, never its own (as ``draws.support`` refuses).
            raise RuleViolation("a character cannot tend itself: Médecine care supports another's survival draws")
        if not character.condition["wounds"] and not character.condition["lasting_malus"]:
            # §Médecine L465-467: care is an action in support of a survival draw, or of the retry
            # that lifts a survived wound's malus; with neither there is nothing it supports, and
            # the seed gives no standing order waiting for a wound to come (ruling C106).
            raise RuleViolation(f"{character.name} has no wound and no lasting malus: there is nothing for {tender.name} to care for")
        means = means or LIGHT_KIT
        medicine_level(0, means, extra_levels)  # rejects unknown means and levels before anything is recorded
        tending = tender.name  # as the sheet spells it, whatever was typed
    elif extra_levels:
        raise RuleViolation("extra medicine levels need a healer (`--healer`)")
    elif means is not None:
        # Without a healer the order stops the care (ruling C110): means given with none are a
        # change of means that forgot its healer, never a reason to stop the care unasked.
        label = medicine_means(means).label  # an unknown means is refused as such first
        raise RuleViolation(f"care by {label} needs a healer (`--healer`); without one, care stops")
    elif not character.condition["care"]:
        # Without a healer the order stops the care that stands; with none standing (never given,
        # stopped, or lapsed with the last wound or at death, ruling C108) there is nothing to stop,
        # and a "care stopped" line would tell the log's reader of care that never ran (ruling C113).
        raise RuleViolation(f"no care order stands for {character.name}: there is no care to stop")
    character.record(ev.CareArranged, at=world.campaign.clock, healer=tending, means=means or "", lapses_with_wounds=True)
    if extra_levels:
        character.record(ev.CareIntensified, at=world.campaign.clock, extra_levels=extra_levels)


def cure(world: World, patient: str) -> list[dict[str, int]]:
    """Curative care (surgery and the like) lifts the lasting maluses of survived wounds (§Survie)."""
    character = living(world, patient)
    removed = list(character.condition["lasting_malus"])
    if not removed:
        raise RuleViolation(f"{character.name} carries no lasting malus")
    character.record(ev.CuredByCare, at=world.campaign.clock, removed=removed)
    return removed
