"""Elor between scenes: long actions and collaborations (§Actions longues, §Collaborations),
rest and care (PROPOSAL §5.6), experience and progression (PROPOSAL §5.5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY, HOUR, calendar_from
from chronique.domain.limits import refuse_out_of_range
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor import limits as elor_limits
from chronique.domain.rulesets.elor.capacities import faculty_range
from chronique.domain.rulesets.elor.damage import body_state, care
from chronique.domain.rulesets.elor.describe import level_terms
from chronique.domain.rulesets.elor.play import (
    TestSpec,
    _record_test,
    hp_of,
    level_of,
    living,
    next_wake,
    recover_effort,
    roll_test,
    sheet_hp,
    sheet_of,
    spelled,
    take_opportunity,
)
from chronique.domain.rulesets.elor.progression import check_grant, natural_raise, reward_cost, training_level, training_required
from chronique.domain.rulesets.elor.resolution import ActionLevel, check_maximal_effort, collaboration_penalty, is_automatic, progress
from chronique.domain.rulesets.elor.sheet import derived, item_spelling, sheet_of_data
from chronique.domain.rulesets.elor.tables import faculty_name, faculty_names, location, nature, tables
from chronique.domain.sheetview import signed
from chronique.domain.text import plural, quoted
from chronique.domain.world import World

REGIMES = ("daily", "each-test", "none")
PACES = ("downtime", "manual", "scene")


@dataclass(frozen=True)
class Risk:
    """A risk clock on a long action (PROPOSAL §5.3, E-T6): every ``every_s`` of the work's own
    time while the action runs, a D10 at most ``threshold`` triggers ``what``; otherwise the
    threshold rises by ``step`` ("chaque heure qui passe augmente les risques", L452: each hour
    of research in the library, where each test is an hour of it, L448)."""

    what: str
    threshold: int = 1
    every_s: int = HOUR
    step: int | None = None

    def start(self, at: int, start_hour: int | None = None, hours_per_day: int | None = None) -> dict[str, Any]:
        """The risk's state in a new long action started at ``at``, whose work falls in the
        daily window of ``hours_per_day`` hours from ``start_hour`` (None: round the clock)."""
        if not self.what.strip():
            raise RuleViolation("name the risk (what happens when it triggers)")
        if self.every_s < 1:
            raise RuleViolation("a risk period is at least a second")
        if hours_per_day is not None and self.every_s < DAY and self.every_s > hours_per_day * HOUR:
            raise RuleViolation(f"a risk period under a day fits in the work day of {plural(hours_per_day, 'hour')}")
        step = tables().time.risk_step if self.step is None else self.step
        if self.threshold < 0 or step < 0:
            raise RuleViolation("a risk's threshold and step are never negative")
        return {
            "what": self.what.strip(),
            "threshold": self.threshold,
            "step": step,
            "every_s": self.every_s,
            "next_at": first_work_time(at, self.every_s, start_hour, hours_per_day),
            "triggered": False,
        }


def _work_window(paced: str, start_hour: int | None, hours_per_day: int | None) -> tuple[int | None, int | None]:
    # The daily hours the work of a downtime action takes (§Actions longues L442: the GM's time
    # unit per test): its risk grows only while it is worked on, never before its first test nor
    # between work days (L448-L452: the risk is the library's, while Montana James is in it).
    # Work by hand or paced by action points runs when the table says: no window.
    return (start_hour, hours_per_day) if paced == "downtime" else (None, None)


# -- long actions ----------------------------------------------------------------------------


def next_work_time(after: int, unit_s: int, start_hour: int | None, hours_per_day: int | None) -> int:
    """The first test time strictly after ``after``: the end of a time unit inside the work
    window [start_hour, start_hour + hours_per_day) of a day, or simply ``after + unit`` for
    work without a daily window (units of a day or more, or round-the-clock work)."""
    if start_hour is None or hours_per_day is None or unit_s >= DAY:
        return after + unit_s
    per_day = hours_per_day * HOUR // unit_s
    if per_day < 1:
        raise RuleViolation("the work day is shorter than one time unit")
    day = after // DAY
    while True:
        opening = day * DAY + start_hour * HOUR
        for k in range(1, per_day + 1):
            if opening + k * unit_s > after:
                return opening + k * unit_s
        day += 1


def first_work_time(started: int, unit_s: int, start_hour: int | None, hours_per_day: int | None) -> int:
    """When a long action started (or last tested, ruling E65) at ``started`` is next tested
    (ruling E22): one whole time unit after it. Work inside a daily window tests at the end of the first unit of the window
    that ends at or after ``started + unit_s``; units of a day or more (and round-the-clock work)
    simply test at ``started + unit_s`` (a forge started at 08:00 with a unit of a day is first
    tested the next day at 08:00, not a second before the day after)."""
    if start_hour is None or hours_per_day is None or unit_s >= DAY:
        return started + unit_s
    # "strictly after started + unit - 1": a unit that ends exactly a unit after the start counts.
    return next_work_time(started + unit_s - 1, unit_s, start_hour, hours_per_day)


def _spec_dict(spec: TestSpec) -> dict[str, Any]:
    return spec.to_dict() | {"purpose": spec.purpose}


def _spec(data: dict[str, Any]) -> TestSpec:
    return TestSpec(**{**data, "attributes": tuple(data["attributes"])})


def start_long_action(
    world: World,
    name: str,
    title: str,
    required: int,
    spec: TestSpec,
    unit_s: int = HOUR,
    paced: str = "downtime",
    hours_per_day: int | None = None,
    start_hour: int | None = None,
    effort_regime: str = "daily",
    helpers: Sequence[tuple[str, TestSpec]] = (),
    raises: str | None = None,
    risk: Risk | None = None,
    teacher: str | None = None,
) -> dict[str, Any]:
    """Begin a long action: ``required`` degrees, one test per ``unit_s`` (in downtime, inside
    a work window of ``hours_per_day`` hours from ``start_hour``), ``helpers`` collaborating.
    ``paced="scene"``: one test per action point the owner spends on it in an action scene
    (§Scènes d'action L474); ``manual``: tests only when asked. ``risk``: a risk clock (§5.3).
    ``raises`` and ``teacher``: the profession a training raises and who teaches it (E27)."""
    owner = living(world, name)
    if required < 1:
        raise RuleViolation("a long action requires at least 1 degree")
    if unit_s < 1:
        raise RuleViolation("a long action's time unit is at least a second")
    if paced not in PACES:
        raise RuleViolation(f"a long action is paced by downtime or manual, not {quoted(paced)}")
    if effort_regime not in REGIMES:
        raise RuleViolation(f"effort recovers daily, each-test or none, not {quoted(effort_regime)}")
    t = tables().time
    if paced == "scene":
        # §Scènes d'action L474: the AP per sequence pace the tests; the scene's effort rules apply.
        if helpers:
            raise RuleViolation("a long action paced by action points has no helpers: each acts on its own opportunities")
        unit_s, hours_per_day, start_hour = t.sequence_s, None, None
    elif unit_s < DAY:
        hours_per_day = t.work_hours_per_day if hours_per_day is None else hours_per_day
        start_hour = t.work_start_hour if start_hour is None else start_hour
        if not 1 <= hours_per_day <= 24 or not 0 <= start_hour <= 23:
            raise RuleViolation("work hours are 1..24 a day from an hour 0..23")
    # Ruling E97: each participant's test as the sheets spell its names, the owner's first (a
    # helper lacking the owner's profession is refused naming it as the owner's sheet does).
    participants: list[dict[str, Any]] = [{"name": owner.name, "spec": _spec_dict(spelled(sheet_of(owner), spec))}]
    for helper, their in helpers:
        character = living(world, helper)
        if any(p["name"] == character.name for p in participants):
            raise RuleViolation(f"{character.name} already takes part")
        named = spelled(sheet_of(character), spelled(sheet_of(owner), their))
        participants.append({"name": character.name, "spec": _spec_dict(named)})
    # Fail now on a bad spec; and ruling E73 (E68, E8): work whose every test fails without a
    # roll could never gain a degree nor end, so it does not start.
    asked = [(p["name"], _spec(p["spec"])) for p in participants]
    levels = [(who, their, level_of(world, world.character(who), their)) for who, their in asked]
    for who, their in asked:
        # Ruling E106 (§Catégories L320): the effort planned for each test is held to the
        # participant's maximal effort, refused now rather than cut without a word at every test.
        check_maximal_effort(their.effort, world.character(who).sheet["derived"]["max_effort"], who)
    if all(is_automatic(level.total) == "failure" for _, _, level in levels):
        raise RuleViolation(_never_ends(world, owner, title, levels))
    at = world.campaign.clock
    first = first_work_time(at, unit_s, start_hour, hours_per_day) if paced == "downtime" else None
    action = {
        "id": owner.condition["next_long_id"],
        "name": title,
        "required": required,
        "accumulated": 0,
        "units": 0,
        "unit_s": unit_s,
        "paced": paced,
        "hours_per_day": hours_per_day,
        "start_hour": start_hour,
        "effort_regime": effort_regime,
        "participants": participants,
        "started_at": at,
        "next_at": first,
        "done": False,
        "abandoned": False,
        "raises": raises,
        "teacher": teacher,
        "risk": None if risk is None else risk.start(at, *_work_window(paced, start_hour, hours_per_day)),
    }
    owner.record(ev.LongActionStarted, at=at, action=action)
    return action


def _never_ends(world: World, owner: Character, title: str, levels: Sequence[tuple[str, TestSpec, ActionLevel]]) -> str:
    # Ruling E73: what refuses a long action no test of which could gain a degree, in E68's words.
    floor = tables().automatic_failure_at_or_below
    _, spec, level = levels[0]
    possible = _what_would_do(world, [(world.character(name), their, lv) for name, their, lv in levels])
    if len(levels) == 1:
        tests = f"the test would be at {_level_words(spec, level)}, and at {floor} or below a test fails without a roll"
        return f"{owner.name} cannot start {quoted(title)}: {tests}, so it could never end; {possible}"
    # Ruling E83: a collaboration's refusal names each participant twice at most (its level, and
    # the suggestion its test serves), and neither the owner nor the title the GM just typed, so
    # that three participants with long names keep within a refusal's 300 characters whole.
    each = ", ".join(f"{name} {lv.total}" for name, _, lv in levels)
    return f"cannot start: every test would be at {floor} or below, which fails without a roll: {each}; {possible}"


def find_action(character: Character, action: int | str) -> dict[str, Any]:
    """A long action of the character by number, or by name in any case: of the actions of that
    name, the one under way, else the last (ruling E88)."""
    actions = character.condition["long_actions"]
    numbered = next((a for a in actions if str(a["id"]) == str(action)), None)
    if numbered is not None:
        return dict(numbered)
    named = [a for a in actions if a["name"].casefold() == str(action).casefold()]
    # Names repeat (a canoe carved again once the first is given up): the first of them was
    # found, over, whatever the GM meant, and a second under way could not be named.
    running = [a for a in named if not (a["done"] or a["abandoned"])]
    if len(running) > 1:
        numbers = ", ".join(str(a["id"]) for a in running)
        raise RuleViolation(
            f"{character.name} has {len(running)} long actions {quoted(named[0]['name'])} under way ({numbers}): give its number"
        )
    if not named:
        raise RuleViolation(f"{character.name} has no long action {quoted(str(action))}")
    return dict((running or named)[-1])


def work_unit(world: World, owner: Character, action: dict[str, Any], at: int) -> dict[str, Any]:
    """One time unit of a long action: each available participant tests (effort per the
    action's regime), the unit adds Σ − ⌊n / 3⌋ (never below 0), and the next test is set."""
    if action["done"] or action["abandoned"]:
        raise RuleViolation(f"long action {quoted(action['name'])} is over")
    stopped = training_stopped(world, owner, action)
    if stopped is not None:
        # Rulings E68, E71: a training whose weekly test became an automatic failure, or whose
        # level came another way, stops at the test that would have been made, rather than
        # testing every week for nothing; its degrees stay on record.
        owner.record(ev.LongActionAbandoned, at=at, action_id=action["id"], name=action["name"], reason=stopped)
        return find_action(owner, action["id"])
    tests: list[dict[str, Any]] = []
    # E21's daily regime rests the workers at the first test of each work day: every test of a
    # unit of a day or more (a week of training, E27) is the first of its day.
    first_of_day = action["unit_s"] >= DAY or (
        action["start_hour"] is not None and (at - action["unit_s"]) % DAY == action["start_hour"] * HOUR
    )
    for p in action["participants"]:
        character = world.character(p["name"])
        c = character.condition
        if c["dead"] or c["unconscious"]:
            continue  # PROPOSAL: a participant who cannot work adds nothing and does not count
        regime = action["effort_regime"]
        # In an action scene the scene's effort rules govern (PROPOSAL §5.1, E21), not the regime.
        if c["scene"] is None and c["fatigue"] and (regime == "each-test" or (regime == "daily" and first_of_day) or action["units"] == 0):
            recover_effort(world, character.name, f"rested before working on {quoted(action['name'])} (§Actions longues L442)", at=at)
        spec = _spec(p["spec"])
        # PROPOSAL: a test invests the planned effort, or what is left of it.
        effort = min(spec.effort, c["effort"], character.sheet["derived"]["max_effort"])
        spec = replace(spec, effort=effort, purpose=f"long action {quoted(action['name'])}, unit {action['units'] + 1}")
        outcome = _record_test(world, character, spec, level_of(world, character, spec), at)
        tests.append({"name": character.name, "degrees": outcome.degrees})
    step = progress(action["accumulated"], action["required"], [t["degrees"] for t in tests])
    following = None
    if not step.done and action["paced"] == "downtime":
        # Ruling E65 (E22): one test per time unit (§Actions longues L442), the next one whole
        # unit after this one, as the first is after the start: the same rule whether the
        # timeline or the GM's 'long-action test' made this one, so what 'long-action start'
        # said, the downtime board and the advance agree.
        following = first_work_time(at, action["unit_s"], action["start_hour"], action["hours_per_day"])
    owner.record(
        ev.LongActionProgressed,
        at=at,
        action_id=action["id"],
        name=action["name"],
        tests=tests,
        penalty=collaboration_penalty(len(tests)) if tests else 0,
        gained=step.gained,
        accumulated=step.accumulated,
        done=step.done,
        next_at=following,
    )
    if step.done and action["raises"]:
        raise_by_training(world, owner, action["raises"], at)
    return find_action(owner, action["id"])


def long_action_test(world: World, name: str, action: int | str) -> dict[str, Any]:
    """One unit of a long action now: by hand, or, for one paced by action points, the owner's
    next opportunity in the running action scene is spent on it (§Scènes d'action L474)."""
    owner = living(world, name)
    found = find_action(owner, action)
    if found["paced"] == "scene":
        if owner.condition["scene"] is None:
            raise RuleViolation(f"{quoted(found['name'])} is paced by action points: {owner.name} works on it in an action scene")
        if found["done"] or found["abandoned"]:
            raise RuleViolation(f"long action {quoted(found['name'])} is over")
        take_opportunity(world, [owner.name], "action")
        found = find_action(owner, action)  # a new sequence may have fired processes on it
    return work_unit(world, owner, found, world.campaign.clock)


def risk_roll(world: World, owner: Character, action: dict[str, Any], at: int) -> dict[str, Any]:
    """One period of a long action's risk clock (PROPOSAL §5.3): a D10 at most the threshold
    triggers the risk (and stops the clock); otherwise the threshold rises by its step, and the
    next period ends one period of work later (inside the work's daily hours)."""
    risk = action["risk"]
    epoch = world.campaign.epoch
    stream = world.stream(epoch, owner.draw_place(epoch))
    die = stream.die(tables().time.risk_die)
    triggered = die <= risk["threshold"]
    window = _work_window(action["paced"], action["start_hour"], action["hours_per_day"])
    owner.record(
        ev.RiskRolled,
        at=at,
        action_id=action["id"],
        name=action["name"],
        risk=risk["what"],
        threshold=risk["threshold"],
        die=die,
        triggered=triggered,
        next_threshold=risk["threshold"] if triggered else risk["threshold"] + risk["step"],
        next_at=None if triggered else next_work_time(at, risk["every_s"], *window),
        epoch=epoch,
        chance=stream.ops,
    )
    return find_action(owner, action["id"])


def abandon_long_action(world: World, name: str, action: int | str, reason: str) -> None:
    """Give up a long action."""
    owner = world.character(name)
    found = find_action(owner, action)
    if found["done"] or found["abandoned"]:
        raise RuleViolation(f"long action {quoted(found['name'])} is already over")
    owner.record(ev.LongActionAbandoned, at=world.campaign.clock, action_id=found["id"], name=found["name"], reason=reason)


# -- rest and care ---------------------------------------------------------------------------


def heal(world: World, character: Character, healed: dict[str, int], by: str, at: int, next_heal: int | None) -> None:
    """Record new location totals (``healed``: location -> its total after) and the points each
    location lost; healing wakes when no vital location is at its HP any more."""
    before = character.condition["wounds"]
    wounds = {k: v for k, v in {**before, **healed}.items() if v > 0}
    hp = hp_of(world, character)
    body = body_state(nature(sheet_of(character).nature), wounds, hp)
    # The points actually healed, for the log's "1 point in the jambe gauche" (not the total left).
    removed = {k: before.get(k, 0) - v for k, v in healed.items() if before.get(k, 0) > v}
    character.record(
        ev.WoundsHealed,
        at=at,
        by=by,
        healed=healed,
        removed=removed,
        wounds=wounds,
        unconscious=body.unconscious and character.condition["unconscious"],
        next_heal=next_heal if wounds else None,
        # Ruling E67: what a replay after a correction reads consciousness against.
        hit_points=dict(hp),
    )


def give_care(world: World, healer: str, patient: str, where: str, spec: TestSpec) -> int:
    """A healer's test for one location's injury (PROPOSAL §5.6): each degree removes 1 point.
    One care test per injury, within an hour of it (a new blow to the location is a new injury)."""
    p = world.character(patient)
    if p.condition["dead"]:
        raise RuleViolation(f"{p.name} is dead")
    loc = location(nature(sheet_of(p).nature), where)
    # The location in running prose, as every log line names it ("torse", describe.where): the
    # refusals said "Aldo's Abdomen" where the care's own line says "Aldo's abdomen".
    part = f"{p.name}'s {loc.name.lower()}"
    total = p.condition["wounds"].get(loc.key, 0)
    if total <= 0:
        raise RuleViolation(f"{part} is not hurt")
    injury = p.condition.get("injuries", {}).get(loc.key)
    now = world.campaign.clock
    if injury is not None and injury["cared"]:
        raise RuleViolation(f"{part} was already cared for since its last injury (one care test per injury)")
    if injury is None or now - injury["at"] > tables().time.care_window_s:
        since = "" if injury is None else f" (hurt at {calendar_from(world.campaign.calendar).format(injury['at'])})"
        raise RuleViolation(f"care comes within an hour of the injury: too late for {part}{since}")
    outcome = roll_test(world, healer, replace(spec, purpose=spec.purpose or f"care of {part}"))
    p.record(ev.CareGiven, at=now, healer=world.character(healer).name, location=loc.key, degrees=outcome.degrees)
    left = care(total, hp_of(world, p)[loc.key], outcome.degrees)
    heal(world, p, {loc.key: left}, f"care by {world.character(healer).name}", world.campaign.clock, p.condition["next_heal"])
    return total - left


def order_rest(world: World, name: str, resting: bool) -> None:
    """The GM's order: the character rests (heals a point a day) or does not; a living one
    only (ruling E79: the dead heal nothing, E23, so an order to them would change nothing)."""
    character = living(world, name, conscious=False)
    if character.condition["resting"] == resting:
        # Ruling E85: the order already stands; recorded again it would restart the day of
        # rest counted from the blow (E23) and put off the healing it was counting down to.
        raise RuleViolation(f"{character.name} already {'rests' if resting else 'does not rest'}")
    at = world.campaign.clock
    next_heal = at + DAY if resting and character.condition["wounds"] else None
    character.record(ev.RestOrdered, at=at, resting=resting, next_heal=next_heal)


# -- experience and progression --------------------------------------------------------------


def award_experience(world: World, name: str, points: int, reason: str) -> None:
    """The GM awards experience points (reward progression, PROPOSAL §5.5) to a living
    character (ruling E76: the dead can spend none, E25, so they earn none)."""
    if points < 1:
        raise RuleViolation("award at least one point")
    living(world, name, conscious=False).record(ev.ExperienceAwarded, at=world.campaign.clock, points=points, reason=reason)


def spend_experience(world: World, name: str, profession: str, grant_kind: str, grant: str) -> int:
    """1 experience point = +1 level in a profession, with its familiarity or prowess."""
    character = living(world, name, conscious=False)
    if not profession.strip():
        # A blank name raised a nameless profession, level after level, on the sheet.
        raise RuleViolation("name the profession the level raises")
    check_grant(grant_kind, grant)
    cost = reward_cost()
    if character.condition["experience"] < cost:
        raise RuleViolation(f"{character.name} has {plural(character.condition['experience'], 'experience point')}; a level costs {cost}")
    key = _profession_key(character, profession)
    level = character.sheet["professions"].get(key, 0) + 1
    character.record(
        ev.ProfessionRaised,
        at=world.campaign.clock,
        profession=key,
        level=level,
        grant_kind=grant_kind,
        grant=_grant_key(character, grant_kind, grant),
        cause="reward",
        experience_spent=cost,
    )
    return level


def _grant_key(character: Character, kind: str, grant: str) -> str:
    # Ruling E97: a familiarity or prowess the sheet (or its culture) already holds, as the sheet
    # spells it, so that the grant adds to it ("Haches +1", §Familiarités) rather than beside it.
    field = "familiarities" if kind == "familiarity" else "prowesses"
    held = [*character.sheet[field], *character.sheet.get("culture", {}).get(field, [])]
    return item_spelling(held, grant) or grant.strip()


def _profession_key(character: Character, profession: str) -> str:
    # Ruling E97: a profession as the sheet spells it, whatever case or accents were typed.
    return item_spelling(character.sheet["professions"], profession) or profession.strip()


def roll_progression(world: World, name: str) -> list[dict[str, Any]]:
    """Natural progression at an adventure's end: 1D10 per ticked profession, > level raises it."""
    character = living(world, name, conscious=False)
    ticked = character.condition["ticks"]
    if not ticked:
        raise RuleViolation(f"{character.name} has no ticked profession")
    epoch = world.campaign.epoch
    stream = world.stream(epoch, character.draw_place(epoch))
    rolls = []
    for profession in ticked:
        level = character.sheet["professions"][profession]
        die = stream.die(tables().time.natural_progression_die)
        rolls.append({"profession": profession, "level": level, "die": die, "raised": natural_raise(level, die)})
    character.record(ev.ProgressionRolled, at=world.campaign.clock, rolls=rolls, epoch=epoch, chance=stream.ops)
    return rolls


def choose_grant(world: World, name: str, kind: str, grant: str) -> None:
    """Name the familiarity or prowess of a level gained without one."""
    character = world.character(name)
    check_grant(kind, grant)
    if character.condition["pending_grants"] < 1:
        raise RuleViolation(f"{character.name} has no level waiting for its familiarity or prowess")
    character.record(ev.GrantChosen, at=world.campaign.clock, kind=kind, name=_grant_key(character, kind, grant))


def start_training(world: World, name: str, profession: str, teacher: str, spec: TestSpec) -> dict[str, Any]:
    """Training (PROPOSAL §5.5, ruling E27): a long action of one test a week needing 2 × the
    next level, with a living teacher of a higher level in the profession. The student's weekly
    test applies the profession at the student's level (none yet for a new one); the action is
    named after the profession and the teacher, and its end raises the profession."""
    if not profession.strip():
        raise RuleViolation("name the profession to train in")
    student = living(world, name)
    master = living(world, teacher, conscious=False)
    if master.name == student.name:
        raise RuleViolation(f"{student.name} cannot be {student.name}'s own teacher: name another character")
    # A new profession takes the teacher's spelling of it, as the sheet will show it.
    key = _profession_key(student, _profession_key(master, profession))
    current = student.sheet["professions"].get(key, 0)
    taught = master.sheet["professions"].get(key, 0)
    if not taught:
        held = ", ".join(master.sheet["professions"]) or "none"
        named = key if key in student.sheet["professions"] else quoted(key)
        raise RuleViolation(f"{master.name} cannot teach {named}: {master.name} has no level in it (professions: {held})")
    if taught <= current:
        raise RuleViolation(
            f"{master.name} cannot teach {key} to {student.name}: a teacher's level must be above the student's"
            f" ({master.name} {taught}, {student.name} {current})"
        )
    running = next((a for a in student.condition["long_actions"] if a.get("raises") == key and not (a["done"] or a["abandoned"])), None)
    if running is not None:
        raise RuleViolation(f"{student.name} already trains in {key} (long action {running['id']}, {running['name']})")
    weekly = replace(spec, profession=key if current else None)
    level = level_of(world, student, weekly)
    if is_automatic(level.total) == "failure":
        # Ruling E68: a weekly test at 0 or below fails without a roll (§Résolution des actions,
        # PROPOSAL B4, E8), so the training could never gain a degree nor end: refused, with what
        # would make it possible (a profession the student lacks adds nothing, §Familiarités L256).
        raise RuleViolation(
            f"{student.name} cannot train in {key}: the weekly test would be at {_level_words(weekly, level)}, "
            f"and at {tables().automatic_failure_at_or_below} or below a test fails without a roll; "
            f"{_what_would_do(world, [(student, weekly, level)])}"
        )
    return start_long_action(
        world,
        student.name,
        f"training in {key} with {master.name}",
        training_required(current + 1),
        weekly,
        unit_s=tables().time.training_unit_s,
        raises=key,
        teacher=master.name,
    )


def _level_words(spec: TestSpec, level: ActionLevel) -> str:
    # "level 0 (Coordination 0)": the level and what it adds up from, as the log says a test's.
    return f"level {level.total} ({level_terms(spec.to_dict(), level.to_dict())})"


def _what_would_do(world: World, tests: Sequence[tuple[Character, TestSpec, ActionLevel]]) -> str:
    # Ruling E68: what raises the weekly test above the automatic failure. Effort does not (no die
    # is rolled, E8; §Résolution des actions L296: "échec automatique"), nor a familiarity without
    # a profession level to make whole (§Familiarités L256: it gives the full level instead of
    # half). The faculty the test uses is the GM's call (§Catégories de tests), as is a difficulty
    # that eases it: both are named, with the level each would give. Ruling E77: in a
    # collaboration each participant tests and any one's degrees count (§Collaborations L458,
    # E73), so the faculty and the difficulty that make *some* participant's test possible are
    # named, with whose test it is, not the owner's alone.
    floor = tables().automatic_failure_at_or_below
    several = len(tests) > 1

    def whose(character: Character, total: int) -> str:
        return f"{character.name} at level {total}" if several else f"level {total}"

    # Said shorter for a collaboration (ruling E83), whose refusal names every participant.
    fits, by_gm = (" if it fits", "") if several else (" if that faculty fits", " from the GM")

    options = []
    # Each faculty's best participant, the earlier (the owner first) on a tie; among the faculties
    # the best, on a tie the one whose participant comes first, then the sheet's order.
    by_faculty = {
        name: max(
            ((-rank, c, level_of(world, c, replace(spec, faculty=name)).total) for rank, (c, spec, _) in enumerate(tests)),
            key=lambda found: (found[2], found[0]),
        )
        for name in faculty_names()
    }
    best = max(by_faculty, key=lambda name: (by_faculty[name][2], by_faculty[name][0]))
    given = {faculty_name(spec.faculty) for _, spec, _ in tests}
    if by_faculty[best][2] > floor and best not in given:
        options.append(f"-f {best} ({whose(*by_faculty[best][1:])}){fits}")
    character, spec, level = min(tests, key=lambda test: test[1].difficulty - test[2].total)
    easier = spec.difficulty + floor + 1 - level.total
    if easier <= elor_limits.MODIFIER:
        options.append(f"an easier -d {easier} ({whose(character, floor + 1)}){by_gm}")
    return "possible with " + ", or ".join(options) if options else "no faculty or difficulty the GM may give makes it possible"


def training_stopped(world: World, owner: Character, action: Mapping[str, Any]) -> str | None:
    """Why a running training stops at its next weekly test, or None. Ruling E71: the student
    already has the level it was for (said when it began: "6 degrees to reach level 3"), gained
    another way (experience spent, natural progression): it would raise the profession past it
    on the degrees of the level below. Ruling E68: it can no longer gain a degree, its weekly
    test (the student's, as recorded when it began) now at 0 or below, an automatic failure
    (E8), e.g. after the GM lowered the faculty it uses (E35) or a correction voided a level."""
    if not action.get("raises") or action["done"] or action["abandoned"]:
        return None
    profession = action["raises"]
    target = training_level(action["required"])
    level = owner.sheet["professions"].get(profession, 0)
    if level >= target:
        return f"{owner.name}'s {profession} is already at level {level}, and this training was to reach level {target}"
    # Ruling E120 (PROPOSAL §5.5: training is "with a teacher of a higher level"; E61 asks for a
    # living one when it begins): a teacher who died since teaches no more weeks.
    teacher = _teacher_of(world, action)
    if teacher is not None and teacher.condition["dead"]:
        return f"its teacher {teacher.name} is dead, and a training needs a living teacher"
    spec = _spec(action["participants"][0]["spec"])
    now = level_of(world, owner, spec)
    if is_automatic(now.total) != "failure":
        return None
    floor = tables().automatic_failure_at_or_below
    return (
        f"its weekly test is now at {_level_words(spec, now)}, and a test at {floor} or below fails without a roll, so it could never end"
    )


def _teacher_of(world: World, action: Mapping[str, Any]) -> Character | None:
    # Ruling E126: the teacher start_training recorded; a character's state kept (a snapshot)
    # before LongActionStarted version 2 has none, and its training's name tells it (E61).
    name = action["teacher"] if "teacher" in action else ev.teacher_named_in(action)
    return next((c for c in world.characters.values() if c.name == name), None)


def change_faculties(world: World, name: str, changes: Mapping[str, int] | Sequence[tuple[str, int]], reason: str) -> dict[str, Any]:
    """The GM changes faculties after creation (PROPOSAL E35): the derived capacities are
    recomputed (§Capacités dérivées calculées), effort available follows the new effort points
    (fatigue is kept), and the wounds are read against the new hit points. ``changes`` as typed,
    each faculty once (ruling E80)."""
    # Ruling E143 (§Humains, "Effet double PV": Mort; as E76, E79): the dead take no new
    # faculties; a death recorded in error is undone by correcting the blow, not by this change.
    character = living(world, name, conscious=False)
    typed = list(changes.items()) if isinstance(changes, Mapping) else list(changes)
    if not typed:
        raise RuleViolation("name at least one faculty to change")
    for wanted in faculty_names():
        # Ruling E80: "P=1 Physique=0" would keep one of two levels without a word.
        twice = [f"{key}={level}" for key, level in typed if faculty_name(key) == wanted]
        if len(twice) > 1:
            raise RuleViolation(f"{wanted} is given {len(twice)} times ({', '.join(twice)}): give each faculty once")
    faculties = dict(character.sheet["faculties"])
    low, high = faculty_range(nature(sheet_of(character).nature))
    for key, level in typed:
        name = faculty_name(key)
        # Ruling E38 (BD4's kind): a level beyond what the nature takes at any power would leave
        # negative effort or hit points and a character dead of a typo; refused, nothing recorded.
        refuse_out_of_range(name, int(level), low, high)
        faculties[name] = int(level)
    if faculties == character.sheet["faculties"]:
        # Said as the sheet and the log say faculties (§Facultés), never as stored data.
        levels = ", ".join(f"{name} {signed(faculties[name])}" for name in faculty_names())
        raise RuleViolation(f"{character.name}'s faculties are already {levels}: nothing to change")
    sheet = sheet_of_data({**character.sheet, "faculties": faculties})
    capacities = derived(sheet)
    c = character.condition
    hp = sheet_hp(world, sheet)
    body = body_state(nature(sheet.nature), c["wounds"], hp)
    was = body_state(nature(sheet.nature), c["wounds"], hp_of(world, character))
    # Newly at a vital location's HP falls unconscious; back under it wakes (as healing does, E24).
    unconscious = body.unconscious and (bool(c["unconscious"]) or not was.unconscious)
    dead = body.dead
    character.record(
        ev.FacultiesChanged,
        at=world.campaign.clock,
        faculties=faculties,
        derived=capacities,
        effort=max(0, capacities["effort_points"] - c["fatigue"]),
        unconscious=unconscious,
        dead=dead,
        reason=reason or "the GM's decision",
        # Ruling E72: what a replay after a correction reads the wounds against.
        hit_points=dict(hp),
        # Ruling E139: the state the change found, so its line tells only what it made.
        was_unconscious=bool(c["unconscious"]),
        was_dead=bool(c["dead"]),
        # Ruling E140: a change that knocks out starts the hourly wake test, as a blow does.
        next_wake=next_wake(character, unconscious and not dead, world.campaign.clock),
    )
    return capacities


def raise_by_training(world: World, character: Character, profession: str, at: int) -> None:
    """A finished training raises the profession by one; its grant is chosen afterwards."""
    level = character.sheet["professions"].get(profession, 0) + 1
    character.record(
        ev.ProfessionRaised, at=at, profession=profession, level=level, grant_kind=None, grant=None, cause="training", experience_spent=0
    )
