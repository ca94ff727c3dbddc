from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaign import actions
from campaign.access import TableViewer, gm_membership_or_404, membership_or_404
from campaign.forms import SessionLogForm, SessionNotesForm, SessionSummaryForm, inline_form_context
from campaign.models import GameSession
from campaign.recap import previous_session, recap
from campaign.views.calendar import plans_context
from core.htmx import attempt, changed
from core.posted import whole_number

TEMPLATE = "campaign/session.html"


def _session_or_404(membership, session_id) -> GameSession:
    return get_object_or_404(GameSession, campaign=membership.campaign, pk=session_id)


@login_required
@require_safe
def session_list(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    campaign = membership.campaign
    return render(request, "campaign/session_list.html", {
        "membership": membership, "campaign": campaign, "sessions": campaign.sessions.all(),
        **plans_context(request, membership),
        "next_number": campaign.next_session_number(),
        "session_momentum": campaign.site.session_momentum(campaign) if campaign.site.session_momentum else None})


@login_required
@require_POST
def session_start(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    expected = whole_number(request.POST.get("number"))
    if expected is None:
        messages.error(request, _("That form was out of date; nothing was started. Try again."))
        return redirect("sessions", campaign_id)
    said = membership.campaign.site.session_said
    session = attempt(request, lambda: actions.start_session(membership, expected),
                      lambda started: (said[0] if said else _("%(session)s started.")) % {"session": started})
    return redirect(session or reverse("sessions", args=[campaign_id]))


def _context(membership, session, **forms):
    gm, site = membership.is_gm, membership.campaign.site  # the GM's notes and bookkeeping never reach a player
    return {"membership": membership, "campaign": membership.campaign, "session": session,
            "characters": membership.campaign.characters.all(),
            **(site.gm_context(membership.campaign) if gm and site.gm_context else {}),
            "session_notes": session.gm_notes if gm else None, **forms}


@login_required
@require_safe
def session_detail(request, campaign_id, session_id):
    membership = membership_or_404(request, campaign_id)
    session = _session_or_404(membership, session_id)
    return render(request, TEMPLATE, _context(membership, session))


@login_required
@require_safe
def session_recap(request, campaign_id, session_id):
    """What happened in the session, as this member may see it; printable."""
    membership = membership_or_404(request, campaign_id)
    session = _session_or_404(membership, session_id)
    return render(request, "campaign/recap.html", {
        "membership": membership, "campaign": membership.campaign, "recap": recap(session, membership)})


@login_required
@require_safe
def previously_on(request, campaign_id):
    """"Previously on…": the last session's recap on the table screen, as every player may see it,
    in the table's language."""
    membership = membership_or_404(request, campaign_id)
    campaign = membership.campaign
    session = previous_session(campaign)
    language = campaign.table_language or translation.get_language()
    with translation.override(language):  # everyone reads the same screen
        response = render(request, "campaign/previously.html", {
            "membership": membership, "campaign": campaign, "recap": session and recap(session, TableViewer(campaign))})
    response["Content-Language"] = language
    return response


# The session's texts, edited in place: the log everyone writes, the summary the GM writes for
# everyone, the GM's own notes. The last: (form, title, who edits, who reads).
TEXTS = {"session-log": (SessionLogForm, gettext_lazy("Session log"), False, False),
         "session-summary": (SessionSummaryForm, gettext_lazy("Summary"), True, False),
         "session-notes": (SessionNotesForm, gettext_lazy("GM notes"), True, True)}


@login_required
@require_http_methods(["GET", "POST"])
def session_text(request, campaign_id, session_id, card):
    form_class, title, gm_edits, gm_only = TEXTS[card]
    membership = (gm_membership_or_404 if gm_edits else membership_or_404)(request, campaign_id)
    session = _session_or_404(membership, session_id)
    form = form_class(request.POST or None, instance=session)
    if request.method == "POST" and form.is_valid():
        form.save()
        if not request.htmx:
            messages.success(request, _("Saved."))
            return redirect(session)
        return changed(render(request, f"{TEMPLATE}#{card}", _context(membership, session)))
    context = _context(membership, session, **inline_form_context(
        form, card, request.path, title, session.get_absolute_url(), gm_only))
    template = "campaign/inline_edit.html"
    return render(request, f"{template}#inline_form" if request.htmx else template, context)


@login_required
@require_POST
def session_end(request, campaign_id, session_id):
    membership = gm_membership_or_404(request, campaign_id)
    session = _session_or_404(membership, session_id)
    said = membership.campaign.site.session_said
    attempt(request, lambda: actions.end_session(membership, session),
            (said[1] if said else _("%(session)s ended. Remind players to update their sheets.")) % {"session": session})
    return redirect(session)
