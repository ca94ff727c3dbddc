"""The demo campaign that ``make run`` loads. Each feature adds its part here, so that a
newcomer always opens a living campaign. Loading twice changes nothing."""

from django.contrib.auth import get_user_model
from django.db import transaction

DEMO_PASSWORD = "charge-demo"
DEMO_GM = "gm"
DEMO_PLAYERS = ("xavier", "yann", "zoe")


@transaction.atomic
def load_demo() -> list[str]:
    """Create what is missing of the demo; return the logins, one line each."""
    users = get_user_model()
    for username in (DEMO_GM, *DEMO_PLAYERS):
        user, created = users.objects.get_or_create(username=username)
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
    return [f"GM:     {DEMO_GM} / {DEMO_PASSWORD}"] + [
        f"Player: {name} / {DEMO_PASSWORD}" for name in DEMO_PLAYERS
    ]
