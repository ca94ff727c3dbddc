"""The table screen (what every player may see, readable from two metres, no controls) and the
GM console (the same and the secrets, with the controls)."""

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from campaign.access import gm_membership_or_404, membership_or_404
from campaign.forms import MilestoneForm, posted_text
from campaign.models import Campaign


@dataclass(frozen=True)
class TableViewer:
    """Stands in for a membership on the table screen: it sees what every player may see."""

    campaign: Campaign
    is_gm: bool = False
    user_id: None = None

    @property
    def campaign_id(self):
        return self.campaign.pk


TABLE_PANELS = ("table_clocks", "table_characters", "table_rolls", "roll_call")


def roll_call(campaign):
    """The roll the GM called for, with its character, or None."""
    call = campaign.roll_call or {}
    character = campaign.characters.filter(pk=call.get("character") or 0).first()
    return {**call, "character": character} if character else None


def _context(membership, viewer, console=False):
    campaign = membership.campaign
    rolls = list(campaign.rolls.visible_to(viewer).select_related("character")[:8])
    return {
        "membership": membership, "viewer": viewer, "campaign": campaign, "console": console,
        "clocks": campaign.clocks.visible_to(viewer).in_play().for_display()[:9 if console else 6],
        "characters": campaign.characters.select_related("owner"),
        "rules": campaign.rules, "session": campaign.current_session,
        "last_roll": rolls[0] if rolls else None, "rolls": rolls, "call": roll_call(campaign),
        "readonly": not console, "shortcuts": console,
    }


def _render(request, template, context, panels):
    panel = request.GET.get("panel")
    if request.htmx and panel in panels:
        # The shared panels are defined on the table screen, the console's own on the console.
        owner = "campaign/table.html" if panel in TABLE_PANELS else template
        return render(request, f"{owner}#{panel}", context)
    return render(request, template, context)


@login_required
@require_safe
def table_screen(request, campaign_id):
    """For the laptop everyone looks at, or a projector: only what every player may see."""
    membership = membership_or_404(request, campaign_id)
    context = _context(membership, TableViewer(membership.campaign))
    return _render(request, "campaign/table.html", context, TABLE_PANELS)


CONSOLE_PANELS = TABLE_PANELS + ("console_session", "console_forces")


@login_required
@require_safe
def console(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    campaign = membership.campaign
    context = _context(membership, membership, console=True)
    context.update({
        "forces": campaign.forces.visible_to(membership),
        "milestones": campaign.milestones.count(),
        "milestone_form": MilestoneForm(initial={"expected_count": campaign.milestones.count()}),
        "next_number": (campaign.sessions.order_by("-number").values_list("number", flat=True).first() or 0) + 1,
    })
    return _render(request, "campaign/console.html", context, CONSOLE_PANELS)


@login_required
@require_POST
def call_for_roll(request, campaign_id):
    """The GM calls for a roll; every screen shows it until that character rolls."""
    membership = gm_membership_or_404(request, campaign_id)
    campaign = membership.campaign
    character = campaign.characters.filter(pk=request.POST.get("character") or 0).first()
    action = request.POST.get("action", "")
    if request.POST.get("clear"):
        campaign.roll_call = {}
    elif character is None or action not in campaign.rules.action_names:
        messages.error(request, "Choose a character and an action to call for a roll.")
        return redirect("console", campaign_id)
    else:
        campaign.roll_call = {"character": character.pk, "action": action,
                              "goal": posted_text(request, "goal", 300)}
    campaign.save(update_fields=["roll_call"])
    campaign.bump()
    return redirect("console", campaign_id)
