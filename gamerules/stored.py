"""What a roll keeps as JSON, read back: each typed result's ``from_data()`` takes exactly the keys
its ``to_data()`` writes and refuses (``ValueError``) a key it does not know rather than drop it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def json_object(data: Any, what: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> Mapping:
    """``data`` as a JSON object holding every ``required`` key and nothing but those and the
    ``optional`` ones; refused otherwise, naming ``what`` it should have been."""
    if not isinstance(data, Mapping):
        raise ValueError(f"{what} should be a JSON object, not {data!r}.")
    missing = [key for key in required if key not in data]
    unknown = sorted(set(data) - set(required) - set(optional))
    if missing or unknown:
        raise ValueError(f"{what}: missing {missing}, unknown {unknown}.")
    return data
