"""The campaign report: one self-contained HTML page (PNG plots inlined) a GM can hand out —
sessions and their seals, the characters, and luck where a picture says it better than a table."""

from __future__ import annotations

import base64
import html
import io
from typing import TYPE_CHECKING, Any

from chronique.adapters.exports import STYLE
from chronique.domain.rulesets import ruleset
from chronique.domain.text import plural

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique
    from chronique.domain.character import Character
    from chronique.domain.luck import Tally

_WHEN = {"session-start": "start", "session-end": "end"}


def campaign_report(services: Chronique, campaign: str) -> str:
    """The whole campaign on one page."""
    c = services.campaign(campaign)
    calendar = services.calendar(c)
    # The report is the players' to read, as its luck is (face-down rolls left out): each
    # character in his game's words, as his players' sheet says it (ruling FP9).
    world = services.world_for_players(campaign)
    rules = ruleset(c.ruleset)

    def state(character: Character) -> str:
        return rules.sheet_view(world, character, False).status

    by_character = services.luck(campaign, "character")
    by_kind = services.luck(campaign, "kind")
    by_session = services.luck(campaign, "session")
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{html.escape(c.name)} — campaign report</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(c.name)}</h1>",
        f"<p>{html.escape(rules.title)}, {plural(c.session, 'session')}, the clock at {html.escape(calendar.format(c.clock))}.</p>",
        "<h2>Sessions and their seals</h2><table><tr><th>Session</th><th>Sealed at its</th><th>Seal</th></tr>",
        *(f"<tr><td>{s['session']}</td><td>{_WHEN[s['boundary']]}</td><td><code>{s['seal']}</code></td></tr>" for s in c.seals),
        # Each character's name and state in words; no event count, which is data (ruling SV12).
        "</table><h2>Characters</h2><table><tr><th>Name</th><th>State</th></tr>",
        *(
            f"<tr><td>{html.escape(ch.name)}</td><td>{html.escape(state(ch))}</td></tr>"
            for ch in sorted(world.characters.values(), key=lambda ch: ch.name.casefold())
        ),
        "</table><h2>Luck</h2>",
        "<p>Successes observed against those expected from the exact odds of each roll left to chance, "
        "with one standard deviation; beyond two, a run is unusual.</p>",
    ]
    if not by_character:
        parts.append("<p>No roll was left to chance yet.</p>")
    for tallies, label in ((by_character, "Character"), (by_kind, "Kind of roll"), (by_session, "Session")):
        if tallies:
            parts += [_luck_table(tallies, label, rules.luck_counts), _figure(tallies, f"Luck by {label.lower()}")]
    parts.append("</body></html>")
    return "".join(parts)


def _luck_table(tallies: dict[Any, Tally], label: str, counted: str) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(str(k))}</td><td>{t.draws}</td><td>{t.observed}</td>"
        f"<td>{float(t.expected):.1f} ± {t.spread:.1f}</td><td>{t.how_unusual()}</td></tr>"
        for k, t in tallies.items()
    )
    # How unusual in words, never a bare z (ruling LK11), as `chronique luck` says it.
    head = f"<tr><th>{label}</th><th>{counted.capitalize()}</th><th>Successes</th><th>Expected ± 1 sd</th><th>How unusual</th></tr>"
    return f"<table>{head}{rows}</table>"


def _figure(tallies: dict[Any, Tally], title: str) -> str:
    """Observed successes beside the expected ones with their ±1 sd, as an inlined PNG."""
    import matplotlib

    matplotlib.use("Agg")  # no screen: render to memory
    from matplotlib import pyplot

    keys = [str(k) for k in tallies]
    figure, axes = pyplot.subplots(figsize=(7, 3.2), dpi=100)
    positions = range(len(keys))
    axes.bar([p - 0.2 for p in positions], [t.observed for t in tallies.values()], width=0.4, label="observed")
    axes.bar(
        [p + 0.2 for p in positions],
        [float(t.expected) for t in tallies.values()],
        width=0.4,
        yerr=[t.spread for t in tallies.values()],
        capsize=4,
        label="expected ± 1 sd",
        alpha=0.6,
    )
    axes.set_xticks(list(positions), keys)
    axes.set_ylabel("successes")
    axes.set_title(title)
    axes.legend()
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    pyplot.close(figure)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f"<figure><img alt='{html.escape(title)}' src='data:image/png;base64,{data}'></figure>"
