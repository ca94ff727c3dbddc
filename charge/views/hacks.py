"""The GM's "Hack this campaign" page: the chapter's examples one tap away, the hack as a file out
and in, and the hacks the GM made in other campaigns. Every change is previewed (what it changes,
what it does to the characters) before the GM confirms it."""

from dataclasses import replace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from campaign.access import gm_membership_or_404
from campaign.models import Campaign, Role
from charge.actions import hacks as actions
from charge.hack_changes import changes
from charge.hackfile import (
    DEMO_HACK,
    MOST_BYTES,
    Unfit,
    as_text,
    campaign_hack,
    fingerprint,
    read_document,
    read_hack,
)
from core.keys import once, refusal_once
from core.posted import posted_text
from core.refused import Refused
from gamerules.hacks import PRESETS, PRESETS_BY_SLUG, Hack


def _other_hacks(membership):
    """The Charge campaigns this GM runs besides this one: hacks to reuse."""
    return (Campaign.objects.filter(memberships__user=membership.user, memberships__role=Role.GM, system="charge")
            .exclude(pk=membership.campaign_id).order_by("name"))


def _context(membership, refusal: str = "") -> dict:
    dials = membership.campaign.charge.rules
    return {"membership": membership, "campaign": membership.campaign, "refusal": refusal, "most_kb": MOST_BYTES // 1024,
            "presets": [preset for preset in PRESETS if preset.change(dials) is not None],
            "others": _other_hacks(membership)}


@login_required
@require_safe
def hack(request, campaign_id):
    return render(request, "charge/hack.html", _context(gm_membership_or_404(request, campaign_id)))


@login_required
@require_safe
def hack_export(request, campaign_id):
    campaign = gm_membership_or_404(request, campaign_id).campaign
    response = HttpResponse(as_text(campaign_hack(campaign).to_document()), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="charge-hack-{campaign.pk}.json"'
    return response


def _uploaded(request) -> bytes:
    upload = request.FILES.get("file")
    if upload is None:
        raise Refused(_("Choose a hack file (.json)."))
    if upload.size > MOST_BYTES:
        raise Unfit("", _("the file is larger than %(kb)s KB.") % {"kb": MOST_BYTES // 1024})
    return upload.read(MOST_BYTES + 1)


def _proposed(request, membership, before: Hack) -> Hack:
    """The hack a preview shows, read through the import's checks whatever it came from."""
    if slug := request.POST.get("preset"):
        preset = PRESETS_BY_SLUG.get(slug)
        dials = preset.change(before.dials) if preset else None
        if dials is None:
            raise Refused(_("This campaign already plays that example."))
        return read_hack(as_text(replace(before, dials=dials, playbooks=()).to_document()))
    if request.POST.get("source") == "demo":
        return read_hack(DEMO_HACK.read_bytes())
    if source := request.POST.get("source"):
        other = _other_hacks(membership).filter(pk=source if source.isdigit() else 0).first()
        if other is None:
            raise Refused(_("Choose one of your own campaigns."))
        return read_hack(as_text(campaign_hack(other).to_document()))
    return read_hack(_uploaded(request))


def _preview(request, membership, before: Hack, after: Hack, found=None):
    return render(request, "charge/hack_preview.html", {
        "membership": membership, "campaign": membership.campaign, "after": after,
        "changes": found or changes(membership.campaign, before, after), "document": as_text(after.to_document()),
        "seen": fingerprint(before)})


@login_required
@require_POST
def hack_preview(request, campaign_id):
    """Nothing is written: the changes, and a form that applies exactly what was shown."""
    membership = gm_membership_or_404(request, campaign_id)
    before = campaign_hack(membership.campaign)
    try:
        after = _proposed(request, membership, before)
    except Refused as refusal:
        return render(request, "charge/hack.html", _context(membership, str(refusal)), status=400)
    return _preview(request, membership, before, after)


def hack_preview_of(request, membership, dials) -> HttpResponse | None:
    """The dials form's new dials as a hack's preview, when they would change a character (a renamed
    or dropped action with dots, a smaller stress clock...); None when no character changes."""
    before = campaign_hack(membership.campaign)
    after = replace(before, dials=dials, playbooks=())
    found = changes(membership.campaign, before, after)
    return _preview(request, membership, before, after, found) if found.characters else None


@login_required
@require_POST
def hack_apply(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    try:
        hack_read = read_hack(request.POST.get("document", ""))
    except Refused as refusal:
        messages.error(request, str(refusal))
        return redirect("hack", campaign_id)
    refusal = refusal_once(request, lambda: actions.apply_hack(membership, hack_read, request.POST.get("seen", "")))
    if refusal:
        messages.error(request, refusal)
        return redirect("hack", campaign_id)
    messages.success(request, _("The hack is in play: every sheet, roll and screen follows it."))
    return redirect("dials", campaign_id)


@login_required
@require_POST
def hack_new_campaign(request, campaign_id):
    """A new campaign playing a hack file, or this campaign's hack; the GM lands in it."""
    membership = gm_membership_or_404(request, campaign_id)
    try:
        document = read_document(_uploaded(request)) if request.FILES else campaign_hack(membership.campaign).to_document()
    except Refused as refusal:
        return render(request, "charge/hack.html", _context(membership, str(refusal)), status=400)
    name = posted_text(request, "name", 120) or document.get("name") or _("A new hack")
    made = once(request, lambda: actions.campaign_from_hack(request.user, Hack.from_document(document), name))
    if made is None:  # the same tap again: the campaign it made is the newest one of this GM's
        return redirect("campaigns")
    messages.success(request, _("%(campaign)s is ready, playing the hack. Invite your players from Members.")
                     % {"campaign": made})
    return redirect(made)
