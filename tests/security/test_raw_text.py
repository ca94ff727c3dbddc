"""Text that views read without a form (reasons, goals, keys) is cleaned like form text: a NUL
byte, which PostgreSQL refuses to store, is a refusal and never a 500."""

import pytest

from tests.security.rules import url_for

NUL = "before\x00after"


@pytest.mark.parametrize(("name", "data"), [
    ("clock_tick", {"amount": 1, "reason": NUL}),
    ("call_for_roll", {"character": "ADA", "action": "Sneak", "goal": NUL}),
    ("roll_resist", {"burn": 0, "key": NUL}),
    ("roll_new", {"key": NUL, "character": "ADA", "action": "Sneak", "risk": 2, "effect": 2,
                  "step": 3, "roll": 1}),
])
def test_a_nul_byte_in_raw_text_is_never_a_server_error(world, name, data):
    table, kwargs = world
    data = {key: kwargs["character_id"] if value == "ADA" else value for key, value in data.items()}
    response = table.client("gm").post(url_for(name, kwargs), data)
    assert response.status_code < 500
