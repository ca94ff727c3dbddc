"""The Party Extra through the views, with scripted dice: the party sheet's key concepts and
supporting details, the party's danger and progress clocks, dispositions bearing on a roll and
progress burned as momentum ("Party Extra")."""

import pytest
from django.urls import reverse

from campaign.transfer import export_campaign, import_campaign
from charge.actions.bookkeeping import set_dials
from charge.landed import aftermath
from charge.models import PartyDetail, Setup
from clocks.models import Clock
from gamerules.dials import Dials, Extra, ExtraDial
from rolls.models import Roll
from tests.factories import UserFactory
from tests.helpers import HTMX, fresh, on_its_way, wizard


def party(crew, *dials, extras=(Extra.PARTY,)):
    set_dials(crew.campaign.memberships.get(user=crew.gm), Dials(extras=frozenset(extras), extra_dials=frozenset(dials)))
    crew.campaign.refresh_from_db()
    return crew


def write(crew, concept="authority", text="Thorn in the side of the regional governor", disposition=-1, who="player",
          headers=None, **more):
    return crew.client(who).post(reverse("party_detail", args=[crew.campaign.pk]),
                                 {"concept": concept, "text": text, "disposition": disposition, **more},
                                 **(headers or {}))


def clock(crew, kind):
    return Clock.objects.get(campaign=crew.campaign, party=True, kind=kind)


def test_the_party_extra_brings_two_clocks_of_8_and_takes_them_away_kept(crew):
    party(crew)
    danger, progress = clock(crew, "danger"), clock(crew, "progress")
    assert (danger.name, danger.size, progress.name, progress.size) == ("The party's danger", 8, "The party's progress", 8)
    table = crew.client("player").get(reverse("table", args=[crew.campaign.pk])).text
    assert "The party&#x27;s danger" in table and "The party&#x27;s progress" in table
    Clock.objects.filter(pk=danger.pk).update(filled=3)
    party(crew, extras=())
    assert fresh(danger).archived and "The party&#x27;s danger" not in crew.client("player").get(
        reverse("table", args=[crew.campaign.pk])).text
    assert crew.client("player").get(reverse("party", args=[crew.campaign.pk])).status_code == 404
    party(crew)
    assert not fresh(danger).archived and fresh(danger).filled == 3
    assert Clock.objects.filter(party=True).count() == 2
    party(crew, ExtraDial.PARTY_NO_CLOCKS)
    assert fresh(danger).archived and fresh(progress).archived


def test_the_authority_example_turns_negative_with_a_third_negative_detail(crew):
    """"Authority will become negative if it gains one more negative supporting detail"."""
    party(crew)
    page = write(crew, text="Enemies of the Kabraxian Empire", key_concept="1", headers=HTMX).text
    assert 'data-testid="concept-authority">Neutral (0)' in page
    write(crew)
    page = write(crew, text="Falsified spacecraft registration", headers=HTMX).text
    assert 'data-testid="concept-authority">Neutral (0)' in page and "rewrite the key concept" not in page
    page = write(crew, text="A bounty on every head", who="other_player", headers=HTMX).text
    assert 'data-testid="concept-authority">Negative (−)' in page
    assert "Its details now make Authority negative (−): rewrite the key concept." in page
    key = PartyDetail.objects.get(key=True)
    page = write(crew, text="Hunted by the Empire", key_concept="1", detail=key.pk, headers=HTMX).text
    assert "rewrite the key concept" not in page and fresh(key).text == "Hunted by the Empire"
    full = crew.client("player").get(reverse("party", args=[crew.campaign.pk])).text
    assert "Falsified spacecraft registration" in full and "Hunted by the Empire" in full


@pytest.mark.parametrize(("data", "message"), [
    ({"text": "  "}, "Write the detail"),
    ({"concept": "friends"}, "Choose Assets, Allies, Adversaries or Authority."),
    ({"disposition": 2}, "Choose a disposition this campaign plays: positive, neutral or negative."),
    ({"disposition": "plus"}, "Choose a disposition this campaign plays"),
])
def test_a_detail_that_cannot_be_written_is_refused_and_nothing_is_saved(crew, data, message):
    party(crew)
    assert message in write(crew, headers=HTMX, **data).text
    assert write(crew, **data).status_code == 302 and not PartyDetail.objects.exists()


def test_a_key_concept_counts_four_details_at_most(crew):
    party(crew)
    for number in range(4):
        write(crew, text=f"Detail {number}")
    assert "Authority has 4 supporting details, the most its score counts" in write(crew, text="A fifth",
                                                                                   headers=HTMX).text
    assert PartyDetail.objects.count() == 4


def test_details_move_up_and_down_and_without_neutral_they_clear(crew):
    party(crew)
    write(crew, disposition=0)
    detail = PartyDetail.objects.get()
    shift = reverse("party_detail_shift", args=[crew.campaign.pk, detail.pk])
    crew.client("player").post(shift, {"direction": "up"})
    assert fresh(detail).disposition == 1
    assert "already as good as a detail gets" in crew.client("player").post(shift, {"direction": "up"}, **HTMX).text
    party(crew, ExtraDial.PARTY_NO_NEUTRAL)
    crew.client("player").post(shift, {"direction": "down"})
    assert not PartyDetail.objects.exists()  # "Clearing positive supporting details rather than downgrading them"
    assert "positive or negative" in write(crew, disposition=0, headers=HTMX).text


def test_detailed_dispositions_step_by_one_and_count_past_2(crew):
    party(crew, ExtraDial.PARTY_DETAILED_DISPOSITION)
    for text in ("Maven, a bar owner", "The dock workers", "The smugglers' guild"):
        write(crew, concept="allies", text=text, disposition=3)
    page = crew.client("player").get(reverse("party", args=[crew.campaign.pk])).text
    assert 'data-testid="concept-allies">Positive (+)' in page and 'value="-4"' in page
    detail = PartyDetail.objects.first()
    crew.client("player").post(reverse("party_detail_shift", args=[crew.campaign.pk, detail.pk]), {"direction": "down"})
    assert fresh(detail).disposition == 2
    page = crew.client("player").get(reverse("party", args=[crew.campaign.pk])).text
    assert 'data-testid="concept-allies">Neutral (0)' in page


def test_who_may_write_the_party_sheet_and_clear_its_clocks(crew, client):
    party(crew)
    write(crew)
    detail = PartyDetail.objects.get()
    danger = clock(crew, "danger")
    Clock.objects.filter(pk=danger.pk).update(filled=8)
    clear = reverse("party_clock_clear", args=[crew.campaign.pk, danger.pk])
    assert crew.client("player").post(clear).status_code == 404 and fresh(danger).filled == 8
    client.force_login(UserFactory(username="stranger"))
    for url in (reverse("party", args=[crew.campaign.pk]), reverse("party_detail", args=[crew.campaign.pk]),
                reverse("party_detail_remove", args=[crew.campaign.pk, detail.pk])):
        assert client.post(url).status_code in (404, 405) and client.get(url).status_code in (404, 405)
    assert PartyDetail.objects.count() == 1
    crew.client("other_player").post(reverse("party_detail_remove", args=[crew.campaign.pk, detail.pk]))
    assert not PartyDetail.objects.exists()


def test_a_full_clock_offers_its_changes_until_the_gm_clears_it(crew):
    party(crew)
    danger = clock(crew, "danger")
    Clock.objects.filter(pk=danger.pk).update(filled=8)
    page = crew.client("player").get(reverse("party", args=[crew.campaign.pk])).text
    assert "The party&#x27;s danger is full." in page and "Downgrade an existing supporting detail" in page
    assert "The GM clears the clock once the change is written below." in page
    answer = crew.client("gm").post(reverse("party_clock_clear", args=[crew.campaign.pk, danger.pk]), **HTMX)
    assert fresh(danger).filled == 0 and "is full" not in answer.text
    refused = crew.client("gm").post(reverse("party_clock_clear", args=[crew.campaign.pk, danger.pk]), **HTMX)
    assert "Only a full party clock clears." in refused.text


def test_a_consequence_goes_on_the_partys_danger_clock(crew, dice):
    """"Marking the danger clock as a consequence adds segments equal to the consequence rating"."""
    party(crew)
    pending = on_its_way(crew, risk=3)
    dice(5, 2)
    crew.client("player").post(pending.get_absolute_url(), {"risk": 3, "effect": 2, "step": 3, "roll": "1"})
    roll = Roll.objects.get()
    danger = clock(crew, "danger")
    crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]),
                           {"kind": "complication", "target": crew.ada.pk, "clock": danger.pk})
    crew.client("player").post(reverse("roll_accept", args=[crew.campaign.pk, roll.pk]))
    assert fresh(danger).filled == 3


def roll_with(crew, pending, disposition=0, **data):
    return crew.client("player").post(pending.get_absolute_url(), {
        "risk": 2, "effect": 2, "disposition": disposition, "step": 3, "roll": "1", **data}, follow=True)


def bearing(crew, *details, risk=2):
    pending = on_its_way(crew, risk=risk)
    crew.client("gm").post(reverse("roll_set", args=[crew.campaign.pk, pending.pk]),
                           {"risk": risk, "effect": 2, "party_details": [d.pk for d in details]})
    return fresh(pending)


def test_a_negative_detail_raises_the_consequence_rating(crew, dice):
    party(crew)
    write(crew, text="Falsified spacecraft registration")
    pending = bearing(crew, PartyDetail.objects.get())
    odds = crew.client("player").get(pending.get_absolute_url()).text
    assert "Party: Falsified spacecraft registration · negative (−): +1 consequence rating." in odds
    dice(5, 2)
    page = roll_with(crew, pending, -1).text
    assert aftermath(Roll.objects.get()).consequence_rating == 3  # moderate risk 2, +1
    assert "Party: Falsified spacecraft registration (Authority): +1 consequence rating." in page


@pytest.mark.parametrize(("benefit", "rating", "effect"), [("rating", 1, 2), ("effect", 2, 3)])
def test_a_positive_detail_gives_a_lower_rating_or_1_effect_chosen_before_the_roll(crew, dice, benefit, rating, effect):
    party(crew)
    write(crew, concept="assets", text="A state-of-the-art spacecraft", disposition=1)
    pending = bearing(crew, PartyDetail.objects.get())
    assert "+1 effect instead" in crew.client("player").get(pending.get_absolute_url()).text
    dice(4, 1)
    roll_with(crew, pending, 1, party_benefit=benefit)
    made = Roll.objects.get()
    assert (aftermath(made).consequence_rating, aftermath(made).effect) == (rating, effect)


def test_conflicting_details_cancel_out(crew, dice):
    party(crew)
    write(crew, text="Falsified spacecraft registration")
    write(crew, concept="assets", text="A state-of-the-art spacecraft", disposition=1)
    pending = bearing(crew, *PartyDetail.objects.all())
    dice(4, 1)
    roll_with(crew, pending, 0)
    assert aftermath(Roll.objects.get()).consequence_rating == 2


def test_the_gm_changing_the_details_after_the_player_read_them_refuses_the_roll(crew, dice):
    party(crew)
    write(crew, text="Falsified spacecraft registration")
    pending = bearing(crew)
    bearing(crew, PartyDetail.objects.get())
    dice(6, 1)
    page = roll_with(crew, pending, 0).text
    assert "The GM changed the party details that bear on this roll (now negative (−)). Roll again if you agree." in page
    assert not Roll.objects.exists()


def test_progress_burns_as_momentum_for_a_push(crew, dice):
    """"Spend filled segments of the progress clock as momentum, on a one-for-one basis"."""
    party(crew)
    progress = clock(crew, "progress")
    Clock.objects.filter(pk=progress.pk).update(filled=3)
    crew.ada.charge.momentum = 0
    crew.ada.charge.save()
    pending = on_its_way(crew)
    assert "Burn the party" in crew.client("player").get(pending.get_absolute_url()).text
    dice(6, 1, 1)
    page = roll_with(crew, pending, pushes=["die"], burn=2).text
    assert fresh(progress).filled == 1 and fresh(crew.ada).charge.momentum == 0
    made = Roll.objects.get()
    assert (made.pool_size, made.outcome) == (3, "full")
    assert "2 of the party&#x27;s progress burned as momentum." in page
    assert made.clock_changes.get().reason == "Ada burned 2 progress as momentum"


def test_burning_what_is_not_there_is_refused_and_nothing_changes(crew, dice):
    party(crew)
    Clock.objects.filter(pk=clock(crew, "progress").pk).update(filled=1)
    pending = on_its_way(crew)
    dice(6, 1, 1)
    roll_with(crew, pending, pushes=["die"], burn=2)
    assert not Roll.objects.exists() and fresh(clock(crew, "progress")).filled == 1


def test_the_party_sheet_travels_with_the_campaign(crew):
    party(crew)
    write(crew, text="Enemies of the Empire", key_concept="1")
    write(crew)
    copy = import_campaign(export_campaign(crew.campaign), crew.gm)
    assert sorted(copy.party_details.values_list("text", "key", "disposition")) == [
        ("Enemies of the Empire", True, 0), ("Thorn in the side of the regional governor", False, -1)]
    assert copy.clocks.filter(party=True).count() == 2


def test_the_same_detail_twice_is_refused(crew):
    party(crew)
    write(crew)
    assert "is already on the party sheet" in write(crew, headers=HTMX).text
    assert PartyDetail.objects.count() == 1


def test_more_clocks_a_detail_tracks_its_own_progress_and_danger_and_a_full_one_moves_it(crew, dice):
    """"More Clocks": "track them individually as clocks and follow the same rules for danger and
    progress - damaging supporting details with consequences and taking on projects to improve
    others"."""

    gm_membership = crew.campaign.memberships.get(user=crew.gm)
    set_dials(gm_membership, Dials(extras=frozenset({Extra.PARTY})))
    detail = PartyDetail.objects.create(campaign=crew.campaign, concept="allies", text="The dockworkers")
    url = reverse("party_detail_track", args=[crew.campaign.pk, detail.pk])
    refused = crew.client("player").post(url, {"kind": "progress"}, **HTMX).text
    assert "the dial “More Clocks” is off" in refused and not Clock.objects.filter(name__startswith="The dock").exists()
    set_dials(gm_membership, Dials(extras=frozenset({Extra.PARTY}),
                                   extra_dials=frozenset({ExtraDial.PARTY_MORE_CLOCKS})))
    page = crew.client("player").post(url, {"kind": "progress"}, **HTMX).text
    clock = fresh(detail).clock
    assert (clock.name, clock.kind, clock.size, clock.party) == ("The dockworkers: improving it", "progress", 8, False)
    assert "The dockworkers: improving it:\n                  0/8" in page
    again = crew.client("other_player").post(url, {"kind": "danger"}, **HTMX).text  # a second tap, elsewhere
    assert "The dockworkers already has its clock." in again
    # A success ticks it like any progress clock; full, the page asks for the upgrade, which puts it away.
    Clock.objects.filter(pk=clock.pk).update(filled=6)
    dice(6, 6)
    wizard(crew, who="gm", character=crew.ada.pk, action="Sneak", effect=2)
    roll = Roll.objects.latest("pk")
    crew.client("gm").post(reverse("roll_progress", args=[crew.campaign.pk, roll.pk]), {"clock": clock.pk})
    assert fresh(clock).filled == 8
    party = crew.client("player").get(reverse("party", args=[crew.campaign.pk])).text
    assert "full: upgrade the detail" in party
    crew.client("gm").post(reverse("party_detail_shift", args=[crew.campaign.pk, detail.pk]), {"direction": "up"})
    detail = fresh(detail)
    assert detail.disposition == 1 and detail.clock is None and fresh(clock).archived
    # Damage: a danger clock that a complication ticks, downgrading it when full.
    crew.client("gm").post(url, {"kind": "danger"})
    danger = fresh(detail).clock
    Clock.objects.filter(pk=danger.pk).update(filled=8)
    crew.client("gm").post(reverse("party_detail_shift", args=[crew.campaign.pk, detail.pk]), {"direction": "up"})
    assert fresh(detail).clock == danger  # refused (already positive): a full danger clock waits for the downgrade
    crew.client("gm").post(reverse("party_detail_shift", args=[crew.campaign.pk, detail.pk]), {"direction": "down"})
    assert fresh(detail).disposition == 0 and fresh(detail).clock is None and fresh(danger).archived


def test_more_clocks_a_detail_clock_the_gm_hides_stays_hidden_on_the_party_sheet(crew):
    from charge.actions.party import track_party_detail

    gm_membership = crew.campaign.memberships.get(user=crew.gm)
    set_dials(gm_membership, Dials(extras=frozenset({Extra.PARTY}), extra_dials=frozenset({ExtraDial.PARTY_MORE_CLOCKS})))
    detail = PartyDetail.objects.create(campaign=crew.campaign, concept="adversaries", text="The tax office")
    clock = track_party_detail(gm_membership, detail.pk, "danger")
    Clock.objects.filter(pk=clock.pk).update(visibility="gm", name="SECRET-AUDIT", filled=5)
    party = crew.client("player").get(reverse("party", args=[crew.campaign.pk])).text
    assert "SECRET-AUDIT" not in party and "Track it" not in party.split("The tax office")[1].split("</li>")[0]
    assert "SECRET-AUDIT:\n                  5/8" in crew.client("gm").get(reverse("party", args=[crew.campaign.pk])).text


@pytest.mark.parametrize(("wording", "said"), [
    ("risk", "Positive: low risk, −1 consequence rating, or +1 effect instead; negative: high risk, +1 consequence rating."),
    ("position", "Positive: controlled, −1 consequence rating, or +1 effect instead; negative: desperate, +1 consequence "
                 "rating."),
])
def test_what_a_disposition_does_to_a_roll_reads_in_the_campaigns_wording(crew, wording, said):
    """A positive disposition's "Default Position" is controlled ("Dispositions"): in Charge 1.1's
    words, low risk; a negative one's desperate, high risk."""
    party(crew)
    Setup.objects.filter(campaign=crew.campaign).update(risk_wording=wording)
    page = " ".join(crew.client("player").get(reverse("party", args=[crew.campaign.pk])).text.split())
    assert said in page
