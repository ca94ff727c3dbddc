import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from campaign.access import membership_or_404
from campaign.transfer import export_campaign, import_campaign
from core.refused import Refused

MAX_IMPORT_BYTES = 50 * 1024 * 1024


@login_required
@require_safe
def campaign_export(request, campaign_id):
    """The campaign as one JSON file: everything for a GM, what a player may see for a player."""
    membership = membership_or_404(request, campaign_id)
    document = export_campaign(membership.campaign, membership)
    response = JsonResponse(document, json_dumps_params={"indent": 1})
    audience = "gm" if membership.is_gm else "player"
    name = f"{slugify(membership.campaign.name) or 'campaign'}-{audience}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _uploaded_document(upload) -> dict:
    if upload is None or upload.size > MAX_IMPORT_BYTES:
        raise Refused(_("Choose a campaign file (a .json export, 50 MB at most)."))
    try:
        return json.loads(upload.read())
    except (ValueError, UnicodeDecodeError):
        raise Refused(_("That file is not a readable export.")) from None


@login_required
@require_http_methods(["GET", "POST"])
def campaign_import(request):
    """A GM's export from this site or another, as a new campaign whose GM is you."""
    error = ""
    if request.method == "POST":
        try:
            campaign = import_campaign(_uploaded_document(request.FILES.get("file")), request.user)
        except Refused as refusal:
            error = str(refusal)
        else:
            messages.success(request, _("%(campaign)s is imported, with you as its GM. Invite your players again "
                                        "from Members.") % {"campaign": campaign.name})
            return redirect(campaign)
    return render(request, "campaign/import.html", {"error": error}, status=400 if error else 200)
