"""A Traits & Consequence sheet's history lists its Stats, pool and features as they changed,
beside the character's own versions; GMs only."""

from django.urls import reverse

from traits.models import Feature

HTMX = {"HTTP_HX_REQUEST": "true"}


def _url(table, name):
    return reverse(name, args=[table.campaign.pk, table.character.pk])


def _history(table, who="gm"):
    page = table.client(who).get(_url(table, "character_history"))
    return page.status_code, " ".join(page.text.split())


def test_the_gm_reads_every_stat_pool_and_feature_change_with_who_made_it(traits_table):
    table = traits_table
    player = table.client("player")
    player.post(_url(table, "traits_stats"), {"rating-0": 4, "current-0": 2}, **HTMX)
    player.post(_url(table, "traits_feature_add"), {"kind": "item", "name": "Lantern", "value": 1}, **HTMX)
    player.post(_url(table, "traits_feature_remove"), {"feature": table.trait.pk}, **HTMX)
    table.client("gm").post(_url(table, "traits_pool"), {"consequence": 3, "gl": 6}, **HTMX)
    status, text = _history(table)
    assert status == 200
    assert "Stats: Focus 2/2, Muscle 3/3, Speed 3/3 → Focus 2/2, Muscle 2/4, Speed 3/3" in text
    assert "Item: Lantern · added" in text
    assert "Trait: Nasty Uppercut · removed" in text
    assert "Consequence pool: 0 → 3" in text
    assert "player1" in text
    assert Feature.objects.filter(name="Nasty Uppercut").count() == 0


def test_players_and_outsiders_read_no_history(traits_table):
    for who in ("player", "other_player", "outsider"):
        assert _history(traits_table, who)[0] == 404


def test_the_sessions_recap_tells_what_changed_on_each_sheet_to_every_member(traits_table):
    table = traits_table
    table.client("player").post(_url(table, "traits_feature_add"), {"kind": "item", "name": "Lantern", "value": 1}, **HTMX)
    table.client("gm").post(_url(table, "traits_pool"), {"consequence": 2, "gl": 6}, **HTMX)
    address = reverse("session_recap", args=[table.campaign.pk, table.session.pk])
    for who in ("player", "other_player", "gm"):
        text = " ".join(table.client(who).get(address).text.split())
        assert "Item: Lantern · added" in text and "Consequence pool: 0 → 2" in text
    assert table.client("outsider").get(address).status_code == 404
