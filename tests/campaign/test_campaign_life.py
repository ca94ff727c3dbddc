"""A campaign's whole life: handed over, archived and restored, deleted, through the pages."""

from django.urls import reverse

from campaign.models import Campaign, Membership, Notice, Role
from characters.models import Character
from tests.helpers import words


def members_url(table):
    return reverse("members", args=[table.campaign.pk])


def test_a_sole_gm_is_offered_a_hand_over_not_a_leave_that_refuses(table):
    page = table.client("gm").get(members_url(table)).text
    assert "Hand over and leave" in page and reverse("leave", args=[table.campaign.pk]) not in page
    player_page = table.client("player").get(members_url(table)).text
    assert reverse("leave", args=[table.campaign.pk]) in player_page
    assert "Hand over" not in player_page and reverse("campaign_archive", args=[table.campaign.pk]) not in player_page


def test_a_gm_hands_over_and_leaves_and_the_campaign_keeps_a_gm(table):
    c = table.campaign.pk
    player = Membership.objects.get(campaign_id=c, user=table.player)
    gm_character = Character.objects.create(campaign_id=c, owner=table.gm, name="The GM's NPC")
    response = table.client("gm").post(reverse("campaign_hand_over", args=[c]),
                                       {"member": player.pk, "leave": "1"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("campaigns")
    assert "player1 is the GM of The Usurper's Throne now, and you left it." in words(response)
    player.refresh_from_db()
    assert player.role == Role.GM and not Membership.objects.filter(campaign_id=c, user=table.gm).exists()
    gm_character.refresh_from_db()
    assert gm_character.owner is None and gm_character.campaign_id == c
    log = [event.text for event in table.campaign.events.all()[:2]]
    assert log == ["gamemaster left the campaign. Their characters stay with the campaign.",
                   "gamemaster handed the campaign over to player1, the GM now."]
    assert table.client("player").get(reverse("console", args=[c])).status_code == 200


def test_a_hand_over_without_leaving_makes_the_gm_a_player(table):
    c = table.campaign.pk
    player = Membership.objects.get(campaign_id=c, user=table.player)
    table.client("gm").post(reverse("campaign_hand_over", args=[c]), {"member": player.pk})
    roles = dict(Membership.objects.filter(campaign_id=c).values_list("user__username", "role"))
    assert roles["gamemaster"] == Role.PLAYER and roles["player1"] == Role.GM


def test_a_hand_over_to_nobody_or_an_outsider_changes_nothing(table, django_user_model):
    c = table.campaign.pk
    elsewhere = Membership.objects.exclude(campaign_id=c).first()
    for member in ("", "abc", "0", str(elsewhere.pk) if elsewhere else "99999"):
        response = table.client("gm").post(reverse("campaign_hand_over", args=[c]), {"member": member}, follow=True)
        assert "Choose the member who becomes the GM: nothing changed." in words(response)
    assert Membership.objects.get(campaign_id=c, user=table.gm).role == Role.GM
    assert table.client("player").post(reverse("campaign_hand_over", args=[c]), {
        "member": Membership.objects.get(campaign_id=c, user=table.player).pk}).status_code == 404
    assert Membership.objects.get(campaign_id=c, user=table.player).role == Role.PLAYER


def test_an_archived_campaign_leaves_the_lists_and_comes_back(table):
    c = table.campaign.pk
    gm = table.client("gm")
    table.client("gm").post(reverse("session_end", args=[c, table.session.pk]))
    response = gm.post(reverse("campaign_archive", args=[c]), follow=True)
    assert "is archived: read-only" in words(response)
    assert Campaign.objects.get(pk=c).is_archived
    for who in ("gm", "player"):
        listing = table.client(who).get(reverse("campaigns")).text
        assert "1 archived campaign" in listing
        assert f'href="/c/{c}/"' in listing.split("archived campaign")[1]  # only in the archived list
        assert table.client(who).get(reverse("home")).text.count(f'href="/c/{c}/"') == 0
    archive = table.client("player").get(reverse("campaign", args=[c]))
    assert "Archived on" in words(archive) and reverse("campaign_restore", args=[c]) not in archive.text
    assert reverse("session_recap", args=[c, table.session.pk]) in archive.text
    assert reverse("campaign_restore", args=[c]) in gm.get(reverse("campaign", args=[c])).text
    assert table.client("player").post(reverse("campaign_restore", args=[c])).status_code == 404
    gm.post(reverse("campaign_restore", args=[c]))
    assert not Campaign.objects.get(pk=c).is_archived
    assert "The Usurper" in table.client("player").get(reverse("home")).text


def test_archiving_waits_for_the_running_session_and_twice_is_once(table):
    c = table.campaign.pk
    response = table.client("gm").post(reverse("campaign_archive", args=[c]), follow=True)
    assert "Session 1 is still running: end it first." in words(response)
    assert not Campaign.objects.get(pk=c).is_archived
    table.client("gm").post(reverse("session_end", args=[c, table.session.pk]))
    table.client("gm").post(reverse("campaign_archive", args=[c]))
    first = Campaign.objects.get(pk=c).archived_at
    table.client("gm").post(reverse("campaign_archive", args=[c]))
    assert Campaign.objects.get(pk=c).archived_at == first


def test_deleting_takes_the_exact_name_offers_the_export_and_tells_the_players(table):
    c, name = table.campaign.pk, table.campaign.name
    url = reverse("campaign_delete", args=[c])
    page = table.client("gm").get(url)
    assert reverse("campaign_export", args=[c]) in page.text
    for typed in ("", "the usurper's throne", "The Usurper", "x" * 5000):
        response = table.client("gm").post(url, {"name": typed})
        assert response.status_code == 400
        assert "Type the campaign's name exactly as it is written: nothing was deleted." in words(response)
    assert Campaign.objects.filter(pk=c).exists()
    assert table.client("player").post(url, {"name": name}).status_code == 404
    response = table.client("gm").post(url, {"name": f"  {name} "}, follow=True)
    assert f"{name} was deleted, with everything in it." in words(response)
    assert not Campaign.objects.filter(pk=c).exists()
    told = table.client("player").get(reverse("campaigns"))
    assert f"gamemaster deleted the campaign {name}." in words(told)
    assert Notice.objects.filter(user=table.gm).count() == 0
    table.client("player").post(reverse("notices_dismiss"))
    assert "deleted the campaign" not in words(table.client("player").get(reverse("campaigns")))
    assert table.client("player").get(reverse("campaign", args=[c])).status_code == 404
