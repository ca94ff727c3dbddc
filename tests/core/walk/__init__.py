"""The render-coherence walk's steps (tests/core/test_render_coherence.py), each stretch a list of
writes taken one after another in one campaign of one dice system: a step may rely on those before it."""

from tests.core.test_keyed_writes import WRITES
from tests.core.walk import ability, advantage, charge, rolls, shared, traits

STRIDE = 6
"""The keyed writes, six to a stretch."""


def _keyed() -> dict[str, dict]:
    by_system: dict[str, list[str]] = {}
    for name, write in WRITES.items():
        by_system.setdefault(write.system, []).append(name)
    return {f"{system} keyed {i // STRIDE + 1}": {name: WRITES[name] for name in names[i:i + STRIDE]}
            for system, names in by_system.items() for i in range(0, len(names), STRIDE)}


STRETCHES: dict[str, dict] = {**_keyed(), **shared.STRETCHES, **charge.STRETCHES, **rolls.STRETCHES, **traits.STRETCHES, **ability.STRETCHES,
                               **advantage.STRETCHES}
"""Each stretch by name: its steps by name, in the order walked."""
WALK = {f"{stretch}: {name}": write for stretch, steps in STRETCHES.items() for name, write in steps.items()}
