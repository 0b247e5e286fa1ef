"""What happens to an Elor character, as past-tense facts recorded on its chain.

The condition they change is plain data (JSON): ``effort`` available and ``fatigue`` (spent
effort, §Catégories de tests d'action), ``scene`` (action points of the current sequence),
``wounds`` (damage total per location), ``unconscious``/``dead``, ``long_actions``, the
experience and natural-progression ticks. Events that consumed dice carry ``epoch`` and
``chance`` (FAIRNESS.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.chain import ChainedEvent, ChanceConsumed, FaceDown
from chronique.domain.character import Character
from chronique.domain.gametime import HOUR
from chronique.domain.rulesets.elor.capacities import hit_points
from chronique.domain.rulesets.elor.damage import BodyState, body_state
from chronique.domain.rulesets.elor.sheet import item_spelling
from chronique.domain.rulesets.elor.tables import nature


class TestRolled(ChanceConsumed, FaceDown):
    """The character made an action test: its level and terms, the effort invested, the dice
    rolled and how they were used, and the degrees of success. ``discards`` and ``fine`` are the
    player's choices the outcome followed: whether dice were discarded for ±1s (§Catégories de
    tests d'action) and whether ties are broken finely (§Concours finement départagés); None on
    tests recorded before the event kept them. ``shot`` is a ranged attack's range inputs and
    the modifiers the tables give them (§Attaque à distance; the ``range`` term of ``terms``),
    None for every other test and for tests recorded before the event kept it.
    ``fewest_discards`` says how the dice were used among uses with the most degrees (ruling
    E9): True, with the fewest discards unless ties are broken finely; False on tests recorded
    before version 5, which took the best faces even at the cost of a discard that bought no
    degree (resolution.best_use)."""

    __test__ = False  # not a pytest test class

    class_version = 5

    at: int
    purpose: str
    spec: dict[str, Any]
    terms: dict[str, int]
    outcome: dict[str, Any]
    discards: bool | None
    fine: bool | None
    shot: dict[str, Any] | None
    fewest_discards: bool
    ticked: str | None
    sheet_version: int
    epoch: str
    chance: list[dict[str, Any]]
    sealed_until: str | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, which keeps the player's discard and tie-break choices,
        # before version 4, which keeps a ranged attack's range inputs (no test had them before),
        # and before version 5, whose dice use the fewest discards (E9): those took the best faces.
        super().upcast_stored(state)
        state.setdefault("discards", None)
        state.setdefault("fine", None)
        state.setdefault("shot", None)
        state.setdefault("fewest_discards", False)

    def apply(self, character: Character) -> None:
        c = character.condition
        effort = self.outcome["effort"]
        c["effort"] -= effort
        c["fatigue"] += effort
        if effort:
            c["last_effort_at"] = self.at
        if self.ticked is not None:
            c["ticks"] = [*c["ticks"], self.ticked]


class EffortRecovered(ChainedEvent):
    """Spent effort came back: fatigue points turned into effort points again."""

    at: int
    amount: int
    reason: str

    def apply(self, character: Character) -> None:
        c = character.condition
        c["effort"] += self.amount
        c["fatigue"] -= self.amount


class SequenceBegan(ChainedEvent):
    """A 6-second sequence of an action scene began: all action points restored (§Scènes d'action)."""

    at: int
    sequence: int
    action_points: int

    def apply(self, character: Character) -> None:
        character.condition["scene"] = _in_sequence(self.sequence, self.action_points, self.at)


def _in_sequence(sequence: int, action_points: int, began: int) -> dict[str, Any]:
    """A protagonist's place in a sequence that began at ``began`` (§Scènes d'action): its
    action points available, none spent, no defence reserved, no opportunity taken yet."""
    return {"sequence": sequence, "ap": action_points, "spent": 0, "token": False, "turn": 0, "simultaneous_on": 0, "began": began}


class ProtagonistJoined(ChainedEvent):
    """The character came into the running action scene as a latecomer (ruling E82): its place
    in the running ``sequence``, with ``action_points`` available in it (all of them, or none
    when that sequence was spent and the next restores them, §Scènes d'action L500-L502), the
    sequence having begun at ``began``."""

    at: int
    sequence: int
    action_points: int
    began: int

    def apply(self, character: Character) -> None:
        character.condition["scene"] = _in_sequence(self.sequence, self.action_points, self.began)


class ActionPointSpent(ChainedEvent):
    """The character used an opportunity or reacted: ``kind`` is attack, action, wait,
    reserve (a defence held until its next opportunity), defence (a reaction to an attack; paid
    by the reserved token when there is one) or reaction (to an action, §Actions / réactions;
    ruling E117). Waiting gets one effort point back (PROPOSAL §5.1)."""

    at: int
    kind: str
    turn: int
    from_token: bool
    effort_recovered: int

    def apply(self, character: Character) -> None:
        c = character.condition
        scene = dict(c["scene"])
        if self.from_token:
            scene["token"] = False
        else:
            scene["ap"] -= 1
            scene["spent"] += 1
        if self.kind not in ("defence", "reaction"):  # a reaction takes no opportunity
            scene["turn"] = self.turn
            scene["token"] = self.kind == "reserve"
        c["scene"] = scene
        c["effort"] += self.effort_recovered
        c["fatigue"] -= self.effort_recovered


class SceneLeft(ChainedEvent):
    """The action scene ended for the character: its spent effort is all back (PROPOSAL §5.1)."""

    at: int
    effort_recovered: int

    def apply(self, character: Character) -> None:
        c = character.condition
        c["scene"] = None
        c["effort"] += self.effort_recovered
        c["fatigue"] -= self.effort_recovered


class AttackResolved(ChainedEvent):
    """The character's attack met the target's defence: values, result, effects chosen, and
    what the blow did (§Effets de combat). ``simultaneous`` says whether it was one of a pair of
    simultaneous attacks, both cards "Attaque" turned up together (§Cas d'actions simultanées
    L520-L528); False on attacks recorded before version 2 kept it."""

    class_version = 2

    at: int
    target: str
    melee: bool
    attack: int
    defence: int
    defence_kind: str
    result: str
    offensive_effects: dict[str, int]
    defensive_effects: dict[str, int]
    damage: dict[str, Any] | None
    simultaneous: bool

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, which keeps whether the attack was simultaneous: read as
        # not, as the log said them.
        super().upcast_stored(state)
        state.setdefault("simultaneous", False)

    def apply(self, character: Character) -> None:
        # The opportunity a simultaneous attack was made on: a pair's cards spend both points at
        # once, and each then makes one attack on it (ruling E75). Only a simultaneous one: an
        # attack against "Défense" (§Cas d'actions simultanées L520-L528) leaves its target no
        # "Attaque" card to answer with (ruling E129).
        scene = character.condition["scene"]
        if scene is not None and self.simultaneous:
            character.condition["scene"] = dict(scene, simultaneous_on=scene["turn"])


class DamageTaken(ChanceConsumed, FaceDown):
    """A blow reached a location (rolled on the D100 table or chosen): the effective damage,
    the location's new total and what it means (§Application des dommages). ``ranged`` says
    whether the blow came from afar, whose location table differs; None on blows recorded
    before the event kept it. ``hit_points`` is every location's hit points the blow was read
    against (the campaign's HP source, B2, at that moment), None on blows recorded before
    version 4 kept them (ruling E67). ``was_unconscious`` says whether the character was
    unconscious when the blow came, so that a knock-out is told once, by the blow that made it
    (ruling E135); None on blows recorded before version 5 kept it."""

    class_version = 5

    at: int
    source: str
    location: str
    roll: int | None
    ranged: bool | None
    value: dict[str, int]
    total: int
    state: str
    effects: list[str]
    unconscious: bool
    dead: bool
    next_heal: int | None
    next_wake: int | None
    hit_points: dict[str, int] | None
    was_unconscious: bool | None
    epoch: str
    chance: list[dict[str, Any]]
    sealed_until: str | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, which keeps whether the blow was ranged, before version 4,
        # which keeps the hit points the blow was read against (E67), and before version 5,
        # which keeps whether the character was unconscious already (E135).
        super().upcast_stored(state)
        state.setdefault("ranged", None)
        state.setdefault("hit_points", None)
        state.setdefault("was_unconscious", None)

    def apply(self, character: Character) -> None:
        # Ruling E62: the blow adds its effective damage to the location's total as the log
        # gives it (§Application des dommages step 3), never writes back the total it saw: a
        # correction replays the log without a voided blow, and a later blow must not bring the
        # voided one's points back. On a log without voids the sum is the total it recorded.
        c = character.condition
        wounds = dict(c["wounds"])
        total = wounds.get(self.location, 0) + max(0, int(self.value["effective"]))
        if total:
            wounds[self.location] = total
        c["wounds"] = wounds
        # Ruling E67 (§Humains, digest §4.2): unconscious while a vital location's total is at
        # its hit points, dead at twice them, read from the totals the log gives against the hit
        # points the blow was read against; so a correction that voids the blow that knocked the
        # character out wakes it while the vital damage left is below them, and keeps it out
        # while what is left still reaches them. On a log without voids, what the blow recorded.
        if self.hit_points is not None:
            body = body_state(nature(character.sheet["nature"]), wounds, self.hit_points)
            c["unconscious"] = body.unconscious
            c["dead"] = bool(c["dead"]) or body.dead
        else:
            # Recorded before version 4: the blow's own word, never beyond what the totals
            # left allow under the lowest hit points the sheet could have had then (E67).
            body = _body_at_lowest(character, wounds)
            c["unconscious"] = self.unconscious and body.unconscious
            c["dead"] = self.dead and body.dead
        # PROPOSAL §5.6 (flag wake_test): the first wake test comes an hour after the blow.
        c["next_wake"] = (self.next_wake if self.next_wake is not None else self.at + HOUR) if c["unconscious"] and not c["dead"] else None
        # No day of rest is due for the dead nor for a body the log leaves unhurt (E23, E60).
        c["next_heal"] = None if c["dead"] or not wounds else self.next_heal
        if self.value["effective"] > 0:
            # A new injury of the location: it may be cared for once, within the hour (PROPOSAL §5.6).
            c["injuries"] = dict(c.get("injuries", {}), **{self.location: {"at": self.at, "cared": False}})


def _body_at_lowest(character: Character, wounds: dict[str, int]) -> BodyState:
    """What ``wounds`` make of the body under the lowest hit points the character's sheet (its
    Physique as the log gives it then) has under either HP source (B2: the value table or the
    printed formulas), for an event recorded before it kept the hit points it was read against
    (ruling E67). Not the sheet's derived hit points alone, which are the value table's: a
    campaign on the printed formulas gives the abdomen fewer, and an unconsciousness recorded
    there must still read so on a log without voids. A body unconscious (dead) under its real
    hit points is so under these lower ones; a replay whose totals fall below even these (the
    blow that knocked the character out voided) cannot keep it so."""
    morphology = nature(character.sheet["nature"])
    physique = int(character.sheet["faculties"]["Physique"])
    table, printed = hit_points(morphology, physique, False), hit_points(morphology, physique, True)
    return body_state(morphology, wounds, {key: min(hp, printed[key]) for key, hp in table.items()})


class EquipmentDamaged(ChainedEvent):
    """A weapon, shield or armour piece took damage: resistance first, the rest off its structure."""

    at: int
    item: str
    damage: int
    resistance: int
    structure_lost: int
    structure_left: int
    destroyed: bool

    def apply(self, character: Character) -> None:
        # Ruling E70: the damage adds up on the item as the sheet spells it; an older event kept
        # the spelling typed ("épée"), read as the sheet's Épée (its structure left as recorded).
        item = item_spelling(character.sheet["weapons"], self.item) or self.item
        character.condition["equipment"] = dict(character.condition["equipment"], **{item: self.structure_left})


class WoundsHealed(ChainedEvent):
    """Damage points came off locations: by a day of rest or by a healer's care (PROPOSAL §5.6).
    ``removed`` is the damage points each location lost (only those that lost some); ``healed``
    is, despite its name, each of those locations' total *after* it (what it always recorded);
    ``wounds`` is every location's total after it. ``removed`` is None on events recorded before
    version 2 kept it: the points healed then are not known from the event alone.
    ``hit_points`` is every location's hit points the healing was read against, None on events
    recorded before version 3 kept them (ruling E67)."""

    class_version = 3

    at: int
    by: str
    healed: dict[str, int]
    removed: dict[str, int] | None
    wounds: dict[str, int]
    unconscious: bool
    next_heal: int | None
    hit_points: dict[str, int] | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, which keeps the points healed beside the totals left: the
        # old ``healed`` stays what it was (totals after), never read as points healed. Recorded
        # before version 3, which keeps the hit points the healing was read against (E67).
        super().upcast_stored(state)
        state.setdefault("removed", None)
        state.setdefault("hit_points", None)

    def apply(self, character: Character) -> None:
        # Ruling E62: the points healed come off the totals the log gives, never the totals the
        # healing saw written back: a correction replays the log without a voided blow, and a
        # later day of rest or care must not bring its points back. Events recorded before
        # version 2 know only the totals after: a location is brought down to its, never up.
        c = character.condition
        wounds = dict(c["wounds"])
        if self.removed is not None:
            for key, points in self.removed.items():
                wounds[key] = wounds.get(key, 0) - points
        else:
            for key, left in self.healed.items():
                wounds[key] = min(wounds.get(key, 0), left)
        c["wounds"] = {k: v for k, v in wounds.items() if v > 0}
        # Healing only ever wakes (E24): it never knocks out one the log now leaves awake, and
        # wakes one no vital location keeps at its hit points any more, read from the totals the
        # log gives (E67: a voided blow's points are not there to keep the character out).
        if self.hit_points is not None:
            body = body_state(nature(character.sheet["nature"]), c["wounds"], self.hit_points)
            c["unconscious"] = bool(c["unconscious"]) and body.unconscious
        else:
            c["unconscious"] = self.unconscious and bool(c["unconscious"]) and _body_at_lowest(character, c["wounds"]).unconscious
        c["next_heal"] = self.next_heal if c["wounds"] else None


class CareGiven(ChainedEvent):
    """A healer made the one care test of a location's last injury (PROPOSAL §5.6); the
    damage it removed is recorded by the ``WoundsHealed`` that follows."""

    at: int
    healer: str
    location: str
    degrees: int

    def apply(self, character: Character) -> None:
        c = character.condition
        injury = dict(c.get("injuries", {}).get(self.location, {"at": self.at}), cared=True)
        c["injuries"] = dict(c.get("injuries", {}), **{self.location: injury})


class WakeTested(ChanceConsumed):
    """An unconscious character's hourly wake test (PROPOSAL §5.6, flag wake_test). ``terms``
    is what its level adds up from: the Physique and Mental levels and the wake bonus (ruling
    E90); None on tests recorded before version 3, whose level alone is said."""

    class_version = 3

    at: int
    outcome: dict[str, Any]
    terms: dict[str, int] | None
    awake: bool
    next_wake: int | None
    epoch: str
    chance: list[dict[str, Any]]

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, which keeps the terms of the level.
        super().upcast_stored(state)
        state.setdefault("terms", None)

    def apply(self, character: Character) -> None:
        # A failed test leaves unconscious one who was: a replay without the blow that knocked
        # the character out (a correction) leaves the character awake.
        c = character.condition
        c["unconscious"] = bool(c["unconscious"]) and not self.awake
        c["next_wake"] = self.next_wake if c["unconscious"] else None


class RestOrdered(ChainedEvent):
    """The GM said whether the character rests (heals) or not, from now on."""

    at: int
    resting: bool
    next_heal: int | None

    def apply(self, character: Character) -> None:
        character.condition["resting"] = self.resting
        character.condition["next_heal"] = self.next_heal


class LongActionStarted(ChainedEvent):
    """The character began a long action (§Actions longues): degrees required, time unit, the
    test it repeats, the participants of a collaboration, and when its first test is due. A
    training's ``teacher`` is the teacher's name, None for other work; on events recorded before
    version 2 it is read from the training's name (:func:`teacher_named_in`)."""

    class_version = 2

    at: int
    action: dict[str, Any]

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, which keeps a training's teacher.
        super().upcast_stored(state)
        if "teacher" not in state["action"]:
            state["action"] = state["action"] | {"teacher": teacher_named_in(state["action"])}

    def apply(self, character: Character) -> None:
        c = character.condition
        c["long_actions"] = [*c["long_actions"], dict(self.action)]
        c["next_long_id"] = self.action["id"] + 1


def teacher_named_in(action: Mapping[str, Any]) -> str | None:
    """The teacher a training recorded without one (before ``LongActionStarted`` version 2, or in
    a character's state kept then) names in its title, None for other work."""
    # Ruling E61: a training is named after its profession and its teacher ("training in Guerrier
    # with Samson"), which is all such a training tells of its teacher (ruling E120).
    prefix = f"training in {action.get('raises')} with "
    named = action.get("raises") and action["name"].startswith(prefix)
    return action["name"][len(prefix) :] if named else None


class LongActionProgressed(ChainedEvent):
    """One time unit of a long action: each participant's degrees, the coordination penalty,
    the degrees gained and accumulated, whether it is done, and when the next test is due.
    ``name`` is the action's name, for the log; None on events recorded before version 2."""

    class_version = 2

    at: int
    action_id: int
    name: str | None
    tests: list[dict[str, Any]]
    penalty: int
    gained: int
    accumulated: int
    done: bool
    next_at: int | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, which keeps the action's name: the log names its number only.
        super().upcast_stored(state)
        state.setdefault("name", None)

    def apply(self, character: Character) -> None:
        c = character.condition
        c["long_actions"] = [
            dict(a, accumulated=self.accumulated, done=self.done, next_at=self.next_at, units=a["units"] + 1)
            | ({"ended_at": self.at} if self.done else {})
            if a["id"] == self.action_id
            else a
            for a in c["long_actions"]
        ]


class RiskRolled(ChanceConsumed):
    """A long action's risk clock ran one period (PROPOSAL §5.3, "chaque heure qui passe
    augmente les risques", §Actions longues L452): a D10 at most ``threshold`` triggers the
    risk; otherwise the threshold rises to ``next_threshold`` for the next period. ``name`` is
    the long action's name, for the log; None on events recorded before version 3 (ruling E91)."""

    class_version = 3

    at: int
    action_id: int
    name: str | None
    risk: str
    threshold: int
    die: int
    triggered: bool
    next_threshold: int
    next_at: int | None
    epoch: str
    chance: list[dict[str, Any]]

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, which keeps the long action's name.
        super().upcast_stored(state)
        state.setdefault("name", None)

    def apply(self, character: Character) -> None:
        c = character.condition
        c["long_actions"] = [
            dict(a, risk=dict(a["risk"], threshold=self.next_threshold, next_at=self.next_at, triggered=self.triggered))
            if a["id"] == self.action_id
            else a
            for a in c["long_actions"]
        ]


class LongActionAbandoned(ChainedEvent):
    """The character gave up a long action; what was accumulated stays on record. ``name`` is
    the action's name, for the log, and ``reason`` is empty when none was given; on events
    recorded before version 2 the name is None, and the "abandoned" they recorded for no reason
    given reads as none."""

    class_version = 2

    at: int
    action_id: int
    name: str | None
    reason: str

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        super().upcast_stored(state)
        if "name" not in state:
            # Version 1 kept no name, and wrote "abandoned" when the GM gave no reason.
            state["name"] = None
            state["reason"] = "" if state["reason"] == "abandoned" else state["reason"]

    def apply(self, character: Character) -> None:
        c = character.condition
        c["long_actions"] = [
            dict(a, abandoned=True, next_at=None, ended_at=self.at) if a["id"] == self.action_id else a for a in c["long_actions"]
        ]


class ExperienceAwarded(ChainedEvent):
    """The GM awarded experience points (PROPOSAL §5.5: 1 point = 1 profession level)."""

    at: int
    points: int
    reason: str

    def apply(self, character: Character) -> None:
        character.condition["experience"] += self.points


class ProfessionRaised(ChainedEvent):
    """A profession gained a level, with the familiarity or prowess that level grants;
    ``cause`` is reward (experience spent), training or natural (a progression roll)."""

    at: int
    profession: str
    level: int
    grant_kind: str | None
    grant: str | None
    cause: str
    experience_spent: int

    def apply(self, character: Character) -> None:
        s = character.sheet
        s["professions"] = dict(s["professions"], **{self.profession: self.level})
        if self.grant_kind is not None and self.grant is not None:
            field = "familiarities" if self.grant_kind == "familiarity" else "prowesses"
            s[field] = dict(s[field], **{self.grant: s[field].get(self.grant, 0) + 1})
        else:
            character.condition["pending_grants"] += 1
        character.condition["experience"] -= self.experience_spent


class ProgressionRolled(ChanceConsumed):
    """Natural progression at an adventure's end (PROPOSAL §5.5): 1D10 per ticked profession;
    a die above the level raises it (the grant is chosen later). The ticks are cleared."""

    at: int
    rolls: list[dict[str, Any]]
    epoch: str
    chance: list[dict[str, Any]]

    def apply(self, character: Character) -> None:
        s, c = character.sheet, character.condition
        professions = dict(s["professions"])
        for roll in self.rolls:
            if roll["raised"]:
                professions[roll["profession"]] = roll["level"] + 1
                c["pending_grants"] += 1
        s["professions"] = professions
        c["ticks"] = []


class GrantChosen(ChainedEvent):
    """The familiarity or prowess of a level gained by natural progression or training."""

    at: int
    kind: str
    name: str

    def apply(self, character: Character) -> None:
        s = character.sheet
        field = "familiarities" if self.kind == "familiarity" else "prowesses"
        s[field] = dict(s[field], **{self.name: s[field].get(self.name, 0) + 1})
        character.condition["pending_grants"] -= 1


class FacultiesChanged(ChainedEvent):
    """The GM changed faculties after creation: the new faculty levels, the derived capacities
    recomputed from them (§Capacités dérivées calculées), the effort now available (fatigue is
    kept) and what the hit points now make of the wounds. ``hit_points`` is every location's
    hit points under the new faculties (the campaign's HP source, B2), None on changes recorded
    before version 2 kept them. ``was_unconscious`` and ``was_dead`` say the state the change
    found, so its line tells a knock-out or a death the change made, not one it found (ruling
    E139); ``next_wake`` is when the hourly wake test falls (PROPOSAL §5.6, flag wake_test): an
    hour after a change that knocks out, the running hour kept otherwise (ruling E140). All
    three None on changes recorded before version 3 kept them."""

    class_version = 3

    at: int
    faculties: dict[str, int]
    derived: dict[str, Any]
    effort: int
    unconscious: bool
    dead: bool
    reason: str
    hit_points: dict[str, int] | None
    was_unconscious: bool | None
    was_dead: bool | None
    next_wake: int | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, which keeps the hit points the change read the wounds
        # against, and before version 3, which keeps the state it found and the wake test's hour.
        super().upcast_stored(state)
        state.setdefault("hit_points", None)
        state.setdefault("was_unconscious", None)
        state.setdefault("was_dead", None)
        state.setdefault("next_wake", None)

    def apply(self, character: Character) -> None:
        s, c = character.sheet, character.condition
        s["faculties"] = dict(self.faculties)
        s["derived"] = dict(self.derived)
        c["effort"] = self.effort
        if self.hit_points is not None:
            # Ruling E72 (E62, E67): what the new hit points make of the wounds the log gives,
            # so a correction that voided an earlier blow or care replays as the commands run
            # without it: unconscious while a vital location reaches its new hit points, if the
            # character was out before the change or the change itself knocked him out (newly at
            # them); dead at twice them. On a log without voids, what the change recorded.
            body = body_state(nature(s["nature"]), c["wounds"], self.hit_points)
            c["unconscious"] = body.unconscious and (bool(c["unconscious"]) or self.unconscious)
            c["dead"] = bool(c["dead"]) or (self.dead and body.dead)
            if self.next_wake is not None and c["unconscious"] and not c["dead"]:
                # Ruling E140 (PROPOSAL §5.6, flag wake_test): the hourly wake test of one the
                # change knocked out; a change recorded before version 3 scheduled none.
                c["next_wake"] = self.next_wake
            return
        # Recorded before version 2: what the new hit points made of the wounds, never beyond
        # what the totals the log gives allow (E67): a correction that voided the blow that
        # knocked the character out before the change does not bring it back here.
        body = _body_at_lowest(character, c["wounds"])
        c["unconscious"] = self.unconscious and body.unconscious
        c["dead"] = self.dead and (bool(c["dead"]) or body.dead)
