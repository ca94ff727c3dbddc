"""The table's safety tools: each write in one transaction. The X-card and an anonymous line or
veil are written without the member who asked: no row, log line or answer to others names them."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.models import Campaign, Membership
from core.refused import Refused
from gamerules.words import said
from safety.models import SESSION_ZERO, Agreement, Boundary, BoundaryKind, XCard

TEXT_LIMIT = 200


@transaction.atomic
def write_boundary(membership: Membership, kind: str, text: str, anonymous: bool) -> Boundary:
    """A line or a veil, by any member. Not in the campaign log: a line's time next to the others
    could tell who wrote an anonymous one, and this list is its record."""
    if kind not in BoundaryKind.values:
        raise Refused(_("Choose a line (not in the game at all) or a veil (off-screen)."))
    if not text:
        raise Refused(_("Write what the line or veil is about."))
    if len(text) > TEXT_LIMIT:
        raise Refused(_("A line or veil is at most %(limit)s characters: nothing was added.") % {"limit": TEXT_LIMIT})
    campaign = Campaign.objects.locked(pk=membership.campaign_id)
    if campaign.boundaries.filter(kind=kind, text__iexact=text).exists():
        raise Refused(_("%(text)s is already there.") % {"text": text})
    return Boundary.objects.create(campaign=campaign, kind=kind, text=text,
                                   author=None if anonymous else membership.user)


@transaction.atomic
def remove_boundary(membership: Membership, boundary_id) -> None:
    """Its author or a GM takes it off; an anonymous one, only a GM (nobody else can say it is
    theirs)."""
    boundary = Boundary.objects.filter(campaign_id=membership.campaign_id, pk=boundary_id).first()
    if boundary is None:
        raise Refused(_("That line or veil is no longer there."))
    if not boundary.removable_by(membership):
        raise Refused(_("Only its author or the GM may take it off; ask the GM."))
    boundary.delete()


@transaction.atomic
def tap_x_card(membership: Membership) -> XCard:
    """Any member taps the X-card. A second tap while one is showing is the same card, so double
    taps and two people at once show one. The campaign row is locked so that two taps at once
    are applied one after the other."""
    campaign = Campaign.objects.locked(pk=membership.campaign_id)
    showing = campaign.x_cards.showing().first()
    if showing:
        return showing
    card = XCard.objects.create(campaign=campaign)
    campaign.log(None, said("Someone tapped the X-card: the scene is changed or cut, no explanation needed."))
    return card


@transaction.atomic
def dismiss_x_card(gm: Membership) -> None:
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    card = campaign.x_cards.showing().first()
    if card is None:
        raise Refused(_("The X-card was already dismissed."))
    card.dismissed_at, card.dismissed_by = timezone.now(), gm.user
    card.save(update_fields=["dismissed_at", "dismissed_by"])
    campaign.log(gm.user, said("The GM dismissed the X-card: play goes on."))


@transaction.atomic
def agree(gm: Membership, item: str, agreed: bool) -> None:
    """The GM ticks an item of the session-zero checklist, or unticks it. Ticking what is ticked
    (a double submit) changes nothing."""
    if item not in SESSION_ZERO:
        raise Refused(_("That is not an item of the session-zero checklist."))
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if not agreed:
        campaign.session_zero.filter(item=item).delete()
        return
    _agreement, created = Agreement.objects.get_or_create(campaign=campaign, item=item,
                                                          defaults={"agreed_by": gm.user})
    if created:
        campaign.log(gm.user, said("Session zero, settled: %(item)s", item=SESSION_ZERO[item]))
