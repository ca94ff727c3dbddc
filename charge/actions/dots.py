"""Action dots: spread at creation, set by a GM afterwards, and the end of creation."""

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign.models import Membership
from characters.actions import locked, log
from characters.models import Character
from core.refused import Refused
from core.templatetags.words import action as action_word
from core.templatetags.words import action_phrase
from gamerules.characters import creation_errors, rating_errors
from gamerules.words import said


@transaction.atomic
def set_dots(membership: Membership, character: Character, action: str, dots: int) -> Character:
    """During creation, spread the starting dots; afterwards only a GM changes dots by hand
    ("After creation, dots come from talents"), and the change is recorded."""
    character = locked(character)
    rules = character.campaign.charge.rules
    if action not in rules.action_names:
        raise Refused(_("%(action)s is not an action in this campaign.") % {"action": action_word(action)})
    spread = {**character.charge.action_dots, action: dots}
    if not character.created:
        fixed = character.charge.playbook.action_dots.get(action, 0) if character.charge.playbook else 0
        if dots < fixed:
            raise Refused(ngettext("Your playbook, %(playbook)s, gives %(action)s %(dots)s dot.",
                                   "Your playbook, %(playbook)s, gives %(action)s %(dots)s dots.", fixed)
                          % {"playbook": character.charge.playbook, "action": action_word(action), "dots": fixed})
        errors = [e for e in creation_errors(spread, rules) if "left to spend" not in e]
    else:
        if not membership.is_gm:
            raise Refused(_("After creation, new dots come from the talent line. Ask your GM "
                            "for anything else."))
        extra = character.charge.talent_dots()
        errors = rating_errors({name: value + extra.get(name, 0) for name, value in spread.items()},
                               rules)
    if errors:
        raise Refused(" ".join(map(str, errors)))
    before = character.charge.action_dots.get(action, 0)
    character.charge.action_dots = {name: value for name, value in spread.items() if value}
    character.charge.save(update_fields=["action_dots"])
    if character.created:
        log(membership, said("GM override: %(name)s's %(action)s %(before)s→%(after)s.",
                              name=character.name, action=action_phrase(action), before=before, after=dots))
        return character


@transaction.atomic
def finish_creation(membership: Membership, character: Character) -> Character:
    character = locked(character)
    errors = creation_errors(character.charge.action_dots, character.campaign.charge.rules)
    if errors:
        raise Refused(" ".join(map(str, errors)))
    character.created = True
    character.save(update_fields=["created"])
    log(membership, said("%(name)s is ready to play.", name=character.name))
    return character
