from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import prefetch_related_objects
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRefresh, retarget

from campaign.access import gm_membership_or_404, membership_or_404, sheet_seen_as
from campaign.views.campaigns import dashboard_context
from characters import actions
from characters.forms import (
    NewCharacterForm,
    PlaybookForm,
    ProjectForm,
    RecoveryForm,
    SpellForm,
    TalentForm,
    TextFieldForm,
    TieForm,
)
from characters.models import Character, Goal, Playbook, Spell, Talent, slot_kind
from clocks.models import SeenClock
from core.htmx import answer, attempt, changed, page
from core.keys import once
from core.posted import posted_text, whole_number
from core.refused import Refused
from core.templatetags.words import action as action_word
from gamerules.attachments import ATTACHMENTS_MOST
from gamerules.dials import Extra, ExtraDial
from gamerules.economy import MONEY_MOST
from gamerules.goals import Difficulty
from gamerules.progression import TALENT_LINE, TalentKind, unlocked_slots
from gamerules.progression import Talent as RulesTalent

SHEET = "characters/sheet.html"
PANELS = dict.fromkeys(("vitals", "actions", "talents", "ties", "projects", "assets", "attachments", "goals",
                        "economy", "spells"), SHEET)


def character_or_404(membership, character_id, *, talents=True) -> Character:
    """Every member reads every sheet of the campaign (GM-only notes are left out by the view)."""
    characters = Character.objects.select_related("owner", "playbook")
    character = get_object_or_404(characters.prefetch_related("talents") if talents else characters,
                                  campaign=membership.campaign, pk=character_id)
    character.campaign = membership.campaign  # already loaded, with its rules
    return character


def own_sheet(request, campaign_id, character_id) -> tuple:
    """The member, and a sheet they may change (their own, or any for a GM); else 404."""
    membership = membership_or_404(request, campaign_id)
    return membership, editable_character_or_404(membership, character_id)


def editable_character_or_404(membership, character_id) -> Character:
    character = character_or_404(membership, character_id)
    if not character.editable_by(membership):
        raise Http404("Not your character")
    return character


@dataclass(frozen=True)
class TalentLine:
    """The talent line as the sheet shows it ("Talents"): each slot with its kind, its talent
    and whether a milestone has opened it; the open slots and the next shown, the rest folded."""

    slots: list[tuple[int, str, str | None, bool]]
    starting: str | None
    locked_from: int
    locked_count: int


def _talent_line(campaign, character) -> TalentLine:
    prefetch_related_objects([character], "talents")
    opened = unlocked_slots(campaign.milestones.count())
    talents = {talent.slot: talent.as_rule().describe(campaign.wording) for talent in character.talents.all()}
    return TalentLine([(slot, kind.label(campaign.wording), talents.get(slot), slot <= opened)
                       for slot, kind in enumerate(TALENT_LINE, start=1)],
                      talents.get(Talent.STARTING_SLOT), min(opened + 1, len(TALENT_LINE)),
                      max(0, len(TALENT_LINE) - opened - 1))


def sheet_context(membership, character, **extra):
    campaign = membership.campaign
    rules = campaign.rules
    dots_spent = sum(character.action_dots.values())
    can_edit = character.editable_by(membership)
    # GM notes reach the template only for a GM.
    uses_scars = rules.has(Extra.SCARS)
    fields = character.text_fields_for(membership)

    def ratings():
        prefetch_related_objects([character], "talents")  # talent dots count in the ratings
        return character.actions_by_attribute(rules)
    # What costs a query is made only if the panel rendered shows it (a live panel renders alone).
    return {
        "membership": membership, "campaign": campaign, "character": character, "rules": rules,
        "can_edit": can_edit, "actions": SimpleLazyObject(ratings),
        "may_set_dots": (can_edit and not character.created) or (membership.is_gm and character.created),
        "escalated": _escalated(character, campaign.wording),
        "text_fields": [(field, getattr(character, field)) for field in fields],
        "dots_left": rules.starting_dots - dots_spent,
        "dot_scale": range(1, (rules.max_rating if character.created else rules.creation_cap) + 1),
        "talents": SimpleLazyObject(lambda: _talent_line(campaign, character)),
        "uses_starting_talent": rules.has(Extra.STARTING_TALENT), "uses_scars": uses_scars,
        "assets": (SimpleLazyObject(lambda: list(character.assets.filter(spent_by__isnull=True)))
                   if rules.has(Extra.ASSET) else None),
        "attachments": (SimpleLazyObject(lambda: list(character.attachments.select_related("repair")))
                        if rules.has(Extra.ATTACHMENT) else None),
        "attachments_most": ATTACHMENTS_MOST,
        "attachment_condition": rules.dialled(ExtraDial.ATTACHMENT_CONDITION),
        "goals": SimpleLazyObject(lambda: list(character.goals.all())) if rules.has(Extra.GOALS) else None,
        "spells": SimpleLazyObject(lambda: _spells(membership, character)) if rules.has(Extra.MAGIC) else None,
        "spell_form": SpellForm(campaign=campaign) if rules.has(Extra.MAGIC) and can_edit else None,
        "threats": (SimpleLazyObject(lambda: list(campaign.threats.facing(character.pk)))
                    if rules.has(Extra.THREAT_LEVEL) else []),
        "uses_market": rules.has(Extra.ECONOMY), "money_most": MONEY_MOST,
        "goal_rolls": {"advance": rules.dialled(ExtraDial.GOALS_ROLL_TO_ADVANCE),
                       "resolve": rules.dialled(ExtraDial.GOALS_ROLL_TO_RESOLVE)},
        "difficulties": [(d.value, _difficulty_words(d)) for d in Difficulty],
        # A tie names its force only while the viewer may see that force.
        "ties": SimpleLazyObject(lambda: [
            (tie, tie.linked_force if tie.linked_force and tie.linked_force.shown_to(membership) else None)
            for tie in character.ties.select_related("linked_character", "linked_force")]),
        "clocks": character.clocks.visible_to(membership).active().for_display(),
        "session": SimpleLazyObject(lambda: campaign.current_session),
        **extra,
    }


@dataclass(frozen=True)
class SpellOnSheet:
    """A spell as a viewer reads it: why it cannot be cast now ("" when it can), what its readied
    effect gives a roll, and its time and danger clocks as the viewer may see them (None: not at all)."""

    spell: Spell
    refusal: str
    gives: str
    ritual: SeenClock | None
    danger: SeenClock | None

    @property
    def clocks(self):
        return ((_("Time"), self.ritual), (_("Danger"), self.danger))


def _spells(membership, character) -> list[SpellOnSheet]:
    campaign = membership.campaign
    session = campaign.current_session
    or_word = pgettext("between alternatives", "or")

    def seen(clock):
        view = SeenClock(clock, membership) if clock is not None and not clock.archived else None
        return view if view and view.known else None
    return [SpellOnSheet(spell, next(iter(spell.casting_errors(campaign.day, session.pk if session else None)), ""),
                         f" {or_word} ".join(str(benefit.label(campaign.wording)) for benefit in spell.benefits()),
                         seen(spell.ritual), seen(spell.danger))
            for spell in character.spells.select_related("ritual", "danger")]


def _difficulty_words(difficulty: Difficulty) -> str:
    """A goal's difficulty as the form offers it: its name, its ticks a step and its talent dots."""
    return ngettext("%(difficulty)s: +%(ticks)s a step, %(dots)s talent dot",
                    "%(difficulty)s: +%(ticks)s a step, %(dots)s talent dots", difficulty.talent_dots) % {
        "difficulty": dict(Goal.DIFFICULTIES)[difficulty.value], "ticks": difficulty.ticks,
        "dots": difficulty.talent_dots}


def _escalated(character, wording) -> str:
    """The risk an escalated action's rolls start at, in the campaign's words, or ""."""
    risk = character.escalated_for(character.escalated_action)
    return str(risk.label(wording)).lower() if risk else ""


def sheet_answer(request, membership, character, panel, error="", **extra):
    """After a change to the sheet: the panel that changed, or the whole sheet without htmx."""
    return answer(request, f"{SHEET}#{panel}",
                  lambda: sheet_context(membership, character, **extra), character, error)


@login_required
@require_safe
def character_sheet(request, campaign_id, character_id):
    """The sheet as the campaign's dice system shows it (core/systems.py)."""
    membership = membership_or_404(request, campaign_id)
    # The talents only when the sheet is rendered (sheet_context), not when it is served as
    # rendered once for this audience.
    character = character_or_404(membership, character_id, talents=False)
    return membership.campaign.site.sheet(request, membership, character)


def charge_sheet(request, membership, character):
    return page(request, SHEET, lambda: sheet_context(membership, character), PANELS,
                sheet_seen_as(membership, character))


@login_required
@require_safe
def character_print(request, campaign_id, character_id):
    membership = membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    return render(request, "characters/print.html", sheet_context(membership, character))


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


@login_required
@require_http_methods(["GET", "POST"])
def character_text(request, campaign_id, character_id, field):
    membership, character = own_sheet(request, campaign_id, character_id)
    if field != "name" and field not in character.text_fields_for(membership):
        raise Http404("No such field")
    current = getattr(character, field)
    form = TextFieldForm(request.POST or None, field=field,
                         initial={"value": current, "seen": current})
    context = {"field": field, "form": form, "current": current}
    if request.method == "POST" and form.is_valid():
        try:
            character = actions.set_text(membership, character, field, form.cleaned_data["value"],
                                         form.cleaned_data["seen"])
        except Refused as refusal:
            character.refresh_from_db()
            form = TextFieldForm(field=field, initial={"value": form.cleaned_data["value"],
                                                       "seen": getattr(character, field)})
            context.update(form=form, current=getattr(character, field), conflict=str(refusal))
        else:
            if not request.htmx:
                return redirect(character)
            return changed(render(request, f"{SHEET}#text_field", sheet_context(
                membership, character, field=field, current=getattr(character, field))))
    template = f"{SHEET}#text_form" if request.htmx else "characters/text_edit.html"
    return render(request, template, sheet_context(membership, character, **context))


@login_required
@require_POST
def character_dots(request, campaign_id, character_id):
    membership, character = own_sheet(request, campaign_id, character_id)
    try:
        dots = int(request.POST.get("dots", ""))
        actions.set_dots(membership, character, request.POST.get("action", ""), dots)
    except ValueError:
        return sheet_answer(request, membership, character, "actions", _("Choose a number of dots."))
    except Refused as refusal:
        return sheet_answer(request, membership, character, "actions", str(refusal))
    character.refresh_from_db()
    return sheet_answer(request, membership, character, "actions")


@login_required
@require_POST
def character_finish(request, campaign_id, character_id):
    membership, character = own_sheet(request, campaign_id, character_id)
    try:
        actions.finish_creation(membership, character)
    except Refused as refusal:
        return sheet_answer(request, membership, character, "actions", str(refusal))
    messages.success(request, _("%(name)s is ready to play.") % {"name": character.name})
    if request.htmx:  # the whole sheet changes shape once creation is done
        return HttpResponseClientRefresh()
    return redirect(character)


def _one_step(request, campaign_id, character_id, change, refusal, panel="vitals"):
    """Momentum, stress or money, one step up or down, on the owner's or a GM's say."""
    membership, character = own_sheet(request, campaign_id, character_id)
    delta = {"1": 1, "-1": -1}.get(request.POST.get("delta", ""))
    if delta is None:
        return sheet_answer(request, membership, character, panel, refusal)
    try:
        character = once(request, lambda: change(membership, character, delta)) or character
    except Refused as refused:
        return sheet_answer(request, membership, character, panel, str(refused))
    return sheet_answer(request, membership, character, panel)


@login_required
@require_POST
def character_momentum(request, campaign_id, character_id):
    return _one_step(request, campaign_id, character_id, actions.change_momentum,
                     _("Add or spend one at a time."))


@login_required
@require_POST
def character_money(request, campaign_id, character_id):
    return _one_step(request, campaign_id, character_id, actions.change_money, _("Add or spend one at a time."),
                     "economy")


@login_required
@require_POST
def character_stress(request, campaign_id, character_id):
    return _one_step(request, campaign_id, character_id, actions.change_stress,
                     _("Take or clear one at a time."))


@login_required
@require_POST
def character_back(request, campaign_id, character_id):
    return _vitals_tap(request, campaign_id, character_id, actions.back_in_action)


@login_required
@require_POST
def character_hardened(request, campaign_id, character_id):
    return _vitals_tap(request, campaign_id, character_id, actions.harden)


@login_required
@require_POST
def character_bow_out(request, campaign_id, character_id):
    return _vitals_tap(request, campaign_id, character_id, actions.bow_out)


def _vitals_tap(request, campaign_id, character_id, change, gm_only=False):
    """One tap that changes the vitals panel: back in action, an escalation set back (GM)."""
    membership = (gm_membership_or_404 if gm_only else membership_or_404)(request, campaign_id)
    character = (character_or_404 if gm_only else editable_character_or_404)(membership, character_id)
    return _sheet_change(request, membership, character, "vitals", lambda: change(membership, character))


def _sheet_change(request, membership, character, panel, change):
    """Do ``change()`` (once per key) and answer with the sheet's panel as it is now, or with the
    refusal."""
    try:
        once(request, change)
    except Refused as refusal:
        return sheet_answer(request, membership, character, panel, str(refusal))
    character.refresh_from_db()  # the action changed a locked copy
    return sheet_answer(request, membership, character, panel)


@login_required
@require_http_methods(["GET", "POST"])
def character_talent(request, campaign_id, character_id, slot):
    membership, character = own_sheet(request, campaign_id, character_id)
    if not 0 <= slot <= len(TALENT_LINE):
        raise Http404("No such slot")
    rules = membership.campaign.rules
    existing = character.talents.filter(slot=slot).first()
    prefill = (character.playbook.talents.get(str(slot), {}) if character.playbook else {})
    initial = ({"kind": existing.kind, "action": existing.action, "situation": existing.situation,
                "instead_of": existing.instead_of} if existing else
               {"kind": slot_kind(slot).value, **prefill})
    form = TalentForm(request.POST or None, initial=initial, slot_kind=slot_kind(slot),
                      action_names=rules.action_names, wording=membership.campaign.wording)
    error = ""
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        talent = RulesTalent(TalentKind(data["kind"]), data["action"], data.get("situation", ""),
                             data.get("instead_of", ""))
        try:
            actions.fill_talent(membership, character, slot, talent)
        except Refused as refusal:
            error = str(refusal)
        else:
            return sheet_answer(request, membership, character, "talents")
    context = sheet_context(membership, character, form=form, slot=slot, error=error,
                            slot_label=slot_kind(slot).label(membership.campaign.wording))
    if request.htmx:  # the form, back in its own slot of the line
        return retarget(render(request, f"{SHEET}#talent_form", context), f"#slot-{slot}")
    return render(request, "characters/talent_edit.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def character_tie(request, campaign_id, character_id):
    """The tie form, asked for when wanted (it lists every character and force), and its post."""
    membership, character = own_sheet(request, campaign_id, character_id)
    form = TieForm(request.POST or None, character=character, membership=membership)
    if request.method == "GET":
        context = sheet_context(membership, character, tie_form=form)
        if request.htmx:
            return render(request, f"{SHEET}#tie_form", context)
        return render(request, "characters/tie_edit.html", context)
    if not form.is_valid():
        return sheet_answer(request, membership, character, "ties",
                      _("Write who the character is tied to, and how (300 characters at most)."),
                      tie_form=form)
    once(request, lambda: actions.add_tie(membership, character, form.cleaned_data["text"], **form.links()))
    return sheet_answer(request, membership, character, "ties")


@login_required
@require_POST
def character_tie_delete(request, campaign_id, character_id, tie_id):
    membership, character = own_sheet(request, campaign_id, character_id)
    get_object_or_404(character.ties, pk=tie_id).delete()
    return sheet_answer(request, membership, character, "ties")


@login_required
@require_POST
def character_clock(request, campaign_id, character_id):
    membership, character = own_sheet(request, campaign_id, character_id)
    form = ProjectForm(request.POST, campaign=membership.campaign, gm=membership.is_gm)
    if not form.is_valid():
        return sheet_answer(request, membership, character, "projects",
                      _("Name the project and choose its size from the campaign's clock sizes."),
                      project_form=form)
    once(request, lambda: actions.add_clock(membership, character, **form.cleaned_data))
    return sheet_answer(request, membership, character, "projects")


FIELD_WORDS = {
    "name": pgettext_lazy("sheet field", "name"), "concept": pgettext_lazy("sheet field", "concept"),
    "appearance": pgettext_lazy("sheet field", "appearance"), "condition": pgettext_lazy("sheet field", "condition"),
    "momentum": pgettext_lazy("sheet field", "momentum"), "stress": pgettext_lazy("sheet field", "stress"),
    "taken_out": pgettext_lazy("sheet field", "taken out"), "action_dots": pgettext_lazy("sheet field", "action dots"),
    "created": pgettext_lazy("sheet field", "created"), "gm_notes": pgettext_lazy("sheet field", "gm notes"),
    "better_risk_next": pgettext_lazy("sheet field", "better risk next"),
    "escalated_action": pgettext_lazy("sheet field", "escalated action"),
    "escalated_risk": pgettext_lazy("sheet field", "escalated risk"),
    "lost_action": pgettext_lazy("sheet field", "lost action"), "scars": pgettext_lazy("sheet field", "scars"),
    "compensations": pgettext_lazy("sheet field", "compensations"),
    "goal_dots": pgettext_lazy("sheet field", "goal dots"), "money": pgettext_lazy("sheet field", "money"),
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
        if field in ("escalated_action", "lost_action"):  # an action's name, in the reader's words
            return action_word(value)
        if field == "action_dots" and isinstance(value, dict):
            return {action_word(name): dots for name, dots in value.items()}
        return value
    return [(FIELD_WORDS.get(change.field, change.field.replace("_", " ")), shown(change.old, change.field),
             shown(change.new, change.field)) for change in delta.changes]


@login_required
@require_safe
def character_history(request, campaign_id, character_id):
    """Every recorded version of a sheet, with who changed what; GMs only."""
    membership = gm_membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    versions = list(character.history.select_related("history_user")[:101])
    rows = [(version, _changes(version, versions[i + 1] if i + 1 < len(versions) else None))
            for i, version in enumerate(versions[:100])]
    return render(request, "characters/history.html", {
        "membership": membership, "campaign": membership.campaign, "character": character,
        "rows": rows})


@login_required
@require_POST
def character_restore(request, campaign_id, character_id, history_id):
    membership = gm_membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    attempt(request, lambda: actions.restore_character(membership, character, history_id),
            _("%(name)s's sheet is restored.") % {"name": character.name})
    return redirect("character_history", campaign_id, character_id)


@login_required
@require_POST
def character_assist(request, campaign_id, character_id):
    """The character's player offers it to assist another character's next roll, or withdraws."""
    membership = membership_or_404(request, campaign_id)
    helper = editable_character_or_404(membership, character_id)
    roller_id = whole_number(request.POST.get("roller"))
    roller = membership.campaign.characters.filter(pk=roller_id).first() if roller_id else None
    error = ""
    if roller_id and roller is None:
        error = _("Choose a character of this campaign to assist.")
    else:
        try:
            actions.offer_assist(membership, helper, roller)
        except Refused as refusal:
            error = str(refusal)
    return answer(request, "campaign/dashboard.html#characters-panel",
                  lambda: dashboard_context(membership), membership.campaign, error)


@login_required
@require_POST
def character_attachment(request, campaign_id, character_id):
    """The player marks a detail as an attachment, or unmarks one ("Attachment Extra")."""
    membership, character = own_sheet(request, campaign_id, character_id)
    removed = whole_number(request.POST.get("remove"))
    worn, repaired = whole_number(request.POST.get("wear")), whole_number(request.POST.get("repair"))

    def change():
        if removed is not None:
            actions.remove_attachment(membership, character, removed)
        elif worn is not None or repaired is not None:
            actions.wear_attachment(membership, character, worn if worn is not None else repaired, repaired is not None)
        else:
            actions.add_attachment(membership, character, posted_text(request, "name", 120))
    return _sheet_change(request, membership, character, "attachments", change)


@login_required
@require_POST
def character_goal(request, campaign_id, character_id):
    """Goals ("Goals Extra"): the player names one, the GM ticks its progress, the player places
    the talent dots a finished goal gives."""
    membership, character = own_sheet(request, campaign_id, character_id)
    advanced = whole_number(request.POST.get("advance"))

    def change():
        if advanced is not None:
            if not membership.is_gm:
                raise Refused(_("The GM ticks a goal when the character makes progress toward it."))
            actions.advance_goal(membership, character, advanced)
        elif request.POST.get("place"):
            actions.place_goal_dot(membership, character, request.POST["place"])
        else:
            difficulty = next((d for d in Difficulty if d.value == request.POST.get("difficulty")), None)
            if difficulty is None:
                raise Refused(_("Choose easy, medium or hard."))
            actions.add_goal(membership, character, posted_text(request, "name", 200), difficulty)
    return _sheet_change(request, membership, character, "goals", change)


@login_required
@require_POST
def character_spell(request, campaign_id, character_id):
    """Spells on the sheet ("Magic Extra"): the player and the GM write one, or strike it out."""
    membership, character = own_sheet(request, campaign_id, character_id)
    removed = whole_number(request.POST.get("remove"))
    if removed is not None:
        return _sheet_change(request, membership, character, "spells",
                             lambda: actions.remove_spell(membership, character, removed))
    form = SpellForm(request.POST, campaign=membership.campaign)
    if not form.is_valid():  # the form comes back as typed, each mistake under its field
        return sheet_answer(request, membership, character, "spells", _("The spell is not saved: see below."),
                            spell_form=form)
    return _sheet_change(request, membership, character, "spells",
                         lambda: actions.add_spell(membership, character, form.cleaned_data))


@login_required
@require_POST
def character_asset(request, campaign_id, character_id):
    """The GM gives the character an asset: a boon for a brilliant moment ("Asset Extra")."""
    membership = gm_membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    return _sheet_change(request, membership, character, "assets", lambda: actions.give_asset(
        membership, character, posted_text(request, "name", 80)))


@login_required
@require_POST
def character_escalation(request, campaign_id, character_id):
    """The GM sets an escalated action back to its usual risk."""
    return _vitals_tap(request, campaign_id, character_id, actions.clear_escalation, gm_only=True)


@login_required
@require_POST
def character_recovery(request, campaign_id, character_id):
    """The GM clears stress after downtime; from the dashboard or the session page."""
    membership = gm_membership_or_404(request, campaign_id)
    character = membership.campaign.characters.filter(pk=character_id).first()
    form = RecoveryForm(request.POST, campaign=membership.campaign)
    if character is None or not form.is_valid():
        allowed = form.fields["amount"].choices
        least, most = allowed[0][0], allowed[-1][0]
        if len(allowed) > 1:
            said = _("Choose a character and clear %(least)s to %(most)s stress; nothing changed.") % {
                "least": least, "most": most}
        else:
            said = ngettext("Choose a character and clear %(amount)s stress; nothing changed.",
                            "Choose a character and clear %(amount)s stress; nothing changed.", least) % {"amount": least}
        messages.error(request, said)
        return redirect(membership.campaign)
    attempt(request, lambda: actions.recover_stress(membership, character, form.cleaned_data["amount"]),
            lambda recovered: ngettext("%(name)s now has %(stress)s stress.", "%(name)s now has %(stress)s stress.",
                                       recovered.stress) % {"name": recovered.name, "stress": recovered.stress})
    return redirect(membership.campaign)


@login_required
@require_safe
def playbook_list(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    return render(request, "characters/playbooks.html", {
        "membership": membership, "campaign": membership.campaign,
        "playbooks": membership.campaign.playbooks.all()})


@login_required
@require_http_methods(["GET", "POST"])
def playbook_edit(request, campaign_id, playbook_id=None):
    membership = gm_membership_or_404(request, campaign_id)
    playbook = (get_object_or_404(Playbook, campaign=membership.campaign, pk=playbook_id)
                if playbook_id else Playbook(campaign=membership.campaign))
    form = PlaybookForm(request.POST or None, instance=playbook, campaign=membership.campaign)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("The %(name)s playbook is saved.") % {"name": playbook.name})
        return redirect("playbooks", campaign_id)
    return render(request, "characters/playbook_edit.html", {
        "membership": membership, "campaign": membership.campaign, "form": form,
        "playbook": playbook})
