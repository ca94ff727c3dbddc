"""A roll played on its own page, step by step (a Traits conflict, an Ability action roll, an
Advantage check): each step's answer, and where the page goes once it is over."""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from campaign.access import gm_membership_or_404, membership_or_404
from core.htmx import answer, page
from core.refused import refusal_of
from rolls.models import Roll


def go(request, target: str):
    """To another page: htmx is told to go there; a plain request is redirected."""
    return HttpResponseClientRedirect(target) if request.htmx else redirect(target)


def open_or_its_roll(request, membership, model, pk, show, **its_roll):
    """The page of ``model`` ``pk`` while it is on its way (``show(found)``). Over, its roll's page:
    the roll the viewer sees whose ``its_roll`` match (``choices__conflict=pk``); taken back before
    any roll, the roll log."""
    found = model.objects.open_for(membership).filter(pk=pk).first()
    if found is not None:
        return show(found)
    roll = Roll.objects.visible_to(membership).filter(campaign=membership.campaign, **its_roll).first()
    return go(request, roll.get_absolute_url() if roll else reverse("rolls", args=[membership.campaign_id]))


def step(request, membership, found, act, partial: str, context, *, anyone: bool = False):
    """A step of ``found`` (on its way, with ``key``, ``character`` and ``open_for``): its
    player's (and the GM's, who may act for any character), or any member's (``anyone``).
    Once it is over, its roll's page tells the rest: the roll carries its key; taken back before
    any roll, the character's sheet."""
    if not anyone and not found.character.editable_by(membership):
        raise Http404("Not yours to play")
    error = refusal_of(lambda: act(membership, found.pk))
    after = type(found).objects.open_for(membership).filter(pk=found.pk).first()
    if after is None:
        roll = Roll.objects.filter(idempotency_key=found.key).first()
        return go(request, roll.get_absolute_url() if roll else found.character.get_absolute_url())
    return answer(request, partial, lambda: context(membership, after), after, error)


def plainly(act):
    """A step that reads nothing posted: ``act(membership, pk)``."""
    return lambda request, membership, pk: act(membership, pk)


@dataclass(frozen=True)
class PlayedOnItsPage:
    """A kind of roll played on its own page: its model (on its way: ``open_for``, ``key``,
    ``character``), the template and its live panel, what the page reads
    (``context(membership, found)``), and the roll log's lookups that find its roll once it is
    over (``its_roll(pk)``). Its views are made here: the page, and each step."""

    model: type
    template: str
    panel: str
    context: Callable
    its_roll: Callable[[int], dict]

    def page(self):
        @login_required
        @require_safe
        def view(request, campaign_id, **found):
            membership, (pk,) = membership_or_404(request, campaign_id), found.values()
            return open_or_its_roll(request, membership, self.model, pk, lambda it: page(
                request, self.template, self.context(membership, it), {self.panel: self.template}), **self.its_roll(pk))
        return view

    def step(self, act, *, gm: bool = False, anyone: bool = False):
        """A step, ``act(request, membership, pk)``: the GM's (``gm``), any member's (``anyone``, with a
        character of theirs where the step needs one), or its player's."""
        @login_required
        @require_POST
        def view(request, campaign_id, **found):
            membership = (gm_membership_or_404 if gm else membership_or_404)(request, campaign_id)
            (pk,) = found.values()
            it = get_object_or_404(self.model.objects.open_for(membership), pk=pk)
            return step(request, membership, it, lambda m, its_pk: act(request, m, its_pk),
                        f"{self.template}#{self.panel}", self.context, anyone=anyone)
        return view
