"""Every Cartes event in the players' words (issue 14): cards with their suits, difficulty levels
and lethalities by the names the rulebook gives them (§Difficulté des tirages, §Blessures),
consciousness effects as §KO ou OK tells them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import SimpleNamespace
from typing import Any

from chronique.domain.rulesets.cartes.condition import support_cards_spent
from chronique.domain.rulesets.cartes.experience import step_words
from chronique.domain.rulesets.cartes.resolution import SUPPORT_OF, as_counted, difficulty_name, purposes
from chronique.domain.rulesets.cartes.tables import lethality_index, lethality_name, means_label, tables
from chronique.domain.rulesets.words import SPINE, Describer, cards, described, joined, plural, signed, topic_of

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


def care_words(means: str, extra_levels: int) -> str:
    """A care order's means in words, with the extra levels its healer takes on each Médecine draw
    (§Médecine L465, ruling C72): "Premiers soins avec équipement adapté, 1 extra level: care ×2"."""
    harder = f", {plural(extra_levels, 'extra level')}: care ×{2**extra_levels}" if extra_levels else ""
    return f"{means_label(means)}{harder}"


def care_ended(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> str:
    """What a GM reads when a care order lapsed with the last wound it tended (ruling C108), to
    end a line with: "; nothing left to tend, Bruno's care ends"; "" while it stands."""
    return f"; nothing left to tend, {before['healer']}'s care ends" if before and not after else ""


# Ruling C117: the same markers, of a wound taken between sessions, where they are not taken,
# since no scene runs then to hold them (recorded as 0).
_EFFECTS_BETWEEN_SESSIONS = {
    "two_malus": "shaken, but no scene runs between sessions: no malus markers taken",
    "angry": "angry, but no scene runs between sessions: no bonus marker taken",
}


def effect_words(effect: str, markers_taken: bool = True) -> str:
    """A hit's effect on consciousness (§KO ou OK L354-361) as players read it, e.g.
    "shaken: two malus markers" for ``two_malus``: the one wording the log and the table
    commands share; ``markers_taken`` False: the wound came between sessions, and left none
    (ruling C117)."""
    if not markers_taken and effect in _EFFECTS_BETWEEN_SESSIONS:
        return _EFFECTS_BETWEEN_SESSIONS[effect]
    return _EFFECTS.get(effect, effect.replace("_", " "))


def struck(name: str, damage: int, result: dict[str, Any]) -> str:
    """What one hit did, as a table command tells it: the wound's lethality, its aggravations
    and its effect on consciousness in the log's words (``result`` as ``combat.suffer_wound``
    returns it)."""
    if result["dead"]:
        return f"{name} takes {damage}: dead ({'; '.join(result['aggravations'])})"
    aggravated = f" (aggravated: {'; '.join(result['aggravations'])})" if result["aggravations"] else ""
    lethality = lethality_name(result["wound"]["lethality"])
    effect = effect_words(result["effect"], not result.get("between_sessions"))
    return f"{name} takes a wound of {damage}, lethality {lethality}{aggravated}; {effect}"


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


KO_MALUS = "malus after a knock-out"
"""The damage card's malus a character who came to takes until the scene ends (§Tirage de
conscience L373), in the one wording the consciousness draw, the sheet and every draw's target
say it (ruling C147)."""


# What a test's target adds up from (draws.target_of, §3.4 and §3.8 of the digest), in the order
# the words give them: the skill's level on the sheet first.
_TARGET_TERMS = {
    "speciality": "speciality",
    "situational": "modifier",
    "range": "range",
    "signature": "signature",
    "sensor": "sensor",
    "markers": "markers",
    "wound_malus": "wound malus",
    "ko_malus": KO_MALUS,
}


def target_terms(skill: str, basis: Mapping[str, int]) -> str:
    """What a test's target adds up from, in words: "Contact 9, markers -2" (the skill's level on
    the sheet, then each modifier that is not 0)."""
    return signed({skill: basis["sheet"]} | {words: basis.get(key, 0) for key, words in _TARGET_TERMS.items()}, keep_first=True)


def made_of(e: Any) -> str:
    """What a recorded test's target adds up from, in brackets after it: " (Contact 9, markers
    -2)"; nothing when the sheet alone gave it. Said whenever a term is not 0, even when the terms
    cancel out (a speciality's +4 against four malus markers: " (Contact 9, speciality +4, markers
    -4)"). The log, the exports, the table's line and ``audit show`` say it alike."""
    terms = any(e.basis.get(key) for key in _TARGET_TERMS)
    return f" ({target_terms(e.skill, e.basis)})" if terms or e.target != e.basis["sheet"] else ""


def reason(e: Any) -> str:
    """The reason the player gave a test (``cartes test --reason``), as its log line starts:
    "duel at the bridge: "; nothing when none was given. The game's own purpose ("attack on
    Alice", "resource draw"…) is never said as a reason (ruling C82)."""
    given = purposes(vars(e))[0]
    return f"{given}: " if given else ""


def _test(e: Any) -> str:
    # A recovery draw and a power support's own draw count no suit bonus (rulings C11, C143): their
    # lines say none, as the table's do.
    o = as_counted(vars(e))
    verdict = "success" + (f", {quality(o)}" if o.get("quality") else "") if o["success"] else "failure"
    drawn = f"{e.skill} against {e.target}{made_of(e)} at {_level_drawn(o)}: {cards(o['cards'])} → {verdict}{played(e)}"
    moved = "".join(f"; {words}" for words in _markers_moved(e))
    return f"{reason(e)}{drawn}{_failed_support(e)}{moved}"


def _marker_moves(e: Any) -> tuple[bool, bool | None, int, int]:
    # What a recorded test did with markers (§Marqueurs L330-331, ruling C9; §Choix des manœuvres
    # L278): whether it spent bonus markers for a level, whether it tried to shed malus markers
    # (None: a try that failed left no trace on a test recorded before class version 9), and the
    # bonus markers a tactics success kept here and the malus markers a tactics failure gave. Read
    # from what the test changed when the choices were not recorded: a spend takes 3 bonus, a
    # tactics success here adds 3 (4 with A6's flag), a supporter's goes to the supported.
    m, o = tables().markers, e.outcome
    tactics = o["manoeuvre"] == "tactics"
    here = tactics and o["success"] and not purposes(vars(e))[1].startswith(SUPPORT_OF)
    spent = e.spent_bonus if getattr(e, "spent_bonus", None) is not None else e.bonus_change < 0 or here and e.bonus_change < m.spend_bonus
    tried = e.shed_tried if getattr(e, "shed_tried", None) is not None else (e.malus_change < 0 or None)
    gained = e.bonus_change + (m.spend_bonus if spent else 0) if here else 0
    lost = e.malus_change + (m.shed_malus if tried and o["success"] else 0) if tactics else 0
    return bool(spent), tried, gained, lost


def _markers_moved(e: Any) -> list[str]:
    """What a test did with markers, in the log's words (ruling C118): "3 bonus markers spent for a
    level easier", "3 malus markers shed" or "the try to shed 3 malus markers failed: they stay",
    then a tactics manoeuvre's "3 bonus markers gained" or "1 malus marker taken" (a supporter's
    markers go to the supported character, whose own line says them)."""
    m = tables().markers
    spent, tried, gained, lost = _marker_moves(e)
    words = [f"{plural(m.spend_bonus, 'bonus marker')} spent for a level easier"] if spent else []
    if tried:
        shed = plural(m.shed_malus, "malus marker")
        words.append(f"{shed} shed" if e.outcome["success"] else f"the try to shed {shed} failed: they stay")
    if gained:
        words.append(f"{plural(gained, 'bonus marker')} gained")
    if lost:
        words.append(f"{plural(lost, 'malus marker')} taken")
    return words


def markers_used(name: str, e: Any, condition: Mapping[str, Any], held: bool) -> list[str]:
    """What a test just drawn did with the markers the player chose to use, as the table says it
    (ruling C118): "Alice spends 3 bonus markers for a level easier", "Alice sheds 3 malus markers",
    "Alice keeps 3 malus markers: the try to shed them failed"; the markers now held end the last
    line when ``held`` (no tactics line follows to say them)."""
    m = tables().markers
    spent, tried, _, _ = _marker_moves(e)
    lines = [f"{name} spends {plural(m.spend_bonus, 'bonus marker')} for a level easier"] if spent else []
    if tried:
        shed = plural(m.shed_malus, "malus marker")
        lines.append(f"{name} sheds {shed}" if e.outcome["success"] else f"{name} keeps {shed}: the try to shed them failed")
    if lines and held:
        lines[-1] += f" (now {markers_held(condition)})"
    return lines


def _failed_support(e: Any) -> str:
    # §Tirage des soutiens L297: a failed support gives nothing and records no line of its own, so
    # its test's line says whom it was for (ruling C102); a successful one is said by the
    # SupportReceived line beside it (ruling C82).
    game = purposes(vars(e))[1]
    if e.outcome["success"] or not game.startswith(SUPPORT_OF):
        return ""
    return f"; the support of {game.removeprefix(SUPPORT_OF)} failed"


def played(e: Any) -> str:
    """The cards a recorded test played from the hand or a support, as the log and the table's line
    both say them (ruling C99): its first card when it came from the hand (§Ressources en cartes
    L199, §Choix des manœuvres L279, §Épuisement de la pioche L235: the hand is experience), ", 2♥
    from the hand played first", and when the game chose it, the player naming none (ruling C121),
    ", 2♥ from the hand played first, the lowest in hand since no card was named"; a hand card for a
    failed draw, ", 2♦ from the hand played for 8♣"; the supporter's power card (§Tirage des
    soutiens L293), ", the support card 3♥ played for Q♥"; a supporter's card it held and did not
    need, ", 1 support card held for it unused and gone"; nothing when none was."""
    o = e.outcome
    # The supporter's card is the played card that is not a hand card spent (draws._hand_cards_spent).
    from_hand = list(e.from_hand[1:] if e.source == "hand" else e.from_hand)
    # The seed leaves the hand card to the player (§Choix des manœuvres L279, §Épuisement de la
    # pioche L235); one the game played for them says why it went (ruling C121). None: recorded
    # before TestMade class version 10, which did not keep it.
    why = ", the lowest in hand since no card was named" if getattr(e, "first_card_lowest", None) else ""
    words = [f", {cards(e.from_hand[:1])} from the hand played first{why}"] if e.source == "hand" and e.from_hand else []
    supports = 0
    for replaced, card in o.get("substituted", ()):
        if card in from_hand:
            from_hand.remove(card)
            words.append(f", {cards([card])} from the hand played for {cards([replaced])}")
        else:
            supports += 1
            words.append(f", the support card {cards([card])} played for {cards([replaced])}")
    # §Tirage des soutiens L293: a power support card serves this draw only, used or not (C47,
    # C92): one it did not need lapses here, and the line says so rather than let it vanish. A test
    # recorded before the count was kept is read as the sheet replays it (condition.support_cards_spent).
    held = support_cards_spent(vars(e))
    if held > supports:
        unused = held - supports
        words.append(f", {plural(unused, 'support card')} held for it unused and gone")
    return "".join(words)


def _wound(e: Any) -> str:
    if e.wound is None:
        return f"took {e.damage} from {e.source or 'a blow'}: the wound kills"
    aggravated = f" (aggravated: {'; '.join(e.aggravations)})" if e.aggravations else ""
    lethality = lethality_name(e.wound["lethality"])
    # A shaken or angering wound recorded with no marker came between sessions (ruling C117):
    # every other records the markers §KO ou OK gives.
    effect = effect_words(e.effect, bool(e.bonus_change or e.malus_change))
    return f"took a wound of {e.damage} from {e.source or 'a blow'}, {lethality}{aggravated}; {effect}"


def _survival(e: Any) -> str:
    malus = f" (lasting malus -{e.malus})" if e.malus else ""
    return f"survival draw for wound {e.wound_id}: {_drawn_under_care(e)} → {_SURVIVAL.get(e.result, e.result)}{malus}"


def malus_lifted(removed: list[dict[str, int]]) -> str:
    """What curative care lifted (``CuredByCare.removed``), as `cartes cure` and `downtime report`
    say it: "5 points of lasting malus lifted"."""
    # §Survie L446: a survived wound's margin malus lasts "jusqu'à soins curatifs".
    return f"{plural(sum(m['amount'] for m in removed), 'point')} of lasting malus lifted"


def _retried(e: Any) -> str:
    # §Médecine L467: a retry at or above the wound's value lifts the malus; say so rather than "-0",
    # as the advance that made it does ("the malus of wound 2 is gone"). A failed retry changes
    # nothing (ruling C28): say it failed, not that the malus "is now" what it was; nor does a
    # success whose margin is no smaller than the malus (ruling C135), as the advance says it. A
    # retry recorded before the malus it was drawn against was kept (None) says the malus after it.
    if not e.outcome["success"]:
        left = f"failed: the malus stays -{e.malus}"
    elif not e.malus:
        left = "the malus is gone"
    elif e.malus_before is None:
        left = f"the malus is -{e.malus} after it"
    elif e.malus == e.malus_before:
        left = f"success, but its margin is no smaller: the malus stays -{e.malus}"
    else:
        left = f"malus now -{e.malus}, down from -{e.malus_before}"
    return f"survival retried for wound {e.wound_id}: {_drawn_under_care(e)} → {left}"


def _drawn_under_care(e: Any) -> str:
    # §Médecine L465: the healer's tactics support is drawn first, at the survival draw's level
    # eased or not by the means; its bonus markers raise the target of the Carrure draw (§Survie),
    # whose level a ♣ first card eases (L322).
    o, medicine = e.outcome, e.medicine
    if not medicine:
        return f"against {o['target']} (Carrure) at {_level_drawn(o)}: {cards(o['cards'])}"
    m = medicine["outcome"]
    care = f"{plural(medicine['bonus'], 'bonus marker')}" if m["success"] else "failure, no marker"
    # Ruling C129: a healer's own wound malus took off the Médecine target; the line says from what,
    # a knock-out's part apart in the sheet's words (ruling C153, as C147 a draw's target); a draw
    # recorded before keeps its words.
    weighed = medicine.get("healer_malus")
    knocked = medicine.get("healer_ko_malus", 0)
    basis = {"sheet": m["target"] + (weighed or 0), "wound_malus": knocked - (weighed or 0), "ko_malus": -knocked}
    against = f"{m['target']} ({target_terms('Médecine', basis)})" if weighed else f"{m['target']}"
    means = means_label(medicine["means"])
    if medicine.get("unmet"):
        # Ruling C136: no card meets a target under an Ace (§Tirage L209): settled undrawn.
        healer = f"{medicine['healer']}'s Médecine ({means}) against {against}, which no card can meet: not drawn, no marker"
    else:
        healer = f"{medicine['healer']}'s Médecine draw ({means}) against {against} at {_level_drawn(m)}: {cards(m['cards'])} → {care}"
    # A Médecine draw that gave no marker left the target at Carrure, and it reads as the untended
    # draw's does (ruling C127): "(Carrure 6, 0 bonus markers)" read like a record's fields.
    carrure = f"Carrure {o['target'] - medicine['bonus']}, {plural(medicine['bonus'], 'bonus marker')}" if medicine["bonus"] else "Carrure"
    return f"{healer}; then against {o['target']} ({carrure}) at {_level_drawn(o)}: {cards(o['cards'])}"


def died(e: Any) -> str:
    """A death in words, its cause inside the sentence rather than in brackets, so that a line
    that brackets it (the advance's confirmation) nests none (ruling C130), worded from the cause
    the ``Died`` keeps (ruling C134): "died of a failed survival draw for wound 1" (§Tirages de
    survie L448), "died of a wound of 14 past Énorme (axe)" (§Aggravation L450-461); a cause that
    is neither (none is recorded so) reads as recorded, after a colon."""
    if e.wound_id is not None:
        return f"died of a failed survival draw for wound {e.wound_id}"
    if e.damage is not None:
        return f"died of a wound of {e.damage} past Énorme" + (f" ({e.source})" if e.source else "")
    return f"died: {e.cause}"


def _level_drawn(o: Mapping[str, Any]) -> str:
    # The level drawn, and the level asked with the first card whose suit moved it (§Bonus de
    # couleur L322-324: a ♣ first, or a ♦ first from the pile on a short-circuit), as the table says.
    if o["level_asked"] == o["level"]:
        return level(o["level"])
    first = (o.get("drawn") or o["cards"])[:1]
    return f"{level(o['level'])}, asked {level(o['level_asked'])}" + (f", {cards(first)[-1]} first" if first else "")


def _opposition(e: Any) -> str:
    o = e.opposition
    against, failed = f"opposed draw against {e.opponent}", "both failed"
    if e.opponent_stance != "draws":
        # §Réussites ou échecs L312, §KO ou OK L361, L271: the side that does not draw takes the
        # action in full, and the line says what it took, as it does when both draw.
        how = "is out of combat" if e.opponent_stance == "out of combat" else "does not draw"
        against, failed = f"{against}, who {how}", "failed, nothing happens"
    winner = o.get("winner")
    if winner not in ("attacker", "defender"):
        return f"{against}: {failed}"
    won = "won" if winner == "attacker" else f"lost to {e.opponent}"
    damage = f"; {damage_dealt(e)}" if e.damage else ""
    return f"{against}: {won}, {compared(o, e.opponent_stance == 'draws')}{damage}"


def compared(opposition: Mapping[str, Any], both_drew: bool) -> str:
    """What an opposition won by (``opposition`` as ``OppositionSettled`` records it, a winner
    given), the one wording of the log, the table's line and ``audit show`` (ruling C132): the
    results compared, the winner's first, "a failure" for a loser who failed, any tie-break's cards
    (the winner's of each pair first, A18), the net and, when both succeeded, what came off it
    (§Réussites ou échecs L311, ruling C12: the loser's success card, not its suit bonus): "5
    against 2, net 3 (5 less 2, the loser's success card)", "9 against a failure, net 9", "6 against
    6, tie-break 9♦ against 4♦, net 3 (6 less 3, the loser's success card)"; the net alone, "net 9",
    when a side did not draw (``both_drew`` False) or the results were not recorded (C128)."""
    net = int(opposition.get("net") or 0)
    ours, theirs = int(opposition.get("attacker_total") or 0), int(opposition.get("defender_total") or 0)
    if not both_drew or not (ours or theirs):
        return f"net {net}"
    attacker_won = opposition.get("winner") == "attacker"
    won, lost = (ours, theirs) if attacker_won else (theirs, ours)
    pairs = [(a, d) if attacker_won else (d, a) for a, d in opposition.get("tie_breaks") or ()]
    tie_breaks = "".join(f", tie-break {cards([mine])} against {cards([other])}" for mine, other in pairs)
    if not lost:
        return f"{won} against a failure{tie_breaks}, net {net}"
    return f"{won} against {lost}{tie_breaks}, net {net} ({won} less {won - net}, the loser's success card)"


def damage_dealt(e: Any) -> str:
    """The damage a recorded opposition dealt, and at which lethality from whose weapon, as its log
    line and the table's attack say it: "9 damage at Forte from the attack (weapon +3)"; the net of
    the draws plus the winner's weapon bonus (§Encaissement des dommages L346, ruling C124)."""
    return f"{e.damage} damage{dealt_by(e.weapons, e.opposition.get('winner'), e.opponent)}"


def dealt_by(weapons: Mapping[str, Mapping[str, int]] | None, winner: str | None, opponent: str) -> str:
    """At which lethality an attack's damage was dealt and by whose weapon, as the log and ``audit
    show`` say it after the damage (§Réussites ou échecs L311: the loser takes the winner's
    action; ruling C50: a winning parry deals the defender's weapon, Moyenne unless one is given,
    never the attack's): " at Forte from the attack (weapon +2)", " at Moyenne from Alice's parry
    (a winning parry deals the defender's lethality, Moyenne unless a weapon is given, not the
    attack's Forte)". Nothing for a contest, which records no weapons (ruling C86)."""
    if not weapons or winner not in ("attacker", "defender") or winner not in weapons:
        return ""
    weapon = weapons[winner]
    at = lethality_name(weapon["lethality"])
    notes = [f"weapon {weapon['bonus']:+d}"] if weapon.get("bonus") else []
    if winner == "attacker":
        whose = "the attack"
    else:
        whose = f"{opponent}'s parry"
        attack = weapons.get("attacker")
        if attack is not None and attack["lethality"] != weapon["lethality"]:
            # Moyenne is what `cartes attack` deals for a side whose weapon is not given (C50).
            ungiven = ", Moyenne unless a weapon is given" if weapon["lethality"] == lethality_index("moyenne") else ""
            notes.append(f"a winning parry deals the defender's lethality{ungiven}, not the attack's {lethality_name(attack['lethality'])}")
    return f" at {at} from {whose}" + (f" ({'; '.join(notes)})" if notes else "")


def given(e: Any) -> str:
    """What a support gave (§Déroulement du tour, supports L291-296): a power card for the next
    draw, bonus markers, or cards for the pile; the log and the table's line say it alike."""
    words = {
        "power": f"a power card for their next draw ({cards([e.card])})" if e.card else "no power card",
        "tactics": f"{plural(e.markers, 'bonus marker')}",
        "resource": f"{plural(len(e.cards), 'resource card')} for their pile",
    }
    return words.get(e.kind, e.kind)


def _support(e: Any) -> str:
    return f"supported by {e.supporter}: {given(e)}"


def markers_held(condition: Mapping[str, Any]) -> str:
    """A character's markers as the sheet says them: "3 bonus, 0 malus"."""
    return f"{condition['bonus']} bonus, {condition['malus']} malus"


def scene_ended(lapsed: Sequence[tuple[str, Mapping[str, Any]]]) -> str:
    """What a scene's end cleared, by character (cartes.md A7, A16): "scene ended; lapsed: Alice's
    3 bonus markers and malus after a knock-out -8"; with nothing held, it says so, where a second
    end in a row read "markers cleared" as the first (ruling C154)."""
    if not lapsed:
        return "scene ended: nothing lapsed, as nobody held markers, a malus after a knock-out, harder resource draws or support cards"
    return "scene ended; lapsed: " + "; ".join(f"{name}'s {joined(_scene_parts(c))}" for name, c in lapsed)


def _scene_parts(c: Mapping[str, Any]) -> list[str]:
    # The sheet's words for each (view.py: "markers", KO_MALUS, "next resource draw", "support
    # cards for the next draw").
    parts = [plural(c[kind], f"{kind} marker") for kind in ("bonus", "malus") if c[kind]]
    if c["ko_malus"]:
        parts.append(f"{KO_MALUS} -{c['ko_malus']}")
    if c["resource_steps"]:
        parts.append("harder next resource draw")
    if c["support_cards"]:
        parts.append(f"support {'card' if len(c['support_cards']) == 1 else 'cards'} {cards(c['support_cards'])} for the next draw")
    return parts


def tactics_left(name: str, bonus: int, malus: int, condition: Mapping[str, Any]) -> str:
    """What a tactics manoeuvre left its character (§Choix des manœuvres L278: three bonus markers
    on a success, a malus marker on a failure), with the markers now held: "Alice gains 3 bonus
    markers (now 3 bonus, 0 malus)"."""
    gained = f"gains {plural(bonus, 'bonus marker')}" if bonus else f"takes {plural(malus, 'malus marker')}"
    return f"{name} {gained} (now {markers_held(condition)})"


def pile_words(name: str, e: Any, pile: int, pile_max: int) -> str:
    """What a resource or recovery draw put into the pile (§Choix des manœuvres L279, §Épuisement
    de la pioche L235), how full it is now, and whether the next such draw is harder: "Alice's
    pile gains 2 cards (now 7 of 7); the next recovery draw is one level harder"."""
    gained = f"gains {plural(len(e.cards), 'card')} (now {pile} of {pile_max})" if e.cards else "gains nothing"
    harder = f"; the next {e.reason} draw is one level harder" if e.harder else ""
    return f"{name}'s pile {gained}{harder}"


def _refilled(e: Any) -> str:
    # As the table's line says it (pile_words): what the resource or recovery draw put into the
    # pile, and whether it made the next one harder (§Choix des manœuvres L279, §Épuisement de la
    # pioche L235); a failed draw's "0 cards into the pile (resource)" said neither.
    gained = f"{plural(len(e.cards), 'card')} into the pile" if e.cards else "nothing into the pile"
    harder = f"; the next {e.reason} draw is one level harder" if e.harder else ""
    return f"{gained} from the {e.reason} draw{harder}"


def _spent(e: Any) -> str:
    return f"spent {cards(list(e.cards))} on {purchase_words(e)}"


def purchase_words(e: Any) -> str:
    """What experience bought (§Expérience L536-549), as the log and the ledger say it: the one
    wording of a step (``experience.step_words``)."""
    return step_words(e.purchase, e.name, e.from_level, e.speciality)


def came_to(outcome: Mapping[str, Any], regained: bool, malus: int) -> str:
    """A consciousness draw in words, for the log and the table alike (§Tirage de conscience
    L371-373): a Volonté draw, no manoeuvre (no suit bonus is said); on a success the character
    comes to and "subit un malus égal à la carte de dommage", until the scene ends (ruling C39)."""
    drawn = f"Volonté draw to come to, against {outcome['target']} at {_level_drawn(outcome)}: {cards(outcome['cards'])}"
    if not regained:
        return f"{drawn} → failure: still out of combat"
    if not malus:
        # Ruling C117: the damage card's malus lasts the scene (C39), and none runs between sessions.
        return f"{drawn} → success: came to, with no malus: the damage card's lasts a scene, and none runs between sessions"
    return f"{drawn} → success: came to; {KO_MALUS} -{malus} (the damage card) until the scene ends"


def _returned(e: Any) -> str:
    # §Ressources en cartes L203; ruling C36: a GM character, who holds no cards (C35), still
    # comes back from a knock-out and loses its markers at the session's end.
    if not e.pile_count and not e.hand_count:
        return "the session ended: no cards held; markers, support cards and any knock-out lapse"
    return f"every card back to the deck: {plural(e.pile_count, 'card')} in the pile, {e.hand_count} in hand"


def _dealt(e: Any) -> str:
    # §Distribution des cartes L84-90: the hand face up, the pile face down; a hand dealt early to
    # spend experience (ruling C46) or a pile emptied at the session's end leaves nothing to deal.
    hand = f"a hand of {cards(list(e.hand))}" if e.hand else "no hand card"
    pile = f"a pile of {plural(len(e.pile), 'card')} face down" if e.pile else "no pile card"
    return f"dealt {hand} and {pile}"


# How a passive test's first card was drawn "for" before ruling C120: "Vigilance test (passive)".
_PASSIVE_BEFORE_C120 = " test (passive)"
_DECK_DRAWN = "chronique.domain.deck:Deck.CardsDrawn"


def _deck_drawn(e: Any) -> str:
    # Ruling C122: a journal recorded before ruling C120 keeps the purpose "Vigilance test
    # (passive)", which the deck's line put inside its own brackets ("3♥ drawn for Alice
    # (Vigilance test (passive))"); it reads as play words it now, "passive Vigilance test"
    # (§Tirage passifs L229), with the event as stored. Every other purpose reads as the spine's
    # describer says it.
    purpose = e.purpose
    if purpose.endswith(_PASSIVE_BEFORE_C120):
        purpose = "passive " + purpose[: -len(" (passive)")]
    return SPINE[_DECK_DRAWN](SimpleNamespace(cards=e.cards, to=e.to, purpose=purpose))


WORDS: dict[str, Describer] = {
    "chronique.domain.rulesets.cartes.events:CardsDealt": _dealt,
    "chronique.domain.rulesets.cartes.events:TestMade": _test,
    "chronique.domain.rulesets.cartes.events:SupportReceived": _support,
    "chronique.domain.rulesets.cartes.events:OppositionSettled": _opposition,
    "chronique.domain.rulesets.cartes.events:WoundSuffered": _wound,
    "chronique.domain.rulesets.cartes.events:Died": died,
    "chronique.domain.rulesets.cartes.events:ConsciousnessChecked": lambda e: came_to(e.outcome, e.regained, e.malus),
    "chronique.domain.rulesets.cartes.events:SurvivalChecked": _survival,
    "chronique.domain.rulesets.cartes.events:SurvivalRetried": _retried,
    "chronique.domain.rulesets.cartes.events:PileRefilled": _refilled,
    "chronique.domain.rulesets.cartes.events:PileRested": lambda e: f"a night's sleep: the pile is back to {plural(e.pile_count, 'card')}",
    "chronique.domain.rulesets.cartes.events:ExperienceAwarded": lambda e: (
        f"earned {plural(e.count, 'hand card')}" + (f" ({e.reason})" if e.reason else "")
    ),
    "chronique.domain.rulesets.cartes.events:HandDealtEarly": lambda e: (
        f"dealt a hand of {cards(list(e.hand))} ahead of the next session, to spend experience"
    ),
    "chronique.domain.rulesets.cartes.events:ExperienceSpent": _spent,
    "chronique.domain.rulesets.cartes.events:CardsReturned": _returned,
    "chronique.domain.rulesets.cartes.events:SceneEnded": lambda e: "the scene ended: its markers lapse",
    "chronique.domain.rulesets.cartes.events:CareArranged": lambda e: (
        f"wounds tended by {e.healer} ({means_label(e.means)})" if e.healer else "care stopped: nobody tends the wounds now"
    ),
    "chronique.domain.rulesets.cartes.events:CareIntensified": lambda e: (
        f"the healer takes {plural(e.extra_levels, 'extra level')} on each Médecine draw: its markers ×{2**e.extra_levels}"
    ),
    "chronique.domain.rulesets.cartes.events:CuredByCare": lambda e: (
        f"curative care lifted {plural(len(e.removed), 'lasting malus', 'lasting maluses')}"
    ),
}


def describe(event: Any) -> str:
    """A Cartes event (or the spine's) in the players' words; the general deck's draws as the
    spine words them, a purpose stored before ruling C120 read with one pair of brackets (C122)."""
    if topic_of(event) == _DECK_DRAWN:
        return _deck_drawn(event)
    return described(WORDS, event)
