from datetime import datetime, timedelta

import pytest

from accounts.models import Account
from tests.factories import UserFactory


@pytest.fixture
def verified(db):
    """Mira, whose address mira@example.org is verified."""
    user = UserFactory(username="mira", email="mira@example.org")
    Account.objects.create(user=user, verified_email=user.email)
    return user


@pytest.fixture
def later(monkeypatch):
    """``later(generator, seconds)``: that token generator reads the time ``seconds`` from now."""
    def move(generator, seconds):
        now = datetime.now() + timedelta(seconds=seconds)
        monkeypatch.setattr(generator, "_now", lambda: now)
    return move
