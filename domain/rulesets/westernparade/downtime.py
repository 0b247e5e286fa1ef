"""Western Parade downtime orders: training plans (§2.6-§2.7), trick-shooting practice
(§6.6.7), improvement rolls (§2.3-§2.5, §2.4.3) and long-period activities (§5.18 of the
digest), recorded as events on the character's chain; the timeline runs them
(``downtime_processes``).

The downtime keys of a character's condition dict::

    "training": {
      "as_of": 1234 | None,          # in-game time the accounts below were settled
      "targets": {                   # what is being trained (or banked, idle)
        "Armes de poing": {
          "kind": "skill" | "characteristic",
          "requested": 25, "hours": 20,          # hours a week asked / counted (max 20, §2.6.1)
          "teacher": "Siringo" | None, "teacher_level": 95 | None,   # skill %, or his modifier
          "bank": 0,                 # credit toward the next point, in 1/168 s (training.py)
          "trained": 0,              # actual training time so far, same units (cartridges)
          "cartridges": 0,           # cartridges burnt so far (firearm skills, §2.6.2 fn. 2)
          "idle_since": None,        # when its hours went to 0 with credit left (decay §2.6.2)
          # characteristic only: skill levels and characteristics when its training began
          "since": 1234, "start": {"Lutte": 40, ...}, "start_characteristics": {"FOR": 12, ...},
        },
      },
      "characteristic": "FOR" | None,   # the one characteristic in training (§2.7 L1459)
      "initial_app": 10,                # APP at creation (§2.7.5: at most +3)
      "practice": {"practising": False, "bonus": 0, "since": None},   # §6.6.7 L3593
    },
    "marks": {
      "checks": {"Lutte": 2},        # check-marks of failed improvement rolls (§2.3)
      "pending": [{"id": 1, "target": "EXP", "kind": "characteristic", "reason": "...",
                   "bonus": 0, "due_at": None}],   # improvement rolls earned, not yet rolled
      "next_id": 2,
      "raised": {"FOR": 1234},       # when each characteristic last rose (APP, §2.4.5)
    },
    "activities": {"running": [{"id": 1, "kind": "banking", ...}], "next_id": 2},
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chronique.domain.character import Character
from chronique.domain.copying import copied
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import Calendar
from chronique.domain.names import find
from chronique.domain.rulesets.westernparade import alcohol, fitness
from chronique.domain.rulesets.westernparade import downtime_events as dev
from chronique.domain.rulesets.westernparade import experience as xp
from chronique.domain.rulesets.westernparade import long_skills as ls
from chronique.domain.rulesets.westernparade import training as tr
from chronique.domain.rulesets.westernparade.care import body_now, env
from chronique.domain.rulesets.westernparade.characteristics import characteristic_roll
from chronique.domain.rulesets.westernparade.condition import pv_of, still_for
from chronique.domain.rulesets.westernparade.describe import (
    activity_due_words,
    capital_words,
    paused_words,
    period_words,
    practice_row,
    teacher_words,
)
from chronique.domain.rulesets.westernparade.play import draw, living, skill_score, stats
from chronique.domain.rulesets.westernparade.report import where
from chronique.domain.rulesets.westernparade.resolution import RollOutcome, difficulty, open_ended
from chronique.domain.rulesets.westernparade.tables import characteristic, skills
from chronique.domain.rulesets.westernparade.wounds import bed_bound
from chronique.domain.rulesets.words import joined
from chronique.domain.text import plural
from chronique.domain.world import World


def starting_downtime(sheet_data: Mapping[str, Any]) -> dict[str, Any]:
    """The downtime keys of a new character's condition: no plan, no marks, no activity."""
    return {
        "training": {
            "as_of": None,
            "targets": {},
            "characteristic": None,
            "initial_app": sheet_data["characteristics"]["APP"],
            "practice": {"practising": False, "bonus": 0, "since": None},
        },
        "marks": {"checks": {}, "pending": [], "next_id": 1, "raised": {}},
        "activities": {"running": [], "next_id": 1},
    }


# -- training accounts -----------------------------------------------------------------------


def _m_int(character: Character) -> int:
    return int(stats(character)["modifiers"]["INT"])


def related_levels(character: Character, rule: tr.CharacteristicRule, sheet: Mapping[str, Any] | None = None) -> dict[str, int]:
    """The character's levels (or those of ``sheet``) in the skills a characteristic's training
    needs (a per-subject skill, e.g. "Jouer d'un instrument (violon)", counts under its general
    name, at its best)."""
    scores: Mapping[str, int] = (character.sheet if sheet is None else sheet)["derived"]["skills"]
    out: dict[str, int] = {}
    for name, level in scores.items():
        general = name.split("(", 1)[0].strip()
        if general in rule.skills:
            out[general] = max(level, out.get(general, level))
    return out


def factor(character: Character, name: str, target: Mapping[str, Any]) -> int:
    """How much a second of training counts for this target now (teacher, the under-20% rule)."""
    if target["kind"] == "skill":
        return tr.skill_factor(stats(character)["skills"][name], target["teacher_level"])
    student = int(stats(character)["modifiers"][name])
    return tr.characteristic_factor(tr.characteristic_rule(name), student, target["teacher_level"])


def point_cost(character: Character, name: str, target: Mapping[str, Any]) -> int:
    """Training seconds (before the teacher's doubling) of the target's next point."""
    if target["kind"] == "skill":
        return tr.skill_point_cost(stats(character)["skills"][name], _m_int(character))
    value = character.sheet["characteristics"][name]
    rule = tr.characteristic_rule(name)
    return tr.characteristic_point_cost(characteristic_roll(value), characteristic_roll(value + 1), _m_int(character), rule.time_factor)


def ready(character: Character, name: str, target: Mapping[str, Any]) -> bool:
    """Whether a characteristic's prerequisites are met (§2.7 L1457, §2.7.5); skills always are."""
    if target["kind"] == "skill":
        return True
    rule = tr.characteristic_rule(name)
    female = character.sheet["sex"] == "female"
    now = character.sheet["characteristics"]
    return tr.prerequisites_met(rule, target["start"], related_levels(character, rule)) and tr.raised_companion(
        rule, female, target["start_characteristics"], now
    )


def settled(character: Character, at: int) -> dict[str, Any]:
    """The character's training state with every target's credit brought up to ``at`` (a new
    dict: recorded states are never changed in place). A characteristic whose prerequisites are
    not met yet banks no more than its point's cost: extra hours are not counted (§2.6.2 L1428)."""
    state = copied(character.condition["training"])
    since = state["as_of"]
    if since is not None and at > since:
        for name, target in state["targets"].items():
            f = factor(character, name, target) if target["hours"] else 0
            if not f:
                continue
            target["bank"] += tr.credit(at - since, target["hours"], f)
            target["trained"] += tr.credit(at - since, target["hours"], 1)
            if not ready(character, name, target):
                target["bank"] = min(target["bank"], tr.units(point_cost(character, name, target)))
    state["as_of"] = at
    return state


def banked(target: Mapping[str, Any], at: int) -> int:
    """A target's credit at ``at``: an idle one's worn away by decay (more than seven days
    without training, §2.6.2 L1434)."""
    return tr.decayed(target["bank"], target["idle_since"], at) if target["idle_since"] is not None else int(target["bank"])


def standing(character: Character, at: int) -> dict[str, Any]:
    """The training state as it stands at ``at``, for people to read: ``settled``, with every
    idle target's credit worn away by decay as the timeline will record it (§2.6.2 L1434); of
    one who died, as it stood at his death (the dead train no more)."""
    died = died_at(character)
    moment = at if died is None else min(at, died)
    state = settled(character, moment)
    for target in state["targets"].values():
        target["bank"] = banked(target, moment)
    return state


def next_point(character: Character, name: str) -> int | None:
    """When the target's next point is due (None if it is not progressing, or he is dead)."""
    state = character.condition["training"]
    target = state["targets"][name]
    if not target["hours"] or not ready(character, name, target) or character.condition.get("dead"):
        return None
    wait = tr.seconds_to(target["bank"], point_cost(character, name, target), target["hours"], factor(character, name, target))
    return None if wait is None else int(state["as_of"]) + wait


def plan_words(target: Mapping[str, Any], state: Mapping[str, Any], dead: bool = False) -> str:
    """A target of the training ``state`` in words: its hours a week and teacher (§2.6.2, §2.7);
    paused while he cannot train (a critical wound keeps him in bed, §3.2.9.3, ruling WC10; out
    cold or dying, ruling WC22), with the hours it resumes at; or stopped (a plan of 0 hours, a
    dead teacher, ruling WC18), its credit waiting idle. A ``dead`` trainee's paused plan is the
    one he had, no pause he would get up from (ruling WC24; ruling WC21: its progress says he died)."""
    teacher = f" with {teacher_words(target['teacher'], target['kind'], target['teacher_level'])}" if target["teacher"] else ""
    if target.get("paused"):
        if dead:
            return f"{plural(int(target['paused']), 'hour')} a week{teacher}"
        why = paused_words(state)["pause"]
        return f"paused while {why}, {plural(int(target['paused']), 'hour')} a week{teacher} once up"
    if target["hours"]:
        return f"{plural(target['hours'], 'hour')} a week{teacher}"
    return "stopped"


# A characteristic's related skills are named on the sheet up to this many (§2.7.1 FOR's six);
# AGI's thirty-four (§2.7.3) are counted instead.
_LISTED = 6


def waiting_words(character: Character, name: str, target: Mapping[str, Any]) -> str | None:
    """What a characteristic in training waits for before any point, however many hours it banks
    (None when nothing: a skill, or its prerequisites met): §2.7 L1457, a related skill risen 5%
    since the training began (``count`` of them), and §2.7.5 L1496, APP another characteristic
    raised meanwhile."""
    if target["kind"] == "skill":
        return None
    rule = tr.characteristic_rule(name)
    needs = []
    grown = tr.grown_count(rule, target["start"], related_levels(character, rule))
    if grown < rule.count:
        one = rule.count == 1
        if len(rule.skills) <= _LISTED:
            listed = ", ".join(rule.skills[:-1]) + " or " + rule.skills[-1]
            which = f"{'one' if one else rule.count} of {listed}"
        else:
            which = f"{rule.count} of its {len(rule.skills)} related skills"
        so_far = "" if one else f", {grown} so far"
        needs.append(f"{which} {'has' if one else 'have'} risen 5% since the training began{so_far}")
    female = character.sheet["sex"] == "female"
    if not tr.raised_companion(rule, female, target["start_characteristics"], character.sheet["characteristics"]):
        wanted = list(rule.raised_female if female else rule.raised_male)
        needs.append(f"one of {', '.join(wanted[:-1])} or {wanted[-1]} has risen since it began")
    return f"no point until {' and '.join(needs)} (§2.7)" if needs else None


def progress_words(character: Character, name: str, target: Mapping[str, Any], calendar: Calendar) -> str:
    """Where a target's training stands, in words: the credit banked toward its next point (an
    idle one's since when, §2.6.2 L1434), when that point is due (``next_point``, from the
    recorded state) and the cartridges burnt so far (§2.6.2 footnote 2, ruling WC11). ``target``
    is the target as it stands at the moment shown (``standing``)."""
    nxt = next_point(character, name)
    dead = bool(character.condition.get("dead"))
    waits = "ended at death" if dead else waiting_words(character, name, target) if target["hours"] else None
    when = f"next point {calendar.format(nxt)}" if nxt is not None else waits or "no progress"
    # §2.6.2 L1434: an idle credit wears away an hour a half-day after seven days; a dead man's
    # credit stays as it stood at his death (ruling WC21), no wear to foretell (ruling WC38).
    idle = "" if target["idle_since"] is None or dead else f", idle since {calendar.format(target['idle_since'])}"
    idle += " (after 7 days an hour lost every 12 h)" if idle else ""
    burnt = cartridges_burnt(name, target)
    ammunition = f"; {plural(burnt, 'cartridge')} burnt so far" if burnt else ""
    return f"{tr.hours_of(target['bank'])} banked{idle}, {when}{ammunition}"


def training_rows(character: Character, at: int, calendar: Calendar) -> list[tuple[str, str, str]]:
    """The training under way at ``at`` as a sheet shows it, as (what, plan, progress) in words:
    each target (``plan_words``, ``progress_words``), then trick-shooting practice while it runs
    or its bonus lasts (§6.6.7 L3593). Nothing when he trains nothing (ruling WC19)."""
    if "training" not in character.condition:
        return []
    state = standing(character, at)
    dead = bool(character.condition.get("dead"))
    rows = [(name, plan_words(t, state, dead), progress_words(character, name, t, calendar)) for name, t in state["targets"].items()]
    practising, bonus = bool(state["practice"]["practising"]), practice_now(character, at)
    if practising or bonus:
        rows.append(("trick shooting", *practice_row(bonus, practising, dead)))
    return rows


def _week_hours(state: Mapping[str, Any]) -> dict[str, int]:
    return {n: t["requested"] for n, t in state["targets"].items() if t["hours"]}


def _practice_hours(state: Mapping[str, Any]) -> int:
    return ls.practice_hours() if state["practice"]["practising"] else 0


def _target_of(character: Character, name: str) -> tuple[str, str]:
    try:
        key = characteristic(name)
    except RuleViolation:
        return "skill", skill_score(character, name)[0]
    tr.characteristic_rule(key)
    return "characteristic", key


def campaign_teacher(world: World, teacher: str) -> Character | None:
    """The campaign's character a plan names as its teacher (None for a teacher from outside)."""
    return next((c for c in world.characters.values() if c.name.casefold() == teacher.strip().casefold()), None)


def _teacher(world: World, kind: str, target: str, teacher: str | None, teacher_level: int | None) -> tuple[str | None, int | None]:
    # The plan's teacher as it is recorded and said, with the level he teaches at: the campaign's
    # character as his sheet spells him, however typed; one from outside as typed, but for spaces.
    if teacher is None:
        return None, None
    known = campaign_teacher(world, teacher)
    if known is None:
        if teacher_level is None:
            raise RuleViolation(f"{teacher.strip()} is not in the campaign: give the teacher's level")
        return teacher.strip(), teacher_level
    if known.condition.get("dead"):
        raise RuleViolation(f"{known.name} is dead and teaches no one (§2.6.2)")
    if kind == "skill":
        return known.name, skill_score(known, target)[1]
    return known.name, int(stats(known)["modifiers"][target])


def _check_gain(character: Character, state: Mapping[str, Any], name: str, values: Mapping[str, int]) -> None:
    female = character.sheet["sex"] == "female"
    tr.check_characteristic_gain(tr.characteristic_rule(name), values, state["initial_app"], female)


def _bedridden(world: World, character: Character) -> str | None:
    # Why he may not train now: a critical wound keeps him in bed (§3.2.9.3, ruling WC10), a
    # broken chest or flank keeps him totally still (§3.4.5.3, ruling WB43); None if nothing.
    e = env(world, character)
    body = body_now(world, character)
    if bed_bound(pv_of(w, loc, e) for loc, w in body["wounds"].items()):
        return "keeps to bed with a critical wound: no training (§3.2.9.3, ruling WC10)"
    still = still_for(body)
    if still:
        return f"keeps totally still with the {where(still[0])} broken: no training until it heals (§3.4.5.3)"
    return None


def plan_training(
    world: World, name: str, target: str, hours: int, teacher: str | None = None, teacher_level: int | None = None
) -> dict[str, Any]:
    """Set how many hours a week the character trains ``target`` (a skill, or a characteristic:
    FOR, END, AGI, INT, APP, CHR), under which teacher; 0 stops it (its credit then waits, and
    decays after seven idle days). Recorded at the campaign clock as ``TrainingPlanned``."""
    character = living(world, name, conscious=False)
    at = world.campaign.clock
    kind, key = _target_of(character, target)
    state = settled(character, at)
    targets = state["targets"]
    current = targets.get(key)
    if current is not None and current["idle_since"] is not None:
        current.update(bank=banked(current, at), idle_since=None)
    if current is not None:
        current["paused"] = None  # a plan the player changes is no longer waiting for his recovery
    teacher, level = _teacher(world, kind, key, teacher, teacher_level)
    abandoned = None
    if hours == 0:
        if current is None:
            raise RuleViolation(f"{character.name} is not training {key}")
        _stop(state, key, at)
    else:
        why = _bedridden(world, character)
        if why is not None:
            raise RuleViolation(f"{character.name} {why}")
        counted = tr.counted_hours(hours)
        if current is None:
            current = {"kind": kind, "bank": 0, "trained": 0, "cartridges": 0, "idle_since": None}
            targets[key] = current
        current.update(requested=hours, hours=counted, teacher=teacher, teacher_level=level)
        if kind == "skill":
            from chronique.domain.rulesets.westernparade.creation import barred_problem, reserved_problem  # pydantic: on first use

            barred = reserved_problem(character.sheet.get("special"), key) or barred_problem(character.sheet.get("special"), key)
            if barred is not None:
                raise RuleViolation(f"{character.name} cannot train {key}: {barred}")
            score = stats(character)["skills"][key]
            if level is not None and level < tr.teacher_needed(score):
                raise RuleViolation(
                    f"{teacher} ({level}%) cannot teach {key} at {score}%: a teacher needs {tr.teacher_needed(score)}% (§2.6.2)"
                )
            if tr.skill_factor(score, level) == 0:
                raise RuleViolation(f"{key} at {score}% is below 20%: it needs a teacher with {tr.teacher_needed(score)}% (§2.6.2)")
        else:
            _check_gain(character, state, key, character.sheet["characteristics"])
            # §2.7 L1459-L1461: one characteristic at a time; leaving one for another (even one
            # left idle) loses all its progress.
            others = [n for n, t in targets.items() if t["kind"] == "characteristic" and n != key]
            for other in others:
                del targets[other]
            abandoned = others[0] if others else None
            if "since" not in current:
                rule = tr.characteristic_rule(key)
                current.update(
                    since=at, start=related_levels(character, rule), start_characteristics=dict(character.sheet["characteristics"])
                )
            state["characteristic"] = key
        tr.check_week(_week_hours(state), _practice_hours(state))
    character.record(
        dev.TrainingPlanned,
        at=at,
        target=key,
        kind=kind,
        requested=hours,
        hours=tr.counted_hours(hours),
        teacher=teacher,
        teacher_level=level,
        abandoned=abandoned,
        training=state,
    )
    return state


def _stop(state: dict[str, Any], key: str, at: int) -> None:
    """Stop training ``key`` at ``at`` (its credit already settled there): credit left waits,
    idle (and decays after seven days, §2.6.2 L1434); without credit the target is gone."""
    targets = state["targets"]
    if targets[key]["bank"]:
        targets[key].update(requested=0, hours=0, idle_since=at)
    else:
        del targets[key]
    if key == state["characteristic"]:
        state["characteristic"] = None


def cartridges_burnt(name: str, target: Mapping[str, Any]) -> int:
    """The cartridges training the target ``name`` has burnt so far: 200 an hour actually
    trained for a firearm skill (§2.6.2 footnote 2, ruling WC11), none for anything else."""
    firearm = target["kind"] == "skill" and name in skills().firearms
    return tr.cartridges(int(target["trained"])) if firearm else 0


def train_point(world: World, character: Character, name: str, at: int) -> dict[str, Any]:
    """Record the point a target's training won at ``at`` (its credit reached the point's cost)."""
    state = settled(character, at)
    target = state["targets"][name]
    cost = point_cost(character, name, target)
    target["bank"] -= tr.units(cost)
    burnt = cartridges_burnt(name, target) - target["cartridges"]
    target["cartridges"] += burnt
    if target["kind"] == "skill":
        before = int(stats(character)["skills"][name])
    else:
        before = int(character.sheet["characteristics"][name])
        from chronique.domain.rulesets.westernparade.sheet import with_derived  # pydantic: on first use

        raised = dict(character.sheet) | {"characteristics": dict(character.sheet["characteristics"]) | {name: before + 1}}
        # §2.7 L1457: every further point needs its own prerequisite growth, counted afresh from
        # the skills as the raised characteristic leaves them (their bases follow it, §2.3).
        target["since"] = at
        target["start"] = related_levels(character, tr.characteristic_rule(name), with_derived(raised))
        target["start_characteristics"] = raised["characteristics"]
    stopped = None
    if target["kind"] == "characteristic":
        try:
            _check_gain(character, state, name, dict(character.sheet["characteristics"]) | {name: before + 1})
        except RuleViolation as limit:
            stopped = str(limit)
            target.update(requested=0, hours=0, idle_since=at)
            state["characteristic"] = None
    character.record(
        dev.PointTrained,
        at=at,
        target=name,
        kind=target["kind"],
        before=before,
        after=before + 1,
        cost_s=cost,
        cartridges=burnt,
        stopped=stopped,
        training=state,
    )
    return target


def lapse(character: Character, name: str, at: int) -> None:
    """Record that an idle target's credit has all decayed (§2.6.2 L1434); a plan paused by a
    critical wound keeps its hours for when he leaves his bed (ruling WC10)."""
    state = settled(character, at)
    if state["targets"][name].get("paused"):
        state["targets"][name].update(bank=0, idle_since=None)
    else:
        del state["targets"][name]
    character.record(dev.TrainingLapsed, at=at, target=name, training=state)


# -- a teacher who died (§2.6.2) -------------------------------------------------------------


def died_at(character: Character) -> int | None:
    """When a dead character died: his body was last brought up to date at that moment and
    stays so (None if he is alive)."""
    if not character.condition.get("dead"):
        return None
    settled_at = character.condition.get("settled_at")
    return None if settled_at is None else int(settled_at)


def dead_teacher(world: World, character: Character, name: str) -> Character | None:
    """The teacher of a running (or paused) target who is a character of the campaign and dead."""
    target = character.condition["training"]["targets"][name]
    if not (target["hours"] or target.get("paused")) or not target.get("teacher"):
        return None
    teacher = campaign_teacher(world, target["teacher"])
    return teacher if teacher is not None and teacher.condition.get("dead") else None


def orphan_due(world: World, character: Character, name: str) -> int | None:
    """When a target trained under a teacher who has since died stops (ruling WC18): at his
    death, or at the plan's last settling if it came later. §2.6.2 L1432: below 20% a student
    cannot do without a teacher; above it, the hours were planned with him: the player plans anew."""
    teacher = dead_teacher(world, character, name)
    if teacher is None:
        return None
    as_of = int(character.condition["training"]["as_of"] or 0)
    return max(as_of, died_at(teacher) or as_of)


def stop_orphaned(world: World, character: Character, name: str, at: int) -> str:
    """Record that the target's training stopped at ``at``, its teacher being dead
    (``TrainingStopped``), as a 0-hour plan stops it; the reason, in words."""
    teacher = dead_teacher(world, character, name)
    if teacher is None:
        raise RuleViolation(f"{character.name}'s teacher of {name} is not dead")
    state = settled(character, at)
    target = state["targets"][name]
    if target["idle_since"] is not None:  # paused by a critical wound: what decay left so far
        target.update(bank=banked(target, at), idle_since=None)
    target["paused"] = None
    _stop(state, name, at)
    reason = f"{teacher.name}, the teacher, is dead (§2.6.2)"
    character.record(dev.TrainingStopped, at=at, target=name, teacher=teacher.name, reason=reason, training=state)
    return reason


# -- critical wounds (§3.2.9.3) --------------------------------------------------------------


def bed_since(character: Character, e: Any) -> tuple[int, str] | None:
    """Since when and why his body as last recorded keeps the character in bed (None if nothing
    does): "bed", a critical wound, a location below 0 PV (§3.2.9.3); else "fracture", a broken
    chest or flank, totally still until it heals (§3.4.5.3, ruling WB43); since the oldest such
    wound's hit."""
    body = character.condition
    critical = [int(w["since"]) for loc, w in body["wounds"].items() if pv_of(w, loc, e) < 0]
    if critical:
        return min(critical), "bed"
    still = [int(body["wounds"][loc]["since"]) for loc in still_for(body)]
    return (min(still), "fracture") if still else None


def unable(character: Character, e: Any) -> tuple[int, str] | None:
    """Since when and why the character cannot train, as his body was last recorded (None when
    he can): a critical wound or a broken chest or flank keeps him in bed (``bed_since``;
    §3.2.9.3 L2138, ruling WC10; §3.4.5.3); §2.6 trains a man awake and able, so neither one
    unconscious or in an ethylic coma (§3.2.6, §4.1.1) nor one dying (§3.2.4, §3.2.9.1) trains
    either (ruling WC22), nor one whom drink brings a characteristic to 0 or below: "il gît sans
    force dans un coin" (§4.1.2 L2836, ruling WC30): from the moment his body was recorded so."""
    kept = bed_since(character, e)
    if kept is not None:
        return kept
    body = character.condition
    at = int(body["settled_at"] or 0)
    if body["dying"] is not None:
        return at, "dying"
    if body["unconscious"] or alcohol.comatose(body["alcohol"], e.m_end, e.drinker, at):
        return at, "unconscious"
    if not body["dead"] and fitness.helpless(fitness.Body(character.name, character.sheet, body, e, at)) is not None:
        # The drunk lying helpless (§4.1.2), by the rule ``fitness.able`` refuses his rolls with.
        return at, "drunk"
    return None


def pause_cause(world: World, character: Character) -> str:
    """Why his training pauses now, as ``unable`` says (its words: ``describe.paused_words``);
    "bed", a critical wound's (ruling WC10), where his body as last recorded shows no reason."""
    why = unable(character, env(world, character))
    return "bed" if why is None else why[1]


def pause_due(world: World, character: Character) -> int | None:
    """When a running training plan must pause (``unable``): from the moment he could no longer
    train, or from the plan if it came later. A paused plan pauses anew when what keeps him from
    training is no longer what paused it (first aid brings a broken chest back to 0 PV: the break
    keeps him still, no critical wound any more; ruling WC23), from the moment his body changed,
    so that the pause says why it lasts."""
    training = character.condition["training"]
    why = unable(character, env(world, character))
    if why is None:
        return None
    if any(t["hours"] for t in training["targets"].values()):
        return max(why[0], int(training["as_of"] or why[0]))
    paused = any(t.get("paused") for t in training["targets"].values())
    if paused and why[1] != (training.get("pause_cause") or "bed"):
        return max(int(character.condition["settled_at"] or 0), int(training["as_of"] or 0))
    return None


def resume_due(world: World, character: Character) -> int | None:
    """When a paused plan resumes: once he can train again (``unable``), as the body's last
    record shows (its healing, waking and sobering events mark the moment, ``condition``)."""
    training = character.condition["training"]
    if not any(t.get("paused") for t in training["targets"].values()):
        return None
    if unable(character, env(world, character)) is not None:
        return None
    return max(int(character.condition["settled_at"] or 0), int(training["as_of"] or 0))


def pause(world: World, character: Character, at: int) -> dict[str, Any]:
    """Record that every running target paused (``TrainingPaused``) for the reason ``unable``
    gives (kept as ``pause_cause``): their hours are kept aside and their credit waits (it
    decays after 7 days like any interrupted training, §2.6.2 L1434). A plan already paused
    keeps its targets as they are and takes the new reason (``pause_due``)."""
    state = settled(character, at)
    state["pause_cause"] = pause_cause(world, character)
    for target in state["targets"].values():
        if target["hours"]:
            target.update(paused=target["requested"], requested=0, hours=0, idle_since=at if target["bank"] else None)
    character.record(dev.TrainingPaused, at=at, training=state)
    return state


def resume(world: World, character: Character, at: int) -> dict[str, Any]:
    """Record that the paused targets are trained again at their planned hours (``TrainingResumed``)."""
    state = settled(character, at)
    for target in state["targets"].values():
        if target.get("paused"):
            hours = int(target["paused"])
            target.update(bank=banked(target, at), requested=hours, hours=tr.counted_hours(hours), idle_since=None, paused=None)
    character.record(dev.TrainingResumed, at=at, training=state)
    return state


def next_lapse(character: Character, name: str) -> int | None:
    """When an idle target's credit is all gone (None if it is being trained)."""
    target = character.condition["training"]["targets"][name]
    if target["idle_since"] is None:
        return None
    return tr.lapse_time(target["bank"], target["idle_since"])


# -- trick-shooting practice -----------------------------------------------------------------


def practice_now(character: Character, at: int) -> int:
    """The character's trick-shooting practice bonus at ``at`` (§6.6.7 L3593); of one who died,
    as it stood at his death: the dead practise no more (ruling WC38, as ``standing`` for his
    training, WC21)."""
    p = character.condition["training"]["practice"]
    died = died_at(character)
    moment = at if died is None else min(at, died)
    return 0 if p["since"] is None else ls.practice_bonus(p["bonus"], p["since"], p["practising"], moment)


def set_practice(world: World, name: str, practising: bool) -> int:
    """Start or stop two hours a day of trick-shooting practice (§6.6.7 L3593); they count in the
    50-hour training week. Returns the bonus now."""
    character = living(world, name, conscious=False)
    at = world.campaign.clock
    state = settled(character, at)
    if state["practice"]["practising"] == practising:
        raise RuleViolation(f"{character.name} is {'already' if practising else 'not'} practising trick shooting")
    bonus = practice_now(character, at)
    state["practice"] = {"practising": practising, "bonus": bonus, "since": at}
    tr.check_week(_week_hours(state), _practice_hours(state))
    character.record(dev.PracticeChanged, at=at, practising=practising, bonus=bonus, training=state)
    return bonus


def next_practice(character: Character) -> int | None:
    """When the practice bonus stops changing (None if it is still)."""
    p = character.condition["training"]["practice"]
    return None if p["since"] is None else ls.practice_settles(p["bonus"], p["since"], p["practising"])


def settle_practice(character: Character, at: int) -> int:
    """Record the practice bonus where it stopped changing (+25% reached, or back to 0)."""
    state = settled(character, at)
    bonus = practice_now(character, at)
    state["practice"] = dict(state["practice"]) | {"bonus": bonus, "since": at}
    character.record(dev.PracticeChanged, at=at, practising=state["practice"]["practising"], bonus=bonus, training=state)
    return bonus


# -- improvement rolls -----------------------------------------------------------------------


def _improvable(character: Character, target: str, at: int) -> tuple[str, str]:
    try:
        key = characteristic(target)
    except RuleViolation:
        return "skill", skill_score(character, target)[0]
    data = tr.downtime_data()["experience"]
    if key in data["untrainable_rolls"]:
        raise RuleViolation(f"{key} never gets an improvement roll of its own (§2.4.4, §2.4.6)")
    if key == "APP":
        raised = character.condition["marks"]["raised"]
        if not any(c in raised and at - raised[c] <= data["app_window_s"] for c in data["app_after"]):
            raise RuleViolation("APP gets an improvement roll only if FOR, END, AGI, INT or CHR rose in the previous month (§2.4.5)")
    return "characteristic", key


def grant_improvement(world: World, name: str, target: str, reason: str, bonus: int = 0, due_at: int | None = None) -> dict[str, Any]:
    """Record that the character earned an improvement roll in ``target`` (a skill or a
    characteristic) for ``reason``; ``due_at``: rolled by the timeline then (reputation, §2.4.3)."""
    character = living(world, name, conscious=False)
    at = world.campaign.clock
    kind, key = _improvable(character, target, at)
    if not reason.strip():
        raise RuleViolation("an improvement roll needs a reason")
    grant = {
        "id": character.condition["marks"]["next_id"],
        "target": key,
        "kind": kind,
        "reason": reason.strip(),
        "bonus": bonus,
        "due_at": due_at,
    }
    character.record(dev.ImprovementGranted, at=at, grant=grant)
    return grant


def grant_if_earned(world: World, name: str, target: str, outcome: RollOutcome) -> dict[str, Any] | None:
    """After a successful skill or characteristic roll, grant the improvement roll it earns
    (§2.4.7, §2.5), if it does. Ruling WD2: a characteristic earns one this way only if §2.4.7
    covers it (``roll_earns``; APP only within its month, §2.4.5); the d100 read is the roll's
    total, against its chance after every modifier."""
    if outcome.automatic or not outcome.success or not xp.earns_roll(outcome.chance, outcome.total):
        return None
    character = world.character(name)
    try:
        key = characteristic(target)
    except RuleViolation:
        key = None
    if key is not None:
        if key not in tr.downtime_data()["experience"]["roll_earns"]:
            return None
        try:
            _improvable(character, key, world.campaign.clock)
        except RuleViolation:
            return None
    return grant_improvement(world, name, target, f"success at {outcome.chance}% with {outcome.total} (§2.4.7, §2.5)")


def gunfight(world: World, name: str, put_out: int = 1, duels: Sequence[int] = ()) -> list[dict[str, Any]]:
    """After an active part in a gunfight (§2.4.1: used his weapons successfully at least once
    and was a target; shooting in the back does not count): EXP and SGF improvement rolls now,
    and a reputation roll in the week that follows (§2.4.3), eased for opponents put out of
    action beyond the first and duels won (``duels``: the losers' REP)."""
    character = living(world, name, conscious=False)
    if put_out < 0:
        raise RuleViolation("opponents put out of action are never negative")
    reason = "active part in a gunfight (§2.4.1)"
    own = int(stats(character)["REP"])
    week = tr.downtime_data()["experience"]["rep_week_s"]
    return [
        grant_improvement(world, name, "EXP", reason),
        grant_improvement(world, name, "SGF", reason),
        grant_improvement(
            world, name, "REP", "rumour of the gunfight (§2.4.3)", xp.reputation_bonus(put_out, duels, own), world.campaign.clock + week
        ),
    ]


def roll_improvement(
    world: World, name: str, grant_id: int | None = None, target: str | None = None, reason: str = "", at: int | None = None
) -> xp.Improvement:
    """Make an improvement roll (§2.3): a pending grant by id, or one the GM gives now in
    ``target``. Open-ended d100 (+1d4 for a skill that improves)."""
    character = living(world, name, conscious=False)
    when = world.campaign.clock if at is None else at
    if grant_id is not None:
        pending = character.condition["marks"]["pending"]
        grant = next((g for g in pending if g["id"] == grant_id), None)
        if grant is None:
            # Ruling WC40: which rolls are pending, so that a roll already made reads as no
            # longer pending rather than as a number mistyped.
            rolls = [f"{g['id']} ({g['target']})" for g in pending]
            left = f"the pending ones are {joined(rolls)}" if pending else "none is"
            raise RuleViolation(f"{character.name} has no pending improvement roll {grant_id}: {left} (a roll made is pending no more)")
        kind, key, bonus = grant["kind"], grant["target"], grant["bonus"]
    elif target is not None:
        if not reason.strip():
            raise RuleViolation("an improvement roll needs a reason")
        kind, key = _improvable(character, target, when)
        bonus = 0
    else:
        raise RuleViolation("name a pending improvement roll or a skill/characteristic")
    current = stats(character)["skills"][key] if kind == "skill" else stats(character)["rolls"][key]
    marks = int(character.condition["marks"]["checks"].get(key, 0))
    state = settled(character, when)
    epoch, stream = draw(world, character)
    faces = open_ended(stream)
    provisional = xp.improve(key, kind, current, marks, faces, None, bonus)
    d4 = stream.die(tr.downtime_data()["experience"]["skill_gain_die"]) if provisional.success and kind == "skill" else None
    outcome = xp.improve(key, kind, current, marks, faces, d4, bonus)
    character.record(
        dev.ImprovementRolled,
        at=when,
        grant=grant_id,
        outcome=outcome.to_dict() | {"reason": reason.strip()},
        epoch=epoch,
        chance=stream.ops,
        training=state,
    )
    return outcome


def due_grants(character: Character) -> list[dict[str, Any]]:
    """The pending improvement rolls the timeline makes itself (reputation after a gunfight)."""
    return [g for g in character.condition["marks"]["pending"] if g["due_at"] is not None]


def marks_standing(character: Character) -> dict[str, Any]:
    """The character's check-marks and improvement rolls as they stand (§2.3): ``pending``, the
    rolls he may still make, and ``lapsed``, those he earned and never made before he died. A
    dead man rolls nothing (ruling WC42, as his activities, WC27): his rolls lapse at death, and
    nothing is recorded of it, so that a correction voiding the death gives them back."""
    marks = copied(dict(character.condition["marks"]))
    earned = marks["pending"]
    dead = bool(character.condition.get("dead"))
    return marks | {"pending": [] if dead else earned, "lapsed": earned if dead else []}


# -- long-period activities ------------------------------------------------------------------


def _period(kind: str, options: Mapping[str, Any]) -> int:
    data = ls.activity(kind)
    if kind == "speculation":
        return int(data["year_s"] if options.get("yearly") else data["month_s"])
    return int(data["period_s"])


def start_activity(world: World, name: str, kind: str, skill: str | None = None, **options: Any) -> dict[str, Any]:
    """Take up a long-period activity (§5.18 of the digest). Options: ``capital`` in cents
    (banking, speculation), ``yearly`` (speculation: a normal roll a year instead of a difficult
    one a month), ``resources`` (survival: +25% on the first roll), ``terrain`` (hunting: Table
    6.1; running: plat, accidenté, impraticable), ``auriferous`` (panning). A run's wounds are
    no option: each day's roll takes them from the body (§6.17.2 L5067; ruling WB61)."""
    options = {k: v for k, v in options.items() if v is not None}  # an option left unset is absent, not None
    if "wounds" in options:
        raise RuleViolation("a run's wounds are no option: each day's roll takes them from the body as it stands (§6.17.2)")
    character = living(world, name, conscious=False)
    data = ls.activity(kind)
    if kind == "survival":
        if skill is None:
            raise RuleViolation(f"survival needs its skill: {' or '.join(data['skills'])}")
        chosen = skill_score(character, skill)[0]
        if chosen not in data["skills"]:
            raise RuleViolation(f"survival is rolled under {' or '.join(data['skills'])}")
    else:
        chosen = data["skill"]
    if kind in ("banking", "speculation") and int(options.get("capital", 0)) <= 0:
        raise RuleViolation(f"{kind} needs a capital")
    modifier_ = 0
    if kind == "hunting":
        modifier_ = ls.hunting_terrain(str(options.get("terrain", "normal")))[0]
    if kind == "running":
        modifier_ = ls.running_terrain(str(options.get("terrain", "plat")))
    if kind == "speculation" and not options.get("yearly"):
        modifier_ = int(data["month_difficulty"])
    every = _period(kind, options)
    at = world.campaign.clock
    activity = {
        "id": character.condition["activities"]["next_id"],
        "kind": kind,
        "skill": chosen,
        "every_s": every,
        "next_at": at + every,
        "difficulty": modifier_,
        "modifier": int(data["resources_bonus"]) if kind == "survival" and options.get("resources") else 0,
        "options": options,
        "capital": int(options.get("capital", 0)),
        "dying_until": None,
    }
    character.record(dev.ActivityStarted, at=at, activity=activity)
    return activity


def stop_activity(world: World, name: str, activity: int | str) -> Mapping[str, Any]:
    """End a long-period activity, named by its id or its kind ("hunting"); the activity ended.
    Two running activities of that kind are refused as ambiguous: the id tells them apart."""
    character = living(world, name, conscious=False)
    running: list[Mapping[str, Any]] = character.condition["activities"]["running"]
    spellings = [(spelling, a) for a in running for spelling in (str(a["id"]), a["kind"])]
    where = f"{character.name}'s downtime"
    found = find(str(activity), spellings, "running activity", where=where, label=lambda a: f"{a['kind']} ({a['id']})")
    character.record(dev.ActivityStopped, at=world.campaign.clock, activity_id=found["id"])
    return found


def roll_activity(world: World, character: Character, activity: Mapping[str, Any], at: int) -> dict[str, Any]:
    """One periodic roll of a long-period activity, recorded with what it did and what it was
    rolled from (the activity as it stood, the runner's END modifier and how much his wounds
    shorten his day, ruling WB61)."""
    kind = activity["kind"]
    epoch, stream = draw(world, character)
    fit = fitness.body_at(character.name, character.sheet, character.condition, world.campaign.settings, at)
    if activity["dying_until"] is not None:
        # §6.15 CRIT_F: the dying survivor's difficult luck roll.
        jchc = int(stats(character)["rolls"]["CHC"])
        terms = {"jCHC": jchc, "difficulty": difficulty("difficile")} | _body_terms(fit, character, activity, "CHC", jchc)
    else:
        score = int(stats(character)["skills"][activity["skill"]])
        terms = {activity["skill"]: score}
        # §6.17.2 L5075: a run's carried malus is the ankle a catastrophic day sprained (ruling WC35).
        carried = "sprained ankle" if kind == "running" else "modifier"
        for label, value in (("difficulty", activity["difficulty"]), (carried, activity["modifier"])):
            if value:
                terms[label] = value
        terms |= _body_terms(fit, character, activity, activity["skill"], score)
    m_end, wound_percent = None, None
    if kind == "running":
        # §6.17.2 L5067: the wounds as they stand on the day shorten its distance (ruling WB61).
        m_end = int(stats(character)["modifiers"]["END"])
        # How much shorter (%) the day is: Table 3.6's penalties, the legs' doubled.
        wound_percent = -fitness.wound_penalty(fit, legs=2)
    rolled = ls.roll_activity(stream, activity, terms, at, m_end, wound_percent)
    character.record(
        dev.ActivityRolled,
        at=at,
        activity_id=activity["id"],
        kind=kind,
        before=copied(dict(activity)),
        end_modifier=m_end,
        wound_percent=wound_percent,
        outcome=rolled.outcome.to_dict(),
        result=rolled.result,
        activity=rolled.after,
        died=rolled.died,
        epoch=epoch,
        chance=stream.ops,
    )
    return rolled.result


def _body_terms(fit: fitness.Body, character: Character, activity: Mapping[str, Any], name: str, score: int) -> dict[str, int]:
    """What his body ``fit`` does to an activity's roll (ruling WC33), as to any roll at the
    table (``fitness.roll_terms``): §3.2.7.1 L1980 puts Table 3.6's wound penalties on every
    action "quelle qu'elle soit", §3.2.7.2 L1993 divides "l'ensemble de ses compétences" while a
    wound festers, and losses and drink change a characteristic's jX (the dying survivor's CHC
    roll). A long-distance run takes no wound term: §6.17.2 L5067 shortens its distance instead
    ("on n'applique pas de modificateurs à son jet de compétence")."""
    kind = "characteristic" if name in character.sheet["characteristics"] else "skill"
    terms = fitness.roll_terms(fit, kind, name, score)
    if activity["kind"] == "running":
        terms.pop("wounds", None)
    return terms


# -- a period he cannot work (ruling WC26) ---------------------------------------------------

# §6.15 L4731: survival is rolled each week "alors qu'il ne dispose d'aucune ressource", what the
# wild does to him whatever his state (and the dying survivor's daily luck roll, whether help
# finds him); every other activity is work he does.
_ENDURED = frozenset({"survival"})


def kept_from(world: World, character: Character, activity: Mapping[str, Any]) -> str | None:
    """Why the character cannot do an activity's work as its roll falls due (ruling WC26), as
    ``unable`` says he cannot train (ruling WC22): "unconscious" (out cold, §3.2.6, or in an
    ethylic coma, §4.1.1 L2817), "dying" (§3.2.4), "bed" or "fracture" (§3.2.9.3: "toute
    activité, quelle qu'elle soit est impossible" while a location is below 0 PV; §3.4.5.3),
    "drunk" (a characteristic at 0 or below through drink, §4.1.2 L2836, ruling WC30), as
    his body was last recorded: the timeline records his waking, sobering and healing at their
    moments, before a roll due then. None when he can work, and for survival (``_ENDURED``)."""
    if activity["kind"] in _ENDURED:
        return None
    why = unable(character, env(world, character))
    return None if why is None else why[1]


def due_words(world: World, character: Character, activity: Mapping[str, Any]) -> str:
    """What the downtime board announces of an activity's next roll: the roll, or the period
    going by without it while his body as last recorded keeps him from working (``kept_from``;
    rulings WC26, WC28)."""
    every = int(activity["every_s"])
    return activity_due_words(activity["kind"], activity["skill"], every, kept_from(world, character, activity))


def miss_activity(character: Character, activity: Mapping[str, Any], at: int, cause: str) -> dict[str, Any]:
    """Record that the activity's period went by at ``at`` without its roll, for ``cause``
    (``kept_from``; ``ActivityMissed``): due again a period later, all else as it stood (a
    capital, a running malus waiting for the next roll he makes)."""
    after = copied(dict(activity)) | {"next_at": at + int(activity["every_s"])}
    character.record(dev.ActivityMissed, at=at, activity_id=activity["id"], kind=activity["kind"], cause=cause, activity=after)
    return after


def activities_standing(character: Character) -> list[dict[str, Any]]:
    """The character's running activities as they stand: of one who died, with no next roll
    (``next_at`` None): the dead work no more and record nothing (ruling WC27, as WC21 for his
    training)."""
    running = copied(list(character.condition["activities"]["running"]))
    return [a | {"next_at": None} for a in running] if character.condition.get("dead") else running


def activity_words(activity: Mapping[str, Any], calendar: Calendar) -> str:
    """A running activity (as ``activities_standing`` gives it) in words: its kind and skill, how
    often it rolls, a bank's or a speculation's capital as it stands (ruling WC37), and its next
    roll, or "ended at death" (ruling WC27)."""
    nxt = activity["next_at"]
    when = "ended at death" if nxt is None else f"next roll {calendar.format(int(nxt))}"
    return f"{activity['kind']} ({activity['skill']}), a roll {period_words(int(activity['every_s']))}{capital_words(activity)}, {when}"
