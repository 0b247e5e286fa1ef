"""What happens to a Cartes character, as past-tense facts recorded on its chain.

The condition they change is plain data (JSON), so a replay or a snapshot restores it exactly:
``pile`` and ``hand`` (cards held while a session's cards are dealt), ``pile_count`` and
``hand_count`` (what the sheet notes between sessions), scene markers, wounds, lasting maluses.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from chronique.domain.chain import ChainedEvent, FaceDown
from chronique.domain.character import Character
from chronique.domain.rulesets.cartes.condition import CHANGES, short_deal


class _Changes:
    """An event whose change to the character is the pure function ``condition.CHANGES`` names
    after its class: play, replays and the verifier apply the very same one."""

    def apply(self, character: Character) -> None:
        CHANGES[type(self).__name__](character.sheet, character.condition, vars(self))


class _Deal(_Changes):
    """A deal: a replay that owes it more cards than it dealt refuses the correction (ruling C87).

    It stands when the command whose first draw dealt it is taken back (``chronique undo``,
    ruling C90): a deal is chance consumed for the whole table, every player's hand and pile
    (§Distribution des cartes L84-90), like the deck's own draws, never the command's choice."""

    stands_when_undone: ClassVar[bool] = True

    def apply(self, character: Character) -> None:
        short_deal(character.condition, vars(self))
        super().apply(character)


class CardsDealt(_Deal, FaceDown):
    """At the session's first draw the character got its hand (face up) and pile (face down)."""

    face_down_by_design = True  # the hand is the player's, the pile counted

    at: int
    hand: list[str]
    pile: list[str]
    sealed_until: str


class TestMade(_Changes, FaceDown):
    """The character drew for a test; ``outcome`` holds every card and the verdict (its
    ``level_asked`` includes the levels a short-circuit, a change of plan or topping one added,
    L269), and ``short_circuit`` whether the action was one of those (L324: a ♦ first from the pile
    then cancels one level); None on tests recorded before it was kept. ``support_spent`` says
    that the power support card held for this draw is gone, used or not (§Tirage des soutiens
    L293: it serves the supported action, the next draw, only); None on tests recorded before
    it was kept (class version 4), which spent it only when they used it.
    ``support_cards_spent`` counts the power support cards held for this draw, every supporter's,
    all offered to it and all gone after it (ruling C92); None on tests recorded before version
    6, which were offered the first card held only and spent that one. ``purpose`` is the
    reason the player gave (``cartes test --reason``), "" when none was; ``game_purpose`` is what
    the game itself drew the test for ("attack on Alice", "support of Bruno", "resource draw",
    "recovery draw"), "" for a test the player asked for. Tests recorded before version 5 kept
    either in ``purpose`` alone (the player's reason when given, else the game's): their
    ``game_purpose`` is None, and the log tells the two apart by their wording (ruling C82).
    ``best_by_gain`` says that an easy resource draw kept the success gaining the most cards,
    its value +3 on ♥ (ruling C101); None on tests recorded before version 7, which kept the
    highest value. ``counts_kept`` says that a test drawn between sessions, while the pile and the
    hand are only counts noted (§Ressources en cartes L203), leaves those counts as they were, less
    the hand cards it played (ruling C116); None on tests recorded before version 8, which set
    them to the cards held, none between sessions, and replay so. ``spent_bonus`` and
    ``shed_tried`` say that the player spent 3 bonus markers for a level easier, or tried to shed 3
    malus markers at a level harder (§Marqueurs L330-331, ruling C9), so the log says what became
    of them (ruling C118); None on tests recorded before version 9, whose log reads the spend and a
    shed that succeeded from the markers the test changed, and cannot tell a failed try.
    ``first_card_lowest`` says that the first card, from the hand, was the hand's lowest, played by
    the game because the player named none (a resource or recovery draw without ``--card``), so
    the log says why that card went (ruling C121); None on tests recorded before version 10."""

    __test__ = False  # not a pytest test class

    class_version = 10

    at: int
    skill: str
    target: int
    manoeuvre: str
    source: str
    purpose: str
    game_purpose: str | None
    outcome: dict[str, Any]
    from_pile: list[str]
    from_hand: list[str]
    support_used: bool
    bonus_change: int
    malus_change: int
    basis: dict[str, int]
    sheet_version: int
    short_circuit: bool | None
    support_spent: bool | None
    support_cards_spent: int | None
    best_by_gain: bool | None
    counts_kept: bool | None
    spent_bonus: bool | None
    shed_tried: bool | None
    first_card_lowest: bool | None
    sealed_until: str | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 3, which keeps the player's short-circuit choice, before
        # version 4, which keeps whether the test spent a support card it did not use, or before
        # version 5, which keeps the game's purpose apart from the player's reason (None: unknown,
        # ``purpose`` holds whichever was written), or before version 6, which offers every power
        # support card held, not the first only, or before version 7, whose resource draw keeps
        # the success gaining the most cards, or before version 8, whose test between sessions
        # keeps the pile and hand counts noted, or before version 9, which keeps whether the player
        # spent 3 bonus markers or tried to shed 3 malus markers, or before version 10, which keeps
        # whether the game played the hand's lowest card because the player named none.
        super().upcast_stored(state)
        state.setdefault("short_circuit", None)
        state.setdefault("support_spent", None)
        state.setdefault("game_purpose", None)
        state.setdefault("support_cards_spent", None)
        state.setdefault("best_by_gain", None)
        state.setdefault("counts_kept", None)
        state.setdefault("spent_bonus", None)
        state.setdefault("shed_tried", None)
        state.setdefault("first_card_lowest", None)


class SupportReceived(_Changes, FaceDown):
    """A supporter's successful draw helped this character (§Déroulement du tour, supports):
    a power card to use in the next draw, three bonus markers, or resource cards for the pile."""

    face_down_by_design = True  # its cards go into the pile

    at: int
    supporter: str
    kind: str
    card: str | None
    markers: int
    cards: list[str]
    sealed_until: str | None


class OppositionSettled(_Changes, ChainedEvent):
    """The acting character's opposed draw against ``opponent`` was settled (§Réussites ou échecs
    L305-313): ``opposition`` holds the winner (attacker is this character), the net result, the
    tie-break cards and both totals, re-derived from the two tests just made. ``opponent_stance``
    says whether the opponent drew ("draws"), could not ("out of combat", §KO ou OK L361) or
    chose not to ("ignores", L271). An attack records both sides' ``weapons`` (bonus and
    lethality) and the ``damage`` the loser takes; a contest without harm records None and 0."""

    at: int
    opponent: str
    opponent_stance: str
    opposition: dict[str, Any]
    weapons: dict[str, dict[str, int]] | None
    damage: int


class WoundSuffered(_Changes, ChainedEvent):
    """The character took damage: the wound card went to the holder of its final lethality."""

    at: int
    damage: int
    lethality_asked: int
    aggravations: list[str]
    wound: dict[str, Any] | None
    effect: str
    bonus_change: int
    malus_change: int
    source: str


class Died(_Changes, ChainedEvent):
    """The character died (cartes.md §4.5), of one of the two deaths the seed has: ``wound_id``
    names the wound whose failed survival draw had no higher lethality to go to (§Tirages de survie
    L448), or ``damage`` and ``source`` the wound that went past Énorme (§Aggravation de létalité
    automatique L450-461); the other None. ``cause`` says it in the words recorded since the first
    version. Deaths recorded before class version 2 kept those words alone: the upcaster reads the
    wound, or the damage and its source, back from them (ruling C134; all None for words that say
    neither, which then read as recorded)."""

    class_version = 2

    at: int
    cause: str
    wound_id: int | None
    damage: int | None
    source: str | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, which keeps the cause's wound, or damage and source, apart.
        super().upcast_stored(state)
        if "wound_id" in state:
            return
        survival = _SURVIVAL_DEATH_BEFORE_V2.fullmatch(state["cause"])
        past = _PAST_ENORME_BEFORE_V2.fullmatch(state["cause"])
        state["wound_id"] = int(survival[1]) if survival else None
        state["damage"] = int(past[1]) if past else None
        state["source"] = past[2] if past else None


# The two causes a Died recorded before its class version 2 wrote (processes.survival_check,
# combat.suffer_wound), the only place the wound or the damage and its source were kept.
_SURVIVAL_DEATH_BEFORE_V2 = re.compile(r"failed survival draw, wound (\d+)")
_PAST_ENORME_BEFORE_V2 = re.compile(r"wound of (\d+) past Énorme \((.*)\)")


class ConsciousnessChecked(_Changes, ChainedEvent):
    """An out-of-combat character drew Volonté to come to (§Tirage de conscience)."""

    at: int
    outcome: dict[str, Any]
    regained: bool
    malus: int


class SurvivalChecked(_Changes, ChainedEvent):
    """A survival draw under Carrure for one wound (§Survie): clean, malus, worse, or death.
    ``medicine``, when a healer tends the wound, holds the healer's Médecine draw and its
    ``healer_malus``, the healer's own wound malus its target took (ruling C129); None on draws
    recorded before class version 2, which took none. Its ``unmet`` says that no card could meet
    the healer's target, and the draw was settled a failure with no card drawn (ruling C136); None
    on draws recorded before class version 3, which drew it all the same."""

    class_version = 3

    at: int
    wound_id: int
    outcome: dict[str, Any]
    medicine: dict[str, Any] | None
    result: str
    malus: int
    lasting: dict[str, Any] | None
    wound: dict[str, Any] | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, whose healer's Médecine draw takes the healer's wound malus,
        # or before version 3, whose healer draws no card for a target no card meets.
        super().upcast_stored(state)
        _medicine_before(state)


class SurvivalRetried(_Changes, ChainedEvent):
    """With medical care, a survived wound's margin malus was drawn for again (§Médecine L467).
    ``medicine`` as :class:`SurvivalChecked`'s (``healer_malus`` None before class version 2,
    ``unmet`` None before class version 3).
    ``malus`` is the malus the retry left, ``malus_before`` the one it was drawn against, so that
    a success no better than the malus reads as the change it is not (ruling C135); None on
    retries recorded before class version 3, which kept only the malus left."""

    class_version = 3

    at: int
    wound_id: int
    outcome: dict[str, Any]
    medicine: dict[str, Any] | None
    malus: int
    malus_before: int | None

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, whose healer's Médecine draw takes the healer's wound malus,
        # or before version 3, which keeps the malus the retry was drawn against and whose healer
        # draws no card for a target no card meets.
        super().upcast_stored(state)
        _medicine_before(state)
        state.setdefault("malus_before", None)


def _medicine_before(state: dict[str, Any]) -> None:
    # A healer's support recorded before ruling C129 took none of the healer's wound malus; one
    # recorded before ruling C136 was drawn even against a target no card meets.
    if isinstance(state.get("medicine"), dict):
        state["medicine"].setdefault("healer_malus", None)
        state["medicine"].setdefault("unmet", None)


class PileRefilled(_Changes, FaceDown):
    """Cards from the general deck went into the pile (recovery or resource draw)."""

    face_down_by_design = True  # its cards go into the pile

    at: int
    cards: list[str]
    reason: str
    harder: bool
    sealed_until: str | None


class PileRested(_Changes, ChainedEvent):
    """A night's sleep between sessions brought the pile count back to its maximum."""

    at: int
    pile_count: int


class ExperienceAwarded(_Changes, ChainedEvent):
    """The GM awarded hand cards (§Expérience); drawn now if a session's cards are dealt."""

    at: int
    count: int
    cards: list[str]
    reason: str


class HandDealtEarly(_Deal, ChainedEvent):
    """Between sessions the noted hand was dealt face up, ahead of the next session, so that
    experience could be spent before it (§Expérience L534); the next deal leaves it in hand."""

    at: int
    hand: list[str]


class ExperienceSpent(_Changes, ChainedEvent):
    """Hand cards were spent to raise a skill, add a speciality, a characteristic or pile max."""

    at: int
    purchase: str
    name: str
    speciality: str
    governing: str
    from_level: int
    to_level: int
    cards: list[str]
    reason: str


class CardsReturned(_Changes, ChainedEvent):
    """Session end: every card went back to the deck; the pile and hand counts were noted."""

    at: int
    pile_count: int
    hand_count: int


class SceneEnded(_Changes, ChainedEvent):
    """The scene ended: its markers and the post-KO malus lapse (cartes.md A7, A16)."""

    at: int


class CareArranged(_Changes, ChainedEvent):
    """Downtime order: a healer tends this character's wounds with some means (§Médecine); an
    empty ``healer`` stops it. ``lapses_with_wounds``: the order lapses once the character has no
    open wound and no lasting malus left, and stands for nothing when given for a wound a
    correction voided (ruling C108); False on orders recorded before class version 2, which
    stand until stopped, as they were played."""

    class_version = 2

    at: int
    healer: str
    means: str
    lapses_with_wounds: bool

    @classmethod
    def upcast_stored(cls, state: dict[str, Any]) -> None:
        # Recorded before version 2, whose orders lapse with the wounds they tend (ruling C108).
        super().upcast_stored(state)
        state.setdefault("lapses_with_wounds", False)


class CareIntensified(_Changes, ChainedEvent):
    """The healer tending this character takes ``extra_levels`` more levels of difficulty on each
    Médecine draw to double its result once per level (§Médecine L465, rulings C27, C72)."""

    at: int
    extra_levels: int


class CuredByCare(_Changes, ChainedEvent):
    """Curative care (surgery…) removed the lasting maluses of survived wounds (§Survie)."""

    at: int
    removed: list[dict[str, int]]
