"""``chronique cartes``: the Cartes table commands: tests, attacks, wounds, recovery, care,
scenes and experience."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from chronique.cli import bounds, render
from chronique.cli.context import fail, run, typed_options
from chronique.cli.told import Told, named
from chronique.domain.rulesets.cartes import limits
from chronique.domain.rulesets.cartes.survival import MOST_EXTRA_LEVELS
from chronique.domain.text import plural

# The ranges of this game's numbers (domain/rulesets/cartes/limits.py, issue 18). A count of
# cards is at least one; its top is the campaign's own general deck (2 or 3 packs, §Fournitures
# nécessaires L73-77), which the draw or award refuses in the campaign's words (ruling C142).
CARDS_RANGE = bounds.at_least(1)
DAMAGE_RANGE = bounds.within(1, limits.DAMAGE)  # a blow of 0 leaves no wound (§Encaissement L345)
MODIFIER_RANGE = bounds.symmetric(limits.MODIFIER)

if TYPE_CHECKING:
    from collections.abc import Callable

    from chronique.domain.rulesets.cartes.combat import AttackResult, Contest
    from chronique.domain.rulesets.cartes.draws import TestRequest
    from chronique.domain.rulesets.cartes.resolution import TestOutcome
    from chronique.domain.world import World

app = typer.Typer(
    help="Cartes (played with cards): tests, oppositions, attacks, wounds, recovery, care, scenes and experience.",
    no_args_is_help=True,
)
xp_app = typer.Typer(help="Experience: GM awards of hand cards, and spending them.", no_args_is_help=True)
scene_app = typer.Typer(help="Scenes: markers last until the scene ends.", no_args_is_help=True)
app.add_typer(xp_app, name="xp")
app.add_typer(scene_app, name="scene")

CAMPAIGN = typer.Argument(..., help="Campaign name or id.")
CHARACTER = typer.Argument(..., help="Character name.")


def _cards(text: str) -> tuple[str, ...]:
    from chronique.domain.cards import normalise

    try:
        return tuple(normalise(part) for part in text.replace(",", " ").split())
    except ValueError as error:
        raise fail(str(error)) from None


def _some_cards(text: str | None, option: str, example: str) -> tuple[str, ...]:
    """The cards ``option`` names (``--hand-cards 9H,5S``, ``--cards KD,9C``: ``example`` is the
    cards), none when it is left
    out; typed with no card in it (``--cards ""``, an empty variable of a script) it is refused in
    one line: hand cards are experience (§Ressources en cartes L199), and ``--cards`` left empty
    would have spent the cheapest ones, which the player never chose."""
    if text is None:
        return ()
    found = _cards(text)
    if not found:
        # What to type, in backticks (rulings EB35, EB57): "`--cards` needs a card, e.g. `--cards KD,9C`".
        raise fail(f"`{option}` needs a card, e.g. `{option} {example}`")
    return found


def _one_card(text: str, option: str, example: str) -> str:
    """The one card ``option`` names (``--from hand:7H``, ``--card 5H``: ``example`` is what
    follows the option), refused in one line naming the option, to type, when it names none or
    several (rulings EB35, EB57)."""
    found = _cards(text)
    if len(found) != 1:
        raise fail(f"`{option}` {'takes one card' if found else 'needs a card'}, e.g. `{option} {example}`")
    return found[0]


def _request(
    skill: str,
    difficulty: str,
    source: str | None,
    manoeuvre: str,
    speciality: str | None,
    modifier: int,
    spend_bonus: bool,
    short_circuit: bool,
    hand_cards: str | None,
    purpose: str,
    shed_malus: bool = False,
    hidden: bool = False,
    shifts: tuple[str, ...] = (),
) -> TestRequest:
    from chronique.domain.errors import RuleViolation
    from chronique.domain.rulesets.cartes.draws import TestRequest
    from chronique.domain.rulesets.cartes.resolution import manoeuvre_name, parse_difficulty
    from chronique.domain.text import quoted

    try:
        # The rules' own readings: a level's name or number, a manoeuvre's English or French name.
        level, manoeuvre = parse_difficulty(difficulty), manoeuvre_name(manoeuvre)
    except RuleViolation as error:
        raise fail(str(error)) from None
    first_hand = None
    if source is not None and source.lower().startswith("hand:"):
        first_hand = _one_card(source[5:], "--from", "hand:7H")
        source = "hand"
    elif source not in (None, "pile", "deck"):
        raise fail(f"`--from` takes `pile`, `deck` or `hand:<card>`, not {quoted(source)}")
    return TestRequest(
        skill=skill,
        level=level,
        source=source,
        first_hand_card=first_hand,
        manoeuvre=manoeuvre,
        speciality=speciality,
        modifier=modifier,
        spend_bonus=spend_bonus,
        shed_malus=shed_malus,
        short_circuit=short_circuit,
        shifts=shifts,
        hand_cards=_some_cards(hand_cards, "--hand-cards", "9H,5S"),
        purpose=purpose,
        hidden=hidden,
    )


DIFFICULTY = typer.Option(
    "moyenne",
    "--difficulty",
    "-d",
    help="tres-facile, facile, moyenne, difficile or tres-difficile (in English: very-easy, easy, average, hard, "
    "very-hard), or a level -10..+10.",
)
FROM_HELP = "pile, deck (a passive or free action) or hand:<card>; by default the pile, or the deck for a GM character."
SOURCE = typer.Option(None, "--from", help=f"Where the first card comes from: {FROM_HELP}")
MANOEUVRE = typer.Option(
    "power",
    "--manoeuvre",
    help="power or tactics, or their French names puissance, tactique (a resource manoeuvre is its own draw: `chronique cartes resource`).",
)
SPECIALITY_HELP = "speciality that applies (+4 on its own skill, +2 on another)."
SPECIALITY = typer.Option(None, "--speciality", help=f"A {SPECIALITY_HELP}")
MODIFIER = typer.Option(0, "--modifier", callback=MODIFIER_RANGE, help="Situational modifier to the target number.")
SPEND_BONUS = typer.Option(False, "--spend-bonus", help="Spend 3 bonus markers for one facility level.")
SHED_MALUS = typer.Option(False, "--shed-malus", help="Try to shed 3 malus markers: one level harder, without them.")
SHORT_CIRCUIT = typer.Option(
    False, "--short-circuit", help="The action short-circuits another: one level harder; a ♦ first from the pile cancels it."
)
CHANGE_OF_PLAN = typer.Option(
    False, "--change-of-plan", help="The character changes plan mid-round: one level harder; a ♦ first from the pile cancels it."
)
COUNTER = typer.Option(
    False, "--counter-short-circuit", help="The character tops a short-circuit: two levels harder; a ♦ first from the pile cancels one."
)
HURRY = typer.Option(False, "--hurry", help="The character hurries (half the usual time): one level harder.")
TAKE_TIME = typer.Option(False, "--take-time", help="The character takes their time (twice the usual time): one level easier.")
HAND_CARDS = typer.Option(None, "--hand-cards", help="Hand cards to play in place of failed draws, e.g. 9H,5S.")


REASON = typer.Option("", "--reason", callback=bounds.trimmed, help="Why: shown in the log.")
HIDDEN = typer.Option(
    False,
    "--hidden",
    help="A hidden GM draw: the players see its cards face down until the dice it was drawn with are revealed.",
)


HAND_CARD = typer.Option(None, "--card", help="The hand card to draw with (default: the lowest).")


def drawn(world: World, name: str) -> render.Drawn:
    """The test just recorded for ``name`` as the log words it (describe.made_of, describe.played):
    the skill by its sheet's name, what the target adds up from when the sheet alone did not give
    it, and the cards it played from the hand or a support."""
    from chronique.domain.rulesets.cartes.describe import made_of, played
    from chronique.domain.rulesets.cartes.events import TestMade

    recorded = world.recorded_last(name, TestMade)
    return render.Drawn(recorded.skill, made_of(recorded), played(recorded))


Sides = tuple["render.Drawn", "render.Drawn | None"]
"""Both sides of an opposition as their tests were recorded; None for a side that made no draw."""


def sides(world: World, first: str, second: str, exchange: Contest) -> Sides:
    """Both sides of an opposition as their tests were recorded (:func:`drawn`); None for a
    second side that made no draw (out of combat, ignoring the attack)."""
    return drawn(world, first), drawn(world, second) if exchange.second is not None else None


Faced = tuple[str, str, Sides]
"""Both sides of an opposition by their sheets' names, and their tests as recorded (:data:`Sides`)."""

Struck = tuple[str, str, Sides, str]
"""An attack's :data:`Faced`, and the damage it dealt in the log's words (:func:`damage_words`)."""


def faced(world: World, first: str, second: str, exchange: Contest) -> Faced:
    """Both sides of an opposition by their sheets' names, with :func:`sides`."""
    return named(world, first), named(world, second), sides(world, first, second, exchange)


def damage_words(world: World, attacker: str, result: AttackResult) -> str:
    """What the attack just recorded for ``attacker`` dealt, as its log line says it after the net
    of the draws: "9 damage at Forte from the attack (weapon +3)", so that a wound larger than the
    net reads with its weapon's bonus (§Encaissement des dommages L346, ruling C124); nothing
    when no damage was dealt."""
    from chronique.domain.rulesets.cartes.describe import damage_dealt
    from chronique.domain.rulesets.cartes.events import OppositionSettled

    return damage_dealt(world.recorded_last(attacker, OppositionSettled)) if result.damage else ""


def _refill(
    ctx: typer.Context,
    campaign: str,
    character: str,
    card: str | None,
    refill: Callable[[World, str, str | None], TestOutcome],
) -> None:
    first = _one_card(card, "--card", "5H") if card is not None else None

    def act(world: World) -> Told[TestOutcome, Said]:
        outcome = refill(world, character, first)
        return Told(outcome, (named(world, character), drawn(world, character), [refilled(world, character)]))

    _say(run(ctx, lambda s: s.act(campaign, act)))


Said = tuple[str, "render.Drawn", list[str]]
"""Who drew, as the sheet spells it; the test as it was recorded; and the lines that say what it
gave beyond its draw."""


def _say(told: Told[TestOutcome, Said]) -> None:
    """A test's line, then what it gave (markers, a support, pile cards), each on a line of its own."""
    name, words, lines = told.words
    render.test_outcome(name, words, told.result)
    for line in lines:
        typer.echo(line)


def refilled(world: World, name: str) -> str:
    """What the resource or recovery draw just recorded for ``name`` put into the pile, and how
    full it is now (§Choix des manœuvres L279, §Épuisement de la pioche L235)."""
    from chronique.domain.rulesets.cartes.describe import pile_words
    from chronique.domain.rulesets.cartes.events import PileRefilled
    from chronique.domain.rulesets.cartes.recorded import recorded_sheet

    character = world.character(name)
    pile = character.condition["pile"]
    return pile_words(character.name, world.recorded_last(name, PileRefilled), len(pile), recorded_sheet(character).pile_max)


def markers_used(world: World, name: str, outcome: TestOutcome) -> list[str]:
    """The bonus markers the test just recorded for ``name`` spent, or the malus markers it shed or
    tried to (§Marqueurs L330-331, ruling C118), with the markers now held unless a tactics line
    follows to say them."""
    from chronique.domain.rulesets.cartes.describe import markers_used as used
    from chronique.domain.rulesets.cartes.events import TestMade

    character = world.character(name)
    return used(character.name, world.recorded_last(name, TestMade), character.condition, outcome.manoeuvre != "tactics")


def tactics_result(world: World, name: str, outcome: TestOutcome) -> list[str]:
    """The markers a tactics manoeuvre just left ``name`` (§Choix des manœuvres L278); nothing
    for another manoeuvre."""
    from chronique.domain.rulesets.cartes.describe import tactics_left
    from chronique.domain.rulesets.cartes.resolution import tactics_markers

    if outcome.manoeuvre != "tactics":
        return []
    character = world.character(name)
    return [tactics_left(character.name, *tactics_markers(outcome), character.condition)]


def support_result(world: World, supporter: str, supported: str, outcome: TestOutcome) -> list[str]:
    """What a support just gave the supported character, or, when it failed, what fell on the
    supporter (§Tirage des soutiens L291-297)."""
    from chronique.domain.rulesets.cartes.describe import given
    from chronique.domain.rulesets.cartes.events import SupportReceived

    helped = world.character(supported).name
    if outcome.success:
        return [f"{helped} receives {given(world.recorded_last(supported, SupportReceived))}"]
    fell = tactics_result(world, supporter, outcome) or [f"{helped} receives nothing"]
    return [f"the support fails: {fell[0]}"]


def _exclusive(flags: dict[str, bool]) -> None:
    """Refuse, before the journal is opened, flags of which one test takes at most one
    (draws.EXCLUSIVE_SHIFTS: §Choix de l'actions L269, §Durée du tour L239), naming them as typed."""
    from chronique.domain.rulesets.cartes.draws import EXCLUSIVE_SHIFTS

    for group in EXCLUSIVE_SHIFTS:
        chosen = [f"--{name}" for name in group if flags.get(name)]
        if len(chosen) > 1:
            raise fail(f"{', '.join(chosen[:-1])} and {chosen[-1]} exclude each other: a test takes one of them")


# The attack's options that serve only the defender's draw, or a defender who wins it.
_DEFENCE_OPTIONS = (
    "defence",
    "defence_speciality",
    "defence_modifier",
    "defence_difficulty",
    "defender_from",
    "defender_weapon_bonus",
    "defender_lethality",
)


def _ignored_options(ctx: typer.Context, ignored: bool) -> None:
    """Refuse a defence typed with --ignored: a character who ignores a hostile action makes no
    draw (§Choix de l'actions L271), so it would be silently dropped from the attack recorded."""
    defence = typed_options(ctx, _DEFENCE_OPTIONS)
    if ignored and defence:
        dropped = ", ".join(f"`{option}`" for option in defence)
        raise fail(f"a defender who ignores the attack makes no draw and cannot win it: drop {dropped} or `--ignored`")


def register(app: typer.Typer) -> None:
    """Add the Cartes table commands to ``app``, the game's sub-app (called once, below)."""

    @app.command("test")
    def test(
        ctx: typer.Context,
        campaign: str = CAMPAIGN,
        character: str = CHARACTER,
        skill: str = typer.Argument(..., help="Skill or characteristic drawn against."),
        difficulty: str = DIFFICULTY,
        source: str = SOURCE,
        manoeuvre: str = MANOEUVRE,
        speciality: str = SPECIALITY,
        modifier: int = MODIFIER,
        spend_bonus: bool = SPEND_BONUS,
        shed_malus: bool = SHED_MALUS,
        short_circuit: bool = SHORT_CIRCUIT,
        change_of_plan: bool = CHANGE_OF_PLAN,
        counter_short_circuit: bool = COUNTER,
        hurry: bool = HURRY,
        take_time: bool = TAKE_TIME,
        hand_cards: str = HAND_CARDS,
        reason: str = REASON,
        hidden: bool = HIDDEN,
    ) -> None:
        """Draw a test: first card from the pile (or hand/deck), the rest from the general deck."""
        from chronique.domain.rulesets.cartes.draws import make_test

        flags = {"change-of-plan": change_of_plan, "counter-short-circuit": counter_short_circuit, "hurry": hurry, "take-time": take_time}
        shifts = tuple(name for name, chosen in flags.items() if chosen)
        _exclusive({"short-circuit": short_circuit, **flags})
        request = _request(
            skill,
            difficulty,
            source,
            manoeuvre,
            speciality,
            modifier,
            spend_bonus,
            short_circuit,
            hand_cards,
            reason,
            shed_malus,
            hidden,
            shifts,
        )

        def act(world: World) -> Told[TestOutcome, Said]:
            outcome = make_test(world, character, request)
            said = markers_used(world, character, outcome) + tactics_result(world, character, outcome)
            return Told(outcome, (named(world, character), drawn(world, character), said))

        _say(run(ctx, lambda s: s.act(campaign, act)))

    @app.command("attack")
    def attack(
        ctx: typer.Context,
        campaign: str = CAMPAIGN,
        attacker: str = typer.Argument(..., help="The attacking character."),
        defender: str = typer.Argument(..., help="The defending character."),
        skill: str = typer.Option("Contact", "--skill", help="The attacker's skill."),
        defence: str = typer.Option("Contact", "--defence", help="The defender's skill."),
        speciality: str = typer.Option(None, "--speciality", help=f"The attacker's {SPECIALITY_HELP}"),
        modifier: int = typer.Option(0, "--modifier", callback=MODIFIER_RANGE, help="The attacker's situational modifier."),
        defence_speciality: str = typer.Option(None, "--defence-speciality", help=f"The defender's {SPECIALITY_HELP}"),
        defence_modifier: int = typer.Option(0, "--defence-modifier", callback=MODIFIER_RANGE, help="The defender's situational modifier."),
        difficulty: str = DIFFICULTY,
        defence_difficulty: str = typer.Option("moyenne", "--defence-difficulty", help="The defender's difficulty."),
        attacker_from: str = typer.Option(None, "--attacker-from", help=FROM_HELP),
        defender_from: str = typer.Option(None, "--defender-from", help=FROM_HELP),
        weapon_bonus: int = typer.Option(0, "--weapon-bonus", callback=MODIFIER_RANGE, help="The attacker's weapon bonus to damage."),
        lethality: str = typer.Option("moyenne", "--lethality", help="The attacker's weapon: nulle, faible, moyenne, forte or enorme."),
        defender_weapon_bonus: int = typer.Option(
            0, "--defender-weapon-bonus", callback=MODIFIER_RANGE, help="The defender's weapon bonus, if they win."
        ),
        defender_lethality: str = typer.Option("moyenne", "--defender-lethality", help="The defender's weapon lethality, if they win."),
        ignored: bool = typer.Option(
            False, "--ignored", help="The defender ignores the attack: no defence draw, and the attacker draws one level easier."
        ),
    ) -> None:
        """An opposed power draw; whoever loses takes the winner's net damage, at the winner's weapon's lethality."""
        from chronique.domain.rulesets.cartes.combat import attack as attack_

        _ignored_options(ctx, ignored)
        # Each side's draws are logged against the other by its sheet's name (combat.attack).
        a = _request(skill, difficulty, attacker_from, "power", speciality, modifier, False, False, None, "")
        d = _request(
            defence,
            defence_difficulty,
            defender_from,
            "power",
            defence_speciality,
            defence_modifier,
            False,
            False,
            None,
            "",
        )

        def act(world: World) -> Told[AttackResult, Struck]:
            result = attack_(
                world,
                attacker,
                defender,
                a,
                d,
                weapon_bonus,
                lethality,
                defence_weapon_bonus=defender_weapon_bonus,
                defence_lethality=defender_lethality,
                ignored=ignored,
            )
            return Told(result, (*faced(world, attacker, defender, result.exchange), damage_words(world, attacker, result)))

        told = run(ctx, lambda s: s.act(campaign, act))
        first, second, drawn, dealt = told.words
        render.attack(first, second, told.result, drawn, dealt)

    @app.command("oppose")
    def oppose(
        ctx: typer.Context,
        campaign: str = CAMPAIGN,
        first: str = typer.Argument(..., help="The acting character."),
        first_skill: str = typer.Argument(..., help="Their skill, e.g. Discrétion."),
        second: str = typer.Argument(..., help="The opposing character."),
        second_skill: str = typer.Argument(..., help="Their skill, e.g. Vigilance."),
        difficulty: str = typer.Option(
            "moyenne", "--difficulty", "-d", help="The first character's difficulty (an opposition is Moyenne unless the GM decides)."
        ),
        second_difficulty: str = typer.Option("moyenne", "--second-difficulty", help="The second character's difficulty."),
        first_modifier: int = typer.Option(
            0, "--first-modifier", callback=MODIFIER_RANGE, help="e.g. the range bonus of the discreet one."
        ),
        second_modifier: int = typer.Option(0, "--second-modifier", callback=MODIFIER_RANGE, help="e.g. a sensor's bonus."),
        first_speciality: str = typer.Option(None, "--first-speciality", help=f"The first character's {SPECIALITY_HELP}"),
        second_speciality: str = typer.Option(None, "--second-speciality", help=f"The second character's {SPECIALITY_HELP}"),
        first_from: str = typer.Option(None, "--first-from", help=FROM_HELP),
        second_from: str = typer.Option(None, "--second-from", help=FROM_HELP),
    ) -> None:
        """An opposed draw without damage (e.g. Discrétion against Vigilance), with tie-breaks; each side has its own difficulty."""
        from chronique.domain.rulesets.cartes.combat import contest

        # Each side's draws are logged against the other by its sheet's name (combat.contest).
        a = _request(first_skill, difficulty, first_from, "power", first_speciality, first_modifier, False, False, None, "")
        b = _request(
            second_skill,
            second_difficulty,
            second_from,
            "power",
            second_speciality,
            second_modifier,
            False,
            False,
            None,
            "",
        )

        def act(world: World) -> Told[Contest, Faced]:
            exchange = contest(world, first, a, second, b)
            return Told(exchange, faced(world, first, second, exchange))

        told = run(ctx, lambda s: s.act(campaign, act))
        render.contest(*told.words[:2], told.result, told.words[2])

    @app.command("spot")
    def spot(
        ctx: typer.Context,
        campaign: str = CAMPAIGN,
        sneak: str = typer.Argument(..., help="Who tries to stay unseen (Discrétion)."),
        watcher: str = typer.Argument(..., help="Who watches (Vigilance, or Sens one level harder)."),
        distance: int = typer.Option(
            ...,
            "--distance",
            callback=bounds.within(0, limits.DISTANCE),
            help="Metres between them: the range is the sneak's bonus.",
        ),
        signature: int = typer.Option(0, "--signature", callback=MODIFIER_RANGE, help="A device's signature, a malus to the sneak."),
        alert: bool = typer.Option(False, "--alert", help="The watcher is alert or searching."),
        sensor: int = typer.Option(
            0, "--sensor", callback=bounds.within(0, limits.MODIFIER), help="The bonus of a device that extends the watcher's senses."
        ),
        sneak_speciality: str = typer.Option(None, "--sneak-speciality", help=f"The sneak's {SPECIALITY_HELP}"),
        sneak_modifier: int = typer.Option(0, "--sneak-modifier", callback=MODIFIER_RANGE, help="The sneak's situational modifier."),
        watcher_speciality: str = typer.Option(None, "--watcher-speciality", help=f"The watcher's {SPECIALITY_HELP}"),
        watcher_modifier: int = typer.Option(0, "--watcher-modifier", callback=MODIFIER_RANGE, help="The watcher's situational modifier."),
    ) -> None:
        """Vigilance against Discrétion, with the range scale, signatures and sensors."""
        from chronique.domain.rulesets.cartes.combat import Edge
        from chronique.domain.rulesets.cartes.combat import spot as spot_

        sneak_edge, watcher_edge = Edge(sneak_speciality, sneak_modifier), Edge(watcher_speciality, watcher_modifier)

        def act(world: World) -> Told[Contest, Faced]:
            exchange = spot_(
                world, sneak, watcher, distance, signature, alert, sneak_edge=sneak_edge, watcher_edge=watcher_edge, sensor=sensor
            )
            return Told(exchange, faced(world, sneak, watcher, exchange))

        told = run(ctx, lambda s: s.act(campaign, act))
        render.contest(*told.words[:2], told.result, told.words[2])

    @app.command("support")
    def support(
        ctx: typer.Context,
        campaign: str = CAMPAIGN,
        supporter: str = typer.Argument(..., help="Who supports."),
        supported: str = typer.Argument(..., help="Whose action is supported."),
        skill: str = typer.Argument(..., help="The supporter's skill or characteristic."),
        kind: str = typer.Option("tactics", "--kind", help="power (a card for their draw), tactics (3 bonus markers) or resource."),
        difficulty: str = DIFFICULTY,
        source: str = SOURCE,
        speciality: str = typer.Option(None, "--speciality", help=f"The supporter's {SPECIALITY_HELP}"),
        modifier: int = typer.Option(0, "--modifier", callback=MODIFIER_RANGE, help="The supporter's situational modifier."),
    ) -> None:
        """Support another's action: on success a card, three bonus markers or resource cards."""
        from chronique.domain.rulesets.cartes.draws import support as support_

        # The draw is logged as the support of the supported by its sheet's name (draws.support).
        request = _request(skill, difficulty, source, kind, speciality, modifier, False, False, None, "")

        def act(world: World) -> Told[TestOutcome, Said]:
            outcome = support_(world, supporter, supported, request)
            return Told(outcome, (named(world, supporter), drawn(world, supporter), support_result(world, supporter, supported, outcome)))

        _say(run(ctx, lambda s: s.act(campaign, act)))

    @app.command("draw")
    def draw(
        ctx: typer.Context,
        campaign: str = CAMPAIGN,
        count: int = typer.Option(1, "--count", callback=CARDS_RANGE, help="How many cards."),
        for_: str = typer.Option("", "--for", help="The character the cards are drawn for (default: the GM)."),
        reason: str = REASON,
        hidden: bool = HIDDEN,
    ) -> None:
        """A GM's passive draw from the general deck, outside any test."""
        from chronique.domain.deck import Deck
        from chronique.domain.rulesets.cartes.describe import describe
        from chronique.domain.rulesets.cartes.table import gm_draw

        def act(world: World) -> str:
            gm_draw(world, count, for_, reason, hidden)
            # The line the log gives the draw (ruling C141): "9♦ 10♦ drawn for the GM (ambush)".
            drawn = next(e for e in reversed(world.pending()) if isinstance(e, Deck.CardsDrawn))
            return describe(drawn) + (", face down to the players until the reveal" if hidden else "")

        typer.echo(run(ctx, lambda s: s.act(campaign, act)))

    @app.command("wound")
    def wound(
        ctx: typer.Context,
        campaign: str = CAMPAIGN,
        character: str = CHARACTER,
        damage: int = typer.Option(..., "--damage", callback=DAMAGE_RANGE, help="The damage value (card plus weapon bonus)."),
        lethality: str = typer.Option(..., "--lethality", help="nulle, faible, moyenne, forte or enorme."),
        source: str = typer.Option("the GM", "--source", help="Who or what dealt it."),
    ) -> None:
        """Record a wound: aggravation, KO/OK effect, survival draws scheduled."""
        from chronique.domain.rulesets.cartes.combat import suffer_wound

        def act(world: World) -> Told[dict[str, Any], str]:
            return Told(suffer_wound(world, character, damage, lethality, source), named(world, character))

        told = run(ctx, lambda s: s.act(campaign, act))
        render.wound(told.words, damage, told.result)

    @app.command("conscious")
    def conscious(ctx: typer.Context, campaign: str = CAMPAIGN, character: str = CHARACTER) -> None:
        """A round's Volonté draw for an out-of-combat character to come to."""
        from chronique.domain.rulesets.cartes.combat import consciousness
        from chronique.domain.rulesets.cartes.describe import came_to
        from chronique.domain.rulesets.cartes.events import ConsciousnessChecked

        def act(world: World) -> Told[TestOutcome, str]:
            outcome = consciousness(world, character)
            # §Tirage de conscience L371-373: whether they came to, and the malus they come to with.
            e = world.recorded_last(character, ConsciousnessChecked)
            return Told(outcome, f"{named(world, character)}: {came_to(e.outcome, e.regained, e.malus)}")

        typer.echo(run(ctx, lambda s: s.act(campaign, act)).words)

    @app.command("recover")
    def recover(ctx: typer.Context, campaign: str = CAMPAIGN, character: str = CHARACTER, card: str = HAND_CARD) -> None:
        """Pile exhaustion recovery: Très facile Carrure with a hand card; refill by its value."""
        from chronique.domain.rulesets.cartes.draws import recover as recover_

        _refill(ctx, campaign, character, card, recover_)

    @app.command("resource")
    def resource(ctx: typer.Context, campaign: str = CAMPAIGN, character: str = CHARACTER, card: str = HAND_CARD) -> None:
        """Resource manoeuvre: Très facile Volonté with a hand card; refill the pile (+3 on ♥)."""
        from chronique.domain.rulesets.cartes.draws import take_resource

        _refill(ctx, campaign, character, card, take_resource)

    @app.command("care")
    def care(
        ctx: typer.Context,
        campaign: str = CAMPAIGN,
        patient: str = typer.Argument(..., help="The wounded character."),
        healer: str = typer.Option(None, "--healer", help="Who tends the wounds (omit to stop care)."),
        means: str = typer.Option(
            None, "--means", help="pebbles, light-kit (the default with a healer), adapted-kit, field-hospital, hospital."
        ),
        extra_levels: int = typer.Option(
            0,
            "--extra-levels",
            callback=bounds.within(0, MOST_EXTRA_LEVELS),
            help="Levels of difficulty the healer takes on each Médecine draw, each doubling its bonus markers (§Médecine).",
        ),
    ) -> None:
        """Downtime order: a healer supports every survival draw of the patient (Médecine)."""
        from chronique.domain.rulesets.cartes.advancement import arrange_care
        from chronique.domain.rulesets.cartes.describe import care_words
        from chronique.domain.rulesets.cartes.survival import extra_levels as levels_of

        def act(world: World) -> Told[None, str]:
            arrange_care(world, patient, healer, means, extra_levels)
            tended, care = named(world, patient), world.character(patient).condition["care"]
            said = (
                f"{care['healer']} tends {tended} ({care_words(care['means'], levels_of(care))})" if care else f"nobody tends {tended} now"
            )
            return Told(None, said)

        typer.echo(run(ctx, lambda s: s.act(campaign, act)).words)

    @app.command("cure")
    def cure(ctx: typer.Context, campaign: str = CAMPAIGN, patient: str = typer.Argument(..., help="The patient.")) -> None:
        """Curative care (surgery…): lift the lasting maluses of survived wounds."""
        from chronique.domain.rulesets.cartes.advancement import cure as cure_
        from chronique.domain.rulesets.cartes.describe import care_ended, malus_lifted

        def act(world: World) -> Told[list[dict[str, int]], str]:
            care = world.character(patient).condition["care"]
            lifted = cure_(world, patient)
            ended = care_ended(care, world.character(patient).condition["care"])
            return Told(lifted, f"{named(world, patient)}: {malus_lifted(lifted)}{ended}")

        typer.echo(run(ctx, lambda s: s.act(campaign, act)).words)

    @scene_app.command("end")
    def scene_end(ctx: typer.Context, campaign: str = CAMPAIGN) -> None:
        """End the scene: bonus and malus markers and post-KO maluses lapse."""
        from chronique.domain.rulesets.cartes.describe import scene_ended
        from chronique.domain.rulesets.cartes.table import end_scene

        def act(world: World) -> Told[None, str]:
            # Ruling C154: the line says what the end cleared, not "markers cleared" every time.
            return Told(None, scene_ended(end_scene(world)))

        typer.echo(run(ctx, lambda s: s.act(campaign, act)).words)

    @xp_app.command("award")
    def award(
        ctx: typer.Context,
        campaign: str = CAMPAIGN,
        character: str = CHARACTER,
        cards: int = typer.Argument(..., callback=CARDS_RANGE, help="How many hand cards."),
        reason: str = REASON,
    ) -> None:
        """Award hand cards (experience); drawn at once during a session."""
        from chronique.domain.rulesets.cartes.draws import award as award_

        def act(world: World) -> Told[list[str], str]:
            return Told(award_(world, character, cards, reason), named(world, character))

        told = run(ctx, lambda s: s.act(campaign, act))
        dealt = told.result
        typer.echo(f"{told.words} gains {plural(cards, 'hand card')}{': ' + render.cards(dealt) if dealt else ''}")

    @xp_app.command("spend")
    def spend(
        ctx: typer.Context,
        campaign: str = CAMPAIGN,
        character: str = CHARACTER,
        purchase: str = typer.Argument(..., help="skill, speciality, characteristic or pile-max."),
        target: str = typer.Argument("", help="The skill or characteristic raised."),
        speciality: str = typer.Option("", "--speciality", help="The speciality bought."),
        cards: str = typer.Option(None, "--cards", help="The hand cards paid (default: the cheapest that qualify)."),
        reason: str = REASON,
    ) -> None:
        """Spend hand cards: +1 skill, a speciality, +1 characteristic or +1 pile max."""
        from chronique.domain.rulesets.cartes.advancement import spend as spend_
        from chronique.domain.rulesets.cartes.describe import purchase_words
        from chronique.domain.rulesets.cartes.events import ExperienceSpent

        paid = _some_cards(cards, "--cards", "KD,9C")

        def act(world: World) -> Told[list[str], str]:
            spent = spend_(world, character, purchase, target, speciality, paid, reason)
            # What it bought as the log and the ledger say it (ruling C81), the sheet's spellings.
            bought = purchase_words(world.recorded_last(character, ExperienceSpent))
            return Told(spent, f"{named(world, character)} spends {render.cards(spent)} on {bought}")

        typer.echo(run(ctx, lambda s: s.act(campaign, act)).words)


register(app)
