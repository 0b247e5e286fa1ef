"""What happens to a Cartes character, as past-tense facts recorded on its chain.

The condition they change is plain data (JSON), so a replay or a snapshot restores it exactly:
``pile`` and ``hand`` (cards held while a session's cards are dealt), ``pile_count`` and
``hand_count`` (what the sheet notes between sessions), scene markers, wounds, lasting maluses.
"""

from __future__ import annotations

from typing import Any

from chronique.domain.chain import ChainedEvent, FaceDown
from chronique.domain.character import Character


def _remove(cards: list[str], spent: list[str]) -> list[str]:
    rest = list(cards)
    for card in spent:
        rest.remove(card)
    return rest


class CardsDealt(FaceDown):
    """At the session's first draw the character got its hand (face up) and pile (face down)."""

    at: int
    hand: list[str]
    pile: list[str]
    sealed_until: str

    def apply(self, character: Character) -> None:
        c = character.condition
        c["hand"], c["pile"], c["dealt"] = list(self.hand), list(self.pile), True
        c["hand_count"], c["pile_count"] = len(self.hand), len(self.pile)


class TestMade(FaceDown):
    """The character drew for a test; ``outcome`` holds every card and the verdict."""

    __test__ = False  # not a pytest test class

    at: int
    skill: str
    target: int
    manoeuvre: str
    source: str
    purpose: str
    outcome: dict[str, Any]
    from_pile: list[str]
    from_hand: list[str]
    support_used: bool
    bonus_change: int
    malus_change: int
    basis: dict[str, int]
    sheet_version: int
    sealed_until: str | None

    def apply(self, character: Character) -> None:
        c = character.condition
        if self.support_used:
            c["support_cards"] = c["support_cards"][1:]
        c["pile"] = _remove(c["pile"], self.from_pile)
        c["hand"] = _remove(c["hand"], self.from_hand)
        c["pile_count"], c["hand_count"] = len(c["pile"]), len(c["hand"])
        c["bonus"] += self.bonus_change
        c["malus"] += self.malus_change


class SupportReceived(FaceDown):
    """A supporter's successful draw helped this character (§Déroulement du tour, supports):
    a power card to use in the next draw, three bonus markers, or resource cards for the pile."""

    at: int
    supporter: str
    kind: str
    card: str | None
    markers: int
    cards: list[str]
    sealed_until: str | None

    def apply(self, character: Character) -> None:
        c = character.condition
        if self.card is not None:
            c["support_cards"] = [*c["support_cards"], self.card]
        c["bonus"] += self.markers
        c["pile"] = [*c["pile"], *self.cards]
        c["pile_count"] = len(c["pile"]) if c["dealt"] else c["pile_count"] + len(self.cards)


class WoundSuffered(ChainedEvent):
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

    def apply(self, character: Character) -> None:
        c = character.condition
        if self.wound is not None:
            c["wounds"] = [*c["wounds"], dict(self.wound)]
            c["next_wound"] += 1
        c["bonus"] += self.bonus_change
        c["malus"] += self.malus_change
        if self.effect == "out_of_combat":
            c["out_of_combat"] = True
            c["ko_damage"] = self.damage


class Died(ChainedEvent):
    """The character died (cartes.md §4.5: aggravation past Énorme or a failed Énorme survival)."""

    at: int
    cause: str

    def apply(self, character: Character) -> None:
        character.condition["dead"] = True
        character.condition["wounds"] = [dict(w, next_draw=None) for w in character.condition["wounds"]]


class ConsciousnessChecked(ChainedEvent):
    """An out-of-combat character drew Volonté to come to (§Tirage de conscience)."""

    at: int
    outcome: dict[str, Any]
    regained: bool
    malus: int

    def apply(self, character: Character) -> None:
        if self.regained:
            c = character.condition
            c["out_of_combat"] = False
            c["ko_damage"] = 0
            c["ko_malus"] = self.malus


class SurvivalChecked(ChainedEvent):
    """A survival draw under Carrure for one wound (§Survie): clean, malus, worse, or death."""

    at: int
    wound_id: int
    outcome: dict[str, Any]
    medicine: dict[str, Any] | None
    result: str
    malus: int
    lasting: dict[str, Any] | None
    wound: dict[str, Any] | None

    def apply(self, character: Character) -> None:
        c = character.condition
        others = [w for w in c["wounds"] if w["id"] != self.wound_id]
        if len(others) == len(c["wounds"]):
            raise ValueError(f"no open wound {self.wound_id}")  # a correction voided it
        # cartes.md A11: a stopped wound leaves its holder; only its margin malus stays.
        c["wounds"] = others if self.wound is None else [*others, dict(self.wound)]
        if self.lasting is not None:
            c["lasting_malus"] = [*c["lasting_malus"], dict(self.lasting)]


class SurvivalRetried(ChainedEvent):
    """With medical care, a survived wound's margin malus was drawn for again (§Médecine L467)."""

    at: int
    wound_id: int
    outcome: dict[str, Any]
    medicine: dict[str, Any] | None
    malus: int

    def apply(self, character: Character) -> None:
        c = character.condition
        kept = [m for m in c["lasting_malus"] if m["wound"] != self.wound_id]
        old = next(m for m in c["lasting_malus"] if m["wound"] == self.wound_id)
        if self.malus:
            kept.append(dict(old, amount=self.malus, next_retry=self.at + old["period"]))
        c["lasting_malus"] = kept


class PileRefilled(FaceDown):
    """Cards from the general deck went into the pile (recovery or resource draw)."""

    at: int
    cards: list[str]
    reason: str
    harder: bool
    sealed_until: str | None

    def apply(self, character: Character) -> None:
        c = character.condition
        c["pile"] = [*c["pile"], *self.cards]
        c["pile_count"] = len(c["pile"])
        steps = f"{self.reason}_steps"
        c[steps] = c[steps] + 1 if self.harder else 0


class PileRested(ChainedEvent):
    """A night's sleep between sessions brought the pile count back to its maximum."""

    at: int
    pile_count: int

    def apply(self, character: Character) -> None:
        character.condition["pile_count"] = self.pile_count
        character.condition["recovery_steps"] = 0


class ExperienceAwarded(ChainedEvent):
    """The GM awarded hand cards (§Expérience); drawn now if a session's cards are dealt."""

    at: int
    count: int
    cards: list[str]
    reason: str

    def apply(self, character: Character) -> None:
        c = character.condition
        c["hand"] = [*c["hand"], *self.cards]
        c["hand_count"] += self.count


class ExperienceSpent(ChainedEvent):
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

    def apply(self, character: Character) -> None:
        sheet = character.sheet
        if self.purchase == "skill":
            skills = dict(sheet["skills"])
            skill = dict(skills.get(self.name) or {"level": 0, "specialities": [], "characteristic": self.governing})
            skill["level"] = self.to_level
            skills[self.name] = skill
            sheet["skills"] = skills
        elif self.purchase == "speciality":
            skills = dict(sheet["skills"])
            skills[self.name] = dict(skills[self.name], specialities=[*skills[self.name]["specialities"], self.speciality])
            sheet["skills"] = skills
        elif self.purchase == "characteristic":
            sheet["characteristics"] = dict(sheet["characteristics"], **{self.name: self.to_level})
        else:
            sheet["pile_max"] = self.to_level
        c = character.condition
        c["hand"] = _remove(c["hand"], self.cards)
        c["hand_count"] -= len(self.cards)


class CardsReturned(ChainedEvent):
    """Session end: every card went back to the deck; the pile and hand counts were noted."""

    at: int
    pile_count: int
    hand_count: int

    def apply(self, character: Character) -> None:
        c = character.condition
        c.update(pile=[], hand=[], dealt=False, pile_count=self.pile_count, hand_count=self.hand_count, returned_at=self.at)
        c.update(bonus=0, malus=0, out_of_combat=False, ko_damage=0, ko_malus=0, resource_steps=0, support_cards=[])


class SceneEnded(ChainedEvent):
    """The scene ended: its markers and the post-KO malus lapse (cartes.md A7, A16)."""

    at: int

    def apply(self, character: Character) -> None:
        character.condition.update(bonus=0, malus=0, ko_malus=0, resource_steps=0, support_cards=[])


class CareArranged(ChainedEvent):
    """Downtime order: a healer tends this character's wounds with some means (§Médecine)."""

    at: int
    healer: str
    means: str

    def apply(self, character: Character) -> None:
        character.condition["care"] = {"healer": self.healer, "means": self.means} if self.healer else None


class CuredByCare(ChainedEvent):
    """Curative care (surgery…) removed the lasting maluses of survived wounds (§Survie)."""

    at: int
    removed: list[dict[str, int]]

    def apply(self, character: Character) -> None:
        character.condition["lasting_malus"] = []
