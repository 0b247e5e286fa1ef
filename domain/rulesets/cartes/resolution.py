"""Test resolution of Cartes: difficulty levels, card draws, suit effects, oppositions.

Pure functions over card strings (``chronique.domain.cards``). Randomness never happens here:
the caller hands over the first card and a ``draw`` callback that pulls from the general deck,
so the same inputs always give the same :class:`TestOutcome`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

from chronique.domain import cards as _cards
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes.limits import LEVEL
from chronique.domain.rulesets.cartes.tables import LazyMapping, integer, tables
from chronique.domain.text import fold, quoted

MANOEUVRES = ("power", "tactics", "resource")
"""§Choix des manœuvres L273-279: puissance, tactique, ressource."""

_MANOEUVRE_ALIASES = {
    "power": "power",
    "puissance": "power",
    "tactics": "tactics",
    "tactic": "tactics",
    "tactique": "tactics",
    "resource": "resource",
    "ressource": "resource",
    "recovery": "resource",
    "recuperation": "resource",
}

DIFFICULTIES: Mapping[str, int] = LazyMapping(lambda: tables().difficulties)
"""Difficulty names -> level (§Difficulté des tirages L219-227): "tres-facile" -2 .. "tres-difficile" +2."""

LEVEL_MODIFIERS: Mapping[str, int] = LazyMapping(lambda: tables().level_modifiers)
"""Named level shifts of §3.5 step 1 (short-circuit +1, counter-short-circuit +2, ...)."""

DIAMOND_CANCELS = ("short-circuit", "change-of-plan", "counter-short-circuit")
"""The declarations whose level a ♦ first from the pile cancels (§Bonus de couleur L324): one
level, the singular "le niveau", even of the two a topped short-circuit costs (ruling)."""

_MAX_TIE_BREAKS = 1000


def _card(text: str, what: str = "card") -> str:
    """``text`` as a canonical card, or RuleViolation (one line) naming the bad value."""
    if isinstance(text, str) and _cards.is_card(text):
        return text
    try:
        return _cards.normalise(str(text))
    except (ValueError, IndexError):
        raise RuleViolation(f"{what} {quoted(text)} is not a card (write e.g. 7H, 10S, QD, AC)") from None


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise RuleViolation(f"{what} must be true or false, not {quoted(value)}")
    return value


def manoeuvre_name(text: str) -> str:
    """Canonical manoeuvre ("power", "tactics", "resource") for English or French ``text``."""
    if text in MANOEUVRES:
        return text
    name = _MANOEUVRE_ALIASES.get(fold(str(text)))
    if name is None:
        raise RuleViolation(f"unknown manoeuvre {quoted(text)} (power, tactics or resource)")
    return name


def _level(level: int) -> int:
    # A23: a level beyond ±2 draws 1 + |level| cards; bounded where a table stops making sense.
    if abs(level) > LEVEL:
        raise RuleViolation(f"a difficulty level is -{LEVEL} to +{LEVEL} (each level away from Moyenne draws one more card), not {level}")
    return level


def parse_difficulty(text: str | int) -> int:
    """Difficulty level from a name ("Très facile", "tres-facile", "hard") or a signed integer.

    Levels beyond ±2 are allowed up to ±10 (PROPOSAL A23, ruling BD19); RuleViolation for anything else.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return _level(text)
    raw = str(text).strip()
    try:
        number = int(raw)
    except ValueError:
        number = None
    if number is not None:
        return _level(number)
    key = fold(raw)
    t = tables()
    if key in t.difficulties:
        return t.difficulties[key]
    if key in t.difficulty_aliases:
        return t.difficulty_aliases[key]
    raise RuleViolation(f"unknown difficulty {quoted(text)} (one of {', '.join(t.difficulties)} or a signed integer)")


def difficulty_name(level: int) -> str | None:
    """The seed's name of ``level`` as players read it ("moyenne" for 0, "très difficile" for
    +2), None beyond ±2."""
    for name, value in tables().difficulties.items():
        if value == level:
            return tables().difficulty_words[name]
    return None


def level_modifier(name: str) -> int:
    """The level shift named ``name`` (see ``LEVEL_MODIFIERS``); RuleViolation if unknown."""
    key = fold(name)
    if key not in tables().level_modifiers:
        raise RuleViolation(f"unknown level modifier {quoted(name)} (one of {', '.join(tables().level_modifiers)})")
    return tables().level_modifiers[key]


def test_level(base: int | str, *modifiers: str) -> int:
    """GM base difficulty plus the named level shifts (§3.5 step 1), e.g. ``("moyenne", "short-circuit")``."""
    return parse_difficulty(base) + sum(level_modifier(m) for m in modifiers)


test_level.__test__ = False  # type: ignore[attr-defined]  # not a pytest test despite its name


def cards_for_level(level: int) -> int:
    """Cards drawn at ``level``: 1 + |level| (§Difficulté des tirages L219-227; PROPOSAL A23 beyond ±2)."""
    return 1 + abs(integer(level, "difficulty level"))


# --- outcomes ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TestOutcome:
    """The result of one test (digest §3.5).

    ``level`` is the level actually drawn after the ♣ / ♦ effects of the first card; ``cards``
    are in draw order after substitutions (``drawn`` before them, ``substituted`` the
    (replaced, played) pairs); ``quality`` is the retained card's value (0 on a
    failure) and ``suit_bonus`` the ♠/♥ +3 of §Bonus de couleur L315-324.
    """

    __test__ = False  # not a pytest test class despite its name

    target: int
    level_asked: int
    level: int
    cards: tuple[str, ...]
    success: bool
    retained: str | None
    quality: int
    suit_bonus: int
    substituted: tuple[tuple[str, str], ...] = ()
    manoeuvre: str = "power"
    support_used: bool = False
    drawn: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        """Quality plus suit bonus: the "réussite" compared in oppositions (§Réussites ou échecs L311)."""
        return self.quality + self.suit_bonus

    @property
    def first(self) -> str:
        """The first card as drawn (before any substitution replaced it)."""
        return self.drawn[0] if self.drawn else self.cards[0]

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form (ints, strs, lists, bools, None) for events."""
        return {
            "target": self.target,
            "level_asked": self.level_asked,
            "level": self.level,
            "cards": list(self.cards),
            "success": self.success,
            "retained": self.retained,
            "quality": self.quality,
            "suit_bonus": self.suit_bonus,
            "substituted": [[old, new] for old, new in self.substituted],
            "manoeuvre": self.manoeuvre,
            "support_used": self.support_used,
            "drawn": list(self.drawn),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TestOutcome:
        """Inverse of :meth:`to_dict`; RuleViolation when a field is missing or malformed."""
        try:
            retained = data["retained"]
            return cls(
                target=integer(data["target"], "target"),
                level_asked=integer(data["level_asked"], "level_asked"),
                level=integer(data["level"], "level"),
                cards=tuple(_card(c) for c in data["cards"]),
                success=_bool(data["success"], "success"),
                retained=None if retained is None else _card(retained),
                quality=integer(data["quality"], "quality"),
                suit_bonus=integer(data["suit_bonus"], "suit_bonus"),
                substituted=tuple((_card(a), _card(b)) for a, b in data.get("substituted", ())),
                manoeuvre=manoeuvre_name(data.get("manoeuvre", "power")),
                support_used=_bool(data.get("support_used", False), "support_used"),
                drawn=tuple(_card(c) for c in data.get("drawn", ())),
            )
        except KeyError as missing:
            raise RuleViolation(f"test outcome lacks field {quoted(missing.args[0])}") from None
        except (TypeError, ValueError) as bad:
            if isinstance(bad, RuleViolation):
                raise
            raise RuleViolation(f"malformed test outcome: {bad}") from None


def _suit_bonus(card: str, manoeuvre: str) -> int:
    # §Bonus de couleur L321, L323: ♥ +3 on a resource manoeuvre, ♠ +3 on a power manoeuvre,
    # applied to the success card only.
    t = tables()
    if manoeuvre == "power" and _cards.suit(card) == "S":
        return t.spades_power_bonus
    if manoeuvre == "resource" and _cards.suit(card) == "H":
        return t.hearts_resource_bonus
    return 0


def _evaluate(target: int, level: int, hand: Sequence[str], manoeuvre: str, best_by_gain: bool = True) -> tuple[bool, str | None]:
    """Success and retained card per §Difficulté des tirages L215-227 (digest §3.2)."""

    # Among cards of equal value the retained one is the one carrying a suit bonus: the seed
    # only ranks by value, so the player keeps the more favourable card (ruling C31). On a
    # resource draw the best success is the one that refills the pile most, its value +3 on ♥
    # (§Choix des manœuvres L279 "un nombre de cartes égal à la réussite", §Bonus de couleur
    # L321 "+3 à la réussite": ruling C101); ``best_by_gain`` False replays a test recorded
    # before that ruling, which kept the highest value.
    def rank(card: str) -> tuple[int, int]:
        value, bonus = _cards.value(card), _suit_bonus(card, manoeuvre)
        return (value + bonus, value) if best_by_gain and manoeuvre == "resource" else (value, bonus)

    successes = [c for c in hand if _cards.value(c) <= target]
    if level < 0:
        # L215: at least one success; the best success gives the quality.
        if not successes:
            return False, None
        return True, max(successes, key=rank)
    if level == 0:
        card = hand[0]
        return (True, card) if _cards.value(card) <= target else (False, None)
    # L217: every card must succeed; the worst one gives the quality.
    if len(successes) != len(hand):
        return False, None
    return True, min(hand, key=lambda c: (_cards.value(c), -_suit_bonus(c, manoeuvre)))


def cards_succeed(target: int, level: int, cards: Sequence[str]) -> bool:
    """Whether ``cards``, drawn in this order at ``level`` (the level the first card left),
    succeed against ``target`` (§Difficulté des tirages L215-227): luck reads the cards as they
    fell, before a support's card or a hand card replaced one (ruling C97)."""
    return _evaluate(target, level, cards, "power")[0]


@dataclass(frozen=True)
class _Candidate:
    cards: tuple[str, ...]
    success: bool
    retained: str | None
    substituted: tuple[tuple[str, str], ...]
    hand_used: tuple[int, ...]
    support_used: int
    manoeuvre: str

    @property
    def quality(self) -> int:
        return _cards.value(self.retained) if self.retained else 0

    @property
    def bonus(self) -> int:
        return _suit_bonus(self.retained, self.manoeuvre) if self.retained else 0

    def key(self, hand_values: Sequence[int]) -> tuple[int, int, int, int, int, int]:
        # Best outcome first (success, then quality incl. suit bonus); then spend as few and
        # as low hand cards as possible (they are experience, §Ressources en cartes L199);
        # then use as few support cards as will do.
        return (
            int(self.success),
            self.quality + self.bonus,
            self.quality,
            -len(self.hand_used),
            -sum(hand_values[i] for i in self.hand_used),
            -self.support_used,
        )


def resolve_test(
    target: int,
    level: int,
    first: str,
    draw: Callable[[int], list[str]],
    *,
    manoeuvre: str = "power",
    clubs_rule: bool = True,
    short_circuit: bool = False,
    hand_cards: Sequence[str] = (),
    support_cards: Sequence[str] = (),
    first_from_pile: bool = True,
    best_by_gain: bool = True,
) -> TestOutcome:
    """Resolve one test (digest §3.5).

    ``first`` is the first card (personal pile, hand, or general deck for free/passive draws);
    a ♣ first card gives one facility level (§Bonus de couleur L322, when ``clubs_rule``); a ♦
    first card taken from the personal pile cancels the +1 of a short-circuit or change of plan
    (L324; only when ``short_circuit`` and ``first_from_pile``). Then ``draw(n)`` is called once
    with n = |level| (not called when n = 0) for the extra cards from the general deck
    (§Difficulté des actions L213). ``hand_cards`` are offered to replace failed draws and are
    used only when the test failed (PROPOSAL §3.3); ``support_cards`` (the supporters' power
    success cards, §Tirage des soutiens L293, one per supporter of the action) may each replace
    any one card, and are used only when they improve the outcome. An easy resource draw keeps
    the success that gains the most cards (ruling C101) unless ``best_by_gain`` is False.
    """
    target = integer(target, "target")
    level_asked = integer(level, "difficulty level")
    first = _card(first, "first card")
    manoeuvre = manoeuvre_name(manoeuvre)
    offered = tuple(_card(c, "hand card") for c in hand_cards)
    supports = tuple(_card(c, "support card") for c in support_cards)

    # §Choix de l'actions L269: the personal card is drawn first so that its suit can change
    # the level before the other cards are drawn.
    effective = level_asked
    if clubs_rule and _cards.suit(first) == "C":
        effective -= 1  # §Bonus de couleur L322: "un niveau de facilité supplémentaire"
    if short_circuit and first_from_pile and _cards.suit(first) == "D":
        effective -= 1  # §Bonus de couleur L324: cancels the short-circuit's extra level

    extra_count = abs(effective)
    extra: list[str] = []
    if extra_count:
        pulled = draw(extra_count)
        if pulled is None or len(pulled) != extra_count:
            got = 0 if pulled is None else len(pulled)
            raise RuleViolation(f"the general deck gave {got} cards, {extra_count} were needed")
        extra = [_card(c, "drawn card") for c in pulled]
    drawn = (first, *extra)

    best = _best_outcome(target, effective, drawn, manoeuvre, offered, supports, best_by_gain)
    return TestOutcome(
        target=target,
        level_asked=level_asked,
        level=effective,
        cards=best.cards,
        success=best.success,
        retained=best.retained,
        quality=best.quality,
        suit_bonus=best.bonus,
        substituted=best.substituted,
        manoeuvre=manoeuvre,
        support_used=bool(best.support_used),
        drawn=drawn,
    )


# An ace, the lowest card (cards.value): a target below it is met by no card (§Tirage L209).
LOWEST_CARD = 1


def certain_failure(target: int, level: int, manoeuvre: str = "power") -> TestOutcome:
    """A test against a ``target`` no card can meet, settled as the failure it is without a card
    drawn (§Tirage L209: a card succeeds at or under its target, and none is under an Ace; ruling
    C136): a healer's Médecine draw whose own wound malus, or an untrained skill, leaves nothing to
    meet. RuleViolation for a target a card can meet."""
    if integer(target, "target") >= LOWEST_CARD:
        raise RuleViolation(f"a card can meet the target {target}: the test is drawn")
    level = integer(level, "difficulty level")
    return TestOutcome(
        target=target,
        level_asked=level,
        level=level,
        cards=(),
        success=False,
        retained=None,
        quality=0,
        suit_bonus=0,
        manoeuvre=manoeuvre_name(manoeuvre),
    )


def _best_outcome(
    target: int,
    level: int,
    drawn: tuple[str, ...],
    manoeuvre: str,
    offered: tuple[str, ...],
    supports: tuple[str, ...],
    best_by_gain: bool,
) -> _Candidate:
    """The best legal arrangement of drawn, support and hand cards (see :func:`resolve_test`)."""
    hand_values = [_cards.value(c) for c in offered]

    def candidate(cards: tuple[str, ...], subs: tuple[tuple[str, str], ...], used: tuple[int, ...], sup: int) -> _Candidate:
        ok, kept = _evaluate(target, level, cards, manoeuvre, best_by_gain)
        return _Candidate(cards, ok, kept, subs, used, sup, manoeuvre)

    # Support placements: none, or some of the support cards, each in place of a different drawn
    # card (§Tirage des soutiens L293: each "peut se substituer à n'importe quelle carte tirée",
    # ruling C92), with the slots they took.
    placements: list[tuple[tuple[str, ...], tuple[tuple[str, str], ...], frozenset[int]]] = [(drawn, (), frozenset())]
    for count in range(1, min(len(supports), len(drawn)) + 1):
        for chosen in permutations(supports, count):
            for slots in combinations(range(len(drawn)), count):
                placed = list(drawn)
                for slot, card in zip(slots, chosen, strict=True):
                    placed[slot] = card
                placements.append(
                    (tuple(placed), tuple((drawn[slot], card) for slot, card in zip(slots, chosen, strict=True)), frozenset(slots))
                )

    no_hand = [candidate(c, s, (), len(taken)) for c, s, taken in placements]
    best = max(no_hand, key=lambda c: c.key(hand_values))
    if best.success or not offered:
        return best

    # The test failed: hand cards may now replace failed draws (§Ressources en cartes L199;
    # PROPOSAL §3.3: one hand card per replaced card). A hand card above the target cannot help.
    usable = [i for i, v in enumerate(hand_values) if v <= target]
    options = list(no_hand)
    for cards, subs, taken in placements:
        failed = [i for i, c in enumerate(cards) if _cards.value(c) > target and i not in taken]
        # Easy/average tests need one success; hard tests need every failed card replaced.
        needed = 1 if level <= 0 else len(failed)
        if not failed or needed > len(usable):
            continue
        for combo in combinations(usable, needed):
            new = list(cards)
            pairs = list(subs)
            # On an easy test one replaced card is enough, and any failed slot serves alike.
            for slot, hand_index in zip(failed, combo, strict=False):
                pairs.append((new[slot], offered[hand_index]))
                new[slot] = offered[hand_index]
            options.append(candidate(tuple(new), tuple(pairs), combo, len(taken)))
    return max(options, key=lambda c: c.key(hand_values))


# --- oppositions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Opposition:
    """Outcome of an opposed test (§Réussites ou échecs L305-313, digest §3.11.4).

    ``net`` is what the winner's action is worth: its quality incl. suit bonus, minus the
    loser's success card value when both succeeded; the full total when only the winner
    succeeded; 0 when both failed. ``tie_breaks`` are the (attacker, defender) card pairs drawn
    from the general deck to settle equal results (PROPOSAL A18).
    """

    winner: str | None
    net: int
    tie_breaks: tuple[tuple[str, str], ...] = ()
    attacker_total: int = 0
    defender_total: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {
            "winner": self.winner,
            "net": self.net,
            "tie_breaks": [[a, d] for a, d in self.tie_breaks],
            "attacker_total": self.attacker_total,
            "defender_total": self.defender_total,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Opposition:
        """Inverse of :meth:`to_dict`; RuleViolation when malformed."""
        try:
            winner = data["winner"]
            if winner not in ("attacker", "defender", None):
                raise RuleViolation(f"opposition winner must be attacker, defender or null, not {quoted(winner)}")
            return cls(
                winner=winner,
                net=integer(data["net"], "net"),
                tie_breaks=tuple((_card(a), _card(d)) for a, d in data.get("tie_breaks", ())),
                attacker_total=integer(data.get("attacker_total", 0), "attacker_total"),
                defender_total=integer(data.get("defender_total", 0), "defender_total"),
            )
        except KeyError as missing:
            raise RuleViolation(f"opposition lacks field {quoted(missing.args[0])}") from None
        except (TypeError, ValueError) as bad:
            if isinstance(bad, RuleViolation):
                raise
            raise RuleViolation(f"malformed opposition: {bad}") from None


def oppose(
    attack: TestOutcome | None,
    defence: TestOutcome | None,
    tie_break: Callable[[], tuple[str, str]],
) -> Opposition:
    """Settle an opposition (§Réussites ou échecs L309-313).

    Both succeed: the higher total (quality + suit bonus, PROPOSAL §3.11.4) wins and its net is
    reduced by the loser's success card value; equal totals are settled by ``tie_break()``,
    which returns one general-deck card per side (attacker, defender), higher value wins,
    repeated on equality (PROPOSAL A18). One fails: the other wins at full power. Both fail:
    nothing happens. A side that made no draw (None: out of combat, §KO ou OK L361, or ignoring
    a hostile action, L271) counts as failing: it takes the other's action at full power.
    """
    a_success = attack is not None and attack.success
    d_success = defence is not None and defence.success
    a_total = attack.total if attack is not None else 0
    d_total = defence.total if defence is not None else 0
    if not a_success and not d_success:
        return Opposition(None, 0, (), a_total, d_total)  # L313: "aucune action n'aboutit"
    if a_success != d_success:
        # L312: the one who failed takes the opponent's action "dans toute sa puissance".
        if a_success:
            return Opposition("attacker", a_total, (), a_total, d_total)
        return Opposition("defender", d_total, (), a_total, d_total)
    assert attack is not None and defence is not None  # both succeeded, so both drew
    pairs: list[tuple[str, str]] = []
    if a_total > d_total:
        winner = "attacker"
    elif d_total > a_total:
        winner = "defender"
    else:
        # L311: "un tirage dans la pioche générale (ou plusieurs si nécessaire)".
        winner = ""
        while not winner:
            if len(pairs) >= _MAX_TIE_BREAKS:
                raise RuleViolation("the tie-break never ended")
            raw = tie_break()
            if raw is None or len(raw) != 2:
                raise RuleViolation("a tie-break must give one card per side")
            pair = (_card(raw[0], "tie-break card"), _card(raw[1], "tie-break card"))
            pairs.append(pair)
            a_value, d_value = _cards.value(pair[0]), _cards.value(pair[1])
            if a_value != d_value:
                winner = "attacker" if a_value > d_value else "defender"
    # L311: "sa propre action réduit la réussite adverse du montant de sa carte de réussite":
    # the loser's card value (not its suit bonus) is subtracted; never below 0 (A20).
    if winner == "attacker":
        net = max(0, a_total - defence.quality)
    else:
        net = max(0, d_total - attack.quality)
    return Opposition(winner, net, tuple(pairs), a_total, d_total)


# --- manoeuvre effects ---------------------------------------------------------------------


def tactics_markers(outcome: TestOutcome, *, clubs_tactical_plus_one: bool = False) -> tuple[int, int]:
    """(bonus markers, malus markers) earned by a tactics manoeuvre or support.

    §Choix des manœuvres L278: success -> 3 bonus markers, failure -> 1 malus marker.
    ``clubs_tactical_plus_one`` implements the alternative reading of §Marqueurs L335 (a ♣
    first card passes 4 markers, PROPOSAL A6 flag, default off).
    """
    m = tables().markers
    if not outcome.success:
        return 0, m.tactics_failure_malus
    bonus = m.tactics_success_bonus
    if clubs_tactical_plus_one and _cards.suit(outcome.first) == "C":
        bonus += 1
    return bonus, 0


def pile_gain(outcome: TestOutcome, pile: int, pile_max: int, *, with_suit_bonus: bool = True) -> int:
    """Cards moved from the general deck into the pile after a resource/recovery success.

    Resource manoeuvre (§Choix des manœuvres L279): the success value, +3 on ♥ (L321).
    Exhaustion recovery (§Épuisement de la pioche L235, ``with_suit_bonus=False``): the winning
    card's value. Never above pile max (§Ressources en cartes L193, PROPOSAL §3.10 cap).
    """
    if pile < 0 or pile_max < 0:
        raise RuleViolation("pile and pile max cannot be negative")
    if not outcome.success:
        return 0
    gain = outcome.total if with_suit_bonus else outcome.quality
    return max(0, min(gain, pile_max - pile))


def resource_level(failed_before: int) -> int:
    """Level of a resource draw: Très facile (§Choix des manœuvres L279), +1 per earlier failure.

    PROPOSAL §3.9: the count resets after a success or at the end of the scene (caller).
    """
    if failed_before < 0:
        raise RuleViolation("the number of failed resource draws cannot be negative")
    return tables().difficulties["tres-facile"] + failed_before


RECOVERY_DRAW = "recovery draw"
"""The game's purpose a pile-exhaustion recovery draw is recorded with (``draws._refill``: its
kind and "draw"; ``TestMade.game_purpose``, its ``purpose`` before class version 5), by which the
log tells it from other tests."""

SUPPORT_OF = "support of "
"""How the game's purpose of a supporter's draw begins, the supported character's name after it
(``draws.support``), by which the log tells a failed support (ruling C102)."""


# The purposes the rules themselves wrote on the tests they drew, beside a line that says them
# already: each side of an opposition (combat._exchange: "attack on Alice", "hiding from Bruno"…,
# the opposition's line names the opponent), a supporter's draw (draws.support: the support's
# line names who was helped) and the resource and recovery draws (draws._refill: the pile's line).
# Since TestMade version 5 they are recorded apart (``game_purpose``) and this wording is read for
# nothing. It is kept ONLY for tests recorded before, whose one ``purpose`` field held either the
# player's reason or, when none was given, the game's purpose: a stored event is never rewritten,
# so its wording is all that tells the two apart, and a reason worded like one of these stays
# unshown on those old tests alone, as it always was (ruling C82).
_GAME_WORDING = re.compile(
    r"(?:against|attack on|defence against|hiding from|watching for|support of) [^a-z\s]|(?:resource|recovery) draw$"
)


def purposes(test: Mapping[str, Any]) -> tuple[str, str]:
    """(the reason the player gave, what the game drew it for) of a recorded test's fields, "" for
    either not given (ruling C82): apart since TestMade version 5; on a test recorded before, its
    one ``purpose`` is the game's when worded like one, else the player's. The log, the exports
    and the verifier all read a test's purposes here, old and new alike."""
    purpose = (test.get("purpose") or "").strip()
    game_purpose = test.get("game_purpose")
    if game_purpose is not None:
        return purpose, game_purpose
    return ("", purpose) if _GAME_WORDING.match(purpose) else (purpose, "")


def as_counted(test: Mapping[str, Any]) -> Mapping[str, Any]:
    """A recorded test's outcome (``test``: its fields) as the rules count it: without the suit
    bonus on a draw for which the +3 counts nothing. Such a draw is drawn as a plain test, whose ♠
    success card carries the +3 of a power manoeuvre (§Bonus de couleur L323), and recorded so for
    the verifier; but a pile-exhaustion recovery is no manoeuvre and gains the winning card's value
    alone (§Épuisement de la pioche L235, ruling C11), and a power support's success card is given
    to the supported, in whose draw it replaces a card (§Tirage des soutiens L293, ruling C4), so
    the supporter's own quality serves nothing (ruling C143). What is said of either must not add a
    +3 it never counted; every other test keeps its outcome as recorded."""
    outcome = test["outcome"]
    game_purpose = purposes(test)[1]
    power_support = game_purpose.startswith(SUPPORT_OF) and outcome.get("manoeuvre") == "power"
    return {**outcome, "suit_bonus": 0} if game_purpose == RECOVERY_DRAW or power_support else outcome


def recovery_level(previous_recoveries: int, *, hand_empty: bool = False) -> int:
    """Level of a pile-exhaustion recovery draw (§Épuisement de la pioche L235).

    Très facile Carrure, +1 per earlier recovery draw (reset by a full rest, PROPOSAL §3.10);
    +1 more when hand and pile are both empty and the first card comes from the general deck
    (PROPOSAL A29).
    """
    if previous_recoveries < 0:
        raise RuleViolation("the number of previous recovery draws cannot be negative")
    return tables().difficulties["tres-facile"] + previous_recoveries + (1 if hand_empty else 0)


# --- markers and targets -------------------------------------------------------------------


def target_with_markers(
    base: int,
    bonus: int,
    malus: int,
    spend_three_bonus: bool = False,
    *,
    shed_three_malus: bool = False,
    holder: str = "the character",
) -> tuple[int, int]:
    """(target, level shift) from bonus/malus markers (§Marqueurs de bonus et de malus L326-331)
    of the character ``holder`` names, whom a refusal names.

    Each bonus marker is +1, each malus −1. Spending three bonus markers at once gives one
    facility level (−1) and those three no longer count (L330). With three malus markers the
    character may act at one more level without those three (L331; PROPOSAL: success removes
    them, failure keeps them — see :func:`shed_malus_removed`).
    """
    m = tables().markers
    for value, what in ((bonus, "bonus markers"), (malus, "malus markers")):
        if integer(value, what) < 0:
            raise RuleViolation(f"{what} cannot be negative")
    shift = 0
    if spend_three_bonus:
        if bonus < m.spend_bonus:
            raise RuleViolation(_too_few_markers("spending bonus markers", m.spend_bonus, holder, bonus))
        bonus -= m.spend_bonus
        shift += level_modifier("spend-three-bonus")
    if shed_three_malus:
        if malus < m.shed_malus:
            raise RuleViolation(_too_few_markers("shedding malus markers", m.shed_malus, holder, malus))
        malus -= m.shed_malus
        shift += level_modifier("shed-three-malus")
    return integer(base, "base") + bonus - malus, shift


def _too_few_markers(what: str, needed: int, holder: str, held: int) -> str:
    # Whose markers fell short (ruling C155): "spending bonus markers needs 3, only 0 held" named
    # nobody, and a table has several characters' markers to read.
    return f"{what} needs {needed}: {holder} holds {f'only {held}' if held else 'none'}"


def shed_malus_removed(outcome: TestOutcome) -> int:
    """Malus markers removed by a shedding attempt: 3 on success, 0 on failure (PROPOSAL §3.8)."""
    return tables().markers.shed_malus if outcome.success else 0


def speciality_bonus(own_skill: bool = False, other_skill: bool = False) -> int:
    """Target bonus of a specialty (§Spécialités L243): +4 on its own skill, +2 on another.

    Specialties do not stack (PROPOSAL §3.4): the best single applicable one counts.
    """
    t = tables()
    if own_skill:
        return t.speciality_own
    return t.speciality_other if other_skill else 0


# --- perception, range, round order, traits ------------------------------------------------


def range_of(distance_m: float) -> int:
    """Range on the scale of §Échelle des portées L387-405 (smallest row with bound > distance).

    At or beyond 10 000 m the scale ends: 13 (PROPOSAL A26: undetectable without sensors).
    """
    if isinstance(distance_m, bool) or not isinstance(distance_m, (int, float)) or distance_m < 0:
        raise RuleViolation(f"distance must be a non-negative number of metres, not {quoted(distance_m)}")
    bounds = tables().range_bounds_m
    for index, bound in enumerate(bounds):
        if distance_m < bound:
            return index
    return len(bounds)


def perception(has_vigilance: bool, alert: bool) -> tuple[str, int]:
    """(what to test, level shift) for a watcher (§Sens ou vigilance ? L407-411).

    Vigilance when the character is alert or searching and has the skill; otherwise Sens at
    one more difficulty level.
    """
    if has_vigilance and alert:
        return "Vigilance", 0
    return "Sens", level_modifier("sens-instead-of-vigilance")


def first_speaker(round_number: int, seats: int, *, first_seat: int = 0) -> int:
    """0-based seat of the first speaker of round ``round_number`` (rounds counted from 1).

    §Déclaration des intentions L255-259: each new round the first speaker is the player to
    the left of the previous one; seats are numbered in table order going left, so round 1 ->
    ``first_seat``, round 2 -> the next seat, wrapping around (T17).
    """
    if integer(seats, "seats") < 1:
        raise RuleViolation("a round needs at least one seat")
    if integer(round_number, "round number") < 1:
        raise RuleViolation(f"rounds are counted from 1, not {round_number}")
    if not 0 <= integer(first_seat, "first seat") < seats:
        raise RuleViolation(f"first seat {first_seat} is not one of the {seats} seats")
    return (first_seat + round_number - 1) % seats


def calamity_applies(draw_value: int, number: int) -> bool:
    """Whether the GM may invoke a numbered calamité: the draw is below its number (§Atouts L521)."""
    return integer(draw_value, "draw value") < integer(number, "number")


def atout_applies(draw_value: int, number: int) -> bool:
    """Whether the player may invoke a numbered atout: the draw is above its number (§Atouts L521)."""
    return integer(draw_value, "draw value") > integer(number, "number")
