"""``audit show``: one recorded draw explained — who, why, the sheet values and modifiers used,
the epoch, every card with the shuffle it came from, and whether it is verifiable yet."""

from __future__ import annotations

import re
from collections import defaultdict, deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import groupby
from typing import Any
from uuid import UUID

from chronique.adapters.audit import Audit
from chronique.domain import deck_rules
from chronique.domain.campaign import Campaign
from chronique.domain.cards import shown as card
from chronique.domain.cards import shown_all as cards
from chronique.domain.corrections import CORRECTION_TOPICS
from chronique.domain.errors import RuleViolation
from chronique.domain.luck import odds_words
from chronique.domain.rederivation import NO_CHANCE, ChanceUsed, Mismatch, Replay, Table, Unknowable, chance_used
from chronique.domain.referees import all_rules
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.words import epoch_name, face_down_until, fudge_face, kind_words, player_assigned, told
from chronique.domain.text import is_count, ordinal, plural, quoted, to_type
from chronique.domain.verifier import CAMPAIGN, Epoch, epochs_of

# A deck's history as the verifier follows it (chronique-fair-v2, domain/deck_rules.py): its
# creation, its shuffles (left cards on top, the shuffled ones under them), its gathers and draws.
_DECK_TOPICS = (deck_rules.CREATED, deck_rules.SHUFFLED, deck_rules.DRAWN, deck_rules.GATHERED)
_DECK_RULES = {topic: deck_rules.RULES.rederive[topic] for topic in _DECK_TOPICS}


@dataclass(frozen=True)
class CardOrigin:
    """Where one card came from: a position of a recorded shuffle (None in a players'
    explanation while the shuffle's epoch is secret: see :func:`_explain`)."""

    card: str
    to: str
    purpose: str
    shuffle: str
    position: int | None
    epoch: str


@dataclass(frozen=True)
class PaidCard:
    """A card an event paid from what its character held (``Ruleset.cards_paid``): the event that
    put it there, by its reference and its kind as the log names it, both None when the journal
    does not tell it."""

    card: str
    ref: str | None
    what: str | None


@dataclass
class Explanation:
    """Everything a player needs to re-check one event."""

    ref: str
    who: str
    what: str
    event: dict[str, Any]
    hidden: bool
    voided_by: str | None
    epochs: dict[str, Epoch]
    origins: list[CardOrigin] = field(default_factory=list)
    untraced: int = 0
    """Cards of the event whose shuffle the explanation could not place (a deck the verifier's
    rules could not follow, or cards handed before a hidden draw): nothing says they are verifiable."""
    rederived: str | None = None
    description: str = ""
    dice: list[ChanceUsed] = field(default_factory=list)
    """Its recorded chance in the order drawn, each primitive with the part of the rules it fed
    (ruling FP11); empty while it is face down to the reader."""
    odds: list[tuple[str, Fraction, str]] = field(default_factory=list)
    """The roll's chance of success, one per roller (an opposed roll has two), as its game's luck
    hook reads the event under the campaign's settings of its moment (rulings LK10, RM1): what
    ``chronique log`` gives it. Empty for an event with no roll against a target, and while it
    is face down to the reader (its odds would tell what it was about)."""
    settles: list[tuple[str, str]] = field(default_factory=list)
    """The tests an opposition settles, (whose, ref), the acting side's first: what it follows
    from, so that a disputed opposition can be followed to its draws (ruling EB31)."""
    paid: list[PaidCard] = field(default_factory=list)
    """The cards it paid from what its character held (a Cartes purchase's hand cards), each with
    the event that put it there (ruling C144): a card paid was drawn by that event, not by this
    one, so no shuffle place is its own."""

    @property
    def verifiable(self) -> bool:
        """Whether every epoch involved has been revealed and every card placed in its shuffle."""
        return not self.waiting and not self.untraced

    @property
    def waiting(self) -> list[str]:
        """The epochs involved (its own, its cards' shuffles') not revealed yet, in order."""
        own = [self.event["epoch"]] if "epoch" in self.event else []
        involved = dict.fromkeys([*own, *(o.epoch for o in self.origins)])
        return [e for e in involved if e in self.epochs and self.epochs[e].seed is None]


@dataclass(frozen=True)
class Located:
    """Where an event reference points: its campaign, aggregate and version."""

    campaign_id: UUID
    campaign_events: list[dict[str, Any]]
    names: dict[str, str]
    kinds: dict[str, str]
    member: str
    version: int

    @property
    def name(self) -> str:
        """The name of the aggregate (character, deck or campaign)."""
        return self.names[self.member]


def locate(audit: Audit, ref: str) -> Located:
    """The event ``ref`` (``<id or id prefix>:<version>``, as ``chronique log`` shows it)."""
    aggregate, version = _parse(ref)
    for campaign_id in audit.campaign_ids():
        own = audit.campaign_events(campaign_id)
        joined = [e for e in own if e["topic"].endswith("MemberJoined")]
        names = {str(campaign_id): own[0]["name"]} | {e["member_id"]: e["name"] for e in joined}
        kinds = {str(campaign_id): "campaign"} | {e["member_id"]: e["kind"] for e in joined}
        matches = [m for m in names if m.replace("-", "").startswith(aggregate)]
        if len(matches) > 1:
            raise RuleViolation(f"{quoted(ref)} is ambiguous: give more of the id")
        if matches:
            return Located(campaign_id, own, names, kinds, matches[0], version)
    raise RuleViolation(f"no event {quoted(ref)} in this journal")


def explain(audit: Audit, ref: str, *, for_players: bool = True) -> Explanation:
    """The explanation of the event ``ref``."""
    place = locate(audit, ref)
    return _explain(audit, place.campaign_id, place.campaign_events, place.names, place.member, place.version, for_players)


def _explain(
    audit: Audit, campaign_id: UUID, own: list[dict[str, Any]], names: dict[str, str], member: str, version: int, for_players: bool
) -> Explanation:
    epochs = epochs_of(own)
    received: dict[tuple[str, str], deque[CardOrigin]] = defaultdict(deque)
    decks = Table()
    voided: dict[str, str] = {}
    target = None
    # The campaign's own version when the event was recorded: its settings then price the roll (RM1).
    campaign, settled = str(campaign_id), 1
    game = ruleset(own[0]["ruleset"])
    # Each aggregate's latest event before the target: an opposition follows from the tests
    # just made by both sides (ruling EB31).
    latest: dict[str, tuple[str, dict[str, Any]]] = {}
    # The member's own events before the target: what it holds, each card with the event that put it there.
    earlier: list[tuple[str, dict[str, Any]]] = []
    for event in audit.events(campaign_id):
        here = f"{event['originator_id']}:{event['originator_version']}"
        if target is None and not (event["originator_id"] == member and event["originator_version"] == version):
            latest[event["originator_id"]] = (here, event)
            if event["originator_id"] == member:
                earlier.append((here, event))
        if target is None and event["originator_id"] == campaign:
            settled = event["originator_version"]
        if event["topic"] in CORRECTION_TOPICS:
            # A correction voids one version (`correct`), an undo a list of them (ruling UN20):
            # each is said voided by it, as the log says it.
            versions = event["voided"] if isinstance(event["voided"], list) else [event["voided"]]
            voided.update({f"{event['originator_id']}:{v}": here for v in versions})
        if event["originator_id"] == member and event["originator_version"] == version:
            target = event
            if event["topic"] == deck_rules.DRAWN:  # a deck's own draw: the cards it took, placed
                origins = _follow(decks, event, here)
                untraced = 0
            else:
                played = _played(event, names[member], own[0]["ruleset"])
                origins = _placed(received, played)
                untraced = len(played) - len(origins)
        elif target is None:
            for o in _follow(decks, event, here):
                received[(o.to, o.card)].append(o)
            # A card one character gave another (a Cartes power support's): the receiver plays it
            # later, the instance the deck handed to the giver (ruling C85).
            for giver, card in game.cards_passed(event):
                handed = received.get((giver, card))
                if handed:
                    received[(names.get(event["originator_id"], ""), card)].append(handed.pop())
    if target is None:
        raise RuleViolation(f"{names[member]} has no event {version}")
    if for_players:
        # Until its epoch is revealed, where a card lay in its shuffle would tell how many cards
        # the hidden draws between took (FAIRNESS.md v2, ruling FP9): its place shows then.
        origins = [o if epochs[o.epoch].seed is not None else replace(o, position=None) for o in origins]
    ref = f"{member}:{version}"
    sealed = target.get("sealed_until")
    hidden = for_players and sealed is not None and epochs[sealed].seed is None
    what = target["topic"].rsplit(":", 1)[1]
    explanation = Explanation(ref, names[member], what, target, hidden, voided.get(ref), epochs, origins, untraced)
    explanation.settles = _settles(target, names, latest)
    explanation.paid = _paid(game.cards_paid(target, earlier), earlier)
    domain_event = _domain_event(audit, member, version)
    if not hidden:
        explanation.rederived = _verdict(audit, campaign_id, ref, target, epochs)
        # The event as recorded, told by its game's ruleset in the players' words (issue 14). A
        # player taking up a character records its id only: told with its name, as the log tells
        # it ("Alice is now played by Ana", never "a character is now played by Ana").
        if isinstance(domain_event, Campaign.PlayerAssigned):
            explanation.description = told(lambda e: player_assigned(e, names.get(e.member_id)), domain_event)
        else:
            explanation.description = told(game.describe, domain_event)
        epoch = epochs.get(str(target.get("epoch")))
        explanation.dice = chance_used(all_rules().rederive.get(target["topic"]), target, epoch.fair if epoch else None)
        # Ruling LK10: its odds as the log gives them, worked out again from the event itself,
        # as the luck read model does (projections/luck.py ``rolls``): whoever rolled it (LK1),
        # else the aggregate that recorded it, under the settings of that moment (RM1).
        settings = _settings_at(audit, campaign_id, settled)
        explanation.odds = [(draw.roller or names[member], draw.chance, draw.kind) for draw in game.luck(domain_event, settings)]
    else:
        # An event face down by design (a Cartes deal) tells players what the log tells them, its
        # face-up hand and its pile counted (ruling NT10); its cards' places wait for the reveal.
        if getattr(domain_event, "face_down_by_design", False):
            explanation.description = told(game.describe, domain_event)
    return explanation


def _paid(paid: Sequence[tuple[str, str | None]], earlier: Sequence[tuple[str, dict[str, Any]]]) -> list[PaidCard]:
    """Each card paid, with the kind of the event that put it where it was paid from."""
    kinds = {ref: event["topic"].rsplit(":", 1)[1] for ref, event in earlier}
    return [PaidCard(card, ref, kinds.get(ref) if ref else None) for card, ref in paid]


def _settles(target: dict[str, Any], names: dict[str, str], latest: dict[str, tuple[str, dict[str, Any]]]) -> list[tuple[str, str]]:
    """The tests an opposition settles (ruling EB31), found by the verifier's own rule (ruling
    C133, ``verification.settled_by``): the acting side's test just before it and, when the
    opponent drew, the opponent's. Nothing for any other event."""
    from chronique.domain.rulesets.cartes.verification import settled_by

    test, _, answer = settled_by(target, lambda member: latest[member][1] if member in latest else None, names.items())
    return [(names[t["originator_id"]], latest[t["originator_id"]][0]) for t in (test, answer) if t is not None]


def _domain_event(audit: Audit, member: str, version: int) -> Any:
    """The stored event ``member:version`` as its domain class reads it (old events upcast)."""
    rows = audit.journal.recorder.select_events(UUID(member), gt=version - 1, lte=version)
    return audit.journal.mapper.to_domain_event(rows[0])


_SETTINGS_TOPICS = {CAMPAIGN + "Created", CAMPAIGN + "SettingChanged", CAMPAIGN + "Corrected"}


def _settings_at(audit: Audit, campaign_id: UUID, version: int) -> dict[str, Any]:
    """The campaign's settings as its events up to ``version`` leave them: those it was created
    with, then each setting chosen and each correction's recomputed settings, folded by the events'
    own ``apply`` as the luck read model folds them (projections/standing.py, ruling RM1)."""
    from chronique.domain.campaign import Campaign, settings_after

    settings: dict[str, Any] = {}
    for row in audit.journal.recorder.select_events(campaign_id, lte=version):
        if row.topic in _SETTINGS_TOPICS:
            event = audit.journal.mapper.to_domain_event(row)
            settings = dict(event.settings) if isinstance(event, Campaign.Created) else settings_after(settings, event)
    return settings


def _verdict(audit: Audit, campaign_id: UUID, ref: str, target: dict[str, Any], epochs: dict[str, Epoch]) -> str:
    # FAIRNESS.md v2: the draw and what the rules made of it are checked by the whole
    # verification, which needs the events before this one (a deck's order, a pile's cards).
    report = audit.verify(str(campaign_id))
    if report.ok:
        if not target.get("chance"):
            return "its outcome is what the rules give"
        epoch = epochs.get(str(target.get("epoch")))
        if epoch is not None and epoch.seed is None:
            # Only the seed re-derives the dice from their draw place: until it is revealed, what
            # holds is what the rules made of the dice recorded (ruling FP11).
            later = f"they are checked against their draw place once the dice of {epoch_name(epoch.id)} are revealed"
            return f"its outcome is what the rules give for the dice recorded; {later}"
        return "its chance matches its draw place and its outcome is what the rules give"
    if report.place is not None and report.place.startswith(ref + " "):
        return f"DOES NOT hold: {report.failure}"
    return f"the journal fails verification elsewhere, at {report.place}: {report.failure}"


class _Placed(str):
    """A card of a recorded shuffle that remembers its place there: the shuffle, its position
    (0 is the top) and the epoch it was shuffled in. It is equal to the card's plain name, so the
    verifier's deck rules keep it, compare it and hand it out as they would the card."""

    shuffle: str
    position: int
    epoch: str

    @classmethod
    def at(cls, card: str, shuffle: str, position: int, epoch: str) -> _Placed:
        placed = cls(card)
        placed.shuffle, placed.position, placed.epoch = shuffle, position, epoch
        return placed


class _Placing(Replay):
    """A shuffle's recorded chance replayed, as the verifier replays it, with each card of the
    result placed in that shuffle."""

    def __init__(self, event: dict[str, Any], here: str) -> None:
        super().__init__(event["chance"])
        self.here, self.epoch = here, str(event["epoch"])

    def shuffle(self, deck: Sequence[str]) -> list[str]:
        return [_Placed.at(c, self.here, i, self.epoch) for i, c in enumerate(super().shuffle(deck))]


def _follow(decks: Table, event: dict[str, Any], here: str) -> list[CardOrigin]:
    """Apply one event to the decks with the verifier's own deck rules; for a draw, where each card
    it took came from. A deck the rules cannot follow (a record they refuse, which ``verify``
    reports) is followed no further: its cards' origins are left untold rather than guessed."""
    topic, deck_id = event["topic"], event["originator_id"]
    rule = _DECK_RULES.get(topic)
    if rule is None or deck_id in decks.unknown:
        return []
    deck = decks.state.get(deck_id)
    top = deck.top if deck is not None else 0
    try:
        rule(event, _Placing(event, here) if topic == deck_rules.SHUFFLED else NO_CHANCE, decks)
    except (Mismatch, Unknowable, LookupError, TypeError, ValueError):
        decks.unknown.add(deck_id)
        return []
    if topic != deck_rules.DRAWN or deck is None:
        return []
    # The rule moved the deck's top past the cards it drew: they are still there, placed.
    taken = deck.cards[top : deck.top]
    return [CardOrigin(str(c), event["to"], event["purpose"], c.shuffle, c.position, c.epoch) for c in taken]


def _played(event: dict[str, Any], who: str, game: str) -> list[tuple[str, str]]:
    """The cards ``event`` of ``who`` played, in the order drawn, each with whom the deck handed it
    to: as its game says (``Ruleset.cards_played``: a Cartes survival draw's healer's cards first,
    handed to the healer, then the patient's; a card drawn twice from two packs twice, ruling
    C85), else the cards its record holds, handed to ``who``."""
    said = ruleset(game).cards_played(event)
    if said is not None:
        return [(to or who, card) for to, card in said]
    return [(who, card) for card in _cards_of(event)]


def _placed(received: dict[tuple[str, str], deque[CardOrigin]], played: Sequence[tuple[str, str]]) -> list[CardOrigin]:
    """Where each of the ``played`` cards came from, in their order: the card instances the deck
    handed each recipient most recently. The event's cards are the last ones handed, so they are
    taken from its last card back, each the most recent instance left: a card drawn twice (two
    packs) is placed twice, in the order drawn, and a pile's card dealt earlier is found under
    the draws that followed it. A card no draw handed is left out (``untraced``)."""
    placed = [_take(received, who, card) for who, card in reversed(played)]
    return [o for found in reversed(placed) for o in found]


def _take(received: dict[tuple[str, str], deque[CardOrigin]], who: str, card: str) -> list[CardOrigin]:
    # The card instance this character most recently received: pile, hand or a draw for it.
    pending = received.get((who, card))
    return [pending.pop()] if pending else []


def _cards_of(event: dict[str, Any]) -> list[str]:
    """The cards an event played, wherever its game records them: the lists under ``drawn`` and
    ``cards``, at any depth (a Cartes test's outcome, a MicroFudge side's attack on each target,
    its defence and its armour), each card once; a count kept under those names is none."""
    found: dict[str, None] = {}

    def gather(value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key in ("drawn", "cards") and isinstance(inner, list):
                    found.update(dict.fromkeys(card for card in inner if isinstance(card, str)))
                else:
                    gather(inner)

    gather({k: v for k, v in event.items() if k != "chance"})  # a shuffle's deck is no card played
    return list(found)


def _parse(ref: str) -> tuple[str, int]:
    head, _, tail = ref.strip().rpartition(":")
    if not head or not is_count(tail):
        raise RuleViolation(f"{quoted(ref)} is not an event reference (write <id>:<version>, as {to_type('log')} shows)")
    return head.replace("-", "").lower(), int(tail)


def account(x: Explanation) -> list[str]:
    """One event explained in lines of words, as ``audit show`` prints them and the web journal's
    "explain" shows them."""
    # The headline as ``chronique log`` names the event: its short ref, who, and its kind in
    # words ("Sam Parkerson: check rolled", where "check rolled of Sam Parkerson" read as a slip).
    voided = f" — VOIDED by {short_ref(x.voided_by)}" if x.voided_by else ""
    lines = [f"{short_ref(x.ref)}, {x.who}: {kind_words(x.what)}{voided}"]
    if x.hidden:
        happened = [f"what happened: {x.description}"] if x.description else []
        return [*lines, *happened, face_down_until(x.event["sealed_until"])]
    e = x.event
    # A Cartes test keeps the game's purpose ("attack on Alice") apart from the player's reason
    # since its version 5 (ruling C82): the reason when one was given, else the game's purpose.
    # A roll nobody gave a reason for says none: "why: —" read as "no explanation" above the
    # lines that explain it; one its account tells already ("correction: voided 8e840eb3:4 (wrong
    # skill)", "7♣ drawn for Alice (Contact test)") is not said twice, nor a game's purpose or a
    # recorded reason its line says in words (ruling EB30).
    lines += [f"what happened: {x.description}", *(f"why: {why}" for why in _why(e, x.description))]
    if x.odds:
        # Ruling LK10: what the roll did reads against its chance, in the log's own words.
        lines.append(f"the odds: {odds_words(x.odds)}")
    if "basis" in e:
        from chronique.domain.rulesets.cartes.describe import target_terms

        made_of = target_terms(e["skill"], e["basis"])
        lines.append(f"target {e['target']} for {e['skill']} = {made_of}{_sheet_moment(x)}")
        lines.append(_level_line(e))
    lines += _dice_lines(x)
    if x.settles:
        # An opposition follows from the two tests just made (§Réussites ou échecs L305-313): named
        # by their refs, so that a disputed opposition can be followed to its draws (ruling EB31).
        tests = " and ".join(f"{who}'s test {short_ref(ref)}" for who, ref in x.settles)
        lines.append(f"the {'draws' if len(x.settles) > 1 else 'draw'} it settles: {tests}")
    for origin in x.origins:
        dice = f"the dice of {epoch_name(origin.epoch)}, {_status(x, origin.epoch)}"
        if origin.position is None:
            where = f"from shuffle {short_ref(origin.shuffle)} ({dice}: its place there shows once they are)"
        else:
            # Counted from 1 as a person counts cards (ruling EB40); --json keeps the index into
            # the shuffle's recorded result, from 0, as the verifier reads it.
            where = f"card {origin.position + 1} of shuffle {short_ref(origin.shuffle)} ({dice})"
        lines.append(f"  {card(origin.card)}: {where}, drawn for {origin.to} ({origin.purpose})")
    for paid in x.paid:
        # Ruling C144: a card paid from the hand was drawn by the event that put it there, whose
        # own `audit show` places it in its shuffle.
        if paid.ref is None or paid.what is None:
            lines.append(f"  {card(paid.card)}: paid from the hand; the journal does not tell which event put it there")
        else:
            lines.append(f"  {card(paid.card)}: paid from the hand, put there by {short_ref(paid.ref)} ({kind_words(paid.what)})")
    if x.rederived:
        # An event that drew nothing has no chance to re-derive: the rules check what it records.
        drew = bool(e.get("chance") or x.origins or x.untraced)
        lines.append(f"{'chance re-derived' if drew else 'checked against the rules'}: {x.rederived}")
    waiting = " and ".join(f"the dice of {epoch_name(e)}" for e in x.waiting)
    if waiting:
        lines.append(f"not verifiable until {waiting} are revealed")
    elif x.untraced:
        lines.append(f"not verifiable from this account: where {plural(x.untraced, 'card')} came from is not traced here")
    else:
        lines.append("verifiable now")
    return lines


def _why(e: Mapping[str, Any], description: str) -> list[str]:
    """The "why" of an event, when its account does not tell it already (rulings C82, EB30): the
    reason a player gave, unless the line says it in brackets; else the game's own purpose or the
    reason the event records ("support of Alice", "resource"), which its line tells in words ("the
    support of Alice failed", "from the resource draw"): said only when the line does not."""
    given = e.get("purpose")
    if given:
        return [] if f"({given})" in description else [str(given)]
    recorded = e.get("game_purpose") or e.get("reason")
    if not isinstance(recorded, str) or not recorded.strip():
        return []
    return [] if re.search(rf"(?<!\w){re.escape(recorded)}(?!\w)", description) else [recorded]


def _sheet_moment(x: Explanation) -> str:
    """Which sheet a test's target was read from, as a moment a sheet can be shown at (``sheet
    --as-of <ref>``, ruling SV5), never its version (rulings SV11, EB28): " (Alice's sheet as it
    stood when event 8e840eb3:1 was recorded)"; nothing when the test records no such moment."""
    version = x.event.get("sheet_version")
    if type(version) is not int or version < 1:
        return ""
    aggregate = x.ref.rpartition(":")[0]
    return f" ({x.who}'s sheet as it stood when event {short_ref(f'{aggregate}:{version}')} was recorded)"


def _level_line(e: Mapping[str, Any]) -> str:
    """A Cartes test's draw as its log line reads it (ruling EB29): the level with its name, the
    level asked and the first card whose suit moved it, where the first card came from, the cards,
    and the success with its quality and the suit's +3 (§Bonus de couleur L321-324; none on a
    recovery draw, ruling C11, nor on a power support's own draw, ruling C143): "level +0 (moyenne);
    pile first: 2♠ → success, quality 2 +3 (♠ on a power manoeuvre)"."""
    from chronique.domain.rulesets.cartes.describe import level, quality
    from chronique.domain.rulesets.cartes.resolution import as_counted

    o = as_counted(e)
    # The cards drawn first, then those played in their place (§Ressources en cartes L199: a
    # hand card for a failed draw), as the test was resolved with.
    drawn = o.get("drawn") or o["cards"]
    played = "" if list(drawn) == list(o["cards"]) else f", played as {cards(o['cards'])}"
    asked = ""
    if o["level_asked"] != o["level"]:
        asked = f", asked {level(o['level_asked'])}" + (f", {cards(drawn[:1])[-1]} first" if drawn else "")
    verdict = "success" + (f", {quality(o)}" if o.get("quality") else "") if o["success"] else "failure"
    return f"level {level(o['level'])}{asked}; {e['source']} first: {cards(drawn)}{played} → {verdict}"


def _status(x: Explanation, epoch: str) -> str:
    return "revealed" if x.epochs[epoch].seed else "not revealed yet"


def _dice_lines(x: Explanation) -> list[str]:
    """Each die (or shuffle) of the event, in the order drawn, with what it decided: runs of the
    same die feeding the same part of the rules on one line ("d100: 98, 45 — the FOR roll")."""
    if not x.dice:
        return []
    e = x.event
    epoch = str(e["epoch"])
    # The draw place of FAIRNESS.md v2 (its ``draw`` counts from 0); v1 drew at the event's version.
    draw = e.get("draw")
    # A draw place that is no count (a forged record, a bool among them) is verify's to name: the dice still list.
    place = f"{x.who}'s {ordinal(draw + 1)} draw from" if type(draw) is int and draw >= 0 else "drawn from"
    lines = [f"the dice, in the order drawn ({place} the dice of {epoch_name(epoch)}, {_status(x, epoch)}):"]
    for (die, part), run in groupby(x.dice, key=lambda used: (_die(used.op), used.part)):
        values = (" " if die == "dF" else ", ").join(_value(used.op) for used in run)
        lines.append(f"  {die}: {values}" + (f" — {part}" if part else ""))
    return lines


def _die(op: Mapping[str, Any]) -> str:
    return {"d": f"d{op.get('sides')}", "dF": "dF", "uniform": f"a number under {op.get('n')}", "shuffle": "a shuffle"}.get(
        str(op.get("op")), str(op.get("op"))
    )


def _value(op: Mapping[str, Any]) -> str:
    if op.get("op") == "dF":
        return fudge_face(op.get("value"))
    if op.get("op") == "shuffle":
        deck = op.get("deck")
        return f"{plural(len(deck), 'card')} put in a new order" if isinstance(deck, list) else "cards put in a new order"
    return str(op.get("value"))


def short_ref(ref: str) -> str:
    """An event reference as ``chronique log`` shows it: the first 8 hex digits of its aggregate's
    id, then its version (``f6fc9d3b:6``); ``audit show`` and ``correct`` accept it back."""
    aggregate, _, version = ref.rpartition(":")
    return f"{aggregate.replace('-', '')[:8]}:{version}"
