"""Spells (the Magic extra): written with their clocks, struck out."""

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from campaign.models import Membership
from characters.actions import locked, log
from characters.models import Character
from charge.models import Spell
from charge.own_words import SPELL_CASTING, SPELL_DANGER
from clocks.models import Clock, WhoMayTick
from core.own_words import filled
from core.refused import Refused
from gamerules.dials import Extra
from gamerules.words import said


@transaction.atomic
def add_spell(membership: Membership, character: Character, design: dict) -> Spell:
    """A spell on the sheet, from SpellForm's cleaned data; its time and danger clocks join the
    sheet's projects and complications ("The Cost of Magic")."""
    character = locked(character)
    if not character.campaign.charge.rules.has(Extra.MAGIC):
        raise Refused(_("This campaign does not use magic (the Magic extra)."))
    name = design["name"].strip()
    spell = Spell(character=character, name=name, actions=design["actions"], level=design["level"],
                  momentum_cost=design["momentum_cost"], stress_cost=design["stress_cost"], risk=design["risk"],
                  limit=design["limit"], notes=design["notes"].strip())
    if design["ritual"]:
        spell.ritual = Clock.objects.create(campaign=character.campaign, character=character,
                                            name=filled(SPELL_CASTING, spell=name),
                                            kind="progress", size=design["ritual"], who_may_tick=WhoMayTick.OWNER)
    if design["danger"]:
        spell.danger = Clock.objects.create(campaign=character.campaign, character=character,
                                            name=filled(SPELL_DANGER, spell=name),
                                            kind="complication", size=design["danger"], who_may_tick=WhoMayTick.GM)
    spell.save()
    log(membership, said("%(name)s has a new spell: %(spell)s.", name=character.name, spell=name))
    return spell


@transaction.atomic
def remove_spell(membership: Membership, character: Character, spell_id: int) -> None:
    """The spell leaves the sheet; its clocks are archived with their history."""
    spell = Spell.objects.select_for_update().filter(pk=spell_id, character=locked(character)).first()
    if spell is None:
        raise Refused(_("That spell is already gone."))
    Clock.objects.filter(pk__in=[spell.ritual_id, spell.danger_id]).update(archived=True)
    spell.delete()


def ready_by_its_ritual(sender, clock: Clock, **kwargs) -> None:
    """A spell's time ("require a clock to be filled"): its ritual done, it is readied. Sent by
    clocks.signals.filled (connected in charge/apps.py)."""
    if clock.character_id:
        Spell.objects.filter(ritual=clock, charge__isnull=True).update(charge=F("level"))


def unready_with_its_ritual(sender, clock: Clock, **kwargs) -> None:
    """The change that finished a ritual undone (clocks.signals.unfilled, connected in
    charge/apps.py): the spell's time is not done, so it is not readied. A ritual spell is readied
    by its clock alone and empties it when it helps, so a readied one is this ritual's."""
    if not clock.character_id:
        return
    for spell in Spell.objects.filter(ritual=clock, charge__isnull=False):
        spell.charge = None
        spell.save(update_fields=["charge"])
        clock.campaign.log(None, said("%(spell)s is no longer readied: the tick that finished its ritual is undone.",
                                      spell=spell.name), clock=clock)
