"""Every campaign view loads through these: they return what the user may reach or raise 404,
so an outsider cannot even learn that a campaign exists."""

from dataclasses import dataclass
from functools import partial

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from campaign import live
from campaign.models import Campaign, Membership, WorldForce
from characters.models import Character
from core import campaign_words
from core.rendered import Audience, reads
from core.systems import plays, setups

READ_WHILE_ARCHIVED = frozenset({"campaign", "campaign_export", "session_recap", "character_print",
                                 "campaign_restore", "campaign_delete", "leave",
                                 "api_characters", "api_clocks", "api_sessions", "api_rolls"})
"""What an archived campaign still answers: its archive page (the dashboard), the export, the
recaps and printed sheets to read, the read-only API, and the GM's restore and delete, and a
member's leaving."""


class ArchivedCampaign(Exception):
    """A page or a change of an archived campaign: read-only until a GM restores it."""

    def __init__(self, campaign: Campaign):
        super().__init__(campaign.name)
        self.campaign = campaign


class ReadOnlyArchives:
    """Answers every page or change an archived campaign no longer offers: a page goes to the
    campaign's archive page; a change is refused with the reason, and nothing changed."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, ArchivedCampaign):
            return None
        archive = exception.campaign.get_absolute_url()
        if request.method in ("GET", "HEAD") and not getattr(request, "htmx", False):
            return redirect(archive)
        response = render(request, "campaign/archived.html#refusal", {"campaign": exception.campaign}, status=403)
        response["HX-Redirect"] = archive  # an open page of it reloads as the archive page
        return response


def membership_or_404(request, campaign_id) -> Membership:
    """The user's membership of the campaign, with the campaign and how it plays its dice system
    loaded; a page of another dice system than the campaign's is not there for it (core/systems.py)."""
    try:
        campaign_id = int(campaign_id)
    except (TypeError, ValueError):
        raise Http404("No such campaign") from None
    loaded = ("campaign", *(f"campaign__{name}" for name in setups()))
    membership = live.membership(campaign_id, request.user.pk, Membership.objects.select_related(*loaded).filter(
        campaign_id=campaign_id, user=request.user).first, _kept_with, HELD)
    if membership is None:
        raise Http404("Not a member of this campaign")
    membership.user = request.user  # read already, by the login
    match = request.resolver_match
    if match and not plays(membership.campaign.system, match.url_name):
        raise Http404("Not a page of this campaign's dice system")
    if membership.campaign.is_archived and (match is None or match.url_name not in READ_WHILE_ARCHIVED):
        raise ArchivedCampaign(membership.campaign)
    words = membership.campaign.site.words
    campaign_words.use(partial(words, membership.campaign) if words else None)
    return membership


HELD = reads(Campaign, Membership, Character)
"""What a membership kept in the cache holds: its campaign (with how it plays its dice system),
itself, and whose each character is."""


def _kept_with(membership: Membership) -> None:
    """What a player's membership kept in the cache holds besides its rows: whose each of the
    campaign's characters is (a sheet's first question), and so the characters the player plays
    (whom their pages are kept for). A GM's holds nothing more: their pages need neither, and the
    first request after a change, often a GM's, reads no more than it did."""
    if membership.is_gm:
        return
    membership.cast = dict(membership.campaign.characters.values_list("pk", "owner_id"))
    membership.played = tuple(sorted(pk for pk, owner in membership.cast.items() if owner == membership.user_id))


def gm_membership_or_404(request, campaign_id) -> Membership:
    membership = membership_or_404(request, campaign_id)
    if not membership.is_gm:
        raise Http404("GMs only")
    return membership


def force_for_view_or_404(membership: Membership, force_id) -> WorldForce:
    return get_object_or_404(WorldForce.objects.visible_to(membership),
                             campaign=membership.campaign, pk=force_id)


def force_for_edit_or_404(membership: Membership, force_id) -> WorldForce:
    force = force_for_view_or_404(membership, force_id)
    if not force.editable_by(membership):
        raise Http404("GMs only")
    return force


@dataclass(frozen=True)
class TableViewer:
    """Stands in for a membership on the table screen: it sees what every player may see. Its
    taps are those of ``member``, the person signed in on it (a GM ticks a clock there, a player
    what their role allows), while what it shows stays the table's."""

    campaign: Campaign
    member: Membership | None = None
    is_gm: bool = False
    user_id: None = None

    @property
    def campaign_id(self):
        return self.campaign.pk


def seen_as(membership: Membership, name: str = "") -> Audience:
    """The render-once audience of a campaign page (core/htmx.py): exactly what changes its panels
    between two viewers. By default the GMs, or a player with the characters they may play (a roll
    on its way shows its button to whoever may roll it; a dashboard offers their help)."""
    if not name:
        name = "gm" if membership.is_gm else "player:" + ",".join(str(pk) for pk in membership.played)
    return Audience(membership.campaign_id, membership.campaign.live_version, name)


def sheet_seen_as(membership: Membership, character) -> Audience:
    """A sheet also shows its edit controls to its owner and the GMs."""
    audience = seen_as(membership)
    if membership.is_gm:
        return audience
    return seen_as(membership, ("owner " if character.editable_by(membership) else "other ") + audience.name)
