"""Microseconds per ``odds(n)`` for n in 0..10: ``python -m gamerules.bench``."""

from __future__ import annotations

import timeit

from gamerules.charge import odds

BUDGET_MICROSECONDS = 1000.0


def measure(repeat: int = 5, number: int = 2000) -> dict[int, float]:
    """The best of ``repeat`` runs of ``number`` calls, in microseconds per call."""
    return {n: min(timeit.repeat(lambda n=n: odds(n), repeat=repeat, number=number)) / number * 1e6
            for n in range(11)}


def main() -> int:
    figures = measure()
    for n, micros in figures.items():
        print(f"odds({n:2d})  {micros:8.1f} us   budget {BUDGET_MICROSECONDS:.0f} us")
    return 0 if max(figures.values()) < BUDGET_MICROSECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
