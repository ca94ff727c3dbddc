"""The talent line: a slot filled or rewritten."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.models import Membership
from characters.actions import locked, log
from characters.models import Character
from charge.models import Talent, TalentDot, slot_kind, talent_dots_of
from core.refused import Refused
from gamerules.characters import rating_errors
from gamerules.dials import Extra
from gamerules.progression import Talent as RulesTalent
from gamerules.progression import TalentKind, line_of, unlocked_slots
from gamerules.talent_dots import DEFAULT_TALENT_TRIGGERS, TalentTrigger
from gamerules.words import said


@transaction.atomic
def fill_talent(membership: Membership, character: Character, slot: int, talent: RulesTalent) -> Talent:
    """Fill (or rewrite) a slot of the talent line. Slots open one per milestone; slot 0 is the
    optional starting talent. The GM may rewrite any talent: that is the veto."""
    character = locked(character)
    rules = character.campaign.charge.rules
    if slot == Talent.STARTING_SLOT:
        if not rules.has(Extra.STARTING_TALENT):
            raise Refused(_("This campaign does not use a starting talent."))
        if talent.kind is not TalentKind.EXTRA_EFFECT:
            raise Refused(_('The starting talent is "+1 effect when ___".'))
    elif not 1 <= slot <= 13:
        raise Refused(_("The talent line has 13 slots."))
    elif slot > unlocked_slots(talent_dots_of(character).total):
        if rules.talent_triggers == DEFAULT_TALENT_TRIGGERS:
            raise Refused(_("Slot %(slot)s opens at milestone %(slot)s.") % {"slot": slot})
        raise Refused(_("Slot %(slot)s opens with talent dot %(slot)s.") % {"slot": slot})
    errors = talent.errors(rules.action_names, slot_kind(slot, line_of(rules.talent_line)), rules.own_talents)
    existing = character.talents.filter(slot=slot).first()
    if talent.kind is TalentKind.ACTION_DOT and not errors:
        ratings = character.charge.ratings()
        if existing and existing.kind == TalentKind.ACTION_DOT.value:
            ratings[existing.action] -= 1
        errors = rating_errors({**ratings, talent.action: ratings[talent.action] + 1}, rules)
    if errors:
        raise Refused(" ".join(map(str, errors)))
    saved, _created = Talent.objects.update_or_create(
        character=character, slot=slot,
        defaults={"kind": talent.kind.value, "action": talent.action, "situation": talent.situation,
                  "instead_of": talent.instead_of, "own": talent.own})
    vetoed = existing and membership.is_gm and character.owner_id != membership.user_id
    described = saved.as_rule().describe(character.campaign.charge.wording)
    log(membership, said("The GM rewrote %(name)s: %(talent)s.", name=character.name, talent=described) if vetoed
         else said("New talent for %(name)s: %(talent)s.", name=character.name, talent=described))
    return saved


def gain_talent_dot(actor, character: Character, trigger: TalentTrigger, **source) -> TalentDot | None:
    """A talent dot from a hack's other trigger, inside the transaction of the roll or clock change
    that earned it (``roll=`` or ``clock=``): given only while the dial plays that trigger, and
    once per roll or clock, however often the change is sent."""
    if trigger not in character.campaign.charge.rules.talent_triggers:
        return None
    dot, made = TalentDot.objects.get_or_create(**source, defaults={"character": character, "trigger": trigger.value})
    if made:
        name = character.name
        character.campaign.log(actor, said("%(name)s finished a project and gains a talent dot.", name=name)
                               if trigger is TalentTrigger.PROJECT else
                               said("%(name)s failed a desperate roll and gains a talent dot.", name=name),
                               clock=source.get("clock"))
    return dot if made else None


def gained_by_project(sender, clock, **kwargs) -> None:
    """A character's project clock filled (clocks.signals.filled, connected in charge/apps.py)."""
    if clock.kind == "project" and clock.character_id and clock.campaign.system == "charge":
        gain_talent_dot(None, clock.character, TalentTrigger.PROJECT, clock=clock)


def lost_with_its_project(sender, clock, **kwargs) -> None:
    """The change that finished a project undone (clocks.signals.unfilled, connected in
    charge/apps.py): a mistaken tap earns nothing. A finished project ticked down by hand later
    keeps its dot: it was finished."""
    if clock.kind == "project" and clock.character_id and TalentDot.objects.filter(clock=clock).delete()[0]:
        clock.campaign.log(None, said("%(name)s's talent dot from a finished project is taken back with the undo.",
                                      name=clock.character.name), clock=clock)
