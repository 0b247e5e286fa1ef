"""``chronique serve``: the players' web journal (issue 16) over the same journal."""

from __future__ import annotations

import logging
import sys

import typer

from chronique.cli import bounds
from chronique.cli.context import fail, run


def register(app: typer.Typer) -> None:
    """Add the web journal's command to the app."""

    @app.command("serve")
    def serve(
        ctx: typer.Context,
        host: str = typer.Option(
            "127.0.0.1", "--host", help="The address to listen on; the default serves this machine only (see the README for a TLS proxy)."
        ),
        port: int = typer.Option(8000, "--port", callback=bounds.PORT, help="The port to listen on."),
    ) -> None:
        """Serve the web journal until Ctrl-C: each player opens the link `chronique invite` gave them."""
        if not host.strip():
            # An empty address binds every network the machine is on: never the default's by mistake.
            raise fail("`--host` is empty: name the address to listen on (127.0.0.1, the default, serves this machine only)")
        import uvicorn

        from chronique.web.app import create_app

        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", handlers=[logging.StreamHandler(sys.stderr)])
        db = ctx.find_root().obj.db

        def listen(services: object) -> None:
            import socket

            listener = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                listener.bind((host, port))
            except OSError as error:
                listener.close()
                raise fail(f"cannot listen on {host} port {port}: {error.strerror or error} (another `--port` or `--host`?)") from None
            typer.echo(f"serving the web journal at http://{host}:{port}/ (Ctrl-C stops it)", err=True)
            # uvicorn's own access log would print each path, invite tokens included: ours leaves them out.
            # proxy_headers off: an address a client writes in X-Forwarded-For (which a plain proxy_pass
            # passes on) never stands for the proxy's, so it buys no fresh guesses of a link.
            config = uvicorn.Config(create_app(db), access_log=False, log_level="warning", server_header=False, proxy_headers=False)
            uvicorn.Server(config).run(sockets=[listener])

        run(ctx, listen)
