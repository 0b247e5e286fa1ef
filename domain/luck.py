"""Luck statistics: what the draws gave beside what they were expected to give, with the
uncertainty (a sum of Bernoulli trials), never a bare average."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import erfc, sqrt

# Ruling LK9: "unusual" reads a z-score against the normal curve (|z| ≥ 2, about one chance in
# 22), and a count of successes follows that curve only when both outcomes were to be expected
# often enough: the textbook condition for the normal approximation to a binomial, n·p ≥ 5 and
# n·(1 − p) ≥ 5, taken for chances that differ from roll to roll as Σp ≥ 5 expected successes
# and Σ(1 − p) ≥ 5 expected failures. Below it the gap of a handful of rolls is no verdict (one
# roll failed at 87 % is z −2.6, yet happens once in eight).
ENOUGH_EXPECTED = 5
TOO_FEW = "too few rolls to tell"
TOO_FEW_WHY = (
    f"{TOO_FEW}: a verdict needs at least {ENOUGH_EXPECTED} successes and {ENOUGH_EXPECTED} failures "
    "to be expected, and the gap of fewer rolls says nothing of luck"
)


@dataclass(frozen=True)
class Draw:
    """One roll left to chance that succeeds or fails against a target, as a ruleset's ``luck``
    hook reads it from a recorded event: what it was in the players' words (``kind``), whether
    it succeeded, its exact chance of success given the recorded inputs, and who rolled it when
    that is not the character whose chain recorded the event (``roller``, a character's name:
    a defender, a first-aider, a surgeon)."""

    kind: str
    success: bool
    chance: Fraction
    roller: str | None = None


@dataclass(frozen=True)
class Tally:
    """Successes observed against expected over some draws, and how unusual the gap is."""

    draws: int
    observed: int
    expected: Fraction
    variance: Fraction

    @property
    def spread(self) -> float:
        """One standard deviation of the number of successes."""
        return sqrt(self.variance)

    @property
    def z(self) -> float | None:
        """The gap in standard deviations (None when no draw was uncertain)."""
        return (self.observed - float(self.expected)) / self.spread if self.variance else None

    @property
    def enough(self) -> bool:
        """Whether the draws are enough for a verdict (ruling LK9): at least
        :data:`ENOUGH_EXPECTED` successes and as many failures expected."""
        return min(self.expected, self.draws - self.expected) >= ENOUGH_EXPECTED

    def verdict(self) -> str:
        """In words, for people: "unusual" past two standard deviations, once the draws are
        enough to tell (ruling LK9)."""
        if self.z is None:
            return "no uncertain draw"
        if not self.enough:
            return TOO_FEW
        if abs(self.z) < 2:
            return "within ordinary luck"
        return "unusually lucky" if self.z > 0 else "unusually unlucky"

    def how_unusual(self) -> str:
        """How unusual the gap is, in a player's words rather than a z-score (ruling LK11): "as
        expected" within one standard deviation, "luckier than most" or "unluckier than most"
        within two, and past two the verdict with how rarely luck runs at least that far that
        way, "unusually unlucky (about 1 in 44)"; the verdict itself while the rolls are too few."""
        z = self.z
        if z is None or not self.enough:
            return self.verdict()
        if abs(z) < 1:
            return "as expected"
        if abs(z) < 2:
            return f"{'luckier' if z > 0 else 'unluckier'} than most"
        return f"{self.verdict()} (about 1 in {one_in(abs(z))})"


def one_in(z: float) -> str:
    """How rarely the normal curve lies ``z`` standard deviations or more on one side, as "1 in
    N" says it: N whole below 100, then to two significant figures ("1 in 740", "1 in 3,500")."""
    odds = 1 / (0.5 * erfc(z / sqrt(2)))
    if odds < 100:
        return f"{round(odds)}"
    digits = len(str(int(odds))) - 2
    return f"{round(odds, -digits):,.0f}"


def tally(draws: Iterable[tuple[Hashable, bool, Fraction]]) -> dict[Hashable, Tally]:
    """Per key, the draws' successes against the sum of their chances (and its variance)."""
    return tally_counted((key, success, chance, 1) for key, success, chance in draws)


def tally_counted(draws: Iterable[tuple[Hashable, bool, Fraction, int]]) -> dict[Hashable, Tally]:
    """:func:`tally` of draws counted together: ``count`` alike draws of one key (same success,
    same chance) at a time, as a read model groups them."""
    found: dict[Hashable, Tally] = {}
    for key, success, chance, count in draws:
        t = found.get(key, Tally(0, 0, Fraction(0), Fraction(0)))
        found[key] = Tally(
            t.draws + count, t.observed + success * count, t.expected + chance * count, t.variance + chance * (1 - chance) * count
        )
    return found


def percent_words(chance: Fraction) -> str:
    """A chance as players say it: "45%", "under 1%", "over 99%" (never a rounded 0% or 100%
    for a roll that could have gone the other way)."""
    percent = chance * 100
    if 0 < percent < 1:
        return "under 1%"
    if 99 < percent < 100:
        return "over 99%"
    return f"{round(percent)}%"


AIM = " — "
"""Between what a roll was and what its chance is the chance of, in a :class:`Draw`'s ``kind``
(:func:`aimed`): the luck read model keeps the kind, so the odds words find the aim there."""

SUCCEED = "to succeed"


def aimed(kind: str, aim: str) -> str:
    """A roll's kind with what its chance is the chance of, when that is not the chance its line
    gives (ruling LK14): Western Parade's first aid is one roll read at three chances and counted
    at the easy one, "first aid — to stop at least 1 PH, at the easy chance"."""
    return f"{kind}{AIM}{aim}"


def aim_of(kind: str | None) -> str:
    """What a roll's chance is the chance of, from its kind (:func:`aimed`): "to succeed" unless
    the kind says another aim."""
    return (kind or "").partition(AIM)[2] or SUCCEED


def odds_words(chances: Iterable[tuple[str, Fraction] | tuple[str, Fraction, str]]) -> str:
    """A roll's odds beside its account, one clause per roll (an opposed roll has two): "Jim had
    62% to succeed", so that what the roll did can be read against its chance. A roller's roll
    after his own (a reroll) is "then 6%", never his name again (ruling LK12): "Jim had 6% to
    succeed, then 6%". A roll given with its kind whose chance is of another aim than its line's
    (:func:`aimed`, ruling LK14) says that aim: "Doc Holloway had 96% to stop at least 1 PH, at
    the easy chance"."""
    clauses: list[str] = []
    before = None
    for who, chance, *kind in chances:
        aim = aim_of(kind[0] if kind else None)
        clauses.append(f"then {percent_words(chance)}" if (who, aim) == before else f"{who} had {percent_words(chance)} {aim}")
        before = (who, aim)
    return ", ".join(clauses)


def session_words(session: int | None, last: int | None = None) -> str:
    """The session a roll counts under (``luck --by session``, ruling LK13), from the session its
    read model keeps: "session 2"; "between sessions 1 and 2" for one rolled from a session's end
    to the next one's start (kept as minus the session ended: survival draws, healing rolls,
    downtime work), or "since session 1" while that next session has not started (``last``, the
    campaign's last session started, is still the one ended: ruling LK16); "before any session"."""
    if not session:
        return "before any session"
    if session > 0:
        return f"session {session}"
    if last is not None and last <= -session:
        return f"since session {-session}"
    return f"between sessions {-session} and {1 - session}"
