"""``chronique invite`` (issue 16, "Who sees what"): the real command (in-process, ``support.run``) on a
real journal of each backend. The link is printed once, with how to revoke it, and resolves to its
player; the list shows who holds which link, never a token; a revoked link opens nothing; an
unknown player is refused in one line naming the players, exit 2, nothing stored;
``invite CAMPAIGN PLAYER`` is ``invite new CAMPAIGN PLAYER``; ``--json`` on each."""

from __future__ import annotations

import json
import re

from support import SAMPLES, completed, run

from chronique.adapters.bootstrap import build
from chronique.adapters.invites import Invite

CAMPAIGN = "Vallée Verte"
LINK = re.compile(r"^  (http://127\.0\.0\.1:8000/t/([A-Za-z0-9_-]{43})/)$", re.MULTILINE)


def table(db: str) -> None:
    """A Cartes campaign whose Alice is played by Anne-Marie and Bruno by Benoît."""
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "cartes", "--start", "Day 1 08:00")
    for sheet in ("alice", "bruno"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"{sheet}.toml"))
    run(db, "character", "player", CAMPAIGN, "Alice", "Anne-Marie")
    run(db, "character", "player", CAMPAIGN, "Bruno", "Benoît")


def resolved(db: str, token: str) -> Invite | None:
    """What the token opens, asked of the store as the web server asks it."""
    services = build(db, create=False)
    try:
        return services.invites.resolve(token)
    finally:
        services.close()


def test_a_link_is_printed_once_listed_without_its_token_and_revoked(db: str) -> None:
    table(db)
    issued = run(db, "invite", CAMPAIGN, "anne-marie")
    found = LINK.search(issued.stdout)
    assert found is not None, issued.stdout
    token = found.group(2)
    head = "invite link to Vallée Verte for Anne-Marie (Anne-Marie's link, which shows what Anne-Marie may see):\n"
    assert issued.stdout.startswith(head)
    assert "shown only this once" in issued.stdout
    assert "`chronique invite revoke 'Vallée Verte' Anne-Marie` revokes it" in issued.stdout
    assert issued.stdout.count(token) == 1 and token not in issued.stderr
    invite = resolved(db, token)
    assert invite is not None and (invite.player, invite.gm) == ("Anne-Marie", False)

    listed = run(db, "invite", "list", CAMPAIGN)
    assert "Anne-Marie" in listed.stdout and "live" in listed.stdout
    assert token not in listed.stdout + listed.stderr
    rows = json.loads(run(db, "invite", "list", CAMPAIGN, "--json").stdout)
    assert [(r["player"], r["gm"], r["revoked"]) for r in rows] == [("Anne-Marie", False, None)]
    assert token not in json.dumps(rows)

    revoked = run(db, "invite", "revoke", CAMPAIGN, "Anne-Marie")
    assert revoked.stdout == "revoked the link of Anne-Marie to Vallée Verte: it opens nothing now\n"
    assert resolved(db, token) is None
    again = run(db, "invite", "revoke", CAMPAIGN, "anne-marie")
    assert again.returncode == 0
    assert again.stdout == "Anne-Marie holds no live link to Vallée Verte: every one was revoked already, nothing changed\n"
    rows = json.loads(run(db, "invite", "list", CAMPAIGN, "--json").stdout)
    assert [(r["player"], r["revoked"] is not None) for r in rows] == [("Anne-Marie", True)]
    assert "revoked 20" in run(db, "invite", "list", CAMPAIGN).stdout


def test_new_is_the_default_command_and_json_carries_the_link(db: str) -> None:
    table(db)
    shown = json.loads(run(db, "invite", "new", CAMPAIGN, "Benoît", "--json").stdout)
    assert (shown["command"], shown["campaign"], shown["recorded"]) == ("invite new", CAMPAIGN, [])
    outcome = shown["outcome"]
    assert (outcome["campaign"], outcome["player"], outcome["gm"]) == (CAMPAIGN, "Benoît", False)
    token = LINK.search("  " + outcome["link"])
    assert token is not None and resolved(db, token.group(2)) is not None
    # Options before the words, and no `new`: the same command.
    gm = json.loads(run(db, "invite", "--gm", "--base-url", "https://table.example/club/", CAMPAIGN, "Gilles", "--json").stdout)
    assert gm["outcome"]["link"].startswith("https://table.example/club/t/") and gm["outcome"]["link"].endswith("/")
    invite = resolved(db, gm["outcome"]["link"].split("/")[-2])
    assert invite is not None and (invite.player, invite.gm) == ("Gilles", True)
    revoked = json.loads(run(db, "invite", "revoke", CAMPAIGN, "gilles", "--json").stdout)
    assert revoked["outcome"] == {"campaign": CAMPAIGN, "player": "Gilles", "revoked": 1}


def test_an_unknown_player_is_refused_in_one_line_naming_the_players_and_nothing_is_stored(db: str) -> None:
    table(db)
    # Alice is a character: a link is a player's.
    refused = run(db, "invite", CAMPAIGN, "Alice", check=False)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == "error: no player “Alice” in Vallée Verte: its players are Anne-Marie, Benoît\n"
    assert json.loads(run(db, "invite", "list", CAMPAIGN, "--json").stdout) == []
    nobody = run(db, "invite", "revoke", CAMPAIGN, "Anne-Marie", check=False)
    assert (nobody.returncode, nobody.stderr) == (2, "error: no link to Vallée Verte was ever issued: nothing to revoke\n")
    bad_url = run(db, "invite", CAMPAIGN, "Benoît", "--base-url", "javascript:alert(1)", check=False)
    assert bad_url.returncode == 2 and bad_url.stderr.startswith("error: `--base-url` must be the web server's address, such as `http")
    # Markup in the address would land in every link and page printed with it.
    markup = run(db, "invite", CAMPAIGN, "Benoît", "--base-url", 'https://x.org/a"><script>', check=False)
    assert (markup.returncode, markup.stderr) == (2, 'error: `--base-url` must be an address, which never holds “"”\n')
    assert json.loads(run(db, "invite", "list", CAMPAIGN, "--json").stdout) == []


def test_invite_completes_its_commands_campaigns_and_players(db: str) -> None:
    table(db)
    assert completed(f"chronique --db {db} invite ") == ["new", "revoke", "list", CAMPAIGN]
    assert completed(f"chronique --db {db} invite re") == ["revoke"]
    # The first word of the default command `new` is a campaign; its second, the campaign's players.
    assert completed(f"chronique --db {db} invite val") == [CAMPAIGN]
    assert completed(f"chronique --db {db} invite vallee-verte ben") == ["Benoît"]
    assert completed(f"chronique --db {db} invite new vallee-verte ") == ["Anne-Marie", "Benoît"]
