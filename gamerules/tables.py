"""Tables of exact odds for people to read: ``python -m gamerules.tables`` prints the one in
docs/rules.md."""

from __future__ import annotations

from gamerules.charge import Outcome, odds


def odds_table(pool_sizes: range = range(0, 7)) -> str:
    """A Markdown table of each outcome's exact chance, as a fraction and a percentage."""
    lines = ["| dice | critical | full | partial | bad |", "|---|---|---|---|---|"]
    for n in pool_sizes:
        chances = odds(n)
        cells = [f"{chances[o]} ({float(chances[o]):.1%})" for o in Outcome]
        label = f"{n} (2d6, lowest)" if n <= 0 else str(n)
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(odds_table())
