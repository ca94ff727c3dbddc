"""``make bench``: performance measured against a floor, with budgets (see docs/benchmarks.md)."""

import socket


def free_port() -> int:
    """A port free on the loopback address, for a server the bench starts."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
