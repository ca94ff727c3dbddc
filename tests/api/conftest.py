import pytest

from tests.security.conftest import world  # noqa: F401  (the table with a secret in every GM-only field)
from tests.security.test_derived_views import played  # noqa: F401  (the evening of planted secrets)


def read_all(client, url) -> list[dict]:
    """Every page of a list, following ``next``."""
    rows = []
    while url:
        response = client.get(url)
        assert response.status_code == 200, (url, response.content[:300])
        answer = response.json()
        rows += answer["results"]
        url = answer["next"]
    return rows


@pytest.fixture
def readers(table):
    """A program reading with each role's token."""
    return {who: table.api_client(who) for who in ("gm", "player", "other_player", "outsider", "anonymous")}
