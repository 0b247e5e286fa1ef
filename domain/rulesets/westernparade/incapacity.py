"""Western Parade: being put out of action by a wound in a fight (§3.2.5, seed L1884-L1914).

What a wound does to its victim's actions depends on where it is and how bad (``wounds.
incapacitation``): out until the battle ends, a lost action, or the rest of the round and the
next one up to the rank where he was hit, then an END roll to act again. Lost actions add up
(L1886). Every failed END roll of a critical or major wound calls for an unconsciousness check
(§3.2.6; L1896, L1904). The rules here are pure: the END rolls come from the stream they are
given and what they give is a frozen outcome the events embed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chronique.domain.chance import ChanceStream
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.westernparade.resolution import RollOutcome, difficulty, roll
from chronique.domain.rulesets.westernparade.wounds import WoundState, incapacitation

# §7.3.1 (L5633): a spaghetti hero is put out of action only by a wound that leaves the head,
# the heart or the abdomen in negative PV.
SPAGHETTI_VITAL = frozenset({"head", "chest", "abdomen"})

# What he loses, as events record it (``describe`` words them).
BATTLE = "battle"  # out of the fight until the battle ends (L1892, L1900)
ROUNDS = "rounds"  # the rest of this round and the next one up to the rank he was hit at (L1894)
ACTION = "action"  # one action: his next (L1902, L1908, L1910)
NOTHING = ""


@dataclass(frozen=True)
class Staggered:
    """What a wound did to its victim's actions (§3.2.5): ``lost`` (one of ``BATTLE``,
    ``ROUNDS``, ``ACTION``, or nothing), the END roll made at once (``end_roll``, None when the
    wound calls for none then), whether an END roll is now due before he acts again (``rally``),
    and whether failing it, or the roll just made, calls for an unconsciousness check (``check``)."""

    lost: str
    end_roll: RollOutcome | None
    rally: bool
    check: bool

    def to_dict(self) -> dict[str, Any]:
        """Plain data for an event."""
        return {
            "lost": self.lost,
            "end_roll": None if self.end_roll is None else self.end_roll.to_dict(),
            "rally": self.rally,
            "check": self.check,
        }


def end_terms(end: Mapping[str, int], step: str) -> dict[str, int]:
    """The terms of a §3.2.5 END roll: the victim's jEND after his permanent losses (``end``,
    ``fitness.end_chance``) at ``step`` (ruling WD11: the wound that calls for the roll does not
    also weigh on it through Table 3.6)."""
    return {**end, "difficulty": difficulty(step)}


def exempt(spaghetti: bool, negative_parts: frozenset[str]) -> bool:
    """Whether §3.2.5 leaves the character alone: a spaghetti hero unless a wound left his head,
    heart or abdomen in negative PV (§7.3.1 L5633)."""
    return spaghetti and not (negative_parts & SPAGHETTI_VITAL)


def stagger(stream: ChanceStream, part: str, state: WoundState, end: Mapping[str, int]) -> Staggered:
    """What the wound just taken to ``part`` in ``state`` does to the victim's actions
    (§3.2.5.1-§3.2.5.3), rolling the END roll the rulebook asks for at once: a normal one after a
    major wound away from head and heart (success: only his next action lost, L1902; failure: as a
    critical wound, L1902), an easy one after a minor wound away from the head (failure: one
    action lost, L1910). ``end`` is his jEND after losses (``fitness.end_chance``)."""
    effect = incapacitation(part, state)
    if effect.out:
        return Staggered(BATTLE, None, False, False)
    if state is WoundState.CRITICAL:
        return Staggered(ROUNDS, None, True, True)
    if state is WoundState.MAJOR:
        outcome = roll(stream, end_terms(end, "normal"))
        if outcome.success:
            return Staggered(ACTION, outcome, False, False)
        return Staggered(ROUNDS, outcome, True, True)
    if state is WoundState.MINOR and part == "head":
        return Staggered(ACTION, None, True, False)
    if state is WoundState.MINOR:
        outcome = roll(stream, end_terms(end, "easy"))
        return Staggered(NOTHING if outcome.success else ACTION, outcome, False, False)
    return Staggered(NOTHING, None, False, False)


@dataclass(frozen=True)
class Rally:
    """The END roll to act again (§3.2.5): its outcome; on a failure he loses one more action
    and rolls again at his next rank (digest §9 item 32; ruling WD11), after an unconsciousness
    check when the wound was critical or major (``check``)."""

    outcome: RollOutcome
    check: bool

    @property
    def acts(self) -> bool:
        """Whether he may act again."""
        return self.outcome.success

    @property
    def calls_check(self) -> bool:
        """Whether the roll calls for an unconsciousness check: failed, after a critical or major
        wound (L1896, L1904)."""
        return self.check and not self.acts

    def to_dict(self) -> dict[str, Any]:
        """Plain data for an event."""
        return {"outcome": self.outcome.to_dict(), "acts": self.acts, "check": self.calls_check}


def fit_to_fight(name: str, condition: Mapping[str, Any]) -> None:
    """Refuse an attack by a character who has an END roll to make before he acts again
    (§3.2.5 L1894, L1902, L1908)."""
    if condition.get("rally") is not None:
        raise RuleViolation(f"{name} must first make the END roll to act again (§3.2.5): western-parade body rally")


def rally(stream: ChanceStream, pending: Mapping[str, Any], end: Mapping[str, int]) -> Rally:
    """Roll the END roll to act again of a character put out of action by ``pending`` (the
    ``rally`` his condition keeps: the wound's ``check``), a normal roll (L1894, L1902, L1908)
    under his jEND after losses (``end``)."""
    return Rally(roll(stream, end_terms(end, "normal")), bool(pending["check"]))
