"""The body at the table and between sessions: wounds taken, hands pressing, first aid, care
orders (activity level, who tends which wound with which skill), bandages, bullet extraction,
cleaning and cauterising, drinks and violent efforts, and the body's timed processes. Each
records one body event (``body_events``) carrying the body as it stands after it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from chronique.domain.chance import ChanceStream
from chronique.domain.character import Character
from chronique.domain.copying import copied
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.westernparade import alcohol, bleeding
from chronique.domain.rulesets.westernparade import body_events as be
from chronique.domain.rulesets.westernparade.bullets import STABLE_AFTER, WEEK, YEAR, enters_head, extraction, head_bullet, migration
from chronique.domain.rulesets.westernparade.characteristics import blood_points
from chronique.domain.rulesets.westernparade.combat import weapon
from chronique.domain.rulesets.westernparade.condition import (
    BODY_KEYS,
    Env,
    env_of,
    max_pv_of,
    new_wound,
    project,
    pv_of,
    rates,
    state_of,
)
from chronique.domain.rulesets.westernparade.condition import impaled as impaled_in
from chronique.domain.rulesets.westernparade.describe import sobered_words, where
from chronique.domain.rulesets.westernparade.firstaid import aid_roll, read, skill_roll
from chronique.domain.rulesets.westernparade.fitness import end_chance, roll_terms
from chronique.domain.rulesets.westernparade.fracture import Fracture
from chronique.domain.rulesets.westernparade.fracture import fracture as break_location
from chronique.domain.rulesets.westernparade.healing import DAY, bandaging
from chronique.domain.rulesets.westernparade.impalement import Impalement, gripped, impale, pull, surgery, surgery_modifier
from chronique.domain.rulesets.westernparade.incapacity import exempt, rally, stagger
from chronique.domain.rulesets.westernparade.infection import cauterisation, cleaning, infection_chance, operate
from chronique.domain.rulesets.westernparade.play import acting, draw, living, roll_chance, skill_score, stats
from chronique.domain.rulesets.westernparade.report import blood_left, critical_cause, forced_bed_words, settled_words
from chronique.domain.rulesets.westernparade.resolution import chance_of, difficulty
from chronique.domain.rulesets.westernparade.tables import location as find_location
from chronique.domain.rulesets.westernparade.wounds import (
    CriticalEffect,
    WoundState,
    critical_effect,
    death_timer,
    incapacitation,
    multiplier_halves,
    part_of,
    unconsciousness_chance,
    unconsciousness_check,
)
from chronique.domain.world import World

CARE_SKILLS = ("Bandages", "Nettoyage d'une blessure", "Cautérisation", "Chirurgie", "Extraction de balle", "Premiers soins")

# "Il est possible de se mettre à trois pour bloquer les hémorragies d'un personnage, mais pas
# davantage" (§3.2.4 L1878). Ruling WB24: a first-aid attempt keeps its first-aider's hands on
# the patient for a round (digest §5.2 PROPOSAL), which is what "at once" counts.
MOST_FIRST_AIDERS = 3


def first_aiders(body: Mapping[str, Any], at: int) -> set[str]:
    """Who has his hands on this body at ``at`` stopping its bleeding (within his round)."""
    return {str(hands["by"]) for w in body["wounds"].values() for hands in w.get("first_aiders", ()) if int(hands["until"]) > at}


def _lay_hands(body: Mapping[str, Any], w: dict[str, Any], helper: str, at: int) -> None:
    """Refuse a fourth first-aider at once on this patient (L1878); else put the helper's hands
    on the wound ``w`` for his round."""
    busy = first_aiders(body, at)
    if helper not in busy and len(busy) >= MOST_FIRST_AIDERS:
        raise RuleViolation(f"three people at most can stop a character's bleeding at once (§3.2.4): {', '.join(sorted(busy))}")
    kept = [hands for hands in w.get("first_aiders", ()) if int(hands["until"]) > at and hands["by"] != helper]
    w["first_aiders"] = [*kept, {"by": helper, "until": at + bleeding.ROUND}]


def env(world: World, character: Character) -> Env:
    """The body's environment of a character in this campaign."""
    return env_of(character.sheet, character.condition, world.campaign.settings)


def body_now(world: World, character: Character, at: int | None = None) -> dict[str, Any]:
    """The character's body keys at ``at`` (default: the campaign's clock), in closed form."""
    when = world.campaign.clock if at is None else at
    return project({k: character.condition[k] for k in BODY_KEYS}, env(world, character), when)


def _loc(name: str) -> str:
    return find_location(name).key


Situation = Mapping[str, int]
"""The GM's situational modifiers of a care roll, by label (rulings WD17, WB59: always labelled,
never a bare number)."""
NO_SITUATION: Situation = MappingProxyType({})


def situational(terms: Mapping[str, int], modifier: Situation) -> dict[str, int]:
    """A roll's ``terms`` with the GM's situational modifiers (§2.1): by label, as ``roll`` takes
    them (a label the terms already use adds to it; ruling WB59). Zero modifiers are left out."""
    out = dict(terms)
    for label, value in modifier.items():
        if value:
            out[label] = out.get(label, 0) + value
    return out


def _record(character: Character, cls: type[be.BodyEvent], at: int, body: Mapping[str, Any], **fields: Any) -> None:
    # A deep copy: the caller goes on changing ``body`` (a coma's losses after the drink), and an
    # event must store exactly what it was hashed as when recorded (FAIRNESS.md, hash chain).
    character.record(cls, at=at, body=copied(dict(body)), **fields)


def _kill(body: dict[str, Any], cause: str) -> None:
    body.update(dead=True, death=cause, dying=None, unconscious=False, blackout=None)


def _blood_thresholds(body: dict[str, Any], e: Env, at: int, stream: ChanceStream) -> str | None:
    """§3.2.4 (L1876-1878): PH at 0 or below -> unconscious, until the PH are above 0 again
    (WB21): one already out from a wound (§3.2.6) stays out past the wound's count of rounds
    ("kept unconscious"), which the blood loss replaces; at -half the base -> beyond saving,
    WB16 (digest A10): death 1d60 minutes later."""
    what = None
    if body["ph"] <= 0 and (body["blackout"] or {}).get("cause") != "blood":
        what = "kept unconscious" if body["unconscious"] else "unconscious"
        body.update(unconscious=True, blackout={"cause": "blood", "until": None})
        for wound in body["wounds"].values():
            wound.update(hands=0, pressed_until=None)
    if bleeding.beyond_saving(body["ph"], e.ph_max) and not body["doomed"]:
        body["doomed"] = True
        dying_at = bleeding.death_beyond_saving(stream, at)
        if body["dying"] is None or body["dying"]["at"] > dying_at:
            body["dying"] = {"at": dying_at, "cause": "blood loss"}
        what = "beyond saving"
    return what


def wound(
    world: World,
    name: str,
    location: str,
    damage: int,
    kind: str = "bullet",
    source: str = "",
    through: bool = False,
    artery: bool = False,
    check: bool = False,
    fracture: bool = False,
    impaled: bool = False,
) -> dict[str, Any]:
    """Apply a hit's damage to a location (§3.2): a blunt réussite extraordinaire's fracture
    (``fracture``, §3.4.5.3) or a thrust's impalement (``impaled``, §3.4.5.2: 1d6cum more, the
    weapon left in the wound, which bleeds no more while it stays), state, immediate PH loss
    (§3.2.3), the unconsciousness check when the wound calls for one (§3.2.5-3.2.6; ``check``
    forces it after a failed END roll), critical effects (§3.2.9), a lodged bullet (WB17, digest
    A43) or a bullet in the head (§3.2.7.3). Returns the WoundTaken event's fields."""
    if damage < 1:
        raise RuleViolation("a wound deals at least 1 damage")
    if fracture and kind != "blunt":
        # §3.4.5 L2503: pointed projectiles thrust, other projectiles and bare hands are blunt.
        raise RuleViolation(f"only a blunt blow breaks the location (§3.4.5.3), not a {kind} wound")
    if impaled and kind != "thrust":
        # §3.4.5 L2503: a thrust, or a pointed projectile (an arrow, a javelin), impales; a blade
        # whose column is not said is no thrust (ruling WB44).
        raise RuleViolation(f"only a thrust impales (§3.4.5.2), not a {kind} wound")
    character = living(world, name, conscious=False)
    at, loc = world.campaign.clock, _loc(location)
    e = env(world, character)
    body = body_now(world, character, at)
    was_bleeding = any(rates(body, e))
    w = body["wounds"].setdefault(loc, new_wound(at))
    if int(w["damage"]) <= 0:
        # Healed to the full (a bullet left in keeps the record): the old break has knit (WB43).
        w.pop("fracture", None)
    # A new hit is a new hemorrhage needing care (§3.2.3): bleeding and infection clocks restart.
    w.update(since=at, stopped=0, aided=False, cared=False, untreated_days=0, progress=0, bandaged=False)
    w["through"] = w["through"] or through
    w["artery"] = w["artery"] or artery
    # Ruling WB17: a bullet that did not go through stays in, except one dealing the head less
    # than half its PV, which ricochets off the skull (§3.2.7.3 L1997).
    had_bullet = w["bullet"]
    w["bullet"] = w["bullet"] or (kind == "bullet" and not through and (loc != "head" or enters_head(damage, e.max_pv[loc])))
    # §3.2.7.3 L1997: a bullet that enters the head calls at once for the victim's CHC or END
    # roll (ruling WB23), unless an earlier head bullet is still being followed.
    head_roll = loc == "head" and w["bullet"] and not had_bullet and body["head_bullet"] is None
    w["damage"] += damage
    if "hits" in w:  # counted since ruling WB31; a wound recorded before keeps no count
        w["hits"] += 1
    epoch, stream = draw(world, character)
    broken = _break(w, loc, e, stream) if fracture else None
    lodged = _impale(w, stream) if impaled else None
    state = state_of(w, loc, e)
    received = int(w["damage"])
    critical = _deeper(w, loc, e)
    _apply_critical(body, w, loc, critical, at, e, stream)
    if broken is not None:
        _apply_fracture(body, loc, broken, e)
    rate = bleeding.location_rate(state, e.multiplier[loc], w["through"], w["artery"], lodged=impaled_in(w))
    body["ph"] -= rate
    if not was_bleeding:
        body["round_progress"] = 0
    e = env_of(character.sheet, body, world.campaign.settings)
    reading = chance = None
    if not body["dead"] and (check or incapacitation(part_of(loc), state).check):
        # §3.2.6 L1922: every point the location took, the permanent loss's included (WB37).
        chance, reading = _check_unconsciousness(body, e, loc, state, at, stream, received)
    fell = not body["dead"] and _blood_thresholds(body, e, at, stream) == "beyond saving"
    _record(
        character,
        be.WoundTaken,
        at,
        body,
        location=loc,
        damage=damage,
        kind=kind,
        # Who or what dealt it, as typed but for spaces around it: blank says no one, as unsaid.
        source=source.strip(),
        state=state.value,
        ph_lost=rate,
        unconsciousness_chance=chance,
        unconsciousness=reading,
        critical=critical.to_dict(),
        fell_beyond_saving=fell,
        fracture=broken.to_dict() if broken is not None else None,
        impalement=lodged.to_dict() if lodged is not None else None,
        epoch=epoch,
        chance=stream.ops,
    )
    entered = head_bullet_entry(world, character.name) if head_roll and not body["dead"] else None
    return {
        "location": loc,
        "state": state.value,
        "ph_lost": rate,
        "unconsciousness_chance": chance,
        "unconsciousness": reading,
        "critical": critical.to_dict(),
        "fracture": broken.to_dict() if broken is not None else None,
        "impalement": lodged.to_dict() if lodged is not None else None,
        "head_bullet": entered,
    }


def _break(w: dict[str, Any], loc: str, e: Env, stream: ChanceStream) -> Fracture:
    # §3.4.5.3: the location goes to -1 PV at once unless already lower; its points are damage
    # the location took, which the critical thresholds, the state and the unconsciousness check
    # count ("à tous ces inconvénients s'ajoutent les ennuis prévus lorsqu'une localisation passe
    # dans les points négatifs"); it heals ten times slower until healed to the full (WB43).
    broken = break_location(stream, loc, pv_of(w, loc, e))
    w["damage"] += broken.sent
    w["fracture"] = True
    return broken


def _impale(w: dict[str, Any], stream: ChanceStream) -> Impalement:
    # §3.4.5.2 L2511-L2513: 1d6cum more damage, and the weapon stays in the wound (a second one
    # in the same location leaves it as badly placed as the first was, ruling WB44).
    lodged = impale(stream)
    w["damage"] += lodged.damage
    w["impaled"] = w.get("impaled") or {"harder": 0}
    return lodged


def _apply_fracture(body: dict[str, Any], loc: str, broken: Fracture, e: Env) -> None:
    # §3.4.5.3 by location: APP (head) or END (abdomen) lost for good, the throat's "requiem".
    _lose(body, broken.losses, e)
    if broken.fate == "killed" and not body["dead"]:
        _kill(body, f"fracture of the {where(loc)}")


def _check_unconsciousness(
    body: dict[str, Any], e: Env, loc: str, state: WoundState, at: int, stream: ChanceStream, damage: int | None = None
) -> tuple[int, dict[str, Any] | None]:
    """The unconsciousness check (§3.2.6) of a wound in ``loc``: its chance, and its reading
    (None when no die is rolled); a blackout puts the body out for the margin in rounds. The
    location's damage is what it holds now, or ``damage``, what the hit just brought it to."""
    halves = multiplier_halves(state_of(x, k, e) for k, x in body["wounds"].items())
    taken = int(body["wounds"][loc]["damage"]) if damage is None else damage
    chance = unconsciousness_chance(taken, halves, e.m_end, loc == "head")
    result = unconsciousness_check(stream, chance, state, loc == "head")
    if result is None:
        return chance, None
    if result.unconscious:
        body.update(unconscious=True, blackout={"cause": "wound", "until": at + result.rounds * bleeding.ROUND})
    return chance, result.to_dict()


def put_out_of_action(world: World, name: str, location: str) -> dict[str, Any]:
    """In a fight, what the wound in ``location`` does to the character's actions (§3.2.5): the
    END roll it calls for at once, the actions lost, the unconsciousness check after a failed END
    roll of a critical or major wound, and whether an END roll is due before he acts again (lost
    actions add up, L1886: a roll already due stays due). Returns the event's effect and rally."""
    character = living(world, name)
    at, loc = world.campaign.clock, _loc(location)
    e = env(world, character)
    body = body_now(world, character, at)
    w = body["wounds"].get(loc)
    state = WoundState.UNHURT if w is None else state_of(w, loc, e)
    if state in (WoundState.UNHURT, WoundState.SCRATCH):
        raise RuleViolation(f"{character.name} has no wound in the {where(loc)} that puts them out of action (§3.2.5: scratches do not)")
    negative = frozenset(part_of(k) for k, x in body["wounds"].items() if pv_of(x, k, e) < 0)
    if exempt(character.sheet["creation"] == "spaghetti", negative):
        raise RuleViolation(
            f"{character.name} is a spaghetti hero: only negative PV in the head, heart or abdomen put them out of action (§7.3.1)"
        )
    epoch, stream = draw(world, character)
    staggered = stagger(stream, part_of(loc), state, end_chance(character.sheet, body["losses"]))
    chance = reading = None
    if staggered.end_roll is not None and not staggered.end_roll.success and staggered.check:
        chance, reading = _check_unconsciousness(body, e, loc, state, at, stream)
    before = character.condition.get("rally")
    pending = before
    if staggered.rally:
        pending = {"since": at, "location": loc, "check": staggered.check or bool(before and before["check"])}
    effect = staggered.to_dict()
    return _out_of_action(character, be.PutOutOfAction, at, body, loc, state, (chance, reading), pending, epoch, stream, effect=effect)


def rally_roll(world: World, name: str) -> dict[str, Any]:
    """The END roll to act again of a character put out of action (§3.2.5): a success lets him
    act; a failure costs him one more action, he rolls again at his next rank, and after a
    critical or major wound it calls for an unconsciousness check (§3.2.6)."""
    character = living(world, name)
    pending = character.condition.get("rally")
    at = world.campaign.clock
    e = env(world, character)
    body = body_now(world, character, at)
    if pending is None:
        raise RuleViolation(f"{character.name} has no END roll to make: {_why_no_rally(body, e)} (§3.2.5)")
    loc = str(pending["location"])
    epoch, stream = draw(world, character)
    rallied = rally(stream, pending, end_chance(character.sheet, body["losses"]))
    chance = reading = None
    w = body["wounds"].get(loc)
    state = WoundState.UNHURT if w is None else state_of(w, loc, e)
    if rallied.calls_check and w is not None:
        chance, reading = _check_unconsciousness(body, e, loc, state, at, stream)
    still = None if rallied.acts else pending
    return _out_of_action(
        character, be.RallyRolled, at, body, loc, state, (chance, reading), still, epoch, stream, outcome=rallied.to_dict()
    )


def _why_no_rally(body: Mapping[str, Any], e: Env) -> str:
    # §3.2.5.1-2 (L1892, L1900): a wound that puts him out until the battle ends leaves no END
    # roll to make; otherwise no wound put him out of action.
    for location, wound in sorted(body["wounds"].items()):
        state = state_of(wound, location, e)
        if incapacitation(part_of(location), state).out:
            return f"the {state.value} wound in the {where(location)} keeps them out of the fight until the battle ends"
    return "no wound put them out of action"


def _out_of_action(
    character: Character,
    event: type[be.PutOutOfAction | be.RallyRolled],
    at: int,
    body: dict[str, Any],
    loc: str,
    state: WoundState,
    check: tuple[int | None, dict[str, Any] | None],
    rally: dict[str, Any] | None,
    epoch: str,
    stream: ChanceStream,
    **what: dict[str, Any],
) -> dict[str, Any]:
    # Both events of §3.2.5 record the wound, the unconsciousness check (§3.2.6) and the END roll
    # still due; ``what`` is the one's effect or the other's outcome.
    chance, reading = check
    _record(
        character, event, at, body, location=loc, state=state.value, unconsciousness_chance=chance,
        unconsciousness=reading, rally=rally, epoch=epoch, chance=stream.ops, **what,
    )  # fmt: skip
    return {**what, "unconsciousness_chance": chance, "unconsciousness": reading, "rally": rally}


def _lose(body: dict[str, Any], losses: Mapping[str, int], e: Env) -> None:
    """Add permanent characteristic losses (§3.2.9.2, §3.2.7.3, §4.1.3 L2853) to the body: an END
    point lost lowers the blood points' maximum, 5 × END (§3.2.3), and the PH above it go, as
    they never rise above it (ruling WB8)."""
    before = max_pv_of(body, e.sheet_end)
    for key, n in losses.items():
        body["losses"][key] = int(body["losses"].get(key, 0)) + n
    body["ph"] = min(int(body["ph"]), blood_points(e.sheet_end - int(body["losses"].get("END", 0))))
    _keep_pv_left(body, before, e)


def _keep_pv_left(body: dict[str, Any], before: Mapping[str, int], e: Env) -> None:
    # §3.2.9.2 L2105-L2116: a loss diminishes a location's total PV ("diminution d'un point du
    # total de points de vie"), not the PV it has left, whose negative points heal back (§3.2.9.3
    # L2124): each wound's damage goes down by what its location's total lost, so that its PV
    # left stay as they were, at most the new total (ruling WB37).
    after = max_pv_of(body, e.sheet_end)
    for loc, w in body["wounds"].items():
        w["damage"] = max(0, int(w["damage"]) - (before[loc] - after[loc]))


def _deeper(w: dict[str, Any], loc: str, e: Env) -> CriticalEffect:
    # §3.2.9: the critical effect of the PV ``loc`` has left now, past the deepest it had reached
    # (a threshold is crossed once), which it then becomes.
    pv = pv_of(w, loc, e)
    critical = critical_effect(loc, pv, e.max_pv[loc], w["deepest"])
    w["deepest"] = max(w["deepest"], -pv)
    return critical


def _apply_lasting(body: dict[str, Any], w: dict[str, Any], loc: str, effect: CriticalEffect, e: Env) -> None:
    """What a critical wound leaves without a die (§3.2.9): permanent losses (END at 0 kills),
    the location's lower total, a death outright, a limb useless or to amputate."""
    _lose(body, effect.losses, e)
    before = max_pv_of(body, e.sheet_end)
    w["max_loss"] += effect.max_pv
    _keep_pv_left(body, before, e)
    if effect.fate == "killed":
        _kill(body, critical_cause(loc))
    elif effect.fate in ("useless", "amputate"):
        w["fate"] = effect.fate


def _apply_critical(
    body: dict[str, Any], w: dict[str, Any], loc: str, effect: CriticalEffect, at: int, e: Env, stream: ChanceStream
) -> None:
    """Record a critical wound's permanent losses or fate (§3.2.9), its death timer included
    (§3.2.9.1: abdomen, flanks, thighs)."""
    _apply_lasting(body, w, loc, effect, e)
    if effect.fate == "dies":
        dying_at = at + death_timer(stream, str(effect.dies_in))
        if body["dying"] is None or body["dying"]["at"] > dying_at:
            body["dying"] = {"at": dying_at, "cause": critical_cause(loc)}


def _hurt_further(body: dict[str, Any], w: dict[str, Any], loc: str, at: int, e: Env, stream: ChanceStream) -> tuple[CriticalEffect, bool]:
    """What the points a care or a pull just added to ``loc`` did: its critical effect (§3.2.9,
    a death timer's dice included) and whether the blood lost put him beyond saving (§3.2.4)."""
    critical = _deeper(w, loc, e)
    _apply_critical(body, w, loc, critical, at, e, stream)
    return critical, _blood_thresholds(body, e, at, stream) == "beyond saving"


def _round_rate(wound: Mapping[str, Any], loc: str, e: Env) -> int:
    # PH a round the wound in ``loc`` bleeds by first aid's count (§3.2.3): what first aid has not
    # stopped; pressing hands aside, as they hold it back only for a while (L1848).
    return bleeding.location_rate(
        state_of(wound, loc, e), e.multiplier[loc], wound["through"], wound["artery"], wound["stopped"], lodged=impaled_in(wound)
    )


def _bleeding(wound: Mapping[str, Any], loc: str, e: Env) -> bool:
    """Whether the wound in ``loc`` bleeds: PH a round (§3.2.3, what first aid has not stopped)
    or a minute (an extraction's bleed, §3.2.7.4)."""
    return bool(_round_rate(wound, loc, e) or wound["per_minute"])


def press(world: World, name: str, location: str, hands: int, rounds: int = 1) -> None:
    """The character presses 0, 1 or 2 of his own hands on a bleeding location (§3.2.3), for
    ``rounds`` rounds: "momentanément" (L1848), so the hands let go when they are over (ruling
    WB22, the timeline's ``release``), or sooner if he passes out."""
    if hands not in (0, 1, 2):
        raise RuleViolation("a character has two hands to press with")
    if rounds < 1:
        raise RuleViolation("pressing on a wound lasts one round at least")
    character = living(world, name)
    at, loc = world.campaign.clock, _loc(location)
    body = body_now(world, character, at)
    if loc not in body["wounds"]:
        raise RuleViolation(f"{character.name} has no wound in the {where(loc)}")
    if hands and not _bleeding(body["wounds"][loc], loc, env(world, character)):
        # §3.2.3 L1848: hands slow a bleeding, as first aid stops one (§3.2.4): on a wound that
        # does not bleed they do nothing; letting go (0 hands) is always allowed.
        raise RuleViolation(f"{character.name}'s {where(loc)} is not bleeding")
    others = sum(w["hands"] for k, w in body["wounds"].items() if k != loc)
    if others + hands > 2:
        raise RuleViolation(f"{character.name} has only two hands")
    body["wounds"][loc].update(hands=hands, pressed_until=at + rounds * bleeding.ROUND if hands else None)
    _record(character, be.PressureApplied, at, body, location=loc, hands=hands)


def aid(world: World, patient: str, location: str, by: str, modifier: Situation = NO_SITUATION) -> dict[str, Any]:
    """First aid on a bleeding location (§3.2.4): one *Premiers soins* roll of ``by`` read at the
    easy, normal and difficult chances. WB18: any PH stopped also stops an extraction bleed."""
    helper, fit = acting(world, by)
    character = living(world, patient, conscious=False)
    at, loc = world.campaign.clock, _loc(location)
    e = env(world, character)
    body = body_now(world, character, at)
    w = body["wounds"].get(loc)
    if w is None or not _bleeding(w, loc, e):
        raise RuleViolation(f"{character.name}'s {where(loc)} is not bleeding")
    _lay_hands(body, w, helper.name, at)
    skill, score = skill_score(helper, "Premiers soins")
    terms = situational({skill: score, **roll_terms(fit, "skill", skill, score)}, modifier)
    normal = sum(terms.values())
    epoch, stream = draw(world, character)
    rolled, qualities, result = aid_roll(stream, normal)
    bled = _round_rate(w, loc, e)  # before this aid: what its words may say it stopped (WB55)
    w["aided"] = True
    raw = bleeding.location_rate(state_of(w, loc, e), e.multiplier[loc], w["through"], w["artery"])
    if result.full:
        w.update(stopped=raw, per_minute=0, damage=max(0, w["damage"] - 1), stopped_by="first aid")
    else:
        w["stopped"] += result.stopped
        if result.stopped > 0:
            w.update(per_minute=0, stopped_by="first aid")
    outcome = {"chance": normal, "terms": terms, **rolled, "qualities": qualities}
    _record(
        character,
        be.FirstAidGiven,
        at,
        body,
        location=loc,
        by=helper.name,
        by_the_wounded=helper.id == character.id,
        bled=bled,
        outcome=outcome,
        result={**result.to_dict(), "improvement": result.full},
        epoch=epoch,
        chance=stream.ops,
    )
    if result.full:
        # §3.2.4 L1870: a critical success against the difficult chance earns the first-aider an
        # improvement roll; ruling WD1: this is the one the first-aid roll earns (not §2.5's too).
        from chronique.domain.rulesets.westernparade.downtime import grant_improvement  # downtime builds on care

        grant_improvement(world, helper.name, "Premiers soins", "first aid: critical success against the difficult chance (§3.2.4)")
    return {**result.to_dict(), "qualities": qualities}


def order_activity(world: World, name: str, level: str) -> str | None:
    """Care order: the character's activity level (§3.2.4): bed, moderate or active. Recorded
    even while a critical wound or a bandage keeps him in bed: it is the level he keeps once
    nothing does. Returns, in words, what keeps him in bed for now (None if nothing does)."""
    if level not in bleeding.ACTIVITIES:
        raise RuleViolation(f"activity is one of {', '.join(bleeding.ACTIVITIES)}")
    character = living(world, name, conscious=False)
    at = world.campaign.clock
    body = body_now(world, character, at)
    body["activity"] = level
    _record(character, be.ActivityOrdered, at, body, activity=level)
    return forced_bed_words(body, env(world, character), at)


@dataclass(frozen=True)
class Tended:
    """A care order as recorded: the ``patient`` and the ``location`` (its stored key), who tends
    it (``by``) with which care ``skill``, as the sheets and the skill list spell them; both None
    when nobody tends it any more."""

    patient: str
    location: str
    by: str | None
    skill: str | None


def order_tending(world: World, patient: str, location: str, by: str | None, skill: str | None) -> Tended:
    """Care order: who tends which wound with which care skill (or nobody). A tended wound is
    cared for (WB15: no daily infection roll while no bullet stays in it)."""
    character = living(world, patient, conscious=False)
    at, loc = world.campaign.clock, _loc(location)
    body = body_now(world, character, at)
    w = body["wounds"].get(loc)
    if w is None:
        raise RuleViolation(f"{character.name} has no wound in the {where(loc)}")
    tended = Tended(character.name, loc, None, None)
    tender = None
    if by is not None:
        canonical, score = skill_score(living(world, by), skill or "Bandages")
        if canonical not in CARE_SKILLS:
            raise RuleViolation(f"{canonical} is not a care skill ({', '.join(CARE_SKILLS)})")
        tended = Tended(character.name, loc, world.character(by).name, canonical)
        tender = {"by": tended.by, "skill": canonical, "score": score}
    # WB15: an order makes the wound cared for; withdrawn, it takes back only the care it gave, not
    # that of a care skill (a bandage, §6.18.2; an amputation), nor any care given with no order in
    # place (ruling WD22).
    kept = bool(w["bandaged"]) or w["fate"] == "amputated" or (bool(w["cared"]) and w.get("tender") is None)
    w.update(tender=tender, cared=tender is not None or kept)
    _record(character, be.TendingOrdered, at, body, location=loc, tender=tender)
    return tended


def care(world: World, patient: str, location: str, by: str, skill: str, modifier: Situation = NO_SITUATION) -> dict[str, Any]:
    """A care skill on a wound: *Bandages* (§6.18.2), *Extraction de balle* (§3.2.7.4),
    *Nettoyage d'une blessure* (§3.2.7.2, easy when preventive), *Cautérisation* (§6.18.4) or
    *Chirurgie* taking out a weapon lodged by an impaling thrust (§3.4.5.2)."""
    helper, fit = acting(world, by)
    character = living(world, patient, conscious=False)
    at, loc = world.campaign.clock, _loc(location)
    e = env(world, character)
    body = body_now(world, character, at)
    w = body["wounds"].get(loc)
    if w is None:
        raise RuleViolation(f"{character.name} has no wound in the {where(loc)}")
    canonical, score = skill_score(helper, skill)
    if canonical == "Extraction de balle" and loc == "head" and w.get("entry") == "flattened" and w["bullet"]:
        return _detach_flattened(world, character, helper, body)
    handler = _CARE.get(canonical)
    if handler is None:
        raise RuleViolation(f"{canonical} is not one of {', '.join(_CARE)}")
    extra = handler.check(w, f"{character.name}'s {where(loc)}")
    terms = situational({canonical: score, **roll_terms(fit, "skill", canonical, score)}, modifier)
    if extra:
        terms["wound"] = terms.get("wound", 0) + extra
    chance = sum(terms.values())
    epoch, stream = draw(world, character)
    rolled, total = skill_roll(stream, chance)
    grade = read(chance, total)
    result, inputs = handler.apply(body, w, loc, grade, at, e, stream)
    outcome = {"chance": chance, "terms": terms, **rolled, "quality": grade}
    _record(
        character,
        be.CareGiven,
        at,
        body,
        location=loc,
        by=helper.name,
        skill=canonical,
        outcome=outcome,
        result=result,
        **(_CARE_INPUTS | inputs),
        epoch=epoch,
        chance=stream.ops,
    )
    if (
        canonical == "Extraction de balle"
        and w.get("entry") == "removable"
        and inputs["first_attempt"]
        and w["bullet"]
        and not body["dead"]
    ):
        # §3.2.7.3 L2001: "un échec du praticien lors de la première tentative implique un nouveau
        # jet de chance" for what the bullet does: the victim's CHC roll, at once (ruling WB39).
        head_bullet_entry(world, character.name, "CHC")
    return {"quality": grade, "skill": canonical, "location": loc, **result}


def pull_out(
    world: World,
    patient: str,
    location: str,
    by: str,
    first_aid_by: str | None = None,
    modifier: Situation = NO_SITUATION,
    resisted: bool = False,
    weapon_name: str | None = None,
) -> dict[str, Any]:
    """Pull an impaling weapon out by force (§3.4.5.2 L2513), one action: ``by``'s STR roll; a
    failed try deals the location 1 damage; a successful one tears the weapon out for 1d6cum
    more, and the location bleeds double the normal until first aid masters it (L2527). A
    difficult *Premiers soins* roll of ``first_aid_by`` halves the 1d6cum ("à la dure", L2527,
    ruling WB46). The patient, if able to act, may oppose his STR (``resisted``, L2515): gripping
    the weapon (``weapon_name``), if sharp, costs each of his hands half its slash damage at each
    try, a wound of its own. Returns what the pull did (``impalement.Pull``) and the location."""
    puller, fit = acting(world, by)
    resistance, cut = None, 0
    if resisted:
        # L2515: "s'il est encore en état d'agir", "moyennant l'application des pénalités
        # imposées par la blessure": his own STR roll, his wounds' penalties in its terms.
        victim, victim_fit = acting(world, patient)
        if victim.name == puller.name:
            # L2515: the victim opposes the puller's STR; one pulling his own weapon out has no one
            # to resist (ruling WB48).
            raise RuleViolation(f"{victim.name} is the one pulling on the weapon: there is no one else to resist the pull (§3.4.5.2)")
        jfor_victim = int(stats(victim)["rolls"]["FOR"])
        resistance = {"jFOR": jfor_victim, **roll_terms(victim_fit, "characteristic", "FOR", jfor_victim)}
        cut = gripped(int(weapon(weapon_name).columns.get("slash", 0))) if weapon_name is not None else 0
    elif weapon_name is not None:
        raise RuleViolation("the weapon cuts only the hands of a victim who grips it to resist (§3.4.5.2)")
    character = living(world, patient, conscious=False)
    at, loc = world.campaign.clock, _loc(location)
    e = env(world, character)
    body = body_now(world, character, at)
    w = body["wounds"].get(loc)
    if w is None or not impaled_in(w):
        raise RuleViolation(f"no weapon is lodged in {character.name}'s {where(loc)}")
    jfor = int(stats(puller)["rolls"]["FOR"])
    strength = situational({"jFOR": jfor, **roll_terms(fit, "characteristic", "FOR", jfor)}, modifier)
    aid_terms = None
    if first_aid_by is not None:
        helper, helper_fit = acting(world, first_aid_by)
        skill, score = skill_score(helper, "Premiers soins")
        aid_terms = {skill: score, **roll_terms(helper_fit, "skill", skill, score), "difficulty": difficulty("difficult")}
    was_bleeding = any(rates(body, e))
    epoch, stream = draw(world, character)
    done = pull(stream, strength, aid_terms, resistance)
    w["damage"] += done.damage
    if done.out:
        # L2513 "une hémorragie double de la normale": the location's loss doubled, as a cut
        # artery's (§3.4.5.1); a fresh bleeding nothing has stopped yet (L2527).
        w.update(impaled=None, artery=True, stopped=0, aided=False)
        if not was_bleeding:
            body["round_progress"] = 0
    critical, fell = _hurt_further(body, w, loc, at, e, stream)
    _record(
        character,
        be.WeaponPulled,
        at,
        body,
        location=loc,
        by=puller.name,
        by_the_wounded=puller.id == character.id,
        first_aid_by=None if first_aid_by is None else world.character(first_aid_by).name,
        pull=done.to_dict(),
        critical=critical.to_dict(),
        fell_beyond_saving=fell,
        epoch=epoch,
        chance=stream.ops,
    )
    if cut and not body["dead"]:
        # L2515: "à chaque tentative de l'agresseur, la moitié des dommages de taille de l'arme à
        # chaque main": each hand a slash wound of its own.
        for hand in ("right-hand", "left-hand"):
            wound(world, character.name, hand, cut, "slash", f"gripping the {weapon(str(weapon_name)).name}")
    return {"location": loc, **done.to_dict()}


def _detach_flattened(world: World, character: Character, helper: Character, body: dict[str, Any]) -> dict[str, Any]:
    # §3.2.7.3 L1997: a bullet flattened on the bone "peut être détachée sans problème moyennant un
    # point de dommages supplémentaire": no extraction roll, so neither a failure nor the bleed a
    # minute of §3.2.7.4 (ruling WB41). The point may still cross the head's critical threshold,
    # whose fate is death outright (§3.2.9.1 L2108, ``wounds.BODY``), never a death timer: the
    # critical wound's lasting part is all there is, and no die is drawn. Only a bullet in the
    # head is flattened (``head_bullet_entry``).
    loc = "head"
    at, e = world.campaign.clock, env(world, character)
    w = body["wounds"][loc]
    w.update(bullet=False, entry=None, damage=w["damage"] + 1)
    critical = _deeper(w, loc, e)
    _apply_lasting(body, w, loc, critical, e)
    _record(character, be.BulletDetached, at, body, location=loc, by=helper.name, critical=critical.to_dict())
    return {"quality": None, "skill": "Extraction de balle", "location": loc, "detached": True, "damage": 1}


# The inputs a CareGiven records besides its roll, for the skills whose reading depends on them.
_CARE_INPUTS: dict[str, Any] = dict.fromkeys(("redone", "first_attempt", "chained", "critical", "fell_beyond_saving"))

Cared = tuple[dict[str, Any], dict[str, Any]]
"""What a care skill did: its result, and the inputs (of ``_CARE_INPUTS``) its reading depended on."""


class _Care:
    """How one care skill checks a wound (given it and the patient's location in words, Table
    3.2's name, for a refusal to name), and what its quality does."""

    def __init__(self, check: Callable[[dict[str, Any], str], int], apply: Callable[..., Cared]) -> None:
        self.check = check
        self.apply = apply


def _bandage_check(w: dict[str, Any], place: str) -> int:
    if w["bandaged"]:
        raise RuleViolation("a location is bandaged once (again only when wounded anew, §6.18.2)")
    if w["bullet"]:
        raise RuleViolation("a bandage works only once the bullet is out (§6.18.2)")
    if impaled_in(w):
        raise RuleViolation("a bandage works only once the weapon lodged in the wound is out (§6.18.2, §3.4.5.2, ruling WB44)")
    return 0


def _bandage(body: dict[str, Any], w: dict[str, Any], loc: str, grade: str, at: int, e: Env, stream: ChanceStream) -> Cared:
    # §6.18.2: Hollywood takes a day, realistic a week.
    done = bandaging(grade)
    w.update(bandaged=True, cared=True)
    if done.reopened:
        w.update(stopped=0, aided=False)
    elif done.pv:
        w["bandage"] = {"effect_at": at + (DAY if e.system == "hollywood" else 7 * DAY), "pv": done.pv}
    return done.to_dict(), {}


def _extract_check(w: dict[str, Any], place: str) -> int:
    if not w["bullet"]:
        raise RuleViolation(f"there is no bullet in {place}")
    # §3.2.7.3 L2003: after the victim's normal failure, every roll to extract the bullet in the
    # head is difficult (ruling WB38).
    return difficulty("difficult") if w.get("entry") == "difficult" else 0


def _extract(body: dict[str, Any], w: dict[str, Any], loc: str, grade: str, at: int, e: Env, stream: ChanceStream) -> Cared:
    first = not w.get("extracting", False)
    # §3.2.7.4 L2011: "dans tous les cas ... crée une hémorragie"; chaining attempts "n'aggrave
    # pas l'hémorragie": an attempt is chained while an earlier one's bleed still runs, so one
    # made after first aid stopped it bleeds anew (ruling WB62).
    chained = bool(w["per_minute"])
    done = extraction(grade, chained)
    w["extracting"] = True
    w["damage"] += done.damage
    body["ph"] -= done.ph
    w["per_minute"] = max(w["per_minute"], done.per_minute)
    if done.success:
        # Kept for the wound's care in words (ruling WD23): the sheet says the bullet is out.
        w.update(bullet=False, extracted=True)
    elif w.get("entry") == "difficult":
        # §3.2.7.3 L2003: a failed attempt makes it the critical failure's bullet, in too deep
        # to be removed: an easy roll every year (ruling WB38).
        w["bullet"] = False
        body["head_bullet"] = {"status": "lodged", "next_at": at + YEAR, "count": 0}
    critical, fell = _hurt_further(body, w, loc, at, e, stream)
    return done.to_dict(), {"first_attempt": first, "chained": chained, "critical": critical.to_dict(), "fell_beyond_saving": fell}


def _clean_check(w: dict[str, Any], place: str) -> int:
    if w.get("cleaned"):
        raise RuleViolation("a wound is cleaned once (§6.18)")
    return 25 if w["infected_at"] is None else 0  # easy when preventive (§3.2.7.2)


def _clean(body: dict[str, Any], w: dict[str, Any], loc: str, grade: str, at: int, e: Env, stream: ChanceStream) -> Cared:
    w["cleaned"] = True
    done = cleaning(grade)
    # Whether it worked, for the wound's care in words (ruling WD23): one try a wound (§6.18.13).
    w["cleaning"] = "cured" if done["cured"] else "failed"
    if done["cured"]:
        w.update(infected_at=None, cared=True)
    return done, {}


def _cautery_check(w: dict[str, Any], place: str) -> int:
    if w["infected_at"] is None:
        raise RuleViolation("cauterisation treats an infected wound")
    return int(w["cautery_malus"])


def _cauterise(body: dict[str, Any], w: dict[str, Any], loc: str, grade: str, at: int, e: Env, stream: ChanceStream) -> Cared:
    done = cauterisation(grade)
    w["damage"] += done.damage
    w["cautery_malus"] = done.next_malus
    if done.cured:
        # ``cauterised`` for the wound's care in words (ruling WD23).
        w.update(infected_at=None, cared=True, cauterised=True)
    if done.gangrene and w["gangrene_at"] is None:
        w["gangrene_at"] = at
    return done.to_dict(), {}


def _surgery_check(w: dict[str, Any], place: str) -> int:
    if not impaled_in(w):
        # Said as the pull's refusal says it, the location by its Table 3.2 name.
        raise RuleViolation(f"no weapon is lodged in {place} (Chirurgie takes one out, §3.4.5.2)")
    # §3.4.5.2 L2525: each catastrophic failure leaves it so badly placed that the next attempt
    # is one step harder (ruling WB45).
    return surgery_modifier(int(w["impaled"]["harder"]))


def _operate_out(body: dict[str, Any], w: dict[str, Any], loc: str, grade: str, at: int, e: Env, stream: ChanceStream) -> Cared:
    # §3.4.5.2 L2517-L2525: the attempt's damage to the location, then the rounds of its bleeding
    # lost at once: what the location bleeds a round by its state then, the weapon out of the
    # count and nothing stopped yet (ruling WB45). A weapon out by surgery leaves no bleeding to
    # master, "ce qui fait toute la différence d'avec l'intervention chirurgicale" (L2527).
    done = surgery(grade)
    w["damage"] += done.damage
    raw = bleeding.location_rate(state_of(w, loc, e), e.multiplier[loc], w["through"], w["artery"])
    body["ph"] -= done.rounds * raw
    if done.removed:
        w["impaled"] = None
        w.update(stopped=raw, per_minute=0, stopped_by="surgery")
    elif done.harder:
        w["impaled"] = {"harder": int(w["impaled"]["harder"]) + 1}
    critical, fell = _hurt_further(body, w, loc, at, e, stream)
    return done.to_dict(), {"critical": critical.to_dict(), "fell_beyond_saving": fell}


_CARE = {
    "Bandages": _Care(_bandage_check, _bandage),
    "Extraction de balle": _Care(_extract_check, _extract),
    "Nettoyage d'une blessure": _Care(_clean_check, _clean),
    "Cautérisation": _Care(_cautery_check, _cauterise),
    "Chirurgie": _Care(_surgery_check, _operate_out),
}


# §6.18.1 cuts off an infected or gangrenous limb, §3.2.9.1 a limb beyond its critical threshold
# ("bras, main, jambe, pied ... doit être amputée"; the thigh and the shoulder are where a leg and
# an arm come off, WB12): head, throat, chest, abdomen and flanks have no limb to take off.
AMPUTABLE = frozenset({"shoulder", "arm", "hand", "thigh", "leg", "foot"})


def amputate(world: World, patient: str, location: str, by: str, modifier: Situation = NO_SITUATION) -> dict[str, Any]:
    """An amputation (§6.18.1): the surgeon's *Amputation* roll, then the patient's END roll at
    the step that roll calls for (none after an EXTRA); a CATA_F, or a failed END roll, kills.
    A CRIT_F is partial: if the patient lives the operation is redone (the next day), where any
    failure kills. Done, it stops bleeding, infection and gangrene there; a leg or foot halves
    AGI (footnotes 9-10, WB12). Returns what it did and both rolls (``outcome``)."""
    loc = _loc(location)
    if part_of(loc) not in AMPUTABLE:
        raise RuleViolation(
            f"the {where(loc)} cannot be amputated: only a limb can (§6.18.1, §3.2.9.1), a shoulder, arm, hand, thigh, leg or foot"
        )
    helper, fit = acting(world, by)
    character = living(world, patient, conscious=False)
    at = world.campaign.clock
    body = body_now(world, character, at)
    if loc not in body["wounds"]:
        # §6.18.1 L5121 cuts off an infected wound whose cleaning failed, or gangrene; §3.2.9.1
        # L2099 a limb past its critical threshold: an unwounded limb has nothing to take off.
        raise RuleViolation(f"{character.name} has no wound in the {where(loc)}: only a wounded limb is amputated (§6.18.1, §3.2.9.1)")
    w = body["wounds"][loc]
    if w["fate"] == "amputated":
        raise RuleViolation(f"{character.name}'s {where(loc)} is already amputated")
    skill, score = skill_score(helper, "Amputation")
    terms = situational({skill: score, **roll_terms(fit, "skill", skill, score)}, modifier)
    epoch, stream = draw(world, character)
    redone = bool(w.get("redo"))
    operation = operate(stream, terms, redone, end_chance(character.sheet, body["losses"]))
    done, dies = operation.reading, operation.dies
    if dies:
        _kill(body, f"amputation of the {where(loc)}")
    elif done.redo:
        w["redo"] = True
    else:
        w.update(fate="amputated", infected_at=None, gangrene_at=None, per_minute=0, bullet=False, cared=True, redo=False)
        if part_of(loc) in ("leg", "foot", "thigh"):
            agi = int(character.sheet["characteristics"]["AGI"]) - int(body["losses"].get("AGI", 0))
            body["losses"]["AGI"] = int(body["losses"].get("AGI", 0)) + agi - agi // 2
    result = operation.result()
    outcome = operation.outcome()
    _record(
        character,
        be.CareGiven,
        at,
        body,
        location=loc,
        by=helper.name,
        skill=skill,
        outcome=outcome,
        result=result,
        **(_CARE_INPUTS | {"redone": redone}),
        epoch=epoch,
        chance=stream.ops,
    )
    return result | {"outcome": outcome}


def drink(world: World, name: str, tenths: int) -> str:
    """The character drinks ``tenths`` tenths of a unit (§4.1: 1 unit = 1 dl whisky, 5 dl beer).
    Falling into an ethylic coma calls for two easy END rolls (§4.1.3 L2853): the first failed
    costs 1 INT, the second 1 END (ruling WD5: rolled as the coma begins)."""
    if tenths < 1:
        raise RuleViolation("drink at least a tenth of a unit")
    character = living(world, name)
    at = world.campaign.clock
    e = env(world, character)
    body = body_now(world, character, at)
    before = alcohol.stage(body["alcohol"]["tenths"], e.m_end, e.drinker)
    body["alcohol"]["tenths"] += tenths
    stage = alcohol.stage(body["alcohol"]["tenths"], e.m_end, e.drinker)
    body["alcohol"]["stage"] = stage
    _record(character, be.DrinkTaken, at, body, tenths=tenths, stage=stage)
    if stage == "coma" and before != "coma":
        epoch, stream = draw(world, character)
        # The coma's rolls come before the losses they cost: the END lost before counts (§4.1.3).
        chance = end_chance(character.sheet, body["losses"]) | {"difficulty": difficulty("easy")}
        rolls = [roll_chance(stream, chance) for _ in alcohol.COMA_LOSSES]
        losses = {key: 1 for key, r in zip(alcohol.COMA_LOSSES, rolls, strict=True) if not r.success}
        _lose(body, losses, e)
        _record(character, be.ComaEndured, at, body, outcomes=[r.to_dict() for r in rolls], losses=losses, epoch=epoch, chance=stream.ops)
    return stage


def sober_up(world: World, name: str) -> str:
    """Emergency sobering (§4.1.3 L2859): a difficult END roll; on a success the character is one
    stage better for END rounds, taking from the two Table 4.2 columns whichever is better on each
    line (``fitness.effects``). Returns the stage he acts at."""
    character = living(world, name)
    at = world.campaign.clock
    e = env(world, character)
    body = body_now(world, character, at)
    stage = alcohol.stage(body["alcohol"]["tenths"], e.m_end, e.drinker)
    if stage == "sober":
        raise RuleViolation(f"{character.name} is sober")
    epoch, stream = draw(world, character)
    # END rounds of the END he has left: permanent losses are his END now (§3.2.9.2, §4.1.3).
    end = e.sheet_end - int(body["losses"].get("END", 0))
    outcome = roll_chance(stream, end_chance(character.sheet, body["losses"]) | {"difficulty": difficulty("difficult")})
    acting_at = alcohol.better(stage) if outcome.success else stage
    if outcome.success:
        body["alcohol"]["sobered"] = {"until": at + end * bleeding.ROUND, "stage": acting_at}
    _record(character, be.SoberingAttempted, at, body, outcome=outcome.to_dict(), stage=acting_at, epoch=epoch, chance=stream.ops)
    return acting_at


def effort(world: World, name: str, location: str) -> bool:
    """A violent effort using a wounded location while convalescent (§3.2.8.3): it reopens on a
    plain d100 under (unhealed PV x 5%) - (mEND x 3%); WB19 (digest §5.14): a reopened wound
    bleeds at its state's rate and needs care like a new one."""
    character = living(world, name)
    at, loc = world.campaign.clock, _loc(location)
    e = env(world, character)
    body = body_now(world, character, at)
    w = body["wounds"].get(loc)
    if w is None or w["damage"] <= 0:
        raise RuleViolation(f"{character.name} has no unhealed wound in the {where(loc)}")
    percent = w["damage"] * 5 - e.m_end * 3
    epoch, stream = draw(world, character)
    roll = stream.die(100)
    reopened = roll <= percent
    if reopened:
        w.update(stopped=0, aided=False, cared=False, untreated_days=0, since=at, bandaged=False, bandage=None)
    _record(
        character, be.WoundReopened, at, body, location=loc, percent=percent, roll=roll, reopened=reopened, epoch=epoch, chance=stream.ops
    )
    return reopened


# The body's timed processes (fired by processes.WesternParadeProcesses).


def fire(world: World, character: Character, process: str, at: int) -> str:
    """Fire one body process of ``character`` at ``at``; return a one-line account."""
    e = env(world, character)
    body = body_now(world, character, at)
    kind, _, loc = process.partition(":")
    who = character.name
    if kind == "bleed":
        epoch, stream = draw(world, character)
        what = _blood_thresholds(body, e, at, stream) or "still bleeding"
        _record(
            character,
            be.BloodLost,
            at,
            body,
            what=what,
            ph=body["ph"],
            dying_at=(body["dying"] or {}).get("at"),
            epoch=epoch,
            chance=stream.ops,
        )
        # Ruling WD27: the advance's line in the log's words, "(36 PH below zero)", not "(PH -36)".
        return f"{who}: {what} ({blood_left(int(body['ph']))})"
    if kind == "wake":
        cause = (body["blackout"] or {}).get("cause", "wound")
        body.update(unconscious=False, blackout=None)
        _record(character, be.Woke, at, body, cause=cause)
        return f"{who} comes to"
    if kind in ("death", "sepsis", "gangrene"):
        cause = {"sepsis": f"infection of the {where(loc)}", "gangrene": f"gangrene of the {where(loc)}"}.get(kind) or body["dying"][
            "cause"
        ]
        _kill(body, cause)
        _record(character, be.Died, at, body, cause=cause)
        return f"{who} dies ({cause})"
    if kind in ("heal", "settle"):
        healed = sorted(k for k, w in body["wounds"].items() if w["damage"] <= 0 and w["fate"] is None and not w["bullet"])
        for k in healed:
            del body["wounds"][k]
        _record(character, be.BodySettled, at, body, reason="healing" if kind == "heal" else "advance", healed=healed)
        return f"{who}: healed {', '.join(where(k) for k in healed)}" if healed else f"{who}: {settled_words(body, e)}"
    if kind == "infect":
        return _infection_roll(world, character, body, loc, at)
    if kind == "bandage":
        w = body["wounds"][loc]
        pv = int(w["bandage"]["pv"])
        w.update(damage=max(0, w["damage"] - pv), bandage=None)
        _record(character, be.BandageTook, at, body, location=loc, pv=pv)
        return f"{who}: the bandage on the {where(loc)} gives {pv} PV"
    if kind == "alcohol":
        stage = alcohol.stage(body["alcohol"]["tenths"], e.m_end, e.drinker)
        body["alcohol"].update(stage=stage, progress=body["alcohol"]["progress"] if body["alcohol"]["tenths"] else 0)
        _record(character, be.SoberedUp, at, body, stage=stage)
        return f"{who}: {sobered_words(stage, int(body['alcohol']['tenths']))}"
    if kind == "headbullet":
        return _head_bullet_roll(world, character, body, at)
    if kind == "release":
        body["wounds"][loc].update(hands=0, pressed_until=None)
        _record(character, be.PressureReleased, at, body, location=loc)
        return f"{who} lets go of the {where(loc)}"
    raise RuntimeError(f"no body process {process!r}")


def _infection_roll(world: World, character: Character, body: dict[str, Any], loc: str, at: int) -> str:
    w = body["wounds"][loc]
    w["untreated_days"] += 1
    day = int(w["untreated_days"])
    percent = infection_chance(day, int(w["damage"]))
    epoch, stream = draw(world, character)
    roll = stream.die(100)
    infected = roll <= percent
    if infected:
        w["infected_at"] = at
    _record(
        character,
        be.InfectionRolled,
        at,
        body,
        location=loc,
        day=day,
        percent=percent,
        roll=roll,
        infected=infected,
        epoch=epoch,
        chance=stream.ops,
    )
    return f"{character.name}: the {where(loc)} {'is infected' if infected else 'is not infected'} (day {day}, {percent}%)"


def _end_or_luck(character: Character, body: Mapping[str, Any], use: str | None = None) -> dict[str, int]:
    # §3.2.7.3: the bullet's rolls are under jEND (after the END a migrating bullet already took,
    # L2004) or jCHC, ``use`` or else the better of the two (ruling WB23), as the roll's one term
    # named for the characteristic, so that its words say which was rolled (ruling WB42).
    rolls = {"jEND": chance_of(end_chance(character.sheet, body["losses"])), "jCHC": int(stats(character)["rolls"]["CHC"])}
    name = f"j{use}" if use is not None else max(rolls, key=lambda k: rolls[k])
    return {name: rolls[name]}


def head_bullet_entry(world: World, name: str, use: str | None = None) -> str:
    """The victim of a bullet in the head rolls CHC or END, his choice (§3.2.7.3 L1997); with no
    choice said, the better of the two (ruling WB23, as for the later rolls)."""
    if use is not None and use not in ("END", "CHC"):
        raise RuleViolation(f"the roll for a bullet in the head is under END or CHC (§3.2.7.3), not {use}")
    character = living(world, name, conscious=False)
    at = world.campaign.clock
    body = body_now(world, character, at)
    if "head" not in body["wounds"] or not body["wounds"]["head"]["bullet"]:
        raise RuleViolation(f"{character.name} has no bullet in the head")
    terms = _end_or_luck(character, body, use)
    epoch, stream = draw(world, character)
    chance = chance_of(terms)
    rolled, total = skill_roll(stream, chance)
    status = head_bullet(read(chance, total))
    if status in ("lodged", "migrating"):
        body["wounds"]["head"]["bullet"] = False
        body["head_bullet"] = {"status": status, "next_at": at + (YEAR if status == "lodged" else WEEK), "count": 0}
    else:
        # What the extraction of a bullet still to be removed must reckon with (ruling WB38).
        body["wounds"]["head"]["entry"] = status
    _record(
        character,
        be.HeadBulletRolled,
        at,
        body,
        status=status,
        outcome={"chance": chance, "terms": terms, **rolled},
        losses={},
        epoch=epoch,
        chance=stream.ops,
    )
    return status


def _head_bullet_roll(world: World, character: Character, body: dict[str, Any], at: int) -> str:
    # §3.2.7.3: yearly easy roll (lodged), weekly roll (migrating); the better of END and CHC.
    hb = body["head_bullet"]
    terms = _end_or_luck(character, body) | ({"difficulty": difficulty("easy")} if hb["status"] == "lodged" else {})
    chance = chance_of(terms)
    epoch, stream = draw(world, character)
    rolled, total = skill_roll(stream, chance)
    ok = read(chance, total) in ("NORM_S", "CRIT_S", "EXTRA")
    losses: dict[str, int] = {}
    if hb["status"] == "lodged":
        hb["count"] = hb["count"] + 1 if ok else 0
        if not ok:
            hb.update(status="migrating", count=0, next_at=at + WEEK)
        elif hb["count"] >= STABLE_AFTER:
            hb["status"] = "stable"
        else:
            hb["next_at"] = at + YEAR
    else:
        hb["next_at"] = at + WEEK
        if not ok:
            hb["count"] += 1
            losses, dies = migration(hb["count"])
            _lose(body, losses, env(world, character))
            if dies:
                _kill(body, "bullet in the head")
    _record(
        character,
        be.HeadBulletRolled,
        at,
        body,
        status=hb["status"],
        outcome={"chance": chance, "terms": terms, **rolled},
        losses=losses,
        epoch=epoch,
        chance=stream.ops,
    )
    return f"{character.name}: bullet in the head {hb['status']}"
