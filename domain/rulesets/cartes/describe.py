"""Every Cartes event in the players' words (issue 14): cards with their suits, difficulty levels
and lethalities by the names the rulebook gives them (§Difficulté des tirages, §Blessures),
consciousness effects as §KO ou OK tells them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.rulesets.cartes.resolution import difficulty_name
from chronique.domain.rulesets.cartes.tables import lethality_name, means_label
from chronique.domain.rulesets.words import Describer, cards, described, plural, signed

# §KO ou OK L354-361: what one hit does to consciousness.
_EFFECTS = {
    "none": "no effect on consciousness",
    "two_malus": "shaken: two malus markers",
    "angry": "angry: a bonus marker",
    "out_of_combat": "knocked out of the fight",
}
# §Survie: what a survival draw gave.
_SURVIVAL = {
    "clean": "survived cleanly",
    "malus": "survived with a malus",
    "escalate": "failed: the wound worsened",
    "death": "failed: death",
}
# §Expérience: what hand cards bought.
_PURCHASES = {
    "skill": "a skill level",
    "speciality": "a speciality",
    "characteristic": "a characteristic point",
    "pile-max": "a larger pile",
}


def effect_words(effect: str) -> str:
    """A hit's effect on consciousness (§KO ou OK L354-361) as players read it, e.g.
    "shaken: two malus markers" for ``two_malus``: the one wording the log and the table
    commands share."""
    return _EFFECTS.get(effect, effect.replace("_", " "))


def struck(name: str, damage: int, result: dict[str, Any]) -> str:
    """What one hit did, as a table command tells it: the wound's lethality, its aggravations
    and its effect on consciousness in the log's words (``result`` as ``combat.suffer_wound``
    returns it)."""
    if result["dead"]:
        return f"{name} takes {damage}: dead ({'; '.join(result['aggravations'])})"
    aggravated = f" (aggravated: {'; '.join(result['aggravations'])})" if result["aggravations"] else ""
    lethality = lethality_name(result["wound"]["lethality"])
    return f"{name} takes a wound of {damage}, lethality {lethality}{aggravated}; {effect_words(result['effect'])}"


def level(value: int) -> str:
    """A difficulty level with its name (§Difficulté des tirages): "+1 (Difficile)"."""
    name = difficulty_name(value)
    return f"{value:+d}" + (f" ({name})" if name else "")


def quality(outcome: Mapping[str, Any]) -> str:
    """A success's quality, with the +3 its retained card's suit adds to it (§Bonus de couleur
    L321-323: ♠ on a power manoeuvre, ♥ on a resource one): "quality 2 +3 (♠ on a power manoeuvre)"."""
    bonus = outcome.get("suit_bonus") or 0
    if not bonus:
        return f"quality {outcome['quality']}"
    suit = cards([outcome["retained"]])[-1]
    return f"quality {outcome['quality']} +{bonus} ({suit} on a {outcome.get('manoeuvre') or 'power'} manoeuvre)"


# What a test's target adds up from (draws.target_of, §3.4 and §3.8 of the digest), in the order
# the words give them: the skill's level on the sheet first.
_TARGET_TERMS = {
    "speciality": "speciality",
    "situational": "modifier",
    "range": "range",
    "signature": "signature",
    "markers": "markers",
    "wound_malus": "wound malus",
}


def target_terms(skill: str, basis: Mapping[str, int]) -> str:
    """What a test's target adds up from, in words: "Contact 9, markers -2" (the skill's level on
    the sheet, then each modifier that is not 0)."""
    return signed({skill: basis["sheet"]} | {words: basis.get(key, 0) for key, words in _TARGET_TERMS.items()}, keep_first=True)


def made_of(e: Any) -> str:
    """What a recorded test's target adds up from, in brackets after it: " (Contact 9, markers
    -2)"; nothing when the sheet alone gave it. The log and the table's line say it alike."""
    return f" ({target_terms(e.skill, e.basis)})" if e.target != e.basis["sheet"] else ""


def _test(e: Any) -> str:
    o = e.outcome
    asked = f", asked {level(o['level_asked'])}" if o["level_asked"] != o["level"] else ""
    verdict = "success" + (f", {quality(o)}" if o.get("quality") else "") if o["success"] else "failure"
    return f"{e.skill} against {e.target}{made_of(e)} at {level(o['level'])}{asked}: {cards(o['cards'])} → {verdict}"


def _wound(e: Any) -> str:
    if e.wound is None:
        return f"took {e.damage} from {e.source or 'a blow'}: the wound kills"
    aggravated = f" (aggravated: {'; '.join(e.aggravations)})" if e.aggravations else ""
    lethality = lethality_name(e.wound["lethality"])
    return f"took a wound of {e.damage} from {e.source or 'a blow'}, {lethality}{aggravated}; {effect_words(e.effect)}"


def _survival(e: Any) -> str:
    malus = f" (lasting malus −{e.malus})" if e.malus else ""
    return f"survival draw for wound {e.wound_id}: {cards(e.outcome['cards'])} → {_SURVIVAL.get(e.result, e.result)}{malus}"


def _retried(e: Any) -> str:
    # §Médecine L467: a retry at or above the wound's value lifts the malus; say so rather than "−0",
    # as the advance that made it does ("the malus of wound 2 is gone").
    left = f"malus now −{e.malus}" if e.malus else "the malus is gone"
    # A healer who died since the care was arranged adds nothing and is recorded as no medicine.
    care = f" under {e.medicine['healer']}'s care" if e.medicine else ""
    return f"survival retried for wound {e.wound_id}{care}: {cards(e.outcome['cards'])} → {left}"


def _opposition(e: Any) -> str:
    o = e.opposition
    if e.opponent_stance != "draws":
        how = "is out of combat" if e.opponent_stance == "out of combat" else "does not draw"
        return f"opposed draw against {e.opponent}, who {how}"
    winner = {"attacker": "won", "defender": f"lost to {e.opponent}"}.get(o.get("winner") or "", "both failed")
    damage = f"; {e.damage} damage" if e.damage else ""
    return f"opposed draw against {e.opponent}: {winner}, net {o.get('net')}{damage}"


def _support(e: Any) -> str:
    # §Déroulement du tour, supports: a power card for the next draw, bonus markers, or pile cards.
    given = {
        "power": f"a power card for their next draw ({cards([e.card])})" if e.card else "no power card",
        "tactics": f"{plural(e.markers, 'bonus marker')}",
        "resource": f"{plural(len(e.cards), 'resource card')} for their pile",
    }
    return f"supported by {e.supporter}: {given.get(e.kind, e.kind)}"


def _spent(e: Any) -> str:
    what = _PURCHASES.get(e.purchase, e.purchase)
    target = e.speciality or e.name
    change = f" from {e.from_level} to {e.to_level}" if e.to_level is not None else ""
    return f"spent {cards(list(e.cards))} on {what}: {target}{change}"


WORDS: dict[str, Describer] = {
    "chronique.domain.rulesets.cartes.events:CardsDealt": lambda e: (
        f"dealt a hand of {cards(list(e.hand))} and a pile of {plural(len(e.pile), 'card')} face down"
    ),
    "chronique.domain.rulesets.cartes.events:TestMade": _test,
    "chronique.domain.rulesets.cartes.events:SupportReceived": _support,
    "chronique.domain.rulesets.cartes.events:OppositionSettled": _opposition,
    "chronique.domain.rulesets.cartes.events:WoundSuffered": _wound,
    "chronique.domain.rulesets.cartes.events:Died": lambda e: f"died ({e.cause})",
    "chronique.domain.rulesets.cartes.events:ConsciousnessChecked": lambda e: (
        f"Volonté draw to come to: {cards(e.outcome['cards'])} → " + ("came to" if e.regained else "still out")
    ),
    "chronique.domain.rulesets.cartes.events:SurvivalChecked": _survival,
    "chronique.domain.rulesets.cartes.events:SurvivalRetried": _retried,
    "chronique.domain.rulesets.cartes.events:PileRefilled": lambda e: f"{plural(len(e.cards), 'card')} into the pile ({e.reason})",
    "chronique.domain.rulesets.cartes.events:PileRested": lambda e: f"a night's sleep: the pile is back to {plural(e.pile_count, 'card')}",
    "chronique.domain.rulesets.cartes.events:ExperienceAwarded": lambda e: (
        f"earned {plural(e.count, 'hand card')}" + (f" ({e.reason})" if e.reason else "")
    ),
    "chronique.domain.rulesets.cartes.events:HandDealtEarly": lambda e: (
        f"dealt a hand of {cards(list(e.hand))} ahead of the next session, to spend experience"
    ),
    "chronique.domain.rulesets.cartes.events:ExperienceSpent": _spent,
    "chronique.domain.rulesets.cartes.events:CardsReturned": lambda e: (
        f"every card back to the deck: {plural(e.pile_count, 'card')} in the pile, {e.hand_count} in hand"
    ),
    "chronique.domain.rulesets.cartes.events:SceneEnded": lambda e: "the scene ended: its markers lapse",
    "chronique.domain.rulesets.cartes.events:CareArranged": lambda e: f"wounds tended by {e.healer} ({means_label(e.means)})",
    "chronique.domain.rulesets.cartes.events:CareIntensified": lambda e: (
        f"the healer takes {plural(e.extra_levels, 'extra level')} on each Médecine draw: its markers ×{2**e.extra_levels}"
    ),
    "chronique.domain.rulesets.cartes.events:CuredByCare": lambda e: (
        f"curative care lifted {plural(len(e.removed), 'lasting malus', 'lasting maluses')}"
    ),
}


def describe(event: Any) -> str:
    """A Cartes event (or the spine's) in the players' words."""
    return described(WORDS, event)
