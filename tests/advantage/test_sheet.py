"""Advantage & Threat's pages, kept as they rendered (core/rendered.py)."""

import pytest
from django.core.cache import cache
from django.urls import reverse


@pytest.mark.parametrize("who", ["gm", "player", "other_player"])
def test_the_campaigns_pages_keep_their_live_panels_as_they_rendered_them(advantage_table, who, settings):
    """The first change after a page opens renders only what it touched (core/rendered.py; the
    sheet of this dice system is rendered at every ask)."""
    from tests.core.test_render_once import keeps_its_panels

    table = advantage_table
    pages = [reverse(name, args=[table.campaign.pk]) for name in ("campaign", "table")]
    if who == "gm":
        pages.append(reverse("console", args=[table.campaign.pk]))
    for url in pages:
        cache.clear()
        keeps_its_panels(table.client(who), url, settings)
