"""MicroFudge at the table: Tests, hazardous Tests, Revers, first aid and Atouts, on a World.

Every roll is four ``dF`` primitives from the stream of the event that records it (FAIRNESS.md),
so an audit re-derives each die; a hidden GM roll stays sealed until its epoch is revealed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from chronique.domain.chance import ChanceStream
from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge import events as ev
from chronique.domain.rulesets.microfudge.boosts import boosts_for, count_boosts
from chronique.domain.rulesets.microfudge.describe import awarded
from chronique.domain.rulesets.microfudge.rules import (
    HEALING,
    MendedTest,
    TestResult,
    countered_bonus,
    crash_healing,
    critical_wounds,
    first_aid_required,
    is_wreck,
    label,
    pace_percent,
    penalty,
    recovery_period,
    related_rank,
    resolve_with_atouts,
    revers_domain,
    simple_conflict,
    test_required,
    vehicle_words,
)
from chronique.domain.rulesets.microfudge.sheet import characteristic, find, raise_cost
from chronique.domain.rulesets.microfudge.tables import tables
from chronique.domain.rulesets.words import joined
from chronique.domain.text import fold, plural, quoted
from chronique.domain.world import World


@dataclass(frozen=True)
class TestRequest:
    """What a player asks for: the characteristic, the difficulty's required rank and what
    modifies the rank (``modifiers``: name → ranks, e.g. ``{"quality": 1, "weapon": 2}``).

    Atouts spent inside the roll («4 – Utilisation créative des Atouts» L733-L769): ``atout``, how
    many the roller spends on its own +1, which ``countered_by`` cancel one each (L737-L739: as
    many spends as counters lose the bonus, one more keeps it); ``helpers``, each paying 2 for +1
    (L761-L765); ``reroll``, 1 Atout to roll the four dice again should the Test fail (L743);
    ``change_die``, 1 Atout to turn the lowest die to "+" should the Test still fail (PROPOSAL:
    declared with the roll, paid only if used).

    ``healing``, how a hazardous Test's Revers heals; ``None`` when no one says, and then the
    outcome decides it (a crash's serious wound heals weekly, :func:`rules.crash_healing`)."""

    __test__ = False  # not a pytest test class

    characteristic: str
    required: int
    relatedness: str = "close"
    domain: str = "physical"
    modifiers: Mapping[str, int] = field(default_factory=dict)
    atout: int = 0
    hazardous: bool = False
    healing: str | None = None
    purpose: str = ""
    hidden: bool = False
    helpers: tuple[str, ...] = ()
    change_die: bool = False
    countered_by: tuple[str, ...] = ()
    reroll: bool = False


def defaults() -> dict[str, Any]:
    """The campaign settings of MicroFudge, each a choice the seed leaves to the Narrator."""
    return {
        # L215: +1 Atout per character at each session end; the Narrator may change it.
        "session_award": 1,
        # L341: one card a week for deep wounds, or the seed's graduated example (T2b).
        "deep_wound_schedule": "weekly",
        # PROPOSAL A11: a month is 28 days.
        "month_days": 28,
        # PROPOSAL A9: successful first aid stabilizes and reduces the wound one step
        # (reduce_step), only stabilizes (stabilize), or halves its current period (shorten).
        "first_aid_mode": "reduce_step",
        # «2 – Résolution des Conflits hasardeux» L307: the shared 40-card deck of pip cards.
        "decks": {tables().deck_name: {"packs": tables().deck_packs, "ranks": list(tables().deck_ranks)}},
        # «Fatigue (option)» L580-L582: each power use costs a Vigueur rank; PROPOSAL A12: the
        # penalty to power Tests is the ranks lost.
        "fatigue": False,
        # L441 "a good night's rest" (PROPOSAL A11): Potentiel comes back at the first waking
        # hour at least ``night_hours`` after the first point spent.
        "wake_hour": 7,
        "night_hours": 8,
        # [option] «Modificateurs applicables aux conflits» L431: the vehicle's Robustesse as extra defence
        # cards for its occupants when someone shoots at them.
        "vehicle_armour": False,
        # PROPOSAL A7: Streamlined characters may spend their kept creation Atouts on in-session
        # raises at creation costs, up to Excellent; off by default (L715: between sessions).
        "streamlined_play_raises": False,
    }


def settings(world: World) -> dict[str, Any]:
    """The campaign's MicroFudge settings over the ruleset's defaults."""
    return {**defaults(), **world.campaign.settings}


def vigueur_lost(world: World, character: Character) -> int:
    """The Vigueur ranks the character's powers have cost and rest has not given back yet, while
    the campaign plays «Fatigue (option)» (L580-L582): the whole section is the Narrator's option,
    so with it off (even after ranks were lost) they weigh on nothing, a power's Test, a draw on a
    domain, a Vigueur roll or a collapse alike (ruling M85); they still come back with rest."""
    return int(ev.powers_of(character)["lost"]) if settings(world)["fatigue"] else 0


def fatigued(world: World, character: Character, canonical: str) -> dict[str, int]:
    """The rank modifier fatigue puts on a roll of ``canonical``: Vigueur itself is "temporairement
    réduite de un rang" per power used (L582), so a Vigueur Test, draw or resistance rolls it less
    the ranks lost, "fatigue −2"; nothing on another characteristic (ruling M22 keeps the optional
    penalty to power Tests)."""
    lost = vigueur_lost(world, character)
    return {"fatigue": -lost} if lost and fold(canonical) == fold("Vigueur") else {}


def collapsed(world: World, character: Character) -> bool:
    """Whether fatigue has brought Vigueur below Lamentable: the character collapses, "incapable de
    se mouvoir ou d'organiser ses pensées", until a rank comes back (L582)."""
    lost = vigueur_lost(world, character)
    return bool(lost) and characteristic(character.sheet, "Vigueur")[1] - lost <= 0


class Unable(RuleViolation):
    """A refusal because of what character ``name``'s sheet holds (a critical state, a collapse,
    the Revers that put it out of the fight, the Atouts left, a wound), which a hidden roll may
    have changed face down (FAIRNESS.md v2): ``check``, the check that refused, is run again on the
    sheet players see, so that what they read of the refusal tells nothing that sheet does not
    (rulings M86, FP9)."""

    def __init__(self, name: str, why: str, check: Callable[[World, Character], object]) -> None:
        super().__init__(why)
        self.name = name
        self.check = check


def ensure_able_to_act(world: World, *characters: Character) -> None:
    """Refuse an action any of ``characters`` would take while in the critical state (ruling M52):
    a Décisif leaves its victim "most often" unconscious or unable to move (L343) until first aid
    stabilizes it (L359) or an Atout saves the character's skin (L127-L131); or collapsed from
    fatigue, unable to move or think, until a quarter of an hour's rest gives a rank back (L582,
    ruling M76)."""
    for character in characters:
        _able(world, character)


def _able(world: World, character: Character) -> None:
    if collapsed(world, character):
        raise Unable(character.name, f"{character.name} has collapsed and must rest (L582)", _able)
    if character.condition["critical"]:
        wounds = critical_wounds(character.condition["setbacks"])
        one = len(wounds) == 1
        which = f"Revers {joined([str(w) for w in wounds])}, {'a Décisif' if one else 'Décisifs'} not stabilized yet"
        why = (
            f"{character.name} is in a critical state ({which}, L343): they cannot act until first aid stabilizes "
            f"{'it' if one else 'them'} (L359) or they spend an Atout to save their skin (L127-L131)"
        )
        raise Unable(character.name, why, _able)


def _stream(world: World, character: Character) -> ChanceStream:
    """The stream of the character's next chance-consuming event (FAIRNESS.md)."""
    return world.stream(world.campaign.epoch, character.draw_place(world.campaign.epoch))


def _roll(world: World, character: Character, count: int = 4) -> tuple[list[int], list[dict[str, Any]]]:
    stream = _stream(world, character)
    dice = [stream.fudge() for _ in range(count)]
    return dice, stream.ops


def countered_spends(world: World, name: str, spends: int, countered_by: tuple[str, ...]) -> list[tuple[str, str, int]]:
    """The Atouts of a roller's own +1 and of the counters against it (L737-L739): each counter
    costs its spender 1 and cancels one spend; the roller may pay again after each, so it spends as
    many as the counters (the bonus lost) or one more (the bonus kept)."""
    counters = [world.character(c).name for c in countered_by]
    if name in counters:
        raise RuleViolation(f"{name} cannot counter their own Atout (L739)")
    if spends not in (len(counters), len(counters) + 1):
        raise RuleViolation(
            f"{name} spends {plural(spends, 'Atout')} on their +1 against {plural(len(counters), 'counter')}: "
            "each counter cancels one spend, so the roller spends as many (giving up the bonus) or one more (keeping it) (L737-L739)"
        )
    uses = tables().atout_uses
    return [(name, "temporary-bonus", uses["temporary-bonus"])] * spends + [(c, "counter", uses["counter"]) for c in counters]


def _atout_pool(character: Character, cost: int, pool: str | None, use: str, reserve_only: bool = False) -> str:
    """Which Atouts pay: the named pool, else experience first so the reserve stays for raises;
    too few is refused naming ``use``, what they would buy."""
    atouts = character.condition["atouts"]
    if pool is not None and pool not in atouts:
        # Named even where only the reserve pays (a raise in play, L119-L125): "--pool foo" once paid
        # from the reserve as if nothing had been named.
        raise RuleViolation(f"Atouts come from the reserve or experience, not {quoted(pool)}")
    order = ["reserve"] if reserve_only else ([pool] if pool else ["experience", "reserve"])
    for name in order:
        if atouts[name] >= cost:
            return name
    have = " and ".join(f"{atouts[n]} {n}" for n in order)
    # A hidden roll's reroll may have paid some face down (M51): counted as players see them (M86).
    why = f"{character.name} has {_atouts(have, sum(atouts[n] for n in order))}; {use} costs {plural(cost, 'Atout')}"
    raise Unable(character.name, why, lambda _, seen: _atout_pool(seen, cost, pool, use, reserve_only))


def _atouts(counts: str, total: int) -> str:
    """Atouts counted by pool (``2 experience and 1 reserve``), then the word as their total reads."""
    return f"{counts} {'Atout' if total == 1 else 'Atouts'}"


Spend = tuple[str, str, int, dict[str, int]]
"""An Atout spend planned inside a roll: the spender, the use, its cost and the Atouts that pay
it, per pool (``{"experience": 1, "reserve": 1}``)."""


_SPENDS = {
    "save-your-skin": "saving their skin",
    "narrative": "narrative control",
    "monologue": "a monologue",
    "arrive-in-time": "arriving just in time",
    "take-a-revers": "taking a Revers in another's place",
    "temporary-bonus": "the +1",
    "help": "help",
    "counter": "a counter",
    "reroll": "a reroll",
    "change-one-die": "a changed die",
    "change-one-card": "a changed card",
}
"""What an Atout buys, spent bare (L127-L131, L745-L765) or inside a roll (L737-L765), as a refusal
names it: never the use's code, and never "this costs 1 Atout" of a use left unsaid."""


def _spent_words(use: str, times: int = 1) -> str:
    """One use of ``_SPENDS`` paid ``times`` in a roll: "the +1 paid twice", "2 counters"."""
    said = _SPENDS.get(use, use)
    if times == 1:
        return said
    if use == "counter":
        return f"{times} counters"
    return f"{said} paid {'twice' if times == 2 else f'{times} times'}"


def afford(character: Character, asked: list[tuple[str, int]], roll: str = "roll") -> None:
    """Refuse a roll whose spends ``(use, cost)`` by one character cost more than they hold, in
    one line that counts the Atouts their sheet holds and everything the roll asks of them
    (ruling M129): it once counted what was left after the spends before, "Harvey has 0
    experience and 0 reserve Atouts; change-one-die costs 1" of a Harvey holding 3."""
    atouts = character.condition["atouts"]
    held, total = int(atouts["experience"]) + int(atouts["reserve"]), sum(cost for _, cost in asked)
    if total <= held:
        return
    times: dict[str, int] = {}
    for use, _ in asked:
        times[use] = times.get(use, 0) + 1
    wanted = joined([_spent_words(use, n) for use, n in times.items()])
    has = _atouts(f"{atouts['experience']} experience and {atouts['reserve']} reserve", held)
    why = f"{character.name} has {has}; {wanted} cost {total} in this {roll} (L737-L765)"
    raise Unable(character.name, why, lambda _, seen: afford(seen, asked, roll))


def plan_atouts(world: World, spends: list[tuple[str, str, int]], roll: str = "roll") -> list[Spend]:
    """Which Atouts pay each ``(spender, use, cost)`` of one roll, checked against what each
    spender has left after the spends before it: one pool when it can (experience first, so the
    reserve stays for raises), else experience then the reserve together («IV – Expérience et
    progression» L213 keeps the reserve apart only for raises: both kinds pay any use in play, so
    help's 2 Atouts, L761, may be one of each). A spender of several is first checked for them all
    together (:func:`afford`, ruling M129); ``roll`` says what they are spent in ("roll", "draw")."""
    asked: dict[str, list[tuple[str, int]]] = {}
    for who, use, cost in spends:
        asked.setdefault(world.character(who).name, []).append((use, cost))
    for who, theirs in asked.items():
        if len(theirs) > 1:
            afford(world.character(who), theirs, roll)
    spent: dict[str, dict[str, int]] = {}
    planned = []
    for who, use, cost in spends:
        character = world.character(who)
        before = spent.setdefault(character.name, {})
        paid = shares(character, cost, use, before)
        for pool, n in paid.items():
            before[pool] = before.get(pool, 0) + n
        planned.append((character.name, use, cost, paid))
    return planned


def shares(character: Character, cost: int, use: str, spent: Mapping[str, int] | None = None) -> dict[str, int]:
    """The Atouts of each pool that pay ``cost`` out of the character's, less those ``spent``
    already in the same roll: one pool when it can (experience first, so the reserve stays for
    raises in play), else experience then the reserve together; too few in all is refused, naming
    ``use``, as players count them (a hidden roll's reroll may have paid some face down, M51, M86)."""
    spent = dict(spent or {})
    atouts = {p: int(n) - spent.get(p, 0) for p, n in character.condition["atouts"].items()}
    if atouts["experience"] + atouts["reserve"] < cost:
        held = _atouts(f"{atouts['experience']} experience and {atouts['reserve']} reserve", atouts["experience"] + atouts["reserve"])
        why = f"{character.name} has {held}; {_SPENDS.get(use, use)} costs {plural(cost, 'Atout')}"
        raise Unable(character.name, why, lambda _, seen: shares(seen, cost, use, spent))
    whole = next((p for p in ("experience", "reserve") if atouts[p] >= cost), None)
    return {whole: cost} if whole else {"experience": atouts["experience"], "reserve": cost - atouts["experience"]}


def help_spends(world: World, beneficiary: str, helpers: tuple[str, ...]) -> list[tuple[str, str, int]]:
    """The helpers' spends for one roll or draw: 2 Atouts each for +1, each helper once, never the
    roller itself (L761-L765; V-A-1: a +2 needs two helpers)."""
    names = [world.character(h).name for h in helpers]
    if len(set(names)) != len(names):
        raise RuleViolation("each helper helps only once per roll or draw (L763): a +2 needs two helpers")
    if beneficiary in names:
        raise RuleViolation(f"{beneficiary} cannot help themselves: their own +1 is the temporary bonus (L755)")
    return [(h, "help", tables().atout_uses["help"]) for h in names]


def play_atouts(
    world: World,
    planned: list[Spend],
    beneficiary: str,
    roll: str,
    effects: Mapping[str, dict[str, Any]],
    sealed_until: str | None = None,
) -> None:
    """Record each Atout spent inside a roll on its spender's chain, with its effect there; face
    down until the epoch ``sealed_until`` when it would tell what a hidden roll gave."""
    for who, use, cost, paid in planned:
        effect = effects.get(use, {"ranks": 1})
        world.character(who).record(
            ev.AtoutPlayed,
            at=world.campaign.clock,
            use=use,
            cost=cost,
            pool=next(iter(paid)),
            paid=paid,
            beneficiary=beneficiary,
            roll=roll,
            effect=effect,
            sealed_until=sealed_until,
        )


@dataclass(frozen=True)
class TestAtouts:
    """The Atouts spent inside a Test (L737-L765), as ``TestRequest`` names them: the roller's own
    +1 (``atout`` spends against the ``countered_by``), the ``helpers``, a ``reroll`` and a
    ``change_die``; first aid's Médecine Test takes them as they are (ruling M124)."""

    __test__ = False  # not a pytest test class

    atout: int = 0
    countered_by: tuple[str, ...] = ()
    helpers: tuple[str, ...] = ()
    reroll: bool = False
    change_die: bool = False


def _plan_test_atouts(world: World, roller: str, atouts: TestAtouts) -> tuple[list[Spend], dict[str, int]]:
    """Which Atouts pay each spend declared with a Test, every spender checked before anything
    rolls, and the ranks they add to its modifiers: the roller's +1 that outlasts its counters
    (L737-L739) and +1 a helper (L761)."""
    uses = tables().atout_uses
    chain = countered_spends(world, roller, int(atouts.atout), atouts.countered_by)
    helps = help_spends(world, roller, atouts.helpers)
    reroll = [(roller, "reroll", uses["reroll"])] if atouts.reroll else []
    change = [(roller, "change-one-die", uses["change-one-die"])] if atouts.change_die else []
    planned = plan_atouts(world, chain + helps + reroll + change)
    added: dict[str, int] = {}
    if countered_bonus(int(atouts.atout), sum(1 for p in planned if p[1] == "counter")):
        added["atout"] = 1
    if helps:
        added["help"] = len(helps)
    return planned, added


def _mend(
    stream: ChanceStream, rank: int, modifier: int, required: int, atouts: TestAtouts, hazardous: bool = False
) -> tuple[MendedTest, list[dict[str, Any]]]:
    """Roll a Test's four dice from its event's stream, then the reroll's and the changed die its
    Atouts bought should it fail (L743), with the chance primitives it drew."""
    dice = [stream.fudge() for _ in range(4)]
    again = (lambda: [stream.fudge() for _ in range(4)]) if atouts.reroll else None
    mended = resolve_with_atouts(rank, modifier, dice, required, again, atouts.change_die, hazardous)
    return mended, stream.ops


def _play_chain(world: World, planned: list[Spend], roller: str, roll: str, first: bool) -> None:
    """Record the roller's +1 spends and the counters against them (L737-L739): its first +1 when
    the Test does not pay it itself (``first``), each spend paid again naming its rank in the chain
    and the counter it answers, so the log adds up what the roller paid, then each counter."""
    bonus = [p for p in planned if p[1] == "temporary-bonus"]
    countering = [p[0] for p in planned if p[1] == "counter"]
    if first:
        play_atouts(world, bonus[:1], roller, roll, {"temporary-bonus": {"ranks": 1}})
    for nth, renewed in enumerate(bonus[1:], start=2):
        effect = {"ranks": 1, "renewed": True, "spend": nth, "after": countering[nth - 2]}
        play_atouts(world, [renewed], roller, roll, {"temporary-bonus": effect})
    for counter in (p for p in planned if p[1] == "counter"):
        play_atouts(world, [counter], counter[0], roll, {"counter": {"cancelled": roller, "ranks": -1}})


def _play_mending(world: World, planned: list[Spend], roller: str, roll: str, mended: MendedTest, sealed: str | None) -> None:
    """Record the reroll and the changed die a Test's Atouts paid, only those that acted (L743)."""
    if mended.result.voided:
        reroll_effect = {"reroll": {"dice rerolled": len(mended.result.voided)}}
        play_atouts(world, [p for p in planned if p[1] == "reroll"], roller, roll, reroll_effect, sealed)
    if mended.changed is not None:
        effect = {"die": mended.changed, "from": mended.result.dice[mended.changed], "to": 1, "ranks": mended.turned}
        play_atouts(world, [p for p in planned if p[1] == "change-one-die"], roller, roll, {"change-one-die": effect}, sealed)


def roll_test(world: World, name: str, request: TestRequest) -> TestResult:
    """Roll a Test for ``name`` and record it; a failed hazardous Test also records its Revers.

    The Atouts spent inside it are recorded with it: the roller's +1 on the Test itself, each
    helper's +1 and a changed die as ``AtoutPlayed`` naming the Test (L733-L769). The roller, its
    helpers (L761: "en mesure de le faire") and its counters act, so none may be critical (ruling M52)."""
    character = world.character(name)
    ensure_able_to_act(world, character, *(world.character(n) for n in (*request.helpers, *request.countered_by)))
    test_required(request.required)  # «Degrés de difficulté» L255-L267: Facile (2) to Impossible (8)
    domain = revers_domain(request.domain)  # L335-L345: the kind of action, before any die
    if request.healing is not None and request.healing not in HEALING:
        raise RuleViolation(f"a Revers heals {', '.join(HEALING)}, not {quoted(request.healing)}")
    canonical, rank, kind = characteristic(character.sheet, request.characteristic)
    used = related_rank(rank, request.relatedness, kind)
    malus = penalty(character.condition["setbacks"], domain)
    # «Rappel» L431: in a Test each card modifier is a rank modifier; one Atout +1 per roll (L755).
    modifiers = {k: int(v) for k, v in request.modifiers.items() if v} | fatigued(world, character, canonical)
    atouts = TestAtouts(request.atout, request.countered_by, request.helpers, request.reroll, request.change_die)
    planned, added = _plan_test_atouts(world, character.name, atouts)
    # The first spend is paid on the Test itself: its one Atout, from one pool.
    pool = next(iter(planned[0][3])) if request.atout else None
    modifiers |= added
    boost = boosts_for(character, canonical, in_draw=False)
    if boost.modifier:
        modifiers["boost"] = boost.modifier  # T12, L639-L645
    mended, chance = _mend(_stream(world, character), used - malus, sum(modifiers.values()), request.required, atouts, request.hazardous)
    result = mended.result
    if mended.changed is not None:
        modifiers["change-die"] = mended.turned
    label_ = f"{canonical} Test" + (f" ({request.purpose})" if request.purpose else "")
    play_atouts(world, [p for p in planned if p[1] == "help"], character.name, label_, {"help": {"ranks": 1}})
    # L737-L739: the roller's spends after its first (paid with the Test, ``atout_pool``), and the counters.
    _play_chain(world, planned, character.name, label_, first=False)
    epoch = world.campaign.epoch
    # What follows from a hidden Test's outcome stays face down with it until its epoch is revealed.
    sealed = epoch if request.hidden else None
    character.record(
        ev.TestRolled,
        at=world.campaign.clock,
        characteristic=canonical,
        kind=kind,
        rank=rank,
        relatedness=fold(request.relatedness),
        used_rank=used,
        modifiers=modifiers,
        penalty=malus,
        required=request.required,
        dice=list(result.dice),
        reroll=request.reroll,
        voided=list(result.voided),
        final=result.final,
        success=result.success,
        hazardous=request.hazardous,
        setbacks=result.setbacks,
        atout_pool=pool,
        purpose=request.purpose,
        epoch=epoch,
        chance=chance,
        sealed_until=sealed,
    )
    # A reroll and a changed die are paid only when the Test fails (L743), and a hazardous Test's
    # Revers count the ranks it missed by (L351): each would tell a hidden Test's outcome, so each
    # is face down with it. The spends declared before the roll (help, +1, counters) are paid
    # whatever it gives: they stay face up.
    _play_mending(world, planned, character.name, label_, mended, sealed)
    count_boosts(character, boost, world.campaign.clock)
    if result.setbacks:
        # What dealt it, as a draw's Revers says its Sequence and then what it was for (L351).
        source = f"failed {canonical} Test" + (f" ({request.purpose})" if request.purpose else "")
        healing = request.healing or crash_healing(canonical, domain, result.setbacks)
        suffer(world, name, result.setbacks, domain, healing, source, sealed_until=sealed)
    return result


@dataclass(frozen=True)
class Contender:
    """One side of a simple conflict (L253): the characteristic it rolls, how related the field is
    (L283-L291), the kind of action whose Revers weigh on it (L337-L345), its rank modifiers (gear
    quality, weapon, situation: «Rappel» L431, L459-L483) and whether it spends an Atout for +1 (L737)."""

    characteristic: str
    relatedness: str = "close"
    domain: str = "physical"
    modifiers: Mapping[str, int] = field(default_factory=dict)
    atout: bool = False


@dataclass(frozen=True)
class ConflictOutcome:
    """A simple conflict's two sides as recorded (name, characteristic, rank used, Revers
    penalty, modifiers, dice, final) and its winner's name, or ``tie``."""

    sides: list[dict[str, Any]]
    winner: str


def contender(world: World, who: Character, wanted: Contender | str) -> tuple[Contender, dict[str, Any]]:
    """A side's rank before the dice: the characteristic's rank, related (L283-L291), less the
    highest Revers that weighs on the action (L293, L345), with its modifiers."""
    side = wanted if isinstance(wanted, Contender) else Contender(wanted)
    canonical, rank, kind = characteristic(who.sheet, side.characteristic)
    return side, {
        "name": who.name,
        "characteristic": canonical,
        "kind": kind,
        "rank": rank,
        "relatedness": fold(side.relatedness),
        "used_rank": related_rank(rank, side.relatedness, kind),
        "penalty": penalty(who.condition["setbacks"], revers_domain(side.domain)),
        "modifiers": {k: int(v) for k, v in side.modifiers.items() if v} | fatigued(world, who, canonical),
    }


Rolled = tuple[list[dict[str, Any]], str, list[dict[str, Any]]]
"""A simple conflict rolled: its sides with their dice and finals, the verdict and the chance."""


def contest(world: World, roller: Character, sides: list[tuple[Character, Contender | str]], roll: str) -> Rolled:
    """Roll a simple conflict (L253) from ``roller``'s draw place: each side 4dF on its rank; the
    side with the higher final rank wins, equal finals tie. Each side's own Atout +1 (L737) is paid
    before anything is rolled and recorded as played in ``roll``. Returns the sides with their dice
    and finals, the verdict (``a``, ``b`` or ``tie``) and the chance consumed."""
    prepared = [(who, *contender(world, who, wanted)) for who, wanted in sides]
    spends = [(who.name, "temporary-bonus", 1) for who, side, _ in prepared if side.atout]
    planned = plan_atouts(world, spends)
    for _, side, record in prepared:
        if side.atout:
            record["modifiers"]["atout"] = 1
    dice, chance = _roll(world, roller, 4 * len(prepared))
    out = []
    for i, (_, _, record) in enumerate(prepared):
        rolled = dice[4 * i : 4 * i + 4]
        final = record["used_rank"] - record["penalty"] + sum(record["modifiers"].values()) + sum(rolled)
        out.append(record | {"dice": rolled, "final": final})
    for spend in planned:
        play_atouts(world, [spend], spend[0], roll, {})
    return out, simple_conflict(out[0]["final"], out[1]["final"]), chance


def conflict(world: World, name: str, mine: Contender | str, opponent: str, theirs: Contender | str, purpose: str = "") -> ConflictOutcome:
    """A simple conflict: both roll 4dF on their characteristic with their modifiers and Revers,
    the higher final wins (L253). Both sides' dice come from this character's draw place. The
    opponent only resists, so it may be critical, with its Revers penalty (ruling M52)."""
    character, other = world.character(name), world.character(opponent)
    ensure_able_to_act(world, character)
    if character.id == other.id:
        # L253: a simple conflict sets two characters against each other.
        raise RuleViolation(f"{character.name} cannot be in conflict with themselves")
    roll = f"simple conflict {character.name} against {other.name}" + (f" ({purpose})" if purpose else "")
    sides, verdict, chance = contest(world, character, [(character, mine), (other, theirs)], roll)
    winner = {"a": character.name, "b": other.name}.get(verdict, "tie")
    epoch = world.campaign.epoch
    character.record(
        ev.SimpleConflictRolled,
        at=world.campaign.clock,
        sides=sides,
        winner=winner,
        purpose=purpose,
        epoch=epoch,
        chance=chance,
        sealed_until=None,
    )
    return ConflictOutcome(sides, winner)


def suffer(
    world: World,
    name: str,
    severity: int,
    domain: str,
    healing: str,
    source: str,
    sealed_until: str | None = None,
    in_place_of: str | None = None,
    vehicle: str | None = None,
) -> dict[str, Any]:
    """Record a Revers on ``name``; its first recovery falls one full period later (scheduler
    PROPOSAL §5), except a physical Décisif, which is critical and heals only once stabilized (§4.3).
    The Revers of a hidden roll is face down until the epoch ``sealed_until`` is revealed. One borne
    ``in_place_of`` another (L763-L765) has the note on how as its ``source``. Damage a ram dealt
    names the ``vehicle`` that took it, on its driver's stream (L429, ruling M105)."""
    character = world.character(name)
    if not 1 <= severity <= tables().max_severity:
        raise RuleViolation(f"a Revers has a severity of 1 to {tables().max_severity}, not {severity}")
    if healing not in HEALING:
        raise RuleViolation(f"a Revers heals {', '.join(HEALING)}, not {quoted(healing)}")
    kind = revers_domain(domain)  # L335-L345: a misspelt kind would weigh on nothing
    if vehicle is not None and kind != "vehicle":
        raise RuleViolation(f"`--vehicle` names a vehicle's damage, which weighs on driving, not a {domain.strip()} Revers (L429)")
    if vehicle is not None and healing != "none" and is_wreck({"vehicle": vehicle, "severity": severity}):
        # L429: "un Revers décisif transforme le véhicule touché en épave"; the text gives no repair
        # rule (A24), and a wreck on a clock was whole again three weeks later (ruling M123).
        raise RuleViolation(
            f"a Revers décisif makes {character.name}'s {vehicle_words(vehicle)} a wreck (L429), which no clock mends: "
            f"record it without `--healing {healing}`"
        )
    critical = severity >= tables().max_severity and kind == "physical"
    setback = {
        "id": character.condition["next_setback"],
        "domain": kind,
        "severity": severity,
        "healing": healing,
        "stabilized": not critical,
    }
    setback["next_tick"] = None if critical else _next_tick(world, setback, severity)
    character.record(
        ev.SetbackSuffered,
        at=world.campaign.clock,
        setback=setback,
        critical=critical,
        source=source,
        in_place_of=in_place_of,
        sealed_until=sealed_until,
        graduated=settings(world)["deep_wound_schedule"] == "graduated",
        vehicle=vehicle,
    )
    return setback


def setback_period(world: World, setback: Mapping[str, Any], severity: int) -> int:
    """The period of a Revers's next card: its healing class, the campaign's deep-wound schedule
    and month, and the care and rest pace set on it (T2c)."""
    s = settings(world)
    percent = int(setback.get("pace", {}).get("percent", 100))
    return recovery_period(setback["healing"], severity, s["deep_wound_schedule"] == "graduated", s["month_days"], percent)


def _next_tick(world: World, setback: Mapping[str, Any], severity: int, start: int | None = None) -> int | None:
    if setback["healing"] == "none":
        return None  # PROPOSAL A24: vehicle damage has no clock
    return (world.campaign.clock if start is None else start) + setback_period(world, setback, severity)


def recover(world: World, character: Character, setback_id: int, at: int) -> int:
    """One recovery tick of a Revers at ``at``: one card less, and its next tick if any. A Revers
    a hidden roll dealt face down recovers face down until its epoch is revealed (ruling M87)."""
    setback = open_setback(character, setback_id)
    severity = setback["severity"] - 1
    next_tick = _next_tick(world, setback, severity, at) if severity else None
    character.record(
        ev.SetbackRecovered,
        at=at,
        setback_id=setback_id,
        severity=severity,
        next_tick=next_tick,
        domain=setback["domain"],
        sealed_until=still_face_down(world, setback),
    )
    return severity


def still_face_down(world: World, setback: Mapping[str, Any]) -> str | None:
    """The epoch a Revers a hidden roll dealt face down waits for while it is not revealed, None
    for one dealt face up or revealed since: what befalls it until then lies face down with it
    (its recoveries, its pace; rulings M87, M93)."""
    epoch = setback.get("sealed_until")
    return epoch if epoch and not world.campaign.is_revealed(epoch) else None


def open_setback(character: Character, setback_id: int) -> dict[str, Any]:
    """The character's open Revers ``setback_id``; a RuleViolation naming it when there is none."""
    found = next((s for s in character.condition["setbacks"] if s["id"] == setback_id), None)
    if found is None:
        raise RuleViolation(f"{character.name} has no open Revers {setback_id}")
    return dict(found)


def first_aid(
    world: World,
    patient: str,
    healer: str,
    setback_id: int,
    quality: int = 0,
    atouts: TestAtouts | None = None,
    field: str = "Médecine",
) -> bool:
    """The healer's Médecine Test against Moyenne / Difficile / Très difficile by the wound's
    severity, with the gear's quality modifier (L359, L459-L467). Success stabilizes, and in the
    campaign's ``reduce_step`` mode lowers the wound one step (PROPOSAL A9); a wound still there
    starts (or keeps) its recovery clock. The patient may be critical, the healer not (ruling M52).
    A vehicle's damage or a social Revers is no wound: refused (rulings M109, M116).

    First aid is a Test like any other, so the Atouts of «4 – Utilisation créative des Atouts»
    act on it as on a Test (``atouts``, ruling M124): the healer's +1 (L737-L739), help (L761), a
    reroll and a changed die (L743); each is an ``AtoutPlayed`` naming the Test, the rank ones in
    the Test's ``modifiers``, a reroll's voided dice in its ``voided``.

    The Test is of Médecine "ou tout autre Champ d'Expertise approprié lorsque le Narrateur a créé
    sa propre liste de Champs" (L359): ``field`` names it, a field of expertise (or a free-style
    trait), never an aptitude or a power domain (ruling M126)."""
    spend = atouts or TestAtouts()
    character, medic = world.character(patient), world.character(healer)
    ensure_able_to_act(world, medic, *(world.character(n) for n in (*spend.helpers, *spend.countered_by)))
    setback = open_setback(character, setback_id)
    if setback["domain"] == "vehicle":
        # L357-L359 tend wounds; a vehicle's damage (L429) has no repair rule (A24, ruling M109).
        what = f"{character.name}'s {vehicle_words(setback['vehicle'])}" if setback.get("vehicle") else "a vehicle"
        raise RuleViolation(f"Revers {setback_id} is damage to {what} (L429): first aid tends wounds (L357-L359), not vehicles")
    if fold(setback["domain"]) == "social":
        # L335: a social Revers is a tarnished reputation or lost self-confidence, no wound for a
        # Médecine Test to stabilize (L357-L359); it was once "tended" (ruling M116).
        said = f"Revers {setback_id} is {character.name}'s social Revers (L335)"
        raise RuleViolation(f"{said}: first aid tends wounds (L357-L359), not social ones")
    scene = ev.scene_of(world.campaign.epoch, world.campaign.clock)
    if [medic.name, scene] in setback.get("tended", []):
        raise RuleViolation(f"{medic.name} already tried first aid on Revers {setback_id} in this scene: one attempt per healer and scene")
    canonical, rank, kind = characteristic(medic.sheet, field)
    if kind in ("aptitude", "domain"):
        # L359: first aid is a Test of a field of expertise, Médecine or the Narrator's own.
        what = "aptitude" if kind == "aptitude" else "power domain"
        raise RuleViolation(f"first aid is a Test of Médecine or another field of expertise (L359), not the {what} {canonical}")
    malus = penalty(medic.condition["setbacks"], "physical")
    required = first_aid_required(setback["severity"])
    # L737-L765: every spender can pay before anything rolls, as in a Test (roll_test).
    planned, modifiers = _plan_test_atouts(world, medic.name, spend)
    mended, chance = _mend(_stream(world, character), rank - malus, quality + sum(modifiers.values()), required, spend)
    result = mended.result
    if mended.changed is not None:
        modifiers["change-die"] = mended.turned
    mode = settings(world)["first_aid_mode"]
    severity, stabilized, next_tick = setback["severity"], setback["stabilized"], setback["next_tick"]
    if result.success:
        stabilized = True
        if mode == "reduce_step":
            severity -= 1
        if severity and next_tick is None:
            next_tick = _next_tick(world, setback, severity)
        if mode == "shorten" and next_tick is not None:
            # PROPOSAL A9: "shorten the healing time" halves what is left of the current period.
            now = world.campaign.clock
            next_tick = now + max(0, next_tick - now) // 2
    epoch = world.campaign.epoch
    character.record(
        ev.FirstAidGiven,
        at=world.campaign.clock,
        setback_id=setback_id,
        healer=medic.name,
        test={"characteristic": canonical, "rank": rank, "penalty": malus, "quality": quality, "dice": list(result.dice)}
        | {"final": result.final, "required": required, "modifiers": modifiers, "reroll": spend.reroll, "voided": list(result.voided)},
        success=result.success,
        mode=mode,
        severity=severity,
        stabilized=stabilized,
        next_tick=next_tick if severity else None,
        epoch=epoch,
        chance=chance,
        sealed_until=None,
    )
    # A Test recorded without an ``atout_pool`` (first aid) has its roller's first +1 played too.
    roll = f"{canonical} Test (first aid on {character.name}'s Revers {setback_id})"
    _play_chain(world, planned, medic.name, roll, first=True)
    play_atouts(world, [p for p in planned if p[1] == "help"], medic.name, roll, {"help": {"ranks": 1}})
    _play_mending(world, planned, medic.name, roll, mended, None)
    return result.success


def pace_recovery(world: World, name: str, care: str, rest: str, setback_id: int | None = None) -> list[dict[str, Any]]:
    """Set the care and rest pace of one Revers, or of every Revers that heals on a clock (T2c,
    «3 – Effets des Revers» L341). PROPOSAL: the new pace counts from now: the current period keeps
    the time already elapsed, then lasts its adjusted length (never ending before now); later
    periods are adjusted too. Returns each Revers as it now stands."""
    character = world.character(name)
    percent = pace_percent(care, rest)
    targets = [open_setback(character, setback_id)] if setback_id is not None else list(character.condition["setbacks"])
    targets = [s for s in targets if s["healing"] != "none" or setback_id is not None]
    if not targets:
        raise RuleViolation(f"{character.name} has no Revers that heals over time")
    now = world.campaign.clock
    out = []
    for setback in targets:
        if setback["healing"] == "none":
            raise RuleViolation(f"Revers {setback['id']} is vehicle damage: it has no recovery clock (L429)")
        paced = dict(setback, pace={"care": fold(care), "rest": fold(rest), "percent": percent})
        next_tick = setback["next_tick"]
        if next_tick is not None:
            start = int(next_tick) - setback_period(world, setback, setback["severity"])
            next_tick = max(now, start + setback_period(world, paced, setback["severity"]))
        character.record(
            ev.RecoveryPaced,
            at=now,
            setback_id=setback["id"],
            care=fold(care),
            rest=fold(rest),
            percent=percent,
            next_tick=next_tick,
            sealed_until=still_face_down(world, setback),
        )
        out.append(dict(paced, next_tick=next_tick))
    return out


ACTED_ELSEWHERE = {
    "temporary-bonus": "declare it with the roll it raises (`--atout` on the Test or simple conflict, `atout` in a draw's `--side`), L737",
    "help": "declare it with the roll it helps (`--helper NAME` on the Test, `help=NAME` in a draw's `--side`), L761",
    "change-one-die": "declare it with the Test whose die it changes (`--change-die`), L743",
    "change-one-card": "declare it with the draw whose card it changes (`change=attack` or `change=defence` in its `--side`), L743",
    "reroll": "declare it with the Test it rerolls (`--reroll`), L743",
    "counter": "declare it with the Test whose +1 it cancels (`--countered-by`), L739",
    "take-a-revers": "with the Revers it takes (microfudge atout take-revers), L763-L765",
}
"""Atout uses that change a roll or a Revers (rulings M39, M53): the +1 and the help are given
"pour un tirage de cartes ou un lancer de dés" (L737, L761), a die or a card is changed "pendant un
Test ou un Conflit" (L743); a bare spend would pay for nothing, so each is spent where it acts."""

WHILE_CRITICAL = ("save-your-skin", "narrative")
"""The Atout uses a character in the critical state may spend (ruling M52): saving their skin,
which ends that state (L127-L131), and the player's narrative control, under the Narrator's veto
(L745-L751). Every other use is something the character does (L343)."""


def spend_atout(world: World, name: str, use: str, note: str = "", pool: str | None = None) -> str:
    """Spend Atouts on one of the uses of «4 – Utilisation créative des Atouts» (L733-L769) or
    to save one's skin (L127-L131); returns the pool that paid.

    Saving one's skin ends the critical state, so the critical wound is stabilized as first aid
    would: it keeps its severity and starts its recovery clock now (L341; V-W-3). A critical
    character spends only on ``WHILE_CRITICAL`` uses."""
    character = world.character(name)
    uses = tables().atout_uses
    key = fold(use)
    if key not in uses:
        raise RuleViolation(f"an Atout buys one of {', '.join(uses)}, not {quoted(use)}")
    if key in ACTED_ELSEWHERE:
        raise RuleViolation(f"{key} acts on a roll or a Revers, so it is spent there: {ACTED_ELSEWHERE[key]}")
    if key not in WHILE_CRITICAL:
        ensure_able_to_act(world, character)
    paid = _atout_pool(character, uses[key], pool, _SPENDS[key])
    character.record(ev.AtoutSpent, at=world.campaign.clock, use=key, cost=uses[key], pool=paid, note=note)
    if key == "save-your-skin":
        for setback in [s for s in character.condition["setbacks"] if not s["stabilized"]]:
            next_tick = _next_tick(world, setback, setback["severity"])
            character.record(
                ev.SetbackStabilized,
                at=world.campaign.clock,
                setback_id=setback["id"],
                severity=setback["severity"],
                next_tick=next_tick,
                how="an Atout spent to save their skin",
            )
    return paid


def take_revers(world: World, name: str, other: str, setback_id: int, note: str = "") -> dict[str, Any]:
    """``name`` spends an Atout to bear ``other``'s Revers in its place (L763-L765): no Test, only
    the means to interpose, which the Narrator judges (PROPOSAL: any open Revers, one Atout for the
    whole of it). The Revers leaves ``other``'s sheet and is suffered by ``name`` from now, on its own
    clock (or critical, for a physical Décisif). Returns the Revers as ``name`` now bears it. The
    one who interposes acts, so may not be critical; the one spared may (ruling M52). A vehicle's
    damage is the vehicle's: no one bears it (ruling M105)."""
    character, victim = world.character(name), world.character(other)
    ensure_able_to_act(world, character)
    if character.id == victim.id:
        raise RuleViolation(f"{character.name} already bears their own Revers")
    setback = open_setback(victim, setback_id)
    if setback.get("vehicle"):
        # L429, L763: a ram's damage is the vehicle's (ruling M105), which no body interposes to bear.
        raise RuleViolation(
            f"Revers {setback_id} is damage to {victim.name}'s {vehicle_words(setback['vehicle'])} (L429): "
            "no one bears it in its place (L763)"
        )
    key, cost = "take-a-revers", tables().atout_uses["take-a-revers"]
    paid = _atout_pool(character, cost, None, _SPENDS[key])
    at = world.campaign.clock
    # The log reads "spent 1 Atout of creation reserve to take a Revers in another's place (for
    # Harvey: a note)" and "took a Blessure (…) in Harvey's place: a note" (describe.origin).
    spent_for = f"for {victim.name}" + (f": {note}" if note else "")
    character.record(ev.AtoutSpent, at=at, use=key, cost=cost, pool=paid, note=spent_for)
    victim.record(ev.SetbackTransferred, at=at, setback_id=setback_id, to=character.name)
    return suffer(world, character.name, setback["severity"], setback["domain"], setback["healing"], note, in_place_of=victim.name)


def award(world: World, name: str, count: int, reason: str, beyond_the_adventure: bool = False) -> None:
    """The Narrator gives (or, negative, withholds) experience Atouts (L215). A Streamlined
    character "ne devrait, en principe, jamais recevoir plus de 3 Atouts" for a complete adventure
    (L717, ruling M155): more is refused unless the Narrator says it goes ``beyond_the_adventure``'s
    principle, which the seed's "en principe" leaves to them; said of a character of another
    procedure, which L717 does not bound, it is refused (ruling M158)."""
    character = world.character(name)
    if count == 0:
        raise RuleViolation("award at least one Atout")
    _can_lose(world, character, count)
    left = adventure_awards_left(character)
    most = tables().streamlined.adventure_awards
    if left is None and beyond_the_adventure:
        raise RuleViolation(
            f"{character.name} is not a Streamlined character: `--beyond-the-adventure` goes past the {most} Atouts of "
            "a complete adventure, a bound of Streamlined characters only (L717); award without it"
        )
    if left is not None and count > left and not beyond_the_adventure:
        received = ev.adventure_awarded(character)
        raise RuleViolation(
            f"{character.name} has received {atouts_received(received)} in this adventure "
            f"and may receive {more_atouts(received, left)}: a Streamlined character receives at most {most} for a complete "
            "adventure (L717); end the adventure first (`microfudge adventure-end`), or give them beyond that principle "
            "(`--beyond-the-adventure`)"
        )
    if left is not None and count > left:
        # Said in the log: the Narrator gave them knowingly beyond L717's principle.
        beyond = f"beyond the {most} of the adventure (L717)"
        reason = f"{reason}; {beyond}" if reason else beyond
    character.record(ev.AtoutsAwarded, at=world.campaign.clock, count=count, reason=reason)


def atouts_received(received: int) -> str:
    """The experience Atouts received in an adventure, in words: "no experience Atouts" before
    any, never "0 experience Atouts" (L717, ruling M164), then "2 experience Atouts"."""
    return plural(received, "experience Atout") if received else "no experience Atouts"


def more_atouts(received: int, left: int) -> str:
    """How many Atouts an adventure still gives, in words, after ``received``: "3" while none has
    been received (no "more" than none), then "only 1 more", "no more" (L717, ruling M159)."""
    if not received:
        return str(left)
    return "no more" if left <= 0 else f"only {left} more"


def adventure_awards_left(character: Character) -> int | None:
    """The experience Atouts a Streamlined character may still receive in its adventure (L717,
    ruling M155); None for the other procedures, whose awards have no such bound (L213-L215)."""
    if character.sheet["procedure"] != "streamlined":
        return None
    return max(0, tables().streamlined.adventure_awards - ev.adventure_awarded(character))


def end_adventure(world: World, note: str = "") -> list[str]:
    """The Narrator ends a complete adventure (L717, ruling M155): each Streamlined character may
    receive 3 experience Atouts again. Returns their names; a campaign without one is refused, the
    bound being theirs only."""
    streamlined = [c for c in world.characters.values() if c.sheet["procedure"] == "streamlined"]
    if not streamlined:
        raise RuleViolation(
            f"{world.campaign.name} has no Streamlined character: the bound of 3 Atouts per adventure is theirs only (L717)"
        )
    for character in streamlined:
        character.record(ev.AdventureEnded, at=world.campaign.clock, note=note)
    return [c.name for c in streamlined]


def _can_lose(world: World, character: Character, count: int) -> None:
    """Refuse to take back more experience Atouts than the character holds, counted as players
    see them (a hidden roll's reroll may have paid some face down, M51, M86)."""
    held = character.condition["atouts"]["experience"]
    if held + count < 0:
        why = f"{character.name} has only {plural(held, 'experience Atout')}"
        raise Unable(character.name, why, lambda w, seen: _can_lose(w, seen, count))


def award_session_end(world: World) -> list[str]:
    """Session end: each player character gains the campaign's award (L213; PROPOSAL A29:
    player characters only; NPCs receive Atouts at the Narrator's discretion); a Streamlined one
    no more than its adventure has left of 3 (L717, ruling M155). Returns, one line each, who
    earned what as the log says it, and who earned none for having received the 3 (ruling M160)."""
    award = int(settings(world)["session_award"])
    most = tables().streamlined.adventure_awards
    said: list[str] = []
    for character in world.characters.values():
        if not award or character.sheet["npc"]:
            continue
        left = adventure_awards_left(character)
        count = award if left is None else min(award, left)
        reason = f"end of session {world.campaign.session}"
        if not count:
            # L717: the Streamlined character has had its 3; unsaid, the GM took the silence for an award.
            said.append(
                f"{character.name} earned no Atout of experience ({reason}): they have received the {most} a "
                "Streamlined character receives for a complete adventure (L717); `microfudge adventure-end` ends it"
            )
            continue
        if count < award:
            reason += f": the last of the {most} of the adventure (L717)"
        character.record(ev.AtoutsAwarded, at=world.campaign.clock, count=count, reason=reason)
        said.append(f"{character.name} {awarded(count, reason)}")
    return said


def raise_characteristic(
    world: World, name: str, wanted: str, justification: str = "", kind: str | None = None, pool: str | None = None
) -> int:
    """Raise a characteristic one rank permanently and return its new value.

    During a session only creation-reserve Atouts may pay, with a plausible justification
    («Etoffer le personnage en cours de jeu» L119-L125); experience Atouts only between sessions
    (L213). Streamlined raises happen between sessions only (L715). Between sessions ``pool``
    names the Atouts that pay, else experience first so the reserve stays for raises in play
    (ruling M65), both kinds together when neither alone has enough (ruling M84); the event records
    which paid."""
    character = world.character(name)
    sheet = character.sheet
    in_session = world.campaign.in_session
    streamlined_in_play = in_session and sheet["procedure"] == "streamlined"
    if streamlined_in_play and not settings(world)["streamlined_play_raises"]:
        raise RuleViolation("Streamlined characters raise characteristics between sessions only (L715)")
    if in_session and not justification.strip():
        raise RuleViolation("a raise during play needs the player's in-fiction justification (L121)")
    canonical, value, found_kind = characteristic(sheet, wanted)
    if find(sheet["characteristics"], wanted) is None and kind is not None:
        found_kind = kind
    human_max = tables().human_max
    if value + 1 > human_max:
        # L219: "le rang maximum que peut naturellement atteindre un humain est Exceptionnel (7)";
        # creation stops there (ruling M8), and so does a raise.
        raise RuleViolation(
            f"{canonical} is {label(value)} ({value}): no raise takes it above {label(human_max)} ({human_max}), the human maximum (L219)"
        )
    cost = raise_cost(sheet, found_kind, value)
    if streamlined_in_play:
        # PROPOSAL A7: creation costs (1 per field or domain rank, 3 per aptitude rank, L705-L709)
        # and the creation cap, Excellent (L707).
        s = tables().streamlined
        if value + 1 > s.creation_max:
            raise RuleViolation(f"an in-session Streamlined raise stops at {label(s.creation_max)}, the creation cap (L707)")
        cost = s.aptitude_rank_cost if found_kind == "aptitude" else s.field_rank_cost
    if in_session and pool == "experience":
        raise RuleViolation("experience Atouts raise a characteristic only between sessions (L213)")
    # Too few Atouts is refused naming the raise and its price ("this costs 18" once left both unsaid).
    raising = f"raising {canonical} from {label(value)} ({value}) to {label(value + 1)} ({value + 1})"
    try:
        if pool is None and not in_session:
            # L213: between sessions both kinds raise, so unnamed ones may pay together (ruling M84).
            paid = shares(character, cost, raising)
        else:
            paid = {_atout_pool(character, cost, pool, raising, reserve_only=in_session): cost}
    except RuleViolation:
        if in_session and character.condition["atouts"]["experience"] >= cost:
            raise RuleViolation("experience Atouts raise a characteristic only between sessions (L213)") from None
        raise
    character.record(
        ev.CharacteristicRaised,
        at=world.campaign.clock,
        characteristic=canonical,
        kind=found_kind,
        from_value=value,
        to_value=value + 1,
        cost=cost,
        pool=next(iter(paid)),
        paid=paid,
        in_session=in_session,
        justification=justification.strip(),
    )
    return value + 1
