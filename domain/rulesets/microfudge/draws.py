"""What the cards of one draw of a hazardous conflict do («2 – Résolution des Conflits hasardeux»
L307-L333): each part's successes and the card an Atout changes, defence cancelling attack layer
by layer, covering fire, the Revers, the upper hand, the range successes banked and each side's
outcome.

Pure and standard library only: play (``conflict.draw``) and the verifier (``verification``) call
the same functions on the same inputs, and the standalone verifier carries this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge.rules import (
    armour_factor,
    inflicted,
    robustesse_factor,
    successes,
    upper_hand_cards,
    vehicle_revers,
)
from chronique.domain.rulesets.microfudge.tables import tables

SEVERAL_DECISIFS_TIE = "several-decisifs-tie"
"""How the draws recorded before ruling M42 named the winner of a draw that ended in Décisifs: a
team only when it alone scored them and took none; several teams scoring Décisifs made a tie."""
MOST_INFLICTED = "most-inflicted"
"""Ruling M42: among the teams that scored a Décisif and took none, the one that inflicted more
wins the draw (L321) and achieves its goal (L313)."""


@dataclass(frozen=True)
class Declared:
    """What a side declared before a draw that weighs on what its cards do, as its
    ``ConflictCardsDrawn`` records it: the ``targets`` its attack cards went to, in drawing order;
    its ``manoeuvre`` (fight, chase or ram, L427-L431); its weapon's and vehicle's eras and its
    vehicle's ``size`` (L528-L552); whether it declared the upper hand with the draw (L327-L329,
    draws recorded before ruling M16 changed: the side now chooses it after the draw, see
    ``conflict.take_upper_hand``), plays out of range (L361) or gives covering fire (L411-L413);
    and where an Atout changes a card (L743). ``winner_rule`` names the rule that named the draw's
    winner when Décisifs ended it (``MOST_INFLICTED`` since ruling M42; absent on older draws, whose
    rule was ``SEVERAL_DECISIFS_TIE``), so that the verifier re-derives each draw by its own rule.
    ``domain`` is the kind of Revers the side takes (``physical``, ``social``…, L335-L345), by which
    the log names a physical one a wound (L343); empty on draws recorded before it was kept."""

    targets: tuple[str, ...] = ()
    manoeuvre: str = "fight"
    weapon_era: str = "modern"
    vehicle_era: str = "modern"
    size: str = "small"
    upper_hand: bool = False
    out_of_range: bool = False
    suppress: bool = False
    change: str = ""
    winner_rule: str = SEVERAL_DECISIFS_TIE
    domain: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {
            "winner_rule": self.winner_rule,
            "targets": list(self.targets),
            "manoeuvre": self.manoeuvre,
            "weapon_era": self.weapon_era,
            "vehicle_era": self.vehicle_era,
            "size": self.size,
            "upper_hand": self.upper_hand,
            "out_of_range": self.out_of_range,
            "suppress": self.suppress,
            "change": self.change,
            "domain": self.domain,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Declared:
        """The declaration an event recorded."""
        return cls(**{**data, "targets": tuple(data["targets"])})


@dataclass(frozen=True)
class Played:
    """One side's cards as they play: ``attack`` per target and ``defence`` (cards and successes),
    ``armour`` drawn apart, and the card an Atout turned into a success (``changed``)."""

    attack: dict[str, dict[str, Any]]
    defence: dict[str, Any]
    armour: dict[str, Any]
    changed: str | None


def change_card(part: dict[str, Any], cards: Sequence[str]) -> str | None:
    """Turn the first failing card of ``cards`` into a success (L743), noting it on ``part``."""
    failing = next((c for c in cards if not successes([c])), None)
    if failing is not None:
        part.update(successes=part["successes"] + 1, changed=failing)
    return failing


def played(
    attack: Sequence[tuple[str, Sequence[str]]],
    defence: Sequence[str],
    extra: Mapping[str, int],
    armour: Sequence[str],
    armour_era: str,
    change: str,
) -> Played:
    """A side's cards, as drawn: even cards succeed (L307). ``extra`` names the defence cards
    beyond the side's split; its ``robustesse`` cards were drawn last, so that a later era's
    weapons may ignore them (L532-L534). A ``change`` Atout turns the first failing attack card,
    or own defence card, into a success (L743)."""
    parts: dict[str, dict[str, Any]] = {target: {"cards": list(cards), "successes": successes(cards)} for target, cards in attack}
    own = len(defence) - extra.get("robustesse", 0)
    guard = {"cards": list(defence), "successes": successes(defence), "extra": dict(extra), "robustesse": successes(defence[own:])}
    changed = None
    if change == "attack":
        changed = next((c for part in parts.values() if (c := change_card(part, part["cards"]))), None)
    elif change == "defence":
        changed = change_card(guard, defence[:own])
    worn = {"cards": list(armour), "successes": successes(armour), "era": armour_era}
    return Played(parts, guard, worn, changed)


def cancel(incoming: Mapping[str, int], layers: Sequence[tuple[int, Mapping[str, int]]]) -> dict[str, int]:
    """PROPOSAL A23: each defence success cancels successes of the strongest attack on the defender
    it can reach, layer by layer: plain defence one each, then Robustesse and armour ``factor``
    each (0 when the weapon ignores them, 2 for future armour against an older weapon)."""
    left = dict(incoming)
    for count, factors in layers:
        for _ in range(count):
            reachable = [a for a in left if left[a] and factors.get(a, 1)]
            if reachable:
                top = max(reachable, key=lambda a: left[a])
                left[top] = max(0, left[top] - factors.get(top, 1))
    return left


@dataclass(frozen=True)
class Lineup:
    """The Sequence a draw belongs to, as its ``SequenceStarted`` recorded it: the participants
    in their order, each one's team, and whether it is collective (L403-L417)."""

    participants: tuple[str, ...]
    teams: Mapping[str, str]
    collective: bool


@dataclass(frozen=True)
class Resolution:
    """What a draw's cards did: per side the Revers it ``inflicted`` and ``received``, the
    ``upper_hand`` cards it gained, the range successes ``banked`` and its ``outcome``; the
    winning team (None on a tie) and the sides a Décisif took out (``decisive``)."""

    sides: dict[str, dict[str, Any]]
    winner: str | None
    decisive: list[str]


COVER = {"fight": "covering fire", "chase": "covering its teammates in the chase", "ram": "shielding its teammates' vehicles"}
"""What a side that spends its spare defence on its teammates does, by its manoeuvre (ruling M108):
«Séquences collectives» L411 lets "un individu" use "ses succès défensifs pour aider les membres
de son camp" with a logical reason; firing is the example of a fight (L413), while in a chase,
where weapons count for nothing (L427), a driver covers by its driving, and a ram by its vehicle."""


def _suppress(
    order: Sequence[str],
    lineup: Lineup,
    cards: Mapping[str, Played],
    declared: Mapping[str, Declared],
    incoming: Mapping[str, int],
    left: dict[str, dict[str, int]],
) -> None:
    # «Séquences collectives» L411-L413: a suppressing side's defence successes beyond what aims at
    # itself cancel, one each, the strongest success still aimed at a teammate.
    teams = lineup.teams
    for me in order:
        if not declared[me].suppress:
            continue
        mates = [p for p in lineup.participants if p != me and teams[p] == teams[me]]
        if not mates:
            why = {"fight": "with suppressive fire (L413)", "chase": "in the chase (L411)", "ram": "with its vehicle (L411)"}
            raise RuleViolation(f"{me} has no teammate to cover {why[declared[me].manoeuvre]}")
        defence = cards[me].defence
        spare = max(0, defence["successes"] - defence["robustesse"] - incoming[me])
        covered: dict[str, int] = {}
        for _ in range(spare):
            aimed = [(t, a) for t in mates for a in left[t] if left[t][a]]
            if not aimed:
                break
            target, attacker = max(aimed, key=lambda ta: left[ta[0]][ta[1]])
            left[target][attacker] -= 1
            covered[target] = covered.get(target, 0) + 1
        defence["covered"] = covered


def draw_winner(score: Mapping[str, int]) -> str | None:
    """The team that wins a draw by its ``score`` (the Revers it inflicted, or in a collective
    Sequence its successes): the one ahead of every other, none on a tie or a blank («Abréger une
    Séquence» L321, «Séquences collectives» L415-L417)."""
    best = max(score.values())
    leaders = [t for t, v in score.items() if v == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def resolve_draw(
    order: Sequence[str],
    lineup: Lineup,
    cards: Mapping[str, Played],
    declared: Mapping[str, Declared],
    banked: Mapping[str, int],
    out_after: Mapping[str, int],
) -> Resolution:
    """The Revers of one draw, once everyone has drawn (L307-L317), for the sides in ``order``
    (the order they declared in): defence cancels only what aims at the defender (L331, L413),
    save covering fire; net successes make a Revers, Revers sérieux or Décisif (cap 3, A4), or by
    the vehicles' sizes when ramming (L429, L538-L552); the upper hand forgoes them for twice as
    many cards next draw (L329); out of range, leftover defence successes are banked (L361-L365).
    A Décisif (or an NPC's ``out_after``, L453) ends the Sequence; otherwise the team that
    inflicted more wins the draw (L321), in a collective Sequence the one with most successes
    (L415-L417). ``banked`` is each side's bank before the draw; the covering fire is noted on
    the suppressing side's ``defence``."""
    left: dict[str, dict[str, int]] = {}
    incoming: dict[str, int] = {}
    for target in order:
        aimed = {a: cards[a].attack[target]["successes"] for a in order if target in cards[a].attack}
        d, mine = cards[target].defence, declared[target]
        layers: list[tuple[int, Mapping[str, int]]] = [
            (d["successes"] - d["robustesse"], {}),
            (d["robustesse"], {a: robustesse_factor(declared[a].weapon_era, mine.vehicle_era) for a in aimed}),
            (cards[target].armour["successes"], {a: armour_factor(declared[a].weapon_era, cards[target].armour["era"]) for a in aimed}),
        ]
        left[target] = cancel(aimed, layers)
        incoming[target] = sum(aimed.values())
    _suppress(order, lineup, cards, declared, incoming, left)
    net: dict[str, dict[str, int]] = {me: {} for me in order}
    banked_after: dict[str, int] = {}
    for target in order:
        for attacker, n in left[target].items():
            ram = declared[attacker].manoeuvre == "ram"
            net[attacker][target] = vehicle_revers(n, declared[attacker].size, declared[target].size) if ram else inflicted(n, 0)
        d = cards[target].defence
        excess = d["successes"] - incoming[target] - sum(d.get("covered", {}).values())
        banked_after[target] = int(banked[target]) + max(0, excess) if declared[target].out_of_range else 0
    gained: dict[str, int] = {}
    for me in order:
        gained[me] = upper_hand_cards(sum(net[me].values())) if declared[me].upper_hand else 0
        if declared[me].upper_hand:
            net[me] = {t: 0 for t in net[me]}  # L329: no Revers this draw
    received = {t: {a: net[a][t] for a in order if net[a].get(t)} for t in order}

    def ends(attacker: str, target: str) -> bool:
        # L313: a Décisif; L453: the Narrator's 1 or 2 for an NPC taken out of a fight.
        fight = declared[attacker].manoeuvre == "fight"
        return received[target][attacker] >= (out_after[target] if fight else tables().max_severity)

    decisive = [t for t in order if any(ends(a, t) for a in received[t])]
    teams = lineup.teams
    score = {teams[me]: 0 for me in order}
    for me in order:
        score[teams[me]] += sum(a["successes"] for a in cards[me].attack.values()) if lineup.collective else sum(net[me].values())
    winner = draw_winner(score)
    if decisive:
        winning = {teams[a] for t in decisive for a in received[t] if ends(a, t)}
        losing = {teams[t] for t in decisive}
        rules = {declared[me].winner_rule for me in order}
        if len(rules) != 1:
            raise RuleViolation(f"the sides of one draw were resolved under different rules: {', '.join(sorted(rules))}")
        if rules == {MOST_INFLICTED}:
            # L313: a Décisif ends the Sequence and its scorer achieves its goal; a team taken out
            # itself lost (L315: both sides may lose). Several teams scoring one: the one that
            # inflicted more wins the draw (L321), none when they inflicted as much.
            standing = winning - losing
            winner = draw_winner({t: score[t] for t in standing}) if len(standing) > 1 else next(iter(standing), None)
        else:
            winner = next(iter(winning)) if len(winning) == 1 and not winning & losing else None
    sides: dict[str, dict[str, Any]] = {}
    for me in order:
        outcome = "tie" if winner is None else "won" if teams[me] == winner else "lost"
        if me in decisive:
            outcome = "decisive"
        sides[me] = {
            "inflicted": net[me],
            "received": received[me],
            "upper_hand": gained[me],
            "banked": banked_after[me],
            "outcome": outcome,
        }
    return Resolution(sides, winner, decisive)
