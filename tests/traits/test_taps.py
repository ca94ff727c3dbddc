"""Fewer taps in a conflict, through the views without htmx: started from a Stat's row, one
button a bid, the GM's successes in one button, a damage split offered that keeps the pool
below GL; nothing is saved on bad input."""

import re

from django.urls import reverse

from rolls.models import Roll
from tests.helpers import words
from tests.traits.test_conflicts import sheet, start, step
from traits.models import Conflict


def checked_stat(response) -> str:
    return re.search(r'value="([^"]+)"\s+checked', response.text).group(1)


def test_a_stat_row_starts_a_conflict_with_that_stat(traits_table):
    """The owner and the GM find each Stat's name linked to a conflict with that Stat chosen;
    another player reads the names, with no link; a Stat the campaign lacks chooses the first."""
    table = traits_table
    ada = table.character
    link = f'{reverse("conflict_new", args=[table.campaign.pk])}?character={ada.pk}&amp;stat=Focus'
    for who, linked in (("player", True), ("gm", True), ("other_player", False)):
        assert (link in table.client(who).get(ada.get_absolute_url()).text) is linked, who
    url = reverse("conflict_new", args=[table.campaign.pk])
    assert checked_stat(table.client("player").get(url, {"character": ada.pk, "stat": "Focus"})) == "Focus"
    assert checked_stat(table.client("player").get(url, {"character": ada.pk, "stat": "Flying"})) == "Muscle"
    assert table.client("outsider").get(url, {"character": ada.pk, "stat": "Focus"}).status_code == 404


def test_one_button_a_bid_and_the_gms_successes_in_one(traits_table, dice):
    """Each bid is its own button (Traits without © first, then the Item, then © Traits); a
    button sends one Trait or the Item, and rolls it at once."""
    table = traits_table
    _, conflict = start(table, "Muscle")
    page = table.client("gm").get(conflict.get_absolute_url()).text
    assert 'name="successes" value="4"' in page and 'name="dice" value="3"' in page
    assert 'name="successes"' not in table.client("player").get(conflict.get_absolute_url()).text
    step(table, "gm", "conflict_gm", conflict, {"successes": 4})
    dice(6, 2, 1)
    step(table, "player", "conflict_roll", conflict)
    said = words(table.client("player").get(conflict.get_absolute_url()))
    order = [said.index(f"Bid {name}") for name in ("Nasty Uppercut: 1 die", "Rapier: 2 dice", "© Horribly nearsighted: 1 die")]
    assert order == sorted(order)
    assert "Bid Nasty Uppercut" not in words(table.client("other_player").get(conflict.get_absolute_url()))
    dice(5, 6)
    response = step(table, "player", "conflict_bid", conflict, {"item": table.item.pk})
    assert response.status_code == 302 and response.url == conflict.get_absolute_url()
    roll = Roll.objects.get(kind="conflict")
    assert [bid["id"] for bid in roll.result["bids"]] == [table.item.pk]


def test_the_split_offers_damage_that_keeps_the_pool_below_gl(traits_table, dice):
    """A loss by 3 with 3 in the pool and GL 5: all of it into the pool explodes, so the form
    offers 2 damage to the Stat rolled (Speed), and a button takes all of it into the pool."""
    table = traits_table
    sheet_ = sheet(table)
    sheet_.consequence = 3
    sheet_.save()
    _, conflict = start(table, "Speed")
    step(table, "gm", "conflict_gm", conflict, {"successes": 4})
    dice(1, 2, 4)
    step(table, "player", "conflict_roll", conflict)
    step(table, "player", "conflict_resolve", conflict)
    page = table.client("player").get(conflict.get_absolute_url())
    speed = re.search(r'name="damage-(\d)" value="(\d)"\s+aria-label="Damage to Speed"', page.text)
    assert speed.group(2) == "2"
    assert "All 3 into the pool" in words(page)
    # Too much damage is refused and nothing is taken.
    step(table, "player", "conflict_damage", conflict, {f"damage-{speed.group(1)}": 4})
    assert sheet(table).stats["Speed"]["current"] == 3 and "proposed" not in Roll.objects.get().result
    step(table, "player", "conflict_damage", conflict, {f"damage-{speed.group(1)}": 2})
    step(table, "gm", "conflict_confirm", conflict, {"agreed": "yes"})
    assert (sheet(table).stats["Speed"]["current"], sheet(table).consequence) == (1, 4)
    assert not Conflict.objects.exists()


def test_nothing_left_to_bid_resolves_the_loss_at_once(traits_table, dice):
    """Behind, with every Trait the Stat allows and the Item bid, there is nothing to decide: the
    loss is resolved, and the Consequence waits to be split."""
    table = traits_table
    _, conflict = start(table, "Focus")
    step(table, "gm", "conflict_gm", conflict, {"successes": 5})
    dice(1, 1)
    step(table, "player", "conflict_roll", conflict)
    dice(1, 1, 2, 2)
    step(table, "player", "conflict_bid", conflict, {"traits": [table.trait.pk, table.tagged.pk], "item": table.item.pk})
    roll = Roll.objects.get()
    assert (roll.outcome, roll.result["margin"]) == ("loss", 5)
    assert Conflict.objects.get().stage == "split"
