"""What the web tests share: a real chromium driven by Playwright (Debian's, never a download),
and a static site served over HTTP with the production security headers, for pages that run
entirely in the browser (the verifier)."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from chronique.web.headers import SECURITY_HEADERS

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")


def chromium_path() -> str:
    """The system chromium; a skip saying why on a machine without it, a failure under CI."""
    if BROWSER is None:
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is missing: .ci/run installs it")
        pytest.skip("chromium is not installed here (apt-get install chromium)")
    return BROWSER


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless chromium (a Playwright ``Browser``), closed afterwards."""
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


class _Handler(SimpleHTTPRequestHandler):
    """Files of one folder, with the headers ``chronique serve`` sends, so a page that breaks its
    content security policy (an inline script, an eval) fails here as it would in production."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
    }

    def end_headers(self) -> None:
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


@contextmanager
def static_site(folder: Path) -> Iterator[str]:
    """``folder`` served at http://127.0.0.1:<free port>/ for the duration; yields that base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
