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
    assert fresh(crew.ada).charge.momentum == 2 + 1 + 1  # +1 for a 4-5, +1 for the tension
    c = crew.campaign.pk
    for url in (reverse("roll", args=[c, roll.pk]), reverse("rolls", args=[c]), reverse("campaign", args=[c]),
                reverse("table", args=[c])):
        page = crew.client("other_player").get(url).content.decode()
        assert "The guard&#x27;s dog starts barking" in page, url
    table = crew.client("player").get(reverse("table", args=[c]), {"panel": "table-rolls"}, **HTMX)
    assert "Tension: The guard&#x27;s dog starts barking" in table.content.decode()


def test_a_critical_shows_both_sixes_read(crew, dice):
    """Reading 4: two or more 6s make a critical, so each of them is read."""
    dice(6, 6)
    wizard(crew)
    page = crew.client("player").get(reverse("roll", args=[crew.campaign.pk, Roll.objects.get().pk])).text
    assert page.count('aria-label="6, the die read"') == 2


def test_a_reduced_consequence_at_low_risk_is_avoided_and_says_so(crew, dice):
    """"Determination Roll": 4-5 reduces; a rating of 1 reduced by one is nothing left."""
    dice(2, 1)
    wizard(crew, risk=1)
    roll = Roll.objects.get()
    c = crew.campaign.pk
    crew.client("gm").post(reverse("roll_consequence", args=[c, roll.pk]),
                           {"kind": "worse_condition", "target": crew.ada.pk})
    dice(4)
    response = crew.client("player").post(reverse("roll_resist", args=[c, roll.pk]),
                                          {"burn": 1, "key": "resist-low"}, **HTMX)
    assert "The consequence is reduced to nothing: it is avoided." in response.content.decode()
    assert fresh(crew.ada).charge.stress == 0


def test_a_fortune_roll_may_use_a_characters_action_and_shows_both_opposed_pools(crew, dice):
    """SRD "Fortune Rolls": "by using a specific action or by adding 1d6 per likeliness level";
    the rulebook: "roll two opposing pools and take the best result of each"."""
    dice(5, 2, 6)  # Ada's Sneak 2: 5 2; the other side's 1d6: 6
    crew.client("gm").post(reverse("roll_fortune", args=[crew.campaign.pk]),
                           {"key": "f1", "label": "Does the patrol pass?", "likeliness": 1,
                            "character": crew.ada.pk, "action": "Sneak", "opposed": 1})
    roll = Roll.objects.get()
    assert (roll.pool_size, roll.dice, roll.character, roll.action) == (2, [5, 2], crew.ada, "Sneak")
    page = crew.client("player").get(reverse("roll", args=[crew.campaign.pk, roll.pk])).content.decode()
    assert "Against: 1 die: 6" in page and "The other side wins" in page
    odds = crew.client("gm").get(reverse("fortune_odds", args=[crew.campaign.pk]),
                                 {"likeliness": 1, "character": crew.ada.pk, "action": "Sneak"})
    assert "2d6" in odds.content.decode()


def test_a_fortune_roll_names_both_or_neither(crew):
    response = crew.client("gm").post(reverse("roll_fortune", args=[crew.campaign.pk]),
                                      {"key": "f2", "likeliness": 1, "character": crew.ada.pk})
    assert "Choose a character and an action to roll its rating, or neither." in response.content.decode()
    assert not Roll.objects.exists()
