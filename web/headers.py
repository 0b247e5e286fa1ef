"""The security headers of every response of ``chronique serve`` (issue 16): a content security
policy with no inline script and no framing, no MIME sniffing, and no referrer (a player's link
carries their invite token, which must not leak to another site)."""

from __future__ import annotations

# 'wasm-unsafe-eval' lets the in-browser verifier compile WebAssembly (the rules' interpreter);
# it allows no JavaScript eval. Styles are files of the site, never inline attributes.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}

PRIVATE: dict[str, str] = {"Cache-Control": "no-store"}
"""What every response under a reader's link adds: its pages, bundle and live log are that
reader's alone (the GM's hold face-down cards), so neither a browser nor a proxy stores them."""
