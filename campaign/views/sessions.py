from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaign import actions
from campaign.access import gm_membership_or_404, membership_or_404
from campaign.forms import SessionLogForm, SessionNotesForm, inline_form_context
from campaign.models import GameSession
from characters.forms import RecoveryForm
from core.htmx import changed
from core.refused import Refused

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
        "next_number": campaign.next_session_number()})


@login_required
@require_POST
def session_start(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    try:
        expected = int(request.POST.get("number", ""))
        session = actions.start_session(membership, expected)
    except ValueError:
        messages.error(request, "That form was out of date; nothing was started. Try again.")
        return redirect("sessions", campaign_id)
    except Refused as refusal:
        messages.error(request, str(refusal))
        return redirect("sessions", campaign_id)
    messages.success(request, f"{session} started: every character's momentum is reset.")
    return redirect(session)


def _context(membership, session, **forms):
    return {"membership": membership, "campaign": membership.campaign, "session": session,
            "characters": membership.campaign.characters.all(), "recovery_form": RecoveryForm(),
            **forms}


@login_required
@require_safe
def session_detail(request, campaign_id, session_id):
    membership = membership_or_404(request, campaign_id)
    session = _session_or_404(membership, session_id)
    return render(request, TEMPLATE, _context(membership, session))


def _edit(request, membership, session, form_class, partial, title):
    form = form_class(request.POST or None, instance=session)
    if request.method == "POST" and form.is_valid():
        form.save()
        if not request.htmx:
            messages.success(request, "Saved.")
            return redirect(session)
        return changed(render(request, f"{TEMPLATE}#{partial}_card", _context(membership, session)))
    gm_only = form_class is SessionNotesForm
    context = _context(membership, session, **inline_form_context(
        form, f"session-{partial}", request.path, title, session.get_absolute_url(), gm_only))
    template = "campaign/inline_edit.html"
    return render(request, f"{template}#inline_form" if request.htmx else template, context)


@login_required
@require_http_methods(["GET", "POST"])
def session_log(request, campaign_id, session_id):
    """The session log: everyone at the table reads and writes it."""
    membership = membership_or_404(request, campaign_id)
    return _edit(request, membership, _session_or_404(membership, session_id), SessionLogForm, "log",
                 "Session log")


@login_required
@require_http_methods(["GET", "POST"])
def session_notes(request, campaign_id, session_id):
    membership = gm_membership_or_404(request, campaign_id)
    return _edit(request, membership, _session_or_404(membership, session_id), SessionNotesForm,
                 "notes", "GM notes")


@login_required
@require_POST
def session_end(request, campaign_id, session_id):
    membership = gm_membership_or_404(request, campaign_id)
    session = _session_or_404(membership, session_id)
    try:
        actions.end_session(membership, session)
        messages.success(request, f"{session} ended. Offer recovery below where the fiction "
                         "allowed downtime, and remind players to update their details.")
    except Refused as refusal:
        messages.error(request, str(refusal))
    return redirect(session)
