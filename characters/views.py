"""What every dice system's sheet shares: who may read or change a character, the sheet's page
(as the campaign's system shows it), a new character, a text field, and the history."""

from django.contrib.auth.decorators import login_required
from django.db import DEFAULT_DB_ALIAS
from django.db.models import Q, prefetch_related_objects
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaign.access import gm_membership_or_404, membership_or_404
from characters import actions
from characters.forms import NewCharacterForm, TextFieldForm
from characters.history import MOST, Entry, entries
from characters.models import Character
from core.htmx import attempt, changed
from core.posted import whole_number
from core.refused import Refused

TEXT = "characters/text.html"


def character_or_404(membership, character_id) -> Character:
    """Every member reads every sheet of the campaign (GM-only notes are left out by the view):
    the character whole, with its talents."""
    character = sheet_or_404(membership, character_id)
    prefetch_related_objects([character], "talents")
    return character


def own_sheet(request, campaign_id, character_id) -> tuple:
    """The member, and a sheet they may change (their own, or any for a GM); else 404."""
    membership = membership_or_404(request, campaign_id)
    return membership, editable_character_or_404(membership, character_id)


def chosen(request, characters: list[Character]) -> Character | None:
    """Of the characters a member plays, the one a new roll is for: the one asked for
    (``character``, posted or in the address), else the only one."""
    asked = whole_number(request.POST.get("character") or request.GET.get("character"))
    if asked is not None:
        return next((c for c in characters if c.pk == asked), None)
    return characters[0] if len(characters) == 1 else None


def editable_character_or_404(membership, character_id) -> Character:
    character = character_or_404(membership, character_id)
    if not character.editable_by(membership):
        raise Http404("Not your character")
    return character


@login_required
@require_safe
def character_sheet(request, campaign_id, character_id):
    """The sheet as the campaign's dice system shows it (core/systems.py)."""
    membership = membership_or_404(request, campaign_id)
    return membership.campaign.site.sheet(request, membership, character_id)


def sheet_or_404(membership, character_id) -> Character:
    """The sheet's character whole, with its dice system's sheet and its owner, to render it; its
    talents only once a template reads them."""
    characters = Character.objects.with_sheets(membership.campaign).select_related("owner")
    character = get_object_or_404(characters, campaign=membership.campaign, pk=character_id)
    character.campaign = membership.campaign  # already loaded, with its rules
    return character


def whose_sheet_or_404(membership, character_id) -> Character:
    """The sheet's character read narrow (its id, campaign and owner: whom a kept rendering of it is
    for), with the characters its viewer plays (``Membership.played``) in the same query; what else
    it holds is read only if asked for, so render it from :func:`sheet_or_404`. A membership read
    with whose each character is (``Membership.cast``) answers without a query."""
    if (cast := membership.cast) is not None:
        if character_id not in cast:
            raise Http404("No such character in this campaign")
        return Character.from_db(DEFAULT_DB_ALIAS, ["id", "campaign_id", "owner_id"],
                                 (character_id, membership.campaign_id, cast[character_id]))
    mine = Q() if membership.is_gm else Q(owner=membership.user_id)
    found = list(Character.objects.only("pk", "campaign", "owner")
                 .filter(Q(pk=character_id) | mine, campaign=membership.campaign).order_by("pk"))
    if not membership.is_gm:
        membership.played = tuple(c.pk for c in found if c.owner_id == membership.user_id)
    character = next((c for c in found if c.pk == character_id), None)
    if character is None:
        raise Http404("No such character in this campaign")
    return character


@login_required
@require_safe
def character_print(request, campaign_id, character_id):
    """The sheet on paper, as the campaign's dice system prints it; every member may print any."""
    membership = membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    site = membership.campaign.site
    if not site.print_sheet:
        raise Http404("This dice system prints no sheet")
    return render(request, site.print_sheet, site.sheet_context(membership, character))


@login_required
@require_http_methods(["GET", "POST"])
def character_create(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    form = NewCharacterForm(request.POST or None, campaign=membership.campaign)
    if request.method == "POST" and form.is_valid():
        character = actions.create_character(membership, form.cleaned_data["name"],
                                             form.cleaned_data.get("playbook"))
        return redirect(character)
    return render(request, "characters/new.html", {
        "membership": membership, "campaign": membership.campaign, "form": form})


def _text_context(membership, character, field, **extra):
    """What a text field's partials read, on any system's sheet (characters/text.html)."""
    return {"membership": membership, "campaign": membership.campaign, "character": character,
            "can_edit": character.editable_by(membership), "field": field, **extra}


@login_required
@require_http_methods(["GET", "POST"])
def character_text(request, campaign_id, character_id, field):
    membership, character = own_sheet(request, campaign_id, character_id)
    if field != "name" and field not in character.text_fields_for(membership):
        raise Http404("No such field")
    current = getattr(character.text_holder(field), field)
    form = TextFieldForm(request.POST or None, field=field, model=type(character.text_holder(field)),
                         initial={"value": current, "seen": current})
    context = {"form": form, "current": current}
    if request.method == "POST" and form.is_valid():
        try:
            character = actions.set_text(membership, character, field, form.cleaned_data["value"],
                                         form.cleaned_data["seen"])
        except Refused as refusal:
            character.refresh_from_db()
            current = getattr(character.text_holder(field), field)
            form = TextFieldForm(field=field, model=type(character.text_holder(field)),
                                 initial={"value": form.cleaned_data["value"], "seen": current})
            context.update(form=form, current=current, conflict=str(refusal))
        else:
            if not request.htmx:
                return redirect(character)
            return changed(render(request, f"{TEXT}#text_field", _text_context(
                membership, character, field, current=getattr(character.text_holder(field), field))))
    template = f"{TEXT}#text_form" if request.htmx else "characters/text_edit.html"
    return render(request, template, _text_context(membership, character, field, **context))


FIELD_WORDS = {
    "name": pgettext_lazy("sheet field", "name"), "concept": pgettext_lazy("sheet field", "concept"),
    "appearance": pgettext_lazy("sheet field", "appearance"), "condition": pgettext_lazy("sheet field", "condition"),
    "created": pgettext_lazy("sheet field", "created"), "gm_notes": pgettext_lazy("sheet field", "gm notes"),
}
"""The words the history names each restorable field by, before capfirst (actions.RESTORABLE)."""


def _changes(version, previous):
    """What one version changed, field by field, in words."""
    if previous is None:
        return [("created", "", "")]
    delta = version.diff_against(previous, included_fields=actions.RESTORABLE)

    def shown(value, field):  # 0 is a value; only nothing at all reads as a dash
        if isinstance(value, bool):
            return pgettext("a yes-or-no field's value", "True") if value else pgettext("a yes-or-no field's value", "False")
        if value in ("", None, {}):
            return "—"
        return value
    return [(FIELD_WORDS.get(change.field, change.field.replace("_", " ")), shown(change.old, change.field),
             shown(change.new, change.field)) for change in delta.changes]


@login_required
@require_safe
def character_history(request, campaign_id, character_id):
    """Every recorded version of a sheet, with who changed what, newest first: the character's
    own (each may be restored) and its dice system's rows; GMs only."""
    membership = gm_membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    versions = list(character.history.select_related("history_user")[:MOST + 1])
    own = [Entry(version.history_date, version.history_user, version.history_change_reason or "",
                 tuple(_changes(version, versions[i + 1] if i + 1 < len(versions) else None)),
                 restore=None if i == 0 else version.history_id)
           for i, version in enumerate(versions[:MOST])]
    rows = sorted(own + entries(character, membership.campaign.site.sheet_history),
                  key=lambda entry: entry.when, reverse=True)[:MOST]
    return render(request, "characters/history.html", {
        "membership": membership, "campaign": membership.campaign, "character": character, "rows": rows})


@login_required
@require_POST
def character_restore(request, campaign_id, character_id, history_id):
    membership = gm_membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    attempt(request, lambda: actions.restore_character(membership, character, history_id),
            _("%(name)s's sheet is restored.") % {"name": character.name})
    return redirect("character_history", campaign_id, character_id)
