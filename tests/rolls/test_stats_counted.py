"""The dice statistics counted in the database (rolls/reading.py) count exactly what reading every
roll whole counted: on the demo's campaign of each of the four systems, its log grown to hundreds of
rolls, some copied as kept, some with their dice thrown again (now and then no longer what the pool
gives: left out), some of a kind no system here reads, some hidden, some not read yet."""

import random
from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaign.models import Campaign, Membership, Role
from campaign.transfer import export_campaign, import_campaign
from core.systems import kind_of, registered
from gamerules.honesty import Rolled
from rolls.models import Roll
from rolls.reading import read_again, reading_of, rolled
from rolls.stats import Filters, _count, dice_stats, tallied

pytestmark = pytest.mark.django_db
FIELDS = ("kind", "pool_size", "dice", "outcome", "choices", "result", "dice_sources")


def old_count(rolls):
    """The statistics' counting as it was: every roll read whole, in Python (the oracle)."""
    counted, left_out, named = Counter(), Counter(), Counter()
    for *row, action in rolls.values_list(*FIELDS, "action"):
        read = rolled(*row)
        if isinstance(read, Rolled):
            counted[read] += 1
        else:
            left_out[read] += 1
        if action and (logged := kind_of(row[0])).action:
            named[logged.said, action] += 1
    return counted, [(str(reason), count) for reason, count in left_out.items()], named


def _grown(campaign, rng):
    """The campaign's log copied over to some 300 rolls or more: as kept, or thrown again (the same number of dice),
    or of an unknown kind; a tenth hidden; a quarter not read (as ``bulk_create`` leaves them)."""
    copies, times = [], max(12, 300 // campaign.rolls.count() + 1)
    for n in range(times):
        for roll in campaign.rolls.order_by("pk"):
            roll.pk, roll.idempotency_key = None, f"grown-{campaign.pk}-{n}-{roll.idempotency_key}"
            roll.hidden = rng.random() < 0.1
            if n % 3 == 1 and isinstance(roll.dice, list):
                roll.dice = [rng.randint(1, 6) for _ in roll.dice]
            elif n == times - 1:
                roll.kind = "elsewhere"
            roll.reading = reading_of(roll) if rng.random() < 0.75 else ""
            copies.append(roll)
    Roll.objects.bulk_create(copies)
    return campaign


@pytest.fixture
def grown():
    call_command("load_demo", stdout=StringIO())
    rng = random.Random(44)
    return [_grown(campaign, rng) for site in registered()
            for campaign in Campaign.objects.filter(system=site.system.value).order_by("pk")[:1]]


def _members(campaign):
    return [campaign.memberships.filter(role=Role.GM).first(), campaign.memberships.filter(role=Role.PLAYER).first()]


def test_the_demo_of_each_system_is_grown_to_many_rolls_of_its_own_read_both_ways(grown):
    assert {campaign.system for campaign in grown} == {site.system.value for site in registered()}
    for campaign in grown:
        rolls = campaign.rolls
        assert rolls.count() > 100
        assert rolls.filter(reading="").exclude(kind="elsewhere").exists() and rolls.exclude(reading="").exists()
        assert rolls.filter(hidden=True).exists()


def test_counted_in_the_database_as_every_roll_read_whole(grown):
    checked = 0
    for campaign in grown:
        for member in _members(campaign):
            character = campaign.characters.order_by("pk").first()
            session = campaign.sessions.order_by("pk").first()
            for filters in (Filters(), Filters(character=character), Filters(session=session),
                            Filters(player=Membership.objects.get(campaign=campaign, user=member.user))):
                rolls = filters.rolls(member)
                counted, left_out, named = old_count(rolls)
                tally, now_named = _count(rolls)
                assert tally.counted() == counted, (campaign.system, filters)
                assert sorted(tally.reasons()) == sorted(left_out)
                assert now_named == named
                checked += sum(counted.values())
    assert checked > 1000


def test_the_whole_campaign_counted_by_its_tally_as_every_roll_read_whole(grown):
    """The tally (rolls/tally.py) of rolls written by ``bulk_create`` as kept, hidden ones too."""
    for campaign in grown:
        for member in _members(campaign):
            rolls = Filters().rolls(member)
            counted, left_out, named = old_count(rolls)
            tally, now_named = _count(rolls, tallied(member))
            assert tally.counted() == counted, campaign.system
            assert sorted(tally.reasons()) == sorted(left_out) and now_named == named
            assert dice_stats(member, Filters()) == dice_stats(member, Filters(), tallied_counts=False)


def test_the_whole_statistics_the_same_and_some_rolls_left_out(grown):
    for campaign in grown:
        gm = _members(campaign)[0]
        stats = dice_stats(gm, Filters())
        counted, left_out, _ = old_count(Filters().rolls(gm))
        assert stats.honesty.rolls == sum(counted.values())
        assert dict(stats.left_out) == dict(left_out) and left_out  # an unknown kind's, and thrown-again rolls
        read_again(campaign.rolls.all())
        assert dice_stats(gm, Filters()).honesty == stats.honesty  # every roll read now: the same


def test_the_queries_do_not_grow_with_the_log(grown):
    campaign = grown[0]
    campaign.rolls.filter(kind="elsewhere").delete()  # read whole at each visit: no system here reads them
    read_again(campaign.rolls.all())
    gm = _members(campaign)[0]
    with CaptureQueriesContext(connection) as before:
        _count(Filters().rolls(gm))
    with CaptureQueriesContext(connection) as tallied_before:
        _count(Filters().rolls(gm), tallied(gm))
    Roll.objects.bulk_create([Roll(campaign=campaign, kind=roll.kind, pool_size=roll.pool_size, dice=roll.dice,
                                   outcome=roll.outcome, choices=roll.choices, result=roll.result,
                                   dice_sources=roll.dice_sources, reading=roll.reading,
                                   idempotency_key=f"more-{n}-{roll.pk}")
                              for n, roll in enumerate(campaign.rolls.exclude(reading="")[:200])])
    with CaptureQueriesContext(connection) as after:
        _count(Filters().rolls(gm))
    with CaptureQueriesContext(connection) as tallied_after:
        _count(Filters().rolls(gm), tallied(gm))
    assert len(after) == len(before) == 2  # the readings counted; one roll of each read
    assert len(tallied_after) == len(tallied_before) == 2  # the tally; one roll of each and those not read yet


def test_a_save_reads_the_roll_again_whatever_fields_it_names(grown):
    roll = grown[0].rolls.exclude(reading="").exclude(kind="elsewhere").order_by("pk").first()
    was = roll.reading
    roll.dice = ["not", "dice"]
    roll.save(update_fields=["dice"])
    roll.refresh_from_db()
    assert roll.reading != was and roll.reading == reading_of(roll)
    roll.hidden = True
    roll.save(update_fields=["hidden"])  # nothing it is read from: not read again


def test_an_import_reads_its_rolls_and_believes_no_reading(grown):
    campaign = grown[1]
    document = export_campaign(campaign)
    assert "reading" not in document["rolls"][0]
    document["rolls"][0]["reading"] = "r" + "0" * 24  # a reading said by the file: refused as unknown
    gm = _members(campaign)[0].user
    with pytest.raises(Exception, match="does not know"):
        import_campaign(document, gm)
    del document["rolls"][0]["reading"]
    copy = import_campaign(document, gm)
    try:
        assert not copy.rolls.filter(reading="").exclude(kind="elsewhere").exists()
        assert all(roll.reading == reading_of(roll) for roll in copy.rolls.all())
    finally:
        copy.delete()
