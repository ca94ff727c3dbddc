"""Every clock write a retry could repeat carries a key: the same key sent again does nothing
again and is answered as if done; another key is another write. Each served form holds a key of
its own, even when the panel around it was rendered once for many viewers."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from clocks.models import Clock, ClockChange
from core import keys
from core.keys import KEY_PLACEHOLDER
from core.models import UsedKey
from tests.helpers import HTMX

KEY = re.compile(r'name="key" value="([^"]+)"')


def keys_on(response) -> list[str]:
    return KEY.findall(response.text)


def post(table, name, clock, data, who="gm", **headers):
    args = [table.campaign.pk, *(clock if isinstance(clock, tuple) else (clock.pk,))]
    return table.client(who).post(reverse(name, args=args), data, **headers)


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_tick_sent_twice_with_its_key_ticks_once_and_answers_as_done(table, clocks, headers):
    first = post(table, "clock_tick", clocks.alert, {"amount": 1, "key": "k1"}, **headers)
    again = post(table, "clock_tick", clocks.alert, {"amount": 1, "key": "k1"}, **headers)
    clocks.alert.refresh_from_db()
    assert clocks.alert.filled == 3 and ClockChange.objects.filter(clock=clocks.alert).count() == 1
    assert again.status_code == first.status_code
    if headers:
        assert ">3<" in again.text and "alert-danger" not in again.text  # the card as it is now
    else:
        assert again.url == first.url  # back where it came from
    post(table, "clock_tick", clocks.alert, {"amount": 1, "key": "k2"}, **headers)
    clocks.alert.refresh_from_db()
    assert clocks.alert.filled == 4  # another key: another tick


def test_a_segment_tapped_twice_sets_once(table, clocks):
    post(table, "clock_tick", clocks.alert, {"to": 5, "key": "tap"}, **HTMX)
    post(table, "clock_tick", clocks.alert, {"amount": -1, "key": "other"}, **HTMX)
    post(table, "clock_tick", clocks.alert, {"to": 5, "key": "tap"}, **HTMX)  # a retry, after another change
    clocks.alert.refresh_from_db()
    assert clocks.alert.filled == 4


def test_undo_reset_and_archive_sent_twice_act_once(table, clocks):
    post(table, "clock_tick", clocks.alert, {"amount": 3, "key": "t"})
    change = ClockChange.objects.get(clock=clocks.alert)
    for _ in range(2):
        post(table, "clock_undo", (clocks.alert.pk, change.pk), {"key": "u"})
    assert ClockChange.objects.filter(clock=clocks.alert).count() == 2
    post(table, "clock_tick", clocks.alert, {"amount": 1, "key": "t2"})
    post(table, "clock_reset", clocks.alert, {"key": "r"})
    post(table, "clock_tick", clocks.alert, {"amount": 1, "key": "t3"})
    post(table, "clock_reset", clocks.alert, {"key": "r"})  # a retry after a lost answer
    clocks.alert.refresh_from_db()
    assert clocks.alert.filled == clocks.alert.starting_fill() + 1
    post(table, "clock_archive", clocks.alert, {"archived": "1", "key": "a"})
    post(table, "clock_archive", clocks.alert, {"archived": "0", "key": "b"})
    post(table, "clock_archive", clocks.alert, {"archived": "1", "key": "a"})
    clocks.alert.refresh_from_db()
    assert not clocks.alert.archived


def test_a_new_clock_sent_twice_is_made_once(table, clocks):
    data = {"name": "Guards", "kind": "danger", "size": 4, "visibility": "all", "who_may_tick": "gm", "key": "new"}
    for _ in range(2):
        assert table.client("gm").post(reverse("clock_create", args=[table.campaign.pk]), data).status_code == 302
    assert Clock.objects.filter(name="Guards").count() == 1


def test_a_refused_write_claims_nothing_its_key_works_when_sent_again(table, clocks):
    Clock.objects.filter(pk=clocks.alert.pk).update(archived=True)
    refused = post(table, "clock_tick", clocks.alert, {"amount": 1, "key": "k"}, **HTMX)
    assert "archived" in refused.text
    Clock.objects.filter(pk=clocks.alert.pk).update(archived=False)
    post(table, "clock_tick", clocks.alert, {"amount": 1, "key": "k"}, **HTMX)
    clocks.alert.refresh_from_db()
    assert clocks.alert.filled == 3


def test_keys_are_each_users_own(table, clocks, co_gm):
    table.co_gm = co_gm
    post(table, "clock_tick", clocks.alert, {"amount": 1, "key": "same"})
    post(table, "clock_tick", clocks.alert, {"amount": 1, "key": "same"}, who="co_gm")
    clocks.alert.refresh_from_db()
    assert clocks.alert.filled == 4


def test_each_served_form_holds_a_key_of_its_own_on_every_serve(table, clocks, co_gm, settings):
    settings.RENDER_ONCE, table.co_gm = True, co_gm
    url = reverse("clocks", args=[table.campaign.pk])
    panel = url + "?panel=clock-panel"
    pages = [table.client("gm").get(url), table.client("co_gm").get(url), table.client("gm").get(panel, **HTMX),
             table.client("co_gm").get(panel, **HTMX)]
    keys = [key for page in pages for key in keys_on(page)]
    assert len(keys_on(pages[0])) >= 6 and len(keys) == len(set(keys))  # -, +, a segment's, undo... on each clock
    assert all(KEY_PLACEHOLDER not in page.text for page in pages)
    tap = re.search(r'hx-include="closest \.clock-face-wrap"', pages[0].text)
    assert tap  # a segment posts the key beside its face


def test_a_hostile_key_is_read_as_text(table, clocks):
    for _ in range(2):
        assert post(table, "clock_tick", clocks.alert, {"amount": 1, "key": "\x00" + "k" * 500}, **HTMX).status_code == 200
    clocks.alert.refresh_from_db()
    assert clocks.alert.filled == 3


@pytest.mark.parametrize(("drawn", "forgotten"), [(0.0, True), (0.5, False)], ids=["drawn", "not drawn"])
def test_now_and_then_a_keyed_write_forgets_the_keys_used_long_ago(table, clocks, monkeypatch, drawn, forgotten):
    """One keyed write in a hundred, at random, forgets the keys used more than two days ago; a
    recent key is still refused the second time."""
    long_ago = timezone.now() - keys.KEPT_FOR - timedelta(minutes=1)
    UsedKey.objects.create(user=table.gm, key="long ago")
    UsedKey.objects.filter(key="long ago").update(used_at=long_ago)
    UsedKey.objects.create(user=table.gm, key="recent")
    monkeypatch.setattr(keys, "chance", lambda: drawn)
    post(table, "clock_tick", clocks.alert, {"amount": 1, "key": "k1"}, **HTMX)
    assert keys.FORGET_CHANCE == 0.01
    assert set(UsedKey.objects.values_list("key", flat=True)) == {"recent", "k1"} | (set() if forgotten else {"long ago"})
    post(table, "clock_tick", clocks.alert, {"amount": 1, "key": "recent"}, **HTMX)
    clocks.alert.refresh_from_db()
    assert clocks.alert.filled == 3  # k1 ticked; "recent" was used already and did nothing
