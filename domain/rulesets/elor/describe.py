"""Every Elor event in the players' words (issue 14): faculties and locations by their French
names (§Facultés, §Humains), degrees of success (§Tests d'action), durations as in-game time."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.elor.damage import location_state, state_words
from chronique.domain.rulesets.elor.tables import Location, Nature, effect, faculty_name, faculty_names, location, nature, tables
from chronique.domain.rulesets.words import Describer, described, joined, plural, signed
from chronique.domain.sheetview import signed as sheet_signed

# §Scènes d'action: what an action point bought.
_POINTS = {
    "attack": "an attack",
    "action": "an action",
    "wait": "waiting",
    "reserve": "a defence held in reserve",
    "defence": "a defence",
    "reaction": "a reaction",
}
_ATTACK = {"hit": "hit", "half": "half damage", "miss": "missed", "parried": "parried", "dodged": "dodged"}
# §Défense: what the attack met ("none": no defence was made, §Cas d'actions simultanées).
_DEFENCE = {"dodge": "a dodge", "parry": "a parry"}
_CAUSES = {"reward": "experience spent", "training": "training", "natural": "natural progression"}


def _morphology(of: str) -> Nature:
    # The nature's table (§Nature L142-L172), the human one (§Humains) for a nature the tables
    # no longer hold: the words of a record never fail to be said.
    try:
        return nature(of)
    except RuleViolation:
        return nature("humain")


def _found(location: str, of: str) -> Location | None:
    # A location of the nature's table by its stored key, None for a key it does not hold.
    return next((loc for loc in _morphology(of).locations if loc.key == location), None)


def where(location: str, of: str = "humain") -> str:
    """A location as the nature's table (§Humains) and the sheet name it, in running prose (e.g.
    "jambe droite" for ``right-leg``), never the stored key."""
    found = _found(location, of)
    return found.name.lower() if found is not None else location.replace("-", " ")


def blow_state(location: str, state: str, unconscious: bool, dead: bool, of: str = "humain") -> tuple[str, str]:
    """What a blow did (§Application des dommages), as the log and the table's line say it: the
    location's state in the rulebook's terms (a vital location at its hit points: "unconsciousness",
    §Humains, E63), then the body's (" — unconscious", " — dead") when it is so and the location's
    words did not already say it (a blow to the torso of someone a wounded abdomen keeps
    unconscious leaves the torso hurt, not unconscious: said apart)."""
    found = _found(location, of)
    said = state if found is None else state_words(found, state)
    if dead:
        return said, " — dead"
    if unconscious and not (found is not None and found.vital and state == "unusable"):
        return said, " — unconscious"
    return said, ""


def place(text: str, of: str = "humain") -> str:
    """A location the user typed or a record holds, by key or by name ("left-leg", "Jambe
    gauche"), as the sheet names it in running prose ("jambe gauche")."""
    try:
        return location(nature(of), text).name.lower()
    except RuleViolation:
        return text


def effect_name(key: str) -> str:
    """A combat effect as §Liste d'effets de combat names it (e.g. "Enchevêtrement" for ``entangle``)."""
    try:
        return effect(key).name
    except RuleViolation:
        return key.replace("-", " ")


def faculty(text: str) -> str:
    """A faculty by its name (Physique, Coordination, Esprit, Mental), from a name or symbol."""
    try:
        return faculty_name(text)
    except RuleViolation:
        return text


def test(outcome: Mapping[str, Any], made_of: str = "") -> str:
    """An action test: its level (and what it adds up from, when ``made_of`` says it), the D10
    rolled, what discards made of them and the degrees (§Tests d'action; PROPOSAL B4: a level of
    10+ or 0- rolls nothing)."""
    degrees = plural(outcome["degrees"], "degree") + " of success"
    level = f"level {outcome['level']}" + (f" ({made_of})" if made_of else "")
    # Ruling E108 (PROPOSAL B4, E8): a certain outcome spends its effort too (a certain success
    # gives a degree for each point), so its line says the effort as a rolled test's does.
    effort = f" with {plural(outcome['effort'], 'effort point')}" if outcome.get("effort") else ""
    if outcome.get("automatic"):
        return f"{level}{effort}: no roll, {'success' if outcome['automatic'] == 'success' else 'failure'} — {degrees}"
    return f"{level}{effort}: rolled {rolled(outcome['dice'], outcome.get('final'))} — {degrees}"


def effort_kept(outcome: Mapping[str, Any], asked: int) -> str:
    """What the table reads after a certain failure's line when effort was asked for the test
    (ruling E116): none is spent; nothing otherwise. Said as the rule that makes it so (ruling
    E141): the level alone makes the outcome certain, before any effort is invested (§Résolution
    des actions L296-L298, effort only afterwards L312-L320), not that no die could have helped
    (a 1 lowered by a discarded die would reach 0)."""
    if not asked or outcome.get("automatic") != "failure":
        return ""
    floor = tables().automatic_failure_at_or_below
    return (
        f" ({plural(asked, 'effort point')} asked, none spent: a test at level {floor} or below fails "
        "before any effort is invested or die rolled)"
    )


# The terms an action level is the sum of (resolution.action_level; a ranged attack's ``range``,
# §Attaque à distance), in the order the words give them.
_LEVEL_TERMS = (
    "faculty",
    "attributes",
    "profession",
    "halved",
    "familiarity",
    "prowess",
    "range",
    "ranged",
    "parry",
    "bulk",
    "technical",
    "difficulty",
    "wounds",
)
# A defence's gear terms by what they are (ruling E74): §La parade, §L'esquive (E33); the
# attacker's technical malus, in its attack and the defence it hit (§Attaque, ruling E132); the
# difficulty a ranged weapon's shots set the defence (§Défense L651, ruling E133).
_GEAR_TERMS = {"parry": "parry bonus", "bulk": "bulky gear", "technical": "technical malus", "ranged": "ranged weapon"}


def level_terms(spec: Mapping[str, Any], terms: Mapping[str, int]) -> str:
    """What a test's level adds up from, in words: "Physique 2, Perception visuelle +1, Guerrier
    +2, difficulty -1" (the faculty always, each attribute, the profession and the familiarity by
    their names, the other terms when not 0), so that a disputed level can be added up from the log."""
    attributes = list(spec.get("attributes") or ())
    names = {"faculty": faculty(spec.get("faculty") or "faculty"), **_GEAR_TERMS}
    names |= {key: spec[key] for key in ("profession", "familiarity") if spec.get(key)}
    # Ruling E94: a test recorded before each attribute was a term of its own kept their sum as
    # "attributes", said by the names its spec lists.
    names |= {"attributes": joined(attributes)} if attributes else {}
    # Ruling E100 (§Familiarités, B5): why a profession counts for half its level.
    names["halved"] = "half: in part" if spec.get("applies") == "partial" else f"half: without {spec.get('familiarity')}"
    order = ["faculty", *attributes, *_LEVEL_TERMS[1:]]
    keys = [k for k in order if k in terms] + sorted(k for k in terms if k not in order)
    return signed({names.get(k, k): terms[k] for k in keys}, keep_first=True)


def rolled(dice: Sequence[int], final: Sequence[int | None] | None) -> str:
    """The dice rolled, then the dice discarded and what they turned (§Catégories de tests
    d'action L322-326: a discarded die gives +1 or -1 to another), e.g. "2 3 1, 1 die discarded
    to turn 2 into 1"; the dice alone when none was discarded (or the outcome predates ``final``)."""
    shown = " ".join(str(d) for d in dice)
    if final is None or None not in final:
        return shown
    discarded = sum(1 for f in final if f is None)
    turned = [f"{d} into {f}" for d, f in zip(dice, final, strict=True) if f is not None and f != d]
    return f"{shown}, {plural(discarded, 'die', 'dice')} discarded" + (f" to turn {joined(turned)}" if turned else "")


def exchange_result(result: str) -> str:
    """An exchange's result in words (§Effets de combat): "half damage", never "half"."""
    return _ATTACK.get(result, result)


def _times(name: str, count: int) -> str:
    # An effect bought or declared more than once (§Liste d'effets de combat: effects stack and
    # repeat), e.g. "Dommages augmentés twice".
    return name + {1: "", 2: " twice"}.get(count, f" {count} times")


def effects_bought(offensive: Mapping[str, int], defensive: Mapping[str, int]) -> str:
    """The combat effects both sides bought with their effect points, each as often as bought
    (ruling E99), as "; effects: …" (§Liste d'effets de combat names them), or nothing."""
    effects = [_times(effect_name(name), count) for name, count in [*offensive.items(), *defensive.items()]]
    return f"; effects: {joined(effects)}" if effects else ""


def effects_unapplied(side: str, names: Sequence[str]) -> str:
    """The effects a side declared before the roll that its effect points did not pay for
    (§Effets de combat), e.g. "not applied, the attack did not win the points for them:
    Dommages augmentés twice"; nothing when all were applied."""
    if not names:
        return ""
    counts = {name: names.count(name) for name in names}
    return f"not applied, the {side} did not win the points for them: {joined([_times(name, n) for name, n in counts.items()])}"


def _tested(e: Any) -> str:
    purpose = e.purpose if e.purpose and not e.purpose.endswith(" test") else "test"
    return f"{purpose}: {test(e.outcome, level_terms(e.spec or {}, e.terms))}{ticked_words(e.ticked)}"


def ticked_words(profession: str | None) -> str:
    """What the log and the table's line add after a test that ticked its profession for natural
    progression (PROPOSAL §5.5, ruling E26; ruling E121): "; Archéologue ticked for natural
    progression"; nothing otherwise."""
    return f"; {profession} ticked for natural progression" if profession else ""


def degrees_against(attack: int, defence_kind: str, defence: int) -> str:
    """An exchange's values in words, as the log and the table's line say them (§Effets de
    combat): "2 degrees against a parry of 1 degree"; against no defence when none was made
    (§Défense), not a defence of 0."""
    kind = _DEFENCE.get(defence_kind)
    return f"{plural(attack, 'degree')} against " + (f"{kind} of {plural(defence, 'degree')}" if kind else "no defence")


# §Cas d'actions simultanées L520-L528: what makes an attack simultaneous, as the log and the
# table's line say it.
TURNED_UP_TOGETHER = "both cards “Attaque”, turned up together"


def laid_defence(target: str, attacker: str) -> str:
    """What the table reads when the target of an attack that is not simultaneous was up with
    the attacker (§Cas d'actions simultanées, ruling E115): its card, and the point it spent."""
    return f"{target}, up together with {attacker}, laid “Défense”: the action point of this opportunity holds the defence"


def came_in(sequence: int, action_points: int) -> str:
    """A latecomer's place in the action scene, as the log and ``scene join`` say it (ruling
    E82): "came into sequence 2 with 3 action points", or with none until the next one."""
    if action_points:
        return f"came into sequence {sequence} of the action scene with {plural(action_points, 'action point')}"
    return f"came into sequence {sequence} of the action scene as it ended: all action points from the next one"


def _attack(e: Any) -> str:
    together = f" ({TURNED_UP_TOGETHER})" if e.simultaneous else ""
    kind = f"{'simultaneous ' if e.simultaneous else ''}{'melee' if e.melee else 'ranged'}"
    head = f"{kind} attack on {e.target}{together}: {degrees_against(e.attack, e.defence_kind, e.defence)}"
    # §Effets de combat: a blow lands on a location, or on the parrying weapon or an item.
    hit = ""
    if e.damage and "location" in e.damage:
        hit = f" in the {where(e.damage['location'])}"
    elif e.damage and "item" in e.damage:
        hit = f": the {e.damage['item']} takes the blow"
    return f"{head} — {exchange_result(e.result)}{hit}{effects_bought(e.offensive_effects, e.defensive_effects)}"


def _damage(e: Any) -> str:
    # What the blow did (§Application des dommages): the location's state, then the body's
    # (blow_state), as the table's line says it. The effects the event keeps (every location's,
    # in the table's capitalised names) say no more, and the other locations' were said by their
    # own blows.
    state, body = blow_state(e.location, e.state, e.unconscious, e.dead)
    return f"{damage_points(e.value)} in the {where(e.location)} ({e.source}): {e.total} in all, {state}{body}"


def damage_points(value: Mapping[str, int]) -> str:
    """The damage a blow added to its location and, when the armour stopped some, its share
    (§Application des dommages step 2: the armour's protection is subtracted from the damage),
    as the log, the journal and the attack's line say it: "3 points of damage (7 dealt, 4
    stopped by the armour)", so the reader sees why the total grew by less than the blow."""
    taken = f"{plural(value['effective'], 'point')} of damage"
    stopped = int(value.get("armour", 0))
    if not stopped:
        return taken
    return f"{taken} ({value['effective'] + stopped} dealt, {stopped} stopped by the armour)"


def _in_body_order(points: Mapping[str, int], of: str = "humain") -> list[tuple[str, int]]:
    # The locations in the order of the nature's table and the sheet (§Humains: head first), so
    # that the advance's line and the log's (read back from the journal) say them alike.
    order = [loc.key for loc in _morphology(of).locations]
    return sorted(points.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order))


def damage_left(key: str, left: int, removed: int, hit_points: int | None, of: str = "humain") -> str:
    """What a healing left of a location's damage, as the log, the advance and ``elor care`` say
    it (ruling E69): the *damage* points left, never a bare number that reads as hit points left,
    and, when the healing brought the location back under its hit points (§Application des
    dommages: at them a limb is unusable, a vital location means unconsciousness, §Humains "Effet
    PV"), what that gives back: "4 damage points left: the jambe gauche can be used again"; while
    it is still at them, that it still is: "5 damage points left: the jambe gauche is still
    unusable". ``hit_points`` None (a healing recorded before it kept them) says the points alone."""
    said = f"{plural(left, 'damage point')} left" if left else "no damage left"
    if hit_points is None or location_state(left + removed, hit_points) != "unusable":
        return said
    found = _found(key, of)
    vital = found is not None and found.vital
    effect = found.at_hp if found is not None else "unusable"
    if location_state(left, hit_points) == "unusable":
        # Still at its hit points (a healing never touches a destroyed location, E23).
        return f"{said}: the {where(key, of)} still causes {effect}" if vital else f"{said}: the {where(key, of)} is still unusable"
    return f"{said}: the {where(key, of)} no longer causes {effect}" if vital else f"{said}: the {where(key, of)} can be used again"


# Ruling E70: an item the sheet gives no structure points is never worn down.
NO_STRUCTURE = "it has no structure points to lose"


def item_left(structure_left: int, destroyed: bool) -> str:
    """What a blow left of a weapon or shield, as the attack's line says it (§Endommagement de
    l'équipement L1079: destroyed at 0 structure points; ruling E70)."""
    if destroyed:
        return "destroyed"
    return f"{plural(structure_left, 'structure point')} left" if structure_left else NO_STRUCTURE


def _item_damaged(e: Any) -> str:
    # §Endommagement de l'équipement L1079: resistance first, the rest off the structure points;
    # an item the sheet gives none of is never worn down (ruling E70).
    taken = f"the {e.item} took {plural(e.damage, 'point')} of damage"
    if not (e.structure_lost or e.structure_left or e.destroyed):
        return f"{taken}: {NO_STRUCTURE}"
    stopped = min(e.damage, e.resistance)
    left = f"{e.structure_lost} off its structure ({e.structure_left} left)" + ("; destroyed" if e.destroyed else "")
    return f"{taken}: {stopped} stopped by its resistance, {left}"


def _healed(e: Any) -> str:
    # PROPOSAL §5.6: the points a day of rest or a healer's care took off, and the damage left.
    if e.removed is None:
        # Recorded before WoundsHealed kept the points healed: its ``healed`` holds the totals
        # left, so that is what it says (never read as points healed, nor as hit points, E69).
        left = [f"the {where(loc)} down to {plural(n, 'damage point')}" if n else f"the {where(loc)} healed" for loc, n in e.healed.items()]
        return f"healed by {e.by}: " + (joined(left) if left else "nothing")
    hit_points = e.hit_points or {}
    healed = [
        f"{plural(n, 'point')} in the {where(loc)} ({damage_left(loc, e.healed.get(loc, 0), n, hit_points.get(loc))})"
        for loc, n in _in_body_order(e.removed)
        if n
    ]
    return f"healed by {e.by}: " + (joined(healed) if healed else "nothing")


def coordination(penalty: int) -> str:
    """A collaboration's unit's coordination penalty (§Collaborations L460-L464), as the log and
    ``long-action test`` say it: ", coordination −1", nothing without one."""
    return f", coordination −{penalty}" if penalty else ""


def _long_progressed(e: Any) -> str:
    # §Collaborations: a participant unconscious or dead adds nothing; nobody may be able to work.
    tests = ", ".join(f"{t['name']} {plural(t['degrees'], 'degree')}" for t in e.tests) or "nobody could work"
    penalty = coordination(e.penalty)
    done = " — done" if e.done else ""
    # Recorded before LongActionProgressed kept the action's name: its number alone.
    action = long_action(e.action_id, e.name)
    return f"{action}: {tests}{penalty}; {plural(e.gained, 'degree')} gained, {e.accumulated} in all{done}"


def _long_abandoned(e: Any) -> str:
    # Named as LongActionProgressed names it (its number alone when recorded before version 2
    # kept the name), and why only when the GM or the rules said why.
    action = long_action(e.action_id, e.name)
    return f"gave up {action}" + (f": {e.reason}" if e.reason else "")


def long_action(number: int, name: str | None) -> str:
    """A long action as the log names it: "long action 1 (forge the sword)", its number alone
    when recorded before its event kept the name."""
    return f"long action {number} ({name})" if name else f"long action {number}"


def _risk(e: Any) -> str:
    # Ruling E91: the action by its name too (RiskRolled version 3).
    action = long_action(e.action_id, e.name)
    if e.triggered:
        return f"the risk of {action} struck: {e.risk} (D10 {e.die}, at most {e.threshold})"
    return f"the risk of {action} held off (D10 {e.die} over {e.threshold}); next time at most {e.next_threshold}"


def wake_terms(terms: Mapping[str, int] | None) -> str:
    """What an hourly wake test's level adds up from (PROPOSAL §5.6, ruling E90): "Physique 2,
    Mental -1, +5 to wake"; nothing for a test recorded before its event kept the terms."""
    if terms is None:
        return ""
    return f"Physique {terms['Physique']}, Mental {terms['Mental']:+d}, {terms['wake']:+d} to wake"


def wake_tested(outcome: Mapping[str, Any], terms: Mapping[str, int] | None, awake: bool) -> str:
    """An hourly wake test (PROPOSAL §5.6) as the log and the advance that made it say it
    (rulings E90, E96): "hourly test to wake up: level 5 (Physique 1, Mental -1, +5 to wake):
    rolled 3 — 1 degree of success — awake", the test in words as every other test's line."""
    return f"hourly test to wake up: {test(outcome, wake_terms(terms))} — " + ("awake" if awake else "still unconscious")


def _raised(e: Any) -> str:
    grant = f", gaining the {e.grant_kind} {e.grant}" if e.grant_kind and e.grant else ""
    spent = f" ({plural(e.experience_spent, 'experience point')})" if e.experience_spent else ""
    return f"{e.profession} rose to level {e.level} by {_CAUSES.get(e.cause, e.cause)}{spent}{grant}"


def _progression(e: Any) -> str:
    rolls = "; ".join(f"{r['profession']} level {r['level']}: D10 {r['die']}" + (" — raised" if r["raised"] else "") for r in e.rolls)
    return f"natural progression: {rolls}" if rolls else "natural progression: no profession ticked"


def _faculties(e: Any) -> str:
    # In the sheet's order (§Facultés: Physique, Coordination, Esprit, Mental), not the record's.
    order = faculty_names()
    named = sorted(((faculty(k), v) for k, v in e.faculties.items()), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))
    # Ruling E142: a level signed as the sheet and `elor faculties` sign it ("0", "+1", "−1").
    levels = ", ".join(f"{name} {sheet_signed(v)}" for name, v in named)
    return f"faculties changed ({e.reason}): {levels}{_made_of_body(e)}"


def _made_of_body(e: Any) -> str:
    """What a faculty change made of the body, as ``elor faculties`` says it (ruling E131):
    "; now dead", "; now unconscious" or "; awake again" only when the change made it so
    (ruling E139, as E135 for a blow); a change recorded before version 3, which does not say
    the state it found, reads as it did."""
    if e.was_unconscious is None:
        return "; now dead" if e.dead else "; now unconscious" if e.unconscious else ""
    if e.dead:
        return "" if e.was_dead else "; now dead"
    if e.unconscious != e.was_unconscious:
        return "; now unconscious" if e.unconscious else "; awake again"
    return ""


WORDS: dict[str, Describer] = {
    "chronique.domain.rulesets.elor.events:TestRolled": _tested,
    "chronique.domain.rulesets.elor.events:EffortRecovered": lambda e: f"{plural(e.amount, 'effort point')} back: {e.reason}",
    "chronique.domain.rulesets.elor.events:SequenceBegan": lambda e: (
        f"sequence {e.sequence} of the action scene: {plural(e.action_points, 'action point')}"
    ),
    "chronique.domain.rulesets.elor.events:ProtagonistJoined": lambda e: came_in(e.sequence, e.action_points),
    "chronique.domain.rulesets.elor.events:ActionPointSpent": lambda e: (
        f"spent an action point on {_POINTS.get(e.kind, e.kind)}"
        + (" (the reserved one)" if e.from_token else "")
        + (f"; {plural(e.effort_recovered, 'effort point')} back" if e.effort_recovered else "")
    ),
    "chronique.domain.rulesets.elor.events:SceneLeft": lambda e: (
        "the action scene ended" + (f": {plural(e.effort_recovered, 'effort point')} back" if e.effort_recovered else "")
    ),
    "chronique.domain.rulesets.elor.events:AttackResolved": _attack,
    "chronique.domain.rulesets.elor.events:DamageTaken": _damage,
    "chronique.domain.rulesets.elor.events:EquipmentDamaged": _item_damaged,
    "chronique.domain.rulesets.elor.events:WoundsHealed": _healed,
    "chronique.domain.rulesets.elor.events:CareGiven": lambda e: (
        f"care by {e.healer} on the {where(e.location)}: {plural(e.degrees, 'degree')} of success"
    ),
    "chronique.domain.rulesets.elor.events:WakeTested": lambda e: f"the {wake_tested(e.outcome, e.terms, e.awake)}",
    "chronique.domain.rulesets.elor.events:RestOrdered": lambda e: "rests from now on" if e.resting else "no longer rests",
    # Named as the later lines of the same action name it, "long action 1 (forge the sword)": the
    # name bare read as the sentence's own words ("began the long action forge the sword").
    "chronique.domain.rulesets.elor.events:LongActionStarted": lambda e: (
        f"began {long_action(e.action['id'], e.action['name'])}, {plural(e.action['required'], 'degree')} required"
    ),
    "chronique.domain.rulesets.elor.events:LongActionProgressed": _long_progressed,
    "chronique.domain.rulesets.elor.events:RiskRolled": _risk,
    "chronique.domain.rulesets.elor.events:LongActionAbandoned": _long_abandoned,
    # An award without --reason has none to say (it read "earned 2 experience points ()").
    "chronique.domain.rulesets.elor.events:ExperienceAwarded": lambda e: (
        f"earned {plural(e.points, 'experience point')}" + (f" ({e.reason})" if e.reason else "")
    ),
    "chronique.domain.rulesets.elor.events:ProfessionRaised": _raised,
    "chronique.domain.rulesets.elor.events:ProgressionRolled": _progression,
    "chronique.domain.rulesets.elor.events:GrantChosen": lambda e: f"chose the {e.kind} {e.name}",
    "chronique.domain.rulesets.elor.events:FacultiesChanged": _faculties,
}


def describe(event: Any) -> str:
    """An Elor event (or the spine's) in the players' words."""
    return described(WORDS, event)
