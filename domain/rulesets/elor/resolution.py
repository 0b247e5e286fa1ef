"""The Elor action test and its categories (§Résolution des actions, §Catégories de tests
d'action, §Tests non opposés, §Actions / réactions, §Concours, §Concours finement départagés,
§Actions longues, §Collaborations).

Everything here is pure: dice are inputs, outcomes are frozen dataclasses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.elor.tables import tables
from chronique.domain.text import plural, quoted

APPLIES = ("full", "partial", "none")


# -- the action level ------------------------------------------------------------------------


def effective_profession(level: int, applies: str, familiarity_needed: bool, grants: int) -> tuple[int, int]:
    """(profession part, familiarity bonus) of an action level (§Familiarités; PROPOSAL B5).

    The full level when the profession fully applies and the needed familiarity is held; else
    ⌊level / 2⌋, halved once even when both are lacking. A held familiarity adds +1 per grant
    beyond the first ("Haches +2")."""
    if applies not in APPLIES:
        raise RuleViolation(f"a profession applies full, partial or none, not {quoted(applies)}")
    if applies == "none" or level <= 0:
        return 0, 0
    held = grants >= 1
    bonus = grants - 1 if familiarity_needed and held else 0
    if applies == "full" and (held or not familiarity_needed):
        return level, bonus
    return level // 2, bonus


@dataclass(frozen=True)
class ActionLevel:
    """An action level and the terms it is the sum of (PROPOSAL §3.1: the seed's list was lost)."""

    terms: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        """The level: a die at or under it is a degree of success."""
        return sum(v for _, v in self.terms)

    def to_dict(self) -> dict[str, int]:
        """JSON-plain form for events."""
        return dict(self.terms)


def action_level(
    faculty: int,
    profession: int = 0,
    familiarity_bonus: int = 0,
    attributes: Sequence[tuple[str, int]] = (),
    prowess: int = 0,
    difficulty: int = 0,
    wounds: int = 0,
    halved: int = 0,
) -> ActionLevel:
    """faculty + attribute modifiers + effective profession + familiarity bonus + prowess
    + the GM's difficulty modifier (+ wound maluses, PROPOSAL §4.2). Each attribute that applies
    is a term of its own, by its name (ruling E94), so that the level says which one gave what;
    a profession halved (§Familiarités, B5) is its level and ``halved``, what the halving takes
    off (ruling E100), so that the level says why it counts for less."""
    return ActionLevel(
        (
            ("faculty", faculty),
            *attributes,
            ("profession", profession),
            ("halved", halved),
            ("familiarity", familiarity_bonus),
            ("prowess", prowess),
            ("difficulty", difficulty),
            ("wounds", wounds),
        )
    )


# -- rolling and using the dice --------------------------------------------------------------


def is_automatic(level: int) -> str | None:
    """ "success", "failure" or None: whether the level makes the outcome certain (PROPOSAL B4)."""
    t = tables()
    if level >= t.automatic_success_from:
        return "success"
    if level <= t.automatic_failure_at_or_below:
        return "failure"
    return None


def dice_count(level: int, effort: int) -> int:
    """How many D10 to roll: 1 + invested effort, none when the outcome is certain."""
    return 0 if is_automatic(level) else 1 + effort


@dataclass(frozen=True)
class DiceUse:
    """How rolled dice were used (§Catégories de tests d'action): ``final[i]`` is die i after
    the ±1 modifiers it received, or None when it was discarded to give one."""

    dice: tuple[int, ...]
    final: tuple[int | None, ...]
    level: int

    @property
    def successes(self) -> tuple[int, ...]:
        """The successful faces, highest first (what a fine tie-break compares)."""
        return tuple(sorted((f for f in self.final if f is not None and f <= self.level), reverse=True))

    @property
    def degrees(self) -> int:
        """Degrees of success: the kept dice at or under the level."""
        return len(self.successes)

    @property
    def discarded(self) -> tuple[int, ...]:
        """Indices of the discarded dice."""
        return tuple(i for i, f in enumerate(self.final) if f is None)


def raw_use(dice: Sequence[int], level: int) -> DiceUse:
    """The dice as rolled, nothing discarded."""
    return DiceUse(tuple(dice), tuple(dice), level)


def best_use(dice: Sequence[int], level: int, fine: bool = False, fewest_discards: bool = True) -> DiceUse:
    """The most degrees the discards allow (§Catégories de tests d'action, L322-326).

    A discarded die gives +1 or −1 to another kept die; at least one die stays. Keeping a set S
    as successes costs Σ max(0, die − level) discards, paid from the other dice. With ``fine``
    (§Concours finement départagés L420-L424), among uses with the most degrees the one whose
    successful faces are best is chosen, and the leftover failing dice are discarded for +1s
    that raise successful dice toward the level. Without it the faces decide nothing, so among
    uses with the most degrees the one with the fewest discards is chosen (E9: nothing beyond
    what is needed is discarded), its faces breaking what ties remain.

    ``fewest_discards=False`` is the choice made before E9 was kept to the letter (the best
    faces first, even at the cost of a discard that bought no degree): only the verifier uses it,
    to read tests recorded then."""
    n = len(dice)
    if n == 0:
        raise RuleViolation("a test rolls at least one die")
    cost = [max(0, d - level) for d in dice]
    for size in range(n, 0, -1):
        best: tuple[tuple[int, tuple[int, ...]], tuple[int | None, ...]] | None = None
        for chosen in combinations(range(n), size):
            need = sum(cost[i] for i in chosen)
            spare = n - size - need
            if spare < 0:
                continue
            final = _allocate(dice, level, chosen, need, spare if fine else 0)
            faces = tuple(sorted((f for f in final if f is not None and f <= level), reverse=True))
            key = (-need if fewest_discards and not fine else 0, faces)
            if best is None or key > best[0]:
                best = (key, final)
        if best is not None:
            return DiceUse(tuple(dice), best[1], level)
    return raw_use(dice, level)


def _allocate(dice: Sequence[int], level: int, chosen: Sequence[int], need: int, spare: int) -> tuple[int | None, ...]:
    final: list[int | None] = list(dice)
    faces = {i: min(dice[i], level) for i in chosen}  # −1s bring each chosen die to the level
    plus = 0
    for i in sorted(chosen, key=lambda i: (-faces[i], i)):  # +1s to the highest first
        raise_by = min(level - faces[i], spare - plus)
        faces[i] += raise_by
        plus += raise_by
    others = sorted((i for i in range(len(dice)) if i not in faces), key=lambda i: (-dice[i], i))
    for i in others[: need + plus]:
        final[i] = None
    for i, face in faces.items():
        final[i] = face
    return tuple(final)


def optimal_degrees(dice: Sequence[int], level: int) -> int:
    """The digest's helper: the largest j whose j smallest costs sum to at most n − j."""
    costs = sorted(max(0, d - level) for d in dice)
    n = len(costs)
    return max((j for j in range(n + 1) if sum(costs[:j]) <= n - j), default=0)


@dataclass(frozen=True)
class TestOutcome:
    """One action test: its level, effort, dice and how they were used, and its degrees."""

    __test__ = False  # not a pytest test class

    level: int
    effort: int
    dice: tuple[int, ...]
    final: tuple[int | None, ...]
    automatic: str | None
    degrees: int
    successes: tuple[int, ...]

    @property
    def success(self) -> bool:
        """An unopposed test succeeds with at least one degree (§Tests non opposés)."""
        return self.degrees >= 1

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {
            "level": self.level,
            "effort": self.effort,
            "dice": list(self.dice),
            "final": list(self.final),
            "automatic": self.automatic,
            "degrees": self.degrees,
            "successes": list(self.successes),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TestOutcome:
        """The outcome an event recorded."""
        return cls(
            data["level"],
            data["effort"],
            tuple(data["dice"]),
            tuple(data["final"]),
            data["automatic"],
            data["degrees"],
            tuple(data["successes"]),
        )


def resolve(
    level: int, effort: int, dice: Sequence[int], discards: bool = True, fine: bool = False, fewest_discards: bool = True
) -> TestOutcome:
    """The outcome of a test at ``level`` with ``effort`` invested and these ``dice``.

    A certain outcome rolls nothing: level ≥ 10 gives 1 + effort degrees, level ≤ 0 none
    (PROPOSAL B4). Otherwise 1 + effort dice are rolled; a die ≤ level is one degree, the dice
    used as ``best_use`` says (``fewest_discards``: see there)."""
    if effort < 0:
        raise RuleViolation("effort cannot be negative")
    automatic = is_automatic(level)
    if automatic is not None:
        degrees = 1 + effort if automatic == "success" else 0
        return TestOutcome(level, effort, (), (), automatic, degrees, (min(level, tables().die),) * degrees)
    if len(dice) != 1 + effort:
        raise RuleViolation(f"a test with {effort} effort rolls {1 + effort} dice, not {len(dice)}")
    use = best_use(dice, level, fine, fewest_discards) if discards else raw_use(dice, level)
    return TestOutcome(level, effort, tuple(dice), use.final, None, use.degrees, use.successes)


def check_effort(effort: int, available: int, maximum: int, who: str = "") -> None:
    """Effort invested is at most the available points and at most the maximal effort (§Catégories L314-320).
    ``who`` names whose effort it is: in a contest, an opposition or an attack and its defence,
    several characters' effort is asked at once, and the refusal says whose was too much (ruling E106)."""
    check_maximal_effort(effort, maximum, who)
    if effort > available:
        if who:
            has = "no effort point" if available == 0 else f"only {plural(available, 'effort point')}"
            raise RuleViolation(f"{who} has {has} available ({effort} asked)")
        raise RuleViolation(f"only {plural(available, 'effort point')} available")


def check_maximal_effort(effort: int, maximum: int, who: str = "") -> None:
    """At most the maximal effort on one action (§Catégories L320), whatever is available: the
    part of :func:`check_effort` that a long action's planned effort is held to when it starts
    (ruling E106), its tests investing what is left of it (ruling E21)."""
    if effort < 0:
        raise RuleViolation("effort cannot be negative")
    if effort > maximum:
        if who:
            raise RuleViolation(
                f"{who}'s maximal effort is {maximum}: at most {plural(maximum, 'effort point')} on one action ({effort} asked)"
            )
        raise RuleViolation(f"at most {plural(maximum, 'effort point')} on one action (maximal effort)")


# -- opposed tests ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Reaction:
    """An action against its reactions (§Actions / réactions): "nothing" (nobody has a degree),
    "success" (the actor beats each opponent), "failure" (one or more opponents beat the actor)
    or "tie" (the actor equals the best: the GM's partial success). ``actor_extra`` are the
    actor's extra effects; ``opponent_extra`` each opponent's (0 unless it beat the actor)."""

    result: str
    actor_extra: int
    opponent_extra: tuple[int, ...]


def react(actor: int, opponents: Sequence[int]) -> Reaction:
    """Compare the actor's degrees with each opponent's, one by one, never their sum (footnote 1)."""
    best = max(opponents, default=0)
    extras = tuple(max(0, d - actor) for d in opponents)
    if actor == 0 and best == 0:
        return Reaction("nothing", 0, extras)
    if actor > best:
        return Reaction("success", actor - best, extras)
    if best > actor:
        return Reaction("failure", 0, extras)
    return Reaction("tie", 0, extras)


def fine_compare(first: Sequence[int], second: Sequence[int]) -> int:
    """1 if ``first`` wins a fine tie-break, −1 if ``second`` does, 0 if still tied
    (§Concours finement départagés: successful dice only, highest first, pairwise)."""
    for a, b in zip(sorted(first, reverse=True), sorted(second, reverse=True), strict=False):
        if a != b:
            return 1 if a > b else -1
    return 0


def rank(outcomes: Mapping[str, TestOutcome], fine: bool = False) -> list[list[str]]:
    """A contest's ranking (§Concours): groups of names, most degrees first; with ``fine``, ties
    are broken by the successful dice; what stays tied is left to the GM (B20: re-test)."""

    def key(name: str) -> tuple[int, tuple[int, ...]]:
        # Equal degrees mean equally many successful faces, so comparing the tuples highest
        # first is exactly the pairwise comparison of the fine tie-break.
        outcome = outcomes[name]
        return outcome.degrees, outcome.successes if fine else ()

    groups: list[list[str]] = []
    for name in sorted(outcomes, key=key, reverse=True):
        if groups and key(groups[-1][0]) == key(name):
            groups[-1].append(name)
        else:
            groups.append([name])
    return groups


# -- long actions and collaborations ---------------------------------------------------------


def collaboration_penalty(participants: int) -> int:
    """Degrees lost per time unit to coordination: 1 per full group of 3 (§Collaborations)."""
    return participants // tables().collaboration_group


def unit_total(degrees: Sequence[int]) -> int:
    """Degrees one time unit adds: Σ − ⌊n / 3⌋, never below 0 (PROPOSAL B15)."""
    return max(0, sum(degrees) - collaboration_penalty(len(degrees)))


@dataclass(frozen=True)
class LongProgress:
    """A long action after one time unit (§Actions longues)."""

    gained: int
    accumulated: int
    required: int

    @property
    def done(self) -> bool:
        """Accomplished once the accumulated degrees reach the requirement."""
        return self.accumulated >= self.required


def progress(accumulated: int, required: int, degrees: Sequence[int]) -> LongProgress:
    """Add one time unit's tests (one per participant) to a long action."""
    if required < 1:
        raise RuleViolation("a long action requires at least 1 degree (a short action is 1)")
    gained = unit_total(degrees)
    return LongProgress(gained, accumulated + gained, required)
