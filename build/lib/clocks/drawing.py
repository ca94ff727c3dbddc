"""The geometry of a clock's picture: one pie wedge per segment, clockwise from twelve o'clock."""

import math
from functools import cache

CENTRE = 50
RADIUS = 46


@cache
def wedges(size: int) -> tuple[str, ...]:
    """SVG path data for each of ``size`` segments in a 100 x 100 box."""
    paths = []
    for index in range(size):
        start = 2 * math.pi * index / size - math.pi / 2
        end = 2 * math.pi * (index + 1) / size - math.pi / 2
        x1, y1 = CENTRE + RADIUS * math.cos(start), CENTRE + RADIUS * math.sin(start)
        x2, y2 = CENTRE + RADIUS * math.cos(end), CENTRE + RADIUS * math.sin(end)
        large = 1 if end - start > math.pi else 0
        if size == 1:
            paths.append(f"M {CENTRE} {CENTRE - RADIUS} A {RADIUS} {RADIUS} 0 1 1 {CENTRE - 0.01} "
                         f"{CENTRE - RADIUS} Z")
        else:
            paths.append(f"M {CENTRE} {CENTRE} L {x1:.2f} {y1:.2f} "
                         f"A {RADIUS} {RADIUS} 0 {large} 1 {x2:.2f} {y2:.2f} Z")
    return tuple(paths)
