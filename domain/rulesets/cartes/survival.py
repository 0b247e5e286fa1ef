"""Survival draws, medicine and retries of Cartes (§Tirage de survie L363-367, §Survie L431-441,
§Tirages de survie L443-461, §Médecine L463-475, §Tirage de conscience L369-373).

Survival draws are Carrure tests whose difficulty and cadence follow the wound's lethality;
the caller schedules them and resolves the cards with :func:`resolution.resolve_test`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.damage import MAX_DAMAGE_BEFORE_AGGRAVATION, place_wound
from chronique.domain.rulesets.cartes.resolution import TestOutcome, level_modifier
from chronique.domain.rulesets.cartes.tables import LETHALITY_COUNT, integer, lethality, medicine_means, tables

SURVIVAL_KINDS = ("clean", "malus", "escalate", "death")


def survival_level(lethality_index: int) -> int:
    """Difficulty level of a survival draw at this lethality (§Survie L435-441).

    Nulle Très facile (−2), Faible Facile (−1), Moyenne Moyenne (0), Forte Difficile (+1),
    Énorme Très difficile (+2).
    """
    return lethality(integer(lethality_index, "lethality")).survival_level


def survival_period(lethality_index: int) -> int:
    """Seconds between survival draws at this lethality (§Survie L435-441).

    1 week, 1 day, 1 hour, 10 minutes, 1 minute. PROPOSAL A8: the first draw is due one period
    after the wound (the caller's scheduler decides).
    """
    return lethality(integer(lethality_index, "lethality")).survival_period_s


@dataclass(frozen=True)
class SurvivalResult:
    """Consequence of one survival draw (§Tirages de survie L443-461).

    kind: "clean" (stop, no malus), "malus" (stop, ``malus`` = B − T markers until curative
    care), "escalate" (the wound moves to ``new_lethality`` and draws continue; ``malus`` = the
    wound value B while it stays active, PROPOSAL A10), "death".
    """

    kind: str
    malus: int
    new_lethality: int | None

    @property
    def stops(self) -> bool:
        """Whether survival draws for this wound end here."""
        return self.kind in ("clean", "malus", "death")

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {"kind": self.kind, "malus": self.malus, "new_lethality": self.new_lethality}


def survival_result(carrure: int, wound_value: int, lethality_index: int, test: TestOutcome) -> SurvivalResult:
    """Outcome of a survival draw ``test`` for a wound of value B at this lethality.

    Per the seed's table (L455-461, PROPOSAL A9): success with T ≥ B -> clean; success with
    T < B -> B − T malus markers; failure -> the wound moves one lethality up (the caller
    applies the capacity cascade of :func:`damage.place_wound`), or death at Énorme.
    Success is judged by the test itself (its target is Carrure, plus any medicine markers).
    """
    if integer(carrure, "Carrure") < 1:
        raise RuleViolation(f"Carrure must be at least 1, not {carrure}")
    b = integer(wound_value, "wound value")
    if b < 1:
        raise RuleViolation(f"a wound's value is at least 1, not {b}")
    level = lethality(integer(lethality_index, "lethality")).index
    if test.success:
        t = test.quality
        if t >= b:
            return SurvivalResult("clean", 0, None)  # L445: "aucune conséquence"
        return SurvivalResult("malus", b - t, None)  # L446: the margin becomes malus markers
    if level + 1 >= LETHALITY_COUNT:
        return SurvivalResult("death", 0, None)  # L448: no higher lethality -> death
    # L447: "la carte blessure est passée à un niveau de létalité supérieur ... Le montant de
    # la carte vaut comme malus" (PROPOSAL A10: −B while the wound stays active).
    return SurvivalResult("escalate", b, level + 1)


def survival_consequences(
    carrure: int, wound: Mapping[str, Any], wounds: Sequence[Mapping[str, Any]], test: TestOutcome, at: int
) -> dict[str, Any]:
    """What a survival draw ``test`` for ``wound`` (one of the character's open ``wounds``) at
    ``at`` records beyond its cards (§Tirages de survie L443-461): ``result`` (clean, malus,
    escalate or death), the margin ``malus``, the ``lasting`` malus a survived wound leaves until
    curative care, and the escalated ``wound`` (None once the draws stop).
    """
    result = survival_result(carrure, wound["value"], wound["lethality"], test)
    escalated: dict[str, Any] | None = None
    dead = result.kind == "death"
    if result.kind == "escalate":
        assert result.new_lethality is not None
        held = Counter(w["lethality"] for w in wounds if w["id"] != wound["id"])
        # The wound moves up under the capacity cascade of §4.2; its value already carried any
        # "over 13" aggravation when it was placed, so it is not counted twice.
        placement = place_wound(carrure, held, min(wound["value"], MAX_DAMAGE_BEFORE_AGGRAVATION), result.new_lethality)
        dead = placement.dead
        if not dead:
            assert placement.lethality is not None
            escalated = dict(wound, lethality=placement.lethality, escalated=True, next_draw=at + survival_period(placement.lethality))
    survived = result.kind == "malus"
    return {
        "result": "death" if dead else result.kind,
        # An escalated wound's malus lasts while the wound does (A10); only a survived wound's
        # margin malus stays until curative care.
        "malus": result.malus if survived else 0,
        "lasting": lasting_malus(wound, result.malus, at) if survived else None,
        "wound": escalated,
    }


def lasting_malus(wound: Mapping[str, Any], amount: int, at: int) -> dict[str, Any]:
    """The margin malus a survived wound leaves (§Tirages de survie L446), with its retry cadence:
    cartes.md §5.3 PROPOSAL (A12), a retry at most once per period of the wound's last lethality."""
    period = survival_period(wound["lethality"])
    return {
        "wound": wound["id"],
        "amount": amount,
        "value": wound["value"],
        "lethality": wound["lethality"],
        "period": period,
        "next_retry": at + period,
    }


def medicine_target(healer_sheet: Mapping[str, Any]) -> int:
    """The healer's target for the Médecine support (§Médecine L465): the skill's level, 0 untrained."""
    skill = healer_sheet["skills"].get("Médecine")
    return int(skill["level"]) if skill else 0


def healer_target(healer_sheet: Mapping[str, Any], healer_malus: int) -> int:
    """The healer's Médecine target less the healer's own wound malus (ruling C129): a survived
    wound's margin is "marqueurs de malus jusqu'à soins curatifs" (§Tirages de survie L446), and
    malus markers take -1 each off every draw the character makes (§Marqueurs L331), this
    voluntary support (§Médecine L465) too; only the patient's involuntary survival draw goes
    without them (cartes.md §5.1)."""
    return medicine_target(healer_sheet) - healer_malus


def medicine_support(
    healer: str, means: str, test: TestOutcome, extra_levels: int = 0, healer_malus: int | None = None, healer_ko_malus: int = 0
) -> dict[str, Any]:
    """What a survival draw records of the healer's tactics support (§Médecine L465-475): who,
    with what means, the Médecine draw, the bonus markers it gives the patient (doubled once per
    extra level he took, L465), the healer's own wound malus its target took (ruling C129; None on
    a draw recorded before it was taken), and whether no card could meet its target, so that it
    was settled a failure without a card drawn (``unmet``, ruling C136). ``healer_ko_malus``, the
    part of ``healer_malus`` a knock-out left the healer (§Tirage de conscience L373), is kept only
    when there is one, for the line to say it apart (ruling C153, as C147 a draw's target)."""
    knocked = {"healer_ko_malus": healer_ko_malus} if healer_ko_malus else {}
    return {
        "healer": healer,
        "means": means,
        "outcome": test.to_dict(),
        "bonus": medicine_bonus_markers(test.success, means, extra_levels),
        "healer_malus": healer_malus,
        **knocked,
        "unmet": not test.cards,
    }


def extra_levels(care: Mapping[str, Any]) -> int:
    """The extra levels a care order takes on each Médecine draw (§Médecine L465; none on an
    order recorded without them)."""
    return int(care.get("extra_levels", 0))


# Ruling C72: at most four extra levels (the care x16); each one more card to draw (A23).
MOST_EXTRA_LEVELS = 4


def _extra_levels(extra_levels: int) -> None:
    if not 0 <= integer(extra_levels, "extra levels") <= MOST_EXTRA_LEVELS:
        raise RuleViolation(f"extra medicine levels go from 0 to {MOST_EXTRA_LEVELS}, not {extra_levels}")


def medicine_level(survival_level: int, means: str, extra_levels: int = 0) -> int:
    """Level of the Médecine support test (§Médecine L465, L469-475).

    The survival draw's level plus the means' modifier (pebbles +1, light kit 0, adapted kit −1,
    field or proper hospital −2) plus the extra levels the healer takes to double the result.
    """
    _extra_levels(extra_levels)
    return integer(survival_level, "survival level") + medicine_means(means).level_modifier + extra_levels


def medicine_bonus_markers(success: bool, means: str, extra_levels: int = 0) -> int:
    """Bonus markers a successful tactics medicine support gives the survival draw (§Médecine L465-475).

    3 markers (the tactics support of §Tirage des soutiens L294), doubled once per extra level
    (PROPOSAL A13: 3 -> 6 -> 12), then + the means' extra successes (a proper hospital's "+2
    succès" as 2 more markers, not doubled). A failure gives nothing to the patient (its
    consequences fall on the healer, L297).
    """
    _extra_levels(extra_levels)
    chosen = medicine_means(means)
    if not success:
        return 0
    return tables().markers.medicine_tactics_bonus * 2**extra_levels + chosen.extra_successes


def retry_level(last_lethality: int) -> int:
    """Level of a survival retry to remove a wound malus: one level easier (§Médecine L467)."""
    return survival_level(last_lethality) + level_modifier("survival-retry")


def retry_result(wound_value: int, current_malus: int, test: TestOutcome) -> int:
    """The wound malus after a retry (§Médecine L467; PROPOSAL §5.3, A12).

    Success with T ≥ B removes it (0); a success with a smaller margin B − T replaces it;
    a failure changes nothing (no escalation on a retry).
    """
    b = integer(wound_value, "wound value")
    current = integer(current_malus, "current malus")
    if current < 0:
        raise RuleViolation("a malus cannot be negative")
    if not test.success:
        return current
    return min(current, max(0, b - test.quality))


def retry_can_lower(wound_value: int, current_malus: int, best_target: int) -> bool:
    """Whether a retry could still lower this malus (§Médecine L467; PROPOSAL §5.3, A12).

    A success card never exceeds the draw's target, so no retry leaves less than B − target:
    once the malus is down to that floor every retry would change nothing, and none is due
    (ruling C70). ``best_target`` is the most the retry's target can be (Carrure plus the most
    medicine can add).
    """
    return max(0, integer(wound_value, "wound value") - integer(best_target, "target")) < integer(current_malus, "current malus")


def consciousness_level() -> int:
    """Level of the per-round Volonté test of a KO character (§Tirage de conscience L371; PROPOSAL A17: Moyenne)."""
    return tables().consciousness_level


def waking_malus(wound_value: int) -> int:
    """Malus on coming to: the value of the damage card (§Tirage de conscience L373; A16: until scene end)."""
    return max(0, integer(wound_value, "wound value"))
