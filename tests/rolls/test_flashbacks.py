"""Flashbacks ("Flashbacks"): "When a player calls for a flashback, the GM looks at the fiction and
sets a cost in momentum (from 0 to 2) that the player needs to pay before moving forward." The
player calls, the GM prices it on the console, the player pays or withdraws; a flashback resolved
by an action roll is marked in the wizard and priced with the risk and the effect."""

import json

import pytest
from django.urls import reverse

from charge.models import FlashbackCall, PendingRoll, Setup
from rolls.models import Roll
from tests.helpers import HTMX, fresh, on_its_way, wizard, words


def call(table, who="player", character=None, note="Bribed the guards last night", **more):
    """A flashback called through its page; returns the response."""
    character = character or table.character
    return table.client(who).post(reverse("roll_flashback", args=[table.campaign.pk]), {
        "key": f"fb-{who}-{character.pk}", "character": character.pk, "note": note, **more})


def price(table, cost, who="gm", **headers):
    called = FlashbackCall.objects.get()
    return table.client(who).post(reverse("flashback_price", args=[table.campaign.pk, called.pk]),
                                  {"cost": cost}, **headers)


def pay(table, seen, who="player", key=None, **headers):
    called = FlashbackCall.objects.filter().first()
    pk = called.pk if called else 999999
    return table.client(who).post(reverse("flashback_pay", args=[table.campaign.pk, pk]),
                                  {"cost": seen, "key": key or (called.key if called else "")}, **headers)


@pytest.mark.parametrize(("cost", "momentum"), [(0, 2), (1, 1), (2, 0)])
def test_the_player_calls_the_gm_prices_it_and_the_player_pays(crew, cost, momentum):
    called = call(crew)
    flashback = FlashbackCall.objects.get()
    assert called.url == flashback.get_absolute_url() and flashback.cost is None
    page = crew.client("player").get(flashback.get_absolute_url())
    assert "Waiting for the GM" in page.text and "flashback_pay" not in page.text
    assert fresh(crew.ada).charge.momentum == 2 and not Roll.objects.exists()  # nothing paid yet
    console = crew.client("gm").get(reverse("console", args=[crew.campaign.pk])).text
    assert "Ada's flashback" in console and "Bribed the guards last night" in console
    assert "(2 momentum)" in " ".join(console.split())  # the GM prices it knowing what Ada holds
    price(crew, cost)
    page = crew.client("player").get(flashback.get_absolute_url())
    assert f"The GM's price: {cost} momentum." in words(page)
    paid = pay(crew, cost)
    roll = Roll.objects.get()
    assert paid.url == roll.get_absolute_url()
    assert fresh(crew.ada).charge.momentum == momentum
    assert (roll.kind, roll.character, roll.goal) == ("flashback", crew.ada, "Bribed the guards last night")
    assert roll.choices == {"flashback_cost": cost} and roll.result["momentum"] == {str(crew.ada.pk): [2, momentum]}
    assert not FlashbackCall.objects.exists()
    shown = crew.client("player").get(roll.get_absolute_url()).text
    assert f"{reverse('roll_new', args=[crew.campaign.pk])}?character={crew.ada.pk}&amp;goal=Bribed%20the%20guards" in shown
    assert f"{reverse('roll_fortune', args=[crew.campaign.pk])}?label=Bribed%20the%20guards" in shown


def test_the_player_no_longer_chooses_the_price(crew):
    call(crew, cost=2)  # a price posted with the call is not the player's to set
    assert FlashbackCall.objects.get().cost is None
    page = crew.client("player").get(reverse("roll_flashback", args=[crew.campaign.pk])).text
    assert 'name="cost"' not in page and 'name="resolution"' not in page
    assert price(crew, 1, who="player").status_code == 404  # the GM's, on the console
    assert FlashbackCall.objects.get().cost is None


def test_the_gm_prices_it_in_one_tap_on_the_console_and_the_panel_answers(crew):
    call(crew)
    console = crew.client("gm").get(reverse("console", args=[crew.campaign.pk])).text
    flashback = FlashbackCall.objects.get()
    assert console.count(f'action="{reverse("flashback_price", args=[crew.campaign.pk, flashback.pk])}"') == 1
    for cost in (0, 1, 2):  # each price is a button of its own: one tap
        assert f'type="submit" name="cost"\n                          value="{cost}"' in console
    partial = price(crew, 1, **HTMX)
    assert "<html" not in partial.text and 'id="console-pending"' in partial.text
    assert "1 momentum: Ada's player pays it or withdraws." in words(partial)
    assert fresh(flashback).cost == 1
    full = price(crew, 2)
    assert full.url == reverse("console", args=[crew.campaign.pk]) and fresh(flashback).cost == 2


def test_a_price_beyond_the_momentum_is_said_and_the_flashback_may_be_withdrawn(crew):
    crew.ada.charge.momentum = 1
    crew.ada.charge.save()
    call(crew)
    price(crew, 2)
    page = crew.client("player").get(FlashbackCall.objects.get().get_absolute_url())
    assert "Ada has only 1 momentum: too little to pay." in words(page)
    assert "flashback/1/pay" not in page.text and "Pay 2 momentum" not in page.text
    refused = pay(crew, 2)
    assert "This flashback costs 2 momentum and there is only 1." in refused.text
    assert fresh(crew.ada).charge.momentum == 1 and not Roll.objects.exists()
    flashback = FlashbackCall.objects.get()
    gone = crew.client("player").post(reverse("flashback_withdraw", args=[crew.campaign.pk, flashback.pk]))
    assert gone.url == reverse("campaign", args=[crew.campaign.pk])
    assert not FlashbackCall.objects.exists() and fresh(crew.ada).charge.momentum == 1 and not Roll.objects.exists()
    call(crew, note="Another plan")  # nothing is stuck: a new call goes on its way
    assert FlashbackCall.objects.get().note == "Another plan"


def test_a_double_tap_and_a_repeated_key_pay_once(crew):
    call(crew)
    price(crew, 1)
    flashback = FlashbackCall.objects.get()
    client, url = crew.client("player"), reverse("flashback_pay", args=[crew.campaign.pk, flashback.pk])
    first = client.post(url, {"cost": 1, "key": flashback.key})
    again = client.post(url, {"cost": 1, "key": flashback.key})
    with_htmx = client.post(url, {"cost": 1, "key": flashback.key}, **HTMX)
    roll = Roll.objects.get()
    assert first.url == again.url == with_htmx["HX-Redirect"] == roll.get_absolute_url()
    assert fresh(crew.ada).charge.momentum == 1
    assert call(crew, note="Sent again").url == roll.get_absolute_url()  # the call's key made that roll
    assert not FlashbackCall.objects.exists()


def test_a_price_changed_since_the_page_showed_it_is_not_paid(crew):
    call(crew)
    price(crew, 1)
    price(crew, 2)
    refused = pay(crew, 1)
    assert "The GM changed the price: now 2 momentum. Pay again if you agree." in refused.text
    assert fresh(crew.ada).charge.momentum == 2 and not Roll.objects.exists()
    assert pay(crew, 2).status_code == 302 and fresh(crew.ada).charge.momentum == 0


def test_an_unpriced_flashback_cannot_be_paid(crew):
    call(crew)
    refused = pay(crew, 0)
    assert "The GM has not set the price yet." in refused.text
    assert not Roll.objects.exists()


def test_who_may_call_open_pay_price_and_withdraw(crew):
    other = call(crew, who="other_player")  # Ada is not theirs
    assert "Select a valid choice" in other.text and not FlashbackCall.objects.exists()
    call(crew, who="gm")  # a GM calls on behalf of any character
    flashback = FlashbackCall.objects.get()
    assert flashback.character == crew.ada and crew.client("player").get(flashback.get_absolute_url()).status_code == 200
    urls = {name: reverse(name, args=[crew.campaign.pk, flashback.pk])
            for name in ("flashback_call", "flashback_price", "flashback_pay", "flashback_withdraw")}
    assert crew.client("outsider").get(urls["flashback_call"]).status_code == 404
    assert crew.client("outsider").get(reverse("roll_flashback", args=[crew.campaign.pk])).status_code == 404
    for name in ("flashback_price", "flashback_pay", "flashback_withdraw"):
        assert crew.client("outsider").post(urls[name], {"cost": 1}).status_code == 404
    assert crew.client("other_player").get(urls["flashback_call"]).status_code == 404
    price(crew, 1)
    assert crew.client("other_player").post(urls["flashback_pay"], {"cost": 1, "key": flashback.key}).status_code == 404
    assert crew.client("other_player").post(urls["flashback_withdraw"]).status_code == 404
    assert fresh(crew.ada).charge.momentum == 2 and FlashbackCall.objects.exists()
    assert crew.client("gm").post(urls["flashback_pay"], {"cost": 1, "key": flashback.key}).status_code == 302
    assert fresh(crew.ada).charge.momentum == 1 and Roll.objects.get().rolled_by == crew.gm


def test_one_flashback_at_a_time_for_a_character(crew):
    first = call(crew)
    assert call(crew).url == first.url  # the same form sent again: the same call
    second = crew.client("player").post(reverse("roll_flashback", args=[crew.campaign.pk]), {
        "key": "another", "character": crew.ada.pk, "note": "And also"})
    assert "Ada's flashback is already on its way: pay it or withdraw it first." in words(second)
    assert FlashbackCall.objects.count() == 1


def test_the_flashback_page_is_a_full_page_and_an_htmx_partial_that_follows_the_gm(crew):
    call(crew)
    url = FlashbackCall.objects.get().get_absolute_url()
    full, partial = crew.client("player").get(url), crew.client("player").get(url, **HTMX)
    assert "<html" in full.text and 'id="flashback-call"' in full.text
    assert "<html" not in partial.text and 'id="flashback-call"' in partial.text
    assert "campaignChanged" in partial.text  # fetched again whenever the campaign changes
    price(crew, 1)
    assert "Pay 1 momentum" in crew.client("player").get(url, **HTMX).text


def test_what_waits_tells_the_gm_to_price_and_the_player_to_pay(crew):
    call(crew)
    waiting = reverse("waiting", args=[crew.campaign.pk])
    assert "Ada calls a flashback: it waits for your price." in words(crew.client("gm").get(waiting, **HTMX))
    assert "Ada's flashback waits for the GM's price." in words(crew.client("player").get(waiting, **HTMX))
    assert "flashback" not in crew.client("other_player").get(waiting, **HTMX).text
    price(crew, 1)
    assert "Ada's flashback: the GM's price is 1 momentum." in words(crew.client("player").get(waiting, **HTMX))
    assert "calls a flashback" not in crew.client("gm").get(waiting, **HTMX).text


def test_the_gm_may_let_a_flashback_cost_more_than_two(crew):
    """"Flashbacks": "2 (or more) momentum" in the body; 0-2 in the recap, the default."""
    crew.ada.charge.momentum = 5
    crew.ada.charge.save()
    call(crew)
    refused = price(crew, 3, **HTMX)
    assert "A flashback costs 0, 1 or 2 momentum." in refused.text and FlashbackCall.objects.get().cost is None
    Setup.objects.filter(campaign=crew.campaign.pk).update(dials={"flashback_most": 3})
    assert 'value="3" title="An elaborate action' in crew.client("gm").get(reverse("console", args=[crew.campaign.pk])).text
    price(crew, 3)
    pay(crew, 3)
    assert fresh(crew.ada).charge.momentum == 2


# A flashback resolved by an action roll: marked in the wizard, priced with the risk and the effect.


def test_the_wizard_marks_a_flashback_and_the_gm_prices_it_with_risk_and_effect(crew, dice):
    page = crew.client("player").get(reverse("roll_new", args=[crew.campaign.pk])).text
    assert 'name="flashback"' in page and "momentum: An ordinary action" not in page  # no price to choose
    pending = on_its_way(crew, risk=None, flashback="on")
    assert pending.flashback and pending.flashback_cost is None
    console = crew.client("gm").get(reverse("console", args=[crew.campaign.pk])).text
    assert f'name="flashback_cost" value="2"\n           id="set-{pending.pk}-price-2"' in console
    assert "Set risk, effect and price" in console
    unpriced = crew.client("gm").post(reverse("roll_set", args=[crew.campaign.pk, pending.pk]),
                                      {"risk": 2, "effect": 2}, **HTMX)
    assert "Choose the flashback&#x27;s price in momentum." in unpriced.text and not fresh(pending).is_set
    crew.client("gm").post(reverse("roll_set", args=[crew.campaign.pk, pending.pk]),
                           {"risk": 2, "effect": 2, "flashback_cost": 2})
    assert (fresh(pending).flashback_cost, fresh(pending).is_set) == (2, True)
    step = crew.client("player").get(pending.get_absolute_url()).text
    assert "a flashback, priced at 2 momentum by the GM" in " ".join(step.split())
    dice(6, 1)
    crew.client("player").post(pending.get_absolute_url(), {"risk": 2, "effect": 2, "flashback_cost": 2,
                                                            "step": 3, "roll": "1"})
    roll = Roll.objects.get()
    assert roll.choices["flashback_cost"] == 2 and roll.outcome == "full"
    assert fresh(crew.ada).charge.momentum == 0  # paid 2, and a roll that spent momentum gains none


def test_a_flashback_roll_waits_for_the_price_on_the_players_screen(crew):
    pending = on_its_way(crew, risk=None, flashback="on")
    assert "Waiting for the GM" in crew.client("player").get(pending.get_absolute_url()).text
    gm_step = crew.client("gm").get(pending.get_absolute_url()).text  # a GM's own step 2 has the price too
    assert 'name="flashback_cost"' in gm_step
    crew.client("gm").post(pending.get_absolute_url(), {"step": 2, "risk": 2, "effect": 2, "flashback_cost": 1})
    assert fresh(pending).flashback_cost == 1


def test_a_flashback_roll_beyond_the_momentum_says_so_and_may_be_withdrawn(crew):
    crew.ada.charge.momentum = 1
    crew.ada.charge.save()
    pending = on_its_way(crew, risk=None, flashback="on")
    crew.client("gm").post(reverse("roll_set", args=[crew.campaign.pk, pending.pk]),
                           {"risk": 2, "effect": 2, "flashback_cost": 2})
    step = crew.client("player").get(pending.get_absolute_url())
    assert "This flashback costs 2 momentum and there is only 1." in step.text
    gone = crew.client("player").post(reverse("roll_withdraw", args=[crew.campaign.pk, pending.pk]))
    assert gone.status_code == 302 and not PendingRoll.objects.exists()
    assert fresh(crew.ada).charge.momentum == 1 and not Roll.objects.exists()


def test_a_flashback_roll_made_after_the_gm_changed_the_price_is_refused(crew, dice):
    pending = on_its_way(crew, risk=None, flashback="on")
    crew.client("gm").post(reverse("roll_set", args=[crew.campaign.pk, pending.pk]),
                           {"risk": 2, "effect": 2, "flashback_cost": 2})
    dice(6, 1)
    refused = crew.client("player").post(pending.get_absolute_url(), {"risk": 2, "effect": 2, "flashback_cost": 1,
                                                                      "step": 3, "roll": "1"})
    assert "The GM priced the flashback at 2 momentum. Roll again if you agree." in refused.text
    assert not Roll.objects.exists() and fresh(crew.ada).charge.momentum == 2


def test_a_roll_that_is_no_flashback_pays_no_price(crew, dice):
    dice(6, 1)
    wizard(crew)
    assert Roll.objects.get().choices["flashback_cost"] == 0 and fresh(crew.ada).charge.momentum == 4


def test_quick_charge_waits_for_the_gms_price_alone(crew, dice):
    Setup.objects.filter(campaign=crew.campaign.pk).update(ruleset="quick_charge")
    pending = on_its_way(crew, risk=None, flashback="on", action="Finesse")
    assert not pending.is_set  # the dice read the risk and the effect, but not the price
    console = crew.client("gm").get(reverse("console", args=[crew.campaign.pk])).text
    assert "Set the price" in console
    crew.client("gm").post(reverse("roll_set", args=[crew.campaign.pk, pending.pk]), {"flashback_cost": 1})
    assert fresh(pending).is_set and fresh(pending).flashback_cost == 1


def test_the_htmx_wizard_step_moves_on_once_priced(crew):
    client = crew.client("player")
    moved = client.post(reverse("roll_new", args=[crew.campaign.pk]), {
        "key": "k", "character": crew.ada.pk, "action": "Sneak", "flashback": "on", "step": 1}, **HTMX)
    location = json.loads(moved["HX-Location"])["path"]
    assert "Waiting for the GM" in client.get(location, **HTMX).text
    pending = PendingRoll.objects.get()
    crew.client("gm").post(reverse("roll_set", args=[crew.campaign.pk, pending.pk]),
                           {"risk": 2, "effect": 2, "flashback_cost": 1})
    assert "Even the odds" in client.get(location, **HTMX).text
