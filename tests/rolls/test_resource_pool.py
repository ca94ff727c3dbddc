"""The Resource Pool meta-extra through the views, with scripted dice: the GM builds a resource,
the recap's roll gathers it, a roll spends it for dice and keeps points on 5-6, and the planned
scenario's end expires it ("Resource Pool Extra")."""

import pytest
from django.urls import reverse

from campaign.transfer import export_campaign, import_campaign
from charge.actions.bookkeeping import set_dials
from charge.models import Resource, ResourcePool, Setup
from gamerules.dials import Dials, Extra
from rolls.models import Roll
from tests.factories import UserFactory
from tests.helpers import HTMX, fresh, on_its_way


def switch_on(crew):
    set_dials(crew.campaign.memberships.get(user=crew.gm), Dials(extras=frozenset({Extra.RESOURCE_POOL})))
    crew.campaign.refresh_from_db()


def pooled(crew, **fields):
    """The extra on, and a resource the GM built on the Resources page."""
    switch_on(crew)
    data = {"name": "Expedition Funds", "shared": "on", "gain": "recap_roll", "spend": "die", "cap": 3, "effect": "",
            **fields}
    crew.client("gm").post(reverse("resource_define", args=[crew.campaign.pk]), {k: v for k, v in data.items() if v})
    return Resource.objects.get(name=data["name"])


def points(resource, character=None):
    pool = ResourcePool.objects.filter(resource=resource, character=character).first()
    return pool.points if pool else 0


def test_the_gm_builds_a_resource_and_a_bad_one_is_refused(crew):
    resource = pooled(crew)
    assert (resource.name, resource.shared, resource.cap) == ("Expedition Funds", True, 3)
    page = crew.client("gm").post(reverse("resource_define", args=[crew.campaign.pk]),
                                  {"name": "Grit", "gain": "by_hand", "spend": "described", "cap": 3}).text
    assert "Say what spending one does" in page and Resource.objects.count() == 1
    assert crew.client("player").post(reverse("resource_define", args=[crew.campaign.pk]),
                                      {"name": "Mana", "gain": "by_hand", "spend": "die", "cap": 3}).status_code == 404


def test_the_recap_roll_marks_each_4_to_6_and_a_6_with_no_dots(crew, dice):
    """Ada rolls her Sneak 2, Bo has no dots in Sneak and rolls 1d6: "mark 1 Resource on a 6"."""
    resource = pooled(crew)
    dice(4, 6, 6)  # Ada: 4 and 6 (two marks); Bo: 6 (one mark)
    answer = crew.client("gm").post(reverse("resource_recap", args=[crew.campaign.pk, resource.pk]),
                                    {"action": "Sneak"}, **HTMX)
    assert points(resource) == 3 and f'data-testid="pool-{resource.pk}-party">3' in answer.text
    log = crew.client("player").get(reverse("campaign", args=[crew.campaign.pk])).text
    assert "Recap&#x27;s roll for Expedition Funds (Sneak): Ada 4 6 → 2; Bo 6 → 1." in log
    dice(5, 3, 5)  # Bo's 5 marks nothing without dots
    crew.client("gm").post(reverse("resource_recap", args=[crew.campaign.pk, resource.pk]), {"action": "Sneak"})
    assert points(resource) == 4
    assert crew.client("player").post(reverse("resource_recap", args=[crew.campaign.pk, resource.pk]),
                                      {"action": "Sneak"}).status_code == 404


def test_the_recap_roll_shows_its_exact_odds(crew):
    pooled(crew)
    page = crew.client("player").get(reverse("resources", args=[crew.campaign.pk])).text
    assert "No dots\n          (1d6, a 6 marks):" in page and "1/6" in page and "5/6" in page
    assert "2 dots:" in page and "1/4" in page and "1/2" in page  # 2 dice: 0, 1 or 2 marks


def test_players_spend_the_partys_pool_and_keep_their_own(crew):
    shared = pooled(crew)
    url = reverse("resource_pool", args=[crew.campaign.pk, shared.pk])
    assert "The GM gives the party Expedition Funds." in crew.client("player").post(url, {"delta": 1}, **HTMX).text
    crew.client("gm").post(url, {"delta": 1})
    crew.client("player").post(url, {"delta": -1})
    assert points(shared) == 0
    assert "No Expedition Funds left to spend." in crew.client("player").post(url, {"delta": -1}, **HTMX).text
    personal = Resource.objects.create(campaign=crew.campaign, name="Mana", shared=False)
    url = reverse("resource_pool", args=[crew.campaign.pk, personal.pk])
    crew.client("player").post(url, {"delta": 1, "character": crew.ada.pk})
    assert points(personal, crew.ada) == 1
    assert "Change the Mana of your own character." in crew.client("other_player").post(
        url, {"delta": -1, "character": crew.ada.pk}, **HTMX).text
    client = crew.client("player")
    client.logout()
    client.force_login(UserFactory(username="stranger"))
    assert client.post(url, {"delta": 1, "character": crew.ada.pk}).status_code == 404


def roll_spending(crew, resource, spent, **data):
    pending = on_its_way(crew)
    return crew.client("player").post(pending.get_absolute_url(), {
        "risk": 2, "effect": 2, "step": 3, "roll": "1", f"resource-{resource.pk}": spent, **data}, follow=True)


def test_spending_adds_a_die_per_point_up_to_the_cap_and_keeps_points_on_5_6(crew, dice):
    """The Mana example: "add a d6 ... capped at 3d6"; the recap: "retain 1 ... on 5 or 6"."""
    resource = pooled(crew, name="Mana", retained="on", cap=2)
    ResourcePool.objects.create(resource=resource, points=3)
    page = crew.client("player").get(on_its_way(crew).get_absolute_url()).text
    assert "Spend Mana (+1d6 each, 3 held)" in page and f'name="resource-{resource.pk}"' in page
    dice(6, 2, 1, 3, 5, 1)  # Sneak 2 + 2 Mana; then a retention die per point: 5 keeps one, 1 does not
    page = roll_spending(crew, resource, 2).text
    made = Roll.objects.get()
    assert (made.pool_size, made.dice, made.outcome) == (4, [6, 2, 1, 3], "full")
    assert made.choices["resources"] == [{"name": "Mana", "spent": 2, "dice": [5, 1], "back": 1}]
    assert points(resource) == 2
    assert "2 Mana spent; kept on a 5-6: 5 1, 1 back." in page


@pytest.mark.parametrize(("spent", "reason"), [(3, "At most 2 Mana on one roll."), (2, "There is only 1 Mana")])
def test_spending_past_the_cap_or_the_pool_is_refused(crew, dice, spent, reason):
    resource = pooled(crew, name="Mana", cap=2)
    ResourcePool.objects.create(resource=resource, points=1 if spent == 2 else 5)
    dice(6, 6, 6, 6, 6)
    page = roll_spending(crew, resource, spent).text
    assert not Roll.objects.exists()
    assert "Select a valid choice" in page or reason in page


def test_the_planned_scenarios_end_expires_what_expires(crew):
    funds = pooled(crew, expires="on")
    grit = Resource.objects.create(campaign=crew.campaign, name="Grit", gain="by_hand")
    ResourcePool.objects.create(resource=funds, points=3)
    ResourcePool.objects.create(resource=grit, points=2)
    crew.client("gm").post(reverse("resource_expire", args=[crew.campaign.pk]))
    assert (points(funds), points(grit)) == (0, 2)
    assert crew.client("player").post(reverse("resource_expire", args=[crew.campaign.pk])).status_code == 404


def test_switched_off_the_pools_are_kept_and_hidden_and_they_travel(crew):
    resource = pooled(crew)
    ResourcePool.objects.create(resource=resource, points=3)
    Setup.objects.filter(campaign=crew.campaign.pk).update(dials={})
    assert crew.client("player").get(reverse("resources", args=[crew.campaign.pk])).status_code == 404
    switch_on(crew)
    assert fresh(ResourcePool.objects.get()).points == 3
    copy = import_campaign(export_campaign(crew.campaign), crew.gm)
    assert copy.resources.get().pools.get().points == 3


def test_a_double_tap_on_the_recap_roll_gathers_once(crew, dice):
    resource = pooled(crew)
    url = reverse("resource_recap", args=[crew.campaign.pk, resource.pk])
    dice(4, 6, 6, 4, 6, 6)
    crew.client("gm").post(url, {"action": "Sneak", "seen": 0})
    assert "pools changed since this page showed them" in crew.client("gm").post(
        url, {"action": "Sneak", "seen": 0}, **HTMX).text
    assert points(resource) == 3
