"""Added tension ("Add Tension"; "Momentum"): the accepted consequence is shown wherever the
roll is, and it gains momentum (reading TENSION_MOMENTUM)."""

from django.urls import reverse

from rolls.models import Roll
from tests.helpers import HTMX, fresh, wizard


def test_a_tension_roll_shows_its_consequence_everywhere_and_gains_momentum(crew, dice):
    dice(5, 3, 1)  # Sneak 2 + tension: a partial success
    wizard(crew, tension="The guard's dog starts barking")
    roll = Roll.objects.get()
    assert roll.dice_sources == ["rating", "rating", "tension"]
    assert fresh(crew.ada).momentum == 2 + 1 + 1  # +1 for a 4-5, +1 for the tension
    c = crew.campaign.pk
    for url in (reverse("roll", args=[c, roll.pk]), reverse("rolls", args=[c]), reverse("campaign", args=[c]),
                reverse("table", args=[c])):
        page = crew.client("other_player").get(url).content.decode()
        assert "The guard&#x27;s dog starts barking" in page, url
    table = crew.client("player").get(reverse("table", args=[c]), {"panel": "table-rolls"}, **HTMX)
    assert "Tension: The guard&#x27;s dog starts barking" in table.content.decode()
