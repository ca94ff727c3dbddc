"""A key that made a roll starts nothing new: a step or form sent again (the back button, a
second tab, a second device) lands on the roll it made, and the next roll starts afresh."""

import importlib
import re
from types import SimpleNamespace

import pytest
from django.urls import reverse

from charge.models import PendingRoll
from rolls.models import Roll
from tests.helpers import fresh, set_risk_and_effect, wizard


def key_offered(client, url, **asked):
    return re.search(r'name="key" value="([^"]+)"', client.get(url, asked).text).group(1)


def test_step_one_sent_again_after_its_roll_lands_on_that_roll_and_the_next_roll_is_rolled(crew, dice):
    client, url = crew.client("player"), reverse("roll_new", args=[crew.campaign.pk])
    key = key_offered(client, url, character=crew.ada.pk)
    step_one = {"key": key, "character": crew.ada.pk, "action": "Sneak", "goal": "In", "step": 1}
    started = client.post(url, step_one)
    set_risk_and_effect(crew, PendingRoll.objects.get(character=crew.ada), 2, 2)
    dice(6, 2)
    client.post(started.url, {"risk": 2, "effect": 2, "step": 3, "roll": "1"})
    first = Roll.objects.get(idempotency_key=key)
    assert fresh(crew.ada).charge.momentum == 4  # +2 for a 6

    again = client.post(url, step_one)  # the back button, then Next
    assert again.url == first.get_absolute_url()
    assert not PendingRoll.objects.filter(character=crew.ada).exists()
    assert key_offered(client, url, character=crew.ada.pk) != key

    dice(5, 4)
    rolled = wizard(crew)
    second = Roll.objects.order_by("-pk").first()
    assert second != first and rolled.url == second.get_absolute_url()
    assert fresh(crew.ada).charge.momentum == 5  # +1 for a 5


def test_step_one_sent_again_with_htmx_is_sent_to_the_roll(crew, dice):
    dice(6, 2)
    wizard(crew)
    made = Roll.objects.get()
    again = crew.client("player").post(reverse("roll_new", args=[crew.campaign.pk]), {
        "key": made.idempotency_key, "character": crew.ada.pk, "action": "Sneak", "step": 1}, HTTP_HX_REQUEST="true")
    assert again["HX-Redirect"] == made.get_absolute_url()
    assert not PendingRoll.objects.exists()


def test_the_same_first_step_for_another_character_starts_a_roll_of_its_own(crew):
    url = reverse("roll_new", args=[crew.campaign.pk])
    step_one = {"key": "one-form", "action": "Sneak", "step": 1}
    crew.client("gm").post(url, {**step_one, "character": crew.ada.pk})
    crew.client("gm").post(url, {**step_one, "character": crew.bo.pk})
    ada, bo = PendingRoll.objects.get(character=crew.ada), PendingRoll.objects.get(character=crew.bo)
    assert ada.key == "one-form" and bo.key != "one-form"


def test_a_roll_on_its_way_stuck_on_a_used_key_is_set_free(crew, dice):
    from django.apps import apps

    dice(6, 2)
    wizard(crew)
    made = Roll.objects.get()
    PendingRoll.objects.create(campaign=crew.campaign, character=crew.ada, key=made.idempotency_key, action="Sneak")
    # The migration names the model where it was then; it is Charge's now (charge 0001).
    moved = {"rolls.PendingRoll": "charge.PendingRoll"}
    then = SimpleNamespace(get_model=lambda *label: apps.get_model(moved.get(".".join(label), ".".join(label))))
    importlib.import_module("rolls.migrations.0014_unstick_used_keys").unstick(then, None)
    dice(5, 4)
    wizard(crew)
    assert Roll.objects.count() == 2
    assert fresh(crew.ada).charge.momentum == 5


@pytest.mark.parametrize(("name", "data"), [
    ("roll_fortune", {"likeliness": 1}),
    ("roll_determination", {"character": "ada", "burn": 1, "note": "A fall"}),
])
def test_a_roll_form_sent_again_lands_on_its_roll_and_the_form_offers_a_new_key(crew, dice, name, data):
    client, url = crew.client("player"), reverse(name, args=[crew.campaign.pk])
    key = key_offered(client, url)
    posted = {"key": key, **data, **({"character": crew.ada.pk} if "character" in data else {})}
    dice(4, 4, 4)
    first = client.post(url, posted)
    momentum = fresh(crew.ada).charge.momentum
    again = client.post(url, posted)
    made = Roll.objects.get(idempotency_key=key)
    assert first.url == again.url == made.get_absolute_url()
    assert Roll.objects.count() == 1 and fresh(crew.ada).charge.momentum == momentum
    assert key_offered(client, url) != key
