"""The party sheet ("Party Extra"): four key concepts with their supporting details, and the
party's danger and progress clocks. Every member writes it; the GM clears a full clock."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from campaign.access import gm_membership_or_404, membership_or_404
from charge.actions import party as actions
from charge.models import concept_dispositions
from clocks.models import SeenClock
from core.htmx import answer, page
from core.keys import refusal_once
from core.posted import posted_text, whole_number
from gamerules.dials import Extra, ExtraDial
from gamerules.party import (
    DANGER_FILLED,
    DETAILED_RANGE,
    DETAILS_PER_CONCEPT,
    PROGRESS_FILLED,
    Disposition,
    KeyConcept,
)

PARTY = "charge/party.html"


def party_membership_or_404(request, campaign_id, gm=False):
    membership = (gm_membership_or_404 if gm else membership_or_404)(request, campaign_id)
    if not membership.campaign.charge.rules.has(Extra.PARTY):
        raise Http404("The Party extra is off")
    return membership


def disposition_choices(rules) -> list[tuple[int, str]]:
    """The dispositions a supporting detail may take under the campaign's dials."""
    if rules.dialled(ExtraDial.PARTY_DETAILED_DISPOSITION):
        return [(value, f"{value:+d}" if value else "0") for value in reversed(DETAILED_RANGE)]
    shown = [d for d in reversed(Disposition) if d or not rules.dialled(ExtraDial.PARTY_NO_NEUTRAL)]
    return [(int(d), d.label) for d in shown]


def party_context(membership) -> dict:
    campaign = membership.campaign
    rules = campaign.charge.rules
    detailed = rules.dialled(ExtraDial.PARTY_DETAILED_DISPOSITION)
    details = list(campaign.party_details.select_related("clock"))
    dispositions = concept_dispositions(details, detailed)
    concepts = []
    for concept in KeyConcept:
        key = next((d for d in details if d.key and d.concept == concept.value), None)
        supporting = [(d, d.reads_as(detailed), _own_clock(d, membership))
                      for d in details if not d.key and d.concept == concept.value]
        concepts.append({"concept": concept, "key": key, "details": supporting, "disposition": dispositions[concept],
                         "rewrite": key is not None and key.disposition != dispositions[concept],
                         "full": len(supporting) >= DETAILS_PER_CONCEPT})
    clocks = list(campaign.clocks.filter(party=True, archived=False).for_display())
    return {"membership": membership, "campaign": campaign, "concepts": concepts, "clocks": clocks,
            "full_clocks": [(clock, DANGER_FILLED if clock.kind == "danger" else PROGRESS_FILLED)
                            for clock in clocks if clock.is_full],
            "dispositions": disposition_choices(rules), "detailed": detailed,
            "shifts": (("up", "↑"), ("down", "↓")),  # the template words each button's label
            "no_neutral": rules.dialled(ExtraDial.PARTY_NO_NEUTRAL),
            "more_clocks": rules.dialled(ExtraDial.PARTY_MORE_CLOCKS)}


def _own_clock(detail, membership) -> SeenClock | None:
    """A detail's own clock ("More Clocks"), as the viewer may see it; None while it has none."""
    clock = detail.clock
    return SeenClock(clock, membership) if clock is not None and not clock.archived else None


@login_required
@require_safe
def party_sheet(request, campaign_id):
    membership = party_membership_or_404(request, campaign_id)
    return page(request, PARTY, party_context(membership), {"party-sheet": PARTY})


def _answer(request, membership, act):
    error = refusal_once(request, act)
    return answer(request, f"{PARTY}#party-sheet", lambda: party_context(membership),
                  reverse("party", args=[membership.campaign_id]), error)


@login_required
@require_POST
def party_detail(request, campaign_id):
    """Write a key concept or a supporting detail, new or changed."""
    membership = party_membership_or_404(request, campaign_id)
    disposition = whole_number(request.POST.get("disposition", "0"))
    return _answer(request, membership, lambda: actions.write_party_detail(
        membership, request.POST.get("concept", ""), posted_text(request, "text", 200),
        disposition if disposition is not None else 99, whole_number(request.POST.get("detail")),
        key=request.POST.get("key_concept") == "1"))


@login_required
@require_POST
def party_detail_shift(request, campaign_id, detail_id):
    membership = party_membership_or_404(request, campaign_id)
    return _answer(request, membership, lambda: actions.shift_party_detail(
        membership, detail_id, request.POST.get("direction") == "up"))


@login_required
@require_POST
def party_detail_track(request, campaign_id, detail_id):
    """Give a supporting detail its own progress or danger clock ("More Clocks")."""
    membership = party_membership_or_404(request, campaign_id)
    return _answer(request, membership, lambda: actions.track_party_detail(
        membership, detail_id, request.POST.get("kind", "")))


@login_required
@require_POST
def party_detail_remove(request, campaign_id, detail_id):
    membership = party_membership_or_404(request, campaign_id)
    return _answer(request, membership, lambda: actions.remove_party_detail(membership, detail_id))


@login_required
@require_POST
def party_clock_clear(request, campaign_id, clock_id):
    membership = party_membership_or_404(request, campaign_id, gm=True)
    return _answer(request, membership, lambda: actions.clear_party_clock(membership, clock_id))
