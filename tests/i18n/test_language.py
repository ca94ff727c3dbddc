"""Which language a page is in: the one chosen and saved on the account, else the browser's
Accept-Language, else English; URLs stay the same."""

import pytest
from django.urls import reverse

from accounts.models import Account
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_browser_decides_for_someone_who_has_not_chosen(client):
    page = client.get(reverse("language"), HTTP_ACCEPT_LANGUAGE="sv-SE,sv;q=0.9,en;q=0.5")
    assert page["Content-Language"] == "sv"
    assert "Accept-Language" in page["Vary"]
    assert client.get(reverse("language"), HTTP_ACCEPT_LANGUAGE="de-DE")["Content-Language"] == "en"
    assert client.get(reverse("language"), HTTP_ACCEPT_LANGUAGE="fr-CA,fr;q=0.8")["Content-Language"] == "fr"


def test_a_choice_is_saved_on_the_account_and_beats_the_browser(client):
    user = UserFactory()
    client.force_login(user)
    answer = client.post(reverse("language"), {"language": "fr", "next": reverse("home")},
                         HTTP_ACCEPT_LANGUAGE="sv")
    assert answer.status_code == 302 and answer["Location"] == reverse("home")
    assert Account.objects.get(user=user).language == "fr"
    assert client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="sv")["Content-Language"] == "fr"


def test_the_saved_language_follows_the_person_to_another_device(client, django_user_model):
    user = UserFactory()
    user.set_password("a long pass phrase")
    user.save()
    Account.objects.create(user=user, language="sv")
    client.post(reverse("login"), {"username": user.username, "password": "a long pass phrase"})
    assert client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="fr")["Content-Language"] == "sv"


def test_choosing_the_browser_again_forgets_the_choice(client):
    user = UserFactory()
    client.force_login(user)
    client.post(reverse("language"), {"language": "sv"})
    client.post(reverse("language"), {"language": ""})
    assert Account.objects.get(user=user).language == ""
    assert client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="fr")["Content-Language"] == "fr"


def test_someone_not_logged_in_chooses_for_this_browser(client):
    client.post(reverse("language"), {"language": "sv"})
    assert client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="fr")["Content-Language"] == "sv"
    assert not Account.objects.exists()


def test_a_language_not_offered_is_refused_and_nothing_saved(client):
    user = UserFactory()
    client.force_login(user)
    page = client.post(reverse("language"), {"language": "de"})
    assert page.status_code == 200
    assert "Select a valid choice" in page.content.decode()
    assert not Account.objects.exists()


def test_the_table_screen_is_in_the_campaigns_language_and_the_rest_in_the_viewers(client):
    from tests.factories import make_campaign

    gm = UserFactory()
    campaign = make_campaign(gm, name="Salt and Iron")
    campaign.table_language = "sv"
    campaign.save()
    client.force_login(gm)
    client.post(reverse("language"), {"language": "fr"})
    table = client.get(reverse("table", args=[campaign.pk]))
    assert table["Content-Language"] == "sv" and '<html lang="sv"' in table.content.decode()
    assert '">Français</a>' in table.content.decode()  # the menu names the viewer's own choice
    panel = client.get(reverse("table", args=[campaign.pk]) + "?panel=table-clocks", HTTP_HX_REQUEST="true")
    assert panel["Content-Language"] == "sv"
    assert client.get(reverse("console", args=[campaign.pk]))["Content-Language"] == "fr"
    campaign.table_language = ""
    campaign.save()
    assert client.get(reverse("table", args=[campaign.pk]))["Content-Language"] == "fr"


def test_the_gm_sets_the_table_language_with_the_campaign(client):
    from tests.factories import make_campaign

    gm = UserFactory()
    campaign = make_campaign(gm, name="Salt and Iron")
    client.force_login(gm)
    client.post(reverse("campaign_edit", args=[campaign.pk]),
                {"name": "Salt and Iron", "pitch": "Ships.", "ruleset": "charge", "risk_wording": "risk",
                 "table_language": "fr"})
    campaign.refresh_from_db()
    assert campaign.table_language == "fr"
    page = client.post(reverse("campaign_edit", args=[campaign.pk]),
                       {"name": "Salt and Iron", "pitch": "Ships.", "table_language": "xx"})
    assert page.status_code == 200 and "Select a valid choice" in page.content.decode()
    campaign.refresh_from_db()
    assert campaign.table_language == "fr"


def test_choosing_goes_back_to_the_page_the_menu_was_opened_on(client):
    user = UserFactory()
    client.force_login(user)
    page = client.get(reverse("language"), HTTP_REFERER="http://testserver/campaigns/?archived=1")
    assert 'name="next" value="/campaigns/?archived=1"' in page.content.decode()
    elsewhere = client.get(reverse("language"), HTTP_REFERER="http://elsewhere.example/campaigns/")
    assert 'name="next"' not in elsewhere.content.decode()


def test_the_rulebooks_actions_are_translated_and_the_gms_own_names_are_not(client):
    from django.utils import translation
    from django.utils.translation import pgettext

    from gamerules.dials import Dials
    from tests.factories import CharacterFactory, make_campaign

    gm = UserFactory()
    campaign = make_campaign(gm, name="Salt and Iron")
    dials = Dials.from_data(campaign.charge.dials).to_data()
    dials["actions"] = [["Prowl" if name == "Sneak" else name, attribute] for name, attribute in dials["actions"]]
    campaign.charge.dials = dials
    campaign.charge.save()
    ada = CharacterFactory(campaign=campaign, owner=gm, name="Ada", created=True,
                           action_dots={"Prowl": 2, "Finesse": 1})
    Account.objects.create(user=gm, language="fr")
    client.force_login(gm)
    session = client.session
    session["language"] = "fr"
    session.save()
    page = client.get(ada.get_absolute_url()).content.decode()
    with translation.override("fr"):
        finesse = pgettext("action", "Finesse")
        notice = pgettext("action", "Notice")
    assert notice != "Notice" and f">{notice}</a>" in page  # the rulebook's word, in French ("Remarquer")
    assert f">{finesse}</a>" in page
    assert ">Prowl</a>" in page  # the GM's word, as the GM wrote it
    assert 'action=Prowl' in page and "action=Notice" in page  # what is sent stays the stored name


def test_a_request_leaves_the_thread_in_the_language_it_found(client):
    from django.utils import translation

    with translation.override("en"):
        client.get(reverse("language"), HTTP_ACCEPT_LANGUAGE="sv")
        assert translation.get_language() == "en"
