"""Momentum and stress by hand, and the scene's turns around them: taken out, back in action, hardened,
bowing out, an escalation set back."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.models import Membership
from characters.actions import locked, log
from characters.models import Character
from charge.characters import brought_back_by_another
from core.refused import Refused
from core.templatetags.words import action_phrase
from gamerules.dials import Extra
from gamerules.scars import HARDENED_MOMENTUM, come_to, coming_to_errors, hardened_errors
from gamerules.scars import bow_out as bow_out_stress
from gamerules.words import said


@transaction.atomic
def change_momentum(membership: Membership, character: Character, delta: int) -> Character:
    """Add or spend momentum by hand; what is not there cannot be spent ("Momentum")."""
    character = locked(character)
    if character.charge.momentum + delta < 0:
        raise Refused(_("%(name)s has no momentum left to spend.") % {"name": character.name})
    character.charge.momentum += delta
    character.charge.save(update_fields=["momentum"])
    log(membership, said("%(name)s's momentum %(before)s→%(after)s (by hand).",
                          name=character.name, before=character.charge.momentum - delta, after=character.charge.momentum))
    return character


@transaction.atomic
def change_stress(membership: Membership, character: Character, delta: int) -> Character:
    """Take stress, or clear it by hand. A full stress clock clears and takes the character out
    for the scene ("Stress & Condition")."""
    character = locked(character)
    before = character.charge.stress
    scars = character.charge.scars
    filled = character.charge.take_stress(delta) if delta > 0 else False
    if delta <= 0:
        character.charge.stress = max(0, before + delta)
    character.charge.save(update_fields=["stress", "taken_out", "scars"])
    if filled and character.charge.scars != scars:
        log(membership, said("%(name)s's stress clock is full: a new scar, and incapacitated. "
                              "Say what the scar is on the sheet.", name=character.name))
    elif filled and character.charge.stress == 0:
        log(membership, said("%(name)s's stress clock is full: taken out for the scene. "
                              "The clock clears; write a new condition.", name=character.name))
    else:
        log(membership, said("%(name)s's stress %(before)s→%(after)s.",
                              name=character.name, before=before, after=character.charge.stress))
    return character


@transaction.atomic
def back_in_action(membership: Membership, character: Character, helper: Character | None = None) -> Character:
    """A new scene; under Scars, coming to from being incapacitated clears half the stress clock
    ("Scars Rule"). With "Bleeding out", another character's action brings them back: ``helper``,
    a character of the campaign (the view checks that the member acts for it)."""
    character = locked(character)
    rules = character.campaign.charge.rules
    brought_back = brought_back_by_another(rules, character)
    if errors := coming_to_errors(brought_back, helper.name if helper else None,
                                  helper is not None and helper.pk == character.pk, helper is not None and helper.charge.taken_out):
        raise Refused(" ".join(map(str, errors)))
    character.charge.taken_out = False
    if rules.has(Extra.SCARS):
        before = character.charge.stress
        character.charge.stress = come_to(before, rules.stress_clock_size)
        log(membership, said("%(helper)s brings %(name)s back: stress %(before)s→%(after)s. Update the condition.",
                             helper=helper.name, name=character.name, before=before, after=character.charge.stress)
            if brought_back else said("%(name)s comes to: stress %(before)s→%(after)s. Update the condition.",
                                      name=character.name, before=before, after=character.charge.stress))
    else:
        log(membership, said("%(name)s is back in action.", name=character.name))
    character.charge.save(update_fields=["taken_out", "stress"])
    return character


@transaction.atomic
def harden(membership: Membership, character: Character) -> Character:
    """A scar caused real trouble (the GM says so): 1 momentum clears one stress ("Being
    hardened")."""
    character = locked(character)
    if not character.campaign.charge.rules.has(Extra.SCARS):
        raise Refused("This campaign does not use scars (the Scars extra).")
    if errors := hardened_errors(len(character.charge.scar_list), character.charge.momentum, character.charge.stress):
        raise Refused(" ".join(map(str, errors)))
    character.charge.momentum -= HARDENED_MOMENTUM
    character.charge.stress -= 1
    character.charge.save(update_fields=["momentum", "stress"])
    log(membership, said("%(name)s is hardened: a scar caused real trouble; 1 momentum clears 1 stress.",
                          name=character.name))
    return character


@transaction.atomic
def bow_out(membership: Membership, character: Character) -> Character:
    """Announced before the final action: the character leaves the scene, and clears 2 stress
    for leaving a friend in trouble ("Bowing out")."""
    character = locked(character)
    if not character.campaign.charge.rules.has(Extra.SCARS):
        raise Refused("This campaign does not use scars (the Scars extra).")
    before = character.charge.stress
    character.charge.stress = bow_out_stress(before, left_a_friend_in_trouble=True)
    character.charge.taken_out = True
    character.charge.save(update_fields=["stress", "taken_out"])
    log(membership, said("%(name)s bows out of the scene, leaving a friend in trouble: stress %(before)s→%(after)s.",
                          name=character.name, before=before, after=character.charge.stress))
    return character


@transaction.atomic
def clear_escalation(gm: Membership, character: Character) -> Character:
    """The GM sets the risk back: an escalation lasts until the session ends or the GM says."""
    character = locked(character)
    if character.charge.escalated_action:
        action = character.charge.escalated_action
        character.charge.escalated_action, character.charge.escalated_risk = "", None
        character.charge.save(update_fields=["escalated_action", "escalated_risk"])
        log(gm, said("The GM set %(name)s's %(action)s rolls back to their usual risk.",
                      name=character.name, action=action_phrase(action)))
    return character
