"""The dice statistics' tally (rolls/tally.py) is what a grouped count of the campaign's rolls gives,
after every write of a roll: written, saved again (hidden, a result that reads otherwise), deleted one
by one or many at once, its character or session deleted, the writes that skip ``save``; the whole
campaign's statistics read from it are those counted afresh, for the GM and for a player; its
migration counts the rolls there are; and two rolls written at once both count (PostgreSQL)."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.models import Count, Min

from campaign.models import Campaign, Membership
from charge.kinds import RollKind
from rolls.models import ReadingTally, Roll
from rolls.reading import read_again, reading_of
from rolls.stats import Filters, dice_stats
from rolls.tally import KEY
from tests.factories import CharacterFactory, RollFactory, gm_of_new_campaign
from tests.helpers import run_at_once, skip_unless_postgresql

COUNTED = KEY[1:]  # hidden, kind, reading, action


def afresh(campaign_id) -> dict:
    """The tally a grouped count of the campaign's rolls read so far gives."""
    return {tuple(key): (times, first) for *key, times, first in Roll.objects.filter(campaign_id=campaign_id)
            .exclude(reading="").order_by().values_list(*COUNTED).annotate(times=Count("pk"), first=Min("pk"))}


def kept(campaign_id) -> dict:
    return {tuple(key): (times, first) for *key, times, first in
            ReadingTally.objects.filter(campaign_id=campaign_id).values_list(*COUNTED, "times", "first")}


def in_step(campaign) -> None:
    assert kept(campaign.pk) == afresh(campaign.pk)


def roll(campaign, pool, dice, outcome, **fields):
    return RollFactory(campaign=campaign, pool_size=pool, dice=dice, outcome=outcome,
                       **{"kind": RollKind.ACTION, "action": "Finesse", **fields})


def mixed(table, bo):
    """Action rolls of two characters read alike and otherwise, a GM's hidden fortune rolls, a roll
    whose dice are not what its pool gives (left out, for a reason), one of a kind no system here reads
    (never counted in the tally), and two written by ``bulk_create`` without a reading (read whole)."""
    ada, session = table.character, table.session
    rolls = [roll(table.campaign, 2, [5, 1], "partial", character=ada, session=session),
             roll(table.campaign, 2, [5, 2], "partial", character=ada, session=session),
             roll(table.campaign, 1, [6], "full", character=bo, action="Wreck", session=session),
             roll(table.campaign, 1, [6], "full", character=bo, action="Wreck"),
             roll(table.campaign, 1, [2], "bad", character=bo, action="Sneak", session=session),
             roll(table.campaign, 2, [6, 6], "critical", kind=RollKind.FORTUNE, action="", hidden=True),
             roll(table.campaign, 1, [3], "bad", kind=RollKind.FORTUNE, action="", hidden=True),
             roll(table.campaign, 1, [3], "bad", kind=RollKind.FORTUNE, action=""),
             roll(table.campaign, 2, [6], "full", character=ada),
             roll(table.campaign, 1, [4], "heads", kind="elsewhere", action="")]
    Roll.objects.bulk_create([Roll(campaign=table.campaign, kind=RollKind.ACTION, action="Sneak", pool_size=1,
                                   dice=[faces], outcome="partial" if faces > 3 else "bad", character=ada,
                                   idempotency_key=f"unread-{faces}") for faces in (4, 1)])
    return rolls


@pytest.mark.django_db
def test_kept_as_a_fresh_count_through_every_write_of_a_roll(table):
    bo = CharacterFactory(campaign=table.campaign, owner=table.other_player, name="Bo")
    rolls = mixed(table, bo)
    assert len(kept(table.campaign.pk)) >= 6 and table.campaign.rolls.filter(reading="").count() == 3
    in_step(table.campaign)
    first = rolls[0]
    first.hidden = True  # saved hidden: into the GM's count
    first.save(update_fields=["hidden"])
    in_step(table.campaign)
    was = first.reading
    first.dice, first.outcome = [6, 1], "full"  # a result that reads otherwise
    first.save(update_fields=["dice", "outcome"])
    assert first.reading != was
    in_step(table.campaign)
    first.goal = "Nothing counted"
    first.save(update_fields=["goal"])
    first.save()
    in_step(table.campaign)
    rolls[1].delete()  # the first of its count: the next roll of it is read whole now
    in_step(table.campaign)
    Roll.objects.filter(pk__in=[rolls[5].pk, rolls[6].pk, rolls[3].pk]).delete()  # several at once
    in_step(table.campaign)
    bo.delete()  # their rolls stay, nobody's (SET_NULL), in the same counts
    assert Roll.objects.filter(pk=rolls[2].pk, character=None).exists()
    in_step(table.campaign)
    table.session.delete()
    in_step(table.campaign)


@pytest.mark.django_db
def test_kept_through_the_writes_that_skip_save(table):
    mixed(table, table.character)
    Roll.objects.filter(campaign=table.campaign, kind=RollKind.FORTUNE).update(hidden=True)
    in_step(table.campaign)
    rolls = list(table.campaign.rolls.order_by("pk")[:4])
    for each in rolls:
        each.hidden, each.action = True, "Sway"
    Roll.objects.bulk_update(rolls, ["hidden", "action"])
    in_step(table.campaign)
    copies = [Roll(campaign=table.campaign, kind=each.kind, action=each.action, pool_size=each.pool_size,
                   dice=each.dice, outcome=each.outcome, hidden=each.hidden, idempotency_key=f"copy-{each.pk}")
              for each in rolls]
    for copy in copies:
        copy.reading = reading_of(copy)  # as the bench and an import write them
    Roll.objects.bulk_create(copies)
    in_step(table.campaign)
    Roll._base_manager.filter(campaign=table.campaign).update(reading="")  # beneath everything, then read again
    assert read_again(table.campaign.rolls.all()) > 0
    in_step(table.campaign)


@pytest.mark.django_db
def test_a_deleted_campaign_takes_its_tally_along(table):
    mixed(table, table.character)
    other = gm_of_new_campaign("another-gm").campaign
    roll(other, 1, [6], "full")
    Campaign.objects.filter(pk=table.campaign.pk).delete()
    assert not ReadingTally.objects.filter(campaign_id=table.campaign.pk).exists()
    in_step(other)


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["gm", "player"])
def test_the_whole_campaigns_statistics_by_the_tally_as_counted_afresh(table, who, caplog):
    mixed(table, CharacterFactory(campaign=table.campaign, owner=table.other_player, name="Bo"))
    member = Membership.objects.get(campaign=table.campaign, user=getattr(table, who))
    tallied, counted = dice_stats(member, Filters()), dice_stats(member, Filters(), tallied_counts=False)
    assert tallied == counted
    assert not caplog.records  # read from the tally: not counted afresh because it named rolls out of sight
    assert tallied.honesty.rolls == (10 if who == "gm" else 8)  # the GM's hidden rolls theirs alone
    assert len(tallied.left_out) == 2  # a kind no system here reads; dice that are not the pool's
    assert ("Sneak", 3) in tallied.actions  # the rolls not read yet counted too


def _migrated(targets):
    """The models as they stand once migrated to ``targets``."""
    MigrationExecutor(connection).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_its_migration_counts_the_rolls_there_are_and_is_undone(table):
    mixed(table, table.character)
    counted = afresh(table.campaign.pk)
    try:
        before = _migrated([("rolls", "0019_reading")])
        with pytest.raises(LookupError):
            before.get_model("rolls", "ReadingTally")
        after = _migrated([("rolls", "0020_reading_tally")])
        tallies = after.get_model("rolls", "ReadingTally").objects.filter(campaign_id=table.campaign.pk)
        assert {(t.hidden, t.kind, t.reading, t.action): (t.times, t.first) for t in tallies} == counted
    finally:
        _migrated(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_rolls_written_at_once_all_count():
    """Four rolls read alike, the first of their count, written at the same moment, while two
    devices hide one roll at once: each counts once (PostgreSQL; SQLite has one writer at a time)."""
    skip_unless_postgresql()
    campaign = gm_of_new_campaign("gm-at-once").campaign
    shown = roll(campaign, 1, [3], "bad", kind=RollKind.FORTUNE, action="")

    def hide():
        again = Roll.objects.get(pk=shown.pk)
        again.hidden = True
        again.save(update_fields=["hidden"])

    errors = run_at_once([lambda n=n: roll(campaign, 2, [5, 1], "partial", idempotency_key=f"at-once-{n}")
                          for n in range(4)] + [hide, hide])
    assert errors == []
    in_step(campaign)
    assert sorted(times for times, _ in kept(campaign.pk).values()) == [1, 4]
