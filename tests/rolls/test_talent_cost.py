"""The cost of activating a talent ("Changing the Cost of Activating a Talent"), a dial a GM sets
with the hack's presets or the dials form, played through the wizard with scripted dice."""

from django.urls import reverse

from charge.models import Setup
from rolls.models import Roll
from tests.factories import TalentFactory
from tests.helpers import fresh, on_its_way, wizard


def hacked(crew, slug):
    """The GM's two taps: the example, then Apply."""
    gm = crew.client("gm")
    page = gm.post(reverse("hack_preview", args=[crew.campaign.pk]), {"preset": slug})
    assert page.status_code == 200
    gm.post(reverse("hack_apply", args=[crew.campaign.pk]), {"document": page.context["document"],
                                                             "seen": page.context["seen"], "key": slug})


def test_talents_are_free_as_written(crew, dice):
    talent = TalentFactory(character=crew.ada, slot=2, kind="die", action="Sneak", situation="at night")
    dice(6, 1, 1)
    wizard(crew, talents=[talent.pk])
    assert fresh(crew.ada).charge.momentum == 4  # 2, +2 for a 6: nothing spent


def test_a_talent_costing_one_momentum_is_paid_and_the_roll_gains_none(crew, dice):
    hacked(crew, "talent-cost-1")
    assert Setup.objects.get(campaign=crew.campaign).dials["talent_cost"] == 1
    talent = TalentFactory(character=crew.ada, slot=2, kind="die", action="Sneak", situation="at night")
    step3 = crew.client("player").get(on_its_way(crew).get_absolute_url()).content.decode()
    assert "Each costs 1 momentum." in step3
    dice(6, 1, 1)
    wizard(crew, talents=[talent.pk])
    roll = Roll.objects.get()
    assert roll.dice_sources == ["rating", "rating", "talent"]  # the same pool, so the same exact odds
    assert fresh(crew.ada).charge.momentum == 1  # 2 - 1; momentum spent gains none ("Momentum")


def test_two_talents_at_two_momentum_each_need_four(crew, dice):
    hacked(crew, "talent-cost-2")
    die = TalentFactory(character=crew.ada, slot=2, kind="die", action="Sneak", situation="at night")
    effect = TalentFactory(character=crew.ada, slot=4, kind="effect", action="Sneak", situation="unseen")
    dice(6, 1, 1)
    response = wizard(crew, talents=[die.pk, effect.pk])
    assert "This needs 4 momentum and there are only 2." in response.content.decode() and not Roll.objects.exists()
    assert fresh(crew.ada).charge.momentum == 2
    wizard(crew, talents=[die.pk])
    assert fresh(crew.ada).charge.momentum == 0 and Roll.objects.count() == 1


def test_the_dials_form_sets_the_cost_too(crew):
    from tests.campaign.test_campaigns import dials_post

    crew.client("gm").post(reverse("dials", args=[crew.campaign.pk]), dials_post(talent_cost=1))
    assert Setup.objects.get(campaign=crew.campaign).dials["talent_cost"] == 1


def test_the_sheet_says_the_price(crew):
    sheet = crew.client("player").get(crew.ada.get_absolute_url()).content.decode()
    assert "Invoking a talent on a roll costs" not in sheet
    hacked(crew, "talent-cost-2")
    sheet = crew.client("player").get(crew.ada.get_absolute_url()).content.decode()
    assert "Invoking a talent on a roll costs 2 momentum." in sheet
