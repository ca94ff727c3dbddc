import pytest
from django.urls import reverse

from campaign.models import WorldForce
from tests.helpers import HTMX


def force_post(**changes):
    data = {"name": "The Grey Ledger", "kind": "organisation", "goal": "Own the city's debts.",
            "method_1": "Buy promissory notes.", "method_2": "Bribe both sides.", "method_3": "",
            "stance": "opposed", "gm_notes": "They fund the rebels.", "revealed": ""}
    data.update(changes)
    return data


def test_a_gm_creates_a_force_with_two_ordered_methods_hidden_by_default(table):
    response = table.client("gm").post(reverse("force_create", args=[table.campaign.pk]), force_post())
    assert response.status_code == 302
    force = WorldForce.objects.get(name="The Grey Ledger")
    assert force.methods == ["Buy promissory notes.", "Bribe both sides."]
    assert not force.revealed
    assert "The Grey Ledger" not in table.client("player").get(reverse("forces", args=[table.campaign.pk])).text


def test_a_force_needs_at_least_two_methods(table):
    response = table.client("gm").post(reverse("force_create", args=[table.campaign.pk]),
                                       force_post(method_2=""))
    assert response.status_code == 200
    assert "This field is required." in response.text
    assert not WorldForce.objects.filter(name="The Grey Ledger").exists()


def test_revealing_a_force_shows_it_to_players_and_logs_it(table):
    url = reverse("force_reveal", args=[table.campaign.pk, table.hidden_force.pk])
    response = table.client("gm").post(url, {"revealed": "1"}, **HTMX)
    assert "Hide from players" in response.text
    forces_page = table.client("player").get(reverse("forces", args=[table.campaign.pk])).text
    assert "SECRET-HIDDEN-FORCE" in forces_page
    assert "SECRET-HIDDEN-FORCE-NOTES" not in forces_page  # its notes stay the GM's
    assert table.campaign.events.filter(text__contains="A force is revealed").exists()


def test_a_player_cannot_reveal_edit_or_delete_a_world_force(table):
    client = table.client("player")
    c, f = table.campaign.pk, table.hidden_force.pk
    assert client.post(reverse("force_reveal", args=[c, f]), {"revealed": "1"}).status_code == 404
    assert client.post(reverse("force_edit", args=[c, table.revealed_force.pk]), force_post()).status_code == 404
    assert client.post(reverse("force_delete", args=[c, table.revealed_force.pk])).status_code == 404
    table.hidden_force.refresh_from_db()
    assert not table.hidden_force.revealed
    assert WorldForce.objects.filter(pk=table.revealed_force.pk, name="The Rebel Forces").exists()


def test_every_member_edits_the_player_group_inline(table):
    url = reverse("force_edit", args=[table.campaign.pk, table.group.pk])
    form = table.client("player").get(url, **HTMX)
    assert "gm_notes" not in form.text and "stance" not in form.text
    response = table.client("player").post(url, {
        "name": "The Marsh Runners", "goal": "Bring the king home.", "method_1": "Smuggle.",
        "method_2": "Forge.", "gm_notes": "sneaky"}, **HTMX)
    assert f'id="force-{table.group.pk}"' in response.text
    table.group.refresh_from_db()
    assert (table.group.name, table.group.methods, table.group.gm_notes) == (
        "The Marsh Runners", ["Smuggle.", "Forge."], "")


def test_an_inline_edit_with_an_error_answers_the_form_with_the_message(table):
    url = reverse("force_edit", args=[table.campaign.pk, table.revealed_force.pk])
    response = table.client("gm").post(url, force_post(name=""), **HTMX)
    assert "This field is required." in response.text and "<form" in response.text
    table.revealed_force.refresh_from_db()
    assert table.revealed_force.name == "The Rebel Forces"


def test_the_player_group_cannot_be_deleted_or_hidden(table):
    gm = table.client("gm")
    gm.post(reverse("force_delete", args=[table.campaign.pk, table.group.pk]))
    gm.post(reverse("force_reveal", args=[table.campaign.pk, table.group.pk]), {"revealed": "0"})
    table.group.refresh_from_db()
    assert table.group.revealed


def test_a_gm_deletes_a_force(table):
    table.client("gm").post(reverse("force_delete", args=[table.campaign.pk, table.hidden_force.pk]))
    assert not WorldForce.objects.filter(pk=table.hidden_force.pk).exists()


@pytest.mark.parametrize("bad", ["<script>alert(1)</script>", "x" * 200])
def test_force_text_is_escaped_and_long_names_are_refused(table, bad):
    response = table.client("gm").post(reverse("force_create", args=[table.campaign.pk]),
                                       force_post(name=bad, revealed="on"))
    if len(bad) > 120:
        assert "Ensure this value has at most 120 characters" in response.text
        assert not WorldForce.objects.filter(name=bad).exists()
    else:
        page = table.client("player").get(reverse("forces", args=[table.campaign.pk])).text
        assert "<script>alert(1)</script>" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_the_forces_page_is_live_and_each_viewer_gets_their_own_list(table):
    """Another's change to the forces comes into an open Forces page by itself (its live panel),
    made for its viewer: a player's never holds a hidden force or the GM's notes."""
    url = reverse("forces", args=[table.campaign.pk])
    page = table.client("player").get(url).text
    assert 'id="force-list"' in page and "campaignChanged" in page
    before = table.client("player").get(f"{url}?panel=force-list", **HTMX).text
    assert "SECRET-HIDDEN-FORCE" not in before
    table.client("gm").post(reverse("force_reveal", args=[table.campaign.pk, table.hidden_force.pk]), {"revealed": "1"})
    for who in ("player", "other_player"):
        after = table.client(who).get(f"{url}?panels=force-list", **HTMX).text
        assert after.startswith('<template data-panel="force-list">') and "SECRET-HIDDEN-FORCE" in after
        assert "SECRET-HIDDEN-FORCE-NOTES" not in after and "Reveal to players" not in after
    assert "SECRET-HIDDEN-FORCE-NOTES" in table.client("gm").get(f"{url}?panel=force-list", **HTMX).text
    assert table.client("outsider").get(f"{url}?panel=force-list", **HTMX).status_code == 404
    assert table.client("player").get(f"{url}?panel=nothing", **HTMX).status_code == 404
