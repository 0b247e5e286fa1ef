"""Progression of Elor characters. Both "Progression naturelle" and "Progression récompense"
read "En cours de rédaction" in the seed, so these are the digest's PROPOSALs (§5.5)."""

from __future__ import annotations

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.elor.tables import tables
from chronique.domain.text import quoted

GRANTS = ("familiarity", "prowess")


def ticks(degrees: int, profession: str | None, already: list[str]) -> bool:
    """Natural progression: a profession used in a test with ≥ 2 degrees gets a tick, once
    per session (the session's ticks are ``already``)."""
    return profession is not None and degrees >= tables().time.natural_tick_degrees and profession not in already


def natural_raise(level: int, die: int) -> bool:
    """At an adventure's end, 1D10 per ticked profession: a result above the level raises it."""
    return die > level


def reward_cost(levels: int = 1) -> int:
    """Reward progression: experience points in the creation unit, 1 point = 1 profession level."""
    if levels < 1:
        raise RuleViolation("buy at least one level")
    return levels


def training_required(next_level: int) -> int:
    """Training in downtime: a long action of one test per week needing 2 × the next level."""
    if next_level < 1:
        raise RuleViolation("a profession level is at least 1")
    return tables().time.training_degrees_per_level * next_level


def training_level(required: int) -> int:
    """The level a training needing ``required`` degrees leads to (the inverse of
    :func:`training_required`)."""
    return required // tables().time.training_degrees_per_level


def check_grant(kind: str, name: str) -> None:
    """Each new level comes with one familiarity or one prowess (§Professions)."""
    if kind not in GRANTS:
        raise RuleViolation(f"a level grants a familiarity or a prowess, not {quoted(kind)}")
    if not name.strip():
        raise RuleViolation(f"name the {kind} the new level grants")
