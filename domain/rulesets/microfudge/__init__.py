"""MicroFudge CECJ v2: adjective ladder, 4dF tests, Atouts, Revers that heal over time."""
