"""A real ``chronique serve`` in a subprocess over a real journal, with invite links issued by the
real command line: what the web journal's tests open in a real browser."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from support import SAMPLES, run

CAMPAIGN = "Verdelune"
_LINK = re.compile(r"(http://\S+/t/[A-Za-z0-9_-]+/)")


@dataclass(frozen=True)
class Served:
    """The server's address, the journal it serves, and the links of the GM and two players."""

    base: str
    db: str
    links: dict[str, str]
    log: Path

    def link(self, who: str) -> str:
        """The invite link of ``who`` (the GM, Ana or Ben) on this server."""
        return self.links[who]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def invite(db: str, *args: str) -> str:
    """The link ``chronique invite`` prints (once), with the server's default base."""
    found = _LINK.search(run(db, "invite", *args).stdout)
    assert found is not None, "chronique invite printed no link"
    return found.group(1)


def cartes_table(db: str) -> None:
    """A Cartes campaign with two players' characters and an open session, its epoch not drawn yet."""
    run(db, "init")
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", "cartes", "--start", "Day 1 08:00")
    for name, player in (("alice", "Ana"), ("bruno", "Ben")):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"{name}.toml"))
        run(db, "character", "player", CAMPAIGN, name.capitalize(), player)
    run(db, "session", "start", CAMPAIGN)


@contextmanager
def serving(db: str, folder: Path, campaign: str = CAMPAIGN, players: tuple[str, ...] = ("Ana", "Ben")) -> Iterator[Served]:
    """``chronique serve`` on a free port over ``db`` until the block ends, with links for the GM
    and ``players`` of ``campaign``; waits (with a deadline) until it answers."""
    port = free_port()
    links = {"GM": invite(db, campaign, "GM", "--gm")} | {player: invite(db, campaign, player) for player in players}
    base = f"http://127.0.0.1:{port}"
    links = {who: link.replace("http://127.0.0.1:8000", base) for who, link in links.items()}
    log = folder / "serve.log"
    env = dict(os.environ, CHRONIQUE_DB=db)
    with log.open("w") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "chronique.cli", "serve", "--port", str(port)], stdout=output, stderr=output, env=env
        )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(links["GM"], timeout=2).close()
                break
            except (urllib.error.URLError, ConnectionError):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"chronique serve did not answer: {log.read_text()}") from None
                time.sleep(0.1)
        yield Served(base, db, links, log)
    finally:
        server.terminate()
        server.wait(timeout=20)


def fetch(url: str, data: bytes | None = None, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    """(status, headers (names in lower case), body) of one request, errors included, redirects
    not followed."""

    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    opener = urllib.request.build_opener(Stay)
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, _lower(response.headers), response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, _lower(error.headers), error.read().decode("utf-8", "replace")


def fetch_bytes(url: str) -> bytes:
    """The body of a page or a download, which must answer 200."""
    with urllib.request.urlopen(url, timeout=30) as response:
        assert response.status == 200
        return bytes(response.read())


def _lower(headers: Any) -> dict[str, str]:
    return {name.lower(): value for name, value in headers.items()}
