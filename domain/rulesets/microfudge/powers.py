"""Paranormal powers («VI – Pouvoirs paranormaux» L433-L447; Appendix L556-L649).

Potentiel per domain (its value once ≥ Faible, L564-L566) pays 1 per use; it comes back after
a good night's rest (T5). The fatigue option costs a Vigueur rank per use, one back per quarter
of an hour (T7). Guérison accélérée, Régénération, Animation suspendue and the boosts are timed
processes whose points stay locked while they run (T8-T12, L629, L637).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, HOUR
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.describe import as_on_sheet, power_name, process_name, process_power
from chronique.domain.rulesets.microfudge.describe import rank as rank_of
from chronique.domain.rulesets.microfudge.play import (
    Contender,
    Unable,
    _stream,
    contender,
    ensure_able_to_act,
    setback_period,
    settings,
    vigueur_lost,
)
from chronique.domain.rulesets.microfudge.rules import (
    natural_armour,
    penalty,
    resolve_test,
    revers_domain,
    simple_conflict,
    telekinesis_required,
)
from chronique.domain.rulesets.microfudge.sheet import characteristic
from chronique.domain.rulesets.microfudge.tables import tables
from chronique.domain.rulesets.words import joined
from chronique.domain.text import fold, plural, quoted
from chronique.domain.world import World

HEALERS = ("accelerated-healing", "regeneration")


@dataclass(frozen=True)
class PowerOutcome:
    """A power use: the Test's verdict, its dice and the Revers penalty it took, the Potentiel left
    and the process it started, if any; a resisted power's defender with its dice and final."""

    success: bool
    final: int
    required: int
    potentiel: int
    collapsed: bool
    process: dict[str, Any] | None
    dice: tuple[int, ...]
    penalty: int
    resisted: dict[str, Any] | None = None


def maximum(character: Character, domain: str) -> int:
    """Potentiel of a domain: its value once it reaches Faible, none while latent (L564-L566)."""
    _, value, _ = characteristic(character.sheet, domain)
    return value if value >= tables().default_rank else 0


def potentiel(character: Character, domain: str) -> int:
    """Potentiel left in ``domain``: the maximum less the points spent and locked (PROPOSAL §7.2:
    the maximum follows the domain, so a raised domain raises what is left too)."""
    canonical, _, _ = characteristic(character.sheet, domain)
    state = ev.powers_of(character)
    return max(0, maximum(character, canonical) - state["spent"].get(canonical, 0) - state["locked"].get(canonical, 0))


def potentiel_to_spend(character: Character, domain: str) -> int:
    """The Potentiel left in ``domain`` for a use of it, a power's Test or a draw on the domain
    alike: "chaque utilisation d'un pouvoir psychique consomme un point du Potentiel" (L566), and
    spent points come back only after a night's rest (L441), so none left is refused."""
    left = potentiel(character, domain)
    if left < 1:
        raise RuleViolation(f"{character.name} has no {domain} Potentiel left until a night's rest (L441, L566)")
    return left


def _power(name: str) -> tuple[str, str, int, str]:
    powers = tables().powers
    key = fold(name)
    if key not in powers:
        raise RuleViolation(f"a power is one of {', '.join(powers)}, not {quoted(name)}")
    domain, required, process = powers[key]
    return key, domain, required, process


def _boost(character: Character, power: str, mode: str, value: int) -> dict[str, Any]:
    """T12 (L639-L645): the aptitude boosted by Présence for Conscience-value draws, Endurance
    accrue's natural armour of ceil(Présence / 2) cards for as many draws, or one feat."""
    aptitude, modes = tables().boosts[power]
    chosen = fold(mode) or modes[0]
    if chosen not in modes:
        raise RuleViolation(f"{power_name(power)} works as {', '.join(modes)}, not {quoted(mode)}")
    canonical, _, _ = characteristic(character.sheet, aptitude)
    _, presence, _ = characteristic(character.sheet, "Présence")
    limit = 1 if chosen == "feat" else value
    return {"next_tick": None, "limit": limit, "mode": chosen, "aptitude": canonical, "bonus": presence, "armour": natural_armour(presence)}


def _process(
    world: World, character: Character, power: str, kind: str, domain: str, value: int, setback_id: int | None, mode: str
) -> dict[str, Any]:
    at = world.campaign.clock
    state = ev.powers_of(character)
    base: dict[str, Any] = {"id": state["next"], "kind": kind, "domain": domain, "setback": None, "cycles": 0, "points": 1}
    if kind == "boost":
        # L639-L645 lock no point, as L629 and L637 lock the healers': the activation point is
        # spent as any use's, back after the next night's rest (ruling M138).
        return base | _boost(character, power, mode, value) | {"points": 0}
    if kind == "suspended-animation":
        return base | {"next_tick": at + value * tables().power_timing["suspended_animation_s"], "limit": value}
    if setback_id is None:
        raise RuleViolation(f"{power_name(power)} needs the wound it heals (`--setback`)")
    _healable(world, character, power, setback_id)
    period = _period(world, kind)
    limit = value if kind == "accelerated-healing" else None  # T8: at most Conscience-value days
    return base | {"setback": setback_id, "next_tick": at + period, "limit": limit}


def _healable(world: World, character: Character, power: str, setback_id: int) -> None:
    """Refuse a healing power on a wound it cannot heal: none open by that number, one that heals
    in days (L629, L635-L637), one still critical (L343, L359) or one a power heals already. What
    the wound is may lie face down with a hidden roll: the refusal is checked again on the sheet
    players see (ruling M86)."""
    wound = next((s for s in character.condition["setbacks"] if s["id"] == setback_id), None)
    why = None
    if wound is None:
        why = f"{character.name} has no open Revers {setback_id}"
    elif wound["domain"] == "vehicle":
        # L621: a power of the mind over the body; a vehicle's damage (L429) is no wound, even on
        # the weekly clock the Narrator may name (rulings M92, M116).
        what = f"{character.name}'s {wound['vehicle']}" if wound.get("vehicle") else "a vehicle"
        why = f"Revers {setback_id} is damage to {what} (L429): {power_name(power)} heals the body (L621)"
    elif wound["healing"] != "weekly":
        why = f"{power_name(power)} heals only wounds that take weeks or months (L629, L635-L637)"
    elif not wound["stabilized"]:
        why = f"Revers {setback_id} is critical: stabilize it first, with first aid or an Atout (L343, L359)"
    elif any(p["setback"] == setback_id for p in ev.powers_of(character)["processes"]):
        why = f"a power already heals Revers {setback_id}"
    if why is not None:
        raise Unable(character.name, why, lambda w, seen: _healable(w, seen, power, setback_id))


def _period(world: World, kind: str) -> int:
    timing = tables().power_timing
    if kind == "accelerated-healing":
        return timing["accelerated_healing_s"]
    # L637: 1 hour per card, 24 h for a wound that normally takes a month (PROPOSAL A28: the
    # graduated schedule's wounds).
    return timing["regeneration_month_s"] if settings(world)["deep_wound_schedule"] == "graduated" else timing["regeneration_s"]


@dataclass(frozen=True)
class Telekinesis:
    """A telekinetic feat: the load in grams, how many Sequences it lasts and whether it moves
    several objects («Télékinésie» L586-L607)."""

    grams: int
    sequences: int = 1
    several: bool = False


def _feat(key: str, masked: bool, telekinesis: Telekinesis | None) -> tuple[str, str]:
    """What asks for the rank a refusal names, and the rule that sets it: the load and the time a
    telekinetic feat holds it (L586-L605), a masked intrusion's step (L617), else the power (L566);
    "Télékinésie needs Télékinésie Bon" said neither the load nor why (ruling M146)."""
    if telekinesis is not None:
        return f"moving {telekinesis.grams:,} g for {plural(telekinesis.sequences, 'Sequence')}", "L586-L605"
    return (f"a masked {power_name(key)}", "L566, L617") if masked else (power_name(key), "L566")


def use_power(
    world: World,
    name: str,
    power: str,
    masked: bool = False,
    modifier: int = 0,
    setback_id: int | None = None,
    mode: str = "",
    telekinesis: Telekinesis | None = None,
    action: str = "physical",
    resisted: tuple[str, str] | None = None,
) -> PowerOutcome:
    """Use a power: the domain must reach its required rank (L566), the Test is against that rank;
    masking an intrusion raises the required rank one step, so both the access and the Difficulty
    (L617, V-P-7). Telekinesis takes its required rank from the load and the duration, and several
    objects make it one step harder (L586-L605, V-P-6). The Test takes the Revers penalty of an
    ``action`` of that kind like any Test (L293, L337-L345: a deep wound weighs on every action),
    and the Vigueur ranks fatigue took (L582). Every attempt costs a Potentiel point (A26) and, with
    the fatigue option, a Vigueur rank, collapsing at 0 (L580-L582). A timed power that succeeds
    starts its process; a boost in the chosen ``mode`` (T12).

    A power its victim may resist (``resisted``: the defender's name and the characteristic the
    Narrator picks) is a simple conflict instead of a Test (L435): both roll 4dF, the psychic on its
    domain as above, the defender on its rank less its own Revers; the power applies only on a
    higher final rank, a tie resists (PROPOSAL A25), and the Potentiel is spent either way. The
    psychic may not be critical; the one who resists may (ruling M52)."""
    character = world.character(name)
    ensure_able_to_act(world, character)
    key, domain_name, required, kind = _power(power)
    domain, rank, _ = characteristic(character.sheet, domain_name)
    if telekinesis is not None:
        if fold(domain_name) != fold("Télékinésie"):
            raise RuleViolation(f"{power_name(key)} is not telekinesis: no load to move")
        required = max(required, telekinesis_required(telekinesis.grams, telekinesis.sequences))
    required += 1 if masked else 0
    if rank < required:
        feat, rule = _feat(key, masked, telekinesis)
        raise RuleViolation(f"{feat} needs {domain} {rank_of(required)}; {character.name} has {rank_of(rank)} ({rule})")
    difficulty = required + (1 if telekinesis is not None and telekinesis.several else 0)
    fatigue = bool(settings(world)["fatigue"])
    _, vigueur, _ = characteristic(character.sheet, "Vigueur")
    before = potentiel_to_spend(character, domain)
    if mode and kind != "boost":
        raise RuleViolation(f"{power_name(key)} has no modes (only the boosts do, L639-L645)")
    planned = _process(world, character, key, kind, domain, rank, setback_id, mode) if kind else None  # checked before rolling
    malus = penalty(character.condition["setbacks"], revers_domain(action))
    defender = _defender(world, character, resisted, action)
    stream = _stream(world, character)
    dice = [stream.fudge() for _ in range(4)]
    result = resolve_test(rank - malus - vigueur_lost(world, character), modifier, dice, difficulty)
    success = result.success
    if defender is not None:
        rolled = [stream.fudge() for _ in range(4)]
        defender |= {"dice": rolled, "final": defender["used_rank"] - defender["penalty"] + sum(rolled)}
        success = simple_conflict(result.final, defender["final"]) == "a"
    chance = stream.ops
    lost = vigueur_lost(world, character) + 1 if fatigue else 0
    collapsed = fatigue and vigueur - lost <= 0
    process = planned if success else None
    epoch = world.campaign.epoch
    character.record(
        ev.PowerUsed,
        at=world.campaign.clock,
        domain=domain,
        power=key,
        required=difficulty,
        masked=masked,
        rank=rank,
        penalty=malus,
        modifier=modifier,
        dice=dice,
        final=result.final,
        resisted=defender,
        success=success,
        potentiel_before=before,
        potentiel_after=before - 1,
        fatigue_lost=lost,
        collapsed=collapsed,
        process=process,
        epoch=epoch,
        chance=chance,
        sealed_until=None,
    )
    return PowerOutcome(success, result.final, difficulty, before - 1, collapsed, process, tuple(dice), malus, defender)


def _defender(world: World, psychic: Character, resisted: tuple[str, str] | None, action: str) -> dict[str, Any] | None:
    """The side that resists a power (L435), before its dice: its characteristic's rank less the
    Revers that weigh on the action."""
    if resisted is None:
        return None
    who = world.character(resisted[0])
    if who.id == psychic.id:
        raise RuleViolation(f"{psychic.name} does not resist their own power")
    _, record = contender(world, who, Contender(resisted[1], domain=action))
    return record


def next_wake(world: World, since: int) -> int:
    """When a night's rest after ``since`` ends: the first waking hour at least a night later."""
    s = settings(world)
    earliest = since + int(s["night_hours"]) * HOUR
    wake = earliest - earliest % DAY + int(s["wake_hour"]) * HOUR
    return wake if wake >= earliest else wake + DAY


NIGHT_ENDS_BOOSTS = "a night's rest ended it"
"""Why a boost stops at a night's rest (ruling M138): its draws are those of the conflict at hand
(L639-L645); none outlasts the night that brings the domain's uses back (L441)."""


def rest(world: World, name: str, at: int | None = None) -> dict[str, int]:
    """A good night's rest: spent Potentiel and lost Vigueur come back (T5, T7); locked points
    stay with their process (L629, L637). A running boost ends first (ruling M138), its point
    back with the others. Returns the Potentiel restored per domain."""
    character = world.character(name)
    when = world.campaign.clock if at is None else at
    for process in [p for p in ev.powers_of(character)["processes"] if p["kind"] == "boost"]:
        end_power(world, character, int(process["id"]), NIGHT_ENDS_BOOSTS, when)
    state = ev.powers_of(character)
    restored = dict(state["spent"])
    character.record(ev.PowersRested, at=when, kind="night", restored=restored, fatigue_recovered=state["lost"])
    return restored


def boosts_running(character: Character) -> list[str]:
    """The boosts ``character`` has running, by their powers' names, which a night's rest ends."""
    return [process_name(p) for p in ev.powers_of(character)["processes"] if p["kind"] == "boost"]


def boosts_ended(names: list[str]) -> str:
    """The boosts a night's rest ended, said after what it gave back: "; Endurance accrue ends"."""
    return f"; {joined(names)} {'ends' if len(names) == 1 else 'end'}" if names else ""


def recover_fatigue(character: Character, at: int) -> int:
    """One quarter of an hour of rest: one lost Vigueur rank back (T7); returns what is still lost."""
    lost = max(0, ev.powers_of(character)["lost"] - 1)
    character.record(ev.FatigueRecovered, at=at, lost=lost)
    return lost


def tick(world: World, character: Character, process_id: int, at: int) -> str:
    """One cycle of a timed power: heal a card and lock the next point, or end it (T8-T10)."""
    state = ev.powers_of(character)
    process = next(p for p in state["processes"] if p["id"] == process_id)
    if process["kind"] not in HEALERS:
        end_power(world, character, process_id, "its time is up", at)
        return f"{character.name}: {process_name(process)} ends"
    wound = next((s for s in character.condition["setbacks"] if s["id"] == process["setback"]), None)
    if wound is None:
        end_power(world, character, process_id, "the wound is gone", at)
        return f"{character.name}: {process_name(process)} ends, the wound is gone"
    severity = wound["severity"] - 1
    cycles = int(process["cycles"]) + 1
    limited = process["limit"] is not None and cycles >= int(process["limit"])
    goes_on = severity > 0 and not limited and potentiel(character, process["domain"]) >= 1
    period = _period(world, process["kind"])
    character.record(
        ev.PowerTicked,
        at=at,
        process_id=process_id,
        power=process_power(process),
        setback_id=process["setback"],
        severity=severity,
        locked=1 if goes_on else 0,
        next_tick=at + period if goes_on else None,
    )
    if not goes_on:
        reason = "healed" if severity == 0 else "limit reached" if limited else "Potentiel exhausted"
        end_power(world, character, process_id, reason, at)
    # Words as the wound's own recovery prints them (processes.py).
    number = process["setback"]
    healed = f"Revers {number} has healed" if severity == 0 else f"Revers {number} is now a {as_on_sheet(severity, wound['domain'])}"
    return f"{character.name}: {healed} with {process_name(process)}"


def end_power(world: World, character: Character, process_id: int, reason: str, at: int | None = None) -> None:
    """Stop a timed power; a wound it held resumes its normal clock from now (§5)."""
    state = ev.powers_of(character)
    process = next((p for p in state["processes"] if p["id"] == process_id), None)
    if process is None:
        raise RuleViolation(f"{character.name} runs no power {process_id}")
    when = world.campaign.clock if at is None else at
    resume = None
    wound = next((s for s in character.condition["setbacks"] if s["id"] == process["setback"]), None)
    if wound is not None:
        resume = when + setback_period(world, wound, wound["severity"])
    character.record(ev.PowerEnded, at=when, process_id=process_id, reason=reason, setback_next_tick=resume)
