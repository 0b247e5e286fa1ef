"""``chronique serve``: the web journal as a Starlette application over the same journal.

Every page lives under its reader's invite, ``/t/<token>/...``: the token is the capability (the
journal keeps only its hash), so an unknown or revoked one is a plain 404 and a link shared by
mistake is revoked with ``chronique invite revoke``. Pages are rendered by the templates the
exports use; the live log is a stream of server-sent events.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.words import epoch_name
from chronique.domain.text import is_count
from chronique.web import pages
from chronique.web.guard import BODY_LIMIT, FormKeys, GuessLimiter, redacted
from chronique.web.headers import PRIVATE, SECURITY_HEADERS
from chronique.web.render import Renderer

if TYPE_CHECKING:
    from chronique.adapters.services import Chronique

STATIC = Path(__file__).parent / "static"
LIVE_POLL = 0.25
"""Seconds between two looks at the journal for the live log: a roll shows within a second."""
PHRASE_LIMIT = 500
"""The longest entropy phrase a form takes (characters)."""
NOTHING = "Nothing here."
"""What an unknown page, or a link unknown or revoked, says: the same words whatever the reason."""

log = logging.getLogger("chronique.web")


class _Journal:
    """One set of services per worker thread over the journal at ``db`` (connections are not
    shared between threads), each reading afresh what other writers recorded."""

    def __init__(self, db: str | None) -> None:
        self._db = db
        self._local = threading.local()

    def __call__(self) -> Chronique:
        services = getattr(self._local, "services", None)
        if services is None:
            from chronique.adapters.bootstrap import build

            services = self._local.services = build(self._db, create=False)
        return services


class _Guarded:
    """ASGI middleware: security headers on every response, a size limit on every body, and a
    log line per request with the invite token left out."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not is_count(declared.decode("latin-1")) or int(declared) > BODY_LIMIT):
            await PlainTextResponse("That is more than a form may send.", status_code=413, headers=SECURITY_HEADERS)(scope, receive, send)
            return
        received = 0

        async def bounded() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > BODY_LIMIT:
                raise HTTPException(413, "That is more than a form may send.")
            return message

        status = 0
        # Every page under a link is its reader's own (face-down cards for the GM, a player's
        # sheet): no browser or proxy keeps a copy. Static files keep their own caching.
        private = str(scope["path"]).startswith("/t/")

        async def headed(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                added = SECURITY_HEADERS | (PRIVATE if private else {})
                ours = {name.lower().encode() for name in added}
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in ours]
                message["headers"] = [*kept, *((k.lower().encode(), v.encode()) for k, v in added.items())]
            await send(message)

        try:
            await self.app(scope, bounded, headed)
        finally:
            log.info("%s %s %s", scope["method"], redacted(scope["path"]), status)


def create_app(db: str | None = None, *, secret: bytes | None = None, clock: Callable[[], float] = time.monotonic) -> Starlette:
    """The web journal over the journal at ``db`` (else ``CHRONIQUE_DB``, else ./chronique.db)."""
    journal = _Journal(db)
    renderer = Renderer()
    forms = FormKeys(secret or secrets.token_bytes(32))
    guesses = GuessLimiter(clock)

    def reader_of(request: Request) -> pages.Reader:
        # A valid link is always served: only unknown links are counted and refused, so guesses
        # from an address (a proxy's, shared by every player) never lock its players out.
        reader = _resolved(journal(), request.path_params["token"])
        if reader is not None:
            return reader
        client = _client_of(request.scope)
        if guesses.blocked(client):
            raise HTTPException(429, "Too many unknown links from here: wait a minute.")
        guesses.missed(client)
        raise HTTPException(404, NOTHING)

    def back(reader: pages.Reader, path: str, notice: str) -> Response:
        # The notice travels in the address, sealed for its reader: a link crafted elsewhere
        # cannot put words of its author's on the reader's page.
        sealed = forms.token(reader.token, f"notice:{notice}")
        return RedirectResponse(f"{path}?seal={sealed}&notice={quote(notice)}", status_code=303)

    def notice_of(request: Request, reader: pages.Reader) -> str:
        notice = request.query_params.get("notice", "")
        return notice if forms.valid(reader.token, f"notice:{notice}", request.query_params.get("seal", "")) else ""

    def page(build: Callable[[Chronique, pages.Reader, Request], tuple[str, dict[str, Any]]]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            def rendered() -> Response:
                reader = reader_of(request)
                try:
                    template, context = build(journal(), reader, request)
                except pages.Unreadable as problem:
                    raise HTTPException(400, str(problem)) from None
                except RuleViolation as problem:
                    raise HTTPException(404, str(problem)) from None
                context.setdefault("notice", notice_of(request, reader))
                return HTMLResponse(renderer.page(template, reader, forms, context))

            return await run_in_threadpool(rendered)

        return endpoint

    def campaign(services: Chronique, reader: pages.Reader, request: Request) -> tuple[str, dict[str, Any]]:
        return "campaign.html.j2", pages.campaign_page(services, reader)

    def session(services: Chronique, reader: pages.Reader, request: Request) -> tuple[str, dict[str, Any]]:
        return "session.html.j2", pages.session_page(services, reader, int(request.path_params["number"]))

    def log_all(services: Chronique, reader: pages.Reader, request: Request) -> tuple[str, dict[str, Any]]:
        asked = request.query_params
        return "log.html.j2", pages.log_view(services, reader, asked.get("character", "").strip(), asked.get("page", "").strip())

    def sheet(services: Chronique, reader: pages.Reader, request: Request) -> tuple[str, dict[str, Any]]:
        as_of = request.query_params.get("as_of", "").strip() or None
        return pages.sheet_page(services, reader, request.path_params["name"], as_of)

    def luck(services: Chronique, reader: pages.Reader, request: Request) -> tuple[str, dict[str, Any]]:
        return "luck.html.j2", pages.luck_page(services, reader, request.query_params.get("by", "").strip() or pages.LUCK_GROUPS[0])

    def xp(services: Chronique, reader: pages.Reader, request: Request) -> tuple[str, dict[str, Any]]:
        return "xp.html.j2", pages.xp_page(services, reader)

    def explain(services: Chronique, reader: pages.Reader, request: Request) -> tuple[str, dict[str, Any]]:
        return "explain.html.j2", pages.explain_page(services, reader, request.path_params["ref"])

    def verify(services: Chronique, reader: pages.Reader, request: Request) -> tuple[str, dict[str, Any]]:
        return "verify.html.j2", {"title": f"{reader.campaign} — verify the dice"}

    async def entropy(request: Request) -> Response:
        form = await request.form()

        def add() -> Response:
            reader = reader_of(request)
            base = f"/t/{reader.token}/"
            if reader.gm:
                return back(reader, base, "Entropy phrases are the players' own: the GM's link adds none.")
            if not forms.valid(reader.token, "entropy", str(form.get("csrf", ""))):
                raise HTTPException(403, "This form has expired: reload the page and try again.")
            phrase = str(form.get("phrase", "")).strip()
            if not phrase or len(phrase) > PHRASE_LIMIT:
                return back(reader, base, f"A phrase is 1 to {PHRASE_LIMIT} characters.")
            try:
                journal().add_entropy(reader.campaign, reader.player, phrase)
            except RuleViolation as problem:
                return back(reader, base, str(problem))
            return back(reader, base, f"Your phrase is in the dice of {epoch_name(journal().campaign(reader.campaign).epoch)}.")

        return await run_in_threadpool(add)

    async def note(request: Request) -> Response:
        form = await request.form()

        def write() -> Response:
            reader = reader_of(request)
            if not forms.valid(reader.token, "note", str(form.get("csrf", ""))):
                raise HTTPException(403, "This form has expired: reload the page and try again.")
            kind, about, text = (str(form.get(name, "")) for name in ("kind", "about", "text"))
            page = f"/t/{reader.token}/" + (f"session/{about}" if kind == "recap" else f"sheet/{quote(about)}")
            services = journal()
            try:
                if kind == "recap" and is_count(about):
                    services.write_recap(reader.campaign, int(about), reader.player, text, as_player=not reader.gm)
                elif kind == "character":
                    services.write_note(reader.campaign, about, reader.player, text, as_player=not reader.gm)
                else:
                    raise HTTPException(400, "That form is not one of this journal's.")
            except RuleViolation as problem:
                # A refusal about a session or a character that does not exist is shown on the
                # campaign's page: sent to the missing page, it would meet a 404 and never be read.
                shown = page if pages.exists(services, reader, kind, about) else f"/t/{reader.token}/"
                return back(reader, shown, str(problem))
            return back(reader, page, "Recorded.")

        return await run_in_threadpool(write)

    async def bundle(request: Request) -> Response:
        def made() -> Response:
            reader = reader_of(request)
            data = journal().audit.bundle(reader.campaign, for_players=not reader.gm)
            body = json.dumps(data, ensure_ascii=False, indent=1)
            name = f"{reader.campaign}-bundle.json"
            disposition = "attachment" if "download" in request.query_params else "inline"
            # A header is Latin-1: the campaign's own name goes in RFC 6266's UTF-8 form beside an ASCII one.
            plain = name.encode("ascii", "replace").decode().replace("?", "_").replace('"', "_")
            headers = {"Content-Disposition": f"{disposition}; filename=\"{plain}\"; filename*=UTF-8''{quote(name)}"}
            return Response(body, media_type="application/json", headers=headers)

        return await run_in_threadpool(made)

    async def verifier(request: Request) -> Response:
        def made() -> Response:
            reader_of(request)
            attachment = {"Content-Disposition": 'attachment; filename="verify.pyz"'}
            return Response(_verifier_bytes(), media_type="application/zip", headers=attachment)

        return await run_in_threadpool(made)

    async def live(request: Request) -> Response:
        reader = await run_in_threadpool(reader_of, request)
        # A reconnecting browser names the last row it received (the event's id): it resumes there.
        given = (request.headers.get("last-event-id") or request.query_params.get("after", "0")).strip()
        after = int(given) if is_count(given) else 0
        stream = _feed(journal, renderer, reader, after, request)
        return StreamingResponse(stream, media_type="text/event-stream")

    async def stylesheet(request: Request) -> Response:
        return Response(renderer.stylesheet(), media_type="text/css", headers={"Cache-Control": "max-age=3600"})

    async def favicon(request: Request) -> Response:
        # Every browser asks for it with every first page (ruling NT11): a card, not a 404 each time.
        return Response(_favicon_bytes(), media_type="image/x-icon", headers={"Cache-Control": "max-age=86400"})

    async def refused(request: Request, exc: Exception) -> Response:
        if not isinstance(exc, HTTPException):
            return HTMLResponse(renderer.error(500, "Something went wrong on the server; the journal is as it was."), status_code=500)
        # An unknown page and an unknown or revoked link read alike: no hint of what exists.
        detail = NOTHING if exc.detail in ("Not Found", "Method Not Allowed") else exc.detail
        return HTMLResponse(renderer.error(exc.status_code, detail), status_code=exc.status_code)

    routes = [
        Route("/style.css", stylesheet),
        Route("/favicon.ico", favicon),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/t/{token}/", page(campaign)),
        Route("/t/{token}/log", page(log_all)),
        Route("/t/{token}/session/{number:int}", page(session)),
        # A name may hold "/" ("AC/DC"): the rest of the path is the name, as the links write it.
        Route("/t/{token}/sheet/{name:path}", page(sheet)),
        Route("/t/{token}/luck", page(luck)),
        Route("/t/{token}/xp", page(xp)),
        Route("/t/{token}/explain/{ref}", page(explain)),
        Route("/t/{token}/verify", page(verify)),
        Route("/t/{token}/entropy", entropy, methods=["POST"]),
        Route("/t/{token}/note", note, methods=["POST"]),
        Route("/t/{token}/bundle.json", bundle),
        Route("/t/{token}/verify.pyz", verifier),
        Route("/t/{token}/live", live),
    ]
    handlers: dict[Any, Callable[..., Any]] = {HTTPException: refused, 500: refused}
    return Starlette(routes=routes, middleware=[Middleware(_Guarded)], exception_handlers=handlers)


@cache
def _favicon_bytes() -> bytes:
    """The site's icon (32 by 32, a playing card with a red diamond), read once per server."""
    return (STATIC / "favicon.ico").read_bytes()


@cache
def _verifier_bytes() -> bytes:
    """The standalone verifier (a zip application), built once per server."""
    import tempfile

    from chronique.adapters.verifier_app import build

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "verify.pyz"
        build(path)
        return path.read_bytes()


async def _feed(journal: _Journal, renderer: Renderer, reader: pages.Reader, after: int, request: Request) -> AsyncIterator[str]:
    """New log rows as server-sent events, as the CLI, the daemon or another page records them."""
    newest = partial(_newest, journal)
    # None: the first look sends what was recorded since the page was rendered, if anything.
    seen: int | None = None
    yield "retry: 1000\n\n"
    while not await request.is_disconnected():
        # The link is asked again at every look: a revoked one (a GM's too) stops at once, as the
        # README promises, and the stream ends (the browser's retry then meets a 404).
        if not await run_in_threadpool(_still_opens, journal, reader):
            return
        now = await run_in_threadpool(newest)
        if now != seen:
            seen = now
            context = await run_in_threadpool(pages.log_page, journal(), reader, None, after)
            if context["rows"]:
                after = context["after"]
                html = renderer.fragment("rows.html.j2", reader, context)
                data = "\n".join(f"data: {line}" for line in html.splitlines())
                yield f"event: rows\nid: {after}\n{data}\n\n"
        await asyncio.sleep(LIVE_POLL)


def _still_opens(journal: _Journal, reader: pages.Reader) -> bool:
    """Whether ``reader``'s link is still live: one indexed read of the invites' table, cheap
    enough for every look of every open stream."""
    invite = journal().invites.resolve(reader.token)
    return invite is not None and (invite.player, invite.gm) == (reader.player, reader.gm)


def _resolved(services: Chronique, token: str) -> pages.Reader | None:
    """The reader ``token`` opens now, or None when it is unknown or revoked (or its campaign is
    no longer in this journal): asked afresh at each request and each look of a live log."""
    invite = services.invites.resolve(token)
    if invite is None:
        return None
    try:
        name = services.campaign_by_id(invite.campaign_id).name
    except RuleViolation:  # a link to a campaign no longer in this journal opens nothing either
        return None
    return pages.Reader(name, invite.player, invite.gm, token)


FORWARDED = "behind a proxy"
"""The one address every request that came through a proxy is counted under (see :func:`_client_of`)."""


def _client_of(scope: Scope) -> str:
    """The address unknown links are counted under. A request naming an ``X-Forwarded-For`` came
    through a proxy, or claims to: uvicorn (with its default ``proxy_headers``) puts that header's
    address, which a client may write itself, in place of the peer's, so all such requests are
    counted as one address (the proxy's, as the README's set-up has it) and the header can never
    buy a client fresh guesses."""
    if any(name == b"x-forwarded-for" for name, _ in scope["headers"]):
        return FORWARDED
    client = scope.get("client")
    return str(client[0]) if client else "?"


def _newest(journal: _Journal) -> int:
    return int(journal().journal.recorder.max_notification_id() or 0)
