"""The read models are the log, folded (issue 14): after every command of a random campaign of
each game, played through the real command line with real chance, every character's row in the
sheets read model holds the version, sheet and condition that replaying its events gives."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from support import journals, run
from test_ruleset_contract import CAMPAIGN, PLAYS, party

from chronique.adapters.bootstrap import build
from chronique.domain.campaign import campaign_id_for
from chronique.domain.rulesets import KNOWN
from chronique.projections.tables import sheets

# A step is a command line after the program's name; ``{g}`` is the game, ``{c}`` the campaign.
ADVANCES = (("advance", "{c}", "1h", "--yes"), ("advance", "{c}", "1d", "--yes"), ("advance", "{c}", "1w", "--yes"))
SESSION = (("session", "start", "{c}"), ("session", "end", "{c}"))


def steps(game: str) -> st.SearchStrategy[list[tuple[str, ...]]]:
    """Random evenings of ``game``: its roll and its wound, advances of in-game time, sessions
    opened and closed, in any order (a refused command is part of a campaign too)."""
    play = PLAYS[game]
    own = [("{g}", *play.roll), ("{g}", *play.wound)]
    return st.lists(st.sampled_from([*own, *ADVANCES, *SESSION]), min_size=1, max_size=6)


def read_model(services: Any) -> dict[str, tuple[int, Any, Any]]:
    """Character id -> (version, sheet, condition) as the sheets read model holds them, once a read
    caught it up (commands leave it to the next read, ruling PF1)."""
    services.catch_up()
    statement = select(sheets).where(sheets.c.campaign_id == str(campaign_id_for(CAMPAIGN)))
    with services.read_models.engine.connect() as connection:
        return {row["character_id"]: (row["version"], row["sheet"], row["condition"]) for row in connection.execute(statement).mappings()}


def replayed(services: Any) -> dict[str, tuple[int, Any, Any]]:
    """Character id -> (version, sheet, condition) from its events, replayed from the store."""
    world = services.world(CAMPAIGN)
    return {str(c.id): (c.version, c.sheet, c.condition) for c in world.characters.values()}


@pytest.mark.parametrize("game", KNOWN)
def test_after_every_command_the_sheets_read_model_equals_the_replayed_characters(backend: str, game: str) -> None:
    @settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(evening=steps(game))
    def check(evening: list[tuple[str, ...]]) -> None:
        with journals(backend) as [db]:
            party(db, game)
            for step in evening:
                run(db, *(game if a == "{g}" else CAMPAIGN if a == "{c}" else a for a in step), check=False)
                services = build(db, create=False)
                try:
                    folded, replay = read_model(services), replayed(services)
                    assert len(replay) == len(PLAYS[game].sheets)
                    assert folded == replay, f"after {' '.join(step)}"
                finally:
                    services.close()

    check()
