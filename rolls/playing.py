"""A roll played on its own page, step by step (a Traits conflict, an Ability action roll, an
Advantage check): each step's answer, and where the page goes once it is over."""

from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect

from core.htmx import answer
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
