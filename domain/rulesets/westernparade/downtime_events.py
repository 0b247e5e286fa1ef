"""What happens to a Western Parade character between sessions: training plans and the points
they win (§2.6-§2.7), improvement rolls (§2.3-§2.5), long-period activities (§5.18 of the digest)
and trick-shooting practice (§6.6.7), as past-tense facts on its chain.

Events that settle training carry ``training``: the whole ``condition["training"]`` as of their
``at`` (see ``downtime.py`` for its shape), so the state at any instant is the last such event's
plus the exact credit since. Events that consumed dice carry ``epoch`` and ``chance``.
"""

from __future__ import annotations

from typing import Any

from chronique.domain.chain import ChainedEvent, ChanceConsumed
from chronique.domain.character import Character
from chronique.domain.rulesets.westernparade.long_skills import capital_change


def _raise(character: Character, kind: str, target: str, gain: int, at: int) -> None:
    # The typed sheet (pydantic) is imported on first use: a roll never raises (issue 20).
    from chronique.domain.rulesets.westernparade.sheet import with_derived

    # §2.3 L1357: every value derived from a raised characteristic is recomputed (skill bases too).
    sheet = dict(character.sheet)
    if kind == "skill":
        sheet["gains"] = {**sheet["gains"], target: sheet["gains"].get(target, 0) + gain}
    elif target == "REP":
        sheet["reputation_gain"] = sheet["reputation_gain"] + gain
    else:
        sheet["characteristics"] = {**sheet["characteristics"], target: sheet["characteristics"][target] + gain}
    character.sheet = with_derived(sheet)
    if kind == "characteristic" and gain:
        marks = dict(character.condition["marks"])
        marks["raised"] = {**marks["raised"], target: at}
        character.condition["marks"] = marks


class TrainingPlanned(ChainedEvent):
    """The player changed the character's training plan for one target (a skill or the one
    characteristic in training, §2.6-§2.7): ``requested`` hours a week, of which ``hours`` count
    (at most 20), with ``teacher`` at ``teacher_level`` (skill %, or his modifier for a
    characteristic). ``hours`` 0 stops it. ``abandoned`` names a characteristic whose progress was
    lost by switching to another (§2.7 L1461)."""

    at: int
    target: str
    kind: str
    requested: int
    hours: int
    teacher: str | None
    teacher_level: int | None
    abandoned: str | None
    training: dict[str, Any]

    def apply(self, character: Character) -> None:
        character.condition["training"] = self.training


class PointTrained(ChainedEvent):
    """Training brought a skill or a characteristic one point up (§2.6.2, §2.7): from ``before``
    to ``after`` for ``cost_s`` seconds of (credited) training; ``cartridges`` burnt by firearm
    practice since the last point (§2.6.2 footnote 2). ``stopped`` says why training that target
    cannot go on (a creation limit, §2.7), or is None."""

    at: int
    target: str
    kind: str
    before: int
    after: int
    cost_s: int
    cartridges: int
    stopped: str | None
    training: dict[str, Any]

    def apply(self, character: Character) -> None:
        _raise(character, self.kind, self.target, 1, self.at)
        character.condition["training"] = self.training


class TrainingLapsed(ChainedEvent):
    """The banked training of a target left idle was all lost: more than seven days without
    training cost one hour per half-day (§2.6.2 L1434)."""

    at: int
    target: str
    training: dict[str, Any]

    def apply(self, character: Character) -> None:
        character.condition["training"] = self.training


class TrainingStopped(ChainedEvent):
    """The training of ``target`` stopped by itself, not by the player's choice: ``teacher``, a
    character of the campaign it was trained under, died (§2.6.2: below 20% no one trains without
    a teacher; ruling WC18). As a 0-hour plan, its credit left waits idle. ``reason``: why, in
    words."""

    at: int
    target: str
    teacher: str
    reason: str
    training: dict[str, Any]

    def apply(self, character: Character) -> None:
        character.condition["training"] = self.training


class TrainingPaused(ChainedEvent):
    """A critical wound put the character in bed (§3.2.9.3): every running target's hours were
    set aside (``paused`` in ``training``) until he leaves it (ruling WC10)."""

    at: int
    training: dict[str, Any]

    def apply(self, character: Character) -> None:
        character.condition["training"] = self.training


class TrainingResumed(ChainedEvent):
    """No location is below 0 PV any more: the paused targets are trained again at their
    planned hours, with the credit the pause left them (ruling WC10)."""

    at: int
    training: dict[str, Any]

    def apply(self, character: Character) -> None:
        character.condition["training"] = self.training


class PracticeChanged(ChainedEvent):
    """Trick-shooting practice (§6.6.7 L3593) started or stopped (``practising``), or its bonus
    stopped changing (reached +25%, or fell to 0); ``bonus`` is the bonus at ``at``."""

    at: int
    practising: bool
    bonus: int
    training: dict[str, Any]

    def apply(self, character: Character) -> None:
        character.condition["training"] = self.training


class ImprovementGranted(ChainedEvent):
    """The character earned an improvement roll (§2.3-§2.5): ``grant`` holds its id, the skill
    or characteristic, why, the bonus that eases it (reputation after a gunfight, §2.4.3) and,
    for the reputation roll "in the week following the gunfight", when it is rolled."""

    at: int
    grant: dict[str, Any]

    def apply(self, character: Character) -> None:
        marks = dict(character.condition["marks"])
        marks["pending"] = [*marks["pending"], self.grant]
        marks["next_id"] = self.grant["id"] + 1
        character.condition["marks"] = marks


class ImprovementRolled(ChanceConsumed):
    """An improvement roll was made (§2.3): the open-ended faces, the score to beat, the
    check-marks and bonus that eased it, the gain (1 for a characteristic, 1d4 + 3 for a skill)
    and the marks left. ``grant`` is the pending grant it used (None for one the GM gave on the
    spot)."""

    at: int
    grant: int | None
    outcome: dict[str, Any]
    epoch: str
    chance: list[dict[str, Any]]
    training: dict[str, Any]

    def apply(self, character: Character) -> None:
        o = self.outcome
        marks = dict(character.condition["marks"])
        checks = {k: v for k, v in marks["checks"].items() if k != o["target"]}
        if o["marks_after"]:
            checks[o["target"]] = o["marks_after"]
        marks["checks"] = checks
        marks["pending"] = [g for g in marks["pending"] if g["id"] != self.grant]
        character.condition["marks"] = marks
        if o["gain"]:
            _raise(character, o["kind"], o["target"], o["gain"], self.at)
        character.condition["training"] = self.training


class ActivityStarted(ChainedEvent):
    """The character took up a long-period activity (§5.18 of the digest): survival, banking,
    speculation, bookkeeping, gold panning, hunting or long-distance running, rolled every
    ``activity["every_s"]`` from ``activity["next_at"]``."""

    at: int
    activity: dict[str, Any]

    def apply(self, character: Character) -> None:
        acts = dict(character.condition["activities"])
        acts["running"] = [*acts["running"], self.activity]
        acts["next_id"] = self.activity["id"] + 1
        character.condition["activities"] = acts


class ActivityRolled(ChanceConsumed):
    """One periodic roll of a long-period activity: the roll, what it did (``result``: capital,
    persons fed, distance, survival fate...) and the activity's state after it (None when it
    ended). ``died``: the activity killed the character (survival, §6.15). What it was rolled
    from: ``before``, the activity as it stood, and ``end_modifier``, the runner's mEND
    (§6.17.2; None for other activities), and ``wound_percent``, how much shorter his wounds
    made the runner's day (§6.17.2 L5067, ruling WB61; None for other activities, and on a run
    recorded before version 4, whose activity's own ``wounds`` option said it); ``before`` is
    None on rolls recorded before the event kept them."""

    class_version = 4

    at: int
    activity_id: int
    kind: str
    before: dict[str, Any] | None
    end_modifier: int | None
    wound_percent: int | None
    outcome: dict[str, Any]
    result: dict[str, Any]
    activity: dict[str, Any] | None
    died: bool
    epoch: str
    chance: list[dict[str, Any]]

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, which keeps what the roll was rolled from.
        super().upcast_stored(state)
        state.setdefault("before", None)
        state.setdefault("end_modifier", None)
        # Recorded before version 4: a run read its wounds from its activity's ``wounds`` option,
        # fixed when it began (ruling WB61).
        before = state["before"]
        ran = state.get("kind") == "running" and before is not None
        state.setdefault("wound_percent", int((before.get("options") or {}).get("wounds", 0)) if ran else None)

    def apply(self, character: Character) -> None:
        acts = dict(character.condition["activities"])
        others = [a for a in acts["running"] if a["id"] != self.activity_id]
        acts["running"] = others if self.activity is None else [*others, self.activity]
        acts["running"].sort(key=lambda a: a["id"])
        character.condition["activities"] = acts
        if self.died:
            # The body's own keys (condition.py): dead, with the cause, no timer left running.
            # settled_at: the body stops there, as a body event's death leaves it (the moment of
            # death a dead teacher's students stop training at, ruling WC18).
            character.condition.update(dead=True, death=f"{self.kind} ({self.result['fate']})", dying=None, settled_at=self.at)


class ActivityMissed(ChainedEvent):
    """A period of a long-period activity went by without its roll: when it fell due the
    character could not do the work (ruling WC26). ``cause`` is why, as a paused training plan
    keeps it (``TrainingPaused``'s ``pause_cause``, ruling WC22): "unconscious" (out cold or in
    an ethylic coma), "dying", "bed" (a critical wound, §3.2.9.3), "fracture" (a broken chest
    or flank, §3.4.5.3) or "drunk" (lying helpless, §4.1.2, ruling WC30). ``activity``: the
    activity after it, untouched but for its next roll, a period later."""

    at: int
    activity_id: int
    kind: str
    cause: str
    activity: dict[str, Any]

    def apply(self, character: Character) -> None:
        acts = dict(character.condition["activities"])
        others = [a for a in acts["running"] if a["id"] != self.activity_id]
        acts["running"] = sorted([*others, self.activity], key=lambda a: a["id"])
        character.condition["activities"] = acts


class ActivityStopped(ChainedEvent):
    """The player ended a long-period activity."""

    at: int
    activity_id: int

    def apply(self, character: Character) -> None:
        acts = dict(character.condition["activities"])
        acts["running"] = [a for a in acts["running"] if a["id"] != self.activity_id]
        character.condition["activities"] = acts


def notable(event: Any) -> str | None:
    """What a GM must read of downtime: points won by training or experience, training lost to
    idleness, and what long activities did to life and money (a capital lost or won, WC41)."""
    if isinstance(event, PointTrained):
        note = f" ({event.stopped})" if event.stopped else ""
        return f"trained {event.target} {event.before} → {event.after}{note}"
    if isinstance(event, TrainingStopped):
        return f"stopped training {event.target}: {event.reason}"
    if isinstance(event, TrainingLapsed):
        return f"lost all banked training in {event.target} (idle)"
    if isinstance(event, ImprovementRolled) and event.outcome["gain"]:
        o = event.outcome
        return f"improved {o['target']} by {o['gain']} (rolled {o['total']} over {o['current']})"
    if isinstance(event, ActivityRolled) and (event.died or event.result.get("fate") in ("dying", "rescued")):
        return f"{event.kind}: {'died' if event.died else event.result['fate']}"
    if isinstance(event, ActivityRolled) and capital_change(event.result):
        # Ruling WC41: what a bank or a speculation lost or won is money the player has or has not.
        return f"{event.kind}: {'lost' if capital_change(event.result) < 0 else 'gained'} money"
    return None
