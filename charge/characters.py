"""What Charge adds to a shared character: the numbers it starts with and its sheet's texts."""

from characters.models import Character
from gamerules.conditions import stress_penalty
from gamerules.dials import Extra, ExtraDial


def new_character(campaign, playbook) -> dict:
    """A new Charge sheet starts the session's momentum; a playbook gives its dots."""
    rules = campaign.charge.rules
    return {"playbook": playbook, "momentum": rules.starting_momentum,
            "action_dots": {name: dots for name, dots in (playbook.action_dots if playbook else {}).items()
                            if name in rules.action_names}}


def sheet_texts(character) -> tuple[str, ...]:
    """The details, and scars under the Scars Extra (during creation only with "Starting the game
    with scars"), compensations with "Compensating". Quick Charge has "only 2 character details:
    the concept and the appearance" (its condition is the stress clock)."""
    setup = character.campaign.charge
    rules = setup.rules
    texts = ["concept", "appearance"] if setup.quick else ["condition", "concept", "appearance"]
    if rules.has(Extra.SCARS) and (character.created or character.charge.scars or rules.dialled(ExtraDial.SCARS_AT_START)):
        texts.append("scars")
    if rules.dialled(ExtraDial.SCARS_COMPENSATING):
        texts.append("compensations")
    return tuple(texts)


def brought_back_by_another(rules, character) -> bool:
    """Whether an incapacitated character waits for another character's action to come to
    ("Optional dial setting: Bleeding out")."""
    return character.charge.taken_out and rules.has(Extra.SCARS) and rules.dialled(ExtraDial.SCARS_BLEEDING_OUT)


def helpers(membership, character) -> list:
    """The characters ``membership`` may bring ``character`` back with: their own (a GM's, any)
    other characters of the campaign, still in the scene."""
    return list(Character.objects.editable_by(membership).filter(campaign=character.campaign_id, charge__taken_out=False)
                .exclude(pk=character.pk).only("pk", "name"))


def suffering(rules, sheet) -> list:
    """The deteriorations a character suffers from, as the campaign's hack describes them now."""
    return [kind for kind in rules.deteriorations if kind.name in sheet.deteriorating]


def conditions(rules, sheet, is_gm: bool) -> dict:
    """What the sheet shows of the hacked conditions ("Hacking Conditions"): what the character
    suffers from and the penalty they roll under, for everyone; the GM's controls, only those that
    change something (an opportunity needs stress, a deterioration is marked once)."""
    suffers = suffering(rules, sheet)
    return {"suffers": suffers, "penalty": stress_penalty(sheet.stress, rules.stress_penalty_at),
            "penalty_at": rules.stress_penalty_at,
            "opportunities": rules.recovery_opportunities if is_gm and sheet.stress else (),
            "to_mark": [kind for kind in rules.deteriorations if kind not in suffers] if is_gm else []}
