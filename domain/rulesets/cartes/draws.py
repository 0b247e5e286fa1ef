"""Cartes draws: tests, supports, pile refills and experience awards (cartes.md §3)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from chronique.domain.cards import shown, shown_all, value
from chronique.domain.character import Character
from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.cartes import events as ev
from chronique.domain.rulesets.cartes.damage import wounds_own_malus
from chronique.domain.rulesets.cartes.describe import target_terms
from chronique.domain.rulesets.cartes.recorded import SkillSheet, recorded_sheet, skill_target
from chronique.domain.rulesets.cartes.resolution import (
    DIAMOND_CANCELS,
    SUPPORT_OF,
    TestOutcome,
    level_modifier,
    pile_gain,
    recovery_level,
    resolve_test,
    resource_level,
    shed_malus_removed,
    speciality_bonus,
    tactics_markers,
    target_with_markers,
)
from chronique.domain.rulesets.cartes.table import GENERAL, cartes_command, deal, draw, living, pack_words, pile_size, room_for_hands
from chronique.domain.text import fold, plural, quoted
from chronique.domain.world import World

SOURCES = ("pile", "hand", "deck")

DECLARED_SHIFTS = ("short-circuit", "change-of-plan", "counter-short-circuit", "ignored-hostile-action", "hurry", "take-time")
"""The named level shifts a player or the GM declares for one test (§Choix de l'actions L269-271,
§Durée du tour L239); the others (markers, Sens for Vigilance, retries) follow from the rules."""


EXCLUSIVE_SHIFTS = (("short-circuit", "change-of-plan", "counter-short-circuit"), ("hurry", "take-time"))
"""Declared shifts of which one test takes at most one. §Choix de l'actions L269: a change of plan
"follows the short-circuit rules" (it is one), and topping a short-circuit costs two levels in
all, not one more on top of a short-circuit's. §Durée du tour L239: an action cannot be both
hurried and given more time. The README's usage writes each group as alternatives (``a | b``)."""


@dataclass(frozen=True)
class TestRequest:
    """What a player asks for: the skill or characteristic, how hard, and how it is drawn.

    ``source`` None is the character's own: the pile of a player character, the general deck
    for a GM character, who holds no pile (ruling C35). ``level`` is the GM's difficulty;
    ``short_circuit`` and ``shifts`` (named in ``DECLARED_SHIFTS``) add their levels to it.
    ``modifier`` is the GM's situational modifier; a discretion draw's range bonus, a
    device's signature (a malus) and a watcher's sensor (a bonus) are their own terms
    (§Vigilance et discrétion L417, L423, L427), so the target says what moved it by name.
    ``purpose`` is the player's reason (``cartes test --reason``); ``game_purpose`` is what the
    game itself draws the test for (an opposition's side, a support, a resource or recovery
    draw), set by the code that makes it and kept apart, so the log never reads it as the
    player's reason (ruling C82).
    """

    __test__ = False  # not a pytest test class

    skill: str
    level: int = 0
    source: str | None = None
    first_hand_card: str | None = None
    manoeuvre: str = "power"
    speciality: str | None = None
    modifier: int = 0
    range_bonus: int = 0
    signature: int = 0
    sensor: int = 0
    spend_bonus: bool = False
    shed_malus: bool = False
    short_circuit: bool = False
    shifts: tuple[str, ...] = ()
    hand_cards: tuple[str, ...] = ()
    purpose: str = ""
    game_purpose: str = ""
    supporting: bool = False
    hidden: bool = False
    untrained: bool = False
    """The skill is drawn at 0 when the sheet lacks it (§Compétences L525-527: a skill never bought
    has no level), set by the game where the seed lets anyone try: a sneak without Discrétion
    (ruling C115). Otherwise a skill the sheet lacks is refused, as a mistyped one is."""
    first_card_lowest: bool = False
    """``first_hand_card`` is the hand's lowest, chosen by the game because the player named none
    (a resource or recovery draw without ``--card``): the seed leaves the card to the player
    (§Choix des manœuvres L279, §Épuisement de la pioche L235), so the test records that the
    choice was the default and the log says why that card went (ruling C121)."""


def target_of(character: Character, request: TestRequest) -> tuple[int, str, int, dict[str, int]]:
    """(target, canonical skill name, level shift, what made the target) for the request
    (cartes.md §3.4, §3.8); the last is recorded so an audit can show every modifier."""
    sheet = recorded_sheet(character)
    known = not request.untrained or any(fold(skill) == fold(request.skill) for skill in sheet.skills)
    base, name = skill_target(sheet, request.skill) if known else (0, request.skill)
    speciality = _speciality_bonus(sheet, name, request.speciality) if request.speciality else 0
    c = character.condition
    # Kept only when there is one: every other test's basis keeps the shape it always had.
    discretion = {"range": request.range_bonus, "signature": -request.signature} if request.range_bonus or request.signature else {}
    # §Senseurs L427: a device that extends the watcher's senses is a bonus to its skill.
    sensor = {"sensor": request.sensor} if request.sensor else {}
    before_markers = base + speciality + request.modifier + sum(discretion.values()) + request.sensor
    with_markers, level_shift = target_with_markers(
        before_markers, c["bonus"], c["malus"], request.spend_bonus, shed_three_malus=request.shed_malus, holder=character.name
    )
    # Every draw a character makes takes its wound maluses and the post-KO malus (§Marqueurs
    # L328-331, §Tirage de conscience L373), resource and recovery draws too (ruling C79); only the
    # involuntary survival and consciousness draws go without them (cartes.md §5.1 PROPOSAL, C41).
    # The knock-out's malus is said apart, as the sheet and the consciousness draw name it ("malus
    # after a knock-out", ruling C147), kept only when there is one; the wounds' part stays
    # "wound_malus", as every test recorded before said it.
    knocked = c["ko_malus"]
    knock_out = {"ko_malus": -knocked} if knocked else {}
    wounds = wounds_own_malus(c)
    basis = {
        "sheet": base,
        "speciality": speciality,
        "situational": request.modifier,
        **discretion,
        **sensor,
        "markers": with_markers - before_markers,
        "wound_malus": -wounds,
        **knock_out,
    }
    return with_markers - wounds - knocked, name, level_shift, basis


def _speciality_bonus(sheet: SkillSheet, skill: str, speciality: str) -> int:
    wanted = speciality.casefold()
    own = sheet.skills.get(skill)
    on_own = own is not None and any(s.casefold() == wanted for s in own.specialities)
    on_other = any(any(s.casefold() == wanted for s in other.specialities) for other in sheet.skills.values())
    if not on_other:
        held = [s for skill in sheet.skills.values() for s in skill.specialities]
        known = f"the sheet's: {', '.join(held)}" if held else "the sheet has none"
        raise RuleViolation(f"{sheet.name} has no speciality {quoted(speciality)} ({known})")
    return speciality_bonus(own_skill=on_own, other_skill=on_other)


@dataclass(frozen=True)
class _Ready:
    """A test checked and worked out before its first card is drawn: its character, the request
    with its source, the target and what made it, the canonical skill and the level asked."""

    character: Character
    request: TestRequest
    target: int
    skill: str
    level: int
    basis: dict[str, int]
    diamond_cancels: bool


def _ready(world: World, name: str, request: TestRequest) -> _Ready:
    if request.manoeuvre == "tactics" and not world.campaign.in_session:
        # §Choix des manœuvres L278: a tactics manoeuvre's only result is markers "pour les tours
        # suivants", the rounds of a scene (§Déroulement du tour L247); no scene runs between
        # sessions (ruling C112), so its markers would wait, unshed by any scene's end, for a scene
        # of the next session they were never won in (ruling C114).
        raise RuleViolation(
            "a tactics manoeuvre gains markers for the following rounds of a scene, and no scene runs between sessions:"
            " draw it as power, or in a session"
        )
    character = living(world, name)
    if request.manoeuvre == "resource" and not request.game_purpose and not request.supporting:
        # §Choix des manœuvres L279: a resource manoeuvre is a Très facile Volonté draw, its first
        # card from the hand, that refills the pile (``take_resource``); a test so named would do
        # none of it. The game's own resource draws and a resource support name their purpose.
        raise RuleViolation(
            "a resource manoeuvre is its own draw, Très facile Volonté with a hand card first that refills the pile:"
            f" {cartes_command(world, 'resource', character.name)} draws it"
        )
    if character.condition["out_of_combat"]:
        # §KO ou OK L361: "hors combat"; only the consciousness draw (L371) brings them back.
        raise RuleViolation(f"{character.name} is out of combat: no action until a consciousness draw brings them to")
    request = replace(request, source=_source(character, request))
    target, skill, level_shift, basis = target_of(character, request)
    _refuse_a_certain_failure(character, request, target, skill, basis)
    declared = (("short-circuit",) if request.short_circuit else ()) + request.shifts
    for shift in declared:
        if shift not in DECLARED_SHIFTS:
            raise RuleViolation(f"a test may be declared {', '.join(DECLARED_SHIFTS)}, not {quoted(shift)}")
    for group in EXCLUSIVE_SHIFTS:
        chosen = [shift for shift in declared if shift in group]
        if len(chosen) > 1:
            raise RuleViolation(f"a test is declared {' or '.join(group)}, never several: not {' and '.join(chosen)}")
    # §Choix de l'actions L269: a short-circuit or a change of plan costs one more level, topping
    # a short-circuit two; L271: an ignored hostile action gives one facility level; §Durée du
    # tour L239: hurrying or taking one's time shifts it (ruling C8).
    level = request.level + level_shift + sum(level_modifier(shift) for shift in declared)
    # L324: a ♦ first from the pile cancels a level of a short-circuit or change of plan (ruling C6).
    diamond_cancels = any(shift in DIAMOND_CANCELS for shift in declared)
    return _Ready(character, request, target, skill, level, basis, diamond_cancels)


def _refuse_a_certain_failure(character: Character, request: TestRequest, target: int, skill: str, basis: dict[str, int]) -> None:
    # §Tirage L209: a card succeeds at or under the target, and none is worth less than an Ace
    # (1): against 0 or less every draw fails, whatever its level (§Difficulté des tirages) or
    # the cards played in place of its own. A hand card is also experience (§Ressources en cartes
    # L199), so a draw whose first card would be one is refused before anything is drawn (ruling
    # C105); one from the pile or the deck spends no experience and is drawn (and the hand cards
    # offered in place of its failures are only spent on a success, which none can give).
    card = request.first_hand_card if request.source == "hand" else None
    if target <= 0 and card is not None and card in character.condition["hand"]:
        what = request.game_purpose or f"{skill} test"
        raise RuleViolation(
            f"{character.name}'s {what} would be against {target} ({target_terms(skill, basis)}), which no card "
            f"can meet: {shown(card)} from the hand would be spent on a certain failure"
        )


def check_test(world: World, name: str, request: TestRequest) -> None:
    """Refuse now, before any card is drawn, what :func:`make_test` would refuse of ``request``
    (an unknown skill or speciality, a character out of combat…): an opposition checks both of
    its sides before either draws, so a refusal has drawn nothing."""
    _ready(world, name, request)


def make_test(world: World, name: str, request: TestRequest) -> TestOutcome:
    """Draw a test for ``name`` and record it (cartes.md §3.5)."""
    ready = _ready(world, name, request)
    character, request, target, skill = ready.character, ready.request, ready.target, ready.skill
    level, basis, diamond_cancels = ready.level, ready.basis, ready.diamond_cancels
    sheet_version = character.version
    deal(world)
    outcome = _draw_test(world, character, request, skill, target, level, diamond_cancels)
    bonus_change = -3 if request.spend_bonus else 0
    malus_change = -shed_malus_removed(outcome) if request.shed_malus else 0
    if request.manoeuvre == "tactics":
        gained, lost = tactics_markers(outcome)
        # A support's markers go to the supported character; only its failure stays here.
        bonus_change += 0 if request.supporting else gained
        malus_change += lost
    character.record(
        ev.TestMade,
        at=world.campaign.clock,
        skill=skill,
        target=target,
        manoeuvre=request.manoeuvre,
        source=request.source,
        purpose=request.purpose,
        game_purpose=request.game_purpose,
        outcome=outcome.to_dict(),
        from_pile=[character.condition["pile"][0]] if request.source == "pile" else [],
        from_hand=_hand_cards_spent(character, request, outcome),
        support_used=outcome.support_used,
        bonus_change=bonus_change,
        malus_change=malus_change,
        basis=basis,
        sheet_version=sheet_version,
        short_circuit=diamond_cancels,
        # §Tirage des soutiens L293: the power support cards serve this draw only, used or not.
        support_spent=bool(character.condition["support_cards"]),
        support_cards_spent=len(character.condition["support_cards"]),
        best_by_gain=True,  # ruling C101
        counts_kept=True,  # ruling C116
        spent_bonus=request.spend_bonus,  # ruling C118
        shed_tried=request.shed_malus,
        first_card_lowest=request.first_card_lowest and request.source == "hand",  # ruling C121
        sealed_until=world.campaign.epoch if request.hidden else None,
    )
    return outcome


def _source(character: Character, request: TestRequest) -> str:
    # Ruling C35: a GM character (npc) holds no pile and no hand; it draws from the general deck.
    npc = recorded_sheet(character).npc
    source = request.source or ("deck" if npc else "pile")
    if source not in SOURCES:
        raise RuleViolation(f"cards come from the pile, the hand or the deck, not {quoted(source)}")
    if npc and source != "deck":
        raise RuleViolation(f"{character.name} is a GM character with no pile and no hand: they draw from the general deck")
    return source


def _draw_test(
    world: World, character: Character, request: TestRequest, skill: str, target: int, level: int, diamond_cancels: bool
) -> TestOutcome:
    # The deck's log names the skill as the sheet spells it (``skill``), whatever was typed; its
    # cards are drawn for the player's reason, else the game's purpose, else the skill's test; a
    # passive first card says so inside the deck's one pair of brackets (ruling C120). A GM
    # character's first card comes from the deck because it holds no pile (ruling C35), not
    # because its action is trivial or involuntary (§Tirage passifs L231): its test (ruling C123).
    drawn_for = request.purpose or request.game_purpose
    purpose = drawn_for or f"{skill} test"
    npc = recorded_sheet(character).npc
    first = _first_card(world, character, request, drawn_for or (purpose if npc else f"passive {skill} test"))
    hand_left = list(character.condition["hand"])
    if request.first_hand_card:
        hand_left.remove(request.first_hand_card)
    for card in request.hand_cards:
        if card not in hand_left:
            raise RuleViolation(_not_held(character, card))
        hand_left.remove(card)
    return resolve_test(
        target,
        level,
        first,
        lambda n: draw(world, n, character.name, purpose, request.hidden),
        manoeuvre=request.manoeuvre,
        short_circuit=diamond_cancels,
        hand_cards=request.hand_cards,
        support_cards=character.condition["support_cards"],
        first_from_pile=request.source == "pile",
    )


def _first_card(world: World, character: Character, request: TestRequest, passive_purpose: str) -> str:
    c = character.condition
    if request.source == "deck":
        return draw(world, 1, character.name, passive_purpose, request.hidden)[0]
    if not world.campaign.in_session:
        # §Distribution des cartes L84-90, §Ressources en cartes L203: hands and piles are dealt
        # for a session and gathered at its end. Said without an option's name: a test takes
        # ``--from deck``, an attack ``--attacker-from``/``--defender-from``, a support none.
        raise RuleViolation(
            f"{character.name}'s pile and hand are only dealt during a session: between sessions, draw from the general deck instead"
        )
    if request.source == "hand":
        card = request.first_hand_card
        if card is None or card not in c["hand"]:
            raise RuleViolation(_not_held(character, card))
        return card
    if not c["pile"]:
        recovery = cartes_command(world, "recover", character.name)
        raise RuleViolation(f"{character.name}'s pile is empty: {recovery} makes a recovery draw first")
    return str(c["pile"][0])


def _not_held(character: Character, card: str | None) -> str:
    # §Ressources en cartes L199: each hand card is played once. A card held, but named once more
    # than it is held (first and in place of a failed card, or twice), is not said to be missing
    # (ruling C139). The cards as the sheet and the log show them (9♥, not 9H).
    hand = list(character.condition["hand"])
    held = shown_all(hand) if hand else "empty"
    if card is not None and card in hand:
        count = hand.count(card)
        played = "twice" if count == 1 else f"{count + 1} times"
        holds = "it once" if count == 1 else f"{count} of them"
        return f"{character.name} cannot play {shown(card)} {played}: the hand holds {holds} (hand: {held})"
    return f"{character.name} does not hold {shown(card) if card else 'that card'} in hand (hand: {held})"


def _hand_cards_spent(character: Character, request: TestRequest, outcome: TestOutcome) -> list[str]:
    spent = [request.first_hand_card] if request.source == "hand" and request.first_hand_card else []
    # The supporters' cards played are not hand cards: a card held both ways is played as the
    # support's, which costs no experience (resolution._Candidate.key).
    supports = Counter(character.condition["support_cards"])
    played = []
    for _, card in outcome.substituted:
        if supports[card]:
            supports[card] -= 1
        else:
            played.append(card)
    return spent + played


SUPPORTS = ("power", "tactics", "resource")


def support(world: World, supporter: str, supported: str, request: TestRequest) -> TestOutcome:
    """A supporter's draw for another's action (§Déroulement du tour, supports): on success a
    power card the supported may use in place of any card of their next draw, three bonus
    markers (tactics), or resource cards for their pile; a failure falls on the supporter. The
    outcome returned is the draw as it counted: a power support's without a suit bonus (ruling
    C143), its card's ♠ counting in the supported's draw, where it replaces a card (C4)."""
    if request.manoeuvre not in SUPPORTS:
        raise RuleViolation(f"a support is power, tactics or resource, not {quoted(request.manoeuvre)}")
    if request.manoeuvre in ("power", "tactics") and not world.campaign.in_session:
        # §Tirage des soutiens L287-294: a power or tactics support changes the supported action of
        # the round (a card for its draw, markers for it); no scene runs between sessions (ruling
        # C112), so the card or the markers would be held, unspent by any scene's end, into the
        # next session's (ruling C114). A resource support only refills the pile.
        raise RuleViolation(
            f"a {request.manoeuvre} support helps an action of a scene's round, and no scene runs between sessions: support it in a session"
        )
    helped = living(world, supported)
    if helped.id == world.character(supporter).id:
        raise RuleViolation("a character cannot support itself")
    if helped.condition["out_of_combat"]:
        # §Tirage des soutiens L289: a support aims at the action the supported character declared,
        # and one out of combat declares none (§KO ou OK L361) until it comes to (ruling C103).
        raise RuleViolation(f"{helped.name} is out of combat: no action to support until a consciousness draw brings them to")
    if request.manoeuvre == "resource":
        _refuse_full_pile(helped, "a resource support has nothing to give")
    # The deck's log names the supported character as the sheet spells it, whatever was typed;
    # the game's purpose is kept apart from any reason the caller gave (ruling C82).
    outcome = make_test(world, supporter, replace(request, supporting=True, game_purpose=f"{SUPPORT_OF}{helped.name}"))
    if not outcome.success:
        return outcome  # its tactics malus, if any, was recorded on the supporter's test
    card = outcome.retained if request.manoeuvre == "power" else None
    markers = tactics_markers(outcome)[0] if request.manoeuvre == "tactics" else 0
    cards: list[str] = []
    if request.manoeuvre == "resource":
        # cartes.md §3.11 PROPOSAL: as many cards as the success value, +3 on ♥, capped.
        cards = draw(world, pile_gain(outcome, pile_size(helped), recorded_sheet(helped).pile_max), helped.name, "resource support", True)
    helped.record(
        ev.SupportReceived,
        at=world.campaign.clock,
        supporter=world.character(supporter).name,
        kind=request.manoeuvre,
        card=card,
        markers=markers,
        cards=cards,
        sealed_until=world.campaign.epoch if cards else None,
    )
    # The test recorded keeps the draw as the verifier replays it; the log drops the +3 alike (as_counted).
    return replace(outcome, suit_bonus=0) if card is not None else outcome


def _refuse_full_pile(character: Character, why: str) -> None:
    # §Ressources en cartes L197: the pile has a maximum "qu'il ne peut toutefois pas dépasser", so a
    # resource draw or support for a full pile gains nothing; refused before anything is drawn, as
    # the draw would spend a hand card, which is also experience (L199), or the supporter's turn.
    size, most = pile_size(character), recorded_sheet(character).pile_max
    if size >= most:
        raise RuleViolation(f"{character.name}'s pile is full ({size} of {plural(most, 'card')}): {why}")


def recover(world: World, name: str, hand_card: str | None) -> TestOutcome:
    """Pile exhaustion recovery (§Épuisement de la pioche): Très facile Carrure, first card from
    the hand, each further recovery one level harder; gain the winning card's value. The outcome
    returned is the recovery's as it counted, without a suit bonus (ruling C11)."""
    character = living(world, name)
    if character.condition["pile"] or not character.condition["dealt"] and character.condition["pile_count"]:
        # §Épuisement de la pioche L235: the recovery draw is "en cas d'épuisement de la pioche";
        # the refusal says what the pile holds and what the draw is for (ruling C151).
        held = f"{pile_size(character)} of {plural(recorded_sheet(character).pile_max, 'card')}"
        raise RuleViolation(f"{character.name}'s pile is not empty ({held}): a recovery draw is made only when the pile is exhausted")
    outcome = _refill(world, character, "Carrure", "power", "recovery", hand_card)
    # The recovery as it counted: the winning card's value, no ♠ +3 (ruling C11). The test recorded
    # keeps the draw as the verifier replays it; the log drops the +3 alike (as_counted).
    return replace(outcome, suit_bonus=0)


def take_resource(world: World, name: str, hand_card: str | None) -> TestOutcome:
    """Resource manoeuvre (§Choix des manœuvres): Très facile Volonté, first card from the hand;
    success adds its value (+3 on ♥) to the pile, a failure makes the next one harder."""
    return _refill(world, living(world, name), "Volonté", "resource", "resource", hand_card)


def _refill(world: World, character: Character, characteristic: str, manoeuvre: str, kind: str, hand_card: str | None) -> TestOutcome:
    c = character.condition
    if not world.campaign.in_session:
        raise RuleViolation(f"{kind} draws happen during a session")
    if kind == "resource":
        _refuse_full_pile(character, "a resource draw would spend a hand card for nothing")
    deal(world)
    steps = c[f"{kind}_steps"]
    level = resource_level(steps) if kind == "resource" else recovery_level(steps, hand_empty=not c["hand"])
    purpose = f"{kind} draw"  # resolution.RECOVERY_DRAW for a recovery, by which the log knows it
    if hand_card is not None and not c["hand"]:
        # A29: with no hand card the first card comes from the deck, one level harder; a card
        # named that is not held is refused rather than silently left out (issue 15).
        card = shown(hand_card)
        raise RuleViolation(
            f"{character.name}'s hand is empty: no {card} to play (leave the card out to draw from the general deck, one level harder)"
        )
    if c["hand"]:
        # The player chooses the hand card (L235, L279); none named, the game plays the lowest, the
        # card worth least as experience (§Expérience L536: a purchase wants cards of a value), and
        # records that it chose it (ruling C121). Hand order breaks a tie, as a purchase's does.
        card = hand_card or min(c["hand"], key=value)
        request = TestRequest(characteristic, level, "hand", card, manoeuvre, game_purpose=purpose, first_card_lowest=hand_card is None)
    else:
        # cartes.md A29: with no hand card, the first card comes from the deck one level harder.
        request = TestRequest(characteristic, level, "deck", None, manoeuvre, game_purpose=purpose)
    outcome = make_test(world, character.name, request)
    # §Épuisement: the winning card's value; §Choix des manœuvres: a resource adds +3 on ♥.
    gained = pile_gain(outcome, len(c["pile"]), recorded_sheet(character).pile_max, with_suit_bonus=kind == "resource")
    cards = draw(world, gained, character.name, purpose, face_down=True)  # the pile is face down
    # cartes.md §3.9/§3.10 PROPOSAL: a failed resource draw or any recovery makes the next harder.
    harder = kind == "recovery" or not outcome.success
    character.record(
        ev.PileRefilled,
        at=world.campaign.clock,
        cards=cards,
        reason=kind,
        harder=harder,
        sealed_until=world.campaign.epoch if cards else None,
    )
    return outcome


def award(world: World, name: str, count: int, reason: str) -> list[str]:
    """GM award of hand cards (§Expérience); drawn at once when a session's cards are dealt (A15).
    Only a living player character earns them: the hand is a player's (§Ressources en cartes
    L199-201), a GM character holds none (ruling C35), and the dead play no more."""
    character = world.character(name)
    if character.condition["dead"]:
        raise RuleViolation(f"{character.name} is dead: the dead earn no experience")
    if recorded_sheet(character).npc:
        # C35: an NPC is dealt no hand, so awarded cards would never be drawn nor spent (C46).
        raise RuleViolation(f"{character.name} is a GM character: GM characters hold no hand and earn no experience")
    if count < 1:
        raise RuleViolation("an award is at least one card")
    deal(world)
    room = room_for_hands(world)
    if count > room:
        # §Fournitures nécessaires L75: the packs must still deal every player character's hand
        # and full pile, this session or the next (§Ressources en cartes L203).
        deck = world.decks[GENERAL]
        raise RuleViolation(
            f"{character.name} can be awarded at most {plural(room, 'hand card')}: the general deck's "
            f"{pack_words(deck)} must still deal every player character's hand and full pile"
        )
    cards = draw(world, count, character.name, "experience award") if character.condition["dealt"] else []
    character.record(ev.ExperienceAwarded, at=world.campaign.clock, count=count, cards=cards, reason=reason)
    return cards
