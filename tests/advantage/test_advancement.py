"""Advancements raise the AP limit ("Action Points": "You begin play with a Maximum of 3AP, and
start each job with a full pool. You can increase your AP limit with Advancements"). Reading: the
GM grants an Advancement that raises Maximum AP by 1, logged, up to 10; the Action Points on hand
stay as they are until the pool fills."""

from django.urls import reverse

from advantage.models import Sheet


def _url(table, name="advantage_ap_advance"):
    return reverse(name, args=[table.campaign.pk, table.character.pk])


def _sheet(table) -> Sheet:
    return Sheet.objects.get(character=table.character)


def test_the_gm_grants_an_advancement_that_raises_maximum_ap_by_one(advantage_table):
    table = advantage_table
    Sheet.objects.filter(character=table.character).update(ap=2)
    assert (_sheet(table).ap, _sheet(table).ap_max) == (2, 3)
    for who in ("player", "other_player", "outsider"):
        assert table.client(who).post(_url(table), {"key": f"adv-{who}"}).status_code == 404, who
    assert _sheet(table).ap_max == 3
    response = table.client("gm").post(_url(table), {"key": "adv-1"})
    assert response.status_code == 302
    assert (_sheet(table).ap, _sheet(table).ap_max) == (2, 4)
    assert table.campaign.events.filter(text="Ada advances: Maximum AP 3 → 4.").count() == 1
    # The same tap sent twice raises it once.
    table.client("gm").post(_url(table), {"key": "adv-1"})
    assert _sheet(table).ap_max == 4
    # "start each job with a full pool": the raised limit fills.
    table.client("gm").post(reverse("advantage_job_start", args=[table.campaign.pk]), {"name": "The Arcology heist"})
    assert (_sheet(table).ap, _sheet(table).ap_max) == (4, 4)
    page = table.client("player").get(table.character.get_absolute_url()).text
    assert "Advancement: +1 Maximum AP" not in page
    assert "Advancement: +1 Maximum AP" in table.client("gm").get(table.character.get_absolute_url()).text


def test_no_advancement_past_ten(advantage_table):
    table = advantage_table
    Sheet.objects.filter(character=table.character).update(ap=9, ap_max=9)
    table.client("gm").post(_url(table), {"key": "adv-9"})
    assert _sheet(table).ap_max == 10
    refused = table.client("gm").post(_url(table), {"key": "adv-10"}, HTTP_HX_REQUEST="true")
    assert "Maximum AP is at most 10." in refused.text
    assert (_sheet(table).ap, _sheet(table).ap_max) == (9, 10)
    assert not table.campaign.events.filter(text="Ada advances: Maximum AP 10 → 11.").exists()
