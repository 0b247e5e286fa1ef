"""What happens to a MicroFudge character, as past-tense facts recorded on its chain.

The condition they change is plain JSON: ``atouts`` (the creation ``reserve`` and the
``experience`` Atouts, kept apart because only the reserve may raise a characteristic during a
session, «IV – Expérience et progression» L213), ``setbacks`` (each Revers with its own healing
clock), ``next_setback`` and ``critical`` (a physical Décisif, L343).
"""

from __future__ import annotations

from typing import Any

from chronique.domain.chain import ChainedEvent, ChanceConsumed, FaceDown
from chronique.domain.character import Character
from chronique.domain.rulesets.microfudge.rules import critical_wounds, is_wreck


def _pay(character: Character, pool: str | None, cost: int) -> None:
    if pool is None or cost == 0:
        return
    atouts = dict(character.condition["atouts"])
    if atouts[pool] < cost:
        raise ValueError(f"{character.name} has {atouts[pool]} {pool} Atouts, not {cost}")  # a correction voided them
    atouts[pool] -= cost
    character.condition["atouts"] = atouts


class TestRolled(ChanceConsumed, FaceDown):
    """The character rolled 4dF for a Test («1 – Tests» L245-L253); ``chance`` holds the four
    dF. ``modifiers`` names every rank added (equipment, weapon, scale, Atout, situation) and
    ``penalty`` the Revers penalty taken off; a hazardous Test's ``setbacks`` follow as a
    ``SetbackSuffered`` (L351). A temporary +1 paid with an Atout is charged to ``atout_pool``.
    ``reroll`` says whether the roller declared an Atout to roll again should the Test fail (L743);
    ``voided`` holds the dice that reroll voided (none when it was not needed), ``dice`` those that
    stand."""

    __test__ = False  # not a pytest test class

    class_version = 3

    at: int
    characteristic: str
    kind: str
    rank: int
    relatedness: str
    used_rank: int
    modifiers: dict[str, int]
    penalty: int
    required: int
    dice: list[int]
    reroll: bool
    voided: list[int]
    final: int
    success: bool
    hazardous: bool
    setbacks: int
    atout_pool: str | None
    purpose: str
    epoch: str
    chance: list[dict[str, Any]]
    sealed_until: str | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, when no Atout could reroll a Test.
        super().upcast_stored(state)
        state.setdefault("reroll", False)
        state.setdefault("voided", [])

    def apply(self, character: Character) -> None:
        _pay(character, self.atout_pool, 1 if self.atout_pool else 0)


class SimpleConflictRolled(ChanceConsumed, FaceDown):
    """The character and an opponent each rolled 4dF; the higher final rank won, equal finals
    tied, and nothing lasting follows («1 – Tests» L253). Both sides' dice are in ``chance``. Each
    side records its characteristic, ``rank`` and ``kind``, ``relatedness`` and the ``used_rank`` it
    gives (L283-L291), the Revers ``penalty`` (L293) and its rank ``modifiers`` (gear, weapon,
    situation, an Atout's +1: L431, L459-L483, L737), its ``dice`` and ``final``."""

    class_version = 3

    at: int
    sides: list[dict[str, Any]]
    winner: str
    purpose: str
    epoch: str
    chance: list[dict[str, Any]]
    sealed_until: str | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, when a simple conflict took no modifiers: each side rolled its
        # characteristic's own rank, whatever its kind.
        super().upcast_stored(state)
        for side in state["sides"]:
            side.setdefault("kind", None)
            side.setdefault("relatedness", "close")
            side.setdefault("used_rank", side["rank"])
            side.setdefault("modifiers", {})

    def apply(self, character: Character) -> None:
        return None


class SetbackSuffered(FaceDown):
    """The character took a Revers («3 – Effets des Revers» L335-L345): ``setback`` holds its id,
    domain, severity, healing class, whether it is stabilized and when it next recovers a card
    (None until a critical wound is stabilized). A physical Décisif leaves it ``critical`` (L343).
    The Revers of a hidden hazardous Test is face down with it (``sealed_until``): it would tell
    the roll failed, and by how much (L351). ``source`` says what dealt it; a Revers borne
    ``in_place_of`` another, by interposing (L763-L765), holds the note on how instead.
    ``graduated`` says a deep wound heals on the seed's graduated schedule, as the campaign set it
    when the Revers was taken (L341, T2b). ``vehicle`` names the vehicle a ram damaged («Concours
    de démolition et éperonnages» L429: its Revers "qu'il est préférable d'appeler dommages"), the
    one its driver declared, whose chases and rams it weighs on; None for a Revers of the
    character's own, and for vehicle damage recorded before version 5 (ruling M105)."""

    class_version = 5

    at: int
    setback: dict[str, Any]
    critical: bool
    source: str
    in_place_of: str | None
    sealed_until: str | None
    graduated: bool
    vehicle: str | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, when every Revers was recorded face up, and before version 3,
        # when a Revers borne in another's place said so in its source alone: "in Harvey's place:
        # a note" (once "taken in Harvey's place: a note"), and before version 4, when it kept no
        # deep-wound schedule: its words said "a step a week" whatever the schedule, and still do;
        # before version 5 a ram's damage named no vehicle: it reads as it did, the driver's
        # "vehicle" Revers weighing on whatever they drive.
        super().upcast_stored(state)
        state.setdefault("sealed_until", None)
        state.setdefault("graduated", False)
        state.setdefault("vehicle", None)
        if "in_place_of" not in state:
            said = str(state["source"]).removeprefix("taken ")
            whose, place, note = said.partition("'s place")
            borne = said.startswith("in ") and bool(place) and (not note or note.startswith(": "))
            state["in_place_of"] = whose.removeprefix("in ") if borne else None
            state["source"] = note.removeprefix(": ") if borne else state["source"]

    def apply(self, character: Character) -> None:
        c = character.condition
        # A face-down Revers keeps the epoch it waits for, so that what it brings about later (a
        # recovery on its clock) lies face down with it until then (ruling M87).
        dealt = dict(self.setback) | ({"sealed_until": self.sealed_until} if self.sealed_until else {})
        if self.vehicle is not None:
            dealt["vehicle"] = self.vehicle  # L429: the damaged vehicle's, not its driver's
        if is_wreck(dealt):
            # L429: a Décisif "transforme le véhicule touché en épave", and the text gives no repair
            # rule (A24): a wreck never mends on a clock, even one recorded on the weekly clock
            # before the rules refused it one (ruling M123).
            dealt |= {"healing": "none", "next_tick": None}
        c["setbacks"] = [*c["setbacks"], dealt]
        c["next_setback"] = int(self.setback["id"]) + 1
        if self.critical:
            c["critical"] = True


def _update(character: Character, setback_id: int, severity: int, stabilized: bool, next_tick: int | None) -> None:
    c = character.condition
    old = next((s for s in c["setbacks"] if s["id"] == setback_id), None)
    if old is None:
        raise ValueError(f"no open Revers {setback_id}")  # a correction voided it
    others = [s for s in c["setbacks"] if s["id"] != setback_id]
    kept = [dict(old, severity=severity, stabilized=stabilized, next_tick=next_tick)] if severity > 0 else []
    c["setbacks"] = sorted([*others, *kept], key=lambda s: int(s["id"]))
    # A16-like reading of L343: the critical state lasts while an unstabilized Décisif does.
    c["critical"] = bool(critical_wounds(c["setbacks"]))


class SetbackRecovered(FaceDown):
    """A Revers recovered one card on its clock: a day for light ones, a week (or the graduated
    schedule) for deep wounds (L339-L341). Severity 0 removes it. ``domain`` is the kind of action
    the Revers weighs on, which names what is left of it (L343: a physical one by its wound); None
    when recorded before version 2, which kept none. The recovery of a Revers a hidden roll dealt
    face down is face down with it (``sealed_until``) until its epoch is revealed: what is left
    would tell what was dealt (ruling M87); face up before version 3."""

    class_version = 3

    at: int
    setback_id: int
    severity: int
    next_tick: int | None
    domain: str | None
    sealed_until: str | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        super().upcast_stored(state)
        state.setdefault("domain", None)
        state.setdefault("sealed_until", None)

    def apply(self, character: Character) -> None:
        _update(character, self.setback_id, self.severity, True, self.next_tick)


class RecoveryPaced(FaceDown):
    """The Narrator set how the care a Revers receives and the character's rest pace its recovery
    (T2c, «3 – Effets des Revers» L341: periods lengthened or shortened): ``percent`` of the book's
    period from now on; the current period keeps the time already elapsed (``next_tick``). The
    pace of a Revers a hidden roll dealt face down is face down with it (``sealed_until``) until
    its epoch is revealed: "the recovery of Revers 2" would tell the roll dealt one (ruling M93);
    face up before version 2."""

    class_version = 2

    at: int
    setback_id: int
    care: str
    rest: str
    percent: int
    next_tick: int | None
    sealed_until: str | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        super().upcast_stored(state)
        state.setdefault("sealed_until", None)

    def apply(self, character: Character) -> None:
        c = character.condition
        pace = {"care": self.care, "rest": self.rest, "percent": self.percent}
        c["setbacks"] = [dict(s, pace=pace, next_tick=self.next_tick) if s["id"] == self.setback_id else s for s in c["setbacks"]]


def scene_of(epoch: str, at: int) -> str:
    """The scene a first-aid attempt belongs to: one moment of game time in one epoch (PROPOSAL
    A9: one attempt per wound per healer per scene)."""
    return f"{epoch}@{at}"


class FirstAidGiven(ChanceConsumed, FaceDown):
    """A healer's first-aid Test on one Revers («Premiers soins et Blessures» L357-L359): the
    Médecine Test's dice are in ``chance``; success stabilizes and, in ``reduce_step`` mode,
    lowers the wound one step (campaign setting, PROPOSAL A9). The healer and scene are noted on
    the wound: one attempt per wound per healer per scene (PROPOSAL A9). The ``test`` holds the
    ranks the Atouts spent inside it added (``modifiers``: the healer's +1, help, a changed die),
    whether a ``reroll`` was declared and the dice it ``voided`` (L737-L765, ruling M124); the
    Atouts themselves are ``AtoutPlayed`` on their spenders' chains."""

    class_version = 3

    at: int
    setback_id: int
    healer: str
    test: dict[str, Any]
    success: bool
    mode: str
    severity: int
    stabilized: bool
    next_tick: int | None
    epoch: str
    chance: list[dict[str, Any]]
    sealed_until: str | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, when no Atout could be spent on first aid (ruling M124).
        super().upcast_stored(state)
        state["test"].setdefault("modifiers", {})
        state["test"].setdefault("reroll", False)
        state["test"].setdefault("voided", [])

    def apply(self, character: Character) -> None:
        _update(character, self.setback_id, self.severity, self.stabilized, self.next_tick)
        tended = [self.healer, scene_of(self.epoch, self.at)]
        c = character.condition
        c["setbacks"] = [dict(s, tended=[*s.get("tended", []), tended]) if s["id"] == self.setback_id else s for s in c["setbacks"]]


def adventure_awarded(character: Character) -> int:
    """The experience Atouts a Streamlined character received since its adventure began («3 –
    Création … Streamlined» L717: "jamais recevoir plus de 3 Atouts" for a complete adventure;
    ruling M155), 0 on older conditions and for the other procedures, which count none."""
    return int(character.condition.get("adventure_awarded", 0))


class AtoutsAwarded(ChainedEvent):
    """Experience Atouts, +1 per character at each session end by default (L213-L215); a
    Streamlined character's count towards the 3 of its adventure (L717, ruling M155)."""

    at: int
    count: int
    reason: str

    def apply(self, character: Character) -> None:
        atouts = dict(character.condition["atouts"])
        atouts["experience"] += self.count
        character.condition["atouts"] = atouts
        if character.sheet["procedure"] == "streamlined":
            # Atouts taken back count off those received in this adventure, never below none: one
            # taken back of an adventure already ended gives the next no fourth (L717, ruling M157).
            character.condition["adventure_awarded"] = max(0, adventure_awarded(character) + self.count)


class AdventureEnded(ChainedEvent):
    """The Narrator ended a complete adventure: a Streamlined character may receive its 3
    experience Atouts again in the next (L717, ruling M155). ``note`` names the adventure."""

    at: int
    note: str

    def apply(self, character: Character) -> None:
        character.condition.pop("adventure_awarded", None)


class AtoutSpent(ChainedEvent):
    """An Atout spent in play («Sauver sa peau» L127-L131, «4 – Utilisation créative des Atouts»
    L733-L769): ``use`` names what it bought; saving one's skin ends a critical state."""

    at: int
    use: str
    cost: int
    pool: str
    note: str

    def apply(self, character: Character) -> None:
        _pay(character, self.pool, self.cost)
        if self.use == "save-your-skin":
            character.condition["critical"] = False


class SetbackStabilized(ChainedEvent):
    """A critical wound was stabilized without first aid: the character saved its skin with an
    Atout («Sauver sa peau» L127-L131). The wound keeps its severity and heals on its own clock from
    now (L339-L341, scheduler PROPOSAL §5): ``next_tick`` is its first recovery."""

    at: int
    setback_id: int
    severity: int
    next_tick: int | None
    how: str

    def apply(self, character: Character) -> None:
        _update(character, self.setback_id, self.severity, True, self.next_tick)


class SetbackTransferred(ChainedEvent):
    """Another character took this Revers in the character's place, spending an Atout to interpose
    («Un Atout peut être dépensé pour supporter un Revers à la place d'un autre» L763-L765): it
    leaves this sheet (and with it a critical state it caused) for ``to``'s."""

    at: int
    setback_id: int
    to: str

    def apply(self, character: Character) -> None:
        _update(character, self.setback_id, 0, True, None)


class AtoutPlayed(FaceDown):
    """An Atout spent inside one Test or card draw, with what it did there («4 – Utilisation
    créative des Atouts» L733-L769): a ``temporary-bonus`` (+1 to the spender's own roll), ``help``
    (2 Atouts, +1 to another's roll, once per helper and roll, L761-L765) or a ``change-one-die`` /
    ``change-one-card`` (one die or card's result changed). ``roll`` names the Test or draw,
    ``beneficiary`` whom it served and ``effect`` the ranks, cards, die or card it changed; the
    roll's own event lists the same modifier. A reroll or changed die of a hidden Test is face down
    with it (``sealed_until``): it is paid only when the Test fails (L743), so it would tell.
    ``paid`` counts the Atouts that paid per pool, experience first when one pool alone could not
    (help's 2 Atouts, L761: one of experience and one of the reserve); ``pool`` is the first."""

    class_version = 3

    at: int
    use: str
    cost: int
    pool: str
    paid: dict[str, int]
    beneficiary: str
    roll: str
    effect: dict[str, Any]
    sealed_until: str | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, when every Atout played was recorded face up, and before
        # version 3, when one pool paid the whole cost.
        super().upcast_stored(state)
        state.setdefault("sealed_until", None)
        state.setdefault("paid", {state["pool"]: state["cost"]})

    def apply(self, character: Character) -> None:
        for pool, count in self.paid.items():
            _pay(character, pool, count)


class CharacteristicRaised(ChainedEvent):
    """A characteristic rose one rank permanently: with a creation-reserve Atout during a session
    and a justification («Etoffer le personnage en cours de jeu» L119-L125), or between sessions
    with any Atout («IV – Expérience et progression» L213). ``paid`` counts the Atouts that paid
    per pool, experience then the reserve when neither alone could (ruling M84); ``pool`` is the
    first."""

    class_version = 2

    at: int
    characteristic: str
    kind: str
    from_value: int
    to_value: int
    cost: int
    pool: str
    paid: dict[str, int]
    in_session: bool
    justification: str

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, when one pool paid the whole cost.
        super().upcast_stored(state)
        state.setdefault("paid", {state["pool"]: state["cost"]})

    def apply(self, character: Character) -> None:
        for pool, count in self.paid.items():
            _pay(character, pool, count)
        characteristics = dict(character.sheet["characteristics"])
        old = characteristics.get(self.characteristic, {"kind": self.kind, "default": self.from_value})
        characteristics[self.characteristic] = dict(old, value=self.to_value)
        character.sheet = dict(character.sheet, characteristics=characteristics)


def sequence_of(character: Character) -> dict[str, Any] | None:
    """The hazardous-conflict Sequence the character is in, if any (absent on older conditions)."""
    found = character.condition.get("sequence")
    return dict(found) if found else None


class SequenceStarted(ChainedEvent):
    """The character entered a Sequence of a hazardous conflict («2 – Résolution des Conflits
    hasardeux» L295-L319) with the other ``participants``; a collective Sequence («Séquences
    collectives» L403-L417) is won by the side with the most successes. The conflict deck was
    gathered for a fresh shuffle (PROPOSAL §1.1)."""

    at: int
    sequence: int
    participants: list[str]
    teams: dict[str, str]
    goal: str
    collective: bool
    hazardous: bool

    def apply(self, character: Character) -> None:
        character.condition["last_sequence"] = self.sequence
        character.condition["sequence"] = {
            "id": self.sequence,
            "participants": list(self.participants),
            "teams": dict(self.teams),
            "collective": self.collective,
            "hazardous": self.hazardous,
            "draws": 0,
            "upper_hand": 0,
            "banked": 0,
            "outcome": None,
        }


class ConflictCardsDrawn(ChainedEvent):
    """The character's cards in one draw (tirage) of a Sequence (L307-L317): its rank and the
    card ``modifiers``, the ``pool`` split into ``attack`` (per target: cards and successes) and
    ``defence`` (its own, range and cover cards), ``armour`` cards drawn apart («Jeu défensif»
    L331-L333, «c – Armures» L485-L502), the Revers it ``inflicted`` and ``received`` per side,
    the upper hand taken (``upper_hand`` cards for its next draw, «Prendre l'ascendant» L327-L329),
    the range successes ``banked`` («Hors de portée» L361-L365) and the draw's ``outcome`` for it
    (won, lost, tie, decisive). Every card also sits in the conflict deck's ``CardsDrawn``.
    ``declared`` holds what the side declared that weighs on what its cards do (``draws.Declared``:
    its targets in drawing order, manoeuvre, eras, size, upper hand, range, covering fire, changed
    card), so that a verifier can re-derive the Revers; None on draws recorded before it was kept.
    ``relatedness`` is how closely its field bears on the action (L283-L291) and ``domains`` the kind
    of Revers each side of the draw takes (``physical``, ``social``…, L335-L345), so that the log
    names the card count's terms and a physical Revers by its wound (L343, L927-L931); None and
    empty on draws recorded before version 3. A draw on a psychic domain (Télékinésie in a fight,
    L607) is a use of it: ``potentiel`` is the point it spends (L564-L566) and ``fatigue_lost`` the
    Vigueur ranks lost after it with the fatigue option (L582); 0 on others and before version 3.
    ``manoeuvres`` is what each side of the draw did (fight, chase, ram) and ``vehicles`` the
    vehicle each side named, so that a Revers reads by what dealt it: a ram's as damage to the
    target's vehicle (L429), a chase's as ground (L427), a fight's by the target's kind; empty
    before version 4, when every Revers of the line read by the drawer's own manoeuvre.
    ``hazardous`` is False in a safe Sequence, whose Revers only decide the draw and are written
    on no sheet (L319, ruling M117); True on draws recorded before version 5, which read as they
    did. ``attacked_by`` names, when the side drew armour cards, each side whose attack cards went
    to it by its weapon's era, so that the log says which weapon of a later era ignores the armour
    or which older one future armour cancels twice («c – Armures» L498-L502, ruling M142); empty
    before version 6, whose lines say nothing of the eras, as they did."""

    class_version = 6

    at: int
    sequence: int
    draw: int
    characteristic: str
    rank: int
    relatedness: str | None
    used_rank: int
    penalty: int
    modifiers: dict[str, int]
    pool: int
    declared: dict[str, Any] | None
    domains: dict[str, str]
    manoeuvres: dict[str, str]
    vehicles: dict[str, str]
    hazardous: bool
    potentiel: int
    fatigue_lost: int
    attack: dict[str, dict[str, Any]]
    defence: dict[str, Any]
    armour: dict[str, Any]
    attacked_by: dict[str, str]
    inflicted: dict[str, int]
    received: dict[str, int]
    upper_hand: int
    banked: int
    outcome: str

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, which keeps the side's declaration, and before version 3,
        # which keeps the field's relatedness and each side's kind of Revers: unknown; before
        # version 4, each side's manoeuvre and vehicle: unknown, the drawer's own names them all;
        # before version 5, whether the Sequence was safe: read as hazardous, as they were; before
        # version 6, the eras of the weapons that attacked the side: unknown, said of none.
        super().upcast_stored(state)
        state.setdefault("attacked_by", {})
        state.setdefault("hazardous", True)
        state.setdefault("declared", None)
        state.setdefault("relatedness", None)
        state.setdefault("domains", {})
        state.setdefault("manoeuvres", {})
        state.setdefault("vehicles", {})
        state.setdefault("potentiel", 0)
        state.setdefault("fatigue_lost", 0)

    def apply(self, character: Character) -> None:
        state = sequence_of(character)
        if state is None:
            raise ValueError(f"{character.name} is in no Sequence")  # a correction voided its start
        state.update(draws=self.draw, upper_hand=self.upper_hand, banked=self.banked, outcome=self.outcome)
        # What the side may forgo for the upper hand until the next draw (L327-L329, ruling M16):
        # the Revers it inflicted, and where the Revers it received begin (they are recorded just
        # after every side's cards, in the order ``received`` lists their attackers).
        declared = self.declared or {}
        manoeuvre = declared.get("manoeuvre", "fight")
        state.update(inflicted=dict(self.inflicted), received=dict(self.received), manoeuvre=manoeuvre)
        state["vehicles"] = dict(self.vehicles)  # the vehicles a ram's Revers went to, which the upper hand names
        state["domain"] = declared.get("domain", "")  # the kind of Revers it takes, which the upper hand names
        state["first_setback"] = character.condition["next_setback"]
        character.condition["sequence"] = state
        if self.potentiel:
            powers = powers_of(character)
            _spend_potentiel(powers, self.characteristic, self.at)
            _tire(powers, self.fatigue_lost, self.at)
            _set_powers(character, powers)


class UpperHandTaken(ChainedEvent):
    """After seeing the draw, ``taker`` forgoes the Revers it inflicted in it (``forgone``, per
    target) to take the upper hand: ``cards`` extra cards in its next draw of the Sequence, twice
    the Revers forgone («Prendre l'ascendant» L327-L329, ruling M16). Recorded on every
    participant: a target's Revers of that draw are ``withdrawn`` from its sheet, and each side's
    ``outcome`` of the draw is counted again without the forgone Revers (L321). ``domains`` (the
    kind of each target's Revers, L335-L345) and the taker's ``manoeuvre`` name the forgone Revers
    as the draw did, a physical one in a fight by its wound (L343); empty before version 2.
    ``vehicles`` names the vehicle of each target of a ram (L429, ruling M105); empty before
    version 3, when a ram's forgone Revers read as on its driver."""

    class_version = 3

    at: int
    sequence: int
    draw: int
    taker: str
    cards: int
    forgone: dict[str, int]
    domains: dict[str, str]
    manoeuvre: str
    vehicles: dict[str, str]
    withdrawn: list[int]
    outcome: str

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, which keeps the kind of the forgone Revers: unknown; before
        # version 3, which keeps the rammed vehicles: none, the Revers read as on the drivers.
        super().upcast_stored(state)
        state.setdefault("domains", {})
        state.setdefault("manoeuvre", "fight")
        state.setdefault("vehicles", {})

    def apply(self, character: Character) -> None:
        state = sequence_of(character)
        if state is None:
            raise ValueError(f"{character.name} is in no Sequence")  # a correction voided its start
        if character.name == self.taker:
            state.update(upper_hand=self.cards, inflicted={target: 0 for target in self.forgone})
        state["outcome"] = self.outcome
        character.condition["sequence"] = state
        for setback_id in self.withdrawn:
            _update(character, setback_id, 0, True, None)


class SequenceEnded(ChainedEvent):
    """The Sequence ended: a Décisif, an abridgement by the draw-winner or by agreement on a tie
    («Abréger une Séquence» L321-L325), or the Narrator's word; ``winner`` achieves its goal
    (None when nobody or everybody lost), ``side`` naming its members, "les membres de son camp"
    (L411). A pending upper hand lapses (PROPOSAL §3.7)."""

    class_version = 2

    at: int
    sequence: int
    winner: str | None
    side: list[str]
    how: str

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, which named only the winner's key: its members are not known.
        super().upcast_stored(state)
        state.setdefault("side", [])

    def apply(self, character: Character) -> None:
        character.condition["sequence"] = None


def powers_of(character: Character) -> dict[str, Any]:
    """The character's power state, with defaults for conditions made before powers existed:
    Potentiel ``spent`` (back after a night's rest) and ``locked`` (held by a timed power) per
    domain, fatigue ranks ``lost``, and the running timed ``processes``."""
    base: dict[str, Any] = {"spent": {}, "locked": {}, "since": None, "lost": 0, "tired_at": None, "processes": [], "next": 1}
    return {**base, **character.condition.get("powers", {})}


def _set_powers(character: Character, state: dict[str, Any]) -> None:
    character.condition["powers"] = state


def _add(counts: dict[str, int], domain: str, n: int) -> dict[str, int]:
    out = {**counts, domain: counts.get(domain, 0) + n}
    return {k: v for k, v in out.items() if v}


def _spend_potentiel(state: dict[str, Any], domain: str, at: int) -> None:
    # L564-L566: each use of a psychic power spends a point of its domain's Potentiel, back after
    # the next good night's rest counted from the first point spent (L441).
    state["spent"] = _add(state["spent"], domain, 1)
    state["since"] = state["since"] if state["since"] is not None else at


def _tire(state: dict[str, Any], lost: int, at: int) -> None:
    # «Fatigue (option)» L582: the Vigueur ranks lost so far, coming back from ``at`` on.
    if lost:
        state["lost"] = lost
        state["tired_at"] = at


class PowerUsed(ChanceConsumed, FaceDown):
    """The character used a paranormal power («VI – Pouvoirs paranormaux» L433-L447): a Test of
    the domain against the power's required rank (masked intrusions +1, L617), dice in ``chance``.
    The Test's rank is less the Revers ``penalty`` (L293, L337-L345) and the fatigue already
    lost. A power its victim resisted is a simple conflict (L435): ``resisted`` holds the defender's
    side (as ``SimpleConflictRolled`` records one), whose four dice follow the psychic's in
    ``chance``; the power took only on a higher final rank. Every attempt costs 1 Potentiel of
    that domain (L566, PROPOSAL A26); with the fatigue option Vigueur loses a rank (L580-L582). A
    timed power that took starts ``process`` (T8-T12), whose points stay locked until it stops
    (L629, L637), a boost's excepted (its ``points`` 0: spent as any use's, ruling M138); a wound
    it heals waits on its own clock."""

    class_version = 3

    at: int
    domain: str
    power: str
    required: int
    masked: bool
    rank: int
    penalty: int
    modifier: int
    dice: list[int]
    final: int
    resisted: dict[str, Any] | None
    success: bool
    potentiel_before: int
    potentiel_after: int
    fatigue_lost: int
    collapsed: bool
    process: dict[str, Any] | None
    epoch: str
    chance: list[dict[str, Any]]
    sealed_until: str | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, when a power's Test ignored the Revers (issue 17): none was
        # taken, and no power was resisted.
        super().upcast_stored(state)
        state.setdefault("penalty", 0)
        state.setdefault("resisted", None)

    def apply(self, character: Character) -> None:
        state = powers_of(character)
        if self.process is not None:
            state["processes"] = [*state["processes"], dict(self.process)]
            state["next"] = int(self.process["id"]) + 1
            if self.process.get("setback") is not None:
                _pause(character, int(self.process["setback"]))
        if self.process is not None and int(self.process.get("points", 1)):
            state["locked"] = _add(state["locked"], self.domain, 1)  # L629, L637: held while it runs
        else:
            # A boost started with no point held (ruling M138; one recorded before held its point).
            _spend_potentiel(state, self.domain, self.at)
        _tire(state, self.fatigue_lost, self.at)
        _set_powers(character, state)


def _pause(character: Character, setback_id: int) -> None:
    c = character.condition
    c["setbacks"] = [dict(s, next_tick=None) if s["id"] == setback_id else s for s in c["setbacks"]]


class PowerTicked(ChainedEvent):
    """One cycle of a timed power: a 12-hour day of Guérison accélérée or an hour (a day for a
    month-type wound) of Régénération healed one card of the wound (``severity`` left; L627-L637),
    and, when it goes on, the next cycle's Potentiel point was locked; a boost's draw counted
    (T12) records no wound. ``power`` is the power's key, as ``PowerUsed`` records it, so that the
    log and the downtime report name the power that healed (ruling M143); None before version 2,
    whose lines say "the power" as they did."""

    class_version = 2

    at: int
    process_id: int
    power: str | None
    setback_id: int | None
    severity: int | None
    locked: int
    next_tick: int | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        super().upcast_stored(state)
        state.setdefault("power", None)

    def apply(self, character: Character) -> None:
        state = powers_of(character)
        process = next(p for p in state["processes"] if p["id"] == self.process_id)
        if self.locked:
            state["locked"] = _add(state["locked"], process["domain"], self.locked)
        updated = dict(process, next_tick=self.next_tick, cycles=int(process["cycles"]) + 1, points=int(process["points"]) + self.locked)
        state["processes"] = [updated if p["id"] == self.process_id else p for p in state["processes"]]
        _set_powers(character, state)
        if self.setback_id is not None and self.severity is not None:
            _update(character, self.setback_id, self.severity, True, None)


class PowerEnded(ChainedEvent):
    """A timed power stopped (healed, limit reached, Potentiel exhausted, or by choice): its locked
    points are now spent and come back at the next night's rest (L629, L637); the wound it held
    resumes its normal clock from now (scheduler PROPOSAL §5)."""

    at: int
    process_id: int
    reason: str
    setback_next_tick: int | None

    def apply(self, character: Character) -> None:
        state = powers_of(character)
        process = next(p for p in state["processes"] if p["id"] == self.process_id)
        points = int(process["points"])
        state["locked"] = _add(state["locked"], process["domain"], -points)
        state["spent"] = _add(state["spent"], process["domain"], points)
        if points and state["since"] is None:
            state["since"] = self.at
        state["processes"] = [p for p in state["processes"] if p["id"] != self.process_id]
        _set_powers(character, state)
        setback = process.get("setback")
        if setback is not None and self.setback_next_tick is not None:
            c = character.condition
            c["setbacks"] = [dict(s, next_tick=self.setback_next_tick) if s["id"] == setback else s for s in c["setbacks"]]


class PowersRested(ChainedEvent):
    """A good night's rest («VI» L441, L564-L566; PROPOSAL A11: a full refill): the spent Potentiel
    came back (``restored`` per domain; locked points stay locked), and so did lost Vigueur."""

    at: int
    kind: str
    restored: dict[str, int]
    fatigue_recovered: int

    def apply(self, character: Character) -> None:
        state = powers_of(character)
        state.update(spent={}, since=None, lost=max(0, int(state["lost"]) - self.fatigue_recovered))
        if not state["lost"]:
            state["tired_at"] = None
        _set_powers(character, state)


class FatigueRecovered(ChainedEvent):
    """A quarter of an hour of rest gave back one lost Vigueur rank («Fatigue (option)» L582)."""

    at: int
    lost: int

    def apply(self, character: Character) -> None:
        state = powers_of(character)
        state.update(lost=self.lost, tired_at=self.at if self.lost else None)
        _set_powers(character, state)
