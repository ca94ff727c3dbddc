"""Quick Charge screens follow Quick Charge's own section ("Quick Charge Extra")."""

import re

import pytest
from django.urls import reverse

from charge.landed import aftermath
from charge.models import Setup
from rolls.models import Roll
from tests.helpers import HTMX, fresh, on_its_way, update_character, wizard


@pytest.fixture
def quick(crew):
    Setup.objects.filter(campaign=crew.campaign.pk).update(ruleset="quick_charge")
    update_character(crew.ada.pk, action_dots={"Finesse": 2, "Move": 2})
    crew.campaign.refresh_from_db()
    return crew


def test_creation_assigns_four_dots_with_no_other_limit(quick):
    """"At character creation, players assign 4 action dots"."""
    update_character(quick.ada.pk, created=False, action_dots={})
    url = reverse("character_dots", args=[quick.campaign.pk, quick.ada.pk])
    quick.client("player").post(url, {"action": "Muscle", "dots": 4}, **HTMX)
    assert fresh(quick.ada).charge.action_dots == {"Muscle": 4}


def test_a_determination_66_gives_some_other_benefit_not_a_better_risk(quick, dice):
    """"On a 66, the consequence is avoided, and you get some other benefit"."""
    dice(6, 6)
    response = quick.client("player").post(reverse("roll_determination", args=[quick.campaign.pk]),
                                           {"key": "k66", "character": quick.ada.pk, "burn": 2, "note": "A fall"},
                                           follow=True)
    assert "you get some other benefit" in response.content.decode()
    assert fresh(quick.ada).charge.better_risk_next is False


def test_a_setup_gives_plus_one_effect_only(quick, dice):
    """Set up: a follower "gets +1 effect level for their roll"."""
    dice(6, 1)
    wizard(quick, action="Finesse", setup="on", risk=2, effect=0)  # Quick Charge reads them from the dice
    setup = Roll.objects.get()
    url = reverse("roll", args=[quick.campaign.pk, setup.pk])
    page = quick.client("player").get(url).content.decode()
    assert 'value="effect"' in page and 'name="benefit" value="risk"' not in page
    response = quick.client("player").post(reverse("roll_setup", args=[quick.campaign.pk, setup.pk]),
                                           {"benefit": "risk"}, **HTMX)
    assert "In Quick Charge a setup gives +1 effect." in response.content.decode()
    assert aftermath(fresh(setup)).setup_benefit is None


def test_the_last_step_says_the_dice_set_the_effect_and_the_consequence(quick):
    """"The effect rating is determined by the action roll's result" and so is the consequence
    rating: step 3 does not speak of a GM's effect."""
    pending = on_its_way(quick, risk=None, action="Finesse")
    page = quick.client("player").get(reverse("roll_pending", args=[quick.campaign.pk, pending.pk]), {"step": 3}).text
    reads = re.search(r'data-testid="quick-reads">(.*?)</span>', page, re.S).group(1)
    assert " ".join(reads.split()) == ("Critical success: +3 effect · Full success: +2 effect · "
                                       "Partial success: +1 effect, +1 consequence · Bad outcome: +2 consequence")
    assert "(the GM's)" not in page


def test_the_sheet_has_only_the_sections_parts(quick):
    """"There's only 2 character details: the concept and the appearance"; no ties, no talents."""
    for url in (quick.ada.get_absolute_url(), reverse("character_print", args=[quick.campaign.pk, quick.ada.pk])):
        page = quick.client("player").get(url).text
        assert "Concept" in page and "Appearance" in page, url
        for part in ("Ties", "Talent line", "Condition"):
            assert part not in page, (url, part)
