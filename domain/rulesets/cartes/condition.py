"""What each Cartes event does to a character's sheet and condition, as pure functions of the
event's recorded fields.

The events apply them in play and on every replay; the verifier applies the very same functions
to its own copy of each character (FAIRNESS.md v2, rules re-derivation), so a rule that needs a
character's wounds, pile or care reads what play read. Every function takes ``(sheet, condition,
fields)`` and changes the first two in place, replacing nested lists and dicts rather than
mutating them: they may still be the recorded payload of an earlier event. Standard library only:
the standalone verifier carries this module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from chronique.domain.cards import cards_words
from chronique.domain.errors import LaterEventHolds, RuleViolation
from chronique.domain.rulesets.cartes.experience import Cost, characteristic_cost, pile_max_cost, skill_cost, speciality_cost, step_words
from chronique.domain.text import plural

Fields = Mapping[str, Any]
Change = Callable[[dict[str, Any], dict[str, Any], Fields], None]
"""(sheet, condition, the event's recorded fields) -> None."""


def _remove(cards: list[str], spent: list[str], where: str) -> list[str]:
    rest = list(cards)
    for card in spent:
        if card not in rest:
            # A correction voided what brought the card (an award's, a deal's): its words say
            # which card a later event played, for the refusal "void them first" (never the
            # list's own "x not in list").
            raise ValueError(f"a later event plays {cards_words([card])}, which the {where} does not hold without it")
        rest.remove(card)
    return rest


def _owed(c: Mapping[str, Any], dealt: Any) -> list[str]:
    # A deal records the cards it dealt for the hand count then noted, less a hand dealt early
    # (table.deal, advancement._deal_early: ``hand_count - len(hand)``), so in play they are all
    # kept. A replay after a correction voided an award (or what a session's end noted) owes
    # fewer: it keeps the first ones dealt, the count the commands give without it, and the rest
    # go to the discards, as the award's cards would never have been dealt (ruling C84).
    return list(dealt[: _hand_owed(c)])


def _hand_owed(c: Mapping[str, Any]) -> int:
    # What a deal owes the hand: the count noted less the cards already held (dealt early, C46).
    return max(c["hand_count"] - len(c["hand"]), 0)


def short_deal(c: Mapping[str, Any], e: Fields) -> None:
    """Refuse a correction whose replay owes a deal more hand cards than it dealt (ruling C87).

    In play a deal deals the very counts noted (``table.deal``): this never refuses. A correction
    that gives cards back to a hand a session's end then noted (a voided purchase's cards, a
    voided test's hand cards) owes the later deal more: the same commands would have dealt them
    from the deck, and every later draw with them, which no replay can; the hand is the
    experience (C81), never silently short, so the correction is refused naming the deal. A pile
    owed more stays as dealt: its cards are no one's experience, and refusing would leave a test
    of an earlier session beyond correcting once the next one dealt (ruling C89). Checked by the
    events as they replay (``events.CardsDealt``, ``HandDealtEarly``), not by the verifier,
    which replays no correction: it reads the state one recorded."""
    owed = _hand_owed(c)
    if owed > len(e["hand"]):
        raise LaterEventHolds(
            e.get("originator_version"), f"dealt {plural(len(e['hand']), 'hand card')}, and the hand noted without it owes {owed}"
        )


def _pile_owed(c: Mapping[str, Any], dealt: Any) -> list[str]:
    # The pile is dealt as many cards as its noted count (table.deal), so in play all are kept.
    # After a correction voided a pile max that a night's sleep then refilled to (rulings C84,
    # C87) it keeps the first ones, as a deal of the count noted without it would have dealt
    # them, and the rest go to the discards (A30), as C84 does for the hand.
    return list(dealt[: max(c["pile_count"], 0)])


def cards_dealt(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """§Piles: the session's hand (face up) and pile (face down); a hand dealt early between
    sessions (C46) stays, and only the rest of the noted hand is dealt now. A replay after a
    correction keeps as many as the noted counts owe (rulings C84, C87)."""
    c["hand"], c["pile"], c["dealt"] = [*c["hand"], *_owed(c, e["hand"])], _pile_owed(c, e["pile"]), True
    c["hand_count"], c["pile_count"] = len(c["hand"]), len(c["pile"])


def support_cards_spent(e: Fields) -> int:
    """How many of the power support cards held a test spent, first held first (ruling C92)."""
    count = e.get("support_cards_spent")
    if count is not None:
        return int(count)
    spent = e.get("support_spent")
    return int(bool(spent or spent is None and e["support_used"]))


def test_made(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """A test spends its pile or hand cards and the support cards held for it, and changes the
    markers. §Tirage des soutiens L293: the power support cards serve the supported action, the
    next draw, used or not (``support_cards_spent``, ruling C92); a test recorded before that was
    kept (None) was offered the first card only and spent it (``support_spent``), or, recorded
    before that too, spent it only when it used it, and replays as it was played."""
    c["support_cards"] = c["support_cards"][support_cards_spent(e) :]
    if e["from_pile"]:
        c["pile"] = _remove(c["pile"], e["from_pile"], "pile")
    if e["from_hand"]:
        c["hand"] = _remove(c["hand"], e["from_hand"], "hand")
    if c["dealt"] or not e.get("counts_kept"):
        c["pile_count"], c["hand_count"] = len(c["pile"]), len(c["hand"])
    else:
        # §Ressources en cartes L203: between sessions the pile and the hand are counts noted at
        # the session's end, not cards held (a hand dealt early to spend, C46, is its whole
        # count): a test drawn from the general deck then leaves them, less the hand cards it
        # played (ruling C116). A test recorded before set them to the cards held, none, and
        # the next deal dealt nothing: it replays so.
        c["pile_count"] -= len(e["from_pile"])
        c["hand_count"] -= len(e["from_hand"])
    c["bonus"] += e["bonus_change"]
    c["malus"] += e["malus_change"]


test_made.__test__ = False  # type: ignore[attr-defined]  # not a pytest test despite its name


def support_received(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """§Déroulement du tour, supports: a power card for the next draw, markers, or pile cards."""
    if e["card"] is not None:
        c["support_cards"] = [*c["support_cards"], e["card"]]
    c["bonus"] += e["markers"]
    c["pile"] = [*c["pile"], *e["cards"]]
    c["pile_count"] = len(c["pile"]) if c["dealt"] else c["pile_count"] + len(e["cards"])


def opposition_settled(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """An opposition's outcome changes no condition itself: the wound it deals is its own event."""


def wound_suffered(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """The wound card went to the holder of its final lethality; KO and markers (§4)."""
    if e["wound"] is not None:
        c["wounds"] = [*c["wounds"], dict(e["wound"])]
        c["next_wound"] += 1
    c["bonus"] += e["bonus_change"]
    c["malus"] += e["malus_change"]
    if e["effect"] == "out_of_combat":
        c["out_of_combat"] = True
        # §Tirage de conscience L373: the waking malus is the damage card; a second knock-out
        # while out of combat keeps the larger card (ruling), never a smaller one.
        c["ko_damage"] = max(c["ko_damage"], e["damage"])


def died(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """Death: no wound is drawn for any more."""
    c["dead"] = True
    c["wounds"] = [dict(w, next_draw=None) for w in c["wounds"]]
    _lapse_care(c)


def consciousness_checked(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """§Tirage de conscience: a success brings the character to, with the waking malus."""
    if e["regained"]:
        c["out_of_combat"] = False
        c["ko_damage"] = 0
        c["ko_malus"] = e["malus"]


def survival_checked(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """§Survie: the wound stops (leaving a lasting malus, or none) or moves up a lethality."""
    others = [w for w in c["wounds"] if w["id"] != e["wound_id"]]
    if len(others) == len(c["wounds"]):
        raise ValueError(f"no open wound {e['wound_id']}")  # a correction voided it
    # cartes.md A11: a stopped wound leaves its holder; only its margin malus stays.
    c["wounds"] = others if e["wound"] is None else [*others, dict(e["wound"])]
    if e["lasting"] is not None:
        c["lasting_malus"] = [*c["lasting_malus"], dict(e["lasting"])]
    _lapse_care(c)


def survival_retried(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """§Médecine L467: the retry's malus replaces the survived wound's, or lifts it."""
    kept = [m for m in c["lasting_malus"] if m["wound"] != e["wound_id"]]
    old = next(m for m in c["lasting_malus"] if m["wound"] == e["wound_id"])
    if e["malus"]:
        kept.append(dict(old, amount=e["malus"], next_retry=e["at"] + old["period"]))
    c["lasting_malus"] = kept
    _lapse_care(c)


def pile_refilled(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """Cards into the pile; the next recovery or resource draw is harder, or back to easy."""
    c["pile"] = [*c["pile"], *e["cards"]]
    c["pile_count"] = len(c["pile"])
    steps = f"{e['reason']}_steps"
    c[steps] = c[steps] + 1 if e["harder"] else 0


def pile_rested(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """A night's sleep (A14): the pile count back to its maximum, the sheet's as the replay has
    it (in play the very count recorded; a voided purchase of pile max brings it back to the
    maximum without it, ruling C84)."""
    c["pile_count"] = sheet.get("pile_max", e["pile_count"])
    c["recovery_steps"] = 0


def experience_awarded(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """§Expérience: hand cards, drawn at once during a session."""
    c["hand"] = [*c["hand"], *e["cards"]]
    c["hand_count"] += e["count"]


def hand_dealt_early(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """§Expérience L534 (C46): the noted hand, dealt face up between sessions to spend from it
    (as many as the noted count owes: a voided award's are never dealt, ruling C84)."""
    c["hand"] = [*c["hand"], *_owed(c, e["hand"])]


def _bought(e: Fields) -> str:
    # What a purchase recorded, in the one wording of a step (ruling C98).
    return step_words(e["purchase"], e["name"], e["from_level"], e["speciality"])


def _step(sheet: Mapping[str, Any], e: Fields) -> tuple[int, Cost, str]:
    # The level the replay holds for what ``e`` bought, the price of its next step there, and
    # that step in words (§Expérience L536-549), by the very functions ``advancement.spend``
    # priced it with in play.
    name, purchase = e["name"], e["purchase"]
    try:
        if purchase == "skill":
            skill = sheet["skills"].get(name)
            held = skill["level"] if skill else 0  # a new skill starts at 0 (A3)
            governing = skill["characteristic"] if skill else e["governing"]
            rating = sheet["characteristics"][governing]
            cost = skill_cost(held, rating, name)
            return held, cost, f"{cost.what}, with {governing} at {rating},"
        if purchase == "speciality":
            if name not in sheet["skills"]:
                raise LaterEventHolds(
                    e.get("originator_version"),
                    f"adds the speciality {e['speciality']} to {name}, a skill the sheet does not hold without it",
                )
            held = len(sheet["skills"][name]["specialities"])
            cost = speciality_cost(held, name, e["speciality"])
            return held, cost, cost.what
        if purchase == "characteristic":
            held = sheet["characteristics"][name]
            cost = characteristic_cost(held, name)
            return held, cost, cost.what
        held = sheet["pile_max"]
        cost = pile_max_cost(held)
        return held, cost, cost.what
    except RuleViolation as refused:
        raise LaterEventHolds(e.get("originator_version"), f"bought {_bought(e)}, and without it {refused}") from None


def experience_spent(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """Hand cards spent on a skill, a speciality, a characteristic or the pile maximum.

    A purchase is one step up (§Expérience L536-549) from the level the replay holds, never the
    level it recorded (ruling C87, as C84 for the hand): in play they are the same, and after a
    correction voided an earlier purchase of the same thing, the later one raises it from where
    the commands leave it without it (Contact 9→10→11, the first voided: 10). It keeps the cards
    it paid, as a test keeps the cards it played; when they do not pay that step's price (a 2nd
    speciality's 4 cards, now the 1st's, which costs 2; a skill's 1 card once the voided
    characteristic makes it cost 2) or it adds a speciality to a skill the replay lacks, the
    correction is refused in words naming it: the same commands would have been refused."""
    held, cost, step = _step(sheet, e)
    paid = list(e["cards"])
    if not cost.paid_by(paid):  # the price play checked (experience.check_payment), priced where the replay stands
        raise LaterEventHolds(
            e.get("originator_version"), f"paid {cards_words(paid)} for {_bought(e)}, and without it {step} costs {cost.needs()}"
        )
    if e["purchase"] == "skill":
        skills = dict(sheet["skills"])
        skill = dict(skills.get(e["name"]) or {"level": 0, "specialities": [], "characteristic": e["governing"]})
        skill["level"] = held + 1
        skills[e["name"]] = skill
        sheet["skills"] = skills
    elif e["purchase"] == "speciality":
        skills = dict(sheet["skills"])
        skills[e["name"]] = dict(skills[e["name"]], specialities=[*skills[e["name"]]["specialities"], e["speciality"]])
        sheet["skills"] = skills
    elif e["purchase"] == "characteristic":
        sheet["characteristics"] = dict(sheet["characteristics"], **{e["name"]: held + 1})
    else:
        sheet["pile_max"] = held + 1
    c["hand"] = _remove(c["hand"], paid, "hand")
    c["hand_count"] -= len(paid)


def cards_returned(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """Session end (§Ressources en cartes L203): every card back, the counts noted, markers lapse.

    A player character notes the pile and the hand it holds (``table.return_cards``): in play the
    very counts recorded, and on a replay after a correction the counts the commands give without
    what it voided, never the totals recorded then (ruling C84: a voided award's cards are not
    noted in the hand and dealt again). A GM character holds no cards (C35) and keeps what its
    event recorded, as it always read."""
    pile, hand = e["pile_count"], e["hand_count"]
    if not sheet.get("npc"):
        pile = len(c["pile"]) if c["dealt"] else c["pile_count"]
        hand = len(c["hand"]) if c["dealt"] else c["hand_count"]
    c.update(pile=[], hand=[], dealt=False, pile_count=pile, hand_count=hand, returned_at=e["at"])
    c.update(bonus=0, malus=0, out_of_combat=False, ko_damage=0, ko_malus=0, resource_steps=0, support_cards=[])


def scene_ended(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """Markers and the post-KO malus lapse at the end of a scene (A7, A16)."""
    c.update(bonus=0, malus=0, ko_malus=0, resource_steps=0, support_cards=[])


def _lapse_care(c: dict[str, Any]) -> None:
    # §Médecine L465-467: care supports the survival draws of open wounds and the retry that lifts
    # a survived wound's malus; once neither is left, or the patient is dead and draws no more
    # (§Survie L431, C100), it supports nothing, and an order given to lapse with them (ruling
    # C108) lapses, as one given for a wound a correction voided does.
    # An order recorded before (CareArranged class version 1) stands until stopped, as played;
    # so does the care of a state kept before (a snapshot), which has no ``care_lapses``.
    if c["care"] and c.get("care_lapses") and (c["dead"] or not c["wounds"] and not c["lasting_malus"]):
        c["care"] = None


def care_arranged(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """§Médecine: a healer tends the wounds with some means (an empty healer stops it), until no
    open wound or lasting malus is left when the order says so (ruling C108)."""
    c["care"] = {"healer": e["healer"], "means": e["means"]} if e["healer"] else None
    c["care_lapses"] = bool(e.get("lapses_with_wounds"))
    _lapse_care(c)


def care_intensified(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """§Médecine L465: the healer takes extra levels of difficulty to double the care's result
    (nothing once the order lapsed: a replay after its wound was voided, ruling C108)."""
    if c["care"]:
        c["care"] = {**c["care"], "extra_levels": e["extra_levels"]}


def cured_by_care(sheet: dict[str, Any], c: dict[str, Any], e: Fields) -> None:
    """§Survie: curative care lifts the lasting maluses of survived wounds."""
    c["lasting_malus"] = []
    _lapse_care(c)


CHANGES: dict[str, Change] = {
    "CardsDealt": cards_dealt,
    "TestMade": test_made,
    "SupportReceived": support_received,
    "OppositionSettled": opposition_settled,
    "WoundSuffered": wound_suffered,
    "Died": died,
    "ConsciousnessChecked": consciousness_checked,
    "SurvivalChecked": survival_checked,
    "SurvivalRetried": survival_retried,
    "PileRefilled": pile_refilled,
    "PileRested": pile_rested,
    "ExperienceAwarded": experience_awarded,
    "HandDealtEarly": hand_dealt_early,
    "ExperienceSpent": experience_spent,
    "CardsReturned": cards_returned,
    "SceneEnded": scene_ended,
    "CareArranged": care_arranged,
    "CareIntensified": care_intensified,
    "CuredByCare": cured_by_care,
}
"""Each Cartes event's change, by the event class's name."""
