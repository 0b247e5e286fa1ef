"""Elor on the timeline (digest §5): effort recovery, long actions as downtime work and their
risk clocks, daily healing and the optional hourly wake test. Due times live in the characters' conditions."""

from __future__ import annotations

from typing import Any

from chronique.domain.character import Character
from chronique.domain.copying import copied
from chronique.domain.gametime import DAY, HOUR, calendar_from, first_mark_after
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.damage import heal_day
from chronique.domain.rulesets.elor.describe import coordination, describe, level_terms, test, ticked_words, wake_tested
from chronique.domain.rulesets.elor.downtime import heal, risk_roll, work_unit
from chronique.domain.rulesets.elor.play import holds_effort, hp_of, recover_effort, setting, sheet_of, work_of
from chronique.domain.rulesets.elor.resolution import action_level, is_automatic, resolve
from chronique.domain.rulesets.elor.tables import tables
from chronique.domain.text import plural
from chronique.domain.timeline import Due
from chronique.domain.world import World


class ElorProcesses:
    """The running processes of an Elor campaign's world."""

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
            who = str(character.id)
            recovery = effort_due(self.world, character)
            if recovery is not None:
                out.append(Due(recovery, who, "effort"))
            for action in c["long_actions"]:
                if action["next_at"] is not None and action["paced"] == "downtime":
                    out.append(Due(action["next_at"], who, f"long:{action['id']:04d}"))
                risk = action.get("risk")
                # E-T6: the risk clock runs while its action runs; at an equal time the work
                # unit fires first ("long" < "risk"), so a finished action takes no more risk.
                if risk and risk["next_at"] is not None and not (action["done"] or action["abandoned"]):
                    out.append(Due(risk["next_at"], who, f"risk:{action['id']:04d}"))
            healing = next_day_of_rest(self.world, character)
            if healing is not None:
                out.append(Due(healing, who, "heal"))
            if c["unconscious"] and c["next_wake"] is not None and setting(self.world, "wake_test"):
                out.append(Due(c["next_wake"], who, "wake"))
        return out

    def fire(self, due: Due) -> str:
        character = next(c for c in self.world.characters.values() if str(c.id) == due.character)
        if due.process == "effort":
            back = recover_effort(self.world, character.name, "an hour's pause restores all spent effort (§Actions longues)", at=due.at)
            return f"{character.name} recovered {plural(back, 'effort point')}"
        if due.process == "heal":
            return heal_a_day(self.world, character, due.at)
        if due.process == "wake":
            return wake_test(self.world, character, due.at)
        kind, number = due.process.split(":")
        action = next(a for a in character.condition["long_actions"] if a["id"] == int(number))
        if kind == "risk":
            rolled = risk_roll(self.world, character, action, due.at)["risk"]
            # Ruling E98: the D10 and what it was read against, as the log says them.
            d10 = self.world.recorded_last(character.name, ev.RiskRolled)
            # The risk is the GM's own words ("the police arrive"): said whole, never conjugated.
            if rolled["triggered"]:
                return f"{character.name}: {action['name']}: the risk struck: {rolled['what']} (D10 {d10.die}, at most {d10.threshold})"
            odds = f"D10 {d10.die} over {d10.threshold}, now {rolled['threshold']} in {tables().time.risk_die}"
            return f"{character.name}: {action['name']}: the risk held off ({rolled['what']}; {odds})"
        done = work_unit(self.world, character, action, due.at)
        if done["abandoned"]:
            # Rulings E68, E71: a training that could never end, or whose level came another way, stopped.
            stopped = self.world.recorded_last(character.name, ev.LongActionAbandoned).reason
            return f"{character.name}: {done['name']} stopped at {done['accumulated']}/{done['required']} degrees: {stopped}"
        state = "done" if done["done"] else f"next test {calendar_from(self.world.campaign.calendar).format(done['next_at'])}"
        if done["done"] and done.get("raises"):
            # Ruling E27: a finished training raised its profession; the level's familiarity or
            # prowess is named afterwards ('elor xp grant').
            level = character.sheet["professions"][done["raises"]]
            state += f": {done['raises']} rose to level {level}, its familiarity or prowess to be named"
        progress = f"{done['accumulated']}/{done['required']} degrees ({state})"
        return f"{character.name}: {done['name']} {progress}{unit_tests(self.world, character)}"


def unit_tests(world: World, owner: Character) -> str:
    """The tests of the long action's unit ``owner`` just recorded, as the advance appends them to
    its line (ruling E98: what was rolled against what, as the log and every test's line say it):
    " — level 3 (Esprit 2, Archéologue +1): rolled 6 — 0 degrees of success", each by its
    participant's name in a collaboration, with its coordination penalty (§Collaborations L460)."""
    unit = world.recorded_last(owner.name, ev.LongActionProgressed)
    tests = [(t["name"], world.recorded_last(t["name"], ev.TestRolled)) for t in unit.tests]
    if not tests:
        return " — nobody could work"
    # Ruling E121: a test that ticked its profession for natural progression says so, as the log does.
    words = [test(e.outcome, level_terms(e.spec, e.terms)) + ticked_words(e.ticked) for _, e in tests]
    if len(tests) > 1:
        words = [f"{name} {said}" for (name, _), said in zip(tests, words, strict=True)]
    return " — " + "; ".join(words) + coordination(unit.penalty)


def effort_due(world: World, character: Character) -> int | None:
    """When spent effort comes back out of scenes: after an hour's pause (§Actions longues
    L450), counted from the last expense or from the end of the downtime work that held the
    effort under its regime, whichever is later; never while a scene runs or such work goes on
    (work tested once a day or less often holds it only under the regime ``none``, ruling E109),
    the character's own or one it helps in (ruling E119)."""
    c = character.condition
    if not c["fatigue"] or c["scene"] is not None or c["last_effort_at"] is None:
        return None
    work = work_of(world, character)
    if any(holds_effort(a) for a in work):  # its regime governs it (E21, rulings E109, E119)
        return None
    rested_from = max([int(c["last_effort_at"]), *(int(a["ended_at"]) for a in work if a.get("ended_at") is not None)])
    return rested_from + tables().time.effort_pause_s


def next_day_of_rest(world: World, character: Character) -> int | None:
    """When the character's next day of rest heals (PROPOSAL §5.6, E23): None when it does not
    rest, is not hurt, or only destroyed locations are left (ruling E60: a day that heals
    nothing is not due; should one become healable later, it heals on its own day marks after
    the clock)."""
    c = character.condition
    if c["dead"] or c["next_heal"] is None or not c["resting"] or not c["wounds"] or not _day_heals(world, character):
        return None
    return first_mark_after(int(c["next_heal"]), DAY, world.campaign.clock)


def _day_heals(world: World, character: Character) -> bool:
    # Whether a day of rest would lower any location's damage (PROPOSAL §5.6).
    wounds = {k: v for k, v in character.condition["wounds"].items() if v > 0}
    return heal_day(wounds, hp_of(world, character), int(setting(world, "heal_per_day"))) != wounds


def heal_a_day(world: World, character: Character, at: int) -> str:
    """A full day of rest (PROPOSAL §5.6): every damaged, non-destroyed location loses points.
    The advance says it as the log does (ruling E64): the points each location lost and what is
    left of it (E69: the damage points left, and a limb usable again), e.g. "Samson healed by a day
    of rest: 1 point in the jambe gauche (4 damage points left: the jambe gauche can be used again)"."""
    before = dict(character.condition["wounds"])
    after = heal_day(before, hp_of(world, character), int(setting(world, "heal_per_day")))
    healed = {k: after.get(k, 0) for k, v in before.items() if after.get(k, 0) != v}
    heal(world, character, healed, "a day of rest", at, at + DAY)
    return f"{character.name} {describe(world.recorded_last(character.name, ev.WoundsHealed))}"


def wake_test(world: World, character: Character, at: int) -> str:
    """Hourly wake test of an unconscious character: a D10 at P + M + 5 (flag wake_test), its
    terms recorded so the log says what the level adds up from (ruling E90)."""
    f = sheet_of(character).faculties
    terms = {"Physique": f["Physique"], "Mental": f["Mental"], "wake": tables().time.wake_level_bonus}
    level = action_level(terms["Physique"] + terms["Mental"], difficulty=terms["wake"])
    epoch = world.campaign.epoch
    stream = world.stream(epoch, character.draw_place(epoch))
    dice = [stream.die(tables().die)] if is_automatic(level.total) is None else []
    outcome = resolve(level.total, 0, dice)
    character.record(
        ev.WakeTested,
        at=at,
        outcome=outcome.to_dict(),
        terms=terms,
        awake=outcome.success,
        next_wake=None if outcome.success else at + HOUR,
        epoch=epoch,
        chance=stream.ops,
    )
    return f"{character.name}'s {wake_tested(outcome.to_dict(), terms, outcome.success)}"
