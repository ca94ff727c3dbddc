"""The Threat Level Extra through the views, with scripted dice: the GM sets threats on the console,
says which apply to a roll on its way, the wizard shows the odds against the threat pool, and the
roll cancels action dice by the section's rules ("Rolling with the Threat Dice", "Tune it to make
it deadlier")."""

from fractions import Fraction
from itertools import product

import pytest
from django.urls import reverse

from campaign.models import Campaign
from campaign.transfer import export_campaign, import_campaign
from characters.models import Character
from charge import landed
from charge.models import Setup, Threat
from rolls.models import Roll
from tests.factories import UserFactory
from tests.helpers import HTMX, fresh, on_its_way


def threatened(crew, *dials):
    Setup.objects.filter(campaign=crew.campaign.pk).update(dials={"extras": ["threat_level"],
                                                               "extra_dials": list(dials)})
    Campaign.bump_version(crew.campaign.pk)  # as the GM's Dials page does
    crew.campaign.refresh_from_db()
    return crew


def add_threat(crew, who="gm", headers=None, **data):
    return crew.client(who).post(reverse("threat_add", args=[crew.campaign.pk]),
                                 {"source": "A poisonous mist", "rating": 2, "character": "", **data},
                                 **(headers or {}))


def roll_it(crew, pending, threat, who="player"):
    return crew.client(who).post(pending.get_absolute_url(), {"risk": 2, "effect": 2, "threat": threat, "step": 3,
                                                              "roll": "1"}, follow=True)


def test_the_gm_puts_a_threat_on_the_scene_and_every_screen_shows_it(crew):
    threatened(crew)
    answer = add_threat(crew, headers=HTMX)
    assert answer.status_code == 200 and 'id="console-threats"' in answer.text
    assert "A poisonous mist</strong> · threat 2 · on the scene" in answer.text
    threat = Threat.objects.get()
    assert (threat.source, threat.rating, threat.character) == ("A poisonous mist", 2, None)
    c = crew.campaign.pk
    assert "A poisonous mist</strong> · 2 dice · on the scene" in crew.client("player").get(reverse("table", args=[c])).text
    sheet = crew.client("other_player").get(reverse("character", args=[c, crew.ada.pk])).text
    assert "A poisonous mist (2, on the scene)" in sheet
    assert "Threat A poisonous mist (2) on the scene." in crew.client("player").get(reverse("campaign", args=[c])).text


def test_a_threat_on_one_character_is_on_their_sheet_only(crew):
    threatened(crew)
    add_threat(crew, source="The hexer curse", rating=1, character=crew.bo.pk)
    c = crew.campaign.pk
    assert "The hexer curse (1, on Bo)" in crew.client("player").get(reverse("character", args=[c, crew.bo.pk])).text
    assert "hexer" not in crew.client("player").get(reverse("character", args=[c, crew.ada.pk])).text


@pytest.mark.parametrize(("data", "message"), [
    ({"source": "  "}, "Name the threat&#x27;s source"),
    ({"rating": 0}, "A threat&#x27;s rating is 1 to 10"),
    ({"rating": 11}, "A threat&#x27;s rating is 1 to 10"),
    ({"rating": "two"}, "A threat&#x27;s rating is 1 to 10"),
    ({"character": 999999}, "on a character of this campaign"),
])
def test_a_threat_that_cannot_be_played_is_refused_and_nothing_is_saved(crew, data, message):
    threatened(crew)
    answer = add_threat(crew, headers=HTMX, **data)
    assert message in answer.text and not Threat.objects.exists()
    full = add_threat(crew, **data)
    assert full.status_code == 302 and not Threat.objects.exists()


def test_only_the_gm_sets_or_clears_threats(crew, client):
    threatened(crew)
    add_threat(crew)
    threat = Threat.objects.get()
    clear = reverse("threat_clear", args=[crew.campaign.pk, threat.pk])
    for who in ("player", "other_player"):
        assert add_threat(crew, who=who).status_code == 404
        assert crew.client(who).post(clear).status_code == 404
    client.force_login(UserFactory(username="stranger"))
    assert client.post(clear).status_code == 404
    assert Threat.objects.count() == 1
    crew.client("gm").post(clear, **HTMX)
    assert not Threat.objects.exists()


def test_without_the_extra_threats_are_refused_and_kept_hidden(crew):
    threatened(crew)
    add_threat(crew)
    Setup.objects.filter(campaign=crew.campaign.pk).update(dials={})
    Campaign.bump_version(crew.campaign.pk)
    c = crew.campaign.pk
    assert "A poisonous mist" not in crew.client("gm").get(reverse("console", args=[c])).text
    assert "A poisonous mist" not in crew.client("player").get(reverse("table", args=[c])).text
    add_threat(crew, source="Another")
    assert list(Threat.objects.values_list("source", flat=True)) == ["A poisonous mist"]  # kept, and no new one
    threatened(crew)
    assert "A poisonous mist" in crew.client("gm").get(reverse("console", args=[c])).text


def exact_odds(pool, threat):
    counts = {"critical": 0, "full": 0, "partial": 0, "bad": 0}
    throws = list(product(range(1, 7), repeat=pool + threat))
    for throw in throws:
        left = list(throw[:pool])
        for die in throw[pool:]:
            if die in left:
                left.remove(die)
        if left.count(6) >= 2:
            counts["critical"] += 1
        elif 6 in left:
            counts["full"] += 1
        elif left and max(left) >= 4:
            counts["partial"] += 1
        else:
            counts["bad"] += 1
    return {outcome: Fraction(n, len(throws)) for outcome, n in counts.items()}


def test_the_gm_ticks_the_threats_that_apply_and_the_odds_count_them(crew):
    """Ada rolls Sneak 2 against the mist's 2 dice: the odds are those of every throw counted."""
    threatened(crew)
    add_threat(crew)
    add_threat(crew, source="The hexer curse", rating=1, character=crew.bo.pk)  # not on Ada
    mist = Threat.objects.get(source="A poisonous mist")
    hexer = Threat.objects.get(source="The hexer curse")
    pending = on_its_way(crew, threats=[mist])
    assert fresh(pending).threats == [mist.pk]
    page = crew.client("player").get(pending.get_absolute_url()).text
    assert "The odds with 2 dice against 2 threat dice" in page and "Threats: A poisonous mist (2)." in page
    for outcome, chance in exact_odds(2, 2).items():
        assert f"{chance.numerator}/{chance.denominator}" in page, outcome
    assert "Roll 2d6 and 2 threat</button>" in page
    console = crew.client("gm").get(reverse("console", args=[crew.campaign.pk])).text
    assert f'id="threat-{pending.pk}-{mist.pk}" checked' in console
    assert f'id="threat-{pending.pk}-{hexer.pk}"' not in console  # on Bo: it cannot bear on Ada's roll


def test_example_1_the_3_is_cancelled_and_the_5_is_read(crew, dice):
    """Action 3 and 5, threat 2 and 3 (the text's example with a threat of 2): the result is 5."""
    threatened(crew)
    add_threat(crew)
    pending = on_its_way(crew, threats=Threat.objects.all())
    dice(3, 5, 2, 3)
    page = roll_it(crew, pending, 2).text
    made = Roll.objects.get()
    assert (made.dice, made.outcome, landed.aftermath(made).consequence_rating) == ([3, 5], "partial", 2)
    assert landed.threat(made) == {"sources": ["A poisonous mist (2)"], "dice": [2, 3], "left": [5], "rule": "same_value"}
    assert "Threat dice from A poisonous mist (2): 2 3. They cancelled 3; left 5." in page
    assert fresh(crew.ada).charge.momentum == 3  # a partial success gains 1 ("Momentum")


def test_example_2_every_die_cancelled_is_a_critical_fail(crew, dice):
    """Action 3 and 5, threat 3 and 5: "all the action pool is canceled. The result is 0"."""
    threatened(crew)
    add_threat(crew)
    pending = on_its_way(crew, threats=Threat.objects.all())
    dice(3, 5, 5, 3)
    page = roll_it(crew, pending, 2).text
    made = Roll.objects.get()
    assert (made.outcome, landed.aftermath(made).consequence_rating, landed.threat(made)["left"]) == ("bad", 2, [])
    assert "They cancelled every action die: a critical fail." in page
    assert fresh(crew.ada).charge.momentum == 2


def test_example_3_harsher_the_6_cancels_the_5_and_the_4_the_3(crew, dice):
    threatened(crew, "threat_level_harsher")
    crew.ada.charge.action_dots = {"Sneak": 3}
    crew.ada.charge.save()
    add_threat(crew)
    pending = on_its_way(crew, threats=Threat.objects.all())
    dice(2, 3, 5, 4, 6)
    roll_it(crew, pending, 2)
    made = Roll.objects.get()
    assert (made.dice, landed.threat(made)["left"], made.outcome) == ([2, 3, 5], [2], "bad")


def test_example_3_deadlier_the_6_cancels_the_highest_die(crew, dice):
    threatened(crew, "threat_level_deadlier")
    crew.ada.charge.action_dots = {"Sneak": 3}
    crew.ada.charge.save()
    add_threat(crew)
    pending = on_its_way(crew, threats=Threat.objects.all())
    dice(2, 3, 5, 3, 6)
    roll_it(crew, pending, 2)
    assert landed.threat(Roll.objects.get())["left"] == [2]


def test_a_roll_is_made_only_against_the_threats_its_player_read(crew, dice):
    threatened(crew)
    add_threat(crew)
    pending = on_its_way(crew)
    on_its_way(crew, threats=Threat.objects.all())  # the GM ticks the mist after the player read the odds
    dice(6, 1, 6, 2)
    page = roll_it(crew, pending, 0).text
    assert "The GM changed the threats that apply (now: A poisonous mist (2)). Roll again if you agree." in page
    assert not Roll.objects.exists() and fresh(crew.ada).charge.momentum == 2


def test_a_threat_cleared_before_the_roll_no_longer_counts(crew, dice):
    threatened(crew)
    add_threat(crew)
    pending = on_its_way(crew, threats=Threat.objects.all())
    crew.client("gm").post(reverse("threat_clear", args=[crew.campaign.pk, Threat.objects.get().pk]))
    odds = crew.client("player").post(reverse("roll_odds", args=[crew.campaign.pk, pending.pk]),
                                      {"risk": 2, "effect": 2}, **HTMX).text
    assert "Threats:" not in odds and 'name="threat" value="0"' in odds
    dice(6, 1)
    roll_it(crew, pending, 0)
    assert (Roll.objects.get().outcome, landed.threat(Roll.objects.get())) == ("full", {})


def test_only_threats_on_the_scene_or_the_roller_may_apply(crew):
    threatened(crew)
    add_threat(crew, character=crew.bo.pk)
    pending = on_its_way(crew)
    answer = crew.client("gm").post(reverse("roll_set", args=[crew.campaign.pk, pending.pk]),
                                    {"risk": 2, "effect": 2, "threats": [Threat.objects.get().pk]}, **HTMX)
    assert "Choose threats on the scene or on Ada." in answer.text and fresh(pending).threats == []


def test_quick_charge_applies_threats_without_a_risk_or_an_effect(crew):
    Setup.objects.filter(campaign=crew.campaign.pk).update(ruleset="quick_charge", dials={"extras": ["threat_level"]})
    crew.campaign.refresh_from_db()
    add_threat(crew)
    pending = on_its_way(crew, risk=None, action="Move")
    console = crew.client("gm").get(reverse("console", args=[crew.campaign.pk])).text
    assert "Apply the threats" in console
    crew.client("gm").post(reverse("roll_set", args=[crew.campaign.pk, pending.pk]),
                           {"threats": [Threat.objects.get().pk]})
    assert fresh(pending).threats == [Threat.objects.get().pk]


def test_threats_travel_with_the_campaign(crew):
    threatened(crew)
    add_threat(crew, character=crew.bo.pk)
    copy = import_campaign(export_campaign(crew.campaign), crew.gm)
    threat = Threat.objects.get(campaign=copy)
    assert (threat.source, threat.rating) == ("A poisonous mist", 2)
    assert threat.character == Character.objects.get(campaign=copy, name="Bo")


def test_the_same_threat_twice_is_refused(crew):
    threatened(crew)
    add_threat(crew)
    assert "A poisonous mist is already in play on the scene." in add_threat(crew, headers=HTMX).text
    assert Threat.objects.count() == 1
