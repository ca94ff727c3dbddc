"""Charge's character sheet: the page, its live panels, the printed sheet, and the answer to a
change of one of its panels."""

from django.db.models import prefetch_related_objects
from django.utils.functional import SimpleLazyObject

from campaign.access import sheet_seen_as
from campaign.models import Campaign, GameSession, Membership, WorldForce
from characters.models import Character
from characters.views import sheet_or_404, whose_sheet_or_404
from charge.characters import brought_back_by_another, conditions, helpers
from charge.forms.spells import SpellForm
from charge.models import (
    Asset,
    Attachment,
    Goal,
    Milestone,
    Playbook,
    Sheet,
    Spell,
    Talent,
    TalentDot,
    Threat,
    Tie,
)
from charge.views.panels import difficulty_words, escalated, spells_seen, talent_line
from clocks.models import Clock, ClockChange
from core import campaign_words
from core.htmx import answer, page
from core.keys import once
from core.refused import Refused
from core.rendered import of_character, reads
from gamerules.attachments import ATTACHMENTS_MOST
from gamerules.dials import RULEBOOK_DETAIL_NAMES, Extra, ExtraDial, detail_said
from gamerules.economy import MONEY_MOST
from gamerules.goals import Difficulty

SHEET = "charge/sheet.html"
PANELS = dict.fromkeys(("vitals", "actions", "more_details", "talents", "ties", "projects", "assets", "attachments", "goals",
                        "economy", "spells"), SHEET)
SHEET_OF = (Campaign, Membership, Character, Sheet, Playbook, Talent)
"""What every panel of a sheet shows something of: the rules, whose it is, its character (the
talents count in the ratings)."""
READS = {
    "vitals": reads(*SHEET_OF, Threat, GameSession), "actions": reads(*SHEET_OF), "more_details": reads(*SHEET_OF), "talents": reads(*SHEET_OF, Milestone, TalentDot),
    "ties": reads(*SHEET_OF, Tie, WorldForce), "projects": reads(*SHEET_OF, GameSession, WorldForce),
    "assets": reads(*SHEET_OF, Asset), "attachments": reads(*SHEET_OF, Attachment, Clock),
    "goals": reads(*SHEET_OF, Goal), "economy": reads(*SHEET_OF), "spells": reads(*SHEET_OF, Spell, Clock),
}
"""The models each live panel shows."""


def sheet_context(membership, character, **extra):
    campaign = membership.campaign
    rules = campaign.charge.rules
    dots_spent = sum(character.charge.action_dots.values())
    can_edit = character.editable_by(membership)
    # GM notes reach the template only for a GM.
    fields = character.text_fields_for(membership)

    def ratings():
        prefetch_related_objects([character], "talents")  # talent dots count in the ratings
        return character.charge.actions_by_attribute(rules)
    # What costs a query is made only if the panel rendered shows it (a live panel renders alone).
    return {
        "membership": membership, "campaign": campaign, "character": character, "rules": rules,
        "can_edit": can_edit, "actions": SimpleLazyObject(ratings),
        "may_set_dots": (can_edit and not character.created) or (membership.is_gm and character.created),
        "escalated": escalated(character, campaign.charge.wording),
        "text_fields": [(field, getattr(character.text_holder(field), field)) for field in fields],
        # The hack's own details, each as the hack names it and said in the reader's language.
        "own_details": [(name, detail_said(name) if name in RULEBOOK_DETAIL_NAMES else campaign_words.said(name),
                         character.charge.details.get(name, "")) for name in rules.details],
        "dots_left": rules.starting_dots - dots_spent,
        "dot_scale": range(1, (rules.max_rating if character.created else rules.creation_cap) + 1),
        "talents": SimpleLazyObject(lambda: talent_line(campaign, character)),
        "uses_starting_talent": rules.has(Extra.STARTING_TALENT), "uses_scars": rules.has(Extra.SCARS),
        # "Bleeding out": who the viewer may bring an incapacitated character back with.
        "helpers": (SimpleLazyObject(lambda: helpers(membership, character))
                    if brought_back_by_another(rules, character) else None),
        "assets": (SimpleLazyObject(lambda: list(character.assets.filter(spent_by__isnull=True)))
                   if rules.has(Extra.ASSET) else None),
        "attachments": (SimpleLazyObject(lambda: list(character.attachments.select_related("repair")))
                        if rules.has(Extra.ATTACHMENT) else None),
        "attachments_most": ATTACHMENTS_MOST,
        "attachment_condition": rules.dialled(ExtraDial.ATTACHMENT_CONDITION),
        "goals": SimpleLazyObject(lambda: list(character.goals.all())) if rules.has(Extra.GOALS) else None,
        "spells": SimpleLazyObject(lambda: spells_seen(membership, character)) if rules.has(Extra.MAGIC) else None,
        "spell_form": SpellForm(campaign=campaign) if rules.has(Extra.MAGIC) and can_edit else None,
        "threats": (SimpleLazyObject(lambda: list(campaign.threats.facing(character.pk)))
                    if rules.has(Extra.THREAT_LEVEL) else []),
        "uses_market": rules.has(Extra.ECONOMY), "money_most": MONEY_MOST,
        "goal_rolls": {"advance": rules.dialled(ExtraDial.GOALS_ROLL_TO_ADVANCE),
                       "resolve": rules.dialled(ExtraDial.GOALS_ROLL_TO_RESOLVE)},
        "difficulties": [(d.value, difficulty_words(d)) for d in Difficulty],
        # A tie names its force only while the viewer may see that force.
        "ties": SimpleLazyObject(lambda: [
            (tie, tie.linked_force if tie.linked_force and tie.linked_force.shown_to(membership) else None)
            for tie in character.ties.select_related("linked_character", "linked_force")]),
        "clocks": character.clocks.visible_to(membership).active().for_display(),
        "session": SimpleLazyObject(lambda: campaign.current_session),
        "conditions": conditions(rules, character.charge, membership.is_gm),
        **extra,
    }


def sheet_answer(request, membership, character, panel, error="", **extra):
    """After a change to the sheet: the panel that changed, or the whole sheet without htmx."""
    return answer(request, f"{SHEET}#{panel}",
                  lambda: sheet_context(membership, character, **extra), character, error)


def sheet_change(request, membership, character, panel, change):
    """Do ``change()`` (once per key) and answer with the sheet's panel as it is now, or with the
    refusal."""
    try:
        once(request, change)
    except Refused as refusal:
        return sheet_answer(request, membership, character, panel, str(refusal))
    character.refresh_from_db()  # the action changed a locked copy
    return sheet_answer(request, membership, character, panel)


def charge_sheet(request, membership, character_id):
    """The sheet of a Charge campaign's character (charge/site.py): whose it is read first, narrow,
    for most screens are served it as kept; the character whole only when the sheet is rendered."""
    whose = whose_sheet_or_404(membership, character_id)
    return page(request, SHEET, lambda: sheet_context(membership, sheet_or_404(membership, character_id)), PANELS,
                sheet_seen_as(membership, whose), reads_of(whose))


def reads_of(character) -> dict[str, frozenset[str]]:
    """What each panel of this character's sheet shows: its projects are its own clocks only."""
    return {**READS, "projects": READS["projects"] | of_character(character.pk, Clock, ClockChange)}

