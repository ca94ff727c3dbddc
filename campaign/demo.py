"""The demo that ``make run`` loads: its users, and a campaign of each dice system, the Charge one
first. Each feature adds its part to its system's campaign, so that a newcomer always opens a
living campaign. Loading twice changes nothing."""

from django.contrib.auth import get_user_model
from django.db import transaction

from core.systems import registered

DEMO_PASSWORD = "charge-demo"
DEMO_GM = "gm"
DEMO_PLAYERS = ("xavier", "yann", "zoe")


def _users():
    users = get_user_model()
    found = {}
    for username in (DEMO_GM, *DEMO_PLAYERS):
        user, created = users.objects.get_or_create(username=username)
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
        found[username] = user
    return found


@transaction.atomic
def load_demo() -> list[str]:
    """Create what is missing of the demo; return the logins, one line each."""
    users = _users()
    for site in registered():
        if site.demo:
            site.demo(users, DEMO_GM, DEMO_PLAYERS)
    return [f"GM:     {DEMO_GM} / {DEMO_PASSWORD}"] + [
        f"Player: {name} / {DEMO_PASSWORD}" for name in DEMO_PLAYERS
    ]
