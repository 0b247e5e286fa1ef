"""Elor at the table: tests, oppositions, action scenes, attacks and damage, recorded on the
characters' chains. Every die comes from the draw place of the event that records it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, HOUR
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.capacities import hit_points
from chronique.domain.rulesets.elor.combat import (
    EffectContext,
    Exchange,
    Protagonist,
    RangedShot,
    afford_effects,
    choose_effects,
    damage_value,
    exchange,
    item_damage,
    next_actors,
)
from chronique.domain.rulesets.elor.damage import body_state, hit_location, location_state, movement_malus, unusable_limbs
from chronique.domain.rulesets.elor.progression import ticks
from chronique.domain.rulesets.elor.resolution import (
    ActionLevel,
    Reaction,
    TestOutcome,
    action_level,
    check_effort,
    dice_count,
    effective_profession,
    is_automatic,
    rank,
    react,
    resolve,
)
from chronique.domain.rulesets.elor.sheet import ElorSheet, Weapon, derived, held_name, item_spelling, sheet_of_data
from chronique.domain.rulesets.elor.tables import attribute, faculty_name, location, nature, tables
from chronique.domain.rulesets.words import joined
from chronique.domain.text import quoted
from chronique.domain.world import World


def sheet_of(character: Character) -> ElorSheet:
    """The character's sheet as the typed model."""
    return sheet_of_data(character.sheet)


def setting(world: World, key: str) -> Any:
    """A campaign setting of the ruleset (its default when the campaign predates it)."""
    from chronique.domain.rulesets.elor.ruleset import defaults

    return world.campaign.settings.get(key, defaults()[key])


def hp_of(world: World, character: Character) -> dict[str, int]:
    """Hit points per location under the campaign's HP ruling (B2)."""
    return sheet_hp(world, sheet_of(character))


def sheet_hp(world: World, sheet: ElorSheet) -> dict[str, int]:
    """Hit points per location of a sheet under the campaign's HP ruling (B2)."""
    return hit_points(nature(sheet.nature), sheet.faculties["Physique"], bool(setting(world, "hp_formula_as_printed")))


def living(world: World, name: str, conscious: bool = True) -> Character:
    """The named character, refusing the dead (and the unconscious, for acts)."""
    character = world.character(name)
    if character.condition["dead"]:
        raise RuleViolation(f"{character.name} is dead")
    if conscious and character.condition["unconscious"]:
        raise RuleViolation(f"{character.name} is unconscious")
    return character


# -- tests -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TestSpec:
    """What the GM determines for a test (§Catégories de tests, PROPOSAL §3.1): the faculty,
    the profession and how far it applies, the familiarity the activity needs, circumstantial
    attributes that apply, a prowess effect, the difficulty; and the player's effort."""

    __test__ = False  # not a pytest test class

    faculty: str
    profession: str | None = None
    applies: str = "full"
    familiarity: str | None = None
    attributes: tuple[str, ...] = ()
    prowess: int = 0
    difficulty: int = 0
    effort: int = 0
    movement: bool = False
    discards: bool = True
    fine: bool = False
    purpose: str = ""
    hidden: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {
            "faculty": self.faculty,
            "profession": self.profession,
            "applies": self.applies,
            "familiarity": self.familiarity,
            "attributes": list(self.attributes),
            "prowess": self.prowess,
            "difficulty": self.difficulty,
            "effort": self.effort,
            "movement": self.movement,
        }


# §Attributs (the three kinds, digest §2.4): only a circumstantial attribute modifies a faculty.
_NOT_A_MODIFIER = {
    "basic": "a basic attribute modifies no faculty (§Attributs)",
    "special": "a special attribute has its own effect, not a faculty's (§Attributs)",
}


def level_of(world: World, character: Character, spec: TestSpec) -> ActionLevel:
    """The action level of ``spec`` for the character (PROPOSAL §3.1 and B5), its names read as
    the sheet spells them (ruling E92: "  haches " is Haches, not a familiarity lacked)."""
    sheet = sheet_of(character)
    spec = spelled(sheet, spec)
    faculty = faculty_name(spec.faculty)
    profession, bonus, halved = 0, 0, 0
    if spec.profession is not None:
        level = sheet.professions[held_name(sheet.professions, spec.profession, sheet.name, "profession")]
        grants = sheet.familiarity_grants(spec.familiarity) if spec.familiarity else 0
        profession, bonus = effective_profession(level, spec.applies, spec.familiarity is not None, grants)
        if spec.applies != "none" and profession < level:
            # Ruling E100: a halved profession is said as its level and what the halving takes off.
            profession, halved = level, profession - level
    modifiers: list[tuple[str, int]] = []
    for name in dict.fromkeys(spec.attributes):
        if spec.attributes.count(name) > 1:
            # Ruling E95: an attribute's levels count once in a level (§Attributs), however often typed.
            raise RuleViolation(f"{name} is given {spec.attributes.count(name)} times: give each attribute once")
        held = sheet.attributes[held_name(sheet.attributes, name, sheet.name, "attribute")]
        kind = attribute(name)
        # PROPOSAL B7: a circumstantial modifier gives ±1 per level to the faculty it modifies.
        if kind is None or kind.kind != "circumstantial" or kind.faculty != faculty:
            # Ruling E101: what the attribute is, so that the table knows what would apply.
            what = "" if kind is None else f"it modifies {kind.faculty}" if kind.faculty else _NOT_A_MODIFIER.get(kind.kind, "")
            raise RuleViolation(f"{name} does not modify {faculty}" + (f": {what}" if what else ""))
        modifiers.append((name, held))
    wounds = movement_malus(nature(sheet.nature), character.condition["wounds"], hp_of(world, character)) if spec.movement else 0
    return action_level(sheet.faculties[faculty], profession, bonus, modifiers, spec.prowess, spec.difficulty, wounds, halved)


def roll_test(
    world: World,
    name: str,
    spec: TestSpec,
    shot: RangedShot | None = None,
    gear: Sequence[tuple[str, int]] = (),
    struck_down: bool = False,
) -> TestOutcome:
    """Make and record an action test (§Résolution des actions): effort becomes fatigue; roll
    1 + effort D10; each die ≤ the level is a degree; discards as the player's best use. A
    ranged attack's ``shot`` adds the range tables' difficulty as the level's ``range`` term;
    ``gear`` adds what the defender's gear gives a defence, each as its own term (ruling E74).
    ``struck_down``: the answer of a simultaneous pair, made even if the first blow knocked the
    character out or killed it (ruling E75)."""
    character = world.character(name) if struck_down else living(world, name)
    level = level_of(world, character, spec)
    if shot is not None:
        # §Attaque à distance L544-L605: size, distance and speed set the base difficulty; the
        # GM's other factors (darkness, an unstable footing, wind) stay the spec's difficulty.
        level = ActionLevel((*level.terms, ("range", shot.difficulty().total)))
    level = ActionLevel((*level.terms, *((term, value) for term, value in gear if value)))
    _refresh_effort(world, character)
    c = character.condition
    check_effort(spec.effort, c["effort"], character.sheet["derived"]["max_effort"], character.name)
    return _record_test(world, character, spec, level, shot=shot)


def spelled(sheet: ElorSheet, spec: TestSpec) -> TestSpec:
    """``spec`` with its profession, familiarity and attributes as ``sheet`` spells them, however
    the table typed them (ruling E92): the log, the session's lines and the profession ticked
    for natural progression (PROPOSAL §5.5, once a session) name them as the sheet does."""

    def held(items: Sequence[str], typed: str) -> str:
        return item_spelling(items, typed.strip()) or typed.strip()

    familiarities = [*sheet.familiarities, *sheet.culture.familiarities]
    return replace(
        spec,
        profession=None if spec.profession is None else held(list(sheet.professions), spec.profession),
        familiarity=None if spec.familiarity is None else held(familiarities, spec.familiarity),
        attributes=tuple(held(list(sheet.attributes), name) for name in spec.attributes),
    )


def _record_test(
    world: World, character: Character, spec: TestSpec, level: ActionLevel, at: int | None = None, shot: RangedShot | None = None
) -> TestOutcome:
    # ``at``: the in-game moment of a test the timeline makes (downtime work), which is its
    # process's due time, not the clock the advance started from (§Actions longues L442: one test per time unit).
    spec = spelled(sheet_of(character), spec)
    if spec.effort and is_automatic(level.total) == "failure":
        # Ruling E116: §Résolution des actions L296-L298, the level makes the outcome certain and
        # no die is rolled; effort is invested to roll more dice (L312, L320: "un nombre de D10
        # égal à un plus le nombre de points d'efforts investis"), which a certain failure does
        # not roll: the effort stays available, recorded as none invested.
        spec = replace(spec, effort=0)
    epoch = world.campaign.epoch
    sheet_version = character.version
    stream = world.stream(epoch, character.draw_place(epoch))
    dice = [stream.die(tables().die) for _ in range(dice_count(level.total, spec.effort))]
    outcome = resolve(level.total, spec.effort, dice, spec.discards, spec.fine)
    ticked = spec.profession if ticks(outcome.degrees, spec.profession, character.condition["ticks"]) else None
    character.record(
        ev.TestRolled,
        at=world.campaign.clock if at is None else at,
        purpose=spec.purpose or f"{faculty_name(spec.faculty)} test",
        spec=spec.to_dict(),
        terms=level.to_dict(),
        outcome=outcome.to_dict(),
        discards=spec.discards,
        fine=spec.fine,
        shot=None if shot is None else shot.to_dict(),
        fewest_discards=True,
        ticked=ticked,
        sheet_version=sheet_version,
        epoch=epoch,
        chance=stream.ops,
        sealed_until=epoch if spec.hidden else None,
    )
    return outcome


def _refresh_effort(world: World, character: Character) -> None:
    # §Catégories L316: out of action scenes, everything spent since the last expense is back
    # (unless a running long action's regime says otherwise, §Actions longues).
    if _effort_comes_back(world, character):
        recover_effort(world, character.name, "outside an action scene, spent effort comes back at once (§Catégories de tests)")


def pause(world: World, name: str, reason: str) -> int:
    """The table's pause (`elor effort`): all spent effort back now, out of an action scene;
    returns the amount. Ruling E118: in a running scene effort comes back only a point per
    opportunity spent waiting and all of it at the scene's end (§Catégories de tests L316: "Des
    règles précises de récupération sont définies pour les scènes d'action"; PROPOSAL §5.1, E21),
    so a protagonist's pause is refused."""
    character = world.character(name)
    if character.condition["scene"] is not None:
        raise RuleViolation(
            f"{character.name} is in the running action scene, where spent effort comes back only a point for each opportunity"
            " spent waiting, and all of it when the scene ends (§Catégories de tests)"
        )
    return recover_effort(world, character.name, reason)


def recover_effort(world: World, name: str, reason: str, amount: int | None = None, at: int | None = None) -> int:
    """Turn fatigue back into effort points (all of it by default) now, or at the in-game
    moment ``at`` of a process the timeline fires; returns the amount."""
    character = world.character(name)
    fatigue = character.condition["fatigue"]
    back = fatigue if amount is None else min(amount, fatigue)
    if back <= 0:
        return 0
    character.record(ev.EffortRecovered, at=world.campaign.clock if at is None else at, amount=back, reason=reason)
    return back


@dataclass(frozen=True)
class Opposition:
    """An action and its reactions (§Actions / réactions)."""

    action: TestOutcome
    reactions: dict[str, TestOutcome]
    reaction: Reaction


def oppose(
    world: World, actor: str, spec: TestSpec, opponents: Sequence[tuple[str, TestSpec]], react_on_failure: bool = True
) -> Opposition:
    """The action first, then each opponent's reaction (only if it succeeded unless
    ``react_on_failure``), compared one by one: one or more opponents (§Tests opposés L352),
    each with its own test (§Actions / réactions L362)."""
    names = [world.character(name).name for name, _ in opponents]
    if not names:
        raise RuleViolation("an action against reactions needs at least one opponent")
    if len(set(names)) != len(names) or world.character(actor).name in names:
        raise RuleViolation("each opponent reacts once, and the actor never does")
    _able_to_react(world, names)
    action = roll_test(world, actor, spec)
    reactions: dict[str, TestOutcome] = {}
    if action.success or react_on_failure:
        for name, their in opponents:
            _spend_reaction(world, world.character(name))
            reactions[world.character(name).name] = roll_test(world, name, their)
    return Opposition(action, reactions, react(action.degrees, [o.degrees for o in reactions.values()]))


def _able_to_react(world: World, names: Sequence[str]) -> None:
    # Ruling E117, §Scènes d'action step 2: an antagonist may react "à condition d'encore disposer
    # d'au moins un point d'action": checked before any die is rolled, in a running scene only
    # (out of one nobody counts action points). A defence held in reserve is for an attack
    # (§Combats: "se défendre contre une attaque"), not for any reaction.
    for name in names:
        character = world.character(name)
        if character.condition["scene"] is not None and _available(character) == 0:
            raise RuleViolation(f"{character.name} has no action point left in this sequence: a reaction spends one (§Scènes d'action)")


def _spend_reaction(world: World, character: Character) -> None:
    # Ruling E117, §Scènes d'action step 2: "Ceux qui décideront d'effectuer leur réaction devront
    # en effet en dépenser un". A reaction takes no opportunity: the order keeps its last actors.
    scene = character.condition["scene"]
    if scene is not None:
        character.record(
            ev.ActionPointSpent, at=world.campaign.clock, kind="reaction", turn=scene["turn"], from_token=False, effort_recovered=0
        )


def contest(world: World, entries: Sequence[tuple[str, TestSpec]], fine: bool = False) -> tuple[dict[str, TestOutcome], list[list[str]]]:
    """A contest (§Concours): everyone tests, each with its own test (L404-L414); ranked by
    degrees, finely if asked."""
    names = [world.character(name).name for name, _ in entries]
    if len(set(names)) != len(names):
        raise RuleViolation("each entrant tests once in a contest")
    if len(names) < 2:
        # Ruling E107 (§Concours L400: "plusieurs protagonistes agissent simultanément de façons
        # concurrentes"): one entrant alone is ranked against nobody; an action test says it.
        raise RuleViolation(
            f"a contest ranks several protagonists acting at once (§Concours): {names[0] if names else 'one entrant'}"
            " alone is an action test (`elor test`)"
        )
    outcomes = {world.character(n).name: roll_test(world, n, replace(s, fine=fine or s.fine)) for n, s in entries}
    return outcomes, rank(outcomes, fine)


# -- action scenes ---------------------------------------------------------------------------


def in_scene(world: World) -> list[Character]:
    """The characters of the running action scene."""
    return [c for c in world.characters.values() if c.condition["scene"] is not None]


# Ruling E105: the reason an effort spent before an action scene is back as it begins.
BEFORE_THE_SCENE = "spent before the action scene; outside one, spent effort comes back (§Catégories de tests)"


def begin_scene(world: World, names: Sequence[str]) -> dict[str, int]:
    """Start an action scene: each protagonist's first sequence, all AP available, and the effort
    spent before it back (ruling E105); returns what came back, by name."""
    if in_scene(world):
        raise RuleViolation("an action scene is already running; end it first")
    if not names:
        raise RuleViolation("a scene needs protagonists")
    cast = _protagonists_named(world, names)
    back = _rested_before_the_scene(world, cast)
    for character in cast:
        character.record(ev.SequenceBegan, at=world.campaign.clock, sequence=1, action_points=character.sheet["derived"]["action_points"])
    return back


def _rested_before_the_scene(world: World, cast: Sequence[Character]) -> dict[str, int]:
    # §Catégories L316 (ruling E105): until the scene begins, its protagonists are outside one,
    # where everything spent since the last expense is back; the scene's own recovery rules
    # (PROPOSAL §5.1: a point per opportunity spent waiting) start with it. Effort held by running
    # downtime work stays held, as before any test (its regime governs it, §Actions longues L442).
    back = {c.name: recover_effort(world, c.name, BEFORE_THE_SCENE) for c in cast if _effort_comes_back(world, c)}
    return {name: amount for name, amount in back.items() if amount}


def _protagonists_named(world: World, names: Sequence[str]) -> list[Character]:
    # §Scènes d'action: each protagonist has one place in the order; named twice, he would get a
    # second first sequence. Refused before anything is recorded (E41).
    cast = [living(world, name, conscious=False) for name in names]
    twice = sorted({c.name for c in cast if sum(other.id == c.id for other in cast) > 1})
    if twice:
        raise RuleViolation(f"each protagonist takes part once: {', '.join(twice)} named more than once")
    return cast


def join_scene(world: World, names: Sequence[str]) -> dict[str, int]:
    """Latecomers come into the running action scene (ruling E82): each takes its place in the
    running sequence with all its action points, or with none for it when that sequence is
    spent, the next opportunity opening a new one where every protagonist has all of them. The
    effort a latecomer spent before it is back (ruling E105); returns what came back, by name."""
    cast = in_scene(world)
    if not cast:
        raise RuleViolation("no action scene is running: `elor scene start` begins one")
    if not names:
        raise RuleViolation("a latecomer needs a name")
    comers = _protagonists_named(world, names)
    already = [c.name for c in comers if c.condition["scene"] is not None]
    if already:
        raise RuleViolation(f"{', '.join(already)} already take{'s' if len(already) == 1 else ''} part in the action scene")
    # §Scènes d'action L472-L474: each protagonist has, in each sequence, as many opportunities as
    # action points; the seed says nothing of one who comes in while a sequence runs: it is a
    # protagonist of that sequence (E82). A spent sequence's 6 seconds are over (L500).
    spent = sequence_spent(world)
    running = cast[0].condition["scene"]
    back = _rested_before_the_scene(world, comers)
    for character in comers:
        character.record(
            ev.ProtagonistJoined,
            at=world.campaign.clock,
            sequence=int(running["sequence"]),
            action_points=0 if spent else character.sheet["derived"]["action_points"],
            began=int(running.get("began", world.campaign.clock)),
        )
    return back


def _sequence_over(world: World, cast: Sequence[Character]) -> None:
    # §Scènes d'action L472: a sequence is 6 seconds of activity. The campaign clock moves to its
    # end through the timeline engine, so processes due meanwhile (wake tests, risk clocks,
    # downtime work of others) fire at their in-game time (PROPOSAL E29).
    from chronique.domain.rulesets.elor.processes import ElorProcesses
    from chronique.domain.timeline import advance

    began = max(int(c.condition["scene"].get("began", world.campaign.clock)) for c in cast)
    advance(world.campaign, ElorProcesses(world), max(world.campaign.clock, began + tables().time.sequence_s))


def _available(character: Character) -> int:
    # PROPOSAL (E12): an unconscious protagonist cannot spend the AP it holds.
    return 0 if character.condition["unconscious"] else int(character.condition["scene"]["ap"])


def sequence_spent(world: World) -> bool:
    """Whether the running sequence is over (§Scènes d'action L500): no protagonist has an
    action point it can spend; the next opportunity opens a new sequence."""
    cast = in_scene(world)
    return bool(cast) and all(_available(c) == 0 for c in cast)


def _new_sequence_if_spent(world: World) -> None:
    # §Scènes d'action L500-L502: the sequence ends when all AP are spent; a new one restores them all.
    cast = in_scene(world)
    if sequence_spent(world):
        number = cast[0].condition["scene"]["sequence"] + 1
        _sequence_over(world, cast)
        cast = in_scene(world)
        for character in cast:
            character.record(
                ev.SequenceBegan, at=world.campaign.clock, sequence=number, action_points=character.sheet["derived"]["action_points"]
            )


def next_up(world: World) -> tuple[str, ...]:
    """Who has the next opportunity in the running scene (§Scènes d'action, ordering)."""
    cast = in_scene(world)
    if not cast:
        raise RuleViolation("no action scene is running")
    if sequence_spent(world):
        # §Scènes d'action L478, L502: the next opportunity opens a new sequence, where every
        # protagonist has all its AP back and none spent, and the last actor stays eligible.
        fresh = [Protagonist(c.name, 0 if c.condition["unconscious"] else c.sheet["derived"]["action_points"]) for c in cast]
        return next_actors(fresh)
    turn = max(c.condition["scene"]["turn"] for c in cast)
    previous = frozenset(c.name for c in cast if turn and c.condition["scene"]["turn"] == turn)
    return next_actors([Protagonist(c.name, _available(c), c.condition["scene"]["spent"]) for c in cast], previous)


def take_opportunity(world: World, names: Sequence[str], kind: str) -> dict[str, int]:
    """The named protagonists (the next up, acting simultaneously when tied) spend 1 AP each:
    attack, action, wait or reserve (a defence until their next opportunity). Returns the effort
    each got back, by name in the sheet's spelling (a wait's point, PROPOSAL §5.1), for the
    table's line (ruling E130)."""
    if kind not in ("attack", "action", "wait", "reserve"):
        raise RuleViolation(f"an opportunity is used to attack, act, wait or reserve a defence, not {quoted(kind)}")
    _protagonists(world, [world.character(n) for n in names])
    _new_sequence_if_spent(world)
    up = next_up(world)
    wanted = {world.character(n).name for n in names}
    if not wanted or not wanted <= set(up):
        raise RuleViolation(f"the next opportunity is {' + '.join(up) or 'nobody'}'s")
    turn = max(c.condition["scene"]["turn"] for c in in_scene(world)) + 1
    back: dict[str, int] = {}
    for name in sorted(wanted):
        character = world.character(name)
        back[name] = 1 if kind == "wait" and character.condition["fatigue"] > 0 else 0
        character.record(ev.ActionPointSpent, at=world.campaign.clock, kind=kind, turn=turn, from_token=False, effort_recovered=back[name])
    return back


def can_defend(character: Character) -> bool:
    """A defence needs a reserved token or 1 AP available (§Défense); out of scenes, always."""
    scene = character.condition["scene"]
    return scene is None or scene["token"] or scene["ap"] > 0


def _spend_defence(world: World, character: Character) -> None:
    scene = character.condition["scene"]
    if scene is None:
        return
    character.record(
        ev.ActionPointSpent,
        at=world.campaign.clock,
        kind="defence",
        turn=scene["turn"],
        from_token=bool(scene["token"]),
        effort_recovered=0,
    )


def end_scene(world: World) -> dict[str, int]:
    """End the action scene: AP are put away and spent effort comes back (PROPOSAL §5.1);
    returns what came back, by name (ruling E105: the table's line says it)."""
    cast = in_scene(world)
    if not cast:
        raise RuleViolation("no action scene is running")
    _sequence_over(world, cast)  # the running sequence's 6 seconds pass (PROPOSAL E29)
    back: dict[str, int] = {}
    for character in in_scene(world):
        if character.condition["fatigue"]:
            back[character.name] = int(character.condition["fatigue"])
        character.record(ev.SceneLeft, at=world.campaign.clock, effort_recovered=character.condition["fatigue"])
    return back


# -- combat ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Attack:
    """An attack as the table declares it: the weapon, the attacker's test, the defence and
    the effects each side buys with its effect points."""

    weapon: str
    spec: TestSpec
    defence: str = "dodge"
    defence_spec: TestSpec | None = None
    parry_with: str | None = None
    technical: int = 0
    melee: bool = True
    simultaneous: bool = False
    opponent_attack: int = 0
    offensive_effects: tuple[str, ...] = ()
    defensive_effects: tuple[str, ...] = ()
    location: str | None = None
    damaged_item: str | None = None
    defend_on_miss: bool = False
    guard: str | None = None
    shot: RangedShot | None = None


@dataclass(frozen=True)
class AttackResult:
    """What an attack did: both tests, the exchange, and the damage record (if any)."""

    attack: TestOutcome
    defence: TestOutcome | None
    exchange: Exchange
    offensive: dict[str, int]
    defensive: dict[str, int]
    damage: dict[str, Any] | None = field(default=None)
    # The effects declared but not paid for by the points the roll won (§Effets de combat), by name.
    unapplied_offensive: tuple[str, ...] = ()
    unapplied_defensive: tuple[str, ...] = ()
    # Whose body or gear took ``damage``: a guard's parry takes it on the guard's weapon or limb
    # (§La parade), so the target's name alone would say the wrong owner.
    damaged: str | None = None
    # Whether the target was designated with the attacker and laid "Défense", its opportunity's
    # action point holding its defence (§Cas d'actions simultanées, ruling E115).
    paired: bool = False


def _weapon(sheet: ElorSheet, name: str) -> Weapon:
    return sheet.weapons[weapon_key(sheet, name)]


def weapon_key(sheet: ElorSheet, name: str) -> str:
    """A weapon or shield as the sheet spells it, from any spelling the table types ("épée"), so
    that the damage it takes adds up on the one item (§Endommagement de l'équipement)."""
    return held_name(sheet.weapons, name, sheet.name, "weapon")


def structure_left(condition: Mapping[str, Any], item: str, structure: int) -> int | None:
    """What is left of the structure points of the weapon or shield the sheet spells ``item``
    (§Endommagement de l'équipement L1079: destroyed at 0), None for one the sheet gives none,
    which is never worn down (ruling E70)."""
    return int(condition["equipment"].get(item, structure)) if structure else None


def _usable(character: Character, name: str, use: str) -> None:
    # §Endommagement de l'équipement (L1079): "Quand ces derniers atteignent 0, la pièce
    # d'équipement est détruite": a weapon or shield whose structure is gone is used no more
    # (ruling E70), checked before any action point is spent or die rolled (E39).
    sheet = sheet_of(character)
    key = weapon_key(sheet, name)
    left = structure_left(character.condition, key, sheet.weapons[key].structure)
    if left is not None and left <= 0:
        raise RuleViolation(f"{character.name}'s {key} is destroyed (its structure points are gone): it cannot {use}")


def _wielded(world: World, character: Character, weapon: str) -> None:
    # Ruling E128 (refines E16): §Application des dommages L715, a location at its hit points is
    # "temporairement inutilisable", at twice "détruite" (§Humains: "Bras inutilisable", "Bras
    # détruit"), so with no arm left to use no weapon is wielded. The sheet does not say which
    # arm holds a weapon: one usable arm is enough. Refused before any action point is spent (E39).
    morphology = nature(sheet_of(character).nature)
    hp = hp_of(world, character)
    wounds = character.condition["wounds"]
    arms = [loc for loc in morphology.locations if loc.limb == "arm"]
    if not arms or not {loc.key for loc in arms} <= set(unusable_limbs(morphology, wounds, hp)):
        return
    states = {loc.name.lower(): location_state(wounds.get(loc.key, 0), hp[loc.key]) for loc in arms}
    if len(set(states.values())) == 1:
        said = f"{joined([f'the {arm}' for arm in states])} are {next(iter(states.values()))}"
    else:
        said = joined([f"the {arm} is {state}" for arm, state in states.items()])
    raise RuleViolation(f"{character.name} cannot attack with {weapon}: {said}, and a weapon needs a usable arm to wield it")


def attack(world: World, attacker: str, defender: str, blow: Attack) -> AttackResult:
    """An attack (§Attaque), the target's defence (§Défense), the exchange (§Effets de combat)
    and the damage (§Application des dommages)."""
    # The answer of a simultaneous pair strikes even if the first blow struck it down (E75).
    a = world.character(attacker) if blow.simultaneous else living(world, attacker)
    d = living(world, defender, conscious=False)
    if a.id == d.id:
        # §Attaque: an attack is met by the target's defence (§Défense); one cannot be both.
        raise RuleViolation(f"{a.name} cannot attack themselves: the target is someone else")
    _protagonists(world, [a, d] + ([living(world, blow.guard)] if blow.guard is not None else []))
    answering = blow.simultaneous and _answers(world, a, d)
    # Ruling E92: the weapon as the attacker's sheet spells it, in the log's lines (the test's
    # purpose, the blow's source), whatever the table typed.
    blow = replace(blow, weapon=weapon_key(sheet_of(a), blow.weapon))
    weapon = _weapon(sheet_of(a), blow.weapon)
    _usable(a, blow.weapon, "attack")
    if not answering:
        # E75: the answer of a simultaneous pair strikes even if the first blow took its arms.
        _wielded(world, a, blow.weapon)
    _check_guard(world, a, d, blow)
    if blow.melee == weapon.ranged:
        raise RuleViolation(f"{blow.weapon} is a {'ranged' if weapon.ranged else 'melee'} weapon")
    if blow.technical > 0:
        raise RuleViolation("a technical malus is negative (or 0)")
    if blow.technical and not blow.melee:
        raise RuleViolation("only a melee attack may take a technical malus")
    if blow.melee and blow.shot is not None:
        raise RuleViolation("the range tables are for ranged attacks only")
    if not blow.melee and blow.shot is None:
        raise RuleViolation("a ranged attack needs the target's size and distance (§Attaque à distance): its difficulty comes from them")
    _check_declared(world, a, d, blow, weapon)
    paired = False
    if a.condition["scene"] is not None and not answering:
        # The pair's cards are turned up together: both spend their point now (E75).
        if blow.simultaneous:
            take_opportunity(world, [a.name, d.name], "attack")
        else:
            paired = _attack_and_defence_cards(world, a, d)
    spec = replace(
        blow.spec,
        familiarity=blow.spec.familiarity or weapon.familiarity,
        purpose=blow.spec.purpose or f"attack on {d.name} with {blow.weapon}",
    )
    # §Attaque (digest §3.8): the technical malus the attacker takes is a term of its own, never
    # read as the GM's difficulty (ruling E132).
    attack_outcome = roll_test(world, a.name, spec, blow.shot, (("technical", blow.technical),), struck_down=answering)
    defence_outcome = _defend(world, a, d, blow, weapon, attack_outcome)
    kind = blow.defence if defence_outcome is not None else "none"
    result = exchange(attack_outcome.degrees, defence_outcome.degrees if defence_outcome else 0, kind)
    lead = attack_outcome.degrees - blow.opponent_attack
    d_sheet = sheet_of(d)
    context = EffectContext(
        blow.melee, blow.simultaneous, lead, d_sheet.hermetic, frozenset({"entangling"} if weapon.entangling else set())
    )
    # §Effets de combat: the effects are selected once the values are known. What the table
    # declared before the roll and the points won do not pay for is not applied, never refused:
    # the dice are rolled and recorded, and a refusal would show a roll it did not record.
    bought = afford_effects(result.offensive_points, "offensive", blow.offensive_effects, context)
    kept = afford_effects(result.defensive_points, "defensive", blow.defensive_effects, context)
    offensive, defensive = bought.applied, kept.applied
    damage = _apply_blow(world, a, d, blow, weapon, result, offensive, defensive)
    a.record(
        ev.AttackResolved,
        at=world.campaign.clock,
        target=d.name,
        melee=blow.melee,
        attack=result.attack,
        defence=result.defence,
        defence_kind=result.defence_kind,
        result=result.result,
        offensive_effects=offensive,
        defensive_effects=defensive,
        damage=damage,
        simultaneous=blow.simultaneous,
    )
    damaged = None if damage is None else (defender_of(world, d, blow) if result.result == "parried" else d).name
    return AttackResult(
        attack_outcome, defence_outcome, result, offensive, defensive, damage, bought.unapplied, kept.unapplied, damaged, paired
    )


def _attack_and_defence_cards(world: World, a: Character, d: Character) -> bool:
    """The attacker's opportunity; and, when the target is designated with it (tied for the
    opportunity), the target's too, its card "Défense" (ruling E115); returns whether it was.

    §Scènes d'action step 2: "Au moment où il est désigné comme ayant une opportunité d'agir, un
    personnage doit obligatoirement dépenser l'un de ses points d'action". §Cas d'actions
    simultanées L520-L524: designated together and fighting each other, each lays a card; an
    attack that is not simultaneous is "Attaque" against "Défense" (E14). The target's point of
    the opportunity holds its defence (E13's reserve, used by the defence that follows or lapsing
    at its next opportunity, as Défense against Défense spends the points anyway), so both took
    the opportunity and E12 lifts their exclusion together: it spent a second point as a reaction,
    and had the next opportunity alone."""
    _new_sequence_if_spent(world)
    together = d.name in next_up(world)
    take_opportunity(world, [a.name], "attack")
    if together:
        d.record(
            ev.ActionPointSpent,
            at=world.campaign.clock,
            kind="reserve",
            turn=a.condition["scene"]["turn"],
            from_token=False,
            effort_recovered=0,
        )
    return together


def _protagonists(world: World, fighters: Sequence[Character]) -> None:
    # §Scènes d'action L472-L498: while a scene runs, every attack, defence and parry spends an
    # action point of a protagonist; one who is not would strike or parry for free. A latecomer
    # joins first (ruling E82); out of a scene nobody counts action points.
    if not in_scene(world):
        return
    outside = list(dict.fromkeys(c.name for c in fighters if c.condition["scene"] is None))
    if outside:
        who = " and ".join(outside)
        raise RuleViolation(
            f"{who} {'is' if len(outside) == 1 else 'are'} not in the running action scene: `elor scene join` brings a latecomer in"
        )


def _answers(world: World, a: Character, d: Character) -> bool:
    """Whether a simultaneous attack (ruling E75) answers the pair's first, whose cards spent both
    action points already; False for the pair's first (both next up, checked here) or out of a
    scene, where nobody counts action points.

    §Cas d'actions simultanées L520-L528: the protagonists tied for the next opportunity each
    lay a card, face down, and turn them up together; with two "Attaque" cards "les deux
    effectueront un test pour attaquer l'adversaire" and "peuvent donc se blesser mutuellement".
    Designated together, each spends an action point at once (§Scènes d'action step 2: "Au
    moment où il est désigné [...] doit obligatoirement dépenser l'un de ses points d'action"), on
    one opportunity, so E12 then lifts their exclusion together. The answer is the other's one
    attack on that opportunity, made even if the first blow knocked it out, the blows being
    simultaneous. An unconscious target lays no card: attacked, it makes no defence (§Attaque
    L532: "Une défense non effectuée"), without --simultaneous."""
    if d.condition["unconscious"]:
        raise RuleViolation(
            f"{d.name} is unconscious and lays no card, so no attack on them is simultaneous: attack without `--simultaneous`"
        )
    if a.condition["scene"] is not None:
        turn = max(c.condition["scene"]["turn"] for c in in_scene(world))
        mine, theirs = a.condition["scene"], d.condition["scene"]
        if turn and mine["turn"] == theirs["turn"] == turn and theirs.get("simultaneous_on") == turn != mine.get("simultaneous_on"):
            return True
    living(world, a.name)
    if a.condition["scene"] is not None:
        up = next_up(world)
        if a.name not in up or d.name not in up:
            raise RuleViolation(f"{a.name} and {d.name} do not act simultaneously: the next opportunity is {' + '.join(up) or 'nobody'}'s")
    return False


def _check_guard(world: World, attacker: Character, target: Character, blow: Attack) -> None:
    # §La parade L639: a parry may protect an ally who is very close (the GM's call, E34);
    # §L'esquive L629: a dodge only ever protects oneself.
    if blow.guard is None:
        return
    guard = living(world, blow.guard)
    if guard.id == target.id:
        raise RuleViolation("a guard parries for someone else; a target defends itself")
    if guard.id == attacker.id:
        raise RuleViolation(f"{attacker.name} cannot parry their own attack for {target.name}")
    if blow.defence != "parry":
        raise RuleViolation("only a parry protects an ally: a dodge is for oneself (§L'esquive)")


# The effect points and the lead over a simultaneous attack are known only after the roll: the
# checks made before it (``_check_declared``) take them as unlimited and leave them to the exchange.
_ANY = 10**6


def _check_declared(world: World, a: Character, target: Character, blow: Attack, weapon: Weapon) -> None:
    # Everything the table declared is checked before an action point is spent or a die rolled,
    # whatever the roll: on a miss no defence is tested and no blow lands, so an impossible option
    # (a parry with a shield the defender lacks, more effort than he may spend, a location the
    # attacker did not pay for) would otherwise be recorded unchecked (§Défense, §Effets de combat).
    if blow.defence not in ("dodge", "parry", "none"):
        raise RuleViolation(f"a defence is a dodge, a parry or none, not {quoted(blow.defence)}")
    d = defender_of(world, target, blow)
    if blow.parry_with is not None:
        if blow.defence != "parry":
            # Ruling E97: the weapon as the defender's sheet spells it, not as typed.
            raise RuleViolation(f"{weapon_key(sheet_of(d), blow.parry_with)} parries only in a parry: the defence is a {blow.defence}")
        parrying = weapon_key(sheet_of(d), blow.parry_with)
        if sheet_of(d).weapons[parrying].ranged:
            # Ruling E144, §La parade L637: "une parade pourra être effectuée au moyen d'une arme
            # de contact ou d'un bouclier"; a weapon that shoots never strikes in melee either.
            raise RuleViolation(
                f"{d.name}'s {parrying} is a ranged weapon: a parry is made with a melee weapon, a shield or bare-handed (§La parade)"
            )
        _usable(d, blow.parry_with, "parry")
    if blow.defence != "none" and not blow.simultaneous:
        # §Défense: the defender's own test, with his profession and effort (§Catégories L314-320).
        base = blow.defence_spec or TestSpec("Coordination")
        level_of(world, d, base)
        check_effort(base.effort, _effort_available(world, d), d.sheet["derived"]["max_effort"], d.name)
    morphology = nature(sheet_of(target).nature)
    traits = frozenset({"entangling"} if weapon.entangling else set())
    context = EffectContext(blow.melee, blow.simultaneous, _ANY, sheet_of(target).hermetic, traits)
    offensive = choose_effects(_ANY, "offensive", blow.offensive_effects, context)
    choose_effects(_ANY, "defensive", blow.defensive_effects, context)
    if blow.location is not None:
        location(morphology, blow.location)
        # E20: a location is the attacker's only with Choix de la localisation; a parry without a
        # weapon names the parrying limb instead (§Effets de combat), whichever the roll.
        bare_parry = blow.defence == "parry" and blow.parry_with is None
        if "choose-location" not in offensive and not bare_parry:
            raise RuleViolation("choosing the location costs the effect Choix de la localisation")
    if "damage-equipment" in offensive and not blow.damaged_item:
        raise RuleViolation("name the item the blow damages")
    if blow.damaged_item:
        if "damage-equipment" not in offensive:
            item = weapon_key(sheet_of(target), blow.damaged_item)
            raise RuleViolation(f"{item} is hit only with the effect Endommagement de l'équipement")
        _usable(target, blow.damaged_item, "be damaged any further")


def holds_effort(action: Mapping[str, Any]) -> bool:
    """Whether running downtime work holds its worker's spent effort between its tests, its
    regime governing it (§Actions longues L442, E21). Ruling E109: work tested once a day or
    less often (a week of training, E27) holds it only under the regime ``none``; under ``daily``
    or ``each-test`` each of its tests is rested before anyway (E21), and between them the worker
    is outside the work's hours, where effort comes back after an hour's pause (L450) and before
    a test (§Catégories L316): it was held a whole week, in sessions too."""
    if action["next_at"] is None:
        return False
    return int(action["unit_s"]) < DAY or action["effort_regime"] == "none"


def work_of(world: World, character: Character) -> list[Mapping[str, Any]]:
    """The long actions ``character`` works on: its own and those it helps in, whose regime
    governs a helper's effort as it does the owner's (§Collaborations L458: each participant
    tests at each time unit; §Actions longues L442; ruling E119)."""
    return [
        action
        for owner in world.characters.values()
        for action in owner.condition["long_actions"]
        if owner.id == character.id or any(p["name"] == character.name for p in action["participants"])
    ]


def _effort_comes_back(world: World, character: Character) -> bool:
    # §Catégories L316: out of action scenes (and of running downtime work, whose regime governs
    # effort, §Actions longues, rulings E109, E119) the spent effort comes back before a test.
    c = character.condition
    busy = any(holds_effort(a) for a in work_of(world, character))
    return bool(c["fatigue"]) and c["scene"] is None and not busy


def _effort_available(world: World, character: Character) -> int:
    # What a test could invest now, counting the effort that comes back before it.
    c = character.condition
    return int(c["effort"]) + (int(c["fatigue"]) if _effort_comes_back(world, character) else 0)


def defender_of(world: World, target: Character, blow: Attack) -> Character:
    """Who makes the defence test: the target, or the ally parrying for it (§La parade)."""
    return target if blow.guard is None else world.character(blow.guard)


def gear_bulk(sheet: ElorSheet) -> int:
    """The dodge malus of the gear carried (§L'esquive, PROPOSAL E33): the sheet's ``bulk``
    plus each weapon's or shield's ``bulk``."""
    return sheet.bulk + sum(w.bulk for w in sheet.weapons.values())


def _defend(world: World, a: Character, target: Character, blow: Attack, weapon: Weapon, attack_outcome: TestOutcome) -> TestOutcome | None:
    # §Défense: no AP (and no reserved token) or no possible test -> defence value 0; against
    # a ranged attack without a degree there is nothing to defend; simultaneous attacks have
    # no defence (§Cas d'actions simultanées).
    d = defender_of(world, target, blow)
    if blow.defence == "none" or blow.simultaneous or d.condition["unconscious"] or not can_defend(d):
        return None
    if attack_outcome.degrees == 0 and (not blow.melee or not blow.defend_on_miss):
        return None
    base = blow.defence_spec or TestSpec("Coordination")
    familiarity = base.familiarity
    gear: list[tuple[str, int]] = []
    if blow.melee and attack_outcome.degrees:
        # PROPOSAL B12: the attacker's technical malus hits the defence only when the attack has
        # a degree; a term of its own, as in the attack's level (ruling E132).
        gear.append(("technical", blow.technical))
    if not blow.melee:
        # §Défense L651: against a shot "le modificateur de difficulté est déterminé par l'arme
        # employée par l'attaquant"; a term of its own beside the GM's difficulty (ruling E133).
        gear.append(("ranged", weapon.defence_difficulty))
    # Ruling E74: what the defender's gear gives the defence is its own term of the level, never
    # read as the GM's difficulty: §L'esquive L627, bulky gear hampers dodges (E33); §La parade,
    # "Certaines armes et certains boucliers peuvent apporter des bonus à la parade".
    if blow.defence == "dodge":
        gear.append(("bulk", -gear_bulk(sheet_of(d))))
    if blow.defence == "parry":
        if blow.parry_with:
            parrying = _weapon(sheet_of(d), blow.parry_with)
            gear.append(("parry", parrying.parry_bonus))
            familiarity = familiarity or parrying.familiarity
    spec = replace(
        base,
        familiarity=familiarity,
        movement=blow.defence == "dodge" or base.movement,
        purpose=base.purpose or f"{blow.defence}{'' if d is target else f' for {target.name}'} against {a.name}",
    )
    _spend_defence(world, d)
    return roll_test(world, d.name, spec, gear=gear)


def _apply_blow(
    world: World,
    a: Character,
    d: Character,
    blow: Attack,
    weapon: Weapon,
    result: Exchange,
    offensive: dict[str, int],
    defensive: dict[str, int],
) -> dict[str, Any] | None:
    cancelled = any(tables().effects[k].cancels_damage for k in offensive)
    source = f"{a.name}'s {blow.weapon}"
    reductions = defensive.get("reduced-damage", 0)
    if result.result == "parried":
        # §Effets de combat: half the nominal damage to the parrying weapon or shield, else to
        # the parrying limb with its armour; defensive effects may reduce it (B19). A guard's
        # parry takes it on the guard's own weapon or limb (§La parade).
        d = defender_of(world, d, blow)
        if blow.parry_with:
            key = weapon_key(sheet_of(d), blow.parry_with)
            parrying = sheet_of(d).weapons[key]
            value = damage_value(weapon.damage, halved=True, reductions=reductions)
            return damage_item(world, d.name, key, value.effective, parrying.resistance, parrying.structure)
        limb = blow.location or "left-arm"
        value = damage_value(weapon.damage, halved=True, reductions=reductions, armour=armour_at(d, limb))
        return suffer_damage(world, d.name, value.effective, source, limb, value=value)
    if not result.damages_target or cancelled:
        return None
    increases = offensive.get("increased-damage", 0)
    if "damage-equipment" in offensive:
        if not blow.damaged_item:
            raise RuleViolation("name the item the blow damages")
        key = weapon_key(sheet_of(d), blow.damaged_item)
        item = sheet_of(d).weapons[key]
        value = damage_value(weapon.damage, result.halved, weapon.increment, increases, reductions)
        return damage_item(world, d.name, key, value.effective, item.resistance, item.structure)
    # E20: the location is the attacker's only when Choix de la localisation was paid for; when
    # the roll did not win it, the D100 places the blow (§Application des dommages step 1).
    return suffer_damage(
        world,
        d.name,
        weapon.damage,
        source,
        blow.location if "choose-location" in offensive else None,
        ranged=not blow.melee,
        halved=result.halved,
        increment=weapon.increment,
        increases=increases,
        reductions=reductions,
        bypass_armour="bypass-armour" in offensive,
    )


def armour_at(character: Character, where: str) -> int:
    """Natural armour plus worn armour at a location."""
    sheet = sheet_of(character)
    loc = location(nature(sheet.nature), where)
    worn = next((v for k, v in sheet.armour.items() if location(nature(sheet.nature), k).key == loc.key), 0)
    return loc.armour + worn


def next_wake(character: Character, out: bool, at: int) -> int | None:
    """When the hourly wake test (PROPOSAL §5.6, flag wake_test) next falls once a blow or a
    faculty change leaves the character ``out`` (unconscious and alive) at ``at``: an hour after
    the knock-out; one that finds him out already keeps the hour already running (rulings E138,
    E140: "every hour" from the knock-out, so a blow to a body already out never puts the test
    off); none when he is not out."""
    if not out:
        return None
    running = character.condition.get("next_wake")
    return int(running) if character.condition["unconscious"] and running is not None else at + HOUR


def suffer_damage(
    world: World,
    name: str,
    nominal: int,
    source: str,
    where: str | None = None,
    ranged: bool = False,
    halved: bool = False,
    increment: int = 0,
    increases: int = 0,
    reductions: int = 0,
    bypass_armour: bool = False,
    value: Any = None,
) -> dict[str, Any]:
    """Apply a blow to a location (§Application des dommages): rolled on the D100 table unless
    given, effective damage after effects and armour, added to the location's total."""
    character = world.character(name)
    if character.condition["dead"]:
        raise RuleViolation(f"{character.name} is dead")
    sheet = sheet_of(character)
    morphology = nature(sheet.nature)
    epoch = world.campaign.epoch
    stream = world.stream(epoch, character.draw_place(epoch)) if where is None else None
    roll = stream.die(tables().location_die) if stream is not None else None
    loc = hit_location(morphology, roll, ranged) if roll is not None else location(morphology, str(where))
    if value is None:
        value = damage_value(nominal, halved, increment, increases, reductions, armour_at(character, loc.key), bypass_armour)
    hp = hp_of(world, character)
    wounds = dict(character.condition["wounds"])
    total = wounds.get(loc.key, 0) + value.effective
    wounds[loc.key] = total
    body = body_state(morphology, wounds, hp)
    at = world.campaign.clock
    heal = at + DAY if value.effective and character.condition["resting"] else character.condition["next_heal"]
    record = {
        "location": loc.key,
        "roll": roll,
        "ranged": ranged,
        "value": {k: getattr(value, k) for k in ("nominal", "base", "bonus", "reduction", "armour", "effective")},
        "total": total,
        "state": location_state(total, hp[loc.key]),
        "effects": body.effects(morphology),
        "unconscious": body.unconscious,
        "dead": body.dead,
    }
    character.record(
        ev.DamageTaken,
        at=at,
        source=source,
        next_heal=heal if not body.dead else None,
        next_wake=next_wake(character, body.unconscious and not body.dead, at),
        # Ruling E67: the hit points the blow was read against, so that a replay after a
        # correction reads consciousness from the totals it gives (not kept in the command's
        # answer, which says what the blow did).
        hit_points=dict(hp),
        # Ruling E135: whether the blow found the character out already, so the downtime report
        # tells a knock-out once, by the blow that made it, not again for each blow after it.
        was_unconscious=bool(character.condition["unconscious"]),
        epoch=epoch,
        chance=stream.ops if stream is not None else [],
        sealed_until=None,
        **record,
    )
    return record


def damage_item(world: World, name: str, item: str, damage: int, resistance: int, structure: int) -> dict[str, Any]:
    """Damage to a piece of equipment (Endommagement de l'équipement; parries, B19)."""
    character = world.character(name)
    left = character.condition["equipment"].get(item, structure)
    hit = item_damage(damage, resistance, left)
    # Ruling E70: an item the sheet gives no structure points is never worn down, so never
    # destroyed (it read "0 left; destroyed" at its first parry).
    destroyed = bool(structure) and hit.destroyed
    character.record(
        ev.EquipmentDamaged,
        at=world.campaign.clock,
        item=item,
        damage=damage,
        resistance=resistance,
        structure_lost=hit.structure_lost,
        structure_left=hit.structure_left,
        destroyed=destroyed,
    )
    return {"item": item, "damage": damage, "structure_left": hit.structure_left, "destroyed": destroyed}


def starting_condition(sheet: ElorSheet) -> dict[str, Any]:
    """A new character's condition: full effort, no scene, no wounds, nothing running."""
    return {
        "effort": derived(sheet)["effort_points"],
        "fatigue": 0,
        "last_effort_at": None,
        "scene": None,
        "wounds": {},
        "unconscious": False,
        "dead": False,
        "resting": True,
        "next_heal": None,
        "next_wake": None,
        "equipment": {k: w.structure for k, w in sheet.weapons.items() if w.structure},
        "injuries": {},
        "long_actions": [],
        "next_long_id": 1,
        "experience": 0,
        "ticks": [],
        "pending_grants": 0,
    }
