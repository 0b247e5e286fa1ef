"""Western Parade at the table: helpers every part of the ruleset uses to read a character's
sheet, draw chance from the world's streams and record events, plus skill/characteristic rolls,
duels and detection.

For the body (wounds, bleeding, healing) and downtime (training, experience) modules:

- ``sheet_of(character)`` is the typed sheet, ``stats(character)`` its ``derived`` dict (see
  ``sheet.py`` for the shape: ``pv``, ``ph``, ``modifiers``, ``rolls``, ``skills``...);
- ``skill_score(character, name)`` / ``characteristic_score(character, name)`` read scores;
- ``draw(world, character)`` gives ``(epoch, stream)`` for the character's NEXT event: roll every
  die of that event from it, then ``character.record(EventClass, ..., epoch=epoch,
  chance=stream.ops)`` immediately (the stream is bound to that draw place, FAIRNESS.md);
- ``roll_chance(stream, terms)`` resolves an open-ended d100 roll against ``terms``;
- ``check(world, name, Check(...))`` makes and records a skill or characteristic roll.

Every roll made here carries what the body does to it (``fitness``: wound penalties, infection,
alcohol, permanent losses) as labelled terms of its chance, refuses a character who cannot act,
and grants the improvement roll a success earns (§2.4.7, §2.5; ``downtime.grant_if_earned``).
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from chronique.domain.chance import ChanceStream
from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.names import spoken
from chronique.domain.rulesets.westernparade import events as ev
from chronique.domain.rulesets.westernparade.combat import (
    Attacker,
    Damage,
    Hurt,
    Load,
    Recoil,
    Reload,
    ShotSetup,
    StrayHit,
    Weapon,
    black_powder,
    blow_lands,
    bullet_damage,
    extraordinary,
    extraordinary_effect,
    firing_skill,
    gun_explodes,
    hit_location,
    melee_column,
    missing_strength,
    pellet_damage,
    range_band,
    recoil,
    reloading,
    shot_terms,
    shotgun_blast,
    stray,
    stray_hit,
    strength_adjustment,
    volley,
    weapon,
    weapon_hand,
)
from chronique.domain.rulesets.westernparade.fitness import Body, able, body_at, roll_terms
from chronique.domain.rulesets.westernparade.incapacity import fit_to_fight
from chronique.domain.rulesets.westernparade.resolution import RollOutcome, detected, difficulty, duel, roll
from chronique.domain.rulesets.westernparade.tables import characteristic, location, skill_name, tables
from chronique.domain.text import fold, plural, quoted, to_type
from chronique.domain.world import World

if TYPE_CHECKING:
    from chronique.domain.rulesets.westernparade.sheet import WPSheet


def sheet_of(character: Character) -> WPSheet:
    """The character's sheet as the typed model (pydantic, imported on first use: a roll reads
    only the sheet's derived values, issue 20)."""
    from chronique.domain.rulesets.westernparade.sheet import sheet_of_data

    return sheet_of_data(character.sheet)


def stats(character: Character) -> Mapping[str, Any]:
    """The character's derived values (``sheet["derived"]``)."""
    derived: Mapping[str, Any] = character.sheet["derived"]
    return derived


def skill_score(character: Character, name: str) -> tuple[str, int]:
    """(canonical name, current score) of a skill of the character (every catalogue skill has a
    score; a per-subject skill such as "Langue vivante (espagnol)" only once bought)."""
    canonical = skill_name(name)
    scores: Mapping[str, int] = stats(character)["skills"]
    if canonical not in scores:
        raise RuleViolation(f"{character.name} has no skill {quoted(canonical)}")
    return canonical, scores[canonical]


def characteristic_score(character: Character, name: str) -> tuple[str, int, int]:
    """(abbreviation, value, jX) of a primary or secondary characteristic."""
    key = characteristic(name)
    d = stats(character)
    value = d[key] if key in ("VIT", "REP") else character.sheet["characteristics"][key]
    return key, value, d["rolls"][key]


def living(world: World, name: str, conscious: bool = True) -> Character:
    """The named character, refusing the dead (and the unconscious when it must act)."""
    character = world.character(name)
    if character.condition.get("dead"):
        raise RuleViolation(f"{character.name} is dead")
    if conscious and character.condition.get("unconscious"):
        raise RuleViolation(f"{character.name} is unconscious")
    return character


def body(world: World, character: Character) -> Body:
    """The character's body now (the campaign's clock), as ``fitness`` reads it."""
    return body_at(character.name, character.sheet, character.condition, world.campaign.settings, world.campaign.clock)


def acting(world: World, name: str, fight: bool = False) -> tuple[Character, Body]:
    """The named character and his body, refusing one who cannot act now (``fitness.able``) and,
    for an attack, one put out of action who has not yet won back the right to act (§3.2.5)."""
    character = world.character(name)
    now = body(world, character)
    able(now, fight)
    if fight:
        fit_to_fight(character.name, character.condition)
    return character, now


def earned(world: World, character: Character, target: str, outcome: RollOutcome) -> None:
    """Grant the improvement roll a successful roll earns (§2.4.7, §2.5), if it does."""
    # downtime builds on this module (draw, stats...): imported where it is used.
    from chronique.domain.rulesets.westernparade.downtime import grant_if_earned

    grant_if_earned(world, character.name, target, outcome)


def draw(world: World, character: Character) -> tuple[str, ChanceStream]:
    """The epoch and the chance stream of the character's next event (its draw place)."""
    epoch = world.campaign.epoch
    return epoch, world.stream(epoch, character.draw_place(epoch))


def roll_chance(stream: ChanceStream, terms: Mapping[str, int], luck_chance: int | None = None) -> RollOutcome:
    """An open-ended d100 roll against the sum of ``terms`` (see ``resolution.roll``)."""
    return roll(stream, terms, luck_chance)


@dataclass(frozen=True)
class Check:
    """A roll the GM asks for (§2.1): a skill or a characteristic, a difficulty step, the
    situational modifiers by label; ``insist`` on an impossible chance (§2.1.1); ``hidden``
    for a GM-secret roll (sealed until its epoch is revealed)."""

    skill: str | None = None
    characteristic: str | None = None
    difficulty: str | int = "normal"
    modifiers: Mapping[str, int] = field(default_factory=dict)
    purpose: str = ""
    insist: bool = False
    hidden: bool = False


def terms_of(character: Character, spec: Check, fit: Body) -> tuple[str, str, dict[str, int]]:
    """(kind, name, chance terms) of a check: the score (skill %, or jX — never the raw
    characteristic, §2.1), the difficulty step, what the body ``fit`` does to it, the
    situational modifiers (a label the body already uses adds to it)."""
    if (spec.skill is None) == (spec.characteristic is None):
        raise RuleViolation("a roll is under a skill or under a characteristic (one of them)")
    if spec.skill is not None:
        kind, (name, score) = "skill", skill_score(character, spec.skill)
    else:
        key, _, score = characteristic_score(character, str(spec.characteristic))
        kind, name = "characteristic", key
    terms = {name if kind == "skill" else f"j{name}": score}
    step = difficulty(spec.difficulty)
    if step:
        terms["difficulty"] = step
    terms |= roll_terms(fit, kind, name, score)
    for label, value in spec.modifiers.items():
        if value:
            terms[label] = terms.get(label, 0) + value
    return kind, name, terms


def check(world: World, name: str, spec: Check) -> RollOutcome:
    """Make and record a skill or characteristic roll (§2.1; characteristic rolls §1.6.3)."""
    character, fit = acting(world, name)
    kind, rolled, terms = terms_of(character, spec, fit)
    sheet_version = character.version
    epoch, stream = draw(world, character)
    luck = stats(character)["rolls"]["CHC"] if spec.insist else None
    outcome = roll_chance(stream, terms, luck)
    character.record(
        ev.CheckRolled,
        at=world.campaign.clock,
        kind=kind,
        name=rolled,
        purpose=spec.purpose or f"{rolled} roll",
        outcome=outcome.to_dict(),
        sheet_version=sheet_version,
        epoch=epoch,
        chance=stream.ops,
        sealed_until=epoch if spec.hidden else None,
    )
    if not spec.hidden:  # ruling WD2: a public grant would tell the players how a sealed roll went
        earned(world, character, rolled, outcome)
    return outcome


@dataclass(frozen=True)
class Opposition:
    """Both rolls of an opposition and its result (won/lost/deadlock, detected/undetected), from
    the first character's side."""

    first: RollOutcome
    second: RollOutcome | None
    result: str


def oppose(world: World, first: str, first_check: Check, second: str, second_check: Check) -> Opposition:
    """A duel (§2.2.1): both roll; the better quality wins, equal qualities deadlock."""
    _two_sides(world, first, second, "duel with")
    a = check(world, first, first_check)
    b = check(world, second, second_check)
    result = ("deadlock", "won", "lost")[duel(a.quality, b.quality)]
    _record_opposition(world, first, "duel", second, a, b, result)
    return Opposition(a, b, result)


def detect(world: World, concealer: str, concealment: Check, detector: str, detection: Check) -> Opposition:
    """A detection (§2.2.2), from the concealer's side: a failed concealment is found out with no
    detection roll; otherwise the detector needs a strictly better quality."""
    _two_sides(world, concealer, detector, "hide from")
    hidden = check(world, concealer, concealment)
    seeking = check(world, detector, detection) if hidden.success else None
    found = detected(hidden.quality, seeking.quality if seeking is not None else hidden.quality)
    result = "detected" if found else "undetected"
    _record_opposition(world, concealer, "detection", detector, hidden, seeking, result)
    return Opposition(hidden, seeking, result)


def _two_sides(world: World, one: str, other: str, verb: str) -> None:
    # §2.2 and §3.4 set two characters against each other: nobody duels, hides from or strikes
    # himself (a wound of his own is the GM's to record, body wound).
    if world.character(one).id == world.character(other).id:
        raise RuleViolation(f"{world.character(one).name} cannot {verb} themselves")


def _record_opposition(
    world: World, name: str, kind: str, opponent: str, own: RollOutcome, theirs: RollOutcome | None, result: str
) -> None:
    character = world.character(name)
    character.record(
        ev.OppositionResolved,
        at=world.campaign.clock,
        kind=kind,
        opponent=world.character(opponent).name,
        own=own.quality,
        theirs=theirs.quality if theirs is not None else None,
        result=result,
    )


# -- firearms (§3.3) -------------------------------------------------------------------------


@dataclass(frozen=True)
class Shot:
    """A recorded shot: the to-hit roll, where it landed (or the stray direction), the damage;
    what it did to the shooter: the gun that exploded (§3.3.1), the recoil (§3.3.3); a shotgun's
    ``charge`` as recorded (§3.6.1, ``combat.Blast.to_dict``)."""

    outcome: RollOutcome
    location: str | None
    damage: Damage | None
    stray: str | None
    exploded: Hurt | None = None
    recoil: Recoil | None = None
    head_bullet: str | None = None
    stray_hit: StrayHit | None = None
    charge: Mapping[str, Any] | None = None


def carried(character: Character, name: str) -> Weapon:
    """The weapon of the character's sheet ``name`` names: one he carries first, by its name or
    by words of it that name one alone ("Colt" for his Colt SA Peacemaker, ruling WD31); else the
    chapter-5 weapon of that name, refused if he does not carry it. A refusal offers the weapons
    he carries before the others."""
    held = [weapon(n) for n in sheet_of(character).weapons]
    typed = fold(name)
    words = set(typed.split("-"))
    named = [w for w in held if fold(w.name) == typed] or [w for w in held if typed and words <= set(fold(w.name).split("-"))]
    if len(named) > 1:
        raise RuleViolation(
            f"{quoted(name)} could be more than one weapon {character.name} carries: {spoken([w.name for w in named])}; type it as written"
        )
    found = named[0] if named else weapon(name, first=[w.name for w in held])
    if found.name not in {w.name for w in held}:
        raise RuleViolation(f"{character.name} carries no {found.name}")
    return found


def shoot(
    world: World, shooter: str, target: str, weapon_name: str, setup: ShotSetup, d100: bool = False, bystander: str | None = None
) -> Shot:
    """One shot, aimed as the shooter's rank allows or ``fast`` (§3.3.4), from a gun with a
    cartridge in it (§3.1.5.5): see :func:`_fire`. Rapid fire is :func:`rapid_fire`'s."""
    if setup.mode == "rapid":
        raise RuleViolation("rapid fire is several quick shots (§3.3.5): say how many")
    a = world.character(shooter)
    _loaded_for(world, a, carried(a, weapon_name), 1)
    return _fire(world, shooter, target, weapon_name, setup, d100, bystander)


def rapid_fire(
    world: World,
    shooter: str,
    target: str,
    weapon_name: str,
    shots: int,
    setup: ShotSetup,
    d100: bool = False,
    bystander: str | None = None,
) -> list[Shot]:
    """Several quick shots at one rank (§3.3.5 L2297-L2302): as many as the weapon's rate of fire
    allows and its cartridges, each at -40% and with no aimed location, each a shot of its own
    (:func:`_fire`). They stop early when the gun explodes, its shooter falls or its target is
    dead: the shots fired."""
    a = world.character(shooter)
    gun = carried(a, weapon_name)
    count = volley(gun, shots)
    _loaded_for(world, a, gun, count)
    fired: list[Shot] = []
    for number in range(1, count + 1):
        fired.append(_fire(world, shooter, target, weapon_name, replace(setup, mode="rapid"), d100, bystander, (number, count)))
        if not _fires_on(world, shooter, target, fired[-1]):
            break
    return fired


def _fires_on(world: World, shooter: str, target: str, last: Shot) -> bool:
    # §3.3.5: the quick shots of one rank; a gun that exploded fires no more (§3.3.1 L2146), a
    # shooter who fell or a dead target ends them.
    a, d = world.character(shooter), world.character(target)
    return last.exploded is None and not (a.condition.get("dead") or a.condition.get("unconscious") or d.condition.get("dead"))


def load(character: Character, gun: Weapon) -> Load:
    """What ``gun`` holds now: the character's ``guns`` condition (§3.1.5.5); one never fired
    nor reloaded in the journal is full and closed (ruling WD34)."""
    kept = character.condition.get("guns", {}).get(gun.name)
    if kept is None:
        return Load(gun.shots, False)
    return Load(int(kept["loaded"]), bool(kept["open"]), bool(kept.get("exploded")))


def intact(character: Character, gun: Weapon) -> None:
    """Refuse a gun that exploded in the character's hands (§3.3.1 L2146): it is no gun any
    more, to fire or to reload (ruling WD36)."""
    if load(character, gun).exploded:
        raise RuleViolation(f"the {gun.name} of {character.name} exploded in their hands (§3.3.1): it fires no more and takes no reload")


def _loaded_for(world: World, character: Character, gun: Weapon, shots: int) -> None:
    # §5.1.3.2 L3001: the gun fires its "Mun." before it must be reloaded (§3.1.5.5); one that
    # exploded fires no more (§3.3.1 L2146).
    intact(character, gun)
    held = load(character, gun).loaded
    if held >= shots:
        return
    if gun.firearm:
        campaign, who, what = (shlex.quote(n) for n in (world.campaign.name, character.name, gun.name))
        # A black-powder gun reloads out of the fight alone (ruling WD33): the command says so.
        how = to_type(f"western-parade reload {campaign} {who} --weapon {what}{' --out-of-fight' if black_powder(gun) else ''}")
        state = f"holds {plural(held, 'cartridge')}, not enough for {shots} shots" if held else "is empty"
        raise RuleViolation(f"the {gun.name} of {character.name} {state}: {how}")


def reload(world: World, name: str, weapon_name: str, actions: int | None = 1, cartridges: int | None = None) -> Reload:
    """``actions`` actions of reloading a carried firearm in a fight (§3.1.5.5 L1644-L1650), or
    None out of a fight (the only way for a black-powder gun, ruling WD33): the cartridges the GM
    says, or as many as the actions allow (1 + mVIT the first action into a closed gun, 2 + mVIT
    each into an open one) and the gun holds; the gun is left open until it fires (ruling WD34).
    No dice: recorded as ``WeaponReloaded`` (``actions`` 0 out of a fight)."""
    character, _ = acting(world, name)
    gun = carried(character, weapon_name)
    intact(character, gun)
    before = load(character, gun)
    done = reloading(gun, int(stats(character)["modifiers"]["VIT"]), before.loaded, before.open, actions, cartridges)
    character.record(
        ev.WeaponReloaded,
        at=world.campaign.clock,
        weapon=gun.name,
        actions=actions or 0,
        opened=before.open,
        cartridges=done.cartridges,
        loaded=done.loaded,
    )
    return done


def _fire(
    world: World,
    shooter: str,
    target: str,
    weapon_name: str,
    setup: ShotSetup,
    d100: bool = False,
    bystander: str | None = None,
    volley_place: tuple[int, int] | None = None,
) -> Shot:
    """A shot (§3.3.1): the to-hit roll with its modifiers; on a hit the location (Table 3.10,
    3.12 or 3.14) and the fixed damage with the critical 1d6cum and a pass-through's exit
    1d6cum; on a miss the stray bullet's direction (Table 3.9), except on a catastrophic failure,
    where the gun explodes in the shooter's hands (§3.3.1 L2146); a stray bullet hits the
    ``bystander`` the table names in its path (L2134: the weapon's damage in a random location,
    +1d6cum on a critical failure); then the recoil's d100 if the weapon is too strong for him
    (§3.3.3 L2285). Recorded on the shooter's chain (``ShotFired``); the hit then goes to the
    target's (or the bystander's) body, the explosion and the recoil to the shooter's (``hit``,
    the body's wound); ``head_bullet`` is the roll of the one with a bullet in the head. The shot
    takes a cartridge out of the gun (``loaded_before``, §3.1.5.5); ``volley_place`` is its place
    in a rapid fire's quick shots (§3.3.5)."""
    a, fit = acting(world, shooter, fight=True)
    d = living(world, target, conscious=False)
    if d.id == a.id:
        # §3.3 shoots at a target the shooter aims at; a wound of his own is the GM's (body wound).
        raise RuleViolation(f"{a.name} cannot shoot at themselves")
    innocent = living(world, bystander, conscious=False) if bystander is not None else None
    if innocent is not None and innocent.name in (a.name, d.name):
        raise RuleViolation("the bystander in the bullet's path is neither the shooter nor the target")
    gun = carried(a, weapon_name)
    if not gun.firearm:
        raise RuleViolation(not_fired(gun))
    # §3.6.1.2: a shotgun's charge is the table's to say, and a bullet's gun takes none.
    if gun.shotgun and setup.cartridge is None:
        raise RuleViolation(f"the {gun.name} is a shotgun: say its cartridge (`--cartridge 4-0`, `8-0`, `16-0` or `32-0`, §3.6.1.2)")
    if not gun.shotgun and setup.cartridge is not None:
        raise RuleViolation(f"the {gun.name} fires bullets, not a shotgun's charge (§3.6.1.2): drop `--cartridge`")
    if gun.shotgun and innocent is not None:
        # §3.6.1.4: who else the pellets reach is the GM's (ruling WD40).
        raise RuleViolation("pellets flying past the main target are the GM's to give to whoever stands there (§3.6.1.4): no bystander")
    loaded = load(a, gun).loaded
    skill, score = skill_score(a, firing_skill(gun, setup.distance_m))
    sheet = sheet_of(a)
    strength = sheet.characteristics["FOR"]
    hand = weapon_hand(sheet.handedness, setup.wrong_hand)
    missing = missing_strength(gun, strength, setup.two_hands)
    terms = _with_body(shot_terms(skill, score, gun, setup, strength, stats(a)["modifiers"]["ACV"]), fit, skill, score)
    epoch, stream = draw(world, a)
    outcome = roll_chance(stream, terms)
    if gun.shotgun:
        blast = shotgun_blast(stream, int(setup.cartridge or 0), range_band(gun, setup.distance_m), outcome, setup.aim, _luck(d), d100)
        located = blast.located[0] if blast.located and blast.band == "point-blank" and not blast.exploded else None
        damage, exploded, strayed = None, blast.exploded, None
        direction = blast.stray[0] if blast.stray else None
    else:
        blast = None
        located = hit_location(stream, setup.aim, d100) if outcome.success else None
        damage = bullet_damage(stream, outcome, gun.damage) if outcome.success else None
        exploded = gun_explodes(gun, outcome, hand)
        direction = None if outcome.success or exploded else stray(stream)[0]
        strayed = stray_hit(stream, outcome, gun.damage, d100) if direction is not None and innocent is not None else None
    # §3.6.1.6: a misfire ("le coup ne part pas") has no recoil (ruling WD41).
    kick = None if blast is not None and blast.misfire else recoil(stream, gun, outcome, hand, missing)
    charge = None if blast is None else blast.to_dict() | {"barrel": setup.barrel}
    a.record(
        ev.ShotFired,
        at=world.campaign.clock,
        target=d.name,
        weapon=gun.name,
        skill=skill,
        aim=setup.aim.label,
        outcome=outcome.to_dict(),
        hit=outcome.success,
        location=located.location if located else None,
        location_table=located.table if located else None,
        location_dice=list(located.dice) if located else [],
        damage=damage.to_dict() if damage else None,
        stray=direction,
        hand=hand,
        strength_missing=missing,
        exploded=exploded.to_dict() if exploded else None,
        recoil=kick.to_dict() if kick else None,
        bystander=innocent.name if innocent is not None else None,
        stray_hit=strayed.to_dict() if strayed else None,
        mode=setup.mode,
        volley=list(volley_place) if volley_place else None,
        loaded_before=loaded,
        shotgun=charge,
        epoch=epoch,
        chance=stream.ops,
    )
    earned(world, a, skill, outcome)
    entered = None
    if located is not None and damage is not None:
        taken = hit(world, d.name, located.location, damage.total, f"{gun.name} of {a.name}", "bullet", damage.pass_through)
        entered = taken["head_bullet"]
    per_pellet = pellet_damage(blast.cartridge) if blast is not None else 0
    for where, pellets in (blast.wounds if blast is not None else {}).items():
        if world.character(d.name).condition.get("dead"):
            break  # the pellets before killed him: the dead take no wound (§3.2)
        # §3.6.1.3, §3.6.1.9: the pellets in one location are one wound, its damage theirs, with
        # no critical 1d6cum nor pass-through; they lodge there (one extraction per location, A43).
        taken = hit(world, d.name, where, pellets * per_pellet, f"{gun.name} of {a.name}", "bullet")
        entered = taken["head_bullet"] or entered
    if strayed is not None and innocent is not None:
        source = f"stray bullet from the {gun.name} of {a.name}"
        entered = hit(world, innocent.name, strayed.located.location, strayed.damage.total, source, "bullet")["head_bullet"]
    for hurt, kind in ((exploded, "explosion"), (kick, "recoil")):
        if hurt is not None and hurt.damage > 0 and not world.character(a.name).condition.get("dead"):
            hit(world, a.name, hurt.location, hurt.damage, f"{kind} of the {gun.name}", kind)
    return Shot(outcome, located.location if located else None, damage, direction, exploded, kick, entered, strayed, charge)


def _luck(target: Character) -> dict[str, int]:
    # §3.6.1.5 L2705: the luck roll of a target a missed charge still reached: his jCHC.
    return {"jCHC": int(stats(target)["rolls"]["CHC"])}


def both_barrels(world: World, shooter: str, target: str, weapon_name: str, setup: ShotSetup, d100: bool = False) -> list[Shot]:
    """Both triggers of a shotgun pressed at once (§3.6.1.8 L2723): two shots, each a cartridge,
    the second at -25%; the second is not fired once the first misfired into an explosion, the
    shooter fell or the target is dead. The shots fired."""
    a = world.character(shooter)
    gun = carried(a, weapon_name)
    if not gun.shotgun or gun.shots < 2:
        raise RuleViolation(f"the {gun.name} has no two barrels to fire together (§3.6.1.8)")
    _loaded_for(world, a, gun, 2)
    fired = [_fire(world, shooter, target, weapon_name, replace(setup, barrel=1), d100)]
    if _fires_on(world, shooter, target, fired[-1]):
        fired.append(_fire(world, shooter, target, weapon_name, replace(setup, barrel=2), d100))
    return fired


# What a weapon the shot command does not fire is, in words (chapter 5's kinds, ruling WD38).
_NOT_FIRED = {"melee": "a melee weapon", "bow": "a bow", "machine-gun": "a machine gun"}


def not_fired(gun: Weapon) -> str:
    """Why ``gun`` is not fired with `western-parade shoot`, which fires revolvers, rifles and
    carbines (§3.3): what it is, and for a melee weapon the command that strikes with it (§3.4)."""
    what = _NOT_FIRED.get(gun.kind, "no firearm")
    strike = f"; a blow is {to_type('western-parade strike')}" if gun.kind == "melee" else ""
    return f"the {gun.name} is {what}: {to_type('western-parade shoot')} fires revolvers, rifles, carbines and shotguns{strike}"


def _with_body(terms: Mapping[str, int], fit: Body, skill: str, score: int) -> dict[str, int]:
    # The body's terms (fitness.roll_terms) follow the skill's; a label both use adds up.
    out = dict(terms)
    for label, value in roll_terms(fit, "skill", skill, score).items():
        out[label] = out.get(label, 0) + value
    return out


def hit(
    world: World,
    target: str,
    where: str,
    damage: int,
    source: str,
    kind: str,
    through: bool = False,
    artery: bool = False,
    fracture: bool = False,
    impaled: bool = False,
) -> dict[str, Any]:
    """A hit reaches the target's body: the body's ``wound`` (care.py) applies it (§3.2); what
    the wound did (``care.wound``'s account)."""
    from chronique.domain.rulesets.westernparade.care import wound  # care builds on this module

    return wound(world, target, location(where).key, damage, kind, source, through, artery, fracture=fracture, impaled=impaled)


# -- melee and unarmed (§3.4, §3.5) ---------------------------------------------------------


@dataclass(frozen=True)
class Blow:
    """A melee attack as the table declares it (§3.4): the weapon (or ``punch``/``kick``), the
    damage column (slash, thrust or blunt; very-close weapons use the d6: odd thrust, even
    slash), the defender's defence (``dodge``/``parry`` with its skill, or ``none``) and its
    timing modifier, extra modifiers on each side."""

    weapon: str
    column: str | None = None
    defence: str = "none"
    defence_skill: str | None = None
    defence_modifier: int = 0
    modifiers: Mapping[str, int] = field(default_factory=dict)
    defence_modifiers: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Struck:
    """A recorded blow: both rolls, the Table 3.3 result and the hit (if any); the damage Table
    3.3 dealt (``dealt``: DN, DC or DE, None when the attacker dealt none); what a réussite
    extraordinaire did by the damage column (``combat.extraordinary_effect``: "artery",
    "impaled", "fracture"), None for an ordinary blow (§3.4.5, ruling WA21)."""

    attack: RollOutcome
    defence: RollOutcome | None
    result: str
    location: str | None
    damage: int
    dealt: str | None
    extraordinary: str | None = None


# §3.1.6 L1688-L1690 and the skills that say they defend: a dodge is an Esquive (§6.7.12), or a
# Culbute in its stead against a rider or a cart (§6.7.9 L3729); a parry is a Parade (§6.7.15);
# Lutte replaces either (§6.7.14 L3798). Any other skill (Cuisine) is no defence.
DEFENCE_SKILLS: Mapping[str, tuple[str, ...]] = {"dodge": ("Esquive", "Culbute", "Lutte"), "parry": ("Parade", "Lutte")}


def strike(world: World, attacker: str, target: str, blow: Blow) -> Struck:
    """A melee or unarmed attack (§3.4, §3.5): the attack roll (skill of Table 3.21 with the
    strength adjustment of §3.4.3), the defence roll, Table 3.3; when the attacker deals damage,
    the location (Table 3.23, or 3.24 bare-handed) and the damage (the weapon's column, +1d6cum
    for DC and DE)."""
    _two_sides(world, attacker, target, "strike")
    if blow.defence == "none" and (blow.defence_skill is not None or blow.defence_modifier or blow.defence_modifiers):
        # §3.1.6: a defence's skill and timing belong to a dodge or a parry the defender spends an
        # action on; with none declared they would be dropped unsaid (ruling WD24).
        said = f"{skill_name(blow.defence_skill)} is a defence skill" if blow.defence_skill is not None else "a timing is a defence's"
        raise RuleViolation(f"{said}, but no defence is declared: a dodge or a parry (§3.1.6)")
    a, fit = acting(world, attacker, fight=True)
    d = living(world, target, conscious=False)
    unarmed = fold(blow.weapon) in ("punch", "kick")
    if unarmed and blow.column is not None:
        # §3.5.4 L2570-L2589: a punch or a kick has its own damage and strikes blunt.
        raise RuleViolation(f"a {fold(blow.weapon)} has no damage column to choose: it strikes blunt (§3.5.4)")
    w = None if unarmed else carried(a, blow.weapon)
    c = sheet_of(a).characteristics
    epoch, stream = draw(world, a)
    if w is not None and (w.length is None or not w.columns):
        raise RuleViolation(f"{w.name} is not a melee weapon")
    length = tables().raw["unarmed"][fold(blow.weapon)]["length"] if w is None else int(w.length or 0)
    column = None if w is None else melee_column(stream, w, blow.column)
    use = fold(blow.weapon) if w is None else ("very-close" if length <= 2 else str(column))
    skill, score = skill_score(a, tables().raw["melee_skill"][use])
    terms: dict[str, int] = {skill: score}
    if w is not None and w.str_one is not None:
        terms["strength"] = strength_adjustment(c["FOR"], w.str_one, length)[0]
    terms = _with_body(terms | dict(blow.modifiers), fit, skill, score)
    attack = roll_chance(stream, {k: v for k, v in terms.items() if v or k == skill})
    defence = None
    if blow.defence != "none":
        if blow.defence_skill is None:
            raise RuleViolation("name the defence skill (Esquive, Parade, Culbute...)")
        guard = body(world, d)
        able(guard)
        dname, dscore = skill_score(d, blow.defence_skill)
        if dname not in DEFENCE_SKILLS[blow.defence]:
            raise RuleViolation(f"{dname} is no {blow.defence} (§3.1.6): {' or '.join(DEFENCE_SKILLS[blow.defence])}")
        dterms = _with_body({dname: dscore, "timing": blow.defence_modifier, **blow.defence_modifiers}, guard, dname, dscore)
        defence = roll_chance(stream, {k: v for k, v in dterms.items() if v or k == dname})
    striker = Attacker(c["FOR"], stats(a)["modifiers"]["FOR"], score)
    struck_with = fold(blow.weapon) if w is None else w.name
    landed = blow_lands(stream, struck_with, column, attack.quality, defence.quality if defence else None, striker)
    located, total = landed.located, landed.total
    a.record(
        ev.BlowStruck,
        at=world.campaign.clock,
        target=d.name,
        weapon=blow.weapon if w is None else w.name,
        skill=skill,
        declared_column=blow.column,
        strength=striker.strength,
        strength_modifier=striker.strength_modifier,
        score=striker.score,
        outcome=attack.to_dict(),
        defence=defence.to_dict() if defence else None,
        defence_kind=blow.defence,
        result=landed.result,
        location=located.location if located else None,
        location_table=located.table if located else None,
        location_dice=list(located.dice) if located else [],
        damage={"total": total, "column": column, "kind": landed.dealt} if landed.dealt else None,
        epoch=epoch,
        chance=stream.ops,
    )
    earned(world, a, skill, attack)
    if defence is not None:
        earned(world, d, skill_score(d, str(blow.defence_skill))[0], defence)
    effect = None
    if located is not None and total > 0:
        # §3.4.5: a réussite extraordinaire (ruling WA21) opens an artery with a slash (§3.4.5.1,
        # the location's bleeding doubled), impales with a thrust (§3.4.5.2: 1d6cum more, the
        # weapon left in), breaks the location with a blunt blow or bare hands (§3.4.5.3, §3.5.4
        # L2589).
        effect = extraordinary_effect(column) if extraordinary(landed.dealt, attack.quality, total, attack.total) else None
        source = f"{blow.weapon if w is None else w.name} of {a.name}"
        hit(
            world,
            d.name,
            located.location,
            total,
            source,
            column or "blunt",
            artery=effect == "artery",
            fracture=effect == "fracture",
            impaled=effect == "impaled",
        )
    return Struck(attack, defence, landed.result, located.location if located else None, total, landed.dealt, effect)
