import pytest
from django.urls import reverse
from django.utils.html import escape

from campaign.models import Campaign, Membership, Role
from charge.models import Setup
from gamerules.dials import CHARGE_DIALS, NINE_ACTIONS, QUICK_CHARGE_DIALS, Extra
from tests.helpers import HTMX, words

pytestmark = pytest.mark.django_db


def test_the_creator_of_a_campaign_is_its_gm_and_the_group_starts_as_a_force(client, user):
    client.force_login(user)
    response = client.post(reverse("campaign_create"), {
        "name": "Space Pirates", "pitch": "Stars.", "ruleset": "charge", "risk_wording": "risk"})
    campaign = Campaign.objects.get(name="Space Pirates")
    assert response.url == reverse("making_setting", args=[campaign.pk])  # Charge walks the GM through its making
    assert Membership.objects.get(campaign=campaign, user=user).role == Role.GM
    assert campaign.forces.filter(is_player_group=True).count() == 1


def test_a_new_campaign_plays_charge_as_written(table):
    assert table.campaign.charge.rules == CHARGE_DIALS
    assert table.campaign.charge.wording.value == "risk"


def test_a_traits_campaign_has_no_charge_setup_and_switching_to_charge_gives_it_one(client, user):
    """How a campaign plays Charge is Charge's own row, not the shared campaign's (issue #40)."""
    client.force_login(user)
    client.post(reverse("campaign_create"), {"name": "Capes", "system": "traits", "ruleset": "quick_charge",
                                             "risk_wording": "position"})
    campaign = Campaign.objects.get(name="Capes")
    assert not Setup.objects.filter(campaign=campaign).exists()
    assert "Traits &amp; Consequence · you are a GM" in client.get(campaign.get_absolute_url()).text
    client.post(reverse("campaign_edit", args=[campaign.pk]), {"name": "Capes", "pitch": "", "system": "charge",
                                                               "ruleset": "quick_charge", "risk_wording": "position"})
    setup = Setup.objects.get(campaign=campaign)
    assert (setup.ruleset, setup.risk_wording, setup.dials, setup.market_filled) == ("quick_charge", "position", {}, 0)
    assert "Quick Charge · you are a GM" in client.get(campaign.get_absolute_url()).text


def test_a_campaign_without_a_name_is_refused_and_nothing_is_saved(client, user):
    client.force_login(user)
    response = client.post(reverse("campaign_create"), {"name": "", "ruleset": "charge",
                                                        "risk_wording": "risk"})
    assert response.status_code == 200
    assert "This field is required." in response.text
    assert not Campaign.objects.exists()


def test_an_unknown_ruleset_is_refused(client, user):
    client.force_login(user)
    response = client.post(reverse("campaign_create"), {"name": "X", "ruleset": "d20",
                                                        "risk_wording": "risk"})
    assert "Select a valid choice" in response.text
    assert not Campaign.objects.exists()


def test_the_campaign_list_shows_only_my_campaigns(table):
    response = table.client("player").get(reverse("campaigns"))
    assert escape(table.campaign.name) in response.text
    assert escape(table.campaign.name) not in table.client("outsider").get(reverse("campaigns")).text


def test_the_dashboard_shows_characters_with_momentum_and_stress(table):
    response = table.client("other_player").get(reverse("campaign", args=[table.campaign.pk]))
    assert "Ada" in response.text
    assert "Momentum <strong>5</strong> · Stress <strong>3</strong>/4" in response.text


def test_editing_the_details_inline_answers_the_card(table):
    url = reverse("campaign_edit", args=[table.campaign.pk])
    form = table.client("gm").get(url, **HTMX)
    assert f'action="{url}" hx-boost="true"' in form.text and "<html" not in form.text
    response = table.client("gm").post(url, {"name": "Renamed", "pitch": "New pitch.",
                                             "ruleset": "charge", "risk_wording": "position"},
                                       **HTMX)
    assert 'id="about"' in response.text and "New pitch." in response.text
    table.campaign.refresh_from_db()
    assert (table.campaign.name, table.campaign.charge.risk_wording) == ("Renamed", "position")


def test_an_invalid_inline_edit_keeps_what_was_typed_and_saves_nothing(table):
    url = reverse("campaign_edit", args=[table.campaign.pk])
    response = table.client("gm").post(url, {"name": "", "pitch": "Kept text.", "ruleset": "charge",
                                             "risk_wording": "risk"}, **HTMX)
    assert "This field is required." in response.text
    assert "Kept text." in response.text
    table.campaign.refresh_from_db()
    assert table.campaign.name == "The Usurper's Throne"


def test_editing_without_javascript_redirects_to_the_dashboard(table):
    url = reverse("campaign_edit", args=[table.campaign.pk])
    response = table.client("gm").post(url, {"name": "Plain", "pitch": "", "ruleset": "charge",
                                             "risk_wording": "risk"})
    assert response.status_code == 302


def test_a_player_cannot_edit_the_campaign_or_its_notes(table):
    client = table.client("player")
    client.post(reverse("campaign_edit", args=[table.campaign.pk]),
                {"name": "Hacked", "ruleset": "charge", "risk_wording": "risk"})
    client.post(reverse("gm_notes", args=[table.campaign.pk]), {"gm_notes": "hacked"})
    table.campaign.refresh_from_db()
    assert table.campaign.name != "Hacked"
    assert table.campaign.gm_notes == "SECRET-CAMPAIGN-NOTES"


def test_gm_notes_are_edited_inline(table):
    url = reverse("gm_notes", args=[table.campaign.pk])
    response = table.client("gm").post(url, {"gm_notes": "The king is dying."}, **HTMX)
    assert 'id="gm-notes"' in response.text and "The king is dying." in response.text


def dials_post(**changes):
    data = {
        "physique_actions": "Muscle\nFinesse\nMove\nSneak", "insight_actions": "Shoot\nTinker\nStudy\nNotice",
        "resolve_actions": "Bond\nCommand\nFocus\nSway", "starting_dots": 7, "creation_cap": 2,
        "max_rating": 4, "starting_momentum": 2, "stress_clock_size": 4, "flashback_most": 2, "momentum_partial": 1,
        "momentum_full": 2, "momentum_critical": 3, "clock_sizes": [4, 6, 8], "extras": [],
        "talent_triggers": ["milestone"]}
    data.update(changes)
    return data


def test_the_dials_form_shows_the_rulebook_defaults(table):
    response = table.client("gm").get(reverse("dials", args=[table.campaign.pk]))
    form = response.context["form"]
    assert form["starting_dots"].value() == 7
    assert form["physique_actions"].value() == "Muscle\nFinesse\nMove\nSneak"


def test_a_gm_renames_an_action_and_turns_dials(table):
    url = reverse("dials", args=[table.campaign.pk])
    response = table.client("gm").post(url, dials_post(
        insight_actions="Shoot\nHack\nStudy\nNotice", starting_momentum=3, stress_clock_size=6,
        clock_sizes=[4, 6, 8, 10], extras=["asset", "solo"]))
    assert response.status_code == 302
    table.campaign.refresh_from_db()
    rules = table.campaign.charge.rules
    assert "Hack" in rules.action_names and "Tinker" not in rules.action_names
    assert (rules.starting_momentum, rules.stress_clock_size, rules.clock_sizes) == (3, 6, (4, 6, 8, 10))
    assert rules.extras == {Extra.ASSET, Extra.SOLO}


def test_dials_that_cannot_be_played_are_refused_with_the_reason_and_not_saved(table):
    url = reverse("dials", args=[table.campaign.pk])
    response = table.client("gm").post(url, dials_post(resolve_actions="Bond\nCommand",
                                                       insight_actions="Shoot\nMuscle"))
    assert response.status_code == 200
    assert "Use 6, 9 or 12 actions, not 8." in response.text
    assert "Two actions have the same name." in response.text
    table.campaign.refresh_from_db()
    assert table.campaign.charge.dials == {}


@pytest.mark.parametrize(("field", "value"), [("starting_dots", "seven"), ("max_rating", "99"),
                                              ("stress_clock_size", "5"), ("clock_sizes", ["3"])])
def test_hostile_dial_values_get_a_message_not_an_error(table, field, value):
    response = table.client("gm").post(reverse("dials", args=[table.campaign.pk]),
                                       dials_post(**{field: value}))
    assert response.status_code == 200
    assert response.context["form"].errors
    table.campaign.refresh_from_db()
    assert table.campaign.charge.dials == {}


def test_a_preset_fills_in_nine_actions_without_saving(table):
    url = reverse("dials", args=[table.campaign.pk])
    response = table.client("gm").post(url, dials_post(preset="9"))
    form = response.context["form"]
    names = [a.name for a in NINE_ACTIONS]
    assert form["physique_actions"].value() == "\n".join(names[:3])
    table.campaign.refresh_from_db()
    assert table.campaign.charge.dials == {}


def test_a_quick_charge_campaign_starts_from_quick_charges_dials(client, user):
    client.force_login(user)
    client.post(reverse("campaign_create"), {"name": "Quick", "ruleset": "quick_charge",
                                             "risk_wording": "risk"})
    assert Campaign.objects.get(name="Quick").charge.rules == QUICK_CHARGE_DIALS


def test_a_new_campaigns_dashboard_names_the_player_group_once(client, user):
    """The player group starts as a force ("Define the Group as a Force"); its mark on the
    dashboard and the forces page says whose force it is, without saying "the group" again after
    its name."""
    client.force_login(user)
    client.post(reverse("campaign_create"), {
        "name": "Space Pirates", "pitch": "Stars.", "ruleset": "charge", "risk_wording": "risk"})
    campaign = Campaign.objects.get()
    for page in (client.get(campaign.get_absolute_url()), client.get(reverse("forces", args=[campaign.pk]))):
        said = words(page)
        assert "The player group the players' force" in said
        assert "the group the group" not in said.lower() and "The player group the group" not in said
