"""Every event of every game in the players' words (issue 14), through the real CLI in-process on a
real journal of each backend: ``log``, ``audit show``, the session exports and ``downtime report``
say what happened with the game's own terms (Western Parade's qualities as Table 2.1 names them,
§2.1.2), durations as in-game time, never a ``k=v`` dump, an internal code or a count of seconds;
a voided event stays, struck through (HTML ``<del>``, Markdown ``~~``), with the correction that
voided it.

The contract: each game's ruleset describes every event type the golden catalog lists for that game
and for the spine (campaign, deck, character, chance)."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.utils import resolve_topic
from microfudge_table import ZOMBIES_EVENING, zombies_at_the_table
from support import SAMPLES, run

from chronique.domain.rulesets import KNOWN, ruleset
from chronique.domain.rulesets.westernparade.describe import QUALITIES, table_3_3
from chronique.domain.rulesets.words import SPINE

CATALOG = Path(__file__).parents[1] / "domain" / "event_catalog.json"
GAME_PACKAGE = "chronique.domain.rulesets."
# What must never reach a player: the quality codes of Table 2.1 as the code stores them, and the
# pieces of a Python dict dumped as text.
CODES = re.compile(r"\b(CRIT_S|NORM_F|NORM_S|CATA_F|CRIT_F|EXTRA)\b|\{'|op':")
# A field dumped as ``name=value`` (a word glued to "=" and a value).
DUMP = re.compile(r"\w=\S")


def words_module(game: str) -> Any:
    """The describe module of ``game``'s package (domain/rulesets/<game>/describe.py)."""
    package = type(ruleset(game)).__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.describe")


@pytest.mark.parametrize("game", KNOWN)
def test_every_event_type_of_the_catalog_has_words_in_each_game(game: str) -> None:
    package = type(ruleset(game)).__module__.rsplit(".", 1)[0] + "."
    topics = json.loads(CATALOG.read_text(encoding="utf-8"))
    mine = [t for t in topics if t.startswith(package) or not t.startswith(GAME_PACKAGE)]
    described = {**SPINE, **words_module(game).WORDS}
    assert [t for t in mine if t not in described] == []
    # Each name resolves to the very class the journal stores under that topic.
    assert all(resolve_topic(t) is not None for t in described)


@pytest.mark.parametrize(
    ("result", "words"),
    [
        ("DN PA+25", "normal damage and the attacker's next attack at +25%"),
        ("DE PA+50", "extraordinary damage and the attacker's next attack at +50%"),
        ("CA+50 PAA-25", "the defender may counter-attack at +50% and the attacker's next action at -25%"),
        ("collision-25", "a collision: both roll AGI at -25%"),
        ("DC", "critical damage"),
        ("-", "nothing happens"),
    ],
)
def test_table_3_3_results_read_as_the_digest_glosses_them_s3_4(result: str, words: str) -> None:
    # Table 3.3 (§3.4, digest l.228): DN/DC/DE = normal/critical/extraordinary damage, CA = a
    # counter-attack (+n on it), PAA-n = the attacker's next action at -n, PA+n = his next attack at +n.
    assert table_3_3(result) == words


# -- what a player reads ---------------------------------------------------------------------------


def recorded(db: str, campaign: str) -> list[dict[str, Any]]:
    """Every recorded event, canonical (the GM's view)."""
    return [entry["event"] for entry in json.loads(run(db, "log", campaign, "--json", "--gm").stdout)]


def topic(event: dict[str, Any]) -> str:
    return str(event["topic"]).rsplit(":", 1)[-1]


def ref(event: dict[str, Any]) -> str:
    return f"{event['originator_id'].replace('-', '')[:8]}:{event['originator_version']}"


def readings(db: str, campaign: str, tmp_path: Path) -> dict[str, str]:
    """What a GM and players read of the campaign: the log, session 1's exports, each kind of event
    shown, the downtime report."""
    html, md = tmp_path / f"{campaign}.html", tmp_path / f"{campaign}.md"
    run(db, "export", "session", campaign, "1", "--format", "html", "-o", str(html))
    run(db, "export", "session", campaign, "1", "--format", "md", "-o", str(md))
    # The first event of each kind (``audit show`` verifies the whole journal each time).
    firsts = {topic(e): e for e in reversed(recorded(db, campaign))}
    shown = "\n".join(run(db, "audit", "show", ref(e)).stdout for e in firsts.values())
    return {
        "log": run(db, "log", campaign, "--gm").stdout,
        "html": html.read_text(encoding="utf-8"),
        "md": md.read_text(encoding="utf-8"),
        "audit show": shown,
        "downtime report": run(db, "downtime", "report", campaign).stdout,
    }


def details(log: str) -> str:
    """The log table's Details column as one text (Rich wraps a long cell at spaces; a table piped
    to a test is ruled in ASCII, issue 15)."""
    return " ".join(cells[5].strip() for line in log.splitlines() if len(cells := line.split("|")) > 6)


def assert_in_words(db: str, campaign: str, tmp_path: Path) -> dict[str, str]:
    """No dumps, codes or raw seconds anywhere a person reads this campaign's events."""
    events = recorded(db, campaign)
    seconds = {e[k] for e in events for k in ("at", "from_time", "to_time") if isinstance(e.get(k), int) and e[k] >= 60}
    texts = readings(db, campaign, tmp_path)
    for where, text in texts.items():
        assert not CODES.findall(text), where
        assert not DUMP.findall(re.sub(r"<[^>]*>", "", text)), where
        raw = [n for n in seconds if re.search(rf"(?<![\w.]){n}(?![\w.])", text)]
        assert raw == [], f"{where} shows raw in-game seconds {raw}"
    return texts


def void_first(db: str, campaign: str, kind: str, reason: str) -> tuple[str, str]:
    """Void the first event of ``kind`` with ``correct``: (its ref, the correction's ref)."""
    target = next(e for e in recorded(db, campaign) if topic(e) == kind)
    run(db, "correct", ref(target), "--reason", reason)
    correction = [e for e in recorded(db, campaign) if topic(e) == "Character.Corrected"][-1]
    return ref(target), ref(correction)


def assert_struck_through(texts: dict[str, str], correction: str, reason: str) -> None:
    """The voided event's row: its words struck through, then the correction that voided it."""
    md = [line for line in texts["md"].splitlines() if f"voided by {correction}" in line]
    assert len(md) == 1 and re.search(rf"\| ~~[^~|]+~~ voided by {correction}: {reason} \|$", md[0]), md
    # The roll's odds, when it was one, are struck through with its words.
    odds = r'(?: <span class="more">\([^<]+ to succeed\)</span>)?'
    assert re.search(rf"<td[^>]*><del>[^<]+{odds}</del> voided by {correction}: {reason}</td>", texts["html"])
    assert f"voided by {correction}: {reason}" in details(texts["log"])


# -- Western Parade --------------------------------------------------------------------------------

CITY, SAM, JOE, DOC, SIRINGO = "Shotgun City", "Sam Parkerson", "Joe Hambuster", "Doc Holloway", "Charlie Siringo"


def play_western_parade(db: str) -> None:
    run(db, "campaign", "new", CITY, "--ruleset", "western-parade", "--start", "1873-04-12 08:00")
    for name in ("sam", "joe", "doc", "siringo"):
        run(db, "character", "new", CITY, "--sheet", str(SAMPLES / f"wp_{name}.toml"))
    run(db, "session", "start", CITY)
    for args in (
        ("roll", CITY, SAM, "-c", "END", "-d", "easy"),
        ("roll", CITY, SAM, "-s", "Armes de poing"),
        ("roll", CITY, JOE, "-c", "AGI", "-d", "impossible", "--insist"),
        ("body", "wound", CITY, SIRINGO, "left-thigh", "4", "--kind", "blade"),
        ("body", "first-aid", CITY, SIRINGO, "left-thigh", "--by", JOE),
        ("body", "drink", CITY, DOC, "3"),
        ("strike", CITY, JOE, DOC, "-w", "punch", "--defence", "dodge", "--defence-skill", "Esquive"),
        ("shoot", CITY, SAM, SIRINGO, "-w", "Colt SA Peacemaker", "--distance", "20"),
        ("downtime", "plan", CITY, SAM, "Armes de poing", "10"),
    ):
        run(db, "western-parade", *args)
    run(db, "session", "end", CITY)
    run(db, "advance", CITY, "2w", "--yes")  # bleeding, sobering, daily infection rolls, training


def test_western_parade_events_read_in_the_rulebooks_words_s2_1_2(db: str, tmp_path: Path) -> None:
    play_western_parade(db)
    voided, correction = void_first(db, CITY, "CheckRolled", "rolled for the wrong character")
    texts = assert_in_words(db, CITY, tmp_path)
    assert_struck_through(texts, correction, "rolled for the wrong character")
    # Table 2.1 (§2.1.2): each recorded roll's quality reads as the rulebook names it, in its row.
    rows = [line for line in texts["md"].splitlines() if "| check rolled |" in line or "| shot fired |" in line]
    qualities = [e["outcome"]["quality"] for e in recorded(db, CITY) if topic(e) in ("CheckRolled", "ShotFired")]
    assert len(rows) == len(qualities) == 4
    assert all(f"→ {QUALITIES[q]}" in row for row, q in zip(rows, qualities, strict=True))
    assert voided in texts["log"]


# -- MicroFudge ------------------------------------------------------------------------------------


def play_microfudge(db: str, tmp_path: Path) -> None:
    zombies_at_the_table(db, tmp_path)
    for args in (*ZOMBIES_EVENING, ("power", "Zombies", "Jim", "resistance-thermique")):
        run(db, "microfudge", *args)
    run(db, "session", "end", "Zombies")
    run(db, "advance", "Zombies", "2w", "--yes")  # the night's rest, Revers healing on their clocks


def test_microfudge_events_read_with_the_ladders_adjectives_L93_L103(db: str, tmp_path: Path) -> None:
    play_microfudge(db, tmp_path)
    _, correction = void_first(db, "Zombies", "TestRolled", "the wrong characteristic")
    texts = assert_in_words(db, "Zombies", tmp_path)
    assert_struck_through(texts, correction, "the wrong characteristic")
    # «Degrés de difficulté» L255-L267 and the ladder L93-L103: "against Difficile (5)", "Bon (5)".
    tests = [e for e in recorded(db, "Zombies") if topic(e) == "TestRolled"]
    ladder = ["Abyssal", "Lamentable", "Faible", "Médiocre", "Moyen", "Bon", "Excellent", "Exceptionnel", "Légendaire"]
    named = {2: "Facile", 3: "Simple", 4: "Moyenne", 5: "Difficile", 6: "Très difficile", 7: "Extrême", 8: "Impossible"}
    for e in tests:
        final = ladder[min(max(e["final"], 0), 8)]
        assert f"against {named[e['required']]} ({e['required']}): " in texts["md"]
        # A final below Abyssal reads with the minus sign of every penalty ("Abyssal (−1)").
        shown = str(e["final"]).replace("-", "−")
        assert f"→ {final} ({shown}), {'success' if e['success'] else 'failure'}" in texts["md"]


# -- Elor ------------------------------------------------------------------------------------------

ALDO = 'name = "Aldo"\nfaculties = { P = 1, C = 2, E = 0, M = -1 }\nprofessions = { Guerrier = 2 }\nfamiliarities = { "Épées" = 2 }\n'
ALDO += '[weapons."Épée"]\ndamage = 6\nincrement = 2\nfamiliarity = "Épées"\n'
BRUNA = 'name = "Bruna"\nfaculties = { P = 1, C = 1, E = 0, M = 0 }\nprofessions = { Forgeron = 1, Guerrier = 1 }\n'
BRUNA += "familiarities = { Forge = 1, Haches = 1 }\n"


def play_elor(db: str, tmp_path: Path) -> None:
    for name, text in (("aldo", ALDO), ("bruna", BRUNA)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    for name in ("aldo", "bruna"):
        run(db, "character", "new", "Tolosa", "--sheet", str(tmp_path / f"{name}.toml"))
    run(db, "session", "start", "Tolosa")
    for args in (
        ("test", "Tolosa", "Bruna", "-f", "P", "-p", "Forgeron", "-e", "2"),
        ("long-action", "start", "Tolosa", "Aldo", "forge the sword", "--degrees", "3", "--risk", "the police arrive"),
        # Last: the blow may leave Bruna unable to act.
        ("scene", "start", "Tolosa", "Aldo", "Bruna"),
        ("attack", "Tolosa", "Aldo", "Bruna", "-w", "Épée", "-p", "Guerrier", "-e", "1", "--defend-on-miss"),
        ("scene", "end", "Tolosa"),
    ):
        run(db, "elor", *args)
    run(db, "session", "end", "Tolosa")
    run(db, "advance", "Tolosa", "2d", "--yes")  # long-action tests and risk rolls on the timeline


def test_elor_events_read_with_faculties_and_degrees_s_tests_d_action(db: str, tmp_path: Path) -> None:
    play_elor(db, tmp_path)
    _, correction = void_first(db, "Tolosa", "TestRolled", "a test never asked for")
    texts = assert_in_words(db, "Tolosa", tmp_path)
    assert_struck_through(texts, correction, "a test never asked for")
    # §Tests d'action: each test reads with its level, what the level adds up from (the faculty
    # and the profession by their names: a disputed level is added up from the log), and its
    # degrees of success.
    log = details(texts["log"])
    first = next(e for e in recorded(db, "Tolosa") if topic(e) == "TestRolled")
    terms, level = first["terms"], first["outcome"]["level"]
    assert {k for k, v in terms.items() if v} <= {"faculty", "profession"} and sum(terms.values()) == level
    assert f"test: level {level} (Physique {terms['faculty']}, Forgeron {terms['profession']:+d}) with 2 effort points: " in log
    assert re.search(rf"{first['outcome']['degrees']} degrees? of success", log)


# -- Cartes ----------------------------------------------------------------------------------------


def test_cartes_events_read_with_cards_and_lethalities_s_blessures(db: str, tmp_path: Path) -> None:
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    for name in ("alice", "bruno"):
        run(db, "character", "new", "Verdelune", "--sheet", str(SAMPLES / f"{name}.toml"))
    run(db, "session", "start", "Verdelune")
    for who in ("Alice", "Bruno"):
        run(db, "cartes", "test", "Verdelune", who, "Contact", "--from", "deck")
    run(db, "cartes", "wound", "Verdelune", "Alice", "--damage", "7", "--lethality", "forte", "--source", "an axe")
    run(db, "session", "end", "Verdelune")
    run(db, "pace", "set", "Verdelune", "--every", "mon 09:00", "--advance", "1w")
    run(db, "pace", "clear", "Verdelune")
    run(db, "advance", "Verdelune", "2d", "--yes")  # survival draws, the night's sleep
    _, correction = void_first(db, "Verdelune", "TestMade", "drawn by mistake")
    texts = assert_in_words(db, "Verdelune", tmp_path)
    assert_struck_through(texts, correction, "drawn by mistake")
    # §Blessures: the wound reads with its final lethality's name (after any aggravation), the
    # damage and its source.
    wound = next(e for e in recorded(db, "Verdelune") if topic(e) == "WoundSuffered")["wound"]
    names = ("Nulle", "Faible", "Moyenne", "Forte", "Énorme")
    said = f"took a wound of 7 from an axe, {names[wound['lethality']]}" if wound else "took 7 from an axe: the wound kills"
    assert said in details(texts["log"])
    # The pacing reads as in-game time ("1w"), never as the 604800 seconds it stores.
    assert "pacing set: in-game time moves on 1 week every mon 09:00" in details(texts["log"])
    assert "604800" not in texts["log"]


def test_a_pacing_by_ratio_reads_the_same_in_the_log_and_in_pace_show(db: str) -> None:
    # The log said "in-game time runs 60 times as fast as real time" where `pace show` said
    # "1 minute of in-game time per real second": one pace, worded one way (domain/pacing.py).
    run(db, "campaign", "new", "Verdelune", "--ruleset", "cartes", "--start", "Day 1 08:00")
    run(db, "pace", "set", "Verdelune", "--ratio", "60")
    shown = run(db, "pace", "show", "Verdelune").stdout
    assert "Verdelune: 1 minute of in-game time per real second, counted from " in shown
    assert "pacing set: 1 minute of in-game time per real second" in details(run(db, "log", "Verdelune").stdout)


def test_a_microfudge_sequence_says_how_it_ended_in_words_L313_L323() -> None:
    from types import SimpleNamespace

    from chronique.domain.rulesets.microfudge.describe import WORDS

    ended = WORDS["chronique.domain.rulesets.microfudge.events:SequenceEnded"]
    for how, says in (("decisive", "a Décisif"), ("abridged", "abridged after the draw"), ("narrator", "the Narrator ended it")):
        assert f"Sequence 2 ended ({says})" in ended(SimpleNamespace(sequence=2, how=how, winner=None, side=[]))
