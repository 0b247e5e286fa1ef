"""What the body does to a Western Parade roll (digest §4.6, §4.8, §5.6, §5.16): the wound
penalties of Table 3.6 (fresh or treated), infection dividing every skill, the effects of
alcohol (Table 4.2), permanent characteristic losses, and who cannot act at all.

``roll_terms`` gives the extra terms a roll's chance carries, labelled so that the recorded
event (and ``audit show``) explains them; ``able`` refuses the dead, the unconscious, the drunk
lying helpless, and (in a fight) the characters a wound put out of it. Pure: the body is the
condition dict projected to the roll's time (``condition.project``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.westernparade import alcohol
from chronique.domain.rulesets.westernparade.characteristics import characteristic_roll
from chronique.domain.rulesets.westernparade.condition import BODY_KEYS, Env, env_of, project, state_of
from chronique.domain.rulesets.westernparade.infection import skill_divisor
from chronique.domain.rulesets.westernparade.report import where
from chronique.domain.rulesets.westernparade.tables import skill
from chronique.domain.rulesets.westernparade.wounds import incapacitation, part_of, total_penalty

# Ruling WD3: the "compétences de combat" of Table 4.2 are the skills of the two combat groups.
COMBAT_GROUPS = frozenset({"combat-a-distance", "corps-a-corps"})


@dataclass(frozen=True)
class Body:
    """A character's body at a roll's time ``at``, with what its rules need (``Env``)."""

    name: str
    sheet: Mapping[str, Any]
    state: Mapping[str, Any]
    env: Env
    at: int


def body_at(name: str, sheet: Mapping[str, Any], condition: Mapping[str, Any], settings: Mapping[str, Any], at: int) -> Body:
    """The body of a character (its stored sheet and condition) at ``at``, in closed form."""
    env = env_of(sheet, condition, settings)
    return Body(name, sheet, project({k: condition[k] for k in BODY_KEYS}, env, at), env, at)


def effects(body: Body) -> Mapping[str, int]:
    """The Table 4.2 column the character is in (§4.1.2), from the units still in him (during an
    emergency sobering, §4.1.3, the better of it and the next column, line by line); empty when
    sober."""
    drink = body.state["alcohol"]
    stage = alcohol.stage(int(drink["tenths"]), body.env.m_end, body.env.drinker)
    if alcohol.sobered(drink, body.at) and stage != "sober":
        return alcohol.best_of(stage, alcohol.better(stage))
    return alcohol.EFFECTS.get(stage, {})


def able(body: Body, fight: bool = False) -> None:
    """Refuse a roll the body cannot make: dead, unconscious (§3.2.4, §3.2.6, an ethylic coma), a characteristic
    at 0 or below through alcohol (§4.1.2: he lies helpless in a corner) and, for an attack
    (``fight``), a wound that puts him out of the fight (§3.2.5; ruling WD4)."""
    if body.state["dead"]:
        raise RuleViolation(f"{body.name} is dead")
    if body.state["unconscious"]:
        raise RuleViolation(f"{body.name} is unconscious")
    if alcohol.comatose(body.state["alcohol"], body.env.m_end, body.env.drinker, body.at):
        raise RuleViolation(f"{body.name} is unconscious, in an ethylic coma (Table 4.1)")
    lying = helpless(body)
    if lying is not None:
        raise RuleViolation(f"{body.name} lies helpless, too drunk to act ({lying[0]} {lying[1]}, §4.1.2)")
    if fight:
        for loc, w in body.state["wounds"].items():
            state = state_of(w, loc, body.env)
            if incapacitation(part_of(loc), state).out:
                raise RuleViolation(f"{body.name} is out of the fight: {state.value} wound to the {where(loc)} (§3.2.5)")


def helpless(body: Body) -> tuple[str, int] | None:
    """The characteristic drink brings to 0 or below, and its value so, when it does: "il gît
    sans force dans un coin" (§4.1.2 L2836), whatever else his body does; None when drink leaves
    every characteristic above 0. ``able`` refuses him a roll for it, the downtime his work
    (``downtime.unable``, ruling WC30)."""
    for key, change in effects(body).items():
        if key in body.sheet["characteristics"] and _value(body, key) + change <= 0:
            return key, _value(body, key) + change
    return None


def _value(body: Body, key: str) -> int:
    # Permanent losses (§3.2.9.2, §3.2.7.3) are kept on the body, not on the sheet.
    return int(body.sheet["characteristics"][key]) - int(body.state["losses"].get(key, 0))


def loss_term(value: int, kept: int) -> int:
    """What permanent losses (§3.2.9.2, §3.2.7.3, §4.1.3 L2853) take off a characteristic's jX:
    Table 1.4 at the value ``kept`` less Table 1.4 at the sheet's ``value`` (0 when none is lost)."""
    return characteristic_roll(kept) - characteristic_roll(value)


def end_chance(sheet: Mapping[str, Any], losses: Mapping[str, int]) -> dict[str, int]:
    """An END roll's terms before its difficulty step: the sheet's jEND and, once END points are
    lost for good, the ``losses`` term they take off it, as every roll under END carries it
    (``roll_terms``). The rolls the body calls for itself (§3.2.5, §4.1.3, §6.18.1) use it."""
    value = int(sheet["characteristics"]["END"])
    terms = {"jEND": int(sheet["derived"]["rolls"]["END"]), "losses": loss_term(value, value - int(losses.get("END", 0)))}
    return {k: v for k, v in terms.items() if v or k == "jEND"}


def wound_penalty(body: Body, legs: int = 1) -> int:
    """Table 3.6 (§3.2.7.1): one penalty per wounded location, fresh or after at least first aid
    (or any care), the weapon arm being the side of the character's hand (WB3; ruling WD3);
    ``legs`` multiplies the legs' (``wounds.total_penalty``: 2 for a long-distance run)."""
    wounds = {loc: (state_of(w, loc, body.env), bool(w["aided"] or w["cared"])) for loc, w in body.state["wounds"].items()}
    hand = "left" if body.sheet.get("handedness") == "left" else "right"
    return total_penalty(wounds, hand, legs)


def infection_divisor(body: Body) -> int:
    """What every skill is divided by (§3.2.7.2): 2 the first day of infection, 3 the second, 4
    after, counted from the oldest infection; 1 when no wound is infected."""
    onsets = [int(w["infected_at"]) for w in body.state["wounds"].values() if w["infected_at"] is not None]
    return skill_divisor(body.at - min(onsets)) if onsets else 1


def roll_terms(body: Body, kind: str, name: str, score: int) -> dict[str, int]:
    """The terms the body adds to a roll under skill ``name`` (or characteristic ``name``, its
    jX being ``score``): ``infection ÷N`` (the skill rounded down), ``losses`` and
    ``alcohol`` (a characteristic's jX at its changed value, Table 1.4), ``alcohol`` on a combat
    skill (Table 4.2), ``wounds`` (Table 3.6). Zero terms are left out."""
    terms: dict[str, int] = {}
    drunk = effects(body)
    if kind == "skill":
        divisor = infection_divisor(body)
        if divisor > 1:
            terms[f"infection ÷{divisor}"] = score // divisor - score
        if skill(name).group in COMBAT_GROUPS:
            terms["alcohol"] = drunk.get("combat", 0)
    elif name in body.sheet["characteristics"]:
        value = int(body.sheet["characteristics"][name])
        kept = _value(body, name)
        terms["losses"] = loss_term(value, kept)
        terms["alcohol"] = characteristic_roll(kept + drunk.get(name, 0)) - characteristic_roll(kept)
    terms["wounds"] = wound_penalty(body)
    return {k: v for k, v in terms.items() if v}
