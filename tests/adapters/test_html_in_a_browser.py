"""The HTML exports open in a real headless browser (Debian's chromium) without console errors
and show the sheet's values (issue 7); every game's sheet and session fit a desktop's and a
phone's width (issue 14)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from support import sample, scripted_services
from test_sheets_per_game import GAMES, played

from chronique.adapters import exports
from chronique.adapters.report import campaign_report
from chronique.domain.rulesets.cartes.draws import TestRequest, make_test

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
# A real browser in a subprocess: an end-to-end run that `-m "not slow"` leaves out.
pytestmark = pytest.mark.slow


def render(page: Path) -> subprocess.CompletedProcess[str]:
    if BROWSER is None:
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is missing: .ci/run installs it")
        pytest.skip("chromium is not installed here (apt-get install chromium)")
    command = [
        BROWSER,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={page.parent / 'profile'}",
        "--enable-logging=stderr",
        "--v=0",
        "--dump-dom",
        page.as_uri(),
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def test_the_sheet_and_session_pages_load_and_show_their_values(db: str, tmp_path: Path) -> None:
    services = scripted_services(db)
    services.create_campaign("Verdelune", "cartes", None)
    services.create_character("Verdelune", sample("alice"))
    services.start_session("Verdelune")
    for _ in range(3):
        services.act("Verdelune", lambda w: make_test(w, "Alice", TestRequest("Contact", source="deck")))
    services.end_session("Verdelune")
    seal = services.campaign("Verdelune").seals[-1]["seal"]  # session 1 ends with its own seal
    for name, text, shows in (
        ("sheet.html", exports.sheet(services, "Verdelune", "Alice", "html"), ("Alice", "Discrétion", "Carrure")),
        ("session.html", exports.session(services, "Verdelune", 1, "html"), ("Verdelune — session 1", seal)),
        ("report.html", campaign_report(services, "Verdelune"), ("Luck by character", "data:image/png;base64,", seal)),
    ):
        page = tmp_path / name
        page.write_text(text, encoding="utf-8")
        shown = render(page)
        assert shown.returncode == 0, shown.stderr[-2000:]
        assert all(value in shown.stdout for value in shows)
        assert [line for line in shown.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line] == []


SHOTS = Path(os.environ.get("CHRONIQUE_SHOTS", "/tmp/shots"))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_s_sheet_and_session_fit_a_1280_and_a_400_pixel_screen(db: str, tmp_path: Path, game: str) -> None:
    # Issue 14: each page is laid out at a desktop's width and a phone's, and nothing runs off the
    # side (the page is never wider than the window). A screenshot of each at 400 px is kept to look at.
    from playwright.sync_api import sync_playwright

    if BROWSER is None:
        render(tmp_path / "none.html")  # skips, or fails in CI, saying why
    services, g = played(db, game)
    pages = {"sheet": exports.sheet(services, g.campaign, g.character, "html"), "session": exports.session(services, g.campaign, 1, "html")}
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=BROWSER, args=["--no-sandbox"])
        try:
            for kind, text in pages.items():
                page_file = tmp_path / f"{kind}.html"
                page_file.write_text(text, encoding="utf-8")
                for width in (1280, 400):
                    page = browser.new_page(viewport={"width": width, "height": 900})
                    page.goto(page_file.as_uri())
                    scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
                    assert (scroll, inner) == (width, width), f"{game} {kind} at {width} px is {scroll} px wide"
                    assert page.evaluate("document.documentElement.lang") == "en"
                    if width == 400:
                        page.screenshot(path=str(SHOTS / f"{game}-{kind}-400.png"), full_page=True)
                    page.close()
        finally:
            browser.close()
