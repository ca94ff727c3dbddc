"""A Charge roll's page, and what settles it: progress ticked, a consequence chosen, accepted,
resisted, protected against or cancelled, a setup's benefit."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.access import gm_membership_or_404, membership_or_404
from charge.actions import consequences
from charge.panels import roll_context
from core.htmx import answer
from core.posted import posted_text, whole_number
from core.refused import Refused
from gamerules.action_roll import SetupBenefit
from gamerules.consequences import ConsequenceKind
from rolls.views import roll_or_404


def roll_page(request, membership, roll):
    """A Charge roll's page (core/systems.py ``roll_page``): its result, and the controls that
    settle it."""
    template = "charge/rolls/roll.html#roll-result" if request.htmx else "charge/rolls/roll.html"
    return render(request, template, roll_context(membership, roll))


def _settled(request, membership, roll_id, error=""):
    roll = roll_or_404(membership, roll_id)
    return answer(request, "charge/rolls/roll.html#roll-result", lambda: roll_context(membership, roll),
                  roll, error)


def _apply(request, campaign_id, roll_id, act, gm_only=False):
    """Load the roll for this member (or GM), do ``act(membership)``, and answer with the roll's
    result, or with the refusal and nothing changed."""
    membership = (gm_membership_or_404 if gm_only else membership_or_404)(request, campaign_id)
    roll_or_404(membership, roll_id)
    try:
        act(membership)
    except Refused as refusal:
        return _settled(request, membership, roll_id, str(refusal))
    return _settled(request, membership, roll_id)


def _choice(enum, value, refusal):
    try:
        return enum(value)
    except ValueError:
        raise Refused(refusal) from None


@login_required
@require_POST
def roll_progress(request, campaign_id, roll_id):
    return _apply(request, campaign_id, roll_id, lambda m: consequences.tick_progress(
        m, roll_id, whole_number(request.POST.get("clock"))))


@login_required
@require_POST
def roll_consequence(request, campaign_id, roll_id):
    def inflict(membership):
        kind = _choice(ConsequenceKind, request.POST.get("kind", ""), _("Choose one of the five consequences."))
        new_name = posted_text(request, "new_clock", 120)
        new_clock = (new_name, whole_number(request.POST.get("new_clock_size")) or 0) if new_name else None
        consequences.choose_consequence(membership, roll_id, kind, whole_number(request.POST.get("target")),
                                   whole_number(request.POST.get("clock")), new_clock,
                                   story=posted_text(request, "story", 300))
    return _apply(request, campaign_id, roll_id, inflict, gm_only=True)


@login_required
@require_POST
def roll_accept(request, campaign_id, roll_id):
    return _apply(request, campaign_id, roll_id, lambda m: consequences.accept_consequence(m, roll_id))


@login_required
@require_POST
def roll_resist(request, campaign_id, roll_id):
    def resist(membership):
        burned, key = whole_number(request.POST.get("burn")), posted_text(request, "key", 64)
        if burned is None or not key:
            raise Refused(_("Choose how much momentum to burn."))
        consequences.resist_consequence(membership, roll_id, burned, key)
    return _apply(request, campaign_id, roll_id, resist)


@login_required
@require_POST
def roll_break(request, campaign_id, roll_id):
    return _apply(request, campaign_id, roll_id, lambda m: consequences.break_attachment(
        m, roll_id, whole_number(request.POST.get("attachment"))))


@login_required
@require_POST
def roll_protect(request, campaign_id, roll_id):
    return _apply(request, campaign_id, roll_id, lambda m: consequences.protect(
        m, roll_id, whole_number(request.POST.get("protector"))))


@login_required
@require_POST
def roll_setup(request, campaign_id, roll_id):
    def choose(membership):
        benefit = _choice(SetupBenefit, request.POST.get("benefit", ""), _("Choose +1 effect or a better risk."))
        consequences.choose_setup_benefit(membership, roll_id, benefit)
    return _apply(request, campaign_id, roll_id, choose)
