"""Western Parade downtime on the timeline: training points (§2.6-§2.7), the lapse of idle
training (§2.6.2 L1434), trick-shooting practice (§6.6.7), the reputation roll of the week after
a gunfight (§2.4.3) and the periodic rolls of long-period activities (§5.18 of the digest).

Every process is due only when something happens: a point won, a credit lost, a bonus that
stops moving, a roll. Training in between is exact arithmetic (``training.py``), so a year of
training records one event per point, and a year of idleness none.

Process names: ``train:point:<target>``, ``train:lapse:<target>``, ``train:practice``,
``train:pause`` and ``train:resume`` (a critical wound, §3.2.9.3; out cold or dying, ruling WC22), ``train:stop:<target>`` (its
teacher died, §2.6.2),
``rep:<grant id>``, ``work:<activity id>`` (a period he cannot work goes by without its
roll, ruling WC26). The timeline fires the processes of one second in the order of their names
(``timeline.Due``): "work" comes after every process of the body ("wake" the last of them), so
that a character who comes to, sobers or heals at the very second his activity's roll falls due
works as he then is (ruling WC34).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from chronique.domain.character import Character
from chronique.domain.rulesets.westernparade import downtime as dt
from chronique.domain.rulesets.westernparade.describe import activity_result, describe, missed_words, paused_words
from chronique.domain.rulesets.westernparade.downtime_events import ActivityRolled, ImprovementRolled, PracticeChanged
from chronique.domain.timeline import Due
from chronique.domain.world import World


class DowntimeProcesses:
    """Training, practice, reputation and long-skill processes of a Western Parade world."""

    def __init__(self, world: World) -> None:
        self.world = world
        # Per character, its dues and what they were computed from (issue 20): its version, the
        # campaign's and whether its teachers are dead. A process fired changes only the chains it
        # records on, so the others' dues stand as they were; but a teacher's death is on his
        # chain, not his students' (ruling WC18).
        self._dues: dict[UUID, tuple[Character, tuple[Any, ...], list[Due]]] = {}

    def horizon(self, to_time: int) -> None:
        """Training and long skills run on their own dues: nothing settles at the advance's target."""

    def due(self) -> list[Due]:
        """Every downtime process that is running, with when it is next due."""
        out: list[Due] = []
        by_name = {c.name.casefold(): c for c in self.world.characters.values()}
        for character in self.world.characters.values():
            # A due reads the character's own chain, the campaign's settings and his teachers' deaths.
            key = (character.version, self.world.campaign.version, self._teachers_dead(character, by_name))
            kept = self._dues.get(character.id)
            if kept is None or kept[0] is not character or kept[1] != key:
                kept = (character, key, self._due_of(character))
                self._dues[character.id] = kept
            out.extend(kept[2])
        return out

    @staticmethod
    def _teachers_dead(character: Character, by_name: dict[str, Character]) -> tuple[bool, ...]:
        targets = character.condition.get("training", {}).get("targets", {})
        teachers = (by_name.get(str(t.get("teacher") or "").strip().casefold()) for t in targets.values())
        return tuple(bool(t is not None and t.condition.get("dead")) for t in teachers)

    def _due_of(self, character: Character) -> list[Due]:
        out: list[Due] = []
        if not character.condition.get("dead"):
            who = str(character.id)
            for process, when in (
                ("train:pause", dt.pause_due(self.world, character)),
                ("train:resume", dt.resume_due(self.world, character)),
            ):
                if when is not None:
                    out.append(Due(when, who, process))
            for name in character.condition["training"]["targets"]:
                point = dt.next_point(character, name)
                if point is not None:
                    out.append(Due(point, who, f"train:point:{name}"))
                stop = dt.orphan_due(self.world, character, name)
                if stop is not None:
                    out.append(Due(stop, who, f"train:stop:{name}"))
                lapse = dt.next_lapse(character, name)
                if lapse is not None:
                    out.append(Due(lapse, who, f"train:lapse:{name}"))
            practice = dt.next_practice(character)
            if practice is not None:
                out.append(Due(practice, who, "train:practice"))
            out.extend(Due(g["due_at"], who, f"rep:{g['id']}") for g in dt.due_grants(character))
            out.extend(Due(a["next_at"], who, f"work:{a['id']}") for a in character.condition["activities"]["running"])
        return out

    def fire(self, due: Due) -> str:
        """Fire one downtime process (recording its events); a one-line account."""
        character = self._character(due.character)
        kind, _, rest = due.process.partition(":")
        if kind == "train":
            what, _, name = rest.partition(":")
            if what == "point":
                target = dt.train_point(self.world, character, name, due.at)
                return f"{character.name} trained {name} one point up ({target['hours']} h a week)"
            if what in ("pause", "resume"):
                state = (dt.pause if what == "pause" else dt.resume)(self.world, character, due.at)
                return f"{character.name}'s training {what}d ({paused_words(state)[what]})"
            if what == "stop":
                return f"{character.name} stopped training {name}: {dt.stop_orphaned(self.world, character, name, due.at)}"
            if what == "lapse":
                dt.lapse(character, name, due.at)
                return f"{character.name} lost the banked training of {name} (idle)"
            # As the log says it (ruling WD30): "practises trick shooting (+25% to trick shots now, …)".
            dt.settle_practice(character, due.at)
            return f"{character.name} {describe(self.world.recorded_last(character.name, PracticeChanged))}"
        if kind == "rep":
            # As the log and `downtime improve` say it: the gunfight's bonus with the roll (§2.4.3).
            dt.roll_improvement(self.world, character.name, grant_id=int(rest), at=due.at)
            return f"{character.name}: {describe(self.world.recorded_last(character.name, ImprovementRolled))}"
        activity = next(a for a in character.condition["activities"]["running"] if a["id"] == int(rest))
        cause = dt.kept_from(self.world, character, activity)
        if cause is not None:
            # Ruling WC26: out cold, dying or in bed, he does not work: the period goes by unrolled.
            dt.miss_activity(character, activity, due.at, cause)
            return f"{character.name} {missed_words(activity['kind'], activity['every_s'], cause)}"
        result = dt.roll_activity(self.world, character, activity, due.at)
        shortfall = self.world.recorded_last(character.name, ActivityRolled).wound_percent
        return f"{character.name}: {activity['kind']} ({activity['skill']}): {activity_result(result, shortfall)}"

    def _character(self, who: str) -> Character:
        return next(c for c in self.world.characters.values() if str(c.id) == who)
