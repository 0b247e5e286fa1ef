"""What happens to a Western Parade character's body, as past-tense facts on its chain.

Every body event carries ``at`` and ``body``: the body keys of the condition as they stand right
after it (see ``condition.py``), the continuous quantities (blood, healing, alcohol) brought up
to ``at`` in closed form. Replaying the log therefore needs no rules. Events that consumed dice
carry ``epoch`` and ``chance`` (FAIRNESS.md).
"""

from __future__ import annotations

from typing import Any

from chronique.domain.chain import ChainedEvent, ChanceConsumed
from chronique.domain.character import Character
from chronique.domain.errors import LaterEventHolds
from chronique.domain.rulesets.westernparade.report import where


class OnAWound:
    """What an event about the wound already at its ``location`` is (first aid, care, a roll for
    that wound...): it acts on that wound and never makes one. Not an event of its own."""

    location: str


class BodyEvent(ChainedEvent):
    """Base of the body's events: the body as it is after the event.

    Its ``body`` was worked out from the body the log gave before it. A correction replays the
    log without a voided event (``Character.correct``): an event that acted on a wound the
    correction took away acted on nothing, so it leaves the body as it is; any other event whose
    body still holds such a wound (with its blood lost and its bullet) would bring it back, so it
    stops the replay: the correction is refused until the later events are voided too."""

    at: int
    body: dict[str, Any]

    def apply(self, character: Character) -> None:
        wounds = character.condition.get("wounds", {})
        if isinstance(self, OnAWound) and self.location not in wounds:
            return  # its wound was voided: first aid or care on a wound never taken does nothing
        made = self.wounds_made()
        held = self.body.get("wounds", {})
        returning = sorted(set(held) - set(wounds) - set(made))
        if returning:
            # Only a replay without a voided wound gets here: Character.correct reads a ValueError
            # as "later events depend on the voided one; void them first".
            places = ", ".join(where(location) for location in returning)
            raise LaterEventHolds(self.originator_version, f"still holds the wound to the {places}")
        # Ruling WB31: a voided hit to a location wounded before leaves its wound there, and a
        # later event still holds that hit's damage and blood: it cannot be left out either.
        again = sorted(
            location
            for location, wound in held.items()
            if (location in wounds or location in made) and _hits(wound) > _hits(wounds.get(location, {})) + (location in made)
        )
        if again:
            places = ", ".join(where(location) for location in again)
            raise LaterEventHolds(self.originator_version, f"still holds the voided hit to the {places}")
        character.condition = {**character.condition, **self.body}

    def wounds_made(self) -> tuple[str, ...]:
        """The locations this event wounds: none but a wound's own."""
        return ()


def _hits(wound: dict[str, Any]) -> int:
    # The hits a location took, counted since ruling WB31; a wound recorded before counts none.
    return int(wound.get("hits", 0))


class WoundTaken(BodyEvent, ChanceConsumed):
    """A location was hit (§3.2): the damage, the state it leaves, the PH lost at once
    (§3.2.3), the unconsciousness check (§3.2.6) and what a critical wound did (§3.2.9).
    What its dice depend on besides: ``unconsciousness_chance``, the chance to pass out when the
    wound called for a check (None when it called for none), and ``fell_beyond_saving``, whether
    its blood loss put the character beyond saving (§3.2.4, the d60 of death); both None on
    wounds recorded before the event kept them. ``fracture``: what a blunt blow's réussite
    extraordinaire broke (§3.4.5.3, ``fracture.Fracture``), None for any other hit and on wounds
    recorded before version 4. ``impalement``: the 1d6cum a thrust's réussite extraordinaire
    added, its weapon left in the wound (§3.4.5.2, ``impalement.Impalement``), None for any other
    hit and on wounds recorded before version 5."""

    class_version = 5

    location: str
    damage: int
    kind: str
    source: str
    state: str
    ph_lost: int
    unconsciousness_chance: int | None
    unconsciousness: dict[str, Any] | None
    critical: dict[str, Any]
    fell_beyond_saving: bool | None
    fracture: dict[str, Any] | None
    impalement: dict[str, Any] | None
    epoch: str
    chance: list[dict[str, Any]]

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, which keeps what the wound's dice depend on; before version
        # 4, no hit broke a bone (§3.4.5.3 was not applied); before version 5, none impaled
        # (§3.4.5.2 was not applied).
        super().upcast_stored(state)
        state.setdefault("unconsciousness_chance", None)
        state.setdefault("fell_beyond_saving", None)
        state.setdefault("fracture", None)
        state.setdefault("impalement", None)

    def wounds_made(self) -> tuple[str, ...]:
        """The location this wound was taken at."""
        return (self.location,)


class PressureApplied(OnAWound, BodyEvent):
    """The character pressed his own hands on a bleeding location (§3.2.3): 2 PH each held back."""

    location: str
    hands: int


class PressureReleased(OnAWound, BodyEvent):
    """The hands pressing on a location let go, their rounds over: pressing holds the blood back
    only "momentanément" (§3.2.3 L1848, ruling WB22)."""

    location: str


class FirstAidGiven(OnAWound, BodyEvent, ChanceConsumed):
    """Someone tried to stop a location's bleeding (§3.2.4): the roll and which of the six
    outcomes it gave. ``by_the_wounded``: whether ``by`` is the wounded, tending their own wound
    (§3.2.4 L1876); ``bled``: the PH a round the location bled as the first aid began, by first
    aid's count (what earlier first aid left, pressing hands aside: they only hold it back for a
    while, §3.2.3 L1848), so that the words never say more stopped than it bled (ruling WB55).
    Both None on first aid recorded before version 3 kept them."""

    class_version = 3

    location: str
    by: str
    by_the_wounded: bool | None
    bled: int | None
    outcome: dict[str, Any]
    result: dict[str, Any]
    epoch: str
    chance: list[dict[str, Any]]

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, which keeps whether the wounded tended their own wound and
        # what it bled: those read as before, the first-aider named, the outcome as the roll read.
        super().upcast_stored(state)
        state.setdefault("by_the_wounded", None)
        state.setdefault("bled", None)


class BloodLost(BodyEvent, ChanceConsumed):
    """The blood points crossed a threshold (§3.2.4): ``what`` is "unconscious" (PH at 0 or
    below), "kept unconscious" (PH at 0 or below while out from a wound: the blood loss keeps
    him out past its count of rounds, ruling WB21) or "beyond saving" (death within the hour, at
    ``dying_at``); "still bleeding" on events recorded before the second."""

    what: str
    ph: int
    dying_at: int | None
    epoch: str
    chance: list[dict[str, Any]]


BLOOD_WORDS = {
    "unconscious": "fell unconscious from blood loss",
    "kept unconscious": "kept unconscious by blood loss",
    "beyond saving": "lost too much blood: beyond saving",
}
"""A :class:`BloodLost` event's threshold in words, for the log and the downtime report."""


class Woke(BodyEvent):
    """The character came to (§3.2.6 duration over, or PH back above 0)."""

    cause: str


class Died(BodyEvent):
    """The character died: ``cause`` says of what."""

    cause: str


class BodySettled(BodyEvent):
    """The continuous quantities were brought up to ``at`` (end of an advance, or a healing
    milestone): ``healed`` lists the locations healed to the full."""

    reason: str
    healed: list[str]


class ActivityOrdered(BodyEvent):
    """The character's activity level was set (care orders, §3.2.4): bed, moderate or active."""

    activity: str


class TendingOrdered(OnAWound, BodyEvent):
    """Someone was put in charge of a wound, with a care skill and its score (or nobody)."""

    location: str
    tender: dict[str, Any] | None


class InfectionRolled(OnAWound, BodyEvent, ChanceConsumed):
    """The daily infection roll of an untreated wound (§3.2.7.2)."""

    location: str
    day: int
    percent: int
    roll: int
    infected: bool
    epoch: str
    chance: list[dict[str, Any]]


class CareGiven(OnAWound, BodyEvent, ChanceConsumed):
    """A care skill was used on a wound: ``skill`` (Bandages, Nettoyage d'une blessure,
    Cautérisation, Amputation, Extraction de balle), the roll, and ``result`` (what it did).
    What the reading depends on besides the roll, None where the skill does not need it (and on
    care recorded before the event kept it): ``redone``, an amputation redone after a partial one
    (§6.18.1); for an extraction (§3.2.7.4) ``first_attempt`` on that bullet and ``chained``, made
    while an earlier attempt's bleed still ran, so it starts none (ruling WB62); for an extraction
    or a surgery taking out an impaling weapon (*Chirurgie*, §3.4.5.2) the ``critical`` effect of
    its damage (§3.2.9) and ``fell_beyond_saving`` (§3.2.4, the d60 of death)."""

    class_version = 4

    location: str
    by: str
    skill: str
    outcome: dict[str, Any]
    result: dict[str, Any]
    redone: bool | None
    first_attempt: bool | None
    chained: bool | None
    critical: dict[str, Any] | None
    fell_beyond_saving: bool | None
    epoch: str
    chance: list[dict[str, Any]]

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, which keeps what the reading depends on besides the roll.
        super().upcast_stored(state)
        for name in ("redone", "first_attempt", "critical", "fell_beyond_saving"):
            state.setdefault(name, None)
        if "chained" not in state:
            # Before version 4 only the first attempt on a bullet bled, every later one counted
            # chained (ruling WB62): what those extractions were read by.
            first = state["first_attempt"]
            state["chained"] = None if first is None else not first


class WeaponPulled(OnAWound, BodyEvent, ChanceConsumed):
    """``by`` pulled by force on a weapon impaling the location (§3.4.5.2 L2513): what the pull
    did (``pull``, ``impalement.Pull``: the STR roll, whether the weapon came out, the 1d6cum, the
    difficult first-aid roll of ``first_aid_by`` that halves it, None if nobody helped, and the
    damage); the ``critical`` effect of that damage (§3.2.9) and ``fell_beyond_saving``
    (§3.2.4, the d60 of death). Once out, the location bleeds double the normal (L2513).
    ``by_the_wounded``: whether ``by`` is the wounded himself, pulling it out of his own body;
    None on pulls recorded before version 3 kept it."""

    class_version = 3

    location: str
    by: str
    by_the_wounded: bool | None
    first_aid_by: str | None
    pull: dict[str, Any]
    critical: dict[str, Any]
    fell_beyond_saving: bool
    epoch: str
    chance: list[dict[str, Any]]

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, which keeps whether the wounded pulled on the weapon himself:
        # those read as before, naming the puller as anyone else.
        super().upcast_stored(state)
        state.setdefault("by_the_wounded", None)


class BulletDetached(OnAWound, BodyEvent):
    """A bullet flattened on the skull was taken off by ``by`` (§3.2.7.3 L1997: "détachée sans
    problème moyennant un point de dommages supplémentaire", ruling WB41): no roll, no bleeding,
    one more point of damage to the head and its ``critical`` effect (§3.2.9: losses, or death
    outright past the threshold; the head has no death timer, so no die)."""

    location: str
    by: str
    critical: dict[str, Any]


class BandageTook(OnAWound, BodyEvent):
    """A bandage's effect came in (§6.18.2): PV back, or the wound reopened."""

    location: str
    pv: int


class HeadBulletRolled(BodyEvent, ChanceConsumed):
    """A roll for a bullet in the head (§3.2.7.3): on entry, yearly or weekly."""

    status: str
    outcome: dict[str, Any]
    losses: dict[str, int]
    epoch: str
    chance: list[dict[str, Any]]


class WoundReopened(OnAWound, BodyEvent, ChanceConsumed):
    """A violent effort was made while convalescent (§3.2.8.3): the chance, the d100 and whether
    the wound reopened."""

    location: str
    percent: int
    roll: int
    reopened: bool
    epoch: str
    chance: list[dict[str, Any]]


class DrinkTaken(BodyEvent):
    """The character drank (§4.1): units in tenths and the stage it leaves."""

    tenths: int
    stage: str


class ComaEndured(BodyEvent, ChanceConsumed):
    """The drinker fell into an ethylic coma (§4.1.3): his two easy END rolls and the INT and END
    points the failed ones cost."""

    outcomes: list[dict[str, Any]]
    losses: dict[str, int]
    epoch: str
    chance: list[dict[str, Any]]


class SoberingAttempted(BodyEvent, ChanceConsumed):
    """An emergency sobered (or failed to sober) the drinker for a while (§4.1.3): his difficult
    END roll and the stage he acts at until it wears off (END rounds)."""

    outcome: dict[str, Any]
    stage: str
    epoch: str
    chance: list[dict[str, Any]]


class SoberedUp(BodyEvent):
    """Alcohol wore off to a lighter stage (§4.1.2)."""

    stage: str


class OutOfActionEvent(OnAWound, BodyEvent):
    """What the events of being put out of action share (§3.2.5): ``location`` and ``state``, the
    wound that put him out as it stands; the unconsciousness check after a failed END roll
    (§3.2.6; ``unconsciousness_chance`` None when none was due); and ``rally``, the END roll due
    before he acts again (None when none is)."""

    location: str
    state: str
    unconsciousness_chance: int | None
    unconsciousness: dict[str, Any] | None
    rally: dict[str, Any] | None
    epoch: str
    chance: list[dict[str, Any]]

    def apply(self, character: Character) -> None:
        super().apply(character)
        character.condition = {**character.condition, "rally": self.rally}


class PutOutOfAction(OutOfActionEvent, ChanceConsumed):
    """In a fight, what a wound did to its victim's actions (§3.2.5): ``effect`` (the frozen
    ``incapacity.Staggered``: what he loses, the END roll made at once)."""

    effect: dict[str, Any]


class RallyRolled(OutOfActionEvent, ChanceConsumed):
    """The END roll to act again after being put out of action (§3.2.5): ``outcome`` (the frozen
    ``incapacity.Rally``); ``rally`` is still due after a failure, None once he acts again."""

    outcome: dict[str, Any]


def extraction_lapsed(event: Any) -> bool:
    """Whether ``event`` is the infection roll that falls as the 24 hours to extract a bullet
    still in the wound run out (§3.2.7.2 footnote 8, L1999): the wound's day 1, a day after the
    hit that set its clocks (care.wound), the bullet still in. The deadline records nothing of its
    own; this roll says it, once (ruling WB35)."""
    if not isinstance(event, InfectionRolled) or event.day != 1:
        return False
    wound = event.body.get("wounds", {}).get(event.location) or {}
    return bool(wound.get("bullet"))


def notable(event: Any) -> str | None:
    """What a GM must read in a downtime report: deaths, blackouts, blood past saving,
    infections, a bullet left in past the 24 hours to extract it, healed wounds."""
    if isinstance(event, Died):
        return f"died ({event.cause})"
    if isinstance(event, BloodLost):
        return BLOOD_WORDS.get(event.what)  # "still bleeding" (recorded before WB21's rule): nothing new
    if isinstance(event, InfectionRolled) and event.infected:
        return f"wound in the {event.location} is infected"
    if extraction_lapsed(event):
        return f"the 24 hours to extract the bullet in the {where(event.location)} have passed"
    if isinstance(event, Woke):
        return "came to"
    if isinstance(event, BodySettled) and event.healed:
        return f"healed: {', '.join(event.healed)}"
    return None
